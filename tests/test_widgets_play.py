"""``make play``: where it listens, and that the browser tests serve the same way."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import voila_command  # type: ignore[import-not-found,unused-ignore]  # noqa: E402


def play_command(*arguments: str, **environment: str) -> list[str]:
    """The command ``make play`` would run (dry run), as a list of words."""
    completed = subprocess.run(
        ["make", "--no-print-directory", "-n", "play", *arguments],
        cwd=ROOT,
        env={**os.environ, **environment},
        capture_output=True,
        text=True,
        check=True,
    )
    line = next(line for line in completed.stdout.splitlines() if "widgets.serve" in line)
    return shlex.split(line)


def test_play_listens_on_localhost_8866_by_default_even_with_host_in_the_environment() -> None:
    words = play_command(HOST="0.0.0.0", PORT="9999")
    assert "--Voila.ip=127.0.0.1" in words
    assert "--Voila.port=8866" in words
    assert "book/playground.ipynb" in words


def test_play_host_and_port_from_the_command_line() -> None:
    words = play_command("HOST=0.0.0.0", "PORT=8870")
    assert "--Voila.ip=0.0.0.0" in words
    assert "--Voila.port=8870" in words


def test_browser_tests_serve_with_the_options_of_make_play() -> None:
    words = play_command()
    served = voila_command(12345)
    options = [word for word in words if word.startswith("--") and "port" not in word]
    assert sorted(options) == sorted(
        word for word in served if word.startswith("--") and "port" not in word
    )
