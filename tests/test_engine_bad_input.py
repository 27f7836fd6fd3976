"""Bad input: each gives a clear error in both languages and leaves the state unchanged."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from support.engine import bilingual, constructed_ending, full_deal

from hearts_teach import (
    Card,
    CardError,
    Deal,
    Game,
    HeartsError,
    IllegalMove,
    Rules,
    RulesError,
    score_deal,
)


def refused(
    deal: Deal, action: Callable[[], object], kind: type[HeartsError] = HeartsError
) -> HeartsError:
    before = deal.state_key()
    with pytest.raises(kind) as caught:
        action()
    assert deal.state_key() == before
    bilingual(caught.value)
    return caught.value


# --- card text -------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "Q", "QX", "1H", "11H", "Q♠♠", "queen of spades", "10"])
def test_malformed_card_text_is_a_card_error_in_both_languages(text: str) -> None:
    with pytest.raises(CardError) as caught:
        Card.parse(text)
    english, french = bilingual(caught.value)
    if text.strip():
        assert text in english and text in french


@pytest.mark.parametrize("value", [None, 12, 3.5])
def test_a_value_that_is_not_a_card_is_refused_by_every_action(value: Any) -> None:
    """The same CardError from the interpreted engine and the compiled build (whose
    type checks would otherwise answer with a TypeError)."""
    deal = Deal.new(Rules(), seed=4, deal_number=3)
    refused(deal, lambda: deal.play(value), CardError)
    refused(deal, lambda: deal.explain(value), CardError)
    refused(deal, lambda: deal.is_legal(value), CardError)
    passing = Deal.new(Rules(), seed=4, deal_number=0)
    refused(passing, lambda: passing.pass_cards(0, [*passing.hand(0)[:2], value]), CardError)
    with pytest.raises(CardError):
        Deal.from_hands(Rules(), [[value]] * 4)


@pytest.mark.parametrize("value", [None, 12, 3.5])
def test_non_text_card_is_a_card_error(value: Any) -> None:
    with pytest.raises(CardError) as caught:
        Card.parse(value)
    bilingual(caught.value)


def test_malformed_card_in_play_or_pass_changes_nothing() -> None:
    deal = Deal.new(Rules(), seed=1, deal_number=0)
    refused(deal, lambda: deal.pass_cards(0, "2C 3C XX"), CardError)
    deal = Deal.new(Rules(), seed=1, deal_number=3)
    refused(deal, lambda: deal.play("ZZ"), CardError)


# --- passing ---------------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 1, 2, 4, 13])
def test_wrong_number_of_passed_cards(count: int) -> None:
    deal = Deal.new(Rules(), seed=2, deal_number=0)
    error = refused(deal, lambda: deal.pass_cards(0, deal.hand(0)[:count]), IllegalMove)
    assert isinstance(error, IllegalMove) and error.reason == "pass_count"
    english, french = bilingual(error)
    assert "3" in english and "3" in french


def test_passing_a_card_not_in_hand() -> None:
    deal = Deal.new(Rules(), seed=2, deal_number=0)
    foreign = deal.hand(1)[0]
    error = refused(deal, lambda: deal.pass_cards(0, [*deal.hand(0)[:2], foreign]), IllegalMove)
    assert isinstance(error, IllegalMove) and error.reason == "pass_not_in_hand"
    english, french = bilingual(error)
    assert foreign.name("en") in english and foreign.name("fr") in french


def test_passing_the_same_card_twice() -> None:
    deal = Deal.new(Rules(), seed=2, deal_number=0)
    card = deal.hand(0)[0]
    refused(deal, lambda: deal.pass_cards(0, [card, card, deal.hand(0)[1]]))


def test_passing_when_no_pass_is_due() -> None:
    deal = Deal.new(Rules(), seed=2, deal_number=3)
    error = refused(deal, lambda: deal.pass_cards(0, deal.hand(0)[:3]), IllegalMove)
    assert isinstance(error, IllegalMove) and error.reason == "not_passing_phase"


def test_passing_for_a_player_who_does_not_exist() -> None:
    deal = Deal.new(Rules(), seed=2, deal_number=0)
    refused(deal, lambda: deal.pass_cards(4, deal.hand(0)[:3]))


# --- playing ---------------------------------------------------------------------


def test_playing_a_card_not_in_hand() -> None:
    deal = Deal.new(Rules(), seed=3, deal_number=3)
    other = deal.hand((deal.to_play + 1) % 4)[0]
    error = refused(deal, lambda: deal.play(other), IllegalMove)
    assert isinstance(error, IllegalMove) and error.reason == "not_in_hand"
    assert deal.explain(other).reason == "not_in_hand"


def test_playing_out_of_turn() -> None:
    deal = Deal.new(Rules(), seed=3, deal_number=3)
    opener = deal.to_play
    other = (opener + 1) % 4
    card = deal.hand(other)[0]
    error = refused(deal, lambda: deal.play(card, player=other), IllegalMove)
    assert isinstance(error, IllegalMove) and error.reason == "not_your_turn"
    assert deal.explain(card, player=other).reason == "not_your_turn"


def test_game_play_out_of_turn_changes_nothing() -> None:
    game = Game(Rules(), seed=4)
    rng = random.Random(4)
    for player in range(4):
        game.pass_cards(player, rng.sample(game.deal.hand(player), 3))
    other = (game.deal.to_play + 1) % 4
    card = game.deal.hand(other)[0]
    deal = game.deal
    refused(deal, lambda: game.play(card, player=other), IllegalMove)
    assert game.deal is deal and deal.to_play != other


def test_playing_after_the_deal_is_over() -> None:
    deal = constructed_ending(Rules(), ["2D", "3D", "4D", "5D"], leader=0)
    for card in ("2D", "3D", "4D", "5D"):
        deal.play(card)
    error = refused(deal, lambda: deal.play("2D"), IllegalMove)
    assert isinstance(error, IllegalMove) and error.reason == "deal_over"


def test_undo_with_nothing_to_undo() -> None:
    deal = Deal.new(Rules(), seed=5, deal_number=0)
    refused(deal, deal.undo, IllegalMove)


def test_every_refusal_reason_has_two_different_texts() -> None:
    deal = full_deal(Rules(), {0: "2C 9C", 1: "5D 3S QS AH KH QH JH 10H 9H 8H 7H 6H 5H"})
    reasons = {}
    for card in deal.hand(0) + deal.hand(1):
        explanation = deal.explain(card)
        reasons[explanation.reason] = explanation
    deal.play("2C")
    for card in deal.hand(1) + deal.hand(0):
        explanation = deal.explain(card)
        reasons[explanation.reason] = explanation
    assert {"must_lead_opening", "legal_opening", "not_in_hand", "no_points_first_trick"} <= set(
        reasons
    )
    for explanation in reasons.values():
        assert explanation.text("en") != explanation.text("fr")
        assert "{" not in explanation.text("en") + explanation.text("fr")


# --- rules ---------------------------------------------------------------------------


def test_two_player_omnibus_names_the_conflict() -> None:
    with pytest.raises(RulesError) as caught:
        Rules(players=2, omnibus=True)
    english, french = bilingual(caught.value)
    assert "Omnibus" in english and "jack of diamonds" in english
    assert "Omnibus" in french and "valet de carreau" in french


def test_unknown_preset_lists_the_presets() -> None:
    with pytest.raises(RulesError) as caught:
        Rules.preset("hearts-deluxe")
    english, french = bilingual(caught.value)
    assert "hearts-deluxe" in english and "hearts-deluxe" in french
    assert "black-maria" in english and "two-player" in french


@pytest.mark.parametrize(
    ("options", "mentioned"),
    [
        ({"moon": "sometimes"}, "moon"),
        ({"qs_breaks_hearts": "always"}, "qs_breaks_hearts"),
        ({"target": -5}, "-5"),
        ({"target": "100"}, "100"),
        ({"players": 7}, "7"),
        ({"deals": 0}, "0"),
        ({"removed": "2h"}, "removed"),
        ({"players": "4"}, "4"),
        ({"spot": "yes"}, "spot"),
        ({"pass_count": 9}, "9"),
        ({"passing": "backwards"}, "passing"),
        ({"players": 4.0}, "4.0"),
        ({"players": True}, "True"),
        ({"players": None}, "None"),
        ({"target": 100.0}, "100.0"),
        ({"target": False}, "False"),
        ({"pass_count": 3.0}, "3.0"),
        ({"pass_count": True}, "True"),
        ({"moon": ["old"]}, "moon"),
        ({"moon": None}, "moon"),
        ({"passing": ("left",)}, "passing"),
        ({"first_lead": 0}, "first_lead"),
        ({"first_trick_no_points": "no"}, "first_trick_no_points"),
    ],
)
def test_bad_option_values_name_the_option(options: dict[str, Any], mentioned: str) -> None:
    with pytest.raises(RulesError) as caught:
        Rules(**options)
    english, french = bilingual(caught.value)
    assert mentioned in english and mentioned in french


def test_unknown_option_name_is_refused() -> None:
    with pytest.raises(RulesError) as caught:
        Rules.from_options({"colour": "blue"})
    english, french = bilingual(caught.value)
    assert "colour" in english and "colour" in french


@pytest.mark.parametrize("options", [None, ["players", 4], "players=4", 4])
def test_options_that_are_not_a_mapping_are_refused(options: Any) -> None:
    with pytest.raises(RulesError) as caught:
        Rules.from_options(options)
    english, french = bilingual(caught.value)
    assert type(options).__name__ in english and type(options).__name__ in french


def test_a_float_player_count_never_reaches_the_deal() -> None:
    """Rules(players=4.0) used to be accepted and fail later in Deal.new with a TypeError."""
    with pytest.raises(RulesError):
        Deal.new(Rules(players=4.0), seed=1)  # type: ignore[arg-type]


# --- set positions and scoring -------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "hands", "dead"),
    [
        (Rules(), ["2C", "3C", "4C"], ""),  # three hands for four players
        (Rules(), ["2C", "2C", "4C", "5C"], ""),  # a card twice
        (Rules(), ["2C 3C", "4C", "5C 6C", "7C 8C"], ""),  # unequal hands
        (Rules(players=2), ["3C", "2C"], ""),  # 3♣ is not in the 28-card deck
        (Rules(), ["2C", "3C", "4C", "XX"], ""),  # not a card
    ],
)
def test_impossible_set_positions_are_refused(rules: Rules, hands: list[str], dead: str) -> None:
    with pytest.raises(HeartsError) as caught:
        Deal.from_hands(rules, hands, dead=dead)
    bilingual(caught.value)


def test_two_player_full_deal_needs_two_dead_cards() -> None:
    deal = Deal.new(Rules(players=2), seed=1)
    hands = [deal.hand(0), deal.hand(1)]
    with pytest.raises(HeartsError) as caught:
        Deal.from_hands(Rules(players=2), hands, dead=deal.dead_cards[:1])
    bilingual(caught.value)


@pytest.mark.parametrize(
    ("taken", "dead"),
    [
        (["QS", "QS", "", ""], ""),  # taken twice
        (["QS", "", ""], ""),  # three players' cards for four
    ],
)
def test_impossible_scores_are_refused(taken: list[str], dead: str) -> None:
    with pytest.raises(HeartsError) as caught:
        score_deal(Rules(), taken, dead=dead)
    bilingual(caught.value)


def test_a_dead_card_cannot_have_been_taken() -> None:
    with pytest.raises(HeartsError) as caught:
        score_deal(Rules(players=2), ["QS", ""], dead="QS 2C")
    bilingual(caught.value)


@pytest.mark.parametrize("preset", ["two-player", "black-maria-3"])
def test_passing_across_needs_four_players_in_a_set_position(preset: str) -> None:
    # Rules(players=2, passing="across") is refused; a set position must be refused alike,
    # since with two players "across" would hand the cards back to the passer.
    rules = Rules.preset(preset)
    dealt = Deal.new(rules, seed=1)
    hands = [dealt.hand(p) for p in range(rules.players)]
    with pytest.raises(HeartsError) as caught:
        Deal.from_hands(rules, hands, dead=dealt.dead_cards, pass_direction="across")
    bilingual(caught.value)
