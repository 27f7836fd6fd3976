"""The worksheet of a deal, for paper: two A4 pages (the cards taken and an empty grid,
then the answer key) rendered from :func:`hearts_teach.teaching.worksheet.worksheet`,
with the print rules that go with it (here, not in the shared style sheet).

Two ways to print it, the same in the served playground and the static book (neither
needs a script of the page's own): the Teachers tab shows it in a print view, and when it
is shown, printing the page prints the worksheet alone; and a link downloads it as a
page of its own (a ``data:`` address) to open and print anywhere.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as widgets  # type: ignore[import-untyped]

from hearts_teach import Deal
from hearts_teach.cards import Card
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import card_symbol, seat_name, signed, text
from hearts_teach.teaching.compare import COMPARED, compare_deal, variant_label
from hearts_teach.teaching.worksheet import DEFAULT_VARIANTS, Worksheet, worksheet

from ..shared import NATURAL_LABEL
from ..texts import Localized

# The print view: when a worksheet is shown (``ht-ws-print``), printing the page prints
# it alone: everything beside it is not displayed, and the boxes holding it (notebook
# panels, tabs) lose the heights and clipping a screen layout gives them, so that
# nothing is cut. Black on white, suits drawn as symbols, so that a black and white
# printer loses nothing.
WORKSHEET_CSS = """
.ht-worksheet { font-family: Georgia, "DejaVu Serif", serif; color: #000; background: #fff;
  max-width: 186mm; font-size: 10.5pt; line-height: 1.3; }
