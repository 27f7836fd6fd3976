"""Choosing the rules: every variant preset, and the options that matter to a player.

Picking a preset sets every option; changing an option afterwards makes custom rules.
A combination the engine refuses is shown with the engine's own message, in the
chosen language, and ``rules`` stays ``None`` until the combination is playable.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
from traitlets import TraitError, validate

from hearts_teach import Rules, RulesError
from hearts_teach.cards import cards_of
from hearts_teach.i18n import card_symbol, join_words, text
from hearts_teach.rules import (
    KITTY_PLAYERS,
    MOON_RULES,
    OMNIBUS_CARDS,
    PASSING,
    PLAYER_COUNTS,
    QS_BREAKS,
    REMOVALS_FOR,
    SUNS,
    mask_of_removal,
)

from .render import variant_name
from .shared import html_box
from .texts import Localized

TARGET_RANGE = (1, 10000)
"""The scores a game may end at, as the box offers them."""


class TargetBox(widgets.BoundedIntText):  # type: ignore[misc]
    """The "game ends at" box: its bounds are its own, whatever a page sends, so a
    target the box does not offer (10**18, a game that never ends) never reaches the
    rules; a value out of bounds is brought back within them, and one that is not a
    whole number is refused."""

    # The names of BoundedIntText's own validators, which these replace.
    @validate("min")
    def _validate_min(self, proposal: Any) -> int:
        return self._fixed(proposal["value"], TARGET_RANGE[0])

    @validate("max")
    def _validate_max(self, proposal: Any) -> int:
        return self._fixed(proposal["value"], TARGET_RANGE[1])

    @staticmethod
    def _fixed(value: object, bound: int) -> int:
        if value != bound:
            raise TraitError(f"the target box keeps its bounds {TARGET_RANGE}")
        return bound


# The variant each number of players starts from (three with Black Maria: traditional
# Black Maria, whose pass, first lead and card removed are its own).
SEATED = {2: "two-player", 3: "three-player", 4: "standard", 5: "five-player", 6: "six-player"}
DEALS_OFFERED = (*range(1, 13), 15, 20)
NO_FIXED_DEALS = 0
"""The fixed numbers of deals the picker offers (docs/rules.md §7.1), besides none."""
NO_RESET = -1
"""The reset box's value for "exactly the target ends the game" (None, as for the deals)."""
RESETS_OFFERED = (50, 0)
"""Where a total landing exactly on the target may go back (docs/rules.md §16.1)."""


def seated(players: int, black_maria: bool) -> str:
    """The variant whose derived options (pass, first lead, cards removed...) a table of
    ``players`` starts from."""
    return "black-maria-3" if players == 3 and black_maria else SEATED[players]


BOOLEAN_OPTIONS = (
    "spot",
    "omnibus",
    "black_maria",
    "partnership",
    "reverse",
    "qs_penalty",
    "must_break_hearts",
    "first_trick_no_points",
    # House rules the book names (its basics chapter), offered as the engine plays them.
    "first_lead_any_club",
    "lead_hearts_instead_of_qs",
    "avoid_all_tricks_bonus",
    "qs_twelve",
    "black_jack",
    "team_target",
    "kitty",
    "qh_thirteen",
)
PASS_COUNTS = (1, 2, 3, 4)
"""How many cards may be passed (docs/rules.md §2.3): four-card passes are a house rule."""


def relabel_choices(dropdown: widgets.Dropdown, options: list[tuple[str, Any]]) -> None:
    """New labels (another language) for the same choices; the chosen value stays.
    Observers see the value pass through the first option: callers that react to a
    change mute themselves meanwhile."""
    value = dropdown.value
    dropdown.options = options
    dropdown.value = value


