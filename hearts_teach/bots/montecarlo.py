"""The ``montecarlo`` level: sample the hidden cards, play each legal card out.

For each decision the bot deals the cards it cannot see in many ways consistent with
what it knows (hand sizes, suits shown void, the cards it passed, the dead cards of
two-player Hearts being unknown), plays every distinct legal card in each sampled deal
and finishes the deal with the heuristic policy for all seats. The card with the best
mean outcome wins, unless the rule of thumb's card is within the noise of it and close
(see :mod:`hearts_teach.bots.weigh`, which also says what the figures show about the
choice); the outcome follows the rules in force and the game situation.
"""

from __future__ import annotations

import itertools
import random
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
    pass_set,
)
from hearts_teach.bots.catalog import Number, Points, Said, Symbols
from hearts_teach.bots.policy import (
    QS,
    QS_BIT,
    SPADES,
    SUIT_MASK,
    SUIT_OF,
    Context,
    Situation,
    choose_pass,
    choose_play,
    context,
    lone_taker,
    pass_scores,
)
from hearts_teach.bots.simple import pass_reasons, passes_to_partner, play_reason
from hearts_teach.bots.weigh import (
    Outcomes,
    Verdict,
    decide,
    difference,
    judge,
    mean,
    std_error,
)
from hearts_teach.cards import CARDS, indexes_of
from hearts_teach.deal import Deal, PlayerView, trick_winner
from hearts_teach.scoring import game_outcome, scores_of_masks

DEFAULT_PLAYOUTS = 600
"""Playouts per decision at the default (playground) level, shared among the distinct
legal cards: each sampled deal is played out once per card."""
DEFAULT_TIME_LIMIT = 1.0
"""A safety cap in seconds; the default budget stays far below it on a slow machine."""
SINGLE_CARD_SAMPLES = 40
"""Sampled deals for the estimate when all legal cards are equivalent."""
HEARTS_BITS = SUIT_MASK[3]
FIRST_HEART = 39
OTHERS_WEIGHT = 0.5
"""How much the points the others score count for me (my own count 1)."""


MIN_SAMPLES = 2
"""Sampled deals a decision always plays, whatever the budget or the time (a mean and
its standard error need two)."""
GAME_WEIGHT = 1.0
"""What winning (or losing) the game with this deal weighs, in moons: a seat near the end
of the game prefers the card that wins it to one that saves a few points."""
DEAL_ATTEMPTS = 30
"""Random deals of the hidden cards tried before an exact assignment of suits to seats."""

PASS_POOL = 6
"""The passing candidates are the sets drawn from this many most passable cards."""
PASS_PLAYOUT_FACTOR = 1
"""Passing happens once a deal: it may use this many times the playouts of a move."""


class SamplingError(Exception):
    """No deal of the hidden cards fits what the seat knows (a corrupt view)."""


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
        raise ValueError("no option plays these cards")


# --- sampling the hidden cards --------------------------------------------------------


def sample_hands(view: PlayerView, rng: random.Random) -> tuple[list[int], int]:
    """Hands (bit masks) and dead cards consistent with ``view``, chosen at random.

    Constraints: each seat's hand size; no card of a suit a seat has shown void; the
    cards this seat passed and that have not been played are with their receiver.
    """
    return HandSampler(view).draw(rng)


