"""The playground served by Voilà: a start screen, the table, the end-of-game summary,
and (when ``hearts_teach_widgets.lessons`` provides it) a lessons tab.

``?deal=CODE`` in the address starts that deal; ``?lang=fr`` opens the French pages;
``?game=CODES&seed=N`` resumes a game (see :mod:`hearts_teach_widgets.address`): the playground keeps
that address up to date after every card, so a reload, a lost kernel or a restarted
server never loses the game. Each visit draws its own seed (in the address), so every
visitor gets a different first deal and a deal can be replayed.
"""

from __future__ import annotations

import functools
import logging
import os
import random
from collections.abc import Callable, Mapping
from html import escape
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlencode

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from hearts_teach import Card, Deal, Game, RecordError, Rules
from hearts_teach.cards import CARDS
from hearts_teach.i18n import text
from hearts_teach.teaching.session import Seating

from .address import (
    MAX_SEED,
    PAGE_LANG,
    Address,
    address_query,
    page_url,
    read_address,
    request_page_url,
    request_query_string,
)
from .address import query_parameters as query_parameters  # (named here before)
from .classroom import ClassLink, SendResult
from .render import DEFAULT_PLAYGROUND_URL
from .rules_picker import RulesPicker, relabel_choices
from .shared import html_box
from .style import style_tag
from .summary import summary_html
from .table import HeartsTable
from .table_settings import bot_level_options, default_delay, language_switch, page_marker
from .texts import BOT_LEVELS, DEFAULT_BOT_LEVEL, LANGUAGES, Localized

if TYPE_CHECKING:  # the teachers' tools and the puzzles are imported when first opened
    from .puzzles import PuzzlePage
    from .teacher import TeacherTools

log = logging.getLogger(__name__)

ADDRESS_LENGTH = 8000
"""The longest game kept in the address: the latest deals whole (about 60 deals)."""
SERVED_SIMULATION_GAMES = 200
"""The most games a simulation of the teachers' tab plays on a served playground."""


