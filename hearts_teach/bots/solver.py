"""Exact play with every hand known: the "double dummy" of Hearts.

Given a position after the first trick with every hand known, the solver plays the deal
out exactly: each player chooses the card that leads, with everyone playing so from then
on, to the fewest points for their side (themselves, or their partnership) at the end
of the deal, under the rules in force, the moon included (the engine's own scoring,
``scoring.scores_of_masks``, scores every end). In Reverse Hearts each player wants the
most. Of two cards that give their side the same points, a player prefers the one that
gives the others more (fewer in Reverse); of two that are the same on both counts, the
one it tries first (:meth:`Solver.moves`), so that the answer is one definite play.
This is max^n search: one value per player, each player choosing by their own.

What makes it fast enough for the bots and the review (``benchmarks/engine.py``):

- a transposition table at the end of each trick, keyed by the cards still held, who
  leads, whether hearts are broken and who took each scoring card since the start of
  the search (with the no-trick bonus, who has won a trick);
- cards that cannot play differently merged: of one hand, same suit and value, no card
  of another hand or of the trick ranking between them (Q♠ always apart);
- the end computed at once when no scoring card is left to take;
- a cut: once no moon can happen any more (no bonus for taking no trick pending either),
  a player who has found a card that gives their side no more than the points they
  cannot avoid (fewer is impossible) tries no other card; move ordering (ducking first,
  then the points discarded) finds such a card early.

The module is compiled with mypyc with the engine (setup.py); Pyodide runs it as
Python. It reads only the position it is given: the bots give it the sampled deals of
what they cannot see, never the real hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hearts_teach.cards import (
    FIRST_HEART,
    HEARTS_MASK,
    QS_BIT,
    QS_INDEX,
    SUIT_MASK_OF,
    SUIT_OF,
)
from hearts_teach.deal import Deal, trick_winner
from hearts_teach.errors import BotError
from hearts_teach.rules import Rules
from hearts_teach.scoring import scores_of_masks

PREFERENCE_WEIGHT: Final = 1 << 12
"""A point for one's own side outweighs any difference in the others' points."""
SPADES: Final = 2
QS_BREAKS: Final = {"off": 0, "discard": 1, "any": 2}
VALUE_ROOM: Final = 512
"""More than any card's value, so that a card's worth orders the discards."""


class SolverLimit(Exception):
    """The search visited more positions than its budget allowed."""


class Outcome:
    """A deal played to its end: each player's score for the deal (``scores``) and how
    each seat ranks that end (``keys``: lower is preferred)."""

    scores: tuple[int, ...]
    keys: list[int]

    def __init__(self, scores: tuple[int, ...], keys: list[int]) -> None:
        self.scores = scores
        self.keys = keys

    def __repr__(self) -> str:
        return f"Outcome(scores={self.scores})"


class _Taking:
    """A trick taken in the search, and what taking it changed (to take it back)."""

    winner: int
    on_table: int
    cards: list[int]
    leader: int
    bonus_owners: int
    needed_takers: int
    positive_left: int
    negative_left: int
    points: int

    def __init__(
        self,
        winner: int,
        on_table: int,
        cards: list[int],
        leader: int,
        owners: int,
        needed_takers: int,
        positive_left: int,
        negative_left: int,
    ) -> None:
        self.winner = winner
        self.on_table = on_table
        self.cards = cards
        self.leader = leader
        self.bonus_owners = owners
        self.needed_takers = needed_takers
        self.positive_left = positive_left
        self.negative_left = negative_left
        self.points = 0


class Solver:
    """One position with every hand known, after the first trick.

    ``hands``: each player's cards (masks); ``dead``: cards out of play; ``taken``: the
    cards each player has taken; ``won``: the tricks each has won; ``trick``: the cards
    of the trick in progress (card indexes, in play order) led by ``leader``;
    ``broken``: whether hearts are broken; ``totals``: the game's totals before the deal
    and ``deals_played`` this deal's number in the game counted from 1 (they decide a
    Mixed Moon and the shooter's choice, as the engine's scoring does); ``max_nodes``: a budget of
    positions visited (0: none), past which :class:`SolverLimit` is raised.

    The transposition table is kept between calls: :meth:`card_outcomes` and
    :meth:`outcome` of the same solver share it.
    """

    rules: Rules
    players: int
    trump: bool
    values: list[int]
    scoring: int
    needed: int
    moon_rules: bool
    avoid_bonus: bool
    reset: bool
    sun: bool
    qs_breaks: int
    hearts_for_queen: bool
    sign: int
    sides: list[list[int]]
    dead: int
    totals: list[int]
    deals_played: int | None
    hands: list[int]
    taken: list[int]
    won: list[int]
    points: list[int]
    trick: list[int]
    leader: int
    broken: bool
    bonus_owners: int
    slots: list[int]
    needed_takers: int
    positive_left: int
    negative_left: int
    counting: int
    nothing: list[int]
    moons: dict[int, Outcome]
    table: dict[int, Outcome]
    points_table: dict[int, list[int]]
    nodes: int
    max_nodes: int

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[int],
        dead: int,
        taken: Sequence[int],
        won: Sequence[int],
        trick: Sequence[int],
        leader: int,
        broken: bool,
        totals: Sequence[int],
        deals_played: int | None = None,
        max_nodes: int = 0,
    ) -> None:
        n = rules.players
        self.rules = rules
        self.players = n
        self.trump = rules.hearts_trump
        self.values = list(rules.values)
        bonus = 0
        for index in range(52):
            if self.values[index] < 0:
                bonus |= 1 << index
        self.scoring = (rules.penalty_cards | bonus) & rules.deck
        # a kitty is in the first trick's winner's tricks by now: the moon needs it (§16.7)
        moon_cards = rules.moon_cards if rules.kitty else rules.moon_cards & ~dead
        self.needed = moon_cards
        self.moon_rules = rules.effective_moon != "none" and moon_cards != 0
        # the exactly-on-target reset (docs/rules.md §16.1) makes a deal's scores depend on
        # the totals, so no end is known from the points to come alone
        self.avoid_bonus = rules.avoid_all_tricks_bonus
        self.reset = rules.exact_target_reset is not None
        self.sun = rules.sun != "off"
        self.qs_breaks = QS_BREAKS[rules.qs_breaks_hearts]
        self.hearts_for_queen = rules.lead_hearts_instead_of_qs
        self.sign = -1 if rules.reverse else 1
        by_player = {member: list(team) for team in rules.teams() for member in team}
        self.sides = [by_player[p] for p in range(n)]
        self.dead = dead
        self.totals = list(totals)
        self.deals_played = deals_played
        self.hands = list(hands)
        self.taken = list(taken)
        self.won = list(won)
        self.points = [self._points_of(mask) for mask in taken]
        self.trick = list(trick)
        self.leader = leader
        self.broken = broken
        self.bonus_owners = 0
        in_play = 0
        for hand in hands:
            in_play |= hand
        for card in trick:
            in_play |= 1 << card
        self.slots = [0] * 52
        slot = 0
        positive = negative = 0
        for card in range(52):
            if in_play >> card & 1:
                value = self.values[card]
                if value > 0:
                    positive += value
                elif value < 0:
                    negative += value
                if value < 0:
                    self.slots[card] = slot
                    slot += 1
        self.positive_left = positive
        self.negative_left = negative
        takers = 0
        for player in range(n):
            if taken[player] & moon_cards:
                takers |= 1 << player
        self.needed_takers = takers
        counting = 0
        for index in range(52):
            if self.values[index]:
                counting |= 1 << index
        self.counting = counting & rules.deck
        self.nothing = [0] * n
        self.moons = {}
        self.table = {}
        self.points_table = {}
        self.nodes = 0
        self.max_nodes = max_nodes

    @classmethod
    def from_deal(cls, deal: Deal, max_nodes: int = 0) -> Solver:
        """The position of ``deal`` (in its play phase, after the first trick), every
        hand as it is."""
        if deal.phase != "play" or deal.trick_number == 0:
            raise BotError("bot_solver_position")
        return cls(
            deal.rules,
            deal.hands,
            deal.dead,
            deal.taken,
            deal.tricks_won,
            [card.index for _player, card in deal.current_trick.plays],
            deal.leader,
            deal.hearts_broken,
            deal.totals,
            deal.deal_number + 1,
            max_nodes,
        )

    # --- what the position is ----------------------------------------------------------

    def _points_of(self, mask: int) -> int:
        total = 0
        values = self.values
        while mask:
            low = mask & -mask
            total += values[low.bit_length() - 1]
            mask ^= low
        return total

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    def legal(self) -> int:
        """The cards the player to play may play (the rules after the first trick)."""
        hand = self.hands[self.to_play]
        trick = self.trick
        if trick:
            follow = hand & SUIT_MASK_OF[trick[0]]
            return follow if follow else hand
        if self.broken:
            return hand
        others = hand & ~HEARTS_MASK
        if others and not (self.hearts_for_queen and others == QS_BIT):
            return others
        return hand

    def moves(self, legal: int) -> list[int]:
        """The legal cards worth trying, in the order tried (:func:`move_order`): one
        card of each set that plays the same, the first in that order."""
        trick = self.trick
        mover = self.to_play
        outside = 0
        for player in range(self.players):
            if player != mover:
                outside |= self.hands[player]
        for card in trick:
            outside |= 1 << card
        kept: list[int] = []
        for card in move_order(legal, trick, self.values, self.trump):
            for other in kept:
                if self._same(card, other, outside):
                    break
            else:
                kept.append(card)
        return kept

    def _same(self, card: int, other: int, outside: int) -> bool:
        if SUIT_OF[card] != SUIT_OF[other] or card == QS_INDEX or other == QS_INDEX:
            return False
        if self.values[card] != self.values[other]:
            return False
        low, high = (card, other) if card < other else (other, card)
        between = ((1 << high) - 1) & ~((1 << (low + 1)) - 1)
        return not between & outside

    # --- the search ----------------------------------------------------------------------

    def outcome(self) -> Outcome:
        """The end of the deal with every player playing exactly from here."""
        return self._search()

    def card_outcomes(self) -> dict[int, Outcome]:
        """For each legal card of the player to play (cards that play the same share
        one outcome), the end of the deal when it is played now and everyone plays
        exactly after it."""
        legal = self.legal()
        tried = self.moves(legal)
        found: dict[int, Outcome] = {}
        for card in tried:
            found[card] = self._after(card)
        outside = 0
        mover = self.to_play
        for player in range(self.players):
            if player != mover:
                outside |= self.hands[player]
        for card in self.trick:
            outside |= 1 << card
        result: dict[int, Outcome] = {}
        rest = legal
        while rest:
            low = rest & -rest
            card = low.bit_length() - 1
            rest ^= low
            for first in tried:
                if first == card or self._same(card, first, outside):
                    result[card] = found[first]
                    break
        return result

    def best_cards(self) -> list[int]:
        """The legal cards whose end is the best for the player to play (its side's
        points first, then the others'): the cards a player who sees every hand may
        choose among."""
        mover = self.to_play
        outcomes = self.card_outcomes()
        best = min(outcome.keys[mover] for outcome in outcomes.values())
        return sorted(card for card, outcome in outcomes.items() if outcome.keys[mover] == best)

    def _after(self, card: int) -> Outcome:
        """The end when the player to play plays ``card`` now (then exact play)."""
        player = self.to_play
        was_broken = self._push(player, card)
        if len(self.trick) == self.players:
            taking = self._collect()
            outcome = self._search()
            self._give_back(taking)
        else:
            outcome = self._search()
        self._pop(player, card, was_broken)
        return outcome

    def _points_after(self, card: int) -> list[int]:
        """:meth:`_after` once only points can change the end (:meth:`_points_to_come`):
        the points each player takes from now, ``card`` played first."""
        player = self.to_play
        was_broken = self._push(player, card)
        if len(self.trick) == self.players:
            taking = self._collect()
            future = self._points_to_come()
            if taking.points:
                future = future[:]
                future[taking.winner] += taking.points
            self._give_back(taking)
        else:
            future = self._points_to_come()
        self._pop(player, card, was_broken)
        return future

    def _push(self, player: int, card: int) -> bool:
        """Play ``card`` from ``player``'s hand; whether hearts were broken before."""
        was_broken = self.broken
        self.hands[player] ^= 1 << card
        self.trick.append(card)
        if not was_broken and self._breaks(card):
            self.broken = True
        return was_broken

    def _pop(self, player: int, card: int, was_broken: bool) -> None:
        self.trick.pop()
        self.hands[player] ^= 1 << card
        self.broken = was_broken

    def _breaks(self, card: int) -> bool:
        if card >= FIRST_HEART:
            return True
        if card != QS_INDEX or self.qs_breaks == 0:
            return False
        return not (self.qs_breaks == 1 and SUIT_OF[self.trick[0]] == SPADES)

    def _collect(self) -> _Taking:
        """The trick is full: its winner takes it and leads next."""
        trick = self.trick
        on_table = 0
        for card in trick:
            on_table |= 1 << card
        position = trick.index(trick_winner(on_table, trick[0], self.trump))
        winner = (self.leader + position) % self.players
        taking = _Taking(
            winner,
            on_table,
            trick[:],
            self.leader,
            self.bonus_owners,
            self.needed_takers,
            self.positive_left,
            self.negative_left,
        )
        points = 0
        code = 0
        for card in trick:
            value = self.values[card]
            points += value
            if value > 0:
                self.positive_left -= value
            elif value < 0:
                self.negative_left -= value
            if value < 0:
                code += (winner + 1) << (3 * self.slots[card])
        taking.points = points
        self.bonus_owners += code
        if on_table & self.needed:
            self.needed_takers |= 1 << winner
        self.taken[winner] |= on_table
        self.won[winner] += 1
        self.points[winner] += points
        trick.clear()
        self.leader = winner
        return taking

    def _give_back(self, taking: _Taking) -> None:
        """Undo :meth:`_collect`."""
        winner = taking.winner
        self.trick.extend(taking.cards)
        self.leader = taking.leader
        self.taken[winner] ^= taking.on_table
        self.won[winner] -= 1
        self.points[winner] -= taking.points
        self.bonus_owners = taking.bonus_owners
        self.needed_takers = taking.needed_takers
        self.positive_left = taking.positive_left
        self.negative_left = taking.negative_left

    def _held(self) -> int:
        """Every card still in a hand."""
        held = 0
        for hand in self.hands:
            held |= hand
        return held

    def _count_node(self) -> None:
        self.nodes += 1
        if self.max_nodes and self.nodes > self.max_nodes:
            raise SolverLimit(self.nodes)

    def _search(self) -> Outcome:
        trick = self.trick
        key = -1
        if not trick:
            remaining = self._held()
            key = self._key(remaining)
            known = self.table.get(key)
            if known is not None:
                return known
            if not remaining or (not remaining & self.scoring and not self._trick_bonus_pending()):
                outcome = self._end()  # nothing left to take changes the end
                self.table[key] = outcome
                return outcome
        if not self._trick_bonus_pending() and not self._moon_open():
            outcome = self._with_points(self._points_to_come())
        else:
            self._count_node()
            player = self.to_play
            cut = self._open_cut(player)
            best: Outcome | None = None
            best_key = 0
            for card in self.moves(self.legal()):
                found = self._after(card)
                mine = found.keys[player]
                if best is None or mine < best_key:
                    best, best_key = found, mine
                    if cut is not None and mine <= cut:
                        break
            assert best is not None  # a player to play holds a card
            outcome = best
        if key >= 0:
            self.table[key] = outcome
        return outcome

    def _points_to_come(self) -> list[int]:
        """The points each player takes from here, once nothing but points can change
        the end (no moon open, no no-trick bonus pending): then each player's choice
        depends on these only, whatever was taken before, and they are kept by the
        cards still held, the leader and hearts broken. A player stops trying cards
        once one gives their side nothing but the bonuses still out (every point still
        out, in Reverse): no card can do better."""
        self._count_node()
        trick = self.trick
        key = -1
        if not trick:
            remaining = self._held()
            if not remaining & self.counting:
                return self.nothing
            key = (remaining << 3 | self.leader) << 1 | self.broken
            known = self.points_table.get(key)
            if known is not None:
                return known
        player = self.to_play
        side = self.sides[player]
        sign = self.sign
        floor = sign * (self.negative_left if sign > 0 else self.positive_left)
        best: list[int] | None = None
        best_own = 0
        for card in self.moves(self.legal()):
            future = self._points_after(card)
            own = 0
            for member in side:
                own += future[member]
            own *= sign
            if best is None or own < best_own:
                best, best_own = future, own
                if own <= floor:
                    break
        assert best is not None
        if key >= 0:
            self.points_table[key] = best
        return best

    def _open_cut(self, player: int) -> int | None:
        """While a moon is open and one player alone has taken cards it needs: the best
        end ``player`` can hope for, at which they stop trying cards. Every scoring card
        still in play being one the moon needs, that player's moon is one end, always
        the same (:meth:`_moon_by`); any other end has no moon and gives ``player``'s
        side no fewer points than it has now plus the bonuses still out (every point
        still out, in Reverse). The better of the two, as ``player`` ranks ends; None
        when no such bound holds (nobody has taken a needed card, another scoring card
        is in play, or the bonus for taking no trick is still pending)."""
        takers = self.needed_takers
        if not takers or takers & (takers - 1) or self._trick_bonus_pending():
            return None
        in_play = self._held()
        for card in self.trick:
            in_play |= 1 << card
        if in_play & self.scoring & ~self.needed:
            return None
        own = 0
        total = self.positive_left + self.negative_left
        for other in range(self.players):
            total += self.points[other]
        for member in self.sides[player]:
            own += self.points[member]
        best_own = own + (self.negative_left if self.sign > 0 else self.positive_left)
        floor = self.sign * (best_own * PREFERENCE_WEIGHT - (total - best_own))
        moon = self._moon_by(takers.bit_length() - 1, in_play).keys[player]
        return moon if moon < floor else floor

    def _moon_by(self, shooter: int, in_play: int) -> Outcome:
        """The end in which ``shooter`` takes every card still in play (their moon):
        the same from every position of the search where they alone have taken cards
        the moon needs and every scoring card in play is one it needs."""
        known = self.moons.get(shooter)
        if known is None:
            taken = self.taken[:]
            taken[shooter] |= in_play
            points = [self._points_of(mask) for mask in taken]
            # taking every card still in play, the shooter wins every trick left (a sun)
            won = self.won[:]
            won[shooter] += in_play.bit_count() // self.players
            scores = scores_of_masks(
                self.rules,
                taken,
                self.dead,
                points,
                won,
                self.totals,
                deals_played=self.deals_played,
            )[0]
            known = self._outcome(scores)
            if not self.sun:  # a sun depends on the tricks won before, not kept here
                self.moons[shooter] = known
        return known

    def _with_points(self, future: list[int]) -> Outcome:
        """The end when each player takes ``future`` points more and nothing else
        scores: no moon, no bonus for taking no trick (what the engine's scoring gives
        then, the points taken; the tests hold the two together)."""
        return self._outcome([self.points[p] + future[p] for p in range(self.players)])

    def _key(self, remaining: int) -> int:
        """What the end from a trick's start depends on: the cards still held (hence who
        holds them), the leader, hearts broken, each player's points, who has taken a
        card the moon needs, who took each bonus card (J♦ counts on a moon when the
        rules say so) and, with the no-trick bonus, who has won a trick."""
        key = 0
        for points in self.points:
            key = key << 11 | (points + 1024)
        key = (key << 24 | self.bonus_owners) << 6 | self.needed_takers
        if self.avoid_bonus:
            for player in range(self.players):
                key = key << 1 | (self.won[player] > 0)
        if self.sun:  # who, if anyone, has won every trick so far (a sun still open)
            won = sum(self.won)
            sole = next((p + 1 for p in range(self.players) if won and self.won[p] == won), 0)
            key = key << 3 | sole
        return ((key << 3 | self.leader) << 1 | self.broken) << 52 | remaining

    def _trick_bonus_pending(self) -> bool:
        """Whether the no-trick bonus may still go to a player who has won no trick, or
        the totals may yet land on the target (the reset, §16.1): then the points to
        come alone do not make the end."""
        return self.reset or (self.avoid_bonus and min(self.won) == 0)

    def _moon_open(self) -> bool:
        takers = self.needed_takers
        return self.moon_rules and takers & (takers - 1) == 0

    def _end(self) -> Outcome:
        """The deal's scores from the cards taken now (nothing left changes them)."""
        scores = scores_of_masks(
            self.rules,
            self.taken,
            self.dead,
            self.points,
            self.won,
            self.totals,
            deals_played=self.deals_played,
        )[0]
        return self._outcome(scores)

    def _outcome(self, scores: list[int]) -> Outcome:
        total = 0
        for score in scores:
            total += score
        keys = []
        for player in range(self.players):
            own = 0
            for member in self.sides[player]:
                own += scores[member]
            keys.append(self.sign * (own * PREFERENCE_WEIGHT - (total - own)))
        return Outcome(tuple(scores), keys)


def move_order(legal: int, trick: list[int], values: Sequence[int], trump: bool) -> list[int]:
    """The order a player's legal cards are tried in (and ties broken by): low leads
    first; following, the cards that duck under the trick's winner, highest first, then
    those that win it, lowest first; discarding, the most points first, then the
    highest card."""
    # Each card as one integer whose order is the order wanted (the card in 6 bits).
    ranked: list[int] = []
    rest = legal
    if not trick:
        while rest:
            low = rest & -rest
            card = low.bit_length() - 1
            rest ^= low
            ranked.append((card % 13) << 6 | card)
    elif not legal & SUIT_MASK_OF[trick[0]]:
        while rest:
            low = rest & -rest
            card = low.bit_length() - 1
            rest ^= low
            ranked.append(((VALUE_ROOM - values[card]) << 4 | (12 - card % 13)) << 6 | card)
    else:
        led = trick[0]
        on_table = 0
        for card in trick:
            on_table |= 1 << card
        while rest:
            low = rest & -rest
            card = low.bit_length() - 1
            rest ^= low
            if trick_winner(on_table | low, led, trump) == card:
                ranked.append((64 + card) << 6 | card)  # winners after, lowest first
            else:
                ranked.append((63 - card) << 6 | card)  # ducks first, highest first
    ranked.sort()
    return [code & 63 for code in ranked]


__all__ = ["Outcome", "Solver", "SolverLimit", "move_order"]