class HandSampler:
    """:func:`sample_hands` for one view, what every sample of it shares worked out
    once: a bot draws many deals from the same view."""

    def __init__(self, view: PlayerView) -> None:
        n = view.rules.players
        me = view.player
        hands = [0] * n
        hands[me] = view.hand
        unseen = view.unseen
        capacity = list(view.hand_sizes)
        capacity[me] = 0
        if view.passed and view.pass_direction is not None and view.phase != "pass":
            receiver = view.rules.pass_receiver(me, view.pass_direction)
            still_there = view.passed & unseen
            hands[receiver] |= still_there
            capacity[receiver] -= still_there.bit_count()
            unseen &= ~still_there
        # Holders: the other seats, the dead cards (they can be of any suit), and with a
        # position set up with short hands, the cards of the tricks not recorded ("gone").
        holders = [p for p in range(n) if p != me]
        dead_room = view.dead_count
        forced_dead = _known_dead(view) & unseen
        if forced_dead:
            dead_room -= forced_dead.bit_count()
            unseen &= ~forced_dead
        caps = [capacity[p] for p in holders] + [dead_room]
        allowed = [15 & ~view.voids[p] for p in holders] + [15]
        cards = indexes_of(unseen)
        surplus = len(cards) - sum(caps)
        if surplus < 0 or (surplus and view.tricks) or dead_room < 0:
            raise SamplingError("hand sizes do not match the unseen cards")
        if surplus:
            caps.append(surplus)
            allowed.append(15)
        self.hands = hands
        self.holders = holders
        self.forced_dead = forced_dead
        self.cards = cards
        self.caps = caps
        self.allowed = allowed
        self.free = all(a == 15 for a in allowed)
        # Most constrained cards first: the fewer slots may hold a suit, the sooner.
        self.slots = [
            [slot for slot, a in enumerate(allowed) if a >> suit & 1] for suit in range(4)
        ]
        self.order_key = [len(self.slots[SUIT_OF[card]]) for card in range(52)]

    def draw(self, rng: random.Random) -> tuple[list[int], int]:
        """One deal of the hidden cards: the hands and the dead cards."""
        for _attempt in range(DEAL_ATTEMPTS):
            placed = self._try_deal(rng)
            if placed is not None:
                break
        else:
            placed = _deal_by_flow(self.cards, self.caps, self.allowed, rng)
        hands = self.hands[:]
        holders = self.holders
        dead_slot = len(holders)
        dead = self.forced_dead
        for slot, mask in enumerate(placed):
            if slot == dead_slot:
                dead |= mask
            elif slot < dead_slot:
                hands[holders[slot]] |= mask
        return hands, dead

    def _try_deal(self, rng: random.Random) -> list[int] | None:
        """Most constrained cards first, each to a random seat with room (weighted by
        room); None when a card finds no room."""
        order = self.cards[:]
        rng.shuffle(order)
        caps = self.caps
        placed = [0] * len(caps)
        if self.free:
            # Nobody has shown a void: cut the shuffled cards into the hands.
            position = 0
            for slot, size in enumerate(caps):
                for card in order[position : position + size]:
                    placed[slot] |= 1 << card
                position += size
            return placed
        order.sort(key=self.order_key.__getitem__)
        room = caps[:]
        slots = self.slots
        for card in order:
            suit_slots = slots[SUIT_OF[card]]
            total = 0
            for slot in suit_slots:
                total += room[slot]
            if not total:
                return None
            pick = rng.randrange(total)
            for slot in suit_slots:
                r = room[slot]
                if r:
                    if pick < r:
                        room[slot] = r - 1
                        placed[slot] |= 1 << card
                        break
                    pick -= r
        return placed


def _known_dead(view: PlayerView) -> int:
    """Two-player opening: whoever leads 4♣ (or 6♣) shows that the lower ones are dead."""
    chain = view.rules.opening_chain
    first = view.tricks[0].plays[0][1] if view.tricks else view.trick[0][1] if view.trick else None
    if first is None or first not in chain:
        return 0
    dead = 0
    for card in chain:
        if card == first:
            break
        dead |= card.bit
    return dead


def _deal_by_flow(
    cards: list[int], caps: list[int], allowed: list[int], rng: random.Random
) -> list[int]:
    """An exact assignment when random dealing keeps failing: suits to seats as a flow."""
    by_suit = [[c for c in cards if SUIT_OF[c] == s] for s in range(4)]
    slots = len(caps)
    # flow[s][slot]: how many cards of suit s go to slot; grow by augmenting paths.
    flow = [[0] * slots for _ in range(4)]
    room = caps[:]
    for suit in range(4):
        for _ in range(len(by_suit[suit])):
            if not _augment(suit, flow, room, allowed, slots):
                raise SamplingError("no deal fits the suits shown void")
    placed = [0] * slots
    for suit in range(4):
        pool = by_suit[suit][:]
        rng.shuffle(pool)
        for slot in range(slots):
            for _ in range(flow[suit][slot]):
                placed[slot] |= 1 << pool.pop()
    return placed


def _augment(
    suit: int, flow: list[list[int]], room: list[int], allowed: list[int], slots: int
) -> bool:
    """Find room for one more card of ``suit``, moving other suits' cards if needed."""
    seen_slots: set[int] = set()

    def visit(current: int) -> bool:
        for slot in range(slots):
            if slot in seen_slots or not allowed[slot] >> current & 1:
                continue
            seen_slots.add(slot)
            if room[slot] > 0:
                room[slot] -= 1
                flow[current][slot] += 1
                return True
            for other in range(4):
                if flow[other][slot] and visit_from(other, slot):
                    flow[current][slot] += 1
                    return True
        return False

    def visit_from(other: int, slot: int) -> bool:
        # Move one card of suit ``other`` out of ``slot`` to somewhere else.
        if visit(other):
            flow[other][slot] -= 1
            return True
        return False

    return visit(suit)


