"""One deal for the class, on the page: the teacher's « Distribuer cette donne » (a link
and its QR code) and the student's « Envoyer à l'enseignant » at the deal's end.

The class's model is :mod:`hearts_teach.teaching.classroom`; what serving adds (the
server's network address, the board's database, the rate limit) comes in a
:class:`ClassLink`, which the served playground's notebook makes (the widgets import
nothing of the server). The static book's link has no ``send``: the student's page shows
the result code instead, for the teacher to paste into the board.
"""

from __future__ import annotations

import base64
import datetime
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from urllib.parse import urlencode

import ipywidgets as widgets  # type: ignore[import-untyped]

from hearts_teach.deal import Deal
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import text
from hearts_teach.records import deal_from_code
from hearts_teach.teaching.classroom import (
    DEFAULT_VARIANTS,
    Board,
    BoardRow,
    ClassDeal,
    ClassError,
    ClassResult,
    board_cells,
    board_header,
    check_variants,
    make_result,
)
from hearts_teach.teaching.compare import COMPARED, variant_label

from .texts import Localized


@dataclass(frozen=True)
class ClassLink:
    """What a page needs to give a deal and send results.

    ``student_url``: the playground's address as students reach it (a served
    playground's network address, never 127.0.0.1). ``board_url``: where the teacher
    reads the board (without the key). ``give`` records a deal given and says its number
    in the lesson and when it was first given (as the board heads it); ``send`` a result
    (None in the static book: the result code is shown instead)."""

    student_url: str
    board_url: str = ""
    give: Callable[[ClassDeal], tuple[int, float]] | None = None
    send: Callable[[ClassResult], None] | None = None


def class_address(base: str, class_deal: ClassDeal, lang: str) -> str:
    """The address a student opens for ``class_deal``."""
    separator = "&" if "?" in base else "?"
    return f"{base}{separator}{urlencode({'class': class_deal.code, 'lang': lang})}"


def qr_svg(address: str, title: str) -> str:
    """The address as a QR code, an inline SVG drawn here (no request anywhere)."""
    import segno  # when a deal is given, not at import

    code = segno.make(address, error="m")
    return str(code.svg_inline(scale=4, title=title, dark="#000", light="#fff"))


class GiveDeal(Localized, widgets.VBox):  # type: ignore[misc]
    """« Distribuer cette donne »: a share code (or the deal given by the tools) as a
    class deal, its address and QR code."""

    def __init__(self, link: ClassLink, deal: Deal | None = None, lang: str = "en") -> None:
        super().__init__()
        self.add_class("ht-class-give")
        self.link = link
        self.lang = lang
        self.deal = deal
        self.given: ClassDeal | None = None
        self.error: HeartsError | None = None
        # The deals given from this panel, in order: each heading says its number.
        self.numbers: dict[str, tuple[int, float]] = {}
        self.intro = widgets.HTML()
        self.code = widgets.Text(layout=widgets.Layout(width="100%"))
        self.code.add_class("ht-class-source")
        self.button = widgets.Button(button_style="primary")
        self.button.add_class("ht-class-give-button")
        self.button.on_click(lambda _b: self.give())
        self.result = widgets.HTML()
        self.result.add_class("ht-class-given")
        self.children = (self.intro, self.code, self.button, self.result)
        self._render()
        self._relabel_on_lang(self._render)

    def set_deal(self, deal: Deal) -> None:
        self.deal = deal

    def give(self, seed: int | None = None) -> ClassDeal | None:
        """Give the code typed (or the tools' deal, or a new deal): its address and QR."""
        typed = self.code.value.strip()
        try:
            source = deal_from_code(typed) if typed else self.deal
            if source is None:
                from hearts_teach.rules import Rules

                source = Deal.new(Rules(), seed=random.randrange(10**9))
            chosen = random.randrange(10**9) if seed is None else seed
            given = ClassDeal.of(source, chosen)
            if self.link.give is not None:
                self.numbers[given.code] = self.link.give(given)
            elif given.code not in self.numbers:
                self.numbers[given.code] = (len(self.numbers) + 1, time.time())
        except HeartsError as error:
            self.error, self.given = error, None
        else:
            self.error, self.given = None, given
        self._render()
        return self.given

    @property
    def address(self) -> str | None:
        if self.given is None:
            return None
        return class_address(self.link.student_url, self.given, self.lang)

    def _render(self) -> None:
        lang = self.lang
        self.intro.value = f"<p>{escape(text('class.give.intro', lang))}</p>"
        self.code.description = text("class.give.source", lang)
        self.code.style.description_width = "initial"
        self.button.description = text("class.give.button", lang)
        if self.error is not None:
            self.result.value = f'<p class="ht-error">{escape(self.error.message(lang))}</p>'
            return
        address = self.address
        if address is None:
            self.result.value = ""
            return
        label = escape(text("class.give.link", lang))
        number, when = self.numbers[self.given.code] if self.given is not None else (1, 0.0)
        said = text("class.give.number", lang, number=number, time=clock_time(when, lang))
        parts = [
            f'<h4 class="ht-class-number">{escape(said)}</h4>',
            f'<p>{label} <a class="ht-class-link" href="{escape(address)}" target="_blank" '
            f'style="font-size:1.3em;word-break:break-all">{escape(address)}</a></p>',
            f'<div class="ht-class-qr" role="img" aria-label="{escape(text("class.give.qr", lang))}">'
            f"{qr_svg(address, text('class.give.qr', lang))}</div>",
        ]
        if self.link.board_url:
            parts.append(
                f"<p>{escape(text('class.give.given', lang, url=self.link.board_url))}</p>"
            )
        self.result.value = "".join(parts)


