"""Every chart of the project, drawn as inline SVG by pygal (pure Python), so the same
code runs on the server and in the reader's browser (Pyodide).

Each builder (:func:`line_chart`, :func:`bar_chart`, :func:`box_chart`) returns one SVG
string that:

- asks nothing of any other host: no ``<script>`` (pygal's tooltip script is turned
  off and its configuration script removed), no comment, no web font or stylesheet;
- is the same bytes for the same input: the chart's id is a digest of the SVG (pygal
  would draw a random uuid), and the tree is always written by ``xml.etree`` (never
  lxml, which the browser does not have);
- is an image with a text alternative: ``role="img"``, an ``aria-label`` and a
  ``<desc>`` that give the data in words, in the chart's language (French numbers with
  a decimal comma);
- never tells series apart by colour alone: lines differ by dash and marker shape, bars
  by hatching, the legend repeats both, and bars carry their values.

Words come from the engine's catalog: the callers pass titles and names, the few
sentence pieces used here are registered below in both languages.
"""

from __future__ import annotations

import base64
import hashlib
import math
import re
import statistics
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Final, TypedDict

import pygal  # type: ignore[import-untyped]
from pygal.etree import etree as _pygal_etree  # type: ignore[import-untyped]
from pygal.style import Style  # type: ignore[import-untyped]

from hearts_teach.i18n import message, one_decimal, seat_name, signed, text, typeset
from hearts_teach.teaching.compare import Comparison, variant_label
from hearts_teach.teaching.simulate import Simulation, VariantSummary

# pygal writes with lxml when it is installed; the browser has no lxml, and the two
# serialize differently: always use the standard library's ElementTree.
_pygal_etree.to_etree()

# Okabe–Ito colours (safe for colour-blind readers), then a neutral grey.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#7F7F7F")
REFERENCE_COLOUR = "#444444"
# Line dashes and marker shapes; series i gets dash i % 4 and marker (i + i // 4) % 4, so
# the first sixteen series all differ by more than colour.
DASHES = ("", "9,5", "2,4", "12,4,2,4")
MARKERS = ("circle", "square", "triangle", "diamond")
HATCHES = ("", "lines", "dots", "cross")
FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif'
_MARGIN = 12
_SPACING = 10  # pygal's default space between the plot, its titles and the legend
_DOT = 4  # radius of a line's markers, on the line and in the legend
_PLOT = ("plot",)
_OVERLAY = ("plot", "overlay")
_TEXT = ("plot", "text-overlay")


def number(value: float, lang: str) -> str:
    """A whole number with a true minus sign, else one decimal (a comma in French)."""
    if float(value).is_integer():
        return signed(int(value))
    return one_decimal(value, lang)


def separator(lang: str) -> str:
    """Between the items of a list whose items hold commas: ``; `` / `` ; ``."""
    return typeset(message("list.semicolon", lang), lang)


def named(name: str, values: str, lang: str) -> str:
    """``South: 0, 13, 26`` / ``Sud : 0, 13, 26``."""
    return text("chart.named", lang, name=name, values=values)


def numbers(values: Sequence[float], lang: str) -> str:
    """``0, 13, 26``; decimals are listed with the separator, never a bare comma."""
    if all(float(v).is_integer() for v in values):
        return ", ".join(number(v, lang) for v in values)
    return separator(lang).join(number(v, lang) for v in values)


def sentence(title: str, items: Sequence[str], lang: str) -> str:
    """A text alternative: the title, then the items, ``Title. a; b; c.``."""
    body = separator(lang).join(items) if items else text("chart.no_data", lang)
    return f"{title.rstrip('.')}. {body}."


@dataclass(frozen=True)
class Series:
    """One named series of a chart: one value per label of the x axis."""

    name: str
    values: tuple[float, ...]


class Figure:
    """A chart as a notebook output: Jupyter shows the SVG; the plain-text form is its
    text alternative (stable, unlike an object's address)."""

    def __init__(self, svg: str, alt: str) -> None:
        self.svg = svg
        self.alt = alt

    def _repr_html_(self) -> str:
        return figure_html(self.svg)

    def __repr__(self) -> str:
        return self.alt


