"""Bots see what their seat may see, nothing more.

Reshuffling the cards a seat cannot see, keeping everything it knows (its hand, the
cards played, the suits shown void, where its passed cards went), never changes the
bot's choice for a given seed. The Monte-Carlo bot's sampled deals respect the same
knowledge, and its scoring on bit masks agrees with the engine's.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from hearts_teach import Deal, IllegalMove, Rules, score_deal
from hearts_teach.bots import make_bot
from hearts_teach.bots.playout import deal_scores
from hearts_teach.bots.policy import context
from hearts_teach.bots.sampling import sample_hands
from hearts_teach.cards import CARDS, SUIT_MASKS, cards_of
from hearts_teach.rules import REMOVALS_FOR
from hearts_teach.scoring import moon_outcomes, preferred_moon_choice

PRESETS = list(Rules.PRESETS)
BUDGET: dict[str, Any] = {"playouts": 16, "time_limit": None}
STRONG: dict[str, Any] = {**BUDGET, "exact": 20, "inference": 0.3}
"""The strong bot's exact endgames and inference, at a small budget."""


def advance(rules: Rules, seed: int, deal_number: int, steps: int) -> tuple[Deal, list[Any]]:
    """A deal after its pass and ``steps`` cards, and the actions that led there."""
    deal = Deal.new(rules, seed=seed, deal_number=deal_number)
    player_bot = make_bot("heuristic", seed=seed)
    actions: list[Any] = []
    if deal.phase == "pass" and steps > 0:
        for player in range(rules.players):
            cards = player_bot.pass_cards(deal.view(player)).cards
            deal.pass_cards(player, cards)
            actions.append(("pass", player, cards))
    for _ in range(steps):
        if deal.phase != "play" or deal.is_over:
            break
        card = player_bot.play(deal.view(deal.to_play)).card
        deal.play(card)
        actions.append(("play", deal.to_play, card))
    return deal, actions


def reshuffled(deal: Deal, seat: int, rng: random.Random, across_suits: bool) -> Deal:
    """The same deal with the cards ``seat`` cannot see moved, replayed to the same point.

    Within suits, every seat keeps its suit lengths and voids. Across suits, two hidden
    cards of different suits change holders when neither holder has shown void in the
    other's suit (the replay then checks that every earlier card is still legal).
    """
    view = deal.view(seat)
    rules = deal.rules
    hidden = view.unseen & ~view.passed
    for card in rules.opening_chain:
        hidden &= ~card.bit  # who opens would change
    mapping = {card.index: card.index for card in CARDS}
    for suit_mask in SUIT_MASKS:
        cards = [c.index for c in cards_of(hidden & suit_mask)]
        shuffled = cards[:]
        rng.shuffle(shuffled)
        mapping.update(zip(cards, shuffled, strict=True))
    if across_suits:
        holder = {c.index: p for p in range(rules.players) for c in deal.hand(p)}
        for c in cards_of(deal.dead):
            holder[c.index] = -1  # dead cards: no void to respect
        pool = [c.index for c in cards_of(hidden)]
        for _ in range(6):
            first, second = rng.sample(pool, 2) if len(pool) >= 2 else (0, 0)
            a, b = holder.get(first, -2), holder.get(second, -2)
            suit_a, suit_b = first // 13, second // 13
            if a == b or suit_a == suit_b or -2 in (a, b):
                continue
            if (a >= 0 and view.voids[a] >> suit_b & 1) or (b >= 0 and view.voids[b] >> suit_a & 1):
                continue
            # mapping sends each dealt card to its replacement: swap the two images.
            inverse = {v: k for k, v in mapping.items()}
            source_a, source_b = inverse[first], inverse[second]
            mapping[source_a], mapping[source_b] = second, first
            holder[first], holder[second] = b, a

    def moved(mask: int) -> list[str]:
        return [CARDS[mapping[c.index]].code for c in cards_of(mask)]

    other = Deal.from_hands(
        rules,
        [moved(hand) for hand in deal.dealt],
        dead=moved(deal.dead),
        pass_direction=deal.pass_direction,
        deal_number=deal.deal_number,
    )
    for kind, player, cards in deal.history:
        if kind == "pass":
            other.pass_cards(player, [CARDS[mapping[c.index]] for c in cards])
        else:
            other.play(CARDS[mapping[cards[0].index]])
    return other


