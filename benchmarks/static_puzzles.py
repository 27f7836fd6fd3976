"""The puzzles tab of the static book, in chromium, where Python runs in the page (issue
24: a puzzle opens and answers in well under a second in the static book).

The built site (``make book``: _build/html) is served as files. The book's playground
page opens on its puzzles tab, with a new profile (no progress), and ``--puzzles``
puzzles are played in the order the page gives them (the same order
``teaching/puzzle_progress.next_puzzle`` gives, followed here to know each one's cards):

- **answer**: a click on a card (a wrong one where there is one, else the answer; for a
  pass, its cards then « Essayer cette passe ») until the page says right or wrong, with
  the cost, the reason and the answer played out;
- **open**: a click on « Puzzle suivant » until the next puzzle's cards are the buttons
  and the message is cleared.

Target: the slowest of each at most 1 s ("well under a second": the median should be
far under it). Prints a table with the ratio and the verdict.

Usage: ``.venv/bin/python benchmarks/static_puzzles.py [--puzzles 8]``
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the tests' support package

from machine import describe_machine  # noqa: E402
from playwright.sync_api import Locator, sync_playwright  # noqa: E402
from support.browser import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402
from support.static_server import QuietHandler, serving  # noqa: E402

from hearts_teach.cards import CARDS, Card, cards_of  # noqa: E402
from hearts_teach.i18n import card_symbol, text  # noqa: E402
from hearts_teach.teaching.puzzle_progress import Progress, next_puzzle, record_try  # noqa: E402
from hearts_teach.teaching.puzzles import Puzzle, load  # noqa: E402

SITE = ROOT / "_build" / "html"
TARGET = 1.0
"""Seconds for the slowest open or answer."""
LANG = "en"
WAIT_MS = 60_000
EVERY_CARD = [card_symbol(card, LANG) for card in CARDS]


def buttons_of(puzzle: Puzzle) -> list[str]:
    """The names of the card buttons the page shows for ``puzzle``."""
    view = puzzle.view()
    hand = view.hand if puzzle.kind == "pass" else view.legal
    return [card_symbol(card, LANG) for card in cards_of(hand)]


def try_of(puzzle: Puzzle) -> tuple[list[Card], bool]:
    """The cards this benchmark tries: a wrong card where there is one, else the answer."""
    if puzzle.kind == "pass":
        return [Card.parse(code) for code in puzzle.answers[0]], True
    legal = cards_of(puzzle.view().legal)
    wrong = next((card for card in legal if not puzzle.is_answer([card])), None)
    return ([wrong], False) if wrong is not None else ([legal[0]], True)


def named(tab: Locator, name: str) -> Locator:
    # an icon's glyph (CSS content) may come before the words
    return tab.get_by_role("button", name=re.compile(rf"^\W*{re.escape(name)}$"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=8, help="puzzles played")
    parser.add_argument("--site", type=Path, default=SITE, help="the built site")
    options = parser.parse_args()
    if not (options.site / "lite").is_dir():
        sys.exit(f"{options.site} has no playable half (lite/): run `make book` first")
    puzzles, progress = load(), Progress()
    right_word = text("puzzle.right", LANG, cards="", why="").split(":")[0].strip()
    wrong_word = text("puzzle.wrong", LANG, cards="", cost="", error="", answer="", why="")
    wrong_word = wrong_word.split(":")[0].strip()
    answers: list[float] = []
    opens: list[float] = []
    with (
        serving(options.site, QuietHandler) as base,
        sync_playwright() as playwright,
        tempfile.TemporaryDirectory(prefix="hearts-profile-") as profile,
    ):
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_FLAGS
        )
        page = context.new_page()
        page.goto(f"{base}book/{LANG}/playground.html?tab=puzzles", timeout=180_000)
        slot = page.locator('[data-ht-live][data-ht-state="ready"]').first
        slot.wait_for(state="attached", timeout=180_000)
        frame = slot.frame_locator(".ht-live-frame")
        tab = frame.locator(".ht-puzzles")
        tab.wait_for(timeout=WAIT_MS)
        said = tab.locator(".ht-message[aria-live]")
        started = 0.0
        for number in range(options.puzzles):
            puzzle = next_puzzle(puzzles, progress)
            assert puzzle is not None
            expected = buttons_of(puzzle)
            page.wait_for_function(
                "([frameSel, names, every]) => {"
                " const doc = document.querySelector(frameSel).contentDocument;"
                " const shown = [...doc.querySelectorAll('.ht-puzzles button')]"
                "   .map(b => b.textContent.trim()).filter(t => every.includes(t)).sort();"
                " const said = doc.querySelector('.ht-puzzles .ht-message[aria-live]');"
                " return JSON.stringify(shown) === JSON.stringify(names)"
                "   && !(said && said.textContent.trim()); }",
                arg=[".ht-live-frame", sorted(expected), EVERY_CARD],
                timeout=WAIT_MS,
            )
            if number:
                opens.append(time.perf_counter() - started)
            tried, right = try_of(puzzle)
            started = time.perf_counter()
            for card in tried:
                tab.get_by_role("button", name=card_symbol(card, LANG), exact=True).click()
            if puzzle.kind == "pass":
                named(tab, text("puzzle.try_pass", LANG)).click()
            said.get_by_text(right_word if right else wrong_word).first.wait_for(timeout=WAIT_MS)
            answers.append(time.perf_counter() - started)
            record_try(progress, puzzle, right)
            started = time.perf_counter()
            named(tab, text("puzzle.next", LANG)).click()
        context.close()
    load_average = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"The static book's puzzles tab in the browser, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    print(f"Machine: {describe_machine()}, load average {load_average}")
    print()
    print("| measure | median | slowest | target (slowest) | ratio | verdict |")
    print("|---|---|---|---|---|---|")
    for name, values in (("answer a puzzle", answers), ("open the next puzzle", opens)):
        worst = max(values)
        verdict = "met" if worst <= TARGET else "not met"
        print(
            f"| {name} (of {len(values)}) | {statistics.median(values):.2f} s | {worst:.2f} s"
            f" | ≤ {TARGET:.1f} s | {worst / TARGET:.2f} | {verdict} |"
        )
    print()
    print("Answers (s): " + ", ".join(f"{value:.2f}" for value in answers))
    print("Opens (s): " + ", ".join(f"{value:.2f}" for value in opens))


if __name__ == "__main__":
    main()
