"""Hearts for three, five and six players (docs/rules.md §15): the pack, the opening club,
the pass, and three-player Black Maria left exactly as it was (§4.6)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.engine import bilingual, fill_hands, play_out

from hearts_teach import Card, Deal, Game, HeartsError, IllegalMove, Rules, RulesError, Suit
from hearts_teach.cards import FULL_DECK, cards_of, parse_cards
from hearts_teach.describe import rule_rows
from hearts_teach.i18n import seat_name
from hearts_teach.records import deal_from_code, deal_from_json, deal_to_json, share_code
from hearts_teach.rules import REMOVALS_FOR, defaults_for, mask_of_removal

PROPERTY = settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)

# Every standard table of §15: (players, removal); three players also with Black Maria.
TABLES = [(n, removal) for n in (3, 5, 6) for removal in REMOVALS_FOR[n]]


def table_rules(players: int, removal: str, **options: object) -> Rules:
    return Rules(players=players, removed=removal, **options)  # type: ignore[arg-type]


# --- worked examples ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "removal", "removed", "hand", "opening"),
    [
        (3, "2d", "2D", 17, "2C"),
        (3, "2c", "2C", 17, "3C"),
        (3, "2s", "2S", 17, "2C"),
        (5, "2c2d", "2C 2D", 10, "3C"),
        (6, "2d3d3c4c", "2D 3D 3C 4C", 8, "2C"),
        (6, "2c2d3c3d", "2C 2D 3C 3D", 8, "4C"),
    ],
)
def test_each_table_removes_its_cards_and_the_lowest_club_opens(
    players: int, removal: str, removed: str, hand: int, opening: str
) -> None:
    rules = Rules(players=players, removed=removal)  # type: ignore[arg-type]
    gone = parse_cards(removed)
    assert cards_of(FULL_DECK & ~rules.deck) == sorted(gone)
    assert rules.hand_size == hand and rules.deck_size == hand * players
    assert rules.opening_chain == (Card.parse(opening),)
    assert rules.points_per_deal == 26 and rules.moon_value == 26
    assert rules.first_trick_no_points and rules.first_lead == "two_of_clubs"


def test_the_defaults_follow_the_sources() -> None:
    assert Rules(players=3).removed == "2d"
    assert Rules(players=5).removed == "2c2d"
    assert Rules(players=6).removed == "2d3d3c4c"
    for n in (3, 5, 6):
        assert Rules(players=n).passing == "left_right"
        assert Rules(players=n).pass_count == 3
        assert Rules.preset({3: "three-player", 5: "five-player", 6: "six-player"}[n]) == Rules(
            players=n
        )


@pytest.mark.parametrize(
    ("passing", "directions"),
    [
        ("left_right", ["left", "right", "left", "right", "left"]),
        ("left_right_hold", ["left", "right", None, "left", "right"]),
    ],
)
@pytest.mark.parametrize("players", [3, 5, 6])
def test_the_pass_cycles_for_other_numbers(
    players: int, passing: str, directions: list[str | None]
) -> None:
    rules = Rules(players=players, passing=passing)  # type: ignore[arg-type]
    assert [rules.pass_direction(d) for d in range(5)] == directions
    # Left is the next player, right the one before.
    assert rules.pass_receiver(0, "left") == 1
    assert rules.pass_receiver(0, "right") == players - 1


def test_five_players_a_whole_deal_opened_by_the_three_of_clubs() -> None:
    rules = Rules(players=5, passing="none")
    deal = Deal.new(rules, seed=11)
    holder = next(p for p in range(5) if Card.parse("3C") in deal.hand(p))
    assert deal.to_play == holder
    assert deal.legal_moves() == [Card.parse("3C")]
    other = next(c for c in deal.hand(holder) if c != Card.parse("3C"))
    refusal = deal.explain(other)
    assert refusal.reason == "must_lead_opening"
    assert "three of clubs" in refusal.text("en") and "trois de trèfle" in refusal.text("fr")
    play_out(deal, random.Random(1))
    assert len(deal.tricks) == 10
    assert sum(deal.result().points) == 26


def test_three_player_black_maria_is_exactly_as_before() -> None:
    rules = Rules.preset("black-maria-3")
    assert rules == defaults_for(3) == Rules(players=3, black_maria=True)
    assert rules.changed_options() == {"players": 3, "black_maria": True}
    assert rules.removed == "2c" and rules.passing == "right"
    assert rules.first_lead == "left_of_dealer" and not rules.first_trick_no_points
    assert rules.deck == FULL_DECK & ~Card.parse("2C").bit
    # Three players without Black Maria are a different game, told apart by the option.
    standard = Rules(players=3)
    assert standard != rules and standard.changed_options() == {"players": 3}
    assert Rules.from_options({"players": 3}) == standard
    assert standard.replace(black_maria=True) == rules
    assert rules.replace(black_maria=False) == standard


def test_the_rules_in_words_name_the_removed_cards_in_both_languages() -> None:
    english = rule_rows(Rules(players=6), "en")[0][1]
    french = rule_rows(Rules(players=6), "fr")[0][1]
    assert english == "6 players, 48 cards (the 3♣, 4♣, 2♦ and 3♦ removed), 8 each"
    assert french == "6 joueurs, 48 cartes (on retire les 3♣, 4♣, 2♦ et 3♦), 8 chacun"
    assert (
        rule_rows(Rules(players=3), "fr")[0][1]
        == "3 joueurs, 51 cartes (on retire le 2♦), 17 chacun"
    )
    lead = [v for v in rule_rows(Rules(players=5), "fr") if "3♣" in v[1]]
    assert lead and "le plus petit trèfle" in lead[0][1]
    passes = [v for v in rule_rows(Rules(players=5), "en") if "left, then right" in v[1]]
    assert passes


# --- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "mentioned"),
    [
        ({"players": 7}, "7"),
        ({"players": 1}, "1"),
        ({"players": 5, "removed": "2d"}, "2c2d"),
        ({"players": 6, "removed": "2c2d"}, "2d3d3c4c"),
        ({"players": 4, "removed": "2d"}, "none"),
        ({"players": 5, "passing": "across"}, "5"),
        ({"players": 6, "partnership": True}, ""),
    ],
)
def test_impossible_tables_are_refused_in_both_languages(
    options: dict[str, object], mentioned: str
) -> None:
    with pytest.raises(RulesError) as caught:
        Rules(**options)  # type: ignore[arg-type]
    english, french = bilingual(caught.value)
    assert mentioned in english and mentioned in french


def test_a_removed_card_in_a_set_position_is_refused_and_nothing_is_built() -> None:
    rules = Rules(players=5)
    hands = fill_hands(rules, {})
    hands[0][0] = Card.parse("2D")  # removed with five players
    with pytest.raises(HeartsError) as caught:
        Deal.from_hands(rules, hands)
    english, french = bilingual(caught.value)
    assert "two of diamonds" in english and "deux de carreau" in french


def test_the_opening_club_must_be_led_and_a_refusal_changes_nothing() -> None:
    deal = Deal.new(Rules(players=6, removed="2c2d3c3d", passing="none"), seed=3)
    key = deal.state_key()
    wrong = next(c for c in deal.hand(deal.to_play) if c != Card.parse("4C"))
    with pytest.raises(IllegalMove):
        deal.play(wrong)
    assert deal.state_key() == key


# --- properties -------------------------------------------------------------------------


@PROPERTY
@given(st.sampled_from(TABLES), st.integers(0, 2**32), st.integers(0, 5), st.booleans())
def test_every_card_in_play_is_dealt_once_and_a_deal_plays_out(
    table: tuple[int, str], seed: int, deal_number: int, black_maria: bool
) -> None:
    players, removal = table
    rules = table_rules(players, removal, black_maria=black_maria)
    deal = Deal.new(rules, seed=seed, deal_number=deal_number)
    dealt = deal.dealt
    assert len({h.bit_count() for h in dealt}) == 1  # hands equal
    union = 0
    for hand in dealt:
        assert not union & hand  # no card twice
        union |= hand
    assert union == rules.deck  # every card in play dealt
    assert not union & mask_of_removal(removal)  # removed cards never appear
    rng = random.Random(seed)
    if deal.phase == "pass":
        for player in range(players):
            deal.pass_cards(player, rng.sample(deal.hand(player), 3))
    if rules.first_lead == "two_of_clubs":
        lowest = min(
            (c for c in cards_of(rules.deck) if c.suit is Suit.CLUBS), key=lambda c: c.rank
        )
        assert lowest in deal.hand(deal.to_play)  # the opener holds the lowest club
        assert deal.legal_moves() == [lowest]
    keys = []
    while not deal.is_over:
        legal = deal.legal_moves()
        assert legal  # never stuck
        keys.append(deal.state_key())
        deal.play(rng.choice(legal))
    assert not mask_of_removal(removal) & sum(deal.taken)
    assert sum(deal.result().points) == rules.points_per_deal
    for key in reversed(keys):
        deal.undo()
        assert deal.state_key() == key


@PROPERTY
@given(st.sampled_from(TABLES), st.integers(0, 2**32), st.integers(0, 60))
def test_records_and_share_codes_round_trip_at_every_table(
    table: tuple[int, str], seed: int, steps: int
) -> None:
    rules = table_rules(*table)
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, deal_number=rng.randrange(4))
    if deal.phase == "pass":
        for player in range(rules.players):
            deal.pass_cards(player, rng.sample(deal.hand(player), 3))
    for _ in range(min(steps, rules.deck_size)):
        deal.play(rng.choice(deal.legal_moves()))
    assert deal_from_json(deal_to_json(deal)).state_key() == deal.state_key()
    again = deal_from_code(share_code(deal))
    assert again.state_key() == deal.state_key() and again.rules == rules


def test_a_six_player_game_runs_to_its_end() -> None:
    game = Game(Rules(players=6, target=40), seed=2)
    rng = random.Random(2)
    while not game.is_over:
        if game.deal.is_over:
            game.next_deal()
        play_out(game.deal, rng)
    assert len(game.totals) == 6 and max(game.totals) >= 40
    assert len(game.winners) == 1 and game.totals[game.winners[0]] == min(game.totals)


@pytest.mark.parametrize("players", [5, 6])
def test_every_seat_has_its_own_name_in_both_languages(players: int) -> None:
    for lang in ("en", "fr"):
        names = [seat_name(p, players, lang) for p in range(players)]
        assert len(set(names)) == players and names[0] == ("South" if lang == "en" else "Sud")
