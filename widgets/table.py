"""The playable table: a person at seat 0 against bots, bound to a Game or a Deal.

The table holds no rules: it asks the engine what may be played and why, and what
the cards and deals are worth. Every text is drawn again when the language changes,
so the game in progress is kept.

Pacing. The bots answer a card at once, in Python; the page shows their cards one after
another (``delay`` seconds apart, adjustable, and skipped with a button), keeps a
finished trick with its winner marked until the next lead, and then moves it to the
felt's corner. The page does the waiting, not the kernel: the felt is drawn whole with
a time on each card, and CSS animations show each at its time
(:func:`hearts_teach_widgets.render.live_felt_html`). The playground runs in two kernels: under Voilà
a Python process, under Voici Pyodide in the reader's browser, where there are no
threads and ``time.sleep`` blocks the page without drawing anything. A kernel that
paused between cards (a sleep, or an asyncio schedule sending one update per card)
would freeze the page under Voici, race with the player's next click, and leave half a
reply on the table if the page redraws. Drawn at once, the reply is the same HTML in
both kernels, the table's state is always whole, a redraw (a language switch) or a
click shows the end state at once, and tests pay no delay. Readers who ask the system
for reduced motion see the cards appear in turn without sliding (hearts_teach_widgets.style).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from hearts_teach import Card, Deal, Game, Rules
from hearts_teach.errors import HeartsError
from hearts_teach.scoring import MOON_CHOICES
from hearts_teach.teaching.review import DealReview, Decision, GameReview
from hearts_teach.teaching.session import BotPlay, Outcome, Seating, TablePoint, TableSession

from .cards import HandView, pass_states, play_states, refusal_html
from .render import (
    DEFAULT_PLAYGROUND_URL,
    Replay,
    Timeline,
    badges_html,
    live_felt_html,
    moon_choice_html,
    reply_style,
    rules_html,
    score_sheet_html,
    timeline,
    tricks_so_far,
)
from .review import ReviewPanel
from .rules_picker import relabel_choices
from .shared import focus_line, follow_replays, html_box, one_update_each
from .style import style_tag
from .table_layout import PaceControl, label_controls, table_parts
from .table_settings import (
    bot_level_options,
    checked_bot_level,
    checked_delay,
    default_delay,
    language_switch,
    page_marker,
)
from .table_share import SharePanel
from .table_words import (
    log_html,
    message_html,
    note_text,
    question_html,
    reasons_html,
    review_line,
    status_text,
    thinking_html,
)
from .texts import DEFAULT_BOT_LEVEL, DEFAULT_DELAY, Localized

SEARCHING_LEVELS = frozenset({"montecarlo"})
"""The bots' levels that search before they play (seconds a card): the page is told they
are thinking."""

_TABLES = itertools.count(1)  # a class per table, for the style of its own reply


class HeartsTable(Localized, widgets.VBox):  # type: ignore[misc]
    """A table where the person at seat 0 plays a whole game against bots: the view of a
    :class:`~hearts_teach.teaching.session.TableSession` (``session``), which holds the
    game. The widgets are built once, drawn again from the session after every action,
    and the person's clicks are sent to it.

    ``source`` is a :class:`Game`, a :class:`Deal` (played alone, then the game goes
    on with the same rules), a :class:`Rules` (a new game) or ``None`` (standard rules).
    Public methods do what the buttons do, so tests and lessons can drive the table.
    Its language is the ``lang`` trait, linked both ways to its language switch: a
    change draws the table again in that language, the game in progress kept.
    """

    bot_level = traitlets.Unicode(
        DEFAULT_BOT_LEVEL, help="The bots' level (``BOT_LEVELS``), from the next card they play."
    )
    delay = traitlets.Float(
        DEFAULT_DELAY, help="Seconds between two of the bots' cards shown (0: all at once)."
    )
    review_panel = traitlets.Instance(
        ReviewPanel, allow_none=True, help="The deal review's panel: made on the first review."
    )
    playground_url = traitlets.Unicode(
        DEFAULT_PLAYGROUND_URL, help="The page the share link opens (the visitor's own address)."
    )

    def __init__(
        self,
        source: Game | Deal | Rules | None = None,
        *,
        lang: str = "en",
        bot_level: str = DEFAULT_BOT_LEVEL,
        seed: int = 1,
        playground_url: str = DEFAULT_PLAYGROUND_URL,
        on_game_over: Callable[[HeartsTable], None] | None = None,
        show_share: bool = True,
        show_language: bool = True,
        delay: float | None = None,
        origin: str | None = None,
        think_ahead: bool = True,
        seating: Seating | None = None,
    ) -> None:
        super().__init__()
        self.lang = lang
        checked_bot_level(bot_level)
        delay = checked_delay(default_delay() if delay is None else delay)
        self.add_class("ht-root")
        self.add_class("ht-table")
        self._name = f"ht-t{next(_TABLES)}"
        self.add_class(self._name)
        self.playground_url = playground_url
        self.on_game_over = on_game_over
        # Called with the table after every redraw (a card, a pass, undo, a new deal...).
        self.on_change: Callable[[HeartsTable], None] | None = None
        self.bot_level = bot_level
        self.session = TableSession(
            source,
            bot_level=bot_level,
            seed=seed,
            seating=seating,
            origin=origin,
            thinks_ahead=think_ahead,
        )
        self.delay = float(delay)
        self._replay: Replay | None = None  # the reply to show in turn, at the next draw
        self._said_from: TablePoint | None = None  # what the note tells since
        self._game_over_told = False
        self._draws = 0

        self._style = html_box(style_tag())
        self.status = html_box()
        self.badges = html_box()
        self.felt = html_box()
        self.felt.add_class("ht-felt-box")
        # "The bots are thinking": sent to the page before a search that takes the
        # strong bots seconds, read out politely; cleared by the drawing after it.
        self.thinking = html_box()
        self.thinking.add_class("ht-thinking-box")
        # The bots' cards of the last reply with their reasons, by the hand, each shown
        # with its card (the whole deal's are in the log beside the table).
        self.reasons = html_box()
        self.reasons.add_class("ht-reasons-box")
        self.hand = HandView(self._card_chosen, lang)
        # Where the keyboard goes after a card (never a card: a second Enter would play
        # it): what just happened and what may be played now. Not a Tab stop itself;
        # Tab goes on to the hand, drawn above it.
        self.note = widgets.Label(tabbable=False)
        self.note.add_class("ht-note")
        # Why the card just tried is refused: over the note, just under the hand, where
        # the eye is (nothing moves), for a few seconds; read out once.
        self.refusal_box = html_box()
        self.refusal_box.add_class("ht-refusal-box")
        self._refused = False  # the last action was a refused card
        self._refusals = 0
        self.message_box = html_box()
        self.confirm_pass_button = self._button(self.confirm_pass, "exchange", "primary")
        self.hint_button = self._button(self.hint, "lightbulb-o")
        self.undo_button = self._button(self.undo, "undo")
        self.next_deal_button = self._button(self.next_deal, "forward", "success")
        # During a replay at the table (from a decision of the review): back to the deal
        # as the person played it, which the game keeps.
        self.back_to_played_button = self._button(self.back_to_played, "history")
        # The shooter's choice (docs/rules.md §3.2), when the person shot the moon: both
        # outcomes, and a button for each.
        self.moon_box = html_box()
        self.moon_buttons = {
            choice: self._button(functools.partial(self.choose_moon, choice), "check", "warning")
            for choice in MOON_CHOICES
        }
        # The deal review: a button once the deal is over; its panel, made on the first
        # review (the page starts with fewer widgets), goes under the hand.
        self.review_button = self._button(self.review, "search")
        self._review_lang: traitlets.dlink | None = None  # the panel follows the table
        # Above the review: its title, and which bots play its replays; the keyboard goes
        # there once the review is shown.
        self.replay_level = focus_line()
        self.observe(self._panel_changed, names="review_panel")
        self.review_slot = widgets.Box()
        self.new_game_button = self._button(self.ask_new_game, "refresh")
        # Before a game under way is left for a new one: the question, and its answers.
        self.new_game_question = html_box()
        self.new_game_yes = self._button(self._leave_game, "refresh", "danger")
        self.new_game_no = self._button(self.keep_game, "undo")
        self.new_game_box = widgets.HBox(
            [self.new_game_question, self.new_game_yes, self.new_game_no]
        )
        self.new_game_box.add_class("ht-toolbar")
        self.new_game_box.add_class("ht-ask")
        self._asking = False
        # What « yes » does: a new game at this table, or what the asker gave (the
        # playground's start with other rules).
        self._on_yes: Callable[[], object] = self.new_game
        self.skip_button = self._button(self.skip, "forward")
        self.skip_button.add_class("ht-skip")
        self.language_picker = language_switch(lang)
        traitlets.link((self.language_picker, "value"), (self, "lang"))
        self.bot_picker = widgets.Dropdown(options=bot_level_options(lang), value=bot_level)
        self.bot_picker.observe(self._bot_picked, names="value")
        self.pace = PaceControl(self, lang)
        self.pace_picker = self.pace.picker
        self.score_sheet = html_box()
        self.bot_log = html_box()
        self.rules_box = html_box()
        self.share = SharePanel(self.load_code)
        # The panel's parts by the names the table has always given them.
        self.share_code_text = self.share.code_text
        self.share_link = self.share.link
        self.load_code_text = self.share.load_text
        self.load_button = self.share.load_button
        self.share_message = self.share.message
        self.children, self.settings = table_parts(self, show_share, show_language)
        self.think_ahead()
        self._after_change()
        self.observe(self._language_changed, names="lang")
        self.observe(self._on_bot_level, names="bot_level")
        self.observe(lambda _change: self._draw_share(), names="playground_url")

    @staticmethod
    def _button(action: Callable[[], object], icon: str, style: str = "") -> widgets.Button:
        button = widgets.Button(icon=icon, button_style=style, layout=widgets.Layout(width="auto"))
        button.on_click(lambda _b: action())
        return button

    # --- the session's state ----------------------------------------------------

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def deal(self) -> Deal:
        return self.session.deal

    @property
    def rules(self) -> Rules:
        return self.session.rules

    @property
    def seed(self) -> int:
        return self.session.seed

    @property
    def human(self) -> int:
        return self.session.human

    @property
    def origin(self) -> str | None:
        return self.session.origin

    @property
    def message(self) -> str:
        """The last message shown under the hand (in the current language)."""
        said = self.session.message
        return said.text(self.lang) if said is not None else ""

    @property
    def picked(self) -> list[Card]:
        return list(self.session.picked)

    @property
    def bot_plays(self) -> list[BotPlay]:
        return list(self.session.log)

    def share_code(self) -> str:
        return self.session.share_code()

    @property
    def thinks_ahead(self) -> bool:
        """Whether the bots choose their pass as soon as a deal is dealt: not in a table
        built before its visitor comes, whose kernel is then busy drawing the page (see
        hearts_teach_widgets.thinking)."""
        return self.session.thinks_ahead

    @thinks_ahead.setter
    def thinks_ahead(self, value: bool) -> None:
        self.session.thinks_ahead = value

    def think_ahead(self) -> None:
        """The bots begin choosing their pass now (:meth:`TableSession.think_ahead`)."""
        self.session.think_ahead()

    def forget_thoughts(self) -> None:
        """Drop what this table's bots began thinking ahead (the table is left for
        another): the thinking thread is the kernel's only one."""
        self.session.forget_thoughts()

    # --- settings -----------------------------------------------------------------

    def _language_changed(self, change: dict[str, Any]) -> None:
        """Every label in the new language: the choices keep their values, and the game,
        the cards picked for the pass and the typed code stay as they were."""
        lang = change["new"]
        self.hand._lang = lang  # the words of the card buttons made from now on
        self.bot_picker.unobserve(self._bot_picked, names="value")
        relabel_choices(self.bot_picker, bot_level_options(lang))
        self.bot_picker.observe(self._bot_picked, names="value")
        self.pace.relabel(lang)
        self._after_change()

    @traitlets.validate("bot_level")
    def _valid_bot_level(self, proposal: dict[str, Any]) -> str:
        return checked_bot_level(str(proposal["value"]))

    @traitlets.validate("delay")
    def _valid_delay(self, proposal: dict[str, Any]) -> float:
        return checked_delay(float(proposal["value"]))

    def set_bot_level(self, level: str) -> None:
        """The bots' strength, from the next card they play (the same as setting
        ``bot_level``)."""
        self.bot_level = level

    def set_delay(self, seconds: float) -> None:
        """The bots' speed, from their next reply (the same as setting ``delay``)."""
        self.delay = float(seconds)

    def _on_bot_level(self, change: dict[str, Any]) -> None:
        level = change["new"]
        self.session.set_bot_level(level)
        if self.bot_picker.value != level:
            self.bot_picker.value = level
        self._draw_share()  # the link reopens the deal with these bots
        self._draw_replay_level()

    def _bot_picked(self, change: dict[str, Any]) -> None:
        self.bot_level = change["new"]

    # --- actions: each sent to the session, then the table drawn again -------------------

    def _show(self, outcome: Outcome, focus: bool | None = None) -> bool:
        """Draw what ``outcome`` changed: its new cards shown in turn, the keyboard to the
        safe place after an action taken (unless ``focus`` says)."""
        if outcome.since is not None:
            self._paced_from(outcome.since)
        self._refused = outcome.refused is not None
        self._refusals += self._refused
        self._asking = False  # any action answers "a new game?" with "no"
        self._on_yes = self.new_game
        self._after_change(focus=outcome.done if focus is None else focus)
        return outcome.done

    def _paced_from(self, point: TablePoint | None) -> None:
        """The next drawing shows what was played since ``point`` in turn."""
        self._said_from = point
        self._replay = Replay(point, self.delay) if point is not None else None

    def skip(self) -> None:
        """Show the reply being played out at once."""
        self._after_change()

    def play_card(self, card: Card | str) -> bool:
        """Play ``card`` for the person; the bots answer until it is the person's turn
        again. A card the rules refuse changes nothing and its reason is shown."""
        choosing = self.deal.phase == "pass"  # a card of the hand chosen for the pass
        if not choosing and self._legal(card):
            self._say_thinking()
        outcome = self.session.play_card(card)
        return self._show(outcome, focus=outcome.done and not choosing)

    def _legal(self, card: Card | str) -> bool:
        try:
            return self.deal.explain(Card.parse(card), self.human).legal
        except HeartsError:
            return False

    @property
    def searches(self) -> bool:
        """Whether the bots search before they play (the strong ones: seconds a card)."""
        return self.bot_level in SEARCHING_LEVELS

    def _say_thinking(self) -> None:
        """Before the bots answer: with bots that search, tell the page at once (the
        drawing after their answer clears it)."""
        if self.searches:
            self.thinking.value = thinking_html(self.lang)

    def _card_chosen(self, card: Card) -> None:
        self.play_card(card)

    def toggle_pass(self, card: Card | str) -> None:
        """Choose (or put back) a card for the pass."""
        self._show(self.session.toggle_pass(card), focus=False)

    def choose_pass(self, cards: str | list[Card | str]) -> None:
        """Choose exactly these cards for the pass (replacing the current choice)."""
        self._show(self.session.choose_pass(cards), focus=False)

    def confirm_pass(self) -> bool:
        """Pass the chosen cards; the bots pass theirs and play starts."""
        if len(self.session.picked) == self.rules.pass_count:
            self._say_thinking()
        return self._show(self.session.confirm_pass())

    def choose_moon(self, choice: str) -> bool:
        """The person's choice after shooting the moon under the shooter's choice: "add"
        (the others score) or "subtract" (off the person's own total)."""
        return self._show(self.session.choose_moon(choice))

    def hint(self) -> str:
        """The strong bot's advice for the person's seat, with its reason."""
        self._show(self.session.hint(), focus=False)
        return self.message

    def undo(self) -> bool:
        """Take back the person's last card of this deal; the bots' replies go with it.
        After the person's choice on a moon they shot, take back that choice alone."""
        outcome = self.session.undo()
        if outcome.done:
            self._game_over_told = False
            self._said_from = None
        return self._show(outcome)

    def next_deal(self) -> bool:
        """Deal the next deal once this one is over (and the game is not)."""
        return self._start(self.session.next_deal())

    def new_game(self, rules: Rules | None = None, seed: int | None = None) -> None:
        """A new game (the same rules unless given); the seed moves on so the cards change."""
        self._start(self.session.new_game(rules, seed))

    def ask_new_game(self, start: Callable[[], object] | None = None) -> bool:
        """What "New game" does: a new game at once if nothing is lost by it; with a game
        under way, first the question whether to leave it (the keyboard on "no"). True
        if the new game began. ``start``: what begins it, if not a new game at this
        table (the playground's start screen, with other rules, asks the same question
        through this table's box, ``new_game_box``)."""
        begin = self.new_game if start is None else start
        if not self.session.under_way:
            begin()
            return True
        self._on_yes = begin
        self._asking = True
        self._after_change()
        self.new_game_no.focus()
        return False

    @property
    def asking(self) -> bool:
        """The question "a new game?" is shown, waiting for its answer."""
        return self._asking

    def _leave_game(self) -> None:
        """The answer "yes": the game under way is left for the new one."""
        begin, self._on_yes = self._on_yes, self.new_game
        self._asking = False
        begin()

    def keep_game(self, focus: bool = True) -> None:
        """The answer "no" to "a new game?": the game goes on as it was."""
        self._asking = False
        self._on_yes = self.new_game
        self._after_change(focus=focus)

    def load_deal(self, deal: Deal) -> None:
        """Play ``deal`` (a shared position); the game goes on from it with its rules."""
        self._start(self.session.load_deal(deal, self.origin))

    def load_code(self, code: str) -> bool:
        """Load the deal of a share code. A damaged code changes nothing and says why."""
        outcome = self.session.load_code(code)
        if not outcome.done:
            self._after_change()
            return False
        return self._start(outcome)

    def _start(self, outcome: Outcome) -> bool:
        if outcome.done:
            self._game_over_told = False
        return self._show(outcome)

    def review(self) -> DealReview | None:
        """Review the person's decisions in the deal just finished: the strong bot prices
        each from what the person could see (a few seconds), and the panel shows them,
        each with a replay; with the game's deals reviewed so far."""
        deal = self.deal
        if not deal.is_over:
            return None
        if self.review_panel is None:
            self.review_panel = ReviewPanel(self.lang)
        panel = self.review_panel
        self.review_slot.children = (panel,)
        earlier = self.session.earlier_reviews()
        deals = len(self.game.history)
        known = self.session.known_review()
        if known is not None:
            panel.show(known, GameReview.of([*earlier, known], deals))
        else:
            self.review_button.disabled = True
            try:
                known = panel.run(deal, self.human, earlier, deals)
            finally:
                self.review_button.disabled = False
            self.session.keep_review(known)
        # The review shows below the hand: the keyboard (and the view) go to the line above
        # it, not to the page's body while the button was disabled.
        self._draw_replay_level()
        self.replay_level.focus()
        return known

    def _panel_changed(self, change: dict[str, Any]) -> None:
        if self._review_lang is not None:
            self._review_lang.unlink()
            self._review_lang = None
        if change["new"] is not None:  # made here, or given (a smaller budget...)
            self._review_lang = traitlets.dlink((self, "lang"), (change["new"], "lang"))
            change["new"].at_table = self.replay_at_table
            follow_replays(change["new"])

    def replay_at_table(self, decision: Decision) -> bool:
        """Back at the table at one of the person's decisions of the deal reviewed, the
        review's better choice played for them; the bots answer and the person plays on
        (the game keeps the deal as played: :meth:`back_to_played`)."""
        outcome = self.session.replay_at_table(decision)
        if outcome.done:
            self.review_slot.children = ()
            self._game_over_told = False
        return self._show(outcome)

    def back_to_played(self) -> bool:
        """Leave a replay: the deal as played back on the table, its review with it."""
        outcome = self.session.back_to_played()
        if outcome.done:
            self.review_slot.children = ()
            self._said_from = None
        return self._show(outcome)

    # --- drawing --------------------------------------------------------------

    def status_text(self) -> str:
        """Whose turn it is, or what to do now, in the current language."""
        return status_text(self.session, self.lang)

    def note_text(self) -> str:
        """What happened since the person's last action, and what may be played now."""
        return note_text(self.session, self.lang, self._said_from)

    def _draw_replay_level(self) -> None:
        """Said above the review in a game against bots other than the replays' own: the
        replays are played by the bots of ``REPLAY_LEVEL`` (fast enough), not this game's."""
        panel = self.review_panel
        reviewed = panel.review if panel is not None and self.review_slot.children else None
        self.replay_level.value = review_line(reviewed, self.lang)

    def _draw_felt(self) -> Timeline:
        """The felt, with the reply of the last action shown in turn if it is new; the
        times of that reply."""
        deal = self.deal
        replay, self._replay = self._replay, None
        picked = self.session.picked if deal.phase == "pass" else []
        reasons = {play.choice.card: play.choice.reason(self.lang) for play in self.session.log}
        felt = live_felt_html(
            deal, self.lang, self.human, replay=replay, picked=picked, reasons=reasons
        )
        times = timeline(deal, replay, self.human)
        if times.end > 0:
            # While the reply plays out the skip button shows, and the note (what
            # happened: it would tell too soon) and the status ("your turn") wait. A
            # style of this drawing only: its names are new each time, so that the
            # animations start again.
            self._draws += 1
            felt += reply_style(
                self._name,
                f"{self._name}-{self._draws}",
                times.end,
                (".ht-note", ".ht-status"),
            )
            self.skip_button.remove_class("ht-idle")
        else:
            self.skip_button.add_class("ht-idle")
        self.felt.value = felt
        return times

    def _after_change(self, focus: bool = False) -> None:
        """Draw everything again from the game's state and the language."""
        # The page applies the changes in the order they are sent: what follows the game
        # (on_change: the page's address) first, then the hand, then the rest; so once
        # the page shows a new hand its address is the new one, and once it shows the
        # new felt or status the hand it holds is new too.
        if self.on_change is not None:
            self.on_change(self)
        with one_update_each(self.hand, self):
            self._draw()
        if focus:
            self.focus_safe_place()
        # (a replay's end is not the game's: the game keeps the deal as played)
        if self.game.is_over and not self._game_over_told and not self.session.replaying:
            self._game_over_told = True
            if self.on_game_over is not None:
                self.on_game_over(self)

    def _draw(self) -> None:
        lang = self.lang
        deal = self.deal
        rules = self.rules
        in_pass = self.session.in_pass
        if in_pass:
            states = pass_states(deal, self.human, lang, self.session.picked, self.session.hinted)
        else:
            received = deal.received(self.human) if deal.trick_number == 0 else []
            states = play_states(
                deal,
                self.human,
                lang,
                hinted=self.session.hinted,
                received=received,
                answer_refusals=True,
            )
        self.hand.show(states, dealt=rules.hand_size)
        self.status.value = (
            f'<div class="ht-status" role="status" lang="{lang}">{escape(self.status_text())}</div>'
            + page_marker(lang)
        )
        self.badges.value = (
            f'<div lang="{lang}">{badges_html(deal, lang, replay=self.session.replaying)}</div>'
        )
        times = self._draw_felt()
        self.thinking.value = ""
        self.reasons.value = reasons_html(self._reply_reasons(), deal, lang, self.human, times)
        self.note.value = self.note_text()
        count = rules.pass_count
        label_controls(self, lang)
        self.confirm_pass_button.disabled = not (in_pass and len(self.session.picked) == count)
        self.confirm_pass_button.layout.display = None if in_pass else "none"
        self.hint_button.disabled = deal.is_complete
        mine = self.session.moon_is_mine
        pending = deal.pending_moon_choice
        self.moon_box.value = (
            moon_choice_html(pending, rules, lang, self.human)
            if mine and pending is not None
            else ""
        )
        for button in self.moon_buttons.values():
            button.layout.display = None if mine else "none"
        self.undo_button.disabled = not self.session.can_undo
        self.review_button.layout.display = None if deal.is_complete else "none"
        if not deal.is_complete and self.review_slot.children:
            self.review_slot.children = ()  # a new deal, or the deal reviewed was undone
        self._draw_replay_level()
        self.next_deal_button.layout.display = None if self.session.can_deal else "none"
        self.back_to_played_button.layout.display = None if self.session.replaying else "none"
        self.new_game_box.layout.display = None if self._asking else "none"
        self.new_game_question.value = question_html("table.new_game.ask", lang, self._asking)
        self.refusal_box.value = refusal_html(self.message, lang, self._refusals, self._refused)
        shown = "" if self._refused else self.message  # said beside the hand instead
        self.message_box.value = message_html(self.session, shown, lang)
        numbers = [played.deal.deal_number + 1 for played in self.game.history]
        sheet = score_sheet_html(rules, self.game.results, lang, current=deal, numbers=numbers)
        self.score_sheet.value = f'<div lang="{lang}">{sheet}</div>'
        self.bot_log.value = log_html(self.session, lang, times)
        self.rules_box.value = f'<div lang="{lang}">{rules_html(rules, lang)}</div>'
        self._draw_share()

    def _reply_reasons(self) -> list[tuple[int, Card, str]]:
        """The bots' cards since the person's last action, with their reasons."""
        since = self._said_from
        if since is None:
            return []
        tricks = tricks_so_far(self.deal)
        recent = []
        for play in self.session.log:
            if play.trick >= len(tricks):
                continue
            cards = [card for _player, card in tricks[play.trick].plays]
            if play.choice.card in cards and (play.trick, cards.index(play.choice.card)) >= since:
                recent.append((play.player, play.choice.card, play.choice.reason(self.lang)))
        return recent

    def focus_safe_place(self) -> None:
        """Send the keyboard where the person goes on from, never to a card (a second
        Enter would play it): "Next deal" once a deal is over, the shooter's choice, or
        else the note, which says what happened and what may be played; Tab goes on
        from it to the hand."""
        deal = self.deal
        if deal.is_complete and not self.game.is_over:
            self.next_deal_button.focus()  # the keyboard goes straight on to the next deal
        elif self.session.moon_is_mine:
            self.moon_buttons["add"].focus()
        else:
            self.note.focus()

    def _draw_share(self) -> None:
        self.share.draw(self.session, self.lang, self.playground_url, self.bot_level)
