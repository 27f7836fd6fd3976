"""Lessons: every lesson file passes the validator for every way the learner may play,
the validator catches broken lessons and false claims, and the runner lets the learner
play every card of their own hand."""

from __future__ import annotations

import copy
import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from hearts_teach.cards import Card
from hearts_teach.errors import IllegalMove
from hearts_teach.teaching.lessons import (
    CHAPTERS,
    LESSONS_DIR,
    LessonError,
    LessonRun,
    get_lesson,
    lesson_from_dict,
    load_lessons,
)
from hearts_teach.teaching.lessons.claims import hearts_state
from hearts_teach.teaching.lessons.validate import main, validate_all, validate_lesson

LESSONS = load_lessons()


def test_every_lesson_is_sound_for_every_choice_and_every_chapter_has_one() -> None:
    # validate_all walks every lesson through every legal free choice and every right
    # answer of the learner until the script ends, checking every claim on the way
    report = validate_all()
    assert {name: problems for name, problems in report.items() if problems} == {}
    assert {lesson.chapter for lesson in LESSONS} == set(CHAPTERS)
    assert main([]) == 0


def _data(name: str = "standard_first_trick.json") -> dict[str, Any]:
    data: dict[str, Any] = json.loads((LESSONS_DIR / name).read_text(encoding="utf-8"))
    return data


def _problems(data: dict[str, Any]) -> list[str]:
    return validate_lesson(lesson_from_dict(data, "broken.json"))


def test_validator_catches_an_illegal_scripted_card() -> None:
    data = _data()
    first = data["steps"][0]
    first["play"] = first["play"].replace("2♣", "6♣")  # the opening must be the 2♣
    problems = _problems(data)
    assert problems and "6♣ by West is illegal" in problems[0]


def test_validator_catches_a_missing_translation() -> None:
    data = _data()
    asked = next(step for step in data["steps"] if "right" in step)
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
    data = _data()
    data["steps"][1]["ask"] = "Q♠"  # the queen may not go on the first trick
    data["steps"][1].pop("wrong_cards")
    problems = _problems(data)
    assert any("none of the asked cards (Q♠) is legal" in p for p in problems)


def test_validator_catches_a_question_with_one_legal_card() -> None:
    data = _data("two_player_trumps.json")
    data["steps"][0]["ask"] = "4♣"  # the opening club: nothing to decide
    assert any("4♣ is the only legal card" in p for p in _problems(data))


def test_validator_fails_on_a_broken_file_in_a_directory(tmp_path: Path) -> None:
    shutil.copy(LESSONS_DIR / "spot_shedding.json", tmp_path / "spot.json")
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    report = validate_all(tmp_path)
    assert report["spot.json"] == []
    assert report["broken.json"]
    assert "chapter standard has no lesson" in report["*"]
    assert main([str(tmp_path)]) == 1


# --- claims -------------------------------------------------------------------------

# At step 2 of the standard lesson, West has led the 2♣, North played the A♣ and East
# the K♣; the learner (South, no club) is to play, on the first trick. Each claim below
# is false there.
FALSE_CLAIMS: list[dict[str, Any]] = [
    {"wins": "A♦"},
    {"loses": "this"},
    {"trick_to": {"seat": "east"}},
    {"trick_to": {"seat": ["west", "east"], "card": "2♦"}},
    {"winners": "A♦ K♦"},
    {"hearts": "broken"},
    {"hearts": "free"},
    {"hearts_broken": True},
    {"worth": {"card": "Q♠", "points": 12}},
    {"legal": "Q♠"},
    {"illegal": "A♦"},
    {"reason": {"card": "K♥", "code": "hearts_not_broken"}},
    {"holds": "2♣"},
    {"holds": {"seat": "north", "cards": "K♣"}},
    {"void": "♦"},
    {"void": {"seat": "west", "suit": "♣"}},
    {"dead": "2♣"},
    {"last_trick_to": "north"},
    {"points": {"seat": "you", "taken": 1}},
    {"takes_every_trick": "you"},
    {"moon_totals": {"totals": [0, 0, 0, 0]}},
    {"moon_totals": {"moon": "new", "totals": [-26, 0, 0, 0], "winners": ["you"]}},
    {"trick_points": 1},
    {"moon": "none"},
    {"score": {"seat": "you", "points": 0}},
    {"moon_choice": "add"},
    {"not": {"void": "♣"}},
]


