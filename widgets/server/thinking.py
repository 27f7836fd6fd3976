"""On a served playground, the bots think at the lowest priority.

A class playing the strong bots can keep every core at work. Their search then runs in
a thread of its own that runs only when nothing else wants a core (Linux's
``SCHED_IDLE``; elsewhere as nice as a thread can be, 19), while the kernel's main thread
(which seats a visitor, builds the table and answers a click) keeps its own priority:
a visitor arriving, or a card being drawn, never waits behind another table's search.
The main thread waits for the answer (only one of the two could run at a time anyway,
under the interpreter's lock), so a bot decides exactly as it would in place: it is
seeded by what its seat knows, and its time limit counts the same wall clock.

The pass is thought ahead: as soon as a deal with a pass is on the table, the searching
bots choose theirs in that thread, while the visitor chooses their own; their choice
cannot depend on the visitor's, so the pass, once confirmed, needs no more thought. This
is the one time a search runs beside the main thread's work, and it takes the
interpreter's lock from it: a thread at the idle policy that is stopped while holding
the lock stops the kernel too, until a core is free. So it begins only once the table is
on the page (never while a preheated kernel draws its first screen), and the person's
picks, a few cheap redraws, are all it can slow.

Elsewhere (Jupyter, the static book, the tests), a bot is used as it is.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Final, TypeVar

from hearts_teach.bots import Bot
from hearts_teach.bots.base import Choice, MoonChoiceMade, PassChoice, knowledge_key
from hearts_teach.deal import PlayerView
from hearts_teach.teaching.session import Seating

from .kernel_guard import SERVED, lower_priority

LOWEST: Final = 19
T = TypeVar("T")

_THINKER: list[ThreadPoolExecutor] = []


def _lowest_priority() -> None:
    """The calling thread runs only when no other wants the core: a weight of 3 where a
    nice-19 thread has 15 and the seat's own work 1024 or more, so that even a class of
    searches leaves a visitor's click the core at once."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):  # not Linux
        lower_priority(LOWEST)


def _submit(work: Callable[[PlayerView], T], view: PlayerView) -> Future[T]:
    if not _THINKER:
        _THINKER.append(ThreadPoolExecutor(1, "bots-thinking", initializer=_lowest_priority))
    return _THINKER[0].submit(work, view)


def _in_background(work: Callable[[PlayerView], T], view: PlayerView) -> T:
    return _submit(work, view).result()


class BackgroundBot(Bot):
    """A bot whose every decision runs in the low-priority thinking thread."""

    def __init__(self, bot: Bot) -> None:
        super().__init__(bot.seed)
        self.bot = bot
        self.level = bot.level
        self.searches = bot.searches
        self._pass_ahead: tuple[PlayerView, Future[PassChoice]] | None = None

    def play(self, view: PlayerView) -> Choice:
        return _in_background(self.bot.play, view)

    def think_ahead(self, view: PlayerView) -> None:
        """Begin choosing the pass of ``view`` now, without waiting for it."""
        self.forget()
        self._pass_ahead = (view, _submit(self.bot.pass_cards, view))

    def forget(self) -> None:
        """Drop the pass thought ahead (another deal, or other bots): unless it has
        begun, it takes no time."""
        if self._pass_ahead is not None:
            self._pass_ahead[1].cancel()
            self._pass_ahead = None

    def pass_cards(self, view: PlayerView) -> PassChoice:
        ahead = self._pass_ahead
        # Whose turn it is to pass changes as the others pass; what the seat knows, and
        # so its choice, does not.
        if ahead is not None and knowledge_key(ahead[0]) == knowledge_key(view):
            self._pass_ahead = None
            return ahead[1].result()
        self.forget()
        return _in_background(self.bot.pass_cards, view)

    def choose_moon(self, view: PlayerView) -> MoonChoiceMade:
        return _in_background(self.bot.choose_moon, view)


def served_bot(bot: Bot) -> Bot:
    """``bot`` as the table should use it: a bot that searches (``Bot.searches``) in the
    background on a served playground (``HEARTS_SERVED=1``), else itself. The others
    decide in microseconds, in place: a thread that runs only on idle cores could keep
    them waiting behind a program that fills the machine."""
    if os.environ.get(SERVED) == "1" and bot.searches:
        return BackgroundBot(bot)
    return bot


def think_ahead(bots: Iterable[Bot | None], views: Iterable[PlayerView]) -> None:
    """Each bot in the background begins choosing its pass of its view (the others will
    choose when asked)."""
    for bot, view in zip(bots, views, strict=True):
        if isinstance(bot, BackgroundBot):
            bot.think_ahead(view)


def forget(bots: Iterable[Bot | None]) -> None:
    """These bots are done with: what they thought ahead is dropped."""
    for bot in bots:
        if isinstance(bot, BackgroundBot):
            bot.forget()


THINK_SETTING: Final = "HEARTS_BOT_THINK"
"""An environment variable that caps the seconds a Monte-Carlo bot (or the hint) thinks
over one decision at every new table: a classroom server's choice (``hearts-teach play
--think``), so that a full class on a few cores still gets its replies at once."""


def bot_budget(level: str) -> dict[str, float]:
    """The budget of a new bot of ``level``: ``HEARTS_BOT_THINK`` as the Monte-Carlo bot's
    time limit if set and valid (above 0, at most 5 s), else the bot's own default."""
    if level != "montecarlo":
        return {}
    try:
        seconds = float(os.environ.get(THINK_SETTING, "nan"))
    except ValueError:
        return {}
    return {"time_limit": seconds} if 0 < seconds <= 5 else {}


class ServedSeating(Seating):
    """The bots of a served playground's tables: the searching ones think in the
    background thread (:func:`served_bot`), their passes ahead, within the classroom's
    budget (``HEARTS_BOT_THINK``). Elsewhere the same as the plain seating, but for the
    budget."""

    def budget(self, level: str) -> dict[str, float]:
        return bot_budget(level)

    def place(self, bot: Bot) -> Bot:
        return served_bot(bot)

    def think_ahead(self, bots: Sequence[Bot | None], views: Sequence[PlayerView]) -> None:
        think_ahead(bots, views)

    def forget(self, bots: Sequence[Bot | None]) -> None:
        forget(bots)
