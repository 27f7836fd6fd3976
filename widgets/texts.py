"""The front end's words: the ``ui.`` messages of the catalogs, and the helpers that
word seats and card counts for the screen.

Rule words, card names and reasons are the engine's messages; the screen's own
(buttons, headings, seat names) are the ``ui.`` keys of the same catalogs.

Every widget that shows words keeps its language in a ``lang`` trait
(:class:`Localized`), as ipywidgets applications keep their state: an observer relabels
the widget when it changes, and a parent ties its children's ``lang`` to its own with
``traitlets.dlink`` (``traitlets.link`` where a child has a language switch of its own).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import traitlets

from hearts_teach.bots import DEFAULT_LEVEL, LEVELS
from hearts_teach.errors import LanguageError as EngineLanguageError
from hearts_teach.i18n import LANGS, check_lang, ntext, text

LANGUAGES: tuple[str, ...] = LANGS
BOT_LEVELS: tuple[str, ...] = LEVELS
DEFAULT_BOT_LEVEL = DEFAULT_LEVEL
PACES: tuple[tuple[str, float], ...] = (
    ("slow", 0.9),
    ("normal", 0.5),
    ("fast", 0.25),
    ("instant", 0.0),
)
"""The bots' speeds offered: seconds between two cards shown."""
DEFAULT_DELAY = 0.5


class LanguageError(traitlets.TraitError, EngineLanguageError):
    """A language the pages do not speak, refused by a ``lang`` trait, which keeps the
    language it had: the engine's own error (a ``ValueError``, said in either
    language), as a trait's."""


class Localized(traitlets.HasTraits):
    """A widget whose every label is in ``lang``. Mixed into an ipywidget (before it:
    ``class Table(Localized, widgets.VBox)``); the widget starts observing ``lang`` at the
    end of its ``__init__`` (a change seen earlier would relabel a widget half built),
    and relabels itself on each change, keeping what it shows."""

    lang = traitlets.Unicode("en", help="The language of every label; a change relabels.")

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: dict[str, Any]) -> str:
        try:
            return check_lang(proposal["value"])
        except EngineLanguageError as refusal:
            raise LanguageError(refusal.code, **refusal.params) from None

    def set_lang(self, lang: str) -> None:
        """Every label in ``lang``; what is shown (a game, a choice, a typed text) is
        kept. The same as setting ``lang``."""
        self.lang = lang

    def _relabel_on_lang(self, relabel: Callable[[], None]) -> None:
        """From now on (the widget is built) each change of ``lang`` calls ``relabel``."""
        self.observe(lambda _change: relabel(), names="lang")


def card_count(count: int, lang: str) -> str:
    if count == 0:
        return text("ui.cards.none", lang)
    return ntext("ui.cards", count, lang)