@pytest.mark.parametrize("claim", FALSE_CLAIMS, ids=lambda c: next(iter(c)))
def test_validator_catches_a_false_claim(claim: dict[str, Any]) -> None:
    data = _data()
    if "loses" in claim:
        # at step 2 every card of the learner loses; the answer to a card that wins
        # (step 6: the learner plays last to a diamond trick) is where it can be false
        data["steps"][5]["right"]["claims"] = [claim]
        where = "step 6 right: “"
    else:
        data["steps"][1]["say"]["claims"] = [claim]
        where = "step 2 say: “"
    problems = _problems(data)
    assert problems, claim
    assert all(p.startswith(where) and "” is false" in p for p in problems)


def test_every_kind_of_claim_is_tested_false() -> None:
    from hearts_teach.teaching.lessons.claims import _FORMS

    assert {next(iter(c)) for c in FALSE_CLAIMS} == {*_FORMS, "not"}


def test_true_claims_of_the_same_kinds_pass() -> None:
    data = _data()
    data["steps"][1]["say"]["claims"] = [
        {"trick_to": {"seat": "north"}},
        {"winners": "none"},
        {"loses": "A♦"},
        {"hearts": "unbroken"},
        {"hearts_broken": False},
        {"worth": {"card": "Q♠", "points": 13}},
        {"reason": {"card": "K♥", "code": "no_points_first_trick"}},
        {"holds": {"seat": "west", "cards": "10♣ 6♣"}},
        {"void": "♣"},
        {"dead": "none"},
        {"points": {"seat": "you", "taken": 0}},
        {"moon_totals": {"totals": [0, 26, 26, 26], "winners": "none"}},
        {"trick_points": 0},
        {"not": {"wins": "A♦"}},
    ]
    assert _problems(data) == []


def test_the_answer_to_each_card_is_checked() -> None:
    data = _data()
    wrong_spades = data["steps"][1]["wrong_cards"]["4♠ 3♠"]
    wrong_spades["claims"] = [{"wins": "this"}]  # a discard never wins
    problems = _problems(data)
    assert "step 2 wrong 4♠: “wins this” is false for 4♠: after 4♠, North may win the trick" in (
        problems
    )
    assert any(p.startswith("step 2 wrong 3♠:") for p in problems)
    data = _data()
    data["steps"][1]["right"]["claims"] = [{"trick_to": {"seat": "west", "card": "this"}}]
    problems = _problems(data)
    assert any(p.startswith("step 2 right: “trick_to") and "for A♦" in p for p in problems)
    assert any("for K♦" in p for p in problems)


def test_the_old_new_moon_feedback_is_caught() -> None:
    """The New Moon lesson once called K♣ a low club that lets someone else win (the
    learner holds A♣ too, and K♣ wins as well), and said a heart lead from the top was
    needed (every heart of the learner wins)."""
    data = _data("new_moon_below_zero.json")
    data["steps"] = [
        {"play": "2♣ Q♣"},
        {
            "ask": "A♣",
            "wrong": {
                "en": "A low club lets someone else win the trick.",
                "fr": "Un petit trèfle laisse un autre remporter le pli.",
                "claims": [{"loses": "this"}],
            },
        },
    ]
    problems = _problems(data)
    assert problems == ["step 2 wrong: “loses this” is false for K♣: K♣ may win the trick"]
    data["steps"][1] = {"ask": "A♣", "claims": [{"winners": "A♣"}]}
    assert _problems(data) == [
        "step 2 say: “winners A♣” is false: the cards sure to win are: K♣ A♣"
    ]


