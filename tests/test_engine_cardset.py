"""CardSet: a set of cards that reads as cards, held as the engine's bit mask."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts_teach import Card, CardSet, Deal, Rules
from hearts_teach.cards import CARDS, FULL_DECK, Suit, cards_of, sorted_for_display
from hearts_teach.errors import CardError

masks = st.integers(min_value=0, max_value=FULL_DECK)


@given(masks)
def test_a_card_set_holds_exactly_the_cards_of_its_mask(mask: int) -> None:
    cards = CardSet(mask)
    assert int(cards) == cards.mask == mask
    assert set(cards) == set(cards_of(mask)) and len(cards) == len(cards_of(mask))
    assert list(cards) == sorted_for_display(cards_of(mask))  # shown as a hand is
    assert bool(cards) == (mask != 0)
    assert all((card in cards) == bool(mask & card.bit) for card in CARDS)


@given(masks)
def test_what_a_card_set_prints_reads_back_as_the_same_cards(mask: int) -> None:
    cards = CardSet(mask)
    assert CardSet(str(cards)) == cards
    assert repr(cards) == f"CardSet({str(cards)!r})"
    assert CardSet([str(card) for card in cards]) == cards


@given(masks, masks)
def test_card_set_operators_are_the_set_operators(one: int, two: int) -> None:
    a, b = CardSet(one), CardSet(two)
    assert set(a | b) == set(a) | set(b)
    assert set(a & b) == set(a) & set(b)
    assert set(a - b) == set(a) - set(b)
    assert a | two == a | b and (a == b) == (one == two)
    assert all(set(a.of_suit(suit)) == {c for c in a if c.suit == suit} for suit in Suit)


def test_a_card_set_in_french_writes_the_french_ranks() -> None:
    cards = CardSet("KS QS JH 10H")
    assert cards.text("fr") == "R♠ D♠ V♥ 10♥"
    assert cards.text("en") == str(cards) == "K♠ Q♠ J♥ 10♥"
    assert "QS" in cards and "Q♠" in cards and "2C" not in cards and "ZZ" not in cards


@pytest.mark.parametrize("given_value", [-1, FULL_DECK + 1, True])
def test_a_number_that_is_no_set_of_cards_is_refused(given_value: int) -> None:
    with pytest.raises(CardError) as refused:
        CardSet(given_value)
    assert str(given_value) in refused.value.message("fr")


def test_a_card_named_twice_is_refused_with_the_card() -> None:
    with pytest.raises(CardError) as refused:
        CardSet("QS 2C QS")
    assert refused.value.code == "card_twice"
    assert "queen of spades" in refused.value.message("en")


def test_a_deal_shows_its_hands_and_tricks_as_card_sets() -> None:
    deal = Deal.new(Rules(), seed=3)
    for player in range(4):
        assert set(deal.cards_held(player)) == set(deal.hand(player))
        assert deal.cards_dealt(player) == deal.dealt[player]
    for player in range(4):
        deal.pass_cards(player, deal.hand(player)[:3])
    for _ in range(4):
        deal.play(deal.legal_moves()[0])
    winner = deal.completed[0][2]
    assert len(deal.cards_taken(winner)) == 4
    view = deal.view(deal.to_play)
    assert view.cards_held == deal.cards_held(deal.to_play)
    assert len(view.cards_played) == 4 and not (view.cards_unseen & view.cards_held)
    assert Card.parse("2C") in view.cards_played
