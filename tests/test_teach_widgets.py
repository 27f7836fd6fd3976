"""The teacher's widgets, driven by their buttons (no browser)."""

from __future__ import annotations

import base64
import re
from dataclasses import replace
from html import unescape

import pytest
from hearts_teach_widgets.style import style_tag
from hearts_teach_widgets.teacher import (
    ScoringDeskWidget,
    SimulationWidget,
    TeacherTools,
    VariantCompare,
    WhatIfWidget,
)
from support.engine import play_a_moon

from hearts_teach import Card, Deal, Rules
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.cards import cards_of
from hearts_teach.i18n import card_name, seat_name
from hearts_teach.records import share_code
from hearts_teach.scoring import moon_outcomes
from hearts_teach.teaching.compare import compare_deal
from hearts_teach.teaching.desk import ScoringDesk


@pytest.fixture(scope="module")
def played() -> Deal:
    deal = Deal.new(Rules(), seed=4, deal_number=3)
    return play_out(deal, seat_bots("heuristic", 4, 4))


def test_compare_loads_a_code_and_refuses_a_damaged_one(played: Deal) -> None:
    widget = VariantCompare(lang="fr")
    widget.code.value = "not-a-code"
    widget.load_button.click()
    assert "abîmé" in widget.message.value or "partage" in widget.message.value
    widget.code.value = share_code(played)
    widget.load_button.click()
    assert widget.message.value == ""
    assert "Cœurs comptés à leur valeur" in widget.table.value
    assert "<svg" in widget.chart.value and "Score de la donne par variante" in widget.chart.value
    widget.set_totals((99, 0, 0, 0))
    expected = compare_deal(played, (99, 0, 0, 0)).row("standard").outcome_text("fr")
    assert expected in widget.table.value
    widget.set_lang("en")
    assert "Score of the deal by variant" in widget.chart.value


def test_desk_by_clicks_moves_a_card_from_one_player_to_another() -> None:
    desk = ScoringDeskWidget(4, "en")
    queen = desk.card_buttons[Card.parse("Q♠")]
    desk.select(1)
    queen.click()
    assert desk.desk.owner[Card.parse("Q♠")] == 1
    assert "West" in queen.description
    desk.select(2)
    # the tooltip says what the click does, and the click does it (B2)
    assert unescape(queen.tooltip).endswith("Click to move it to North.")
    queen.click()
    assert desk.desk.owner[Card.parse("Q♠")] == 2
    assert desk.message.value == ""
    assert unescape(queen.description).endswith("Click to take it back.")
    desk.select(1)
    assert unescape(queen.description).endswith("Click to move it to West.")
    desk.set_lang("fr")
    assert "Cliquez pour la donner plutôt à Ouest" in unescape(queen.description)
    nobodys = next(b for c, b in desk.card_buttons.items() if c not in desk.desk.owner)
    # a card nobody has: its owner is said in lower case, mid-sentence
    assert " : carte pas encore attribuée." in unescape(nobodys.description).replace("\u202f", " ")
    desk.select(2)
    queen.click()  # taken back
    assert Card.parse("Q♠") not in desk.desk.owner


