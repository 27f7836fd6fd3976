"""What every bot returns, and the seeding that makes its choices repeatable."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field

from hearts_teach.bots.catalog import say
from hearts_teach.cards import Card
from hearts_teach.deal import PlayerView


@dataclass(frozen=True)
class Choice:
    """A card to play and why.

    ``estimates`` (Monte-Carlo only) maps each legal card to the points this seat
    (its team in Partnership) expects to score this deal after playing it; ``samples``
    is how many simulated deals back them.
    """

    card: Card
    key: str
    params: Mapping[str, object] = field(default_factory=dict)
    estimates: Mapping[Card, float] | None = None
    samples: int = 0

    def reason(self, lang: str = "en") -> str:
        return say(self.key, lang, {"card": self.card, **self.params})


@dataclass(frozen=True)
class PassChoice:
    """The cards to pass and why."""

    cards: tuple[Card, ...]
    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def reason(self, lang: str = "en") -> str:
        return say(self.key, lang, {"cards": self.cards, **self.params})


class Bot(ABC):
    """A computer player. It is given a :class:`PlayerView` only, never the deal."""

    level: str = ""

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    @abstractmethod
    def play(self, view: PlayerView) -> Choice:
        """The card to play now (the view must be this seat's turn in the play phase)."""

    @abstractmethod
    def pass_cards(self, view: PlayerView) -> PassChoice:
        """The cards to pass (the view must be in the pass phase)."""

    def rng_for(self, view: PlayerView, purpose: str) -> random.Random:
        """A generator that depends on the seed and on what the seat knows, only.

        The same seed and the same knowledge give the same choice, whatever the
        hidden cards are and whatever the bot played before.
        """
        return random.Random(f"{self.level}:{self.seed}:{purpose}:{knowledge_key(view)}")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} level={self.level!r} seed={self.seed!r}>"


def knowledge_key(view: PlayerView) -> str:
    """A text that identifies everything the seat knows (and nothing it does not)."""
    played = ",".join(f"{p}{c.index}" for trick in view.tricks for p, c in trick.plays)
    current = ",".join(f"{p}{c.index}" for p, c in view.trick)
    return (
        f"{view.rules.options()}|{view.player}|{view.deal_number}|{view.totals}|"
        f"{view.hand:x}|{view.passed:x}|{view.received:x}|{view.phase}|{played}|{current}"
    )


def check_turn(view: PlayerView) -> None:
    if view.phase != "play" or view.to_play != view.player or not view.legal:
        raise ValueError("the bot can play only on its own turn in the play phase")


def check_passing(view: PlayerView) -> int:
    """How many cards to pass (raises outside the pass phase)."""
    if view.phase != "pass" or view.pass_direction is None:
        raise ValueError("the bot can pass only in the pass phase")
    count = view.rules.pass_count
    assert count is not None  # Rules sets it from the number of players
    return count
