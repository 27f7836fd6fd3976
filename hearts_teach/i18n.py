"""The words of the game in every language, read from gettext catalogs.

Every text a person may read (the engine's messages, the bots' reasons, the front end's
labels, the book's tables) is a message of the catalog of its language,
``hearts_teach/locale/<lang>/LC_MESSAGES/hearts_teach.po``, under a key (the msgid):
``text("reason.must_follow_suit", "fr", suit=Suit.CLUBS)``. The ``.po`` files are
written by people and checked with Babel (a development tool); they are compiled to
``.mo`` files when the project is installed or built (``make i18n``, and setup.py for a
wheel), and read at run time by the standard library's :mod:`gettext`: the engine keeps
no dependency. A language is a catalog: ``LANGS`` lists the languages whose catalog is
there, English first.

Besides sentences, the catalog holds the words code assembles: card, rank and suit
names and their articles, the short card letters (French R, D, V), seat names, the
decimal point, how a list ends ("a, b and c"), and the language's typography (French
narrow no-break spaces before « : ; ! ? » and inside guillemets, applied by
:func:`typeset` to every text, never written by hand).
"""

from __future__ import annotations

import functools
import gettext
import os
import re
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Protocol

from hearts_teach.cards import Card, Suit
from hearts_teach.errors import CardError, HeartsError, LanguageError

DOMAIN: Final = "hearts_teach"
"""The catalogs' gettext domain: ``locale/<lang>/LC_MESSAGES/hearts_teach.mo``."""
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
SOURCE_LANG: Final = "en"
"""The default language, first in ``LANGS``."""


def _languages() -> tuple[str, ...]:
    found = {
        path.parent.parent.name
        for pattern in (f"*/LC_MESSAGES/{DOMAIN}.mo", f"*/LC_MESSAGES/{DOMAIN}.po")
        for path in LOCALE_DIR.glob(pattern)
    }
    return (SOURCE_LANG, *sorted(found - {SOURCE_LANG}))


LANGS: Final = _languages()
"""The languages the project speaks: one per catalog, English first."""

NARROW_NBSP: Final = "\u202f"


class CatalogError(LookupError):
    """A catalog that is not there (not compiled) or a message missing from it."""


def terminal_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language of the terminal (its ``LANG`` locale, ``fr_FR.UTF-8`` -> ``fr``) if
    a catalog speaks it, else the catalogs' source language."""
    locale = (os.environ if environ is None else environ).get("LANG", "")
    return next((lang for lang in LANGS if locale.startswith(lang)), SOURCE_LANG)


def check_lang(lang: str) -> str:
    """``lang`` if the catalogs have it, else a :class:`LanguageError` (a ValueError)."""
    if lang not in LANGS:
        raise LanguageError("language", given=str(lang)[:24], langs=", ".join(LANGS))
    return lang


def _compile_if_stale(compiled: Path, source: Path) -> None:
    """In a checkout (the ``.po`` is there) whose catalog was edited since it was last
    compiled: compile it now when Babel, a development tool, is installed; otherwise
    say that the texts may be old. An installed package has no ``.po``: nothing to do."""
    if not source.exists() or (
        compiled.exists() and compiled.stat().st_mtime >= source.stat().st_mtime
    ):
        return
    try:
        from hearts_teach import _catalogs

        _catalogs.compile_catalogs()
    except (ImportError, ValueError, OSError) as error:  # no Babel here, or a bad .po
        warnings.warn(
            f"{source} could not be compiled ({error}): the texts of {compiled.name} may "
            "be out of date (run `make i18n`)",
            stacklevel=4,
        )


@functools.cache
def _catalog(lang: str) -> gettext.GNUTranslations:
    compiled = LOCALE_DIR / check_lang(lang) / "LC_MESSAGES" / f"{DOMAIN}.mo"
    _compile_if_stale(compiled, compiled.with_suffix(".po"))
    if not compiled.exists():
        raise CatalogError(
            f"the {lang} catalog is not compiled ({compiled} is missing): run `make i18n` "
            "(or pip install the project), which compiles the .po catalogs with Babel"
        )
    with compiled.open("rb") as stream:
        return gettext.GNUTranslations(stream)


