"""A worksheet for a class: the cards each player took in a finished deal, an empty
grid to work out the deal's score under chosen variants, and the answer key.

The value is plain data (no language, no HTML): :mod:`widgets.teacher.worksheet`
renders it for print. Every answer is the engine's, from :func:`compare_deal`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from hearts_teach.cards import CARDS, Card, cards_of, sorted_for_display
from hearts_teach.deal import Deal
from hearts_teach.errors import HeartsError
from hearts_teach.teaching.compare import COMPARED, compare_deal

# The variants a worksheet asks for when the teacher chose none: the ones whose
# scoring differs most from the standard game, kept to what fits on one page.
DEFAULT_VARIANTS: Final[tuple[str, ...]] = (
    "standard",
    "new-moon",
    "spot",
    "omnibus",
    "black-maria",
    "three-player",
    "five-player",
    "six-player",
)
KNOWN_VARIANTS: Final[frozenset[str]] = frozenset(key for key, _preset, _moon in COMPARED)


@dataclass(frozen=True)
class TakenTrick:
    """One trick in play order: its number (from 1), who led, the cards, who took it."""

    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True)
class PlayerTaken:
    """The cards one player took over the deal (sorted for reading) and how many tricks."""

    player: int
    cards: tuple[Card, ...]
    tricks: int


@dataclass(frozen=True)
class AnswerRow:
    """A variant's answer: each player's score for the deal, and who shot the moon."""

    key: str
    scores: tuple[int, ...]
    moon: int | None


@dataclass(frozen=True)
class Worksheet:
    """Page 1: ``taken`` (by player), ``tricks`` (trick by trick), ``dead`` cards and an
    empty grid of ``variants`` × players; page 2: ``answers`` in the same order."""

    players: int
    totals_before: tuple[int, ...]
    taken: tuple[PlayerTaken, ...]
    tricks: tuple[TakenTrick, ...]
    dead: tuple[Card, ...]
    answers: tuple[AnswerRow, ...]

    @property
    def variants(self) -> tuple[str, ...]:
        return tuple(row.key for row in self.answers)

    def grid(self) -> tuple[tuple[int | None, ...], ...]:
        """The students' grid: one row per variant, one empty cell per player."""
        return tuple((None,) * self.players for _row in self.answers)

    def key(self) -> tuple[tuple[int, ...], ...]:
        """The answer key: the grid's cells filled in, row by row."""
        return tuple(row.scores for row in self.answers)


def worksheet(deal: Deal, variants: Sequence[str] | None = None) -> Worksheet:
    """The worksheet of a finished deal (with the deal's own totals before it).

    ``variants`` are keys of :data:`~hearts_teach.teaching.compare.COMPARED`; by default
    those of :data:`DEFAULT_VARIANTS` that score this table. A key that names no
    variant, or a variant that cannot score this deal, is refused with its reason.
    """
    if not deal.is_over:
        raise HeartsError("deal_not_over")
    comparison = compare_deal(deal)
    if variants is None:
        chosen = [key for key in DEFAULT_VARIANTS if comparison.row(key).result is not None]
    else:
        chosen = list(dict.fromkeys(variants))
        for key in chosen:
            if key not in KNOWN_VARIANTS:
                raise HeartsError("worksheet_variant", variant=key)
            if comparison.row(key).result is None:
                raise HeartsError("worksheet_left_out", variant=key)
        if not chosen:
            raise HeartsError("worksheet_no_variant")
    answers = []
    for key in chosen:
        result = comparison.row(key).result
        assert result is not None
        answers.append(AnswerRow(key, result.scores, result.moon))
    tricks_won = deal.tricks_won
    return Worksheet(
        players=deal.rules.players,
        totals_before=deal.totals,
        taken=tuple(
            PlayerTaken(player, tuple(sorted_for_display(cards_of(mask))), tricks_won[player])
            for player, mask in enumerate(deal.taken)
        ),
        tricks=tuple(
            TakenTrick(number, leader, tuple(CARDS[index] for index in cards), winner)
            for number, (leader, cards, winner) in enumerate(deal.completed, start=1)
        ),
        dead=tuple(sorted_for_display(cards_of(deal.dead))),
        answers=tuple(answers),
    )
