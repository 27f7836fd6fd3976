"""On a served playground, the bots think at the lowest priority.

A class playing the strong bots can keep every core at work. Their search then runs in
a thread of its own that runs only when nothing else wants a core (Linux's
``SCHED_IDLE``; elsewhere as nice as a thread can be, 19), while the kernel's main thread
(which seats a visitor, builds the table and answers a click) keeps its own priority:
a visitor arriving, or a card being drawn, never waits behind another table's search.
The main thread waits for the answer (only one of the two could run at a time anyway,
under the interpreter's lock), so a bot decides exactly as it would in place: it is
seeded by what its seat knows, and its time limit counts the same wall clock.

Elsewhere (Jupyter, the static book, the tests), a bot is used as it is.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Final, TypeVar

from hearts_teach.bots import Bot
from hearts_teach.bots.base import Choice, MoonChoiceMade, PassChoice
from hearts_teach.deal import PlayerView

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


def _in_background(work: Callable[[PlayerView], T], view: PlayerView) -> T:
    if not _THINKER:
        _THINKER.append(ThreadPoolExecutor(1, "bots-thinking", initializer=_lowest_priority))
    return _THINKER[0].submit(work, view).result()


class BackgroundBot(Bot):
    """A bot whose every decision runs in the low-priority thinking thread."""

    def __init__(self, bot: Bot) -> None:
        super().__init__(bot.seed)
        self.bot = bot
        self.level = bot.level

    def play(self, view: PlayerView) -> Choice:
        return _in_background(self.bot.play, view)

    def pass_cards(self, view: PlayerView) -> PassChoice:
        return _in_background(self.bot.pass_cards, view)

    def choose_moon(self, view: PlayerView) -> MoonChoiceMade:
        return _in_background(self.bot.choose_moon, view)


SEARCHING: Final = frozenset({"montecarlo"})
"""The levels that search (tens of milliseconds a card); the others decide in
microseconds, in place: a thread that runs only on idle cores could keep them waiting
behind a program that fills the machine."""


def served_bot(bot: Bot) -> Bot:
    """``bot`` as the table should use it: a searching bot in the background on a
    served playground (``HEARTS_SERVED=1``), else itself."""
    if os.environ.get(SERVED) == "1" and bot.level in SEARCHING:
        return BackgroundBot(bot)
    return bot
