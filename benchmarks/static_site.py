"""The static book in chromium, where Python runs in the page (prints a table).

The built site (``make book``: _build/html) is served by a plain static file server that
counts the bytes it sends. Each run uses a new browser profile on disk, as a reader's
browser keeps its cache:

1. first visit, empty cache: from opening a chapter to its guided deal accepting a click
   (the slot says it is live: a card of the lesson is enabled) (target: at most 2 s,
   issue 26);
2. second visit, same profile (cache kept): the same (target: at most 1 s);
3. the bytes the first visit downloaded, until its deal was live (target: at most 15 MB),
   by kind of file, and what a host that compresses its responses (gzip, as most static
   hosts do; this plain server does not) would have sent for the same files;
4. in the book's playground page: a click on a card to the bots' replies shown (the hand
   is redrawn only after the bots have answered) (target: median at most 1 s);
5. the size of the whole site, and of its playable half (lite/);
6. where a second visit's time goes, from the page's own clocks (PHASES): the book page
   until its slot's frame opens; Voici's JavaScript until it starts the kernel's worker;
   Python in the worker (Pyodide, the wheels unpacked, the kernel imported) until the
   notebook runs (the kernel says so: no new packages to load); the notebook's Python and
   the widgets drawn until the deal is live.

Usage: ``.venv/bin/python benchmarks/static_site.py [--runs 3] [--chapter book/fr/new-moon.html]``
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import gzip
import itertools
import os
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the tests' support package

from machine import describe_machine  # noqa: E402
from playwright.sync_api import (  # noqa: E402
    BrowserContext,
    ConsoleMessage,
    FrameLocator,
    Page,
    Worker,
    sync_playwright,
)
from support.browser import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402
from support.static_server import QuietHandler, serving  # noqa: E402
from support.table_page import PLAYABLE  # noqa: E402

from hearts_teach import Deal, Rules  # noqa: E402
from hearts_teach.records import share_code  # noqa: E402

SITE = ROOT / "_build" / "html"
FIRST_TARGET = 2.0  # s (issue 26)
SECOND_TARGET = 1.0  # s
BYTES_TARGET = 15e6
CLICK_TARGET = 1.0  # s
READY = '[data-ht-live][data-ht-state="ready"]'
# What the kernel prints as it starts running the notebook (pyodide-kernel checks each
# cell's imports): Python is up.
NOTEBOOK_RUNS = "No new packages to load"
PHASES = (
    "book page → its slot's frame opens",
    "Voici's JavaScript → kernel worker started",
    "Python starts (Pyodide, wheels, kernel) → notebook runs",
    "notebook's Python + widgets drawn → deal live",
)
HAND = ".ht-hand .ht-card"


# What a first visit's bytes are, by the path they are served from (first match).
KINDS = (
    ("the interpreter (pyodide.asm.wasm)", "pyodide.asm.wasm"),
    ("the standard library (python_stdlib.zip)", "python_stdlib.zip"),
    ("the wheels", ".whl"),
    ("Pyodide's JavaScript", "/static/pyodide/"),
    ("Voici and the kernel's JavaScript", "/lite/"),
    ("the book's page and theme", ""),
)


@functools.cache
def gzipped_size(path: str, mtime: float) -> int:
    """The size of a file as a host that compresses responses (gzip -6) sends it; never
    more than the file (a host sends an incompressible file as it is)."""
    data = Path(path).read_bytes()
    return min(len(data), len(gzip.compress(data, compresslevel=6, mtime=0)))


class CountingHandler(QuietHandler):
    """A plain static file server that adds up what it sends: in all, by KINDS, and as a
    compressing host would have sent the same files."""

    sent = 0
    compressed = 0
    by_kind: ClassVar[Counter[str]] = Counter()
    lock = threading.Lock()

    @classmethod
    def reset(cls) -> None:
        with cls.lock:
            cls.sent = cls.compressed = 0
            cls.by_kind = Counter()

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        start = source.tell()
        super().copyfile(source, outputfile)
        sent = source.tell() - start
        name = getattr(source, "name", "")
        packed = gzipped_size(name, os.stat(name).st_mtime) if name and not start else sent
        path = self.path.split("?", 1)[0]
        kind = next(label for label, part in KINDS if part in path)
        with CountingHandler.lock:
            CountingHandler.sent += sent
            CountingHandler.compressed += packed
            CountingHandler.by_kind[kind] += sent


def time_to_live(page: Page, url: str) -> float:
    """Seconds from opening ``url`` to its first playable slot being live."""
    started = time.perf_counter()
    page.goto(url)
    page.locator(READY).first.wait_for(state="attached", timeout=180_000)
    return time.perf_counter() - started


def phases_to_live(page: Page, url: str) -> tuple[float, list[float]]:
    """``time_to_live``, and the seconds of each of PHASES. The book page, its frame and
    the kernel's worker each start a clock (performance.timeOrigin, milliseconds since
    the epoch, as this script's time.time() counts them)."""
    workers: list[Worker] = []
    notebook_runs: list[float] = []

    def on_worker(worker: Worker) -> None:
        workers.append(worker)

    def on_console(message: ConsoleMessage) -> None:
        if message.text == NOTEBOOK_RUNS and not notebook_runs:
            notebook_runs.append(time.time())

    page.on("worker", on_worker)
    page.on("console", on_console)
    elapsed = time_to_live(page, url)
    live = time.time()
    page.remove_listener("worker", on_worker)
    page.remove_listener("console", on_console)
    origin = "() => performance.timeOrigin / 1000"
    (frame,) = [frame for frame in page.frames if "/voici/render/" in frame.url][:1]
    (kernel,) = [worker for worker in workers if "pyodide-kernel" in worker.url][:1]
    marks = [page.evaluate(origin), frame.evaluate(origin), kernel.evaluate(origin)]
    marks += [notebook_runs[0] if notebook_runs else live, live]
    return elapsed, [end - start for start, end in itertools.pairwise(marks)]


