"""One deal for a whole class, and the class's results: the board a teacher reads.

A teacher gives the class one deal (:class:`ClassDeal`): its rules, the game's totals
before it, the cards, and the seed and level of the bots, all in one short code. Every
student who opens it plays the same cards against the same seeded bots (duplicate, as
bridge clubs play). A student's finished deal comes back as a :class:`ClassResult`,
checked as a share code is: the engine replays it, and each card a bot played must be
the one that bot plays from that seat's view, so a forged or damaged result is refused
with a :class:`ClassError`, in every language.

The :class:`Board` holds the deals given and their results, and gives the teacher's rows
(:meth:`Board.rows`): the student's score under the deal's rules and under each chosen
variant, the points lost by kind of decision (from the deal review), and the bots' own
play of the same cards as a reference line; :func:`board_csv` writes them for a
spreadsheet. A served playground keeps its board in SQLite (``classroom_store.py``); the
static book's board lives in the teacher's page and is saved to a file
(:meth:`Board.to_json`).
"""

from __future__ import annotations

import base64
import binascii
import csv
import hmac
import io
import json
import re
import secrets
import time
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from hearts_teach import records
from hearts_teach.bots import Bot
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.deal import Deal
from hearts_teach.errors import HeartsError, RecordError
from hearts_teach.i18n import decimal, text
from hearts_teach.teaching.compare import COMPARED, compare_deal, variant_label
from hearts_teach.teaching.review import KINDS, REVIEW_PLAYOUTS, Loss, review_deal, rewound

CLASS_LEVELS: Final = {"random": "r", "heuristic": "h"}
"""The bots a class deal may seat, and their letter in its code: the levels whose
choices depend on the seed and the seat's view alone, so that every student meets the
same bots and a result can be checked by asking them again (the searching bot, on a
time budget, would not play the same on two machines)."""
STUDENT: Final = 0
"""The student's seat (South), as at the playground's table."""
NAME_MOST: Final = 40
"""The longest first name a result may carry, in characters."""
SEPARATOR: Final = "~"
"""Between the parts of a class code (never in a share code's alphabet)."""
RESULT_MARK: Final = "R"
"""The first letter of a result code, so a deal's code is not taken for one."""
RESULTS_MOST: Final = 200
"""The most results one deal of a board holds (a class, with room to spare)."""
DEFAULT_VARIANTS: Final = ("standard", "new-moon", "mixed-moon", "omnibus")
"""The variants a board shows unless the teacher chooses others."""

_CLASS_CODE = re.compile(r"([A-Za-z0-9_-]{8,400})~(0|[1-9][0-9]{0,8})([a-z])")  # one spelling each
_NAME_CHARACTERS = re.compile(r"[\w '’.-]+")
_NAME_CATEGORIES: Final = ("L", "M", "N", "Zs", "Pd", "Po")


class ClassError(HeartsError):
    """A class code, result or name refused; its message is the catalog's ``class.*``."""

    def message(self, lang: str = "en") -> str:
        return text("class.error." + self.code, lang, **self.params)


# --- the deal given to the class ----------------------------------------------------


