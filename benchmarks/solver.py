"""The exact solver's speed: positions solved per second by cards left, on every engine.

Target (issue 25): the last five tricks of a four-player deal solved in a few
milliseconds with the compiled engine (here: at most 5 ms per position, median), and
usable in the reader's browser (Pyodide).

The positions are seeded: standard deals played by the heuristic bots (their pass
included) to the start of the trick that leaves ``cards`` cards in the hands. Each is
solved from scratch, every legal card of the player to lead priced
(``Solver.card_outcomes``, what the strong bot and the review's face-up line ask), in
three processes: the compiled engine as installed (``hearts_teach.COMPILED``), the same
installation interpreted (``HEARTS_TEACH_PURE=1``), and Pyodide run by Node.js (the
static book's Python), when the book's npm packages are there (``npm ci``). Every engine
must find the same ends; the script checks it.

    .venv/bin/python benchmarks/solver.py [--positions 40] [--cards 8 12 16 20 24]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from machine import describe_machine

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = ROOT / "node_modules" / "pyodide"
TARGET_CARDS = 20
TARGET_MS = 5.0
"""The compiled engine's median milliseconds for a position of ``TARGET_CARDS`` cards."""
ENGINES = ("compiled", "pure", "pyodide")

NODE_LOADER = """
import path from "node:path";
import { pathToFileURL } from "node:url";
const [pyodideDir, root, args] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
pyodide.FS.mkdirTree("/checkout");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/checkout");
pyodide.globals.set("worker_args", args);
pyodide.runPython(`
import sys, json
sys.path[:0] = ["/checkout", "/checkout/benchmarks"]
sys.argv = ["solver.py", *json.loads(worker_args)]
import runpy
try:
    runpy.run_path("/checkout/benchmarks/solver.py", run_name="__main__")
except SystemExit as end:
    assert not end.code, end.code
`);
"""


def positions(count: int, cards: int) -> list[Any]:
    """``count`` seeded standard deals at the trick that leaves ``cards`` cards."""
    from hearts_teach import Deal, Rules
    from hearts_teach.bots import make_bot

    rules = Rules()
    found = []
    seed = 0
    while len(found) < count:
        deal = Deal.new(rules, seed=f"solver:{seed}", deal_number=seed % 4)
        seed += 1
        bots = [make_bot("heuristic", seed=p) for p in range(4)]
        if deal.phase == "pass":
            for player in range(4):
                deal.pass_cards(player, bots[player].pass_cards(deal.view(player)).cards)
        while 52 - len(deal.plays) > cards:
            deal.play(bots[deal.to_play].play(deal.view(deal.to_play)).card)
        found.append(deal)
    return found


def worker(count: int, sizes: list[int]) -> None:
    """Solve the positions of each size; print one JSON line a size."""
    import hearts_teach
    from hearts_teach.bots.solver import Solver

    for cards in sizes:
        times, nodes, ends = [], 0, []
        for deal in positions(count, cards):
            solver = Solver.from_deal(deal)
            start = time.perf_counter()
            outcomes = solver.card_outcomes()
            times.append(time.perf_counter() - start)
            nodes += solver.nodes
            ends.append(sorted((c, o.scores) for c, o in outcomes.items()))
        digest = hashlib.sha256(repr(ends).encode()).hexdigest()[:16]
        line = {
            "cards": cards,
            "times": times,
            "nodes": nodes,
            "digest": digest,
            "compiled": hearts_teach.COMPILED,
            "python": sys.version.split()[0],
        }
        print(json.dumps(line), flush=True)


def run_engine(engine: str, count: int, sizes: list[int]) -> list[dict[str, Any]] | None:
    arguments = ["--worker", str(count), *map(str, sizes)]
    env = dict(os.environ)
    if engine == "pyodide":
        node = shutil.which("node")
        if node is None or not (PYODIDE / "pyodide.mjs").exists():
            return None
        command = [node, "--input-type=module", "-e", NODE_LOADER]
        command += [str(PYODIDE), str(ROOT), json.dumps(arguments)]
    else:
        env["HEARTS_TEACH_PURE"] = "1" if engine == "pure" else ""
        command = [sys.executable, str(Path(__file__).resolve()), *arguments]
    done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--cards", type=int, nargs="+", default=[8, 12, 16, 20, 24])
    parser.add_argument("--engine", choices=[*ENGINES, "all"], default="all")
    parser.add_argument("--worker", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(int(args.worker[0]), [int(c) for c in args.worker[1:]])
        return 0
    engines = ENGINES if args.engine == "all" else (args.engine,)
    print(f"# The exact solver, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    print(f"Machine: {describe_machine()}")
    print(f"{args.positions} seeded standard positions a size (heuristic play to the trick);")
    print("each solved from scratch, every legal card of the leader priced.\n")
    print(
        "| engine | Python | cards left | positions/s | median ms | slowest ms "
        "| positions visited/s | load |"
    )
    print("|---|---|---|---|---|---|---|---|")
    digests: dict[str, list[str]] = {}
    compiled_median = None
    for engine in engines:
        load = os.getloadavg()[0]
        rows = run_engine(engine, args.positions, args.cards)
        if rows is None:
            print(f"| {engine} | — | not run here (Node.js or `npm ci` missing) | | | | | |")
            continue
        digests[engine] = [row["digest"] for row in rows]
        for row in rows:
            times = row["times"]
            total = sum(times)
            name = f"{engine}{' (mypyc)' if row['compiled'] else ''}"
            median = statistics.median(times) * 1000
            if engine == "compiled" and row["cards"] == TARGET_CARDS:
                compiled_median = median
            print(
                f"| {name} | {row['python']} | {row['cards']} | {len(times) / total:,.0f} "
                f"| {median:.2f} | {max(times) * 1000:.1f} | {row['nodes'] / total:,.0f} "
                f"| {load:.1f} |",
                flush=True,
            )
    same = len({tuple(d) for d in digests.values()}) <= 1
    print(f"\nSame ends in every engine: {'yes' if same else 'NO'}")
    if compiled_median is not None:
        verdict = "met" if compiled_median <= TARGET_MS and same else "NOT met"
        print(
            f"Target: {TARGET_CARDS} cards (five tricks) in at most {TARGET_MS:g} ms (median), "
            f"compiled: {compiled_median:.2f} ms, ratio {compiled_median / TARGET_MS:.2f}: "
            f"{verdict}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
