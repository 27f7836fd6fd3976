"""A whole game: deals in sequence, totals, tie-break deals and the winners."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from hearts_teach.cards import Card
from hearts_teach.deal import Deal, Trick
from hearts_teach.errors import HeartsError
from hearts_teach.rules import Rules
from hearts_teach.scoring import DealResult


@dataclass(frozen=True)
class PlayedDeal:
    """A finished deal of a game and its score."""

    deal: Deal
    result: DealResult


class Game:
    """Deals follow one another until the end-of-game rule names a winner.

    Each deal's cards come from ``seed`` and the deal number, so the same seed always
    gives the same game. A finished deal is scored as soon as its last trick is
    played (or, on a moon under the shooter's choice, once the shooter has chosen);
    :meth:`next_deal` then deals the next one.
    """

    def __init__(self, rules: Rules | None = None, seed: int | str = 0) -> None:
        self.rules = rules if rules is not None else Rules()
        self.seed = seed
        self.history: list[PlayedDeal] = []
        self.deal = self._new_deal(0, (0,) * self.rules.players)

    def _new_deal(self, number: int, totals: tuple[int, ...]) -> Deal:
        return Deal.new(self.rules, seed=f"{self.seed}:{number}", deal_number=number, totals=totals)

    def _sync(self) -> None:
        """Record the current deal once it is complete (over, and the shooter's choice
        made when one is due), and forget it if it was undone."""
        recorded = bool(self.history) and self.history[-1].deal is self.deal
        complete = self.deal.is_complete
        if complete and not recorded:
            self.history.append(PlayedDeal(self.deal, self.deal.result()))
        elif recorded and not complete:
            self.history.pop()

    @property
    def totals(self) -> tuple[int, ...]:
        self._sync()
        return self.history[-1].result.totals if self.history else (0,) * self.rules.players

    @property
    def is_over(self) -> bool:
        self._sync()
        return bool(self.history) and self.history[-1].result.game_over

    @property
    def winners(self) -> tuple[int, ...]:
        self._sync()
        return self.history[-1].result.winners if self.is_over else ()

    @property
    def deal_number(self) -> int:
        return self.deal.deal_number

    @property
    def results(self) -> list[DealResult]:
        self._sync()
        return [played.result for played in self.history]

    def next_deal(self) -> Deal:
        """Deal the next deal, once the current one is over and the game is not."""
        self._sync()
        if not self.deal.is_over:
            raise HeartsError("deal_not_over")
        if not self.deal.is_complete:
            raise HeartsError("moon_choice_pending")
        if self.is_over:
            raise HeartsError("game_over")
        self.deal = self._new_deal(self.deal.deal_number + 1, self.totals)
        return self.deal

    def play(self, card: Card | str, player: int | None = None) -> Trick | None:
        self.deal.play(card, player)
        trick = self.deal.trick_completed
        self._sync()
        return trick

    def pass_cards(self, player: int, cards: str | Iterable[Card | str]) -> None:
        self.deal.pass_cards(player, cards)

    def choose_moon(self, choice: object) -> None:
        """The shooter's choice for the current deal (:meth:`Deal.choose_moon`)."""
        self.deal.choose_moon(choice)
        self._sync()

    def undo(self) -> None:
        self.deal.undo()
        self._sync()

    def __repr__(self) -> str:
        return (
            f"<Game deal={self.deal_number} totals={self.totals} over={self.is_over} "
            f"winners={self.winners}>"
        )
