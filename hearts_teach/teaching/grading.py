"""Grades, accuracy and leaks: the deal review's costs on one published ladder.

The ladder (:data:`GRADES`) grades a decision by its cost in points of the bot's
objective (:mod:`hearts_teach.teaching.review`), with cuts that scale with the moon's
value (:data:`CUT_SHARES`: shares of 26 points in the standard game, of 130 with Spot
values). The cuts come from the review's measured noise: the median standard error of
a paired difference priced on ``CONFIRM_SAMPLES`` fresh deals is 0.59 point in the
standard game (``MEASURED_ERROR``: 72 decisions that differ from the bot's in twelve
seeded deals like those of ``benchmarks/review.py``), so a cost below ``NOISE`` such
errors (1.2 points; rounded down to a whole point, 1) cannot be told from nothing in a
typical decision: that is the first cut, and each next cut doubles it (2, 4, 8 points),
as chess.com's cuts (0.02, 0.05, 0.10, 0.20 of a game's expected result) roughly double.

No grade lies inside the noise: a cost that is not beyond ``NOISE`` standard errors of
nothing is "best" (the bot agrees, or the card did at least as well) or at worst
"good"; only a cost beyond the noise can be an inaccuracy, a mistake or a blunder.

Accuracy adapts lichess's published formula (https://lichess.org/page/accuracy; its
source: lichess-org/lila, ``modules/analyse/src/main/AccuracyPercent.scala``): a move's
accuracy is ``103.1668 · exp(−0.04354 · loss) − 3.1669`` where ``loss`` is the drop of the
winning chances in percent. Here the loss is the graded cost as a percentage of the
moon's value (the widest swing one player's points can take in a deal; a cost within
the noise counts as 0), and a deal's or game's accuracy is the mean of the arithmetic
and the harmonic means of its decisions' accuracies (lichess weighs the arithmetic mean
by the position's volatility, which a Hearts deal has no equivalent of: every decision
counts alike).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from hearts_teach.bots.weigh import NOISE, within_noise

GRADES: Final = ("best", "excellent", "good", "inaccuracy", "mistake", "blunder")
"""The ladder, best first (``grade.<name>`` in the catalogs)."""
MEASURED_ERROR: Final = 0.59
"""The median standard error, in points of the standard game, of the review's paired
differences (``CONFIRM_SAMPLES`` fresh deals), as measured (see the module's text)."""
FIRST_CUT: Final = math.floor(NOISE * MEASURED_ERROR)
"""The first cut in points of the standard game: ``NOISE`` median errors, rounded down."""
CUT_SHARES: Final = tuple(FIRST_CUT * 2**step / 26 for step in range(4))
"""The cuts between excellent, good, inaccuracy, mistake and blunder, as shares of the
moon's value: 1, 2, 4 and 8 points in the standard game."""
GRADE_MARKS: Final = {
    "best": "✓",
    "excellent": "✓",
    "good": "○",
    "inaccuracy": "≈",
    "mistake": "✗",
    "blunder": "✗✗",
}
"""The one sign before each grade's words: the grade is never told by colour only, and
a decision never carries two signs that disagree (a cross only on a costly grade). Not
the chess signs (?!, ?, ??): a Hearts player does not read them."""
COSTLY: Final = frozenset({"inaccuracy", "mistake", "blunder"})
"""The grades that cost points beyond the noise and beyond a good decision."""
ACCURACY_SCALE: Final = 103.1668
ACCURACY_DECAY: Final = 0.04354
ACCURACY_OFFSET: Final = 3.1669


def cuts(moon_value: int) -> tuple[float, float, float, float]:
    """The four cuts in points for a deal whose moon is worth ``moon_value``."""
    a, b, c, d = (share * moon_value for share in CUT_SHARES)
    return a, b, c, d


def grade(cost: float, error: float, moon_value: int, agrees: bool = False) -> str:
    """The grade of a decision that cost ``cost`` ± ``error`` points (see the module)."""
    if agrees or cost <= 0:
        return "best"
    excellent, good, inaccuracy, mistake = cuts(moon_value)
    if within_noise(cost, error):
        return "excellent" if cost < excellent else "good"
    if cost < excellent:
        return "excellent"
    if cost < good:
        return "good"
    if cost < inaccuracy:
        return "inaccuracy"
    if cost < mistake:
        return "mistake"
    return "blunder"


def graded_cost(cost: float, error: float, agrees: bool = False) -> float:
    """The cost that counts: the cost beyond the noise, else 0."""
    if agrees or cost <= 0 or within_noise(cost, error):
        return 0.0
    return cost


def decision_accuracy(cost: float, moon_value: int) -> float:
    """Lichess's move accuracy, the loss being ``cost`` as a percentage of the moon's
    value; from 0 to 100."""
    loss = 100.0 * max(0.0, cost) / moon_value
    value = ACCURACY_SCALE * math.exp(-ACCURACY_DECAY * loss) - ACCURACY_OFFSET
    return min(100.0, max(0.0, value))


def accuracy(costs: Iterable[float], moon_value: int) -> float | None:
    """The accuracy of decisions that cost ``costs`` (graded costs): the mean of the
    arithmetic and harmonic means of their accuracies; None without a decision."""
    values = [decision_accuracy(cost, moon_value) for cost in costs]
    if not values:
        return None
    arithmetic = math.fsum(values) / len(values)
    harmonic = 0.0 if min(values) <= 0 else len(values) / math.fsum(1 / v for v in values)
    return (arithmetic + harmonic) / 2


@dataclass(frozen=True)
class Leak:
    """Points lost beyond the noise in one kind of decision or one theme, over reviewed
    deals: the sum, its standard error, how many costly decisions and how many in all."""

    name: str
    points: float
    error: float
    costly: int
    decisions: int


def leaks(entries: Sequence[tuple[str, float, float, bool]]) -> tuple[Leak, ...]:
    """The leaks of ``entries`` (a name, a cost, its error, costly or not), worst first:
    the most points lost, then the most costly decisions, then by name."""
    table: dict[str, list[float]] = {}
    for name, cost, error, costly in entries:
        row = table.setdefault(name, [0.0, 0.0, 0, 0])
        row[0] += cost
        row[1] += error * error
        row[2] += int(costly)
        row[3] += 1
    found = [
        Leak(name, points, math.sqrt(squares), int(costly), int(count))
        for name, (points, squares, costly, count) in table.items()
    ]
    return tuple(sorted(found, key=lambda leak: (-leak.points, -leak.costly, leak.name)))


__all__ = [
    "COSTLY",
    "CUT_SHARES",
    "FIRST_CUT",
    "GRADES",
    "GRADE_MARKS",
    "MEASURED_ERROR",
    "Leak",
    "accuracy",
    "cuts",
    "decision_accuracy",
    "grade",
    "graded_cost",
    "leaks",
]
