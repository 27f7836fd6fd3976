"""A teacher's and a player's work kept in the playground's widgets: the teachers' tools
handed a newly finished deal (not built again), the card played named as played in
what-if, the simulation's progress line relabelled, the way back to the rules from a game,
and a shared deal's score sheet that adds up."""

from __future__ import annotations

from html import unescape

import ipywidgets
import pytest
from hearts_teach_widgets.cards import play_states
from hearts_teach_widgets.lessons import GuidedDeal
from hearts_teach_widgets.playground import Playground
from hearts_teach_widgets.review import ReviewPanel
from hearts_teach_widgets.table import HeartsTable
from hearts_teach_widgets.teacher import SimulationWidget, TeacherTools, WhatIfWidget
from test_playground_polish import every_widget
from test_table_feel import passed, playable

from hearts_teach import Card, Deal, Rules
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.i18n import card_name, message, text


def finish_deal(table: HeartsTable) -> Deal:
    if table.deal.phase == "pass":
        passed(table)
    while not table.deal.is_over:
        table.play_card(playable(table)[0])
    return table.deal


@pytest.fixture(scope="module")
def finished() -> Deal:
    return play_out(Deal.new(Rules(), seed=4, deal_number=3), seat_bots("heuristic", 4, 4))


# --- the teachers' tools keep their state when a new deal finishes ------------------


