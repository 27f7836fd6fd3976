"""The table's settings and what the page learns of it: the bots' level and speed as
their pickers offer them, the language switch, and the hidden marker of the page's
language and title."""

from __future__ import annotations

import math
import os
from html import escape

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from hearts_teach.errors import HeartsError
from hearts_teach.i18n import text

from .shared import choice_row
from .texts import BOT_LEVELS, DEFAULT_DELAY, PACES

LANGUAGE_OPTIONS = (("English", "en"), ("Français", "fr"))
DELAY_SETTING = "HEARTS_BOT_DELAY"
"""An environment variable that sets the bots' delay of every new table (seconds, from
0 to 5): a server's choice for its visitors, and 0 in tests that do not look at it."""


def default_delay() -> float:
    """The bots' delay of a new table: ``HEARTS_BOT_DELAY`` if set and valid, else 0.5 s."""
    try:
        seconds = float(os.environ.get(DELAY_SETTING, DEFAULT_DELAY))
    except ValueError:
        return DEFAULT_DELAY
    return seconds if math.isfinite(seconds) and 0 <= seconds <= 5 else DEFAULT_DELAY


def bot_level_options(lang: str) -> list[tuple[str, str]]:
    """The bots' levels as dropdown choices labelled in ``lang``."""
    return [(text(f"ui.bot.{level}", lang), level) for level in BOT_LEVELS]


def pace_options(lang: str, delay: float = DEFAULT_DELAY) -> list[tuple[str, float]]:
    """The bots' speeds as dropdown choices labelled in ``lang`` (``delay`` among them)."""
    options = [(text(f"ui.pace.{name}", lang), seconds) for name, seconds in PACES]
    if all(seconds != delay for _name, seconds in PACES):
        options.append((text("ui.pace.other", lang, seconds=f"{delay:g}"), delay))
    return options


def page_marker(lang: str) -> str:
    """What the page around the table should say of itself: its language and its title.
    The kernel cannot set the document's ``lang`` or title; the page's own script (the
    Voilà template) may copy them from this hidden element, as it copies the address."""
    title = escape(text("ui.title", lang), quote=True)
    return f'<span class="ht-page" hidden lang="{lang}" data-lang="{lang}" data-title="{title}"></span>'


def language_switch(lang: str) -> widgets.RadioButtons:
    """The language switch: a pair of radio buttons, each language named in itself, so
    that the one in use is checked, on screen and for screen readers."""
    return choice_row(list(LANGUAGE_OPTIONS), lang)


class SettingError(traitlets.TraitError, HeartsError):
    """A bot level or a speed the table does not offer, refused by its trait, which keeps
    the value it had: worded from the catalogs in either language, as the engine's
    errors are (``error.bot_level``, ``error.table_delay``)."""


def checked_bot_level(level: str) -> str:
    """The level, or :class:`SettingError` when no bot has it."""
    if level not in BOT_LEVELS:
        raise SettingError("bot_level", level=level, levels=", ".join(BOT_LEVELS))
    return level


def checked_delay(seconds: float) -> float:
    """The bots' delay in seconds, or :class:`SettingError` outside 0 to 5."""
    if not 0 <= seconds <= 5:
        raise SettingError("table_delay", given=seconds)
    return seconds
