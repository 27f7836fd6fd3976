"""Property tests over random rule combinations and random legal play.

Legal moves, hearts broken and trick winners are checked against a small reference
written here from docs/rules.md (§1, §2.4–§2.7, §5), not against the engine itself.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from hearts_teach import (
    CARDS,
    Card,
    Deal,
    Game,
    HeartsError,
    IllegalMove,
    Rules,
    RulesError,
    Suit,
    score_deal,
)
from hearts_teach.cards import cards_of
from hearts_teach.records import (
    deal_from_code,
    deal_from_json,
    deal_to_json,
    game_from_json,
    game_to_json,
    share_code,
)
from hearts_teach.rules import (
    FIRST_LEADS,
    FIRST_TRICK_FORCED,
    MOON_RULES,
    OMNIBUS_CARDS,
    PASSING,
    QS_BREAKS,
    REMOVALS,
    REMOVALS_FOR,
    SUNS,
    TWO_PLAYER_BOTH_OVER,
    TWO_PLAYER_MOON_AWARDS,
)
from hearts_teach.scoring import MOON_CHOICES

QUEEN = Card.parse("QS")
PROPERTY = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)

# --- which option combinations are possible (docs/rules.md §4.5, §5, §12) ---------------


def _resolved(options: dict[str, Any], name: str, default: object) -> Any:
    value = options.get(name)
    return default if value is None else value


def is_possible(options: dict[str, Any]) -> bool:
    """The spec's account of which rule sets can be played."""
    n = options.get("players", 4)
    # Three players with Black Maria play the traditional game (§4.6), other counts and
    # three without it standard Hearts (§15).
    traditional = n == 3 and options.get("black_maria")
    passing = _resolved(
        options, "passing", {2: "none", 4: "cycle"}.get(n, "right" if traditional else "x")
    )
    ban = _resolved(options, "first_trick_no_points", n != 2 and not traditional)
    if n not in (2, 3, 4, 5, 6):
        return False
    deals = options.get("deals")
    if deals is not None and deals < 1:
        return False
    # 52 cards deal out evenly to 4; 3, 5 and 6 take out the cards of §15
    removals = {2: ("none",), 3: ("2d", "2c", "2s"), 4: ("none",), 5: ("2c2d",)}
    removed = options.get("removed")
    if options.get("kitty"):
        if n not in (3, 5, 6) or removed not in (None, "none"):
            return False  # the kitty (§16.7) takes the place of the removed cards
    elif removed is not None and removed not in removals.get(n, ("2d3d3c4c", "2c2d3c3d")):
        return False
    if n == 2 and (
        options.get("omnibus")
        or options.get("black_maria")
        or options.get("spot")
        or options.get("moon") in ("new", "mixed", "choice")
    ):
        return False  # no J♦ or K♠ in the 28-card deck; Spot and New Moon undescribed
    if options.get("partnership") and n != 4:
        return False
    if passing in ("cycle", "across") and n != 4:
        return False
    if passing == "five_cycle" and n != 5:
        return False  # two seats along, for five (§16.5)
    return not (options.get("first_trick_forced", "any") != "any" and not ban)


ANY_OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "players": st.sampled_from([1, 2, 3, 4, 5, 6, 7]),
        "removed": st.sampled_from(REMOVALS),
        "deals": st.sampled_from([0, 1, 7]),
        "moon": st.sampled_from(MOON_RULES),
        "spot": st.booleans(),
        "omnibus": st.booleans(),
        "black_maria": st.booleans(),
        "partnership": st.booleans(),
        "reverse": st.booleans(),
        "passing": st.sampled_from(PASSING),
        "first_lead": st.sampled_from(FIRST_LEADS),
        "first_trick_no_points": st.booleans(),
        "first_trick_forced": st.sampled_from(FIRST_TRICK_FORCED),
        "kitty": st.booleans(),
    },
)


@PROPERTY
@given(ANY_OPTIONS)
def test_impossible_rule_sets_raise_rules_error_and_possible_ones_build(
    options: dict[str, Any],
) -> None:
    if is_possible(options):
        rules = Rules(**options)
        assert Rules.from_options(rules.changed_options()) == rules
    else:
        try:
            Rules(**options)
        except RulesError as error:
            assert error.message("fr") != error.message("en")
        else:
            raise AssertionError(f"{options} should be refused")


