"""The class board's pages on the served playground: ``/class/board`` (the results of
every deal given, in the page's language) and ``/class/board.csv`` (one deal's, for a
spreadsheet), for the teacher only: both need the teacher's key (``?key=``, printed in
the server's banner), compared in constant time; without it, a page asks for it (HTTP
403) and shows nothing of the class.

The rows come from :mod:`hearts_teach.teaching.classroom`; the deal reviews behind the
points lost are made in a process of their own, at a low priority, one at a time, and
kept in the database, so that neither the server nor the students' games wait for them:
the page shows « — » until a review is made, and reloads itself meanwhile.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import os
from html import escape
from typing import Final

import tornado.web

from hearts_teach.i18n import LANGS, text
from hearts_teach.records import deal_from_code
from hearts_teach.teaching.classroom import (
    DEFAULT_VARIANTS,
    Board,
    BoardRow,
    ClassError,
    board_csv,
    check_variants,
    key_matches,
    losses_data,
    losses_from,
    review_losses,
)
from hearts_teach.teaching.classroom_store import ClassStore
from hearts_teach.teaching.compare import COMPARED, variant_label

from ..classroom import deal_heading, rows_table

REFRESH_SECONDS: Final = 10
REVIEW_NICENESS: Final = 10


def review_code(code: str) -> dict[str, list[float]]:
    """A finished deal's review, from its share code (in the reviewing process)."""
    return losses_data(review_losses(deal_from_code(code)))


def _lower_priority() -> None:
    os.nice(REVIEW_NICENESS)


