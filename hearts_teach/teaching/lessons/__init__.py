"""Guided deals: lessons are data (JSON files beside this module), played by a runner.

A lesson holds the rules, a fixed deal and a list of steps. The learner plays every
card of their own hand: at a key decision the lesson asks for a card, checks it and
explains it; every other card of the learner is their free choice among the legal
ones. The other seats play as the steps say::

    {"id": "omnibus-jack", "chapter": "omnibus", "order": 1,
     "title": {"en": "...", "fr": "..."}, "intro": {...},
     "outro": [{"if": [{"score": {"seat": "you", "points": -10}}], "en": "...", "fr": "..."},
               {"en": "...", "fr": "..."}],
     "rules": {"preset": "omnibus", "options": {}},
     "deal": {"hands": ["2♣ …", "…", "…", "…"], "dead": "",
              "pass": {"direction": "left", "cards": ["…", "…", "…", "…"]}},
     "learner": 0, "totals": [0, 0, 0, 0], "seed": 1, "compare": true,
     "deal_number": 0,
     "steps": [{"say": {"en": "...", "fr": "...", "claims": [{"void": "♣"}]},
                "play": "2♣ 5♣ K♣"},
               {"ask": "Q♦", "hint": {...}, "right": {...}, "wrong": {...},
                "wrong_cards": {"3♦": {"en": "...", "fr": "...",
                                        "claims": [{"loses": "this"}]}}},
               {"bot": 2}]}

Steps:

``play``
    Scripted cards of the other seats, in playing order. When the learner's turn comes
    in the middle, the learner plays a card of their choice and the script goes on.
``bot``
    That many cards of the other seats, chosen by the seeded bots at that point (so
    they fit whatever the learner chose before). ``{"bot": "until", "trick": N}``: the
    bots play the other seats, and the learner chooses freely, until the learner's turn
    in trick N (counted from 1), however many cards that takes on the way played.
``ask``
    A key decision: a card or a list of cards (any of them is right). A wrong but
    legal card is explained and changes nothing; the learner tries again, or lets the
    lesson play the first right card that is legal ("continue"). ``"any"`` asks for a
    free choice with a text of its own.

A learner's turn that no ``ask`` step claims is a free choice. After the last step the
bots play the other seats and the learner chooses freely until the deal is over. Under
the shooter's choice (docs/rules.md §3.2) a moon the learner shot waits for their choice
(:meth:`LessonRun.choose_moon`); a bot that shot one chooses by the game's totals.

Every text is given in English and in French, and may carry ``"claims"``: what it states
about the position, checked by the validator on every way the learner may have played
(see :mod:`hearts_teach.teaching.lessons.claims`). The outro is one text, or a list whose first
entry with all its ``"if"`` conditions true is shown (the last entry has none).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal

from hearts_teach.bots import DEFAULT_LEVEL
from hearts_teach.bots.base import Choice
from hearts_teach.bots.seats import seat_bots
from hearts_teach.cards import Card, parse_cards
from hearts_teach.deal import Deal, Trick
from hearts_teach.errors import HeartsError, IllegalMove
from hearts_teach.i18n import LANGS, seat_name, text, typeset
from hearts_teach.rules import Rules
from hearts_teach.scoring import DealResult
from hearts_teach.teaching.compare import Comparison, compare_deal
from hearts_teach.teaching.lessons.claims import Claim, ClaimError, holds, parse_claims

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


Texts = dict[str, str]


class LessonError(HeartsError):
    """A lesson file that cannot be read or does not fit the engine."""


@dataclass(frozen=True)
class Passage:
    """A passage of a lesson: its text in every language and the claims it makes about the
    position (the engine checks each)."""

    texts: Texts
    claims: tuple[Claim, ...] = ()

    def __getitem__(self, lang: str) -> str:
        return self.texts[lang]


@dataclass(frozen=True)
class Outro:
    """One ending text, shown when all its conditions hold at the end of the deal."""

    said: Passage
    conditions: tuple[Claim, ...] = ()


@dataclass(frozen=True)
class Step:
    """One step of a lesson (see the module's documentation for the three kinds)."""

    kind: Literal["play", "bot", "ask"]
    say: Passage | None = None
    cards: tuple[Card, ...] = ()
    count: int = 0
    answers: tuple[Card, ...] = ()
    any_card: bool = False
    hint: Passage | None = None
    right: Passage | None = None
    wrong: Passage | None = None
    wrong_cards: dict[Card, Passage] = field(default_factory=dict)
    until_trick: int = 0
    """A ``bot`` step that lasts until the learner's turn in this trick (from 1)."""

    @property
    def plays(self) -> int:
        """How many cards of the other seats this step plays."""
        return len(self.cards) if self.kind == "play" else self.count if self.kind == "bot" else 0

    @property
    def is_key(self) -> bool:
        """A key decision: a card to find (not a free choice)."""
        return self.kind == "ask" and not self.any_card


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
    outro: tuple[Outro, ...]
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
    deal_number: int = 0
    """The deal's place in its game, from 0 (the last one, with a fixed number of deals)."""

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
            deal_number=self.deal_number,
        )
        if self.passing is not None:
            for player, cards in enumerate(self.passing.cards):
                deal.pass_cards(player, list(cards))
        return deal

    def texts(self) -> Iterator[tuple[str, Texts]]:
        """Every text of the lesson with where it is, for the bilingual check."""
        yield "title", self.title
        yield "intro", self.intro
        for number, outro in enumerate(self.outro, start=1):
            yield f"outro {number}", outro.said.texts
        for number, step in enumerate(self.steps, start=1):
            for name in ("say", "hint", "right", "wrong"):
                value = getattr(step, name)
                if value is not None and (value.texts or name != "say"):
                    yield f"step {number} {name}", value.texts
            for card, value in step.wrong_cards.items():
                yield f"step {number} wrong {card}", value.texts


