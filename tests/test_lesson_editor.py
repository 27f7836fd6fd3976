"""The lesson editor of the teachers' tools, and a lesson opened from its link."""

from __future__ import annotations

from urllib.parse import urlparse

from hearts_teach_widgets.lessons import LessonsTab
from hearts_teach_widgets.playground import Playground
from hearts_teach_widgets.teacher import TeacherTools
from hearts_teach_widgets.teacher.lesson_editor import LessonEditor

from hearts_teach.teaching import lesson_codes

TITLES = {"en": "My lesson", "fr": "Ma leçon"}
INTROS = {"en": "You play South.", "fr": "Vous jouez Sud."}


def _written(
    editor: LessonEditor, trick: int, en: str, fr: str, ask: str = "", claims: str = ""
) -> None:
    for lang in ("en", "fr"):
        editor.title[lang].value = TITLES[lang]
        editor.intro[lang].value = INTROS[lang]
    editor.trick.value = trick
    editor.say["en"].value, editor.say["fr"].value = en, fr
    editor.ask.value, editor.claims.value = ask, claims
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
        editor, 2, "Hearts are broken.", "Les cœurs sont ouverts.", claims='[{"hearts": "broken"}]'
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