@dataclass(frozen=True)
class ClassDeal:
    """A deal as dealt (no card played), and the bots the class plays it against."""

    deal: Deal
    seed: int
    level: str = "heuristic"

    def __post_init__(self) -> None:
        if self.level not in CLASS_LEVELS:
            raise ClassError("level", level=self.level, levels=", ".join(CLASS_LEVELS))
        if self.deal.history:
            raise ClassError("not_dealt")
        if not 0 <= self.seed < 10**9:
            raise ClassError("seed")

    @classmethod
    def of(cls, deal: Deal, seed: int, level: str = "heuristic") -> ClassDeal:
        """The class deal of ``deal`` as it was dealt (whatever has been played since)."""
        return cls(rewound(deal), seed, level)

    @property
    def code(self) -> str:
        """The deal's share code (no action), the bots' seed and the level's letter."""
        deal_code = records.share_code(self.deal, include_plays=False)
        return f"{deal_code}{SEPARATOR}{self.seed}{CLASS_LEVELS[self.level]}"

    @classmethod
    def from_code(cls, code: str) -> ClassDeal:
        """The class deal of a :attr:`code`; anything else raises :class:`ClassError`."""
        found = _CLASS_CODE.fullmatch(code.strip()) if isinstance(code, str) else None
        if found is None:
            raise ClassError("deal_code")
        deal_code, seed, letter = found.groups()
        levels = {letter: level for level, letter in CLASS_LEVELS.items()}
        if letter not in levels:
            raise ClassError("deal_code")
        try:
            deal = records.deal_from_code(deal_code)
        except RecordError as error:
            raise ClassError("deal_damaged") from error
        if deal.history:
            raise ClassError("deal_code")
        return cls(deal, int(seed), levels[letter])

    def deals(self, deal: Deal) -> bool:
        """Whether ``deal`` (played or not) is this class deal: the same rules, cards,
        game's totals and pass; a table's deal is checked after every card, so this
        compares what was dealt rather than replaying the deal back."""
        given = self.deal
        return (
            deal.rules == given.rules
            and deal.dealt == given.dealt
            and deal.dead == given.dead
            and deal.totals == given.totals
            and deal.deal_number == given.deal_number
            and deal.pass_direction == given.pass_direction
            and deal.start_leader == given.start_leader
        )

    def fresh(self) -> Deal:
        """A copy of the deal, to be played."""
        return self.deal.copy()

    def bots(self) -> list[Bot]:
        """The bot of every seat (the student's seat too: the reference line's)."""
        return seat_bots(self.level, self.seed, self.deal.rules.players)

    def reference(self) -> Deal:
        """The bots' own play of the same cards, the student's seat played by a bot of
        the same level: the line a class's results are read against."""
        return play_out(self.fresh(), self.bots())


# --- a student's result --------------------------------------------------------------


def clean_name(name: object) -> str:
    """A student's first name as the board keeps it: text only, trimmed, at most
    :data:`NAME_MOST` characters; anything else raises :class:`ClassError`."""
    if not isinstance(name, str):
        raise ClassError("name_empty")
    cleaned = " ".join(unicodedata.normalize("NFC", name).split())
    if not cleaned:
        raise ClassError("name_empty")
    if len(cleaned) > NAME_MOST:
        raise ClassError("name_long", most=NAME_MOST)
    if not _NAME_CHARACTERS.fullmatch(cleaned) or any(
        not unicodedata.category(character).startswith(_NAME_CATEGORIES) and character not in "'’."
        for character in cleaned
    ):
        raise ClassError("name_characters")
    return cleaned


@dataclass(frozen=True)
class ClassResult:
    """A student's finished deal of a class deal, checked (:func:`check_result`)."""

    class_deal: ClassDeal
    name: str
    deal: Deal

    @property
    def deal_code(self) -> str:
        """The finished deal's share code: what the review and what-if open."""
        return records.share_code(self.deal)

    @property
    def code(self) -> str:
        """The result as one code a student copies (the static book has no server)."""
        name = base64.urlsafe_b64encode(self.name.encode("utf-8")).decode("ascii").rstrip("=")
        meta = self.class_deal.code.rpartition(SEPARATOR)[2]
        return f"{RESULT_MARK}{self.deal_code}{SEPARATOR}{meta}{SEPARATOR}{name}"

    @property
    def key(self) -> str:
        """One result per name and deal: a student who sends again replaces the first."""
        return self.name.casefold()


def make_result(class_deal: ClassDeal, name: object, deal: Deal) -> ClassResult:
    """The result of ``deal`` played from ``class_deal`` by ``name``, checked."""
    result = ClassResult(class_deal, clean_name(name), deal.copy())
    check_result(result)
    return result


