"""The lesson editor of the teachers' tools, and a lesson opened from its link."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlparse

from hearts_teach_widgets.lessons import LessonsTab
from hearts_teach_widgets.playground import Playground
from hearts_teach_widgets.teacher import TeacherTools
from hearts_teach_widgets.teacher.lesson_editor import LessonEditor

from hearts_teach.teaching import lesson_codes

TITLES = {"en": "My lesson", "fr": "Ma leçon"}
INTROS = {"en": "You play South.", "fr": "Vous jouez Sud."}


def _written(
    editor: LessonEditor, trick: int, en: str, fr: str, ask: str = "", claims: tuple[Any, ...] = ()
) -> None:
    for lang in ("en", "fr"):
        editor.title[lang].value = TITLES[lang]
        editor.intro[lang].value = INTROS[lang]
    editor.trick.value = trick
    editor.say["en"].value, editor.say["fr"].value = en, fr
    editor.ask.value = ask
    editor.claims.set_claims(list(claims))
    editor.add_button.click()


def _south_card(deal: object, trick: int) -> str:
    return str(next(c for p, c in deal.tricks[trick - 1].plays if p == 0))  # type: ignore[attr-defined]


def test_the_teachers_tools_have_the_editor_as_a_tab() -> None:
    tools = TeacherTools(lang="fr")
    assert tools.lesson_editor in tools.tabs.children
    assert "Votre leçon" in tools.tabs.titles


def test_a_false_sentence_is_refused_in_the_pages_language_and_gives_no_code() -> None:
    editor = LessonEditor("fr", "http://host/playground")
    editor.source.value = "5"
    editor.load_button.click()
    _written(
        editor, 2, "Hearts are broken.", "Les cœurs sont ouverts.", claims=({"hearts": "broken"},)
    )
    editor.check_button.click()
    assert "Le moteur refuse cette leçon" in editor.message.value
    assert "is false" in editor.message.value
    assert editor.code == "" and editor.link.value == "" and editor.preview.children == ()


def test_bad_input_is_said_and_changes_nothing() -> None:
    editor = LessonEditor("en")
    editor.source.value = "not a code"
    editor.load_button.click()
    assert "share code" in editor.message.value and editor.deal is None
    editor.source.value = "5"
    editor.load_button.click()
    _written(editor, 2, "x" * 700, "y")
    assert "too long" in editor.message.value and editor.entries == {}


def test_a_lesson_written_checked_and_opened_from_its_link_is_the_one_written() -> None:
    editor = LessonEditor("en", "http://host/playground")
    editor.source.value = "5"
    editor.load_button.click()
    assert editor.deal is not None
    card = _south_card(editor.deal, 2)
    _written(editor, 2, "Find the card.", "Trouvez la carte.", ask=card)
    guided = editor.check()
    assert guided is not None, editor.message.value
    assert editor.code and editor.code in editor.link.value
    assert 'download="lesson.json"' in editor.link.value
    # the preview plays to its last card
    while guided.run.asking:
        guided.hand.buttons[guided.run.choices()[0]].click()
    assert guided.run.finished
    # the student's side: the playground's lessons tab from the link
    query = urlparse(editor.lesson_link()).query
    playground = Playground.from_environment({"QUERY_STRING": query})
    tab = playground.lessons
    assert isinstance(tab, LessonsTab) and tab.current is not None
    assert tab.current.lesson == lesson_codes.lesson_of(editor.spec())
    assert tab.current.lesson.title["en"] == "My lesson"


def test_a_damaged_link_is_said_in_the_lessons_tab() -> None:
    tab = LessonsTab("fr")
    assert tab.open_code("L1.abcd") is None
    assert "code de leçon" in tab.refusal.value and tab.current is None
    tab.lang = "en"
    assert "lesson code" in tab.refusal.value


def _editor_with_a_lesson(lang: str = "en") -> LessonEditor:
    editor = LessonEditor(lang, "http://host/playground")
    editor.source.value = "5"
    editor.load_button.click()
    _written(editor, 3, "Look.", "Regardez.", claims=({"hearts": "unbroken"},))
    for each in ("en", "fr"):
        editor.outro[each].value = {"en": "Well played.", "fr": "Bien joué."}[each]
    editor.learner.value = 0
    return editor


def test_a_lesson_file_opens_again_in_the_editor_whole() -> None:
    written = _editor_with_a_lesson()
    written.free.value = True
    spec = written.spec()
    editor = LessonEditor("fr")
    assert editor.load_file(lesson_codes.spec_to_json(spec).encode())
    assert editor.spec() == spec
    assert editor.trick.value == 3 and editor.say["fr"].value == "Regardez."
    assert editor.claims.claims == [{"hearts": "unbroken"}]
    assert editor.outro["fr"].value == "Bien joué." and editor.free.value
    # and it can be edited again: another trick written, checked, handed out
    _written(editor, 2, "Before.", "Avant.")
    assert sorted(editor.entries) == [2, 3]
    assert editor.check() is not None, editor.message.value
    # a lesson code pasted opens the same way
    again = LessonEditor("en")
    again.source.value = editor.code
    again.load_button.click()
    assert again.spec() == editor.spec()


def test_a_damaged_file_is_refused_in_both_languages_and_changes_nothing() -> None:
    editor = _editor_with_a_lesson("fr")
    before = editor.spec()
    good = lesson_codes.spec_to_json(before).encode()
    for raw, said in (
        (b"\xff\xfe not text", "abîmé"),
        (good[: len(good) // 2], "abîmé"),
        (b'{"kind": "something else"}', "pas un code de leçon"),
        (b" " * (lesson_codes.MAX_JSON + 1), "trop gros"),
    ):
        assert not editor.load_file(raw)
        assert said in editor.message.value and 'role="alert"' in editor.message.value
        assert editor.spec() == before
    editor.lang = "en"
    assert "too large" in editor.message.value


def test_the_upload_button_reads_the_file_chosen() -> None:
    spec = _editor_with_a_lesson().spec()
    editor = LessonEditor("en")
    raw = lesson_codes.spec_to_json(spec).encode()
    chosen = {"name": "lesson.json", "type": "application/json", "size": len(raw)}
    editor.upload.value = (
        {**chosen, "content": memoryview(raw), "last_modified": datetime.now(UTC)},
    )
    assert editor.spec() == spec and editor.upload.value == ()
    # where no file may come (the served playground's guard), its text is pasted
    pasted = LessonEditor("fr")
    pasted.files_by_paste()
    assert pasted.upload.layout.display == "none" and "collant son texte" in pasted.heading.value
    pasted.source.value = raw.decode()
    pasted.load_button.click()
    assert pasted.spec() == spec


def test_the_comparisons_played_deal_starts_a_lesson_and_the_desk_says_why_not() -> None:
    tools = TeacherTools(lesson_codes.seed_deal(7), "fr")
    editor = tools.lesson_editor
    assert editor.start_from("desk") is False and editor.deal is None
    assert "qui a pris quels points" in editor.message.value
    editor.lang = "en"
    assert "a lesson needs the whole play" in editor.message.value
    assert editor.start_from("compare") is True
    assert editor.deal is not None and editor.deal.plays == lesson_codes.seed_deal(7).plays
    assert editor.message.value == ""
    empty = TeacherTools(lang="en").lesson_editor
    assert empty.start_from("compare") is False and "no finished deal" in empty.message.value


def test_the_claims_helper_builds_claims_the_engine_reads_and_says_them() -> None:
    editor = _editor_with_a_lesson("fr")
    picker = editor.claims
    picker.clear()
    picker.kind.value = "void"
    assert picker.seat.layout.display is None and picker.card.layout.display == "none"
    picker.seat.value, picker.suit.value = "west", "♦"
    picker.negate.value = True
    assert picker.add() and picker.claims == [{"not": {"void": {"seat": "west", "suit": "♦"}}}]
    assert "Ouest" in picker.said.value and "Le contraire de" in picker.said.value
    picker.negate.value = False
    picker.kind.value, picker.state.value = "hearts", "unbroken"
    assert picker.add() and "Les cœurs sont\u202f: pas encore ouverts" in picker.said.value
    picker.kind.value, picker.card.value = "wins", "Z♣"
    assert not picker.add() and len(picker.claims) == 2
    assert 'role="alert"' in picker.said.value


def test_a_false_claim_is_refused_with_the_engines_reason_and_nothing_is_lost() -> None:
    editor = LessonEditor("en", "http://host/playground")
    editor.source.value = "5"
    editor.load_button.click()
    editor.claims.kind.value, editor.claims.state.value = "hearts", "broken"
    editor.claims.add()
    _written(
        editor, 2, "Hearts are open.", "Les cœurs sont ouverts.", claims=tuple(editor.claims.claims)
    )
    written = editor.spec()
    assert editor.check() is None
    assert "trick 2 (step" in editor.message.value  # where the teacher wrote it
    assert "“hearts broken” is false: hearts are unbroken" in editor.message.value
    assert editor.spec() == written and editor.say["en"].value == "Hearts are open."
    assert editor.code == "" and editor.preview.children == ()
    # the teacher turns it into the claim that holds, and the lesson is handed out
    editor.claims.clear()
    editor.claims.state.value = "unbroken"
    editor.claims.add()
    editor.say["en"].value = "Hearts are not open yet."
    editor.say["fr"].value = "Les cœurs ne sont pas encore ouverts."
    editor.add_button.click()
    assert editor.check() is not None, editor.message.value
    assert editor.code and editor.entries[2].claims == ({"hearts": "unbroken"},)


def test_a_lesson_opened_from_its_link_stays_in_the_address() -> None:
    editor = _editor_with_a_lesson()
    assert editor.check() is not None, editor.message.value
    query = urlparse(editor.lesson_link()).query
    playground = Playground.from_environment({"QUERY_STRING": query})
    assert f"lesson={editor.code}" in playground.address()
    assert editor.code in playground.page_data.value
    # a reload opens the same lesson again
    again = Playground.from_environment({"QUERY_STRING": playground.address()})
    tab = again.lessons
    assert isinstance(tab, LessonsTab) and tab.current is not None
    assert tab.current.lesson == lesson_codes.lesson_of(editor.spec())
    # leaving the lesson leaves the address
    tab.close_lesson()
    assert "lesson=" not in again.address()