def _said(data: Any, where: str, required: bool = True) -> Passage | None:
    if data is None and not required:
        return None
    if not isinstance(data, dict):
        raise LessonError("record_damaged", detail=f"{where}: texts in en and fr expected")
    # Each language's typography is set here, once (French narrow no-break spaces).
    texts = {
        str(k): typeset(str(v), k) if k in LANGS else str(v)
        for k, v in data.items()
        if k not in ("claims", "if")
    }
    return Passage(texts, parse_claims(data.get("claims"), where))


def _outro(data: Any) -> tuple[Outro, ...]:
    if data is None:
        return ()
    entries = data if isinstance(data, list) else [data]
    outros = []
    for number, entry in enumerate(entries, start=1):
        where = f"outro {number}"
        said = _said(entry, where)
        assert said is not None
        conditions = parse_claims(entry.get("if"), where) if isinstance(entry, dict) else ()
        outros.append(Outro(said, conditions))
    return tuple(outros)


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
    say = _said(data.get("say"), f"{where} say", required=False)
    if "claims" in data:
        # claims of the step itself: checked where the step begins, like its narration
        claims = parse_claims(data["claims"], where)
        say = Passage(say.texts if say else {}, (say.claims if say else ()) + claims)
    kinds = [k for k in ("play", "bot", "ask") if k in data]
    if len(kinds) != 1:
        raise LessonError("record_damaged", detail=f"{where}: one of play, bot, ask expected")
    kind = kinds[0]
    if kind == "play":
        cards = _cards(data["play"], where)
        if not cards:
            raise LessonError("record_damaged", detail=f"{where}: no card to play")
        return Step("play", say, cards=cards)
    if kind == "bot":
        count = data["bot"]
        if count == "until":
            trick = data.get("trick")
            if isinstance(trick, bool) or not isinstance(trick, int) or not 1 <= trick <= 18:
                raise LessonError("record_damaged", detail=f"{where}: until takes a trick number")
            return Step("bot", say, until_trick=trick)
        if not isinstance(count, int) or count < 1:
            raise LessonError("record_damaged", detail=f"{where}: bot takes a number of cards")
        return Step("bot", say, count=count)
    asked = data["ask"]
    wrong_cards: dict[Card, Passage] = {}
    for card_text, value in dict(data.get("wrong_cards", {})).items():
        for card in _cards(card_text, where):
            said = _said(value, f"{where} wrong {card}")
            assert said is not None
            wrong_cards[card] = said
    return Step(
        "ask",
        say,
        answers=() if asked == "any" else _cards(asked, where),
        any_card=asked == "any",
        hint=_said(data.get("hint"), f"{where} hint", required=False),
        right=_said(data.get("right"), f"{where} right", required=False),
        wrong=_said(data.get("wrong"), f"{where} wrong", required=False),
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
            title=_texts(data["title"], "title"),
            intro=_texts(data["intro"], "intro"),
            outro=_outro(data.get("outro")),
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
            deal_number=int(data.get("deal_number", 0)),
        )
    except KeyError as missing:
        raise LessonError("record_damaged", detail=f"{source}: {missing} is missing") from None
    except ClaimError as error:
        raise LessonError("record_damaged", detail=f"{source}: {error.detail}") from None


