"""Playground responsiveness, measured in chromium (prints a table).

1. From starting Voilà to a playable table: the page opened with ``?deal=CODE`` shows
   the hand with at least one card enabled (target: at most 6 s).
2. From clicking a card to the trick showing the bots' replies at the default level:
   the click returns when the hand has shrunk, which the table draws only after the
   bots have answered (target: median at most 1 s).

Usage: ``.venv/bin/python benchmarks/playground.py [--starts 3] [--deals 2]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the tests' support package

from hearts_teach_widgets.texts import DEFAULT_BOT_LEVEL  # noqa: E402
from machine import describe_machine  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402
from support.browser import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402
from support.table_page import PLAYABLE  # noqa: E402
from support.voila import running_voila  # noqa: E402

from hearts_teach import Deal, Rules  # noqa: E402
from hearts_teach.records import share_code  # noqa: E402

START_TARGET = 6.0
CLICK_TARGET = 1.0


def time_to_playable(page: Page, code: str) -> tuple[float, float]:
    """Seconds from starting Voilà to its port listening, and to a playable hand."""
    started = time.perf_counter()
    with running_voila() as url:
        listening = time.perf_counter() - started
        page.goto(f"{url}?deal={code}")
        page.locator(PLAYABLE).first.wait_for(timeout=120_000)
        elapsed = time.perf_counter() - started
        page.goto("about:blank")
    return listening, elapsed


def click_latencies(page: Page, url: str, code: str, bots: str = DEFAULT_BOT_LEVEL) -> list[float]:
    """Seconds from each click on a card to the hand redrawn after the bots' replies."""
    page.goto(f"{url}?deal={code}&bots={bots}")
    page.locator(PLAYABLE).first.wait_for(timeout=120_000)
    latencies = []
    while page.locator(PLAYABLE).count():
        size = page.locator(".ht-hand .ht-card").count()
        started = time.perf_counter()
        page.locator(PLAYABLE).first.click()
        page.wait_for_function(
            "n => document.querySelectorAll('.ht-hand .ht-card').length < n",
            arg=size,
            timeout=60_000,
        )
        latencies.append(time.perf_counter() - started)
    return latencies


def row(name: str, value: float, target: float) -> str:
    ratio = value / target
    verdict = "met" if value <= target else "not met"
    return f"| {name} | {value:.2f} s | ≤ {target:.1f} s | {ratio:.2f} | {verdict} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=3, help="Voilà starts to time")
    parser.add_argument("--deals", type=int, default=2, help="deals to play by clicking")
    parser.add_argument(
        "--strong-deals", type=int, default=1, help="deals against the Monte-Carlo bots (no target)"
    )
    options = parser.parse_args()
    codes = [
        share_code(Deal.new(Rules(), seed=seed, deal_number=3)) for seed in range(options.deals)
    ]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        timings = [time_to_playable(page, codes[0]) for _ in range(options.starts)]
        listening = [first for first, _ in timings]
        starts = [total for _, total in timings]
        clicks: list[float] = []
        with running_voila() as url:
            for code in codes:
                clicks += click_latencies(page, url, code)
            strong: list[float] = []
            for code in codes[: options.strong_deals]:
                strong += click_latencies(page, url, code, "montecarlo")
        browser.close()
    print(f"Playground responsiveness, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"Machine: {describe_machine()}, load average {load}, bots: {DEFAULT_BOT_LEVEL}")
    print()
    print("| measure | median | target | ratio | verdict |")
    print("|---|---|---|---|---|")
    print(
        row(
            f"Voilà start → playable table (median of {len(starts)})",
            statistics.median(starts),
            START_TARGET,
        )
    )
    print(
        f"| of which: Voilà start → port listening | {statistics.median(listening):.2f} s | — | — | — |"
    )
    print(
        row(
            f"click a card → bots' replies shown (median of {len(clicks)})",
            statistics.median(clicks),
            CLICK_TARGET,
        )
    )
    worst = max(clicks)
    print(f"| click a card → bots' replies shown (worst) | {worst:.2f} s | — | — | — |")
    if strong:
        print(
            f"| same, strong bots (montecarlo, median of {len(strong)}) | "
            f"{statistics.median(strong):.2f} s | — | — | — |"
        )
    print()
    print("Voilà starts (s): " + ", ".join(f"{value:.2f}" for value in starts))


if __name__ == "__main__":
    main()