def test_a_given_card_shows_who_has_it_in_letters_and_colour() -> None:
    """B1: a given card looked like a card nobody has. Its seat's letters are written
    under it and its seat's colour is around it, by a rule the shared card style
    (border: … !important) does not override; a dead card is marked too."""
    desk = ScoringDeskWidget(4, "fr")
    desk.select(0)
    desk.click_card("Q♠")
    desk.select(1)
    desk.click_card("A♠")
    mark = desk.card_marks
    assert (
        ">S</span>" in mark[Card.parse("Q♠")].value and "ht-owner-0" in mark[Card.parse("Q♠")].value
    )
    assert ">O</span>" in mark[Card.parse("A♠")].value  # Ouest
    assert "ht-owner-1" in desk.card_buttons[Card.parse("A♠")]._dom_classes
    assert 'aria-hidden="true"></span>' in mark[Card.parse("K♠")].value  # nobody's: blank
    desk.set_lang("en")
    assert ">W</span>" in mark[Card.parse("A♠")].value
    css = style_tag()
    for owner in range(6):
        assert f".ht-desk-cards .ht-card.ht-owner-{owner}{{border:4px solid" in css
        assert f".ht-desk-mark.ht-owner-{owner}{{background:" in css
    # the layout is shared by every card: no card's border may be set through it
    assert not desk.card_buttons[Card.parse("A♠")].layout.border
    two = ScoringDeskWidget(2, "fr")
    two.select(-1)
    two.click_card("Q♥")
    assert (
        "ht-dead" in two.card_marks[Card.parse("Q♥")].value
        and "✕" in two.card_marks[Card.parse("Q♥")].value
    )
    six = ScoringDeskWidget(6, "fr")
    six.select(1)
    six.click_card("Q♠")
    assert ">SO</span>" in six.card_marks[Card.parse("Q♠")].value  # Sud-Ouest


def test_desk_shortcuts_give_the_hearts_or_the_rest_nobody_has() -> None:
    desk = ScoringDeskWidget(4, "fr")
    desk.select(1)
    desk.click_card("A♥")
    desk.select(0)
    desk.hearts_button.click()
    hearts = [c for c in desk.desk.cards if c.suit.name == "HEARTS"]
    assert desk.desk.owner[Card.parse("A♥")] == 1  # already given: stays with Ouest
    assert all(desk.desk.owner[c] == 0 for c in hearts if c != Card.parse("A♥"))
    assert "Les cœurs restants à Sud" in desk.hearts_button.description
    desk.select(3)
    desk.rest_button.click()
    assert desk.desk.complete
    assert {c for c, p in desk.desk.owner.items() if p == 3} == {
        Card.parse(c) for c in ("Q♠", "K♠", "A♠", "J♦", "10♦", "J♠")
    }


def test_an_unfinished_desk_declares_no_end_of_game() -> None:
    """B14: with cards still to give and totals typed, the desk said « Nord gagne »."""
    desk = ScoringDeskWidget(4, "fr")
    desk.totals_box.set_values((90, 95, 63, 70))
    desk.select(2)
    desk.give_typed("DP")
    shown = unescape(desk.table.value).replace("\u202f", " ")
    assert "gagne" not in shown and "continue" not in shown
    assert "Pas encore connu : 13 cartes qui comptent ici restent à attribuer" in shown
    assert "toutes les cartes qui y comptent" in unescape(desk.progress_text.value)
    desk.rest_button.click()
    assert "Pas encore connu" not in unescape(desk.table.value)
    said = desk.desk.compare().row("standard").outcome_text("fr")
    assert said and said in unescape(desk.table.value)


def test_desk_typed_cards_are_all_or_nothing() -> None:
    desk = ScoringDeskWidget(2, "en")
    desk.select(0)
    desk.typed.value = "2H 3H"
    desk.give_button.click()
    assert "not in this deck" in desk.message.value and desk.desk.owner == {}
    desk.select(-1)
    assert desk.give_typed("QH 4C")
    desk.select(0)
    assert desk.give_typed("2H 4H 6H 8H 10H AH QS")
    assert "Every counting card is given" in desk.progress_text.value
    assert "<td>0</td><td>20</td>" in desk.table.value
    assert "<svg" in desk.chart.value


def test_a_french_desk_takes_cards_written_the_french_way() -> None:
    desk = ScoringDeskWidget(4, "fr")
    assert "DP" in desk.typed.placeholder and "QS" not in desk.typed.placeholder
    desk.select(2)
    assert desk.give_typed("DP 10C r♥")
    owner = desk.desk.owner
    assert {card for card, seat in owner.items() if seat == 2} == set(
        Card.parse(c) for c in ("Q♠", "10♥", "K♥")
    )
    desk.select(1)
    assert not desk.give_typed("VK QS")  # QS is English: nothing of the two is given
    assert "«\u202fQS\u202f» n’est pas une carte" in unescape(desk.message.value)
    assert "V, D, R ou A" in unescape(desk.message.value)
    assert desk.desk.owner == owner