def visitor_lang(environ: Mapping[str, str]) -> str | None:
    """The first of the visitor's browser languages (``Accept-Language``, which the
    served playground passes on as ``HTTP_ACCEPT_LANGUAGE``) that the pages speak."""
    for part in environ.get("HTTP_ACCEPT_LANGUAGE", "").split(","):
        tag = part.split(";", 1)[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    return None


def _with_page_lang(query: str | None, environ: Mapping[str, str]) -> str | None:
    """The address, with a language after its own parameters: an address's own
    ``?lang=`` comes first (the first value of a parameter is the one read), then the
    visitor's browser language, then the server's."""
    lang = visitor_lang(environ) or environ.get(PAGE_LANG, "")
    if lang not in LANGUAGES:
        return query
    return f"{query}&lang={lang}" if query else f"lang={lang}"


def new_seed() -> int:
    """A seed of its own for each visit (not reproducible: the address then keeps it)."""
    return random.SystemRandom().randrange(MAX_SEED + 1)


class Playground(Localized, widgets.VBox):  # type: ignore[misc]
    """Start screen → table → summary, in French or English, with a lessons tab if any.

    The page's language is a trait, ``lang``: the language buttons are linked to it, and
    every screen's own ``lang`` is tied to it when the screen is built (the table's both
    ways, since its language switch may change the page's); an observer relabels the
    page's own words."""

    def __init__(
        self,
        lang: str = "en",
        *,
        deal_code: str | None = None,
        game_code: str | None = None,
        seed: int = 1,
        playground_url: str = DEFAULT_PLAYGROUND_URL,
        with_lessons: bool = True,
        with_teachers: bool = True,
        bot_level: str = DEFAULT_BOT_LEVEL,
        notices: Callable[[str], list[str]] | None = None,
        seating: Seating | None = None,
        served: bool = False,
        classroom: ClassLink | None = None,
    ) -> None:
        super().__init__()
        if lang not in LANGUAGES:
            lang = "en"
        if bot_level not in BOT_LEVELS:
            bot_level = DEFAULT_BOT_LEVEL
        self.add_class("ht-root")
        self.lang = lang
        self.seed = seed  # the seed of the next game (of the game opened from a code)
        # The bots' speed chosen on this page (None: the default), given to each new
        # table: a new game, or the browser's Back to an earlier one, keeps it.
        self.delay: float | None = None
        self.playground_url = playground_url
        # How its tables' bots are made and run (a served playground's think in the
        # background), and whether a class shares this server (the simulations stay small).
        self.seating = seating if seating is not None else Seating()
        self.served = served
        # How a class is given a deal and sends its results (None: not offered).
        self.classroom = classroom
        self.class_panel: SendResult | None = None
        self._class_table: HeartsTable | None = None  # the table of the class deal
        self.class_slot = widgets.VBox()
        self.table: HeartsTable | None = None
        # The first game's table, built before the visitor came (prepare_table).
        self._ahead: HeartsTable | None = None
        # Each screen's language tied to the page's, by screen: a screen built again
        # (a new table, the teachers' tools on a new deal) replaces its tie.
        self._ties: dict[str, traitlets.link | traitlets.dlink] = {}
        self.screen = "start"
        self._start_error: RecordError | None = None
        self._notices = notices  # what the address left aside, in the visitor's language
        self._refusal: str | None = None  # "refused" or "failed", from the kernel guard
        # The page's own data, never shown: the address of the game (the template copies
        # it to the address bar) and the words it shows if the connection is lost.
        # The visitor's progress through the puzzles (a progress code), kept in the
        # address; the tab itself is built when first opened.
        self._puzzles_code: str | None = None
        self.page_data = widgets.HTML(layout=widgets.Layout(display="none"))
        self.page_data.add_class("ht-page-data")
        self.notice = html_box()

        self.title = html_box()
        # Radio buttons, not toggle buttons: ipywidgets 8 draws a toggle row without
        # aria-pressed, so a screen reader could not tell which language is in use.
        self.language_picker = language_switch(lang)
        traitlets.link((self.language_picker, "value"), (self, "lang"))
        self.start_intro = html_box()
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
        self.bot_picker.observe(self._update_address, names="value")
        # The address follows the language before any screen is relabelled: the page
        # applies the changes in the order they are sent, and a relabelled table or
        # teachers' tab takes seconds to draw (a reload meanwhile kept the old language).
        self.observe(self._update_address, names="lang")
        self.start_button = widgets.Button(
            button_style="primary",
            icon="play",
            layout=widgets.Layout(width="auto", align_self="flex-start", margin="8px 0 0 0"),
        )
        # A click comes from the screen showing the button, once: the second click of a
        # double-click, arriving when the table is shown, would start another game.
        self.start_button.on_click(lambda _b: self._clicked_on("start", self.ask_start))
        self.start_message = html_box()
        # Back from the rules to a game left for them ("Change the rules" at the table):
        # the game waits, kept, until another one is started.
        self.resume_button = widgets.Button(
            icon="reply",
            layout=widgets.Layout(
                width="auto", align_self="flex-start", margin="8px 0 0 0", display="none"
            ),
        )
        self.resume_button.on_click(lambda _b: self.resume())
        # The table's way back to the rules (the variant, the number of players) while a
        # game is under way; that game is kept (resume_button), and so is the address.
        self.rules_button = widgets.Button(icon="sliders", layout=widgets.Layout(width="auto"))
        self.rules_button.on_click(lambda _b: self.show_start())
        # Where the table's own question "a new game?" (its box, with its answers) is
        # asked when the start screen would leave a game under way.
        self._ask_slot = widgets.Box()
        # A damaged code's message comes first: on a phone the form below is taller
        # than the screen, and the reader must see why their deal did not open.
        self.start_screen = widgets.VBox(
            [
                self.start_message,
                self.start_intro,
                self._picker_slot,
                self.bot_picker,
                self.start_button,
                self.resume_button,
                self._ask_slot,
            ],
            layout=widgets.Layout(max_width="720px"),
        )
        self.start_screen.add_class("ht-panel")
        self.summary = html_box()
        self.again_button = widgets.Button(
            button_style="primary", icon="refresh", layout=widgets.Layout(width="auto")
        )
        self.again_button.on_click(lambda _b: self._clicked_on("summary", self.start))
        self.change_rules_button = widgets.Button(
            icon="sliders", layout=widgets.Layout(width="auto")
        )
        self.change_rules_button.on_click(lambda _b: self.show_start())
        self.summary_screen = widgets.VBox(
            [self.summary, widgets.HBox([self.again_button, self.change_rules_button])]
        )
        self.play_area = widgets.VBox([self.start_screen])
        # The lessons and the teachers' tabs are built when first opened: the table
        # shows sooner.
        self.lessons: widgets.Widget | None = None
        self.with_lessons = with_lessons
        self._lessons_slot = widgets.VBox()
        self.teachers: TeacherTools | None = None
        self._teachers_deal: Deal | None = None  # the finished deal the tools were given
        self._teachers_slot = widgets.VBox()
        # The puzzles tab, built when first opened, with the learning tabs (the lessons);
        # the player's progress is kept in the address (each visitor of a served class
        # has their own).
        self.puzzles: PuzzlePage | None = None
        self._puzzles_slot = widgets.VBox()
        pages: dict[str, widgets.Widget] = {"play": self.play_area}
        if with_lessons:
            pages["lessons"] = self._lessons_slot
            pages["puzzles"] = self._puzzles_slot
        if with_teachers:
            pages["teachers"] = self._teachers_slot
        self._tab_names = tuple(pages)
        if len(pages) > 1:
            self.tabs: widgets.Tab | None = widgets.Tab(list(pages.values()))
            self.tabs.observe(self._tab_selected, names="selected_index")
            body: widgets.Widget = self.tabs
        else:
            self.tabs = None
            body = self.play_area
        header = widgets.HBox(
            [self.title, self.language_picker],
            layout=widgets.Layout(justify_content="space-between", align_items="center"),
        )
        self.children = [
            html_box(style_tag()),
            header,
            self.notice,
            body,
            self.class_slot,  # under the table, where the deal ends (and the hand is)
            self.page_data,
        ]
        code = game_code or deal_code
        if not code:
            self._build_rules_picker()
        self._relabel()
        if code and not self.open_code(code, whole_game=game_code is not None):
            self._build_rules_picker()
        self._update_address()
        self.observe(self._language_changed, names="lang")

    @property
    def rules_picker(self) -> RulesPicker:
        return self._build_rules_picker()

    def _build_rules_picker(self) -> RulesPicker:
        if self._rules_picker is None:
            self._rules_picker = RulesPicker(self.lang)
            self._tie("rules", self._rules_picker)
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
        given_url = options.pop("playground_url", None)

        def links(request: Mapping[str, str]) -> str:
            # Links lead to the page the visitor opened: the static book's page around
            # the playground, or the address this server was reached at (never a fixed
            # one). Known once the request has come.
            if given_url is not None:
                return str(given_url)
            return page_url(request) or request_page_url(request)

        if environ.get("VOILA_PREHEAT") == "True":
            # A preheated kernel (Voilà's pool) builds the start screen before its
            # visitor comes: the visitor waits only for what their address asks. The
            # request's variables then come into this process's environment.
            playground = cls(environ.get(PAGE_LANG, "en"), seed=new_seed(), **options)
            playground.prepare_table()
            query = _with_page_lang(request_query_string(environ), environ)
            address = read_address(query)
            playground.visit(address, links(os.environ))
            playground._keep_puzzles_of(query)
            playground._open_class_of(query)
            playground._open_review_of(query)
            playground._open_lesson_of(query)
            playground._open_tab_of(address)
        else:
            address = read_address(_with_page_lang(request_query_string(environ), environ))
            playground = cls(
                address.lang,
                deal_code=address.deal if address.game is None else None,
                game_code=address.game,
                seed=address.seed if address.seed is not None else new_seed(),
                bot_level=address.bots,
                notices=address.messages,
                playground_url=links(environ),
                **options,
            )
            playground._pick_again(address)
            playground._keep_pace(address.pace)
            query = _with_page_lang(request_query_string(environ), environ)
            playground._keep_puzzles_of(query)
            playground._open_class_of(query)
            playground._open_review_of(query)
            playground._open_lesson_of(query)
            playground._open_tab_of(address)
        return playground

    def _keep_pace(self, pace: float | None) -> None:
        """The bots' speed the address gives, for the tables open and to come."""
        if pace is None:
            return
        self.delay = pace
        for table in (self.table, self._ahead):
            if table is not None:
                table.delay = pace

    def _open_lesson_of(self, query: str | None) -> None:
        """``?lesson=CODE``: a teacher's lesson, opened in the lessons tab (checked by the
        book's validator there; a refused code is said in the tab)."""
        given = parse_qs(query or "").get("lesson")
        lessons = self.open_lessons() if given else None
        if given and lessons is not None and hasattr(lessons, "open_code"):
            lessons.open_code(given[0])

    def _keep_puzzles_of(self, query: str | None) -> None:
        """``?puzzles=CODE``: the visitor's progress through the puzzles, read (and
        checked) when the puzzles tab opens, kept in the address until then."""
        given = parse_qs(query or "").get("puzzles")
        if given:
            self._puzzles_code = given[0]
            self._update_address()

    def open_puzzles(self) -> PuzzlePage | None:
        """Build the puzzles tab (once) and show it."""
        if "puzzles" not in self._tab_names:
            return None
        if self.puzzles is None:
            from .puzzles import AddressStore, PuzzlePage, load

            puzzles = load()
            store = AddressStore(self._puzzles_code, puzzles, on_save=self._puzzles_saved)
            page = PuzzlePage(self.lang, puzzles=puzzles, store=store)
            self._puzzles_code = store.code  # a damaged code is set aside
            self._tie("puzzles", page)
            self.puzzles = page
            self._puzzles_slot.children = [page]
            self._update_address()
        self._select_tab("puzzles")
        return self.puzzles

    def _puzzles_saved(self, code: str) -> None:
        self._puzzles_code = code
        self._update_address()

    def _open_class_of(self, query: str | None) -> None:
        """``?class=CODE``: the deal a teacher gave the class (see :meth:`open_class`)."""
        given = parse_qs(query or "").get("class")
        if given and self.classroom is not None:
            self.open_class(given[0])

    def _open_review_of(self, query: str | None) -> None:
        """``?review=CODE``: the review of a finished deal in the teachers' tab (the
        class board's « Analyse » of a student's deal)."""
        given = parse_qs(query or "").get("review")
        if given:
            tools = self.open_teachers()
            if tools is not None:
                tools.show_review(given[0])

    def open_class(self, code: str) -> HeartsTable | None:
        """Play the deal a teacher gave the class against its seeded bots; at its end,
        the student sends it (or is shown its result code). A bad code is said. The
        table already open from the address (a reload in the middle of the class deal)
        is kept when it is that deal with those bots: the student goes on from the last
        card. While the class deal is played the bots' level and the rules are locked
        (every student plays the same deal against the same bots)."""
        from hearts_teach.teaching.classroom import ClassDeal, ClassError

        if self.classroom is None:
            return None
        try:
            given = ClassDeal.from_code(code)
        except ClassError as error:
            self.class_slot.children = [
                html_box(f'<p class="ht-error">{escape(error.message(self.lang))}</p>')
            ]
            return None
        if self._ahead is not None:
            self._ahead.forget_thoughts()
            self._ahead = None
        table = self.table
        resumed = (
            table is not None
            and table.seed == given.seed
            and table.bot_level == given.level
            and not table.game.history[1:]
            and given.deals(table.game.history[0].deal if table.game.history else table.deal)
        )
        if not resumed or table is None:
            self.bot_picker.value = given.level
            table = self._new_table(given.fresh(), given.seed, "code")
        panel = SendResult(self.classroom, given, self.lang)
        panel.lock([table.bot_picker, self.bot_picker, self.rules_button, self.change_rules_button])
        self._tie("class", panel)
        self.class_panel = panel
        self._class_table = table
        self.class_slot.children = [panel]

        def changed(changed_table: HeartsTable) -> None:
            if not given.deals(changed_table.deal):  # another deal: the class deal is left
                self.leave_class()
                return
            self._update_address()
            history = changed_table.game.history
            panel.deal_over(history[0].deal if history else changed_table.deal)

        table.on_change = changed
        if resumed:
            changed(table)
        else:
            self._show_table(table)
        return table

    def leave_class(self) -> None:
        """The student left the class deal (another deal, another game): its panel goes
        and the bots' level and the rules are theirs again."""
        panel, table = self.class_panel, self._class_table
        if panel is not None:
            panel.unlock()
        self.class_panel = self._class_table = None
        self.class_slot.children = []
        if table is not None:
            table.on_change = self._update_address
        self._update_address()

    def visit(self, address: Address, playground_url: str = DEFAULT_PLAYGROUND_URL) -> None:
        """Open what the visitor's address asks for (see :func:`read_address`): the
        language, the bots, the seed, a shared deal or a game to resume; what it leaves
        aside is said in the visitor's language."""
        self.playground_url = playground_url
        self._notices = address.messages
        if address.seed is not None:
            self.seed = address.seed
        self._keep_pace(address.pace)
        self.bot_picker.value = address.bots
        self.set_lang(address.lang)
        code = address.game or address.deal
        if code:
            self.open_code(code, whole_game=address.game is not None)
            self._pick_again(address)
        rules = self._rules_picker.rules if self._rules_picker is not None else None
        if self._ahead is not None and rules is not None:
            # What the address chose goes to the page with the first screen's models,
            # not with the start.
            self._fit(self._ahead, rules, self._next_seed())
        self._relabel()

    def _pick_again(self, address: Address) -> None:
        """The cards the address gives as chosen for the pass, chosen again (a reload in
        the middle of the pass); cards the hand cannot pass now are said, and left."""
        table = self.table
        if not address.picked or table is None:
            return
        cards = [CARDS[index] for index in address.picked]
        deal = table.deal
        if (
            deal.phase == "pass"
            and deal.passes()[table.human] is None
            and len(set(cards)) == len(cards) <= table.rules.cards_to_pass
            and set(cards) <= set(deal.hand(table.human))
        ):
            table.choose_pass(list[Card | str](cards))
            return
        given = ".".join(str(index) for index in address.picked)
        address.problems.append(("ui.address.picked", {"given": given}))
        self._draw_notice()

    def open_lessons(self) -> widgets.Widget | None:
        """Build the lessons tab (once) and show it."""
        if self.lessons is None and self.with_lessons:
            from .lessons import LessonsTab  # built when first opened: the table shows sooner

            try:
                lessons = LessonsTab(self.lang, self)
            except Exception:  # a broken lesson must not take the playground down
                log.exception("the lessons tab could not be built")
                self.with_lessons = False
                return None
            self._tie("lessons", lessons)
            if isinstance(getattr(lessons, "code_open", None), str):
                # a teacher's lesson open stays in the address: a reload reopens it
                lessons.observe(self._update_address, names="code_open")
            self.lessons = lessons
            self._lessons_slot.children = [lessons]
        self._select_tab("lessons")
        return self.lessons

    def open_teachers(self) -> TeacherTools | None:
        """Show the teachers' tools (built when first opened), given the last deal
        finished at the table, so that what-if and the review start from it."""
        if "teachers" not in self._tab_names:
            return None
        finished = self._last_finished_deal()
        if self.teachers is not None:
            # The tools are kept (a simulation's figures, the desk, the variants chosen):
            # a newly finished deal is handed to them.
            if finished is not None and finished is not self._teachers_deal:
                self.teachers.set_deal(finished)
                self._teachers_deal = finished
        else:
            from .teacher import TeacherTools

            tools = TeacherTools(finished, self.lang, self.classroom)
            if not tools.lesson_editor.playground_url:  # else the class's address
                tools.lesson_editor.playground_url = str(self.playground_url).split("?")[0]
            if self.served:
                # no file comes through the kernel's guard: a lesson file is pasted
                tools.lesson_editor.files_by_paste()
                # A served class shares the server's cores: a simulation stays small
                # and runs in the visitor's own process.
                tools.simulation.games.max = SERVED_SIMULATION_GAMES
                tools.simulation.jobs.max = 1
                tools.simulation.jobs.layout.display = "none"
            self.teachers, self._teachers_deal = tools, finished
            self._tie("teachers", tools)
            self._teachers_slot.children = [tools]
        self._select_tab("teachers")
        return self.teachers

    def _last_finished_deal(self) -> Deal | None:
        if self.table is None or not self.table.game.history:
            return None
        return self.table.game.history[-1].deal

    def _select_tab(self, name: str) -> None:
        if self.tabs is not None and name in self._tab_names:
            index = self._tab_names.index(name)
            if self.tabs.selected_index != index:
                self.tabs.selected_index = index

    def _tab_selected(self, change: dict[str, Any]) -> None:
        index = change["new"]
        name = self._tab_names[index] if isinstance(index, int) else None
        if name == "lessons":
            self.open_lessons()
        elif name == "puzzles":
            self.open_puzzles()
        elif name == "teachers":
            self.open_teachers()
        self._update_address()

    # --- language -------------------------------------------------------------

    def _tie(self, screen: str, widget: traitlets.HasTraits, both_ways: bool = False) -> None:
        """``widget``'s language follows the page's from now on (and the page follows
        it, ``both_ways``); the screen's earlier widget, if any, no longer does."""
        earlier = self._ties.pop(screen, None)
        if earlier is not None:
            earlier.unlink()
        tie = traitlets.link if both_ways else traitlets.dlink
        self._ties[screen] = tie((self, "lang"), (widget, "lang"))

    def _language_changed(self, change: dict[str, Any]) -> None:
        """The page's own words; the screens relabel themselves, through their ties."""
        relabel_choices(self.bot_picker, bot_level_options(change["new"]))
        self._relabel()

    def _relabel(self) -> None:
        lang = self.lang
        self.title.value = f"<h2 lang='{lang}'>♥ {escape(text('ui.title', lang))} ♠</h2>"
        self.language_picker.description = text("ui.label.language", lang)
        self.language_picker.tooltip = text("ui.label.language", lang)  # else "null"
        self.start_intro.value = f"<h3>{escape(text('ui.start.title', lang))}</h3><p>{escape(text('ui.start.intro', lang))}</p>"
        self.bot_picker.description = text("ui.label.bots", lang)
        self.bot_picker.tooltip = text("ui.label.bots", lang)
        self.start_button.description = text("ui.button.start", lang)
        self.start_button.tooltip = text("ui.button.start", lang)
        self.again_button.description = text("ui.button.new_game", lang)
        self.again_button.tooltip = text("ui.button.new_game", lang)
        self.change_rules_button.description = text("ui.button.change_rules", lang)
        self.change_rules_button.tooltip = text("ui.button.change_rules", lang)
        self.rules_button.description = text("ui.button.change_rules", lang)
        self.rules_button.tooltip = text("ui.button.change_rules_help", lang)
        self.resume_button.description = text("ui.button.resume", lang)
        self.resume_button.tooltip = text("ui.button.resume", lang)
        if self.tabs is not None:
            self.tabs.titles = tuple(text(f"ui.tab.{name}", lang) for name in self._tab_names)
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
        self._draw_notice()
        self._update_address()

    def _draw_notice(self) -> None:
        lang = self.lang
        said = list(self._notices(lang)) if self._notices is not None else []
        if self._refusal is not None:
            said.append(text(f"ui.guard.{self._refusal}", lang))
        self.notice.value = "".join(
            f'<div class="ht-message ht-error" role="alert">{escape(line)}</div>' for line in said
        )

    def refused(self, kind: str) -> None:
        """The kernel guard refused a message of this page, or a callback failed."""
        self._refusal = kind if kind in ("refused", "failed") else "failed"
        self._draw_notice()

    # --- the page's address -------------------------------------------------------

    def address(self) -> str:
        """The query string that reopens this page where it is (see hearts_teach_widgets.address)."""
        table = self.table
        puzzles = self._puzzles_code
        lesson = getattr(self.lessons, "code_open", "") or None
        if table is None:
            return address_query(
                seed=self.seed,
                lang=self.lang,
                bots=self.bot_picker.value,
                puzzles=puzzles,
                pace=self._pace_said(self.delay),
                lesson=lesson,
                tab=self._tab_open(),
            )
        from hearts_teach.records import game_code

        query = address_query(
            game=game_code(table.game, most=ADDRESS_LENGTH),
            seed=table.seed,
            lang=self.lang,
            bots=table.bot_level,
            picked=[card.index for card in table.picked] if table.deal.phase == "pass" else (),
            puzzles=puzzles,
            pace=self._pace_said(table.delay),
            lesson=lesson,
            tab=self._tab_open(),
        )
        panel = self.class_panel
        if panel is not None and table is self._class_table:
            # a reload comes back to the class deal, its progress kept (open_class)
            query += "&" + urlencode({"class": panel.class_deal.code})
        return query

    def _tab_open(self) -> str | None:
        """The tab shown, for the address (a reload opens it again)."""
        if self.tabs is None or not isinstance(self.tabs.selected_index, int):
            return None
        return self._tab_names[self.tabs.selected_index]

    def _open_tab_of(self, address: Address) -> None:
        """``?tab=``: the tab the visitor had open (its page is built as a click builds it)."""
        if address.tab is not None:
            self._select_tab(address.tab)

    @staticmethod
    def _pace_said(delay: float | None) -> float | None:
        """The bots' speed for the address: none when it is the page's default."""
        return None if delay is None or delay == default_delay() else delay

    def _update_address(self, *_: object) -> None:
        if not hasattr(self, "page_data"):
            return
        lang = self.lang
        lost = (
            f'<div class="ht-lost" role="alertdialog" aria-modal="true" lang="{lang}" '
            f'aria-labelledby="ht-lost-title" hidden><div class="ht-lost-box">'
            f'<h2 id="ht-lost-title">{escape(text("ui.lost.title", lang))}</h2>'
            f"<p>{escape(text('ui.lost.body', lang))}</p>"
            f'<button type="button" class="ht-lost-reopen">{escape(text("ui.lost.reopen", lang))}'
            f'</button><p class="ht-lost-wait" hidden>{escape(text("ui.lost.wait", lang))}</p>'
            "</div></div>"
        )
        value = (
            f'<span class="ht-address" hidden>{escape(self.address())}</span>'
            f"{page_marker(lang)}{lost}"
        )
        if self.page_data.value != value:
            self.page_data.value = value

    def _rules_changed(self, rules: Rules | None) -> None:
        self.start_button.disabled = rules is None

    # --- screens --------------------------------------------------------------

    def start(self, rules: Rules | None = None) -> HeartsTable:
        """Start a game with the chosen rules (or ``rules``) and show the table."""
        rules = rules if rules is not None else self.rules_picker.rules
        if rules is None:
            raise ValueError("the chosen options cannot be played")
        seed = self._next_seed()
        ahead = self._table_ahead(rules, seed)
        table = ahead or self._new_table(rules, seed)
        self._show_table(table)
        # The button pressed is gone with the start screen: the keyboard goes to the
        # table's safe place (as after a card), not to the page's body.
        table.focus_safe_place()
        if ahead is not None:  # its bots think once the page has what it shows
            ahead.thinks_ahead = True
            ahead.think_ahead()
        return table

    def ask_start(self) -> bool:
        """What "Start" does: a game with the chosen rules; with a game under way (left
        for the rules, kept), first the table's question whether to leave it, here on
        the start screen (the keyboard on "no", which changes nothing). True if the new
        game began."""
        table = self.table
        rules = self.rules_picker.rules
        if table is None or rules is None or not table.session.under_way:
            self.start(rules)
            return True
        self._ask_slot.children = (table.new_game_box,)
        return table.ask_new_game(functools.partial(self.start, rules))

    def _kept_from_start(self) -> None:
        """The answer "no" on the start screen: the screen as it was, the keyboard back on
        the way to the game kept."""
        if self.screen == "start":
            self.resume_button.focus()

    def _clicked_on(self, screen: str, action: Callable[[], object]) -> None:
        if self.screen == screen:
            action()

    def prepare_table(self) -> None:
        """Build the first game's table now, for the rules, seed and bots chosen so far,
        to show when the visitor starts (a preheated kernel does it before its visitor
        comes): the page then receives every model of the table with the first screen,
        in one message, and the start sends only what the visitor changed, instead of a
        hundred models being created while a class arrives."""
        if self.table is None and self._ahead is None:
            rules = self.rules_picker.rules
            if rules is not None:
                self._ahead = self._new_table(rules, self._next_seed(), ahead=True)

    def _table_ahead(self, rules: Rules, seed: int) -> HeartsTable | None:
        """The table built ahead, if any, made into this game's: the page's language,
        the bots chosen, these rules and this seed (a new game if any differs)."""
        table, self._ahead = self._ahead, None
        if table is None:
            return None
        self._adopt(table)
        self._fit(table, rules, seed)
        return table

    def _fit(self, table: HeartsTable, rules: Rules, seed: int) -> None:
        table.lang = self.lang
        table.playground_url = self.playground_url
        level = self.bot_picker.value
        if (table.rules, table.seed, table.bot_level) != (rules, seed, level):
            table.bot_level = level
            table.new_game(rules, seed)

    def _next_seed(self) -> int:
        """The first game's seed is the visit's; each later game takes the next one."""
        if self.table is not None:
            self.seed = self.table.seed + 1
        return self.seed

    def _new_table(
        self,
        source: Rules | Deal | Game,
        seed: int,
        origin: str | None = None,
        ahead: bool = False,
    ) -> HeartsTable:
        """A table for this page; ``ahead``: not shown yet, nor tied to the page's
        language and address (see :meth:`_adopt`)."""
        table = HeartsTable(
            source,
            lang=self.lang,
            bot_level=self.bot_picker.value,
            seed=seed,
            playground_url=self.playground_url,
            on_game_over=self._game_over,
            show_language=False,
            origin=origin,
            think_ahead=not ahead,
            seating=self.seating,
            delay=self.delay,
        )
        table.observe(self._pace_chosen, names="delay")
        table.new_game_no.on_click(lambda _b: self._kept_from_start())
        table.new_game_button.on_click(lambda _b: self._back_to_table())
        # Taking back the last card of a finished game reopens it: the summary goes.
        table.undo_button.on_click(lambda _b: None if table.game.is_over else self._back_to_table())
        table.bot_picker.observe(self._update_address, names="value")
        # Beside the bots' level and speed (the game's settings), not in the toolbar under
        # the hand, whose second row would push the note below a laptop's fold.
        table.settings.children = (*table.settings.children, self.rules_button)
        if not ahead:
            self._adopt(table)
        return table

    def _pace_chosen(self, change: dict[str, Any]) -> None:
        self.delay = change["new"]
        if change["owner"] is self.table:
            self._update_address()

    def _adopt(self, table: HeartsTable) -> None:
        """``table`` speaks the page's language, and its changes go to the address."""
        self._tie("table", table, both_ways=True)  # its own switch changes the page's
        table.on_change = self._update_address

    def _show_table(self, table: HeartsTable) -> None:
        if self.table is not None and self.table is not table:
            self.table.forget_thoughts()
        if self._class_table is not None and table is not self._class_table:
            self.leave_class()
        self.table = table
        self._ask_slot.children = ()
        # The address first: the table's views then take seconds to draw, and a reload
        # meanwhile would lose the game just started.
        self._update_address()
        self.screen = "table"
        self.play_area.children = [table]
        self._select_tab("play")

    def _back_to_table(self) -> None:
        if self.table is not None:
            self.screen = "table"
            self.play_area.children = [self.table]

    def open_deal(self, deal: Deal | Game, origin: str | None = None) -> HeartsTable:
        """Play ``deal`` at the table (used by ``?deal=`` and by the lessons tab), or go
        on with a game (``?game=``); ``origin`` says where it came from (see
        :data:`hearts_teach_widgets.table.ORIGINS`)."""
        if self._ahead is not None:  # the table made ahead was for a new game
            self._ahead.forget_thoughts()
            self._ahead = None
        table = self._new_table(deal, self._next_seed(), origin)
        self._show_table(table)
        if table.game.is_over:  # a finished game reopens on its summary
            self._game_over(table)
        return table

    def open_code(self, code: str, whole_game: bool = False) -> bool:
        """Open a share code (a game's, with ``whole_game``); a damaged one leaves the
        start screen with the reason."""
        from hearts_teach.records import deal_from_code, game_from_code

        try:
            opened: Deal | Game = (
                game_from_code(code, self.seed) if whole_game else deal_from_code(code)
            )
        except RecordError as error:
            self._start_error = error
            self._relabel()
            return False
        self._start_error = None
        self.open_deal(opened, "address" if whole_game else "code")
        return True

    def show_start(self) -> None:
        """The start screen, to choose other rules; a game under way is kept, and the
        screen offers to go back to it."""
        self._build_rules_picker()
        self.screen = "start"
        under_way = self.table is not None and not self.table.game.is_over
        self.resume_button.layout.display = None if under_way else "none"
        self.play_area.children = [self.start_screen]
        # The button pressed is gone with the table. The keyboard goes back to the game
        # under way if there is one: an Enter on "Start" would replace it.
        (self.resume_button if under_way else self.start_button).focus()

    def resume(self) -> HeartsTable | None:
        """Back to the game left for the start screen, as it was."""
        table = self.table
        if table is None:
            return None
        if table.asking:  # the start screen's question, unanswered: the game goes on
            table.keep_game(focus=False)
        self.screen = "table"
        self.play_area.children = [table]
        self._select_tab("play")
        table.focus_safe_place()
        return table

    def _game_over(self, table: HeartsTable) -> None:
        if table is not self.table:
            return
        self.screen = "summary"
        self.summary.value = summary_html(table.game, self.lang)
        self.play_area.children = [self.summary_screen, table]
