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

import itertools
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from hearts_teach import Card, Deal, Game, IllegalMove, RecordError, Rules, records
from hearts_teach.bots import Bot, Choice, MoonChoiceMade, make_bot, moon_choice_for
from hearts_teach.bots.seats import seat_seed
from hearts_teach.cards import parse_cards, sorted_for_display
from hearts_teach.i18n import card_symbol, card_symbols, ntext, text
from hearts_teach.scoring import MOON_CHOICES
from hearts_teach.teaching.review import REPLAY_LEVEL, DealReview, GameReview

from .cards import HandView, pass_states, play_states
from .render import (
    DEFAULT_PLAYGROUND_URL,
    Replay,
    Timeline,
    badges_html,
    exchange_of,
    live_felt_html,
    moon_choice_html,
    moon_choice_label,
    moon_text,
    name_of,
    playground_link,
    rules_html,
    score_sheet_html,
    table_point,
    timeline,
    timing,
    tricks_so_far,
    winners_text,
)
from .review import ReviewPanel
from .rules_picker import relabel_choices
from .shared import anchor, choice_row, describe, follow_replays, one_update_each, picture
from .style import style_tag
from .texts import BOT_LEVELS, DEFAULT_BOT_LEVEL, Localized, raw, seat_name
from .thinking import forget, served_bot, think_ahead

HINT_LEVEL = "montecarlo"
LANGUAGE_OPTIONS = (("English", "en"), ("Français", "fr"))
PACES: tuple[tuple[str, float], ...] = (
    ("slow", 0.9),
    ("normal", 0.5),
    ("fast", 0.25),
    ("instant", 0.0),
)
"""The bots' speeds offered: seconds between two cards shown."""
DEFAULT_DELAY = 0.5
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


THINK_SETTING = "HEARTS_BOT_THINK"
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


ORIGINS = (None, "address", "code")
"""Where a table's game may come from besides a new game: the page's address (a game
resumed after a reload) or a share code."""

_TABLES = itertools.count(1)  # a class per table, for the style of its own reply


@dataclass(frozen=True)
class BotPlay:
    """A card a bot played: where it sits in the deal's history, and its reason."""

    index: int
    player: int
    choice: Choice
    trick: int = 0  # tricks completed before this card


Message = Callable[[str], str]


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


class SettingError(traitlets.TraitError, ValueError):
    """A bot level or a speed the table does not offer, refused by its trait, which keeps
    the value it had."""


