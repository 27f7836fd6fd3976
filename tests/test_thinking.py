"""The bots' thinking thread on a served playground (hearts_teach_widgets.thinking)."""

from __future__ import annotations

import os
import threading

import pytest
from hearts_teach_widgets.kernel_guard import SERVED
from hearts_teach_widgets.table import HeartsTable
from hearts_teach_widgets.thinking import BackgroundBot, served_bot

from hearts_teach import Deal, Rules
from hearts_teach.bots import make_bot
from hearts_teach.bots.base import Bot, Choice, PassChoice
from hearts_teach.deal import PlayerView


class Spy(Bot):
    """A bot that says where and how nicely it was asked, then asks another."""

    def __init__(self, bot: Bot) -> None:
        super().__init__(bot.seed)
        self.bot = bot
        self.level = bot.level
        self.seen: list[tuple[str, int]] = []

    def _note(self) -> None:
        self.seen.append((threading.current_thread().name, os.sched_getscheduler(0)))

    def play(self, view: PlayerView) -> Choice:
        self._note()
        return self.bot.play(view)

    def pass_cards(self, view: PlayerView) -> PassChoice:
        self._note()
        return self.bot.pass_cards(view)


def test_a_served_bot_decides_the_same_in_the_idle_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(SERVED, "1")
    spy = Spy(make_bot("montecarlo", seed="s", playouts=60, time_limit=None))
    background = served_bot(spy)
    assert isinstance(background, BackgroundBot) and background.level == spy.level
    in_place = make_bot("montecarlo", seed="s", playouts=60, time_limit=None)
    deal = Deal.new(Rules(), seed=7, deal_number=0)
    view = deal.view(1)
    assert background.pass_cards(view).cards == in_place.pass_cards(view).cards
    deal = Deal.new(Rules(passing="none"), seed=7)
    view = deal.view(deal.to_play)
    spy.bot = make_bot("montecarlo", seed="s", playouts=60, time_limit=None)
    assert background.play(view).card == in_place.play(view).card
    # both decisions in the thinking thread, which runs only when a core is idle; this
    # thread keeps its own scheduling
    assert [name.startswith("bots-thinking") for name, _ in spy.seen] == [True, True]
    assert [policy for _, policy in spy.seen] == [os.SCHED_IDLE, os.SCHED_IDLE]
    assert os.sched_getscheduler(0) == os.SCHED_OTHER


def test_bots_think_in_place_off_a_served_playground(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SERVED, raising=False)
    bot = make_bot("montecarlo", seed=1)
    assert served_bot(bot) is bot
    monkeypatch.setenv(SERVED, "1")
    quick = make_bot("heuristic", seed=1)
    assert served_bot(quick) is quick  # microseconds a card: in place
    table = HeartsTable(Rules(), seed=1, delay=0, bot_level="montecarlo")
    assert all(isinstance(bot, BackgroundBot) for bot in table._bots if bot is not None)
    table.choose_pass(table.deal.hand(0)[:3])
    assert table.confirm_pass()  # the bots pass and play through their thread
    assert table.deal.phase == "play"
    assert sum(1 for _kind, player, _cards in table.deal.history if player != 0) >= 3