class SendResult(Localized, widgets.VBox):  # type: ignore[misc]
    """Under a class deal's table: what it is, then at the deal's end a first name and
    « Envoyer à l'enseignant » (or, with no server, the result code to copy)."""

    def __init__(self, link: ClassLink, class_deal: ClassDeal, lang: str = "en") -> None:
        super().__init__()
        self.add_class("ht-class-send")
        self.link = link
        self.class_deal = class_deal
        self.lang = lang
        self.finished: Deal | None = None
        self.sent: ClassResult | None = None
        self.error: HeartsError | None = None
        self.locked: list[widgets.DOMWidget] = []
        self.intro = widgets.HTML()
        self.name = widgets.Text(layout=widgets.Layout(width="16em"))
        self.name.add_class("ht-class-name")
        self.button = widgets.Button(button_style="primary")
        self.button.add_class("ht-class-send-button")
        self.button.on_click(lambda _b: self.send())
        self.message = widgets.HTML()
        self.message.add_class("ht-class-message")
        self.form = widgets.HBox([self.name, self.button])
        self.children = (self.intro, self.form, self.message)
        self.name.observe(self._on_name, names="value")
        self._render()
        self._relabel_on_lang(self._render)

    def lock(self, controls: list[widgets.DOMWidget]) -> None:
        """Disable ``controls`` (the bots' level, the rules) while the class deal is
        played: every student meets the same bots under the same rules; the panel says
        why."""
        self.locked = list(controls)
        for control in self.locked:
            control.disabled = True
        self._render()

    def unlock(self) -> None:
        """The student left the class deal: the controls are theirs again."""
        for control in self.locked:
            control.disabled = False
        self.locked = []
        self._render()

    def deal_over(self, deal: Deal | None) -> None:
        """The class deal as it now stands at the table (finished or not)."""
        self.finished = deal if deal is not None and deal.is_complete else None
        self._render()

    def _on_name(self, _change: object) -> None:
        if self.error is not None:  # what was wrong with the name is said no more
            self.error = None
            self._render()

    def send(self) -> ClassResult | None:
        if self.finished is None:
            return None
        try:
            result = make_result(self.class_deal, self.name.value, self.finished)
            if self.link.send is not None:
                self.link.send(result)
        except HeartsError as error:
            self.error = error
        else:
            self.error, self.sent = None, result
        self._render()
        return self.sent if self.error is None else None

    def _render(self) -> None:
        lang = self.lang
        locked = (
            f'<p class="ht-class-locked">{escape(text("class.play.locked", lang))}</p>'
            if self.locked
            else ""
        )
        self.intro.value = (
            f"<p><strong>{escape(text('class.play.intro', lang))}</strong></p>{locked}"
        )
        self.name.placeholder = text("class.send.name", lang)
        self.name.description = ""
        served = self.link.send is not None  # else the result code is shown, to copy
        label = text("class.send.button", lang) if served else text("class.send.show_code", lang)
        self.button.description = self.button.tooltip = label
        self.form.layout.display = None if self.finished is not None else "none"
        if self.error is not None:
            self.message.value = f'<p class="ht-error">{escape(self.error.message(lang))}</p>'
        elif self.sent is not None and self.link.send is not None:
            said = text("class.send.sent", lang, name=self.sent.name)
            self.message.value = f'<p class="ht-class-sent">{escape(said)}</p>'
        elif self.sent is not None:
            self.message.value = (
                f"<p>{escape(text('class.send.code', lang))}</p>"
                f'<textarea class="ht-class-result-code" readonly rows="3" '
                f'style="width:100%">{escape(self.sent.code)}</textarea>'
            )
        else:
            self.message.value = ""


