"""Cards: reading, writing, naming and card sets (docs/rules.md §1)."""

from __future__ import annotations

import pytest

from hearts_teach import CARDS, Card, CardError, Suit
from hearts_teach.cards import cards_of, mask_of, parse_cards, sorted_for_display


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("Q♠", 12, Suit.SPADES),
        ("QS", 12, Suit.SPADES),
        ("qs", 12, Suit.SPADES),
        ("10H", 10, Suit.HEARTS),
        ("TH", 10, Suit.HEARTS),
        ("10♥", 10, Suit.HEARTS),
        ("2C", 2, Suit.CLUBS),
        ("A♦", 14, Suit.DIAMONDS),
        (" J d ", 11, Suit.DIAMONDS),
    ],
)
def test_parse_accepts_symbols_letters_and_ten(text: str, rank: int, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


def test_str_uses_suit_symbols_and_ten_in_digits() -> None:
    assert str(Card.parse("QS")) == "Q♠"
    assert str(Card.parse("TH")) == "10♥"
    assert Card.parse("10H").code == "10H"


def test_cards_are_interned() -> None:
    assert Card.parse("QS") is Card.parse("Q♠") is Card(Card.parse("QS").index)


def test_index_is_suit_times_13_plus_rank_minus_2() -> None:
    assert Card.parse("2C").index == 0
    assert Card.parse("AC").index == 12
    assert Card.parse("2D").index == 13
    assert Card.parse("QS").index == 2 * 13 + 10
    assert Card.parse("AH").index == 51
    assert [c.index for c in CARDS] == list(range(52))
    assert Card.parse("5D").bit == 1 << 16


def test_ranks_order_ace_high() -> None:
    ranks = [Card.parse(t + "S").rank for t in "23456789TJQKA"]
    assert ranks == list(range(2, 15))


@pytest.mark.parametrize(
    ("text", "english", "french"),
    [
        ("QS", "queen of spades", "dame de pique"),
        ("AH", "ace of hearts", "as de cœur"),
        ("JD", "jack of diamonds", "valet de carreau"),
        ("2C", "two of clubs", "deux de trèfle"),
    ],
)
def test_names_in_both_languages(text: str, english: str, french: str) -> None:
    card = Card.parse(text)
    assert card.name("en") == english
    assert card.name("fr") == french


def test_cards_are_immutable() -> None:
    card = Card.parse("QS")
    with pytest.raises(AttributeError):
        card.rank = 3


def test_mask_round_trip_and_parse_cards() -> None:
    chosen = parse_cards("2C, 4C QS;AH")
    assert [str(c) for c in chosen] == ["2♣", "4♣", "Q♠", "A♥"]
    mask = mask_of(chosen)
    assert mask.bit_count() == 4
    assert cards_of(mask) == sorted(chosen)


def test_mask_of_refuses_a_card_twice() -> None:
    with pytest.raises(CardError) as caught:
        mask_of(["QS", "Q♠"])
    assert caught.value.message("fr") != caught.value.message("en")


def test_display_order_spades_hearts_clubs_diamonds_high_first() -> None:
    shown = sorted_for_display(parse_cards("2C AD 3S QS 4H AH"))
    assert [str(c) for c in shown] == ["Q♠", "3♠", "A♥", "4♥", "2♣", "A♦"]


def test_index_out_of_range_is_a_card_error() -> None:
    with pytest.raises(CardError):
        Card(52)
    with pytest.raises(CardError):
        Card.of(15, Suit.CLUBS)
