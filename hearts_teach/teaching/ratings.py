"""Glicko-2 ratings for puzzles and players: the published algorithm.

Mark E. Glickman, "Example of the Glicko-2 system" (Boston University, November 30,
2013; http://www.glicko.net/glicko/glicko2.pdf): a rating ``r``, its
deviation ``rd`` and a volatility ``sigma``, updated after a rating period of games by
the paper's steps 1 to 8, the new volatility found by the Illinois algorithm of its
step 5. A puzzle tried is a game: the player wins when they find the answer, the
puzzle wins otherwise, and both are updated (each against the other's rating before
the try), one try a rating period, as puzzle sites do.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

SCALE: Final = 173.7178
"""The paper's factor between the Glicko scale and the Glicko-2 scale."""
TAU: Final = 0.5
"""The system constant that limits how fast the volatility changes (the paper's
example uses 0.5; it advises 0.3 to 1.2)."""
EPSILON: Final = 0.000001
"""The convergence tolerance of the volatility's iteration (the paper's)."""
START: Final = (1500.0, 350.0, 0.06)
"""An unrated player's rating, deviation and volatility (the paper's defaults)."""


@dataclass(frozen=True)
class Rating:
    rating: float = START[0]
    rd: float = START[1]
    volatility: float = START[2]


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period of ``games`` (the opponent's rating
    before the period and the score: 1 a win, 0 a loss, 0.5 a draw). Without a game, the
    deviation only grows (the paper's step 6)."""
    mu = (player.rating - 1500) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not games:
        return Rating(player.rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    # Steps 3 and 4: the estimated variance and the improvement.
    inverse_v = 0.0
    total = 0.0
    for opponent, score in games:
        mu_j = (opponent.rating - 1500) / SCALE
        phi_j = opponent.rd / SCALE
        g = _g(phi_j)
        e = _expected(mu, mu_j, phi_j)
        inverse_v += g * g * e * (1 - e)
        total += g * (score - e)
    v = 1 / inverse_v
    delta = v * total
    # Step 5: the new volatility, by the Illinois algorithm.
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    new_sigma = math.exp(big_a / 2)
    # Steps 6 to 8: the new deviation and rating, back on the Glicko scale.
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * total
    return Rating(SCALE * new_mu + 1500, SCALE * new_phi, new_sigma)


def after_try(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The player's and the puzzle's ratings after one try."""
    score = 1.0 if solved else 0.0
    return update(player, [(puzzle, score)]), update(puzzle, [(player, 1 - score)])


__all__ = ["EPSILON", "SCALE", "START", "TAU", "Rating", "after_try", "update"]