class HeartsTable(Localized, widgets.VBox):  # type: ignore[misc]
    """A table where the person at seat 0 plays a whole game against bots.

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
    ) -> None:
        super().__init__()
        self.lang = lang
        if origin not in ORIGINS:
            raise ValueError(f"unknown origin {origin!r}: one of {ORIGINS}")
        # Where a game that had begun elsewhere came from ("address": resumed from the
        # page's address; "code": a share code): its bots' reasons were not kept.
        self.origin = origin
        if bot_level not in BOT_LEVELS:
            raise ValueError(f"unknown bot level {bot_level!r}")
        delay = default_delay() if delay is None else delay
        if not 0 <= delay <= 5:
            raise ValueError(f"the bots' delay is from 0 to 5 seconds, not {delay!r}")
        self.add_class("ht-root")
        self.add_class("ht-table")
        self._name = f"ht-t{next(_TABLES)}"
        self.add_class(self._name)
        self.human = 0  # the person always sits at seat 0 (South); seat names count from it
        self.seed = seed
        self.playground_url = playground_url
        self.on_game_over = on_game_over
        # Called with the table after every redraw (a card, a pass, undo, a new deal...).
        self.on_change: Callable[[HeartsTable], None] | None = None
        # Whether the bots choose their pass as soon as a deal is dealt (think_ahead):
        # not in a table built before its visitor comes, whose kernel is then busy
        # drawing the page (see hearts_teach_widgets.thinking).
        self.thinks_ahead = think_ahead
        self.bot_level = bot_level
        self._log: list[BotPlay] = []
        self._picked: list[Card] = []
        self._hinted: list[Card] = []
        self._message: Message | None = None
        self._message_is_error = False
        self._share_message: Message | None = None
        self._share_is_error = False
        self._game_over_told = False
        self._moon_made: tuple[int, MoonChoiceMade] | None = None  # a bot's choice, and why
        self.delay = float(delay)
        self._replay: Replay | None = None  # the reply to show in turn, at the next draw
        self._said_from: tuple[int, int] | None = None  # what the note tells since
        self._draws = 0
        self.game = self._as_game(source)
        self._seat_bots()
        self._hint_bot: Bot | None = None

        self._style = picture(style_tag())
        self.status = picture()
        self.badges = picture()
        self.felt = picture()
        self.felt.add_class("ht-felt-box")
        self.hand = HandView(self._card_chosen, lang)
        # Where the keyboard goes after a card (never a card: a second Enter would play
        # it): what just happened and what may be played now. Not a Tab stop itself;
        # Tab goes on to the hand, drawn above it.
        self.note = widgets.Label(tabbable=False)
        self.note.add_class("ht-note")
        self.message_box = picture()
        self.confirm_pass_button = widgets.Button(
            button_style="primary", icon="exchange", layout=widgets.Layout(width="auto")
        )
        self.confirm_pass_button.on_click(lambda _b: self.confirm_pass())
        self.hint_button = widgets.Button(icon="lightbulb-o", layout=widgets.Layout(width="auto"))
        self.hint_button.on_click(lambda _b: self.hint())
        self.undo_button = widgets.Button(icon="undo", layout=widgets.Layout(width="auto"))
        self.undo_button.on_click(lambda _b: self.undo())
        self.next_deal_button = widgets.Button(
            button_style="success", icon="forward", layout=widgets.Layout(width="auto")
        )
        self.next_deal_button.on_click(lambda _b: self.next_deal())
        # The shooter's choice (docs/rules.md §3.2), when the person shot the moon: both
        # outcomes, and a button for each.
        self.moon_box = picture()
        self.moon_buttons = {
            choice: widgets.Button(
                button_style="warning", icon="check", layout=widgets.Layout(width="auto")
            )
            for choice in MOON_CHOICES
        }
        for choice, button in self.moon_buttons.items():
            button.on_click(lambda _b, chosen=choice: self.choose_moon(chosen))
        # The deal review: a button once the deal is over; its panel, made on the first
        # review (the page starts with fewer widgets), goes under the hand.
        self.review_button = widgets.Button(icon="search", layout=widgets.Layout(width="auto"))
        self.review_button.on_click(lambda _b: self.review())
        self._review_lang: traitlets.dlink | None = None  # the panel follows the table
        # Above the review: its title, and which bots play its replays; the keyboard goes
        # there once the review is shown.
        self.replay_level = anchor()
        self.observe(self._panel_changed, names="review_panel")
        self.review_slot = widgets.Box()
        self._reviews: dict[int, DealReview] = {}  # this game's deals reviewed, by number
        self.new_game_button = widgets.Button(icon="refresh", layout=widgets.Layout(width="auto"))
        self.new_game_button.on_click(lambda _b: self.new_game())
        self.skip_button = widgets.Button(icon="forward", layout=widgets.Layout(width="auto"))
        self.skip_button.add_class("ht-skip")
        self.skip_button.on_click(lambda _b: self.skip())
        self.language_picker = language_switch(lang)
        traitlets.link((self.language_picker, "value"), (self, "lang"))
        self.bot_picker = widgets.Dropdown(options=bot_level_options(lang), value=bot_level)
        self.bot_picker.observe(self._bot_picked, names="value")
        self.pace_picker = widgets.Dropdown(
            options=pace_options(lang, self.delay),
            value=self.delay,
            style={"description_width": "initial"},
        )
        self.pace_picker.observe(self._pace_picked, names="value")
        self.score_sheet = picture()
        self.bot_log = picture()
        self.rules_box = picture()
        self.share_title = picture()
        self.share_code_text = widgets.Text(
            layout=widgets.Layout(width="98%"), style={"description_width": "initial"}
        )
        self.share_link = picture()
        self.load_code_text = widgets.Text(
            layout=widgets.Layout(width="auto", flex="1 1 12em", min_width="0"),
            style={"description_width": "initial"},
        )
        self.load_button = widgets.Button(
            icon="upload", layout=widgets.Layout(width="auto", flex="0 0 auto")
        )
        self.load_button.on_click(lambda _b: self.load_code(self.load_code_text.value))
        self.share_message = picture()

        toolbar = widgets.HBox(
            [
                self.confirm_pass_button,
                *self.moon_buttons.values(),
                self.hint_button,
                self.undo_button,
                self.review_button,
                self.next_deal_button,
                self.new_game_button,
                self.skip_button,
            ]
        )
        toolbar.add_class("ht-toolbar")
        settings = widgets.HBox([self.bot_picker, self.pace_picker])
        settings.add_class("ht-toolbar")
        settings.add_class("ht-settings")
        self.settings = settings  # (the playground adds its way back to the rules)
        # A table on its own (the book) keeps its language switch above it, where a
        # reader looks for it; inside the playground the page's switch is used.
        languages = widgets.HBox([self.language_picker])
        languages.add_class("ht-toolbar")
        main = widgets.VBox(
            [
                self.felt,
                self.note,
                self.hand,
                self.moon_box,
                toolbar,
                self.message_box,
                self.replay_level,
                self.review_slot,
            ],
            layout=widgets.Layout(flex="1 1 600px", min_width="0"),
        )
        main.add_class("ht-main")
        # The settings (the bots' level and speed) beside the table, not above it: the
        # felt and the hand then fit a laptop's screen; a phone shows them after the hand.
        side = widgets.VBox(
            [settings, self.score_sheet, self.bot_log],
            layout=widgets.Layout(flex="1 1 300px", min_width="0", max_width="420px"),
        )
        side.add_class("ht-side")
        share = widgets.VBox(
            [
                self.share_title,
                self.share_code_text,
                self.share_link,
                widgets.HBox([self.load_code_text, self.load_button]),
                self.share_message,
            ],
            layout=widgets.Layout(flex="1 1 420px"),
        )
        share.add_class("ht-panel")
        bottom = widgets.HBox(
            [widgets.Box([self.rules_box], layout=widgets.Layout(flex="1 1 420px")), share],
            layout=widgets.Layout(flex_flow="row wrap", margin="10px 0 0 0"),
        )
        bottom.layout.grid_gap = "10px"
        body = widgets.HBox([main, side], layout=widgets.Layout(flex_flow="row wrap"))
        body.layout.grid_gap = "12px"
        self.children = [
            self._style,
            *([languages] if show_language else []),
            self.status,
            self.badges,
            body,
            *([bottom] if show_share else [widgets.Box([self.rules_box])]),
        ]
        self._run_bots()
        self.think_ahead()
        self._after_change()
        self.observe(self._language_changed, names="lang")
        self.observe(self._on_bot_level, names="bot_level")
        self.observe(self._on_delay, names="delay")
        self.observe(lambda _change: self._draw_share(), names="playground_url")

    # --- setup ----------------------------------------------------------------

    def _as_game(self, source: Game | Deal | Rules | None) -> Game:
        if isinstance(source, Game):
            return source
        if isinstance(source, Deal):
            return self._game_for_deal(source)
        return Game(source if source is not None else Rules(), seed=self.seed)

    def _game_for_deal(self, deal: Deal) -> Game:
        """A game whose current deal is ``deal`` (a shared or set position)."""
        game = Game(deal.rules, seed=self.seed)
        game.deal = deal
        return game

    def forget_thoughts(self) -> None:
        """Drop what this table's bots began thinking ahead (the table is left for
        another): the thinking thread is the kernel's only one."""
        forget(self._bots)

    def _seat_bots(self) -> None:
        """New bots for this game and level; the earlier ones' thoughts are dropped."""
        forget(getattr(self, "_bots", ()))
        self._bots = self._make_bots()

    def think_ahead(self) -> None:
        """In a deal that begins with a pass, the bots begin choosing theirs now (on a
        served playground, in the background while the person chooses); unless the
        table does not think ahead (``thinks_ahead``)."""
        deal = self.deal
        if self.thinks_ahead and deal.phase == "pass" and deal.passes()[self.human] is None:
            think_ahead(self._bots, [deal.view(player) for player in range(self.rules.players)])

    def _make_bots(self) -> list[Bot | None]:
        return [
            None
            if player == self.human
            else served_bot(
                make_bot(
                    self.bot_level, seed=seat_seed(self.seed, player), **bot_budget(self.bot_level)
                )
            )
            for player in range(self.rules.players)
        ]

    # --- public state ---------------------------------------------------------

    @property
    def deal(self) -> Deal:
        return self.game.deal

    @property
    def rules(self) -> Rules:
        return self.game.rules

    def _language_changed(self, change: dict[str, Any]) -> None:
        """Every label in the new language: the choices keep their values, and the game,
        the cards picked for the pass and the typed code stay as they were."""
        lang = change["new"]
        self.hand._lang = lang  # the words of the card buttons made from now on
        self.bot_picker.unobserve(self._bot_picked, names="value")
        relabel_choices(self.bot_picker, bot_level_options(lang))
        self.bot_picker.observe(self._bot_picked, names="value")
        self.pace_picker.unobserve(self._pace_picked, names="value")
        relabel_choices(self.pace_picker, pace_options(lang, self.delay))
        self.pace_picker.observe(self._pace_picked, names="value")
        self._after_change()

    @traitlets.validate("bot_level")
    def _valid_bot_level(self, proposal: dict[str, Any]) -> str:
        level = str(proposal["value"])
        if level not in BOT_LEVELS:
            raise SettingError(f"unknown bot level {level!r}")
        return level

    @traitlets.validate("delay")
    def _valid_delay(self, proposal: dict[str, Any]) -> float:
        seconds = float(proposal["value"])
        if not 0 <= seconds <= 5:
            raise SettingError(f"the bots' delay is from 0 to 5 seconds, not {seconds!r}")
        return seconds

    def set_bot_level(self, level: str) -> None:
        """The bots' strength, from the next card they play (the same as setting
        ``bot_level``)."""
        self.bot_level = level

    def set_delay(self, seconds: float) -> None:
        """The bots' speed, from their next reply (the same as setting ``delay``)."""
        self.delay = float(seconds)

    def _on_bot_level(self, change: dict[str, Any]) -> None:
        level = change["new"]
        self._seat_bots()  # (a pass under way is chosen by the new bots when confirmed)
        if self.bot_picker.value != level:
            self.bot_picker.value = level
        self._draw_share()  # the link reopens the deal with these bots
        self._draw_replay_level()

    def _on_delay(self, change: dict[str, Any]) -> None:
        if self.pace_picker.value != change["new"]:
            # A delay the picker did not offer (any from 0 to 5 s) becomes one of its
            # choices; its observer stays out of the way while the choices change.
            self.pace_picker.unobserve(self._pace_picked, names="value")
            self.pace_picker.options = pace_options(self.lang, change["new"])
            self.pace_picker.value = change["new"]
            self.pace_picker.observe(self._pace_picked, names="value")

    def skip(self) -> None:
        """Show the reply being played out at once."""
        self._after_change()

    @property
    def message(self) -> str:
        """The last message shown under the hand (in the current language)."""
        return self._message(self.lang) if self._message is not None else ""

    @property
    def picked(self) -> list[Card]:
        return list(self._picked)

    @property
    def bot_plays(self) -> list[BotPlay]:
        return list(self._log)

    def share_code(self) -> str:
        return records.share_code(self.deal)

    # --- actions --------------------------------------------------------------

    def play_card(self, card: Card | str) -> bool:
        """Play ``card`` for the person; the bots answer until it is the person's turn
        again. A card the rules refuse changes nothing and its reason is shown."""
        card = Card.parse(card)
        deal = self.deal
        if deal.phase == "pass":
            self.toggle_pass(card)
            return False
        explanation = deal.explain(card, self.human)
        if not explanation.legal:
            self._say(
                lambda lang: text("ui.refused", lang, card=card, reason=explanation.text(lang)),
                error=True,
            )
            self._after_change()
            return False
        before = table_point(deal)
        try:
            self.game.play(card, self.human)
        except IllegalMove as refusal:
            failure = refusal
            self._say(
                lambda lang: text("ui.refused", lang, card=card, reason=failure.message(lang)),
                error=True,
            )
            self._after_change()
            return False
        self._hinted = []
        self._message = None
        self._share_message = None
        self._run_bots()
        self._paced_from(before)
        self._after_change(focus=True)
        return True

    def _paced_from(self, point: tuple[int, int]) -> None:
        """The next drawing shows what was played since ``point`` in turn."""
        self._said_from = point
        self._replay = Replay(point, self.delay)

    def _card_chosen(self, card: Card) -> None:
        if self.deal.phase == "pass":
            self.toggle_pass(card)
        else:
            self.play_card(card)

    def toggle_pass(self, card: Card | str) -> None:
        """Choose (or put back) a card for the pass."""
        card = Card.parse(card)
        deal = self.deal
        if deal.phase != "pass" or card not in deal.hand(self.human):
            return
        if card in self._picked:
            self._picked.remove(card)
        else:
            self._picked.append(card)
        self._message = None
        self._after_change()

    def choose_pass(self, cards: str | list[Card | str]) -> None:
        """Choose exactly these cards for the pass (replacing the current choice)."""
        self._picked = parse_cards(cards)
        self._after_change()

    def confirm_pass(self) -> bool:
        """Pass the chosen cards; the bots pass theirs and play starts."""
        deal = self.deal
        if deal.phase != "pass":
            return False
        try:
            self.game.pass_cards(self.human, self._picked)
        except IllegalMove as refusal:
            self._say(refusal.message, error=True)
            self._after_change()
            return False
        self._picked = []
        self._hinted = []
        self._bots_pass()
        self._share_message = None
        exchange = exchange_of(self.deal, self.human)  # in the hand's order, as the felt
        assert exchange is not None  # every card has been passed
        rules = self.rules
        self._say(
            lambda lang: text(
                "ui.pass.received",
                lang,
                given=card_symbols(exchange.given, lang),
                to=name_of(exchange.to, rules, lang),
                got=card_symbols(exchange.received, lang),
                source=name_of(exchange.source, rules, lang),
            )
        )
        self._run_bots()
        self._paced_from((0, 0))
        self._after_change(focus=True)
        return True

    def _pass_partners(self) -> tuple[int, int]:
        """The seats the person passes to and receives from in this deal."""
        direction = self.deal.pass_direction
        assert direction is not None
        return (
            self.rules.pass_receiver(self.human, direction),
            self.rules.pass_giver(self.human, direction),
        )

    def _bots_pass(self) -> None:
        chosen = self.deal.passes()
        for player, bot in enumerate(self._bots):
            if bot is not None and chosen[player] is None and self.deal.phase == "pass":
                decision = bot.pass_cards(self.deal.view(player))
                self.game.pass_cards(player, list(decision.cards))

    def _run_bots(self) -> None:
        """Bots play until it is the person's turn or the deal is over."""
        deal = self.deal
        if deal.phase == "pass" and deal.passes()[self.human] is not None:
            self._bots_pass()
        while deal.phase == "play" and deal.to_play != self.human:
            player = deal.to_play
            bot = self._bots[player]
            assert bot is not None
            choice = bot.play(deal.view(player))
            index = len(deal.history)
            trick = deal.trick_number
            self.game.play(choice.card, player)
            self._log.append(BotPlay(index, player, choice, trick))
        if not deal.is_over:
            return
        pending = deal.pending_moon_choice
        if pending is not None and pending.shooter != self.human:
            # A bot shot the moon: it chooses by the game's totals, and says why.
            bot = self._bots[pending.shooter]
            assert bot is not None
            made = bot.choose_moon(deal.view(pending.shooter))
            self.game.choose_moon(made.choice)
            self._moon_made = (pending.shooter, made)
        if deal.is_complete:
            self._deal_finished()
        else:
            self._say(lambda lang: text("ui.moon_choice.yours", lang))

    def choose_moon(self, choice: str) -> bool:
        """The person's choice after shooting the moon under the shooter's choice: "add"
        (the others score) or "subtract" (off the person's own total). Refused, changing
        nothing, when no such choice is the person's to make."""
        pending = self.deal.pending_moon_choice
        if pending is None or pending.shooter != self.human or choice not in MOON_CHOICES:
            self._say(lambda lang: text("ui.moon_choice.not_now", lang), error=True)
            self._after_change()
            return False
        self.game.choose_moon(choice)
        self._share_message = None
        self._deal_finished()
        self._after_change(focus=True)
        return True

    def _deal_finished(self) -> None:
        result = self.game.results[-1]
        rules = self.rules
        number = self.deal.deal_number + 1
        game_over = self.game.is_over
        winners = self.game.winners
        chosen = self.deal.moon_choice
        made = self._moon_made

        def sentence(lang: str) -> str:
            parts = [text("ui.deal.scores", lang, number=number)]
            if result.moon is not None:
                parts.append(moon_text(result.moon, rules, lang))
            if made is not None:
                seat = name_of(made[0], rules, lang)
                parts.append(
                    text("ui.moon_choice.bot", lang, seat=seat, reason=made[1].reason(lang))
                )
            elif chosen is not None:
                parts.append(text(f"ui.moon_choice.you_{chosen}", lang, amount=rules.moon_value))
            if game_over:
                parts.append(winners_text(rules, winners, lang))
            elif rules.deals is not None and number >= rules.deals:
                parts.append(text("ui.deals.tie", lang))
            elif rules.deals is not None:
                parts.append(ntext("ui.deals.left", rules.deals - number, lang))
            else:
                parts.append(text("ui.game.continue", lang, target=rules.target))
            return " ".join(parts)

        self._say(sentence)

    def hint(self) -> str:
        """The strong bot's advice for the person's seat, with its reason."""
        deal = self.deal
        if self._hint_bot is None:
            self._hint_bot = served_bot(
                make_bot(HINT_LEVEL, seed=f"hint:{self.seed}", **bot_budget(HINT_LEVEL))
            )
        view = deal.view(self.human)
        if deal.phase == "pass" and deal.passes()[self.human] is None:
            passing = self._hint_bot.pass_cards(view)
            self._hinted = list(passing.cards)
            self._say(
                lambda lang: text(
                    "ui.hint.pass",
                    lang,
                    cards=card_symbols(passing.cards, lang),
                    reason=passing.advice(lang),
                )
            )
        elif deal.phase == "play" and deal.to_play == self.human:
            choice = self._hint_bot.play(view)
            self._hinted = [choice.card]

            def advice_text(lang: str) -> str:
                card = card_symbol(choice.card, lang)
                said = [text("ui.hint.play", lang, card=card, reason=choice.advice(lang))]
                if choice.figures:  # best first, with the choice and every card it names
                    said.append(text("ui.hint.odds", lang, estimates=choice.priced_text(lang)))
                return " ".join(said)

            self._say(advice_text)
        elif self._moon_is_mine():
            made = moon_choice_for(view)
            rules = self.rules
            self._say(
                lambda lang: text(
                    "ui.hint.moon",
                    lang,
                    choice=moon_choice_label(made.choice, rules, lang),
                    reason=made.advice(lang),
                )
            )
        else:
            self._say(lambda lang: text("ui.hint.not_now", lang))
        self._after_change()
        return self.message

    def review(self) -> DealReview | None:
        """Review the person's decisions in the deal just finished: the strong bot prices
        each from what the person could see (a few seconds), and the panel shows them,
        costliest first, each with a replay; with the game's deals reviewed so far."""
        deal = self.deal
        if not deal.is_over:
            return None
        if self.review_panel is None:
            self.review_panel = ReviewPanel(self.lang)
        panel = self.review_panel
        self.review_slot.children = (panel,)
        self._draw_replay_level()
        number = deal.deal_number
        earlier = [r for n, r in sorted(self._reviews.items()) if n != number]
        known = self._reviews.get(number)
        if known is not None and known.deal.history == deal.history:
            panel.show(known, GameReview.of([*earlier, known], len(self.game.history)))
            self._draw_replay_level()
            self.replay_level.focus()
            return known
        self.review_button.disabled = True
        try:
            found = panel.run(deal, self.human, earlier, len(self.game.history))
        finally:
            self.review_button.disabled = False
        self._reviews[number] = found
        # The review shows below the hand: the keyboard (and the view) go to the line above
        # it, not to the page's body while the button was disabled.
        self._draw_replay_level()
        self.replay_level.focus()
        return found

    def _draw_replay_level(self) -> None:
        """Said above the review in a game against bots other than the replays' own: the
        replays are played by the bots of ``REPLAY_LEVEL`` (fast enough), not this game's."""
        lang = self.lang
        panel = self.review_panel
        if panel is None or panel.review is None or not self.review_slot.children:
            self.replay_level.value = ""
            return
        said = [text("ui.review.title", lang, number=panel.review.deal.deal_number + 1)]
        if self.bot_level != REPLAY_LEVEL:
            said.append(
                text(
                    "ui.review.replay_level",
                    lang,
                    game=raw(f"ui.bot.{self.bot_level}", lang),
                    replay=raw(f"ui.bot.{REPLAY_LEVEL}", lang),
                )
            )
        self.replay_level.value = " — ".join(said)

    def _moon_is_mine(self) -> bool:
        """The person shot the moon and its score waits for their choice."""
        pending = self.deal.pending_moon_choice
        return pending is not None and pending.shooter == self.human

    def undo(self) -> bool:
        """Take back the person's last card of this deal; the bots' replies go with it.
        After the person's choice on a moon they shot, take back that choice alone."""
        deal = self.deal
        if deal.moon_choice is not None and self._moon_made is None:
            self.game.undo()
            self._game_over_told = False
            self._share_message = None
            self._say(lambda lang: text("ui.moon_choice.undone", lang))
            self._after_change(focus=True)
            return True
        history = deal.history
        mine = [
            index
            for index, (kind, player, _cards) in enumerate(history)
            if kind == "play" and player == self.human
        ]
        if not mine:
            self._say(lambda lang: text("ui.undo.none", lang), error=True)
            self._after_change()
            return False
        last = mine[-1]
        card = history[last][2][0]
        if deal.moon_choice is not None:  # a bot's choice goes with the cards it followed
            self.game.undo()
        self._moon_made = None
        for _ in range(len(history) - last):
            self.game.undo()
        self._log = [play for play in self._log if play.index < last]
        self._hinted = []
        self._game_over_told = False
        self._said_from = None
        self._share_message = None
        self._say(lambda lang: text("ui.undo.done", lang, card=card))
        self._after_change(focus=True)
        return True

    def next_deal(self) -> bool:
        """Deal the next deal once this one is over (and the game is not)."""
        if not self.deal.is_complete or self.game.is_over:
            return False
        self.game.next_deal()
        self._start_deal()
        return True

    def new_game(self, rules: Rules | None = None, seed: int | None = None) -> None:
        """A new game (the same rules unless given); the seed moves on so the cards change."""
        self.seed = seed if seed is not None else self.seed + 1
        self.game = Game(rules if rules is not None else self.rules, seed=self.seed)
        self._seat_bots()
        self._hint_bot = None
        self._reviews = {}
        self._start_deal()

    def load_deal(self, deal: Deal) -> None:
        """Play ``deal`` (a shared position); the game goes on from it with its rules."""
        self.game = self._game_for_deal(deal)
        self._seat_bots()
        self._hint_bot = None
        self._reviews = {}
        self._start_deal()

    def load_code(self, code: str) -> bool:
        """Load the deal of a share code. A damaged code changes nothing and says why."""
        code = code.strip()
        if not code:
            self._message = None  # a message about the game would read as about the code
            self._say_share(lambda lang: text("ui.share.empty", lang), error=True)
            return False
        try:
            deal = records.deal_from_code(code)
        except RecordError as error:
            damaged = error
            self._message = None
            self._say_share(
                lambda lang: text("ui.share.kept", lang, error=damaged.message(lang)), error=True
            )
            return False
        self.origin = "code"  # its bots' reasons were not kept
        self.load_deal(deal)
        self._say_share(lambda lang: text("ui.share.loaded", lang))
        return True

    def _start_deal(self) -> None:
        self._log = []
        self._moon_made = None
        self._picked = []
        self._hinted = []
        self._message = None
        self._share_message = None
        self._game_over_told = False
        start = table_point(self.deal)
        self._run_bots()
        self.think_ahead()
        self._paced_from(start)
        self._after_change(focus=True)

    # --- messages -------------------------------------------------------------

    def _say(self, message: Message, error: bool = False) -> None:
        self._message = message
        self._message_is_error = error

    def _say_share(self, message: Message, error: bool = False) -> None:
        self._share_message = message
        self._share_is_error = error
        self._after_change()

    # --- events ---------------------------------------------------------------

    def _panel_changed(self, change: dict[str, Any]) -> None:
        if self._review_lang is not None:
            self._review_lang.unlink()
            self._review_lang = None
        if change["new"] is not None:  # made here, or given (a smaller budget...)
            self._review_lang = traitlets.dlink((self, "lang"), (change["new"], "lang"))
            follow_replays(change["new"])

    def _bot_picked(self, change: dict[str, Any]) -> None:
        self.bot_level = change["new"]

    def _pace_picked(self, change: dict[str, Any]) -> None:
        self.delay = change["new"]

    # --- drawing --------------------------------------------------------------

    def status_text(self) -> str:
        """Whose turn it is, or what to do now, in the current language."""
        lang = self.lang
        deal = self.deal
        if self._moon_is_mine():
            return text("ui.moon_choice.yours", lang)
        if deal.is_over:
            return (
                text("ui.turn.game_over", lang) if self.game.is_over else text("ui.turn.over", lang)
            )
        if deal.phase == "pass":
            direction = deal.pass_direction
            count = self.rules.pass_count
            to_seat, _from_seat = self._pass_partners()
            where = raw("pass.other" if self.rules.players == 2 else f"pass.{direction}", lang)
            sentence = text(
                "ui.pass.choose",
                lang,
                count=count,
                direction=where,
                seat=name_of(to_seat, self.rules, lang),
            )
            chosen = text("ui.pass.chosen", lang, chosen=len(self._picked), count=count)
            return f"{sentence} {chosen}."
        if deal.to_play == self.human:
            return text("ui.turn.you", lang)
        return text("ui.turn.other", lang, seat=name_of(deal.to_play, self.rules, lang))

    def note_text(self) -> str:
        """What happened since the person's last action, trick by trick, and what may be
        played now (the reason each greyed card is refused), in the current language."""
        lang = self.lang
        deal = self.deal
        n = self.rules.players
        said = []
        if self._said_from is not None:
            tricks = tricks_so_far(deal)
            for trick_index in range(self._said_from[0], len(tricks)):
                trick = tricks[trick_index]
                you = raw("ui.note.you", lang)  # inside the sentence: no capital
                plays = ", ".join(
                    f"{you if player == self.human else seat_name(player, n, lang)} "
                    f"{card_symbol(card, lang)}"
                    for player, card in trick.plays
                )
                number = trick_index + 1
                if trick.winner is None:
                    said.append(text("ui.note.so_far", lang, number=number, plays=plays))
                elif trick.winner == self.human:
                    said.append(text("ui.note.won_you", lang, number=number, plays=plays))
                else:
                    seat = seat_name(trick.winner, n, lang)
                    said.append(text("ui.note.won", lang, number=number, plays=plays, seat=seat))
        if deal.phase == "pass" and deal.passes()[self.human] is None:
            to_seat, _from_seat = self._pass_partners()
            count = self.rules.pass_count
            goes = text("ui.pass.goes", lang, count=count, seat=name_of(to_seat, self.rules, lang))
            if self._picked:
                cards = card_symbols(sorted_for_display(self._picked), lang)
                said.append(text("ui.note.goes_chosen", lang, goes=goes, cards=cards))
            else:
                said.append(f"{goes}.")
        if deal.phase == "play" and not deal.is_over and deal.to_play == self.human:
            said.append(text("ui.turn.you", lang))
            reasons: list[str] = []
            for card in deal.hand(self.human):
                explanation = deal.explain(card)
                if not explanation.legal and explanation.text(lang) not in reasons:
                    reasons.append(explanation.text(lang))
            said.extend(reasons)
        return " ".join(said)

    def _log_html(self, times: Timeline) -> str:
        """The bots' cards and reasons, trick by trick, oldest first (the order a screen
        reader reads them), in a box that stays scrolled to the newest: a scroll box in
        reversed column order starts at its end. During a reply each line shows with its
        card on the felt."""
        lang = self.lang
        tricks = tricks_so_far(self.deal)
        shown_at = {tricks[i].plays[p][1]: moment for (i, p), moment in times.appear.items()}
        groups: dict[int, list[tuple[float, str]]] = {}
        # The bots' cards played before this table opened the game (resumed from the
        # address, or a share code's position): their cards are in the deal, their reasons
        # were not kept. Listed with their trick, and the reason for the missing reasons.
        logged = {play.index for play in self._log}
        trick_of = {card: number for number, trick in enumerate(tricks) for _, card in trick.plays}
        earlier = False
        for index, (kind, player, cards) in enumerate(self.deal.history):
            if kind != "play" or player == self.human or index in logged:
                continue
            earlier = True
            line = text(
                "ui.log.earlier",
                lang,
                seat=name_of(player, self.rules, lang),
                card=card_symbol(cards[0], lang),
            )
            item = f'<li class="ht-log-line ht-log-earlier">{escape(line)}</li>'
            groups.setdefault(trick_of[cards[0]], []).append((0.0, item))
        for play in self._log:
            line = text(
                "ui.bot.played",
                lang,
                seat=name_of(play.player, self.rules, lang),
                card=card_symbol(play.choice.card, lang),
                reason=play.choice.reason(lang),
            )
            moment = shown_at.get(play.choice.card, 0.0)
            classes, style = timing(moment)
            item = f'<li class="ht-log-line{classes}"{style}>{escape(line)}</li>'
            groups.setdefault(play.trick, []).append((moment, item))
        title = f"<h3>{escape(text('ui.log.title', lang))}</h3>"
        if earlier and self.origin is not None:
            key = "ui.log.resumed" if self.origin == "address" else "ui.log.opened"
            why = text(key, lang)
            title += f'<p class="ht-log-why">{escape(why)}</p>'
        if not groups:
            body = f"<p>{escape(text('ui.log.empty', lang))}</p>"
        else:
            parts = []
            for number, lines in sorted(groups.items()):
                classes, style = timing(min(moment for moment, _ in lines))
                head = escape(text("ui.log.trick", lang, number=number + 1))
                parts.append(
                    f'<li class="ht-log-trick{classes}"{style}><div class="ht-log-head">{head}</div>'
                    f'<ul class="ht-log">{"".join(item for _, item in lines)}</ul></li>'
                )
            body = f'<div class="ht-log-box"><ol class="ht-log-tricks">{"".join(parts)}</ol></div>'
        return f'<div class="ht-panel" lang="{lang}">{title}{body}</div>'

    def _draw_felt(self) -> Timeline:
        """The felt, with the reply of the last action shown in turn if it is new; the
        times of that reply."""
        deal = self.deal
        replay, self._replay = self._replay, None
        picked = self._picked if deal.phase == "pass" else []
        reasons = {play.choice.card: play.choice.reason(self.lang) for play in self._log}
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
            name = f"{self._name}-{self._draws}"
            end = f"{times.end:.2f}s"
            felt += (
                f"<style>.{self._name} .ht-skip{{animation:{name}-skip 0s {end} forwards}}"
                f"@keyframes {name}-skip{{to{{visibility:hidden}}}}"
                f".{self._name} .ht-note,.{self._name} .ht-status"
                f"{{animation:{name}-note .3s ease-out {end} both}}"
                f"@keyframes {name}-note{{from{{opacity:0}}}}</style>"
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
        if self.game.is_over and not self._game_over_told:
            self._game_over_told = True
            if self.on_game_over is not None:
                self.on_game_over(self)

    def _draw(self) -> None:
        lang = self.lang
        deal = self.deal
        rules = self.rules
        in_pass = deal.phase == "pass" and deal.passes()[self.human] is None
        if in_pass:
            states = pass_states(deal, self.human, lang, self._picked, self._hinted)
        else:
            received = deal.received(self.human) if deal.trick_number == 0 else []
            states = play_states(deal, self.human, lang, hinted=self._hinted, received=received)
        self.hand.show(states)
        if rules.hand_size > 13:  # two rows on a phone (hearts_teach_widgets.style)
            self.hand.add_class("ht-big-hand")
        else:
            self.hand.remove_class("ht-big-hand")
        self.status.value = (
            f'<div class="ht-status" role="status" lang="{lang}">{escape(self.status_text())}</div>'
            + page_marker(lang)
        )
        self.badges.value = f'<div lang="{lang}">{badges_html(deal, lang)}</div>'
        times = self._draw_felt()
        self.note.value = self.note_text()
        count = rules.pass_count
        self.confirm_pass_button.description = text("ui.pass.confirm", lang)
        self.confirm_pass_button.tooltip = text(
            "ui.pass.chosen", lang, chosen=len(self._picked), count=count
        )
        self.confirm_pass_button.disabled = not (in_pass and len(self._picked) == count)
        self.confirm_pass_button.layout.display = None if in_pass else "none"
        self.hint_button.description = text("ui.button.hint", lang)
        self.hint_button.tooltip = text("ui.button.hint_help", lang)
        self.hint_button.disabled = deal.is_complete
        mine = self._moon_is_mine()
        pending = deal.pending_moon_choice
        self.moon_box.value = (
            moon_choice_html(pending, rules, lang, self.human)
            if mine and pending is not None
            else ""
        )
        for choice, button in self.moon_buttons.items():
            button.description = moon_choice_label(choice, rules, lang)
            button.tooltip = button.description
            button.layout.display = None if mine else "none"
        self.undo_button.description = text("ui.button.undo", lang)
        self.undo_button.tooltip = text("ui.button.undo", lang)
        self.undo_button.disabled = not any(
            kind == "play" and player == self.human for kind, player, _ in deal.history
        )
        self.review_button.description = text("ui.review.button", lang)
        self.review_button.tooltip = text("ui.review.button_help", lang)
        self.review_button.layout.display = None if deal.is_complete else "none"
        if not deal.is_complete and self.review_slot.children:
            self.review_slot.children = ()  # a new deal, or the deal reviewed was undone
        self._draw_replay_level()
        self.next_deal_button.description = text("ui.button.next_deal", lang)
        self.next_deal_button.tooltip = text("ui.button.next_deal", lang)
        can_deal = deal.is_complete and not self.game.is_over
        self.next_deal_button.layout.display = None if can_deal else "none"
        self.new_game_button.description = text("ui.button.new_game", lang)
        self.new_game_button.tooltip = text("ui.button.new_game", lang)
        self.skip_button.description = text("ui.button.skip", lang)
        self.skip_button.tooltip = text("ui.button.skip_help", lang)
        describe(self.language_picker, text("ui.label.language", lang))
        describe(self.bot_picker, text("ui.label.bots", lang))
        describe(self.pace_picker, text("ui.pace.label", lang))
        css = "ht-message ht-error" if self._message_is_error else "ht-message"
        self.message_box.value = f'<div class="{css}" role="status" aria-live="polite" lang="{lang}">{escape(self.message)}</div>'
        numbers = [played.deal.deal_number + 1 for played in self.game.history]
        sheet = score_sheet_html(rules, self.game.results, lang, current=deal, numbers=numbers)
        self.score_sheet.value = f'<div lang="{lang}">{sheet}</div>'
        self.bot_log.value = self._log_html(times)
        self.rules_box.value = f'<div lang="{lang}">{rules_html(rules, lang)}</div>'
        self._draw_share()

    def focus_safe_place(self) -> None:
        """Send the keyboard where the person goes on from, never to a card (a second
        Enter would play it): "Next deal" once a deal is over, the shooter's choice, or
        else the note, which says what happened and what may be played; Tab goes on
        from it to the hand."""
        deal = self.deal
        if deal.is_complete and not self.game.is_over:
            self.next_deal_button.focus()  # the keyboard goes straight on to the next deal
        elif self._moon_is_mine():
            self.moon_buttons["add"].focus()
        else:
            self.note.focus()

    def _draw_share(self) -> None:
        lang = self.lang
        self.share_title.value = f"<h3 lang='{lang}'>{escape(text('ui.share.title', lang))}</h3>"
        code = self.share_code()
        describe(self.share_code_text, text("ui.share.code", lang))
        self.share_code_text.value = code
        describe(
            self.load_code_text, text("ui.share.input", lang), text("ui.share.placeholder", lang)
        )
        self.load_code_text.placeholder = text("ui.share.placeholder", lang)
        self.load_button.description = text("ui.button.load", lang)
        self.load_button.tooltip = text("ui.button.load", lang)
        bots = None if self.bot_level == DEFAULT_BOT_LEVEL else self.bot_level
        link = playground_link(code, self.playground_url, lang, bots) if code else ""
        # A link drawn as a button (it opens a page: a link to screen readers and to the
        # keyboard, Tab reaches it and Enter follows it); the arrow is not part of its name.
        help_text = escape(text("ui.share.link_help", lang), quote=True)
        self.share_link.value = (
            f'<a class="ht-link ht-link-button" href="{escape(link)}" target="_blank" '
            f'rel="noopener" lang="{lang}" title="{help_text}">'
            f"{escape(text('ui.share.link', lang))}"
            '<span class="ht-link-arrow" aria-hidden="true"> ↗</span></a>'
            if link
            else ""
        )
        message = self._share_message(lang) if self._share_message is not None else ""
        css = "ht-message ht-error" if self._share_is_error and message else "ht-message"
        self.share_message.value = (
            f'<div class="{css}" role="status" lang="{lang}">{escape(message)}</div>'
        )
