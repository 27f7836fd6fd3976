"""The exact solver against brute force: on small positions under random rules, every
legal card's end is the one a plain max^n search finds by playing the Deal itself (the
engine's legality, its trick winner, its scoring and its moon), with no table, no merged
cards and no cut."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from support.engine import constructed_ending
from test_bots import rule_sets

from hearts_teach import Deal, Rules, RulesError
from hearts_teach.bots import make_bot
from hearts_teach.bots.playout import Endgame, play_on
from hearts_teach.bots.policy import Situation, choose_play, context
from hearts_teach.bots.solver import PREFERENCE_WEIGHT, Solver, SolverLimit, move_order
from hearts_teach.cards import CARDS, parse_cards
from hearts_teach.errors import BotError
from hearts_teach.scoring import preferred_moon_choice


def preference(rules: Rules, scores: tuple[int, ...], player: int) -> tuple[int, int]:
    """How ``player`` ranks an end (lower first): their side's points, then the others'
    (more is better), both the other way round in Reverse."""
    side = next(team for team in rules.teams() if player in team)
    own = sum(scores[p] for p in side)
    others = sum(scores) - own
    sign = -1 if rules.reverse else 1
    return sign * own, -sign * others


def final_scores(deal: Deal) -> tuple[int, ...]:
    pending = deal.pending_moon_choice
    if pending is None:
        return tuple(deal.result().scores)
    choice = preferred_moon_choice(
        deal.rules, deal.totals, pending.shooter, deal.taken, deal.dead, deal.deal_number + 1
    ).choice
    deal.choose_moon(choice)
    scores = tuple(deal.result().scores)
    deal.undo()
    return scores


def brute_force(deal: Deal) -> tuple[int, ...]:
    """max^n by playing the Deal: every legal card, in the solver's order of trial."""
    if deal.phase == "over":
        return final_scores(deal)
    player = deal.to_play
    trick = [card.index for _p, card in deal.current_trick.plays]
    best: tuple[int, ...] | None = None
    for card in move_order(deal.legal_mask(), trick, deal.rules.values, deal.rules.hearts_trump):
        deal.play_index(card)
        scores = brute_force(deal)
        deal.undo()
        if best is None or preference(deal.rules, scores, player) < preference(
            deal.rules, best, player
        ):
            best = scores
    assert best is not None
    return best


def brute_force_cards(deal: Deal) -> dict[int, tuple[int, ...]]:
    ends = {}
    for card in deal.legal_moves():
        deal.play_index(card.index)
        ends[card.index] = brute_force(deal)
        deal.undo()
    return ends


def small_position(
    rules: Rules,
    seed: int,
    tricks_left: int,
    into_trick: int,
    totals: tuple[int, ...] = (),
    feeder: int = -1,
) -> Deal:
    """A deal of ``rules`` played at random until ``tricks_left`` tricks remain, then
    ``into_trick`` cards into the next one; the game's totals before it ``totals``
    (cycled over the players), zero by default. With a ``feeder`` seat, that seat plays
    its highest card and the others their lowest, so that it takes most tricks (a moon
    often still open)."""
    rng = random.Random(seed)
    before = [totals[p % len(totals)] for p in range(rules.players)] if totals else None
    deal = Deal.new(rules, seed=seed, deal_number=seed % 4, totals=before)
    while deal.phase == "pass":
        player = deal.to_play
        deal.pass_cards(player, rng.sample(deal.hand(player), rules.cards_to_pass))
    stop = rules.hand_size - tricks_left
    while not deal.is_over and (
        deal.trick_number < stop or len(deal.current_trick.plays) < into_trick
    ):
        legal = deal.legal_moves()
        if feeder < 0:
            deal.play(rng.choice(legal))
        else:
            deal.play(max(legal) if deal.to_play == feeder else min(legal))
    return deal


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    rules=rule_sets(),
    seed=st.integers(0, 100_000),
    tricks_left=st.integers(1, 3),
    into_trick=st.integers(0, 3),
    totals=st.sampled_from([(0, 0, 0, 0), (60, 85, 90, 20), (95, 10, 40, 99)]),
)
def test_the_solver_finds_what_brute_force_finds(
    rules: Rules, seed: int, tricks_left: int, into_trick: int, totals: tuple[int, ...]
) -> None:
    tricks_left = min(tricks_left, 2 if rules.players > 3 else 3)
    deal = small_position(rules, seed, tricks_left, into_trick % rules.players, totals)
    assume(deal.phase == "play" and deal.trick_number > 0)
    expected = brute_force_cards(deal)
    solver = Solver.from_deal(deal)
    found = {card: outcome.scores for card, outcome in solver.card_outcomes().items()}
    assert found == expected
    mover = deal.to_play
    best = min(preference(rules, s, mover) for s in expected.values())
    assert solver.best_cards() == sorted(
        c for c, s in expected.items() if preference(rules, s, mover) == best
    )
    assert solver.outcome().scores == brute_force(deal)


