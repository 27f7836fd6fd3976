"""The playground served by Voilà: a start screen, the table, the end-of-game summary,
and (when ``widgets.lessons`` provides it) a lessons tab.

``?deal=CODE`` in the address starts that deal; ``?lang=fr`` opens the French pages.
Voilà gives the address's query string to the kernel as ``QUERY_STRING``.
"""

from __future__ import annotations

import importlib
import logging
import os
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from hearts_teach import Deal, RecordError, Rules
from hearts_teach.i18n import check_lang, text
from widgets.address import page_url, query_parameters, request_query_string
from widgets.render import DEFAULT_PLAYGROUND_URL
from widgets.rules_picker import RulesPicker, relabel_choices
from widgets.shared import picture
from widgets.style import style_tag
from widgets.summary import summary_html
from widgets.table import LANGUAGE_OPTIONS, HeartsTable, bot_level_options
from widgets.texts import BOT_LEVELS, DEFAULT_BOT_LEVEL, LANGUAGES

log = logging.getLogger(__name__)


def _lessons_factory() -> Callable[..., widgets.Widget] | None:
    """The lessons helper's hook: ``widgets.lessons.lessons_panel(lang, playground)``."""
    try:
        module = importlib.import_module("widgets.lessons")
    except ImportError:
        return None
    factory: Callable[..., widgets.Widget] | None = getattr(module, "lessons_panel", None)
    return factory