def test_claims_are_read_when_the_lesson_is_loaded() -> None:
    data = _data()
    data["steps"][1]["say"]["claims"] = [{"wins_maybe": "A♦"}]
    with pytest.raises(LessonError, match="unknown claim 'wins_maybe'"):
        lesson_from_dict(data)
    data["steps"][1]["say"]["claims"] = [{"worth": {"card": "Q♠"}}]
    with pytest.raises(LessonError, match="claim worth"):
        lesson_from_dict(data)
    data["steps"][1]["say"]["claims"] = [{"holds": "Z♠"}]
    with pytest.raises(LessonError, match="claim holds"):
        lesson_from_dict(data)


def test_hearts_are_said_as_the_rules_have_them() -> None:
    lesson = get_lesson("black-maria-three")
    deal = lesson.new_deal()
    expected = "unbroken" if deal.rules.must_break_hearts else "free"
    assert hearts_state(deal) == expected
    data = _data("black_maria_three.json")
    data["rules"]["options"] = {"must_break_hearts": False}
    data["steps"][0]["say"]["claims"] = [{"hearts": "free"}]
    assert _problems(data) == []
    data["steps"][0]["say"]["claims"] = [{"hearts_broken": True}]
    assert _problems(data) == [
        "step 1 say: “hearts_broken True” is false: these rules let hearts be led at any "
        "time: claim hearts free"
    ]


# --- free choices -------------------------------------------------------------------


def test_every_free_choice_is_followed_by_the_validator() -> None:
    data = _data()
    # the learner's spade on North's spade lead becomes free: the queen would win the
    # trick when West plays the nine, and the script's next lead is West's
    data["steps"][3] = {"ask": "any"}
    problems = _problems(data)
    assert problems
    assert all("(after the learner played" in p and ", Q♠" in p for p in problems)
    assert any("6♦ by West is illegal: You must follow suit" in p for p in problems)
    assert any("asks the learner (South) but West is to play" in p for p in problems)


def test_outro_conditions_assert_nothing_and_the_last_outro_has_none() -> None:
    data = _data("spot_shedding.json")
    data["outro"][0]["claims"] = [{"moon": "none"}]
    data["outro"][1]["if"] = [{"moon": "none"}]
    problems = _problems(data)
    assert any(p.startswith("outro 1: an outro states no claim") for p in problems)
    assert "outro 2: the last outro must have no condition" in problems


def _play_randomly(run: LessonRun, rng: random.Random) -> list[Card]:
    """Answer every question with a random card the lesson accepts; return them."""
    chosen: list[Card] = []
    run.advance()
    while run.asking:
        card = rng.choice(run.choices())
        assert run.answer(card).played
        chosen.append(card)
        run.advance()
    if run.moon_to_choose:  # the learner's moon under the shooter's choice
        run.choose_moon(rng.choice(["add", "subtract"]))
    return chosen


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_the_learner_plays_every_card_of_their_hand(lesson) -> None:  # type: ignore[no-untyped-def]
    for seed in range(3):
        run = LessonRun(lesson)
        chosen = _play_randomly(run, random.Random(seed))
        assert run.finished and run.mistakes == 0
        own = [card for player, card in run.deal.plays if player == lesson.learner]
        assert own == chosen and len(own) == lesson.rules.hand_size
        assert run.outro() is not None or not lesson.outro
        if lesson.compare:
            comparison = run.comparison()
            assert comparison is not None
            assert comparison.row(lesson.rules.preset_name or "standard").result == run.result()


def test_mixed_moon_lesson_turns_into_new_moon_whatever_the_order() -> None:
    for seed in range(3):
        run = LessonRun(get_lesson("mixed-moon-three-rules"))
        _play_randomly(run, random.Random(seed))
        result = run.result()
        assert result is not None and result.moon == 0 and result.moon_rule == "new"
        assert result.totals == (64, 95, 63, 70)
        comparison = run.comparison()
        assert comparison is not None
        assert comparison.row("standard").outcome_text("en") == "Winner: North."
        assert (outro := run.outro()) is not None and "64" in outro["en"]


