"""Deal review speed: seconds to review one finished deal from South's seat.

Target (issue 14): a review takes at most a few seconds per deal, on this machine with
the compiled engine and in the reader's browser: here, 3 s per deal on average and 5 s
for the slowest deal, in every engine. The review runs with its fixed budget
(``hearts_teach.teaching.review.REVIEW_PLAYOUTS`` playouts per decision, ``CONFIRM_SAMPLES``
fresh deals for each card that differs from the bot's), the same everywhere, so that a
deal's review is the same on the server and in the browser.

The deals are seeded: South plays like a beginner (random legal cards: the most
decisions that differ from the bot's, each measured again) or by rules of thumb, the
other seats by rules of thumb. Each engine reviews the same deals (their share codes)
in its own process: the compiled engine as installed (``hearts_teach.COMPILED``), the
same installation interpreted (``HEARTS_TEACH_PURE=1``), and, when Node.js and the
book's npm packages are there (``npm ci``), the browser's own Python, Pyodide, run by
Node.js (the static book's kernel is Pyodide in a web worker). Every engine must give
the same reviews; the script checks it, and prints one digest of them all to compare
runs (a change meant to keep the reviews the same must keep it).

Then each engine times the Monte-Carlo bot's playouts alone, where a review spends its
time: from South's view before each card with a choice in the same deals, every distinct
legal card played out in the same ``SPEED_SAMPLES`` sampled deals (the sampling
included), in microseconds per playout.

    .venv/bin/python benchmarks/review.py [--beginner 8] [--club 4] [--engine all] [--save]
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
RESULTS = ROOT / "benchmarks" / "results" / "review.md"
PYODIDE = ROOT / "node_modules" / "pyodide"
MEAN_TARGET = 3.0
"""Seconds per deal on average, every engine."""
MAX_TARGET = 5.0
"""Seconds for the slowest deal, every engine."""
ENGINES = ("compiled", "pure", "pyodide")
SPEED_SAMPLES = 30
"""Sampled deals per view in the playout timing."""

# Node.js loads Pyodide, mounts the checkout and runs this script's worker in it.
NODE_LOADER = """
import path from "node:path";
import { pathToFileURL } from "node:url";
const [pyodideDir, root, codes, mode] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
pyodide.FS.mkdirTree("/checkout");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/checkout");
pyodide.globals.set("codes_path", codes);
pyodide.globals.set("mode", mode);
pyodide.runPython(`
import sys
sys.path[:0] = ["/checkout", "/checkout/benchmarks"]
sys.argv = ["review.py", mode, "/checkout/" + codes_path]
import runpy
try:
    runpy.run_path("/checkout/benchmarks/review.py", run_name="__main__")
except SystemExit as end:
    assert not end.code, end.code
`);
"""


def make_deals(beginner: int, club: int) -> list[dict[str, Any]]:
    """Share codes of seeded finished deals, with who played South."""
    from hearts_teach import Deal, Rules
    from hearts_teach.bots import make_bot
    from hearts_teach.bots.seats import play_out, seat_bots
    from hearts_teach.records import share_code

    deals = []
    for kind, count, level in (("beginner", beginner, "random"), ("club", club, "heuristic")):
        for number in range(count):
            seed = 1400 + number
            bots = seat_bots("heuristic", seed, 4)
            bots[0] = make_bot(level, seed)
            deal = play_out(Deal.new(Rules(), seed=seed, deal_number=number % 4), bots)
            deals.append({"kind": kind, "code": share_code(deal)})
    return deals


def worker(codes_file: str) -> None:
    """Review each deal of the file (one JSON object per line); print one line each."""
    import hearts_teach
    from hearts_teach.records import deal_from_code
    from hearts_teach.teaching.review import face_up, review_deal

    for line in Path(codes_file).read_text().splitlines():
        item = json.loads(line)
        deal = deal_from_code(item["code"])
        cpu, wall = time.process_time(), time.perf_counter()
        review = review_deal(deal, 0)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        face_wall = time.perf_counter()
        faces = face_up(deal, 0)
        face_wall = time.perf_counter() - face_wall
        digest = hashlib.sha256(
            repr(
                [
                    (d.kind, d.trick, d.played, d.better, round(d.cost, 9), round(d.error, 9))
                    for d in review.decisions
                ]
            ).encode()
        ).hexdigest()[:16]
        print(
            json.dumps(
                {
                    "kind": item["kind"],
                    "wall": wall,
                    "cpu": cpu,
                    "decisions": len(review.decisions),
                    "measured": sum(not d.agrees for d in review.decisions),
                    "digest": digest,
                    "face_up": face_wall,
                    "faces": len(faces),
                    "faces_digest": hashlib.sha256(
                        repr(
                            [(f.plays_before, f.best, sorted(f.points.items())) for f in faces]
                        ).encode()
                    ).hexdigest()[:16],
                    "compiled": hearts_teach.COMPILED,
                    "python": sys.version.split()[0],
                }
            ),
            flush=True,
        )


def speed_worker(codes_file: str) -> None:
    """Time the bot's playouts from South's views in the deals of the file; print one
    line: the playouts and their CPU seconds."""
    from hearts_teach.bots.montecarlo import MonteCarloBot
    from hearts_teach.errors import IllegalMove
    from hearts_teach.records import deal_from_code

    views = []
    for line in Path(codes_file).read_text().splitlines():
        deal = deal_from_code(json.loads(line)["code"])
        position = deal.copy()
        while True:
            try:
                position.undo()
            except IllegalMove:
                break
        for kind, player, cards in deal.history:
            if kind == "pass":
                position.pass_cards(player, list(cards))
                continue
            legal = position.legal_mask()
            if player == 0 and legal & (legal - 1):
                views.append(position.view(0))
            position.play(cards[0])
    bot = MonteCarloBot(seed="speed", time_limit=None)
    playouts = 0
    cpu = time.process_time()
    for view in views:
        groups, _outcomes, samples = bot.evaluate(view, samples=SPEED_SAMPLES)
        playouts += samples * len(groups)
    cpu = time.process_time() - cpu
    print(json.dumps({"speed": True, "playouts": playouts, "cpu": cpu}), flush=True)


def run_engine(
    engine: str, codes_file: Path, mode: str = "--worker"
) -> list[dict[str, Any]] | None:
    """The worker's lines for one engine (None when that engine cannot run here); with
    ``mode`` "--speed", the playout timing's line."""
    env = dict(os.environ)
    if engine == "pyodide":
        node = shutil.which("node")
        if node is None or not (PYODIDE / "pyodide.mjs").exists():
            return None
        relative = codes_file.relative_to(ROOT)
        command = [node, "--input-type=module", "-e", NODE_LOADER]
        command += [str(PYODIDE), str(ROOT), str(relative), mode]
    else:
        env["HEARTS_TEACH_PURE"] = "1" if engine == "pure" else ""
        command = [sys.executable, str(Path(__file__).resolve()), mode, str(codes_file)]
    done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def report(
    results: dict[str, list[dict[str, Any]] | None],
    speeds: dict[str, list[dict[str, Any]] | None],
    deals: int,
    loads: list[float],
) -> str:
    from hearts_teach.teaching.review import CONFIRM_SAMPLES, FACE_UP_CARDS, REVIEW_PLAYOUTS

    lines = [
        f"Date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC  ",
        f"Machine: {describe_machine()}  ",
        f"Load average (1 min) before each engine: {', '.join(f'{x:.2f}' for x in loads)}  ",
        f"Budget: {REVIEW_PLAYOUTS} playouts per decision, {CONFIRM_SAMPLES} fresh deals per "
        f"decision that differs from the bot's; {deals} deals of the standard game, South "
        "reviewed",
        "",
        "| engine | Python | deals | decisions per deal | measured again per deal "
        "| mean s/deal | median | slowest | CPU s/deal | target | status |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    digests = {}
    met_everywhere = True
    for engine in ENGINES:
        rows = results.get(engine)
        if not rows:
            lines.append(f"| {engine} | — | not run here | | | | | | | | |")
            continue
        walls = [r["wall"] for r in rows]
        mean, slowest = statistics.fmean(walls), max(walls)
        met = mean <= MEAN_TARGET and slowest <= MAX_TARGET
        met_everywhere &= met
        digests[engine] = [r["digest"] for r in rows]
        lines.append(
            f"| {engine}{' (mypyc)' if rows[0]['compiled'] else ''} | {rows[0]['python']} "
            f"| {len(rows)} | {statistics.fmean(r['decisions'] for r in rows):.1f} "
            f"| {statistics.fmean(r['measured'] for r in rows):.1f} | {mean:.2f} "
            f"| {statistics.median(walls):.2f} | {slowest:.2f} "
            f"| {statistics.fmean(r['cpu'] for r in rows):.2f} "
            f"| ≤ {MEAN_TARGET:g} mean, ≤ {MAX_TARGET:g} slowest | {'met' if met else 'not met'} |"
        )
    by_kind = []
    for engine, rows in results.items():
        if rows:
            for kind in ("beginner", "club"):
                walls = [r["wall"] for r in rows if r["kind"] == kind]
                if walls:
                    by_kind.append(f"{engine} {kind} {statistics.fmean(walls):.2f} s")
    faces = []
    for engine, rows in results.items():
        if rows and "face_up" in rows[0]:
            walls = [r["face_up"] for r in rows]
            count = statistics.fmean(r["faces"] for r in rows)
            faces.append(
                f"{engine} {statistics.fmean(walls):.2f} s mean, {max(walls):.2f} s slowest "
                f"({count:.1f} decisions a deal)"
            )
            digests[engine + " face up"] = [r["faces_digest"] for r in rows]
    same = len({tuple(d) for e, d in digests.items() if "face up" not in e}) <= 1
    same_faces = len({tuple(d) for e, d in digests.items() if "face up" in e}) <= 1
    digest = ""
    if digests:
        joined = " ".join(next(d for e, d in digests.items() if "face up" not in e))
        digest = f" (digest of the reviews {hashlib.sha256(joined.encode()).hexdigest()[:16]})"
    timed = []
    for engine, rows in speeds.items():
        if rows:
            line = rows[-1]
            timed.append(
                f"{engine} {line['cpu'] / line['playouts'] * 1e6:,.0f} µs ({line['playouts']:,})"
            )
    lines += [
        "",
        f"Mean by South's play: {', '.join(by_kind)}  ",
        f"Same reviews in every engine: {'yes' if same else 'NO'}{digest}  ",
        f"Cards face up (the exact solver, every hand known, South's card decisions with at "
        f"most {FACE_UP_CARDS} cards left), per deal: {', '.join(faces)}; the same in every "
        f"engine: {'yes' if same_faces else 'NO'}  ",
        f"The bot's playouts alone, CPU µs per playout (playouts timed): {', '.join(timed)}  ",
        f"Target (≤ {MEAN_TARGET:g} s per deal on average, ≤ {MAX_TARGET:g} s for the slowest, "
        f"every engine run): {'met' if met_everywhere and same else 'not met'}",
    ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--beginner", type=int, default=8, help="deals with a random South")
    parser.add_argument("--club", type=int, default=4, help="deals with a rule-of-thumb South")
    parser.add_argument("--engine", choices=[*ENGINES, "all"], default="all")
    parser.add_argument("--save", action="store_true", help=f"append the table to {RESULTS}")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--speed", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker)
        return 0
    if args.speed:
        speed_worker(args.speed)
        return 0
    deals = make_deals(args.beginner, args.club)
    codes_file = ROOT / "build" / "review-bench-deals.jsonl"
    codes_file.parent.mkdir(exist_ok=True)
    codes_file.write_text("".join(json.dumps(d) + "\n" for d in deals))
    engines = ENGINES if args.engine == "all" else (args.engine,)
    results: dict[str, list[dict[str, Any]] | None] = {}
    speeds: dict[str, list[dict[str, Any]] | None] = {}
    loads = []
    for engine in engines:
        loads.append(os.getloadavg()[0])
        print(f"reviewing {len(deals)} deals with the {engine} engine…", file=sys.stderr)
        results[engine] = run_engine(engine, codes_file)
        speeds[engine] = run_engine(engine, codes_file, "--speed")
    table = report(results, speeds, len(deals), loads)
    print(table)
    if args.save:
        with RESULTS.open("a", encoding="utf-8") as stream:
            stream.write("\n" + table + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
