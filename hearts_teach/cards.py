"""Cards, suits, and sets of cards (bit masks, and :class:`CardSet` that reads as cards).

A card is one of 52 interned values; internally it is its index
``suit * 13 + (rank - 2)`` so that a hand fits in one integer bit mask.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import ClassVar, Final, TypeAlias

from hearts_teach.arguments import CardLike
from hearts_teach.errors import CardError

CardIndex: TypeAlias = int
"""A card as a number from 0 to 51: ``suit * 13 + rank - 2`` (clubs, diamonds, spades,
hearts; 2 to ace)."""
CardMask: TypeAlias = int
"""A set of cards as a bit mask: bit ``i`` is set when the card of index ``i`` is in it."""


class Suit(IntEnum):
    """The four suits, in the order of the card indexes (clubs, diamonds, spades, hearts);
    a hand is shown in another, ♠ ♥ ♣ ♦, so that the colours alternate
    (:func:`sorted_for_display`)."""

    CLUBS = 0
    DIAMONDS = 1
    SPADES = 2
    HEARTS = 3

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        return "CDSH"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def mask(self) -> int:
        return SUIT_MASKS[self]


_SUIT_SYMBOLS: Final = ("♣", "♦", "♠", "♥")
_RANK_TEXT: Final = {11: "J", 12: "Q", 13: "K", 14: "A"}
_SUIT_BY_TOKEN: Final = {
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "S": Suit.SPADES,
    "H": Suit.HEARTS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
}
_RANK_BY_TOKEN: Final = {
    **{str(n): n for n in range(2, 11)},
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": 14,
}
_CARD_PATTERN: Final = re.compile(r"^\s*(10|[2-9TJQKA])\s*([CDSH♣♧♦♢♠♤♥♡])\s*$", re.IGNORECASE)


class Card:
    """A playing card. Immutable and interned: ``Card.parse("QS") is Card.parse("Q♠")``."""

    __slots__ = ("bit", "index", "rank", "suit")
    bit: int
    index: int
    rank: int
    suit: Suit
    _interned: ClassVar[list[Card]] = []

    def __new__(cls, index: int) -> Card:
        if cls._interned and 0 <= index < 52:
            return cls._interned[index]
        if not 0 <= index < 52:
            raise CardError("card_index", index=index)
        card = object.__new__(cls)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "bit", 1 << index)
        object.__setattr__(card, "suit", Suit(index // 13))
        object.__setattr__(card, "rank", index % 13 + 2)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self.index,))

    @classmethod
    def of(cls, rank: int, suit: Suit) -> Card:
        if not 2 <= rank <= 14:
            raise CardError("card_rank", rank=rank)
        return cls(int(suit) * 13 + rank - 2)

    @classmethod
    def parse(cls, text: CardLike) -> Card:
        """Read ``"Q♠"``, ``"QS"``, ``"10H"``, ``"TH"`` or ``"10♥"`` (any case)."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError("card_text", text=repr(text))
        match = _CARD_PATTERN.match(text)
        if match is None:
            raise CardError("card_text", text=text)
        rank = _RANK_BY_TOKEN[match.group(1).upper()]
        suit = _SUIT_BY_TOKEN[match.group(2).upper()]
        return cls.of(rank, suit)

    @property
    def rank_text(self) -> str:
        return _RANK_TEXT.get(self.rank, str(self.rank))

    @property
    def code(self) -> str:
        """ASCII form, for example ``"QS"`` or ``"10H"``."""
        return self.rank_text + self.suit.letter

    def name(self, lang: str = "en") -> str:
        """The card's full name in the language: ``dame de pique`` / ``queen of spades``."""
        from hearts_teach.i18n import card_name

        return card_name(self, lang)

    def __str__(self) -> str:
        return self.rank_text + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Card) and other.index == self.index)

    def _repr_html_(self) -> str:
        from hearts_teach.render import card_html

        return card_html(self)


Card._interned = [Card(i) for i in range(52)]
CARDS: Final[tuple[Card, ...]] = tuple(Card._interned)

SUIT_MASKS: Final[tuple[int, ...]] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
FULL_DECK: Final = (1 << 52) - 1
HEARTS_MASK: Final = SUIT_MASKS[Suit.HEARTS]


def card_bit(rank: int, suit: Suit) -> int:
    return 1 << (int(suit) * 13 + rank - 2)


QUEEN_OF_SPADES: Final = Card.of(12, Suit.SPADES)
KING_OF_SPADES: Final = Card.of(13, Suit.SPADES)
ACE_OF_SPADES: Final = Card.of(14, Suit.SPADES)
JACK_OF_DIAMONDS: Final = Card.of(11, Suit.DIAMONDS)
TEN_OF_DIAMONDS: Final = Card.of(10, Suit.DIAMONDS)
JACK_OF_SPADES: Final = Card.of(11, Suit.SPADES)
TWO_OF_CLUBS: Final = Card.of(2, Suit.CLUBS)

