"""The house rules of docs/rules.md §16: the exactly-on-target reset, the sun, Omnibus on
the 10♦, the queen of spades worth 12; their invariants over random deals and totals."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_teach import Card, Deal, Game, HeartsError, Rules, RulesError, score_deal
from hearts_teach.cards import cards_of
from hearts_teach.describe import rule_rows
from hearts_teach.i18n import text
from hearts_teach.records import deal_from_code, share_code
from hearts_teach.scoring import scores_of_masks

HOUSE = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
ALL_PENALTIES = "QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
HOUSE_PRESETS = ("exact-reset", "sun", "omnibus-ten", "queen-twelve")


def played_out(rules: Rules, seed: int) -> Deal:
    """A deal of ``rules`` played to its end by random legal cards (and random passes)."""
    deal = Deal.new(rules, seed=seed)
    chooser = random.Random(seed)
    if deal.phase == "pass":
        for player in range(rules.players):
            hand = deal.hand(player)
            deal.pass_cards(player, chooser.sample(hand, rules.cards_to_pass))
    while deal.phase == "play":
        deal.play(chooser.choice(deal.legal_moves()))
    if deal.pending_moon_choice is not None:
        deal.choose_moon("add")
    return deal


# --- every house rule: the deck's points, and the deal read back from its code ---------


@pytest.mark.parametrize(
    ("preset", "points"),
    [("exact-reset", 26), ("sun", 26), ("omnibus-ten", 16), ("queen-twelve", 25)],
)
def test_each_house_rule_deals_its_points(preset: str, points: int) -> None:
    rules = Rules.preset(preset)
    assert rules.points_per_deal == points
    for seed in range(3):
        deal = played_out(rules, seed)
        assert sum(deal.result().points) == points
        again = deal_from_code(share_code(deal))
        assert again.rules == rules and again.result() == deal.result()


def test_the_values_of_the_bonus_card_and_the_queen() -> None:
    ten, jack, queen = Card.parse("10D"), Card.parse("JD"), Card.parse("QS")
    omnibus_ten = Rules.preset("omnibus-ten")
    assert (omnibus_ten.value(ten), omnibus_ten.value(jack)) == (-10, 0)
    assert omnibus_ten.moon_cards & ten.bit and not omnibus_ten.moon_cards & jack.bit
    assert Rules.preset("queen-twelve").value(queen) == 12
    assert Rules.preset("queen-twelve").moon_value == 25


@pytest.mark.parametrize(
    "options",
    [
        {"omnibus_card": "td"},  # the 10♦ belongs to Omnibus
        {"qs_twelve": True, "spot": True},
        {"qs_twelve": True, "qs_penalty": False},
        {"sun": "double", "moon": "none"},
        {"sun": "instead", "black_maria": True},
        {"exact_target_reset": 50, "deals": 5},
        {"exact_target_reset": 100},  # not below the target
        {"exact_target_reset": -1},
        {"exact_target_reset": 50, "target": 50},
        {"sun": "always"},
        {"omnibus_card": "qd", "omnibus": True},
    ],
)
def test_combinations_without_meaning_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        Rules(**options)  # type: ignore[arg-type]


def test_old_rules_have_no_new_option_in_their_saved_form() -> None:
    for name in Rules.PRESETS:
        if name in HOUSE_PRESETS:
            continue
        changed = Rules.preset(name).changed_options()
        assert not {"exact_target_reset", "sun", "omnibus_card", "qs_twelve"} & set(changed)


def test_the_rules_text_names_each_house_rule() -> None:
    for lang in ("en", "fr"):
        rows = dict(rule_rows(Rules.preset("exact-reset"), lang))
        assert "50" in " ".join(rows.values())
        ten = dict(rule_rows(Rules.preset("omnibus-ten"), lang))
        jack = dict(rule_rows(Rules.preset("omnibus"), lang))
        # the card counted, and the card the moon needs
        assert [k for k in ten if ten[k] != jack[k]] == [
            text(f"rule.{k}", lang) for k in ("others", "moon")
        ]
        standard = rule_rows(Rules(), lang)
        for preset in HOUSE_PRESETS:
            assert rule_rows(Rules.preset(preset), lang) != standard, preset


# --- the reset (docs/rules.md §16.1) ---------------------------------------------------


def _taken(draw: st.DrawFn, rules: Rules) -> list[list[Card]]:
    owners = draw(st.lists(st.integers(0, 3), min_size=52, max_size=52))
    taken: list[list[Card]] = [[] for _ in range(4)]
    for card, owner in zip(cards_of(rules.deck), owners, strict=True):
        taken[owner].append(card)
    return taken


@st.composite
def reset_cases(draw: st.DrawFn) -> tuple[Rules, list[list[Card]], list[int]]:
    moon = draw(st.sampled_from(["old", "new", "mixed", "none"]))
    reset = draw(st.sampled_from([0, 50]))
    rules = Rules(exact_target_reset=reset, moon=moon)
    cards = _taken(draw, rules)
    if draw(st.booleans()):  # a moon, often enough to be tried
        shooter = draw(st.integers(0, 3))
        moon_cards = cards_of(rules.moon_cards)
        cards = [[c for c in hand if c not in moon_cards] for hand in cards]
        cards[shooter] += moon_cards
    totals = draw(st.lists(st.integers(60, 100), min_size=4, max_size=4))
    return rules, cards, totals


@HOUSE
@given(reset_cases())
def test_no_total_stays_exactly_on_the_target(
    case: tuple[Rules, list[list[Card]], list[int]],
) -> None:
    rules, taken, totals = case
    result = score_deal(rules, taken, totals)
    plain = score_deal(rules.replace(exact_target_reset=None), taken, totals)
    reset = rules.exact_target_reset
    assert reset is not None
    # the reset moves only the players who landed on the target, to the reset value
    assert tuple(b + s for b, s in zip(totals, result.scores, strict=True)) == result.totals
    assert 100 not in result.totals
    if rules.moon != "mixed":  # Mixed Moon may choose otherwise once totals are reset
        landed = tuple(p for p in range(4) if plain.totals[p] == 100)
        assert result.resets == landed
        for player in range(4):
            expected = reset if player in landed else plain.totals[player]
            assert result.totals[player] == expected
    # the game ends only by a total that went past the target, not one reset
    assert result.game_over == (
        max(result.totals) >= 100 and list(result.totals).count(min(result.totals)) == 1
    )


def test_goldsmith_example_on_exactly_100() -> None:
    rules = Rules.preset("exact-reset")
    result = score_deal(rules, ["QS 2H", "3H", "", ""], [86, 97, 10, 10])
    assert result.totals == (50, 98, 10, 10) and result.resets == (0,)
    assert not result.game_over


def test_an_old_moon_sending_others_to_exactly_100_resets_them() -> None:
    rules = Rules(exact_target_reset=0)
    result = score_deal(rules, [ALL_PENALTIES, "", "", ""], [10, 74, 80, 74])
    assert result.moon == 0 and result.totals == (10, 0, 106, 0)
    assert result.resets == (1, 3)
    # 106 is past the target, but the two reset players tie for lowest: play on
    assert not result.game_over


def test_a_game_with_the_reset_never_ends_on_exactly_its_target() -> None:
    rules = Rules(exact_target_reset=0, target=13)
    for seed in range(4):
        game = Game(rules, seed=seed)
        chooser = random.Random(seed)
        while not game.is_over and game.deal_number < 40:
            deal = game.deal
            if deal.phase == "pass":
                for player in range(4):
                    deal.pass_cards(player, chooser.sample(deal.hand(player), 3))
            while deal.phase == "play":
                deal.play(chooser.choice(deal.legal_moves()))
            if not game.is_over:
                assert 13 not in game.totals
                game.next_deal()
        if game.is_over:
            assert 13 not in game.totals and max(game.totals) > 13


# --- the sun (docs/rules.md §16.2) -----------------------------------------------------


@HOUSE
@given(st.integers(0, 3), st.sampled_from(["old", "new", "mixed"]), st.integers(0, 12))
def test_the_sun_doubles_a_moon_only_with_every_trick(shooter: int, moon: str, lost: int) -> None:
    taken = ["", "", "", ""]
    taken[shooter] = ALL_PENALTIES
    every = [0, 0, 0, 0]
    every[shooter] = 13
    some = every[:]
    some[shooter] -= lost
    some[(shooter + 1) % 4] += lost
    rules = Rules(sun="double", moon=moon)
    plain = Rules(moon=moon)
    sun = score_deal(rules, taken, tricks=every)
    moon_only = score_deal(plain, taken, tricks=every)
    assert sun.sun and sun.scores == tuple(2 * s for s in moon_only.scores)
    partial = score_deal(rules, taken, tricks=some)
    assert partial.sun == (lost == 0)
    if lost:
        assert partial.scores == score_deal(plain, taken, tricks=some).scores
    instead = Rules(sun="instead", moon=moon)
    needing = score_deal(instead, taken, tricks=some)
    if lost:
        assert needing.moon is None and needing.scores == needing.points
    else:
        assert needing.moon == shooter and needing.scores == moon_only.scores


def test_the_sun_needs_the_tricks_when_it_is_the_moon() -> None:
    with pytest.raises(HeartsError):
        score_deal(Rules(sun="instead"), [ALL_PENALTIES, "", "", ""])
    # doubling without the tricks: a moon, known to be no more than that
    assert score_deal(Rules(sun="double"), [ALL_PENALTIES, "", "", ""]).scores == (0, 26, 26, 26)


@HOUSE
@given(st.integers(0, 2**20))
def test_played_deals_score_the_sun_as_the_engine_plays_it(seed: int) -> None:
    for rules in (Rules.preset("sun"), Rules(sun="instead", moon="new")):
        deal = played_out(rules, seed)
        result = deal.result()
        won = deal.tricks_won
        scores = scores_of_masks(rules, deal.taken, deal.dead, None, won, deal.totals)[0]
        assert tuple(scores) == result.scores
        assert result.sun == (result.moon is not None and max(won) == 13)


# --- passing two seats along, for five (docs/rules.md §16.5) ---------------------------


def test_five_players_pass_left_two_left_right_two_right_then_keep() -> None:
    rules = Rules.preset("five-player-two-seats")
    directions = [rules.pass_direction(number) for number in range(10)]
    assert directions == ["left", "left2", "right", "right2", None] * 2
    receivers = {d: [rules.pass_receiver(p, d) for p in range(5)] for d in directions if d}
    assert receivers["left2"] == [2, 3, 4, 0, 1] and receivers["right2"] == [3, 4, 0, 1, 2]
    for direction in ("left2", "right2"):
        for player in range(5):
            giver = rules.pass_giver(player, direction)
            assert rules.pass_receiver(giver, direction) == player


@pytest.mark.parametrize("number", [1, 3])
def test_cards_passed_two_seats_along_reach_that_seat(number: int) -> None:
    rules = Rules.preset("five-player-two-seats")
    deal = Deal.new(rules, seed=number, deal_number=number)
    direction = deal.pass_direction
    assert direction in ("left2", "right2")
    given = {p: deal.hand(p)[:3] for p in range(5)}
    for player, cards in given.items():
        deal.pass_cards(player, cards)
    for player in range(5):
        receiver = rules.pass_receiver(player, direction)
        assert set(given[player]) <= set(deal.hand(receiver))
        assert set(deal.received(receiver)) == set(given[player])
    again = deal_from_code(share_code(deal))
    assert again.pass_direction == direction and again.hands == deal.hands


def test_two_seats_along_needs_five_players() -> None:
    with pytest.raises(RulesError):
        Rules(players=4, passing="five_cycle")
    with pytest.raises(RulesError):
        Rules(players=6, passing="five_cycle")
    hands = [[str(c) for c in cards_of(h)] for h in Deal.new(Rules(), seed=1).dealt]
    with pytest.raises(RulesError):
        Deal.from_hands(Rules(), hands, pass_direction="left2")


# --- Black Jack (docs/rules.md §17.1) --------------------------------------------------


def test_black_jack_counts_the_jack_of_spades_in_the_queens_place() -> None:
    rules = Rules.preset("black-jack")
    jack, queen = Card.parse("JS"), Card.parse("QS")
    assert (rules.value(jack), rules.value(queen)) == (10, 0)
    assert rules.points_per_deal == rules.moon_value == 23
    assert rules.penalty_cards & jack.bit and not rules.penalty_cards & queen.bit
    hearts = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
    moon = score_deal(rules, [hearts + " JS", "QS", "", ""])
    assert moon.moon == 0 and moon.scores == (0, 23, 23, 23)
    # the queen is an ordinary card: the first trick may take it, the jack not
    first = Deal.from_hands(
        rules,
        [
            "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
            "QS JS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
            "2S 3S 4S 5S 6S 7S 8S 9S 10S KS AS KH AH",
            "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        ],
    )
    first.play("2C")
    assert first.is_legal("QS") and not first.is_legal("JS")
    for seed in range(3):
        assert sum(played_out(rules, seed).result().points) == 23


@pytest.mark.parametrize(
    "options",
    [
        {"black_jack": True, "players": 2},
        {"black_jack": True, "spot": True},
        {"black_jack": True, "black_maria": True},
        {"black_jack": True, "qs_twelve": True},
        {"black_jack": True, "qs_penalty": False},
    ],
)
def test_black_jack_refuses_what_it_replaces(options: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        Rules(**options)  # type: ignore[arg-type]


# --- partners' scores added every deal (docs/rules.md §16.6) ---------------------------


@HOUSE
@given(st.lists(st.integers(0, 99), min_size=4, max_size=4))
def test_team_sums_end_the_game_when_a_side_reaches_the_target(before: list[int]) -> None:
    rules = Rules.preset("partnership-sums")
    result = score_deal(rules, ["QS", "2H", "", ""], before)
    sums = (result.totals[0] + result.totals[2], result.totals[1] + result.totals[3])
    assert result.game_over == (max(sums) >= 100 and sums[0] != sums[1])
    if result.game_over:
        assert result.winners == ((0, 2) if sums[0] < sums[1] else (1, 3))
    # the moon still needs one player: the two partners sharing the cards is no moon
    shared = score_deal(rules, [ALL_PENALTIES.replace("QS ", ""), "", "QS", ""], before)
    assert shared.moon is None


def test_team_sums_need_partners() -> None:
    with pytest.raises(RulesError):
        Rules(team_target=True)
    with pytest.raises(RulesError):
        Rules(partnership=True, team_target=True, exact_target_reset=50)
