"""Scoring of one deal: every row of docs/rules.md §4.5, the moon rules of §3 (with the exact
Mixed Moon algorithm of §3.1) and two-player scoring (§5). Expected numbers are worked
out by hand in each test.
"""

from __future__ import annotations

from typing import Any

import pytest

from hearts_teach import Rules, score_deal

HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
MOON = HEARTS + " QS"


def scores(rules: Rules, taken: list[str], totals: tuple[int, ...] | None = None) -> Any:
    return score_deal(rules, taken, totals=totals)


# --- standard (row 1) and §2.8, §2.9 -----------------------------------------------


def test_standard_ordinary_deal_hearts_1_queen_13() -> None:
    # 13+1+1, 4 hearts, 5 hearts, 2 hearts
    result = scores(Rules(), ["QS 2H 3H", "4H 5H 6H 7H", "8H 9H 10H JH QH", "KH AH"])
    assert result.points == (15, 4, 5, 2)
    assert result.scores == (15, 4, 5, 2)
    assert sum(result.points) == 26
    assert result.moon is None
    assert result.totals == (15, 4, 5, 2)


def test_standard_old_moon_shooter_0_others_26() -> None:
    result = scores(Rules(), ["", "", MOON, ""])
    assert result.points == (0, 0, 26, 0)
    assert result.moon == 2
    assert result.moon_rule == "old"
    assert result.scores == (26, 26, 0, 26)


def test_standard_new_moon_shooter_minus_26_others_0() -> None:
    result = scores(Rules(moon="new"), ["", "", MOON, ""])
    assert result.scores == (0, 0, -26, 0)
    assert result.moon_rule == "new"


def test_moon_needs_the_counting_cards_not_every_trick() -> None:
    # Others won tricks of zero-point cards; the shooter still took every penalty card.
    result = scores(Rules(), ["2C 3C 4C 5C", MOON, "2D 3D 4D 5D", "2S 3S 4S 5S"])
    assert result.moon == 1
    assert result.scores == (26, 0, 26, 26)


def test_missing_one_heart_is_no_moon_it_scores_25() -> None:
    result = scores(Rules(), [MOON.replace("2H ", ""), "2H", "", ""])
    assert result.moon is None
    assert result.scores == (25, 1, 0, 0)


def test_moon_none_takes_everything_for_26() -> None:
    result = scores(Rules(moon="none"), [MOON, "", "", ""])
    assert result.moon is None
    assert result.scores == (26, 0, 0, 0)


# --- Spot (row 2) ------------------------------------------------------------------


def test_spot_ordinary_deal_face_values_and_queen_25() -> None:
    # Q♠ 25 + A♥ 14 = 39; 2..10 = 54; J+Q+K = 11+12+13 = 36; total 129
    result = scores(Rules(spot=True), ["QS AH", "2H 3H 4H 5H 6H 7H 8H 9H 10H", "JH QH KH", ""])
    assert result.points == (39, 54, 36, 0)
    assert sum(result.points) == 129


def test_spot_old_moon_others_129() -> None:
    result = scores(Rules(spot=True), ["", MOON, "", ""])
    assert result.scores == (129, 0, 129, 129)


def test_spot_new_moon_shooter_minus_129() -> None:
    result = scores(Rules(spot=True, moon="new"), ["", MOON, "", ""])
    assert result.scores == (0, -129, 0, 0)


# --- Omnibus (row 3) ---------------------------------------------------------------


def test_omnibus_ordinary_deal_jack_minus_10_net_16() -> None:
    # 13 + 5 = 18; −10 + 2 = −8; 6 hearts = 6; nothing = 0; total 16
    result = scores(
        Rules(omnibus=True), ["QS 2H 3H 4H 5H 6H", "JD 7H 8H", "9H 10H JH QH KH AH", "2C"]
    )
    assert result.points == (18, -8, 6, 0)
    assert result.scores == (18, -8, 6, 0)
    assert sum(result.scores) == 16


def test_omnibus_old_moon_needs_the_jack_and_gives_others_26() -> None:
    result = scores(Rules(omnibus=True), [MOON + " JD", "", "", ""])
    assert result.moon == 0
    assert result.scores == (0, 26, 26, 26)