def clock_time(moment: float, lang: str = "en") -> str:
    """When a deal was given, as its heading says it (local time): 14:05, « 14 h 05 »."""
    when = datetime.datetime.fromtimestamp(moment)
    return f"{when.hour} h {when.minute:02d}" if lang == "fr" else when.strftime("%H:%M")


def deal_heading(number: int, moment: float, lang: str) -> str:
    """The heading of a deal of the lesson, the same on the board and where it is given."""
    return text("class.board.deal", lang, number=number, time=clock_time(moment, lang))


def static_student_url(page: str | None) -> str:
    """The static book's playground page, full page, for a class deal's link: found from
    the address of the page the teacher is on (a book page or a page of ``lite/``)."""
    if not page:
        return ""
    if "/voici/render/" in page:  # a full page of the playable half, beside the playground
        return page.rsplit("/", 1)[0] + "/playground.html"
    for part in ("/book/", "/lite/"):
        if part in page:
            return page.split(part)[0] + "/lite/voici/render/playground.html"
    return page


class ClassBoard(Localized, widgets.VBox):  # type: ignore[misc]
    """The teacher's board in the page (the static book, which has no server): the
    students' result codes pasted, many at once, each checked by the engine; the rows
    of every deal; saved to a file and opened again."""

    def __init__(self, lang: str = "en", board: Board | None = None) -> None:
        super().__init__()
        self.add_class("ht-class-board")
        self.lang = lang
        self.board = board if board is not None else Board()
        self.refused: list[tuple[str, HeartsError]] = []
        self.added: int | None = None
        self.reviewed = False
        self.heading = widgets.HTML()
        self.paste = widgets.Textarea(layout=widgets.Layout(width="100%", height="6em"))
        self.paste.add_class("ht-class-paste")
        self.add_button = widgets.Button(button_style="primary")
        self.add_button.add_class("ht-class-add")
        self.add_button.on_click(lambda _b: self.add_codes())
        self.review_button = widgets.Button()
        self.review_button.add_class("ht-class-review")
        self.review_button.on_click(lambda _b: self.review())
        self.variants = widgets.SelectMultiple(
            options=[key for key, _, _ in COMPARED], value=DEFAULT_VARIANTS, rows=6
        )
        self.variants.observe(lambda _c: self._render(), names="value")
        self.upload = widgets.FileUpload(accept=".json", multiple=False)
        self.upload.observe(lambda _c: self.load_upload(), names="value")
        self.table = widgets.HTML()
        self.table.add_class("ht-class-rows")
        self.save = widgets.HTML()
        self.children = (
            self.heading,
            self.paste,
            widgets.HBox([self.add_button, self.review_button]),
            self.variants,
            self.table,
            widgets.HBox([self.save, self.upload]),
        )
        self._render()
        self._relabel_on_lang(self._render)

    def add_codes(self, codes: str | None = None) -> int:
        """Add the result codes pasted (or given); how many were added."""
        added, refused = self.board.paste(self.paste.value if codes is None else codes)
        self.added, self.refused = added, list(refused)
        if codes is None and added:
            self.paste.value = ""
        self._render()
        return added

    def review(self) -> None:
        """The points lost by kind of decision of every result (the deal review)."""
        self.reviewed = True
        self._render()

    def load(self, data: str | bytes) -> None:
        try:
            self.board = Board.from_json(data)
        except ClassError as error:
            self.refused = [("", error)]
        else:
            self.refused = []
        self._render()

    def load_upload(self) -> None:
        for uploaded in self.upload.value:
            self.load(bytes(uploaded["content"]))

    def _render(self) -> None:
        lang = self.lang
        self.heading.value = (
            f"<h3>{escape(text('class.board.title', lang))}</h3>"
            f"<p>{escape(text('class.board.intro', lang))}</p>"
        )
        self.paste.placeholder = text("class.board.paste", lang)
        self.add_button.description = text("class.board.add", lang)
        self.review_button.description = text("class.board.review_all", lang)
        self.variants.description = text("class.board.variants", lang)
        self.variants.style.description_width = "initial"
        self.variants.options = [(variant_label(key, lang), key) for key, _, _ in COMPARED]
        self.upload.description = text("class.board.load", lang)
        variants = check_variants(self.variants.value)
        parts = []
        if self.added is not None:
            parts.append(f"<p>{escape(text('class.board.added', lang, count=self.added))}</p>")
        for code, error in self.refused:
            shown = code[:24] + ("…" if len(code) > 24 else "")
            said = text("class.board.refused", lang, code=shown, reason=error.message(lang))
            parts.append(f'<p class="ht-error">{escape(said)}</p>')
        for number, class_deal in enumerate(self.board.deals, 1):
            rows = self.board.rows(class_deal.code, variants, review=self.reviewed)
            heading = text("class.board.deal_pasted", lang, number=number)
            parts.append(f'<section class="ht-board-deal"><h4>{escape(heading)}</h4>')
            parts.append(rows_table(rows, variants, lang) + "</section>")
        self.table.value = "".join(parts)
        saved = base64.b64encode(self.board.to_json().encode("utf-8")).decode("ascii")
        self.save.value = (
            f'<a class="ht-class-save" download="{"classe" if lang == "fr" else "class"}.json" '
            f'href="data:application/json;base64,{saved}">'
            f"{escape(text('class.board.save', lang))}</a>"
        )


def rows_table(
    rows: list[BoardRow],
    variants: tuple[str, ...],
    lang: str,
    link: Callable[[BoardRow], str] | None = None,
) -> str:
    """The board's rows as an HTML table (``link``: each row's review, a last column)."""
    header = board_header(variants, lang)
    if link is not None:
        header.append(text("class.board.review", lang))
    out = ['<table class="ht-board"><thead><tr>']
    out += [f'<th scope="col">{escape(cell)}</th>' for cell in header]
    out.append("</tr></thead><tbody>")
    for row in rows:
        cells = board_cells(row, variants, lang)
        kind = "ht-board-reference" if row.reference else "ht-board-student"
        out.append(f'<tr class="{kind}"><th scope="row">{escape(cells[0])}</th>')
        out += [f'<td style="white-space:nowrap">{escape(cell)}</td>' for cell in cells[1:]]
        if link is not None:
            review = escape(text("class.board.review", lang))
            out.append(f'<td><a href="{escape(link(row))}" target="_blank">{review}</a></td>')
        out.append("</tr>")
    out.append("</tbody></table>")
    return "".join(out)