def browser_cpu(profile: str) -> float:
    """CPU seconds used so far by the browser that runs on ``profile``, all its processes
    counted (/proc). Other work on the machine stretches a visit's wall-clock time, much
    less the CPU time it takes."""
    parents: dict[int, int] = {}
    seconds: dict[int, float] = {}
    members: set[int] = set()  # named after the profile, with their children below
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            pid = int(entry.name)
            parents[pid] = int(fields[1])
            seconds[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
            if f"--user-data-dir={profile}".encode() in (entry / "cmdline").read_bytes():
                members.add(pid)
    if not members:
        raise RuntimeError(f"no browser runs on {profile}")
    while grown := {pid for pid, parent in parents.items() if parent in members} - members:
        members |= grown
    return sum(seconds.get(pid, 0.0) for pid in members)


def visits(
    context: BrowserContext, url: str, profile: str
) -> tuple[float, float, Bytes, list[float], float]:
    """First visit (empty profile) and second visit (cache kept); bytes of the first;
    the second visit's PHASES and the browser's CPU seconds during it."""
    page = context.new_page()
    CountingHandler.reset()
    first = time_to_live(page, url)
    with CountingHandler.lock:
        downloaded = Bytes(
            CountingHandler.sent, CountingHandler.compressed, Counter(CountingHandler.by_kind)
        )
    page.goto("about:blank")
    cpu = browser_cpu(profile)
    second, phases = phases_to_live(page, url)
    cpu = browser_cpu(profile) - cpu
    page.close()
    return first, second, downloaded, phases, cpu


@dataclasses.dataclass(frozen=True)
class Bytes:
    """What a first visit downloaded: as sent, as a compressing host would send it, by
    KINDS."""

    sent: int
    compressed: int
    by_kind: Counter[str]


def click_latencies(context: BrowserContext, base: str, code: str) -> list[float]:
    """Seconds from each click on a card to the hand redrawn after the bots' replies."""
    page = context.new_page()
    time_to_live(page, f"{base}book/en/playground.html?deal={code}")
    table: FrameLocator = page.frame_locator(".ht-live-frame")
    table.locator(PLAYABLE).first.wait_for(timeout=60_000)
    latencies = []
    for _ in range(13):
        size = table.locator(HAND).count()
        started = time.perf_counter()
        table.locator(PLAYABLE).first.click()
        table.locator(HAND).nth(size - 1).wait_for(state="detached", timeout=60_000)
        latencies.append(time.perf_counter() - started)
        if not table.locator(PLAYABLE).count():
            break
    page.close()
    return latencies


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def row(name: str, value: float, target: float, unit: str = "s") -> str:
    ratio = value / target
    verdict = "met" if value <= target else "not met"
    if unit == "MB":
        return (
            f"| {name} | {value / 1e6:.1f} MB | ≤ {target / 1e6:.0f} MB | {ratio:.2f} | {verdict} |"
        )
    return f"| {name} | {value:.2f} s | ≤ {target:.1f} s | {ratio:.2f} | {verdict} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="profiles (first + second visit)")
    parser.add_argument("--chapter", default="book/fr/new-moon.html", help="the page to open")
    parser.add_argument("--site", type=Path, default=SITE, help="the built site")
    options = parser.parse_args()
    if not (options.site / "lite").is_dir():
        sys.exit(f"{options.site} has no playable half (lite/): run `make book` first")
    code = share_code(Deal.new(Rules(), seed=5, deal_number=3))  # a deal with no pass
    firsts: list[float] = []
    seconds: list[float] = []
    downloads: list[Bytes] = []
    clicks: list[float] = []
    phases: list[list[float]] = []
    cpus: list[float] = []
    with serving(options.site, CountingHandler) as base, sync_playwright() as playwright:
        for run in range(options.runs):
            with tempfile.TemporaryDirectory(prefix="hearts-profile-") as profile:
                context = playwright.chromium.launch_persistent_context(
                    profile,
                    executable_path=CHROMIUM,
                    args=CHROMIUM_FLAGS,
                    viewport={"width": 1280, "height": 1000},
                )
                first, second, downloaded, second_phases, cpu = visits(
                    context, base + options.chapter, profile
                )
                phases.append(second_phases)
                cpus.append(cpu)
                firsts.append(first)
                seconds.append(second)
                downloads.append(downloaded)
                if run == 0:
                    clicks = click_latencies(context, base, code)
                context.close()
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"The static book in the browser, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    print(f"Machine: {describe_machine()}, load average {load}; page: {options.chapter}")
    print()
    print("| measure | median | target | ratio | verdict |")
    print("|---|---|---|---|---|")
    print(
        row(
            f"first visit → guided deal live (median of {len(firsts)})",
            statistics.median(firsts),
            FIRST_TARGET,
        )
    )
    print(
        row(
            f"second visit, cache kept (median of {len(seconds)})",
            statistics.median(seconds),
            SECOND_TARGET,
        )
    )
    print(
        row(
            "bytes downloaded by a first visit (plain server)",
            statistics.median(download.sent for download in downloads),
            BYTES_TARGET,
            "MB",
        )
    )
    print(
        row(
            "the same files from a host that compresses (gzip)",
            statistics.median(download.compressed for download in downloads),
            BYTES_TARGET,
            "MB",
        )
    )
    print(
        row(
            f"click a card → bots' replies (median of {len(clicks)})",
            statistics.median(clicks),
            CLICK_TARGET,
        )
    )
    print(f"| click a card → bots' replies (worst) | {max(clicks):.2f} s | — | — | — |")
    print(f"| whole site | {folder_size(options.site) / 1e6:.1f} MB | — | — | — |")
    print(
        f"| of which the playable half (lite/) | {folder_size(options.site / 'lite') / 1e6:.1f} MB | — | — | — |"
    )
    print()
    print("A first visit's bytes by kind (MB, plain server, first run):")
    print()
    print("| kind | MB |")
    print("|---|---|")
    for label, _ in KINDS:
        print(f"| {label} | {downloads[0].by_kind[label] / 1e6:.2f} |")
    print()
    print(f"Where a second visit's time goes (s, median of {len(phases)}; run by run):")
    print()
    print("| phase | median | runs |")
    print("|---|---|---|")
    for name, values in zip(PHASES, zip(*phases, strict=True), strict=True):
        runs = ", ".join(f"{value:.2f}" for value in values)
        print(f"| {name} | {statistics.median(values):.2f} | {runs} |")
    print(f"| browser's CPU time (all its processes) | {statistics.median(cpus):.2f} | "
          + ", ".join(f"{value:.2f}" for value in cpus) + " |")  # fmt: skip
    print()
    print("First visits (s): " + ", ".join(f"{value:.2f}" for value in firsts))
    print("Second visits (s): " + ", ".join(f"{value:.2f}" for value in seconds))
    print("Clicks (s): " + ", ".join(f"{value:.2f}" for value in clicks))


if __name__ == "__main__":
    main()
