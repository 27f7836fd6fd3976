"""Lessons: every lesson file passes the validator, the validator catches broken ones,
and the runner plays a lesson the way the widget does."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from hearts_teach.cards import Card
from hearts_teach.lessons import (
    CHAPTERS,
    LESSONS_DIR,
    LessonRun,
    get_lesson,
    lesson_from_dict,
    load_lessons,
)
from hearts_teach.lessons.validate import main, validate_all, validate_lesson


def test_every_lesson_is_sound_and_every_chapter_has_one() -> None:
    report = validate_all()
    assert {name: problems for name, problems in report.items() if problems} == {}
    assert {lesson.chapter for lesson in load_lessons()} == set(CHAPTERS)
    assert main([]) == 0


def _data(name: str = "omnibus_jack.json") -> dict:  # type: ignore[type-arg]
    return json.loads((LESSONS_DIR / name).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _problems(data: dict) -> list[str]:  # type: ignore[type-arg]
    return validate_lesson(lesson_from_dict(data, "broken.json"))


def test_validator_catches_an_illegal_scripted_card() -> None:
    data = _data()
    first = data["steps"][0]
    first["play"] = first["play"].replace("2♣", "3♣")  # the opening must be the 2♣
    problems = _problems(data)
    assert problems and "illegal" in problems[0]


def test_validator_catches_a_missing_translation() -> None:
    data = _data()
    asked = next(step for step in data["steps"] if "ask" in step)
    del asked["right"]["fr"]
    assert any("no fr text" in p for p in _problems(data))


def test_validator_catches_an_incomplete_deal_and_a_card_dealt_twice() -> None:
    data = _data()
    hands = data["deal"]["hands"]
    dropped = hands[1].split()[0]
    hands[1] = hands[1].replace(dropped, hands[0].split()[0], 1)
    problems = _problems(data)
    assert any("dealt twice" in p for p in problems)
    assert any(f"{Card.parse(dropped)} is dealt to nobody" in p for p in problems)


def test_validator_catches_an_illegal_asked_card() -> None:
    data = _data("standard_first_trick.json")
    first_ask = next(step for step in data["steps"] if "ask" in step)
    first_ask["ask"] = "Q♠"  # the queen may not go on the first trick
    problems = _problems(data)
    assert problems and "asked-for" in problems[0] and "first trick" in problems[0]


def test_validator_fails_on_a_broken_file_in_a_directory(tmp_path: Path) -> None:
    shutil.copy(LESSONS_DIR / "spot_shedding.json", tmp_path / "spot.json")
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    report = validate_all(tmp_path)
    assert report["spot.json"] == []
    assert report["broken.json"]
    assert "chapter standard has no lesson" in report["*"]
    assert main([str(tmp_path)]) == 1


def _play_through(run: LessonRun) -> None:
    run.advance()
    while run.asking:
        step = run.step
        assert step is not None
        card = run.answers(step)[0] if step.answers else run.deal.legal_moves()[0]
        assert run.answer(card).verdict == "right"
        run.advance()


@pytest.mark.parametrize("lesson", load_lessons(), ids=lambda lesson: lesson.id)
def test_every_lesson_plays_to_its_end(lesson) -> None:  # type: ignore[no-untyped-def]
    run = LessonRun(lesson)
    _play_through(run)
    assert run.finished
    assert run.mistakes == 0
    if lesson.compare:
        comparison = run.comparison()
        assert comparison is not None
        assert comparison.row(lesson.rules.preset_name or "standard").result == run.result()


def test_mixed_moon_lesson_turns_into_new_moon() -> None:
    run = LessonRun(get_lesson("mixed-moon-three-rules"))
    _play_through(run)
    result = run.result()
    assert result is not None and result.moon == 0 and result.moon_rule == "new"
    assert result.totals == (64, 95, 63, 70)
    comparison = run.comparison()
    assert comparison is not None
    assert comparison.row("standard").outcome_text("en") == "North wins"


def test_wrong_and_illegal_answers_change_nothing() -> None:
    run = LessonRun(get_lesson("standard-first-trick"))
    run.advance()
    before = run.deal.state_key()
    illegal = run.answer("Q♠")
    assert illegal.verdict == "illegal" and not illegal.played
    assert "premier pli" in illegal.message["fr"]
    wrong = run.answer("2♦")
    assert wrong.verdict == "wrong"
    assert "low card" in wrong.message["en"]
    assert run.deal.state_key() == before and run.mistakes == 2
    assert "dame de pique" in run.hint()["fr"]
    continued = run.give_up()
    assert continued.card == Card.parse("A♦")
    assert continued.message["en"].startswith("The lesson goes on with the ace of diamonds.")


def test_another_right_card_keeps_the_script_playable() -> None:
    run = LessonRun(get_lesson("standard-first-trick"))
    run.advance()
    assert run.answer("K♦").verdict == "right"  # the script had the ace
    events = run.advance()
    # later the script's king of diamonds is played as the ace the learner kept
    assert any(e.kind == "play" and e.player == 0 and e.card == Card.parse("A♦") for e in events)
    _play_through(run)
    assert run.finished


def test_narration_comes_before_the_cards() -> None:
    run = LessonRun(get_lesson("omnibus-jack"))
    events = run.advance()
    assert events[0].kind == "say" and events[0].texts is not None
    assert "valet de carreau" in events[0].texts["fr"]
    assert any(e.kind == "trick" for e in events)


def _free_lesson(steps: list[dict]) -> dict:  # type: ignore[type-arg]
    """The omnibus lesson's deal with other steps: bot-chosen cards and open questions."""
    data = _data()
    data["id"] = "free"
    data["steps"] = steps
    data["compare"] = False
    return data


def test_bot_steps_and_any_card_questions() -> None:
    # East (player 3) holds the 2♣ and opens; then the learner plays any legal card, and the
    # bots finish the trick
    steps = [
        {"bot": 1, "say": {"en": "The bots start.", "fr": "Les robots commencent."}},
        {"ask": "any"},
        {"bot": 2},
    ]
    lesson = lesson_from_dict(_free_lesson(steps))
    assert validate_lesson(lesson) == []
    run = LessonRun(lesson)
    run.advance()
    assert run.asking and run.deal.to_play == 0
    legal = run.deal.legal_moves()
    assert run.hint()["en"] == "Any card the rules allow will do here."
    assert run.answer(legal[-1]).verdict == "right"
    run.advance()
    assert run.step is None and len(run.deal.tricks) == 1
    # the same seed gives the same bot cards
    again = LessonRun(lesson)
    again.advance()
    again.answer(legal[-1])
    again.advance()
    assert again.deal.plays == run.deal.plays


def test_scripted_cards_after_an_open_question_are_refused() -> None:
    steps = [{"bot": 1}, {"ask": "any"}, {"play": "5♦"}]
    problems = validate_lesson(lesson_from_dict(_free_lesson(steps)))
    assert problems == ["step 3: scripted cards after an “any card” question"]


def test_a_question_on_a_bot_turn_is_refused() -> None:
    problems = validate_lesson(lesson_from_dict(_free_lesson([{"ask": "any"}])))
    assert problems and "(South) but East is to play" in problems[0]