def _texts(data: Any, where: str) -> Texts:
    said = _said(data, where)
    assert said is not None
    return said.texts


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
    choice: Choice | None = None
    """For a card a bot chose (not a scripted one): its choice, which says why."""


Verdict = Literal["right", "wrong", "illegal", "free", "continued"]


@dataclass(frozen=True)
class Feedback:
    """The answer to the learner's card: right, wrong but legal, illegal, a free choice
    (any legal card), or the card the lesson played after "continue"."""

    verdict: Verdict
    card: Card
    message: Texts
    claims: tuple[Claim, ...] = ()
    where: str = ""

    @property
    def played(self) -> bool:
        return self.verdict in ("right", "free", "continued")


Checker = Callable[[str, tuple[Claim, ...], Deal, Card | None], None]
"""Called with (where, claims, position, card in question) for each text the runner
shows; the validator passes one that checks the claims."""


def _both(key: str, **params: object) -> Texts:
    return {lang: text(key, lang, **params) for lang in LANGS}


def _join(*parts: Texts | Passage | None) -> Texts:
    return {lang: " ".join(p[lang] for p in parts if p) for lang in LANGS}


class LessonRun:
    """A lesson being played: the deal, the step reached and what has been said.

    Call :meth:`advance` to play the other seats' cards up to the learner's next turn;
    :attr:`question` then says whether it is a key decision (the ``ask`` step) or a free
    choice; :meth:`answer` takes the learner's card. A wrong card at a key decision is
    explained and changes nothing: the learner may answer again, or :meth:`give_up` to
    let the lesson play the expected card. No other card of the learner is ever played
    for them.
    """

    def __init__(self, lesson: Lesson, checker: Checker | None = None) -> None:
        self.lesson = lesson
        self.deal = lesson.new_deal()
        self.step_index = 0
        self.done_in_step = 0
        self._started = False
        self.events: list[Event] = []
        self._bots = seat_bots(DEFAULT_LEVEL, lesson.seed, self.deal.rules.players)
        self.checker = checker
        self.mistakes = 0
        self.key_decisions = 0
        self.found_first = 0
        self._tried = False

    def fork(self) -> LessonRun:
        """An independent copy at the same point (the validator explores each choice)."""
        other = LessonRun.__new__(LessonRun)
        other.__dict__.update(self.__dict__)
        other.deal = self.deal.copy()
        other.events = self.events[:]
        return other

    # --- where the lesson is ----------------------------------------------------------

    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.step_index] if self.step_index < len(steps) else None

    @property
    def question(self) -> Literal["key", "free"] | None:
        """``key`` at a key decision, ``free`` at the learner's free choice, else None."""
        if self.deal.is_over or self.deal.to_play != self.lesson.learner:
            return None
        step = self.step
        return "key" if step is not None and step.is_key else "free"

    @property
    def asking(self) -> bool:
        return self.question is not None

    @property
    def finished(self) -> bool:
        """The deal is over and scored (the shooter's choice made, if one was due)."""
        return self.deal.is_complete

    @property
    def moon_to_choose(self) -> bool:
        """The learner shot the moon and chooses how it scores (:meth:`choose_moon`)."""
        pending = self.deal.pending_moon_choice
        return pending is not None and pending.shooter == self.lesson.learner

    def choose_moon(self, choice: str) -> None:
        """The learner's choice on their moon: "add" or "subtract" (IllegalMove, changing
        nothing, when no choice of theirs is due)."""
        if not self.moon_to_choose:
            raise IllegalMove("no_moon_choice")
        self.deal.choose_moon(choice)
        amount = self.deal.rules.moon_value
        self.events.append(Event("say", texts=_both(f"ui.moon_choice.you_{choice}", amount=amount)))

    @property
    def script_over(self) -> bool:
        """Every step is done: the rest is the bots' cards and the learner's free ones."""
        return self.step is None

    def _where(self, name: str = "") -> str:
        where = f"step {self.step_index + 1}"
        return f"{where} {name}" if name else where

    def _check(self, where: str, claims: tuple[Claim, ...], card: Card | None = None) -> None:
        if self.checker is not None and claims:
            self.checker(where, claims, self.deal, card)

    def _start(self) -> None:
        """The current step begins: its narration is said and its claims checked."""
        step = self.step
        if step is None or self._started:
            return
        self._started = True
        if step.say is not None:
            if step.say.texts:
                self.events.append(Event("say", texts=step.say.texts))
            self._check(self._where("say"), step.say.claims)

    def _bot_choice(self) -> Choice:
        """The choice of the bot whose turn it is, from its seat's view."""
        player = self.deal.to_play
        return self._bots[player].play(self.deal.view(player))

    def _play(self, card: Card, choice: Choice | None = None) -> None:
        player = self.deal.to_play
        self.deal.play(card)
        trick = self.deal.trick_completed
        self.events.append(Event("play", player=player, card=card, choice=choice))
        if trick is not None:
            self.events.append(Event("trick", trick=trick, player=trick.winner))

    def _next_step(self) -> None:
        self.step_index += 1
        self.done_in_step = 0
        self._started = False
        self._tried = False

    def _error(self, detail: str) -> LessonError:
        return LessonError("record_damaged", detail=f"{self.lesson.id}: {detail}")

    def advance(self) -> list[Event]:
        """Play the other seats' cards until the learner is to play or the deal is over."""
        start = len(self.events)
        deal = self.deal
        players = deal.rules.players
        while not deal.is_over:
            step = self.step
            reached = step is not None and deal.trick_number + 1 >= step.until_trick > 0
            if reached and deal.to_play == self.lesson.learner:
                self._start()  # its narration, if any, before the step ends
                self._next_step()
                continue
            if deal.to_play == self.lesson.learner:
                if step is not None and step.kind == "ask":
                    self._start()
                break
            if step is None:
                choice = self._bot_choice()
                self._play(choice.card, choice)
                continue
            who = seat_name(deal.to_play, players)
            if step.kind == "ask":
                raise self._error(
                    f"{self._where()} asks the learner "
                    f"({seat_name(self.lesson.learner, players)}) but {who} is to play"
                )
            self._start()
            if step.kind == "play":
                card = step.cards[self.done_in_step]
                explanation = deal.explain(card)
                if not explanation.legal:
                    if card in deal.hand(self.lesson.learner):
                        raise self._error(
                            f"{self._where()}: {card} is the learner's card, but {who} is to "
                            "play (the learner plays their own cards: ask for it or leave it "
                            "free)"
                        )
                    raise self._error(
                        f"{self._where()}: {card} by {who} is illegal: {explanation.text('en')}"
                    )
                self._play(card)
            else:
                choice = self._bot_choice()
                self._play(choice.card, choice)
            self.done_in_step += 1
            if self.done_in_step >= step.plays and not step.until_trick:
                self._next_step()
        if deal.is_over and self.step is not None:
            raise self._error(f"{self._where()}: the deal is already over")
        pending = deal.pending_moon_choice
        if pending is not None and pending.shooter != self.lesson.learner:
            shooter = self._bots[pending.shooter]
            deal.choose_moon(shooter.choose_moon(deal.view(pending.shooter)).choice)
        return self.events[start:]

    # --- the learner's card ----------------------------------------------------------

    def choices(self) -> list[Card]:
        """The cards that go on now: the right cards that are legal at a key decision,
        every legal card at a free choice."""
        question = self.question
        if question is None:
            return []
        legal = self.deal.legal_moves()
        if question == "free":
            return legal
        step = self.step
        assert step is not None
        return [card for card in step.answers if card in legal]

    def hint_said(self) -> Passage | None:
        step = self.step
        if self.question is None or step is None or step.kind != "ask":
            return None
        return step.hint

    def hint(self) -> Texts:
        question = self.question
        if question is None:
            return _both("lesson.not_asked")
        said = self.hint_said()
        if said is not None:
            self._check(self._where("hint"), said.claims)
            return said.texts
        return _both("lesson.hint_any")

    def feedback(self, card: Card | str) -> Feedback:
        """What the lesson answers to ``card`` now, without playing it."""
        card = Card.parse(card)
        question = self.question
        if question is None:
            return Feedback("illegal", card, _both("lesson.not_asked"))
        explanation = self.deal.explain(card)
        if not explanation.legal:
            reason = {lang: explanation.text(lang) for lang in LANGS}
            return Feedback("illegal", card, _join(_both("lesson.illegal", card=card), reason))
        step = self.step
        ask = step if step is not None and step.kind == "ask" else None
        if question == "free":
            said = ask.right if ask is not None else None
            return Feedback(
                "free",
                card,
                said.texts if said else {},
                said.claims if said else (),
                self._where("right") if said else "",
            )
        assert ask is not None
        if card in self.choices():
            said = ask.right
            if said is None:
                return Feedback("right", card, _both("lesson.right"))
            return Feedback("right", card, said.texts, said.claims, self._where("right"))
        said = ask.wrong_cards.get(card)
        where = self._where(f"wrong {card}")
        if said is None:
            said, where = ask.wrong, self._where("wrong")
        if said is None:
            return Feedback("wrong", card, _both("lesson.wrong_legal", card=card))
        return Feedback("wrong", card, said.texts, said.claims, where)

    def answer(self, card: Card | str) -> Feedback:
        """The learner's card: played if it goes on, explained and refused otherwise."""
        feedback = self.feedback(card)
        self._check(feedback.where, feedback.claims, feedback.card)
        key = self.question == "key"
        if not feedback.played:
            if self.question is not None:
                self.mistakes += 1
                self._tried = True
            return feedback
        if key:
            self.key_decisions += 1
            self.found_first += not self._tried
        self._play(feedback.card)
        step = self.step
        if step is not None and step.kind == "ask":
            self._next_step()
        return feedback

    def give_up(self) -> Feedback:
        """At a key decision: play the first right card that is legal and go on."""
        step = self.step
        choices = self.choices()
        if self.question != "key" or step is None or not choices:
            raise self._error("no question to give up")
        card = choices[0]
        self.key_decisions += 1
        self._play(card)
        self._next_step()
        return Feedback(
            "continued", card, _join(_both("lesson.continue_with", card=card), step.right)
        )

    # --- the end ----------------------------------------------------------------------

    def outro(self) -> Texts | None:
        """The ending text whose conditions hold (once the deal is over)."""
        if not self.deal.is_complete:
            return None
        for entry in self.lesson.outro:
            if holds(entry.conditions, self.deal, self.lesson.learner):
                return entry.said.texts
        return None

    def result(self) -> DealResult | None:
        return self.deal.result() if self.deal.is_complete else None

    def comparison(self) -> Comparison | None:
        """Every variant's score of the finished deal, for lessons about scoring."""
        if not self.deal.is_complete or not self.lesson.compare:
            return None
        return compare_deal(self.deal)
