"""The teacher's widgets: one deal under every variant, the scoring desk, what-if, and
simulations, each with a table and a chart labelled in the page's language.

The numbers all come from :mod:`hearts_teach.teaching.compare` (and desk, what-if) and :mod:`hearts_teach.teaching.simulate`;
these widgets only collect what the teacher enters and show the result.
"""

from __future__ import annotations

import os
import statistics
import sys
from collections.abc import Callable, Sequence
from html import escape
from typing import Final, TypedDict

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from hearts_teach import Card, Deal
from hearts_teach.bots import MoonChoiceMade
from hearts_teach.cards import cards_of
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import (
    card_name,
    card_symbols,
    message,
    one_decimal,
    read_cards,
    signed,
    text,
)
from hearts_teach.records import deal_from_code, share_code
from hearts_teach.rules import PLAYER_COUNTS, Rules
from hearts_teach.scoring import moon_outcomes, preferred_moon_choice
from hearts_teach.teaching.compare import Comparison, compare_deal, player_name, variant_label
from hearts_teach.teaching.desk import ScoringDesk
from hearts_teach.teaching.simulate import VARIANT_KEYS, Simulation, VariantSummary, simulate
from hearts_teach.teaching.whatif import WhatIf, WhatIfResult

from .cards import HandView, play_states
from .cards import card_button as _card_button
from .charts import (
    Series,
    bar_chart,
    box_chart,
    figure_html,
    line_chart,
    named,
    number,
    panels_html,
    sentence,
    separator,
)
from .lessons import comparison_html
from .render import card_face, moon_choice_html, name_of
from .review import ReviewTab
from .shared import alert_html, choice_row, describe, follow_replays
from .style import style_tag
from .texts import Localized

NATURAL_LABEL: Final = {"description_width": "initial"}
"""A control's label as wide as its words (the default width cut « Code de p… »)."""

# Python compiled to WebAssembly in the reader's browser (the static book): one worker.
IN_BROWSER = sys.platform == "emscripten"


