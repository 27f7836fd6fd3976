"""Playouts: a sampled deal finished with the heuristic policy for every seat, and
what its end is worth to the seat that searches (:class:`Objective`).

The first trick is played through a :class:`~hearts_teach.deal.Deal` (the opening lead
and the first-trick ban); the rest on bit masks (:func:`play_on`), with the engine's
rules of play after the first trick, kept flat because a review or a strong bot spends
most of its time there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hearts_teach.bots.policy import Context, Situation, choose_play, lone_taker
from hearts_teach.bots.policy.situation import SPADES
from hearts_teach.bots.solver import Solver, SolverLimit
from hearts_teach.cards import FIRST_HEART, HEARTS_MASK, QS_BIT, QS_INDEX, SUIT_MASKS, SUIT_OF
from hearts_teach.deal import Deal, PlayerView, trick_winner
from hearts_teach.rules import Rules
from hearts_teach.scoring import game_outcome, scores_of_masks

OTHERS_WEIGHT = 0.5
"""How much the points the others score count for me (my own count 1)."""
GAME_WEIGHT = 1.0
"""What winning (or losing) the game with this deal weighs, in moons: a seat near the end
of the game prefers the card that wins it to one that saves a few points."""


def deal_scores(
    ctx: Context, taken: Sequence[int], dead: int, tricks_won: Sequence[int], totals: Sequence[int]
) -> list[int]:
    """What each player scores for the deal after the moon rule, on masks: the engine's
    own computation (``score_deal`` runs it too), with the raw points summed by the
    context's tables (:meth:`Context.points`, the engine's sums)."""
    points = [ctx.points(mask) for mask in taken]
    return scores_of_masks(ctx.rules, taken, dead, points, tricks_won, totals)[0]


@dataclass(frozen=True)
class Objective:
    """How one seat values the end of a deal: lower cost is better."""

    player: int
    mine: tuple[int, ...]
    others: tuple[tuple[int, ...], ...]
    sign: int
    totals: tuple[int, ...]
    game_weight: float
    deals_played: int = 1
    """This deal's place in the game, counted from 1 (a fixed number of deals, §7.1)."""
    fixed_deals: bool = False
    """Whether the game ends after a fixed number of deals rather than at the target."""

    @classmethod
    def for_view(cls, view: PlayerView) -> Objective:
        rules = view.rules
        teams = rules.teams()
        mine = next(team for team in teams if view.player in team)
        others = tuple(team for team in teams if team != mine)
        return cls(
            player=view.player,
            mine=mine,
            others=others,
            sign=-1 if rules.reverse else 1,
            totals=tuple(view.totals),
            game_weight=GAME_WEIGHT * rules.moon_value,
            deals_played=view.deal_number + 1,
            fixed_deals=rules.deals is not None,
        )

    def own(self, scores: Sequence[int]) -> int:
        return sum(scores[p] for p in self.mine)

    def cost(self, ctx: Context, scores: Sequence[int]) -> float:
        return self.outcome(ctx, scores)[0]

    def outcome(self, ctx: Context, scores: Sequence[int]) -> tuple[float, int, float]:
        """The cost of a deal's scores (lower is better), the points of my side, and the
        mean points of the other sides."""
        own = self.own(scores)
        others = sum(sum(scores[p] for p in team) for team in self.others) / len(self.others)
        cost = self.sign * (own - OTHERS_WEIGHT * others)
        totals = self.totals
        target = ctx.rules.target
        if self.fixed_deals or max(t + s for t, s in zip(totals, scores, strict=True)) >= target:
            after = [t + s for t, s in zip(totals, scores, strict=True)]
            over, winners = game_outcome(ctx.rules, totals, after, self.deals_played)
            if over:
                cost += -self.game_weight if self.player in winners else self.game_weight
        return cost, own, others


@dataclass(frozen=True)
class Endgame:
    """When and how a playout finishes exactly: once at most ``cards`` cards are left in
    the hands at the end of a trick (after the first), the exact solver
    (:class:`~hearts_teach.bots.solver.Solver`) plays the sampled deal out, every hand
    known, within ``max_nodes`` positions (beyond them, the heuristic goes on). The
    sampled deal's ``dead`` cards, the game's ``totals`` and ``deals_played`` score it
    as the engine would."""

    cards: int
    dead: int
    totals: tuple[int, ...]
    deals_played: int
    max_nodes: int = 200_000

    def scores(
        self,
        rules: Rules,
        hands: list[int],
        taken: list[int],
        won: list[int],
        leader: int,
        broken: bool,
    ) -> list[int] | None:
        """The deal's scores with exact play from this trick's start (None if the solver
        ran out of its budget)."""
        solver = Solver(
            rules,
            hands,
            self.dead,
            taken,
            won,
            [],
            leader,
            broken,
            self.totals,
            self.deals_played,
            self.max_nodes,
        )
        try:
            return list(solver.outcome().scores)
        except SolverLimit:
            return None


# --- playouts ---------------------------------------------------------------------------


def playout(
    ctx: Context, deal: Deal, situation: Situation, endgame: Endgame | None = None
) -> tuple[list[int], list[int], list[int] | None]:
    """Finish ``deal`` with the heuristic policy for every seat: the cards each player
    has taken (the deal's own list, ``situation.taken``), the tricks each has won, and,
    when the ``endgame`` was played exactly, the deal's scores (else None).

    ``situation`` describes the trick in progress (``trick``, ``leader``, ``played``,
    ``voids``, ``trick_no``); it is updated in place as cards are played. The first
    trick is played through ``deal`` (the opening lead and the first-trick ban); the
    rest by :func:`play_on`, so ``deal`` itself stops after the first trick.
    """
    n = ctx.players
    hands = deal.hands
    while not deal.is_over and deal.trick_number == 0:
        player = deal.to_play
        situation.player = player
        situation.hand = hands[player]
        situation.legal = deal.legal_mask()
        card, _key = choose_play(ctx, situation)
        advance(deal, situation, player, card, n)
    won = deal.tricks_won
    scores = None
    if not deal.is_over:
        scores = play_on(
            ctx, situation, hands, won, deal.to_play, deal.hearts_broken, endgame=endgame
        )
    return situation.taken, won, scores


