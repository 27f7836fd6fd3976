"""A player's progress through the puzzles, as plain data: their Glicko-2 rating and its
history, their streak, each puzzle's rating as their tries moved it, and the missed
puzzles that come back; which puzzle comes next, and what one try changes. The page
(``hearts_teach_widgets.puzzles``) draws it and keeps it where the player is."""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from hearts_teach.errors import RecordError

from .puzzles import Puzzle
from .ratings import Rating, after_try

AGAIN_AFTER = 3
"""A missed puzzle comes back after this many other puzzles."""
CODE_VERSION: Final = 1
"""The progress code's format (:func:`progress_code`)."""
CODE_LIMITS: Final = {"history": 40, "puzzles": 120, "done": 400}
"""What a progress code keeps of a long progress: the latest entries of each (an address
stays a few kilobytes; the rating and the counts are kept whole)."""
MAX_CODE: Final = 8_192


@dataclass
class Progress:
    """What the player has done: their rating, its history, their streak, and per
    puzzle its rating as moved by this player's tries; ``again``: missed puzzles with
    the number of puzzles after which each comes back."""

    player: Rating = field(default_factory=Rating)
    history: list[float] = field(default_factory=list)
    streak: int = 0
    solved: int = 0
    tried: int = 0
    puzzles: dict[str, list[float]] = field(default_factory=dict)
    again: dict[str, int] = field(default_factory=dict)
    done: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        p = self.player
        return {
            "player": [p.rating, p.rd, p.volatility],
            "history": self.history,
            "streak": self.streak,
            "solved": self.solved,
            "tried": self.tried,
            "puzzles": self.puzzles,
            "again": self.again,
            "done": self.done,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Progress:
        return cls(
            Rating(*data["player"]),
            list(data["history"]),
            int(data["streak"]),
            int(data["solved"]),
            int(data["tried"]),
            {k: list(v) for k, v in data["puzzles"].items()},
            {k: int(v) for k, v in data["again"].items()},
            list(data.get("done", [])),
        )


def puzzle_rating(puzzle: Puzzle, progress: Progress) -> Rating:
    stored = progress.puzzles.get(puzzle.id)
    if stored is None:
        return Rating(puzzle.rating, puzzle.rd, puzzle.volatility)
    return Rating(*stored)


def next_puzzle(
    puzzles: Sequence[Puzzle], progress: Progress, theme: str = "", variant: str = ""
) -> Puzzle | None:
    """A missed puzzle whose turn has come, else the unsolved puzzle nearest the
    player's rating (by theme or variant if chosen), else None."""
    wanted = [
        p
        for p in puzzles
        if (not theme or p.theme == theme) and (not variant or p.variant == variant)
    ]
    due = [p for p in wanted if progress.again.get(p.id, 1) <= 0]
    if due:
        return due[0]
    fresh = [p for p in wanted if p.id not in progress.done and p.id not in progress.again]
    if not fresh:
        fresh = [p for p in wanted if p.id not in progress.done]
    if not fresh:
        return None
    mine = progress.player.rating
    return min(fresh, key=lambda p: (abs(puzzle_rating(p, progress).rating - mine), p.id))


def record_try(progress: Progress, puzzle: Puzzle, solved: bool) -> None:
    """One try: both ratings moved (Glicko-2), the streak and the missed puzzles."""
    player, rated = after_try(progress.player, puzzle_rating(puzzle, progress), solved)
    progress.player = player
    progress.puzzles[puzzle.id] = [rated.rating, rated.rd, rated.volatility]
    progress.history.append(round(player.rating, 1))
    progress.tried += 1
    for key in list(progress.again):
        if key != puzzle.id:
            progress.again[key] -= 1
    if solved:
        progress.solved += 1
        progress.streak += 1
        progress.again.pop(puzzle.id, None)
        if puzzle.id not in progress.done:
            progress.done.append(puzzle.id)
    else:
        progress.streak = 0
        progress.again[puzzle.id] = AGAIN_AFTER


def _short(puzzle_id: str) -> str:
    """A puzzle's id in a code: 8 hex digits of its SHA-1 (two of 1,369 puzzles share
    them with odds of about 1 in 5,000; the code then confuses only their progress)."""
    return hashlib.sha1(puzzle_id.encode()).hexdigest()[:8]


def progress_code(progress: Progress) -> str:
    """The progress as a short code for an address: compressed JSON, URL-safe base64.
    Puzzles are named by a hash of their id, so a code survives new puzzles mined."""
    p = progress.player
    limits = CODE_LIMITS
    tried = list(progress.puzzles.items())[-limits["puzzles"] :]
    data = {
        "v": CODE_VERSION,
        "p": [round(p.rating, 2), round(p.rd, 2), round(p.volatility, 6)],
        "h": progress.history[-limits["history"] :],
        "s": [progress.streak, progress.solved, progress.tried],
        "q": {_short(k): [round(v[0], 2), round(v[1], 2), round(v[2], 6)] for k, v in tried},
        "a": {_short(k): v for k, v in progress.again.items()},
        "d": [_short(k) for k in progress.done[-limits["done"] :]],
    }
    raw = zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 9)
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def progress_from_code(code: str, puzzles: Sequence[Puzzle]) -> Progress:
    """The progress a code keeps, its puzzles found among ``puzzles`` (those no longer
    there dropped). A damaged or foreign code raises :class:`RecordError`."""
    if not code or len(code) > MAX_CODE:
        raise RecordError("progress_damaged")
    try:
        raw = zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
        data = json.loads(raw)
        if data["v"] != CODE_VERSION:
            raise RecordError("progress_damaged")
        ids = {_short(puzzle.id): puzzle.id for puzzle in puzzles}
        player = Rating(*(float(x) for x in data["p"]))
        streak, solved, tried = (int(x) for x in data["s"])
        progress = Progress(
            player,
            [float(x) for x in data["h"]],
            streak,
            solved,
            tried,
            {ids[k]: [float(x) for x in v] for k, v in data["q"].items() if k in ids},
            {ids[k]: int(v) for k, v in data["a"].items() if k in ids},
            [ids[k] for k in data["d"] if k in ids],
        )
    except RecordError:
        raise
    except (ValueError, KeyError, TypeError, zlib.error) as error:
        raise RecordError("progress_damaged") from error
    if not (0 < player.rd < 1_000 and 0 < player.volatility < 1 and -1_000 < player.rating < 5_000):
        raise RecordError("progress_damaged")
    if min(streak, solved, tried) < 0 or any(len(v) != 3 for v in progress.puzzles.values()):
        raise RecordError("progress_damaged")
    return progress