# Card indexes and masks as plain integers, for the code that plays on masks (the deal,
# the bots' policy and playouts): declared once, here. Final: a compiled build (mypyc)
# reads them as constants.
SUIT_OF: Final[tuple[int, ...]] = tuple(i // 13 for i in range(52))
"""The suit of each card index, as a number (``Suit`` order)."""
SUIT_MASK_OF: Final[tuple[int, ...]] = tuple(SUIT_MASKS[i // 13] for i in range(52))
"""The mask of the whole suit of each card index."""
CLUBS_MASK: Final = SUIT_MASKS[Suit.CLUBS]
FIRST_HEART: Final = 39
"""The lowest heart's index (13 × ``Suit.HEARTS``): every index from it up is a heart."""
QS_INDEX: Final = QUEEN_OF_SPADES.index
QS_BIT: Final = QUEEN_OF_SPADES.bit


def _suit_chunks(suit: int) -> tuple[tuple[Card, ...], ...]:
    """For each 13-bit pattern of one suit, the cards it holds (a lookup table)."""
    ranks = [CARDS[suit * 13 + r] for r in range(13)]
    table: list[tuple[Card, ...]] = [()]
    for r in range(13):
        # patterns with bit r as their highest set bit extend those below them
        table.extend(tuple([*chunk, ranks[r]]) for chunk in table[: 1 << r])
    return tuple(table)


CHUNKS: Final = tuple(_suit_chunks(s) for s in range(4))
"""``CHUNKS[suit][pattern]``: the cards of a 13-bit pattern of that suit, lowest first."""


def cards_of(mask: CardMask) -> list[Card]:
    """The cards of a bit mask, lowest index first (clubs, diamonds, spades, hearts)."""
    clubs, diamonds, spades, hearts = CHUNKS
    cards: list[Card] = []
    # A suit at a time, the suits present only (a legal move is often of one suit).
    if mask & 0x1FFF:
        cards.extend(clubs[mask & 0x1FFF])
    if mask >> 13 & 0x1FFF:
        cards.extend(diamonds[mask >> 13 & 0x1FFF])
    if mask >> 26 & 0x1FFF:
        cards.extend(spades[mask >> 26 & 0x1FFF])
    if mask >> 39 & 0x1FFF:
        cards.extend(hearts[mask >> 39 & 0x1FFF])
    return cards


def indexes_of(mask: int) -> list[int]:
    """The card indexes of a mask, lowest first (a list: faster to loop over in
    playouts than a generator)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of_indexes(indexes: Iterable[int]) -> int:
    """The bit mask of some card indexes."""
    mask = 0
    for index in indexes:
        mask |= 1 << index
    return mask


def mask_of(cards: Iterable[CardLike]) -> int:
    """The bit mask of some cards; a card given twice is an error."""
    mask = 0
    for item in cards:
        card = Card.parse(item)
        if mask & card.bit:
            raise CardError("card_twice", card=card)
        mask |= card.bit
    return mask


def parse_cards(text: str | Iterable[CardLike]) -> list[Card]:
    """Read ``"2C 4C QS"`` (spaces or commas) or an iterable of cards or card texts."""
    if isinstance(text, str):
        tokens = [t for t in re.split(r"[\s,;]+", text) if t]
        return [Card.parse(t) for t in tokens]
    return [Card.parse(c) for c in text]


class CardSet:
    """Some cards that read as cards: iterated, tested with ``in``, counted with ``len``,
    combined with ``|``, ``&``, ``-`` and printed in the order a hand is shown
    (``CardSet('A♠ Q♠ 10♥')``). It holds the cards as one bit mask (``cards.mask``), as
    python-chess's ``SquareSet`` holds squares, so making one from a deal copies no card;
    the engine's and the bots' inner loops keep working on the masks themselves.

    >>> CardSet("QS 10H 2C")
    CardSet('Q♠ 10♥ 2♣')
    >>> Card.parse("Q♠") in CardSet("QS 10H"), len(CardSet("QS 10H"))
    (True, 2)
    """

    __slots__ = ("mask",)
    mask: CardMask

    def __init__(self, cards: CardMask | str | Iterable[CardLike] = 0) -> None:
        if isinstance(cards, bool):
            raise CardError("card_text", text=repr(cards))
        if isinstance(cards, int):
            if not 0 <= cards <= FULL_DECK:
                raise CardError("card_mask", mask=cards)
            self.mask = cards
        else:
            self.mask = mask_of(parse_cards(cards))

    @staticmethod
    def _mask_of(other: object) -> int | None:
        if isinstance(other, CardSet):
            return other.mask
        if isinstance(other, int) and not isinstance(other, bool):
            return other
        return None

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted_for_display(cards_of(self.mask)))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __int__(self) -> int:
        return self.mask

    def __contains__(self, card: object) -> bool:
        if isinstance(card, Card):
            return bool(self.mask & card.bit)
        if isinstance(card, str):
            try:
                return bool(self.mask & Card.parse(card).bit)
            except CardError:
                return False
        return False

    def __or__(self, other: CardSet | CardMask) -> CardSet:
        mask = self._mask_of(other)
        return NotImplemented if mask is None else CardSet(self.mask | mask)

    def __and__(self, other: CardSet | CardMask) -> CardSet:
        mask = self._mask_of(other)
        return NotImplemented if mask is None else CardSet(self.mask & mask)

    def __sub__(self, other: CardSet | CardMask) -> CardSet:
        mask = self._mask_of(other)
        return NotImplemented if mask is None else CardSet(self.mask & ~mask)

    def __eq__(self, other: object) -> bool:
        return self._mask_of(other) == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def of_suit(self, suit: Suit) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & SUIT_MASKS[suit])

    def text(self, lang: str = "en") -> str:
        """The cards as a player of the language writes them: ``D♠ 10♥`` in French."""
        from hearts_teach.i18n import card_symbols

        return card_symbols(list(self), lang, sep=" ")

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"


def sorted_for_display(cards: Iterable[Card]) -> list[Card]:
    """Sorted by suit (♠ ♥ ♣ ♦, so colours alternate) then by rank, high first."""
    order = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}
    return sorted(cards, key=lambda c: (order[c.suit], -c.rank))