# --- scoring a finished playout ---------------------------------------------------------


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


# --- playouts ---------------------------------------------------------------------------


def playout(ctx: Context, deal: Deal, situation: Situation) -> tuple[list[int], list[int]]:
    """Finish ``deal`` with the heuristic policy for every seat: the cards each player
    has taken (the deal's own list, ``situation.taken``) and the tricks each has won.

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
        _advance(deal, situation, player, card, n)
    won = deal.tricks_won
    if not deal.is_over:
        play_on(ctx, situation, hands, won, deal.to_play, deal.hearts_broken)
    return situation.taken, won


def play_on(
    ctx: Context,
    situation: Situation,
    hands: list[int],
    won: list[int],
    to_play: int,
    broken: bool,
    first: int = -1,
) -> None:
    """Finish a deal after its first trick with the heuristic policy for every seat, on
    masks: ``hands`` (changed in place), the cards taken (``situation.taken``, changed in
    place), the tricks ``won`` (counted on), who is ``to_play`` and whether hearts are
    ``broken``; ``first``, when given, is the card that player plays first.

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
    moon = ctx.moon
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
                legal = hand & SUIT_MASK[led] or hand
            else:
                legal = hand
                if not broken:
                    others = hand & ~HEARTS_BITS
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
                card == QS
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
        if not hands[winner]:
            situation.played = played
            return


def _advance(deal: Deal, situation: Situation, player: int, card: int, n: int) -> None:
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
    ) -> None:
        super().__init__(seed)
        if playouts < 1:
            raise ValueError("playouts must be at least 1")
        if time_limit is not None and time_limit <= 0:
            raise ValueError("time_limit must be positive")
        self.playouts = playouts
        self.time_limit = time_limit

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
        named, notes = _pass_notes(verdict, figures, outcomes, chosen, ctx.reverse)
        mine = figures[chosen]
        return PassChoice(
            mine.cards,
            pass_reasons(ctx, view.hand, candidates[chosen], kinds),
            samples=samples,
            figures=(mine, *(figures[i] for i in named)),
            figure=_figure("pass", mine, samples, ctx.reverse),
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
                situation = Situation(
                    player=me,
                    hand=after[me],
                    legal=0,
                    trick=[],
                    leader=deal.leader,
                    played=0,
                    voids=[0] * n,
                    taken=deal.taken,
                    trick_no=0,
                )
                outcomes[index].add(*play_to_the_end(ctx, deal, situation, dead, objective))
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
            Figure(tuple(CARDS[c] for c in group), mean(o.own), std_error(o.own))
            for group, o in zip(weighing.options, options, strict=True)
        ]
        samples = weighing.samples
        return Choice(
            CARDS[card],
            key,
            params,
            estimates=dict(sorted((c, f.points) for f in figures for c in f.cards)),
            samples=samples,
            figures=tuple(sorted(figures, key=lambda f: (sign * f.points, f.cards))),
            figure=_figure("play", figures[chosen], samples, ctx.reverse),
            notes=_play_notes(verdict, figures, chosen, sign),
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
        groups, outcomes, samples = self.evaluate(view)
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
    ) -> tuple[dict[int, list[int]], dict[int, Outcomes], int]:
        """The legal cards in groups that play the same (keyed by their lowest card), the
        outcomes of each group over the sampled deals, and how many deals were sampled.

        By default, as the bot plays: every group, in deals drawn for "play", as many as
        the budget gives. ``keep`` keeps the groups of those cards only, ``samples`` sets
        the number of deals, and another ``purpose`` draws other deals."""
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
        for _ in range(wanted):
            hands, dead = sampler.draw(rng)
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
                if world is None:
                    won = won_before[:]
                    play_on(ctx, situation, hands[:], won, view.to_play, view.hearts_broken, first)
                    taken = situation.taken
                else:
                    deal = world.copy()
                    situation.taken = deal.taken
                    _advance(deal, situation, view.player, first, n)
                    taken, won = playout(ctx, deal, situation)
                outcomes[first].add(*_outcome(ctx, taken, won, dead, objective))
            done += 1
            if self._out_of_time(start, done):
                break
        return groups, outcomes, done


def _figure(kind: str, figure: Figure, samples: int, reverse: bool) -> Said:
    """The sentence pricing a choice: what it costs (or brings) on average."""
    gain = figure.points > 0 if reverse else figure.points < 0
    return Said(
        f"figure.{kind}.{'gain' if gain else 'cost'}",
        {"samples": samples, "cost": Points(abs(figure.points)), "error": figure.error},
    )


