"""A class at the playground (issue 12): many visitors at once, then many in a row.

The visitors are clients that speak the page's protocol, so that the browsers do not
take the server's two cores: each does what Voilà's page does (loads the page, opens its
kernel's websocket, reads every widget's state through the widgets' control channel),
then what a player does (clicks "Start the game", passes three cards, plays cards,
waiting each time for the bots' replies) and leaves as a closed tab does (the page's
shutdown request, with its ``_xsrf`` cookie). A few real chromium pages arrive with them.

1. ``--visitors 30`` arrive within ``--spread 3`` seconds, with the default bots and
   with the strong ones (``?bots=montecarlo``). Measured: every visitor reaches a
   playable table (no blank page, no refusal); page requested → first screen, and →
   playable table (target: median at most 5 s, maximum at most 10 s); a card clicked →
   the bots' replies (target: median at most 1 s); memory per visitor (the kernels'
   proportional set size over the visitors); the visitors' kernels left a minute after
   they all left (target: none; the server's pool of preheated kernels stays).
2. ``--in-a-row 300`` visits one after another: kernels and memory at the end equal those
   at the start.

The server is started here as ``hearts-teach play`` (``make play``) starts it
(``python -m hearts_teach_widgets.server.serve``, its defaults), on a free port. Usage::

    .venv/bin/python benchmarks/classroom.py [--visitors 30] [--browsers 3] [--in-a-row 300]
        [--default-only | --strong-only] [--think MS]   # the strong bots' limit per card
        [--record]   # append the table to benchmarks/results/classroom.md
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hearts_teach_widgets.server.serve import PlaygroundServer, class_pool
from tornado.httpclient import AsyncHTTPClient, HTTPClientError

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the tests' support package, shared with them

from support.page_client import V1, PageClient, PageError, Visit  # noqa: E402
from support.table_page import PLAYABLE  # noqa: E402

TARGET_MEDIAN = 5.0
TARGET_MAX = 10.0
TARGET_CLICK = 1.0


class Arrivals:
    """Counts the visitors who have a table; ``all_seated`` is set when every one has
    one, or has failed."""

    def __init__(self, expected: int) -> None:
        self.expected = expected
        self.done = 0
        self.all_seated = asyncio.Event()

    def arrived(self) -> None:
        self.done += 1
        if self.done >= self.expected:
            self.all_seated.set()


async def one_visitor(
    url: str, query: str, cards: int, delay: float, keep: float, arrivals: Arrivals
) -> Visit:
    await asyncio.sleep(delay)
    visit = Visit()
    page = PageClient(url, query, protocol=V1)
    started = time.perf_counter()
    try:
        try:
            await page.open()
            visit.first_screen = page.first_screen
            await page.start_game()
            visit.table = time.perf_counter() - started
        finally:
            arrivals.arrived()
        await page.pass_cards(visit)
        for _ in range(cards):
            visit.clicks.append(await page.play_card())
            await asyncio.sleep(1.0)  # a person looks at the trick
        await asyncio.sleep(keep)
    except (PageError, OSError, HTTPClientError) as error:
        visit.failure = str(error)
    finally:
        await page.leave()
    return visit


async def one_browser(
    browser: Any, url: str, query: str, cards: int, delay: float, arrivals: Arrivals
) -> Visit:
    await asyncio.sleep(delay)
    visit = Visit()
    page = await browser.new_page()
    started = time.perf_counter()
    playable = page.locator(PLAYABLE)
    try:
        try:
            await page.goto(url + query, timeout=120_000)
            start = page.get_by_role("button", name=re.compile("Start the game|Commencer la"))
            await start.wait_for(timeout=120_000)
            visit.first_screen = time.perf_counter() - started
            await start.click()
            await playable.first.wait_for(timeout=120_000)
            visit.table = time.perf_counter() - started
        finally:
            arrivals.arrived()
        for index in range(3):
            await page.locator(".ht-hand .ht-card").nth(index).click()
        await page.get_by_role("button", name=re.compile("Pass these cards|Passer ces")).click()
        await page.locator(".ht-message").first.wait_for(timeout=60_000)
        for _ in range(cards):
            await playable.first.wait_for(timeout=60_000)
            size = await page.locator(".ht-hand .ht-card").count()
            clicked = time.perf_counter()
            await playable.first.click()
            await page.wait_for_function(
                "n => document.querySelectorAll('.ht-hand .ht-card').length < n",
                arg=size,
                timeout=60_000,
            )
            visit.clicks.append(time.perf_counter() - clicked)
            await asyncio.sleep(1.0)
    except Exception as error:  # a browser visit's failure is a figure, not a crash
        visit.failure = f"{type(error).__name__}: {str(error)[:120]}"
    finally:
        await page.close(run_before_unload=True)
    return visit


def kernel_processes(server_pid: int) -> list[int]:
    """The kernels of the server: its child processes running ipykernel."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            status = (entry / "status").read_text()
            parent = re.search(r"^PPid:\s+(\d+)", status, re.M)
            mine = parent is not None and int(parent.group(1)) == server_pid
            if mine and b"ipykernel" in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
    return found