@st.composite
def playable_rules(draw: st.DrawFn, players: tuple[int, ...] = (2, 3, 3, 4, 4, 4, 5, 6)) -> Rules:
    n = draw(st.sampled_from(players))
    four = n == 4
    options: dict[str, Any] = {"players": n}
    options["black_maria"] = draw(st.booleans()) if n != 2 else False
    traditional = n == 3 and options["black_maria"]
    # the kitty (§16.7) instead of removed cards, for three, five and six
    options["kitty"] = n in (3, 5, 6) and draw(st.booleans())
    removals = ("none",) if options["kitty"] else REMOVALS_FOR[n]
    options["removed"] = draw(st.sampled_from((None, *removals)))
    options["deals"] = draw(st.sampled_from((None, None, 1, 3)))
    options["spot"] = draw(st.booleans()) if n != 2 else False
    options["omnibus"] = draw(st.booleans()) if n != 2 else False
    options["moon"] = draw(st.sampled_from(MOON_RULES if n != 2 else ("old", "none")))
    options["partnership"] = draw(st.booleans()) if four else False
    options["reverse"] = draw(st.booleans())
    options["qs_penalty"] = draw(st.booleans())
    options["passing"] = draw(
        st.sampled_from(
            [word for word in PASSING if word != "five_cycle"]
            if four
            else (None, "left", "right", "alternate", "none", "left_right", "left_right_hold")
            + (("five_cycle",) if n == 5 else ())
        )
    )
    options["pass_count"] = draw(st.sampled_from([None, 1, 2, 3]))
    options["first_lead"] = draw(st.sampled_from((None, *FIRST_LEADS)))
    options["first_lead_any_club"] = draw(st.booleans())
    options["must_break_hearts"] = draw(st.booleans())
    options["qs_breaks_hearts"] = draw(st.sampled_from(QS_BREAKS))
    options["lead_hearts_instead_of_qs"] = draw(st.booleans())
    ban = draw(st.sampled_from([None, True, False]))
    options["first_trick_no_points"] = ban
    if (ban is None and n != 2 and not traditional) or ban:
        options["first_trick_forced"] = draw(st.sampled_from(FIRST_TRICK_FORCED))
    options["omnibus_moon_requires_jd"] = draw(st.booleans())
    options["omnibus_jd_stacks_on_moon"] = draw(st.booleans())
    options["two_player_moon_award"] = draw(st.sampled_from(TWO_PLAYER_MOON_AWARDS))
    options["two_player_both_over"] = draw(st.sampled_from(TWO_PLAYER_BOTH_OVER))
    options["avoid_all_tricks_bonus"] = draw(st.booleans())
    options["partner_spared_on_moon"] = draw(st.booleans()) if four else False
    options["target"] = draw(st.integers(1, 300))
    # the house rules of §16, where they mean something
    if options["omnibus"]:
        options["omnibus_card"] = draw(st.sampled_from(OMNIBUS_CARDS))
    if options["qs_penalty"] and not options["spot"]:
        options["qs_twelve"] = draw(st.booleans())
    if options["moon"] != "none" and not options["black_maria"]:
        options["sun"] = draw(st.sampled_from(SUNS))
    if (
        n != 2
        and options["qs_penalty"]
        and not (options["spot"] or options["black_maria"] or options.get("qs_twelve"))
    ):
        options["black_jack"] = draw(st.booleans())
    if not options["spot"]:
        options["qh_thirteen"] = draw(st.booleans())  # §16.8
    if options["partnership"] and draw(st.booleans()):
        options["team_target"] = True
    elif options["deals"] is None:
        options["exact_target_reset"] = draw(
            st.sampled_from([None] + [r for r in (0, 50) if r < options["target"]])
        )
    assert is_possible(options)
    return Rules(**options)


# Presets are drawn often: they are what the book plays.
RULES = st.one_of(st.sampled_from([Rules.preset(p) for p in Rules.PRESETS]), playable_rules())
SEEDS = st.integers(0, 2**32)
# The first lead is free (left of the dealer) and the first-trick ban is on: the ban
# then binds the leader too.
FREE_LEAD_RULES = playable_rules().map(
    lambda rules: rules.replace(first_lead="left_of_dealer", first_trick_no_points=True)
)


# --- a reference for legality, hearts broken and trick winners ------------------------