def try_reshuffled(deal: Deal, seat: int, rng: random.Random, across_suits: bool) -> Deal:
    try:
        return reshuffled(deal, seat, rng, across_suits)
    except IllegalMove:
        # Moving a card across suits made an earlier play illegal (an unbroken heart
        # lead from a hand of hearts only, for example): not a deal the seat could face.
        assume(False)
        raise


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 10_000),
    deal_number=st.integers(0, 3),
    steps=st.integers(0, 40),
    shuffle_seed=st.integers(0, 10_000),
    bot_seed=st.integers(0, 100),
    across_suits=st.booleans(),
)
def test_hidden_cards_never_change_the_choice(
    preset: str,
    seed: int,
    deal_number: int,
    steps: int,
    shuffle_seed: int,
    bot_seed: int,
    across_suits: bool,
) -> None:
    rules = Rules.preset(preset)
    deal, _ = advance(rules, seed, deal_number, steps)
    assume(not deal.is_over)
    seat = deal.to_play
    other = try_reshuffled(deal, seat, random.Random(shuffle_seed), across_suits)
    # The hidden cards moved, the seat's knowledge did not.
    assume(other.hands != deal.hands or other.dead != deal.dead)
    assert other.view(seat) == deal.view(seat)
    for level, budget in (
        ("random", {}),
        ("heuristic", {}),
        ("montecarlo", BUDGET),
        ("montecarlo", STRONG),
    ):
        if deal.phase == "pass":
            first = make_bot(level, seed=bot_seed, **budget).pass_cards(deal.view(seat))
            second = make_bot(level, seed=bot_seed, **budget).pass_cards(other.view(seat))
            assert first.cards == second.cards
        else:
            one = make_bot(level, seed=bot_seed, **budget).play(deal.view(seat))
            two = make_bot(level, seed=bot_seed, **budget).play(other.view(seat))
            assert one.card == two.card
            assert one.reason("fr") == two.reason("fr")
            assert one.estimates == two.estimates


@settings(max_examples=60, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 10_000),
    deal_number=st.integers(0, 3),
    steps=st.integers(1, 45),
    sample_seed=st.integers(0, 10_000),
)
def test_sampled_deals_agree_with_what_the_seat_knows(
    preset: str, seed: int, deal_number: int, steps: int, sample_seed: int
) -> None:
    check_sampled_deal(Rules.preset(preset), seed, deal_number, steps, sample_seed)


@settings(max_examples=60, deadline=None)
@given(
    table=st.sampled_from([(n, r) for n in (3, 5, 6) for r in REMOVALS_FOR[n]]),
    seed=st.integers(0, 10_000),
    deal_number=st.integers(0, 3),
    steps=st.integers(1, 45),
    sample_seed=st.integers(0, 10_000),
)
def test_sampled_deals_of_three_five_and_six_players_agree_with_the_seat(
    table: tuple[int, str], seed: int, deal_number: int, steps: int, sample_seed: int
) -> None:
    # Hands of 17, 10 or 8 cards, unequal within a trick, the removed cards never dealt.
    players, removed = table
    rules = Rules(players=players, removed=removed)  # type: ignore[arg-type]
    check_sampled_deal(rules, seed, deal_number, steps, sample_seed)


def check_sampled_deal(
    rules: Rules, seed: int, deal_number: int, steps: int, sample_seed: int
) -> None:
    deal, _ = advance(rules, seed, deal_number, steps)
    assume(deal.phase == "play")
    seat = deal.to_play
    view = deal.view(seat)
    hands, dead = sample_hands(view, random.Random(sample_seed))
    assert hands[seat] == view.hand
    assert [h.bit_count() for h in hands] == list(view.hand_sizes)
    assert dead.bit_count() == view.dead_count
    # a kitty taken with the first trick is known to all, neither dealt nor dead (§16.7)
    everything = dead | view.played_mask | view.kitty
    for hand in hands:
        assert not everything & hand
        everything |= hand
    assert everything == rules.deck
    for player, hand in enumerate(hands):
        for suit in range(4):
            if view.voids[player] >> suit & 1:
                assert not hand & SUIT_MASKS[suit]
    if view.passed and view.pass_direction is not None:
        receiver = (seat + rules.pass_offset(view.pass_direction)) % rules.players
        assert view.passed & view.unseen & ~hands[receiver] == 0