def memory_mb(pids: list[int], kind: str = "Pss") -> float:
    """Proportional (``Pss``) or resident (``Rss``) memory of processes, in MB."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
            found = re.search(rf"^{kind}:\s+(\d+) kB", rollup, re.M)
            if found:
                total += int(found.group(1))
    return total / 1024


def niced(executable: str, stack: contextlib.AsyncExitStack) -> Path:
    """The browser, run at a low priority: in a class the browsers run on the students'
    machines, not on the server's two cores; here they only take what is left."""
    folder = Path(tempfile.mkdtemp(prefix="classroom-"))
    stack.callback(shutil.rmtree, folder, True)
    wrapper = folder / "chromium"
    wrapper.write_text(f'#!/bin/sh\nexec nice -n 15 {executable} "$@"\n')
    wrapper.chmod(0o755)
    return wrapper


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far."""
    with contextlib.suppress(OSError, IndexError, ValueError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


IDLE_POLICY = 5  # SCHED_IDLE, the policy of the bots' thinking thread (widgets/thinking.py)


def kernels_cpu(server_pid: int) -> tuple[float, float]:
    """CPU seconds so far of the server's kernels: their bots' searches (the threads at
    the idle policy) and the rest (seating, drawing, answering clicks)."""
    searching = other = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in kernel_processes(server_pid):
        for task in Path(f"/proc/{pid}/task").glob("*"):
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
                seconds = (int(fields[11]) + int(fields[12])) / tick
                if int(fields[38]) == IDLE_POLICY:
                    searching += seconds
                else:
                    other += seconds
    return searching, other


def load_average() -> str:
    return " / ".join(f"{value:.1f}" for value in os.getloadavg())


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def wait_for_pool(server_pid: int, pool: int, extra: int = 0, seconds: float = 180) -> None:
    """Until the server runs exactly its pool (and ``extra``) kernels, all settled."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if len(kernel_processes(server_pid)) == pool + extra:
            await asyncio.sleep(5)  # the last kernels finish their notebook
            if len(kernel_processes(server_pid)) == pool + extra:
                return
        await asyncio.sleep(1)


def spread(visits: list[Visit]) -> str:
    tables = [v.table for v in visits if v.table is not None]
    if not tables:
        return "—"
    return f"{statistics.median(tables):.2f}, {max(tables):.2f} s"