def opening_card(rules: Rules, deal: Deal) -> Card | None:
    """The card that must open the deal, from the hands after the exchange."""
    if rules.first_lead != "two_of_clubs":
        return None
    held = set().union(*(deal.hand(p) for p in range(rules.players)))
    if rules.players != 2:
        # the lowest club in play (§15): with no dead cards, it is in some hand
        return min((c for c in held if c.suit is Suit.CLUBS), key=lambda c: c.rank)
    for rank in (2, 4, 6):
        card = Card.of(rank, Suit.CLUBS)
        if card in held:
            return card
    return None


def reference_legal(
    rules: Rules,
    hand: set[Card],
    trick: list[Card],
    trick_no: int,
    broken: bool,
    opening: Card | None,
) -> set[Card]:
    if not trick and trick_no == 0 and opening is not None:
        if rules.first_lead_any_club:
            return {c for c in hand if c.suit is Suit.CLUBS}
        return {opening}
    follow = {c for c in hand if trick and c.suit is trick[0].suit}
    allowed = follow or hand
    # No points on the first trick: the ban binds whoever plays to it (a free leader, a
    # player following suit, a player discarding), unless nothing else may be played.
    if trick_no == 0 and rules.first_trick_no_points:
        safe = {c for c in allowed if reference_value(rules, c) <= 0}
        hearts = {c for c in allowed if c.suit is Suit.HEARTS}
        if safe:
            allowed = safe
        elif rules.first_trick_forced == "hearts_before_queen" and hearts:
            allowed = hearts
    if trick or broken:
        return allowed
    others = {c for c in allowed if c.suit is not Suit.HEARTS}
    if not others or (rules.lead_hearts_instead_of_qs and others == {QUEEN}):
        return allowed
    return others


def breaks_hearts(rules: Rules, card: Card, trick: list[Card]) -> bool:
    if card.suit is Suit.HEARTS:
        return True
    if card != QUEEN:
        return False
    if rules.qs_breaks_hearts == "any":
        return True
    return rules.qs_breaks_hearts == "discard" and bool(trick) and trick[0].suit is not Suit.SPADES


def reference_winner(rules: Rules, cards: tuple[Card, ...]) -> int:
    """Index in the trick of the winning card: highest heart if hearts trump, else the
    highest card of the led suit."""
    if rules.hearts_trump and any(c.suit is Suit.HEARTS for c in cards):
        suit = Suit.HEARTS
    else:
        suit = cards[0].suit
    return max((c.rank, i) for i, c in enumerate(cards) if c.suit is suit)[1]


def do_passes(deal: Deal, rng: random.Random) -> None:
    count = deal.rules.pass_count
    for player in range(deal.rules.players):
        deal.pass_cards(player, rng.sample(deal.hand(player), count))


# --- properties of whole deals ---------------------------------------------------------


@PROPERTY
@given(RULES, SEEDS, st.integers(0, 7))
def test_random_legal_play_obeys_the_rules_to_the_end(
    rules: Rules, seed: int, deal_number: int
) -> None:
    deal = Deal.new(rules, seed=seed, deal_number=deal_number)
    assert deal.phase == ("play" if rules.pass_direction(deal_number) is None else "pass")
    check_random_play(deal, random.Random(seed))


@PROPERTY
@given(FREE_LEAD_RULES, SEEDS, st.integers(0, 7))
def test_random_legal_play_obeys_the_rules_with_a_free_first_lead_under_the_ban(
    rules: Rules, seed: int, deal_number: int
) -> None:
    check_random_play(Deal.new(rules, seed=seed, deal_number=deal_number), random.Random(seed))


@st.composite
def free_lead_of_point_cards(draw: st.DrawFn) -> Deal:
    """A deal whose free first leader holds point cards and at most two other cards
    (none when the deck has enough point cards and the draw says so)."""
    rules = draw(FREE_LEAD_RULES)
    rng = random.Random(draw(SEEDS))
    size = rules.hand_size
    deck = [c for c in CARDS if rules.deck & c.bit]
    points = [c for c in deck if reference_value(rules, c) > 0]
    others = [c for c in deck if reference_value(rules, c) <= 0]
    taken = min(len(points), size - draw(st.integers(0, 2)))
    lead = rng.sample(points, taken) + rng.sample(others, size - taken)
    rest = [c for c in deck if c not in lead]
    rng.shuffle(rest)
    dead, rest = rest[: rules.dead_count], rest[rules.dead_count :]
    n = rules.players
    leader = (rules.dealer(0) + 1) % n
    hands: list[list[Card]] = [[] for _ in range(n)]
    hands[leader] = lead
    for slot, player in enumerate(p for p in range(n) if p != leader):
        hands[player] = rest[slot * size : (slot + 1) * size]
    deal = Deal.from_hands(rules, hands, dead=dead)
    assert deal.to_play == leader
    return deal


