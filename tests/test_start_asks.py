"""« Changer de règles », then « Commencer la partie », with a game under way: the table's
own question first (its box, on the start screen), « non » changes nothing, « oui »
starts the new game with the rules chosen."""

from __future__ import annotations

from hearts_teach_widgets.playground import Playground

from hearts_teach import Deal, Rules
from hearts_teach.i18n import text


def test_starting_from_the_rules_asks_before_leaving_a_game_under_way() -> None:
    playground = Playground(lang="fr", with_lessons=False)
    table = playground.open_deal(Deal.new(Rules(), seed=3, deal_number=3))
    table.play_card(table.hand.playable[0])
    state = table.deal.state_key()
    seed = table.seed
    playground.show_start()
    assert not playground.ask_start()  # asked, not started
    assert playground.screen == "start" and table.asking
    assert table.new_game_box in playground._ask_slot.children
    assert table.new_game_box.layout.display is None
    assert text("table.new_game.ask", "fr") in table.new_game_question.value
    table.new_game_no.click()
    assert not table.asking and table.new_game_box.layout.display == "none"
    assert playground.screen == "start" and playground.table is table
    assert table.deal.state_key() == state and table.seed == seed
    # unanswered, then back to the game: the question goes with it
    playground.ask_start()
    playground.resume()
    assert playground.screen == "table" and not table.asking
    assert table.deal.state_key() == state
    # « oui »: the new game, with the rules the start screen shows
    playground.show_start()
    playground.ask_start()
    table.new_game_yes.click()
    assert playground.table is not table and playground.screen == "table"
    assert playground.table.seed == seed + 1
    assert playground.table.rules == playground.rules_picker.rules
    assert not playground.table.session.under_way


def test_starting_with_nothing_under_way_does_not_ask() -> None:
    playground = Playground(lang="en", with_lessons=False)
    table = playground.open_deal(Deal.new(Rules(), seed=3, deal_number=3))
    playground.show_start()
    assert playground.ask_start()
    assert playground.table is not table and not table.asking
