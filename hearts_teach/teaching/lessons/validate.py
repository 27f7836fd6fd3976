"""Check every lesson against the engine: ``python -m hearts_teach.teaching.lessons.validate``.

A lesson passes when its rules exist, its deal is complete and consistent (every card
of the deck exactly once, in hands or dead), its pass is legal, every text exists in
English and in French, and, for every way the learner may play until the script ends,
every scripted card is legal when it comes, every key decision has a legal right card
(and more than one legal card), and every claim of every text that can be shown holds.
The walk uses the lesson's own runner, so the validator and the lesson read a script
the same way.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from hearts_teach.cards import Card, cards_of, mask_of
from hearts_teach.deal import Deal
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import LANGS, seat_name
from hearts_teach.teaching.lessons import (
    CHAPTERS,
    LESSONS_DIR,
    Checker,
    Lesson,
    LessonError,
    LessonRun,
    lesson_files,
    load_lesson,
)
from hearts_teach.teaching.lessons.claims import Claim, check

MAX_POSITIONS: Final = 20_000
"""How many of the learner's turns the validator may meet before the script ends. Every
way the learner may play is checked, so a script must keep that number small: scripted
cards and claims only where few free choices lead, bot steps or nothing afterwards."""


def _texts_problems(lesson: Lesson) -> list[str]:
    problems = []
    for where, texts in lesson.texts():
        for lang in LANGS:
            if not texts.get(lang, "").strip():
                problems.append(f"{where}: no {lang} text")
        extra = set(texts) - set(LANGS)
        if extra:
            problems.append(f"{where}: unknown languages {sorted(extra)}")
        if texts.get("en") and texts.get("en") == texts.get("fr"):
            problems.append(f"{where}: the English and French texts are the same")
    return problems


def _deal_problems(lesson: Lesson) -> list[str]:
    try:
        rules = lesson.rules
    except HeartsError as error:
        return [f"rules: {error}"]
    problems = []
    if len(lesson.hands) != rules.players:
        return [f"deal: {len(lesson.hands)} hands for {rules.players} players"]
    try:
        held = [mask_of(hand) for hand in lesson.hands]
        dead = mask_of(lesson.dead)
    except HeartsError as error:
        return [f"deal: {error}"]
    union = dead
    for player, mask in enumerate(held):
        if mask.bit_count() != rules.hand_size:
            problems.append(
                f"deal: {seat_name(player, rules.players)} holds {mask.bit_count()} cards, "
                f"not {rules.hand_size}"
            )
        if union & mask:
            problems.append(f"deal: {cards_of(union & mask)[0]} is dealt twice")
        union |= mask
    if union & ~rules.deck:
        problems.append(f"deal: {cards_of(union & ~rules.deck)[0]} is not in this deck")
    if rules.deck & ~union:
        problems.append(f"deal: {cards_of(rules.deck & ~union)[0]} is dealt to nobody")
    if dead.bit_count() != rules.dead_count:
        problems.append(f"deal: {dead.bit_count()} dead cards, not {rules.dead_count}")
    if not 0 <= lesson.learner < rules.players:
        problems.append(f"learner: no seat {lesson.learner} at a table of {rules.players}")
    if lesson.totals is not None and len(lesson.totals) != rules.players:
        problems.append(f"totals: {len(lesson.totals)} totals for {rules.players} players")
    if lesson.chapter not in CHAPTERS:
        problems.append(f"chapter: {lesson.chapter} is not a chapter of the book")
    return problems


def _outro_problems(lesson: Lesson) -> list[str]:
    problems = []
    for number, outro in enumerate(lesson.outro, start=1):
        if outro.said.claims:
            problems.append(
                f"outro {number}: an outro states no claim (nothing after the script is "
                "checked); give it conditions (“if”) instead"
            )
        last = number == len(lesson.outro)
        if last and outro.conditions:
            problems.append(f"outro {number}: the last outro must have no condition")
        if not last and not outro.conditions:
            problems.append(f"outro {number}: only the last outro may have no condition")
    return problems


def _path(cards: tuple[Card, ...]) -> str:
    return f" (after the learner played {', '.join(map(str, cards))})" if cards else ""


def _play_problems(lesson: Lesson, max_positions: int = MAX_POSITIONS) -> list[str]:
    """Walk the script for every way the learner may play until the last step: every
    legal card at a free choice, every right card at a key decision (a wrong one changes
    nothing; "continue" plays a right one). Every text's claims are checked at each
    position where it can be shown. A position met twice (the same step, the same deal)
    is checked once. After the last step the bots and the learner's free cards finish
    the deal: nothing is claimed there but the outro's conditions, which choose a text
    and assert nothing."""
    problems: dict[str, None] = {}
    learner = lesson.learner

    def checker_for(path: tuple[Card, ...]) -> Checker:
        def check_claims(
            where: str, claims: tuple[Claim, ...], deal: Deal, card: Card | None
        ) -> None:
            for claim in claims:
                why = check(claim, deal, learner, card)
                if why is not None:
                    subject = f" for {card}" if card is not None else ""
                    problems[f"{where}: “{claim}” is false{subject}: {why}{_path(path)}"] = None

        return check_claims

    try:
        root = LessonRun(lesson)
    except HeartsError as error:
        return [f"deal or pass: {error}"]
    stack: list[tuple[LessonRun, tuple[Card, ...]]] = [(root, ())]
    seen: set[tuple[object, ...]] = set()
    while stack:
        run, path = stack.pop()
        check_claims = checker_for(path)
        run.checker = check_claims
        try:
            run.advance()
        except LessonError as error:
            detail = str(error.params.get("detail", error)).replace(f"{lesson.id}: ", "", 1)
            problems[f"{detail}{_path(path)}"] = None
            continue
        if run.script_over or run.question is None:
            continue
        key = (run.step_index, run.done_in_step, run.deal.state_key())
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > max_positions:
            problems[
                f"more than {max_positions} positions before the script ends: ask for "
                "the cards that decide, or let bots play after the free choices"
            ] = None
            break
        _question_problems(run, path, check_claims, problems)
        for card in run.choices():
            child = run.fork()
            child.answer(card)
            stack.append((child, (*path, card)))
    return list(problems)


def _question_problems(
    run: LessonRun, path: tuple[Card, ...], check_claims: Checker, problems: dict[str, None]
) -> None:
    """Check a question: its hint, and the answer to every card the learner may try."""
    step = run.step
    assert step is not None
    deal = run.deal
    where = f"step {run.step_index + 1}"
    hint = run.hint_said()
    if hint is not None:
        check_claims(f"{where} hint", hint.claims, deal, None)
    hand = deal.hand(run.lesson.learner)
    for card in hand:
        feedback = run.feedback(card)
        if feedback.verdict != "illegal":
            check_claims(feedback.where, feedback.claims, deal, card)
    if run.question != "key":
        return
    legal = deal.legal_moves()
    right = run.choices()
    if not right:
        asked = " ".join(map(str, step.answers))
        problems[f"{where}: none of the asked cards ({asked}) is legal{_path(path)}"] = None
    elif len(legal) == 1:
        problems[f"{where}: {legal[0]} is the only legal card: make it a free turn"] = None
    for card in step.wrong_cards:
        if card in right:
            problems[f"{where}: {card} is explained as wrong but is a right answer"] = None
        elif card in hand and card not in legal:
            problems[f"{where}: the wrong card {card} is explained but illegal{_path(path)}"] = None


def validate_lesson(lesson: Lesson, max_positions: int = MAX_POSITIONS) -> list[str]:
    """Every problem of one lesson (an empty list when it is sound); ``max_positions``
    bounds the walk (a teacher's lesson checked while the teacher waits has a lower one)."""
    problems = _texts_problems(lesson) + _deal_problems(lesson) + _outro_problems(lesson)
    if not problems:
        problems += _play_problems(lesson, max_positions)
    return problems


def validate_all(directory: Path = LESSONS_DIR) -> dict[str, list[str]]:
    """File name → its problems, for every lesson file; plus ``*`` for the whole set
    (two lessons with one id, a chapter with no lesson)."""
    report: dict[str, list[str]] = {}
    seen: dict[str, str] = {}
    chapters: set[str] = set()
    for path in lesson_files(directory):
        try:
            lesson = load_lesson(path)
        except LessonError as error:
            report[path.name] = [str(error)]
            continue
        problems = validate_lesson(lesson)
        if lesson.id in seen:
            problems.append(f"id {lesson.id} is also the id of {seen[lesson.id]}")
        seen[lesson.id] = path.name
        chapters.add(lesson.chapter)
        report[path.name] = problems
    missing = [chapter for chapter in CHAPTERS if chapter not in chapters]
    report["*"] = [f"chapter {chapter} has no lesson" for chapter in missing]
    return report


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    directory = Path(arguments[0]) if arguments else LESSONS_DIR
    report = validate_all(directory)
    failed = 0
    for name, problems in report.items():
        if name == "*" and not problems:
            continue
        print(f"{'ok  ' if not problems else 'FAIL'} {name}")
        for problem in problems:
            print(f"     {problem}")
        failed += bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
