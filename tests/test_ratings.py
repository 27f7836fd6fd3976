"""Glicko-2 (hearts_teach/teaching/ratings.py) against the worked example of Glickman's
paper, "Example of the Glicko-2 system" (http://www.glicko.net/glicko/glicko2.pdf): a
player rated 1500 (RD 200, volatility 0.06, τ = 0.5) beats a 1400 (RD 30), loses to a
1550 (RD 100) and to a 1700 (RD 300); the paper finds 1464.06, RD 151.52 and a
volatility of 0.05999."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts_teach.teaching.ratings import Rating, after_try, update


def test_the_papers_worked_example() -> None:
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = update(player, games, tau=0.5)
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    player = Rating(1500, 200, 0.06)
    new = update(player, [])
    assert new.rating == 1500 and new.volatility == 0.06
    assert new.rd == pytest.approx(173.7178 * ((200 / 173.7178) ** 2 + 0.06**2) ** 0.5)


@given(
    player=st.floats(800, 2600),
    puzzle=st.floats(800, 2600),
    rd=st.floats(30, 350),
)
def test_a_solved_puzzle_raises_the_player_and_lowers_the_puzzle(
    player: float, puzzle: float, rd: float
) -> None:
    me, it = Rating(player, rd), Rating(puzzle, rd)
    won, beaten = after_try(me, it, solved=True)
    lost, held = after_try(me, it, solved=False)
    assert won.rating > player > lost.rating
    assert beaten.rating < puzzle < held.rating