def test_the_preference_weight_outweighs_any_difference_of_the_others() -> None:
    spot = Rules.preset("spot")
    most = spot.points_per_deal * max(Rules.preset(p).players for p in Rules.PRESETS)
    assert 2 * most < PREFERENCE_WEIGHT


def test_a_budget_of_positions_stops_the_search() -> None:
    deal = small_position(Rules(), 5, 6, 0)
    with pytest.raises(SolverLimit):
        Solver.from_deal(deal, max_nodes=10).card_outcomes()


def test_the_solver_refuses_the_first_trick() -> None:
    deal = Deal.new(Rules(passing="none"), seed=2)
    with pytest.raises(BotError, match="first trick"):
        Solver.from_deal(deal)


def test_a_known_endgame_the_only_card_that_avoids_the_queen() -> None:
    """South led 5♠, West played Q♠, North 9♠; East, last, holds A♠ K♠ 3♠: K♠ or A♠
    takes the queen, 3♠ leaves it to West (13 points), and nothing scores after."""
    deal = constructed_ending(
        Rules(), ["5S 2D 3D", "QS 4D 5D", "9S 6D 7D", "AS KS 3S"], leader=0, hearts_broken=True
    )
    for card in parse_cards("5S QS 9S"):
        deal.play(card)
    solver = Solver.from_deal(deal)
    ends = {str(CARDS[c]): o.scores for c, o in solver.card_outcomes().items()}
    assert ends == {"3♠": (0, 13, 0, 0), "K♠": (0, 0, 0, 13), "A♠": (0, 0, 0, 13)}
    assert [str(CARDS[c]) for c in solver.best_cards()] == ["3♠"]


@pytest.mark.parametrize(("moon", "expected"), [("old", (0, 26, 26, 26)), ("new", (-26, 0, 0, 0))])
def test_a_known_endgame_the_moon(moon: str, expected: tuple[int, ...]) -> None:
    """Every heart and Q♠ still in play, South holding the four top hearts and the lead:
    every trick is South's, the moon with it, whatever South leads."""
    rules = Rules(moon=moon, passing="none")
    hands = ["AH KH QH JH", "TH 9H 8H 7H", "6H 5H 4H 3H", "2H QS 2C 3C"]
    deal = constructed_ending(rules, hands, leader=0, hearts_broken=True)
    solver = Solver.from_deal(deal)
    assert {o.scores for o in solver.card_outcomes().values()} == {expected}
    assert solver.outcome().scores == expected == brute_force(deal)


def test_a_known_endgame_the_moon_changes_hands() -> None:
    """As above, but East holds A♥ instead of 2♥: East takes the first heart trick
    whatever South leads, then leads clubs nobody else holds: every trick, and the moon,
    are East's."""
    hands = ["2H KH QH JH", "TH 9H 8H 7H", "6H 5H 4H 3H", "AH QS 2C 3C"]
    deal = constructed_ending(Rules(passing="none"), hands, leader=0, hearts_broken=True)
    solver = Solver.from_deal(deal)
    assert {o.scores for o in solver.card_outcomes().values()} == {(26, 26, 26, 0)}
    assert solver.outcome().scores == brute_force(deal)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    preset=st.sampled_from(list(Rules.PRESETS)),
    seed=st.integers(0, 100_000),
    into_trick=st.integers(0, 5),
)
def test_the_solver_finds_what_brute_force_finds_in_every_preset(
    preset: str, seed: int, into_trick: int
) -> None:
    rules = Rules.preset(preset)
    deal = small_position(rules, seed, 2, into_trick % rules.players, (90, 40))
    assume(deal.phase == "play" and deal.trick_number > 0)
    expected = brute_force_cards(deal)
    found = {c: o.scores for c, o in Solver.from_deal(deal).card_outcomes().items()}
    assert found == expected


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    moon=st.sampled_from(["old", "new", "mixed", "choice"]),
    extra=st.sampled_from(
        [
            {},
            {"omnibus": True},
            {"omnibus": True, "omnibus_jd_stacks_on_moon": True},
            {"spot": True},
            {"partnership": True},
            {"players": 3},
            {"players": 2},
            {"players": 2, "two_player_moon_award": "points_in_play"},
            {"partnership": True, "partner_spared_on_moon": True},
        ]
    ),
    seed=st.integers(0, 100_000),
    feeder=st.integers(0, 5),
    into_trick=st.integers(0, 3),
    totals=st.sampled_from([(0,), (80, 90, 20, 60), (95, 99, 30, 10)]),
)
def test_the_solver_finds_what_brute_force_finds_with_a_moon_open(
    moon: str,
    extra: dict[str, object],
    seed: int,
    feeder: int,
    into_trick: int,
    totals: tuple[int, ...],
) -> None:
    try:
        rules = Rules(moon=moon, **extra)  # type: ignore[arg-type]
    except RulesError:
        assume(False)
        raise
    tricks_left = 2 if rules.players >= 4 else 3
    deal = small_position(
        rules, seed, tricks_left, into_trick % rules.players, totals, feeder % rules.players
    )
    assume(deal.phase == "play" and deal.trick_number > 0)
    expected = brute_force_cards(deal)
    found = {c: o.scores for c, o in Solver.from_deal(deal).card_outcomes().items()}
    assert found == expected


