"""Engine cost in instructions, which the machine's load does not change.

The wall-clock benchmarks (``engine.py``) move by ±0.1 in their ratio to OpenSpiel when
other jobs share the machine, too much to say whether a refactoring kept the engine's
speed. This script counts the instructions the same seeded work takes under valgrind's
callgrind: random four-player deals with their passes through the public API, and
copies of a position each played out with random legal cards. Starting Python and
importing the package is counted alone and subtracted, so the figures are per deal and
per copy + playout.

Give it a second source tree (a checkout of the commit before a change, with its
engine compiled: ``python setup.py build_ext --inplace`` there) to compare:

    python benchmarks/instructions.py [--against ../before] [--deals 300] [--playouts 1000]

It prints each tree's figures and the ratio after / before; the target of a change
meant to keep the engine's speed is a ratio within ``TOLERANCE`` of 1.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from machine import describe_machine

TOLERANCE = 0.01
"""A refactoring keeps the engine's speed when it costs at most 1% more instructions."""

PLAYOUT_START = 20
"""Cards played before the position that is copied and played out."""

WORK = """
import random, sys
import hearts_teach
from hearts_teach import Deal, Rules
assert hearts_teach.COMPILED, "the engine of this tree is not compiled"
deals, playouts = int(sys.argv[1]), int(sys.argv[2])
rules = Rules()
rng = random.Random(7)

def dealt_and_passed(number):
    deal = Deal.new(rules, rng=rng, deal_number=number)
    if deal.phase == "pass":
        for player in range(rules.players):
            deal.pass_cards(player, rng.sample(deal.hand(player), 3))
    return deal

for number in range(deals):
    deal = dealt_and_passed(number)
    while not deal.is_complete:
        deal.play(rng.choice(deal.legal_moves()))
if playouts:
    start = dealt_and_passed(deals)
    for _ in range(START):
        start.play(rng.choice(start.legal_moves()))
    for _ in range(playouts):
        deal = start.copy()
        while not deal.is_complete:
            deal.play(rng.choice(deal.legal_moves()))
""".replace("START", str(PLAYOUT_START))


def instructions(tree: Path, deals: int, playouts: int) -> int:
    """Instructions callgrind counts for the work on ``tree``'s engine."""
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    environment.pop("HEARTS_TEACH_PURE", None)
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch, "work.py")
        work.write_text(WORK)
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={scratch}/out",
                sys.executable,
                str(work),
                str(deals),
                str(playouts),
            ],
            env=environment,
            cwd=scratch,
            capture_output=True,
            text=True,
            check=False,
        )
    if done.returncode:
        raise SystemExit(f"{tree}: the work failed:\n{done.stderr[-2000:]}")
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"{tree}: callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def measure(tree: Path, deals: int, playouts: int) -> tuple[float, float]:
    """Instructions per deal and per copy + playout on ``tree``."""
    base = instructions(tree, 0, 0)
    per_deal = (instructions(tree, deals, 0) - base) / deals
    per_playout = (instructions(tree, deals, playouts) - base - per_deal * deals) / playouts
    return per_deal, per_playout


def commit_of(tree: Path) -> str:
    done = subprocess.run(
        ["git", "-C", str(tree), "log", "-1", "--format=%h"],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip() or "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--against", type=Path, help="the tree before the change")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--playouts", type=int, default=1000)
    options = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    print(f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {describe_machine()}")
    print(f"work: {options.deals} deals with passes; {options.playouts} copies + playouts")
    trees = [("after", options.tree)]
    if options.against:
        trees.insert(0, ("before", options.against))
    figures = {}
    for name, tree in trees:
        figures[name] = measure(tree.resolve(), options.deals, options.playouts)
        deal, playout = figures[name]
        print(f"{name} ({commit_of(tree)}): {deal:,.0f} per deal, {playout:,.0f} per playout")
    if options.against:
        for index, what in enumerate(("deal", "playout")):
            ratio = figures["after"][index] / figures["before"][index]
            verdict = "met" if ratio <= 1 + TOLERANCE else "NOT met"
            print(f"ratio after / before, per {what}: {ratio:.4f} (≤ {1 + TOLERANCE}) -> {verdict}")


if __name__ == "__main__":
    main()
