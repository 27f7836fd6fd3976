"""Simulation speed: games per second with 1 and 2 worker processes.

Target (issue 5): 2 workers at least 1.7 times as fast as 1. The two runs play the
same seeds, so the script also checks that they give the same games.

    .venv/bin/python benchmarks/simulate.py [--games 60] [--variant standard] [--save]
"""

from __future__ import annotations

import argparse
import datetime
import os
import resource
import time
from pathlib import Path

from machine import describe_machine

from hearts_teach.teaching.simulate import simulate

TARGET = 1.7
RESULTS = Path(__file__).parent / "results" / "simulate.md"


def _cpu() -> float:
    """CPU seconds used by this process and its finished worker processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def timed(variants: list[str], games: int, jobs: int, level: str) -> tuple[float, float, object]:
    """Wall-clock seconds, CPU seconds, and the result."""
    cpu = _cpu()
    start = time.perf_counter()
    result = simulate(variants, games, levels=[level], jobs=jobs, seed=1000)
    return time.perf_counter() - start, _cpu() - cpu, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--variant", action="append")
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--save", action="store_true", help=f"append the table to {RESULTS}")
    args = parser.parse_args()
    variants = args.variant or ["standard"]
    simulate(variants, 2, levels=[args.bots], jobs=1, seed=0)  # warm up imports and caches
    # other work on the machine steals the second core: the load average says how much
    load_before = os.getloadavg()[0]
    one_time, one_cpu, one = timed(variants, args.games, 1, args.bots)
    two_time, two_cpu, two = timed(variants, args.games, 2, args.bots)
    total = args.games * len(variants)
    ratio = one_time / two_time
    same = one == two
    lines = [
        f"Date: {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC  ",
        f"Machine: {describe_machine()}  ",
        f"Games: {total} ({', '.join(variants)}), bots: {args.bots}",
        "",
        "| workers | seconds | games per second | CPU seconds | cores kept busy |",
        "|---|---|---|---|---|",
        f"| 1 | {one_time:.2f} | {total / one_time:.1f} | {one_cpu:.2f} | {one_cpu / one_time:.2f} |",
        f"| 2 | {two_time:.2f} | {total / two_time:.1f} | {two_cpu:.2f} | {two_cpu / two_time:.2f} |",
        "",
        f"Speed-up with 2 workers: {ratio:.2f}× (target ≥ {TARGET}×): "
        f"{'met' if ratio >= TARGET else 'not met'}  ",
        f"Same games with 1 and 2 workers: {'yes' if same else 'NO'}  ",
        f"CPU cost of parallel work: {two_cpu / one_cpu:.2f}× the CPU seconds of one worker, "
        f"so on two idle cores the speed-up would be about {2 * one_cpu / two_cpu:.2f}× "
        "(an estimate, not a measurement)  ",
        "“Cores kept busy” is CPU seconds over wall seconds: below 2 with two workers means "
        "the second core was busy with other work.",
    ]
    load = os.getloadavg()
    lines.insert(2, f"Load average before/after (1 min): {load_before:.2f} / {load[0]:.2f}  ")
    table = "\n".join(lines)
    print(table)
    if args.save:
        with RESULTS.open("a", encoding="utf-8") as stream:
            stream.write("\n" + table + "\n")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