def test_omnibus_new_moon_is_minus_26_not_minus_36() -> None:
    result = scores(Rules(omnibus=True, moon="new"), [MOON + " JD", "", "", ""])
    assert result.scores == (-26, 0, 0, 0)


@pytest.mark.parametrize("moon", ["old", "new", "mixed"])
def test_omnibus_all_hearts_and_queen_without_the_jack_is_not_a_moon(moon: str) -> None:
    result = scores(Rules(omnibus=True, moon=moon), [MOON, "JD", "", ""])
    assert result.moon is None
    assert result.scores == (26, -10, 0, 0)


def test_openspiel_convention_jack_not_required_and_stacking_on_the_moon() -> None:
    rules = Rules(omnibus=True, omnibus_moon_requires_jd=False, omnibus_jd_stacks_on_moon=True)
    # Another player took J♦: he scores 26 − 10 = 16.
    other = scores(rules, [MOON, "JD", "", ""])
    assert other.moon == 0
    assert other.scores == (0, 16, 26, 26)
    # The shooter took J♦ too: he keeps its −10.
    himself = scores(rules, [MOON + " JD", "", "", ""])
    assert himself.scores == (-10, 26, 26, 26)


def test_jack_not_required_without_stacking_ignores_the_jack_on_a_moon() -> None:
    rules = Rules(omnibus=True, omnibus_moon_requires_jd=False)
    result = scores(rules, [MOON, "JD", "", ""])
    assert result.moon == 0
    assert result.scores == (0, 26, 26, 26)


# --- Spot + Omnibus (row 4) --------------------------------------------------------


def test_spot_omnibus_ordinary_deal_net_119() -> None:
    # 25 + 14 − 10 = 29; hearts 2..K = 104 − 14 = 90
    result = scores(
        Rules(spot=True, omnibus=True), ["QS AH JD", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "", ""]
    )
    assert result.points == (29, 90, 0, 0)
    assert sum(result.points) == 119


def test_spot_omnibus_moon_needs_the_jack_old_129_new_minus_129() -> None:
    old = scores(Rules(spot=True, omnibus=True), ["", "", "", MOON + " JD"])
    assert old.scores == (129, 129, 129, 0)
    new = scores(Rules(spot=True, omnibus=True, moon="new"), ["", "", "", MOON + " JD"])
    assert new.scores == (0, 0, 0, -129)
    without = scores(Rules(spot=True, omnibus=True), ["", "", "JD", MOON])
    assert without.moon is None
    assert without.scores == (0, 0, -10, 129)


# --- Black Maria rows (no moon) ----------------------------------------------------


def test_black_maria_ordinary_deal_king_10_ace_7_net_43() -> None:
    # 13 + 10 = 23; 7 + 13 hearts = 20
    result = scores(Rules(black_maria=True), ["QS KS", "AS " + HEARTS, "", ""])
    assert result.points == (23, 20, 0, 0)
    assert sum(result.points) == 43


@pytest.mark.parametrize("moon", ["old", "new", "mixed"])
def test_black_maria_has_no_moon_taking_all_scores_43(moon: str) -> None:
    result = scores(Rules(black_maria=True, moon=moon), ["", MOON + " KS AS", "", ""])
    assert result.moon is None
    assert result.scores == (0, 43, 0, 0)


def test_black_maria_spot_queen_25_net_146() -> None:
    rules = Rules(black_maria=True, spot=True)
    # 25 + 10 + 7 = 42; hearts 104
    split = scores(rules, ["QS KS AS", HEARTS, "", ""])
    assert split.points == (42, 104, 0, 0)
    everything = scores(rules, ["", "", MOON + " KS AS", ""])
    assert everything.moon is None
    assert everything.scores == (0, 0, 146, 0)


def test_black_maria_omnibus_net_33() -> None:
    everything = scores(Rules(black_maria=True, omnibus=True), [MOON + " KS AS JD", "", "", ""])
    assert everything.moon is None
    assert everything.scores == (33, 0, 0, 0)


def test_black_maria_spot_omnibus_net_136() -> None:
    rules = Rules(black_maria=True, spot=True, omnibus=True)
    everything = scores(rules, ["", "", "", MOON + " KS AS JD"])
    assert everything.scores == (0, 0, 0, 136)


