"""Computer opponents: they see a :class:`~hearts_teach.deal.PlayerView` only, play and
pass in every variant, and say why in French and in English.

Levels: ``random`` (a baseline), ``heuristic`` (rules of thumb of a good club player,
microseconds a move) and ``montecarlo`` (samples the hidden cards and plays every legal
card out; about 0.1–0.3 s a move at the default budget). A :class:`Choice` has
``card``, ``reason(lang)`` (the bot's table talk, in the first person) and
``advice(lang)`` (the same decision told to the player as a hint, in the second
person); for ``montecarlo`` also ``estimates`` (expected points this deal for each legal
card), ``figures`` (the same with standard errors, cards that play the same together),
``notes`` (what the figures say about the choice: ties, departures) and ``samples``. A
:class:`PassChoice` has ``cards``, ``reason(lang)`` and ``advice(lang)``. The same seed
and the same view give the same choice.

>>> from hearts_teach import Deal, Rules
>>> from hearts_teach.bots import make_bot
>>> deal = Deal.new(Rules(), seed=7, deal_number=3)
>>> choice = make_bot("heuristic", seed=1).play(deal.view(deal.to_play))
>>> str(choice.card)
'2♣'
"""

from __future__ import annotations

from typing import Any

from hearts_teach.bots.base import Bot, Choice, MoonChoiceMade, PassChoice, moon_choice_for
from hearts_teach.bots.montecarlo import MonteCarloBot
from hearts_teach.bots.simple import HeuristicBot, RandomBot

LEVELS = ("random", "heuristic", "montecarlo")
DEFAULT_LEVEL = "heuristic"
"""The level of the bots that play a simulation, a what-if or a lesson unless another is
chosen: quick, and a good club player's play."""


def make_bot(level: str, seed: int | str = 0, **budget: Any) -> Bot:
    """A bot of the given level. ``montecarlo`` takes budget keywords:
    ``playouts`` (simulated deals per decision) and ``time_limit`` (seconds)."""
    if level == "random":
        _no_budget(level, budget)
        return RandomBot(seed)
    if level == "heuristic":
        _no_budget(level, budget)
        return HeuristicBot(seed)
    if level == "montecarlo":
        return MonteCarloBot(seed, **budget)
    raise ValueError(f"unknown bot level {level!r}: use one of {', '.join(LEVELS)}")


def _no_budget(level: str, budget: dict[str, Any]) -> None:
    if budget:
        raise TypeError(f"the {level} bot takes no budget ({', '.join(budget)})")


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Bot",
    "Choice",
    "HeuristicBot",
    "MonteCarloBot",
    "MoonChoiceMade",
    "PassChoice",
    "RandomBot",
    "make_bot",
    "moon_choice_for",
]