def test_a_new_finished_deal_keeps_what_the_teacher_did(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HEARTS_SERVED", raising=False)
    playground = Playground("fr", seed=3, with_lessons=False)
    table = playground.start(Rules())
    first = finish_deal(table)
    tools = playground.open_teachers()
    assert tools is not None and tools.what_if is not None
    # what the teacher does: a simulation run, text typed in the desk, a seat chosen,
    # variants chosen, a page of the tools shown
    simulation = tools.simulation
    simulation.variants.value = ("standard", "omnibus")
    simulation.games.value = 2
    simulation.run()
    figures = simulation.table.value
    assert figures and simulation.result is not None
    tools.desk.select(1)
    tools.desk.typed.value = "A♥ R♥ 10♥"
    tools.desk.click_card("QS")
    tools.tabs.selected_index = 3  # the simulation
    assert tools.tabs.children[3] is simulation
    playground._select_tab("play")
    table.next_deal()
    second = finish_deal(table)
    assert second is not first
    again = playground.open_teachers()
    assert again is tools  # the same tools, handed the new deal
    assert simulation.result is not None and simulation.table.value == figures
    assert simulation.variants.value == ("standard", "omnibus")
    assert tools.desk.typed.value == "A♥ R♥ 10♥"
    assert tools.desk.desk.owner.get(Card.parse("QS")) == 1
    assert int(tools.desk.active.value) == 1
    assert tools.tabs.children[tools.tabs.selected_index] is simulation
    # the new deal: compared, rewound in what-if, and the review's code
    assert tools.compare.deal is second
    assert (
        tools.what_if is not None and tools.what_if.what_if.played.state_key() == second.state_key()
    )
    assert tools.what_if in tools.tabs.children
    assert tools.review.deal is second
    assert len(tools.tabs.titles) == len(tools.tabs.children) == 6


def test_the_tools_opened_before_any_deal_gain_what_if_when_one_finishes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("HEARTS_SERVED", raising=False)
    playground = Playground("en", seed=5, with_lessons=False)
    tools = playground.open_teachers()
    # the review's B4: what-if is there before any deal, asking for a share code
    assert tools is not None and tools.what_if.what_if is None and len(tools.tabs.children) == 6
    assert tools.tabs.titles[2] == text("ui.teach.tab.whatif", "en")
    tools.tabs.selected_index = 1  # the desk
    table = playground.start(Rules())
    deal = finish_deal(table)
    assert playground.open_teachers() is tools
    assert (
        tools.what_if.what_if is not None
        and tools.what_if.what_if.played.state_key() == deal.state_key()
    )
    assert tools.tabs.titles[2] == text("ui.teach.tab.whatif", "en")
    assert tools.tabs.children[tools.tabs.selected_index] is tools.desk


def test_set_deal_refuses_a_deal_not_finished(finished: Deal) -> None:
    tools = TeacherTools(finished, "en")
    unfinished = Deal.new(Rules(), seed=9)
    tools.set_deal(unfinished)
    assert tools.compare.deal is finished and tools.deal is finished


# --- what-if names the card played as played ------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_what_if_names_the_card_played_as_played_not_advised(finished: Deal, lang: str) -> None:
    widget = WhatIfWidget(finished, lang, level="heuristic")
    widget.go_to(5, 1)
    played = widget.what_if.plays[4 * 4][1]
    button = widget.hand.buttons[played]
    advised = text("cards.hinted", lang)
    assert button.description.endswith(" – " + message("ui.card.played", lang))
    assert advised not in button.description
    assert "ht-played" in button._dom_classes and "ht-hinted" not in button._dom_classes
    assert button.description.lower().startswith(card_name(played, lang).lower())


def test_a_card_advised_is_still_named_advised(finished: Deal) -> None:
    deal = WhatIfWidget(finished, "fr", level="heuristic").rewound
    card = deal.legal_moves()[0]
    state = play_states(deal, deal.to_play, "fr", hinted=(card,))[card]
    assert state.label.endswith("– conseillée")


# --- the simulation's progress line follows the language --------------------------------


def test_the_simulations_progress_line_is_relabelled() -> None:
    widget = SimulationWidget("fr")
    widget.games.value = 2
    widget.run()
    assert "2 parties jouées sur 2" in unescape(widget.progress_text.value)
    widget.lang = "en"
    said = unescape(widget.progress_text.value)
    assert text("ui.teach.sim_done", "en", done=2, total=2) in said
    assert "parties" not in said


# --- a shared deal's score sheet adds up; its link keeps the bots ---------------------


def sheet_rows(html: str) -> list[tuple[str, list[int]]]:
    import re

    rows = []
    for head, cells in re.findall(r"<tr[^>]*><th scope='row'>(.*?)</th>(.*?)</tr>", html):
        rows.append(
            (
                unescape(re.sub("<[^>]+>", "", head)).strip(),
                [int(c) for c in re.findall(r"<td[^>]*>(-?\d+)</td>", cells)],
            )
        )
    return rows


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_shared_finished_deal_shows_a_sheet_that_adds_up(lang: str) -> None:
    from hearts_teach import Game
    from hearts_teach.records import deal_from_code, share_code

    game = Game(Rules(), seed=11)
    table = HeartsTable(game, lang=lang, delay=0)
    finish_deal(table)
    table.next_deal()
    second = finish_deal(table)
    assert second.deal_number == 1 and any(second.totals)
    opened = Playground(lang, deal_code=share_code(second), with_lessons=False, with_teachers=False)
    assert opened.table is not None
    rows = sheet_rows(opened.table.score_sheet.value)
    before, deal_row, total = rows
    assert before == (text("ui.score.before", lang, number=2), list(second.totals))
    assert deal_row[0] == f"{text('ui.score.deal', lang)} 2"
    reopened = deal_from_code(share_code(second))
    assert total[1] == [b + s for b, s in zip(before[1], deal_row[1], strict=True)]
    assert total[1] == list(opened.table.game.results[-1].totals)
    assert reopened.deal_number == 1


def test_the_share_link_keeps_the_bots_level() -> None:
    table = HeartsTable(Rules(), lang="fr", delay=0, bot_level="heuristic")
    assert "bots=" not in table.share_link.value  # the default level needs no word
    table.set_bot_level("montecarlo")
    assert "&amp;bots=montecarlo" in table.share_link.value
    from hearts_teach_widgets.address import read_address

    link = unescape(table.share_link.value.split('href="')[1].split('"')[0])
    address = read_address(link.split("?", 1)[1])
    assert address.bots == "montecarlo" and address.deal is not None


# --- the way back to the rules during a game ----------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rules_can_be_changed_during_a_game_and_the_game_is_kept(lang: str) -> None:
    playground = Playground(lang, seed=2, with_lessons=False, with_teachers=False)
    table = playground.start(Rules())
    if table.deal.phase == "pass":
        passed(table)
    table.play_card(playable(table)[0])
    address = playground.address()
    button = playground.rules_button
    assert button in table.settings.children
    assert button.description == text("ui.button.change_rules", lang)
    assert button.tooltip == text("ui.button.change_rules_help", lang)
    button.click()
    assert playground.screen == "start"
    assert playground.play_area.children == (playground.start_screen,)
    assert playground.resume_button.layout.display is None
    assert playground.resume_button.description == text("ui.button.resume", lang)
    assert playground.address() == address  # a reload still reopens the game
    playground.resume_button.click()
    assert playground.screen == "table" and playground.table is table
    assert playground.play_area.children == (table,)
    # other rules: a game of five
    button.click()
    playground.rules_picker.set_option("players", 5)
    playground.start_button.click()
    assert playground.table is table and table.asking  # the game under way: asked first
    table.new_game_yes.click()
    assert playground.table is not table and playground.table.rules.players == 5
    assert playground.rules_button in playground.table.settings.children


def test_the_start_screen_offers_no_way_back_without_a_game_under_way() -> None:
    playground = Playground("fr", seed=2, with_lessons=False, with_teachers=False)
    assert playground.resume_button.layout.display == "none"
    assert playground.resume() is None


# --- the keyboard after a lesson's card, a review, a replay ------------------------------


@pytest.fixture
def focused(monkeypatch: pytest.MonkeyPatch) -> list[ipywidgets.Widget]:
    """The widgets asked to take the keyboard, in order (the page is not asked)."""
    asked: list[ipywidgets.Widget] = []
    monkeypatch.setattr(ipywidgets.DOMWidget, "focus", lambda widget: asked.append(widget))
    return asked


def test_a_lessons_right_card_sends_the_keyboard_before_the_hand(
    focused: list[ipywidgets.Widget],
) -> None:
    guided = GuidedDeal("omnibus-jack", "fr")
    buttons = {id(button) for button in guided.hand.buttons.values()}
    card = guided.run.choices()[-1]
    guided.hand.buttons[card].click()
    assert guided.last_feedback is not None and guided.last_feedback.played
    assert focused[-1] is guided.hand_label and guided.hand_label.tabbable is False
    assert id(focused[-1]) not in buttons
    main = guided.main.children  # the table's parts: the line above the hand, then the hand
    assert main.index(guided.hand_label) + 1 == main.index(guided.hand)
    while guided.run.asking:
        guided.hand.buttons[guided.run.choices()[-1]].click()
    assert guided.run.finished and focused[-1] is guided.hand_label  # "the lesson is over"


def test_a_wrong_card_in_a_lesson_leaves_the_keyboard_where_it_is(
    focused: list[ipywidgets.Widget],
) -> None:
    guided = GuidedDeal("omnibus-jack", "fr")
    while guided.run.question == "free":
        guided.hand.buttons[guided.run.choices()[0]].click()
    before = len(focused)
    guided.hand.buttons[Card.parse("3♦")].click()
    assert guided.last_feedback is not None and not guided.last_feedback.played
    assert len(focused) == before
    guided.continue_button.click()  # disabled once clicked: the keyboard goes on
    assert focused[-1] is guided.hand_label


def fast_panel() -> ReviewPanel:
    return ReviewPanel("fr", playouts=12, confirm=12)


@pytest.mark.parametrize("level", ["heuristic", "montecarlo"])
def test_the_review_takes_the_keyboard_and_its_replays_go_back_to_the_table(
    focused: list[ipywidgets.Widget], level: str
) -> None:
    table = HeartsTable(Rules(), lang="fr", seed=6, delay=0, bot_level="heuristic")
    table.review_panel = fast_panel()
    played = finish_deal(table).copy()
    table.set_bot_level(level)
    table.review_button.click()
    panel = table.review_panel
    assert panel is not None and panel.review is not None
    assert focused[-1] is table.replay_level and table.replay_level.tabbable is False
    # its title alone: the replays are played at the table, by this game's own bots
    assert unescape(table.replay_level.value) == text("ui.review.title", "fr", number=1)
    assert table.back_to_played_button.layout.display == "none"
    index, button = next((i, b) for i, b in enumerate(panel.replay_buttons) if b is not None)
    decision = panel.shown[index]
    key = "ui.review.replay_pass" if decision.kind == "pass" else "ui.review.replay_trick"
    wanted = text(key, "fr", number=decision.trick, cards=decision.better_text("fr"))
    assert button.description == wanted
    assert button.tooltip == text("ui.replay.help", "fr")
    button.click()
    # back at the table: the better choice played, the review gone, the keyboard safe
    assert table.session.replaying and panel.replayed is None
    assert table.review_slot.children == ()
    assert table.back_to_played_button.layout.display is None
    assert table.back_to_played_button.description == "Revenir à la donne jouée"
    assert text("ui.replay.banner", "fr") in unescape(table.badges.value)
    if not table.deal.is_over:
        assert table.deal.to_play == table.human and playable(table)
        finish_deal(table)
    assert "Fin de la donne rejouée" in unescape(table.message_box.value)
    assert table.review_button.layout.display is None  # the replay may be reviewed too
    table.back_to_played_button.click()
    assert not table.session.replaying
    assert table.deal.history == played.history
    assert table.back_to_played_button.layout.display == "none"
    assert text("ui.replay.banner", "fr") not in unescape(table.badges.value)
    table.review_button.click()  # the review of the deal as played, at once
    assert table.review_panel is panel and panel.review is not None
    assert panel.review.deal.history == played.history


def test_the_teachers_review_replays_take_the_keyboard(
    finished: Deal, focused: list[ipywidgets.Widget]
) -> None:
    tools = TeacherTools(finished, "fr")
    panel = tools.review.panel
    panel.playouts, panel.confirm = 12, 12
    tools.review.review_code(tools.review.code.value, 0)
    buttons = [b for b in panel.replay_buttons if b is not None]
    assert buttons
    buttons[0].click()
    assert isinstance(focused[-1], ipywidgets.Label) and "rejouée" in focused[-1].value


# --- the chosen language, player count and seat are perceivable ---------------------------


def test_the_pages_language_and_the_desks_choices_are_radio_buttons() -> None:
    """ipywidgets 8 draws a row of toggle buttons with no aria-pressed: the one chosen
    is seen only by its colour. Radio buttons are checked, for screen readers too."""
    playground = Playground("fr", with_lessons=False)
    tools = playground.open_teachers()
    assert tools is not None
    rows = [playground.language_picker, tools.desk.players_choice, tools.desk.active]
    assert all(isinstance(row, ipywidgets.RadioButtons) for row in rows)
    assert not [
        w
        for w in every_widget(playground) + every_widget(tools)
        if isinstance(w, ipywidgets.ToggleButtons)
    ]
    playground.language_picker.value = "en"
    assert playground.lang == "en" and tools.desk.active.options[0][0] == "South"
    tools.desk.players_choice.value = 5
    assert len(tools.desk.active.options) == 5 and tools.desk.desk.players == 5


# --- the address follows at once -----------------------------------------------------------


def changes_in_order(*watched: tuple[str, ipywidgets.Widget, str]) -> list[str]:
    """The names of the watched traits, in the order they change (the order the page
    receives them)."""
    seen: list[str] = []
    for name, widget, trait in watched:
        widget.observe(lambda _change, name=name: seen.append(name), names=trait)
    return seen


def test_the_address_changes_before_the_screens_on_a_language_switch() -> None:
    playground = Playground("fr", seed=2, with_lessons=False)
    table = playground.start(Rules())
    tools = playground.open_teachers()
    assert tools is not None
    seen = changes_in_order(
        ("address", playground.page_data, "value"),
        ("table", table.status, "value"),
        ("teachers", tools.heading, "value"),
    )
    playground.language_picker.value = "en"
    assert seen[0] == "address" and {"table", "teachers"} <= set(seen)
    assert "lang=en" in unescape(playground.page_data.value)


def test_the_address_holds_the_game_before_the_table_is_shown() -> None:
    playground = Playground("fr", seed=2, with_lessons=False, with_teachers=False)
    seen = changes_in_order(
        ("address", playground.page_data, "value"), ("shown", playground.play_area, "children")
    )
    playground.start(Rules())
    assert seen[:2] == ["address", "shown"]
    assert "game=" in unescape(playground.page_data.value)


def test_the_bots_speed_is_kept_by_the_address_a_new_game_and_the_way_back() -> None:
    """Seen: « Vitesse des robots » back at « Normale » after the browser's Back (a page
    opened from an earlier address) and after « Nouvelle partie »."""
    from hearts_teach_widgets.address import read_address

    playground = Playground("fr", seed=2, with_lessons=False, with_teachers=False)
    playground.start(Rules())
    table = playground.table
    assert table is not None and "pace=" not in playground.address()  # the default
    table.pace_picker.value = 0.0  # « Immédiate »
    address = playground.address()
    assert "pace=instant" in address and "pace=instant" in unescape(playground.page_data.value)
    playground.start(Rules())  # a new game on the same page
    assert playground.table is not table and playground.table.delay == 0.0
    # the same address opened again (a reload, or Back to it): the speed with the game
    again = Playground("fr", with_lessons=False, with_teachers=False)
    again.visit(read_address(address))
    assert again.table is not None and again.table.delay == 0.0
    assert again.table.pace_picker.value == 0.0 and "pace=instant" in again.address()
    # the static book's page opens its playground from the address at once (no preheat)
    static = Playground.from_environment(
        {"QUERY_STRING": address}, with_lessons=False, with_teachers=False
    )
    assert static.table is not None and static.table.delay == 0.0
    assert "pace=instant" in static.address()


# --- no "null" tooltip ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_described_control_has_a_tooltip_in_the_pages_language(
    finished: Deal, lang: str
) -> None:
    """ipywidgets 8 puts a control's tooltip on its label's title: None reads "null"."""
    playground = Playground(lang, seed=2, with_lessons=False)
    table = playground.start(Rules())
    tools = TeacherTools(finished, lang)
    roots = [playground, table, tools, playground.start_screen]
    described = [
        w
        for root in roots
        for w in every_widget(root)
        if getattr(w, "description", "") and not isinstance(w, ipywidgets.Button)
    ]
    assert len(described) >= 20
    assert [w.description for w in described if w.tooltip is None] == []
    playground.lang = tools.lang = "fr" if lang == "en" else "en"
    assert [w.description for w in described if not w.tooltip] == []