@PROPERTY
@given(free_lead_of_point_cards(), SEEDS)
def test_a_free_first_lead_from_a_hand_of_point_cards_obeys_the_rules(
    deal: Deal, seed: int
) -> None:
    check_random_play(deal, random.Random(seed))


def assert_points_only_when_nothing_else(
    rules: Rules, hand: set[Card], trick: list[Card], legal: list[Card]
) -> None:
    """Under the first-trick ban a card worth points may go on the first trick only
    from a player who has nothing else to play: whose whole hand counts points, or who
    follows suit and holds only point cards of the suit led."""
    follow = {c for c in hand if trick and c.suit is trick[0].suit}
    if any(reference_value(rules, c) > 0 for c in legal):
        assert all(reference_value(rules, c) > 0 for c in follow or hand), (hand, trick, legal)


def check_random_play(deal: Deal, rng: random.Random) -> None:
    """Play a deal at random (passing first if due); at every step the legal moves match
    the reference, ``explain`` agrees with them on every card of the deck, and the first
    trick takes points only from a player who has nothing else."""
    rules = deal.rules
    n = rules.players
    if deal.phase == "pass":
        count = rules.pass_count
        for player in range(n):
            assert deal.to_play == player
            assert deal.legal_moves() == []
            assert deal.explain(deal.hand(player)[0]).reason == "passing_phase"
            deal.pass_cards(player, rng.sample(deal.hand(player), count))
    opening = opening_card(rules, deal)
    broken = not rules.must_break_hearts
    all_cards = [c for c in CARDS if rules.deck & c.bit]
    played: list[tuple[int, Card]] = []
    voids = [0] * n
    while not deal.is_over:
        player = deal.to_play
        hand = set(deal.hand(player))
        legal = deal.legal_moves()
        trick = list(deal.current_trick.cards)
        assert legal, "no legal move while the deal goes on"
        assert set(legal) <= hand
        assert set(legal) == reference_legal(rules, hand, trick, deal.trick_number, broken, opening)
        assert deal.hearts_broken == broken
        if deal.trick_number == 0 and rules.first_trick_no_points:
            assert_points_only_when_nothing_else(rules, hand, trick, legal)
        for card in all_cards:
            explanation = deal.explain(card)
            assert explanation.legal == (card in legal), (card, explanation.reason)
            if card not in hand:
                assert explanation.reason == "not_in_hand"
            elif deal.trick_number == 0:
                assert explanation.text("en") != explanation.text("fr")
        card = rng.choice(legal)
        broken = broken or breaks_hearts(rules, card, trick)
        if trick and card.suit != trick[0].suit:
            voids[player] |= 1 << trick[0].suit
        deal.play(card)
        played.append((player, card))
        assert deal.plays == played
        assert deal.shown_voids() == voids
        completed = deal.trick_completed
        assert (completed is None) == bool(deal.current_trick.plays)
        if completed is not None:
            assert (
                completed.winner
                == (completed.leader + reference_winner(rules, completed.cards)) % n
            )
            assert deal.to_play == completed.winner
    assert len(deal.tricks) == rules.hand_size  # 13; 17, 10, 8 with three, five, six
    assert all(deal.hand(p) == [] for p in range(n))
    assert sum(deal.tricks_won) == rules.hand_size
    assert deal.legal_moves() == []
    pending = deal.pending_moon_choice
    if pending is not None:
        # §3.2: the deal waits for the shooter, who then gets the outcome chosen
        assert rules.effective_moon == "choice"
        with pytest.raises(HeartsError):
            deal.result()
        choice = rng.choice(MOON_CHOICES)
        deal.choose_moon(choice)
        assert deal.result() == pending.outcome(choice)
    result = deal.result()
    # a kitty's points are taken with the first trick (§16.7); dead cards' are not
    dead_points = 0 if rules.kitty else sum(rules.value(c) for c in deal.dead_cards)
    assert sum(result.points) == rules.points_per_deal - dead_points
    assert result.points == deal.points_taken
    if result.moon is None and not rules.avoid_all_tricks_bonus:
        # points are scores, but for a total sent back from exactly the target (§16.1)
        for player in range(rules.players):
            if player in result.resets:
                assert result.totals[player] == rules.exact_target_reset
            else:
                assert result.scores[player] == result.points[player]