def test_wrong_and_illegal_answers_change_nothing() -> None:
    run = LessonRun(get_lesson("standard-first-trick"))
    run.advance()
    assert run.question == "key"
    before = run.deal.state_key()
    illegal = run.answer("Q♠")
    assert illegal.verdict == "illegal" and not illegal.played
    assert "premier pli" in illegal.message["fr"]
    wrong = run.answer("2♦")
    assert wrong.verdict == "wrong"
    assert "lower diamonds are worth keeping" in wrong.message["en"]
    assert run.deal.state_key() == before and run.mistakes == 2
    assert "dame de pique" in run.hint()["fr"]
    continued = run.give_up()
    assert continued.verdict == "continued" and continued.card == Card.parse("A♦")
    assert continued.message["en"].startswith("The lesson goes on with the ace of diamonds.")
    assert run.key_decisions == 1 and run.found_first == 0


def test_free_choices_and_key_decisions() -> None:
    run = LessonRun(get_lesson("spot-shedding"))
    run.advance()
    assert run.question == "free"
    assert run.choices() == run.deal.legal_moves()
    assert run.hint()["en"].startswith("Any card the rules allow")
    free = run.answer("3♣")
    assert free.verdict == "free" and free.played and free.message == {}
    run.advance()
    assert run.question == "key" and run.choices() == [Card.parse("A♥")]
    assert run.answer("A♥").verdict == "right"
    assert run.key_decisions == 1 and run.found_first == 1


def test_narration_comes_before_the_cards() -> None:
    run = LessonRun(get_lesson("omnibus-jack"))
    events = run.advance()
    assert events[0].kind == "say" and events[0].texts is not None
    assert "valet de carreau" in events[0].texts["fr"]
    assert run.question == "free"


def _free_lesson(steps: list[dict[str, Any]]) -> dict[str, Any]:
    """The omnibus lesson's deal with other steps: bot-chosen cards and open questions."""
    data = copy.deepcopy(_data("omnibus_jack.json"))
    data["id"] = "free"
    data["steps"] = steps
    data["compare"] = False
    return data


def test_bot_steps_follow_the_learners_free_choice() -> None:
    # East holds the 2♣ and opens; then the learner plays any legal card, and the bots
    # answer whatever it was
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
    assert run.answer(legal[-1]).played
    run.advance()
    assert run.script_over and len(run.deal.tricks) == 1
    # the same seed gives the same bot cards
    again = LessonRun(lesson)
    again.advance()
    again.answer(legal[-1])
    again.advance()
    assert again.deal.plays == run.deal.plays


def test_a_scripted_card_of_the_learner_is_refused() -> None:
    steps = [{"play": "2♣ 9♣ 10♣ K♣"}]  # 9♣ is South's: the learner plays it
    problems = validate_lesson(lesson_from_dict(_free_lesson(steps)))
    assert any("9♣ is the learner's card, but West is to play" in p for p in problems)


def test_a_question_on_a_bot_turn_is_refused() -> None:
    problems = validate_lesson(lesson_from_dict(_free_lesson([{"ask": "any"}])))
    assert problems and "(South) but East is to play" in problems[0]


def test_a_moon_the_learner_shot_waits_for_their_choice_and_a_bots_is_made() -> None:
    run = LessonRun(get_lesson("shooters-choice-totals"))
    run.advance()
    with pytest.raises(IllegalMove):
        run.choose_moon("add")  # nothing to choose yet
    while run.asking:
        run.answer(run.choices()[0])
        run.advance()
    assert run.moon_to_choose and not run.finished
    assert run.result() is None and run.outro() is None
    run.choose_moon("subtract")
    assert run.finished and run.result() is not None
    assert run.result().totals == (64, 50, 80, 70)  # type: ignore[union-attr]
    assert "64" in (run.outro() or {})["en"]


def test_the_last_of_five_deals_ends_the_game_below_the_target() -> None:
    lesson = get_lesson("original-last-deal")
    assert lesson.deal_number == 4 and lesson.rules.deals == 5
    for seed in range(3):
        run = LessonRun(lesson)
        _play_randomly(run, random.Random(seed))
        result = run.result()
        assert result is not None and result.game_over and max(result.totals) < 100
        assert run.outro() is not None
