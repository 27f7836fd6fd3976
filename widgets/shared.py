"""Widgets whose look never changes share one Layout and one Style model.

Every ipywidget brings a Layout and a Style model of its own, and the page must create
each model before it draws anything. Pictures (HTML) and card buttons never change
their layout or style, so they share one of each: the table opens with far fewer
models to send and build.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from html import escape
from typing import Any, Final

import ipywidgets as widgets  # type: ignore[import-untyped]
from ipywidgets.widgets.widget_string import HTMLStyle  # type: ignore[import-untyped]

from hearts_teach.i18n import text

_SHARED: dict[str, widgets.Widget] = {}


def _one(name: str, factory: type, **traits: object) -> widgets.Widget:
    model = _SHARED.get(name)
    if model is None or model.comm is None:  # none yet, or closed
        model = factory(**traits)
        _SHARED[name] = model
    return model


def _models_under(root: widgets.Widget, seen: set[int]) -> Iterator[widgets.Widget]:
    """Every model below ``root`` (children, layouts, styles), each once, then ``root``:
    a box comes after what it holds."""
    if id(root) in seen:
        return
    seen.add(id(root))
    for child in getattr(root, "children", ()):
        yield from _models_under(child, seen)
    for name in ("layout", "style"):
        part = getattr(root, name, None)
        if isinstance(part, widgets.Widget):
            yield from _models_under(part, seen)
    yield root


@contextmanager
def one_update_each(*roots: widgets.Widget) -> Iterator[None]:
    """While the block runs, every model under ``roots`` keeps what changes in it and
    sends it as one message when the block ends, instead of one message a trait: a
    redraw of the table then costs the server and the page a message per changed widget
    (a card's label, tooltip, state and classes go together). The messages go out the
    models of the first root first, and a box's after those of what it holds: the page
    applies them in that order, so a box it shows with new children shows them in their
    new state (a card a test or a quick player clicks is never one about to change)."""
    seen: set[int] = set()
    models = [model for root in roots for model in _models_under(root, seen)]
    with ExitStack() as stack:
        for model in reversed(models):  # the last held is the first sent
            stack.enter_context(model.hold_sync())
        yield


def html_box(value: str = "") -> widgets.HTML:
    """An HTML widget with the shared layout and style (never restyle it)."""
    return widgets.HTML(
        value,
        layout=_one("html.layout", widgets.Layout),
        style=_one("html.style", HTMLStyle),
    )


def card_layout() -> widgets.Layout:
    return _one("card.layout", widgets.Layout, width="46px")


def card_style() -> widgets.ButtonStyle:
    return _one("card.style", widgets.ButtonStyle)


def alert_html(message: str) -> str:
    """A refusal shown to the person: announced at once (role alert), marked by a sign
    as well as by its place, in the page's words."""
    return f'<p role="alert" class="ht-message">⚠ {escape(message)}</p>'


def focus_line() -> widgets.Label:
    """A line the program may send the keyboard to (tabindex −1: never a Tab stop), so
    that an action whose button goes away, or whose result shows far below, sends the
    keyboard, the screen reader and the view to what happened. A Label: ipywidgets 8
    focuses an HTML widget's inner box, which takes no focus, but a Label's own."""
    line = widgets.Label(tabbable=False)
    line.add_class("ht-anchor")
    return line


def follow_replays(panel: widgets.Widget) -> None:
    """A deal review's panel (``hearts_teach_widgets.review.ReviewPanel``): each replay
    button, once clicked, sends the keyboard to a line naming the replay, just above it
    (the browser scrolls it into view and a screen reader reads it), not left on the
    button while the result appears below, out of sight. The line follows the panel's
    language."""
    line = focus_line()
    # the line names the replay: the replay's own heading would say it a second time
    panel.add_class("ht-follows-replays")
    children = list(panel.children)
    children.insert(children.index(panel.replay_box), line)
    panel.children = tuple(children)

    def name() -> None:
        replayed = panel.replayed
        if replayed is None:
            line.value = ""
            return
        decision = replayed[0]
        line.value = text(
            "ui.review.replay_title",
            panel.lang,
            where=decision.where_text(panel.lang),
            cards=decision.better_text(panel.lang),
        )

    def clicked(_button: object) -> None:
        name()
        line.focus()

    def hook(_change: object) -> None:
        name()
        for button in panel.replay_buttons:
            if button is not None:
                button.on_click(clicked)

    panel.rows.observe(hook, names="children")
    panel.observe(lambda _change: name(), names="lang")
    hook(None)


def choice_row(options: list[tuple[str, Any]], value: Any) -> widgets.RadioButtons:
    """One choice among a few, in a row: radio buttons, so that the chosen one is
    checked on screen and for screen readers (ipywidgets 8 draws a row of toggle
    buttons without aria-pressed)."""
    row = widgets.RadioButtons(
        options=options,
        value=value,
        orientation="horizontal",
        style={"description_width": "initial"},
    )
    row.add_class("ht-lang")
    return row


def name_control(widget: widgets.DOMWidget, words: str, help_text: str | None = None) -> None:
    """A control's name, and its tooltip (``help_text``, else the name itself): an
    ipywidget whose tooltip is None shows the word "null" on hovering its label."""
    widget.description = words
    widget.tooltip = help_text if help_text is not None else words


NATURAL_LABEL: Final = {"description_width": "initial"}
"""A control's label as wide as its words (the default width cut « Code de p… »)."""
