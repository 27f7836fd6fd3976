"""Inference: sampled deals weighed by how likely the others' plays make them, and the
weighted figures the bot draws from them."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_teach import Deal, Rules
from hearts_teach.bots import make_bot
from hearts_teach.bots.inference import PlayModel
from hearts_teach.bots.sampling import HandSampler
from hearts_teach.bots.weigh import difference, effective_count, mean, std_error


def heuristic_deal(rules: Rules, seed: int, cards: int) -> Deal:
    """A deal played ``cards`` cards in by heuristic bots (their pass included)."""
    deal = Deal.new(rules, seed=seed, deal_number=seed % 4)
    bots = [make_bot("heuristic", seed=p) for p in range(rules.players)]
    if deal.phase == "pass":
        for player in range(rules.players):
            deal.pass_cards(player, bots[player].pass_cards(deal.view(player)).cards)
    while len(deal.plays) < cards and not deal.is_over:
        deal.play(bots[deal.to_play].play(deal.view(deal.to_play)).card)
    return deal


@pytest.mark.parametrize("preset", ["standard", "omnibus", "two-player", "six-player"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_real_deal_of_heuristic_players_weighs_one(preset: str, seed: int) -> None:
    """The others played by the heuristic: in the real deal every card they played is
    the model's, so it keeps its whole weight; random deals consistent with the view
    weigh less on average."""
    rules = Rules.preset(preset)
    deal = heuristic_deal(rules, seed, 5 * rules.players + 1)
    seat = deal.to_play
    view = deal.view(seat)
    model = PlayModel(view, 0.3)
    assert model.weight(list(deal.hands), deal.dead) == 1.0
    sampler = HandSampler(view)
    rng = random.Random(seed)
    weights = [model.weight(*sampler.draw(rng)) for _ in range(60)]
    assert all(0 < w <= 1 for w in weights)
    assert statistics_mean(weights) < 1


def statistics_mean(values: list[float]) -> float:
    return sum(values) / len(values)


def test_a_weight_counts_the_plays_the_model_would_not_have_made() -> None:
    """Every weight is a power of the miss weight: one factor per card of another
    player that the heuristic would not have played there."""
    deal = heuristic_deal(Rules(), 7, 30)
    view = deal.view(deal.to_play)
    model = PlayModel(view, 0.5)
    sampler = HandSampler(view)
    rng = random.Random(4)
    for _ in range(40):
        weight = model.weight(*sampler.draw(rng))
        misses = math.log(weight, 0.5)
        assert abs(misses - round(misses)) < 1e-9


def test_no_inference_before_the_others_have_played() -> None:
    deal = Deal.new(Rules(passing="none"), seed=3)
    view = deal.view(deal.to_play)
    model = PlayModel(view, 0.3)
    sampler = HandSampler(view)
    assert model.weight(*sampler.draw(random.Random(1))) == 1.0


@settings(max_examples=60, deadline=None)
@given(
    values=st.lists(st.floats(-30, 30), min_size=2, max_size=40),
    other=st.lists(st.floats(-30, 30), min_size=40, max_size=40),
)
def test_equal_weights_give_the_unweighted_figures(values: list[float], other: list[float]) -> None:
    ones = [1.0] * len(values)
    assert mean(values, ones) == pytest.approx(mean(values), abs=1e-9)
    assert std_error(values, ones) == pytest.approx(std_error(values), rel=1e-9, abs=1e-12)
    second = other[: len(values)]
    assert difference(values, second, ones) == pytest.approx(difference(values, second))
    assert effective_count(ones) == pytest.approx(len(values))


def test_weights_count_as_fewer_deals() -> None:
    """Half the deals weighing almost nothing: about half the effective deals, and a
    wider standard error than the same values unweighted."""
    values = [float(i % 7) for i in range(100)]
    weights = [1.0 if i % 2 else 1e-6 for i in range(100)]
    assert effective_count(weights) == pytest.approx(50, rel=1e-3)
    assert std_error(values, weights) > std_error(values)


def test_the_strong_bot_weighs_and_says_its_effective_deals() -> None:
    deal = heuristic_deal(Rules(), 11, 21)
    view = deal.view(deal.to_play)
    budget = {"playouts": 60, "time_limit": None}
    weighed = make_bot("montecarlo", seed=2, inference=0.3, **budget).play(view)
    plain = make_bot("montecarlo", seed=2, **budget).play(view)
    assert 2 <= weighed.samples <= plain.samples
    assert weighed.card in view.legal_moves()


def test_the_pass_received_weighs_the_deals_by_what_the_giver_kept() -> None:
    """The giver passed three cards: a deal where it kept cards the heuristic would
    rather have passed weighs ``pass_miss`` for each of them; weights are its powers."""
    deal = Deal.new(Rules(), seed=5, deal_number=0)
    bots = [make_bot("heuristic", seed=p) for p in range(4)]
    for player in range(4):
        deal.pass_cards(player, bots[player].pass_cards(deal.view(player)).cards)
    view = deal.view(deal.to_play)
    model = PlayModel(view, 1.0, 0.5)
    sampler = HandSampler(view)
    rng = random.Random(2)
    weights = [model.weight(*sampler.draw(rng)) for _ in range(100)]
    assert len(set(weights)) > 2
    for weight in weights:
        kept = math.log(weight, 0.5)
        assert abs(kept - round(kept)) < 1e-9
    assert PlayModel(view, 1.0, 1.0).weight(*sampler.draw(rng)) == 1.0
