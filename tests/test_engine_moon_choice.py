"""The shooter's choice (docs/rules.md §3.2): the deal waits, both outcomes, the choice as
an undoable move, games, records, and how the bots choose."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.engine import bilingual, play_a_moon

from hearts_teach import Game, HeartsError, IllegalMove, Rules, RulesError, score_deal
from hearts_teach.bots import make_bot, moon_choice_for
from hearts_teach.cards import QUEEN_OF_SPADES, cards_of
from hearts_teach.records import (
    deal_from_code,
    deal_from_json,
    deal_to_json,
    game_from_json,
    game_to_json,
    share_code,
)
from hearts_teach.scoring import MOON_CHOICES, preferred_moon_choice

CHOICE = Rules(moon="choice")


def test_the_deal_waits_for_the_shooter_with_both_outcomes() -> None:
    deal = play_a_moon(CHOICE, totals=(50, 60, 70, 80))
    assert deal.is_over and not deal.is_complete
    pending = deal.pending_moon_choice
    assert pending is not None and pending.shooter == 0
    assert pending.add.scores == (0, 26, 26, 26)
    assert pending.add.totals == (50, 86, 96, 106)
    assert pending.add.game_over and pending.add.winners == (0,)
    assert pending.add.moon_rule == "old"
    assert pending.subtract.scores == (-26, 0, 0, 0)
    assert pending.subtract.totals == (24, 60, 70, 80)
    assert not pending.subtract.game_over and pending.subtract.moon_rule == "new"
    with pytest.raises(HeartsError) as caught:
        deal.result()
    english, french = bilingual(caught.value)
    assert "choose" in english and "choisir" in french


def test_the_choice_is_a_move_that_undo_takes_back() -> None:
    deal = play_a_moon(CHOICE, totals=(50, 60, 70, 80))
    before = deal.state_key()
    deal.choose_moon("subtract")
    assert deal.moon_choice == "subtract" and deal.is_complete
    assert deal.pending_moon_choice is None
    assert deal.result().totals == (24, 60, 70, 80)
    assert deal.state_key() != before
    deal.undo()
    assert deal.state_key() == before and deal.pending_moon_choice is not None
    deal.undo()  # then the last card
    assert not deal.is_over


@pytest.mark.parametrize("word", ["old", "Add", "", "new", None, 1])
def test_a_choice_not_offered_is_refused_and_changes_nothing(word: object) -> None:
    deal = play_a_moon(CHOICE)
    key = deal.state_key()
    with pytest.raises(IllegalMove) as caught:
        deal.choose_moon(word)  # type: ignore[arg-type]
    english, french = bilingual(caught.value)
    assert "add, subtract" in english and "add, subtract" in french
    assert deal.state_key() == key


def test_a_choice_when_none_is_pending_is_refused() -> None:
    for deal in (play_a_moon(Rules()), play_a_moon(CHOICE)):
        if deal.pending_moon_choice is not None:
            deal.choose_moon("add")
        key = deal.state_key()
        with pytest.raises(IllegalMove) as caught:
            deal.choose_moon("add")
        bilingual(caught.value)
        assert deal.state_key() == key
    # Before the last trick, too.
    deal = play_a_moon(CHOICE)
    deal.undo()
    with pytest.raises(IllegalMove):
        deal.choose_moon("add")


def test_no_moon_no_pending_choice() -> None:
    deal = play_a_moon(CHOICE)
    taken = [cards_of(m) for m in deal.taken]
    # The queen to another player: no moon, plain points, nothing to choose.
    taken[0].remove(QUEEN_OF_SPADES)
    taken[1].append(QUEEN_OF_SPADES)
    result = score_deal(CHOICE, taken)
    assert result.moon is None and result.scores == (13, 13, 0, 0)


def test_score_deal_needs_the_choice_on_a_moon() -> None:
    deal = play_a_moon(CHOICE)
    taken = [cards_of(m) for m in deal.taken]
    with pytest.raises(HeartsError) as caught:
        score_deal(CHOICE, taken)
    bilingual(caught.value)
    assert score_deal(CHOICE, taken, moon_choice="add").scores == (0, 26, 26, 26)
    with pytest.raises(IllegalMove):
        score_deal(CHOICE, taken, moon_choice="both")  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [3, 5, 6])
def test_other_numbers_of_players(players: int) -> None:
    rules = Rules(players=players, moon="choice")
    deal = play_a_moon(rules)
    pending = deal.pending_moon_choice
    assert pending is not None
    assert pending.add.scores == (0,) + (26,) * (players - 1)
    assert pending.subtract.scores == (-26,) + (0,) * (players - 1)


def test_with_spot_omnibus_and_a_spared_partner() -> None:
    spot = play_a_moon(Rules(moon="choice", spot=True)).pending_moon_choice
    assert spot is not None and spot.subtract.scores == (-129, 0, 0, 0)
    partner = play_a_moon(
        Rules(moon="choice", partnership=True, partner_spared_on_moon=True)
    ).pending_moon_choice
    assert partner is not None and partner.add.scores == (0, 26, 0, 26)


def test_two_players_refuse_the_choice_in_both_languages() -> None:
    with pytest.raises(RulesError) as caught:
        Rules(players=2, moon="choice")
    english, french = bilingual(caught.value)
    assert "choice" in english and "choice" in french


def test_black_maria_has_no_moon_so_no_choice() -> None:
    deal = play_a_moon(Rules(moon="choice", black_maria=True))
    assert deal.pending_moon_choice is None and deal.result().moon is None


# --- games and records -------------------------------------------------------------------


def test_a_game_waits_for_the_choice_before_the_next_deal() -> None:
    game = Game.from_deal(play_a_moon(CHOICE), seed=1)
    assert game.history == () and not game.is_over
    with pytest.raises(HeartsError) as caught:
        game.next_deal()
    bilingual(caught.value)
    game.choose_moon("add")
    assert game.totals == (0, 26, 26, 26)
    game.undo()
    assert game.history == ()
    game.choose_moon("subtract")
    assert game.totals == (-26, 0, 0, 0)
    assert game.next_deal().totals == (-26, 0, 0, 0)
    copy = game_from_json(game_to_json(game))
    assert [p.result for p in copy.history] == [p.result for p in game.history]


@pytest.mark.parametrize("choice", MOON_CHOICES)
def test_records_and_share_codes_carry_the_choice(choice: str) -> None:
    deal = play_a_moon(CHOICE, totals=(10, 20, 30, 40))
    waiting = deal_from_code(share_code(deal))
    assert waiting.pending_moon_choice is not None and waiting.moon_choice is None
    deal.choose_moon(choice)
    for copy in (deal_from_json(deal_to_json(deal)), deal_from_code(share_code(deal))):
        assert copy.moon_choice == choice
        assert copy.state_key() == deal.state_key()
        assert copy.result() == deal.result()
    # A code without the plays carries no choice either.
    assert deal_from_code(share_code(deal, include_plays=False)).moon_choice is None


def test_a_record_without_a_choice_is_written_as_before() -> None:
    deal = play_a_moon(Rules(), totals=(10, 20, 30, 40))
    assert "moon_choice" not in deal_to_json(deal)


# --- the bots' choice ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "choice", "reason"),
    [
        ((50, 60, 70, 80), "add", "wins_game"),  # the others pass 100, the shooter lowest
        ((90, 60, 70, 80), "subtract", "add_loses"),  # adding ends it with another winning
        ((10, 60, 70, 40), "add", "leading"),  # no end either way, the shooter leads
        ((70, 60, 20, 40), "subtract", "behind"),  # no end either way, the shooter behind
        ((60, 20, 105, 90), "subtract", "lost_either_way"),  # a tie-break deal: West wins
    ],
)
def test_the_bots_choose_by_the_game_situation(
    totals: tuple[int, ...], choice: str, reason: str
) -> None:
    deal = play_a_moon(CHOICE, totals=totals)
    decision = preferred_moon_choice(CHOICE, totals, 0, deal.taken)
    assert (decision.choice, decision.reason) == (choice, reason)
    for level in ("random", "heuristic", "montecarlo"):
        made = make_bot(level, seed=3).choose_moon(deal.view(0))
        assert made.choice == choice and made.key == f"moon.{choice}.{reason}"
        for lang in ("en", "fr"):
            said, hint = made.reason(lang), made.advice(lang)
            assert "26" in said and "26" in hint and said != hint
        assert made.reason("en").startswith("I ") and made.advice("en").startswith("You ")
        assert made.reason("fr").startswith("J") and made.advice("fr").startswith("Vous ")


def test_in_a_tie_break_the_bot_takes_the_outcome_that_wins() -> None:
    # Tie-break deal: 0 and 1 tied at the bottom, 3 already past the target.
    totals = (80, 80, 90, 105)
    deal = play_a_moon(CHOICE, totals=totals)
    decision = moon_choice_for(deal.view(0))
    assert decision.choice == "add" and decision.key == "moon.add.wins_game"
    # With a fixed number of deals both end the game, the shooter winning either way.
    last = play_a_moon(Rules(moon="choice", deals=1), totals=(80, 70, 90, 105))
    pending = last.pending_moon_choice
    assert pending is not None and pending.add.winners == pending.subtract.winners == (0,)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.lists(st.integers(-30, 130), min_size=4, max_size=4), st.integers(30, 150))
def test_the_two_outcomes_are_old_and_new_moon_and_the_bots_never_lose_by_choosing(
    totals: list[int], target: int
) -> None:
    rules = Rules(moon="choice", target=target)
    deal = play_a_moon(rules, totals=tuple(totals))
    pending = deal.pending_moon_choice
    assert pending is not None
    taken = [cards_of(m) for m in deal.taken]
    old = score_deal(rules.replace(moon="old"), taken, totals=totals)
    new = score_deal(rules.replace(moon="new"), taken, totals=totals)
    assert (pending.add.scores, pending.add.totals) == (old.scores, old.totals)
    assert (pending.subtract.scores, pending.subtract.totals) == (new.scores, new.totals)
    chosen = pending.outcome(moon_choice_for(deal.view(0)).choice)
    # If either outcome wins the game for the shooter, the bot takes one that does.
    if any(o.game_over and 0 in o.winners for o in (pending.add, pending.subtract)):
        assert chosen.game_over and 0 in chosen.winners
    deal.choose_moon(moon_choice_for(deal.view(0)).choice)
    assert deal.result() == chosen


def test_with_a_fixed_number_of_deals_the_totals_do_not_bring_the_end_nearer() -> None:
    rules = Rules(moon="choice", deals=5)
    deal = play_a_moon(rules, totals=(10, 60, 70, 40))
    made = moon_choice_for(deal.view(0))
    assert (made.choice, made.key) == ("subtract", "moon.subtract.fixed_deals")
    assert "number of deals" in made.reason("en") and "nombre de donnes" in made.reason("fr")
    # On the last deal the count ends the game: the outcome where the shooter wins.
    last = play_a_moon(rules, totals=(10, 60, 70, 40), deal_number=4)
    assert moon_choice_for(last.view(0)).key == "moon.add.wins_game"
