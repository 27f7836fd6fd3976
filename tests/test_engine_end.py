"""End of the game (docs/rules.md §2.10, §5, §7) and whole games.

Deal scores are built from hand-picked cards so every total below is worked out by hand.
"""

from __future__ import annotations

import random

import pytest
from support.engine import play_game

from hearts_teach import Game, HeartsError, Rules, game_outcome, score_deal

HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
MOON = HEARTS + " QS"
TEN_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH"  # 10 points
QUEEN_AND_THREE = "QS QH KH AH"  # 16 points


# --- §7 standard end test ------------------------------------------------------------


def test_nobody_at_the_target_the_game_goes_on() -> None:
    result = score_deal(Rules(), [TEN_HEARTS, QUEEN_AND_THREE, "", ""], totals=(89, 50, 40, 30))
    assert result.totals == (99, 66, 40, 30)
    assert not result.game_over
    assert result.winners == ()


def test_e1_reaching_exactly_the_target_ends_the_game() -> None:
    result = score_deal(Rules(), [TEN_HEARTS, QUEEN_AND_THREE, "", ""], totals=(90, 50, 40, 30))
    assert result.totals == (100, 66, 40, 30)
    assert result.game_over
    assert result.winners == (3,)


def test_the_target_is_an_option() -> None:
    result = score_deal(
        Rules(target=50), [TEN_HEARTS, QUEEN_AND_THREE, "", ""], totals=(40, 0, 0, 1)
    )
    assert result.totals == (50, 16, 0, 1)
    assert result.game_over and result.winners == (2,)


def test_a_tie_for_lowest_plays_on() -> None:
    result = score_deal(Rules(), [TEN_HEARTS, "", "", QUEEN_AND_THREE], totals=(90, 40, 40, 60))
    assert result.totals == (100, 40, 40, 76)
    assert not result.game_over
    assert result.winners == ()


def test_ties_above_the_lowest_do_not_matter() -> None:
    result = score_deal(Rules(), [TEN_HEARTS, "", QUEEN_AND_THREE, ""], totals=(90, 40, 60, 76))
    assert result.totals == (100, 40, 76, 76)
    assert result.game_over and result.winners == (1,)


def test_e2_the_player_who_triggered_the_end_can_still_win() -> None:
    rules = Rules()
    # Deal 1: North reaches 100 (95 + 5) while East and South tie for lowest at 60.
    first = score_deal(rules, ["2H 3H 4H 5H 6H", "", "", "QS 7H 8H 9H 10H JH QH KH AH"],
                       totals=(95, 60, 60, 70))  # fmt: skip
    assert first.totals == (100, 60, 60, 91)
    assert not first.game_over
    # Tie-break deals: North shoots the moon twice (Old Moon) and overtakes both.
    second = score_deal(rules, [MOON, "", "", ""], totals=first.totals)
    assert second.totals == (100, 86, 86, 117)
    assert not second.game_over
    third = score_deal(rules, [MOON, "", "", ""], totals=second.totals)
    assert third.totals == (100, 112, 112, 143)
    assert third.game_over
    assert third.winners == (0,)


def test_e3_a_new_moon_can_undo_the_trigger() -> None:
    rules = Rules(moon="new")
    # Tie-break phase: North 105 is the only one at the target, East and South tie.
    result = score_deal(rules, [MOON, "", "", ""], totals=(105, 70, 70, 90))
    assert result.totals == (79, 70, 70, 90)
    assert not result.game_over  # nobody is at the target any more
    # A new moon by East instead breaks the tie and ends it.
    east = score_deal(rules, ["", MOON, "", ""], totals=(105, 70, 70, 90))
    assert east.totals == (105, 44, 70, 90)
    assert east.game_over and east.winners == (1,)


def test_e4_omnibus_lowers_a_total_and_the_end_test_is_unchanged() -> None:
    rules = Rules(omnibus=True)
    # North +5 −10 = −5 → 90; East Q♠ + 8 hearts = 21 → 101; South 85 is lowest.
    result = score_deal(
        rules, ["2H 3H 4H 5H 6H JD", "QS 7H 8H 9H 10H JH QH KH AH", "", ""], totals=(95, 80, 85, 90)
    )
    assert result.totals == (90, 101, 85, 90)
    assert result.game_over and result.winners == (2,)


