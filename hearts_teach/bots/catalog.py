"""How the bots' sentences are worded: their reasons and hints, from the catalogs.

Two voices, one decision. A bot's own table talk (why it played its card, shown in the
log to everyone) is in the first person: ``bot.play.duck`` "I play … under …". A hint
(what the player is told when asking for advice) speaks to the player:
``hint.play.duck`` "You play … under …". Every reason is a message of each language's
catalog in both voices (``bot.<reason>`` and ``hint.<reason>``; tests/test_i18n.py and
tests/test_hints.py check that none exists in one voice or one language only).

A card parameter ``x`` can be written in a template as ``{x}`` (the queen of spades /
la dame de pique), ``{x_de}`` (de la dame de pique, du roi de cœur, de l’as de pique)
or ``{x_a}`` (à la dame, au roi, à l’as), so that French contracts its articles. A suit
parameter ``s`` gives ``{s}`` (clubs / trèfle, as in "no clubs left", « coupe à
trèfle ») and ``{s_one}`` (club / trèfle, as in "my highest club").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from hearts_teach.cards import Card, Suit
from hearts_teach.i18n import (
    card_forms,
    card_symbol,
    decimal,
    join_words,
    ntext,
    one_decimal,
    suit_name,
    suit_word,
    text,
    the_card,
)

VOICES: Final = ("bot", "hint")
"""``bot``: the bot speaks of its own play (first person); ``hint``: advice to the player
(second person)."""


@dataclass(frozen=True)
class Said:
    """A reason or a clause of the catalog, ready to be said in either voice: ``key`` without the voice
    ("play.duck"), and its parameters."""

    key: str
    params: Mapping[str, object]

    def text(self, lang: str, voice: str) -> str:
        return say(f"{voice}.{self.key}", lang, self.params)


@dataclass(frozen=True)
class Points:
    """An amount of points, worded with its unit (French: singular below 2), with
    ``digits`` decimals (two for the small differences between close estimates)."""

    value: float
    digits: int = 1


@dataclass(frozen=True)
class Number:
    """A number without unit (a standard error), with ``digits`` decimals."""

    value: float
    digits: int = 1


@dataclass(frozen=True)
class Symbols:
    """Cards written short, with their suit symbols: ``3♣, 5♣`` (``sep`` between them)."""

    cards: tuple[Card, ...]
    sep: str = ", "


def card_list(cards: Sequence[Card], lang: str) -> str:
    """``the queen of spades, the ace of hearts and the two of clubs`` / ``… et …``."""
    return join_words([the_card(card, lang) for card in cards], lang)


DECIMALS_TAKE_PLURAL = frozenset({"en"})
"""Languages where a number written with decimals takes the plural ("1 point" but "1.0
points"); in French the whole part decides (« 1,5 point », CLDR's plural rules)."""


def points(value: float, lang: str, digits: int = 1) -> str:
    """``9.0 points`` / ``9,0 points``, ``1 point``, ``1,5 point``: the catalog's
    ``unit.points``, whose forms follow the language's rule for decimals."""
    count = int(abs(round(value, digits)))
    if digits and lang in DECIMALS_TAKE_PLURAL:
        count = max(count, 2)
    return ntext("unit.points", count, lang, value=decimal(value, lang, digits))


def say(key: str, lang: str, params: Mapping[str, object]) -> str:
    """The sentence for ``key`` with cards, card lists and suits worded for ``lang``."""
    values: dict[str, object] = {}
    for name, value in params.items():
        if isinstance(value, Said):  # a clause: in the same voice, not capitalized
            clause = value.text(lang, key.split(".", 1)[0])
            values[name] = clause[:1].lower() + clause[1:]
        elif isinstance(value, Card):
            values.update(card_forms(name, value, lang))
        elif isinstance(value, Suit):
            values[name], values[name + "_one"] = suit_name(value, lang), suit_word(value, lang)
        elif isinstance(value, tuple) and all(isinstance(c, Card) for c in value):
            values[name] = card_list(value, lang)
        elif isinstance(value, Symbols):
            values[name] = value.sep.join(card_symbol(c, lang) for c in value.cards)
        elif isinstance(value, Points):
            values[name] = points(value.value, lang, value.digits)
        elif isinstance(value, Number):
            values[name] = decimal(value.value, lang, value.digits)
        elif isinstance(value, float):
            values[name] = one_decimal(value, lang)
        else:
            values[name] = value
    return text(key, lang, **values)
