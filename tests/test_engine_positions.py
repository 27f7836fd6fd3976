"""A position later in a deal, set by ``Deal.from_hands``, has counts that play can give
(docs/rules.md §9.1): every card missing from the hands is in someone's tricks, the
opening card among them, and hearts are broken exactly when a heart has been played."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.engine import bilingual, play_out

from hearts_teach import Deal, HeartsError, Rules
from hearts_teach.cards import cards_of

STANDARD = Rules()


def played_to(rules: Rules, seed: int, tricks: int) -> Deal:
    """A deal of ``rules`` played at random, legally, to the end of trick ``tricks``."""
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, deal_number=3 if rules.players == 4 else 1)
    for player in range(rules.players):
        if deal.phase == "pass":
            deal.pass_cards(player, rng.sample(deal.hand(player), rules.cards_to_pass))
    while deal.trick_number < tricks:
        deal.play(rng.choice(sorted(deal.legal_moves(), key=lambda c: c.index)))
    return deal


def the_same_position(deal: Deal) -> Deal:
    """``deal``'s position set again from its hands and the tricks each player took."""
    return Deal.from_hands(
        deal.rules,
        [deal.hand(p) for p in range(deal.rules.players)],
        dead=deal.dead_cards,
        leader=deal.to_play,
        hearts_broken=deal.hearts_broken,
        totals=deal.totals,
        taken=[cards_of(mask) for mask in deal.taken],
    )


PRESETS = ["standard", "omnibus", "black-maria", "spot", "two-player", "five-player", "original"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 10_000), st.data())
def test_a_position_reached_by_play_is_accepted_with_its_counts(
    preset: str, seed: int, data: st.DataObject
) -> None:
    rules = Rules.preset(preset)
    tricks = data.draw(st.integers(1, rules.hand_size - 1))
    deal = played_to(rules, seed, tricks)
    again = the_same_position(deal)
    assert again.points_taken == deal.points_taken
    assert again.tricks_won == deal.tricks_won
    assert again.hearts_broken == deal.hearts_broken
    assert again.trick_number == deal.trick_number
    assert again.legal_moves() == deal.legal_moves()
    # Both play on to the same score.
    play_out(deal, random.Random(seed))
    play_out(again, random.Random(seed))
    assert again.result().scores == deal.result().scores


def refused(code: str, build: object) -> None:
    assert callable(build)
    with pytest.raises(HeartsError) as caught:
        build()
    assert caught.value.code == code
    english, french = bilingual(caught.value)
    assert english and french and english != french


def test_every_heart_gone_while_nobody_has_a_point_is_refused() -> None:
    hands = ["4D 7S", "5D 6D", "8D 9D", "10D JD"]
    refused("position_points", lambda: Deal.from_hands(STANDARD, hands, leader=0))


def test_the_queen_and_the_omnibus_jack_count_too() -> None:
    deal = played_to(Rules.preset("omnibus"), 7, 12)
    hands = [deal.hand(p) for p in range(4)]
    missing = [c for c in cards_of(Rules.preset("omnibus").deck) if not any(c in h for h in hands)]
    assert any(c.code in ("QS", "JD") or c.suit.letter == "H" for c in missing)
    refused(
        "position_points",
        lambda: Deal.from_hands(
            deal.rules, hands, leader=deal.to_play, hearts_broken=deal.hearts_broken
        ),
    )


def test_cards_that_count_nothing_may_be_left_out() -> None:
    # Nine tricks of clubs, diamonds and spades, none counting: hearts still unbroken.
    hands = ["2H 3H 4H 5H", "6H 7H 8H 9H", "10H JH QH QS", "KH AH 2D 3D"]
    deal = Deal.from_hands(STANDARD, hands, leader=3)
    assert deal.points_taken == (0, 0, 0, 0) and not deal.hearts_broken
    assert deal.trick_number == 9


def test_hearts_are_broken_exactly_when_a_heart_was_played() -> None:
    hands = ["2H 3H 4H 5H", "6H 7H 8H 9H", "10H JH QH QS", "KH AH 2D 3D"]
    refused(
        "position_hearts_broken",
        lambda: Deal.from_hands(STANDARD, hands, leader=0, hearts_broken=True),
    )
    deal = played_to(STANDARD, 11, 10)
    assert deal.hearts_broken
    hands_now = [deal.hand(p) for p in range(4)]
    taken = [cards_of(m) for m in deal.taken]
    refused(
        "position_hearts_unbroken",
        lambda: Deal.from_hands(STANDARD, hands_now, leader=deal.to_play, taken=taken),
    )


def test_the_queen_breaks_hearts_where_the_table_says_so() -> None:
    rules = Rules.preset("original", qs_breaks_hearts="any")
    hands = ["2H 3H 4H 5H", "6H 7H 8H 9H", "10H JH QH 2D", "KH AH 3D 4D"]
    assert Deal.from_hands(rules, hands, leader=0, hearts_broken=True).hearts_broken


def test_the_opening_card_is_played_before_any_other_trick() -> None:
    hands = ["2C 2H 3H 4H", "5H 6H 7H 8H", "9H 10H JH QH", "KH AH QS 2D"]
    refused("position_opening", lambda: Deal.from_hands(STANDARD, hands, leader=0))


def test_the_tricks_taken_are_whole_tricks_of_exactly_the_cards_played() -> None:
    deal = played_to(STANDARD, 3, 5)
    hands = [deal.hand(p) for p in range(4)]
    taken = [cards_of(m) for m in deal.taken]
    winner = next(p for p in range(4) if taken[p])
    short = [list(t) for t in taken]
    del short[winner][:4]  # a whole trick that nobody took
    refused(
        "position_untaken",
        lambda: Deal.from_hands(
            STANDARD, hands, leader=deal.to_play, hearts_broken=deal.hearts_broken, taken=short
        ),
    )
    other = (winner + 1) % 4
    uneven = [list(t) for t in taken]
    uneven[other].append(uneven[winner].pop())
    refused(
        "position_taken_size",
        lambda: Deal.from_hands(
            STANDARD, hands, leader=deal.to_play, hearts_broken=deal.hearts_broken, taken=uneven
        ),
    )
    twice = [list(t) for t in taken]
    twice[other] = twice[other] + [hands[0][0], *taken[winner][:3]]
    refused(
        "position_taken_card",
        lambda: Deal.from_hands(
            STANDARD, hands, leader=deal.to_play, hearts_broken=deal.hearts_broken, taken=twice
        ),
    )


def test_nothing_is_taken_before_the_first_trick() -> None:
    deal = Deal.new(STANDARD, seed=2, deal_number=3)
    hands = [deal.hand(p) for p in range(4)]
    refused(
        "position_taken_card",
        lambda: Deal.from_hands(STANDARD, hands, taken=[hands[0][:4], [], [], []]),
    )


def test_two_players_always_set_two_dead_cards_aside() -> None:
    deal = played_to(Rules.preset("two-player"), 5, 4)
    hands = [deal.hand(0), deal.hand(1)]
    taken = [cards_of(m) for m in deal.taken]
    refused(
        "dead_count",
        lambda: Deal.from_hands(
            deal.rules, hands, leader=deal.to_play, hearts_broken=deal.hearts_broken, taken=taken
        ),
    )