@settings(max_examples=80, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 10_000),
    totals=st.lists(st.integers(0, 120), min_size=6, max_size=6),
    moon=st.booleans(),
)
def test_mask_scoring_matches_the_engine(
    preset: str, seed: int, totals: list[int], moon: bool
) -> None:
    rules = Rules.preset(preset)
    n = rules.players
    rng = random.Random(seed)
    dead = 0
    cards = cards_of(rules.deck)
    rng.shuffle(cards)
    if rules.dead_count:
        dead = cards[0].bit | cards[1].bit
        cards = cards[2:]
    taken = [0] * n
    for card in cards:
        taken[0 if moon and rules.values[card.index] > 0 else rng.randrange(n)] |= card.bit
    tricks = [mask.bit_count() // n for mask in taken]
    # Under the shooter's choice the scorer takes the choice the bots make (§3.2).
    outcomes = moon_outcomes(rules, [cards_of(m) for m in taken], totals[:n], cards_of(dead))
    choice = (
        preferred_moon_choice(rules, totals[:n], outcomes.shooter, taken, dead).choice
        if outcomes is not None
        else None
    )
    expected = score_deal(
        rules,
        [cards_of(m) for m in taken],
        totals[:n],
        cards_of(dead),
        tricks=tricks,
        moon_choice=choice,
    )
    assert deal_scores(context(rules), taken, dead, tricks, totals[:n]) == list(expected.scores)


def objective_for(rules: Rules, player: int = 0, totals: tuple[int, ...] | None = None) -> Any:
    from hearts_teach.bots.playout import Objective

    deal = Deal.new(rules, seed=1, totals=totals)
    return Objective.for_view(deal.view(player))


def test_objective_values_a_moon_more_under_new_moon() -> None:
    moon_taken = [Rules().deck, 0, 0, 0]
    for preset in ("standard", "new-moon"):
        rules = Rules.preset(preset)
        ctx = context(rules)
        scores = deal_scores(ctx, moon_taken, 0, [13, 0, 0, 0], (0, 0, 0, 0))
        assert scores == ([0, 26, 26, 26] if preset == "standard" else [-26, 0, 0, 0])
    old = objective_for(Rules.preset("standard"))
    new = objective_for(Rules.preset("new-moon"))
    old_cost = old.cost(context(Rules()), [0, 26, 26, 26])
    new_cost = new.cost(context(Rules.preset("new-moon")), [-26, 0, 0, 0])
    assert new_cost < old_cost < 0


def test_objective_follows_reverse_partnership_and_the_end_of_the_game() -> None:
    reverse = Rules.preset("reverse")
    objective = objective_for(reverse)
    assert objective.cost(context(reverse), [10, 0, 0, 0]) < objective.cost(
        context(reverse), [0, 10, 0, 0]
    )
    team = Rules.preset("partnership")
    objective = objective_for(team)
    # Points taken by my partner (seat 2) hurt me as much as my own.
    assert objective.cost(context(team), [0, 0, 13, 0]) == objective.cost(
        context(team), [13, 0, 0, 0]
    )
    assert objective.cost(context(team), [0, 13, 0, 0]) < objective.cost(
        context(team), [0, 0, 13, 0]
    )
    # Near the target, the same deal scores are worth more when they end the game in my
    # favour (seat 1 passes 100 while I stay lowest).
    rules = Rules()
    near = objective_for(rules, totals=(50, 95, 60, 70))
    far = objective_for(rules, totals=(0, 0, 0, 0))
    scores = [0, 6, 0, 0]
    assert near.cost(context(rules), scores) < far.cost(context(rules), scores)


@settings(max_examples=100, deadline=None)
@given(
    owners=st.lists(st.integers(0, 3), min_size=4, max_size=39),
    forbid=st.lists(st.integers(0, 15), min_size=4, max_size=4),
    seed=st.integers(0, 1000),
)
def test_exact_dealing_respects_voids_and_hand_sizes(
    owners: list[int], forbid: list[int], seed: int
) -> None:
    """The fallback of the sampler: any deal that fits the voids is found."""
    from hearts_teach.bots.sampling import deal_by_flow

    rng = random.Random(seed)
    cards = rng.sample(range(52), len(owners))
    # A deal known to exist: each slot may hold the suits it holds there, plus others
    # that ``forbid`` does not exclude.
    held = [0] * 4
    for card, owner in zip(cards, owners, strict=True):
        held[owner] |= 1 << (card // 13)
    allowed = [held[slot] | (15 & ~forbid[slot]) for slot in range(4)]
    caps = [owners.count(slot) for slot in range(4)]
    placed = deal_by_flow(cards, caps, allowed, rng)
    assert [mask.bit_count() for mask in placed] == caps
    assert sum(placed) == sum(1 << c for c in cards)
    for slot, mask in enumerate(placed):
        for card in cards:
            if mask >> card & 1:
                assert allowed[slot] >> (card // 13) & 1


def test_two_player_opening_with_the_four_of_clubs_shows_the_two_is_dead() -> None:
    rules = Rules.preset("two-player")
    deal = Deal.new(rules, seed=31)
    two = CARDS[0]
    assert two.bit & deal.dead and deal.legal_moves() == [CARDS[2]]
    deal.play(CARDS[2])  # 4♣: so the 2♣ is not in play
    view = deal.view(deal.to_play)
    assert view.unseen & two.bit  # the view alone does not say where it is
    for sample_seed in range(20):
        _, dead = sample_hands(view, random.Random(sample_seed))
        assert dead & two.bit