class Playground(widgets.VBox):  # type: ignore[misc]
    """Start screen → table → summary, in French or English, with a lessons tab if any."""

    def __init__(
        self,
        lang: str = "en",
        *,
        deal_code: str | None = None,
        seed: int = 1,
        playground_url: str = DEFAULT_PLAYGROUND_URL,
        with_lessons: bool = True,
        bot_level: str = DEFAULT_BOT_LEVEL,
    ) -> None:
        super().__init__()
        if lang not in LANGUAGES:
            lang = "en"
        if bot_level not in BOT_LEVELS:
            bot_level = DEFAULT_BOT_LEVEL
        self.add_class("ht-root")
        self._lang = lang
        self.seed = seed
        self.playground_url = playground_url
        self.table: HeartsTable | None = None
        self.screen = "start"
        self._start_error: RecordError | None = None

        self.title = picture()
        self.language_picker = widgets.ToggleButtons(
            options=LANGUAGE_OPTIONS, value=lang, style={"button_width": "80px"}
        )
        self.language_picker.observe(lambda change: self.set_lang(change["new"]), names="value")
        self.start_intro = picture()
        # The rules picker is built when the start screen is first needed: a page
        # opened on a shared deal shows its table sooner.
        self._rules_picker: RulesPicker | None = None
        self._picker_slot = widgets.Box()
        self.bot_picker = widgets.Dropdown(
            options=bot_level_options(lang),
            value=bot_level,
            style={"description_width": "190px"},
            layout=widgets.Layout(width="520px"),
        )
        self.start_button = widgets.Button(
            button_style="primary",
            icon="play",
            layout=widgets.Layout(width="auto", align_self="flex-start", margin="8px 0 0 0"),
        )
        self.start_button.on_click(lambda _b: self.start())
        self.start_message = picture()
        self.start_screen = widgets.VBox(
            [
                self.start_intro,
                self._picker_slot,
                self.bot_picker,
                self.start_button,
                self.start_message,
            ],
            layout=widgets.Layout(max_width="720px"),
        )
        self.start_screen.add_class("ht-panel")
        self.summary = picture()
        self.again_button = widgets.Button(
            button_style="primary", icon="refresh", layout=widgets.Layout(width="auto")
        )
        self.again_button.on_click(lambda _b: self.start())
        self.change_rules_button = widgets.Button(
            icon="sliders", layout=widgets.Layout(width="auto")
        )
        self.change_rules_button.on_click(lambda _b: self.show_start())
        self.summary_screen = widgets.VBox(
            [self.summary, widgets.HBox([self.again_button, self.change_rules_button])]
        )
        self.play_area = widgets.VBox([self.start_screen])
        # The lessons tab is built when first opened: the table shows sooner.
        self.lessons: widgets.Widget | None = None
        self._lessons_factory = _lessons_factory() if with_lessons else None
        self._lessons_slot = widgets.VBox()
        if self._lessons_factory is not None:
            self.tabs: widgets.Tab | None = widgets.Tab([self.play_area, self._lessons_slot])
            self.tabs.observe(self._tab_selected, names="selected_index")
            body: widgets.Widget = self.tabs
        else:
            self.tabs = None
            body = self.play_area
        header = widgets.HBox(
            [self.title, self.language_picker],
            layout=widgets.Layout(justify_content="space-between", align_items="center"),
        )
        self.children = [picture(style_tag()), header, body]
        if not deal_code:
            self._build_rules_picker()
        self._relabel()
        if deal_code and not self.open_code(deal_code):
            self._build_rules_picker()

    @property
    def rules_picker(self) -> RulesPicker:
        return self._build_rules_picker()

    def _build_rules_picker(self) -> RulesPicker:
        if self._rules_picker is None:
            self._rules_picker = RulesPicker(self._lang)
            self._rules_picker.on_change(self._rules_changed)
            self._picker_slot.children = [self._rules_picker]
            self._rules_changed(self._rules_picker.rules)
        return self._rules_picker

    @classmethod
    def from_environment(
        cls, environ: Mapping[str, str] | None = None, **options: Any
    ) -> Playground:
        """The playground for this Voilà request: ``?deal=CODE``, ``?lang=fr`` and
        ``?bots=montecarlo`` are read from ``QUERY_STRING`` (unknown values are ignored).
        Under Voici (the static book) ``HEARTS_PAGE_URL`` is the page its links go to."""
        environ = os.environ if environ is None else environ
        parameters = query_parameters(request_query_string(environ))
        book_page = page_url(environ)
        if book_page is not None:
            # The static book's page around the playground: its links lead back there.
            options.setdefault("playground_url", book_page)
        return cls(
            parameters.get("lang", "en"),
            deal_code=parameters.get("deal"),
            bot_level=parameters.get("bots", DEFAULT_BOT_LEVEL),
            **options,
        )

    def open_lessons(self) -> widgets.Widget | None:
        """Build the lessons tab (once) and show it."""
        if self.lessons is None and self._lessons_factory is not None:
            try:
                self.lessons = self._lessons_factory(lang=self._lang, playground=self)
            except Exception:  # a broken lesson must not take the playground down
                log.exception("the lessons tab could not be built")
                self._lessons_factory = None
                return None
            self._lessons_slot.children = [self.lessons]
        if self.tabs is not None and self.tabs.selected_index != 1:
            self.tabs.selected_index = 1
        return self.lessons

    def _tab_selected(self, change: dict[str, Any]) -> None:
        if change["new"] == 1:
            self.open_lessons()

    # --- language -------------------------------------------------------------

    @property
    def lang(self) -> str:
        return self._lang

    def set_lang(self, lang: str) -> None:
        """Every label of every screen in ``lang``; the game in progress is kept."""
        check_lang(lang)
        if lang == self._lang:
            return
        self._lang = lang
        if self.language_picker.value != lang:
            self.language_picker.value = lang
        if self._rules_picker is not None:
            self._rules_picker.set_lang(lang)
        relabel_choices(self.bot_picker, bot_level_options(lang))
        if self.table is not None:
            self.table.set_lang(lang)
        if self.lessons is not None and hasattr(self.lessons, "set_lang"):
            self.lessons.set_lang(lang)
        self._relabel()

    def _relabel(self) -> None:
        lang = self._lang
        self.title.value = f"<h2 lang='{lang}'>♥ {escape(text('ui.title', lang))} ♠</h2>"
        self.language_picker.description = text("ui.label.language", lang)
        self.start_intro.value = f"<h3>{escape(text('ui.start.title', lang))}</h3><p>{escape(text('ui.start.intro', lang))}</p>"
        self.bot_picker.description = text("ui.label.bots", lang)
        self.start_button.description = text("ui.button.start", lang)
        self.start_button.tooltip = text("ui.button.start", lang)
        self.again_button.description = text("ui.button.new_game", lang)
        self.again_button.tooltip = text("ui.button.new_game", lang)
        self.change_rules_button.description = text("ui.button.change_rules", lang)
        self.change_rules_button.tooltip = text("ui.button.change_rules", lang)
        if self.tabs is not None:
            self.tabs.titles = (text("ui.tab.play", lang), text("ui.tab.lessons", lang))
        if self.screen == "summary" and self.table is not None:
            self.summary.value = summary_html(self.table.game, lang)
        if self._rules_picker is not None:
            self._rules_changed(self._rules_picker.rules)
        error = self._start_error
        self.start_message.value = (
            f'<div class="ht-message ht-error" role="alert">{escape(error.message(lang))}</div>'
            if error is not None
            else ""
        )

    def _rules_changed(self, rules: Rules | None) -> None:
        self.start_button.disabled = rules is None

    # --- screens --------------------------------------------------------------

    def start(self, rules: Rules | None = None) -> HeartsTable:
        """Start a game with the chosen rules (or ``rules``) and show the table."""
        rules = rules if rules is not None else self.rules_picker.rules
        if rules is None:
            raise ValueError("the chosen options cannot be played")
        self.seed += 1
        table = self._new_table(rules)
        self._show_table(table)
        return table

    def _new_table(self, source: Rules | Deal) -> HeartsTable:
        table = HeartsTable(
            source,
            lang=self._lang,
            bot_level=self.bot_picker.value,
            seed=self.seed,
            playground_url=self.playground_url,
            on_game_over=self._game_over,
            show_language=False,
        )
        table.language_picker.observe(lambda change: self.set_lang(change["new"]), names="value")
        table.new_game_button.on_click(lambda _b: self._back_to_table())
        # Taking back the last card of a finished game reopens it: the summary goes.
        table.undo_button.on_click(lambda _b: None if table.game.is_over else self._back_to_table())
        return table

    def _show_table(self, table: HeartsTable) -> None:
        self.table = table
        self.screen = "table"
        self.play_area.children = [table]

    def _back_to_table(self) -> None:
        if self.table is not None:
            self.screen = "table"
            self.play_area.children = [self.table]

    def open_deal(self, deal: Deal) -> HeartsTable:
        """Play ``deal`` at the table (used by ``?deal=`` and by the lessons tab)."""
        self.seed += 1
        table = self._new_table(deal)
        self._show_table(table)
        if self.tabs is not None:
            self.tabs.selected_index = 0
        return table

    def open_code(self, code: str) -> bool:
        """Open a share code; a damaged one leaves the start screen with the reason."""
        from hearts_teach.records import deal_from_code

        try:
            deal = deal_from_code(code)
        except RecordError as error:
            self._start_error = error
            self._relabel()
            return False
        self._start_error = None
        self.open_deal(deal)
        return True

    def show_start(self) -> None:
        self._build_rules_picker()
        self.screen = "start"
        self.play_area.children = [self.start_screen]

    def _game_over(self, table: HeartsTable) -> None:
        self.screen = "summary"
        self.summary.value = summary_html(table.game, self._lang)
        self.play_area.children = [self.summary_screen, table]
