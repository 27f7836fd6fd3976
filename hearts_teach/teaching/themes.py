"""The themes of the trainer: what the best choice of a position is about.

One set of themes serves the puzzles (the theme of a puzzle's answer) and the deal
review's leak finder (the theme of the choice the reviewed player missed), so that the
leak finder's worst theme is a theme the puzzles page can train. A theme comes from the
bots' checked reason for the best choice (a reason whose facts all hold in the
position), never from the card alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hearts_teach.bots.policy import Situation, context
from hearts_teach.bots.policy.claims import CLAIMS
from hearts_teach.bots.simple import play_reason
from hearts_teach.cards import QUEEN_OF_SPADES, Card
from hearts_teach.deal import PlayerView

THEMES: Final = (
    "pass",
    "moon",
    "shooting",
    "queen",
    "voiding",
    "ducking",
    "points",
    "clean",
    "leading",
    "forced",
)
"""The themes (``grade.theme.<name>``), in the order the pages list them."""


def theme_of_reason(reason: str, answer: Sequence[Card]) -> str:
    """The theme of playing ``answer`` for the bots' checked ``reason`` (``play.<key>``)."""
    key = reason.removeprefix("play.")
    if key.startswith("moon_shoot") or key in ("moon_lead", "moon_discard", "moon_duck"):
        return "shooting"
    if key.startswith("moon"):
        return "moon"
    if key in ("lead_flush_queen", "dump_danger") or QUEEN_OF_SPADES in answer:
        return "queen"
    if key.startswith("dump") or key.startswith("discard"):
        return "voiding"
    if key.startswith("duck") or key == "give_penalty":
        return "ducking"
    # « Ramasser des points » was once the theme of every other answer, a clean trick
    # won or a card overtaken included: the reason's own facts say what the answer does.
    facts = CLAIMS.get(key, frozenset())
    if "reverse" in facts or facts & {"points_at_stake", "bonus_at_stake"}:
        return "points"
    if "lead" in facts:
        return "leading"
    if facts & {"trick_clean", "first_trick"}:
        return "clean"
    if "all_beat" in facts:
        return "forced"
    return "points"


def play_theme(view: PlayerView, card: Card) -> str:
    """The theme of playing ``card`` from ``view`` (the bots' reason for it, there)."""
    reason, _params = play_reason(context(view.rules), Situation.from_view(view), card.index, "")
    return theme_of_reason(reason, (card,))


__all__ = ["THEMES", "play_theme", "theme_of_reason"]
