"""Bots: legal moves in every variant, reasons in both languages, determinism, and
positions where one card is right."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from support.engine import constructed_ending

from hearts_teach import Card, Deal, HeartsError, Rules, RulesError, score_deal
from hearts_teach.bots import LEVELS, Choice, PassChoice, make_bot
from hearts_teach.bots.base import Bot
from hearts_teach.bots.catalog import Said
from hearts_teach.bots.playout import deal_scores, play_on
from hearts_teach.bots.policy import (
    CLAIMS,
    Context,
    Situation,
    choose_play,
    context,
    lone_taker,
    play_facts,
    true_key,
)
from hearts_teach.cards import cards_of, indexes_of, mask_of, parse_cards
from hearts_teach.deal import PlayerView, winning_position
from hearts_teach.errors import BotError
from hearts_teach.i18n import message

SMALL_MC: dict[str, Any] = {"playouts": 24, "time_limit": None}


def bot(level: str, seed: int = 0) -> Bot:
    return make_bot(level, seed=seed, **(SMALL_MC if level == "montecarlo" else {}))


def check_reason(reason_en: str, reason_fr: str) -> None:
    assert reason_en and reason_fr
    assert reason_en != reason_fr
    for sentence in (reason_en, reason_fr):
        assert "{" not in sentence and "}" not in sentence
        assert sentence[0].isupper()
    # French must not contain the English card words, and the reverse.
    assert " the " not in f" {reason_fr} " and " of " not in reason_fr
    assert " de " not in f" {reason_en} " and " le " not in f" {reason_en} "


def named_cards(params: Mapping[str, object]) -> set[Card]:
    """Every card a reason's parameters name, nested sentences included."""
    named: set[Card] = set()
    for value in params.values():
        if isinstance(value, Card):
            named.add(value)
        elif isinstance(value, tuple):
            named |= {card for card in value if isinstance(card, Card)}
        elif isinstance(value, Said):
            named |= named_cards(value.params)
    return named


def check_who_can_go_over(view: PlayerView, choice: Choice) -> None:
    """What a reason says of the players after this one, checked against what the seat
    has seen (its hand, the cards played, the voids shown), not with the bots' own code:
    "all my spades beat the two" means every legal card wins the trick as it stands;
    "hoping someone after me plays higher" (or "a player after me may still play higher")
    that a player still to play, not void in the suit, may hold a higher card still out; "nobody after me can beat it" that none can."""
    said = choice.reason("en")
    rules, card = view.rules, choice.card
    trick = [c.index for _, c in view.trick]
    if re.search(r"^All my .* beat|^I cannot stay under", said):
        for other in view.legal_moves():
            assert winning_position([*trick, other.index], rules.hearts_trump) == len(trick)
    hoping = any(
        words in said
        for words in (
            "hoping someone after me plays higher",
            "a player after me may still play higher",
        )
    )
    nobody = "nobody after me can beat" in said
    if not hoping | nobody:
        return
    seen = {c for t in view.tricks for _, c in t.plays} | {c for _, c in view.trick}
    out = [
        c
        for c in cards_of(rules.deck)
        if c.suit == card.suit and c.rank > card.rank and c not in seen | set(view.hand_cards)
    ]
    n = rules.players
    after = [(view.player + k) % n for k in range(1, n - len(view.trick))]
    direction = view.pass_direction
    receiver = None if direction is None else rules.pass_receiver(view.player, direction)
    passed = set(cards_of(view.passed))  # with the player they went to, until played

    def may_hold(seat: int) -> list[Card]:
        return [c for c in out if seat == receiver or c not in passed]

    may_go_over = any(may_hold(seat) and not view.voids[seat] >> card.suit & 1 for seat in after)
    assert not rules.hearts_trump  # following and not last: three players or more
    assert may_go_over == hoping, (said, out, after, view.voids)