def test_the_desk_scores_from_the_totals_before_the_deal() -> None:
    """South takes every counting card at 99: Mixed Moon decides by the totals, so the
    desk must score with the totals the teacher typed."""
    desk = ScoringDeskWidget(4, "en")
    desk.select(0)
    assert desk.give_typed(" ".join(card.code for card in desk.desk.cards))
    assert "With these totals" not in unescape(desk.table.value)
    names = [box.description for box in desk.totals_box.inputs]
    assert len(set(names)) == 4 and all(names)
    desk.totals_box.inputs[0].value = 99
    assert desk.desk.totals == (99, 0, 0, 0)
    expected = ScoringDesk(players=4, totals=(99, 0, 0, 0))
    for card in expected.cards:
        expected.give(card, 0)
    mixed = next(r for r in expected.compare().rows if r.key == "mixed-moon")
    shown = unescape(desk.table.value)
    assert mixed.result.totals_before == (99, 0, 0, 0)
    assert all(str(total) in shown for total in mixed.result.totals)
    at_zero = ScoringDeskWidget(4, "en")
    at_zero.select(0)
    assert at_zero.give_typed(" ".join(card.code for card in at_zero.desk.cards))
    assert "With these totals" in shown and desk.table.value != at_zero.table.value
    desk.reset(4)  # a new deal at the same table keeps the totals
    assert desk.desk.totals == (99, 0, 0, 0) and desk.desk.owner == {}
    desk.players_choice.value = 3  # another table: new totals
    assert desk.desk.totals == (0, 0, 0) and len(desk.totals_box.inputs) == 3
    desk.set_lang("fr")
    assert "Totaux avant la donne" in desk.totals_box.label.value


def test_what_if_plays_another_card(played: Deal) -> None:
    widget = WhatIfWidget(played, "en", level="heuristic")
    widget.go_to(6, 2)
    assert "Trick 6, card 2" in widget.position.value
    enabled = [card for card in widget.hand.cards if not widget.hand.buttons[card].disabled]
    assert enabled == widget.rewound.legal_moves()
    widget.hand.buttons[enabled[-1]].click()
    assert widget.result is not None
    assert widget.result.replayed.plays[21][1] == enabled[-1]
    assert "as played" in widget.table.value
    seats = " / ".join(seat_name(p, 4, "en") for p in range(4))
    assert f"Scores in seat order: {seats}." in unescape(widget.table.value)
    # the caption says which card was changed, for which, and where; the seats head
    # each column (the review's §4)
    shown = unescape(widget.table.value)
    assert f"then with the {card_name(enabled[-1], 'en')} instead of the " in shown
    assert "at trick 6</caption>" in shown and f"<small>{seats}</small>" in shown
    widget.go_to(1, 1)
    assert widget.table.value == ""


def test_what_if_starts_from_a_pasted_code_at_the_first_choice(played: Deal) -> None:
    """B4: before any deal, what-if was missing; it now asks for a share code, refuses
    a damaged one in the page's language, and opens a deal where a card had a choice
    (trick 1, card 1 is the 2♣, which nobody chooses)."""
    widget = WhatIfWidget(None, "fr", level="heuristic")
    assert widget.what_if is None and widget.pickers.layout.display == "none"
    assert "Collez le code de partage" in unescape(widget.intro.value)
    assert not widget.load_code("pas-un-code")
    assert 'role="alert"' in widget.message.value and widget.what_if is None
    assert ".ht-whatif [role=alert].ht-message{background:#fdecea" in style_tag()  # an error
    assert widget.load_code(" " + share_code(played) + " ")
    assert widget.message.value == "" and widget.pickers.layout.display is None
    trick, card = widget.trick_picker.value, widget.card_picker.value
    assert (trick, card) != (1, 1) and len(widget.rewound.legal_moves()) > 1
    index = (trick - 1) * 4 + card - 1
    assert all(len(widget.what_if.rewind(*divmod(i, 4)).legal_moves()) == 1 for i in range(index))
    # the place in the trick is named by who plays there
    leader = played.plays[(trick - 1) * 4][0]
    assert (
        next(label for label, _ in widget.card_picker.options)
        == f"1\u202f: {seat_name(leader, 4, 'fr')}"
    )
    assert widget.card_picker.description == "Position dans le pli"