def play_on(
    ctx: Context,
    situation: Situation,
    hands: list[int],
    won: list[int],
    to_play: int,
    broken: bool,
    first: int = -1,
    endgame: Endgame | None = None,
) -> list[int] | None:
    """Finish a deal after its first trick with the heuristic policy for every seat, on
    masks: ``hands`` (changed in place), the cards taken (``situation.taken``, changed in
    place), the tricks ``won`` (counted on), who is ``to_play`` and whether hearts are
    ``broken``; ``first``, when given, is the card that player plays first. With an
    ``endgame``, the end is played exactly once few enough cards are left: then the
    deal's scores are returned (the hands and cards taken as they were at that trick's
    start), else None.

    The engine's rules of play after the first trick (follow suit; no heart led before
    hearts are broken unless the leader holds nothing else), its trick winner and its
    breaking of hearts, kept flat because a review or a strong bot spends most of its
    time here; ``situation`` is kept in step as :func:`playout` keeps it."""
    rules = ctx.rules
    n = ctx.players
    trump = ctx.trump
    queen_breaks = rules.qs_breaks_hearts
    hearts_for_queen = rules.lead_hearts_instead_of_qs
    taken = situation.taken
    voids = situation.voids
    trick = situation.trick
    trick_mask = 0
    for card in trick:
        trick_mask |= 1 << card
    leader = situation.leader
    played = situation.played
    # No moon in play (lone_taker is -1) while the rules have none, or nobody or more
    # than one player has taken penalty cards: kept up to date trick by trick.
    moon = ctx.moon_worth_playing
    penalty = ctx.penalty
    takers = 0
    for player, mask in enumerate(taken):
        if mask & penalty:
            takers |= 1 << player
    calm = lone_taker(ctx, taken) < 0
    card = first
    while True:
        player = to_play
        hand = hands[player]
        if trick:
            led = SUIT_OF[trick[0]]
        if card < 0:
            if trick:
                legal = hand & SUIT_MASKS[led] or hand
            else:
                legal = hand
                if not broken:
                    others = hand & ~HEARTS_MASK
                    if others and not (hearts_for_queen and others == QS_BIT):
                        legal = others
            if legal & (legal - 1):
                situation.player = player
                situation.hand = hand
                situation.legal = legal
                situation.played = played
                card = choose_play(ctx, situation, calm)[0]
            else:
                card = legal.bit_length() - 1  # the only legal card: nothing to choose
        bit = 1 << card
        if trick and SUIT_OF[card] != led:
            voids[player] |= 1 << led
        hands[player] = hand ^ bit
        played |= bit
        trick.append(card)
        trick_mask |= bit
        if not broken and (
            card >= FIRST_HEART
            or (
                card == QS_INDEX
                and queen_breaks != "off"
                and not (queen_breaks == "discard" and SUIT_OF[trick[0]] == SPADES)
            )
        ):
            broken = True
        card = -1
        if len(trick) < n:
            to_play = player + 1 if player + 1 < n else 0
            continue
        winner = leader + trick.index(trick_winner(trick_mask, trick[0], trump))
        if winner >= n:
            winner -= n
        taken[winner] |= trick_mask
        won[winner] += 1
        if trick_mask & penalty:
            takers |= 1 << winner
            calm = not moon or takers & (takers - 1) != 0
        trick.clear()
        trick_mask = 0
        leader = to_play = winner
        situation.leader = winner
        situation.trick_no += 1
        left = hands[winner].bit_count()
        if not left:
            situation.played = played
            return None
        if endgame is not None and left * n <= endgame.cards:
            scores = endgame.scores(rules, hands, taken, won, winner, broken)
            if scores is not None:
                situation.played = played
                return scores


def advance(deal: Deal, situation: Situation, player: int, card: int, n: int) -> None:
    """Play ``card`` in ``deal`` and keep ``situation`` in step."""
    trick = situation.trick
    if trick and SUIT_OF[card] != SUIT_OF[trick[0]]:
        situation.voids[player] |= 1 << SUIT_OF[trick[0]]
    deal.play_index(card)
    situation.played |= 1 << card
    trick.append(card)
    if len(trick) == n:
        trick.clear()
        situation.leader = deal.to_play
        situation.trick_no += 1
        if situation.trick_no == 1:
            situation.played |= deal.kitty_taken  # out of play with the first trick (§16.7)


def play_to_the_end(
    ctx: Context,
    deal: Deal,
    situation: Situation,
    dead: int,
    objective: Objective,
    endgame: Endgame | None = None,
) -> tuple[float, int, float]:
    """Finish a sampled deal with the heuristic for every seat (the ``endgame`` exactly,
    when given): its cost for the objective, the points of the bot's own side and the
    others' mean points."""
    taken, won, scores = playout(ctx, deal, situation, endgame)
    if scores is not None:
        return objective.outcome(ctx, scores)
    return outcome_of(ctx, taken, won, dead, objective)


def outcome_of(
    ctx: Context, taken: list[int], won: list[int], dead: int, objective: Objective
) -> tuple[float, int, float]:
    """A finished playout's cost for the objective, the bot's side's points and the
    others' mean points, from the cards taken and the tricks won."""
    return objective.outcome(ctx, deal_scores(ctx, taken, dead, won, objective.totals))
