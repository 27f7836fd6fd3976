"""The README's engine example runs as written, and prints what its comments say."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

from hearts_teach.teaching.cli import _parser

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def first_python_block() -> str:
    match = re.search(r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), re.M | re.S)
    assert match is not None, "README.md has no ```python block"
    return match.group(1)


def test_the_readme_engine_example_runs() -> None:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(first_python_block(), str(README), "exec"), {})
    lines = printed.getvalue().splitlines()
    # What the comments say it shows.
    _to_play, legal = lines[0].split(" ", 1)
    assert legal == "[Card.parse('2♣')]"  # the 2♣ holder must lead it
    assert lines[2].split(" ", 1)[0] in ("not_in_hand", "must_lead_opening")  # refused
    scores = lines[3]
    assert scores.startswith("(") and len(scores.split(",")) == 4
    assert lines[4] == "0 (0, 26, 26, 26)"  # an Old Moon


def readme_commands(program: str) -> list[list[str]]:
    """The README's command lines (```sh blocks) that run ``program``, as argument lists."""
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"^```sh\n(.*?)^```", text, re.M | re.S)
    lines = [line.split("#", 1)[0] for block in blocks for line in block.splitlines()]
    return [shlex.split(line)[1:] for line in lines if line.startswith(program + " ")]


def test_the_readme_hearts_teach_commands_exist() -> None:
    """Each hearts-teach command the README shows parses: its subcommand and options
    are real (parsed only: nothing is served or simulated)."""
    commands = readme_commands("hearts-teach")
    assert ["--version"] in commands
    assert {words[0] for words in commands} >= {"compare", "simulate", "play"}
    for words in commands:
        try:
            _parser("en").parse_args(words)
        except SystemExit as stopped:  # --version prints and stops, successfully
            assert stopped.code == 0, words


def test_the_readme_make_targets_exist() -> None:
    makefiles = [ROOT / "Makefile", *sorted((ROOT / "mk").glob("*.mk"))]
    targets = set()
    for makefile in makefiles:
        targets |= set(re.findall(r"^([a-z][\w-]*):", makefile.read_text(), re.M))
    for words in readme_commands("make"):
        named = [word for word in words if "=" not in word]
        assert set(named) <= targets, named
