"""The playground's server (``hearts-teach play``) started for a test or a benchmark."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PLAYGROUND = ROOT / "widgets" / "server" / "notebooks" / "playground.ipynb"
VOILA_START_TIMEOUT = 60.0
# Voilà's own line once it listens: "Voilà is running at:" and the address on the next.
LISTENING = re.compile(r"running at:\s*http://[^:/\s]+:(\d+)/")


def free_port() -> int:
    """A port free a moment ago: only a first choice for a server, which may find it
    taken by then (the server's banner says which port it took)."""
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
    (hearts_teach_widgets.server.app.voila_arguments; serve.py holds the rest), on another port,
    with ``settings`` of the server (a smaller pool, shorter times...)."""
    return [
        sys.executable,
        "-m",
        "hearts_teach_widgets.server.serve",
        str(notebook),
        "--Voila.ip=127.0.0.1",
        f"--Voila.port={port}",
        *settings,
    ]


# The browser tests' server: two kernels kept ready instead of ten (quicker to start on
# CI's two cores), and room for every page the suite opens: a page closed by playwright
# sends no goodbye, so its kernel waits for the culler, and the suite opens more pages
# than the 40 seats of a class (it then answered 503, "full"). Everything else as
# `make play` serves.
TEST_SETTINGS = (
    "--VoilaConfiguration.default_pool_size=2",
    "--PlaygroundServer.max_visitors=200",
)


@contextlib.contextmanager
def running_voila_process(
    notebook: Path = PLAYGROUND,
    log: Path | None = None,
    settings: tuple[str, ...] = (),
    port: int | None = None,
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Start the playground's server, wait until it listens, stop it afterwards (it then
    shuts its kernels down). Its address is the one its banner gives: Voilà takes the
    next port when the one asked for (a free one, or ``port``) was taken meanwhile."""
    port = port if port is not None else free_port()
    with contextlib.ExitStack() as stack:
        if log is None:
            log = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "voila.log"
        sink = stack.enter_context(open(log, "ab"))
        start = log.stat().st_size
        # The bots play at once in tests (the pacing test picks its own speed on the page).
        env = {
            **os.environ,
            "JUPYTER_PATH": str(ROOT / "widgets" / "server"),
            "HEARTS_BOT_DELAY": "0",
        }
        process = subprocess.Popen(
            voila_command(port, notebook, *settings), cwd=ROOT, stdout=sink, stderr=sink, env=env
        )
        try:
            url = wait_for_banner(log, start, process)
            yield url, process
        finally:
            process.terminate()
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def wait_for_banner(
    log: Path, start: int, process: subprocess.Popen[bytes], timeout: float = VOILA_START_TIMEOUT
) -> str:
    """The address the server's banner gives once it listens (from byte ``start`` of its
    log), checked by a connection to it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped with code {process.returncode}")
        with log.open("rb") as written:
            written.seek(start)
            found = LISTENING.search(written.read().decode("utf-8", "replace"))
        if found:
            wait_for_port(int(found.group(1)), deadline - time.monotonic(), process)
            return f"http://127.0.0.1:{found.group(1)}/"
        time.sleep(0.05)
    raise TimeoutError(f"the server gave no address after {timeout} s")


@contextlib.contextmanager
def running_voila(notebook: Path = PLAYGROUND, log: Path | None = None) -> Iterator[str]:
    """Start Voilà on a free port as ``make play`` does, wait until it listens, stop it
    afterwards."""
    with running_voila_process(notebook, log) as (url, _process):
        yield url
