"""The README's engine example runs as written, and prints what its comments say."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


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