def play_deal(rules: Rules, seed: int, bots: list[Bot], deal_number: int = 0) -> Deal:
    """Play a whole deal; every pass and card is checked against the rules."""
    deal = Deal.new(rules, seed=seed, deal_number=deal_number)
    if deal.phase == "pass":
        for player in range(rules.players):
            view = deal.view(player)
            passing = bots[player].pass_cards(view)
            assert isinstance(passing, PassChoice)
            assert len(passing.cards) == rules.pass_count
            assert len(set(passing.cards)) == len(passing.cards)
            assert mask_of(passing.cards) & ~view.hand == 0
            check_reason(passing.reason("en"), passing.reason("fr"))
            check_reason(passing.advice("en"), passing.advice("fr"))
            deal.pass_cards(player, passing.cards)
    while not deal.is_over:
        player = deal.to_play
        view = deal.view(player)
        choice = bots[player].play(view)
        assert isinstance(choice, Choice)
        assert choice.card in view.legal_moves()
        check_reason(choice.reason("en"), choice.reason("fr"))
        check_reason(choice.advice("en"), choice.advice("fr"))
        # What the reason claims of the hand and the trick is true.
        situation = Situation.from_view(view)
        facts = play_facts(context(rules), situation, choice.card.index)
        assert CLAIMS[choice.key.removeprefix("play.")] <= facts, choice.key
        check_who_can_go_over(view, choice)
        # The table shows this sentence to everyone: it may name only cards on the table.
        public = {card for trick in deal.tricks for _, card in trick.plays}
        public |= {card for _, card in deal.current_trick.plays} | {choice.card}
        assert named_cards({"card": choice.card, **choice.params}) <= public
        deal.play(choice.card)
    return deal


@pytest.mark.parametrize("preset", list(Rules.PRESETS))
def test_random_and_heuristic_play_legal_cards_in_every_preset(preset: str) -> None:
    rules = Rules.preset(preset)
    for seed in range(4):
        # The deal number walks through the pass directions (left, right, across, none).
        levels = ["heuristic", "random"] * 3
        bots = [bot(levels[p], seed=seed * 10 + p) for p in range(rules.players)]
        play_deal(rules, seed, bots, deal_number=seed)


@pytest.mark.parametrize("level", LEVELS)
def test_what_every_level_says_of_the_players_after_it_is_true(level: str) -> None:
    """Seen with the strong bots: "All my spades beat the two of spades: I play the ace
    of spades, hoping someone after me plays higher" (nobody can go over an ace), and the
    same with the ten of diamonds when the one player after had shown void in diamonds.
    Every reason of every seat of many seeded deals is checked by ``play_deal``."""
    rules = Rules()
    for seed in range(6 if level == "montecarlo" else 24):
        bots = [
            make_bot(level, seed=seed * 4 + p, playouts=8, time_limit=None)
            if level == "montecarlo"
            else bot(level, seed=seed * 4 + p)
            for p in range(rules.players)
        ]
        play_deal(rules, seed, bots, deal_number=seed)


def test_a_card_nobody_after_can_beat_is_not_played_hoping_someone_goes_over() -> None:
    ctx = context(Rules())
    # The ace of spades over the two: it wins whatever comes after.
    deal = position(Rules(), ["2S 2D 3D", "AS 4S 5D", "KS 6D 7D", "3S 8D 9D"], 0, "2S")
    s = Situation.from_view(deal.view(1))
    assert true_key(ctx, s, Card.parse("AS").index) == "forced_win"
    assert true_key(ctx, s, Card.parse("4S").index, "forced_low") == "forced_low"
    # The ten of diamonds, when the only player after has shown void in diamonds.
    deal = position(
        Rules(), ["9D 3D 5H 6H", "6D 4D 7H 8H", "7D 10D 8D 2H", "2C 3C 4C 5C"], 0, "9D 6D 7D 2C"
    )
    deal.play(Card.parse("3D"))
    deal.play(Card.parse("4D"))
    s = Situation.from_view(deal.view(2))
    assert s.voids[3] >> 1 & 1
    assert true_key(ctx, s, Card.parse("10D").index) == "forced_win"


def every_turn(seed: int, preset: str) -> Iterator[tuple[Deal, Situation]]:
    """Each turn of a deal of ``preset`` (passed, then played by the first legal card):
    the deal and what the seat to play knows, before its card."""
    rules = Rules.preset(preset)
    deal = Deal.new(rules, seed=seed)
    if deal.phase == "pass":
        for player in range(rules.players):
            deal.pass_cards(player, deal.hand(player)[: rules.pass_count])
    while not deal.is_over and deal.phase == "play":
        yield deal, Situation.from_view(deal.view(deal.to_play))
        deal.play(deal.legal_moves()[0])


