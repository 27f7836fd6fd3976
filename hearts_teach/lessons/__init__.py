"""Guided deals: lessons are data (JSON files beside this module), played by a runner.

A lesson holds the rules, a fixed deal and a list of steps. Each step plays cards in
turn: ``play`` (scripted cards, for whoever is to play), ``bot`` (cards the bots choose,
seeded) or ``ask`` (the learner is asked for a card, with a hint and an explanation
after the choice, right or wrong). Every text is given in English and in French::

    {"id": "omnibus-jack", "chapter": "omnibus", "order": 1,
     "title": {"en": "...", "fr": "..."}, "intro": {...}, "outro": {...},
     "rules": {"preset": "omnibus", "options": {}},
     "deal": {"hands": ["2♣ …", "…", "…", "…"], "dead": "",
              "pass": {"direction": "left", "cards": ["…", "…", "…", "…"]}},
     "learner": 0, "totals": [0, 0, 0, 0], "seed": 1, "compare": true,
     "steps": [{"say": {...}, "play": "2♣ 5♣ K♣"},
               {"ask": "Q♦", "hint": {...}, "right": {...}, "wrong": {...}},
               {"bot": 2}]}

``ask`` is a card, a list of cards (any of them is right) or ``"any"`` (any legal
card). After an ``any`` step the deal may go elsewhere than planned, so only ``bot``
steps and other ``any`` questions may follow. When the steps run out before the deal
is over, the bots finish it (seeded) if the lesson compares scores.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal

from hearts_teach.cards import Card, parse_cards
from hearts_teach.deal import Deal, Trick
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import LANGS, register, seat_name, text
from hearts_teach.rules import Rules
from hearts_teach.scoring import DealResult
from hearts_teach.teach import Comparison, compare_deal, default_level, seat_bots

LESSONS_DIR: Final = Path(__file__).parent

CHAPTERS: Final = (
    "standard",
    "new-moon",
    "mixed-moon",
    "spot",
    "omnibus",
    "black-maria",
    "black-maria-3",
    "two-player",
    "original",
    "partnership",
    "reverse",
)
"""The book's variant chapters, in the book's order; each has at least one lesson."""

register(
    {
        "lesson.right": ("Well found.", "Bien vu."),
        "lesson.any_right": (
            "{card} is a legal card: play goes on.",
            "{card} se joue : on continue.",
        ),
        "lesson.wrong_legal": (
            "{card} may be played, but it is not the card this lesson is after.",
            "{card} peut se jouer, mais ce n’est pas la carte que cherche cette leçon.",
        ),
        "lesson.illegal": ("{card} cannot be played here.", "{card} ne peut pas se jouer ici."),
        "lesson.not_asked": (
            "It is not your turn to choose a card now.",
            "Ce n’est pas à vous de choisir une carte maintenant.",
        ),
        "lesson.hint_any": (
            "Any card the rules allow will do here.",
            "Toute carte permise par les règles convient ici.",
        ),
        "lesson.continue_with": (
            "The lesson goes on with {card}.",
            "La leçon continue avec {card}.",
        ),
        "lesson.unknown": (
            "There is no lesson named {name}.",
            "Aucune leçon ne s’appelle {name}.",
        ),
    }
)


Texts = dict[str, str]


class LessonError(HeartsError):
    """A lesson file that cannot be read or does not fit the engine."""


@dataclass(frozen=True)
class Step:
    """One step of a lesson (see the module's documentation for the three kinds)."""

    kind: Literal["play", "bot", "ask"]
    say: Texts | None = None
    cards: tuple[Card, ...] = ()
    count: int = 0
    answers: tuple[Card, ...] = ()
    any_card: bool = False
    hint: Texts | None = None
    right: Texts | None = None
    wrong: Texts | None = None
    wrong_cards: dict[Card, Texts] = field(default_factory=dict)

    @property
    def plays(self) -> int:
        """How many cards this step plays."""
        return len(self.cards) if self.kind == "play" else self.count if self.kind == "bot" else 1


@dataclass(frozen=True)
class PassSpec:
    direction: str
    cards: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class Lesson:
    """A guided deal, as read from its JSON file."""

    id: str
    chapter: str
    order: int
    title: Texts
    intro: Texts
    outro: Texts | None
    rules_spec: dict[str, Any]
    hands: tuple[tuple[Card, ...], ...]
    dead: tuple[Card, ...]
    passing: PassSpec | None
    learner: int
    totals: tuple[int, ...] | None
    seed: int
    compare: bool
    steps: tuple[Step, ...]
    source: str = ""

    @property
    def rules(self) -> Rules:
        return Rules.preset(
            self.rules_spec.get("preset", "standard"), **self.rules_spec.get("options", {})
        )

    def title_text(self, lang: str = "en") -> str:
        return self.title[lang]

    def new_deal(self) -> Deal:
        """The lesson's deal before any card is played (after the pass, if there is one)."""
        rules = self.rules
        deal = Deal.from_hands(
            rules,
            [list(h) for h in self.hands],
            dead=list(self.dead),
            pass_direction=self.passing.direction if self.passing else None,
            totals=self.totals,
        )
        if self.passing is not None:
            for player, cards in enumerate(self.passing.cards):
                deal.pass_cards(player, list(cards))
        return deal

    def texts(self) -> Iterator[tuple[str, Texts]]:
        """Every text of the lesson with where it is, for the bilingual check."""
        yield "title", self.title
        yield "intro", self.intro
        if self.outro is not None:
            yield "outro", self.outro
        for number, step in enumerate(self.steps, start=1):
            for name in ("say", "hint", "right", "wrong"):
                value = getattr(step, name)
                if value is not None:
                    yield f"step {number} {name}", value
            for card, value in step.wrong_cards.items():
                yield f"step {number} wrong {card}", value


def _texts(data: Any, where: str, required: bool = True) -> Texts | None:
    if data is None and not required:
        return None
    if not isinstance(data, dict):
        raise LessonError("record_damaged", detail=f"{where}: texts in en and fr expected")
    return {str(k): str(v) for k, v in data.items()}


def _cards(data: Any, where: str) -> tuple[Card, ...]:
    try:
        if isinstance(data, list):
            return tuple(card for item in data for card in parse_cards(str(item)))
        return tuple(parse_cards(str(data)))
    except HeartsError as error:
        raise LessonError("record_damaged", detail=f"{where}: {error}") from None


def _step(data: Any, number: int) -> Step:
    where = f"step {number}"
    if not isinstance(data, dict):
        raise LessonError("record_damaged", detail=f"{where}: an object expected")
    say = _texts(data.get("say"), where, required=False)
    kinds = [k for k in ("play", "bot", "ask") if k in data]
    if len(kinds) != 1:
        raise LessonError("record_damaged", detail=f"{where}: one of play, bot, ask expected")
    kind = kinds[0]
    if kind == "play":
        return Step("play", say, cards=_cards(data["play"], where))
    if kind == "bot":
        count = data["bot"]
        if not isinstance(count, int) or count < 1:
            raise LessonError("record_damaged", detail=f"{where}: bot takes a number of cards")
        return Step("bot", say, count=count)
    asked = data["ask"]
    wrong_cards = {
        _cards(card, where)[0]: _texts(value, where) or {}
        for card, value in dict(data.get("wrong_cards", {})).items()
    }
    return Step(
        "ask",
        say,
        answers=() if asked == "any" else _cards(asked, where),
        any_card=asked == "any",
        hint=_texts(data.get("hint"), where, required=False),
        right=_texts(data.get("right"), where, required=False),
        wrong=_texts(data.get("wrong"), where, required=False),
        wrong_cards=wrong_cards,
    )


def lesson_from_dict(data: Any, source: str = "") -> Lesson:
    """Read a lesson; a malformed one raises :class:`LessonError` naming what is wrong."""
    if not isinstance(data, dict):
        raise LessonError("record_damaged", detail=f"{source}: a lesson object expected")
    try:
        deal = data["deal"]
        passing = deal.get("pass")
        totals = data.get("totals")
        return Lesson(
            id=str(data["id"]),
            chapter=str(data["chapter"]),
            order=int(data.get("order", 1)),
            title=_texts(data["title"], "title") or {},
            intro=_texts(data["intro"], "intro") or {},
            outro=_texts(data.get("outro"), "outro", required=False),
            rules_spec=dict(data["rules"]),
            hands=tuple(_cards(hand, "hands") for hand in deal["hands"]),
            dead=_cards(deal.get("dead", ""), "dead"),
            passing=None
            if passing is None
            else PassSpec(
                str(passing["direction"]),
                tuple(_cards(cards, "pass") for cards in passing["cards"]),
            ),
            learner=int(data.get("learner", 0)),
            totals=None if totals is None else tuple(int(t) for t in totals),
            seed=int(data.get("seed", 0)),
            compare=bool(data.get("compare", False)),
            steps=tuple(_step(step, n) for n, step in enumerate(data["steps"], start=1)),
            source=source,
        )
    except KeyError as missing:
        raise LessonError("record_damaged", detail=f"{source}: {missing} is missing") from None


def load_lesson(path: str | Path) -> Lesson:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise LessonError("record_damaged", detail=f"{path.name}: {error}") from None
    return lesson_from_dict(data, source=path.name)


def lesson_files(directory: Path = LESSONS_DIR) -> list[Path]:
    return sorted(directory.glob("*.json"))


def load_lessons(directory: Path = LESSONS_DIR) -> list[Lesson]:
    """Every lesson, in the book's chapter order then the lessons' own order."""
    lessons = [load_lesson(path) for path in lesson_files(directory)]
    rank = {chapter: i for i, chapter in enumerate(CHAPTERS)}
    return sorted(lessons, key=lambda x: (rank.get(x.chapter, len(rank)), x.order, x.id))


def lessons_by_chapter() -> dict[str, list[Lesson]]:
    """Chapter → its lessons, chapters in the book's order."""
    grouped: dict[str, list[Lesson]] = {}
    for lesson in load_lessons():
        grouped.setdefault(lesson.chapter, []).append(lesson)
    return grouped


def get_lesson(lesson_id: str) -> Lesson:
    for lesson in load_lessons():
        if lesson.id == lesson_id:
            return lesson
    raise LessonError("record_damaged", detail=text("lesson.unknown", "en", name=lesson_id))


# --- playing a lesson -------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """Something that happened while the lesson ran, for the narration panel."""

    kind: Literal["say", "play", "trick"]
    texts: Texts | None = None
    player: int | None = None
    card: Card | None = None
    trick: Trick | None = None


@dataclass(frozen=True)
class Feedback:
    """The answer to the learner's card: right, wrong but legal, or illegal."""

    verdict: Literal["right", "wrong", "illegal"]
    card: Card
    message: Texts

    @property
    def played(self) -> bool:
        return self.verdict == "right"


def _both(key: str, **params: object) -> Texts:
    return {lang: text(key, lang, **params) for lang in LANGS}


def _join(*parts: Texts | None) -> Texts:
    return {lang: " ".join(p[lang] for p in parts if p) for lang in LANGS}


class LessonRun:
    """A lesson being played: the deal, the step reached and what has been said.

    Call :meth:`advance` to play every scripted or bot card up to the next question;
    then :meth:`answer` with the learner's card. A wrong but legal card is explained
    and changes nothing: the learner may answer again, or :meth:`give_up` to let the
    lesson play the expected card.
    """

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.deal = lesson.new_deal()
        self.step_index = 0
        self._done_in_step = 0
        self.events: list[Event] = []
        self._bots = seat_bots(self.deal.rules.players, default_level(), lesson.seed)
        self._said: set[int] = set()
        self.mistakes = 0
        # When the learner finds another right card than the script's, the script's later
        # use of that card by the learner stands for the card the learner kept.
        self._swap: dict[Card, Card] = {}

    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.step_index] if self.step_index < len(steps) else None

    @property
    def asking(self) -> bool:
        step = self.step
        return step is not None and step.kind == "ask" and not self.deal.is_over

    @property
    def finished(self) -> bool:
        return self.step is None and (self.deal.is_over or not self.lesson.compare)

    def _say(self) -> None:
        step = self.step
        if step is not None and step.say and self.step_index not in self._said:
            self._said.add(self.step_index)
            self.events.append(Event("say", texts=step.say))

    def _play(self, card: Card) -> None:
        player = self.deal.to_play
        self.deal.play(card)
        trick = self.deal.trick_completed
        self.events.append(Event("play", player=player, card=card))
        if trick is not None:
            self.events.append(Event("trick", trick=trick, player=trick.winner))

    def _next_step(self) -> None:
        self.step_index += 1
        self._done_in_step = 0

    def advance(self) -> list[Event]:
        """Play scripted and bot cards until the learner is asked, or the lesson ends."""
        start = len(self.events)
        while self.step is not None and not self.deal.is_over:
            step = self.step
            self._say()
            if step.kind == "ask":
                if self.deal.to_play != self.lesson.learner:
                    raise LessonError(
                        "record_damaged",
                        detail=f"{self.lesson.id}: step {self.step_index + 1} asks the learner "
                        f"but {seat_name(self.deal.to_play, self.deal.rules.players)} is to play",
                    )
                break
            if self._done_in_step >= step.plays:
                self._next_step()
                continue
            if step.kind == "play":
                card = step.cards[self._done_in_step]
                if self.deal.to_play == self.lesson.learner:
                    card = self._swap.get(card, card)
            else:
                card = self._bots[self.deal.to_play].choose(self.deal)
            self._play(card)
            self._done_in_step += 1
            if self._done_in_step >= step.plays:
                self._next_step()
        if self.step is None and self.lesson.compare and not self.deal.is_over:
            while not self.deal.is_over:
                self._play(self._bots[self.deal.to_play].choose(self.deal))
        return self.events[start:]

    def answers(self, step: Step) -> list[Card]:
        """The step's right cards, as the learner's hand now holds them."""
        return [self._swap.get(card, card) for card in step.answers]

    def hint(self) -> Texts:
        step = self.step
        if step is None or step.kind != "ask":
            return _both("lesson.not_asked")
        if step.hint:
            return step.hint
        return _both("lesson.hint_any")

    def answer(self, card: Card | str) -> Feedback:
        """The learner's card: played if right, explained and refused otherwise."""
        card = Card.parse(card)
        step = self.step
        if step is None or step.kind != "ask":
            return Feedback("illegal", card, _both("lesson.not_asked"))
        explanation = self.deal.explain(card)
        if not explanation.legal:
            self.mistakes += 1
            reason = {lang: explanation.text(lang) for lang in LANGS}
            return Feedback("illegal", card, _join(_both("lesson.illegal", card=card), reason))
        answers = self.answers(step)
        if step.any_card or card in answers:
            if answers and card != answers[0]:
                self._swap[card] = answers[0]
            self._play(card)
            self._next_step()
            if step.right:
                message = step.right
            elif step.any_card:
                message = _both("lesson.any_right", card=card)
            else:
                message = _both("lesson.right")
            return Feedback("right", card, message)
        self.mistakes += 1
        message = step.wrong_cards.get(card) or step.wrong or _both("lesson.wrong_legal", card=card)
        return Feedback("wrong", card, message)

    def give_up(self) -> Feedback:
        """After a wrong card: play the card the lesson expected and go on."""
        step = self.step
        if step is None or step.kind != "ask":
            raise LessonError("record_damaged", detail="no question to give up")
        answers = self.answers(step)
        card = answers[0] if answers else self.deal.legal_moves()[0]
        self._play(card)
        self._next_step()
        return Feedback("right", card, _join(_both("lesson.continue_with", card=card), step.right))

    def result(self) -> DealResult | None:
        return self.deal.result() if self.deal.is_over else None

    def comparison(self) -> Comparison | None:
        """Every variant's score of the finished deal, for lessons about scoring."""
        if not self.deal.is_over or not self.lesson.compare:
            return None
        return compare_deal(self.deal)