@dataclass
class Crowd:
    label: str
    visits: list[Visit]
    browsers: list[Visit]
    kernels_during: int
    pss_per_visitor: float
    rss_per_visitor: float
    left_after: int
    pool: int
    load: str
    seated_after: float
    server_cpu: float
    kernels_cpu: float
    clients_cpu: float
    searching_cpu: float

    def rows(self) -> list[list[str]]:
        everyone = self.visits + self.browsers
        tables = [v.table for v in everyone if v.table is not None]
        firsts = [v.first_screen for v in everyone if v.first_screen is not None]
        clicks = [c for v in everyone for c in v.clicks]
        failed = [v.failure for v in everyone if v.failure]
        median, top = statistics.median(tables), max(tables)
        click = statistics.median(clicks) if clicks else float("nan")
        picks = [pick for v in everyone for pick in v.picks]
        passes = [v.passed for v in everyone if v.passed is not None]
        left = self.left_after - self.pool

        def verdict(ok: bool) -> str:
            return "met" if ok else "**not met**"

        return [
            [
                f"{self.label}: visitors with a playable table",
                f"{len(tables)} / {len(everyone)} (browsers {sum(1 for v in self.browsers if v.table)} / {len(self.browsers)})",
                f"all {len(everyone)}",
                verdict(not failed and len(tables) == len(everyone)),
            ],
            [
                f"{self.label}: page → first screen (median / max)",
                f"{statistics.median(firsts):.2f} / {max(firsts):.2f} s",
                "—",
                "—",
            ],
            [
                f"{self.label}: page → playable table, page-like clients / chromium (median, max)",
                f"{spread(self.visits)} / {spread(self.browsers)}",
                "—",
                "—",
            ],
            [
                f"{self.label}: page → playable table, median",
                f"{median:.2f} s",
                f"≤ {TARGET_MEDIAN:.0f} s",
                verdict(median <= TARGET_MEDIAN),
            ],
            [
                f"{self.label}: page → playable table, max",
                f"{top:.2f} s",
                f"≤ {TARGET_MAX:.0f} s",
                verdict(top <= TARGET_MAX),
            ],
            [
                f"{self.label}: click → bots' replies (median / p90 / max of {len(clicks)})",
                f"{click:.2f} / {percentile(clicks, 0.9):.2f} / {max(clicks, default=float('nan')):.2f} s",
                f"median ≤ {TARGET_CLICK:.0f} s",
                verdict(click <= TARGET_CLICK),
            ],
            [
                f"{self.label}: a card chosen for the pass → shown, page-like clients "
                f"(median / max of {len(picks)})",
                f"{statistics.median(picks):.2f} / {max(picks):.2f} s" if picks else "—",
                "—",
                "—",
            ],
            [
                f"{self.label}: pass confirmed → the bots' passes and first cards, "
                f"page-like clients (median / max of {len(passes)})",
                f"{statistics.median(passes):.2f} / {max(passes):.2f} s" if passes else "—",
                "—",
                "—",
            ],
            [
                f"{self.label}: CPU until all were seated ({self.seated_after:.1f} s)",
                f"server {self.server_cpu:.1f} s, kernels ≥ {self.kernels_cpu:.1f} s "
                f"and their bots' searches ≥ {self.searching_cpu:.1f} s, "
                f"the page-like clients (this script) {self.clients_cpu:.1f} s",
                "—",
                "—",
            ],
            [
                f"{self.label}: memory per kernel, {self.kernels_during} kernels (PSS / RSS)",
                f"{self.pss_per_visitor:.0f} / {self.rss_per_visitor:.0f} MB",
                "—",
                "—",
            ],
            [
                f"{self.label}: visitors' kernels 60 s after all left",
                f"{left} (pool of {self.pool} ready kernels stays)",
                "0",
                verdict(left == 0),
            ],
        ] + (
            [
                [
                    f"{self.label}: failures",
                    "; ".join(sorted(set(failed)))[:300],
                    "none",
                    "**not met**",
                ]
            ]
            if failed
            else []
        )


