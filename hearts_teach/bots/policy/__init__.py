"""The heuristic player, on bit masks: fast enough to be the playout policy of the
Monte-Carlo bot, and able to say which rule of good play chose each card.

- :mod:`.situation`: what the rules mean for a seat (:class:`Context`) and what the
  seat knows at its turn (:class:`Situation`), with the mask helpers;
- :mod:`.tuning`: the rules of thumb in numbers;
- :mod:`.play`: the card to play (:func:`choose_play`) and whether a moon is in play;
- :mod:`.passing`: the cards to pass (:func:`choose_pass`) and why each goes;
- :mod:`.claims`: what a reason may claim (:data:`CLAIMS`, :func:`play_facts`,
  :func:`true_key`), so that no sentence a bot says is false of the position.

Everything here reads only what one seat may know: its hand, the cards played, the
suits shown void and the points taken.
"""

from __future__ import annotations

from hearts_teach.bots.policy.claims import CLAIMS, play_facts, reason_params, true_key
from hearts_teach.bots.policy.passing import (
    PASS_KINDS,
    choose_pass,
    pass_facts,
    pass_parts,
    pass_scores,
)
from hearts_teach.bots.policy.play import choose_play, lone_taker, moon_mode
from hearts_teach.bots.policy.situation import Context, Situation, beating, context
from hearts_teach.bots.policy.tuning import QUEEN_GUARDS

__all__ = [
    "CLAIMS",
    "PASS_KINDS",
    "QUEEN_GUARDS",
    "Context",
    "Situation",
    "beating",
    "choose_pass",
    "choose_play",
    "context",
    "lone_taker",
    "moon_mode",
    "pass_facts",
    "pass_parts",
    "pass_scores",
    "play_facts",
    "reason_params",
    "true_key",
]