# --- §3: new moon below zero, §3.1 Mixed Moon ---------------------------------------


def test_new_moon_takes_a_score_below_zero_10_to_minus_16() -> None:
    result = scores(Rules(moon="new"), [MOON, "", "", ""], totals=(10, 30, 40, 50))
    assert result.totals == (-16, 30, 40, 50)
    assert not result.game_over


def test_mixed_moon_old_moon_that_does_not_end_the_game_stands() -> None:
    # Old: 50/86/96/36, nobody reaches 100, so Old stands though New would be kinder.
    result = scores(Rules(moon="mixed"), [MOON, "", "", ""], totals=(50, 60, 70, 10))
    assert result.moon_rule == "old"
    assert result.scores == (0, 26, 26, 26)
    assert result.totals == (50, 86, 96, 36)
    assert not result.game_over


def test_mixed_moon_old_moon_ending_with_the_shooter_sole_lowest_stands() -> None:
    # Old: 10/106/106/106 ends the game and the shooter wins.
    result = scores(Rules(moon="mixed"), [MOON, "", "", ""], totals=(10, 80, 80, 80))
    assert result.moon_rule == "old"
    assert result.totals == (10, 106, 106, 106)
    assert result.game_over
    assert result.winners == (0,)


def test_mixed_moon_switches_to_new_when_old_would_let_another_win() -> None:
    # [WP-old]: shooter 90, second 95, leader 63 (fourth 70). Old would give
    # 90/121/89/96: the game ends and the leader wins; so New: 64/95/63/70.
    result = scores(Rules(moon="mixed"), [MOON, "", "", ""], totals=(90, 95, 63, 70))
    assert result.moon_rule == "new"
    assert result.scores == (-26, 0, 0, 0)
    assert result.totals == (64, 95, 63, 70)
    assert not result.game_over


def test_mixed_moon_tie_for_lowest_under_old_means_old_stands() -> None:
    # Old: 40/106/40/76, a tie for lowest, the game would go on: Old stands.
    result = scores(Rules(moon="mixed"), [MOON, "", "", ""], totals=(40, 80, 14, 50))
    assert result.moon_rule == "old"
    assert result.totals == (40, 106, 40, 76)
    assert not result.game_over


def test_mixed_moon_with_spot_uses_129_and_the_game_target() -> None:
    rules = Rules(moon="mixed", spot=True, target=500)
    # Old: 400/429/519/229 would end it with player 3 winning: New gives 271/300/390/100.
    result = scores(rules, [MOON, "", "", ""], totals=(400, 300, 390, 100))
    assert result.moon_rule == "new"
    assert result.totals == (271, 300, 390, 100)


def test_mixed_moon_with_omnibus_needs_the_jack() -> None:
    rules = Rules(moon="mixed", omnibus=True)
    # Without J♦ it is no moon at all: ordinary scores.
    plain = scores(rules, [MOON, "JD", "", ""], totals=(90, 95, 63, 70))
    assert plain.moon is None
    assert plain.totals == (116, 85, 63, 70)
    assert plain.game_over and plain.winners == (2,)
    moon = scores(rules, [MOON + " JD", "", "", ""], totals=(90, 95, 63, 70))
    assert moon.moon_rule == "new"
    assert moon.totals == (64, 95, 63, 70)


# --- other options -------------------------------------------------------------------


def test_partner_spared_on_a_partnership_moon() -> None:
    rules = Rules(partnership=True, partner_spared_on_moon=True)
    result = scores(rules, [MOON, "", "", ""])
    assert result.scores == (0, 26, 0, 26)
    plain = scores(Rules(partnership=True), [MOON, "", "", ""])
    assert plain.scores == (0, 26, 26, 26)


def test_avoid_all_tricks_bonus_minus_5_without_a_moon_only() -> None:
    rules = Rules(avoid_all_tricks_bonus=True)
    result = score_deal(rules, ["QS", HEARTS, "", ""], tricks=(5, 8, 0, 0))
    assert result.scores == (13, 13, -5, -5)
    moon = score_deal(rules, [MOON, "", "", ""], tricks=(13, 0, 0, 0))
    assert moon.scores == (0, 26, 26, 26)


