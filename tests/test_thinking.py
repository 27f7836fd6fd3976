"""The bots' thinking thread on a served playground (hearts_teach_widgets.server.thinking)."""

from __future__ import annotations

import os
import threading

import pytest
from hearts_teach_widgets.server.kernel_guard import SERVED
from hearts_teach_widgets.server.thinking import (
    THINK_SETTING,
    BackgroundBot,
    ServedSeating,
    served_bot,
)
from hearts_teach_widgets.table import HeartsTable

from hearts_teach import Deal, Rules
from hearts_teach.bots import MonteCarloBot, make_bot
from hearts_teach.bots.base import Bot, Choice, PassChoice
from hearts_teach.deal import PlayerView


class Spy(Bot):
    """A bot that says where and how nicely it was asked, then asks another."""

    def __init__(self, bot: Bot) -> None:
        super().__init__(bot.seed)
        self.bot = bot
        self.level = bot.level
        self.searches = bot.searches
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
    table = HeartsTable(Rules(), seed=1, delay=0, bot_level="montecarlo", seating=ServedSeating())
    assert all(isinstance(bot, BackgroundBot) for bot in table.session.bots if bot is not None)
    table.choose_pass(table.deal.hand(0)[:3])
    assert table.confirm_pass()  # the bots pass and play through their thread
    assert table.deal.phase == "play"
    # (not the passes, which the history holds too: the bots' cards up to South's turn)
    played = [p for kind, p, _cards in table.deal.history if kind == "play" and p != 0]
    assert played and table.deal.to_play == 0 and len(table.bot_plays) == len(played)


def test_the_bots_choose_their_pass_while_the_person_chooses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As soon as a deal with a pass is on a served table, the strong bots choose their
    passes in the thinking thread; the person's confirmation then uses them, and the deal
    goes on exactly as if they had chosen then."""
    monkeypatch.setenv(THINK_SETTING, "5")  # a cap no pass comes near, even on a busy machine
    monkeypatch.delenv(SERVED, raising=False)
    in_place = HeartsTable(
        Rules(), seed=11, delay=0, bot_level="montecarlo", seating=ServedSeating()
    )
    in_place.choose_pass(in_place.deal.hand(0)[:3])
    assert in_place.confirm_pass()
    monkeypatch.setenv(SERVED, "1")
    asked: list[str] = []
    choose = MonteCarloBot.pass_cards

    def counted(bot: MonteCarloBot, view: PlayerView) -> PassChoice:
        asked.append(threading.current_thread().name)
        return choose(bot, view)

    monkeypatch.setattr(MonteCarloBot, "pass_cards", counted)
    table = HeartsTable(Rules(), seed=11, delay=0, bot_level="montecarlo", seating=ServedSeating())
    bots = [bot for bot in table.session.bots if isinstance(bot, BackgroundBot)]
    assert len(bots) == 3
    for bot in bots:  # (the person takes longer than that to choose)
        assert bot._pass_ahead is not None
        bot._pass_ahead[1].result()
    assert len(asked) == 3 and all(name.startswith("bots-thinking") for name in asked)
    table.choose_pass(table.deal.hand(0)[:3])
    assert table.confirm_pass()
    assert len(asked) == 3  # nothing chosen again
    assert table.deal.state_key() == in_place.deal.state_key()


def test_a_pass_thought_ahead_for_another_deal_is_never_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(SERVED, "1")
    table = HeartsTable(Rules(), seed=12, delay=0, bot_level="montecarlo", seating=ServedSeating())
    first = [bot for bot in table.session.bots if isinstance(bot, BackgroundBot)]
    table.new_game(seed=40)
    # the first game's bots dropped what they thought; the new ones think for this deal
    assert all(bot._pass_ahead is None for bot in first)
    ahead = [bot._pass_ahead for bot in table.session.bots if isinstance(bot, BackgroundBot)]
    assert all(
        thought is not None and thought[0] == table.deal.view(seat)
        for seat, thought in zip((1, 2, 3), ahead, strict=True)
    )
    # a view the thought was not for is chosen afresh
    bot = table.session.bots[1]
    assert isinstance(bot, BackgroundBot)
    other = Deal.new(Rules(), seed=99, deal_number=0).view(1)
    fresh = make_bot("montecarlo", seed=bot.seed).pass_cards(other)
    assert bot.pass_cards(other).cards == fresh.cards
    assert bot._pass_ahead is None


def test_a_table_made_before_its_visitor_comes_thinks_once_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A preheated kernel builds the first table while its visitor's page loads: its bots
    wait until the table is shown, so that no search holds the kernel while it draws."""
    from hearts_teach_widgets.playground import Playground

    monkeypatch.setenv(SERVED, "1")
    playground = Playground(
        with_lessons=False, with_teachers=False, bot_level="montecarlo", seating=ServedSeating()
    )
    playground.prepare_table()
    made = playground._ahead
    assert made is not None
    searching = [bot for bot in made.session.bots if isinstance(bot, BackgroundBot)]
    assert len(searching) == 3 and all(bot._pass_ahead is None for bot in searching)
    assert playground.start() is made
    assert all(bot._pass_ahead is not None for bot in searching)


def test_a_table_left_for_another_drops_what_its_bots_thought_ahead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The kernel has one thinking thread: a game left for another (a new game, a shared
    deal) must not make the new one's bots wait behind the old one's passes."""
    from hearts_teach_widgets.playground import Playground

    monkeypatch.setenv(SERVED, "1")
    playground = Playground(
        with_lessons=False, with_teachers=False, bot_level="montecarlo", seating=ServedSeating()
    )
    first = playground.start()
    bots = [bot for bot in first.session.bots if isinstance(bot, BackgroundBot)]
    assert bots and all(bot._pass_ahead is not None for bot in bots)
    playground.open_deal(Deal.new(Rules(), seed=3, deal_number=1))
    assert all(bot._pass_ahead is None for bot in bots)
