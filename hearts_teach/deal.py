"""One deal as a state machine: pass phase, play phase, over.

The state is a handful of integers and bit masks so that ``copy()`` and a playout
are cheap for a search bot. Every action can be undone, and an illegal action
raises :class:`IllegalMove` before anything changes.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal, NamedTuple

from hearts_teach.cards import (
    CARDS,
    CHUNKS,
    HEARTS_MASK,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Card,
    Suit,
    cards_of,
    indexes_of,
    mask_of,
    mask_of_indexes,
    parse_cards,
)
from hearts_teach.errors import HeartsError, IllegalMove, RulesError
from hearts_teach.i18n import text
from hearts_teach.rules import Rules

if TYPE_CHECKING:
    from hearts_teach.scoring import DealResult

Phase = Literal["pass", "play", "over"]

# Final: a compiled build (mypyc) reads these as constants.
_QS_BIT: Final = QUEEN_OF_SPADES.bit
_QS_INDEX: Final = QUEEN_OF_SPADES.index
_FIRST_HEART: Final = 39
_CLUBS: Final = SUIT_MASKS[Suit.CLUBS]
_SUIT_OF: Final = tuple(i // 13 for i in range(52))
_SUIT_MASK_OF: Final = tuple(SUIT_MASKS[i // 13] for i in range(52))


@dataclass(frozen=True)
class Explanation:
    """Whether a card may be played now, and the rule that decides."""

    card: Card
    legal: bool
    reason: str
    params: tuple[tuple[str, object], ...] = ()

    def text(self, lang: str = "en") -> str:
        return text("reason." + self.reason, lang, **dict(self.params))

    def __bool__(self) -> bool:
        return self.legal


def _first_trick_cards(rules: Rules, hand: int) -> int:
    """What the first-trick ban (docs/rules.md §2.7) leaves of ``hand``, for the leader and
    the followers alike: the cards worth no points; with nothing else, every card (the
    hearts alone in the strict mode)."""
    safe = hand & ~rules.penalty_cards
    if safe:
        return safe
    if rules.first_trick_forced == "hearts_before_queen" and hand & HEARTS_MASK:
        return hand & HEARTS_MASK
    return hand


def _first_trick_refusal(rules: Rules, card: Card, hand: int) -> Explanation:
    """Why the first-trick ban refuses ``card`` (one :func:`_first_trick_cards` leaves out)."""
    if hand & ~rules.penalty_cards:
        return Explanation(card, False, "no_points_first_trick", (("card", card),))
    return Explanation(card, False, "hearts_before_queen")


class Trick(NamedTuple):
    """A trick: who led, the cards in play order with their players, and the winner."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int | None

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)


@dataclass(frozen=True)
class PlayerView:
    """All that one seat may see, and nothing more: what a bot is given.

    ``hand`` is the seat's own hand; ``played`` every card played so far with its
    player; ``voids`` the suits each player has shown void (a bit per suit);
    ``passed`` / ``received`` this seat's own pass.
    """

    rules: Rules
    player: int
    hand: int
    to_play: int
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    taken: tuple[int, ...]
    hearts_broken: bool
    voids: tuple[int, ...]
    passed: int
    received: int
    pass_direction: str | None
    phase: Phase
    legal: int
    hand_sizes: tuple[int, ...]
    dead_count: int
    totals: tuple[int, ...]
    deal_number: int

    def legal_moves(self) -> list[Card]:
        return cards_of(self.legal)

    @property
    def hand_cards(self) -> list[Card]:
        return cards_of(self.hand)

    @property
    def played_mask(self) -> int:
        mask = 0
        for trick in self.tricks:
            for _, card in trick.plays:
                mask |= card.bit
        for _, card in self.trick:
            mask |= card.bit
        return mask

    @property
    def unseen(self) -> int:
        """Cards this seat cannot place: in another hand or (with two players) dead."""
        return self.rules.deck & ~self.hand & ~self.played_mask

    @property
    def trick_number(self) -> int:
        """Tricks completed in the deal, including those before a set position: a seat
        that has not yet played to the current trick holds one card per trick to come."""
        return self.rules.hand_size - max(self.hand_sizes)

    @property
    def points_taken(self) -> tuple[int, ...]:
        values = self.rules.values
        return tuple(sum(values[c.index] for c in cards_of(m)) for m in self.taken)