async def crowd(
    url: str,
    server_pid: int,
    pool: int,
    label: str,
    query: str,
    visitors: int,
    browsers: int,
    spread: float,
    cards: int,
) -> Crowd:
    await wait_for_pool(server_pid, pool)
    load = load_average()
    measured: dict[str, float] = {}
    searching_before, kernels_before = kernels_cpu(server_pid)
    server_before = cpu_seconds(server_pid)
    clients_before = time.process_time()
    began = time.perf_counter()

    arrivals = Arrivals(visitors + browsers)

    async def sample() -> None:
        # Once everyone has a table (and is playing): the kernels' memory.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(arrivals.all_seated.wait(), 180)
        measured["seated"] = time.perf_counter() - began
        measured["server_cpu"] = cpu_seconds(server_pid) - server_before
        measured["clients_cpu"] = time.process_time() - clients_before
        # (kernels that left meanwhile are not counted: a lower bound)
        searching, other = kernels_cpu(server_pid)
        measured["kernels_cpu"] = other - kernels_before
        measured["searching_cpu"] = searching - searching_before
        await asyncio.sleep(2)
        pids = kernel_processes(server_pid)
        measured["kernels"] = len(pids)
        measured["pss"] = memory_mb(pids, "Pss")
        measured["rss"] = memory_mb(pids, "Rss")

    step = spread / max(1, visitors + browsers - 1)
    tasks = [
        one_visitor(url, query, cards, index * step, 30.0, arrivals) for index in range(visitors)
    ]
    browser_visits: list[Visit] = []
    async with contextlib.AsyncExitStack() as stack:
        browser = None
        if browsers:
            from playwright.async_api import async_playwright
            from support.browser import CHROMIUM, CHROMIUM_FLAGS

            playwright = await stack.enter_async_context(async_playwright())
            launched = await playwright.chromium.launch(
                executable_path=str(niced(CHROMIUM, stack)), args=CHROMIUM_FLAGS
            )
            stack.push_async_callback(launched.close)
            # One browser with a tab of its own left open: closing a visitor's tab is
            # then what it is for a person (its shutdown request is sent), not the end
            # of the browser.
            browser = await launched.new_context()
            await browser.new_page()
        browser_tasks = [
            one_browser(browser, url, query, cards, (visitors + index) * step, arrivals)
            for index in range(browsers)
        ]
        results = await asyncio.gather(*tasks, *browser_tasks, sample())
        visits = list(results[:visitors])
        browser_visits = list(results[visitors : visitors + browsers])
    await asyncio.sleep(60)
    left = len(kernel_processes(server_pid))
    kernels = max(1, int(measured.get("kernels", 1)))
    return Crowd(
        label,
        visits,
        browser_visits,
        int(measured.get("kernels", 0)),
        measured.get("pss", 0.0) / kernels,
        measured.get("rss", 0.0) / kernels,
        left,
        pool,
        load,
        measured.get("seated", 0.0),
        measured.get("server_cpu", 0.0),
        measured.get("kernels_cpu", 0.0),
        measured.get("clients_cpu", 0.0),
        measured.get("searching_cpu", 0.0),
    )


async def in_a_row(url: str, server_pid: int, pool: int, count: int) -> list[list[str]]:
    await wait_for_pool(server_pid, pool)
    server = [server_pid]
    before = (len(kernel_processes(server_pid)), memory_mb(kernel_processes(server_pid), "Rss"))
    server_before = memory_mb(server, "Rss")
    started = time.perf_counter()
    failures = 0
    for _ in range(count):
        page = PageClient(url)
        try:
            await page.open()
            await page.start_game()
        except (PageError, OSError, HTTPClientError):
            failures += 1
        finally:
            await page.leave()
    elapsed = time.perf_counter() - started
    await asyncio.sleep(5)
    await wait_for_pool(server_pid, pool)
    after = (len(kernel_processes(server_pid)), memory_mb(kernel_processes(server_pid), "Rss"))
    server_after = memory_mb(server, "Rss")
    same = after[0] == before[0]
    return [
        [
            f"{count} visits in a row ({elapsed:.0f} s, {failures} failed)",
            f"kernels {before[0]} → {after[0]}; kernels' RSS {before[1]:.0f} → {after[1]:.0f} MB; "
            f"server RSS {server_before:.0f} → {server_after:.0f} MB",
            "kernels and memory back to the start",
            "met" if same and failures == 0 and after[1] <= before[1] * 1.1 else "**not met**",
        ]
    ]


@contextlib.contextmanager
def playground_server(log: Path, *settings: str) -> Iterator[tuple[str, int]]:
    from support.voila import running_voila_process

    with running_voila_process(log=log, settings=settings) as (url, process):
        yield url, process.pid


