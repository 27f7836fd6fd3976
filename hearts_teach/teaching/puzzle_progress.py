"""A player's progress through the puzzles, as plain data: their Glicko-2 rating and its
history, their streak, each puzzle's rating as their tries moved it, and the missed
puzzles that come back; which puzzle comes next, and what one try changes. The page
(``hearts_teach_widgets.puzzles``) draws it and keeps it where the player is."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .puzzles import Puzzle
from .ratings import Rating, after_try

AGAIN_AFTER = 3
"""A missed puzzle comes back after this many other puzzles."""


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
