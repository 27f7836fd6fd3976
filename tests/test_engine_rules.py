"""The Rules value: card values of docs/rules.md §4.5, decks, presets and the pass cycle."""

from __future__ import annotations

from typing import Any

import pytest

from hearts_teach import Card, Rules, RulesError, Suit
from hearts_teach.cards import FULL_DECK, HEARTS_MASK, cards_of, mask_of

ALL_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"


def hearts_values(rules: Rules) -> list[int]:
    return [rules.value(Card.of(rank, Suit.HEARTS)) for rank in range(2, 15)]


# One row per line of docs/rules.md §4.5: (options, heart values, Q♠, K♠, A♠, J♦, net per deal,
# whether a moon exists, whether the moon needs J♦). Numbers are the table's, by hand.
MATRIX: list[tuple[dict[str, Any], list[int], int, int, int, int, int, bool, bool]] = [
    ({}, [1] * 13, 13, 0, 0, 0, 26, True, False),
    ({"spot": True}, list(range(2, 15)), 25, 0, 0, 0, 129, True, False),
    ({"omnibus": True}, [1] * 13, 13, 0, 0, -10, 16, True, True),
    ({"spot": True, "omnibus": True}, list(range(2, 15)), 25, 0, 0, -10, 119, True, True),
    ({"black_maria": True}, [1] * 13, 13, 10, 7, 0, 43, False, False),
    ({"black_maria": True, "spot": True}, list(range(2, 15)), 25, 10, 7, 0, 146, False, False),
    ({"black_maria": True, "omnibus": True}, [1] * 13, 13, 10, 7, -10, 33, False, False),
    (
        {"black_maria": True, "spot": True, "omnibus": True},
        list(range(2, 15)),
        25,
        10,
        7,
        -10,
        136,
        False,
        False,
    ),
]


@pytest.mark.parametrize(
    ("options", "hearts", "queen", "king", "ace", "jack", "net", "has_moon", "needs_jd"),
    MATRIX,
    ids=["standard", "spot", "omnibus", "spot+omnibus", "bm", "bm+spot", "bm+omnibus", "bm+all"],
)
def test_values_of_each_row_of_the_interaction_matrix(
    options: dict[str, Any],
    hearts: list[int],
    queen: int,
    king: int,
    ace: int,
    jack: int,
    net: int,
    has_moon: bool,
    needs_jd: bool,
) -> None:
    rules = Rules(**options)
    assert hearts_values(rules) == hearts
    assert rules.value(Card.parse("QS")) == queen
    assert rules.value(Card.parse("KS")) == king
    assert rules.value(Card.parse("AS")) == ace
    assert rules.value(Card.parse("JD")) == jack
    assert rules.points_per_deal == net
    assert (rules.effective_moon != "none") == has_moon
    # Every other card is worth nothing.
    counting = mask_of(["QS", "KS", "AS", "JD"]) | HEARTS_MASK
    assert all(rules.value(c) == 0 for c in cards_of(FULL_DECK & ~counting))
    if has_moon:
        expected_moon = mask_of([*ALL_HEARTS.split(), "QS"] + (["JD"] if needs_jd else []))
        assert rules.moon_cards == expected_moon


def test_spot_hearts_sum_to_104_and_129_with_the_queen() -> None:
    rules = Rules(spot=True)
    assert sum(hearts_values(rules)) == 104
    assert rules.moon_value == 129


def test_moon_value_is_26_with_omnibus_not_36_or_16() -> None:
    assert Rules(omnibus=True).moon_value == 26
    assert Rules(spot=True, omnibus=True).moon_value == 129


def test_penalty_cards_are_positive_values_only() -> None:
    assert Card.parse("JD").bit & Rules(omnibus=True).penalty_cards == 0
    bm = Rules(black_maria=True).penalty_cards
    assert bm == HEARTS_MASK | mask_of(["QS", "KS", "AS"])


def test_black_maria_accepts_a_moon_rule_and_ignores_it() -> None:
    rules = Rules(black_maria=True, moon="new")
    assert rules.moon == "new"
    assert rules.effective_moon == "none"


def test_original_hearts_queen_counts_nothing_13_a_deal() -> None:
    rules = Rules.preset("original")
    assert rules.value(Card.parse("QS")) == 0
    assert rules.points_per_deal == 13
    assert rules.effective_moon == "none"
    assert rules.pass_direction(0) is None


# --- decks -----------------------------------------------------------------------


def test_four_players_full_deck_13_each_no_dead() -> None:
    rules = Rules()
    assert rules.deck == FULL_DECK
    assert (rules.hand_size, rules.dead_count, rules.deck_size) == (13, 0, 52)


def test_two_player_deck_is_28_cards_without_3_5_7_9_j_k() -> None:
    rules = Rules(players=2)
    deck = cards_of(rules.deck)
    assert len(deck) == 28
    assert {c.rank for c in deck} == {2, 4, 6, 8, 10, 12, 14}
    assert all(sum(1 for c in deck if c.suit is s) == 7 for s in Suit)
    assert (rules.hand_size, rules.dead_count) == (13, 2)
    # 7 hearts at 1 + Q♠ 13 = 20
    assert rules.points_per_deal == 20
    assert rules.moon_value == 20
    assert rules.hearts_trump
    assert not Rules().hearts_trump


