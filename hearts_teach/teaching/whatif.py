"""What-if: rewind a played deal to a trick, play another card, let the bots finish.

The what-if rewinds a deal with :meth:`Deal.undo` before seeded bots play on, so that
the same card always gives the same deal.
"""

from __future__ import annotations

from dataclasses import dataclass

from hearts_teach.bots import DEFAULT_LEVEL
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.cards import Card
from hearts_teach.deal import Deal
from hearts_teach.errors import HeartsError
from hearts_teach.teaching.compare import Comparison, compare_deal


@dataclass(frozen=True)
class WhatIfResult:
    """The played deal and the replayed one, with every variant's scores of each."""

    played: Deal
    replayed: Deal
    before: Comparison
    after: Comparison

    def changes(self) -> dict[str, tuple[tuple[int, ...], tuple[int, ...]]]:
        """variant key → (scores as played, scores after the change) where they differ."""
        first = self.before.scores()
        second = self.after.scores()
        return {key: (first[key], second[key]) for key in first if first[key] != second[key]}


class WhatIf:
    """Rewind a played deal to a trick, play another card, let the bots finish.

    ``rewind(trick, position)`` gives the position before card ``position`` (0 = the lead)
    of trick ``trick`` (counted from 0). The bots that continue are seeded, so the same
    card always gives the same deal.
    """

    def __init__(self, deal: Deal, level: str | None = None, seed: int = 0) -> None:
        if not deal.is_over:
            raise HeartsError("deal_not_over")
        self.played = deal.copy()
        self.level = level if level is not None else DEFAULT_LEVEL
        self.seed = seed

    @property
    def plays(self) -> list[tuple[int, Card]]:
        return self.played.plays

    def rewind(self, trick: int, position: int = 0) -> Deal:
        players = self.played.rules.players
        count = len(self.played.tricks)
        if not 0 <= trick < count or not 0 <= position < players:
            raise HeartsError("whatif_trick", number=trick + 1, count=count)
        keep = trick * players + position
        deal = self.played.copy()
        while len(deal.plays) > keep:
            deal.undo()
        return deal

    def replay(self, trick: int, card: Card | str, position: int = 0) -> WhatIfResult:
        """Play ``card`` at that point instead (an illegal card raises IllegalMove)."""
        deal = self.rewind(trick, position)
        deal.play(card)
        play_out(deal, seat_bots(self.level, self.seed, deal.rules.players))
        return WhatIfResult(self.played, deal, compare_deal(self.played), compare_deal(deal))