@PROPERTY
@given(RULES, SEEDS)
def test_undo_restores_the_exact_state(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    deal_number = rng.randrange(4)
    deal = Deal.new(rules, seed=seed, deal_number=deal_number)
    start = deal.state_key()
    keys = []
    if deal.phase == "pass":
        count = rules.pass_count
        for player in range(rules.players):
            keys.append(deal.state_key())
            deal.pass_cards(player, rng.sample(deal.hand(player), count))
    while not deal.is_over:
        key = deal.state_key()
        legal = deal.legal_moves()
        card = rng.choice(legal)
        deal.play(card)
        deal.undo()
        assert deal.state_key() == key
        assert deal.legal_moves() == legal
        deal.play(card)
        keys.append(key)
    # Undo everything, across completed tricks and the exchange.
    for key in reversed(keys):
        deal.undo()
        assert deal.state_key() == key
    assert deal.state_key() == start


@PROPERTY
@given(RULES, SEEDS, st.integers(0, 60))
def test_copy_is_independent(rules: Rules, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, deal_number=3)
    if deal.phase == "pass":
        do_passes(deal, rng)
    for _ in range(min(steps, rules.hand_size * rules.players - 1)):
        deal.play(rng.choice(deal.legal_moves()))
    key = deal.state_key()
    other = deal.copy()
    assert other.state_key() == key
    other.play(rng.choice(other.legal_moves()))
    assert deal.state_key() == key


@PROPERTY
@given(RULES, SEEDS, st.integers(0, 7))
def test_the_same_seed_gives_the_same_deal(rules: Rules, seed: int, deal_number: int) -> None:
    one = Deal.new(rules, seed=seed, deal_number=deal_number)
    two = Deal.new(rules, seed=seed, deal_number=deal_number)
    assert one.state_key() == two.state_key()
    dealt = [c for p in range(rules.players) for c in one.hand(p)] + one.dead_cards
    assert sorted(dealt) == cards_of(rules.deck)
    assert all(len(one.hand(p)) == rules.hand_size for p in range(rules.players))
    assert len(one.dead_cards) == rules.dead_count


class _OwnShuffle(random.Random):
    """A generator with a shuffle of its own: the deal must use it."""

    def shuffle(self, x: Any) -> None:
        x.reverse()


@PROPERTY
@given(RULES, SEEDS)
def test_a_deal_is_dealt_from_random_shuffle_s_permutation(rules: Rules, seed: int) -> None:
    """The engine's own shuffle (fast in the compiled build) draws the very permutation
    random.shuffle draws, so a seed deals the same cards in every build; a generator with
    a shuffle of its own is asked to shuffle."""

    def dealt(deck: list[int]) -> list[int]:
        if rules.kitty:
            deck = deck[: rules.hand_size * rules.players]  # the rest is the kitty
        elif rules.dead_count:
            deck = deck[1:-1]
        first = (rules.dealer(0) + 1) % rules.players
        hands = [0] * rules.players
        for position, bit in enumerate(deck):
            hands[(first + position) % rules.players] |= bit
        return hands

    deck = list(rules.deck_bits)
    random.Random(seed).shuffle(deck)
    assert list(Deal.new(rules, seed=seed).dealt) == dealt(deck)
    reverse = list(rules.deck_bits)[::-1]
    assert list(Deal.new(rules, rng=_OwnShuffle(seed)).dealt) == dealt(reverse)


# --- records ----------------------------------------------------------------------------


@PROPERTY
@given(RULES, SEEDS, st.integers(0, 80))
def test_json_and_share_codes_round_trip_exactly(rules: Rules, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, deal_number=rng.randrange(8), totals=None)
    fresh = deal.state_key()
    if deal.phase == "pass":
        count = rules.pass_count
        for player in range(rng.randrange(rules.players + 1)):
            deal.pass_cards(player, rng.sample(deal.hand(player), count))
    if deal.phase == "play":
        for _ in range(min(steps, rules.hand_size * rules.players)):
            deal.play(rng.choice(deal.legal_moves()))
    key = deal.state_key()
    from_json = deal_from_json(deal_to_json(deal))
    assert from_json.state_key() == key
    assert from_json.rules == rules
    assert from_json.deal_number == deal.deal_number
    assert from_json.pass_direction == deal.pass_direction
    from_code = deal_from_code(share_code(deal))
    assert from_code.state_key() == key
    assert from_code.rules == rules
    assert deal_from_code(share_code(deal, include_plays=False)).state_key() == fresh


@settings(max_examples=40, deadline=None, derandomize=True)
@given(RULES, SEEDS, st.integers(0, 400))
def test_game_json_round_trips_exactly(rules: Rules, seed: int, steps: int) -> None:
    rules = rules.replace(target=60 if not rules.spot else 200)
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    for _ in range(steps):
        if game.is_over:
            break
        deal = game.deal
        if deal.pending_moon_choice is not None:
            game.choose_moon(rng.choice(MOON_CHOICES))
        elif deal.is_over:
            game.next_deal()
        elif deal.phase == "pass":
            do_passes(deal, rng)
        else:
            game.play(rng.choice(deal.legal_moves()))
    copy = game_from_json(game_to_json(game))
    assert copy.rules == game.rules
    assert copy.seed == game.seed
    assert copy.totals == game.totals
    assert copy.is_over == game.is_over and copy.winners == game.winners
    assert copy.deal.state_key() == game.deal.state_key()
    assert [p.deal.state_key() for p in copy.history] == [p.deal.state_key() for p in game.history]
    assert [p.result for p in copy.history] == [p.result for p in game.history]


# --- what a seat sees, and search copies built from it ---------------------------------


@PROPERTY
@given(RULES, SEEDS, st.integers(0, 70))
def test_view_shows_only_the_seat_and_from_view_continues_exactly(
    rules: Rules, seed: int, steps: int
) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, deal_number=rng.randrange(4))
    if deal.phase == "pass":
        do_passes(deal, rng)
    for _ in range(min(steps, rules.hand_size * rules.players - 1)):
        deal.play(rng.choice(deal.legal_moves()))
    seat = deal.to_play
    view = deal.view(seat)
    others = 0
    for player in range(rules.players):
        if player != seat:
            others |= deal.hands[player]
        assert deal.view(player).legal == (deal.legal_mask() if player == seat else 0)
    assert view.hand == deal.hands[seat]
    # a kitty is unseen until the first trick's winner takes it, then seen by all (§16.7)
    hidden = deal.dead & ~view.kitty
    assert view.kitty == (deal.dead if rules.kitty and deal.trick_number else 0)
    assert view.unseen == others | hidden
    assert view.legal_moves() == deal.legal_moves()
    # A search copy with the true hands plays on exactly like the deal itself.
    search = Deal.from_view(view, deal.hands, deal.dead)
    assert search.shown_voids() == deal.shown_voids()
    # It starts there, with no play of its own to list or undo.
    assert search.plays == [] and search.history == []
    with pytest.raises(IllegalMove):
        search.copy().undo()
    original = deal.copy()
    replies = 0
    while not original.is_over:
        assert search.legal_moves() == original.legal_moves()
        assert search.hearts_broken == original.hearts_broken
        card = rng.choice(original.legal_moves())
        original.play(card)
        search.play(card)
        replies += 1
    assert search.plays == original.plays[len(original.plays) - replies :]
    assert search.tricks_won == original.tricks_won
    if original.pending_moon_choice is not None:
        assert search.pending_moon_choice == original.pending_moon_choice
    else:
        assert search.result().scores == original.result().scores


