"""Computer opponents: they see a :class:`~hearts_teach.deal.PlayerView` only, play and
pass in every variant, and say why in French and in English.

Levels: ``random`` (a baseline), ``heuristic`` (rules of thumb of a good club player,
microseconds a move) and ``montecarlo`` (samples the hidden cards and plays every legal
card out; at the default budget, standard rules, a median of 0.03 s and at most 0.10 s
of CPU a move, benchmarks/README.md). A :class:`Choice` has
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
from hearts_teach.errors import BotError

LEVELS = ("random", "heuristic", "montecarlo")
DEFAULT_LEVEL = "heuristic"
"""The level of the bots that play a simulation, a what-if or a lesson unless another is
chosen: quick, and a good club player's play."""


BUDGET = ("playouts", "time_limit", "exact", "inference", "pass_inference")
"""The budget keywords of ``montecarlo``, the only level that takes any."""


def make_bot(level: str, seed: int | str = 0, **budget: Any) -> Bot:
    """A bot of the given level. ``montecarlo`` takes budget keywords:
    ``playouts`` (simulated deals per decision), ``time_limit`` (seconds), ``exact``
    (cards left from which a playout is played exactly) and ``inference`` (the weight of
    a sampled deal for each play of the others the heuristic would not have made;
    ``pass_inference`` the same for the pass this seat received).

    Raises :class:`~hearts_teach.errors.BotError` for an unknown level or budget."""
    if level not in LEVELS:
        raise BotError("bot_level", level=level, levels=", ".join(LEVELS))
    if level != "montecarlo" and budget:
        raise BotError("bot_no_budget", level=level, names=", ".join(budget))
    unknown = [name for name in budget if name not in BUDGET]
    if unknown:
        raise BotError("bot_budget", allowed=", ".join(BUDGET), names=", ".join(unknown))
    if level == "random":
        return RandomBot(seed)
    if level == "heuristic":
        return HeuristicBot(seed)
    return MonteCarloBot(seed, **budget)


__all__ = [
    "BUDGET",
    "DEFAULT_LEVEL",
    "LEVELS",
    "Bot",
    "BotError",
    "Choice",
    "HeuristicBot",
    "MonteCarloBot",
    "MoonChoiceMade",
    "PassChoice",
    "RandomBot",
    "make_bot",
    "moon_choice_for",
]