def figure_html(svg: str) -> str:
    """The chart in a ``<figure>``; the SVG inside is the image with its alternative."""
    return f'<figure class="ht-chart" style="margin:8px 0">{svg}</figure>'


def svg_file(svg: str) -> str:
    """A chart drawn for the page as a file of its own: the XML declaration, and a
    width and height (those of its viewBox) that image viewers need."""
    found = re.match(r'<svg\b[^>]*\bviewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    if found is not None and " width=" not in svg[: found.end()]:
        svg = f'<svg width="{found[1]}" height="{found[2]}"' + svg[len("<svg") :]
    if svg.startswith("<?xml"):
        return svg
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + svg


_SVG: Final = "http://www.w3.org/2000/svg"


def stacked_svg(panels: str) -> str:
    """The simulation's charts (``charts.simulation_chart_svg``: SVG panels side by
    side in HTML) as one SVG file, one panel under the other, each at its own size."""
    ET.register_namespace("", _SVG)
    found = ET.fromstring(panels).iter(f"{{{_SVG}}}svg")
    charts = [chart for chart in found]
    width = 0.0
    top = 0.0
    for chart in charts:
        _x, _y, w, h = (float(v) for v in chart.get("viewBox", "0 0 640 480").split())
        chart.attrib.pop("style", None)  # the page's sizing (width:100%), not a file's
        chart.set("x", "0")
        chart.set("y", f"{top:g}")
        chart.set("width", f"{w:g}")
        chart.set("height", f"{h:g}")
        width = max(width, w)
        top += h
    whole = ET.Element(
        f"{{{_SVG}}}svg",
        {"width": f"{width:g}", "height": f"{top:g}", "viewBox": f"0 0 {width:g} {top:g}"},
    )
    whole.extend(charts)
    return ET.tostring(whole, encoding="unicode", xml_declaration=True)


def download_link(svg: str, name: str, label: str) -> str:
    """A link that saves the chart as ``name`` (an SVG file) from the page itself: a
    data: address, which the served playground and the static book (no server to ask)
    both save."""
    data = base64.b64encode(svg_file(svg).encode("utf-8")).decode("ascii")
    return (
        f'<a class="ht-link ht-link-button ht-chart-download" download="{escape(name, quote=True)}" '
        f'href="data:image/svg+xml;base64,{data}">{escape(label)}</a>'
    )


def panels_html(charts: Sequence[str], label: str) -> str:
    """Charts side by side, wrapping on a narrow screen, as one labelled group."""
    cells = "".join(f'<div style="flex:1 1 560px;min-width:0">{chart}</div>' for chart in charts)
    return (
        f'<div role="group" aria-label="{escape(label)}" '
        f'style="display:flex;flex-wrap:wrap;gap:8px">{cells}</div>'
    )


def _style(colours: Sequence[str], size: int) -> Any:
    return Style(
        font_family=FONT,
        background="#ffffff",
        plot_background="#ffffff",
        foreground="#222222",
        foreground_strong="#000000",
        foreground_subtle="#d0d0d0",
        # light, solid guides: a dashed line means a series (or the target)
        guide_stroke_color="#e0e0e0",
        major_guide_stroke_color="#c8c8c8",
        guide_stroke_dasharray="none",
        major_guide_stroke_dasharray="none",
        colors=tuple(colours),
        opacity="0.9",
        opacity_hover="0.9",
        transition="0ms",
        title_font_size=size + 4,
        legend_font_size=size,
        label_font_size=size - 1,
        major_label_font_size=size - 1,
        value_font_size=size - 1,
        no_data_font_size=size + 4,
    )


def _ticks(values: Sequence[float], most: int = 8) -> list[float]:
    """At most ``most`` + 1 round ticks (steps of 1, 2 or 5 times a power of ten; whole
    steps for whole-number data, so a count of games is never read off at 2.5) from zero
    or below to the largest value."""
    whole = all(float(v).is_integer() for v in values)
    low, high = min(0.0, *values), max(0.0, *values)
    steps = (m * 10.0**k for k in range(0 if whole else -1, 12) for m in (1, 2, 5))
    step = next(s for s in steps if (high - low) / s <= most)
    first, last = math.floor(low / step), max(math.ceil(high / step), math.floor(low / step) + 1)
    return [round(i * step, 6) for i in range(first, last + 1)]


def _chart(
    factory: Any,
    *,
    title: str,
    lang: str,
    width: int,
    height: int,
    font_size: int,
    colours: Sequence[str],
    legend: Sequence[str],
    legend_box: int,
    labels: Sequence[str],
    series: Sequence[Series],
    dotless: Series | None = None,
    slanted: bool = False,
    floor: float | None = None,
    **options: Any,
) -> Any:
    """A pygal chart of ``series`` over ``labels`` with the project's look: no script,
    white ground, light guides, words from the catalog, numbers in ``lang``'s form, and
    any legend under the plot (so it never covers a line), the chart growing by the
    legend's height. The ``dotless`` series is drawn without markers; the value axis
    reaches down to ``floor`` at least."""
    extra = 0.0
    if legend:
        # as many legend columns as the longest name lets fit; pygal leaves room for
        # ``len // columns`` rows, one short when the last row is not full
        row = max(legend_box, font_size)
        longest = max(len(name) for name in legend)
        columns = max(
            1, min(len(legend), int((width - 80) // (legend_box + 15 + 0.62 * font_size * longest)))
        )
        rows = -(-len(legend) // columns)
        missing = rows - len(legend) // columns
        options.update(
            legend_at_bottom_columns=columns,
            legend_box_size=legend_box,
            margin_bottom=_MARGIN + missing * 1.5 * row,
        )
        extra = _SPACING + row + (rows - 1) * 1.5 * row
    chart = factory(
        title=title,
        width=width,
        height=round(height + extra),
        style=_style(colours, font_size),
        js=[],  # pygal's tooltips load a script from kozea.github.io: none here
        show_legend=bool(legend),
        legend_at_bottom=True,
        truncate_legend=-1,
        truncate_label=-1,
        no_data_text=text("chart.no_data", lang),
        value_formatter=lambda value: number(value, lang),
        margin=_MARGIN,
        # slanted labels end under their bar: room to the left, none wasted to the right
        x_label_rotation=330 if slanted else 0,
        **options,
    )
    values = [value for item in series for value in item.values]
    if values:
        chart.y_labels = _ticks([*values, *([] if floor is None else [floor])])
    chart.x_labels = list(labels)
    for item in series:
        chart.add(item.name, list(item.values), show_dots=item is not dotless)
    return chart


def _classes(element: ET.Element) -> list[str]:
    return element.get("class", "").split()


def _find(root: ET.Element, tag: str, *classes: str) -> list[ET.Element]:
    return [
        element for element in root.iter(tag) if all(name in _classes(element) for name in classes)
    ]


def _series_group(root: ET.Element, layer: tuple[str, ...], index: int) -> ET.Element | None:
    """The group of series ``index`` in a plot layer: :data:`_PLOT` holds the lines and
    bars, :data:`_OVERLAY` the dots, :data:`_TEXT` the values written on bars."""
    for plot in root.iter("g"):
        if tuple(_classes(plot)) == layer:
            for group in plot.iter("g"):
                if f"serie-{index}" in _classes(group):
                    return group
    return None


def _legend_swatches(root: ET.Element) -> list[ET.Element]:
    return [rect for legend in _find(root, "g", "legend") for rect in legend.findall("rect")]


def _marker(shape: str, x: float, y: float, r: float) -> ET.Element:
    if shape == "circle":
        return ET.Element("circle", {"cx": f"{x:.2f}", "cy": f"{y:.2f}", "r": f"{r:.2f}"})
    points = {
        "square": ((-r, -r), (r, -r), (r, r), (-r, r)),
        "triangle": ((0, -1.3 * r), (1.2 * r, 0.9 * r), (-1.2 * r, 0.9 * r)),
        "diamond": ((0, -1.4 * r), (1.4 * r, 0), (0, 1.4 * r), (-1.4 * r, 0)),
    }[shape]
    d = "M" + " L".join(f"{x + dx:.2f} {y + dy:.2f}" for dx, dy in points) + " Z"
    return ET.Element("path", {"d": d})


def _hatch(pattern_id: str, kind: str, colour: str) -> ET.Element:
    pattern = ET.Element(
        "pattern",
        {"id": pattern_id, "patternUnits": "userSpaceOnUse", "width": "8", "height": "8"},
    )
    ET.SubElement(pattern, "rect", {"width": "8", "height": "8", "fill": colour})
    ink = {"stroke": "#ffffff", "stroke-width": "1.6", "fill": "none"}
    if kind in ("lines", "cross"):
        ET.SubElement(pattern, "path", {"d": "M-2 2 L2 -2 M0 8 L8 0 M6 10 L10 6", **ink})
    if kind == "cross":
        ET.SubElement(pattern, "path", {"d": "M-2 6 L2 10 M0 0 L8 8 M6 -2 L10 2", **ink})
    if kind == "dots":
        ET.SubElement(pattern, "circle", {"cx": "4", "cy": "4", "r": "1.7", "fill": "#ffffff"})
    return pattern


def _decorate_lines(
    root: ET.Element,
    styles: Sequence[tuple[str, str, str]],
    reference: str | None = None,
    font_size: int = 13,
) -> None:
    """Dash each line, give its dots a shape, and draw the same in its legend swatch;
    write ``reference`` (the last series' name) on that line, under its left end."""
    for index, (colour, dash, shape) in enumerate(styles):
        line_style = f"stroke:{colour};stroke-width:2.5;stroke-opacity:1"
        if dash:
            line_style += f";stroke-dasharray:{dash}"
        plot = _series_group(root, _PLOT, index)
        if plot is not None:
            for path in _find(plot, "path", "line"):
                path.set("style", line_style)
        overlay = _series_group(root, _OVERLAY, index)
        if overlay is not None:
            for dots in overlay.findall("g"):
                for dot in dots.findall("circle"):
                    x, y, r = (float(dot.get(k, "0")) for k in ("cx", "cy", "r"))
                    marker = _marker(shape, x, y, r)
                    marker.set("class", dot.get("class", ""))
                    marker.set("style", f"fill:{colour};stroke:#ffffff;stroke-width:1")
                    dots.insert(list(dots).index(dot), marker)
                    dots.remove(dot)
    for swatch, (colour, dash, shape) in zip(_legend_swatches(root), styles, strict=False):
        x, y = float(swatch.get("x", "0")), float(swatch.get("y", "0"))
        size = float(swatch.get("width", "0"))
        swatch.tag = "g"
        swatch.attrib.clear()
        sample = f"stroke:{colour};stroke-width:2.5;fill:none"
        if dash:
            sample += f";stroke-dasharray:{dash}"
        middle = y + size / 2
        ET.SubElement(
            swatch, "path", {"d": f"M{x:.2f} {middle:.2f} H{x + size:.2f}", "style": sample}
        )
        if shape:
            marker = _marker(shape, x + size / 2, middle, _DOT)
            marker.set("style", f"fill:{colour};stroke:#ffffff;stroke-width:1")
            swatch.append(marker)
    plot = _series_group(root, _PLOT, len(styles) - 1) if reference else None
    lines = _find(plot, "path", "line") if plot is not None else []
    if plot is not None and lines:
        x, y = (float(v) for v in lines[0].get("d", "M0 0").lstrip("M").split()[:2])
        label = ET.SubElement(
            plot,
            "text",
            {
                "x": f"{x + 6:.2f}",
                "y": f"{y + font_size + 3:.2f}",
                "style": f"fill:{styles[-1][0]};font-size:{font_size}px",
            },
        )
        label.text = reference


def _decorate_bars(
    root: ET.Element,
    uid: str,
    styles: Sequence[tuple[str, str]],
    horizontal: Sequence[Series] | None,
    font_size: int,
) -> None:
    """Fill each series' bars (and its legend swatch) with its colour and hatching; on
    ``horizontal`` bars (their series given), write each value past the bar's end."""
    defs = root.find("defs")
    assert defs is not None
    fills = []
    for index, (colour, kind) in enumerate(styles):
        fill = colour
        if kind:
            pattern_id = f"chart-{uid}-hatch-{index}"
            defs.append(_hatch(pattern_id, kind, colour))
            fill = f"url(#{pattern_id})"
        style = f"fill:{fill};fill-opacity:1;stroke:#222222;stroke-width:0.6"
        fills.append(style)
        plot = _series_group(root, _PLOT, index)
        if plot is not None:
            for rect in _find(plot, "rect", "rect"):
                rect.set("style", style)
    for index, swatch in enumerate(_legend_swatches(root)[: len(fills)]):
        swatch.set("style", fills[index])
    if horizontal is not None:
        _values_beside_bars(root, horizontal, font_size)


def _values_beside_bars(root: ET.Element, series: Sequence[Series], font_size: int) -> None:
    """On horizontal bars pygal centres each value on the bar's end, half over the bar:
    move it just past the end (left of a negative bar's end)."""
    shift = (font_size - 1) / 2 - 3
    for index, item in enumerate(series):
        group = _series_group(root, _TEXT, index)
        if group is None:
            continue
        for label, value in zip(_find(group, "text", "value"), item.values, strict=False):
            x = float(label.get("x", "0"))
            ahead = value >= 0
            label.set("x", f"{x - shift if ahead else x + shift:.2f}")
            label.set("text-anchor", "start" if ahead else "end")


def _clean(root: ET.Element) -> None:
    """Take out what needs a script or another host, and what changes between runs:
    comments (one is dated), scripts, pygal's tooltip data and the tooltip itself."""
    parents = {child: parent for parent in root.iter() for child in parent}
    for element in list(root.iter()):
        tooltip = "tooltip-overlay" in _classes(element)
        if (element.tag in (ET.Comment, "script", "desc") or tooltip) and element in parents:
            parents[element].remove(element)
    for legend in _find(root, "g", "legend"):
        legend.attrib.pop("id", None)  # "activate-serie-0" in every chart of a page


_PENDING = "0pending0"  # the chart's id until its content is known


def _render(
    chart: Any,
    *,
    title: str,
    alt: str,
    lang: str,
    width: int,
    decorate: Callable[[ET.Element, str], None] | None = None,
) -> str:
    """Draw ``chart``, make it self-contained and labelled, and name it after what it
    shows: pygal gives each chart a random uuid4 (in its id and every CSS selector);
    here the id is a digest of the finished SVG, so the same input gives the same
    bytes, and two charts on a page share an id only if they are the same chart."""
    chart.uuid = _PENDING
    root = chart.render_tree()
    _clean(root)
    if decorate is not None:
        decorate(root, _PENDING)
    heading = root.find("title")
    position = 0 if heading is None else list(root).index(heading) + 1
    if heading is not None:
        heading.text = title
    description = ET.Element("desc")
    description.text = alt
    root.insert(position, description)
    root.set("role", "img")
    root.set("aria-label", alt)
    root.set("lang", lang)
    root.set("style", f"display:block;width:100%;height:auto;max-width:{width}px")
    svg = ET.tostring(root, encoding="unicode")
    digest = hashlib.sha256(svg.encode("utf-8")).hexdigest()[:16]
    return svg.replace(f"chart-{_PENDING}", f"chart-{digest}")


def line_chart(
    title: str,
    x_labels: Sequence[str],
    series: Sequence[Series],
    *,
    alt: str,
    lang: str,
    x_title: str = "",
    y_title: str = "",
    reference: Series | None = None,
    width: int = 720,
    height: int = 420,
    font_size: int = 13,
) -> str:
    """Lines, one per series, each with its own dash and marker; ``reference`` (a target,
    say) is a grey dashed line without markers, named on the line and in the legend.
    ``height`` leaves out the legend's."""
    colours = [COLOURS[i % len(COLOURS)] for i in range(len(series))]
    styles = [(colours[i], DASHES[i % 4], MARKERS[(i + i // 4) % 4]) for i in range(len(series))]
    lines = list(series)
    if reference is not None:
        colours.append(REFERENCE_COLOUR)
        styles.append((REFERENCE_COLOUR, "6,4", ""))
        lines.append(reference)
    labels = list(x_labels)
    chart = _chart(
        pygal.Line,
        title=title,
        lang=lang,
        width=width,
        height=height,
        font_size=font_size,
        colours=colours,
        legend=[line.name for line in lines],
        legend_box=26,  # wide enough for a sample of the line: its dash and marker
        labels=labels,
        series=lines,
        dotless=reference,
        x_title=x_title,
        y_title=y_title,
        dots_size=_DOT,
        show_minor_x_labels=len(labels) <= 16,
        x_labels_major_every=max(1, len(labels) // 8),
    )
    return _render(
        chart,
        title=title,
        alt=alt,
        lang=lang,
        width=width,
        decorate=lambda root, _uid: _decorate_lines(
            root, styles, reference.name if reference else None, font_size
        ),
    )


def bar_chart(
    title: str,
    x_labels: Sequence[str],
    series: Sequence[Series],
    *,
    alt: str,
    lang: str,
    x_title: str = "",
    y_title: str = "",
    horizontal: bool = False,
    slanted: bool = False,
    decimals: bool = False,
    width: int = 720,
    height: int = 420,
    font_size: int = 13,
    margin_right: int = _MARGIN,
    floor: float | None = None,
) -> str:
    """Bars grouped by label, one hatching per series, each bar labelled with its value
    (with one decimal, ``11,0``, if ``decimals``). A single series has no legend: its
    bars are named on the axis. ``margin_right`` leaves room for the values written past
    horizontal bars, ``floor`` (the axis reaching down to it) room for those of
    negative bars."""
    colours = [COLOURS[i % len(COLOURS)] for i in range(len(series))]
    styles = [(colours[i], HATCHES[i % 4]) for i in range(len(series))]
    labels = list(x_labels)
    if horizontal:  # pygal draws the first bar at the bottom: read from the top instead
        labels.reverse()
        series = [Series(item.name, item.values[::-1]) for item in series]
    chart = _chart(
        pygal.HorizontalBar if horizontal else pygal.Bar,
        title=title,
        lang=lang,
        width=width,
        height=height,
        font_size=font_size,
        colours=colours,
        legend=[item.name for item in series] if len(series) > 1 else [],
        legend_box=14,
        labels=labels,
        series=series,
        slanted=slanted,
        x_title=x_title,
        y_title=y_title,
        print_values=True,
        print_values_position="top",
        formatter=(lambda value: one_decimal(value, lang)) if decimals else None,
        margin_right=margin_right,
        floor=floor,
    )
    return _render(
        chart,
        title=title,
        alt=alt,
        lang=lang,
        width=width,
        decorate=lambda root, uid: _decorate_bars(
            root, uid, styles, series if horizontal else None, font_size
        ),
    )


def box_chart(
    title: str,
    groups: Sequence[Series],
    *,
    alt: str,
    lang: str,
    y_title: str = "",
    slanted: bool = False,
    width: int = 720,
    height: int = 420,
    font_size: int = 13,
) -> str:
    """One box (quartiles, whiskers to the extremes) per group, named on the axis."""
    chart = _chart(
        pygal.Box,
        title=title,
        lang=lang,
        width=width,
        height=height,
        font_size=font_size,
        colours=[COLOURS[0]] * max(1, len(groups)),
        legend=[],
        legend_box=14,
        labels=[group.name for group in groups],
        series=groups,
        slanted=slanted,
        y_title=y_title,
        box_mode="extremes",
    )
    return _render(chart, title=title, alt=alt, lang=lang, width=width)


# --- the teachers' charts -------------------------------------------------------------


# The comparison's bars lie down: the variants' names read level on the left, however
# many rows (slanted names under upright bars took a third of the chart and pushed the
# axis title away), and each value is written past its bar's end, one bar a line, so no
# two values can meet ("13" beside "12" read "1312"): a bar is as thick as its value's
# text and a gap, whatever the font.
_COMPARE_BAR = 1.5  # a bar's thickness, in font sizes
_COMPARE_GROUP_GAP = 1.2  # between two variants' groups of bars, in font sizes
_COMPARE_OVERHEAD = 9.0  # the title, the value axis and its title, in font sizes


@dataclass(frozen=True)
class ChartSize:
    """The comparison chart's size: the normal chart (every row) or the projector's
    (the rows picked, in large type)."""

    width: int
    font_size: int


COMPARE_NORMAL: Final = ChartSize(width=800, font_size=13)
COMPARE_PROJECTOR: Final = ChartSize(width=1000, font_size=20)


def comparison_chart_svg(
    comparison: Comparison,
    lang: str,
    keys: Sequence[str] | None = None,
    size: ChartSize = COMPARE_NORMAL,
) -> str:
    """Horizontal bars: one group per variant (``keys``, else every row scored), one
    hatched bar per player, each with its score written past its end; the text
    alternative gives every score drawn, labelled in ``lang``."""
    rows = (
        comparison.scored
        if keys is None
        else tuple(comparison.row(key) for key in keys if comparison.row(key).result is not None)
    )
    players = comparison.players
    names = [seat_name(player, players, lang) for player in range(players)]
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
    font = size.font_size
    group = players * _COMPARE_BAR + _COMPARE_GROUP_GAP
    values = [value for line in series for value in line.values]
    widest = max((len(number(value, lang)) for value in values), default=1)
    # a negative bar's value is written left of its end: the axis goes on a quarter of
    # the chart's span further, so the value stays clear of the variants' names
    low, high = min((0.0, *values)), max((0.0, *values))
    floor = low - 0.25 * (high - low) if low < 0 else None
    return bar_chart(
        title,
        labels,
        series,
        alt=alt,
        lang=lang,
        x_title=text("ui.teach.axis_score", lang),
        horizontal=True,
        width=size.width,
        height=round(font * (len(rows) * group + _COMPARE_OVERHEAD)),
        font_size=font,
        # room past the longest bar for its value
        margin_right=_MARGIN + round(0.7 * font * widest),
        floor=floor,
    )


class _Size(TypedDict):
    width: int
    height: int
    font_size: int


# each of the three charts of a simulation (side by side on a wide screen)
_PANEL: Final[_Size] = {"width": 640, "height": 420, "font_size": 13}


def simulation_chart_svg(result: Simulation, lang: str) -> str:
    """Four charts side by side (one above the other on a narrow screen): how many deals
    the games lasted, moons per 100 deals, the winner's margin and the spread of the
    points a player takes in a deal, for every variant simulated. Each is an SVG with its own text alternative."""
    summaries = result.summaries
    labels = [variant_label(s.variant, lang) for s in summaries]
    return panels_html(
        [
            _deals_panel(summaries, labels, lang),
            _moons_panel(summaries, labels, lang),
            _margin_panel(summaries, labels, lang),
            _spread_panel(summaries, labels, lang),
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
    margins = [Series(label, tuple(s.margins)) for label, s in zip(labels, summaries, strict=True)]
    return _box_panel(
        text("ui.teach.sim_chart_margin", lang), margins, text("sim.margin_axis", lang), lang
    )


def _spread_panel(summaries: Sequence[VariantSummary], labels: list[str], lang: str) -> str:
    """The score spread: the points each player took in each deal, every deal of every
    game, one box per variant (how far a deal's score strays from its usual value)."""
    spread = [
        Series(label, tuple(p for r in s.records for deal in r.deal_scores for p in deal))
        for label, s in zip(labels, summaries, strict=True)
    ]
    return _box_panel(
        text("ui.teach.sim_chart_spread", lang), spread, text("sim.points_axis", lang), lang
    )


def _box_panel(title: str, groups: list[Series], y_title: str, lang: str) -> str:
    """One box per group, its text alternative the median and the range of each."""
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
            for group in groups
            if group.values
        ],
        lang,
    )
    return box_chart(title, groups, alt=alt, lang=lang, y_title=y_title, slanted=True, **_PANEL)
