"""The pages of the static book's playable half (``book/lite``, served by Voici in the
reader's browser): each of its notebooks is one call of this module.

A page's address says what to show (``?lesson=new_moon_below_zero&lang=fr``); under
Voilà and under Voici (with the project's template) the kernel finds it in
``QUERY_STRING``. An address that names nothing the book has gets a message in the
page's language, never a traceback; the book page around it then keeps its picture.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping
from html import escape

import ipywidgets as widgets  # type: ignore[import-untyped]

from hearts_teach import Deal, RecordError, Rules
from hearts_teach.i18n import LANGS, text

from .address import page_url, query_parameters, request_query_string

log = logging.getLogger(__name__)

# The teachers' page opens on a deal played by the bots to its end, scored from totals
# near the end of a game, where the variants' end-of-game rules differ.
TEACHERS_DEAL_SEED = 11
TEACHERS_TOTALS = (90, 95, 63, 70)


def page_parameters(environ: Mapping[str, str] | None = None) -> tuple[dict[str, str], str]:
    """The address's parameters and the page's language (English unless it is known)."""
    parameters = query_parameters(request_query_string(os.environ if environ is None else environ))
    lang = parameters.get("lang", "en")
    return parameters, lang if lang in LANGS else "en"


def page_marker(lang: str, title: str) -> str:
    """A hidden element the page's template reads for the document's language and title
    (widgets/server/voila/templates/hearts: ``followLanguage``)."""
    words = escape(title, quote=True)
    return f'<span class="ht-page" hidden lang="{lang}" data-lang="{lang}" data-title="{words}"></span>'


def message(body: str) -> widgets.HTML:
    """A notice in place of the page's widget; the book page sees ``ht-live-error``."""
    notice = widgets.HTML(f'<p class="ht-message ht-live-error" role="alert">{escape(body)}</p>')
    notice.add_class("ht-root")
    return notice


def _guarded(build: Callable[[], widgets.Widget], lang: str) -> widgets.Widget:
    try:
        return build()
    except Exception:  # the reader gets a sentence, the console the details
        log.exception("a page of the static book could not be built")
        return message(text("page.failed", lang))


def lesson_page(environ: Mapping[str, str] | None = None) -> widgets.Widget:
    """``?lesson=ID&lang=fr``: that guided deal, live."""
    # Each page imports what it shows, no more: the reader is waiting.
    from hearts_teach.teaching.lessons import LessonError, get_lesson

    from .lessons import GuidedDeal

    parameters, lang = page_parameters(environ)
    lesson_id = parameters.get("lesson", "")
    try:
        lesson = get_lesson(lesson_id)
    except LessonError:
        return message(text("page.no_lesson", lang, lesson=lesson_id[:60]))
    return _guarded(lambda: GuidedDeal(lesson, lang), lang)


def teachers_deal(code: str | None = None) -> tuple[Deal, tuple[int, ...] | None]:
    """The deal the teachers' tools open on: a share code's, or the book's own."""
    from hearts_teach.bots.seats import play_out, seat_bots
    from hearts_teach.records import deal_from_code

    if code:
        try:
            return deal_from_code(code), None
        except RecordError:
            log.info("a damaged share code was given to the teachers' page")
    rules = Rules()
    deal = Deal.new(rules, seed=TEACHERS_DEAL_SEED, deal_number=1)
    return play_out(
        deal, seat_bots("heuristic", TEACHERS_DEAL_SEED, rules.players)
    ), TEACHERS_TOTALS


def teachers_page(environ: Mapping[str, str] | None = None) -> widgets.Widget:
    """``?lang=fr[&deal=CODE]``: the teachers' tools (every variant on one deal, the
    scoring desk, what-if, simulations)."""
    from .classroom import ClassLink, static_student_url
    from .teacher import TeacherTools

    parameters, lang = page_parameters(environ)
    page = page_url(os.environ if environ is None else environ)

    def build() -> widgets.Widget:
        deal, totals = teachers_deal(parameters.get("deal"))
        tools = TeacherTools(deal, lang, ClassLink(static_student_url(page)))
        # This page is the tools full page (the book's chapter links to it, « Ouvrir en
        # plein écran », and frames it): no link to open it again.
        tools.compare.open_full_page()
        if totals is not None:
            tools.compare.set_totals(totals)
        # Opened full page (the chapter's « Ouvrir en plein écran »), the page takes the
        # tools' language and title from this marker (the project's Voilà template).
        return widgets.VBox(
            [widgets.HTML(page_marker(lang, text("page.teachers_title", lang))), tools]
        )

    return _guarded(build, lang)


def playground_page(environ: Mapping[str, str] | None = None) -> widgets.Widget:
    """The playground, from the page's address (``?deal=CODE``, ``?game=...``,
    ``?lang=fr``...), as the served playground opens it, with the bots in place."""
    from .classroom import ClassLink, static_student_url
    from .playground import Playground

    _parameters, lang = page_parameters(environ)
    # A class deal's link (?class=): its students see their result code at its end.
    link = ClassLink(static_student_url(page_url(os.environ if environ is None else environ)))
    return _guarded(lambda: Playground.from_environment(environ, classroom=link), lang)
