"""The class's panels without a browser: « Distribuer cette donne » gives a link to the
address students reach and a QR code; at a class deal's end a student sends it, or
(with no server) is shown the result code the teacher's board reads."""

from __future__ import annotations

import base64
import re

import pytest
from hearts_teach_widgets.classroom import (
    ClassBoard,
    ClassLink,
    GiveDeal,
    SendResult,
    static_student_url,
)
from hearts_teach_widgets.playground import Playground
from hearts_teach_widgets.teacher import TeacherTools
from support.classroom import played_by
from test_classroom import class_deal

from hearts_teach.teaching.classroom import (
    Board,
    ClassDeal,
    ClassResult,
    make_result,
    result_from_code,
)


def test_giving_a_deal_links_to_the_students_address_with_a_qr_code() -> None:
    given: list[ClassDeal] = []
    link = ClassLink("http://192.0.2.2:8866/", "http://192.0.2.2:8866/class/board", given.append)
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
