"""The class's panels without a browser: « Distribuer cette donne » gives a link to the
address students reach and a QR code; at a class deal's end a student sends it, or
(with no server) is shown the result code the teacher's board reads."""

from __future__ import annotations

import pytest
from hearts_teach_widgets.classroom import ClassLink, GiveDeal, SendResult
from hearts_teach_widgets.playground import Playground
from test_classroom import class_deal, played_by

from hearts_teach.teaching.classroom import Board, ClassDeal, ClassResult, result_from_code


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
