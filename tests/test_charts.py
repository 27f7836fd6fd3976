"""Every chart (``hearts_teach_widgets.charts``, drawn by pygal): self-contained, stable, accessible SVG
in the page's language, the same on the server and in the browser."""

from __future__ import annotations

import hashlib
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hearts_teach_widgets.charts import comparison_chart_svg, simulation_chart_svg
from hearts_teach_widgets.summary import score_chart_svg
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.engine import play_game

from hearts_teach import Deal, Game, Rules
from hearts_teach.bots.seats import play_out as bots_play_out
from hearts_teach.bots.seats import seat_bots
from hearts_teach.describe import seat_words
from hearts_teach.i18n import one_decimal, signed, text
from hearts_teach.teaching.compare import Comparison, compare_deal
from hearts_teach.teaching.simulate import Simulation, simulate

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "book" / "_ext"))
import hearts_book_kit as kit  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
NAMESPACES = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}
LANGS = ("en", "fr")


@pytest.fixture(scope="module")
def game() -> Game:
    """A whole game of random play (the stability test plays it again in a subprocess)."""
    finished = Game(Rules(target=30), seed=5)
    play_game(finished, random.Random(5))
    assert len(finished.results) >= 2
    return finished


@pytest.fixture(scope="module")
def comparison() -> Comparison:
    deal = bots_play_out(Deal.new(Rules(), seed=4, deal_number=3), seat_bots("heuristic", 4, 4))
    return compare_deal(deal, (0, 0, 0, 0))


@pytest.fixture(scope="module")
def simulation() -> Simulation:
    return simulate(["standard", "spot"], 3, levels=["random"], seed=1)


def all_charts(
    lang: str, game: Game, comparison: Comparison, simulation: Simulation
) -> dict[str, str]:
    return {
        "score": score_chart_svg(game, lang),
        "comparison": comparison_chart_svg(comparison, lang),
        "simulation": simulation_chart_svg(simulation, lang),
        "deals": kit.deals_chart(simulation, 3, lang)._repr_html_(),
    }


def svgs(markup: str) -> list[ET.Element]:
    root = ET.fromstring(markup)  # well-formed XML, or this raises
    return [root] if root.tag == SVG + "svg" else list(root.iter(SVG + "svg"))


def with_class(root: ET.Element, tag: str, *names: str) -> list[ET.Element]:
    return [e for e in root.iter(SVG + tag) if all(n in e.get("class", "").split() for n in names)]


def series_group(svg: ET.Element, layer: str, index: int) -> ET.Element:
    for plot in svg.iter(SVG + "g"):
        if plot.get("class") == layer:
            for group in plot.iter(SVG + "g"):
                if f"serie-{index}" in group.get("class", "").split():
                    return group
    raise AssertionError(f"no series {index} in {layer}")


@pytest.mark.parametrize("lang", LANGS)
def test_every_chart_is_a_self_contained_image_with_its_data_in_words(
    lang: str, game: Game, comparison: Comparison, simulation: Simulation
) -> None:
    for name, markup in all_charts(lang, game, comparison, simulation).items():
        assert "<script" not in markup.lower(), name
        assert "<!--" not in markup and "<?" not in markup, name  # no comment: pygal dates one
        urls = set(re.findall(r"https?://[^\s\"'<>)]+", markup))
        assert urls <= NAMESPACES, (name, urls - NAMESPACES)
        assert "@import" not in markup and "url(//" not in markup, name
        assert set(re.findall(r"url\((.)", markup)) <= {"#"}, name  # only this SVG's patterns
        assert not re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-", markup), name  # no uuid4
        charts = svgs(markup)
        assert charts, name
        for svg in charts:
            alt = svg.get("aria-label", "")
            assert svg.get("role") == "img" and svg.get("lang") == lang, name
            description = svg.find(SVG + "desc")
            assert description is not None and description.text == alt, name
            assert len(alt) > 40 and re.search(r"\d", alt), (name, alt)
            assert not re.search(r"\d\.\d", alt) if lang == "fr" else not re.search(r"\d,\d", alt)