def _entries(lang: str) -> dict[object, str]:
    """The compiled catalog's messages: ``key`` -> text, ``(key, form)`` -> plural form."""
    entries: dict[object, str] = getattr(_catalog(lang), "_catalog", {})
    return entries


def _lookup(key: str, lang: str, count: int | None = None) -> str | None:
    if (key, 0) in _entries(lang):
        if count is None:
            raise CatalogError(f"catalog entry {key!r} has plural forms: give its count")
        return _catalog(lang).ngettext(key, key, count)
    found: str | None = _entries(lang).get(key)
    return found


def message(key: str, lang: str = "en", count: int | None = None) -> str:
    """The catalog's text for ``key`` as written: no parameter filled in, no capital
    added (for words set inside a sentence). ``count`` chooses among plural forms."""
    found = _lookup(key, check_lang(lang), count)
    if found is None:
        raise KeyError(f"no catalog entry {key!r}")
    return found


def contextual(context: str, words: str, lang: str = "en") -> str | None:
    """Another program's message in ``lang``: the catalogs file such messages under a
    context (msgctxt, "argparse"), with the program's own English words as the msgid;
    None when the catalog does not have them."""
    return _entries(check_lang(lang)).get(f"{context}\x04{words}")


def messages(lang: str) -> dict[str, str | tuple[str, ...]]:
    """Every message of ``lang``'s catalog (a plural one as its tuple of forms)."""
    found: dict[str, str | tuple[str, ...]] = {}
    plurals: dict[str, dict[int, str]] = {}
    for msgid, words in _entries(check_lang(lang)).items():
        if isinstance(msgid, tuple):
            plurals.setdefault(msgid[0], {})[msgid[1]] = words
        elif isinstance(msgid, str) and msgid:  # "" is the catalog's header
            found[msgid] = words  # with a context: "context\x04words"
    for key, forms in plurals.items():
        found[key] = tuple(forms[index] for index in sorted(forms))
    return found


def text(key: str, lang: str = "en", **params: object) -> str:
    """The catalog text for ``key`` in ``lang``, its ``{name}`` parameters filled in, its
    first letter capitalised and its typography set (:func:`typeset`).

    A ``Card`` parameter is written as the card's name with its article ("the queen of
    spades", « la dame de pique »), a ``Suit`` as "a club" / « un trèfle ». A message
    with plural forms takes the one its ``count`` parameter asks for."""
    count = params.get("count")
    template = message(key, lang, count if isinstance(count, int) else None)
    values = {name: _localize(value, lang) for name, value in params.items()}
    result = typeset(template.format(**values), lang)
    return result[:1].upper() + result[1:]


def ntext(key: str, count: int, lang: str = "en", **params: object) -> str:
    """:func:`text` for a message with plural forms: ``ntext("ui.cards", 3, "fr")`` is
    « 3 cartes ». ``count`` is also the ``{count}`` parameter."""
    return text(key, lang, count=count, **params)


class Wording(Protocol):
    """Words to be said later, in the language of whoever reads them: a catalog message
    (:class:`Message`), a sentence put together of several (:class:`Worded`), an engine
    error (:class:`~hearts_teach.errors.HeartsError`). The bots' reasons
    (``bots.catalog.Said``) and the review's (``teaching.review.Reason``) are not
    Wordings themselves: each needs one thing more to be said (the voice, the bot's or
    the adviser's; who is spoken of), and becomes a Wording once it is given."""

    def text(self, lang: str = "en") -> str: ...


@dataclass(frozen=True)
class Worded:
    """A sentence worded when it is shown, by a function of the language: several
    catalog messages and the cards, seats and figures they name, put together."""

    words: Callable[[str], str]

    def text(self, lang: str = "en") -> str:
        return self.words(lang)


