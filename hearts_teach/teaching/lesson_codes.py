"""A teacher's own lesson, as a short code or a small JSON file.

A teacher's lesson is written as a :class:`LessonSpec`: a deal (a share code, see
:func:`hearts_teach.records.share_code`), the learner's seat, the bots' seed, a title
and an introduction in French and English, and at chosen tricks an entry: a sentence
(both languages, with optional claims in the lessons' claim syntax) and, for a marked
decision, the cards the learner must find. :func:`lesson_of` turns it into the same
:class:`~hearts_teach.teaching.lessons.Lesson` value the book's lessons are, so it is
validated by :func:`~hearts_teach.teaching.lessons.validate.validate_lesson` and played by
the same runner.

Up to the last written trick the lesson follows the deal's own play (the share code's
cards, completed by the seeded bots), as the book's lessons do: the other seats' cards
are scripted and every card of the learner is asked (a marked decision asks for the
teacher's cards, another turn for the card of the deal), and the introduction says so
to the learner. At the last written trick an entry with no decision is a free choice;
after it the bots and the learner play freely.

A lesson marked ``free`` leaves the learner free at every turn the teacher wrote nothing
for: the bots play the other seats until the next written trick (``{"bot": "until"}``
steps), so the positions the sentences speak of depend on the learner's cards. The
validator then checks every claim on every way the learner may play, within
:data:`MAX_POSITIONS` positions; a sentence must hold whatever was played before it.

Reading a code or a file is data only (JSON, never code), bounded in size, in text
length and in the number of entries; anything damaged or forged raises
:class:`~hearts_teach.errors.RecordError` with a message in both languages.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any, Final

from hearts_teach.bots import DEFAULT_LEVEL
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.cards import parse_cards
from hearts_teach.deal import Deal
from hearts_teach.errors import HeartsError, RecordError
from hearts_teach.i18n import LANGS, text
from hearts_teach.records import deal_from_code, share_code
from hearts_teach.rules import Rules
from hearts_teach.teaching.lessons import CHAPTERS, Lesson, LessonError, lesson_from_dict
from hearts_teach.teaching.lessons.claims import ClaimError, parse_claims

PREFIX: Final = "L1."
"""Every lesson code begins with this (its format version): never in a share code."""
FILE_KIND: Final = "hearts-teach-lesson"
VERSION: Final = 1
MAX_CODE: Final = 12_000
"""The longest code read, in characters (a lesson with every trick written is ~6 000)."""
MAX_JSON: Final = 48_000
"""The most bytes a code may unpack to (a bound against a zip bomb)."""
MAX_TEXT: Final = 600
"""The longest sentence, title or introduction, in characters."""
MAX_CLAIMS: Final = 8
"""The most claims one sentence may make."""
MAX_POSITIONS: Final = 1500
"""The most positions the validator walks in a teacher's lesson (it runs while the
teacher waits: about a second per thousand positions on one core, measured)."""

_CODE_ALPHABET: Final = re.compile(r"[A-Za-z0-9_-]+")
_ENTRY_KEYS: Final = frozenset({"trick", "ask", "say", "claims"})
_TOP_KEYS: Final = frozenset(
    {"kind", "version", "deal", "learner", "seed", "title", "intro", "outro", "tricks", "free"}
)

Texts = dict[str, str]


@dataclass(frozen=True)
class Entry:
    """What the lesson does at one trick: a sentence, and a decision if ``ask`` is set."""

    trick: int
    say: Texts
    ask: str = ""
    """The cards the learner must find (any of them is right), empty for a free turn."""
    claims: tuple[Any, ...] = ()
    """What the sentence states, in the claim syntax of the book's lessons."""


@dataclass(frozen=True)
class LessonSpec:
    """A teacher's lesson, as written in the editor (plain data)."""

    deal: str
    """The deal's share code (its rules, totals, hands and passes; its plays are ignored)."""
    learner: int
    seed: int
    title: Texts
    intro: Texts
    outro: Texts
    entries: tuple[Entry, ...]
    free: bool = False
    """The learner's turns with nothing written are free choices (the bots answer them),
    instead of the deal's own cards."""

    def to_dict(self) -> dict[str, Any]:
        tricks = []
        for entry in self.entries:
            item: dict[str, Any] = {"trick": entry.trick, "say": dict(entry.say)}
            if entry.ask:
                item["ask"] = entry.ask
            if entry.claims:
                item["claims"] = list(entry.claims)
            tricks.append(item)
        data: dict[str, Any] = {
            "kind": FILE_KIND,
            "version": VERSION,
            "deal": self.deal,
            "learner": self.learner,
            "seed": self.seed,
            "title": dict(self.title),
            "intro": dict(self.intro),
            "tricks": tricks,
        }
        if self.outro:
            data["outro"] = dict(self.outro)
        if self.free:
            data["free"] = True
        return data


