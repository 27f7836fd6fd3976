"""The teachers' tools: one deal under every variant, the scoring desk, what-if, the
review of any seat, and simulations, each with a table and a chart labelled in the
page's language; one module each. The numbers all come from
:mod:`hearts_teach.teaching`; these widgets only collect what the teacher enters and
show the result."""

from __future__ import annotations

from html import escape

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from hearts_teach import Deal
from hearts_teach.i18n import (
    text,
)
from hearts_teach.records import share_code

from ..classroom import ClassBoard, ClassLink, GiveDeal
from ..review import ReviewTab
from ..shared import follow_replays
from ..texts import Localized
from .compare import TotalsBox, VariantCompare
from .desk import ScoringDeskWidget
from .lesson_editor import LessonEditor
from .simulation import SimulationWidget
from .whatif import WhatIfWidget
from .worksheet import WorksheetPanel

__all__ = [
    "ScoringDeskWidget",
    "SimulationWidget",
    "TeacherTools",
    "TotalsBox",
    "VariantCompare",
    "WhatIfWidget",
    "WorksheetPanel",
]


class TeacherTools(Localized, widgets.VBox):  # type: ignore[misc]
    """The tools in tabs, for the teachers' chapter and the playground: every variant,
    the scoring desk, what-if (of the last deal finished, or of a code pasted), simulations, and the review of a
    student's deal from its share code.

    :meth:`set_deal` hands the tools a newly finished deal (the playground's table):
    the comparison shows it, what-if and the review start from it, and everything else
    the teacher did (the desk, a simulation, the totals typed...) is kept."""

    def __init__(
        self, deal: Deal | None = None, lang: str = "en", classroom: ClassLink | None = None
    ) -> None:
        super().__init__()
        self.add_class("ht-root")
        self.lang = lang
        self.deal: Deal | None = None
        self.compare = VariantCompare(deal, lang)
        # a deal made on the desk (« Créer un code de partage ») feeds the other tools
        self.desk = ScoringDeskWidget(
            4,
            lang,
            classroom.student_url if classroom is not None else "",
            on_deal=lambda made: self.set_deal(made),
        )
        self.simulation = SimulationWidget(lang)
        # its link: the students' address of the class (the playground may set another);
        # it starts from the comparison's deal too (the desk holds no play to start from)
        self.lesson_editor = LessonEditor(
            lang,
            classroom.student_url if classroom is not None else "",
            compare_deal=lambda: self.compare.deal,
        )
        # What-if is there before any deal (it asks for a code), and takes each new one.
        self.what_if = WhatIfWidget(None, lang)
        # A student's code pasted into the comparison feeds what-if and the review too
        # (its handler runs after the comparison's own, which loaded the deal).
        self.compare.load_button.on_click(lambda _b: self._pasted())
        # The worksheet to print, of the deal the comparison holds (pasted or played)
        self.worksheet = WorksheetPanel(lambda: self.compare.deal, lang)
        self.compare.load_button.on_click(lambda _b: self.worksheet.refresh())
        self.review = ReviewTab(deal, lang)
        self.review.code.style.description_width = "initial"  # not « Code de p… »
        follow_replays(self.review.panel)
        # « Distribuer cette donne », where a class can be given one (served or static)
        self.give = None if classroom is None else GiveDeal(classroom, deal, lang)
        # With no server to send to (the static book), the board is here: codes pasted.
        self.board = ClassBoard(lang) if classroom is not None and classroom.send is None else None
        self.class_page = widgets.VBox([p for p in (self.give, self.board) if p is not None])
        pages = (
            self.compare,
            self.desk,
            self.simulation,
            self.review,
            self.lesson_editor,
            self.what_if,
            self.give,
            self.board,
            self.worksheet,
        )
        for page in pages:
            if page is None:
                continue
            traitlets.dlink((self, "lang"), (page, "lang"))
        self.tabs = widgets.Tab()
        self.heading = widgets.HTML()
        # below the tabs: the worksheet to print of the deal the comparison holds
        self.children = (self.heading, self.tabs, self.worksheet)
        if deal is not None and deal.is_over:
            self.what_if.set_deal(deal)
        self.deal = deal
        self._lay_out()
        self._relabel_on_lang(self._render)

    def set_deal(self, deal: Deal) -> None:
        """A newly finished deal: the comparison shows it (with its totals), what-if
        rewinds it and the review's code is its code; the page shown and the other
        tools' state are kept. A deal not finished changes nothing."""
        if not deal.is_over or deal is self.deal:
            return
        self.deal = deal
        self.compare.set_deal(deal)
        self.worksheet.refresh()
        if self.give is not None:
            self.give.set_deal(deal)
        self.what_if.set_deal(deal)
        review = self.review
        review.code.value = share_code(deal)
        review.deal = deal
        review._render()  # the seats of the new deal
        self._lay_out()

    def _pasted(self) -> None:
        deal = self.compare.deal
        if deal is not None and deal.is_over and deal is not self.deal:
            self.set_deal(deal)

    def show_review(self, code: str) -> None:
        """The review of a student's finished deal (the class board's « Analyse »): its
        code in the review's page, reviewed from the student's seat, and that page shown."""
        self.review.code.value = code.strip()
        self.tabs.selected_index = list(self.tabs.children).index(self.review)
        self.review.review_code(code, 0)

    def _lay_out(self) -> None:
        """The pages in their order; the page shown stays shown."""
        pages: list[widgets.Widget] = [
            self.compare,
            self.desk,
            self.what_if,
            self.simulation,
            self.lesson_editor,
            self.review,
        ]
        if self.give is not None:
            pages.append(self.class_page)
        index = self.tabs.selected_index
        shown = self.tabs.children[index] if isinstance(index, int) else None
        self.tabs.children = tuple(pages)
        self._render()
        self.tabs.selected_index = pages.index(shown) if shown in pages else 0

    def _render(self) -> None:
        lang = self.lang
        self.heading.value = f"<h2>{escape(text('ui.teach.title', lang))}</h2>"
        keys = ["ui.teach.tab.compare", "ui.teach.tab.desk", "ui.teach.tab.whatif"]
        keys.append("ui.teach.tab.simulate")
        keys.append("ui.lesson_editor.tab")
        keys.append("ui.teach.tab.review")
        if self.give is not None:
            keys.append("class.tab")
        self.tabs.titles = tuple(text(key, lang) for key in keys)
        # (the review's seat, relabelled just before: its label's tooltip, else "null")
        self.review.seat.tooltip = self.review.seat.description