@given(seed=st.integers(0, 5_000), preset=st.sampled_from(sorted(Rules.PRESETS)))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_higher_card_over_a_trick_is_never_said_to_hope_for_an_overtake(
    seed: int, preset: str
) -> None:
    """A puzzle in Black Maria answered D♦ over 3♦ (holding 4♦ 5♦) with "hoping someone
    after you plays higher", the motive for playing low. Every legal card of every turn
    of a played deal: a reason naming that hope goes only with the lowest card of its
    suit, and a higher card that must win for now is said to be played now instead."""
    ctx = context(Rules.preset(preset))
    for deal, s in every_turn(seed, preset):
        for card in deal.legal_moves():
            key = true_key(ctx, s, card.index)
            held = [c for c in deal.hand(deal.to_play) if c.suit == card.suit]
            if key == "forced_over":
                assert card != min(held, key=lambda c: c.rank)
            if "hoping someone after you" in message("hint.play." + key, "en"):
                assert card == min(held, key=lambda c: c.rank)


@given(seed=st.integers(0, 5_000), preset=st.sampled_from(sorted(Rules.PRESETS)))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_quick_void_is_never_promised_with_the_deal_ending(seed: int, preset: str) -> None:
    """Seen at trick 12, two cards left: « pour vous créer vite une chicane à pique ».
    Every legal card of every turn of a played deal: a reason promising to run out of a
    suit soon leaves at least two cards of other suits to play after it."""
    ctx = context(Rules.preset(preset))
    for deal, s in every_turn(seed, preset):
        hand = deal.hand(deal.to_play)
        for card in deal.legal_moves():
            key = true_key(ctx, s, card.index, "lead_short")
            words = message("hint.play." + key, "en") + message("hint.play." + key, "fr")
            if re.search(r"run out of \{suit\} soon|vite une chicane", words):
                others = [c for c in hand if c.suit != card.suit]
                assert len(others) >= 2 and len(hand) >= 3, (key, hand, card)


def test_a_card_the_bot_passed_is_where_it_went() -> None:
    """The only higher spade out is the king the seat passed to the leader, who has
    played already: nobody after can go over the jack. Passed to a later seat, one may."""
    ctx = context(Rules())
    deal = position(Rules(), ["2S 2D 3D", "JS 4S 5D", "9D 6D 7D", "3S 8D 9C"], 0, "2S")
    seen = Situation.from_view(deal.view(1))
    seen.played |= mask_of(parse_cards("QS AS"))
    king = mask_of(parse_cards("KS"))
    jack = Card.parse("JS").index
    assert true_key(ctx, replace(seen, passed=king, pass_to=0), jack) == "forced_win"
    assert true_key(ctx, replace(seen, passed=king, pass_to=2), jack) == "forced_over"


@pytest.mark.parametrize("preset", list(Rules.PRESETS))
def test_montecarlo_plays_legal_cards_in_every_preset(preset: str) -> None:
    rules = Rules.preset(preset)
    bots = [make_bot("montecarlo", seed=p, playouts=8, time_limit=None) for p in range(2)]
    bots += [bot("heuristic", seed=p) for p in range(2, rules.players)]
    play_deal(rules, seed=5, bots=bots, deal_number=0)


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    """Random combinations of rule options (impossible ones are skipped)."""
    players = draw(st.sampled_from([2, 3, 4]))
    options: dict[str, Any] = {
        "players": players,
        "moon": draw(st.sampled_from(["old", "new", "mixed", "none"])),
        "spot": draw(st.booleans()),
        "omnibus": draw(st.booleans()),
        "black_maria": players == 3 or draw(st.booleans()),
        "partnership": players == 4 and draw(st.booleans()),
        "reverse": draw(st.booleans()),
        "qs_penalty": draw(st.booleans()),
        "passing": draw(st.sampled_from([None, "left", "right", "alternate", "none"])),
        "pass_count": draw(st.sampled_from([None, 1, 2, 3, 4])),
        "must_break_hearts": draw(st.booleans()),
        "qs_breaks_hearts": draw(st.sampled_from(["off", "discard", "any"])),
        "lead_hearts_instead_of_qs": draw(st.booleans()),
        "first_lead_any_club": draw(st.booleans()),
        "avoid_all_tricks_bonus": draw(st.booleans()),
        "omnibus_jd_stacks_on_moon": draw(st.booleans()),
        "partner_spared_on_moon": draw(st.booleans()),
    }
    if players == 4:
        options["first_trick_forced"] = draw(st.sampled_from(["any", "hearts_before_queen"]))
        options["passing"] = draw(st.sampled_from([None, "cycle", "across", "left", "none"]))
    if players == 2:
        options["two_player_moon_award"] = draw(st.sampled_from(["fixed_20", "points_in_play"]))
    try:
        return Rules(**options)
    except RulesError:
        assume(False)
        raise


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(rules=rule_sets(), seed=st.integers(0, 10_000), deal_number=st.integers(0, 7))
def test_legal_moves_only_under_random_rule_combinations(
    rules: Rules, seed: int, deal_number: int
) -> None:
    levels = ["heuristic", "random", "heuristic", "random"]
    bots = [bot(levels[p], seed=seed + p) for p in range(rules.players)]
    play_deal(rules, seed, bots, deal_number=deal_number)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(rules=rule_sets(), seed=st.integers(0, 10_000), deal_number=st.integers(0, 7))