def comparison_chart_svg(comparison: Comparison, lang: str) -> str:
    """Grouped bars: one group per variant, one hatched bar per player, each with its
    score; the text alternative gives every score, labelled in ``lang``."""
    rows = comparison.scored
    players = comparison.players
    names = [player_name(player, players, lang) for player in range(players)]
    series = [
        Series(name, tuple(row.result.scores[player] if row.result else 0 for row in rows))
        for player, name in enumerate(names)
    ]
    labels = [row.label(lang) for row in rows]
    title = text("ui.teach.chart", lang)
    alt = sentence(
        title,
        [
            named(
                label,
                ", ".join(
                    f"{name} {number(line.values[i], lang)}"
                    for name, line in zip(names, series, strict=True)
                ),
                lang,
            )
            for i, label in enumerate(labels)
        ],
        lang,
    )
    return bar_chart(
        title,
        labels,
        series,
        alt=alt,
        lang=lang,
        y_title=text("ui.teach.axis_score", lang),
        slanted=True,
        width=800,
        height=520,
        font_size=12,
    )


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
            name = player_name(player, len(self.inputs), lang)
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
        self.children = (
            widgets.HTML(style_tag()),
            widgets.HBox([self.code, self.load_button]),
            self.totals_box,
            self.message,
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
        if comparison is None:
            self.table.value = f"<p>{escape(text('ui.teach.no_deal', lang))}</p>"
            self.moon_choice.value = ""
            self.chart.value = ""
            return
        self.table.value = comparison_html(comparison, lang, text("ui.teach.table_caption", lang))
        self.moon_choice.value = self._moon_choice_html()
        self.chart.value = figure_html(comparison_chart_svg(comparison, lang))

    def _moon_choice_html(self) -> str:
        """On a moon, the shooter's choice (docs/rules.md §3.2) beside the rows: both
        outcomes from the totals entered, and the choice the game's situation calls for,
        with its reason; nothing when the deal is not a moon or the table has two players
        (their moon has no choice)."""
        deal = self.deal
        if deal is None or deal.rules.players == 2:
            return ""
        rules = Rules(players=deal.rules.players, moon="choice")
        totals = self.totals
        taken = [cards_of(mask) for mask in deal.taken]
        outcomes = moon_outcomes(
            rules, taken, totals, tricks=deal.tricks_won, deal_number=deal.deal_number
        )
        if outcomes is None:
            return ""
        shooter = outcomes.shooter
        decision = preferred_moon_choice(
            rules, totals, shooter, deal.taken, 0, deal.deal_number + 1
        )
        made = MoonChoiceMade(
            decision.choice,
            f"moon.{decision.choice}.{decision.reason}",
            {"amount": rules.moon_value},
        )
        lang = self.lang
        reason = made.reason(lang)  # the shooter speaking
        question = text(
            "ui.teach.moon_choice",
            lang,
            seat=name_of(shooter, rules, lang, you=-1),
            reason=reason,
        )
        return moon_choice_html(outcomes, rules, lang, you=-1, question=question)


class ScoringDeskWidget(Localized, widgets.VBox):  # type: ignore[misc]
    """Click which player took which counting card; every variant's score follows.

    A card already given to another player is refused with the engine's message; so is
    a typed card that is not in this deck.
    """

    desk: ScoringDesk

    def __init__(self, players: int = 4, lang: str = "en") -> None:
        super().__init__()
        self.add_class("ht-root")
        self.lang = lang
        self.intro = widgets.HTML()
        # Radio buttons, whose checked one a screen reader says (ipywidgets 8 draws a
        # toggle row without aria-pressed).
        self.players_choice = choice_row([(str(n), n) for n in PLAYER_COUNTS], players)
        self.players_choice.observe(lambda change: self.reset(change["new"]), names="value")
        self.active = choice_row([("", 0)], 0)
        self.active.observe(lambda _change: self._render(), names="value")
        self.cards_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.typed = widgets.Text(style=NATURAL_LABEL)
        self.give_button = widgets.Button(icon="check")
        self.give_button.on_click(lambda _b: self.give_typed(self.typed.value))
        self.clear_button = widgets.Button(icon="eraser")
        self.clear_button.on_click(lambda _b: self.reset(self.desk.players))
        self.totals_box = TotalsBox(self._totals_changed, lang)
        traitlets.dlink((self, "lang"), (self.totals_box, "lang"))
        self.message = widgets.HTML()
        self.progress_text = widgets.HTML()
        self.table = widgets.HTML()
        self.chart = widgets.HTML()
        self.children = (
            widgets.HTML(style_tag()),
            self.intro,
            self.players_choice,
            self.active,
            self.cards_box,
            widgets.HBox([self.typed, self.give_button, self.clear_button]),
            self.totals_box,
            self.message,
            self.progress_text,
            self.table,
            self.chart,
        )
        self.card_buttons: dict[Card, widgets.Button] = {}
        self._refusal: HeartsError | None = None
        self.reset(players)
        self._relabel_on_lang(self._language_changed)

    def reset(self, players: int) -> None:
        """A new deal for ``players``; the totals before it are kept if the number of
        players is the same."""
        totals = self.totals_box.values
        if len(totals) != players:
            totals = (0,) * players
            self.totals_box.reset(totals)
        self.desk = ScoringDesk(players=players, totals=totals)
        if self.players_choice.value != players:
            self.players_choice.value = players
        self.card_buttons = {}
        for card in self.desk.cards:
            button = _card_button(card, self.lang)
            button.on_click(lambda _b, card=card: self.click_card(card))
            self.card_buttons[card] = button
        self.cards_box.children = tuple(self.card_buttons.values())
        self._refusal = None
        self._set_active_options()
        self._render()

    def _set_active_options(self) -> None:
        options: list[tuple[str, int]] = [
            (player_name(p, self.desk.players, self.lang), p) for p in range(self.desk.players)
        ]
        if self.desk.dead_allowed:
            options.append((text("ui.teach.desk_dead", self.lang), -1))
        current = self.active.value if self.active.value is not None else 0
        self.active.options = options
        self.active.value = current if any(v == current for _, v in options) else 0

    def select(self, player: int) -> None:
        """Cards clicked from now on go to ``player`` (−1: dead, with two players)."""
        self.active.value = player

    def click_card(self, card: Card | str) -> bool:
        """Give ``card`` to the chosen player, or take it back if it is already theirs."""
        card = Card.parse(card)
        active = int(self.active.value)
        try:
            if active == -1:
                if card in self.desk.dead:
                    self.desk.take_back(card)
                else:
                    self.desk.set_dead(card)
            elif self.desk.owner.get(card) == active:
                self.desk.take_back(card)
            else:
                self.desk.give(card, active)
        except HeartsError as error:
            self._refusal = error
            self._render()
            return False
        self._refusal = None
        self._render()
        return True

    def give_typed(self, cards: str) -> bool:
        """Give every typed card to the chosen player; all or nothing."""
        active = int(self.active.value)
        before_owner = dict(self.desk.owner)
        before_dead = list(self.desk.dead)
        try:
            for card in read_cards(cards, self.lang):
                if active == -1:
                    self.desk.set_dead(card)
                else:
                    self.desk.give(card, active)
        except HeartsError as error:
            self.desk.owner = before_owner
            self.desk.dead = before_dead
            self._refusal = error
            self._render()
            return False
        self._refusal = None
        self.typed.value = ""
        self._render()
        return True

    @property
    def refusal_text(self) -> str:
        return "" if self._refusal is None else self._refusal.message(self.lang)

    def _totals_changed(self) -> None:
        self.desk.totals = self.totals_box.values
        self._render()

    def _language_changed(self) -> None:
        self._set_active_options()  # the player chosen stays
        self._render()

    def _render(self) -> None:
        lang = self.lang
        desk = self.desk
        self.intro.value = f"<p>{escape(text('ui.teach.desk_intro', lang))}</p>"
        describe(self.players_choice, text("ui.teach.desk_players", lang))
        describe(self.active, text("ui.teach.desk_player", lang))
        active = int(self.active.value) if self.active.value is not None else 0
        inline_active = (
            message("ui.teach.desk_dead", lang)
            if active == -1
            else player_name(active, desk.players, lang)
        )
        for card, button in self.card_buttons.items():
            marks: tuple[str, ...]
            if card in desk.owner:
                owner = player_name(desk.owner[card], desk.players, lang)
                marks = (f"ht-owner-{desk.owner[card]}",)
            elif card in desk.dead:
                owner = message("ui.teach.desk_dead", lang)
                marks = ("ht-dead",)
            else:
                owner = message("ui.teach.desk_nobody", lang)
                marks = ()
            # what a click does: the active player's own card (or a dead one, when dead
            # cards are being marked) is taken back; any other is given
            taken_back = desk.owner.get(card) == active or (active == -1 and card in desk.dead)
            said = {"card": card_name(card, lang), "owner": owner, "active": inline_active}
            if taken_back:
                label = text("ui.teach.desk_card_back", lang, **said)
            else:
                label = text("ui.teach.desk_card", lang, **said)
            button.description = label
            button.tooltip = label
            classes = [
                c for c in button._dom_classes if not c.startswith("ht-owner") and c != "ht-dead"
            ]
            button._dom_classes = tuple(classes + list(marks))
            # who took the card is also written on the button's face, not only in colour
            button.layout.border = "3px solid #0072B2" if marks else ""
        self.typed.description = text("ui.teach.desk_type", lang)
        self.typed.placeholder = text("ui.teach.desk_type_help", lang)
        self.typed.tooltip = text("ui.teach.desk_type_help", lang)
        describe(self.give_button, text("ui.teach.desk_give", lang))
        describe(self.clear_button, text("ui.teach.desk_clear", lang))
        self.message.value = alert_html(self.refusal_text) if self._refusal is not None else ""
        missing = len(desk.unassigned)
        progress = (
            text("ui.teach.desk_complete", lang)
            if not missing
            else text("ui.teach.desk_missing", lang, count=missing)
        )
        given = separator(lang).join(
            text(
                "list.colon",
                lang,
                label=player_name(p, desk.players, lang),
                value=card_symbols(cards, lang, sep=" "),
            )
            for p, cards in enumerate(desk.taken())
            if cards
        )
        self.progress_text.value = f"<p>{escape(progress)}</p><p>{escape(given)}</p>"
        comparison = desk.compare()
        self.table.value = comparison_html(comparison, lang, text("ui.teach.table_caption", lang))
        # the chart is drawn once every card is given: drawing it on each click is slow
        self.chart.value = (
            figure_html(comparison_chart_svg(comparison, lang)) if desk.complete else ""
        )


class WhatIfWidget(Localized, widgets.VBox):  # type: ignore[misc]
    """Rewind a played deal to a trick and card, play another card, see what changes."""

    def __init__(
        self, deal: Deal, lang: str = "en", level: str | None = None, seed: int = 0
    ) -> None:
        super().__init__()
        self.add_class("ht-root")
        self.lang = lang
        self.what_if = WhatIf(deal, level=level, seed=seed)
        players = deal.rules.players
        self.intro = widgets.HTML()
        # Drop-downs, not sliders: ipywidgets 8 draws a slider's handle without a name
        # for screen readers (its description is a label tied to no control), while a
        # drop-down's description is the <label> of its <select>.
        self.trick_picker = widgets.Dropdown(
            options=[(str(n), n) for n in range(1, len(deal.tricks) + 1)],
            value=1,
            style=NATURAL_LABEL,
        )
        self.card_picker = widgets.Dropdown(
            options=[(str(n), n) for n in range(1, players + 1)], value=1, style=NATURAL_LABEL
        )
        self.trick_picker.observe(lambda _c: self._position_changed(), names="value")
        self.card_picker.observe(lambda _c: self._position_changed(), names="value")
        self.position = widgets.HTML()
        self.hand = HandView(self._card_clicked, lang)
        self.table = widgets.HTML()
        self.result: WhatIfResult | None = None
        self.children = (
            widgets.HTML(style_tag()),
            self.intro,
            self.trick_picker,
            self.card_picker,
            self.position,
            self.hand,
            self.table,
        )
        self._render()
        self._relabel_on_lang(self._render)  # the position and the card replayed are kept

    @property
    def rewound(self) -> Deal:
        return self.what_if.rewind(self.trick_picker.value - 1, self.card_picker.value - 1)

    def go_to(self, trick: int, card: int = 1) -> None:
        """Show the position before card ``card`` of trick ``trick`` (both from 1)."""
        self.trick_picker.value = trick
        self.card_picker.value = card

    def _position_changed(self) -> None:
        self.result = None
        self._render()

    def _card_clicked(self, card: Card) -> None:
        self.play(card)

    def play(self, card: Card | str) -> WhatIfResult:
        """Play ``card`` at the position shown; the bots finish the deal."""
        self.result = self.what_if.replay(
            self.trick_picker.value - 1, card, self.card_picker.value - 1
        )
        self._render()
        return self.result

    def _render(self) -> None:
        lang = self.lang
        deal = self.rewound
        player = deal.to_play
        index = (self.trick_picker.value - 1) * deal.rules.players + self.card_picker.value - 1
        played = self.what_if.plays[index][1]
        self.intro.value = f"<p>{escape(text('ui.teach.whatif_intro', lang))}</p>"
        describe(self.trick_picker, text("ui.teach.whatif_trick", lang))
        describe(self.card_picker, text("ui.teach.whatif_card", lang))
        faces = "".join(card_face(card, lang, small=True) for _, card in deal.current_trick.plays)
        sentence = text(
            "ui.teach.whatif_position",
            lang,
            trick=self.trick_picker.value,
            card=self.card_picker.value,
            player=player_name(player, deal.rules.players, lang),
            played=card_name(played, lang),
        )
        self.position.value = f"<p>{escape(sentence)}</p><div>{faces}</div>"
        self.hand.show(play_states(deal, player, lang, played=(played,)))
        if self.result is None:
            self.table.value = ""
            return
        before = self.result.before.scores()
        after = self.result.after.scores()
        head = (
            f'<th scope="col">{escape(text("teach.variant", lang))}</th>'
            f'<th scope="col">{escape(text("ui.teach.whatif_played", lang))}</th>'
            f'<th scope="col">{escape(text("ui.teach.whatif_after", lang))}</th>'
        )
        body = "".join(
            f'<tr><th scope="row">{escape(variant_label(key, lang))}</th>'
            f"<td>{' / '.join(map(signed, before[key]))}</td>"
            f"<td>{'<strong>' if before[key] != after[key] else ''}"
            f"{' / '.join(map(signed, after[key]))}"
            f"{'</strong>' if before[key] != after[key] else ''}</td></tr>"
            for key in before
        )
        players = self.result.played.rules.players
        seats = " / ".join(player_name(p, players, lang) for p in range(players))
        order = f"<p>{escape(text('ui.teach.whatif_order', lang, seats=seats))}</p>"
        same = order + (
            "" if self.result.changes() else f"<p>{escape(text('ui.teach.whatif_same', lang))}</p>"
        )
        self.table.value = (
            f'<table class="ht-scores"><caption>{escape(text("ui.teach.whatif_table", lang))}'
            f"</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{same}"
        )


class _Size(TypedDict):
    width: int
    height: int
    font_size: int


# each of the three charts of a simulation (side by side on a wide screen)
_PANEL: Final[_Size] = {"width": 640, "height": 420, "font_size": 13}


def simulation_chart_svg(result: Simulation, lang: str) -> str:
    """Three charts side by side (one above the other on a narrow screen): how many deals
    the games lasted, moons per 100 deals, and the winner's margin, for every variant
    simulated. Each is an SVG with its own text alternative."""
    summaries = result.summaries
    labels = [variant_label(s.variant, lang) for s in summaries]
    return panels_html(
        [
            _deals_panel(summaries, labels, lang),
            _moons_panel(summaries, labels, lang),
            _margin_panel(summaries, labels, lang),
        ],
        text("ui.teach.sim_caption", lang),
    )


def _deals_panel(summaries: Sequence[VariantSummary], labels: list[str], lang: str) -> str:
    """How many games lasted each number of deals: one line per variant."""
    lengths = [r.deals for s in summaries for r in s.records]
    low, high = (min(lengths), max(lengths)) if lengths else (0, 0)
    counts = [
        Series(label, tuple(s.deals_per_game[deals] for deals in range(low, high + 1)))
        for label, s in zip(labels, summaries, strict=True)
    ]
    title = text("ui.teach.sim_chart_deals", lang)
    alt = sentence(
        title,
        [
            text(
                "chart.mean_range",
                lang,
                name=label,
                mean=one_decimal(s.mean_deals, lang),
                low=min(r.deals for r in s.records),
                high=max(r.deals for r in s.records),
            )
            for label, s in zip(labels, summaries, strict=True)
            if s.records
        ],
        lang,
    )
    return line_chart(
        title,
        [str(n) for n in range(low, high + 1)],
        counts,
        alt=alt,
        lang=lang,
        x_title=text("sim.deals_axis", lang),
        y_title=text("sim.count_axis", lang),
        **_PANEL,
    )


def _moons_panel(summaries: Sequence[VariantSummary], labels: list[str], lang: str) -> str:
    """Moons per 100 deals: one bar per variant, with its value."""
    title = text("ui.teach.sim_chart_moons", lang)
    rates = tuple(round(100 * s.moon_rate, 1) for s in summaries)
    items = [
        f"{label} {one_decimal(rate, lang)}" for label, rate in zip(labels, rates, strict=True)
    ]
    return bar_chart(
        title,
        labels,
        [Series(title, rates)],
        alt=sentence(title, items, lang),
        lang=lang,
        slanted=True,
        decimals=True,
        **_PANEL,
    )


def _margin_panel(summaries: Sequence[VariantSummary], labels: list[str], lang: str) -> str:
    """The winner's margin over the games that ended: one box per variant."""
    title = text("ui.teach.sim_chart_margin", lang)
    margins = [Series(label, tuple(s.margins)) for label, s in zip(labels, summaries, strict=True)]
    alt = sentence(
        title,
        [
            text(
                "chart.median_range",
                lang,
                name=group.name,
                median=number(statistics.median(group.values), lang),
                low=number(min(group.values), lang),
                high=number(max(group.values), lang),
            )
            for group in margins
            if group.values
        ],
        lang,
    )
    return box_chart(
        title,
        margins,
        alt=alt,
        lang=lang,
        y_title=text("sim.margin_axis", lang),
        slanted=True,
        **_PANEL,
    )


class SimulationWidget(Localized, widgets.VBox):  # type: ignore[misc]
    """Choose variants, games, processes and bots; run; see a progress bar, a table and
    plots."""

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.add_class("ht-root")
        self.lang = lang
        self.variants = widgets.SelectMultiple(
            options=[(variant_label(key, lang), key) for key in VARIANT_KEYS],
            value=("standard",),
            rows=6,
            style=NATURAL_LABEL,
            layout=widgets.Layout(width="640px", max_width="100%"),
        )
        self.games = widgets.BoundedIntText(value=20, min=1, max=10000, style=NATURAL_LABEL)
        self.jobs = widgets.BoundedIntText(
            value=1, min=1, max=max(1, os.cpu_count() or 1), style=NATURAL_LABEL
        )
        if IN_BROWSER:  # Python in a web page has one thread and no processes to share
            self.jobs.layout.display = "none"
        self.level = widgets.Dropdown(
            options=["random", "heuristic"], value="heuristic", style=NATURAL_LABEL
        )
        self.seed = widgets.IntText(value=0, style=NATURAL_LABEL)
        self.run_button = widgets.Button(icon="play")
        self.run_button.on_click(lambda _b: self.run())
        self.progress = widgets.IntProgress(min=0, max=1, value=0, style=NATURAL_LABEL)
        self.progress_text = widgets.HTML()
        self.table = widgets.HTML()
        self.chart = widgets.HTML()
        self.result: Simulation | None = None
        self._done: tuple[int, int] | None = None  # the progress line's figures
        self.children = (
            widgets.HTML(style_tag()),
            self.variants,
            widgets.HBox([self.games, self.jobs]),
            widgets.HBox([self.level, self.seed]),
            self.run_button,
            self.progress,
            self.progress_text,
            self.table,
            self.chart,
        )
        self._render()
        self._relabel_on_lang(self._render)  # the choices and the last run's figures are kept

    def _progress(self, done: int, total: int) -> None:
        self.progress.max = max(1, total)
        self.progress.value = done
        self._done = (done, total)
        self._say_progress()

    def _say_progress(self) -> None:
        """The games played so far, in the page's language (redrawn on a change)."""
        if self._done is None:
            self.progress_text.value = ""
            return
        done, total = self._done
        said = text("ui.teach.sim_done", self.lang, done=done, total=total)
        self.progress_text.value = f'<p role="status" lang="{self.lang}">{escape(said)}</p>'

    def run(self) -> Simulation:
        self.run_button.disabled = True
        self.result = None  # the last run's figures go: they are not this run's
        self._render()
        try:
            self.result = simulate(
                list(self.variants.value),
                int(self.games.value),
                levels=[str(self.level.value)],
                jobs=int(self.jobs.value),
                seed=int(self.seed.value),
                progress=self._progress,
            )
        finally:
            self.run_button.disabled = False
        self._render()
        return self.result

    def _render(self) -> None:
        lang = self.lang
        chosen = self.variants.value
        self.variants.options = [(variant_label(key, lang), key) for key in VARIANT_KEYS]
        self.variants.value = chosen
        describe(self.variants, text("ui.teach.sim_variants", lang))
        describe(self.games, text("ui.teach.sim_games", lang))
        describe(self.jobs, text("ui.teach.sim_jobs", lang))
        describe(self.level, text("ui.teach.sim_level", lang))
        level = self.level.value
        self.level.options = [
            (text(f"ui.bot.{name}", lang), name) for name in ("random", "heuristic")
        ]
        self.level.value = level
        describe(self.seed, text("ui.teach.sim_seed", lang))
        describe(self.run_button, text("ui.teach.sim_run", lang))
        describe(self.progress, text("ui.teach.sim_progress", lang))
        self._say_progress()
        if self.result is None:
            self.table.value = ""
            self.chart.value = ""
            return
        rows = self.result.table(lang)
        head = "".join(f'<th scope="col">{escape(cell)}</th>' for cell in rows[0])
        body = "".join(
            f'<tr><th scope="row">{escape(row[0])}</th>'
            + "".join(f"<td>{escape(cell)}</td>" for cell in row[1:])
            + "</tr>"
            for row in rows[1:]
        )
        # wide on a projector's page: the table scrolls sideways rather than losing columns
        self.table.value = (
            '<div style="overflow-x:auto">'
            f'<table class="ht-scores"><caption>{escape(text("ui.teach.sim_caption", lang))}'
            f"</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
        )
        self.chart.value = figure_html(simulation_chart_svg(self.result, lang))


class TeacherTools(Localized, widgets.VBox):  # type: ignore[misc]
    """The tools in tabs, for the teachers' chapter and the playground: every variant,
    the scoring desk, what-if (given a finished deal), simulations, and the review of a
    student's deal from its share code.

    :meth:`set_deal` hands the tools a newly finished deal (the playground's table):
    the comparison shows it, what-if and the review start from it, and everything else
    the teacher did (the desk, a simulation, the totals typed...) is kept."""

    def __init__(self, deal: Deal | None = None, lang: str = "en") -> None:
        super().__init__()
        self.add_class("ht-root")
        self.lang = lang
        self.deal: Deal | None = None
        self.compare = VariantCompare(deal, lang)
        self.desk = ScoringDeskWidget(4, lang)
        self.simulation = SimulationWidget(lang)
        self.what_if: WhatIfWidget | None = None
        self.review = ReviewTab(deal, lang)
        self.review.code.style.description_width = "initial"  # not « Code de p… »
        follow_replays(self.review.panel)
        for page in (self.compare, self.desk, self.simulation, self.review):
            traitlets.dlink((self, "lang"), (page, "lang"))
        self.tabs = widgets.Tab()
        self.heading = widgets.HTML()
        self.children = (self.heading, self.tabs)
        self._what_if_tie: traitlets.dlink | None = None
        if deal is not None and deal.is_over:
            self._show_what_if(deal)
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
        self._show_what_if(deal)
        review = self.review
        review.code.value = share_code(deal)
        review.deal = deal
        review._render()  # the seats of the new deal
        self._lay_out()

    def _show_what_if(self, deal: Deal) -> None:
        if self._what_if_tie is not None:
            self._what_if_tie.unlink()
        self.what_if = WhatIfWidget(deal, self.lang)
        self._what_if_tie = traitlets.dlink((self, "lang"), (self.what_if, "lang"))

    def _lay_out(self) -> None:
        """The pages in their order; the page shown stays shown."""
        pages: list[widgets.Widget] = [self.compare, self.desk]
        if self.what_if is not None:
            pages.append(self.what_if)
        pages += [self.simulation, self.review]
        index = self.tabs.selected_index
        shown = self.tabs.children[index] if isinstance(index, int) else None
        if isinstance(shown, WhatIfWidget):
            shown = self.what_if
        self.tabs.children = tuple(pages)
        self._render()
        self.tabs.selected_index = pages.index(shown) if shown in pages else 0

    def _render(self) -> None:
        lang = self.lang
        self.heading.value = f"<h2>{escape(text('ui.teach.title', lang))}</h2>"
        keys = ["ui.teach.tab.compare", "ui.teach.tab.desk"]
        if self.what_if is not None:
            keys.append("ui.teach.tab.whatif")
        keys.append("ui.teach.tab.simulate")
        keys.append("ui.teach.tab.review")
        self.tabs.titles = tuple(text(key, lang) for key in keys)
        # (the review's seat, relabelled just before: its label's tooltip, else "null")
        self.review.seat.tooltip = self.review.seat.description
