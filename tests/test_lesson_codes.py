"""A teacher's lesson as a code or a file: round trip, refusal, the book's validator."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_teach.errors import RecordError
from hearts_teach.teaching import lesson_codes as lc
from hearts_teach.teaching.lessons import LessonRun
from hearts_teach.teaching.lessons.validate import validate_lesson

DEAL = lc.seed_deal(5)
CODE = lc.deal_share_code(DEAL)

texts = st.fixed_dictionaries({"en": st.text(max_size=40), "fr": st.text(max_size=40)})


def spec(*entries: lc.Entry, learner: int = 0) -> lc.LessonSpec:
    return lc.LessonSpec(
        deal=CODE,
        learner=learner,
        seed=5,
        title={"en": "My lesson", "fr": "Ma leçon"},
        intro={"en": "You play South.", "fr": "Vous jouez Sud."},
        outro={},
        entries=entries,
    )


def learner_card(trick: int, learner: int = 0) -> str:
    return str(next(card for player, card in DEAL.tricks[trick - 1].plays if player == learner))


@settings(max_examples=40, deadline=None)
@given(
    entries=st.lists(
        st.builds(
            lc.Entry, trick=st.integers(1, 13), say=texts, ask=st.sampled_from(["", "Q♠", "2♣ 3♦"])
        ),
        max_size=6,
        unique_by=lambda e: e.trick,
    ),
    title=texts,
    outro=texts,
    learner=st.integers(0, 3),
    free=st.booleans(),
)
def test_code_and_file_round_trip(
    entries: list[lc.Entry], title: dict[str, str], outro: dict[str, str], learner: int, free: bool
) -> None:
    written = lc.LessonSpec(
        CODE, learner, 5, title, title, outro, tuple(sorted(entries, key=lambda e: e.trick)), free
    )
    assert lc.spec_from_code(lc.lesson_code(written)) == written
    assert lc.spec_from_json(lc.spec_to_json(written)) == written


@settings(max_examples=60, deadline=None)
@given(position=st.integers(0, 10_000), char=st.sampled_from("AZaz09-_"))
def test_an_altered_code_is_refused(position: int, char: str) -> None:
    code = lc.lesson_code(spec(lc.Entry(2, {"en": "Look.", "fr": "Regardez."})))
    index = len(lc.PREFIX) + position % (len(code) - len(lc.PREFIX))
    altered = code[:index] + char + code[index + 1 :]
    if altered == code:
        return
    with pytest.raises(RecordError):
        lc.spec_from_code(altered)


@given(st.text(max_size=200))
def test_any_text_is_a_code_or_a_refusal(text: str) -> None:
    try:
        lc.spec_from_code(text)
    except RecordError as error:
        assert error.message("fr") and error.message("en")


def _forge(data: object) -> str:
    packed = zlib.compress(json.dumps(data).encode())
    raw = packed + zlib.crc32(packed).to_bytes(4, "big")
    return lc.PREFIX + base64.urlsafe_b64encode(raw).decode().rstrip("=")


@pytest.mark.parametrize(
    "change",
    [
        {"learner": 7},
        {"deal": "not a code"},
        {"tricks": [{"trick": 99, "say": {"en": "a", "fr": "b"}}]},
        {"tricks": [{"trick": 2, "say": {"en": "x" * 5000, "fr": "y"}}]},
        {"tricks": [{"trick": 2, "exec": "import os"}]},
        {"tricks": [{"trick": 2, "claims": [{"no such claim": 1}]}]},
        {"version": 2},
        {"kind": "deal"},
    ],
)
def test_a_forged_code_is_refused_in_both_languages(change: dict[str, object]) -> None:
    data = {**spec().to_dict(), **change}
    with pytest.raises(RecordError) as refused:
        lc.spec_from_code(_forge(data))
    assert refused.value.message("fr") != refused.value.message("en")


def test_a_zip_bomb_is_refused() -> None:
    packed = zlib.compress(b"[" + b" " * 10_000_000 + b"]", 9)
    raw = packed + zlib.crc32(packed).to_bytes(4, "big")
    with pytest.raises(RecordError):
        lc.spec_from_code(lc.PREFIX + base64.urlsafe_b64encode(raw).decode().rstrip("="))


def choice_trick() -> int:
    """The first trick from the third where South had more than one legal card."""
    replay = lc.lesson_of(spec()).new_deal()
    for number, (player, card) in enumerate(DEAL.plays):
        if player == 0 and number // 4 >= 2 and len(replay.legal_moves()) > 1:
            return number // 4 + 1
        replay.play(card)
    raise AssertionError("no choice")


def test_a_sound_lesson_passes_the_books_validator_and_plays_to_the_end() -> None:
    trick = choice_trick()
    card = learner_card(trick)
    written = spec(
        lc.Entry(
            2,
            {"en": "Hearts are not broken yet.", "fr": "Les cœurs ne sont pas encore ouverts."},
            claims=({"hearts": "unbroken"},),
        ),
        lc.Entry(trick, {"en": "Find the card.", "fr": "Trouvez la carte."}, ask=card),
    )
    lesson = lc.lesson_from_code(lc.lesson_code(written))
    assert lesson == lc.lesson_of(written)
    assert validate_lesson(lesson) == []
    run = LessonRun(lesson)
    asked = False
    while not run.finished:
        run.advance()
        if run.finished:
            break
        step = run.step
        if run.question == "key" and step is not None and str(step.answers[0]) == card:
            asked = asked or run.deal.trick_number + 1 == trick
        run.answer(run.choices()[0])
    assert asked
    assert run.result() is not None


def test_a_false_sentence_is_refused() -> None:
    written = spec(
        lc.Entry(
            2,
            {"en": "Hearts are broken.", "fr": "Les cœurs sont ouverts."},
            claims=({"hearts": "broken"},),
        ),
    )
    found = lc.problems(written)
    assert any("is false" in problem for problem in found)
    with pytest.raises(RecordError) as refused:
        lc.lesson_from_code(lc.lesson_code(written))
    assert "refusée" in refused.value.message("fr")


def test_an_illegal_answer_is_refused() -> None:
    # a card of North's hand is never South's to play
    illegal = str(next(iter(DEAL.cards_dealt(2))))
    found = lc.problems(spec(lc.Entry(1, {"en": "Find it.", "fr": "Trouvez-la."}, ask=illegal)))
    assert any("is legal" in problem for problem in found)


def free_spec(*entries: lc.Entry) -> lc.LessonSpec:
    return lc.LessonSpec(**{**spec(*entries).__dict__, "free": True})


def test_a_lesson_that_follows_the_deal_says_so_in_its_intro_in_both_languages() -> None:
    lesson = lc.lesson_of(spec(lc.Entry(trick=4, say={"en": "Look.", "fr": "Regardez."})))
    assert lesson.intro["en"].startswith("You play South. Up to trick 4 you play the deal")
    assert "Jusqu’au pli 4" in lesson.intro["fr"] and lesson.intro["fr"].startswith("Vous jouez")
    # a free lesson, or one with nothing scripted, asks for no card of the deal: no such note
    for other in (free_spec(lc.Entry(trick=4, say={"en": "Look.", "fr": "Regardez."})), spec()):
        assert lc.lesson_of(other).intro == {"en": "You play South.", "fr": "Vous jouez Sud."}


@settings(max_examples=25, deadline=None)
@given(trick=st.integers(1, 6), picks=st.lists(st.integers(0, 12), min_size=13, max_size=13))
def test_a_free_lesson_lets_every_legal_card_go_and_speaks_at_its_trick(
    trick: int, picks: list[int]
) -> None:
    """Before the written trick every legal card is the learner's choice (the bots answer
    whatever it was); the sentence comes at the learner's turn in that trick, however the
    tricks before went."""
    lesson = lc.lesson_of(free_spec(lc.Entry(trick=trick, say={"en": "Now.", "fr": "Là."})))
    run = LessonRun(lesson)
    spoken_at = None
    for pick in picks:
        run.advance()
        if run.finished or not run.asking:
            break
        if spoken_at is None and any((e.texts or {}).get("en") == "Now." for e in run.events):
            spoken_at = run.deal.trick_number + 1
        legal = run.deal.legal_moves()
        assert run.choices() == legal  # free: no card of the deal is imposed
        assert run.answer(legal[pick % len(legal)]).played
    assert spoken_at == trick


def test_a_free_lesson_checks_its_claims_on_every_way_the_learner_may_play() -> None:
    # On the deal as played South has taken no point by trick 4 (the tricks above), but
    # free cards before it can take some: the claim is refused, with the way it fails.
    assert all(p != 0 or c.suit.symbol != "♥" for t in DEAL.tricks[:3] for p, c in t.plays)
    claim = {"points": {"seat": "you", "taken": 0}}
    entry = lc.Entry(trick=5, say={"en": "Nothing yet.", "fr": "Rien encore."}, claims=(claim,))
    assert lc.problems(spec(entry)) == []
    found = lc.problems(free_spec(entry))
    assert found and "is false" in found[0] and "after the learner played" in found[0]
    with pytest.raises(RecordError):
        lc.checked_lesson(free_spec(entry))


def test_a_free_lesson_too_wide_to_check_is_refused_not_walked_for_ever() -> None:
    entry = lc.Entry(trick=9, say={"en": "Look.", "fr": "Regardez."})
    found = lc.problems(free_spec(entry))
    assert found == [
        f"more than {lc.MAX_POSITIONS} positions before the script ends: ask for the cards "
        "that decide, or let bots play after the free choices"
    ]


def test_an_outro_is_the_lessons_last_words() -> None:
    outro = {"en": "Well played.", "fr": "Bien joué."}
    written = lc.LessonSpec(**{**spec().__dict__, "outro": outro})
    run = LessonRun(lc.checked_lesson(written))
    while not run.finished:
        run.advance()
        if run.asking:
            run.answer(run.choices()[0])
    assert run.outro() == outro