def test_original_hearts_queen_scores_nothing() -> None:
    result = scores(Rules.preset("original"), ["QS 2H", HEARTS.replace("2H ", ""), "", ""])
    assert result.points == (1, 12, 0, 0)
    assert result.moon is None


def test_reverse_moon_none_by_default_taking_all_scores_26() -> None:
    result = scores(Rules.preset("reverse"), [MOON, "", "", ""])
    assert result.moon is None
    assert result.scores == (26, 0, 0, 0)


# --- §5 two-player scoring ---------------------------------------------------------

TWO = Rules(players=2)
TWO_HEARTS = "2H 4H 6H 8H 10H QH AH"


def test_two_player_hearts_1_queen_13_twenty_in_the_deck() -> None:
    result = score_deal(TWO, ["QS 2H 4H", "6H 8H 10H QH AH"], dead="2C 4C")
    assert result.points == (15, 5)
    assert sum(result.points) == 20


def test_two_player_moon_gives_the_opponent_20() -> None:
    result = score_deal(TWO, [TWO_HEARTS + " QS", "2C"], dead="4C 6C")
    assert result.moon == 0
    assert result.scores == (0, 20)


def test_two_player_moon_is_all_the_point_cards_in_play() -> None:
    # Q♠ is dead: the seven hearts alone are the moon; the award is 20 by default.
    result = score_deal(TWO, ["", TWO_HEARTS], dead="QS 2C")
    assert result.moon == 1
    assert result.scores == (20, 0)


def test_two_player_moon_award_points_in_play() -> None:
    rules = Rules(players=2, two_player_moon_award="points_in_play")
    queen_dead = score_deal(rules, ["", TWO_HEARTS], dead="QS 2C")
    assert queen_dead.scores == (7, 0)
    heart_dead = score_deal(rules, [TWO_HEARTS.replace(" AH", "") + " QS", ""], dead="AH 2C")
    assert heart_dead.moon == 0
    assert heart_dead.scores == (0, 19)
    nothing_dead = score_deal(rules, [TWO_HEARTS + " QS", ""], dead="2C 4C")
    assert nothing_dead.scores == (0, 20)


def test_two_player_without_moon_rule_scores_everything() -> None:
    result = score_deal(Rules(players=2, moon="none"), [TWO_HEARTS + " QS", ""], dead="2C 4C")
    assert result.moon is None
    assert result.scores == (20, 0)


def test_mixed_moon_in_partnership_looks_at_the_winning_team() -> None:
    rules = Rules(partnership=True, moon="mixed")
    # Old: 50/26/116/36, teams 166 v 62: the other team would win, so New: 24/0/90/10.
    result = scores(rules, [MOON, "", "", ""], totals=(50, 0, 90, 10))
    assert result.moon_rule == "new"
    assert result.totals == (24, 0, 90, 10)
    assert not result.game_over
    # East shoots instead: Old gives 76/0/116/36, teams 192 v 36: his team wins, Old stands.
    east = scores(rules, ["", MOON, "", ""], totals=(50, 0, 90, 10))
    assert east.moon_rule == "old"
    assert east.game_over and east.winners == (1, 3)
    # Partner spared: Old gives 50/26/90/36, nobody at 100, Old stands.
    spared = scores(rules.replace(partner_spared_on_moon=True), [MOON, "", "", ""], (50, 0, 90, 10))
    assert spared.moon_rule == "old"
    assert spared.totals == (50, 26, 90, 36)


# --- Mixed Moon decides with the Old Moon scores as they would be applied ---------------
# With ``omnibus_jd_stacks_on_moon`` the J♦'s −10 is part of the Old Moon scores, so it
# is part of what Mixed Moon looks at (docs/rules.md §3.1: O = T + old_moon_deltas).

STACKING = Rules(moon="mixed", omnibus=True, omnibus_jd_stacks_on_moon=True)
OPENSPIEL_STACKING = STACKING.replace(omnibus_moon_requires_jd=False)


def test_mixed_moon_counts_the_shooters_jack_so_old_moon_stands() -> None:
    # Old Moon as applied: shooter 90 − 10 = 80, others 86/106/106. The game ends and the
    # shooter is the sole lowest: Old stands. (Without the −10 he would be at 90 and
    # player 1 at 86 would win, which is what the stacking rule rules out.)
    result = scores(STACKING, [MOON + " JD", "", "", ""], totals=(90, 60, 80, 80))
    assert result.moon == 0
    assert result.moon_rule == "old"
    assert result.scores == (-10, 26, 26, 26)
    assert result.totals == (80, 86, 106, 106)
    assert result.game_over and result.winners == (0,)


