"""The teachers' comparison: one deal scored under every variant, from the totals the
teacher gives (the numbers from :mod:`hearts_teach.teaching.compare`)."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Sequence
from html import escape
from urllib.parse import urlencode

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from hearts_teach import Deal
from hearts_teach.bots.base import moon_choice_made
from hearts_teach.cards import cards_of
from hearts_teach.describe import seat_words
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import (
    message,
    seat_name,
    signed,
    text,
)
from hearts_teach.records import deal_from_code, share_code
from hearts_teach.rules import Rules
from hearts_teach.scoring import moon_outcomes
from hearts_teach.teaching.compare import (
    Comparison,
    compare_deal,
    default_pick,
    differs,
    pick_variants,
    row_winners,
    variant_label,
    why,
)

from ..charts import (
    COMPARE_PROJECTOR,
    comparison_chart_svg,
    download_link,
    figure_html,
)
from ..render import moon_choice_html
from ..shared import NATURAL_LABEL, alert_html
from ..style import style_tag
from ..texts import Localized

FULL_PAGE = "teachers"
"""``?page=teachers``: the address of the teachers' tools alone, full page. The static
book's tools page (``lite/voici/render/teachers.html``) is that page whatever its query
says; the served playground shows the tools alone when its address says so
(``hearts_teach_widgets.server.kernel.served_playground``)."""


class TotalsBox(Localized, widgets.VBox):  # type: ignore[misc]
    """The totals before the deal, one box per player, labelled with the seats' names:
    the comparison and the scoring desk score a deal from them."""

    def __init__(self, on_change: Callable[[], None], lang: str = "en") -> None:
        super().__init__()
        self._on_change = on_change
        self.lang = lang
        self._quiet = False
        self.label = widgets.HTML()
        self.row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.inputs: list[widgets.IntText] = []
        self.children = (self.label, self.row)
        self._relabel()
        self._relabel_on_lang(self._relabel)

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(int(box.value) for box in self.inputs)

    def reset(self, values: Sequence[int]) -> None:
        """One box per value (a new number of players), without telling anyone."""
        self.inputs = []
        for value in values:
            box = widgets.IntText(
                value=value, layout=widgets.Layout(width="13em"), style=NATURAL_LABEL
            )
            box.observe(self._changed, names="value")
            self.inputs.append(box)
        self.row.children = tuple(self.inputs)
        self._relabel()

    def set_values(self, values: Sequence[int]) -> None:
        self._quiet = True  # one change for all the totals, not one per box
        try:
            for box, value in zip(self.inputs, values, strict=True):
                box.value = value
        finally:
            self._quiet = False
        self._on_change()

    def _changed(self, _change: object) -> None:
        if not self._quiet:
            self._on_change()

    def _relabel(self) -> None:
        lang = self.lang
        self.label.value = f"<strong>{escape(text('ui.teach.totals', lang))}</strong>"
        for player, box in enumerate(self.inputs):
            name = seat_name(player, len(self.inputs), lang)
            box.description = name
            box.tooltip = text("ui.teach.total_of", lang, player=name)


class VariantCompare(Localized, widgets.VBox):  # type: ignore[misc]
    """A played deal (loaded from its share code or given) scored under every variant,
    with the totals before the deal: a table and a bar chart."""

    def __init__(self, deal: Deal | None = None, lang: str = "en") -> None:
        super().__init__()
        self.add_class("ht-root")
        self.lang = lang
        self.deal: Deal | None = None
        self._refusal: HeartsError | None = None
        self._quiet = False
        self.code = widgets.Text(
            layout=widgets.Layout(width="60%", min_width="16em"), style=NATURAL_LABEL
        )
        self.load_button = widgets.Button(icon="upload")
        self.load_button.on_click(lambda _b: self.load_code(self.code.value))
        self.totals_box = TotalsBox(self._render, lang)
        traitlets.dlink((self, "lang"), (self.totals_box, "lang"))
        self.message = widgets.HTML()
        self.table = widgets.HTML()
        self.moon_choice = widgets.HTML()
        self.chart = widgets.HTML()
        # The projector mode: a few rows the teacher picks, in large type, each with its
        # marks and its "why" (hearts_teach.teaching.compare).
        self.picked: tuple[str, ...] = ()
        self._pick_refusal: HeartsError | None = None
        self.projector = widgets.ToggleButton(value=False, icon="television")
        self.projector.observe(lambda _c: self._render(), names="value")
        self.picker = widgets.SelectMultiple(
            rows=8, style=NATURAL_LABEL, layout=widgets.Layout(width="40em", max_width="100%")
        )
        self.picker.observe(self._picker_changed, names="value")
        self.pick_message = widgets.HTML()
        self.projector_view = widgets.HTML()
        self.projector_chart = widgets.HTML()
        self.projector_box = widgets.VBox(
            [self.picker, self.pick_message, self.projector_view, self.projector_chart],
            layout=widgets.Layout(display="none"),
        )
        self.projector_box.add_class("ht-projector-box")
        # « Ouvrir en plein écran »: these tools alone in a new tab (on the page that
        # already is full page, nothing: ``full_page``).
        self.full_page = False
        self.full_screen = widgets.HTML()
        self.full_screen.add_class("ht-full-screen")
        self.children = (
            widgets.HTML(style_tag()),
            widgets.HBox([self.code, self.load_button]),
            self.totals_box,
            self.message,
            widgets.HBox(
                [self.projector, self.full_screen], layout=widgets.Layout(align_items="center")
            ),
            self.projector_box,
            self.table,
            self.moon_choice,
            self.chart,
        )
        if deal is not None:
            self.set_deal(deal)
        self._render()
        self._relabel_on_lang(self._language_changed)

    @property
    def comparison(self) -> Comparison | None:
        if self.deal is None or not self.deal.is_over:
            return None
        return compare_deal(self.deal, self.totals)

    @property
    def totals(self) -> tuple[int, ...]:
        return self.totals_box.values

    @property
    def total_inputs(self) -> list[widgets.IntText]:
        return self.totals_box.inputs

    def set_deal(self, deal: Deal, totals: Sequence[int] | None = None) -> None:
        self.deal = deal
        self.totals_box.reset(tuple(totals) if totals is not None else deal.totals)
        self.message.value = (
            "" if deal.is_over else self._error(text("ui.teach.not_over", self.lang))
        )
        self._render()

    def set_totals(self, totals: Sequence[int]) -> None:
        self.totals_box.set_values(totals)

    def load_code(self, code: str) -> bool:
        """Load a played deal from its share code; a damaged code is refused and the
        deal shown so far is kept."""
        try:
            deal = deal_from_code(code.strip())
        except HeartsError as error:
            self._refusal = error
            self.message.value = self._error(error.message(self.lang))
            return False
        self._refusal = None
        self.code.value = code.strip()
        self.set_deal(deal)
        return True

    def _error(self, message: str) -> str:
        return alert_html(message)

    def open_full_page(self) -> None:
        """These tools are the page (opened full screen): no link to open them again."""
        self.full_page = True
        self._render_full_screen()

    def full_screen_query(self) -> str:
        """The address, relative to the page, of these tools alone with this deal."""
        query = {"page": FULL_PAGE, "lang": self.lang}
        if self.deal is not None and self.deal.is_over:
            query["deal"] = share_code(self.deal)
        return "?" + urlencode(query)

    def _render_full_screen(self) -> None:
        if self.full_page:
            self.full_screen.value = ""
            self.full_screen.layout.display = "none"
            return
        lang = self.lang
        self.full_screen.layout.display = None
        self.full_screen.value = (
            f'<a class="ht-full-screen-link" href="{escape(self.full_screen_query())}" '
            f'target="_blank" rel="noopener" title="{escape(text("ui.teach.full_screen_help", lang))}">'
            f"{escape(text('ui.teach.full_screen', lang))} ↗</a>"
        )

    def pick(self, keys: Sequence[str]) -> bool:
        """Show these rows in projector mode; a wrong pick (too few, too many, a row this
        table has not) is refused in the page's language and the rows shown stay."""
        comparison = self.comparison
        if comparison is None:
            return False
        try:
            picked = pick_variants(comparison, keys)
        except HeartsError as error:
            self._pick_refusal = error
            self.pick_message.value = self._error(error.message(self.lang))
            self._show_pick()
            return False
        self._pick_refusal = None
        self.pick_message.value = ""
        self.picked = picked
        self._render()
        return True

    def _picker_changed(self, change: dict[str, object]) -> None:
        if self._quiet:
            return
        value = change["new"]
        assert isinstance(value, tuple)
        self.pick([str(key) for key in value])

    def _show_pick(self) -> None:
        """The picker shows the rows shown, without telling anyone."""
        self._quiet = True
        try:
            self.picker.value = self.picked
        finally:
            self._quiet = False

    def _render_projector(self, comparison: Comparison | None) -> None:
        lang = self.lang
        self.projector.description = text("ui.teach.projector", lang)
        self.projector.tooltip = text("ui.teach.projector_help", lang)
        on = bool(self.projector.value)
        self.projector_box.layout.display = "flex" if on else "none"
        for part in (self.table, self.moon_choice, self.chart):
            part.layout.display = "none" if on else None
        if comparison is None:
            self.projector_view.value = ""
            self.projector_chart.value = ""
            return
        scored = [row.key for row in comparison.scored]
        if not self.picked or any(key not in scored for key in self.picked):
            self.picked = default_pick(comparison)
        self._quiet = True
        try:
            self.picker.options = [(variant_label(key, lang), key) for key in scored]
            self.picker.value = self.picked
            self.picker.description = text("ui.teach.projector_pick", lang)
            self.picker.tooltip = text("ui.teach.projector_help", lang)
        finally:
            self._quiet = False
        if self._pick_refusal is not None:
            self.pick_message.value = self._error(self._pick_refusal.message(lang))
        if on:
            self.projector_view.value = projector_html(comparison, self.picked, lang)
            self.projector_chart.value = self._chart_html(
                comparison_chart_svg(comparison, lang, self.picked, COMPARE_PROJECTOR)
            )

    def _language_changed(self) -> None:
        if self._refusal is not None:
            self.message.value = self._error(self._refusal.message(self.lang))
        self._render()

    def _render(self) -> None:
        if self._quiet:
            return
        lang = self.lang
        self.code.description = text("ui.teach.code", lang)
        self.code.placeholder = text("ui.teach.code_help", lang)
        self.code.tooltip = text("ui.teach.code_help", lang)
        self.load_button.description = text("ui.teach.load", lang)
        self.load_button.tooltip = text("ui.teach.code_help", lang)
        comparison = self.comparison
        self._render_full_screen()
        self._render_projector(comparison)
        if comparison is None:
            self.table.value = f"<p>{escape(text('ui.teach.no_deal', lang))}</p>"
            self.moon_choice.value = ""
            self.chart.value = ""
            return
        self.table.value = compare_table_html(
            comparison, lang, text("ui.teach.table_caption", lang)
        )
        self.moon_choice.value = self._moon_choice_html()
        self.chart.value = self._chart_html(comparison_chart_svg(comparison, lang))

    def chart_file_name(self) -> str:
        """The chart's file: the deal (its number in the game and six characters of a
        digest of its code, so two deals are two files) and the language."""
        deal = self.deal
        tag = "0"
        if deal is not None:
            digest = hashlib.sha256(share_code(deal).encode("ascii")).hexdigest()[:6]
            tag = f"{deal.deal_number + 1}-{digest}"
        return message("ui.teach.chart_file", self.lang).format(deal=tag)

    def _chart_html(self, svg: str) -> str:
        """The chart, and the link that downloads it."""
        label = text("ui.teach.chart_download", self.lang)
        return figure_html(svg) + f"<p>{download_link(svg, self.chart_file_name(), label)}</p>"

    def _moon_choice_html(self) -> str:
        """On a moon, the shooter's choice (docs/rules.md §3.2) beside the rows: both
        outcomes from the totals entered, and the choice the game's situation calls for,
        with its reason; nothing when the deal is not a moon or the table has two players
        (their moon has no choice)."""
        deal = self.deal
        if deal is None or deal.rules.players == 2:
            return ""
        # The deal's own rules with the shooter's choice: its values, and a sun (every
        # trick) doubling the moon where its rules say so (docs/rules.md §16.2).
        try:
            rules = dataclasses.replace(deal.rules, moon="choice")
        except HeartsError:  # rules a moon's choice cannot go with (Reverse): the plain one
            rules = Rules(players=deal.rules.players, moon="choice")
        totals = self.totals
        taken = [cards_of(mask) for mask in deal.taken]
        outcomes = moon_outcomes(
            rules, taken, totals, tricks=deal.tricks_won, deal_number=deal.deal_number
        )
        if outcomes is None:
            return ""
        shooter = outcomes.shooter
        made = moon_choice_made(
            rules, totals, shooter, deal.taken, deal.deal_number, deal.tricks_won
        )
        lang = self.lang
        reason = made.reason(lang)  # the shooter speaking
        question = text(
            "ui.teach.moon_choice",
            lang,
            seat=seat_words(shooter, rules, lang, None),
            reason=reason,
        )
        return moon_choice_html(outcomes, rules, lang, you=-1, question=question)


