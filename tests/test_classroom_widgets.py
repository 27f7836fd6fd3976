"""The class's panels without a browser: « Distribuer cette donne » gives a link to the
address students reach and a QR code; at a class deal's end a student sends it, or
(with no server) is shown the result code the teacher's board reads."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from hearts_teach_widgets.classroom import (
    ClassBoard,
    ClassLink,
    GiveDeal,
    SendResult,
    static_student_url,
)
from hearts_teach_widgets.playground import Playground
from hearts_teach_widgets.server.kernel import ClassInbox
from hearts_teach_widgets.table import HeartsTable
from hearts_teach_widgets.teacher import TeacherTools
from support.classroom import played_by
from test_classroom import class_deal

from hearts_teach.cards import Card
from hearts_teach.records import share_code
from hearts_teach.teaching.classroom import (
    Board,
    ClassDeal,
    ClassResult,
    make_result,
    result_from_code,
)


def test_giving_a_deal_links_to_the_students_address_with_a_qr_code() -> None:
    given: list[ClassDeal] = []

    def give(class_deal: ClassDeal) -> tuple[int, float]:
        given.append(class_deal)
        return len(given), 0.0

    link = ClassLink("http://192.0.2.2:8866/", "http://192.0.2.2:8866/class/board", give)
    panel = GiveDeal(link, class_deal(3).deal, "fr")
    assert panel.button.description == "Distribuer cette donne"
    made = panel.give(seed=12)
    assert made is not None and given == [made]
    assert panel.address == f"http://192.0.2.2:8866/?class={made.code}&lang=fr"
    assert 'class="segno"' in panel.result.value and "127.0.0.1" not in panel.result.value
    panel.code.value = "not a code"
    assert panel.give() is None
    assert "partage" in panel.result.value  # the share code's refusal, in French


@pytest.mark.parametrize("served", [True, False])
def test_a_student_sends_the_finished_deal_or_gets_its_code(served: bool) -> None:
    sent: list[ClassResult] = []
    given = class_deal(4)
    link = ClassLink("", send=sent.append if served else None)
    panel = SendResult(link, given, "en")
    assert panel.form.layout.display == "none"  # nothing to send before the deal's end
    panel.deal_over(played_by(given, 1))
    assert panel.form.layout.display is None
    panel.name.value = "<b>"
    assert panel.send() is None and "letters" in panel.message.value
    panel.name.value = "Zoé"
    assert "letters" not in panel.message.value  # what was wrong is said no more
    result = panel.send()
    assert result is not None
    if served:
        assert sent == [result] and "Zoé" in panel.message.value
    else:
        assert result.code in panel.message.value
        board = Board(reviewer=lambda deal: {})
        assert board.paste(result.code) == (1, [])
        assert result_from_code(result.code).name == "Zoé"


def test_a_class_address_seats_the_class_bots() -> None:
    given = class_deal(5)
    playground = Playground("en", classroom=ClassLink(""))
    table = playground.open_class(given.code)
    assert table is not None
    assert table.seed == given.seed and table.bot_picker.value == given.level
    assert playground.class_panel is not None
    assert playground.open_class("nonsense") is None
    assert "class deal" in playground.class_slot.children[0].value


def test_the_board_in_the_page_takes_pasted_codes_and_saves_to_a_file() -> None:
    given = class_deal(6)
    codes = [
        make_result(given, name, played_by(given, seed)).code
        for seed, name in enumerate(["Zoé", "Adam"])
    ]
    panel = ClassBoard("fr")
    assert panel.add_codes("\n".join(codes) + "\nabc") == 2
    shown = panel.table.value
    assert "Résultats ajoutés" in shown and "Ce n’est pas un code de résultat" in shown
    assert shown.count('class="ht-board-student"') == 2
    assert shown.count('class="ht-board-reference"') == 1
    assert "&lt;" not in shown  # nothing to escape in these names, and nothing escaped twice
    saved = re.search(r"base64,([A-Za-z0-9+/=]+)", panel.save.value)
    assert saved is not None
    again = ClassBoard("en")
    again.load(base64.b64decode(saved.group(1)))
    assert again.board.to_json() == panel.board.to_json()
    assert again.table.value.count('class="ht-board-student"') == 2
    again.load(b"{}")
    assert "not a saved class board" in again.table.value


def test_the_static_books_link_is_its_playground_page() -> None:
    assert (
        static_student_url("https://example.org/site/book/fr/teachers.html")
        == "https://example.org/site/lite/voici/render/playground.html"
    )
    assert (
        static_student_url("http://127.0.0.1:8000/lite/voici/render/teachers.html")
        == "http://127.0.0.1:8000/lite/voici/render/playground.html"
    )
    assert (
        static_student_url("http://127.0.0.1:8000/voici/render/teachers.html")
        == "http://127.0.0.1:8000/voici/render/playground.html"
    )
    tools = TeacherTools(played_by(class_deal(7), 1), "en", ClassLink("playground.html"))
    assert tools.board is not None and tools.give is not None
    assert tools.tabs.titles[-1] == "Class"


def _played_some(table: HeartsTable, cards: int) -> None:
    """The student's pass and then ``cards`` of their legal cards, the first each time."""
    if table.deal.phase == "pass":
        table.choose_pass(list[Card | str](table.deal.hand(0)[:3]))
        table.confirm_pass()
    for _ in range(cards):
        table.play_card(table.deal.legal_moves()[0])