def think_text(think: int | None) -> str:
    if think is None:
        return f"{PlaygroundServer.bot_think.default_value * 1000:.0f} ms (the server's default)"
    return f"{think} ms" if think else "the bot's own (1 s)"


def table(rows: list[list[str]]) -> str:
    lines = ["| measure | measured | target | verdict |", "|---|---|---|---|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


async def run(args: argparse.Namespace) -> str:
    from machine import describe_machine  # type: ignore[import-not-found]

    # Every visitor is a browser of its own: no queue of requests on this side.
    AsyncHTTPClient.configure(None, max_clients=1000)

    rows: list[list[str]] = []
    loads: list[str] = []
    log = Path(args.log)
    pool = args.pool
    settings = [f"--VoilaConfiguration.default_pool_size={pool}"]
    if args.think is not None:
        settings.append(f"--PlaygroundServer.bot_think={args.think / 1000}")
    settings += [f"--PlaygroundServer.{option}" for option in args.setting]
    with playground_server(log, *settings) as (url, pid):
        crowds = (("default bots", ""), ("strong bots", "?bots=montecarlo"))
        chosen = crowds[:1] if args.default_only else crowds[1:] if args.strong_only else crowds
        for label, query in chosen:
            if args.visitors:
                result = await crowd(
                    url,
                    pid,
                    pool,
                    label,
                    query,
                    args.visitors,
                    args.browsers,
                    args.spread,
                    args.cards,
                )
                rows += result.rows()
                loads.append(f"{label}: {result.load}")
        if args.in_a_row:
            rows += await in_a_row(url, pid, pool, args.in_a_row)
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    blank = sum(
        1
        for line in log.read_text(errors="replace").splitlines()
        if "Timeout waiting for IOPub" in line
    )
    header = (
        f"## {when} — {describe_machine()}\n\n"
        f"{args.visitors} page-like visitors and {args.browsers} chromium pages arriving within "
        f"{args.spread:.0f} s, {args.cards} cards each; pool of {pool} preheated kernels; "
        f"strong bots' limit per card: {think_text(args.think)}. "
        f"Load average at the start (1 / 5 / 15 min): {'; '.join(loads) or load_average()}. "
        f"Voilà's IOPub timeouts in the log: {blank}.\n"
    )
    return header + "\n" + table(rows) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--visitors", type=int, default=30)
    parser.add_argument("--browsers", type=int, default=3)
    parser.add_argument("--spread", type=float, default=3.0, help="seconds over which they arrive")
    parser.add_argument("--cards", type=int, default=3, help="cards each visitor plays")
    parser.add_argument("--in-a-row", type=int, default=300)
    parser.add_argument("--default-only", action="store_true", help="no crowd with strong bots")
    parser.add_argument("--strong-only", action="store_true", help="the strong bots' crowd only")
    parser.add_argument(
        "--think",
        type=int,
        help="the strong bots' limit per card, ms (default: the server's, as make play's)",
    )
    parser.add_argument(
        "--pool",
        type=int,
        default=class_pool(PlaygroundServer.max_visitors.default_value),
        help="kernels kept ready (default: as `make play HOST=0.0.0.0` keeps for a class)",
    )
    parser.add_argument(
        "--setting", action="append", default=[], help="another server setting: name=value"
    )
    parser.add_argument("--log", default=str(ROOT / "test-output" / "classroom-server.log"))
    parser.add_argument("--record", action="store_true", help="append to results/classroom.md")
    args = parser.parse_args()
    Path(args.log).parent.mkdir(parents=True, exist_ok=True)
    report = asyncio.run(run(args))
    print(report)
    if args.record:
        results = ROOT / "benchmarks" / "results" / "classroom.md"
        if not results.exists():
            results.write_text(
                "# The playground holding a class\n\nMeasured with `benchmarks/classroom.py`.\n"
            )
        with results.open("a", encoding="utf-8") as stream:
            stream.write("\n" + report)


if __name__ == "__main__":
    main()