@dataclass(frozen=True)
class Message:
    """A message worded later, in the language of the text it is set in: the parameter
    of another message (``RecordError("record_damaged", detail=Message("error.record.seed"))``
    reads "This record is damaged: the seed is …" / « … : le numéro de tirage … »)."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        return text(self.key, lang, **self.params)


def _localize(value: object, lang: str) -> object:
    """A parameter as ``lang`` writes it; a message or an engine error set inside a
    sentence starts in lower case."""
    if isinstance(value, Card):
        return the_card(value, lang)
    if isinstance(value, Suit):
        return one_of_suit(value, lang)
    if isinstance(value, Message | HeartsError):
        words = value.text(lang) if isinstance(value, Message) else value.message(lang)
        return words[:1].lower() + words[1:]
    return value


# --- typography ---------------------------------------------------------------------

_SPACE_BEFORE: Final = re.compile(r" +([:;!?»])")
_SPACE_AFTER: Final = re.compile(r"(«) +")
_PERCENT: Final = re.compile(r"(\d)[ \u00a0\u202f]+%")
_PLUS_MINUS: Final = re.compile(r" *± *(?=[\d−])")
NBSP: Final = "\u00a0"


def typeset(words: str, lang: str) -> str:
    """The language's typography, set on a text written with ordinary spaces. In every
    language an error stays with its estimate: « 0,4 point ± 0,3 » never breaks around
    ±. French (the catalog's ``typography`` entry says ``french``): a narrow no-break
    space (U+202F) replaces the ordinary space before « : ; ! ? % » and after «, so that
    a line never breaks there (a no-break space already there stays). English writes
    100.0%, with no space."""
    words = _PLUS_MINUS.sub(NBSP + "±" + NBSP, words)
    if message("typography", lang) != "french":
        return _PERCENT.sub(r"\1%", words)
    words = _PERCENT.sub(r"\1" + NARROW_NBSP + "%", words)
    words = _SPACE_BEFORE.sub(NARROW_NBSP + r"\1", words)
    return _SPACE_AFTER.sub(r"\1" + NARROW_NBSP, words)


# --- cards, suits, seats, numbers ---------------------------------------------------

_SUIT_KEYS: Final = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
}


def _plain(token: str) -> str:
    return token.upper().replace("\ufe0f", "")


def read_cards(typed: str, lang: str = "en") -> list[Card]:
    """Cards typed as ``lang`` writes them, separated by spaces or commas: a rank (2 to
    10 or the catalog's letters: J Q K A, V D R A) then, with or without a space, a suit
    (♠ ♥ ♦ ♣ or the catalog's initials: S H D C, P C K T), in any case: ``DP 10C`` (or
    ``D P 10 C``) in French is the queen of spades and the ten of hearts. A token that is not a card raises ``CardError`` with
    what to write, in ``lang``."""
    ranks = {str(rank): rank for rank in range(2, 11)}
    ranks |= {rank_letter(rank, lang).upper(): rank for rank in range(11, 15)}
    suits = {suit.symbol: suit for suit in Suit}
    suits |= {message(f"suit.{key}.letter", lang).upper(): suit for suit, key in _SUIT_KEYS.items()}
    cards = []
    tokens: list[str] = []
    for token in re.split(r"[\s,;]+", typed.strip()):
        if not token:
            continue
        # "10 C" as well as "10C": a lone rank takes the lone suit after it (the ranks'
        # and the suits' letters differ in each language, so this is never ambiguous).
        if tokens and _plain(tokens[-1]) in ranks and _plain(token) in suits:
            tokens[-1] += token
        else:
            tokens.append(token)
    for token in tokens:
        found = re.fullmatch(r"(10|.)(.)", _plain(token))
        if found is None or found[1] not in ranks or found[2] not in suits:
            raise CardError("card_typed", text=token[:12])
        cards.append(Card.of(ranks[found[1]], suits[found[2]]))
    return cards


def card_name(card: Card, lang: str = "en") -> str:
    """``queen of spades`` / ``dame de pique``."""
    return message("card.name", lang).format(
        rank=message(f"rank.{card.rank}", lang), suit=suit_name(card.suit, lang)
    )


def the_card(card: Card, lang: str = "en") -> str:
    """The card's name with its article: ``the queen of spades``, ``la dame de pique``,
    ``l’as de cœur``."""
    return message(f"card.the.{card.rank}", lang).format(card=card_name(card, lang))


def card_forms(name: str, card: Card, lang: str) -> dict[str, str]:
    """The forms of a card's name a message may use for a parameter ``name``:
    ``{name}`` (the queen of spades / la dame de pique), ``{name_de}`` (of the queen /
    de la dame, du roi, de l’as) and ``{name_a}`` (to the queen / à la dame, au roi)."""
    plain = card_name(card, lang)
    return {
        name: message(f"card.the.{card.rank}", lang).format(card=plain),
        name + "_de": message(f"card.of.{card.rank}", lang).format(card=plain),
        name + "_a": message(f"card.to.{card.rank}", lang).format(card=plain),
    }


def card_symbol(card: Card, lang: str = "en") -> str:
    """A card written short for a reader of ``lang``: ``Q♠`` in English, ``D♠`` (dame)
    in French; the letters of the jack, queen, king and ace are the catalog's. (The
    engine's own notation, ``str(card)``, is always ``Q♠``.)"""
    rank = message(f"rank.{card.rank}.letter", lang) if card.rank > 10 else str(card.rank)
    return rank + card.suit.symbol


def card_symbols(cards: Sequence[Card], lang: str = "en", sep: str = ", ") -> str:
    """``Q♠, 3♥`` / ``D♠, 3♥``."""
    return sep.join(card_symbol(card, lang) for card in cards)


def rank_letter(rank: int, lang: str = "en") -> str:
    """How a rank is written on a card's corner: ``10``, ``Q`` / ``D``."""
    return message(f"rank.{rank}.letter", lang) if rank > 10 else str(rank)


def suit_name(suit: Suit, lang: str = "en") -> str:
    """``spades`` / ``pique``, as in a card's name."""
    return message(f"suit.{_SUIT_KEYS[suit]}", lang)


def suit_word(suit: Suit, lang: str = "en") -> str:
    """One card of the suit, without article: ``spade`` / ``pique`` ("my highest spade")."""
    return message(f"suit.{_SUIT_KEYS[suit]}.single", lang)


def one_of_suit(suit: Suit, lang: str = "en") -> str:
    """``a spade`` / ``un pique``."""
    return message(f"suit.{_SUIT_KEYS[suit]}.one", lang)


# Seat names, in playing order from player 0, who sits South (at the bottom of a
# screen or a diagram): play goes clockwise, so the next player sits West.
_SEATS: Final = {
    6: ("south", "south_west", "north_west", "north", "north_east", "south_east"),
    5: ("south", "west", "north_west", "north_east", "east"),
    4: ("south", "west", "north", "east"),
    3: ("south", "west", "east"),
    2: ("south", "north"),
}


def seat_name(player: int, players: int = 4, lang: str = "en") -> str:
    """The compass name of a seat: player 0 is South, then West, North, East (four
    players), South, West, East (three), South, North (two); with five and six the
    seats between take the names between (South-West, North-West...)."""
    return message(f"seat.{_SEATS[players][player]}", lang)


def signed(number: int, *, plus: bool = False) -> str:
    """A whole number with a true minus sign (−16, not -16); ``plus`` also marks
    positive ones (+26), for a change of total."""
    if number < 0:
        return f"−{-number}"
    return f"+{number}" if plus else str(number)


def decimal(value: float, lang: str = "en", digits: int = 1) -> str:
    """``0.04`` / ``0,04``: the catalog's decimal point, a true minus sign, and no
    ``−0.0``."""
    shown = f"{abs(value):.{digits}f}"
    if value < 0 and shown.strip("0.") != "":
        shown = "−" + shown
    return shown.replace(".", message("number.decimal_point", lang))


def one_decimal(value: float, lang: str = "en") -> str:
    """One decimal, with the language's decimal point (a comma in French)."""
    return decimal(value, lang, 1)


def join_words(words: Sequence[str], lang: str = "en") -> str:
    """``a, b and c`` / ``a, b et c``."""
    if len(words) <= 1:
        return "".join(words)
    first = message("list.separator", lang).join(words[:-1])
    return message("list.and", lang).format(first=first, last=words[-1])
