"""A fixed number of deals (docs/rules.md §7.1): the game ends after deal N whatever the
totals, the best total wins, a tie plays on, and the option is refused when impossible."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.engine import bilingual, play_out

from hearts_teach import Deal, Game, Rules, RulesError, game_outcome
from hearts_teach.bots.playout import Objective
from hearts_teach.bots.policy import context
from hearts_teach.describe import rule_rows
from hearts_teach.records import game_from_json, game_to_json


def test_the_target_plays_no_part() -> None:
    rules = Rules(deals=3)
    assert game_outcome(rules, (90, 0, 0, 0), (150, 0, 3, 5), 1) == (False, ())
    assert game_outcome(rules, (90, 0, 0, 0), (150, 0, 3, 5), 2) == (False, ())
    assert game_outcome(rules, (10, 20, 30, 40), (12, 20, 30, 40), 3) == (True, (0,))
    # Without the deal count the game cannot end.
    assert game_outcome(rules, (10, 20, 30, 40), (12, 20, 30, 40)) == (False, ())


def test_a_tie_for_the_best_total_plays_on() -> None:
    rules = Rules(deals=2)
    assert game_outcome(rules, (0, 0, 0, 0), (5, 5, 9, 20), 2) == (False, ())
    assert game_outcome(rules, (5, 5, 9, 20), (5, 6, 9, 20), 3) == (True, (0,))
    # Only the best total's tie matters.
    assert game_outcome(rules, (0, 0, 0, 0), (1, 9, 9, 9), 2) == (True, (0,))


def test_reverse_and_partnership() -> None:
    assert game_outcome(Rules(deals=1, reverse=True), (0,) * 4, (1, 9, 3, 4), 1) == (True, (1,))
    team = Rules(deals=1, partnership=True)
    assert game_outcome(team, (0,) * 4, (1, 9, 3, 4), 1) == (True, (0, 2))


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(1, 4), st.sampled_from([3, 4, 5, 6]), st.integers(0, 1000))
def test_a_game_ends_after_exactly_n_deals_unless_tied(deals: int, players: int, seed: int) -> None:
    rules = Rules(players=players, deals=deals, target=1)
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while True:
        play_out(game.deal, rng)
        if game.is_over:
            break
        played = len(game.history)
        if played >= deals:
            # Past N, only a tie for the lowest keeps the game going.
            totals = game.totals
            assert totals.count(min(totals)) > 1
        game.next_deal()
    assert len(game.history) >= deals
    totals = game.totals
    assert len(game.winners) == 1 and totals.count(min(totals)) == 1
    assert totals[game.winners[0]] == min(totals)
    if len(game.history) > deals:
        tied = game.history[deals - 1].result.totals
        assert tied.count(min(tied)) > 1


def test_records_keep_the_option() -> None:
    game = Game(Rules.preset("original", deals=2), seed=4)
    rng = random.Random(4)
    play_out(game.deal, rng)
    game.next_deal()
    play_out(game.deal, rng)
    copy = game_from_json(game_to_json(game))
    assert copy.rules.deals == 2 and copy.rules.changed_options()["deals"] == 2
    assert copy.is_over == game.is_over and copy.winners == game.winners


def test_the_rules_in_words() -> None:
    end = {label: value for label, value in rule_rows(Rules(deals=5), "en")}
    assert (
        "After 5 deals, the lowest total wins; a tie for lowest: play another deal" in end.values()
    )
    assert any(
        v.startswith("Au bout d’une donne, le plus petit total gagne")
        for _, v in rule_rows(Rules(deals=1), "fr")
    )


@pytest.mark.parametrize("deals", [0, -3, 2.5, True, "4"])
def test_impossible_numbers_of_deals_are_refused(deals: object) -> None:
    with pytest.raises(RulesError) as caught:
        Rules(deals=deals)  # type: ignore[arg-type]
    english, french = bilingual(caught.value)
    assert str(deals) in english and str(deals) in french


def test_the_montecarlo_bot_values_the_end_after_the_last_deal() -> None:
    rules = Rules(deals=2)
    totals = (10, 20, 30, 40)  # far below the target: only the count of deals ends it
    ctx = context(rules)
    first = Objective.for_view(Deal.new(rules, seed=1, deal_number=0, totals=totals).view(0))
    last = Objective.for_view(Deal.new(rules, seed=1, deal_number=1, totals=totals).view(0))
    scores = (0, 0, 0, 0)
    assert last.cost(ctx, scores) == first.cost(ctx, scores) - last.game_weight
    assert last.cost(ctx, (30, 0, 0, 0)) == first.cost(ctx, (30, 0, 0, 0)) + last.game_weight
