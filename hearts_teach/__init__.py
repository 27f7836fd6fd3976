"""hearts_teach: a pure-Python engine for Hearts and its variants.

>>> from hearts_teach import Deal, Rules
>>> deal = Deal.new(Rules.preset("standard"), seed=7, deal_number=3)
>>> deal.phase
'play'

Built with a C compiler, the engine's hot modules (``cards``, ``deal``) are compiled
from the same source by mypyc (see setup.py); ``COMPILED`` tells which build runs.
``HEARTS_TEACH_PURE=1`` in the environment runs the interpreted source instead, and so
does a compiled build older than its source (with a warning: what runs is always the
source beside it).
"""

from hearts_teach._build import COMPILED
from hearts_teach.cards import CARDS, Card, CardSet, Suit
from hearts_teach.deal import Deal, Explanation, PlayerView, Trick
from hearts_teach.errors import CardError, HeartsError, IllegalMove, RecordError, RulesError
from hearts_teach.game import Game, PlayedDeal
from hearts_teach.rules import Rules
from hearts_teach.scoring import DealResult, game_outcome, score_deal

__all__ = [
    "CARDS",
    "COMPILED",
    "Card",
    "CardError",
    "CardSet",
    "Deal",
    "DealResult",
    "Explanation",
    "Game",
    "HeartsError",
    "IllegalMove",
    "PlayedDeal",
    "PlayerView",
    "RecordError",
    "Rules",
    "RulesError",
    "Suit",
    "Trick",
    "game_outcome",
    "score_deal",
]