def test_e4_omnibus_brings_the_only_player_at_the_target_back_below_it() -> None:
    rules = Rules(omnibus=True)
    # East takes every heart and the queen but not J♦: no moon, +26.
    result = score_deal(rules, ["JD", MOON, "", ""], totals=(105, 60, 60, 90))
    assert result.moon is None
    assert result.totals == (95, 86, 60, 90)
    assert not result.game_over


def test_e5_negative_totals_are_allowed_and_can_win() -> None:
    new_moon = score_deal(Rules(moon="new"), [MOON, "", "", ""], totals=(10, 95, 90, 90))
    assert new_moon.totals == (-16, 95, 90, 90)
    end = score_deal(Rules(moon="new"), ["", "2H 3H 4H 5H 6H", "", "QS 7H 8H 9H 10H JH QH KH AH"],
                     totals=new_moon.totals)  # fmt: skip
    assert end.totals == (-16, 100, 90, 111)
    assert end.game_over and end.winners == (0,)
    jack = score_deal(Rules(omnibus=True), ["JD", MOON, "", ""], totals=(5, 0, 0, 0))
    assert jack.totals == (-5, 26, 0, 0)


# --- Reverse, Partnership ------------------------------------------------------------


def test_reverse_the_highest_total_wins() -> None:
    rules = Rules.preset("reverse")
    result = score_deal(rules, [TEN_HEARTS, QUEEN_AND_THREE, "", ""], totals=(90, 50, 60, 70))
    assert result.totals == (100, 66, 60, 70)
    assert result.game_over and result.winners == (0,)


def test_reverse_a_tie_for_highest_plays_on() -> None:
    rules = Rules.preset("reverse")
    result = score_deal(rules, [TEN_HEARTS, QUEEN_AND_THREE, "", ""], totals=(90, 84, 60, 70))
    assert result.totals == (100, 100, 60, 70)
    assert not result.game_over


def test_partnership_team_sums_decide_and_both_partners_win() -> None:
    rules = Rules.preset("partnership")
    # After: 60/5/40/100. East alone is lowest, but teams: 0+2 = 100, 1+3 = 105.
    result = score_deal(rules, [TEN_HEARTS, "", "", QUEEN_AND_THREE], totals=(50, 5, 40, 84))
    assert result.totals == (60, 5, 40, 100)
    assert result.team_totals == (100, 105)
    assert result.game_over
    assert result.winners == (0, 2)


def test_partnership_ends_only_when_an_individual_reaches_the_target() -> None:
    rules = Rules.preset("partnership")
    result = score_deal(rules, [TEN_HEARTS, QUEEN_AND_THREE, "", ""], totals=(50, 34, 45, 40))
    assert result.totals == (60, 50, 45, 40)
    assert result.team_totals == (105, 90)
    assert not result.game_over


def test_partnership_team_tie_plays_on() -> None:
    rules = Rules.preset("partnership")
    result = score_deal(rules, [TEN_HEARTS, "", "", QUEEN_AND_THREE], totals=(90, 60, 50, 74))
    assert result.totals == (100, 60, 50, 90)
    assert result.team_totals == (150, 150)
    assert not result.game_over


# --- two players -------------------------------------------------------------------

TWO = Rules(players=2)


def test_two_player_first_to_reach_100_loses() -> None:
    result = score_deal(TWO, ["QS", "2H 4H 6H 8H 10H QH AH"], totals=(90, 80), dead="2C 4C")
    assert result.totals == (103, 87)
    assert result.game_over and result.winners == (1,)


def test_two_player_both_over_the_lower_total_wins() -> None:
    result = score_deal(TWO, ["2H 4H 6H 8H 10H", "QS QH AH"], totals=(95, 93), dead="2C 4C")
    assert result.totals == (100, 108)
    assert result.game_over and result.winners == (0,)


def test_two_player_both_over_with_equal_totals_plays_on() -> None:
    result = score_deal(TWO, ["2H 4H 6H 8H 10H", "QS QH AH"], totals=(95, 85), dead="2C 4C")
    assert result.totals == (100, 100)
    assert not result.game_over


def test_two_player_both_over_continue_option_plays_on_then_lowest_wins() -> None:
    rules = Rules(players=2, two_player_both_over="continue")
    both = score_deal(rules, ["2H 4H 6H 8H 10H", "QS QH AH"], totals=(95, 93), dead="2C 4C")
    assert both.totals == (100, 108)
    assert not both.game_over
    later = score_deal(rules, ["2H 4H", "QS 6H 8H 10H QH AH"], totals=both.totals, dead="2C 4C")
    assert later.totals == (102, 126)
    assert later.game_over and later.winners == (0,)
    one = score_deal(rules, ["QS", "2H 4H 6H 8H 10H QH AH"], totals=(90, 80), dead="2C 4C")
    assert one.game_over and one.winners == (1,)