def test_a_reload_in_the_middle_of_a_class_deal_comes_back_to_it() -> None:
    given = class_deal(8)
    playground = Playground("fr", classroom=ClassLink(""))
    table = playground.open_class(given.code)
    assert table is not None
    _played_some(table, 3)
    query = playground.address()
    assert f"class={given.code}" in query.replace("%7E", "~")
    environ = {"QUERY_STRING": query}
    again = Playground.from_environment(environ, classroom=ClassLink(""))
    assert again.class_panel is not None and again.table is not None
    assert again.table.deal.plays == table.deal.plays  # its progress kept
    assert given.deals(again.table.deal) and again.table.seed == given.seed
    assert again.table.bot_picker.disabled and again.rules_button.disabled


def test_the_class_deal_locks_the_bots_and_rules_until_it_is_left() -> None:
    given = class_deal(9)
    playground = Playground("en", classroom=ClassLink(""))
    table = playground.open_class(given.code)
    assert table is not None and playground.class_panel is not None
    locked = (table.bot_picker, playground.rules_button, playground.change_rules_button)
    assert all(control.disabled for control in locked)
    said = playground.class_panel.intro.value
    assert "and the rules are the teacher" in said
    playground.set_lang("fr")
    assert "niveau des robots et les règles" in playground.class_panel.intro.value
    _played_some(table, 1)
    assert playground.class_panel is not None  # a card of the class deal: still in it
    table.new_game()  # another game: the class deal is left
    assert playground.class_panel is None and playground.class_slot.children == ()
    assert not any(control.disabled for control in locked)
    assert "class=" not in playground.address()


def test_each_deal_given_has_its_number_on_the_page_and_on_the_board(tmp_path: Path) -> None:
    inbox = ClassInbox(str(tmp_path))
    link = ClassLink("http://192.0.2.2:8866/", "", inbox.give, inbox.send)
    panel = GiveDeal(link, class_deal(10).deal, "fr")
    first = panel.give(seed=1)
    assert first is not None and "Donne 1 de la leçon" in panel.result.value
    assert re.search(r"distribuée à \d{1,2} h \d\d", panel.result.value)
    second = panel.give(seed=2)
    assert second is not None and "Donne 2 de la leçon" in panel.result.value
    assert panel.give(seed=1) is not None and "Donne 1 de la leçon" in panel.result.value
    static = GiveDeal(ClassLink("playground.html"), class_deal(10).deal, "en")
    static.give(seed=1)
    static.give(seed=2)
    assert "Deal 2 of the lesson" in static.result.value
    board = ClassBoard("en")
    results = [make_result(d, "Zoé", played_by(d, 1)).code for d in (first, second)]
    board.add_codes("\n".join(results))
    assert board.table.value.count('class="ht-board-deal"') == 2
    assert "Deal 1 " in board.table.value and "Deal 2 " in board.table.value


def test_a_review_address_opens_the_review_of_that_deal() -> None:
    given = class_deal(11)
    code = make_result(given, "Zoé", played_by(given, 1)).deal_code
    playground = Playground.from_environment({"QUERY_STRING": f"review={code}&lang=fr"})
    tools = playground.teachers
    assert tools is not None and playground.tabs is not None
    assert playground.tabs.selected_index == playground._tab_names.index("teachers")
    assert tools.tabs.children[tools.tabs.selected_index] is tools.review
    assert tools.review.code.value == code and tools.review.deal is not None
    assert tools.review.panel.review is not None  # reviewed, from the student's seat
    assert tools.review.panel.review.player == 0


def test_a_code_pasted_into_the_comparison_feeds_what_if_and_the_review() -> None:
    """The review's B3 and B4: « Et si… ? » used the teacher's own deal (or was missing)
    after a student's code was pasted into « Toutes les variantes »."""
    given = class_deal(12)
    student = played_by(given, 3)
    tools = TeacherTools(None, "fr")
    assert tools.what_if.what_if is None
    tools.compare.code.value = share_code(student)
    tools.compare.load_button.click()
    assert tools.what_if.what_if is not None
    assert tools.what_if.what_if.played.plays == student.plays
    assert tools.review.code.value == share_code(student)
    assert "Et si" in " ".join(tools.tabs.titles)
