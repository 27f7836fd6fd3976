"""The bots at a table: one per seat, seeded by one scheme, and a deal played out by
them. Every bot is asked through :class:`~hearts_teach.bots.base.Bot` with the seat's
:class:`~hearts_teach.deal.PlayerView`, never the deal, so that no bot sees a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hearts_teach.bots import make_bot
from hearts_teach.bots.base import Bot
from hearts_teach.deal import Deal


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in a game or deal seeded ``seed``: every table,
    lesson, simulation and review seats its bots by this one scheme, so that the same
    seed gives the same bots everywhere. (Seats number at most six: no two seats of two
    seeds share a seed.)"""
    return seed * 10 + seat


def seat_bots(level: str, seed: int, players: int, **budget: Any) -> list[Bot]:
    """One bot of ``level`` per seat, each seeded from ``seed`` and its seat."""
    return [make_bot(level, seed=seat_seed(seed, seat), **budget) for seat in range(players)]


def play_out(deal: Deal, bots: Sequence[Bot]) -> Deal:
    """Let the bots (one per seat) pass and play the deal to its end, in place; the
    shooter's bot makes the shooter's choice (docs/rules.md §3.2)."""
    while deal.phase == "pass":
        player = deal.to_play
        deal.pass_cards(player, bots[player].pass_cards(deal.view(player)).cards)
    while not deal.is_over:
        player = deal.to_play
        deal.play(bots[player].play(deal.view(player)).card)
    pending = deal.pending_moon_choice
    if pending is not None:
        shooter = pending.shooter
        deal.choose_moon(bots[shooter].choose_moon(deal.view(shooter)).choice)
    return deal
