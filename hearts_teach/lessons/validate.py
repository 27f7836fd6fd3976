"""Check every lesson against the engine: ``python -m hearts_teach.lessons.validate``.

A lesson passes when its rules exist, its deal is complete and consistent (every card
of the deck exactly once, in hands or dead), its pass is legal, every scripted card is
legal when it comes, every asked-for card is legal and the learner's to play, and every
text exists in English and in French.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from hearts_teach.cards import Card, cards_of, mask_of
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import LANGS, seat_name
from hearts_teach.lessons import (
    CHAPTERS,
    LESSONS_DIR,
    Lesson,
    LessonError,
    lesson_files,
    load_lesson,
)
from hearts_teach.teach import default_level, seat_bots


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


def _play_problems(lesson: Lesson, choices: dict[int, int] | None = None) -> list[str]:
    """Walk the steps on the engine, answering every question with its first answer, or
    with the answer ``choices`` gives for that step number (a learner's other right card:
    the script's later use of that card then stands for the one the learner kept)."""
    choices = choices or {}
    swap: dict[Card, Card] = {}
    try:
        deal = lesson.new_deal()
    except HeartsError as error:
        return [f"deal or pass: {error}"]
    bots = seat_bots(deal.rules.players, default_level(), lesson.seed)
    players = deal.rules.players
    problems: list[str] = []
    free = False  # after an "any" question the deal may differ from the script
    for number, step in enumerate(lesson.steps, start=1):
        where = f"step {number}"
        if deal.is_over:
            problems.append(f"{where}: the deal is already over")
            break
        if step.kind == "play":
            if free:
                problems.append(f"{where}: scripted cards after an “any card” question")
                break
            for scripted in step.cards:
                card = swap.get(scripted, scripted) if deal.to_play == lesson.learner else scripted
                if deal.is_over:
                    problems.append(f"{where}: {card} comes after the last trick")
                    return problems
                explanation = deal.explain(card)
                if not explanation.legal:
                    problems.append(
                        f"{where}: {card} by {seat_name(deal.to_play, players)} is illegal: "
                        f"{explanation.text('en')}"
                    )
                    return problems
                deal.play(card)
        elif step.kind == "bot":
            for _ in range(step.count):
                if deal.is_over:
                    problems.append(f"{where}: bot cards after the last trick")
                    return problems
                deal.play(bots[deal.to_play].choose(deal))
        else:
            if deal.to_play != lesson.learner:
                problems.append(
                    f"{where}: asks the learner ({seat_name(lesson.learner, players)}) "
                    f"but {seat_name(deal.to_play, players)} is to play"
                )
                return problems
            if step.any_card:
                free = True
                deal.play(deal.legal_moves()[0])
                continue
            if free:
                problems.append(f"{where}: a card is asked for after an “any card” question")
                return problems
            if not step.answers:
                problems.append(f"{where}: no card asked for")
                return problems
            answers = [swap.get(card, card) for card in step.answers]
            for card in answers:
                explanation = deal.explain(card)
                if not explanation.legal:
                    problems.append(
                        f"{where}: the asked-for {card} is illegal: {explanation.text('en')}"
                    )
                    return problems
            for card in step.wrong_cards:
                if card in step.answers or not deal.explain(card).legal:
                    problems.append(
                        f"{where}: the wrong card {card} is explained but is "
                        "not a legal wrong answer"
                    )
            chosen = answers[choices.get(number, 0)]
            if chosen != answers[0]:
                swap[chosen] = answers[0]
            deal.play(chosen)
    if lesson.compare and not deal.is_over and not problems:
        # the runner lets the bots finish; make sure they can
        while not deal.is_over:
            deal.play(bots[deal.to_play].choose(deal))
    return problems


def validate_lesson(lesson: Lesson) -> list[str]:
    """Every problem of one lesson (an empty list when it is sound)."""
    problems = _texts_problems(lesson) + _deal_problems(lesson)
    if not problems:
        problems += _play_problems(lesson)
    if not problems:
        # every other right answer must leave the rest of the script playable too
        for number, step in enumerate(lesson.steps, start=1):
            for choice in range(1, len(step.answers)):
                for problem in _play_problems(lesson, {number: choice}):
                    problems.append(
                        f"if step {number} is answered {step.answers[choice]}: {problem}"
                    )
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