def winning_position(trick: Sequence[int], hearts_trump: bool = False) -> int:
    """Position in a trick (card indexes in play order) of the card that wins it so far:
    the highest of the suit led, or the highest heart when hearts are trumps."""
    if hearts_trump:
        hearts = [c for c in trick if c >= 39]
        if hearts:
            return trick.index(max(hearts))
    low = _SUIT_OF[trick[0]] * 13
    best = trick[0]
    for c in trick:
        if low <= c < low + 13 and c > best:
            best = c
    return trick.index(best)


class Deal:
    """A deal of Hearts: deal, pass, tricks, over.

    Players are numbered 0..n-1 in playing order; "left" is the next player.
    """

    __slots__ = (
        "_broken",
        "_broken_at",
        "_first_undoable",
        "_leader",
        "_legal",
        "_opening",
        "_pass_log",
        "_passes",
        "_phase",
        "_players",
        "_to_play",
        "_trick",
        "_trick_mask",
        "_trick_no",
        "completed",
        "dead",
        "deal_number",
        "dealt",
        "hands",
        "is_over",
        "pass_direction",
        "rules",
        "start_broken",
        "start_leader",
        "taken",
        "totals",
    )

    rules: Rules
    start_leader: int | None
    start_broken: bool
    hands: list[int]
    dealt: tuple[int, ...]
    dead: int
    deal_number: int
    pass_direction: str | None
    taken: list[int]
    totals: tuple[int, ...]
    completed: list[tuple[int, tuple[int, ...], int]]
    is_over: bool
    """Whether every trick has been played (a plain attribute: search loops test it
    after every card)."""

    def __new__(cls, *args: object, **kwargs: object) -> Deal:
        # Deal.__new__(Deal) alone gives the blank instance that copy() and from_view()
        # fill in; defined here because a compiled build (mypyc) needs it spelt out.
        return super().__new__(cls)

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[int],
        dead: int = 0,
        *,
        deal_number: int = 0,
        pass_direction: str | None = None,
        leader: int | None = None,
        hearts_broken: bool = False,
        totals: Sequence[int] | None = None,
    ) -> None:
        """Low level: hands as bit masks. Use :meth:`new` or :meth:`from_hands`."""
        n = rules.players
        self.rules = rules
        self.start_leader = leader
        self.start_broken = hearts_broken
        self.hands = list(hands)
        self.dealt = tuple(hands)
        self.dead = dead
        self.deal_number = deal_number
        self.pass_direction = pass_direction
        self.taken = [0] * n
        self.totals = tuple(totals) if totals is not None else (0,) * n
        self.completed = []
        self.is_over = False
        self._players = n
        self._trick: list[int] = []
        self._broken = hearts_broken or not rules.must_break_hearts
        self._trick_mask = 0
        # (player, chosen mask, previous choice or None) for each pass choice, in order.
        # Plays need no log: the tricks hold them in order, and undo takes back cards
        # while more have been played than when the deal was set up.
        self._pass_log: list[tuple[int, int, int | None]] = []
        # Cards played when a card broke hearts (0: hearts not broken by a play here).
        self._broken_at = 0
        self._passes: list[int | None] = [None] * n
        hand_size = self.hands[0].bit_count()
        # Tricks already played before a set position with short hands.
        self._trick_no = rules.hand_size - hand_size
        self._first_undoable = self._trick_no * n
        self._opening: int | None = None
        self._legal = -1
        if pass_direction is not None:
            self._phase: Phase = "pass"
            self._leader = 0
            self._to_play = 0
        else:
            self._phase = "play"
            self._start_play(leader)

    # --- construction ---------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules,
        seed: int | str | None = None,
        deal_number: int = 0,
        *,
        rng: random.Random | None = None,
        totals: Sequence[int] | None = None,
    ) -> Deal:
        """A shuffled deal; in the pass phase when a pass is due for this deal number."""
        generator = rng if rng is not None else random.Random(seed)
        deck = list(rules.deck_bits)
        generator.shuffle(deck)
        n = rules.players
        hands = [0] * n
        dead = 0
        if rules.dead_count:
            # Two-player: one card aside, 13 each one at a time, the last card aside.
            dead = deck[0] | deck[-1]
            deck = deck[1:-1]
        first = (rules.dealer(deal_number) + 1) % n
        for i in range(n):
            # one card at a time from the dealer's left: every n-th card goes to a player
            hands[(first + i) % n] = sum(deck[i::n])
        direction = rules.pass_direction(deal_number)
        return cls(
            rules,
            hands,
            dead,
            deal_number=deal_number,
            pass_direction=direction,
            totals=totals,
        )

    @classmethod
    def from_hands(
        cls,
        rules: Rules,
        hands: Sequence[str | Iterable[object]],
        dead: str | Iterable[object] = (),
        pass_direction: str | None = None,
        *,
        deal_number: int = 0,
        leader: int | None = None,
        hearts_broken: bool = False,
        totals: Sequence[int] | None = None,
    ) -> Deal:
        """A set position: given hands (texts like ``"2C 9C KC"`` or cards).

        Full hands start the deal (in the pass phase if ``pass_direction`` is given).
        Shorter hands, all of one size, are a position later in the deal: the missing
        cards count as played in earlier tricks; give ``leader`` and ``hearts_broken``.
        """
        n = rules.players
        if len(hands) != n:
            raise HeartsError("hands_count", players=n, count=len(hands))
        masks = [mask_of(parse_cards(h)) for h in hands]
        dead_mask = mask_of(parse_cards(dead))
        seen = 0
        for mask in [*masks, dead_mask]:
            overlap = seen & mask
            if overlap:
                raise HeartsError("card_twice", card=cards_of(overlap)[0])
            outside = mask & ~rules.deck
            if outside:
                raise HeartsError("card_not_in_deck", card=cards_of(outside)[0])
            seen |= mask
        sizes = [m.bit_count() for m in masks]
        if len(set(sizes)) != 1 or sizes[0] > rules.hand_size or sizes[0] == 0:
            raise HeartsError("hands_size", size=rules.hand_size, sizes=sizes)
        full = sizes[0] == rules.hand_size
        if full and dead_mask.bit_count() != rules.dead_count:
            raise HeartsError("dead_count", expected=rules.dead_count, count=dead_mask.bit_count())
        if pass_direction is not None:
            if not full:
                raise HeartsError("hands_size", size=rules.hand_size, sizes=sizes)
            if pass_direction == "across" and n != 4:
                raise RulesError("rules_pass_direction", passing="across", needed=4, players=n)
            if pass_direction not in ("left", "right", "across"):
                raise HeartsError(
                    "rules_value",
                    option="pass_direction",
                    value=pass_direction,
                    choices="left, right, across",
                )
        if leader is not None and not 0 <= leader < n:
            raise HeartsError("player", player=leader, players=n)
        return cls(
            rules,
            masks,
            dead_mask,
            deal_number=deal_number,
            pass_direction=pass_direction,
            leader=leader,
            hearts_broken=hearts_broken,
            totals=totals,
        )

    def _start_play(self, leader: int | None) -> None:
        rules = self.rules
        self._phase = "play"
        self._legal = -1
        self._opening = None
        if self._trick_no == 0 and rules.first_lead == "two_of_clubs":
            for card in rules.opening_chain:
                for player, hand in enumerate(self.hands):
                    if hand & card.bit:
                        self._opening = card.index
                        leader = player
                        break
                if self._opening is not None:
                    break
        if leader is None:
            leader = (rules.dealer(self.deal_number) + 1) % rules.players
        self._leader = leader
        self._to_play = leader
        if self._trick_no >= rules.hand_size:
            self._phase = "over"
            self.is_over = True

    def copy(self) -> Deal:
        other = Deal.__new__(Deal)
        other.rules = self.rules
        other.start_leader = self.start_leader
        other.start_broken = self.start_broken
        other.hands = self.hands[:]
        other.dealt = self.dealt
        other.dead = self.dead
        other.deal_number = self.deal_number
        other.pass_direction = self.pass_direction
        other.taken = self.taken[:]
        other.totals = self.totals
        other.completed = self.completed[:]
        other.is_over = self.is_over
        other._players = self._players
        other._trick = self._trick[:]
        other._broken = self._broken
        other._broken_at = self._broken_at
        other._trick_mask = self._trick_mask
        other._first_undoable = self._first_undoable
        other._pass_log = self._pass_log[:]
        other._passes = self._passes[:]
        other._trick_no = self._trick_no
        other._opening = self._opening
        other._phase = self._phase
        other._leader = self._leader
        other._to_play = self._to_play
        other._legal = self._legal
        return other

    # --- state ----------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def tricks_won(self) -> list[int]:
        """How many tricks each player has won this deal."""
        won = [0] * self._players
        for _leader, _cards, winner in self.completed:
            won[winner] += 1
        return won

    def shown_voids(self) -> list[int]:
        """For each player, the suits (a bit per suit) that player has shown void by
        not following the suit led."""
        voids = [0] * self._players
        n = self._players
        for leader, cards in self._trick_cards():
            led = _SUIT_OF[cards[0]]
            for position, card in enumerate(cards):
                if _SUIT_OF[card] != led:
                    voids[(leader + position) % n] |= 1 << led
        return voids

    @property
    def to_play(self) -> int:
        """Who acts now (during the pass, the first player who has not chosen)."""
        if self._phase == "pass":
            for player, chosen in enumerate(self._passes):
                if chosen is None:
                    return player
        return self._to_play

    @property
    def leader(self) -> int:
        return self._leader

    @property
    def hearts_broken(self) -> bool:
        return self._broken

    @property
    def trick_number(self) -> int:
        """Tricks completed so far (0 during the first trick)."""
        return self._trick_no

    @property
    def current_trick(self) -> Trick:
        return self._trick_value(self._leader, self._trick, None)

    def _trick_value(self, leader: int, cards: Sequence[int], winner: int | None) -> Trick:
        n = self._players
        plays = tuple(((leader + i) % n, CARDS[c]) for i, c in enumerate(cards))
        return Trick(leader, plays, winner)

    def _trick_cards(self) -> list[tuple[int, Sequence[int]]]:
        """(leader, card indexes) of every trick on record, the one in progress last."""
        tricks: list[tuple[int, Sequence[int]]] = [
            (leader, cards) for leader, cards, _winner in self.completed
        ]
        if self._trick:
            tricks.append((self._leader, self._trick))
        return tricks

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, in order."""
        return [self._trick_value(*completed) for completed in self.completed]

    @property
    def last_trick(self) -> Trick | None:
        """The last completed trick, if any."""
        return self._trick_value(*self.completed[-1]) if self.completed else None

    @property
    def trick_completed(self) -> Trick | None:
        """The last completed trick when no card of the next one is on the table yet and
        a card has been played in this deal: right after a play, the trick that card
        completed. None while a trick is in progress or before any card is played."""
        if self._trick or self._cards_played() == self._first_undoable:
            return None
        return self.last_trick

    def hand(self, player: int) -> list[Card]:
        return cards_of(self.hands[self._check_player(player)])

    @property
    def dead_cards(self) -> list[Card]:
        return cards_of(self.dead)

    @property
    def points_taken(self) -> tuple[int, ...]:
        """Raw points each player has taken so far this deal."""
        values = self.rules.values
        return tuple(sum(values[i] for i in indexes_of(mask)) for mask in self.taken)

    @property
    def history(self) -> list[tuple[str, int, tuple[Card, ...]]]:
        """Every action so far: ("pass", player, cards) or ("play", player, (card,))."""
        result: list[tuple[str, int, tuple[Card, ...]]] = [
            ("pass", player, tuple(cards_of(chosen))) for player, chosen, _ in self._pass_log
        ]
        result.extend(("play", player, (card,)) for player, card in self.plays)
        return result

    @property
    def plays(self) -> list[tuple[int, Card]]:
        """Every card played in this deal since it was set up, with its player, in order
        (a deal made from a view or a set position starts with none: what was played
        before is in its tricks, not here)."""
        undoable = self._cards_played() - self._first_undoable
        if not undoable:
            return []
        n = self._players
        every = [
            ((leader + position) % n, CARDS[card])
            for leader, cards in self._trick_cards()
            for position, card in enumerate(cards)
        ]
        return every[-undoable:]

    def passes(self) -> list[list[Card] | None]:
        """The cards each player chose to pass (None while not chosen or with no pass)."""
        return [None if m is None else cards_of(m) for m in self._passes]

    def received(self, player: int) -> list[Card]:
        """The cards the player received in the exchange (empty before it)."""
        if self.pass_direction is None or any(m is None for m in self._passes):
            return []
        giver = self.rules.pass_giver(player, self.pass_direction)
        chosen = self._passes[giver]
        return cards_of(chosen) if chosen is not None else []

    def _check_player(self, player: int) -> int:
        if not 0 <= player < self.rules.players:
            raise HeartsError("player", player=player, players=self.rules.players)
        return player

    # --- legal moves ----------------------------------------------------------

    def legal_mask(self) -> int:
        """Legal cards of the player to play, as a bit mask (0 outside the play phase)."""
        legal = self._legal
        if legal >= 0:
            return legal
        hand = self.hands[self._to_play]
        trick = self._trick
        if self._trick_no and trick:
            # Past the first trick a player follows suit if able, else may discard anything.
            legal = hand & _SUIT_MASK_OF[trick[0]] or hand
        elif self._trick_no and self._broken:
            # A lead once hearts are broken. (A deal over has empty hands: 0.)
            legal = hand
        else:
            legal = self._compute_legal()
        self._legal = legal
        return legal

    def _compute_legal(self) -> int:
        if self._phase != "play":
            return 0
        rules = self.rules
        hand = self.hands[self._to_play]
        trick = self._trick
        if not trick:
            if self._opening is not None and self._trick_no == 0:
                if rules.first_lead_any_club and hand & _CLUBS:
                    return hand & _CLUBS
                return 1 << self._opening
            allowed = hand
            if self._trick_no == 0 and rules.first_trick_no_points:
                # A free first lead (left of the dealer) is bound by the ban too.
                allowed = _first_trick_cards(rules, hand)
            if not self._broken:
                others = allowed & ~HEARTS_MASK
                if others:
                    if rules.lead_hearts_instead_of_qs and others == _QS_BIT:
                        return allowed
                    return others
            return allowed
        playable = hand & SUIT_MASKS[_SUIT_OF[trick[0]]] or hand
        if self._trick_no == 0 and rules.first_trick_no_points:
            # Following suit too: no points if the suit led offers a card worth none.
            return _first_trick_cards(rules, playable)
        return playable

    def legal_moves(self) -> list[Card]:
        """The cards the player to play may play now, lowest first."""
        legal = self._legal
        if legal < 0:
            trick = self._trick
            if trick:
                # Following suit, the commonest case: one suit's lookup gives the cards.
                led = _SUIT_OF[trick[0]]
                shift = 13 * led
                follow = self.hands[self._to_play] >> shift & 0x1FFF
                if follow and self._trick_no:  # (the first trick's ban may narrow it)
                    self._legal = follow << shift
                    return [*CHUNKS[led][follow]]
            legal = self.legal_mask()
        clubs, diamonds, spades, hearts = CHUNKS  # cards_of, inlined
        return [
            *clubs[legal & 0x1FFF],
            *diamonds[legal >> 13 & 0x1FFF],
            *spades[legal >> 26 & 0x1FFF],
            *hearts[legal >> 39],
        ]

    def explain(self, card: object, player: int | None = None) -> Explanation:
        """Whether ``card`` may be played now (by ``player``, default the one to play),
        with the reason code of the rule that decides and its text in both languages."""
        card = Card.parse(card)
        bit = card.bit
        if self._phase == "pass":
            return Explanation(card, False, "passing_phase")
        if self._phase == "over":
            return Explanation(card, False, "deal_over")
        if player is not None and player != self._to_play:
            self._check_player(player)
            return Explanation(card, False, "not_your_turn", (("to_play", self._to_play),))
        rules = self.rules
        hand = self.hands[self._to_play]
        one = (("card", card),)
        if not hand & bit:
            return Explanation(card, False, "not_in_hand", one)
        trick = self._trick
        if not trick:
            if self._opening is not None and self._trick_no == 0:
                if rules.first_lead_any_club and hand & _CLUBS:
                    if bit & _CLUBS:
                        return Explanation(card, True, "legal_opening", one)
                    return Explanation(card, False, "must_lead_club")
                if card.index == self._opening:
                    return Explanation(card, True, "legal_opening", one)
                opening = (("opening", CARDS[self._opening]),)
                return Explanation(card, False, "must_lead_opening", opening)
            ban = self._trick_no == 0 and rules.first_trick_no_points
            allowed = hand
            if ban:
                allowed = _first_trick_cards(rules, hand)
                if not bit & allowed:
                    return _first_trick_refusal(rules, card, hand)
            if not self._broken and bit & HEARTS_MASK:
                others = allowed & ~HEARTS_MASK
                if others and not (rules.lead_hearts_instead_of_qs and others == _QS_BIT):
                    return Explanation(card, False, "hearts_not_broken")
                if ban:
                    return Explanation(card, True, "legal_forced_points")
                if not others:
                    return Explanation(card, True, "legal_only_hearts", one)
                return Explanation(card, True, "legal_lead", one)
            if ban and bit & rules.penalty_cards:
                return Explanation(card, True, "legal_forced_points")
            if bit == _QS_BIT and not self._broken:
                return Explanation(card, True, "legal_lead_queen")
            return Explanation(card, True, "legal_lead", one)
        led = _SUIT_OF[trick[0]]
        follow = hand & SUIT_MASKS[led]
        if follow and not bit & follow:
            return Explanation(card, False, "must_follow_suit", (("suit", Suit(led)),))
        if self._trick_no == 0 and rules.first_trick_no_points:
            playable = follow or hand
            if not bit & _first_trick_cards(rules, playable):
                return _first_trick_refusal(rules, card, playable)
            if bit & rules.penalty_cards and not follow:
                return Explanation(card, True, "legal_forced_points")
        if follow:
            return Explanation(card, True, "legal_follow", one)
        return Explanation(card, True, "legal_discard", one)

    def is_legal(self, card: object) -> bool:
        return bool(self.legal_mask() & Card.parse(card).bit)

    # --- actions --------------------------------------------------------------

    def pass_cards(self, player: int, cards: str | Iterable[object]) -> None:
        """Choose the cards ``player`` passes. Once every player has chosen, the cards
        change hands and play begins. A player may change a choice until then."""
        count = self.rules.cards_to_pass
        mask = 0
        if (
            type(cards) is list
            and len(cards) == count
            and self._phase == "pass"
            and 0 <= player < self._players
        ):
            # Fast path for a list of distinct cards of the hand (what a bot passes).
            for card in cards:
                if type(card) is not Card:
                    mask = 0
                    break
                mask |= card.bit
        if mask.bit_count() != count or mask & ~self.hands[player]:
            mask = self._checked_pass(player, cards, count)
        previous = self._passes[player]
        self._passes[player] = mask
        self._pass_log.append((player, mask, previous))
        if None not in self._passes:
            self._exchange()

    def _checked_pass(self, player: int, cards: str | Iterable[object], count: int) -> int:
        """The mask of a pass choice, or the error that refuses it."""
        self._check_player(player)
        if self._phase != "pass":
            raise IllegalMove("not_passing_phase")
        chosen = parse_cards(cards)
        if len(chosen) != count:
            raise IllegalMove("pass_count", count=count, given=len(chosen))
        mask = mask_of(chosen)
        missing = mask & ~self.hands[player]
        if missing:
            raise IllegalMove("pass_not_in_hand", card=cards_of(missing)[0])
        return mask

    def _exchange(self) -> None:
        self._move_passed_cards(forward=True)
        self._start_play(None)

    def _move_passed_cards(self, forward: bool) -> None:
        """Give every chosen card to its receiver, or (backward) take it back."""
        assert self.pass_direction is not None
        offset = self.rules.pass_offset(self.pass_direction)
        n = self._players
        hands = self.hands
        for player, chosen in enumerate(self._passes):
            receiver = (player + offset) % n
            source, target = (player, receiver) if forward else (receiver, player)
            hands[source] &= ~(chosen or 0)
            hands[target] |= chosen or 0

    def _unexchange(self) -> None:
        self._move_passed_cards(forward=False)
        # back to the pass phase exactly as __init__ leaves it
        self._phase = "pass"
        self.is_over = False
        self._opening = None
        self._legal = -1
        self._leader = 0
        self._to_play = 0

    def play(self, card: object, player: int | None = None) -> None:
        """Play a card for the player to play (or check it is ``player``'s turn).

        An illegal card raises :class:`IllegalMove` with the reason and changes
        nothing. When the card completes a trick, :attr:`trick_completed` is that trick.
        """
        if type(card) is not Card:
            card = Card.parse(card)
        legal = self._legal
        if legal < 0:
            legal = self.legal_mask()  # 0 outside the play phase
        bit = card.bit
        if not legal & bit or (player is not None and player != self._to_play):
            explanation = self.explain(card, player)
            raise IllegalMove(explanation.reason, **dict(explanation.params))
        # The hot path of every search and playout: kept flat on purpose.
        index = card.index
        to_play = self._to_play
        self.hands[to_play] ^= bit
        self._legal = -1
        trick = self._trick
        trick.append(index)
        trick_mask = self._trick_mask | bit
        if not self._broken and (index >= _FIRST_HEART or index == _QS_INDEX):
            self._break_hearts(index, trick)
        n = self._players
        if len(trick) < n:
            self._trick_mask = trick_mask
            self._to_play = to_play + 1 if to_play + 1 < n else 0
            return
        if self.rules.hearts_trump and trick_mask & HEARTS_MASK:
            best = (trick_mask & HEARTS_MASK).bit_length() - 1
        else:
            best = (trick_mask & _SUIT_MASK_OF[trick[0]]).bit_length() - 1
        leader = self._leader
        winner = leader + trick.index(best)
        if winner >= n:
            winner -= n
        self.completed.append((leader, tuple(trick), winner))
        self.taken[winner] |= trick_mask
        trick.clear()
        self._trick_mask = 0
        self._trick_no += 1
        self._leader = winner
        self._to_play = winner
        if not self.hands[winner]:  # hands are all one size between tricks
            self._phase = "over"
            self.is_over = True

    def play_index(self, index: int) -> None:
        """Play a card given by its index (0..51), as search code holds cards."""
        self.play(CARDS[index])

    def _cards_played(self) -> int:
        """Cards played in the deal so far, counting tricks before a set position."""
        return self._trick_no * self._players + len(self._trick)

    def _break_hearts(self, index: int, trick: list[int]) -> None:
        """Hearts break with this card: a heart, or the queen of spades as the rules
        say (``trick`` already holds the card)."""
        if index == _QS_INDEX:
            mode = self.rules.qs_breaks_hearts
            if mode == "off" or (mode == "discard" and _SUIT_OF[trick[0]] == 2):
                return
        self._broken = True
        self._broken_at = self._cards_played()

    def undo(self) -> None:
        """Take back the last action (a card played, or a pass choice)."""
        self._legal = -1
        if self._cards_played() > self._first_undoable:
            self._undo_play()
        elif self._pass_log:
            if self._phase != "pass":
                self._unexchange()
            player, _chosen, previous = self._pass_log.pop()
            self._passes[player] = previous
        else:
            raise IllegalMove("nothing_to_undo")

    def _undo_play(self) -> None:
        trick = self._trick
        if not trick:
            leader, cards, winner = self.completed.pop()
            mask = mask_of_indexes(cards)
            self.taken[winner] &= ~mask
            self._trick_no -= 1
            trick.extend(cards)
            self._trick_mask = mask
            self._leader = leader
        index = trick.pop()
        self._trick_mask &= ~(1 << index)
        player = (self._leader + len(trick)) % self._players
        self.hands[player] |= 1 << index
        if self._broken_at > self._cards_played():
            self._broken = False
            self._broken_at = 0
        self._to_play = player
        self._phase = "play"
        self.is_over = False

    # --- views, scoring -------------------------------------------------------

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see: own hand, cards played, own pass, shown voids."""
        self._check_player(player)
        passed = self._passes[player] if self.pass_direction is not None else None
        exchanged = self.pass_direction is not None and self._phase != "pass"
        received = mask_of(self.received(player)) if exchanged else 0
        return PlayerView(
            rules=self.rules,
            player=player,
            hand=self.hands[player],
            to_play=self.to_play,
            leader=self._leader,
            trick=self.current_trick.plays,
            tricks=tuple(self.tricks),
            taken=tuple(self.taken),
            hearts_broken=self._broken,
            voids=tuple(self.shown_voids()),
            passed=passed or 0,
            received=received,
            pass_direction=self.pass_direction,
            phase=self._phase,
            legal=self.legal_mask() if player == self._to_play else 0,
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            dead_count=self.dead.bit_count(),
            totals=self.totals,
            deal_number=self.deal_number,
        )

    @classmethod
    def from_view(cls, view: PlayerView, hands: Sequence[int], dead: int = 0) -> Deal:
        """The position of ``view`` with the hidden cards placed as ``hands`` say.

        For search bots: ``hands`` are current hands (bit masks) consistent with the
        view; the result continues exactly from the view's position.
        """
        rules = view.rules
        deal = Deal.__new__(Deal)
        deal.rules = rules
        deal.start_leader = view.leader
        deal.start_broken = view.hearts_broken
        deal.hands = list(hands)
        deal.dealt = tuple(hands)
        deal.dead = dead
        deal.deal_number = view.deal_number
        deal.pass_direction = view.pass_direction
        deal.taken = list(view.taken)
        deal.completed = []
        for trick in view.tricks:
            assert trick.winner is not None
            deal.completed.append((trick.leader, tuple(c.index for c in trick.cards), trick.winner))
        deal.totals = view.totals
        deal.is_over = view.phase == "over"
        deal._players = rules.players
        deal._trick = [card.index for _, card in view.trick]
        deal._broken = view.hearts_broken
        deal._broken_at = 0
        deal._trick_mask = mask_of_indexes(deal._trick)
        deal._pass_log = []
        deal._passes = [None] * rules.players
        deal._trick_no = view.trick_number
        deal._first_undoable = deal._cards_played()
        deal._phase = view.phase
        deal._leader = view.leader
        deal._to_play = view.to_play
        deal._opening = None
        deal._legal = -1
        if deal._trick_no == 0 and not deal._trick and rules.first_lead == "two_of_clubs":
            for card in rules.opening_chain:
                if any(h & card.bit for h in hands):
                    deal._opening = card.index
                    break
        return deal

    def result(self, totals: Sequence[int] | None = None) -> DealResult:
        """The score of the finished deal (after the moon rule), with the game's totals."""
        from hearts_teach.scoring import score_deal

        if self._phase != "over":
            raise HeartsError("deal_not_over")
        return score_deal(
            self.rules,
            [cards_of(m) for m in self.taken],
            totals=self.totals if totals is None else totals,
            dead=cards_of(self.dead),
            tricks=self.tricks_won,
        )

    def __repr__(self) -> str:
        return (
            f"<Deal {self._phase} trick={self._trick_no} to_play={self.to_play} "
            f"rules={self.rules.preset_name or 'custom'}>"
        )

    def _repr_html_(self) -> str:
        from hearts_teach.render import deal_html

        return deal_html(self)

    def state_key(self) -> tuple[object, ...]:
        """Everything that defines the position (for tests of undo and records)."""
        return (
            tuple(self.hands),
            self.dead,
            tuple(self.taken),
            tuple(self._trick),
            self._broken,
            self._trick_mask,
            self._first_undoable,
            tuple(self._pass_log),
            tuple(self._passes),
            self._trick_no,
            self._opening,
            self._phase,
            self._leader,
            self._to_play,
            tuple(self.completed),
        )