def result_from_code(code: str) -> ClassResult:
    """The result a :attr:`ClassResult.code` carries, checked; anything else raises
    :class:`ClassError`."""
    if not isinstance(code, str) or not code.strip().startswith(RESULT_MARK):
        raise ClassError("result_code")
    parts = code.strip()[len(RESULT_MARK) :].split(SEPARATOR)
    if len(parts) != 3 or not 1 <= len(parts[2]) <= 4 * NAME_MOST:
        raise ClassError("result_code")
    deal_code, meta, encoded = parts
    try:
        name = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode("utf-8")
        # base64 ignores the unused bits of the last character: one spelling per name
        if base64.urlsafe_b64encode(name.encode("utf-8")).decode("ascii").rstrip("=") != encoded:
            raise ClassError("result_code")
        # and as the board writes it: a code whose name cleans to another is damaged
        if clean_name(name) != name:
            raise ClassError("result_code")
        deal = records.deal_from_code(deal_code)
    except RecordError as error:  # before ValueError, which it is
        raise ClassError("result_damaged") from error
    except (binascii.Error, ValueError, UnicodeDecodeError) as error:
        raise ClassError("result_code") from error
    class_deal = ClassDeal.from_code(f"{records.share_code(rewound(deal), False)}~{meta}")
    return make_result(class_deal, name, deal)


def check_result(result: ClassResult) -> None:
    """Refuse (:class:`ClassError`) a result that is not its class deal played to the
    end with every bot's action the one that bot chooses from its seat's view."""
    deal, given = result.deal, result.class_deal
    if not deal.is_complete:
        raise ClassError("not_finished")
    dealt = records.share_code(rewound(deal), include_plays=False)
    if dealt != records.share_code(given.deal, include_plays=False):
        raise ClassError("other_deal")
    replay = given.fresh()
    bots = given.bots()
    for kind, player, cards in deal.history:
        if player != STUDENT:
            bot = bots[player]
            view = replay.view(player)
            chosen = (
                frozenset(bot.pass_cards(view).cards) if kind == "pass" else {bot.play(view).card}
            )
            if frozenset(cards) != chosen:
                raise ClassError("forged")
        if kind == "pass":
            replay.pass_cards(player, list(cards))
        else:
            replay.play(cards[0], player)
    pending = replay.pending_moon_choice
    if pending is not None and pending.shooter != STUDENT:
        made = bots[pending.shooter].choose_moon(replay.view(pending.shooter))
        if made.choice != deal.moon_choice:
            raise ClassError("forged")


# --- the board -----------------------------------------------------------------------


Losses = dict[str, Loss]
Reviewer = Callable[[Deal], Losses]
"""Points lost by decision kind in a finished deal, from the student's seat."""


def review_losses(deal: Deal, playouts: int | None = None) -> Losses:
    """The deal review's points lost by kind of decision (its budget unless given)."""
    review = review_deal(deal, STUDENT, playouts=playouts or REVIEW_PLAYOUTS)
    return dict(review.losses)


@dataclass(frozen=True)
class BoardRow:
    """One line of the board: a student (or the bots' reference line, ``name`` None).

    ``scores``: the student's seat's score for the deal under the deal's own rules
    (key ``""``) and under each variant shown (None where the variant cannot score this
    table). ``lost``: points lost by decision kind (None until reviewed)."""

    name: str | None
    deal_code: str
    scores: dict[str, int | None]
    lost: Losses | None = None

    @property
    def reference(self) -> bool:
        return self.name is None

    def label(self, lang: str = "en") -> str:
        return self.name if self.name is not None else text("class.board.reference", lang)

    def lost_total(self) -> Loss | None:
        return None if self.lost is None else sum(self.lost.values(), Loss())


def scores_of(deal: Deal, variants: Sequence[str]) -> dict[str, int | None]:
    """The student's seat's score of a finished deal: its own rules (``""``), then each
    variant of :data:`~hearts_teach.teaching.compare.COMPARED` named."""
    scores: dict[str, int | None] = {"": deal.result().scores[STUDENT]}
    comparison = compare_deal(deal)
    for key in variants:
        row = comparison.row(key)
        scores[key] = None if row.result is None else row.result.scores[STUDENT]
    return scores