def compare_table_html(comparison: Comparison, lang: str, caption: str) -> str:
    """Every row scored, as an accessible table whose values never break across lines
    (``+0 → 90`` stays whole); the moon's column, when no row has a moon, stays narrow."""
    rows = comparison.table(lang, with_totals=any(comparison.totals_before))
    players = comparison.players
    moon = players + 1  # the column after the players'
    moonless = all(not row[moon] for row in rows[1:])
    narrow = ' class="ht-cmp-moon-empty"'
    head = "".join(
        f'<th scope="col"{narrow if i == moon and moonless else ""}>{escape(cell)}</th>'
        for i, cell in enumerate(rows[0])
    )
    body = "".join(
        "<tr>"
        + f'<th scope="row">{escape(row[0])}</th>'
        + "".join(
            f'<td class="ht-cmp-score">{escape(cell)}</td>'
            if i <= players
            else f"<td>{escape(cell)}</td>"
            for i, cell in enumerate(row[1:], 1)
        )
        + "</tr>"
        for row in rows[1:]
    )
    # In a box that scrolls sideways: on a phone the table is wider than the screen.
    return (
        '<div class="ht-scroll" style="max-width:100%;overflow-x:auto">'
        f'<table class="ht-scores ht-compare-table"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
    )


def projector_html(comparison: Comparison, keys: Sequence[str], lang: str) -> str:
    """The rows picked, in large type: a cell that differs from the reference row carries
    ≠, the row's winner ★, each with words for a screen reader; then the row's "why"."""
    players = comparison.players
    differs_words = escape(message("ui.teach.differs", lang))
    winner_words = escape(message("ui.teach.row_winner", lang))
    with_totals = any(comparison.totals_before)
    head = f'<th scope="col">{escape(text("teach.variant", lang))}</th>'
    head += "".join(
        f'<th scope="col">{escape(seat_name(p, players, lang))}</th>' for p in range(players)
    )
    head += f'<th scope="col">{escape(text("ui.teach.why", lang))}</th>'
    body = []
    for key in keys:
        row = comparison.row(key)
        if row.result is None:
            continue
        marks = differs(comparison, key)
        winners = row_winners(row)
        cells = []
        for player, (score, total) in enumerate(
            zip(row.result.scores, row.result.totals, strict=True)
        ):
            value = escape(
                f"{signed(score, plus=True)} → {signed(total)}" if with_totals else signed(score)
            )
            classes = ["ht-proj-score"]
            signs = ""
            words = []
            if marks[player]:
                classes.append("ht-proj-differs")
                signs += '<span class="ht-proj-sign" aria-hidden="true">≠</span>'
                words.append(differs_words)
            if player in winners:
                classes.append("ht-proj-winner")
                signs += '<span class="ht-proj-sign" aria-hidden="true">★</span>'
                words.append(winner_words)
            hidden = f'<span class="ht-sr-only">, {", ".join(words)}</span>' if words else ""
            cells.append(
                f'<td class="{" ".join(classes)}"><span class="ht-proj-value">{value}</span>'
                f"{signs}{hidden}</td>"
            )
        reason = escape(why(comparison, key).text(lang))
        body.append(
            f'<tr data-variant="{escape(key)}"><th scope="row">{escape(row.label(lang))}</th>'
            + "".join(cells)
            + f'<td class="ht-proj-why">{reason}</td></tr>'
        )
    caption = escape(text("ui.teach.projector_caption", lang))
    return (
        '<div class="ht-projector">'
        f'<table class="ht-proj-table"><caption>{caption}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
    )
