"""The kitty (docs/rules.md §16.7): with three, five or six players no card is removed;
the cards left over after an even deal lie face down and go, with their points, to the
winner of the first trick. Its invariants over random deals, bots and records."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_teach import Card, Deal, Rules, RulesError, score_deal
from hearts_teach.bots import make_bot
from hearts_teach.bots.playout import advance
from hearts_teach.bots.policy import Situation, context, play_facts
from hearts_teach.bots.sampling import HandSampler
from hearts_teach.cards import FULL_DECK, SUIT_MASKS, Suit, cards_of
from hearts_teach.records import deal_from_code, deal_from_dict, deal_to_dict, share_code

KITTY = settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


@st.composite
def kitty_rules(draw: st.DrawFn) -> Rules:
    """A table with a kitty, with the options that change what its cards are worth."""
    n = draw(st.sampled_from((3, 5, 6)))
    options: dict[str, object] = {"players": n, "kitty": True}
    options["black_maria"] = draw(st.booleans())
    options["omnibus"] = draw(st.booleans())
    options["spot"] = draw(st.booleans())
    options["moon"] = draw(st.sampled_from(("old", "new", "none")))
    options["passing"] = draw(st.sampled_from((None, "left", "none")))
    options["first_lead"] = draw(st.sampled_from((None, "left_of_dealer")))
    return Rules(**options)  # type: ignore[arg-type]


def started(rules: Rules, seed: int, cards: int) -> Deal:
    """A deal of ``rules`` after random passes and ``cards`` random legal cards (at most
    to its end)."""
    deal = Deal.new(rules, seed=seed, deal_number=seed % 4)
    chooser = random.Random(seed)
    if deal.phase == "pass":
        for player in range(rules.players):
            deal.pass_cards(player, chooser.sample(deal.hand(player), rules.cards_to_pass))
    for _ in range(cards):
        if deal.phase != "play":
            break
        deal.play(chooser.choice(deal.legal_moves()))
    return deal


def played_out(rules: Rules, seed: int) -> Deal:
    """A deal of ``rules`` played to its end by random legal cards (and random passes)."""
    return started(rules, seed, 52)


# --- the rules value ------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size", "kitty"), [(3, 17, 1), (5, 10, 2), (6, 8, 4)])
def test_the_kitty_takes_the_cards_an_even_deal_leaves_over(
    players: int, size: int, kitty: int
) -> None:
    rules = Rules(players=players, kitty=True)
    assert rules.deck == FULL_DECK and rules.removed == "none"
    assert (rules.hand_size, rules.dead_count) == (size, kitty)
    assert rules.points_per_deal == rules.moon_value == 26
    word = {3: "three", 5: "five", 6: "six"}[players]
    assert rules.preset_name == f"{word}-player-kitty"
    assert rules.changed_options() == {"players": players, "kitty": True}
    # without the kitty, the table takes its usual cards out again
    assert rules.replace(kitty=False) == Rules(players=players)


@pytest.mark.parametrize(
    "options", [{"players": 4}, {"players": 2}, {"players": 3, "removed": "2d"}]
)
def test_the_kitty_is_refused_where_no_card_is_left_over(options: dict[str, object]) -> None:
    with pytest.raises(RulesError) as refused:
        Rules(kitty=True, **options)  # type: ignore[arg-type]
    english, french = refused.value.message("en"), refused.value.message("fr")
    assert english != french and "kitty" not in french
    if options.get("removed") is None:
        assert "three, five or six" in english and "trois, cinq ou six" in french


# --- the deal -------------------------------------------------------------------------


@KITTY
@given(kitty_rules(), st.integers(0, 2**32))
def test_every_deal_totals_the_deck_and_the_kitty_goes_to_the_first_trick(
    rules: Rules, seed: int
) -> None:
    deal = Deal.new(rules, seed=seed, deal_number=seed % 4)
    kitty = deal.dead
    assert kitty.bit_count() == rules.dead_count
    assert all(not hand & kitty for hand in deal.hands)
    played = played_out(rules, seed)
    first = played.tricks[0]
    assert first.winner is not None
    assert played.taken[first.winner] & played.dead == played.dead
    result = played.result()
    # every point of the pack is scored, the kitty's included
    assert sum(result.points) == rules.points_per_deal
    assert sum(bin(mask).count("1") for mask in played.taken) == 52


@KITTY
@given(kitty_rules(), st.integers(0, 2**32))
def test_undoing_the_first_trick_puts_the_kitty_back(rules: Rules, seed: int) -> None:
    deal = started(rules, seed, rules.players - 1)
    before = deal.copy()
    deal.play(random.Random(seed).choice(deal.legal_moves()))
    assert deal.kitty_taken == deal.dead
    deal.undo()
    assert deal.state_key() == before.state_key() and deal.kitty_taken == 0
    assert not any(taken & deal.dead for taken in deal.taken)


@KITTY
@given(kitty_rules(), st.integers(0, 2**32))
def test_the_lowest_club_dealt_opens(rules: Rules, seed: int) -> None:
    if rules.first_lead != "two_of_clubs":
        return
    deal = Deal.new(rules, seed=seed)
    clubs = [c for c in cards_of(SUIT_MASKS[Suit.CLUBS]) if not deal.dead & c.bit]
    opener = next(p for p in range(rules.players) if deal.hands[p] & clubs[0].bit)
    if deal.phase == "pass":
        return  # the pass may move it; the test below sets a hand with no pass
    assert deal.to_play == opener and deal.legal_moves() == [clubs[0]]


def test_the_three_of_clubs_opens_when_the_two_lies_in_the_kitty() -> None:
    rules = Rules(players=3, kitty=True, passing="none")
    deck = cards_of(FULL_DECK)
    two = Card.parse("2C")
    rest = [c for c in deck if c != two]
    hands = [rest[i::3] for i in range(3)]
    deal = Deal.from_hands(rules, hands, dead=[two])
    three = Card.parse("3C")
    assert deal.to_play == next(p for p in range(3) if three in hands[p])
    assert deal.legal_moves() == [three]


def test_the_kitty_s_hearts_count_for_the_moon() -> None:
    """A player who takes every penalty card of the hands but not the kitty's heart has
    no moon; with the kitty, a moon (the engine's scoring, §16.7)."""
    rules = Rules(players=3, kitty=True)
    penalty = cards_of(rules.penalty_cards)
    heart = Card.parse("2H")
    others = [c for c in cards_of(FULL_DECK) if c not in penalty]
    rest = [c for c in penalty if c != heart]
    without = score_deal(rules, [rest, others, [heart]], dead=[heart])
    assert without.moon is None and without.points == (25, 0, 1)
    with_it = score_deal(rules, [[*rest, heart], others, []], dead=[heart])
    assert with_it.moon == 0 and with_it.scores == (0, 26, 26)


# --- what each seat sees, and the bots ------------------------------------------------


@KITTY
@given(kitty_rules(), st.integers(0, 2**32), st.integers(0, 40))
def test_no_seat_sees_the_kitty_until_it_is_taken(rules: Rules, seed: int, steps: int) -> None:
    deal = started(rules, seed, min(steps, rules.hand_size * rules.players - 1))
    kitty = deal.dead
    for seat in range(rules.players):
        view = deal.view(seat)
        assert not view.hand & kitty
        if deal.trick_number == 0:
            # face down: nobody knows it, and every seat's samples may put any card there
            assert view.kitty == 0 and view.dead_count == rules.dead_count
            assert view.unseen & kitty == kitty
            assert not any(t & kitty for t in view.taken)
        else:
            # taken face up with the first trick: everyone sees it, nobody samples it
            assert view.kitty == kitty and view.dead_count == 0
            assert not view.unseen & kitty
        if seat == deal.to_play:
            hands, dead = HandSampler(view).draw(random.Random(seed))
            assert dead.bit_count() == view.dead_count
            assert hands[seat] == view.hand and not dead & view.hand
            placed = dead
            for hand in hands:
                assert not placed & hand
                placed |= hand
            assert placed == view.unseen | view.hand


@pytest.mark.parametrize("players", [3, 5, 6])
@pytest.mark.parametrize("level", ["heuristic", "montecarlo"])
def test_the_bots_play_a_kitty_deal_to_its_end(players: int, level: str) -> None:
    rules = Rules(players=players, kitty=True)
    budget = {"playouts": 12} if level == "montecarlo" else {}
    bots = [make_bot(level, seed=p, **budget) for p in range(players)]
    deal = Deal.new(rules, seed=players, deal_number=0)
    if deal.phase == "pass":
        for player in range(players):
            deal.pass_cards(player, bots[player].pass_cards(deal.view(player)).cards)
    while not deal.is_over:
        player = deal.to_play
        choice = bots[player].play(deal.view(player))
        assert choice.card in deal.legal_moves()
        assert choice.reason("fr") and choice.reason("en")
        deal.play(choice.card)
    assert sum(deal.result().points) == 26


def test_a_queen_taken_in_the_kitty_is_no_longer_out_for_the_bots() -> None:
    """Once the kitty is taken, its cards are out of play for every seat's reasoning: a
    bot does not say (or play as if) the queen of spades were still to come."""
    rules = Rules.preset("six-player-kitty")
    queen = Card.parse("QS")
    seed = next(seed for seed in range(100) if started(rules, seed, 0).dead & queen.bit)
    deal = started(rules, seed, rules.players)  # the first trick played: the kitty taken
    ctx = context(rules)
    view = deal.view(deal.to_play)
    situation = Situation.from_view(view)
    assert situation.played & queen.bit
    for card in view.legal_moves():
        assert "queen_out" not in play_facts(ctx, situation, card.index)
    # the same in a playout, where the first trick is played through the deal
    fresh = started(rules, seed, 0)
    followed = Situation.at_start(fresh, 0)
    chooser = random.Random(seed)
    while fresh.trick_number == 0:
        card = chooser.choice(fresh.legal_moves())
        advance(fresh, followed, fresh.to_play, card.index, rules.players)
    assert followed.played & fresh.dead == fresh.dead


# --- records --------------------------------------------------------------------------


@KITTY
@given(kitty_rules(), st.integers(0, 2**32), st.integers(0, 30))
def test_a_kitty_deal_reads_back_from_its_code_and_its_json(
    rules: Rules, seed: int, steps: int
) -> None:
    deal = started(rules, seed, steps)
    for again in (deal_from_code(share_code(deal)), deal_from_dict(deal_to_dict(deal))):
        assert again.rules == rules and again.state_key() == deal.state_key()
        assert again.kitty_taken == deal.kitty_taken


# Codes written before the kitty existed (main at c85733b): each still reads as the same
# deal, with the same cards removed and no kitty.
OLD_CODES = {
    "three-player": "AQEAAwABAA7ZNFwyWqVaLnQXV_zk7wAYLF2x",
    "five-player": "AQEABQABABIG4cWM32UZPCGRv5YC4ySz8k4A2B53Zg",
    "six-player": "AQEABgABABJ0iQII2lpOA2thSgsWCmKFpowAkeqbwA",
}


@pytest.mark.parametrize("preset", sorted(OLD_CODES))
def test_codes_written_before_the_kitty_read_as_before(preset: str) -> None:
    code = OLD_CODES[preset]
    deal = deal_from_code(code)
    assert deal.rules == Rules.preset(preset) and not deal.rules.kitty
    assert deal.dealt == Deal.new(Rules.preset(preset), seed=11).dealt
    assert share_code(deal) == code
