"""Time a clean build of the book and an nbval run over its notebooks; print a table.

    .venv/bin/python benchmarks/book.py [--save]

--save also writes the table to benchmarks/results/book.md with the date and machine.
"""

from __future__ import annotations

import argparse
import datetime
import subprocess
import sys
import time
from pathlib import Path

from machine import describe_machine

ROOT = Path(__file__).resolve().parents[1]
BUILD_TARGET_SECONDS = 180.0


def timed(command: list[str]) -> tuple[float, int]:
    start = time.perf_counter()
    completed = subprocess.run(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT
    )
    return time.perf_counter() - start, completed.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--save", action="store_true", help="write benchmarks/results/book.md")
    args = parser.parse_args()

    # make book = npm ci (when needed) + nbval over every notebook + the Sphinx build.
    build_seconds, build_code = timed(["make", "--no-print-directory", "book"])
    nbval_seconds, nbval_code = timed(
        [str(ROOT / ".venv/bin/pytest"), "book", "-q", "-p", "no:cacheprovider"]
    )
    subprocess.run(["rm", "-rf", "_build/html", "_build/.doctrees"], cwd=ROOT, check=True)
    sphinx_seconds, sphinx_code = timed(
        [str(ROOT / ".venv/bin/jupyter-book"), "build", ".", "-W", "-n", "--keep-going"]
    )
    notebooks = len(list((ROOT / "book" / "en").glob("*.ipynb"))) * 2
    rows = [
        (
            "clean build, make book (nbval + Sphinx)",
            f"{build_seconds:.1f} s",
            f"< {BUILD_TARGET_SECONDS:.0f} s",
            "met" if build_code == 0 and build_seconds < BUILD_TARGET_SECONDS else "not met",
        ),
        (
            f"nbval alone, {notebooks} notebooks (pytest book)",
            f"{nbval_seconds:.1f} s",
            "passes",
            "met" if nbval_code == 0 else "not met",
        ),
        (
            "Sphinx build alone (jupyter-book build, clean)",
            f"{sphinx_seconds:.1f} s",
            "succeeds",
            "met" if sphinx_code == 0 else "not met",
        ),
    ]
    header = ("measure", "value", "target", "status")
    lines = [
        "| " + " | ".join(header) + " |",
        "|---|---|---|---|",
        *("| " + " | ".join(row) + " |" for row in rows),
    ]
    table = "\n".join(lines)
    print(table)
    if args.save:
        stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
        out = ROOT / "benchmarks" / "results" / "book.md"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(
            f"# Book build and nbval\n\n{stamp}, {describe_machine()}\n\n{table}\n\n"
            "The machine is shared with other jobs: times vary from run to run.\n",
            encoding="utf-8",
        )
    return 0 if build_code == 0 and nbval_code == 0 and sphinx_code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