def test_montecarlo_legal_under_random_rule_combinations(
    rules: Rules, seed: int, deal_number: int
) -> None:
    bots: list[Bot] = [make_bot("montecarlo", seed=seed, playouts=6, time_limit=None)]
    bots += [bot("heuristic", seed=seed + p) for p in range(1, rules.players)]
    play_deal(rules, seed, bots, deal_number=deal_number)


# --- the Monte-Carlo bot's scorer is the engine's ------------------------------------


@st.composite
def scored_deals(
    draw: st.DrawFn,
) -> tuple[Rules, list[int], int, list[int], tuple[int, ...]]:
    """Random rules (every scoring option), who took which cards (often every card a
    moon needs to one player), dead cards, tricks won and totals near the target."""
    rules = draw(rule_sets()).replace(
        omnibus_moon_requires_jd=draw(st.booleans()),
        two_player_both_over=draw(st.sampled_from(["lowest_wins", "continue"])),
        target=draw(st.integers(20, 300)),
    )
    if rules.players == 4 and not rules.black_maria and draw(st.booleans()):
        # Mixed Moon with Omnibus and J♦ stacking: the case the scorer once got wrong.
        rules = rules.replace(moon="mixed", omnibus=True, omnibus_jd_stacks_on_moon=True)
    n = rules.players
    rng = random.Random(draw(st.integers(0, 2**32)))
    cards = cards_of(rules.deck)
    rng.shuffle(cards)
    dead = 0
    for card in cards[: rules.dead_count]:
        dead |= card.bit
    shooter = rng.randrange(n) if draw(st.booleans()) else None
    taken = [0] * n
    for card in cards[rules.dead_count :]:
        moon_card = shooter is not None and rules.moon_cards & card.bit
        taken[shooter if moon_card else rng.randrange(n)] |= card.bit
    tricks = [-(-mask.bit_count() // n) for mask in taken]
    spread = rules.moon_value + 40
    totals = tuple(rules.target - draw(st.integers(-5, spread)) for _ in range(n))
    return rules, taken, dead, tricks, totals


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(scored_deals())
def test_montecarlo_scorer_agrees_with_score_deal_under_every_scoring_option(
    case: tuple[Rules, list[int], int, list[int], tuple[int, ...]],
) -> None:
    rules, taken, dead, tricks, totals = case
    expected = score_deal(
        rules, [cards_of(m) for m in taken], totals, cards_of(dead), tricks=tricks
    )
    assert deal_scores(context(rules), taken, dead, tricks, totals) == list(expected.scores)


@pytest.mark.parametrize(
    ("rules", "moon_taker", "jack_taker", "totals", "scores"),
    [
        # The shooter's J♦ −10 makes him the sole lowest under Old Moon: Old stands.
        (Rules(moon="mixed", omnibus=True, omnibus_jd_stacks_on_moon=True), 0, 0,
         (90, 60, 80, 80), [-10, 26, 26, 26]),
        # Another player's J♦ −10 makes him win under Old Moon: New applies.
        (Rules(moon="mixed", omnibus=True, omnibus_jd_stacks_on_moon=True,
               omnibus_moon_requires_jd=False), 0, 1, (80, 60, 80, 80), [-26, -10, 0, 0]),
    ],
)  # fmt: skip
def test_montecarlo_scorer_mixed_moon_counts_the_stacked_jack(
    rules: Rules, moon_taker: int, jack_taker: int, totals: tuple[int, ...], scores: list[int]
) -> None:
    taken = [0, 0, 0, 0]
    taken[moon_taker] |= rules.penalty_cards
    taken[jack_taker] |= Card.parse("JD").bit
    tricks = [13, 1, 0, 0]
    assert deal_scores(context(rules), taken, 0, tricks, totals) == scores
    assert score_deal(rules, [cards_of(m) for m in taken], totals).scores == tuple(scores)


# --- a playout on masks plays as the engine does ---------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    rules=rule_sets(),
    seed=st.integers(0, 10_000),
    deal_number=st.integers(0, 7),
    extra=st.integers(0, 40),
    bot_first=st.booleans(),
    policy=st.booleans(),
)
def test_playout_on_masks_plays_the_deal_as_the_engine_would(
    rules: Rules, seed: int, deal_number: int, extra: int, bot_first: bool, policy: bool
) -> None:
    """``play_on`` (the Monte-Carlo playouts after the first trick, outside the Deal)
    knows the engine's rules of play: from a random position after the first trick,
    every seat choosing by the policy (each given its own view of the Deal) or at random,
    it offers the same legal cards at every choice as the Deal does (and says no moon
    is in play only when none is), and ends with the same cards taken, tricks won and
    voids shown."""
    ctx = context(rules)
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, deal_number=deal_number)
    while deal.phase == "pass":
        player = deal.to_play
        deal.pass_cards(player, rng.sample(deal.hand(player), rules.cards_to_pass))
    while not deal.is_over and (deal.trick_number == 0 or extra > 0):
        extra -= deal.trick_number > 0
        deal.play(rng.choice(deal.legal_moves()))
    assume(not deal.is_over)
    first = rng.choice(deal.legal_moves()).index if bot_first else -1

    def chooser(record: list[int]) -> Callable[..., tuple[int, str]]:
        random_choice = random.Random(seed)

        def choose(ctx: Context, s: Situation, calm: bool = False) -> tuple[int, str]:
            record.append(s.legal)
            assert not calm or lone_taker(ctx, s.taken) < 0  # calm: no moon in play
            if policy:
                return choose_play(ctx, s, calm)
            return random_choice.choice(indexes_of(s.legal)), "random"

        return choose

    engine_legal: list[int] = []
    choose = chooser(engine_legal)
    engine = deal.copy()
    if first >= 0:
        engine.play_index(first)
    while not engine.is_over:
        legal = engine.legal_mask()
        if legal & (legal - 1):
            card = choose(ctx, Situation.from_view(engine.view(engine.to_play)))[0]
        else:
            card = legal.bit_length() - 1
        engine.play_index(card)

    offered: list[int] = []
    situation = Situation.from_view(deal.view(deal.to_play))
    won = deal.tricks_won
    with patch("hearts_teach.bots.playout.choose_play", chooser(offered)):
        play_on(ctx, situation, list(deal.hands), won, deal.to_play, deal.hearts_broken, first)
    assert offered == engine_legal
    assert situation.taken == engine.taken
    assert won == engine.tricks_won
    assert situation.voids == engine.shown_voids()
    assert situation.played == engine.view(0).played_mask


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_choices_whatever_was_asked_before(level: str) -> None:
    rules = Rules()
    deal = Deal.new(rules, seed=11, deal_number=0)
    first = bot(level, seed=4)
    passes = [first.pass_cards(deal.view(p)).cards for p in range(4)]
    for player, cards in enumerate(passes):
        deal.pass_cards(player, cards)
    deal.play(make_bot("heuristic").play(deal.view(deal.to_play)).card)
    view = deal.view(deal.to_play)
    before = first.play(view)
    fresh = bot(level, seed=4)
    assert fresh.play(view).card == before.card
    assert fresh.pass_cards(Deal.new(rules, seed=11).view(2)).cards == passes[2]
    assert first.play(view) == before


