"""Shared browser fixtures: Debian's chromium driven by the Python ``playwright`` package.

- ``browser``: a playwright Browser (headless chromium, a new empty profile);
- ``serve_folder(path)``: serve a folder over http on 127.0.0.1, returns its URL;
- ``voila_url``: the playground served by Voilà on a free port (``voila_server``: its URL
  and its process);
- ``output_dir``: where screenshots go (``test-output/<test name>/``);
- ``site_url``: the built site (``make book``) copied to a temporary folder and served
  by a plain static file server.

Without chromium the tests are skipped, except under CI (``CI=true``) where they fail.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PLAYGROUND = ROOT / "widgets" / "notebooks" / "playground.ipynb"
SITE = ROOT / "_build" / "html"
VOILA_START_TIMEOUT = 60.0
EXPECT_TIMEOUT_MS = 20_000


def chromium_or_skip() -> str:
    """The chromium binary; skip without it, but fail under CI where it must be there."""
    if Path(CHROMIUM).exists():
        return CHROMIUM
    message = f"chromium is not installed at {CHROMIUM} (apt-get install chromium)"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for_port(
    port: int, timeout: float, process: subprocess.Popen[bytes] | None = None
) -> None:
    """Voilà is ready when its port accepts connections (its /api answers 403)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server stopped with code {process.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port} after {timeout} s")


def voila_command(port: int, notebook: Path = PLAYGROUND, *settings: str) -> list[str]:
    """The server ``hearts-teach play`` (and ``make play``) runs, with the same options
    (hearts_teach_widgets.app.voila_arguments; serve.py holds the rest), on another port,
    with ``settings`` of the server (a smaller pool, shorter times...)."""
    return [
        sys.executable,
        "-m",
        "hearts_teach_widgets.serve",
        str(notebook),
        "--Voila.ip=127.0.0.1",
        f"--Voila.port={port}",
        *settings,
    ]


# The browser tests' server: two kernels kept ready instead of ten (quicker to start on
# CI's two cores), everything else as `make play` serves.
TEST_SETTINGS = ("--VoilaConfiguration.default_pool_size=2",)


@contextlib.contextmanager
def running_voila_process(
    notebook: Path = PLAYGROUND,
    log: Path | None = None,
    settings: tuple[str, ...] = (),
    port: int | None = None,
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Start the playground's server on a free port (or ``port``), wait until it
    listens, stop it afterwards (it then shuts its kernels down)."""
    port = port if port is not None else free_port()
    sink = open(log, "ab") if log is not None else subprocess.DEVNULL  # noqa: SIM115
    # The bots play at once in tests (the pacing test picks its own speed on the page).
    env = {**os.environ, "JUPYTER_PATH": str(ROOT / "widgets"), "HEARTS_BOT_DELAY": "0"}
    process = subprocess.Popen(
        voila_command(port, notebook, *settings), cwd=ROOT, stdout=sink, stderr=sink, env=env
    )
    try:
        wait_for_port(port, VOILA_START_TIMEOUT, process)
        yield f"http://127.0.0.1:{port}/", process
    finally:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if log is not None and hasattr(sink, "close"):
            sink.close()


@contextlib.contextmanager
def running_voila(notebook: Path = PLAYGROUND, log: Path | None = None) -> Iterator[str]:
    """Start Voilà on a free port as ``make play`` does, wait until it listens, stop it
    afterwards."""
    with running_voila_process(notebook, log) as (url, _process):
        yield url


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[str]:
    """Serve ``folder`` over http on 127.0.0.1 (a free port) while the block runs."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless chromium; playwright gives each launch a new empty profile."""
    executable = chromium_or_skip()
    from playwright.sync_api import expect, sync_playwright

    # What the tests wait for comes from a kernel (or Python in the page): on two busy
    # cores it can take longer than playwright's 5 s, without anything being wrong.
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def serve_folder() -> Iterator[Callable[[Path], str]]:
    """``serve_folder(path)`` serves a folder on 127.0.0.1 until the test ends."""
    with contextlib.ExitStack() as stack:
        yield lambda folder: stack.enter_context(serving(Path(folder)))


@pytest.fixture(scope="session")
def voila_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """The playground's server for the browser tests: its URL and its process."""
    chromium_or_skip()
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    with running_voila_process(log=log, settings=TEST_SETTINGS) as served:
        yield served


@pytest.fixture(scope="session")
def voila_url(voila_server: tuple[str, subprocess.Popen[bytes]]) -> str:
    return voila_server[0]


@pytest.fixture
def output_dir(request: pytest.FixtureRequest) -> Path:
    """``test-output/<test name>/`` for screenshots (the folder is gitignored)."""
    name: str = request.node.name
    folder = ROOT / "test-output" / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    opened = context.new_page()
    try:
        yield opened
    finally:
        context.close()


def built_site_or_skip() -> Path:
    """The built site with its playable half; `make test` builds it first, and under CI
    a missing site fails instead of skipping."""
    if (SITE / "lite" / "voici" / "render" / "lesson.html").exists():
        return SITE
    message = "the static site is not built: run `make book` (make test does it first)"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built site, copied and served as any static host would: it needs nothing else."""
    chromium_or_skip()
    copy = tmp_path_factory.mktemp("site") / "html"
    shutil.copytree(built_site_or_skip(), copy)
    with serving(copy) as url:
        yield url
