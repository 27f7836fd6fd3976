"""Game keeps its own invariants: made by its constructors, read without changing."""

from __future__ import annotations

import random

import pytest
from support.engine import bilingual, play_out

from hearts_teach import Deal, Game, Rules
from hearts_teach.errors import GameError


def test_reading_a_game_never_changes_it_and_counts_the_deal_once_complete() -> None:
    game = Game(Rules(passing="none"), seed=2)
    deal = game.deal
    play_out(deal, random.Random(2))  # played on the deal itself, not through the game
    first = (game.history, game.totals, game.is_over, game.results)
    assert first == (game.history, game.totals, game.is_over, game.results)
    assert len(game.history) == 1 and game.history[0].deal is deal
    assert game.totals == deal.result().totals
    deal.undo()  # the deal is no longer complete: nor is it counted
    assert game.history == () and game.totals == (0, 0, 0, 0)
    last = deal.legal_moves()[-1]
    deal.play(last)  # the same number of cards, maybe another score: read afresh
    assert game.history[0].result == deal.result()
    game.next_deal()
    assert len(game.history) == 1 and game.deal.deal_number == 1


def test_a_game_from_a_finished_deal_holds_it_and_goes_on() -> None:
    deal = Deal.new(Rules(), seed=3, totals=(10, 20, 30, 40))
    play_out(deal, random.Random(3))
    game = Game.from_deal(deal, seed=5)
    assert game.history[0].deal is deal and game.totals == deal.result().totals
    game.next_deal()
    assert game.deal.totals == deal.result().totals and game.deal.deal_number == 1


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ("numbers", "game_deal_numbered"),
        ("rules", "game_deal_rules"),
        ("totals", "game_totals_before"),
        ("unfinished", "game_unfinished"),
    ],
)
def test_deals_that_do_not_follow_one_another_make_no_game(change: str, code: str) -> None:
    rules = Rules()
    first = Deal.new(rules, seed=1)
    play_out(first, random.Random(1))
    totals = first.result().totals
    second = {
        "numbers": Deal.new(rules, seed=2, deal_number=2, totals=totals),
        "rules": Deal.new(Rules(moon="new"), seed=2, deal_number=1, totals=totals),
        "totals": Deal.new(rules, seed=2, deal_number=1),
        "unfinished": Deal.new(rules, seed=2, deal_number=1, totals=totals),
    }[change]
    deals = [first, second] if change != "unfinished" else [Deal.new(rules, seed=1), second]
    with pytest.raises(GameError) as caught:
        Game.resume(rules, 0, deals)
    assert caught.value.code == code
    bilingual(caught.value)
    with pytest.raises(GameError):
        Game.resume(rules, 0, [])


def test_a_games_rules_and_seed_cannot_be_changed_under_it() -> None:
    game = Game(Rules(), seed=4)
    for name, value in (("rules", Rules(players=3)), ("seed", 5)):
        with pytest.raises(AttributeError):
            setattr(game, name, value)
    assert game.rules.players == game.deal.rules.players == 4 and game.seed == 4