class BoardKeeper:
    """The server's board: its database, its teacher's key, its reviewer process."""

    def __init__(self, folder: str, key: str, playground_url: str) -> None:
        self.store = ClassStore(folder, reviewer=lambda deal: {})
        self.key = key
        self.playground_url = playground_url
        self._reviewer: concurrent.futures.ProcessPoolExecutor | None = None
        self._reviewing: set[str] = set()

    def reviewer(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._reviewer is None:
            self._reviewer = concurrent.futures.ProcessPoolExecutor(
                max_workers=1, initializer=_lower_priority
            )
        return self._reviewer

    def review_missing(self, board: Board) -> int:
        """Start the reviews the board lacks; how many are still to come."""
        missing = [
            result.deal_code
            for results in board.results.values()
            for result in results.values()
            if result.deal_code not in board.reviews
        ]
        for code in missing:
            if code not in self._reviewing:
                self._reviewing.add(code)
                future = self.reviewer().submit(review_code, code)
                future.add_done_callback(functools.partial(self._reviewed, code))
        return len(missing)

    def _reviewed(self, code: str, done: concurrent.futures.Future[dict[str, list[float]]]) -> None:
        self._reviewing.discard(code)
        if done.exception() is None:
            self.store.keep_reviews({code: losses_from(done.result())})

    def close(self) -> None:
        if self._reviewer is not None:
            self._reviewer.shutdown(wait=False, cancel_futures=True)


class _BoardHandler(tornado.web.RequestHandler):
    def initialize(self, keeper: BoardKeeper, default_lang: str = "en") -> None:
        self.keeper = keeper
        self.default_lang = default_lang

    @property
    def lang(self) -> str:
        lang = self.get_query_argument("lang", self.default_lang)
        return lang if lang in LANGS else "en"

    def variants(self) -> tuple[str, ...]:
        chosen = self.get_query_arguments("v")
        try:
            return check_variants(chosen) if chosen else DEFAULT_VARIANTS
        except ClassError:
            return DEFAULT_VARIANTS

    def allowed(self) -> bool:
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")  # the key stays in this page
        if key_matches(self.get_query_argument("key", None), self.keeper.key):
            return True
        self.set_status(403)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        lang = self.lang
        wrong = self.get_query_argument("key", None) is not None
        said = (
            text("class.board.key_wrong", lang) if wrong else text("class.board.key_needed", lang)
        )
        self.finish(
            _page(
                lang,
                text("class.board.title", lang),
                f'<p role="alert">{escape(said)}</p>'
                f'<form method="get"><label>{escape(text("class.board.key", lang))} '
                f'<input name="key" type="password" autocomplete="off"></label>'
                f'<input type="hidden" name="lang" value="{lang}"> '
                f'<button type="submit">OK</button></form>',
            )
        )
        return False


class BoardPage(_BoardHandler):
    async def get(self) -> None:
        if not self.allowed():
            return
        lang, variants = self.lang, self.variants()
        board = await asyncio.get_running_loop().run_in_executor(None, self.keeper.store.board)
        pending = self.keeper.review_missing(board)
        body = [f"<p>{escape(text('class.board.intro', lang))}</p>", self._variant_form(variants)]
        if not board.deals:
            body.append(f"<p>{escape(text('class.board.no_deal', lang))}</p>")
        given = self.keeper.store.given()
        numbers = {code: (number, moment) for number, (code, moment) in enumerate(given, 1)}
        for class_deal in reversed(board.deals):  # the latest deal first, each apart
            code = class_deal.code
            rows = board.rows(code, variants, review=False)
            number, moment = numbers.get(code, (0, 0.0))
            body.append(f'<section class="ht-board-deal" data-deal="{escape(code)}">')
            body.append(f"<h2>{escape(deal_heading(number, moment, lang))}</h2>")
            if len(rows) == 1:
                body.append(f"<p>{escape(text('class.board.empty', lang))}</p>")
            body.append(self._table(rows, variants, lang))
            query = [("key", self.keeper.key), ("lang", lang), ("deal", code)]
            query += [("v", key) for key in variants]
            csv_link = "board.csv?" + "&".join(f"{k}={escape(v)}" for k, v in query)
            body.append(
                f'<p><a class="ht-board-csv" href="{csv_link}" download>'
                f"{escape(text('class.board.csv', lang))}</a></p></section>"
            )
        if pending:
            body.insert(1, f'<p role="status">{escape(text("class.board.pending", lang))}</p>')
        self.set_header("Content-Type", "text/html; charset=utf-8")
        refresh = REFRESH_SECONDS if pending else 0
        self.finish(_page(lang, text("class.board.title", lang), "".join(body), refresh))

    def _variant_form(self, variants: tuple[str, ...]) -> str:
        lang = self.lang
        boxes = "".join(
            f'<label style="white-space:nowrap"><input type="checkbox" name="v" value="{key}"'
            f"{' checked' if key in variants else ''}> {escape(variant_label(key, lang))}</label> "
            for key, _, _ in COMPARED
        )
        return (
            f'<form method="get" class="ht-board-variants"><fieldset><legend>'
            f"{escape(text('class.board.variants', lang))}</legend>{boxes}"
            f'<input type="hidden" name="key" value="{escape(self.keeper.key)}">'
            f'<input type="hidden" name="lang" value="{lang}">'
            f'<button type="submit">OK</button></fieldset></form>'
        )

    def _table(self, rows: list[BoardRow], variants: tuple[str, ...], lang: str) -> str:
        base = self.keeper.playground_url
        return rows_table(
            rows, variants, lang, lambda row: f"{base}?review={row.deal_code}&lang={lang}"
        )


class BoardCsv(_BoardHandler):
    async def get(self) -> None:
        if not self.allowed():
            return
        lang, variants = self.lang, self.variants()
        board = await asyncio.get_running_loop().run_in_executor(None, self.keeper.store.board)
        try:
            rows = board.rows(self.get_query_argument("deal", ""), variants, review=False)
        except ClassError as error:
            raise tornado.web.HTTPError(404, error.message("en")) from error
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        name = "classe.csv" if lang == "fr" else "class.csv"
        self.set_header("Content-Disposition", f'attachment; filename="{name}"')
        # The byte-order mark: a spreadsheet then reads the file as UTF-8 (é, ♠).
        self.finish("\ufeff" + board_csv(rows, variants, lang))


def _page(lang: str, title: str, body: str, refresh: int = 0) -> str:
    # The page reloads while reviews are pending, but never under the teacher's hand: a
    # variant being ticked (the form touched) waits for its OK.
    again = (
        "<script>document.addEventListener('change',function(){document.body.dataset.touched=1});"
        f"setInterval(function(){{if(!document.body.dataset.touched)location.reload()}},{refresh * 1000})"
        "</script>"
        if refresh
        else ""
    )
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">{again}'
        f"<title>{escape(title)}</title><style>"
        "body{font-family:system-ui,sans-serif;margin:1.5em;font-size:18px}"
        "table{border-collapse:collapse}th,td{border:1px solid #888;padding:.3em .6em}"
        "td{text-align:right}.ht-board-reference{font-style:italic;background:#eee}"
        f"</style></head><body><h1>{escape(title)}</h1>{body}</body></html>"
    )