def test_teacher_tools_have_what_if_before_any_deal() -> None:
    tools = TeacherTools(None, "fr")
    assert "Et si" in tools.tabs.titles[2] and tools.tabs.children[2] is tools.what_if
    other = play_out(Deal.new(Rules(), seed=8, deal_number=1), seat_bots("heuristic", 8, 4))
    assert tools.what_if.load_code(share_code(other))
    assert tools.what_if.what_if is not None
    assert tools.what_if.what_if.played.plays == other.plays


def test_simulation_widget_runs_with_progress() -> None:
    widget = SimulationWidget("fr")
    widget.variants.value = ("two-player",)
    widget.games.value = 2
    widget.run_button.click()
    assert widget.progress.value == widget.progress.max == 2
    assert "2 parties jouées sur 2" in widget.progress_text.value
    assert "Cœurs à deux joueurs" in widget.table.value
    assert "Donnes par partie" in widget.chart.value


def test_simulation_downloads_its_games_and_says_how_to_choose_several() -> None:
    """The review's §6 item 7: a CSV to download from the page (in the page's
    language, ; in French), a visible way to choose several variants, the seed
    explained, margins of error and « sans objet » where a rule has no moon."""
    widget = SimulationWidget("fr")
    assert widget.download.value == ""  # nothing to download before a run
    assert (
        "Ctrl" in widget.variants_help.value and "1 variante choisie" in widget.variants_help.value
    )
    widget.variants.value = ("standard", "black-maria")
    assert "2 variantes choisies" in unescape(widget.variants_help.value)
    assert widget.seed.description == "Graine de la première partie"
    assert "la même graine redonne" in unescape(widget.seed_help.value).lower()
    widget.games.value = 2
    widget.level.value = "random"
    widget.run()
    link = widget.download.value
    found = re.search(r'download="([^"]+)" href="data:text/csv;charset=utf-8;base64,([^"]+)"', link)
    assert found is not None and found[1] == "simulation.csv"
    saved = base64.b64decode(found[2]).decode("utf-8")
    assert saved.startswith("\ufeffvariante;graine;donnes;") and saved[1:] == widget.csv_text()
    assert len(saved.strip().splitlines()) == 1 + 2 * 2
    shown = unescape(widget.table.value)
    assert "Sans objet (pas de grand chelem)" in shown and "\u00a0±\u00a0" in shown
    assert "deux erreurs types" in shown
    widget.set_lang("en")
    assert "Download the games (CSV)" in widget.download.value
    assert "variant,seed,deals" in base64.b64decode(
        re.search(r"base64,([^\"]+)", widget.download.value)[1]  # type: ignore[index]
    ).decode("utf-8")


def test_teacher_tools_switch_language(played: Deal) -> None:
    tools = TeacherTools(played, "en")
    assert tools.tabs.titles == (
        "Every variant",
        "Scoring desk",
        "What if?",
        "Simulation",
        "Your lesson",
        "Review",
    )
    tools.set_lang("fr")
    assert tools.tabs.titles[0] == "Toutes les variantes"
    assert "Review" not in tools.tabs.titles and len(set(tools.tabs.titles)) == 6
    assert tools.desk.give_button.description == "Attribuer ces cartes"


