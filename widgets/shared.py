"""Widgets whose look never changes share one Layout and one Style model.

Every ipywidget brings a Layout and a Style model of its own, and the page must create
each model before it draws anything. Pictures (HTML) and card buttons never change
their layout or style, so they share one of each: the table opens with far fewer
models to send and build.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets  # type: ignore[import-untyped]
from ipywidgets.widgets.widget_string import HTMLStyle  # type: ignore[import-untyped]

_SHARED: dict[str, widgets.Widget] = {}


def _one(name: str, factory: type, **traits: object) -> widgets.Widget:
    model = _SHARED.get(name)
    if model is None or model.comm is None:  # none yet, or closed
        model = factory(**traits)
        _SHARED[name] = model
    return model


def picture(value: str = "") -> widgets.HTML:
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