# --- scoring against a reference written from docs/rules.md §3, §4.5, §5, §7 ----------------


def reference_value(rules: Rules, card: Card) -> int:
    if rules.qh_thirteen and card == Card.parse("QH"):
        return 13  # §16.8
    if card.suit is Suit.HEARTS:
        return card.rank if rules.spot else 1
    if rules.black_jack and card in (QUEEN, Card.parse("JS")):
        return 10 if card.rank == 11 else 0  # §17.1: the jack in the queen's place
    if card == QUEEN:
        return (25 if rules.spot else 12 if rules.qs_twelve else 13) if rules.qs_penalty else 0
    if rules.black_maria and card in (Card.parse("KS"), Card.parse("AS")):
        return 10 if card.rank == 13 else 7
    if rules.omnibus and card == bonus_card(rules):
        return -10
    return 0


def bonus_card(rules: Rules) -> Card:
    """Omnibus's card: the J♦, or the 10♦ (§16.3)."""
    return Card.parse("10D" if rules.omnibus_card == "td" else "JD")


def reference_reset(rules: Rules, before: tuple[int, ...], scores: list[int]) -> list[int]:
    """§16.1: a total landing exactly on the target goes back to the reset value."""
    reset = rules.exact_target_reset
    if reset is None:
        return scores
    return [reset - b if b + s == rules.target else s for b, s in zip(before, scores, strict=True)]