class RulesPicker(Localized, widgets.VBox):  # type: ignore[misc]
    """A variant dropdown with the player-relevant options below it.

    ``rules`` is the chosen :class:`Rules`, or ``None`` while the options cannot go
    together (``error`` then holds the engine's refusal). ``on_change(rules)`` is
    called after each change. A change of ``lang`` relabels the choices; what is chosen
    stays.
    """

    def __init__(self, lang: str = "en", preset: str = "standard") -> None:
        super().__init__()
        self.lang = lang
        self._updating = False
        self.rules: Rules | None = Rules.preset(preset)
        self._base: Rules = self.rules
        self.error: RulesError | None = None
        self._listeners: list[Callable[[Rules | None], None]] = []
        wide = {"description_width": "190px"}

        def wide_layout() -> widgets.Layout:
            return widgets.Layout(width="520px")

        self.preset = widgets.Dropdown(
            options=self._preset_options(), value=preset, style=wide, layout=wide_layout()
        )
        self.players = widgets.Dropdown(
            options=[(str(n), n) for n in PLAYER_COUNTS],
            style=wide,
            layout=widgets.Layout(width="260px"),
        )
        # Which cards come out of the pack (docs/rules.md §15): shown only when the number
        # of players leaves a choice.
        self.removed = widgets.Dropdown(
            options=self._removal_options(4, False), style=wide, layout=wide_layout()
        )
        self.deals = widgets.Dropdown(
            options=self._deals_options(NO_FIXED_DEALS), style=wide, layout=wide_layout()
        )
        self.moon = widgets.Dropdown(
            options=self._choice_options("ui.moon", MOON_RULES), style=wide, layout=wide_layout()
        )
        self.passing = widgets.Dropdown(
            options=self._choice_options("ui.passing", PASSING), style=wide, layout=wide_layout()
        )
        self.pass_count = widgets.Dropdown(
            options=[(str(n), n) for n in PASS_COUNTS],
            style=wide,
            layout=widgets.Layout(width="260px"),
        )
        self.qs_breaks_hearts = widgets.Dropdown(
            options=self._choice_options("ui.qs_breaks", QS_BREAKS),
            style=wide,
            layout=wide_layout(),
        )
        self.sun = widgets.Dropdown(
            options=self._choice_options("ui.sun", SUNS), style=wide, layout=wide_layout()
        )
        self.omnibus_card = widgets.Dropdown(
            options=self._choice_options("ui.omnibus_card", OMNIBUS_CARDS),
            style=wide,
            layout=wide_layout(),
        )
        self.exact_target_reset = widgets.Dropdown(
            options=self._reset_options(), style=wide, layout=wide_layout()
        )
        self.target = TargetBox(
            min=TARGET_RANGE[0],
            max=TARGET_RANGE[1],
            step=25,
            style=wide,
            layout=widgets.Layout(width="300px"),
        )
        self.checkboxes = {
            name: widgets.Checkbox(indent=False, layout=widgets.Layout(width="auto"))
            for name in BOOLEAN_OPTIONS
        }
        # Which cards this table takes out, said by the number of players (the drop-down
        # above is shown only where there is a choice).
        self.removed_note = html_box()
        self.removed_note.add_class("ht-removed-note")
        self.verdict = html_box()
        self._fields: dict[str, widgets.Widget] = {
            "players": self.players,
            "removed": self.removed,
            "moon": self.moon,
            "passing": self.passing,
            "pass_count": self.pass_count,
            "qs_breaks_hearts": self.qs_breaks_hearts,
            "target": self.target,
            "exact_target_reset": self.exact_target_reset,
            "deals": self.deals,
            "sun": self.sun,
            "omnibus_card": self.omnibus_card,
            **self.checkboxes,
        }
        self.preset.observe(self._preset_changed, names="value")
        for field in self._fields.values():
            field.observe(self._option_changed, names="value")
        self.options_title = html_box()
        checks = widgets.GridBox(
            list(self.checkboxes.values()),
            layout=widgets.Layout(grid_template_columns="repeat(2, minmax(240px, 1fr))"),
        )
        self.children = [
            self.preset,
            self.options_title,
            self.players,
            self.removed_note,
            self.removed,
            self.moon,
            self.passing,
            self.pass_count,
            self.qs_breaks_hearts,
            self.target,
            self.exact_target_reset,
            self.deals,
            self.sun,
            self.omnibus_card,
            checks,
            self.verdict,
        ]
        self._load(Rules.preset(preset))
        self._relabel()
        self.observe(self._language_changed, names="lang")

    # --- options --------------------------------------------------------------

    def _preset_options(self) -> list[tuple[str, str]]:
        return [(text("variant." + name, self.lang), name) for name in Rules.PRESETS]

    def _choice_options(self, prefix: str, values: tuple[str, ...]) -> list[tuple[str, str]]:
        return [(text(f"{prefix}.{value}", self.lang), value) for value in values]

    def _reset_options(self) -> list[tuple[str, int]]:
        return [
            (text("ui.exact_reset.none", self.lang), NO_RESET),
            *((text(f"ui.exact_reset.{value}", self.lang), value) for value in RESETS_OFFERED),
        ]

    def _removal_options(
        self, players: int, black_maria: bool, kitty: bool = False
    ) -> list[tuple[str, str]]:
        """The removals this number of players may choose, as the cards they take out;
        the one the book follows marked as the usual choice (none with a kitty, §16.7)."""
        if kitty and players in KITTY_PLAYERS:
            return [("—", "none")]
        usual = str(Rules.preset(seated(players, black_maria)).removed)
        options = []
        for word in REMOVALS_FOR[players] if usual in REMOVALS_FOR[players] else (usual,):
            cards = " ".join(card_symbol(c, self.lang) for c in cards_of(mask_of_removal(word)))
            label = text("ui.removed.usual", self.lang, cards=cards) if word == usual else cards
            options.append((label or "—", word))
        return options

    def _deals_options(self, current: int) -> list[tuple[str, int]]:
        # "No fixed number" is NO_FIXED_DEALS, not None: a drop-down given None as its
        # value shows no choice at all (ipywidgets reads it as "nothing selected")
        offered = sorted({*DEALS_OFFERED, *([current] if current != NO_FIXED_DEALS else [])})
        return [
            (text("ui.deals.none", self.lang), NO_FIXED_DEALS),
            *((str(n), n) for n in offered),
        ]

    def _show_removals(self, players: int, black_maria: bool, kitty: bool = False) -> None:
        """Offer the removals of this table (the value is set by the caller), and the kitty
        only to the tables a full pack leaves cards over for (or while it is ticked, so
        that the refusal says why)."""
        options = self._removal_options(players, black_maria, kitty)
        if [value for _, value in options] != [value for _, value in self.removed.options]:
            self.removed.options = options
        self.removed.layout.display = None if len(options) > 1 else "none"
        offered = players in KITTY_PLAYERS or kitty
        self.checkboxes["kitty"].layout.display = None if offered else "none"

    def on_change(self, callback: Callable[[Rules | None], None]) -> None:
        self._listeners.append(callback)

    def options(self) -> dict[str, Any]:
        """The options as chosen in the controls (before the engine checks them)."""
        chosen = {name: field.value for name, field in self._fields.items()}
        chosen["deals"] = chosen["deals"] or None  # NO_FIXED_DEALS: the game ends at its target
        if chosen["exact_target_reset"] == NO_RESET:
            chosen["exact_target_reset"] = None
        return chosen

    def set_option(self, name: str, value: Any) -> None:
        """Change one option as a person would (the engine then checks the whole)."""
        if name == "deals" and value is None:
            value = NO_FIXED_DEALS
        if name == "exact_target_reset" and value is None:
            value = NO_RESET
        self._fields[name].value = value

    def choose_preset(self, name: str) -> None:
        self.preset.value = name

    def _load(self, rules: Rules) -> None:
        self._base = rules  # options without a control (first lead...) come from here
        self._updating = True
        try:
            self._show_removals(rules.players, rules.black_maria, rules.kitty)
            self.deals.options = self._deals_options(rules.deals or NO_FIXED_DEALS)
            for name, field in self._fields.items():
                value = getattr(rules, name)
                if name == "deals":
                    value = value or NO_FIXED_DEALS
                elif name == "exact_target_reset" and value is None:
                    value = NO_RESET
                field.value = value
        finally:
            self._updating = False
        self._check()

    def _preset_changed(self, change: dict[str, Any]) -> None:
        if self._updating or change["new"] is None:
            return
        self._load(Rules.preset(change["new"]))

    def _option_changed(self, change: dict[str, Any]) -> None:
        if self._updating:
            return
        owner = change["owner"]
        kitty_box = self.checkboxes["kitty"]
        if owner is kitty_box:
            # The kitty takes the removed cards' place (§16.7): the removal follows it.
            players, black_maria = self.players.value, self.checkboxes["black_maria"].value
            self._updating = True
            try:
                self._show_removals(players, black_maria, kitty_box.value)
                usual = Rules.preset(seated(players, black_maria)).removed
                self.removed.value = "none" if kitty_box.value else usual
            finally:
                self._updating = False
        elif owner is self.players or owner is self.checkboxes["black_maria"]:
            # Options that come with the table (passing, the first-trick ban, the cards
            # removed...) follow it, unless the person had changed them.
            players, black_maria = self.players.value, self.checkboxes["black_maria"].value
            old = (
                (change["old"], black_maria) if owner is self.players else (players, change["old"])
            )
            before, after = Rules.preset(seated(*old)), Rules.preset(seated(players, black_maria))
            kitty = kitty_box.value
            self._updating = True
            try:
                removed = self.removed.value
                self._show_removals(players, black_maria, kitty)
                keep = removed != before.removed and removed in REMOVALS_FOR[players]
                self.removed.value = (
                    "none"
                    if kitty and players in KITTY_PLAYERS
                    else removed
                    if keep
                    else after.removed
                )
                for name, field in self._fields.items():
                    if name in ("players", "black_maria", "removed", "kitty"):
                        continue
                    if field.value == getattr(before, name):
                        field.value = getattr(after, name)
            finally:
                self._updating = False
        self._check()

    def _check(self) -> None:
        rules: Rules | None
        base = self._base
        changes = {
            name: value for name, value in self.options().items() if getattr(base, name) != value
        }
        try:
            rules = base.replace(**changes) if changes else base
            self.error = None
        except RulesError as refusal:
            rules = None
            self.error = refusal
        self.rules = rules
        if rules is not None and rules.preset_name and rules.preset_name != self.preset.value:
            self._updating = True
            self.preset.value = rules.preset_name
            self._updating = False
        self._draw_verdict()
        self._draw_removed()
        for listener in self._listeners:
            listener(rules)

    # --- language -------------------------------------------------------------

    def _language_changed(self, _change: object) -> None:
        self._updating = True  # the choices stay: no option changes
        try:
            for field, options in (
                (self.preset, self._preset_options()),
                (self.moon, self._choice_options("ui.moon", MOON_RULES)),
                (self.passing, self._choice_options("ui.passing", PASSING)),
                (self.qs_breaks_hearts, self._choice_options("ui.qs_breaks", QS_BREAKS)),
                (self.deals, self._deals_options(self.deals.value)),
                (self.sun, self._choice_options("ui.sun", SUNS)),
                (self.omnibus_card, self._choice_options("ui.omnibus_card", OMNIBUS_CARDS)),
                (self.exact_target_reset, self._reset_options()),
            ):
                relabel_choices(field, options)
            relabel_choices(
                self.removed,
                self._removal_options(
                    self.players.value,
                    self.checkboxes["black_maria"].value,
                    self.checkboxes["kitty"].value,
                ),
            )
        finally:
            self._updating = False
        self._relabel()

    def _relabel(self) -> None:
        lang = self.lang
        self.preset.description = text("ui.label.variant", lang)
        self.preset.tooltip = self.preset.description  # else "null"
        self.options_title.value = f"<h3>{escape(text('ui.start.options', lang))}</h3>"
        for name, field in self._fields.items():
            field.description = text(f"ui.option.{name}", lang)
            field.tooltip = field.description  # a label without one reads "null"
        self._draw_verdict()
        self._draw_removed()

    def removed_text(self) -> str:
        """The cards the chosen table takes out of the pack, and the hand each player then
        gets, from the engine's rules (empty when no card is removed or the options cannot
        go together)."""
        rules = self.rules
        if rules is not None and rules.kitty:
            count = rules.dead_count
            key = "ui.removed.note.kitty.one" if count == 1 else "ui.removed.note.kitty.many"
            return text(key, self.lang, count=count, size=rules.hand_size)
        if rules is None or rules.removed in (None, "none"):
            return ""
        cards = cards_of(mask_of_removal(rules.removed))
        if not cards:
            return ""
        key = "ui.removed.note.one" if len(cards) == 1 else "ui.removed.note.many"
        symbols = join_words([card_symbol(card, self.lang) for card in cards], self.lang)
        return text(key, self.lang, cards=symbols, size=rules.hand_size)

    def _draw_removed(self) -> None:
        said = self.removed_text()
        self.removed_note.value = (
            f'<div class="ht-removed" lang="{self.lang}">{escape(said)}</div>' if said else ""
        )

    def _draw_verdict(self) -> None:
        lang = self.lang
        if self.rules is not None and self.rules.preset_name is None:
            base = text("variant." + self.preset.value, lang)
            sentence = text("ui.rules.ok_custom", lang, name=base)
            self.verdict.value = f'<div class="ht-message" role="status">{escape(sentence)}</div>'
        elif self.rules is not None:
            sentence = text("ui.rules.ok", lang, name=variant_name(self.rules, lang))
            self.verdict.value = f'<div class="ht-message" role="status">{escape(sentence)}</div>'
        else:
            assert self.error is not None
            sentence = text("ui.rules.refused", lang, error=self.error.message(lang))
            self.verdict.value = (
                f'<div class="ht-message ht-error" role="alert">{escape(sentence)}</div>'
            )