def check_variants(variants: Iterable[str]) -> tuple[str, ...]:
    """The variants named, in the comparison's order; an unknown one is refused."""
    chosen = set(variants)
    known = [key for key, _, _ in COMPARED]
    unknown = chosen.difference(known)
    if unknown:
        raise ClassError("variant", variant=sorted(unknown)[0])
    return tuple(key for key in known if key in chosen)


@dataclass
class Board:
    """The deals a teacher gave and the results sent back, in memory.

    ``reviewer`` gives the points lost by decision kind of a result (the deal review;
    a test gives a cheaper one). Reviews are kept once made, by the result's deal code.
    """

    deals: list[ClassDeal] = field(default_factory=list)
    results: dict[str, dict[str, ClassResult]] = field(default_factory=dict)
    reviews: dict[str, Losses] = field(default_factory=dict)
    reviewer: Reviewer = review_losses

    def give(self, class_deal: ClassDeal) -> str:
        """Add a deal (once); its code."""
        code = class_deal.code
        if code not in self.results:
            self.deals.append(class_deal)
            self.results[code] = {}
        return code

    def add(self, result: ClassResult) -> None:
        """Keep a checked result; its deal must be one given on this board."""
        code = result.class_deal.code
        if code not in self.results:
            raise ClassError("unknown_deal")
        kept = self.results[code]
        earlier = kept.get(result.key)
        if earlier is not None and earlier.deal_code != result.deal_code:
            raise ClassError("name_taken", name=result.name)
        if result.key not in kept and len(kept) >= RESULTS_MOST:
            raise ClassError("full", most=RESULTS_MOST)
        kept[result.key] = result

    def paste(self, codes: str) -> tuple[int, list[tuple[str, ClassError]]]:
        """Add every result code in ``codes`` (separated by blanks, commas or lines):
        how many were added, and each refused code with why. A result of a deal not
        yet on the board gives its deal too (the static board is the teacher's alone)."""
        added, refused = 0, []
        for code in re.split(r"[\s,;]+", codes.strip()):
            if not code:
                continue
            try:
                result = result_from_code(code)
            except ClassError as error:
                refused.append((code, error))
                continue
            self.give(result.class_deal)
            self.add(result)
            added += 1
        return added, refused

    def deal(self, code: str) -> ClassDeal:
        for class_deal in self.deals:
            if class_deal.code == code:
                return class_deal
        raise ClassError("unknown_deal")

    def losses(self, result: ClassResult) -> Losses:
        code = result.deal_code
        if code not in self.reviews:
            self.reviews[code] = self.reviewer(result.deal)
        return self.reviews[code]

    def rows(
        self, code: str, variants: Sequence[str] = DEFAULT_VARIANTS, *, review: bool = True
    ) -> list[BoardRow]:
        """The board of one deal: the bots' reference line first, then every student's
        result by name (reviewed unless ``review`` is false)."""
        variants = check_variants(variants)
        class_deal = self.deal(code)
        reference = class_deal.reference()
        lines = [
            BoardRow(
                None,
                records.share_code(reference),
                scores_of(reference, variants),
                self.reviews.get(records.share_code(reference)),
            )
        ]
        for result in sorted(self.results[code].values(), key=lambda r: r.key):
            lost = self.losses(result) if review else self.reviews.get(result.deal_code)
            lines.append(
                BoardRow(result.name, result.deal_code, scores_of(result.deal, variants), lost)
            )
        return lines

    def to_json(self) -> str:
        """The board as a small file (the static book's save): its deals, results and
        reviews, each result as its code, so reloading checks them again."""
        return json.dumps(
            {
                "format": "hearts-teach-class-board",
                "version": 1,
                "deals": [class_deal.code for class_deal in self.deals],
                "results": [r.code for kept in self.results.values() for r in kept.values()],
                "reviews": {code: losses_data(losses) for code, losses in self.reviews.items()},
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, data: str | bytes, reviewer: Reviewer = review_losses) -> Board:
        """A board saved by :meth:`to_json`; a damaged file raises :class:`ClassError`."""
        try:
            saved = json.loads(data)
            if not isinstance(saved, dict) or saved.get("format") != "hearts-teach-class-board":
                raise ClassError("board_file")
            if saved.get("version") != 1:
                raise ClassError("board_file")
            board = cls(reviewer=reviewer)
            for code in saved["deals"]:
                board.give(ClassDeal.from_code(code))
            for code in saved["results"]:
                board.add(result_from_code(code))
            board.reviews = {
                code: losses_from(losses) for code, losses in dict(saved["reviews"]).items()
            }
        except ClassError:
            raise
        except (ValueError, KeyError, TypeError) as error:
            raise ClassError("board_file") from error
        return board


def losses_data(losses: Mapping[str, Loss]) -> dict[str, list[float]]:
    return {
        kind: [loss.points, loss.error, loss.mistakes, loss.slight] for kind, loss in losses.items()
    }


def losses_from(data: Mapping[str, Sequence[float]]) -> Losses:
    losses = {}
    for kind, (points, error, mistakes, slight) in data.items():
        if kind not in KINDS:
            raise ClassError("board_file")
        losses[kind] = Loss(float(points), float(error), int(mistakes), int(slight))
    return losses


# --- the board as words and as a spreadsheet -------------------------------------------


def board_header(variants: Sequence[str], lang: str = "en") -> list[str]:
    """The board's column titles: name, the deal's rules, the variants, losses by kind."""
    header = [text("class.board.name", lang), text("class.board.own_rules", lang)]
    header += [variant_label(key, lang) for key in variants]
    header += [text(f"review.kind.{kind}", lang) for kind in KINDS]
    header.append(text("class.board.lost", lang))
    return header


def board_cells(row: BoardRow, variants: Sequence[str], lang: str = "en") -> list[str]:
    """One row as the board shows it (``—`` where a variant cannot score this table or
    the review is not made)."""
    cells = [row.label(lang), str(row.scores[""])]
    for key in variants:
        score = row.scores.get(key)
        cells.append("—" if score is None else str(score))
    if row.lost is None:
        cells += ["—"] * (len(KINDS) + 1)
    else:
        cells += [decimal(row.lost.get(kind, Loss()).points, lang) for kind in KINDS]
        total = row.lost_total()
        assert total is not None
        cells.append(decimal(total.points, lang))
    return cells


def csv_delimiter(lang: str) -> str:
    """``;`` in French (a French spreadsheet reads the comma as the decimal point)."""
    return ";" if lang == "fr" else ","


def board_csv(rows: Sequence[BoardRow], variants: Sequence[str], lang: str = "en") -> str:
    """The board as CSV, headers in ``lang``, its delimiter (:func:`csv_delimiter`)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=csv_delimiter(lang), lineterminator="\r\n")
    writer.writerow(board_header(variants, lang))
    for row in rows:
        writer.writerow(board_cells(row, variants, lang))
    return out.getvalue()


# --- who may send, who may read ----------------------------------------------------------


def new_teacher_key() -> str:
    """The teacher's key for a server's run: unguessable, short enough to type."""
    return secrets.token_urlsafe(12)


def key_matches(given: str | None, key: str) -> bool:
    """Whether ``given`` is the teacher's key, compared in constant time."""
    return given is not None and hmac.compare_digest(given.encode("utf-8"), key.encode("utf-8"))


class RateLimit:
    """At most ``most`` sends in any ``window`` seconds (a kernel's student sends a
    result or two; a script sending hundreds is stopped)."""

    def __init__(
        self, most: int = 3, window: float = 60.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.most = most
        self.window = window
        self.clock = clock
        self._sent: list[float] = []

    def allow(self) -> bool:
        """Count one send now, if it is allowed."""
        now = self.clock()
        self._sent = [moment for moment in self._sent if now - moment < self.window]
        if len(self._sent) >= self.most:
            return False
        self._sent.append(now)
        return True

    def wait(self) -> float:
        """Seconds until the next send is allowed (0 if it is now)."""
        if len(self._sent) < self.most:
            return 0.0
        return max(0.0, self.window - (self.clock() - self._sent[0]))