def _tiebreak(verdict: Verdict, figures: list[Figure], chosen: int, sign: int) -> Said:
    """Why the choice among options within the noise: when the rule of thumb decides for
    an option whose estimate is a little worse than a rival's, the sentence says so."""
    key = verdict.tiebreak
    mine = sign * figures[chosen].points
    if key == "rule" and any(sign * figures[i].points < mine for i in verdict.ties):
        key = "rule_worse"
    return Said("tiebreak." + key, {})


def _play_notes(
    verdict: Verdict, figures: list[Figure], chosen: int, sign: int
) -> tuple[Said, ...]:
    """What the figures say about the card chosen (hint voice)."""
    notes: list[Said] = []
    if len(figures[chosen].cards) > 1:
        notes.append(Said("equivalent", {"cards": Symbols(figures[chosen].cards)}))
    if verdict.ties:
        rivals = tuple(c for i in verdict.ties for c in figures[i].cards)
        notes.append(
            Said(
                "tie.play",
                {
                    "rivals": Symbols(rivals),
                    "gap": Points(verdict.tie_gap, 2),
                    "gap_error": Number(verdict.tie_error, 2),
                    "tiebreak": _tiebreak(verdict, figures, chosen, sign),
                },
            )
        )
    if verdict.departures:
        rivals = tuple(c for i in verdict.departures for c in figures[i].cards)
        notes.append(_departure("play", Symbols(rivals), verdict))
    if not verdict.ties and not verdict.departures and len(figures) > 1:
        notes.append(Said("clear.play", {}))
    return tuple(notes)


def _pass_notes(
    verdict: Verdict,
    figures: list[Figure],
    outcomes: list[Outcomes],
    chosen: int,
    reverse: bool,
) -> tuple[list[int], tuple[Said, ...]]:
    """The passes the notes name (by index), and the notes (hint voice)."""
    sign = -1 if reverse else 1
    named: list[int] = []
    notes: list[Said] = []
    total = len(figures) - 1
    if verdict.ties:
        rival = min(verdict.ties, key=lambda i: (sign * figures[i].points, i))
        gap, error = difference(outcomes[rival].own, outcomes[chosen].own)
        named.append(rival)
        notes.append(
            Said(
                "tie.pass",
                {
                    "count": len(verdict.ties),
                    "total": total,
                    "rival": pass_set(figures[rival].cards),
                    "rival_cost": Points(figures[rival].points),
                    "gap": Points(abs(gap), 2),
                    "gap_error": Number(error, 2),
                    "tiebreak": _tiebreak(verdict, figures, chosen, sign),
                },
            )
        )
    if verdict.departures:
        rival = min(verdict.departures, key=lambda i: (sign * figures[i].points, i))
        named.append(rival)
        notes.append(_departure("pass", pass_set(figures[rival].cards), verdict))
    if not verdict.ties and not verdict.departures and total:
        notes.append(Said("clear.pass", {"total": total}))
    return named, tuple(notes)


def _departure(kind: str, rivals: Symbols, verdict: Verdict) -> Said:
    why_params: dict[str, object] = {}
    if verdict.why == "others":
        why_params = {
            "others_gap": Points(verdict.others_gap),
            "standing": Said("standing." + verdict.standing, {}),
        }
    return Said(
        "departure." + kind,
        {
            "rivals": rivals,
            "gap": Points(verdict.gap, 2),
            "gap_error": Number(verdict.gap_error, 2),
            "why": Said("why." + verdict.why, why_params),
        },
    )


def play_to_the_end(
    ctx: Context, deal: Deal, situation: Situation, dead: int, objective: Objective
) -> tuple[float, int, float]:
    """Finish a sampled deal with the heuristic for every seat: its cost for the
    objective, the points of the bot's own side and the others' mean points."""
    taken, won = playout(ctx, deal, situation)
    return _outcome(ctx, taken, won, dead, objective)


def _outcome(
    ctx: Context, taken: list[int], won: list[int], dead: int, objective: Objective
) -> tuple[float, int, float]:
    """A finished playout's cost for the objective, the bot's side's points and the
    others' mean points, from the cards taken and the tricks won."""
    return objective.outcome(ctx, deal_scores(ctx, taken, dead, won, objective.totals))


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
    "Objective",
    "SamplingError",
    "Weighing",
    "choose_pass",
    "deal_scores",
    "equivalent_groups",
    "sample_hands",
]