def test_random_bot_depends_on_its_seed() -> None:
    deal = Deal.new(Rules(passing="none"), seed=3)
    deal.play(deal.legal_moves()[0])
    view = deal.view(deal.to_play)
    cards = {make_bot("random", seed=s).play(view).card for s in range(20)}
    assert len(cards) > 1
    assert cards <= set(view.legal_moves())


@pytest.mark.parametrize(
    ("level", "budget", "code", "english", "french"),
    [
        (
            "expert",
            {},
            "bot_level",
            "“expert” is not a bot level",
            "«\u202fexpert\u202f» n’est pas",
        ),
        ("heuristic", {"playouts": 10}, "bot_no_budget", "takes no budget (playouts)", "budget"),
        ("random", {"time_limit": 1.0}, "bot_no_budget", "(time_limit)", "(time_limit)"),
        ("montecarlo", {"samples": 10}, "bot_budget", "not samples", "pas samples"),
        ("montecarlo", {"playouts": 0}, "bot_playouts", "not 0", "pas de 0"),
        ("montecarlo", {"time_limit": -1.0}, "bot_time_limit", "not -1", "pas -1"),
    ],
)
def test_make_bot_refuses_unknown_level_and_budget_in_both_languages(
    level: str, budget: dict[str, Any], code: str, english: str, french: str
) -> None:
    with pytest.raises(BotError) as refusal:
        make_bot(level, **budget)
    assert refusal.value.code == code
    assert english in str(refusal.value) == refusal.value.message("en")
    assert french in refusal.value.message("fr")
    assert isinstance(refusal.value, HeartsError)


