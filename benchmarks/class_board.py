"""A class of 30 sending one deal's results to the served board at once.

Thirty processes (a served playground's kernels each are one) play the same class deal
at a table as students would (random legal cards against the class's seeded bots), wait
at a barrier, then send their result to one SQLite board together: what each send takes
(checked by the engine, then written), how long the whole class takes, and whether
every result is on the board afterwards (the target: all 30, none lost). Then the
board is read as the teacher's page reads it (every result checked again), and the
bots' reference line computed.

    .venv/bin/python benchmarks/class_board.py [--students 30]
"""

from __future__ import annotations

import argparse
import datetime
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the tests' support
from machine import describe_machine
from support.classroom import played_by

from hearts_teach import Rules
from hearts_teach.deal import Deal
from hearts_teach.teaching.classroom import ClassDeal, make_result
from hearts_teach.teaching.classroom_store import ClassStore


def student(folder: str, code: str, number: int, ready: Any, times: Any) -> None:
    given = ClassDeal.from_code(code)
    deal = played_by(given, number)
    store = ClassStore(folder)
    ready.wait()
    start = time.perf_counter()
    store.send(make_result(given, f"Élève {number}", deal))
    times.put(time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    args = parser.parse_args()
    given = ClassDeal(Deal.new(Rules(), seed=2026), 42)
    with tempfile.TemporaryDirectory() as folder:
        ClassStore(folder).give(given)
        context = multiprocessing.get_context("fork")
        ready, times = context.Barrier(args.students + 1), context.Queue()
        processes = [
            context.Process(target=student, args=(folder, given.code, n, ready, times))
            for n in range(args.students)
        ]
        for process in processes:
            process.start()
        ready.wait()
        start = time.perf_counter()
        sends = [times.get(timeout=300) for _ in processes]
        whole = time.perf_counter() - start
        for process in processes:
            process.join()
        read_start = time.perf_counter()
        board = ClassStore(folder).board()
        rows = board.rows(given.code, review=False)
        read = time.perf_counter() - read_start
    kept = len(rows) - 1
    print(f"Machine: {describe_machine()}; load {os.getloadavg()[0]:.1f}")
    print(f"Date: {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC")
    print("| measure | value |")
    print("|---|---|")
    print(f"| students sending at once | {args.students} |")
    print(
        f"| one send (checked, written): median / slowest | "
        f"{statistics.median(sends) * 1000:.0f} ms / {max(sends) * 1000:.0f} ms |"
    )
    print(f"| the whole class, barrier to last send | {whole:.2f} s |")
    print(f"| board read and rows (every result checked again) | {read:.2f} s |")
    verdict = "met" if kept == args.students else "NOT met"
    print(f"| results on the board (target: all {args.students}) | {kept} ({verdict}) |")
    return 0 if kept == args.students else 1


if __name__ == "__main__":
    raise SystemExit(main())
