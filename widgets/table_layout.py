"""Where the table's parts go: the felt, the hand and the buttons; beside them the
settings, the score sheet and the bots' reasons; below, the rules and sharing.

The parts are the table's own widgets (``table.py`` makes them); this module only places
them, so that the page's layout is read in one place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from hearts_teach.i18n import text

from .render import moon_choice_label
from .rules_picker import relabel_choices
from .shared import name_control
from .table_settings import pace_options

if TYPE_CHECKING:
    from .table import HeartsTable


def table_parts(
    table: HeartsTable, show_share: bool, show_language: bool
) -> tuple[list[widgets.Widget], widgets.HBox]:
    """The table's parts in place: the felt, the hand and the buttons; beside them the
    settings, the score sheet and the bots' reasons; below, the rules and sharing."""
    toolbar = widgets.HBox(
        [
            table.confirm_pass_button,
            *table.moon_buttons.values(),
            table.hint_button,
            table.undo_button,
            table.review_button,
            table.next_deal_button,
            table.back_to_played_button,
            table.new_game_button,
            table.skip_button,
        ]
    )
    toolbar.add_class("ht-toolbar")
    settings = widgets.HBox([table.bot_picker, table.pace_picker])
    settings.add_class("ht-toolbar")
    settings.add_class("ht-settings")
    # A table on its own (the book) keeps its language switch above it, where a
    # reader looks for it; inside the playground the page's switch is used.
    languages = widgets.HBox([table.language_picker])
    languages.add_class("ht-toolbar")
    main = widgets.VBox(
        [
            table.felt,
            table.note,
            table.hand,
            # right after the hand, so that a phone's order keeps it there, before the
            # buttons under the hand (its reason is lifted over the hand, on the felt)
            table.refusal_box,
            table.thinking,
            table.reasons,
            table.moon_box,
            toolbar,
            table.new_game_box,
            table.message_box,
            table.replay_level,
            table.review_slot,
        ],
        layout=widgets.Layout(flex="1 1 600px", min_width="0"),
    )
    main.add_class("ht-main")
    # The settings (the bots' level and speed) beside the table, not above it: the
    # felt and the hand then fit a laptop's screen; a phone shows them after the hand.
    side = widgets.VBox(
        [settings, table.score_sheet, table.bot_log],
        layout=widgets.Layout(flex="1 1 300px", min_width="0", max_width="420px"),
    )
    side.add_class("ht-side")
    share = table.share
    bottom = widgets.HBox(
        [widgets.Box([table.rules_box], layout=widgets.Layout(flex="1 1 420px")), share],
        layout=widgets.Layout(flex_flow="row wrap", margin="10px 0 0 0"),
    )
    bottom.layout.grid_gap = "10px"
    body = widgets.HBox([main, side], layout=widgets.Layout(flex_flow="row wrap"))
    body.layout.grid_gap = "12px"
    children = [
        table._style,
        *([languages] if show_language else []),
        table.status,
        table.badges,
        body,
        *([bottom] if show_share else [widgets.Box([table.rules_box])]),
    ]
    return children, settings  # (the playground adds its way back to the rules)


def label_controls(table: HeartsTable, lang: str) -> None:
    """The words of the table's buttons and pickers, in ``lang``."""
    session = table.session
    count = table.rules.pass_count
    table.confirm_pass_button.description = text("ui.pass.confirm", lang)
    table.confirm_pass_button.tooltip = text(
        "ui.pass.chosen", lang, chosen=len(session.picked), count=count
    )
    for choice, button in table.moon_buttons.items():
        button.description = moon_choice_label(
            choice, table.rules, lang, table.deal.pending_moon_choice
        )
        button.tooltip = button.description
    for button, key, help_key in (
        (table.hint_button, "ui.button.hint", "ui.button.hint_help"),
        (table.undo_button, "ui.button.undo", "ui.button.undo"),
        (table.review_button, "ui.review.button", "ui.review.button_help"),
        (table.next_deal_button, "ui.button.next_deal", "ui.button.next_deal"),
        (table.back_to_played_button, "ui.replay.back_button", "ui.replay.counts"),
        (table.new_game_button, "ui.button.new_game", "ui.button.new_game"),
        (table.new_game_yes, "table.new_game.yes", "table.new_game.yes"),
        (table.new_game_no, "table.new_game.no", "table.new_game.no"),
        # what it does: the bots' cards of this reply shown at once, no animation
        (table.skip_button, "table.button.skip", "ui.button.skip_help"),
    ):
        button.description = text(key, lang)
        button.tooltip = text(help_key, lang)
    name_control(table.language_picker, text("ui.label.language", lang))
    name_control(table.bot_picker, text("ui.label.bots", lang))
    name_control(table.pace_picker, text("ui.pace.label", lang))


class PaceControl:
    """The bots' pace picker of a table or a lesson (``owner``, with ``delay`` and
    ``lang`` traits), tied both ways to its delay: a choice sets the delay; a delay set
    another way (any from 0 to 5 s) becomes one of its choices."""

    def __init__(self, owner: Any, lang: str) -> None:
        self.owner = owner
        self.picker = widgets.Dropdown(
            options=pace_options(lang, owner.delay),
            value=owner.delay,
            style={"description_width": "initial"},
        )
        self.picker.observe(self._picked, names="value")
        owner.observe(self._delay_set, names="delay")

    def _picked(self, change: dict[str, Any]) -> None:
        self.owner.delay = change["new"]

    def _delay_set(self, change: dict[str, Any]) -> None:
        if self.picker.value != change["new"]:
            # its observer stays out of the way while the choices change
            self.picker.unobserve(self._picked, names="value")
            self.picker.options = pace_options(self.owner.lang, change["new"])
            self.picker.value = change["new"]
            self.picker.observe(self._picked, names="value")

    def relabel(self, lang: str) -> None:
        """The choices' words in ``lang``, the choice kept (nothing sent if they are)."""
        options = pace_options(lang, self.owner.delay)
        if [label for label, _ in self.picker.options] != [label for label, _ in options]:
            self.picker.unobserve(self._picked, names="value")
            relabel_choices(self.picker, options)
            self.picker.observe(self._picked, names="value")
        name_control(self.picker, text("ui.pace.label", lang))