def test_bot_refuses_to_play_out_of_turn_or_pass_during_play() -> None:
    deal = Deal.new(Rules(passing="none"), seed=1)
    other = (deal.to_play + 1) % 4
    with pytest.raises(BotError, match="own turn"):
        make_bot("heuristic").play(deal.view(other))
    with pytest.raises(BotError, match="passes cards only"):
        make_bot("heuristic").pass_cards(deal.view(deal.to_play))
    with pytest.raises(BotError, match="once the deal is over"):
        make_bot("heuristic").choose_moon(deal.view(other))


# --- positions with one right card ---------------------------------------------------


def position(
    rules: Rules, hands: list[str], leader: int, plays: str, hearts_broken: bool = True
) -> Deal:
    deal = constructed_ending(rules, hands, leader=leader, hearts_broken=hearts_broken)
    for card in parse_cards(plays):
        deal.play(card)
    return deal


POSITIONS = [
    pytest.param(
        Rules(),
        ["5S 2D 3D", "QS 4D 5D", "9S 6D 7D", "AS KS 3S"],
        "5S QS 9S",
        "3S",
        id="only-card-that-avoids-the-queen",
    ),
    pytest.param(
        Rules(),
        ["5C 2D 3D", "6C 4D 5D", "9C 6D 7D", "QS 2H 8D"],
        "5C 6C 9C",
        "QS",
        id="dump-the-queen-when-void",
    ),
    pytest.param(
        Rules.preset("black-maria"),
        ["5C 2D 3D", "6C 4D 5D", "9C 6D 7D", "KS 2H 8D"],
        "5C 6C 9C",
        "KS",
        id="black-maria-dump-the-king-of-spades",
    ),
    pytest.param(
        Rules.preset("omnibus"),
        ["9D 2C 3C", "JD 4C 5C", "3D 6C 7C", "AD 2D 8C"],
        "9D JD 3D",
        "AD",
        id="omnibus-take-the-jack-of-diamonds",
    ),
    pytest.param(
        Rules.preset("reverse"),
        ["5H 2C 3C", "9H 4C 5C", "2H 6C 7C", "AH 3H 8C"],
        "5H 9H 2H",
        "AH",
        id="reverse-take-the-hearts",
    ),
    pytest.param(
        Rules.preset("two-player"),
        ["8C 6D", "QS 2H"],
        "8C",
        "QS",
        id="two-player-discard-the-queen-rather-than-trump",
    ),
]


@pytest.mark.parametrize("level", ["heuristic", "montecarlo"])
@pytest.mark.parametrize(("rules", "hands", "plays", "right"), POSITIONS)
def test_sound_players_find_the_one_right_card(
    level: str, rules: Rules, hands: list[str], plays: str, right: str
) -> None:
    deal = position(rules, hands, leader=0, plays=plays)
    view = deal.view(deal.to_play)
    choice = bot(level, seed=1).play(view)
    assert choice.card == Card.parse(right)
    check_reason(choice.reason("en"), choice.reason("fr"))