@pytest.mark.parametrize("players", [3, 5, 6])
def test_compare_and_desk_for_three_five_and_six_players(players: int) -> None:
    rules = Rules(players=players)
    deal = play_out(Deal.new(rules, seed=2), seat_bots("heuristic", 2, players))
    widget = VariantCompare(deal, "en")
    comparison = compare_deal(deal)
    # the deal's own table is scored; the other tables' rows say why they are left out
    assert all(row.rules.players == players for row in comparison.scored)
    assert comparison.row(rules.preset_name or "").result is not None
    assert comparison.row("standard").result is None
    assert "Hearts for" in widget.table.value
    assert len(widget.total_inputs) == players
    assert widget.moon_choice.value == ""  # no moon in this deal
    desk = ScoringDeskWidget(4, "fr")
    desk.players_choice.value = players
    assert desk.desk.players == players and len(desk.active.options) == players
    queen = desk.card_buttons[Card.parse("Q♠")]
    desk.select(players - 1)
    queen.click()
    assert desk.desk.owner[Card.parse("Q♠")] == players - 1
    assert f"{13}" in desk.table.value


def test_compare_shows_both_outcomes_of_a_shooters_choice_moon() -> None:
    deal = play_a_moon(Rules(), totals=(50, 60, 70, 80))
    widget = VariantCompare(deal, "en")
    shown = unescape(widget.moon_choice.value)
    outcomes = moon_outcomes(
        Rules(moon="choice"), [cards_of(m) for m in deal.taken], (50, 60, 70, 80)
    )
    assert outcomes is not None
    for result in (outcomes.add, outcomes.subtract):
        assert all(f">{total} <" in shown for total in result.totals)
    assert "Add 26 to each other player" in shown and "Take 26 off my total" in shown
    # adding ends the game with the shooter winning: the situation's choice, and why
    assert "South would choose" in shown and "that ends the game, and I win it" in shown
    widget.set_totals((10, 0, 0, 0))
    assert "that ends the game" not in unescape(widget.moon_choice.value)
    widget.set_lang("fr")
    assert "grand chelem" in widget.moon_choice.value


def test_compare_prices_a_sun_as_its_rules_do_in_the_figures_and_the_words() -> None:
    """Under the sun rule a moon with every trick is worth twice: the shooter's choice
    beside the rows says 52, as the engine scores it, not the plain moon's 26."""
    rules = Rules.preset("sun")
    deal = play_a_moon(rules)
    assert deal.tricks_won[0] == sum(deal.tricks_won)  # a sun
    widget = VariantCompare(deal, "en")
    shown = unescape(widget.moon_choice.value)
    choice = replace(rules, moon="choice")
    outcomes = moon_outcomes(
        choice, [cards_of(m) for m in deal.taken], (0, 0, 0, 0), tricks=deal.tricks_won
    )
    assert outcomes is not None and outcomes.amount == 2 * rules.moon_value
    assert outcomes.add.scores[1:] == (52, 52, 52)
    assert "Add 52 to each other player" in shown and "Take 52 off my total" in shown
    assert "26" not in shown


def test_a_replay_in_the_teachers_review_is_titled_once(played: Deal) -> None:
    """B10: « Donne rejouée : Pli 4, 8♦ » showed twice, once on the line the keyboard
    goes to and once as the replay's own heading."""
    tools = TeacherTools(played, "fr")
    tools.show_review(share_code(played))
    panel = tools.review.panel
    index = next(i for i, button in enumerate(panel.replay_buttons) if button is not None)
    panel.replay_buttons[index].click()
    line = next(c for c in panel.children if "ht-anchor" in c._dom_classes)
    assert line.value.startswith("Donne rejouée")
    assert f'<h4 class="ht-replay-title">{line.value}</h4>' in unescape(panel.replay_box.value)
    assert "ht-follows-replays" in panel._dom_classes
    assert ".ht-follows-replays .ht-replay-title{display:none}" in style_tag()
