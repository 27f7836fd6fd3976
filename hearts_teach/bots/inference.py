"""Inference: how likely a sampled deal is, given how the others played.

The sampler deals the hidden cards in every way consistent with what the seat has seen
(hand sizes, voids, its own pass), all equally likely. But the others' plays say more:
a player who ducked under the ten of clubs probably held no lower club. The model of
their play is the heuristic policy (:mod:`hearts_teach.bots.policy`): in a sampled
deal, each card another player has played is compared with the card the policy would
have played from that player's hand in that deal (or one that plays the same); a card
the policy would not have played weighs the deal by ``PLAY_MISS``. A deal's weight is
the product over the plays seen; the Monte-Carlo bot then weighs each deal's outcome by
it (:mod:`hearts_teach.bots.weigh`).

What a seat has seen is replayed through a :class:`~hearts_teach.deal.Deal` of the
sampled hands as they were when play began (the engine's rules of play, the first trick
included), so nothing here looks at anything but the view and the sampled deal.
"""

from __future__ import annotations

from typing import Final

from hearts_teach.bots.playout import advance
from hearts_teach.bots.policy import Context, Situation, choose_play, context, pass_scores
from hearts_teach.cards import QS_INDEX, SUIT_OF
from hearts_teach.deal import Deal, PlayerView

PLAY_MISS: Final = 0.3
"""The weight a sampled deal takes for each card another player played that the
heuristic would not have played from their hand in that deal (1 when it would have)."""
PASS_MISS: Final = 0.5
"""The weight a sampled deal takes for each card the player who passed to this seat
kept although the heuristic's pass would rather have given it than one of the cards
received (that player's hand before the pass taken as what it holds after it plus the
cards it gave: the cards it received in turn are unknown)."""


class PlayModel:
    """The plays a view has seen, ready to weigh many sampled deals of that view."""

    def __init__(self, view: PlayerView, miss: float = PLAY_MISS, pass_miss: float = 1.0) -> None:
        rules = view.rules
        self.rules = rules
        self.ctx: Context = context(rules)
        self.me = view.player
        self.miss = miss
        self.deal_number = view.deal_number
        self.totals = tuple(view.totals)
        plays = [
            (p, c.index)
            for trick in view.tricks
            if trick.winner is not None
            for p, c in trick.plays
        ]
        plays += [(p, c.index) for p, c in view.trick]
        self.plays = plays
        played_by = [0] * rules.players
        for player, card in plays:
            played_by[player] |= 1 << card
        self.played_by = played_by
        # A position set up late in a deal has no record of its first tricks: nothing
        # to replay from the start of play.
        self.complete = view.hand.bit_count() + played_by[self.me].bit_count() == rules.hand_size
        self.pass_miss = pass_miss
        direction = view.pass_direction
        self.giver = -1
        if pass_miss < 1 and self.complete and direction is not None and view.received:
            self.giver = rules.pass_giver(self.me, direction)
        self.received = view.received
        count = rules.pass_count
        self.pass_count = count if count is not None else 0
        self.to_partner = rules.partnership and direction == "across"
        self.informative = self.complete and (
            any(p != self.me for p, _c in plays) or self.giver >= 0
        )

    def weight(self, hands: list[int], dead: int) -> float:
        """The weight of a sampled deal (``hands`` now, ``dead`` cards): ``miss`` to the
        power of the plays the heuristic would not have made in it."""
        if not self.informative:
            return 1.0
        rules = self.rules
        n = rules.players
        start = [hands[p] | self.played_by[p] for p in range(n)]
        weight = 1.0 if self.giver < 0 else self._pass_weight(start[self.giver])
        deal = Deal(rules, start, dead, deal_number=self.deal_number, totals=self.totals)
        situation = Situation.at_start(deal, self.me)
        ctx = self.ctx
        values = ctx.values
        for number, (player, card) in enumerate(self.plays):
            if deal.to_play != player or not deal.legal_mask() >> card & 1:
                # A deal that could not have been played so: every play left unexplained.
                others = sum(1 for p, _c in self.plays[number:] if p != self.me)
                return weight * self.miss**others
            if player != self.me:
                legal = deal.legal_mask()
                if legal & (legal - 1):
                    hand = deal.hands[player]
                    situation.player = player
                    situation.hand = hand
                    situation.legal = legal
                    predicted = choose_play(ctx, situation)[0]
                    if predicted != card and not _same_play(
                        predicted, card, hand, deal.hands, situation.trick, values
                    ):
                        weight *= self.miss
            advance(deal, situation, player, card, n)
        return weight

    def _pass_weight(self, kept: int) -> float:
        """``pass_miss`` to the power of the cards the giver kept (``kept``: its hand when
        play began) that the heuristic scores above the least of the cards received."""
        hand = kept | self.received
        scores, _kinds = pass_scores(self.ctx, hand, self.pass_count, self.to_partner)
        least = min(scores[c] for c in range(52) if self.received >> c & 1)
        rather = sum(1 for c, score in scores.items() if kept >> c & 1 and score > least)
        return self.pass_miss**rather


def _same_play(
    card: int,
    other: int,
    hand: int,
    hands: list[int],
    trick: list[int],
    values: tuple[int, ...],
) -> bool:
    """Whether two cards of one hand play the same: same suit and value, and no card of
    another hand, or of the trick, ranks between them (Q♠ always apart)."""
    if SUIT_OF[card] != SUIT_OF[other] or QS_INDEX in (card, other):
        return False
    if values[card] != values[other]:
        return False
    outside = 0
    for held in hands:
        outside |= held
    outside &= ~hand
    for played in trick:
        outside |= 1 << played
    low, high = (card, other) if card < other else (other, card)
    between = ((1 << high) - 1) & ~((1 << (low + 1)) - 1)
    return not between & outside