def reference_end(
    rules: Rules, before: tuple[int, ...], after: tuple[int, ...], played: int | None = None
) -> tuple[bool, tuple[int, ...]]:
    if rules.deals is not None:
        # §7.1: the target plays no part; the game may end once the deals are played
        if played is None or played < rules.deals:
            return False, ()
    elif rules.team_target:
        # §16.6: partners' scores added every deal, a team's sum against the target
        if max(after[0] + after[2], after[1] + after[3]) < rules.target:
            return False, ()
    elif max(after) < rules.target or (
        rules.players == 2
        and rules.two_player_both_over == "continue"
        and max(before) < rules.target
        and min(after) >= rules.target
    ):
        return False, ()
    teams = [(0, 2), (1, 3)] if rules.partnership else [(p,) for p in range(rules.players)]
    sums = [sum(after[p] for p in team) for team in teams]
    best = max(sums) if rules.reverse else min(sums)
    if sums.count(best) != 1:
        return False, ()
    return True, teams[sums.index(best)]


def reference_scores(
    rules: Rules,
    taken: list[set[Card]],
    before: tuple[int, ...],
    dead: set[Card],
    tricks: list[int],
    choice: str | None = None,
    played: int | None = None,
) -> tuple[int | None, tuple[int, ...]]:
    n = rules.players
    deck = [c for c in CARDS if rules.deck & c.bit]
    points = [sum(reference_value(rules, c) for c in cards) for cards in taken]
    shooter = None
    if not rules.black_maria and rules.moon != "none":
        # a kitty's cards are taken with the first trick: the moon needs them (§16.7)
        out = set() if rules.kitty else dead
        needed = {c for c in deck if reference_value(rules, c) > 0 and c not in out}
        if rules.omnibus and rules.omnibus_moon_requires_jd:
            needed.add(bonus_card(rules))
        shooter = next((p for p in range(n) if needed and needed <= taken[p]), None)
    # §16.2: every trick as well is a sun; under "instead" the moon needs it
    sun = shooter is not None and tricks[shooter] == sum(tricks)
    if rules.sun == "instead" and not sun:
        shooter = None
    if shooter is None:
        bonus = [-5 if rules.avoid_all_tricks_bonus and won == 0 else 0 for won in tricks]
        plain = [p + b for p, b in zip(points, bonus, strict=True)]
        return None, tuple(reference_reset(rules, before, plain))
    # M: every positive point of the deck (26, 129, 20 with two players); with two
    # players and the points-in-play award, only the cards that were not dead.
    in_play = n == 2 and rules.two_player_moon_award == "points_in_play"
    award = sum(max(reference_value(rules, c), 0) for c in deck if not (in_play and c in dead))
    if sun and rules.sun == "double":
        award *= 2
    spared = (shooter + 2) % 4 if rules.partnership and rules.partner_spared_on_moon else None
    # With J♦ stacking on the moon, its −10 is part of both the Old and the New scores.
    jack = [
        -10 if rules.omnibus and rules.omnibus_jd_stacks_on_moon and bonus_card(rules) in t else 0
        for t in taken
    ]
    old = [(0 if p in (shooter, spared) else award) + jack[p] for p in range(n)]
    new = [(-award if p == shooter else 0) + jack[p] for p in range(n)]
    old, new = reference_reset(rules, before, old), reference_reset(rules, before, new)
    mode = "old" if n == 2 else rules.moon
    if mode == "choice":
        mode = {"add": "old", "subtract": "new"}[str(choice)]
    if mode == "mixed":
        # Mixed Moon looks at the Old Moon totals exactly as they would be written down.
        with_old = tuple(b + s for b, s in zip(before, old, strict=True))
        over, winners = reference_end(rules, before, with_old, played)
        mode = "new" if over and shooter not in winners else "old"
    return shooter, tuple(old if mode == "old" else new)


