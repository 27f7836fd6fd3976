"""The ``montecarlo`` level: sample the hidden cards, play each legal card out.

For each decision the bot deals the cards it cannot see in many ways consistent with
what it knows (hand sizes, suits shown void, the cards it passed, the dead cards of
two-player Hearts being unknown), plays every distinct legal card in each sampled deal
and finishes the deal with the heuristic policy for all seats. The card with the best
mean outcome wins, unless the rule of thumb's card is within the noise of it and close
(see :mod:`hearts_teach.bots.weigh`, which also says what the figures show about the
choice); the outcome follows the rules in force and the game situation.

The parts, a module each: the sampling (:mod:`.sampling`), the playouts and what a
deal's end is worth (:mod:`.playout`), what the figures say about the choice
(:mod:`.notes`), and the bot itself, here.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from hearts_teach.bots.base import (
    Bot,
    Choice,
    Figure,
    PassChoice,
    check_passing,
    check_turn,
)
from hearts_teach.bots.inference import PlayModel
from hearts_teach.bots.notes import figure_sentence, pass_notes, play_notes
from hearts_teach.bots.playout import (
    OTHERS_WEIGHT,
    Endgame,
    Objective,
    advance,
    outcome_of,
    play_on,
    play_to_the_end,
    playout,
)
from hearts_teach.bots.policy import (
    Context,
    Situation,
    choose_pass,
    choose_play,
    context,
    pass_scores,
)
from hearts_teach.bots.sampling import HandSampler
from hearts_teach.bots.simple import pass_reasons, passes_to_partner, play_reason
from hearts_teach.bots.solver import Solver, SolverLimit
from hearts_teach.bots.weigh import (
    Outcomes,
    decide,
    judge,
    mean,
    std_error,
)
from hearts_teach.cards import CARDS, SUIT_OF, indexes_of
from hearts_teach.deal import Deal, PlayerView
from hearts_teach.errors import BotError

DEFAULT_PLAYOUTS = 600
"""Playouts per decision at the default (playground) level, shared among the distinct
legal cards: each sampled deal is played out once per card."""
DEFAULT_TIME_LIMIT = 1.0
"""A safety cap in seconds; the default budget stays far below it on a slow machine."""
SINGLE_CARD_SAMPLES = 40
"""Sampled deals for the estimate when all legal cards are equivalent."""
MIN_SAMPLES = 2
"""Sampled deals a decision always plays, whatever the budget or the time (a mean and
its standard error need two)."""
DEFAULT_EXACT = 0
"""Cards left in the hands at or below which a playout is finished by the exact solver
(0: the heuristic plays every playout to its end)."""
DEFAULT_INFERENCE = 1.0
"""The weight a sampled deal takes for each play of another player that the heuristic
would not have made in it (:mod:`hearts_teach.bots.inference`; 1: no inference, every
consistent deal alike)."""
DEFAULT_PASS_INFERENCE = 1.0
"""The weight a sampled deal takes for each card the player who passed to this seat
kept that the heuristic would rather have passed (:mod:`hearts_teach.bots.inference`; 1:
none)."""
PASS_POOL = 6
"""The passing candidates are the sets drawn from this many most passable cards."""
PASS_PLAYOUT_FACTOR = 1
"""Passing happens once a deal: it may use this many times the playouts of a move."""


@dataclass(frozen=True)
class Weighing:
    """One decision weighed, as the bot decides it: the ``options`` (card indexes: the
    legal cards in groups that play the same, or the sets of cards to pass), their
    ``outcomes`` in the same sampled deals, the rule of thumb's option (``preferred``),
    the option ``chosen`` and the cards the bot plays or passes (``choice``), and how
    many deals were sampled. Options after the bot's own (``extra``, to price another
    pass in the same deals) are never chosen."""

    options: tuple[tuple[int, ...], ...]
    outcomes: tuple[Outcomes, ...]
    preferred: int
    chosen: int
    choice: tuple[int, ...]
    samples: int

    def option_of(self, cards: Collection[int]) -> int:
        """The option that plays ``cards`` (a card of a group, or a whole pass)."""
        wanted = set(cards)
        for index, option in enumerate(self.options):
            if (len(wanted) == 1 and wanted <= set(option)) or wanted == set(option):
                return index
        raise BotError("bot_no_option")


class MonteCarloBot(Bot):
    """Determinized Monte-Carlo search with heuristic playouts.

    ``playouts``: playouts per decision; the bot samples ``playouts / k`` deals when
    ``k`` distinct legal cards remain and plays each card out in each of them (with a
    single distinct card there is nothing to decide: a few deals give its estimate).
    ``time_limit``: seconds after which it stops sampling (after two deals at least), a
    safety cap that makes the choice depend on the machine's speed (keep it generous).

    The choice is the lowest mean cost, or the rule of thumb's card when the two are
    tied and close (:func:`hearts_teach.bots.weigh.decide`). ``Choice.figures`` and
    ``Choice.estimates`` give every legal card's mean points for this seat (its team in
    Partnership) and ``Choice.notes`` what they say about the choice, from the same
    sampled deals; a forced card has none.
    """

    level = "montecarlo"
    searches = True

    def __init__(
        self,
        seed: int | str = 0,
        playouts: int = DEFAULT_PLAYOUTS,
        time_limit: float | None = DEFAULT_TIME_LIMIT,
        exact: int = DEFAULT_EXACT,
        inference: float = DEFAULT_INFERENCE,
        pass_inference: float = DEFAULT_PASS_INFERENCE,
    ) -> None:
        super().__init__(seed)
        if playouts < 1:
            raise BotError("bot_playouts", playouts=playouts)
        if time_limit is not None and time_limit <= 0:
            raise BotError("bot_time_limit", time_limit=time_limit)
        if exact < 0:
            raise BotError("bot_exact", exact=exact)
        self.playouts = playouts
        self.time_limit = time_limit
        for weight in (inference, pass_inference):
            if not 0 < weight <= 1:
                raise BotError("bot_inference", inference=weight)
        self.exact = exact
        self.inference = inference
        self.pass_inference = pass_inference

    def endgame(self, view: PlayerView, dead: int) -> Endgame | None:
        """How this bot's playouts from ``view`` end, in a sampled deal with these
        ``dead`` cards: exactly once at most :attr:`exact` cards are left (None: never)."""
        if not self.exact:
            return None
        return Endgame(self.exact, dead, tuple(view.totals), view.deal_number + 1)

    def pass_cards(self, view: PlayerView) -> PassChoice:
        """Compare the most promising sets of cards to pass by playing sampled deals out:
        the others' hands are dealt at random, they pass as the heuristic would."""
        ctx = context(view.rules)
        weighing, kinds = self._weigh_pass(view, ctx, ())
        candidates = [list(option) for option in weighing.options]
        outcomes = list(weighing.outcomes)
        chosen, samples = weighing.chosen, weighing.samples
        verdict = judge(outcomes, chosen, 0, -1 if ctx.reverse else 1, OTHERS_WEIGHT)
        figures = [
            Figure(tuple(sorted(CARDS[c] for c in candidate)), mean(o.own), std_error(o.own))
            for candidate, o in zip(candidates, outcomes, strict=True)
        ]
        named, notes = pass_notes(verdict, figures, outcomes, chosen, ctx.reverse)
        mine = figures[chosen]
        return PassChoice(
            mine.cards,
            pass_reasons(ctx, view.hand, candidates[chosen], kinds),
            samples=samples,
            figures=(mine, *(figures[i] for i in named)),
            figure=figure_sentence("pass", mine, samples, ctx.reverse),
            notes=notes,
        )

    def weigh_pass(self, view: PlayerView, extra: Sequence[Collection[int]] = ()) -> Weighing:
        """The pass as :meth:`pass_cards` weighs and chooses it, with the sets of cards
        ``extra`` (card indexes) priced in the same sampled deals after the bot's own
        candidates (a set among them is not repeated). Neither the choice nor the
        figures of the bot's candidates change."""
        return self._weigh_pass(view, context(view.rules), extra)[0]

    def _weigh_pass(
        self, view: PlayerView, ctx: Context, extra: Sequence[Collection[int]]
    ) -> tuple[Weighing, dict[int, str]]:
        count = check_passing(view)
        to_partner = passes_to_partner(view)
        scores, kinds = pass_scores(ctx, view.hand, count, to_partner)
        ranked = sorted(scores, key=lambda c: (-scores[c], -c))
        pool = ranked[: max(count, min(len(ranked), PASS_POOL))]
        candidates = [list(c) for c in itertools.combinations(pool, count)]
        heuristic_set = sorted(ranked[:count])
        candidates.sort(key=lambda c: sorted(c) != heuristic_set)  # the rule's set first
        own = len(candidates)
        known = {frozenset(c) for c in candidates}
        for cards in extra:
            if frozenset(cards) not in known:
                known.add(frozenset(cards))
                candidates.append(sorted(cards))
        outcomes, samples = self._evaluate_passes(
            view, ctx, candidates, self.pass_samples(own), "pass"
        )
        chosen = decide(outcomes[:own], 0)
        weighing = Weighing(
            options=tuple(tuple(c) for c in candidates),
            outcomes=tuple(outcomes),
            preferred=0,
            chosen=chosen,
            choice=tuple(sorted(candidates[chosen])),
            samples=samples,
        )
        return weighing, kinds

    def pass_samples(self, options: int) -> int:
        """The deals sampled to compare ``options`` sets of cards to pass."""
        return max(MIN_SAMPLES, -(-PASS_PLAYOUT_FACTOR * self.playouts // options))

    def compare_passes(
        self, view: PlayerView, passes: Sequence[Collection[int]], samples: int, purpose: str
    ) -> tuple[list[Outcomes], int]:
        """``passes`` (sets of card indexes) played out in the same ``samples`` deals,
        drawn afresh for ``purpose`` (another purpose, other deals)."""
        check_passing(view)
        candidates = [sorted(cards) for cards in passes]
        return self._evaluate_passes(view, context(view.rules), candidates, samples, purpose)

    def _evaluate_passes(
        self,
        view: PlayerView,
        ctx: Context,
        candidates: list[list[int]],
        wanted: int,
        purpose: str,
    ) -> tuple[list[Outcomes], int]:
        rules = view.rules
        n = rules.players
        me = view.player
        direction = view.pass_direction
        assert direction is not None
        offset = rules.pass_offset(direction)
        count = len(candidates[0])
        to_partner = passes_to_partner(view)
        objective = Objective.for_view(view)
        rng = self.rng_for(view, purpose)
        start = time.perf_counter()
        unknown = indexes_of(rules.deck & ~view.hand)
        size = rules.hand_size
        outcomes = [Outcomes() for _ in candidates]
        samples = 0
        for _ in range(wanted):
            rng.shuffle(unknown)
            hands = [0] * n
            others = [p for p in range(n) if p != me]
            for slot, player in enumerate(others):
                for card in unknown[slot * size : (slot + 1) * size]:
                    hands[player] |= 1 << card
            dead = 0
            for card in unknown[len(others) * size :]:
                dead |= 1 << card
            outgoing = [0] * n
            for player in others:
                for card in choose_pass(ctx, hands[player], count, to_partner)[0]:
                    outgoing[player] |= 1 << card
            for index, candidate in enumerate(candidates):
                mine = 0
                for card in candidate:
                    mine |= 1 << card
                outgoing[me] = mine
                after = [0] * n
                for player in range(n):
                    held = view.hand if player == me else hands[player]
                    after[player] |= held & ~outgoing[player]
                    after[(player + offset) % n] |= outgoing[player]
                deal = Deal(rules, after, dead, deal_number=view.deal_number, totals=view.totals)
                situation = Situation.at_start(deal, me)
                endgame = self.endgame(view, dead)
                outcomes[index].add(
                    *play_to_the_end(ctx, deal, situation, dead, objective, endgame)
                )
            samples += 1
            if self._out_of_time(start, samples):
                break
        return outcomes, samples

    def _out_of_time(self, start: float, samples: int) -> bool:
        limit = self.time_limit
        return limit is not None and samples >= MIN_SAMPLES and time.perf_counter() - start > limit

    def play(self, view: PlayerView) -> Choice:
        check_turn(view)
        ctx = context(view.rules)
        situation = Situation.from_view(view)
        legal = view.legal
        if legal & (legal - 1) == 0:
            return Choice(CARDS[legal.bit_length() - 1], "play.only_legal")
        weighing, rule_key = self._weigh_play(view, ctx, situation)
        options, chosen, preferred = list(weighing.outcomes), weighing.chosen, weighing.preferred
        card = weighing.choice[0]
        rule_card = weighing.choice[0] if chosen == preferred else -1
        key, params = play_reason(ctx, situation, card, rule_key if card == rule_card else "")
        sign = -1 if ctx.reverse else 1  # Reverse Hearts: more points are better
        verdict = judge(options, chosen, preferred, sign, OTHERS_WEIGHT)
        figures = [
            Figure(
                tuple(CARDS[c] for c in group), mean(o.own, o.weights), std_error(o.own, o.weights)
            )
            for group, o in zip(weighing.options, options, strict=True)
        ]
        samples = round(options[0].samples())  # the effective number, with weights
        return Choice(
            CARDS[card],
            key,
            params,
            estimates=dict(sorted((c, f.points) for f in figures for c in f.cards)),
            samples=samples,
            figures=tuple(sorted(figures, key=lambda f: (sign * f.points, f.cards))),
            figure=figure_sentence("play", figures[chosen], samples, ctx.reverse),
            notes=play_notes(verdict, figures, chosen, sign),
            named=tuple(c for i in verdict.ties + verdict.departures for c in figures[i].cards),
        )

    def weigh_play(self, view: PlayerView) -> Weighing:
        """The card as :meth:`play` weighs and chooses it (the view must be this seat's
        turn, with more than one legal card)."""
        check_turn(view)
        return self._weigh_play(view, context(view.rules), Situation.from_view(view))[0]

    def _weigh_play(
        self, view: PlayerView, ctx: Context, situation: Situation
    ) -> tuple[Weighing, str]:
        """The weighing and the key of the rule of thumb's card."""
        groups, outcomes, samples = self.evaluate(view, infer=True)
        firsts = list(groups)
        rule_card, rule_key = choose_play(ctx, situation)
        preferred = next(i for i, first in enumerate(firsts) if rule_card in groups[first])
        options = [outcomes[first] for first in firsts]
        chosen = decide(options, preferred)
        card = rule_card if chosen == preferred else firsts[chosen]
        weighing = Weighing(
            options=tuple(tuple(groups[first]) for first in firsts),
            outcomes=tuple(options),
            preferred=preferred,
            chosen=chosen,
            choice=(card,),
            samples=samples,
        )
        return weighing, rule_key

    def evaluate(
        self,
        view: PlayerView,
        keep: Collection[int] | None = None,
        samples: int | None = None,
        purpose: str = "play",
        infer: bool = False,
    ) -> tuple[dict[int, list[int]], dict[int, Outcomes], int]:
        """The legal cards in groups that play the same (keyed by their lowest card), the
        outcomes of each group over the sampled deals, and how many deals were sampled.

        By default, as the bot plays: every group, in deals drawn for "play", as many as
        the budget gives. ``keep`` keeps the groups of those cards only, ``samples`` sets
        the number of deals, and another ``purpose`` draws other deals. With ``infer``
        (as the bot decides), each deal is weighed by how likely the others' plays make
        it (:attr:`inference`; the outcomes carry the weights), else every deal alike."""
        ctx = context(view.rules)
        objective = Objective.for_view(view)
        groups = equivalent_groups(ctx, view)
        if keep is not None:
            groups = {f: g for f, g in groups.items() if any(c in keep for c in g)}
        rng = self.rng_for(view, purpose)
        start = time.perf_counter()
        base_situation = Situation.from_view(view)
        n = ctx.players
        outcomes = {first: Outcomes() for first in groups}
        done = 0
        wanted = max(MIN_SAMPLES, -(-self.playouts // len(groups)))
        if len(groups) == 1:
            wanted = min(wanted, SINGLE_CARD_SAMPLES)
        if samples is not None:
            wanted = max(MIN_SAMPLES, samples)
        sampler = HandSampler(view)
        # After the first trick a playout needs no Deal: the view's position on masks.
        on_masks = view.trick_number > 0
        won_before = [0] * n
        for trick in view.tricks:
            if trick.winner is not None:
                won_before[trick.winner] += 1
        cards_left = sum(view.hand_sizes)
        inferring = infer and (self.inference < 1 or self.pass_inference < 1)
        model = PlayModel(view, self.inference, self.pass_inference) if inferring else None
        for _ in range(wanted):
            hands, dead = sampler.draw(rng)
            weight = None if model is None else model.weight(hands, dead)
            endgame = self.endgame(view, dead)
            if on_masks and endgame is not None and cards_left <= endgame.cards:
                exact = self._solved(view, base_situation, hands, dead, won_before, groups)
                if exact is not None:
                    for first in groups:
                        outcomes[first].add(*objective.outcome(ctx, exact[first]), weight)
                    done += 1
                    if self._out_of_time(start, done):
                        break
                    continue
            world = None if on_masks else Deal.from_view(view, hands, dead)
            for first in groups:
                situation = Situation(
                    player=view.player,
                    hand=hands[view.player],
                    legal=0,
                    trick=base_situation.trick[:],
                    leader=base_situation.leader,
                    played=base_situation.played,
                    voids=base_situation.voids[:],
                    taken=base_situation.taken[:],
                    trick_no=base_situation.trick_no,
                )
                scores: list[int] | None
                if world is None:
                    won = won_before[:]
                    scores = play_on(
                        ctx,
                        situation,
                        hands[:],
                        won,
                        view.to_play,
                        view.hearts_broken,
                        first,
                        endgame,
                    )
                    taken = situation.taken
                else:
                    deal = world.copy()
                    situation.taken = deal.taken
                    advance(deal, situation, view.player, first, n)
                    taken, won, scores = playout(ctx, deal, situation, endgame)
                if scores is not None:
                    outcomes[first].add(*objective.outcome(ctx, scores), weight)
                else:
                    outcomes[first].add(*outcome_of(ctx, taken, won, dead, objective), weight)
            done += 1
            if self._out_of_time(start, done):
                break
        return groups, outcomes, done

    def _solved(
        self,
        view: PlayerView,
        base: Situation,
        hands: list[int],
        dead: int,
        won: list[int],
        groups: dict[int, list[int]],
    ) -> dict[int, list[int]] | None:
        """Each group's deal scores in one sampled deal, every card after it played
        exactly (None if the solver ran out of its budget)."""
        endgame = self.endgame(view, dead)
        assert endgame is not None
        solver = Solver(
            view.rules,
            hands,
            dead,
            base.taken,
            won,
            base.trick,
            base.leader,
            view.hearts_broken,
            endgame.totals,
            endgame.deals_played,
            endgame.max_nodes,
        )
        try:
            found = solver.card_outcomes()
        except SolverLimit:
            return None
        return {first: list(found[first].scores) for first in groups}


def equivalent_groups(ctx: Context, view: PlayerView) -> dict[int, list[int]]:
    """Legal cards grouped when playing one or the other cannot differ: same suit, same
    value, and no card ranks between them that someone else may hold or that lies on
    the table in this trick. Keyed by the lowest."""
    legal = view.legal
    out = view.unseen
    for _player, on_table in view.trick:
        out |= on_table.bit
    groups: dict[int, list[int]] = {}
    current: list[int] = []
    previous = -1
    for card in indexes_of(legal):
        if (
            current
            and SUIT_OF[card] == SUIT_OF[previous]
            and ctx.values[card] == ctx.values[previous]
            and not out & (((1 << card) - 1) & ~((1 << (previous + 1)) - 1))
        ):
            current.append(card)
        else:
            if current:
                groups[current[0]] = current
            current = [card]
        previous = card
    if current:
        groups[current[0]] = current
    return groups


__all__ = [
    "DEFAULT_PLAYOUTS",
    "MonteCarloBot",
    "Weighing",
    "equivalent_groups",
]
