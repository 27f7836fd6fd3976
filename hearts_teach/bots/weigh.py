"""How the Monte-Carlo bot weighs its options, and what its figures say about its choice.

Every option (a card to play, or a set of cards to pass) is played out in the same
sampled deals, so two options compare deal by deal: the standard error of their
difference is much smaller than that of either mean. A difference within ``NOISE``
standard errors is a tie: the simulations cannot tell the two options apart.

One computation gives the choice, its figures and its explanation:

- the choice: the option with the lowest mean cost (the bot's objective: its own points,
  the others' at half weight, and the end of the game); if the rule of thumb's option is
  tied with it and close (``MARGIN``), the rule of thumb's;
- the figures: each option's mean points for the player's side and its standard error;
- the verdict, in those figures: which options are tied with the choice (and what broke
  the tie), and which do better on the player's own points beyond the noise (and why
  the objective still prefers the choice: the others' points, or the end of the game).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

NOISE = 2.0
"""Differences within this many standard errors are ties (about 95% of them by chance)."""


@dataclass
class Outcomes:
    """One option's results, sampled deal by sampled deal: the objective's cost, the
    player's side's points and the others' mean points; with inference
    (:mod:`hearts_teach.bots.inference`), each deal's weight (the same for every option,
    the deals being the same), else None: every deal counts alike."""

    cost: list[float] = field(default_factory=list)
    own: list[float] = field(default_factory=list)
    others: list[float] = field(default_factory=list)
    weights: list[float] | None = None

    def add(self, cost: float, own: float, others: float, weight: float | None = None) -> None:
        self.cost.append(cost)
        self.own.append(own)
        self.others.append(others)
        if weight is not None:
            if self.weights is None:
                self.weights = []
            self.weights.append(weight)

    def samples(self) -> float:
        """How many deals the figures stand on: the deals, or with weights their
        effective number, (Σw)² / Σw²."""
        return effective_count(self.weights) if self.weights is not None else len(self.cost)


Weights = Sequence[float] | None


def effective_count(weights: Sequence[float]) -> float:
    """Kish's effective sample size of weighted deals: (Σw)² / Σw²."""
    total = math.fsum(weights)
    squares = math.fsum(w * w for w in weights)
    return total * total / squares if squares else 0.0


def mean(values: Sequence[float], weights: Weights = None) -> float:
    if weights is None:
        return math.fsum(values) / len(values)
    return math.fsum(w * v for w, v in zip(weights, values, strict=True)) / math.fsum(weights)


def std_error(values: Sequence[float], weights: Weights = None) -> float:
    """The standard error of the mean (infinite with fewer than two values); with
    weights, that of the weighted mean, on the deals' effective number."""
    if weights is None:
        n = len(values)
        if n < 2:
            return math.inf
        centre = mean(values)
        return math.sqrt(math.fsum((v - centre) ** 2 for v in values) / (n - 1) / n)
    count = effective_count(weights)
    if count <= 1:
        return math.inf
    centre = mean(values, weights)
    spread = math.fsum(
        w * (v - centre) ** 2 for w, v in zip(weights, values, strict=True)
    ) / math.fsum(weights)
    return math.sqrt(spread / (count - 1))


def difference(
    a: Sequence[float], b: Sequence[float], weights: Weights = None
) -> tuple[float, float]:
    """Mean of ``a - b`` over the same deals, and its standard error."""
    gaps = [x - y for x, y in zip(a, b, strict=True)]
    return mean(gaps, weights), std_error(gaps, weights)


def within_noise(gap: float, error: float) -> bool:
    """Whether a measured difference (a mean and its standard error) is a tie: within
    ``NOISE`` standard errors of nothing."""
    return abs(gap) <= NOISE * error


def tied(a: Sequence[float], b: Sequence[float], weights: Weights = None) -> bool:
    return within_noise(*difference(a, b, weights))


MARGIN = 0.25
"""The rule of thumb's option is kept only if its mean cost is also within this many
points of the best (as before the noise was measured: self-play showed no change in
strength against always taking the best)."""


def decide(options: Sequence[Outcomes], preferred: int, margin: float = MARGIN) -> int:
    """The option to choose: the lowest mean cost, unless the rule of thumb's option
    (``preferred``) is tied with it and within ``margin`` points of it."""
    weights = options[0].weights
    best = min(range(len(options)), key=lambda i: (mean(options[i].cost, weights), i))
    if preferred != best:
        gap, error = difference(options[preferred].cost, options[best].cost, weights)
        if gap <= margin and gap <= NOISE * error:
            return preferred
    return best


@dataclass(frozen=True)
class Verdict:
    """What the figures (the player's side's points) say about the choice.

    ``ties``: options the simulations cannot tell from the choice; ``tiebreak``: why the
    choice wins among them ("rule", "lowest", "objective"). ``departures``: options
    better on the player's own points beyond the noise; ``why``: what the objective
    counts that makes the choice at least as good ("others", "game", "level"), with
    ``standing`` ("ahead", "level") and ``others_gap`` for "others". ``gap`` and
    ``gap_error``: the largest difference named and its standard error.
    """

    ties: tuple[int, ...] = ()
    tiebreak: str = ""
    tie_gap: float = 0.0
    tie_error: float = 0.0
    departures: tuple[int, ...] = ()
    why: str = ""
    standing: str = ""
    others_gap: float = 0.0
    gap: float = 0.0
    gap_error: float = 0.0


def judge(
    options: Sequence[Outcomes], chosen: int, preferred: int, sign: int, others_weight: float
) -> Verdict:
    """The verdict on ``chosen``; ``sign`` is 1 when points are bad, -1 in Reverse."""
    me = options[chosen]
    weights = me.weights

    def loss(i: int) -> float:
        return sign * mean(options[i].own, weights)

    others = [i for i in range(len(options)) if i != chosen]
    ties = tuple(i for i in others if tied(options[i].own, me.own, weights))
    departures = tuple(i for i in others if i not in ties and loss(i) < loss(chosen))
    tiebreak, tie_gap, tie_error = "", 0.0, 0.0
    if ties:
        if chosen == preferred:
            tiebreak = "rule"
        elif all(loss(chosen) <= loss(i) for i in ties):
            tiebreak = "lowest"
        else:
            tiebreak = "objective"
        widest = max(ties, key=lambda i: abs(difference(options[i].own, me.own, weights)[0]))
        tie_gap, tie_error = difference(options[widest].own, me.own, weights)
    why, standing, others_gap, gap, gap_error = "", "", 0.0, 0.0, 0.0
    if departures:
        them = options[min(departures, key=loss)]
        gap, gap_error = difference(me.own, them.own, weights)
        others_gap = difference(me.others, them.others, weights)[0]
        others_term = -sign * others_weight * others_gap
        game_term = difference(me.cost, them.cost, weights)[0] - sign * gap - others_term
        if min(others_term, game_term) >= 0:
            why = "level"  # only the rule of thumb's tie in cost keeps the choice
        elif others_term <= game_term:
            why = "others"
            cost_gap, cost_error = difference(me.cost, them.cost, weights)
            standing = "ahead" if -cost_gap > NOISE * cost_error else "level"
        else:
            why = "game"
    return Verdict(
        ties=ties,
        tiebreak=tiebreak,
        tie_gap=abs(tie_gap),
        tie_error=tie_error,
        departures=departures,
        why=why,
        standing=standing,
        others_gap=abs(others_gap),
        gap=abs(gap),
        gap_error=gap_error,
    )