def test_same_input_gives_the_same_bytes_in_another_process(
    game: Game, comparison: Comparison, simulation: Simulation
) -> None:
    first = all_charts("fr", game, comparison, simulation)
    assert first == all_charts("fr", game, comparison, simulation)
    # Another interpreter, another hash seed: pygal would draw a fresh uuid4 per chart.
    script = (
        "import hashlib, random\n"
        "from support.engine import play_game\n"
        "from hearts_teach import Game, Rules\n"
        "from hearts_teach_widgets.summary import score_chart_svg\n"
        "game = Game(Rules(target=30), seed=5)\n"
        "play_game(game, random.Random(5))\n"
        "print(hashlib.sha256(score_chart_svg(game, 'fr').encode()).hexdigest())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={"PYTHONPATH": f"{ROOT}:{ROOT / 'tests'}", "PYTHONHASHSEED": "12345"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == hashlib.sha256(first["score"].encode()).hexdigest()


@pytest.mark.parametrize("lang", LANGS)
def test_score_chart_names_the_target_line_and_its_legend_stays_under_the_plot(
    lang: str, game: Game
) -> None:
    (svg,) = svgs(score_chart_svg(game, lang))
    target = f"{text('ui.option.target', lang)} {game.rules.target}"
    words = ["".join(t.itertext()) for t in svg.iter(SVG + "text")]
    assert words.count(target) == 2  # on the line, and in the legend
    assert text("ui.summary.axis_deal", lang) in words
    assert text("ui.summary.axis_total", lang) in words
    for player in range(4):
        assert seat_words(player, game.rules, lang, 0) in words
    # the legend starts below the plot's area: it cannot cover the target line
    (plot,) = [g for g in svg.iter(SVG + "g") if g.get("class") == "plot"]
    (legends,) = with_class(svg, "g", "legends")
    plot_top = float(re.findall(r"[\d.]+", plot.get("transform", ""))[1])
    background = plot.find(SVG + "rect")
    assert background is not None
    plot_bottom = plot_top + float(background.get("height", "0"))
    assert float(re.findall(r"[\d.]+", legends.get("transform", ""))[1]) > plot_bottom
    alt = svg.get("aria-label", "")
    assert target in alt
    colon = "\u202f: " if lang == "fr" else ": "
    for player in range(4):
        totals = ", ".join(["0"] + [signed(r.totals[player]) for r in game.results])
        assert f"{seat_words(player, game.rules, lang, 0)}{colon}{totals}" in alt


def marker_shape(marker: ET.Element) -> object:
    """A marker's shape, wherever it stands: its outline relative to its first point."""
    if marker.tag == SVG + "circle":
        return "circle"
    points = [float(v) for v in re.findall(r"-?[\d.]+", marker.get("d", ""))]
    return tuple(round(v - points[i % 2], 1) for i, v in enumerate(points))


def test_lines_differ_by_dash_and_marker_not_only_by_colour(game: Game) -> None:
    (svg,) = svgs(score_chart_svg(game, "en"))
    swatches = [legend[0] for legend in with_class(svg, "g", "legend")]
    dashes, shapes = set(), set()
    for player in range(4):
        (line,) = with_class(series_group(svg, "plot", player), "path", "line")
        dash = re.search(r"stroke-dasharray:[\d,]+", line.get("style", ""))
        dashes.add(dash.group(0) if dash else "solid")
        dots = with_class(series_group(svg, "plot overlay", player), "g", "dots")
        shape = {marker_shape(g[0]) for g in dots}
        assert len(shape) == 1 and len(dots) == len(game.results) + 1
        shapes |= shape
        # the legend entry repeats the line's dash and its marker
        sample, legend_marker = swatches[player]
        if dash is not None:
            assert dash.group(0) in sample.get("style", "")
        else:
            assert "dasharray" not in sample.get("style", "")
        assert marker_shape(legend_marker) in shape
    assert len(dashes) == 4 and len(shapes) == 4


def test_bars_carry_their_values_and_a_hatching_per_player(comparison: Comparison) -> None:
    (svg,) = svgs(comparison_chart_svg(comparison, "fr"))
    values = sorted("".join(t.itertext()) for t in with_class(svg, "text", "value"))
    expected = sorted(
        signed(row.result.scores[p]) for row in comparison.scored for p in range(4) if row.result
    )
    assert values == expected
    patterns = {p.get("id") for p in svg.iter(SVG + "pattern")}
    fills = set()
    for player in range(4):
        rects = with_class(series_group(svg, "plot", player), "rect", "rect")
        assert rects
        (fill,) = {re.search(r"fill:([^;]+)", r.get("style", "")).group(1) for r in rects}  # type: ignore[union-attr]
        fills.add(fill)
        if player:
            assert fill[len("url(#") : -1] in patterns
    assert len(fills) == 4
    alt = svg.get("aria-label", "")
    first = comparison.scored[0]
    assert alt.startswith(f"{text('ui.teach.chart', 'fr')}. {first.label('fr')}\u202f: Sud ")


@pytest.mark.parametrize("lang", LANGS)
def test_deals_chart_is_an_svg_figure_with_decimal_commas_in_french(
    lang: str, simulation: Simulation
) -> None:
    figure = kit.deals_chart(simulation, 3, lang)
    html = figure._repr_html_()
    assert html.startswith("<figure") and "<svg" in html and "matplotlib" not in html
    (svg,) = svgs(html)
    means = [one_decimal(round(s.mean_deals, 1), lang) for s in simulation.summaries]
    values = ["".join(t.itertext()) for t in with_class(svg, "text", "value")]
    assert values[::-1] == means  # drawn from the bottom: the first variant is on top
    alt = svg.get("aria-label", "")
    assert repr(figure) == alt
    assert alt.startswith(text("book.chart_title", lang, games=3))
    sep = "\u202f; " if lang == "fr" else "; "
    names = [text("variant." + s.variant, lang) for s in simulation.summaries]
    listed = sep.join(f"{name} {mean}" for name, mean in zip(names, means, strict=True))
    colon = "\u202f: " if lang == "fr" else ": "
    assert f"{text('book.chart_axis', lang)}{colon}{listed}." in alt
    assert ("," in means[0]) == (lang == "fr")


def test_pygal_draws_without_any_compiled_extension() -> None:
    """What the browser (Pyodide) has: the standard library, no lxml."""
    script = """
import sys, sysconfig
sys.modules["lxml"] = None  # as in the browser: importing it fails
import pygal
from pygal.etree import etree
chart = pygal.Line(js=[])
chart.add("a", [1, 2, 3])
assert "<svg" in chart.render(is_unicode=True)
assert not etree.lxml
stdlib = {sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib")}
compiled = [
    m.__name__ for m in list(sys.modules.values())
    if getattr(m, "__file__", None) and m.__file__.endswith((".so", ".pyd"))
    and not any(m.__file__.startswith(p) for p in stdlib)
]
print(compiled)
"""
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "[]"
    from hearts_teach_widgets.charts import _pygal_etree

    assert not _pygal_etree.lxml


# --- the comparison chart's labels never meet (B5) -------------------------------------

Box = tuple[float, float, float, float]  # left, top, right, bottom


def _translation(element: ET.Element) -> tuple[float, float]:
    found = re.fullmatch(
        r"\s*translate\(\s*([-\d.e]+)[\s,]+([-\d.e]+)\s*\)\s*", element.get("transform", "")
    )
    return (float(found.group(1)), float(found.group(2))) if found else (0.0, 0.0)


def text_boxes(svg: ET.Element, font_size: float, kind: str) -> list[tuple[str, Box]]:
    """Where the chart's texts of ``kind`` (``value``: the figures by the bars; ``axis``:
    the variants' names) are drawn, in the SVG's coordinates: the groups' translations
    added up, the width taken generously (0.62 em a character, wider than any digit of
    the chart's fonts), from the baseline up by the font's ascent and down by its
    descent."""
    parents = {child: parent for parent in svg.iter() for child in parent}
    found = []
    for element in svg.iter(SVG + "text"):
        words = "".join(element.itertext())
        is_value = "value" in element.get("class", "").split()
        ancestors = []
        node = parents.get(element)
        while node is not None:
            ancestors.append(node)
            node = parents.get(node)
        in_axis = any("axis" in each.get("class", "").split() for each in ancestors[:3])
        if not words or (kind == "value") != is_value or (kind == "axis" and not in_axis):
            continue
        x, y = float(element.get("x", "0")), float(element.get("y", "0"))
        for each in (element, *ancestors):
            dx, dy = _translation(each)
            x, y = x + dx, y + dy
        width = 0.62 * font_size * len(words)
        anchor = element.get("text-anchor") or ("end" if in_axis else "middle")
        left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
        found.append((words, (left, y - 0.8 * font_size, left + width, y + 0.25 * font_size)))
    return found


def meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    totals=st.lists(st.integers(0, 99), min_size=4, max_size=4),
    data=st.data(),
)
def test_no_two_labels_of_the_comparison_chart_meet(
    seed: int, totals: list[int], data: st.DataObject
) -> None:
    """Every value by its bar, and every variant's name, is clear of every other, in the
    normal chart (every row) and the projector's (2 to 5 rows, large type); no value runs
    into the names on the left or out of the chart on the right."""
    from hearts_teach_widgets.charts import COMPARE_NORMAL, COMPARE_PROJECTOR

    deal = bots_play_out(Deal.new(Rules(), seed=seed), seat_bots("random", seed, 4))
    compared = compare_deal(deal, totals)
    keys = [row.key for row in compared.scored]
    picked = data.draw(st.lists(st.sampled_from(keys), min_size=2, max_size=5, unique=True))
    lang = data.draw(st.sampled_from(LANGS))
    for size, rows in ((COMPARE_NORMAL, None), (COMPARE_PROJECTOR, picked)):
        (svg,) = svgs(comparison_chart_svg(compared, lang, rows, size))
        values = text_boxes(svg, size.font_size - 1, "value")
        names = text_boxes(svg, size.font_size - 1, "axis")
        drawn = len(rows) if rows is not None else len(compared.scored)
        assert len(values) == 4 * drawn
        boxes = values + [(w, b) for w, b in names if not w.lstrip("−-").isdigit()]
        assert len(boxes) == 5 * drawn
        for i, (words, box) in enumerate(boxes):
            for other, second in boxes[i + 1 :]:
                assert not meet(box, second), (words, other, size)
        width = float(svg.get("viewBox", "0 0 0 0").split()[2])
        assert width == size.width
        names_end = max(box[2] for _w, box in boxes[len(values) :])
        for words, box in values:
            assert names_end < box[0] and box[2] <= width, (words, box, size)