.ht-worksheet h1 { font-size: 15pt; margin: 0 0 2mm; }
.ht-worksheet h2 { font-size: 12pt; margin: 4mm 0 1.5mm; }
.ht-worksheet .ht-ws-name { margin: 0 0 3mm; }
.ht-worksheet .ht-ws-name span { display: inline-block; width: 70mm;
  border-bottom: 1px solid #000; }
.ht-worksheet table { border-collapse: collapse; width: 100%; table-layout: fixed;
  margin: 0 0 2mm; }
.ht-worksheet caption { text-align: left; font-style: italic; padding: 0 0 1mm; }
.ht-worksheet th, .ht-worksheet td { border: 1px solid #000; padding: 1mm 1.5mm;
  text-align: left; vertical-align: top; overflow-wrap: anywhere; color: #000; }
.ht-worksheet th { font-weight: bold; background: #fff; }
.ht-worksheet .ht-ws-grid td { height: 9mm; }
.ht-worksheet .ht-ws-grid th:first-child { width: 30%; }
.ht-worksheet .ht-ws-tricks { font-size: 9.5pt; }
.ht-worksheet .ht-ws-tricks th:first-child, .ht-worksheet .ht-ws-tricks td:first-child
  { width: 9mm; }
.ht-worksheet .ht-ws-tricks td, .ht-worksheet .ht-ws-tricks th { padding: 0.4mm 1.5mm; }
.ht-worksheet .ht-ws-num { text-align: right; white-space: nowrap; }
.ht-worksheet .ht-ws-card { white-space: nowrap; }
.ht-worksheet .ht-ws-page + .ht-ws-page { border-top: 1px dashed #000; margin-top: 6mm;
  padding-top: 4mm; }
@media print {
  @page { size: A4; margin: 12mm; }
  .ht-worksheet { max-width: none; width: auto; }
  .ht-worksheet .ht-ws-page { break-inside: avoid; page-break-inside: avoid; }
  .ht-worksheet .ht-ws-page + .ht-ws-page { break-before: page; page-break-before: always;
    border-top: 0; margin-top: 0; padding-top: 0; }
  .ht-ws-noprint { display: none !important; }
  html:has(.ht-ws-print) body *:not(:has(.ht-ws-print)):not(.ht-ws-print):not(.ht-ws-print *)
    { display: none !important; }
  html:has(.ht-ws-print), html:has(.ht-ws-print) body,
  html:has(.ht-ws-print) body :has(.ht-ws-print) {
    position: static !important; overflow: visible !important; height: auto !important;
    min-height: 0 !important; max-height: none !important; width: auto !important;
    min-width: 0 !important; max-width: none !important; margin: 0 !important;
    padding: 0 !important; border: 0 !important; transform: none !important;
    contain: none !important; display: block !important; box-shadow: none !important;
    background: #fff !important; }
}
"""


def _cards(cards: Sequence[Card], lang: str) -> str:
    if not cards:
        return escape(text("worksheet.nothing", lang))
    return " ".join(
        f'<span class="ht-ws-card">{escape(card_symbol(card, lang))}</span>' for card in cards
    )


def _grid(sheet: Worksheet, lang: str, answers: bool) -> str:
    seats = [seat_name(p, sheet.players, lang) for p in range(sheet.players)]
    caption = text("worksheet.grid_caption", lang)
    rows = []
    for row, cells in zip(sheet.answers, sheet.key() if answers else sheet.grid(), strict=True):
        tds = "".join(
            f'<td class="ht-ws-num">{"" if cell is None else escape(signed(cell))}</td>'
            for cell in cells
        )
        moon = ""
        if answers and row.moon is not None:
            moon = escape(seat_name(row.moon, sheet.players, lang))
        rows.append(
            f'<tr><th scope="row">{escape(variant_label(row.key, lang))}</th>{tds}'
            f"<td>{moon}</td></tr>"
        )
    columns = [(text("teach.variant", lang), "30%"), *((name, "") for name in seats)]
    columns.append((text("worksheet.moon", lang), ""))
    kind = "ht-ws-grid ht-ws-answers" if answers else "ht-ws-grid"
    return _table(kind, caption, columns, "".join(rows))


def _facts(sheet: Worksheet, lang: str) -> str:
    """The totals before the deal (some variants score from them) and the dead cards."""
    out = ""
    if any(sheet.totals_before):
        totals = ", ".join(
            f"{seat_name(p, sheet.players, lang)} {signed(total)}"
            for p, total in enumerate(sheet.totals_before)
        )
        out += f"<p>{escape(text('worksheet.totals', lang, totals=totals))}</p>"
    if sheet.dead:
        cards = ", ".join(card_symbol(card, lang) for card in sheet.dead)
        out += f"<p>{escape(text('worksheet.dead', lang, cards=cards))}</p>"
    return out


def _table(kind: str, caption: str, columns: Sequence[tuple[str, str]], body: str) -> str:
    """A table of the worksheet: its caption, its columns (heading, width or ``""``)."""
    cols = "".join(f'<col style="width:{width}">' if width else "<col>" for _h, width in columns)
    heads = "".join(f'<th scope="col">{escape(heading)}</th>' for heading, _w in columns)
    return (
        f'<table class="{kind}"><caption>{escape(caption)}</caption>'
        f"<colgroup>{cols}</colgroup><thead><tr>{heads}</tr></thead>"
        f"<tbody>{body}</tbody></table>"
    )


# The columns of page 1's tables: heading key, width
_PLAYERS = (("worksheet.player", "18%"), ("worksheet.cards", ""), ("worksheet.tricks", "12%"))
_TRICKS = (("worksheet.trick", "12%"), ("worksheet.played", ""), ("worksheet.taken_by", "18%"))


def _heads(columns: Sequence[tuple[str, str]], lang: str) -> list[tuple[str, str]]:
    return [(text(key, lang), width) for key, width in columns]


def worksheet_body(sheet: Worksheet, lang: str, printing: bool = False) -> str:
    """The two pages, in an element carrying the page's language: page 1 the cards taken
    (by player, then trick by trick) and the empty grid; page 2 the answer key."""
    seats = [seat_name(p, sheet.players, lang) for p in range(sheet.players)]
    players = "".join(
        f'<tr><th scope="row">{escape(seats[taken.player])}</th>'
        f"<td>{_cards(taken.cards, lang)}</td>"
        f'<td class="ht-ws-num">{taken.tricks}</td></tr>'
        for taken in sheet.taken
    )
    by_player = _table(
        "ht-ws-players", text("worksheet.by_player", lang), _heads(_PLAYERS, lang), players
    )
    tricks = "".join(
        f'<tr><td class="ht-ws-num">{trick.number}</td>'
        f"<td>{_cards(trick.cards, lang)}</td><td>{escape(seats[trick.winner])}</td></tr>"
        for trick in sheet.tricks
    )
    by_trick = _table(
        "ht-ws-tricks", text("worksheet.by_trick", lang), _heads(_TRICKS, lang), tricks
    )
    title = escape(text("worksheet.title", lang))
    print_class = " ht-ws-print" if printing else ""
    return (
        f'<div class="ht-worksheet{print_class}" lang="{escape(lang)}">'
        f'<section class="ht-ws-page ht-ws-questions"><h1>{title}</h1>'
        f'<p class="ht-ws-name">{escape(text("worksheet.name", lang))} <span></span></p>'
        f"{_facts(sheet, lang)}{by_player}{by_trick}"
        f"<h2>{escape(text('worksheet.instructions', lang))}</h2>{_grid(sheet, lang, False)}"
        f"</section>"
        f'<section class="ht-ws-page ht-ws-key"><h1>{title}</h1>'
        f"<h2>{escape(text('worksheet.answers', lang))}</h2>{_facts(sheet, lang)}"
        f"{_grid(sheet, lang, True)}</section></div>"
    )


def worksheet_document(sheet: Worksheet, lang: str) -> str:
    """A page of its own (to download, open and print): the language and title set."""
    return (
        f'<!DOCTYPE html><html lang="{escape(lang)}"><head><meta charset="utf-8">'
        f"<title>{escape(text('worksheet.title', lang))}</title>"
        f"<style>body {{ margin: 12mm; }} {WORKSHEET_CSS}</style></head>"
        f"<body>{worksheet_body(sheet, lang)}</body></html>"
    )


def download_link(sheet: Worksheet, lang: str) -> str:
    data = base64.b64encode(worksheet_document(sheet, lang).encode("utf-8")).decode("ascii")
    name = "fiche.html" if lang == "fr" else "worksheet.html"
    return (
        f'<a class="ht-ws-download ht-ws-noprint" download="{name}" '
        f'href="data:text/html;charset=utf-8;base64,{data}">'
        f"{escape(text('ui.worksheet.download', lang))}</a>"
    )


class WorksheetPanel(Localized, widgets.VBox):  # type: ignore[misc]
    """The Teachers tab's worksheet: a toggle shows the worksheet of the deal the
    comparison holds (``deal_of()``) in a print view, with its download link; the grid's
    rows are the variants the teacher picks among those that score the deal (the
    worksheet's defaults until the teacher picks)."""

    def __init__(self, deal_of: Callable[[], Deal | None], lang: str = "en") -> None:
        super().__init__()
        self.add_class("ht-root")
        self.lang = lang
        self._deal_of = deal_of
        self.show = widgets.ToggleButton(value=False, icon="print")
        self.show.observe(lambda _change: self.refresh(), "value")
        # The variants of the grid: None until the teacher picks (the defaults that score
        # the deal); ``_filling`` while refresh() sets the options, which is no pick.
        self.picked: tuple[str, ...] | None = None
        self._filling = False
        self.variants = widgets.SelectMultiple(
            rows=6, style=NATURAL_LABEL, layout=widgets.Layout(width="640px", max_width="100%")
        )
        self.variants.add_class("ht-ws-noprint")
        self.variants.observe(self._pick, "value")
        self.help = widgets.HTML()
        self.sheet = widgets.HTML()
        self.children = (self.show, self.variants, self.help, self.sheet)
        self.refresh()
        self._relabel_on_lang(self.refresh)

    def _pick(self, _change: object) -> None:
        if not self._filling:
            self.picked = tuple(self.variants.value)
            self.refresh()

    def _fill_variants(self, deal: Deal | None) -> list[str]:
        """The picker's options (the variants that score ``deal``, in the comparison's
        order) and its selection; returns the variants the grid asks for."""
        lang = self.lang
        keys: list[str] = []
        if deal is not None and deal.is_over:
            comparison = compare_deal(deal)
            keys = [key for key, _p, _m in COMPARED if comparison.row(key).result is not None]
        if self.picked is None:
            # the defaults that score this table, or (two players) its first rows
            chosen = [key for key in DEFAULT_VARIANTS if key in keys] or keys[:6]
        else:
            chosen = [key for key in self.picked if key in keys]
        self._filling = True
        try:
            self.variants.description = text("ui.worksheet.variants", lang)
            self.variants.tooltip = text("ui.worksheet.variants_help", lang)
            self.variants.options = [(variant_label(key, lang), key) for key in keys]
            self.variants.value = tuple(chosen)
        finally:
            self._filling = False
        self.variants.layout.display = "" if keys else "none"
        return chosen

    @property
    def worksheet(self) -> Worksheet | None:
        deal = self._deal_of()
        if deal is None or not deal.is_over:
            return None
        return worksheet(deal, [key for key in self.variants.value])

    def refresh(self) -> None:
        """Labels in the page's language and the worksheet of the deal held now."""
        lang = self.lang
        shown = self.show.value
        self.show.description = (
            text("ui.worksheet.hide", lang) if shown else text("ui.worksheet.button", lang)
        )
        self.show.tooltip = text("ui.worksheet.help", lang)
        self._fill_variants(self._deal_of())
        try:
            sheet = self.worksheet
        except HeartsError as error:
            self.help.value = f'<p role="alert">{escape(error.message(lang))}</p>'
            self.sheet.value = ""
            return
        if sheet is None:
            self.help.value = f"<p>{escape(text('ui.worksheet.no_deal', lang))}</p>"
            self.sheet.value = ""
            return
        self.help.value = (
            f'<p class="ht-ws-noprint">{escape(text("ui.worksheet.help", lang))} '
            f"{download_link(sheet, lang)}</p>"
        )
        self.sheet.value = (
            f"<style>{WORKSHEET_CSS}</style>{worksheet_body(sheet, lang, printing=True)}"
            if self.show.value
            else ""
        )
