"""Errors that carry a catalog key, so every message exists in French and English."""

from __future__ import annotations


class HeartsError(ValueError):
    """Base of the engine's errors: ``code`` names the message, ``params`` fill it in.

    ``str(error)`` is the English text; ``error.message("fr")`` the French one.
    """

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        from hearts_teach.i18n import text

        return text("error." + self.code, lang, **self.params)

    def text(self, lang: str = "en") -> str:
        """The message, as every :class:`~hearts_teach.i18n.Wording` is said."""
        return self.message(lang)


class CardError(HeartsError):
    """Card text that names no card, or a card given twice."""


class RulesError(HeartsError):
    """A rule set that cannot be played: the message names the conflict."""


class IllegalMove(HeartsError):
    """An action the rules refuse; the state is left exactly as it was.

    ``reason`` is the reason code of :meth:`Deal.explain` (for a card) or of the
    pass check (for a pass).
    """

    def __init__(self, code: str, **params: object) -> None:
        self.reason = code
        super().__init__(code, **params)

    def message(self, lang: str = "en") -> str:
        from hearts_teach.i18n import text

        return text("reason." + self.code, lang, **self.params)


class LanguageError(HeartsError):
    """A language the catalogs do not have; said in each language they have."""


class GameError(HeartsError):
    """Deals that do not make a game: out of order, under other rules, totals that do not
    add up, an unfinished deal before the last, deals after the end."""


class RecordError(HeartsError):
    """A saved game, a JSON record or a share code that is damaged or foreign."""


class BotError(HeartsError):
    """A bot asked for what it cannot give: an unknown level or budget, a decision out of
    its turn or phase."""
