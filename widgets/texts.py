"""The front end's words: the ``ui.`` messages of the catalogs, and the helpers that
word seats and card counts for the screen.

Rule words, card names and reasons are the engine's messages; the screen's own
(buttons, headings, seat names) are the ``ui.`` keys of the same catalogs.
"""

from __future__ import annotations

from hearts_teach.i18n import LANGS, message, ntext, text
from hearts_teach.i18n import seat_name as engine_seat_name

LANGUAGES: tuple[str, ...] = LANGS
BOT_LEVELS: tuple[str, ...] = ("random", "heuristic", "montecarlo")
DEFAULT_BOT_LEVEL = "heuristic"


def raw(key: str, lang: str) -> str:
    """A catalog entry as written (no capital added), for words set inside a sentence."""
    return message(key, lang)


def partner_of(player: int, players: int) -> int:
    """The seat across the table (the partner in Partnership Hearts)."""
    return (player + players // 2) % players


def seat_name(
    player: int,
    players: int,
    lang: str,
    partnership: bool = False,
    you: int = 0,
    *,
    sentence: bool = False,
) -> str:
    """The person at the screen (seat ``you``: seat 0, South, in the playground) is "You"
    ("you" inside a ``sentence``: « remporté par vous »); the other seats keep the
    engine's compass names (South, West, North, East clockwise), the partner marked as
    such."""
    if player == you:
        return message("ui.seat.you", lang) if sentence else text("ui.seat.you", lang)
    compass = engine_seat_name(player, players, lang)
    if partnership and players == 4 and player == partner_of(you, players):
        return text("ui.seat.partner", lang, seat=compass)
    return compass


def card_count(count: int, lang: str) -> str:
    if count == 0:
        return text("ui.cards.none", lang)
    return ntext("ui.cards", count, lang)