def test_game_outcome_is_the_same_test_directly() -> None:
    assert game_outcome(Rules(), (0, 0, 0, 0), (99, 0, 0, 0)) == (False, ())
    assert game_outcome(Rules(), (0, 0, 0, 0), (100, 0, 1, 2)) == (True, (1,))
    assert game_outcome(Rules(), (0, 0, 0, 0), (100, 0, 0, 2)) == (False, ())


# --- whole games ---------------------------------------------------------------------


def check_history(game: Game) -> None:
    """Totals chain from deal to deal, the pass cycle follows the deal number, and the
    winners are those the end rule names from the final totals."""
    rules = game.rules
    totals = (0,) * rules.players
    for number, played in enumerate(game.history):
        deal, result = played.deal, played.result
        assert deal.deal_number == number
        assert deal.pass_direction == rules.pass_direction(number)
        assert deal.is_over and len(deal.tricks) == rules.hand_size
        assert deal.totals == totals == result.totals_before
        assert result.totals == tuple(t + s for t, s in zip(totals, result.scores, strict=True))
        last = number == len(game.history) - 1
        assert result.game_over == last
        totals = result.totals
    assert game.totals == totals
    teams = rules.teams()
    sums = [sum(totals[p] for p in team) for team in teams]
    # the target is reached by a total, or by a team's sum under team_target (§16.6)
    assert max(sums if rules.team_target else totals) >= rules.target
    best = max(sums) if rules.reverse else min(sums)
    assert sums.count(best) == 1
    assert game.winners == teams[sums.index(best)]


@pytest.mark.parametrize("preset", list(Rules.PRESETS))
def test_a_whole_game_ends_with_a_winner_in_every_preset(preset: str) -> None:
    rules = Rules.preset(preset)
    game = Game(rules, seed=preset)
    play_game(game, random.Random(preset))
    assert game.is_over
    assert game.winners
    check_history(game)


def test_tie_break_deals_happen_and_the_pass_cycle_continues() -> None:
    rules = Rules()
    found = None
    for seed in range(200):
        game = Game(rules, seed=seed)
        play_game(game, random.Random(seed))
        tie_breaks = [
            n
            for n, played in enumerate(game.history)
            if max(played.result.totals) >= rules.target and not played.result.game_over
        ]
        if tie_breaks:
            found = game, tie_breaks[0]
            break
    assert found is not None, "no tie-break deal in 200 seeded games"
    game, first = found
    following = game.history[first + 1].deal
    assert following.deal_number == first + 1
    assert following.pass_direction == rules.pass_direction(first + 1)
    check_history(game)


def test_the_same_seed_gives_the_same_game() -> None:
    one, two = Game(Rules(), seed=77), Game(Rules(), seed=77)
    play_game(one, random.Random(3))
    play_game(two, random.Random(3))
    assert [p.deal.state_key() for p in one.history] == [p.deal.state_key() for p in two.history]
    assert one.totals == two.totals and one.winners == two.winners
    other = Game(Rules(), seed=78)
    assert other.deal.hands != Game(Rules(), seed=77).deal.hands


def test_next_deal_only_after_the_deal_and_not_after_the_game() -> None:
    game = Game(Rules(), seed=1)
    with pytest.raises(HeartsError):
        game.next_deal()
    play_game(game, random.Random(1))
    with pytest.raises(HeartsError):
        game.next_deal()


def test_undo_of_the_last_card_takes_the_deal_out_of_the_history() -> None:
    game = Game(Rules(), seed=2)
    rng = random.Random(2)
    for player in range(4):
        game.pass_cards(player, rng.sample(game.deal.hand(player), 3))
    while not game.deal.is_over:
        game.play(rng.choice(game.deal.legal_moves()))
    assert len(game.history) == 1
    totals = game.totals
    _, last_card = game.deal.plays[-1]
    game.undo()
    assert game.history == () and game.totals == (0, 0, 0, 0)
    assert not game.is_over
    game.play(last_card)
    assert len(game.history) == 1
    assert game.totals == totals
