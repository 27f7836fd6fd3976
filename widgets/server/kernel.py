"""The playground in a visitor's kernel of the served playground (its notebook's one
call): the kernel guard installed first, then the playground, whose tables seat bots
that think in the background (:class:`~.thinking.ServedSeating`), whose teachers'
simulations stay small, and which gives a class its deal and sends its results to the
server's board (:func:`class_link`)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Final

import ipywidgets as widgets  # type: ignore[import-untyped]

from hearts_teach.i18n import text
from hearts_teach.teaching.classroom import ClassDeal, ClassError, ClassResult, RateLimit

from ..address import query_parameters
from ..classroom import ClassLink
from ..pages import page_marker, teachers_deal
from ..playground import Playground
from ..teacher.compare import FULL_PAGE
from . import kernel_guard
from .thinking import ServedSeating

CLASS_DATA: Final = "HEARTS_CLASS_DATA"
"""The folder of the class board's database (the server's ``--data``)."""
CLASS_URL: Final = "HEARTS_CLASS_URL"
"""The playground's address as students reach it (the server's network address)."""
CLASS_BOARD: Final = "HEARTS_CLASS_BOARD"
"""The board's address, without the teacher's key (which no kernel is told)."""


class ClassInbox:
    """The board's database as one kernel uses it: deals given, results sent, at most a
    few a minute (:class:`RateLimit`)."""

    def __init__(self, folder: str, limit: RateLimit | None = None) -> None:
        from hearts_teach.teaching.classroom_store import ClassStore

        self.store = ClassStore(folder)
        self.limit = limit if limit is not None else RateLimit()

    def give(self, class_deal: ClassDeal) -> tuple[int, float]:
        """Record the deal; its number in the lesson and when it was first given."""
        code = self.store.give(class_deal)
        given = self.store.given()
        for number, (each, moment) in enumerate(given, 1):
            if each == code:
                return number, moment
        raise AssertionError("a deal just given is on the board")

    def send(self, result: ClassResult) -> None:
        if not self.limit.allow():
            raise ClassError("rate", seconds=max(1, round(self.limit.wait())))
        self.store.send(result)


def class_link(environ: Mapping[str, str]) -> ClassLink | None:
    """How this kernel's page gives deals and sends results (None: not served with a
    board)."""
    folder = environ.get(CLASS_DATA)
    if not folder:
        return None
    inbox = ClassInbox(folder)
    return ClassLink(
        environ.get(CLASS_URL, ""), environ.get(CLASS_BOARD, ""), inbox.give, inbox.send
    )


def served_playground(environ: Mapping[str, str] | None = None) -> widgets.Widget:
    """The playground of this visitor's request (:meth:`Playground.from_environment`),
    guarded when served (``HEARTS_SERVED=1``); the guard's refusals are said on it.
    ``?page=teachers`` gives the playground's teachers' tools alone, full page
    (:func:`tools_alone`)."""
    environ = os.environ if environ is None else environ
    guard = kernel_guard.install(environ)
    served = environ.get(kernel_guard.SERVED) == "1"
    playground = Playground.from_environment(
        environ, seating=ServedSeating(), served=served, classroom=class_link(environ)
    )
    if guard is not None:
        guard.listeners.append(playground.refused)
    # The request's query: a preheated kernel has just been given it, in os.environ.
    asked = os.environ if environ.get("VOILA_PREHEAT") == "True" else environ
    parameters = query_parameters(asked.get("QUERY_STRING", ""))
    if parameters.get("page") == FULL_PAGE:
        return tools_alone(playground, parameters.get("deal"))
    return playground


def tools_alone(playground: Playground, code: str | None) -> widgets.Widget:
    """The teachers' tools of this playground (its served limits, its class) as the
    whole page, without the other tabs, on the deal of ``code`` (checked as the
    comparison checks a pasted code: a damaged one is refused in the page's language),
    else on the book's teachers' deal; the page's title and language from its marker."""
    tools = playground.open_teachers()
    lang = playground.lang
    if tools is None:  # a playground without its teachers' tab
        return playground
    compare = tools.compare
    compare.open_full_page()
    deal, totals = teachers_deal(None)
    tools.set_deal(deal)  # what-if, the review and the worksheet start from it too
    if totals is not None:
        compare.set_totals(totals)
    if code and compare.load_code(code) and compare.deal is not None:
        tools.set_deal(compare.deal)
    page = widgets.VBox([widgets.HTML(page_marker(lang, text("page.teachers_title", lang))), tools])
    page.add_class("ht-tools-page")
    return page
