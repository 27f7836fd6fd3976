"""The teacher's tools: tables worked out by hand, the desk's refusals, the what-if rewind."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_teach import Deal, IllegalMove, Rules
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.cards import HEARTS_MASK, cards_of, parse_cards
from hearts_teach.errors import HeartsError
from hearts_teach.teaching.compare import compare_deal, compare_taken
from hearts_teach.teaching.desk import DeskError, PendingScore, ScoringDesk, counting_cards
from hearts_teach.teaching.whatif import WhatIf

ALL_HEARTS = " ".join(str(c) for c in cards_of(HEARTS_MASK))

# South (player 0) takes the 13 hearts and Q♠ but not J♦; the others take one
# spade honour or J♦ each. Worked out by hand, row by row:
MOON_WITHOUT_JD = [ALL_HEARTS + " Q♠", "J♦", "K♠", "A♠"]
EXPECTED_FROM_ZERO = {
    "standard": (0, 26, 26, 26),  # Old Moon: the others take 26 each
    "new-moon": (-26, 0, 0, 0),  # the shooter subtracts 26
    "mixed-moon": (0, 26, 26, 26),  # Old Moon ends nothing from 0: it stands
    "spot": (0, 129, 129, 129),  # hearts 2+…+14 = 104, Q♠ 25: M = 129
    "spot+new": (-129, 0, 0, 0),
    "spot+mixed": (0, 129, 129, 129),
    "omnibus": (26, -10, 0, 0),  # no J♦, no moon: 13 + 13, and J♦ is −10
    "omnibus+new": (26, -10, 0, 0),
    "omnibus+mixed": (26, -10, 0, 0),
    "black-maria": (26, 0, 10, 7),  # no moon; K♠ 10, A♠ 7
    "original": (13, 0, 0, 0),  # Q♠ counts nothing, no moon: 13 hearts
    "original-historical": (13, 0, 0, 0),
    "partnership": (0, 26, 26, 26),
    "reverse": (26, 0, 0, 0),  # no moon in Reverse: taking everything scores it
    # the house rules (docs/rules.md §16): no tricks given, so the sun rows score a moon
    "exact-reset": (0, 26, 26, 26),
    "sun": (0, 26, 26, 26),
    "omnibus-ten": (26, 0, 0, 0),  # the moon needs the 10♦, which nobody took here
    "queen-twelve": (0, 25, 25, 25),
    "black-jack": (13, 0, 0, 0),  # the queen counts nothing, the J♠ was not taken
    "partnership-sums": (0, 26, 26, 26),
}


def test_moon_without_jack_of_diamonds_from_zero() -> None:
    comparison = compare_taken(MOON_WITHOUT_JD)
    assert comparison.scores() == EXPECTED_FROM_ZERO
    assert [row.key for row in comparison.left_out] == [
        "black-maria-3",
        "two-player",
        "three-player",
        "five-player",
        "six-player",
    ]
    assert comparison.row("two-player").reason_text("en") == (
        "This variant is played by 2 players; this deal has 4"
    )
    assert comparison.row("black-maria-3").reason_text("fr") == (
        "Cette variante se joue à 3 joueurs\u202f; cette donne en compte 4"
    )


def test_moon_with_totals_the_wikipedia_example() -> None:
    # Totals 90, 95, 63, 70: Old Moon gives 90, 121, 89, 96 and North (player 2) wins, so
    # Mixed Moon turns into New Moon: 64, 95, 63, 70, nobody at 100, the game goes on.
    comparison = compare_taken(MOON_WITHOUT_JD, totals=(90, 95, 63, 70))
    totals = {row.key: row.result.totals for row in comparison.scored if row.result}
    assert totals["standard"] == (90, 121, 89, 96)
    assert totals["mixed-moon"] == (64, 95, 63, 70)
    assert totals["new-moon"] == (64, 95, 63, 70)
    assert totals["spot"] == (90, 224, 192, 199)  # target 500: far from over
    assert totals["omnibus"] == (116, 85, 63, 70)
    assert totals["black-maria"] == (116, 95, 73, 77)
    assert totals["original"] == (103, 95, 63, 70)
    assert totals["reverse"] == (116, 95, 63, 70)
    outcomes = {row.key: row.outcome_text("en") for row in comparison.scored}
    assert outcomes["standard"] == "Winner: North."
    assert outcomes["mixed-moon"] == "The game goes on"
    assert outcomes["spot"] == "The game goes on"
    assert outcomes["omnibus"] == "Winner: North."
    assert outcomes["partnership"] == "Winners: South and North."  # 90 + 89 against 121 + 96
    assert outcomes["reverse"] == "Winner: South."  # the highest total wins
    assert comparison.row("mixed-moon").moon_text("fr") == "Grand chelem de Sud (chelem soustrait)"
    assert comparison.row("mixed-moon").moon_text("en") == "Moon by South (New Moon)"
    french = {row.key: row.outcome_text("fr") for row in comparison.scored}
    assert french["standard"] == "Vainqueur\u202f: Nord."
    assert french["mixed-moon"] == "La partie continue"


def test_two_player_moon_with_dead_cards() -> None:
    # Q♥ and 4♣ are dead: taking the other six hearts and Q♠ is the moon, worth 20.
    comparison = compare_taken(["2♥ 4♥ 6♥ 8♥ 10♥ A♥ Q♠", ""], dead="Q♥ 4♣")
    assert comparison.scores() == {"two-player": (0, 20)}
    assert len(comparison.left_out) == len(comparison.rows) - 1


def test_three_player_black_maria_has_no_moon() -> None:
    comparison = compare_taken([ALL_HEARTS + " Q♠", "K♠", "A♠"])
    # Three-player Hearts (§15), on the same cards, has a moon: the Old Moon by default.
    assert comparison.scores() == {"black-maria-3": (26, 10, 7), "three-player": (0, 26, 26)}


def test_text_table_in_both_languages() -> None:
    comparison = compare_taken(MOON_WITHOUT_JD)
    english = comparison.text_table("en")
    french = comparison.text_table("fr")
    assert "Spot Hearts, New Moon" in english and "−129" in english
    assert "-129" not in english and "-129" not in french  # a true minus sign, as in the book
    assert "Cœurs comptés à leur valeur (Spot Hearts), chelem soustrait" in french
    assert "Écartée\u202f: Cœurs à deux joueurs" in french
    header = english.splitlines()[0].split()
    assert header[1:5] == ["South", "West", "North", "East"]
    assert french.splitlines()[0].split()[1:5] == ["Sud", "Ouest", "Nord", "Est"]


def test_compare_deal_needs_a_finished_deal() -> None:
    deal = Deal.new(Rules(), seed=1, deal_number=3)
    with pytest.raises(HeartsError):
        compare_deal(deal)
    play_out(deal, seat_bots("heuristic", 1, 4))
    comparison = compare_deal(deal)
    assert comparison.row("standard").result == deal.result()


# --- scoring desk -------------------------------------------------------------------


def test_desk_refuses_a_card_given_twice_and_keeps_its_entries() -> None:
    desk = ScoringDesk()
    desk.give("Q♠", 2)
    with pytest.raises(DeskError) as refused:
        desk.give("Q♠", 1)
    assert refused.value.message("en") == (
        "The queen of spades has already been given to North: a card is taken by one player only."
    )
    assert refused.value.message("fr") == (
        "La dame de pique est déjà chez Nord\u202f: une carte n’est ramassée que "
        "par un seul joueur."
    )
    assert desk.owner == {parse_cards("Q♠")[0]: 2}


def test_desk_refuses_cards_outside_the_deck() -> None:
    desk = ScoringDesk(players=2)
    with pytest.raises(DeskError) as refused:
        desk.give("3♥", 0)
    assert refused.value.code == "desk_not_in_deck"
    assert "28 cartes" in refused.value.message("fr")
    with pytest.raises(DeskError) as not_counting:
        ScoringDesk().give("3♣", 0)
    assert not_counting.value.code == "desk_not_counting"


def test_desk_two_players_dead_cards() -> None:
    desk = ScoringDesk(players=2)
    desk.set_dead("Q♥")
    desk.set_dead("4♣")
    with pytest.raises(DeskError) as third:
        desk.set_dead("2♥")
    assert third.value.code == "desk_too_many_dead"
    with pytest.raises(DeskError) as dead:
        desk.give("Q♥", 1)
    assert dead.value.message("en").startswith("The queen of hearts is a dead card")
    for card in ["2♥", "4♥", "6♥", "8♥", "10♥", "A♥", "Q♠"]:
        desk.give(card, 0)
    assert desk.complete
    assert desk.compare().scores() == {"two-player": (0, 20)}


def test_desk_moves_a_card_and_gives_the_rest() -> None:
    desk = ScoringDesk(players=4, totals=(90, 95, 63, 70))
    desk.give("Q♠", 0)
    desk.move("Q♠", 3)
    assert desk.owner == {parse_cards("Q♠")[0]: 3}
    with pytest.raises(DeskError):
        desk.move("3♣", 1)  # not a counting card: nothing changes
    assert desk.owner == {parse_cards("Q♠")[0]: 3}
    given = desk.give_rest(1, parse_cards("2♥")[0].suit)
    assert given == parse_cards(ALL_HEARTS) and all(desk.owner[c] == 1 for c in given)
    # part of a deal: a variant still missing a card it counts does not say who wins
    # (B14); the standard game, which counts no K♠, A♠ or J♦, does
    partial = desk.compare()
    assert isinstance(partial.row("black-maria"), PendingScore)
    assert partial.row("black-maria").missing == 2  # type: ignore[attr-defined]
    assert isinstance(partial.row("omnibus"), PendingScore)
    assert not isinstance(partial.row("standard"), PendingScore)
    assert partial.row("standard").outcome_text("en") == "Winner: North."
    assert partial.row("omnibus").outcome_text("fr").startswith("Pas encore connu\u202f: 1 carte")
    assert set(desk.give_rest(2)) == set(parse_cards("K♠ A♠ J♦ 10♦ J♠"))
    assert desk.complete and not any(isinstance(r, PendingScore) for r in desk.compare().rows)


def test_desk_matches_compare_taken_once_complete() -> None:
    desk = ScoringDesk(totals=(90, 95, 63, 70))
    for card in parse_cards(ALL_HEARTS + " Q♠"):
        desk.give(card, 0)
    assert not desk.complete
    desk.give("J♦", 1)
    desk.give("K♠", 2)
    desk.give("A♠", 3)
    desk.give("10♦", 3)
    desk.give("J♠", 2)
    assert desk.complete
    taken = [ALL_HEARTS + " Q♠", "J♦", "K♠ J♠", "A♠ 10♦"]
    assert desk.compare() == compare_taken(taken, totals=(90, 95, 63, 70))
    desk.take_back("J♦")
    desk.give("J♦", 0)  # now the Omnibus moon is complete: 0 for the shooter
    assert desk.compare().row("omnibus").result.scores == (0, 26, 26, 26)  # type: ignore[union-attr]


def test_counting_cards_per_table() -> None:
    assert len(counting_cards(4)) == 19  # 13 hearts, Q♠, K♠, A♠, J♦, 10♦, J♠
    assert len(counting_cards(3)) == 16  # no Omnibus with three
    assert len(counting_cards(2)) == 8  # 7 hearts and Q♠ in the 28-card deck


# --- what-if ---------------------------------------------------------------------------


def _played(seed: int) -> Deal:
    deal = Deal.new(Rules(), seed=seed, deal_number=3)
    return play_out(deal, seat_bots("heuristic", seed, 4))


def _replay_prefix(deal: Deal, count: int) -> Deal:
    fresh = Deal.from_hands(deal.rules, [cards_of(h) for h in deal.dealt])
    for _, card in deal.plays[:count]:
        fresh.play(card)
    return fresh


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 50), st.integers(0, 12), st.integers(0, 3))
def test_rewind_then_the_same_card_is_the_same_state(seed: int, trick: int, position: int) -> None:
    played = _played(seed)
    what_if = WhatIf(played, level="heuristic")
    rewound = what_if.rewind(trick, position)
    keep = trick * 4 + position
    assert rewound.state_key() == _replay_prefix(played, keep).state_key()
    rewound.play(played.plays[keep][1])
    assert rewound.state_key() == _replay_prefix(played, keep + 1).state_key()


def test_replay_is_repeatable_and_rescored() -> None:
    played = _played(4)
    what_if = WhatIf(played, level="heuristic", seed=3)
    # the first point from trick 4 on where another card could have been played
    trick, position = next(
        (t, p)
        for t in range(4, 13)
        for p in range(4)
        if len(what_if.rewind(t, p).legal_moves()) > 1
    )
    index = trick * 4 + position
    other = next(
        c for c in what_if.rewind(trick, position).legal_moves() if c != played.plays[index][1]
    )
    first = what_if.replay(trick, other, position)
    second = what_if.replay(trick, other, position)
    assert first.replayed.state_key() == second.replayed.state_key()
    assert first.replayed.plays[index][1] == other
    assert first.replayed.plays[:index] == played.plays[:index]
    assert first.after == compare_deal(first.replayed)
    assert first.before == compare_deal(played)
    for key, (old, new) in first.changes().items():
        assert old != new
        assert first.before.row(key).result.scores == old  # type: ignore[union-attr]


def test_what_if_refuses_illegal_cards_and_missing_tricks() -> None:
    played = _played(2)
    what_if = WhatIf(played, level="heuristic")
    with pytest.raises(HeartsError) as missing:
        what_if.rewind(13)
    assert "13 plis" in missing.value.message("fr")
    position = what_if.rewind(0, 0)
    illegal = next(c for c in position.hand(position.to_play) if c not in position.legal_moves())
    with pytest.raises(IllegalMove):
        what_if.replay(0, illegal, 0)
    assert what_if.played.state_key() == played.state_key()


def test_the_desk_for_five_and_six_players() -> None:
    # §15: hearts and Q♠ count; the five-player row scores them, the Old Moon by default.
    desk = ScoringDesk(players=5)
    assert len(desk.cards) == 14
    for card in desk.cards:
        desk.give(card, 2)
    assert desk.compare().scores() == {"five-player": (26, 26, 0, 26, 26)}
    six = ScoringDesk(players=6)
    with pytest.raises(HeartsError) as caught:
        six.give("2♦", 1)  # removed from the six-player pack
    assert "48 cards" in caught.value.message("en")
    assert "48 cartes" in caught.value.message("fr")
    with pytest.raises(HeartsError):
        ScoringDesk(players=7)