def test_without_stacking_the_same_moon_switches_to_new() -> None:
    # The same deal when J♦ does not stack: Old would give 90/86/106/106, player 1 wins.
    rules = STACKING.replace(omnibus_jd_stacks_on_moon=False)
    result = scores(rules, [MOON + " JD", "", "", ""], totals=(90, 60, 80, 80))
    assert result.moon_rule == "new"
    assert result.scores == (-26, 0, 0, 0)
    assert result.totals == (64, 60, 80, 80)
    assert not result.game_over


def test_mixed_moon_counts_another_players_jack_so_new_moon_applies() -> None:
    # OpenSpiel convention: the moon needs no J♦; player 1 took it. Old Moon as applied:
    # 80/76/106/106 (player 1 scores 26 − 10 = 16): the game ends and player 1 wins, so
    # New: shooter −26, player 1 still −10 for the jack: 54/50/80/80.
    result = scores(OPENSPIEL_STACKING, [MOON, "JD", "", ""], totals=(80, 60, 80, 80))
    assert result.moon == 0
    assert result.moon_rule == "new"
    assert result.scores == (-26, -10, 0, 0)
    assert result.totals == (54, 50, 80, 80)
    assert not result.game_over
    # Without stacking Old would give 80/86/106/106 and the shooter would win: Old stands.
    plain = scores(
        OPENSPIEL_STACKING.replace(omnibus_jd_stacks_on_moon=False),
        [MOON, "JD", "", ""],
        totals=(80, 60, 80, 80),
    )
    assert plain.moon_rule == "old"
    assert plain.totals == (80, 86, 106, 106)
    assert plain.game_over and plain.winners == (0,)


def test_mixed_moon_counts_the_jack_that_keeps_a_player_below_the_target() -> None:
    # Player 1 took J♦: Old as applied gives 70/96/66/86, nobody reaches 100, so Old
    # stands (counted without the −10, player 1 would reach 106 and player 2 would win).
    result = scores(OPENSPIEL_STACKING, [MOON, "JD", "", ""], totals=(70, 80, 40, 60))
    assert result.moon_rule == "old"
    assert result.scores == (0, 16, 26, 26)
    assert result.totals == (70, 96, 66, 86)
    assert not result.game_over


def test_mixed_moon_with_stacking_in_spot_hearts() -> None:
    # Spot + Omnibus, M = 129, target 500. Old as applied: 390/395/509/509 (the shooter's
    # 400 − 10): the game ends with the shooter sole lowest, Old stands. (At 400 he would
    # trail player 1's 395.)
    rules = STACKING.replace(spot=True, target=500)
    result = scores(rules, [MOON + " JD", "", "", ""], totals=(400, 266, 380, 380))
    assert result.moon_rule == "old"
    assert result.scores == (-10, 129, 129, 129)
    assert result.totals == (390, 395, 509, 509)
    assert result.game_over and result.winners == (0,)


# --- one place for each number ----------------------------------------------------------


def test_the_omnibus_jack_is_worth_the_one_constant_and_scores_read_it() -> None:
    from hearts_teach.cards import JACK_OF_DIAMONDS, mask_of
    from hearts_teach.rules import OMNIBUS_JACK_VALUE
    from hearts_teach.scoring import points_of

    rules = Rules.preset("omnibus")
    assert rules.value(JACK_OF_DIAMONDS) == OMNIBUS_JACK_VALUE == -10
    assert points_of(rules, mask_of(["JD", "QS", "2H"])) == 4
    assert points_of(Rules(), mask_of(["JD", "QS", "2H"])) == 14
    # Stacking on a moon: the jack's value, from the same place.
    stacked = Rules.preset(
        "omnibus", omnibus_jd_stacks_on_moon=True, omnibus_moon_requires_jd=False
    )
    result = scores(stacked, [MOON, "JD", "", ""])
    assert result.scores == (0, 26 + OMNIBUS_JACK_VALUE, 26, 26)
