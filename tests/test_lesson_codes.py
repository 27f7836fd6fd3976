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
    learner=st.integers(0, 3),
)
def test_code_and_file_round_trip(
    entries: list[lc.Entry], title: dict[str, str], learner: int
) -> None:
    written = lc.LessonSpec(
        CODE, learner, 5, title, title, {}, tuple(sorted(entries, key=lambda e: e.trick))
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
