"""The queen of hearts worth 13 (docs/rules.md §16.8): a table's rule, sometimes called
Pink Lady, that no source read describes; the option's invariants over random deals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_teach import Card, Deal, Rules, RulesError, score_deal
from hearts_teach.bots import make_bot
from hearts_teach.cards import FULL_DECK, cards_of
from hearts_teach.records import deal_from_code, share_code

QUEEN_OF_HEARTS = Card.parse("QH")
SETTINGS = settings(max_examples=60, deadline=None, derandomize=True)


@st.composite
def queen_rules(draw: st.DrawFn) -> Rules:
    """The option with what else changes the count: the other variants' cards, a kitty."""
    n = draw(st.sampled_from((2, 3, 4, 4, 5, 6)))
    options: dict[str, object] = {"players": n, "qh_thirteen": True}
    if n != 2:
        options["omnibus"] = draw(st.booleans())
        options["black_maria"] = draw(st.booleans())
        options["kitty"] = n != 4 and draw(st.booleans())
    options["moon"] = draw(st.sampled_from(("old", "none") if n == 2 else ("old", "new")))
    return Rules(**options)  # type: ignore[arg-type]


def test_the_queen_of_hearts_is_worth_thirteen_and_a_deal_thirty_eight() -> None:
    rules = Rules.preset("queen-of-hearts-thirteen")
    assert rules.value(QUEEN_OF_HEARTS) == 13 and rules.value(Card.parse("KH")) == 1
    assert rules.points_per_deal == rules.moon_value == 38
    assert rules.penalty_cards & QUEEN_OF_HEARTS.bit
    assert rules.changed_options() == {"qh_thirteen": True}
    assert Rules().value(QUEEN_OF_HEARTS) == 1


def test_spot_hearts_has_its_own_queen_of_hearts() -> None:
    with pytest.raises(RulesError) as refused:
        Rules(qh_thirteen=True, spot=True)
    assert refused.value.message("en") != refused.value.message("fr")


@SETTINGS
@given(queen_rules(), st.integers(0, 2**32))
def test_every_deal_scores_the_queen_and_the_moon_needs_her(rules: Rules, seed: int) -> None:
    deal = Deal.new(rules, seed=seed)
    chooser = random.Random(seed)
    if deal.phase == "pass":
        for player in range(rules.players):
            deal.pass_cards(player, chooser.sample(deal.hand(player), rules.cards_to_pass))
    while deal.phase == "play":
        deal.play(chooser.choice(deal.legal_moves()))
    result = deal.result()
    out = 0 if rules.kitty else deal.dead  # dead cards (two players) score nothing
    assert sum(result.points) == rules.points_per_deal - sum(rules.value(c) for c in cards_of(out))
    taker = next((p for p in range(rules.players) if deal.taken[p] & QUEEN_OF_HEARTS.bit), None)
    if taker is not None:
        assert result.points[taker] >= 13 + min(0, *(rules.values))
    again = deal_from_code(share_code(deal))
    assert again.rules == rules and again.result() == deal.result()


def test_a_moon_without_the_queen_of_hearts_is_no_moon() -> None:
    rules = Rules.preset("queen-of-hearts-thirteen")
    penalty = cards_of(rules.penalty_cards)
    others = [c for c in cards_of(FULL_DECK) if c not in penalty]
    rest = [c for c in penalty if c != QUEEN_OF_HEARTS]
    spoilt = score_deal(rules, [rest, others, [QUEEN_OF_HEARTS], []])
    assert spoilt.moon is None and spoilt.points == (25, 0, 13, 0)
    moon = score_deal(rules, [penalty, others, [], []])
    assert moon.moon == 0 and moon.scores == (0, 38, 38, 38)


def test_a_bot_void_in_the_suit_led_throws_away_the_queen_of_hearts() -> None:
    """Once points may fall, a bot with nothing of the suit led discards the queen of
    hearts first when she is worth 13, and a low heart is not what it throws."""
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        "KH QH 2H 3H 4H 5H 2D 3D 4D 5D 6D 7D 8D",
        "6H 7H 8H 9H 10H JH AH 9D 10D JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
    ]
    thrown = {}
    for rules in (Rules(passing="none"), Rules.preset("queen-of-hearts-thirteen", passing="none")):
        deal = Deal.from_hands(rules, hands)
        bots = [make_bot("heuristic", seed=p) for p in range(4)]
        while deal.trick_number == 0:
            deal.play(bots[deal.to_play].play(deal.view(deal.to_play)).card)
        deal.play("3C")  # South wins the clubs and leads them again
        choice = bots[1].play(deal.view(1))
        assert choice.reason("en") and choice.reason("fr")
        thrown[rules.qh_thirteen] = choice.card
    # the king of hearts, the highest, in the standard count; the queen when she costs 13
    assert thrown == {False: Card.parse("KH"), True: QUEEN_OF_HEARTS}