def test_montecarlo_estimates_cover_every_legal_card_and_rank_the_choice_best() -> None:
    deal = position(Rules(), ["5S 2D 3D", "QS 4D 5D", "9S 6D 7D", "AS KS 3S"], 0, "5S QS 9S")
    choice = bot("montecarlo").play(deal.view(3))
    assert choice.estimates is not None
    assert set(choice.estimates) == set(deal.legal_moves())
    assert choice.estimates[Card.parse("3S")] < 1
    assert choice.estimates[Card.parse("KS")] >= 13
    # Three legal cards, two of them equivalent (K♠ A♠): the playouts go to two cards.
    assert choice.samples == SMALL_MC["playouts"] // 2


def test_reasons_name_the_cards_in_each_language() -> None:
    deal = position(Rules(), ["5S 2D 3D", "QS 4D 5D", "9S 6D 7D", "AS KS 3S"], 0, "5S QS 9S")
    choice = make_bot("heuristic").play(deal.view(3))
    assert "three of spades" in choice.reason("en")
    assert "queen of spades" in choice.reason("en")
    assert "trois de pique" in choice.reason("fr")
    assert "dame de pique" in choice.reason("fr")


def test_french_reasons_contract_the_article() -> None:
    deal = position(Rules(), ["5C 2D 3D", "6C 4D 5D", "9C 6D 7D", "KH 2H 8D"], 0, "5C 6C 9C")
    choice = make_bot("heuristic").play(deal.view(3))
    assert choice.card == Card.parse("KH")
    assert "du roi de cœur" in choice.reason("fr")
    assert "de le " not in choice.reason("fr")


@pytest.mark.parametrize("level", ["heuristic", "montecarlo"])
def test_partnership_never_passes_the_queen_to_the_partner(level: str) -> None:
    hand = "2C 2D 3D 5D 6D 8D KD 3S QS 3H 4H 6H 7H"
    queen = Card.parse("QS")
    rules = Rules.preset("partnership")
    hands = partnership_hands(hand)
    to_left = Deal.from_hands(rules, hands, pass_direction="left").view(0)
    across = Deal.from_hands(rules, hands, pass_direction="across").view(0)
    assert queen in make_bot("heuristic").pass_cards(to_left).cards
    assert queen not in bot(level).pass_cards(across).cards


def partnership_hands(first: str) -> list[list[Card]]:
    mine = parse_cards(first)
    others = [c for c in cards_of(Rules().deck) if c not in mine]
    return [mine, others[0:13], others[13:26], others[26:39]]


# --- Omnibus: winning a trick with the jack of diamonds ----------------------------------


def omnibus_trick(jack_seat: int) -> Deal:
    """Late in an Omnibus deal: 4♦ led, a heart discarded, 7♦; the jack's holder can win
    the trick with J♦ (or duck with 2♦)."""
    rules = Rules.preset("omnibus")
    hands = ["4D 2C 3C", "5H 6C 8C", "7D 4C 5C", "9D 9C 10C"]
    hands[jack_seat] = "JD 2D " + hands[jack_seat].split()[-1]
    if jack_seat != 3:
        hands[3] = "KD 2S 3S"  # the last player can overtake the jack
    deal = constructed_ending(rules, hands, leader=0, hearts_broken=True)
    for card in ("4D", "5H", "7D")[:jack_seat]:
        deal.play(card)
    return deal


def test_playing_last_the_heuristic_wins_a_trick_with_the_jack_when_it_pays() -> None:
    deal = omnibus_trick(jack_seat=3)  # 1 point on the table, the jack takes 10 off
    choice = make_bot("heuristic").play(deal.view(3))
    assert str(choice.card) == "J♦" and choice.key == "play.take_bonus"


def test_not_last_the_heuristic_keeps_the_jack_out_of_a_trick_with_points() -> None:
    deal = omnibus_trick(jack_seat=2)  # K♦ may still come: the jack would be lost
    choice = make_bot("heuristic").play(deal.view(2))
    assert str(choice.card) == "2♦"