# --- the strong bot's exact endgames ---------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(rules=rule_sets(), seed=st.integers(0, 100_000), tricks_left=st.integers(1, 4))
def test_a_playout_ends_as_the_solver_plays_its_end(
    rules: Rules, seed: int, tricks_left: int
) -> None:
    """``play_on`` with an endgame of ``cards`` cards hands the position over to the
    solver at the first trick's start with that few cards left: the scores are the
    solver's from there."""
    deal = small_position(rules, seed, min(tricks_left + 1, rules.hand_size - 1), 0)
    assume(deal.phase == "play" and deal.trick_number > 0)
    ctx = context(rules)
    cards = tricks_left * rules.players
    endgame = Endgame(cards, deal.dead, deal.totals, deal.deal_number + 1)
    situation = Situation.from_view(deal.view(deal.to_play))
    hands, won = list(deal.hands), deal.tricks_won
    scores = play_on(ctx, situation, hands, won, deal.to_play, deal.hearts_broken, -1, endgame)
    assert scores is not None
    # The same heuristic playout, stopped by hand where the endgame began.
    replay = deal.copy()
    while sum(h.bit_count() for h in replay.hands) > cards:
        view = replay.view(replay.to_play)
        replay.play_index(choose_play(ctx, Situation.from_view(view))[0])
    assert scores == list(Solver.from_deal(replay).outcome().scores)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(rules=rule_sets(), seed=st.integers(0, 10_000))
def test_the_strong_bot_plays_only_legal_cards_and_repeats_itself(rules: Rules, seed: int) -> None:
    budget: dict[str, object] = {"playouts": 8, "time_limit": None, "exact": 12, "inference": 0.3}
    deal = Deal.new(rules, seed=seed, deal_number=seed % 4)
    bots = [make_bot("montecarlo", seed=f"{seed}:{p}", **budget) for p in range(rules.players)]
    if deal.phase == "pass":
        for player in range(rules.players):
            choice = bots[player].pass_cards(deal.view(player))
            deal.pass_cards(player, choice.cards)
    while not deal.is_over:
        view = deal.view(deal.to_play)
        choice = bots[deal.to_play].play(view)
        assert choice.card in view.legal_moves()
        if len(deal.plays) % 7 == 3:
            again = make_bot("montecarlo", seed=f"{seed}:{deal.to_play}", **budget).play(view)
            assert again == choice
        deal.play(choice.card)


@pytest.mark.parametrize(
    ("moon", "players", "seed", "tricks_left"),
    [
        ("old", 3, 78, 4),
        ("old", 3, 208, 4),
        ("new", 3, 59, 4),
        ("new", 3, 90, 3),
        ("new", 4, 42, 3),
    ],
)
def test_the_solver_finds_what_brute_force_finds_when_a_moon_may_be_shot(
    moon: str, players: int, seed: int, tricks_left: int
) -> None:
    """Positions where one player has taken every point so far and may still take the
    rest (found by search): the cut for the moon's shooter stops only at its moon, or
    at the fewest points it could take."""
    rules = Rules(moon=moon, players=players)  # type: ignore[arg-type]
    deal = small_position(rules, seed, tricks_left, 0, (0,), seed % players)
    assert deal.phase == "play" and deal.trick_number > 0
    expected = brute_force_cards(deal)
    found = {c: o.scores for c, o in Solver.from_deal(deal).card_outcomes().items()}
    assert found == expected
