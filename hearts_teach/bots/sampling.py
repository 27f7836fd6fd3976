"""Sampling the hidden cards: deals of the cards a seat cannot see, consistent with
what it knows (hand sizes, suits shown void, the cards it passed, the dead cards of
two-player Hearts being unknown), drawn at random, or by an exact assignment of suits to
seats (a flow) when random dealing keeps failing."""

from __future__ import annotations

import random

from hearts_teach.cards import SUIT_OF, indexes_of
from hearts_teach.deal import PlayerView

DEAL_ATTEMPTS = 30
"""Random deals of the hidden cards tried before an exact assignment of suits to seats."""


class SamplingError(Exception):
    """No deal of the hidden cards fits what the seat knows (a corrupt view)."""


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
        opener, opening = _opening_holder(view)
        if opening & unseen:
            hands[opener] |= opening
            capacity[opener] -= 1
            unseen &= ~opening
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
            placed = deal_by_flow(self.cards, self.caps, self.allowed, rng)
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


def _opening_holder(view: PlayerView) -> tuple[int, int]:
    """Who holds the opening card, shown by who led the first trick (0, 0 when nothing
    is shown): with the option to lead any club, the opening card's holder may have led
    another club and kept it. Only without dead cards, where the opening card is known."""
    rules = view.rules
    first = view.tricks[0] if view.tricks else None
    if first is None or not first.plays or rules.dead_count or not rules.opening_chain:
        return 0, 0
    if view.trick_number - len(view.tricks) > 0:  # a set position: no record of trick 1
        return 0, 0
    leader, card = first.plays[0]
    opening = rules.opening_chain[0]
    if card == opening or rules.first_lead != "two_of_clubs":
        return 0, 0
    return leader, opening.bit


def _known_dead(view: PlayerView) -> int:
    """Two-player opening: whoever leads 4♣ (or 6♣) shows that the lower ones are dead; a
    kitty's opening the same: the 3♣ led shows the 2♣ in the kitty (§16.7)."""
    chain = view.rules.opening_chain
    if view.rules.first_lead_any_club and view.rules.kitty:
        return 0  # any club may open: a higher one shows nothing about the kitty
    first = view.tricks[0].plays[0][1] if view.tricks else view.trick[0][1] if view.trick else None
    if first is None or first not in chain:
        return 0
    dead = 0
    for card in chain:
        if card == first:
            break
        dead |= card.bit
    return dead


def deal_by_flow(
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
