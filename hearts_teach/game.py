"""A whole game: deals in sequence, totals, tie-break deals and the winners."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hearts_teach.cards import Card
from hearts_teach.deal import Deal, Trick
from hearts_teach.errors import GameError, HeartsError
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

    The game keeps its own invariants: its deals follow one another (numbers, rules,
    totals), and reading it never changes it: ``history``, ``totals`` and ``is_over``
    are read from the deals, the current one counted once it is complete (played
    through the game or on ``deal`` itself). A game that began elsewhere is made by
    :meth:`from_deal` (a shared position) or :meth:`resume` (a saved game, or the deals
    of an address).
    """

    def __init__(self, rules: Rules | None = None, seed: int | str = 0) -> None:
        self._rules = rules if rules is not None else Rules()
        self._seed = seed
        self._finished: list[PlayedDeal] = []  # the deals before the current one
        self._deal = self._new_deal(0, (0,) * self.rules.players)
        self._scored: tuple[tuple[object, ...], PlayedDeal] | None = None

    @property
    def rules(self) -> Rules:
        """The rules of every deal of the game (fixed when it is made)."""
        return self._rules

    @property
    def seed(self) -> int | str:
        """The game's seed: deal n is dealt from ``"{seed}:{n}"``."""
        return self._seed

    @classmethod
    def resume(
        cls,
        rules: Rules,
        seed: int | str,
        deals: Sequence[Deal],
        *,
        from_the_start: bool = True,
    ) -> Game:
        """The game whose deals are ``deals``, in order, the last one current. They must
        follow one another: numbers in sequence, the same rules, totals that add up,
        every deal finished but the last, none after the game's end, else
        :class:`GameError`. ``from_the_start``: the first deal is deal 1 with totals at
        zero (a saved game); else it may be any deal of a game, with its totals (a game
        going on from a shared deal)."""
        if not deals:
            raise GameError("game_no_deal")
        game = cls.__new__(cls)
        game._rules = rules
        game._seed = seed
        game._finished = []
        game._scored = None
        first = deals[0]
        totals = (0,) * rules.players if from_the_start else first.totals
        start = 0 if from_the_start else first.deal_number
        for index, deal in enumerate(deals):
            number = start + index
            if deal.deal_number != number:
                raise GameError("game_deal_numbered", number=number + 1, found=deal.deal_number + 1)
            if deal.rules != rules:
                raise GameError("game_deal_rules", number=number + 1)
            if deal.totals != totals:
                raise GameError("game_totals_before", number=number + 1)
            last = index == len(deals) - 1
            if not deal.is_complete and not last:
                raise GameError("game_unfinished", number=number + 1)
            if deal.is_complete:
                result = deal.result()
                if not last:
                    game._finished.append(PlayedDeal(deal, result))
                totals = result.totals
                if result.game_over and not last:
                    raise GameError("game_after_end")
        game._deal = deals[-1]
        return game

    @classmethod
    def from_deal(cls, deal: Deal, seed: int | str = 0) -> Game:
        """A game going on from ``deal`` (a shared or set position, at any point of any
        deal of a game), with its rules and its totals; the deals after it come from
        ``seed``."""
        return cls.resume(deal.rules, seed, [deal], from_the_start=False)

    def _new_deal(self, number: int, totals: tuple[int, ...]) -> Deal:
        return Deal.new(self.rules, seed=f"{self.seed}:{number}", deal_number=number, totals=totals)

    def _current(self) -> PlayedDeal | None:
        """The current deal with its score once it is complete (over, and the shooter's
        choice made when one is due); its score is kept until the deal changes."""
        deal = self._deal
        if not deal.is_complete:
            return None
        key = (id(deal), *deal.state_key())
        if self._scored is None or self._scored[0] != key:
            self._scored = (key, PlayedDeal(deal, deal.result()))
        return self._scored[1]

    @property
    def deal(self) -> Deal:
        """The current deal (played through the game's actions)."""
        return self._deal

    @property
    def history(self) -> tuple[PlayedDeal, ...]:
        """The complete deals so far, in order, each with its score."""
        current = self._current()
        return (*self._finished, current) if current is not None else tuple(self._finished)

    @property
    def totals(self) -> tuple[int, ...]:
        current = self._current()
        return current.result.totals if current is not None else self._deal.totals

    @property
    def is_over(self) -> bool:
        current = self._current()
        return current is not None and current.result.game_over

    @property
    def winners(self) -> tuple[int, ...]:
        current = self._current()
        return current.result.winners if current is not None and current.result.game_over else ()

    @property
    def deal_number(self) -> int:
        return self._deal.deal_number

    @property
    def results(self) -> list[DealResult]:
        return [played.result for played in self.history]

    def next_deal(self) -> Deal:
        """Deal the next deal, once the current one is over and the game is not."""
        if not self._deal.is_over:
            raise HeartsError("deal_not_over")
        if not self._deal.is_complete:
            raise HeartsError("moon_choice_pending")
        current = self._current()
        assert current is not None
        if current.result.game_over:
            raise HeartsError("game_over")
        self._finished.append(current)
        self._deal = self._new_deal(self._deal.deal_number + 1, current.result.totals)
        return self._deal

    def play(self, card: Card | str, player: int | None = None) -> Trick | None:
        self._deal.play(card, player)
        return self._deal.trick_completed

    def pass_cards(self, player: int, cards: str | Iterable[Card | str]) -> None:
        self._deal.pass_cards(player, cards)

    def choose_moon(self, choice: str) -> None:
        """The shooter's choice for the current deal (:meth:`Deal.choose_moon`)."""
        self._deal.choose_moon(choice)

    def undo(self) -> None:
        self._deal.undo()

    def __repr__(self) -> str:
        return (
            f"<Game deal={self.deal_number} totals={self.totals} over={self.is_over} "
            f"winners={self.winners}>"
        )
