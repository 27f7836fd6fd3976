"""The charts saved from the page: the comparison's (and the projector's) and the
simulation's, as SVG files named by the deal and the language; the simulation's score
spread (no browser)."""

from __future__ import annotations

import base64
import re
import statistics
import xml.etree.ElementTree as ET
from html import unescape

from hearts_teach_widgets.charts import number, simulation_chart_svg
from hearts_teach_widgets.teacher import SimulationWidget, VariantCompare

from hearts_teach import Deal, Rules
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.records import share_code
from hearts_teach.teaching.simulate import simulate

LINK = re.compile(
    r'<a class="[^"]*ht-chart-download[^"]*" download="([^"]+)" '
    r'href="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)">([^<]+)</a>'
)


def _played(seed: int, number: int) -> Deal:
    deal = Deal.new(Rules(), seed=seed, deal_number=number)
    return play_out(deal, seat_bots("heuristic", seed, 4))


def _file(html: str) -> tuple[str, ET.Element, str]:
    found = LINK.search(html)
    assert found is not None, html[-400:]
    svg = base64.b64decode(found[2]).decode("utf-8")
    assert svg.startswith("<?xml")
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert float(root.get("width", "0")) > 0 and float(root.get("height", "0")) > 0
    return found[1], root, unescape(found[3])


def test_the_comparison_chart_downloads_named_by_deal_and_language() -> None:
    deal = _played(4, 2)
    widget = VariantCompare(deal, "fr")
    name, root, label = _file(widget.chart.value)
    assert label == "Télécharger le graphique (SVG)"
    assert re.fullmatch(r"comparaison-donne-3-[0-9a-f]{6}-fr\.svg", name)
    # the file is the chart shown: its text alternative says the same scores
    shown = re.search(r'aria-label="([^"]+)"', widget.chart.value)
    assert shown is not None and root.get("aria-label") == unescape(shown[1])
    widget.lang = "en"
    english, _, label = _file(widget.chart.value)
    assert label == "Download the chart (SVG)"
    assert english == name.replace("comparaison-donne", "comparison-deal").replace("-fr.", "-en.")
    # another deal, another file
    other = VariantCompare(_played(5, 2), "fr")
    assert _file(other.chart.value)[0] != name
    assert share_code(deal) != share_code(other.deal)  # type: ignore[arg-type]


def test_the_projector_chart_downloads_too() -> None:
    widget = VariantCompare(_played(4, 0), "fr")
    widget.projector.value = True
    name, _, _ = _file(widget.projector_chart.value)
    assert name.startswith("comparaison-donne-1-") and name.endswith("-fr.svg")


def test_the_simulation_charts_download_as_one_file_with_the_score_spread() -> None:
    widget = SimulationWidget("fr")
    widget.variants.value = ("standard", "black-maria")
    widget.games.value = 2
    widget.level.value = "random"
    widget.seed.value = 7
    widget.run()
    name, root, _ = _file(widget.chart.value)
    assert name == "simulation-graine-7-fr.svg"
    panels = root.findall("{http://www.w3.org/2000/svg}svg")
    assert len(panels) == 4  # deals per game, moons, winner's margin, score spread
    assert "Score d’un joueur sur une donne (dispersion)" in widget.chart.value


def test_the_score_spread_says_each_variant_median_and_range() -> None:
    result = simulate(["standard", "black-maria"], games=3, seed=1, levels=["random"])
    charts = simulation_chart_svg(result, "en")
    spread = [s for s in re.findall(r'aria-label="([^"]+)"', charts) if "spread" in s]
    assert len(spread) == 1
    for summary in result.summaries:
        points = [p for r in summary.records for deal in r.deal_scores for p in deal]
        median = number(statistics.median(points), "en")
        low, high = number(min(points), "en"), number(max(points), "en")
        said = f"median {median}, from {low} to {high}"
        assert said in unescape(spread[0])