def test_three_player_black_maria_removes_the_two_of_clubs() -> None:
    rules = Rules.preset("black-maria-3")
    assert rules.deck == FULL_DECK & ~Card.parse("2C").bit
    assert (rules.hand_size, rules.deck_size) == (17, 51)
    assert rules.first_lead == "left_of_dealer"
    assert rules.points_per_deal == 43
    assert [rules.pass_direction(n) for n in range(4)] == ["right"] * 4
    assert not rules.first_trick_no_points
    assert rules.must_break_hearts  # the one source that says forbids an early heart lead


# --- passing ---------------------------------------------------------------------


def test_pass_cycle_left_right_across_hold_repeats() -> None:
    rules = Rules()
    assert [rules.pass_direction(n) for n in range(9)] == [
        "left",
        "right",
        "across",
        None,
        "left",
        "right",
        "across",
        None,
        "left",
    ]


def test_left_is_the_next_player_right_the_previous_across_opposite() -> None:
    rules = Rules()
    assert rules.pass_offset("left") == 1
    assert rules.pass_offset("right") == 3
    assert rules.pass_offset("across") == 2
    assert Rules.preset("black-maria-3").pass_offset("right") == 2


def test_pass_three_cards_by_default_two_players_pass_nothing() -> None:
    assert Rules().pass_count == 3
    two = Rules(players=2)
    assert two.pass_direction(0) is None and two.pass_direction(1) is None
    house = Rules(players=2, passing="alternate")
    assert house.pass_count == 1
    assert [house.pass_direction(n) for n in range(4)] == ["left", None, "left", None]


def test_dealer_rotates_left_each_deal() -> None:
    assert [Rules().dealer(n) for n in range(5)] == [0, 1, 2, 3, 0]


# --- presets ---------------------------------------------------------------------


@pytest.mark.parametrize("name", list(Rules.PRESETS))
def test_every_preset_builds_and_knows_its_name(name: str) -> None:
    rules = Rules.preset(name)
    assert rules.preset_name == name
    assert Rules.from_options(rules.changed_options()) == rules


def test_presets_have_the_documented_options() -> None:
    assert Rules.preset("standard") == Rules()
    assert Rules.preset("new-moon").moon == "new"
    assert Rules.preset("mixed-moon").moon == "mixed"
    spot = Rules.preset("spot")
    assert spot.spot and spot.target == 500
    assert Rules.preset("omnibus").omnibus
    assert Rules.preset("black-maria").black_maria
    assert Rules.preset("two-player").players == 2
    assert Rules.preset("partnership").teams() == ((0, 2), (1, 3))
    assert Rules.preset("reverse").reverse
    assert Rules().teams() == ((0,), (1,), (2,), (3,))


def test_replace_changes_one_option_and_keeps_the_rest() -> None:
    rules = Rules.preset("spot").replace(moon="new")
    assert (rules.spot, rules.target, rules.moon) == (True, 500, "new")
    two = Rules().replace(players=2)
    assert two == Rules(players=2)
    assert two.first_trick_no_points is False


def test_qs_breaks_hearts_accepts_booleans_as_off_and_any() -> None:
    assert Rules(qs_breaks_hearts=True).qs_breaks_hearts == "any"  # type: ignore[arg-type]
    assert Rules(qs_breaks_hearts=False).qs_breaks_hearts == "off"  # type: ignore[arg-type]


def test_first_trick_ban_defaults_on_for_four_off_for_two() -> None:
    assert Rules().first_trick_no_points is True
    assert Rules(players=2).first_trick_no_points is False


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2, "omnibus": True},
        {"players": 2, "black_maria": True},
        {"players": 2, "spot": True},
        {"players": 2, "moon": "new"},
        {"players": 7},
        {"players": 1},
        {"players": 3, "removed": "2c2d"},
        {"players": 5, "removed": "2d"},
        {"players": 4, "removed": "2d"},
        {"players": 2, "moon": "choice"},
        {"deals": 0},
        {"deals": 2.0},
        {"players": 6, "passing": "cycle"},
        {"players": 2, "partnership": True},
        {"players": 2, "passing": "cycle"},
        {"first_trick_no_points": False, "first_trick_forced": "hearts_before_queen"},
        {"moon": "sometimes"},
        {"target": 0},
        {"pass_count": 7},
    ],
)
def test_impossible_rule_sets_raise_rules_error(options: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        Rules(**options)


def test_every_option_of_the_spec_option_table_exists() -> None:
    # docs/rules.md §12 names these options; a saved rule set may use any of them.
    spec_options = {
        "players": 4,
        "spot": False,
        "omnibus": False,
        "black_maria": False,
        "moon": "old",
        "target": 100,
        "omnibus_moon_requires_jd": True,
        "omnibus_jd_stacks_on_moon": False,
        "qs_breaks_hearts": "off",
        "lead_hearts_when_only_hearts": True,
        "lead_hearts_instead_of_qs": False,
        "first_trick_no_points": True,
        "first_trick_forced": "any",
        "first_lead_any_club": False,
        "two_player_moon_award": "fixed_20",
        "two_player_both_over": "lowest_wins",
        "avoid_all_tricks_bonus": False,
    }
    missing = sorted(set(spec_options) - set(Rules.option_names()))
    assert missing == []
    assert Rules.from_options(spec_options) == Rules()