@PROPERTY
@given(RULES, SEEDS, st.sampled_from(["random", "all", "all", "all_but_one"]))
def test_score_deal_agrees_with_the_reference(rules: Rules, seed: int, split: str) -> None:
    rng = random.Random(seed)
    n = rules.players
    deck = [c for c in CARDS if rules.deck & c.bit]
    dead = set(rng.sample(deck, rules.dead_count))
    # a kitty's cards are taken (with the first trick, §16.7), dead cards are not
    live = deck if rules.kitty else [c for c in deck if c not in dead]
    taken: list[set[Card]] = [set() for _ in range(n)]
    shooter = rng.randrange(n)
    counting = [c for c in live if reference_value(rules, c) != 0]
    # Every counting card to one player (a moon if the rules have one), or all but one.
    spoiler = rng.choice(counting) if counting and split == "all_but_one" else None
    for card in live:
        to_shooter = split != "random" and card in counting and card != spoiler
        taken[shooter if to_shooter else rng.randrange(n)].add(card)
    tricks = [len(cards) // n + (1 if cards else 0) for cards in taken]
    before = tuple(rng.randrange(-40, rules.target + 20) for _ in range(n))
    choice = rng.choice(MOON_CHOICES)
    number = rng.randrange(6)
    result = score_deal(
        rules,
        [list(t) for t in taken],
        totals=before,
        dead=dead,
        tricks=tricks,
        moon_choice=choice,
        deal_number=number,
    )
    expected_shooter, expected_scores = reference_scores(
        rules, taken, before, dead, tricks, choice, number + 1
    )
    event(f"moon rule {result.moon_rule}")
    assert result.moon == expected_shooter
    assert result.points == tuple(sum(reference_value(rules, c) for c in t) for t in taken)
    assert result.scores == expected_scores
    after = tuple(b + s for b, s in zip(before, expected_scores, strict=True))
    assert result.totals == after
    assert (result.game_over, result.winners) == reference_end(rules, before, after, number + 1)


@st.composite
def mixed_moon_deals(
    draw: st.DrawFn,
) -> tuple[Rules, list[set[Card]], tuple[int, ...], list[int]]:
    """Four-player Mixed Moon rules (Omnibus and J♦ stacking drawn often), a deal in
    which one player takes every card the moon needs, and totals near the target."""
    base = draw(playable_rules(players=(4,)))
    omnibus = draw(st.sampled_from([True, True, False]))
    rules = base.replace(
        black_maria=False,
        moon="mixed",
        omnibus=omnibus,
        omnibus_card=base.omnibus_card if omnibus else "jd",
        omnibus_jd_stacks_on_moon=draw(st.booleans()),
        # the moon these deals give may lack a trick: not one "instead" of the sun counts
        sun=draw(st.sampled_from(["off", "double"])),
    )
    rng = random.Random(draw(SEEDS))
    shooter = rng.randrange(4)
    taken: list[set[Card]] = [set() for _ in range(4)]
    for card in CARDS:
        taken[shooter if rules.moon_cards & card.bit else rng.randrange(4)].add(card)
    spread = rules.moon_value + 40
    before = tuple(rules.target - draw(st.integers(-5, spread)) for _ in range(4))
    tricks = [len(cards) // 4 for cards in taken]
    return rules, taken, before, tricks


@PROPERTY
@given(mixed_moon_deals())
def test_mixed_moon_chooses_with_the_old_moon_scores_as_applied(
    case: tuple[Rules, list[set[Card]], tuple[int, ...], list[int]],
) -> None:
    rules, taken, before, tricks = case
    hands = [list(t) for t in taken]
    result = score_deal(rules, hands, totals=before, tricks=tricks)
    old = score_deal(rules.replace(moon="old"), hands, totals=before, tricks=tricks)
    new = score_deal(rules.replace(moon="new"), hands, totals=before, tricks=tricks)
    assert result.moon is not None and result.moon == old.moon == new.moon
    # docs/rules.md §3.1: New Moon iff Old Moon, as it would be applied, ends the game with
    # a winner other than the shooter (his team in partnership).
    over, winners = reference_end(rules, before, old.totals)
    expected = "new" if over and result.moon not in winners else "old"
    event(f"{expected}, J♦ stacking {rules.omnibus and rules.omnibus_jd_stacks_on_moon}")
    assert result.moon_rule == expected
    assert result.scores == (new if expected == "new" else old).scores
    assert result.totals == (new if expected == "new" else old).totals