def _damaged(detail: str) -> RecordError:
    return RecordError("lesson_code_damaged", detail=detail)


def _texts(value: Any, where: str, required: bool = True) -> Texts:
    if value is None and not required:
        return {}
    if not isinstance(value, dict) or set(value) - set(LANGS):
        raise _damaged(f"{where}: texts in en and fr expected")
    texts = {}
    for lang in LANGS:
        said = value.get(lang, "")
        if not isinstance(said, str):
            raise _damaged(f"{where}: texts in en and fr expected")
        if len(said) > MAX_TEXT:
            raise RecordError("lesson_text_long", most=MAX_TEXT)
        texts[lang] = said
    return texts


def _int(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _damaged(f"{where}: a number from {low} to {high} expected")
    return value


def spec_from_dict(data: Any) -> LessonSpec:
    """Read a lesson's plain data (a file or an unpacked code); raises RecordError."""
    if not isinstance(data, dict) or data.get("kind") != FILE_KIND:
        raise RecordError("lesson_code_foreign")
    if data.get("version") != VERSION:
        raise RecordError("code_version", version=str(data.get("version"))[:12])
    if set(data) - _TOP_KEYS:
        raise _damaged(f"unknown fields {sorted(set(data) - _TOP_KEYS)[:3]}")
    code = data.get("deal")
    if not isinstance(code, str) or len(code) > MAX_CODE:
        raise _damaged("deal: a share code expected")
    deal = deal_from_code(code)  # refuses a damaged deal with its own message
    players = deal.rules.players
    tricks = data.get("tricks")
    hand_size = deal.rules.hand_size
    if not isinstance(tricks, list) or len(tricks) > hand_size:
        raise _damaged(f"tricks: at most {hand_size} entries expected")
    entries = []
    for number, item in enumerate(tricks, start=1):
        where = f"trick entry {number}"
        if not isinstance(item, dict) or set(item) - _ENTRY_KEYS:
            raise _damaged(f"{where}: trick, say, ask and claims expected")
        ask = item.get("ask", "")
        if not isinstance(ask, str) or len(ask) > 60:
            raise _damaged(f"{where}: the cards to find expected")
        if ask:
            try:
                ask = " ".join(str(card) for card in parse_cards(ask))
            except HeartsError as error:
                raise _damaged(f"{where}: {error}") from None
        claims = item.get("claims", [])
        if not isinstance(claims, list) or len(claims) > MAX_CLAIMS:
            raise _damaged(f"{where}: at most {MAX_CLAIMS} claims expected")
        try:
            parse_claims(claims, where)
        except ClaimError as error:
            raise _damaged(f"{where}: {error.detail}") from None
        entries.append(
            Entry(
                trick=_int(item.get("trick"), f"{where} trick", 1, hand_size),
                say=_texts(item.get("say"), f"{where} say", required=False),
                ask=ask,
                claims=tuple(claims),
            )
        )
    if len({entry.trick for entry in entries}) != len(entries):
        raise _damaged("tricks: two entries for one trick")
    free = data.get("free", False)
    if not isinstance(free, bool):
        raise _damaged("free: true or false expected")
    return LessonSpec(
        deal=code,
        learner=_int(data.get("learner", 0), "learner", 0, players - 1),
        seed=_int(data.get("seed", 1), "seed", 0, 2**31 - 1),
        title=_texts(data.get("title"), "title"),
        intro=_texts(data.get("intro"), "intro"),
        outro=_texts(data.get("outro"), "outro", required=False),
        entries=tuple(sorted(entries, key=lambda e: e.trick)),
        free=free,
    )


def _compact(spec: LessonSpec) -> bytes:
    return json.dumps(spec.to_dict(), ensure_ascii=False, separators=(",", ":")).encode()


def lesson_code(spec: LessonSpec) -> str:
    """The lesson as a URL-safe code: ``L1.`` then the packed JSON and its checksum."""
    packed = zlib.compress(_compact(spec), 9)
    raw = packed + zlib.crc32(packed).to_bytes(4, "big")
    return PREFIX + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _unpack(code: str) -> Any:
    if not isinstance(code, str):
        raise RecordError("lesson_code_foreign")
    code = code.strip()
    if len(code) > MAX_CODE + len(PREFIX):
        raise RecordError("lesson_code_long", most=MAX_CODE)
    if not code.startswith(PREFIX) or not _CODE_ALPHABET.fullmatch(code[len(PREFIX) :]):
        raise RecordError("lesson_code_foreign")
    body = code[len(PREFIX) :]
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise RecordError("lesson_code_damaged", detail="base64") from None
    if len(raw) < 6 or base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != body:
        raise RecordError("lesson_code_damaged", detail="length")
    packed, checksum = raw[:-4], raw[-4:]
    if zlib.crc32(packed).to_bytes(4, "big") != checksum:
        raise RecordError("lesson_code_damaged", detail="checksum")
    unpacker = zlib.decompressobj()
    try:
        unpacked = unpacker.decompress(packed, MAX_JSON)
    except zlib.error:
        raise RecordError("lesson_code_damaged", detail="zlib") from None
    if unpacker.unconsumed_tail or not unpacker.eof:
        raise RecordError("lesson_code_long", most=MAX_CODE)
    return _load_json(unpacked)


def _load_json(raw: bytes | str) -> Any:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise RecordError("lesson_code_damaged", detail="json") from None


def spec_from_code(code: str) -> LessonSpec:
    """The lesson a code describes; a damaged, forged or foreign code raises RecordError."""
    return spec_from_dict(_unpack(code))


def spec_to_json(spec: LessonSpec) -> str:
    """The lesson as a small JSON file."""
    return json.dumps(spec.to_dict(), ensure_ascii=False, indent=1) + "\n"


def spec_from_json(raw: str | bytes) -> LessonSpec:
    """Read a lesson file (bounded like a code); raises RecordError."""
    if len(raw) > MAX_JSON:
        raise RecordError("lesson_code_long", most=MAX_CODE)
    return spec_from_dict(_load_json(raw))


def reference_deal(spec_deal: str) -> Deal:
    """The deal of a share code before any card is played, with its passes."""
    deal = deal_from_code(spec_deal)
    if deal.start_leader is not None:
        # a position set up mid-deal (a puzzle) is not a deal a lesson can play
        raise RecordError("lesson_mid_deal")
    return deal


def _chapter(deal: Deal) -> str:
    name = (deal.rules.preset_name or "standard").replace("_", "-")
    return name if name in CHAPTERS else "standard"


def _passing(deal: Deal) -> dict[str, Any] | None:
    if deal.pass_direction is None:
        return None
    passes = deal.passes()
    if any(cards is None for cards in passes):
        raise RecordError("lesson_no_pass")
    return {
        "direction": deal.pass_direction,
        "cards": [" ".join(map(str, cards or ())) for cards in passes],
    }


def _entry_step(entry: Entry, asked: str) -> dict[str, Any]:
    say: dict[str, Any] = dict(entry.say)
    if entry.claims:
        say["claims"] = list(entry.claims)
    return {"ask": asked, "say": say} if any(entry.say.values()) else {"ask": asked}


def _free_steps(spec: LessonSpec) -> list[dict[str, Any]]:
    """The steps of a free lesson: the bots and the learner's free cards up to each
    written trick, then that trick's sentence at the learner's turn."""
    steps: list[dict[str, Any]] = []
    for entry in spec.entries:
        steps.append({"bot": "until", "trick": entry.trick})
        steps.append(_entry_step(entry, entry.ask or "any"))
    return steps


def _steps(spec: LessonSpec, deal: Deal, start: Deal) -> list[dict[str, Any]]:
    """The steps: the deal's own play up to the last written trick (the other seats'
    cards scripted, the learner's asked), then nothing (bots and free choices)."""
    if not spec.entries:
        return []
    if not deal.is_over:
        deal = play_out(deal.copy(), seat_bots(DEFAULT_LEVEL, spec.seed, deal.rules.players))
    players = deal.rules.players
    by_trick = {entry.trick: entry for entry in spec.entries}
    last = spec.entries[-1].trick
    steps: list[dict[str, Any]] = []
    pending: list[str] = []
    for number, (player, card) in enumerate(deal.plays):
        trick = number // players + 1
        if trick > last:
            break
        only = len(start.legal_moves()) == 1
        start.play(card)
        if player != spec.learner:
            pending.append(str(card))
            continue
        if pending:
            steps.append({"play": " ".join(pending)})
            pending = []
        entry = by_trick.get(trick)
        if entry is None and only:
            steps.append({"ask": "any"})  # one legal card: a free turn, the same card
            continue
        if entry is None:
            steps.append({"ask": str(card), "say": _both("lesson_editor.as_dealt", card=card)})
            continue
        asked = entry.ask or (str(card) if trick < last and not only else "any")
        steps.append(_entry_step(entry, asked))
    return steps


def _follows_note(steps: list[dict[str, Any]], last: int) -> Texts:
    """What the learner is told when the lesson asks for the deal's own cards: the
    teacher's sentences speak of that play, so a free card would make them untrue."""
    if not any(step.get("ask") not in (None, "any") for step in steps):
        return {}
    return _both("lesson_editor.follows_deal", last=last)


def _both(key: str, **params: object) -> Texts:
    return {lang: text(key, lang, **params) for lang in LANGS}


def lesson_of(spec: LessonSpec) -> Lesson:
    """The teacher's lesson as the same value a book lesson is (unvalidated: see
    :func:`problems`). A deal that cannot be a lesson raises RecordError."""
    deal = reference_deal(spec.deal)
    players = deal.rules.players
    data: dict[str, Any] = {
        "id": "teacher-" + format(zlib.crc32(_compact(spec)), "08x"),
        "chapter": _chapter(deal),
        "order": 0,
        "title": spec.title,
        "intro": spec.intro,
        "rules": {"preset": "standard", "options": deal.rules.options()},
        "deal": {
            "hands": [" ".join(map(str, deal.cards_dealt(p))) for p in range(players)],
            "dead": " ".join(map(str, deal.dead_cards)),
        },
        "learner": spec.learner,
        "totals": list(deal.totals),
        "seed": spec.seed,
        "compare": True,
        "deal_number": deal.deal_number,
        "steps": [],
    }
    passing = _passing(deal)
    if passing is not None:
        data["deal"]["pass"] = passing
    try:
        start = lesson_from_dict(data).new_deal()
    except HeartsError as error:
        raise RecordError("lesson_refused", detail=str(error)) from None
    if spec.free:
        data["steps"] = _free_steps(spec)
    else:
        data["steps"] = _steps(spec, deal, start)
        note = _follows_note(data["steps"], spec.entries[-1].trick if spec.entries else 0)
        if note:
            data["intro"] = {
                lang: " ".join(part for part in (spec.intro.get(lang, ""), note[lang]) if part)
                for lang in LANGS
            }
    if any(spec.outro.values()):
        data["outro"] = spec.outro
    try:
        return lesson_from_dict(data, source="teacher")
    except LessonError as error:
        raise RecordError("lesson_refused", detail=str(error.params.get("detail", ""))) from None


def problems(spec: LessonSpec) -> list[str]:
    """Every problem the book's validator finds in the lesson (empty when it is sound),
    or the reason its deal cannot be a lesson."""
    from hearts_teach.teaching.lessons.validate import validate_lesson

    try:
        lesson = lesson_of(spec)
    except RecordError as error:
        return [error.message("en")]
    return [
        _at_trick(problem, _step_tricks(lesson))
        for problem in validate_lesson(lesson, MAX_POSITIONS)
    ]


def _step_tricks(lesson: Lesson) -> dict[int, int]:
    """The trick each step of a teacher's lesson is at (from 1), on its first way played:
    the teacher wrote tricks, the validator speaks of steps."""
    from hearts_teach.teaching.lessons import LessonRun

    run = LessonRun(lesson)
    tricks: dict[int, int] = {}
    try:
        while not run.deal.is_over and not run.script_over:
            run.advance()
            tricks.setdefault(run.step_index + 1, run.deal.trick_number + 1)
            choices = run.choices()
            if not choices:  # no card goes on (a right card that is illegal): said there
                break
            run.answer(choices[0])
    except HeartsError:
        pass  # the validator says what is wrong; the steps met so far are named
    return tricks


_STEP: Final = re.compile(r"^step (\d+)")


def _at_trick(problem: str, tricks: dict[int, int]) -> str:
    found = _STEP.match(problem)
    if found is None or int(found.group(1)) not in tricks:
        return problem
    return f"trick {tricks[int(found.group(1))]} ({found.group(0)})" + problem[found.end() :]


def checked_lesson(spec: LessonSpec) -> Lesson:
    """The lesson, once the validator finds nothing false in it; else RecordError."""
    found = problems(spec)
    if found:
        raise RecordError("lesson_refused", detail=found[0])
    return lesson_of(spec)


def lesson_from_code(code: str) -> Lesson:
    """The checked lesson of a code (what a link opens)."""
    return checked_lesson(spec_from_code(code))


def seed_deal(seed: int, rules: Rules | None = None) -> Deal:
    """A shuffled deal of ``seed`` with the bots' passes and play (the reference play)."""
    rules = rules if rules is not None else Rules()
    deal = Deal.new(rules, seed)
    return play_out(deal, seat_bots(DEFAULT_LEVEL, seed, rules.players))


def deal_share_code(deal: Deal) -> str:
    """The share code a lesson keeps of a deal: hands, rules, totals and passes."""
    return share_code(deal, include_plays=True)
