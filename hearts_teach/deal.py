"""One deal as a state machine: pass phase, play phase, over.

The state is a handful of integers and bit masks so that ``copy()`` and a playout
are cheap for a search bot. Every action can be undone, and an illegal action
raises :class:`IllegalMove` before anything changes.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal, NamedTuple, TypeGuard, TypeVar

from hearts_teach.arguments import CardLike, ChoiceText
from hearts_teach.cards import (
    CARDS,
    HEARTS_MASK,
    Card,
    CardIndex,
    CardMask,
    CardSet,
    Suit,
    cards_of,
    indexes_of,
    mask_of,
    mask_of_indexes,
    parse_cards,
)

# The card constants, declared once in cards.py, under this module's own names.
from hearts_teach.cards import CLUBS_MASK as _CLUBS
from hearts_teach.cards import FIRST_HEART as _FIRST_HEART
from hearts_teach.cards import QS_BIT as _QS_BIT
from hearts_teach.cards import QS_INDEX as _QS_INDEX
from hearts_teach.cards import SUIT_MASK_OF as _SUIT_MASK_OF
from hearts_teach.cards import SUIT_OF as _SUIT_OF
from hearts_teach.errors import CardError, HeartsError, IllegalMove, RulesError
from hearts_teach.i18n import text
from hearts_teach.render import deal_html
from hearts_teach.rules import PASS_DIRECTIONS, PassDirection, Rules
from hearts_teach.scoring import (
    MOON_CHOICES,
    DealResult,
    MoonChoice,
    MoonOutcomes,
    moon_outcomes,
    score_deal,
)

Phase = Literal["pass", "play", "over"]


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


def _first_trick_refusal(rules: Rules, hand: CardMask) -> str:
    """Why the first-trick ban refuses a card it leaves out of ``hand``: a card worth no
    points was there to play, or (strict mode) a heart comes before the queen."""
    return "no_points_first_trick" if hand & ~rules.penalty_cards else "hearts_before_queen"


def trick_winner(cards: CardMask, led: CardIndex, hearts_trump: bool = False) -> CardIndex:
    """The card that wins a trick holding ``cards`` (a mask) whose first card was ``led``
    (docs/rules.md §1, §5): the highest heart when hearts are trumps and one was played,
    else the highest card of the suit led. The one rule for who takes a trick: ``play``
    and the bots (:func:`winning_position`) both ask it."""
    if hearts_trump and cards & HEARTS_MASK:
        return (cards & HEARTS_MASK).bit_length() - 1
    return (cards & _SUIT_MASK_OF[led]).bit_length() - 1


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
    pass_direction: PassDirection | None
    phase: Phase
    legal: int
    hand_sizes: tuple[int, ...]
    dead_count: int
    totals: tuple[int, ...]
    deal_number: int
    kitty: int = 0
    """The kitty's cards once the first trick's winner has taken them (docs/rules.md
    §16.7: face up on that player's tricks, seen by all); 0 before, and without one."""

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
        """Cards this seat cannot place: in another hand, dead (with two players) or in a
        kitty not yet taken."""
        return self.rules.deck & ~self.hand & ~self.played_mask & ~self.kitty

    @property
    def trick_number(self) -> int:
        """Tricks completed in the deal, including those before a set position: a seat
        that has not yet played to the current trick holds one card per trick to come."""
        return self.rules.hand_size - max(self.hand_sizes)

    @property
    def points_taken(self) -> tuple[int, ...]:
        values = self.rules.values
        return tuple(sum(values[c.index] for c in cards_of(m)) for m in self.taken)

    @property
    def cards_held(self) -> CardSet:
        """This seat's hand: ``CardSet('A♠ Q♠ 10♥ …')``."""
        return CardSet(self.hand)

    @property
    def cards_played(self) -> CardSet:
        """Every card played so far in the deal, by anyone."""
        return CardSet(self.played_mask)

    @property
    def cards_unseen(self) -> CardSet:
        """The cards this seat cannot place (see :attr:`unseen`)."""
        return CardSet(self.unseen)


def winning_position(trick: Sequence[CardIndex], hearts_trump: bool = False) -> int:
    """Position in a trick (card indexes in play order) of the card that wins it so far
    (:func:`trick_winner`)."""
    cards = 0
    for card in trick:
        cards |= 1 << card
    return trick.index(trick_winner(cards, trick[0], hearts_trump))


CompletedTrick = tuple[int, tuple[CardIndex, ...], int]
"""A trick on record: its leader, its cards in play order, its winner."""
PassRecord = tuple[int, CardMask, CardMask | None]
"""A pass choice on record: the player, the cards chosen, the choice it replaced."""


class _DealSetup:
    """What a deal starts from and never changes: shared by a deal and its copies."""

    def __init__(
        self,
        dealt: tuple[CardMask, ...],
        dead: CardMask,
        deal_number: int,
        pass_direction: PassDirection | None,
        totals: tuple[int, ...],
        start_leader: int | None,
        start_broken: bool,
        first_undoable: int,
        hearts_trump: bool,
        earlier_won: tuple[int, ...] = (),
        kitty: bool = False,
    ) -> None:
        self.dealt = dealt
        self.dead = dead
        # The kitty (docs/rules.md §16.7): the dead cards, which go to the first trick's
        # winner; 0 when the rules have none.
        self.kitty = dead if kitty else 0
        self.deal_number = deal_number
        self.pass_direction = pass_direction
        self.totals = totals
        self.start_leader = start_leader
        self.start_broken = start_broken
        self.players = len(dealt)
        self.hearts_trump = hearts_trump
        # Cards played before the deal was set up (a set position): undo stops there.
        self.first_undoable = first_undoable
        # Tricks each player won before a set position (Deal.from_hands with ``taken``).
        self.earlier_won = earlier_won or (0,) * len(dealt)


class _DealState:
    """The position of a deal: everything that passing, play and undo change, in one
    value (python-chess's ``_BoardState`` is the model). :meth:`Deal.copy` copies it and
    :meth:`Deal.state_key` compares it; a field is named in this class only (its four
    lines: the constructor's parameter and assignment, ``copy`` and ``key``)."""

    def __init__(
        self,
        hands: list[CardMask],
        taken: list[CardMask],
        completed: list[CompletedTrick],
        trick: list[CardIndex],
        trick_mask: CardMask,
        trick_no: int,
        leader: int,
        to_play: int,
        phase: Phase,
        broken: bool,
        broken_at: int,
        opening: CardIndex | None,
        passes: list[CardMask | None],
        pass_log: list[PassRecord],
        legal: CardMask = -1,
        moon_choice: MoonChoice | None = None,
    ) -> None:
        self.hands = hands
        self.taken = taken
        self.completed = completed
        self.trick = trick  # the trick in progress, in play order
        self.trick_mask = trick_mask
        self.trick_no = trick_no  # tricks completed, counting those before a set position
        self.leader = leader
        self.to_play = to_play
        self.phase = phase
        self.broken = broken
        self.broken_at = broken_at  # cards played when a card broke hearts (0: not here)
        self.opening = opening  # the card that must open the deal, if any
        self.passes = passes
        self.pass_log = pass_log
        self.legal = legal  # the legal cards of the player to play (-1: not computed)
        self.moon_choice = moon_choice  # the shooter's choice, once made (§3.2)

    def copy(self) -> _DealState:
        """An independent copy (the lists copied, the values shared)."""
        return _DealState(
            self.hands[:],
            self.taken[:],
            self.completed[:],
            self.trick[:],
            self.trick_mask,
            self.trick_no,
            self.leader,
            self.to_play,
            self.phase,
            self.broken,
            self.broken_at,
            self.opening,
            self.passes[:],
            self.pass_log[:],
            self.legal,
            self.moon_choice,
        )

    def key(self) -> tuple[object, ...]:
        """The position as a hashable value (the legal-card cache left out)."""
        return (
            tuple(self.hands),
            tuple(self.taken),
            tuple(self.completed),
            tuple(self.trick),
            self.trick_mask,
            self.trick_no,
            self.leader,
            self.to_play,
            self.phase,
            self.broken,
            self.broken_at,
            self.opening,
            tuple(self.passes),
            tuple(self.pass_log),
            self.moon_choice,
        )


def _is_direction(value: object) -> TypeGuard[PassDirection]:
    return value in PASS_DIRECTIONS


_Item = TypeVar("_Item")


def _shuffle(generator: random.Random, cards: list[CardMask]) -> None:
    """``generator.shuffle(cards)``: the same permutation from the same draws, without the
    interpreter's two calls per card (every new deal is dealt through here).

    A plain ``random.Random`` draws ``getrandbits`` exactly as ``random.shuffle`` does
    (:func:`_draw_shuffle`, checked once at import: ``_SHUFFLE_MATCHES``); any other
    generator shuffles itself."""
    if type(generator) is random.Random and _SHUFFLE_MATCHES:
        _draw_shuffle(generator, cards)
    else:
        generator.shuffle(cards)


def _draw_shuffle(generator: random.Random, cards: list[_Item]) -> None:
    # (Generic in the items: a compiled build moves them as they are, without unboxing.)
    getrandbits = generator.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        # random.shuffle's swap of cards[i] with a uniform pick among cards[: i + 1],
        # drawn as random._randbelow_with_getrandbits draws it
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _shuffle_matches() -> bool:
    """Whether :func:`_draw_shuffle` gives ``random.shuffle``'s permutations here."""
    for seed in range(8):
        for size in (28, 51, 52):
            ours, theirs = list(range(size)), list(range(size))
            _draw_shuffle(random.Random(seed), ours)
            random.Random(seed).shuffle(theirs)
            if ours != theirs:
                return False
    return True


_SHUFFLE_MATCHES: Final = _shuffle_matches()


def _opening_card(rules: Rules, hands: Sequence[CardMask]) -> tuple[CardIndex, int] | None:
    """The card that opens the deal and who holds it (docs/rules.md §2.4, §5): the first of
    the opening chain that someone holds, or None when the first lead is free."""
    if rules.first_lead != "two_of_clubs":
        return None
    for card in rules.opening_chain:
        for player, hand in enumerate(hands):
            if hand & card.bit:
                return card.index, player
    return None


def _check_later_position(
    rules: Rules,
    hands: Sequence[CardMask],
    dead: CardMask,
    played: CardMask,
    broken: bool,
    piles: Sequence[CardMask],
    attributed: bool,
) -> None:
    """Refuse a position later in a deal whose counts no play can give (docs/rules.md
    §9.1).

    ``played`` are the cards in neither a hand nor the dead cards: played in earlier
    tricks, and ``piles`` the cards each player won in them (``attributed``: given by
    the caller; otherwise nobody has taken a card). Each pile is a whole number of
    tricks and together they are exactly the cards played, so that without piles none
    of those cards may count (a heart gone while nobody has a point); the card that
    opened the first trick is among them; hearts are broken when a heart has been played,
    and only then (or by the queen of spades, where a table's rule says she breaks them).
    """
    n = rules.players
    # A kitty (§16.7) went with the first trick: it is in one pile, beside whole tricks.
    kitty = dead if rules.kitty else 0
    if attributed:
        if len(piles) != n:
            raise HeartsError("hands_count", players=n, count=len(piles))
        union = 0
        for player, pile in enumerate(piles):
            gone = played | kitty
            if pile & union or pile & ~gone or (pile & kitty and pile & kitty != kitty):
                stray = pile & (union | ~gone | kitty)
                raise HeartsError("position_taken_card", card=cards_of(stray)[0])
            if (pile & ~kitty).bit_count() % n:
                raise HeartsError("position_taken_size", player=player, players=n)
            union |= pile
        if union != played | kitty:
            raise HeartsError("position_untaken", card=cards_of((played | kitty) & ~union)[0])
    else:
        counting = [card for card in cards_of(played | kitty) if rules.values[card.index] != 0]
        if counting:
            raise HeartsError("position_points", card=counting[0])
    if rules.first_lead == "two_of_clubs":
        opening = next((c for c in rules.opening_chain if not dead & c.bit), None)
        if opening is not None and not played & opening.bit:
            raise HeartsError("position_opening", card=opening)
    if not rules.must_break_hearts:
        return
    heart_played = bool(played & HEARTS_MASK)
    queen_breaks = rules.qs_breaks_hearts != "off" and bool(played & _QS_BIT)
    if heart_played and not broken:
        raise HeartsError("position_hearts_unbroken")
    if broken and not heart_played and not queen_breaks:
        raise HeartsError("position_hearts_broken")


class Deal:
    """A deal of Hearts: deal, pass, tricks, over.

    Players are numbered 0..n-1 in playing order; "left" is the next player. A deal is
    its rules, what it started from (shared by its copies) and its position (one value,
    copied by :meth:`copy`).
    """

    __slots__ = ("_setup", "_state", "is_over", "rules")

    rules: Rules
    _setup: _DealSetup
    _state: _DealState
    is_over: bool
    """Whether every trick has been played: ``phase == "over"``, kept as a plain
    attribute because search loops test it after every card."""

    def __new__(cls, *args: object, **kwargs: object) -> Deal:
        # Deal.__new__(Deal) alone gives the blank instance that copy() and from_view()
        # fill in; defined here because a compiled build (mypyc) needs it spelt out.
        return super().__new__(cls)

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[CardMask],
        dead: CardMask = 0,
        *,
        deal_number: int = 0,
        pass_direction: PassDirection | None = None,
        leader: int | None = None,
        hearts_broken: bool = False,
        totals: Sequence[int] | None = None,
    ) -> None:
        """Low level: hands as bit masks. Use :meth:`new` or :meth:`from_hands`."""
        self._begin(rules, hands, dead, deal_number, pass_direction, leader, hearts_broken, totals)

    def _begin(
        self,
        rules: Rules,
        hands: Sequence[CardMask],
        dead: CardMask,
        deal_number: int,
        pass_direction: PassDirection | None,
        leader: int | None,
        hearts_broken: bool,
        totals: Sequence[int] | None,
    ) -> None:
        """What the constructor does (called directly by :meth:`new` and
        :meth:`from_hands`, without the constructor's keyword handling)."""
        n = rules.players
        # Tricks already played before a set position with short hands.
        trick_no = rules.hand_size - hands[0].bit_count()
        self.rules = rules
        self._setup = _DealSetup(
            dealt=tuple(hands),
            dead=dead,
            deal_number=deal_number,
            pass_direction=pass_direction,
            totals=tuple(totals) if totals is not None else (0,) * n,
            start_leader=leader,
            start_broken=hearts_broken,
            first_undoable=trick_no * n,
            hearts_trump=rules.hearts_trump,
            kitty=rules.kitty,
        )
        self._state = _DealState(
            hands=list(hands),
            taken=[0] * n,
            completed=[],
            trick=[],
            trick_mask=0,
            trick_no=trick_no,
            leader=0,
            to_play=0,
            phase="pass",
            broken=hearts_broken or not rules.must_break_hearts,
            broken_at=0,
            opening=None,
            passes=[None] * n,
            pass_log=[],
        )
        self.is_over = False
        if pass_direction is None:
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
        _shuffle(generator, deck)
        n = rules.players
        hands = [0] * n
        dead = 0
        if rules.kitty:
            # The kitty (§16.7): the cards left over once each hand has its share.
            dealt = n * rules.hand_size
            dead = sum(deck[dealt:])
            deck = deck[:dealt]
        elif rules.dead_count:
            # Two-player: one card aside, 13 each one at a time, the last card aside.
            dead = deck[0] | deck[-1]
            deck = deck[1:-1]
        first = (rules.dealer(deal_number) + 1) % n
        for i in range(n):
            # one card at a time from the dealer's left: every n-th card goes to a player
            hands[(first + i) % n] = sum(deck[i::n])
        deal = Deal.__new__(Deal)
        deal._begin(
            rules, hands, dead, deal_number, rules.pass_direction(deal_number), None, False, totals
        )
        return deal

    @classmethod
    def from_hands(
        cls,
        rules: Rules,
        hands: Sequence[str | Iterable[CardLike]],
        dead: str | Iterable[CardLike] = (),
        pass_direction: str | None = None,
        *,
        deal_number: int = 0,
        leader: int | None = None,
        hearts_broken: bool = False,
        totals: Sequence[int] | None = None,
        taken: Sequence[str | Iterable[CardLike]] | None = None,
    ) -> Deal:
        """A set position: given hands (texts like ``"2C 9C KC"`` or cards).

        Full hands start the deal (in the pass phase if ``pass_direction`` is given).
        Shorter hands, all of one size, are a position later in the deal: the missing
        cards were played in earlier tricks; give ``leader``, ``hearts_broken`` and, when
        any of those cards counts, ``taken`` (the cards each player won in them, a whole
        number of tricks each). The counts must be ones that play can give
        (:func:`_check_later_position`, docs/rules.md §9.1): every card played is in
        someone's tricks, the opening card among them, hearts broken exactly when a heart
        has been played. Without ``taken`` the earlier tricks hold no card that counts.
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
                raise CardError("card_twice", card=cards_of(overlap)[0])
            outside = mask & ~rules.deck
            if outside:
                raise HeartsError("card_not_in_deck", card=cards_of(outside)[0])
            seen |= mask
        sizes = [m.bit_count() for m in masks]
        if len(set(sizes)) != 1 or sizes[0] > rules.hand_size or sizes[0] == 0:
            raise HeartsError("hands_size", size=rules.hand_size, sizes=sizes)
        full = sizes[0] == rules.hand_size
        if dead_mask.bit_count() != rules.dead_count:
            raise HeartsError("dead_count", expected=rules.dead_count, count=dead_mask.bit_count())
        piles = [mask_of(parse_cards(t)) for t in taken] if taken is not None else [0] * n
        if full and any(piles):
            # Nothing has been played from full hands: no card can have been taken.
            raise HeartsError("position_taken_card", card=cards_of(next(p for p in piles if p))[0])
        if not full:
            _check_later_position(
                rules, masks, dead_mask, rules.deck & ~seen, hearts_broken, piles, taken is not None
            )
        if pass_direction is not None:
            if not full:
                raise HeartsError("hands_size", size=rules.hand_size, sizes=sizes)
            if pass_direction == "across" and n != 4:
                raise RulesError("rules_pass_direction", passing="across", needed=4, players=n)
            if pass_direction in ("left2", "right2") and n < 5:
                # two seats along is "across" with four, and no one else with fewer
                raise RulesError(
                    "rules_pass_direction", passing=pass_direction, needed=5, players=n
                )
            if not _is_direction(pass_direction):
                raise HeartsError(
                    "rules_value",
                    option="pass_direction",
                    value=pass_direction,
                    choices=", ".join(PASS_DIRECTIONS),
                )
        if leader is not None and not 0 <= leader < n:
            raise HeartsError("player", player=leader, players=n)
        deal = Deal(
            rules,
            masks,
            dead_mask,
            deal_number=deal_number,
            pass_direction=pass_direction if _is_direction(pass_direction) else None,
            leader=leader,
            hearts_broken=hearts_broken,
            totals=totals,
        )
        if any(piles):
            deal._state.taken = piles
            kitty = deal._setup.kitty
            deal._setup.earlier_won = tuple((pile & ~kitty).bit_count() // n for pile in piles)
        return deal

    def _start_play(self, leader: int | None) -> None:
        rules = self.rules
        state = self._state
        state.phase = "play"
        state.legal = -1
        state.opening = None
        if state.trick_no == 0:
            opening = _opening_card(rules, state.hands)
            if opening is not None:
                state.opening, leader = opening
        if leader is None:
            leader = (rules.dealer(self._setup.deal_number) + 1) % rules.players
        state.leader = leader
        state.to_play = leader
        if state.trick_no >= rules.hand_size:
            state.phase = "over"
            self.is_over = True

    def copy(self) -> Deal:
        """An independent copy: the same rules and start, a copy of the position."""
        other = Deal.__new__(Deal)
        other.rules = self.rules
        other._setup = self._setup
        other._state = self._state.copy()
        other.is_over = self.is_over
        return other

    # --- state ----------------------------------------------------------------

    @property
    def hands(self) -> list[CardMask]:
        """Each player's hand now, as a bit mask (the live list: do not change it)."""
        return self._state.hands

    @property
    def taken(self) -> list[CardMask]:
        """The cards each player has taken in tricks, as bit masks (the live list)."""
        return self._state.taken

    @property
    def completed(self) -> list[CompletedTrick]:
        """The completed tricks as (leader, card indexes, winner), in order."""
        return self._state.completed

    @property
    def dealt(self) -> tuple[CardMask, ...]:
        """The hands as the deal started (before the pass), as bit masks."""
        return self._setup.dealt

    @property
    def dead(self) -> CardMask:
        """The cards set aside (two players), as a bit mask."""
        return self._setup.dead

    @property
    def deal_number(self) -> int:
        return self._setup.deal_number

    @property
    def pass_direction(self) -> PassDirection | None:
        return self._setup.pass_direction

    @property
    def totals(self) -> tuple[int, ...]:
        """The game's totals before this deal."""
        return self._setup.totals

    @property
    def start_leader(self) -> int | None:
        """The leader given for a set position (None: the rules say who leads)."""
        return self._setup.start_leader

    @property
    def start_broken(self) -> bool:
        """Whether hearts were broken at a set position."""
        return self._setup.start_broken

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def tricks_won(self) -> list[int]:
        """How many tricks each player has won this deal."""
        won = list(self._setup.earlier_won)
        for _leader, _cards, winner in self._state.completed:
            won[winner] += 1
        return won

    def shown_voids(self) -> list[int]:
        """For each player, the suits (a bit per suit) that player has shown void by
        not following the suit led."""
        n = self._setup.players
        voids = [0] * n
        for leader, cards in self._trick_cards():
            led = _SUIT_OF[cards[0]]
            for position, card in enumerate(cards):
                if _SUIT_OF[card] != led:
                    voids[(leader + position) % n] |= 1 << led
        return voids

    @property
    def to_play(self) -> int:
        """Who acts now (during the pass, the first player who has not chosen)."""
        state = self._state
        if state.phase == "pass":
            for player, chosen in enumerate(state.passes):
                if chosen is None:
                    return player
        return state.to_play

    @property
    def leader(self) -> int:
        return self._state.leader

    @property
    def hearts_broken(self) -> bool:
        return self._state.broken

    @property
    def trick_number(self) -> int:
        """Tricks completed so far (0 during the first trick)."""
        return self._state.trick_no

    @property
    def current_trick(self) -> Trick:
        return self._trick_value(self._state.leader, self._state.trick, None)

    def _trick_value(self, leader: int, cards: Sequence[CardIndex], winner: int | None) -> Trick:
        n = self._setup.players
        plays = tuple(((leader + i) % n, CARDS[c]) for i, c in enumerate(cards))
        return Trick(leader, plays, winner)

    def _trick_cards(self) -> list[tuple[int, Sequence[CardIndex]]]:
        """(leader, card indexes) of every trick on record, the one in progress last."""
        state = self._state
        tricks: list[tuple[int, Sequence[CardIndex]]] = [
            (leader, cards) for leader, cards, _winner in state.completed
        ]
        if state.trick:
            tricks.append((state.leader, state.trick))
        return tricks

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, in order."""
        return [self._trick_value(*completed) for completed in self._state.completed]

    @property
    def last_trick(self) -> Trick | None:
        """The last completed trick, if any."""
        completed = self._state.completed
        return self._trick_value(*completed[-1]) if completed else None

    @property
    def trick_completed(self) -> Trick | None:
        """The last completed trick when no card of the next one is on the table yet and
        a card has been played in this deal: right after a play, the trick that card
        completed. None while a trick is in progress or before any card is played."""
        if self._state.trick or self._cards_played() == self._setup.first_undoable:
            return None
        return self.last_trick

    def hand(self, player: int) -> list[Card]:
        return cards_of(self._state.hands[self._check_player(player)])

    def cards_held(self, player: int) -> CardSet:
        """The cards in a player's hand now: ``CardSet('A♠ Q♠ 10♥ …')``."""
        return CardSet(self._state.hands[self._check_player(player)])

    def cards_taken(self, player: int) -> CardSet:
        """The cards a player has taken in tricks this deal."""
        return CardSet(self._state.taken[self._check_player(player)])

    def cards_dealt(self, player: int) -> CardSet:
        """A player's hand as the deal started, before the pass."""
        return CardSet(self._setup.dealt[self._check_player(player)])

    @property
    def kitty_taken(self) -> CardMask:
        """The kitty once the first trick's winner has taken it (§16.7), else 0."""
        kitty = self._setup.kitty
        return kitty if kitty and self._state.trick_no else 0

    @property
    def dead_cards(self) -> list[Card]:
        return cards_of(self._setup.dead)

    @property
    def points_taken(self) -> tuple[int, ...]:
        """Raw points each player has taken so far this deal."""
        values = self.rules.values
        return tuple(sum(values[i] for i in indexes_of(mask)) for mask in self._state.taken)

    @property
    def history(self) -> list[tuple[str, int, tuple[Card, ...]]]:
        """Every action so far: ("pass", player, cards) or ("play", player, (card,))."""
        result: list[tuple[str, int, tuple[Card, ...]]] = [
            ("pass", player, tuple(cards_of(chosen))) for player, chosen, _ in self._state.pass_log
        ]
        result.extend(("play", player, (card,)) for player, card in self.plays)
        return result

    @property
    def plays(self) -> list[tuple[int, Card]]:
        """Every card played in this deal since it was set up, with its player, in order
        (a deal made from a view or a set position starts with none: what was played
        before is in its tricks, not here)."""
        undoable = self._cards_played() - self._setup.first_undoable
        if not undoable:
            return []
        n = self._setup.players
        every = [
            ((leader + position) % n, CARDS[card])
            for leader, cards in self._trick_cards()
            for position, card in enumerate(cards)
        ]
        return every[-undoable:]

    def passes(self) -> list[list[Card] | None]:
        """The cards each player chose to pass (None while not chosen or with no pass)."""
        return [None if m is None else cards_of(m) for m in self._state.passes]

    def received(self, player: int) -> list[Card]:
        """The cards the player received in the exchange (empty before it)."""
        direction = self._setup.pass_direction
        passes = self._state.passes
        if direction is None or any(m is None for m in passes):
            return []
        chosen = passes[self.rules.pass_giver(player, direction)]
        return cards_of(chosen) if chosen is not None else []

    def _check_player(self, player: int) -> int:
        if not 0 <= player < self.rules.players:
            raise HeartsError("player", player=player, players=self.rules.players)
        return player

    # --- legal moves ----------------------------------------------------------

    def legal_mask(self) -> CardMask:
        """Legal cards of the player to play, as a bit mask (0 outside the play phase)."""
        state = self._state
        legal = state.legal
        if legal < 0:
            legal = self._legal_cards(0)[0]
            state.legal = legal
        return legal

    def _legal_cards(self, card: CardMask) -> tuple[CardMask, str]:
        """Which cards the player to play may play (docs/rules.md §2.4–§2.7, §5, §9): the
        one statement of the rules of play, that ``legal_mask`` and ``explain`` both ask.

        The hand is narrowed rule by rule; when a rule leaves out ``card`` (a one-card
        mask, or 0), the cards it leaves and its reason code are returned at once: that
        rule refuses the card. Otherwise the legal cards and ``""``.
        """
        state = self._state
        trick = state.trick
        if not trick and state.phase != "play":  # (a trick in progress: the play phase)
            return 0, ""
        hand = state.hands[state.to_play]
        first_trick = state.trick_no == 0
        if trick:
            # Follow suit if able (§2.5); otherwise any card.
            allowed = hand & _SUIT_MASK_OF[trick[0]]
            if not allowed:
                allowed = hand
            elif card & hand & ~allowed:
                return allowed, "must_follow_suit"
            if not first_trick:
                return allowed, ""  # the rules below bind the first trick and leads only
        elif first_trick and state.opening is not None:
            # The opening card leads the first trick (§2.4, §5), or any club as an option.
            if self.rules.first_lead_any_club and hand & _CLUBS:
                return hand & _CLUBS, "must_lead_club"
            return 1 << state.opening, "must_lead_opening"
        elif state.broken and not first_trick:
            return hand, ""  # the rules below bind the first trick and unbroken hearts only
        else:
            allowed = hand
        rules = self.rules
        if first_trick and rules.first_trick_no_points:
            # No points on the first trick (§2.7): for a free first leader and followers.
            safe = _first_trick_cards(rules, allowed)
            if card & allowed & ~safe:
                return safe, _first_trick_refusal(rules, allowed)
            allowed = safe
        if not trick and not state.broken:
            # Hearts may not be led before they are broken (§2.6), unless the leader holds
            # nothing else (or, as an option, nothing else but the queen of spades).
            others = allowed & ~HEARTS_MASK
            if others and not (rules.lead_hearts_instead_of_qs and others == _QS_BIT):
                if card & allowed & ~others:
                    return others, "hearts_not_broken"
                allowed = others
        return allowed, ""

    def legal_moves(self) -> list[Card]:
        """The cards the player to play may play now, lowest first."""
        state = self._state
        legal = state.legal
        if legal < 0:
            legal = state.legal = self._legal_cards(0)[0]  # legal_mask, inlined
        return cards_of(legal)

    def explain(self, card: CardLike, player: int | None = None) -> Explanation:
        """Whether ``card`` may be played now (by ``player``, default the one to play),
        with the reason code of the rule that decides and its text in both languages."""
        card = Card.parse(card)
        bit = card.bit
        state = self._state
        if state.phase == "pass":
            return Explanation(card, False, "passing_phase")
        if state.phase == "over":
            return Explanation(card, False, "deal_over")
        if player is not None and player != state.to_play:
            self._check_player(player)
            return Explanation(card, False, "not_your_turn", (("to_play", state.to_play),))
        hand = state.hands[state.to_play]
        one = (("card", card),)
        if not hand & bit:
            return Explanation(card, False, "not_in_hand", one)
        legal, refusal = self._legal_cards(bit)
        trick = state.trick
        if not legal & bit:
            params: tuple[tuple[str, object], ...] = ()
            if refusal == "must_follow_suit":
                params = (("suit", Suit(_SUIT_OF[trick[0]])),)
            elif refusal == "must_lead_opening" and state.opening is not None:
                params = (("opening", CARDS[state.opening]),)
            elif refusal == "no_points_first_trick":
                params = one
            return Explanation(card, False, refusal, params)
        # Legal: say which rule allows it.
        rules = self.rules
        ban = state.trick_no == 0 and rules.first_trick_no_points
        if not trick:
            if state.trick_no == 0 and state.opening is not None:
                return Explanation(card, True, "legal_opening", one)
            if ban and bit & rules.penalty_cards:
                return Explanation(card, True, "legal_forced_points")
            if not state.broken and bit & HEARTS_MASK:
                if not legal & ~HEARTS_MASK:
                    return Explanation(card, True, "legal_only_hearts", one)
                return Explanation(card, True, "legal_lead", one)
            if bit == _QS_BIT and not state.broken:
                return Explanation(card, True, "legal_lead_queen")
            return Explanation(card, True, "legal_lead", one)
        follow = bool(hand & _SUIT_MASK_OF[trick[0]])
        if ban and bit & rules.penalty_cards and not follow:
            return Explanation(card, True, "legal_forced_points")
        if follow:
            return Explanation(card, True, "legal_follow", one)
        return Explanation(card, True, "legal_discard", one)

    def is_legal(self, card: CardLike) -> bool:
        return bool(self.legal_mask() & Card.parse(card).bit)

    # --- actions --------------------------------------------------------------

    def pass_cards(self, player: int, cards: str | Iterable[CardLike]) -> None:
        """Choose the cards ``player`` passes. Once every player has chosen, the cards
        change hands and play begins. A player may change a choice until then."""
        count = self.rules.cards_to_pass
        state = self._state
        mask = 0
        if (
            type(cards) is list
            and len(cards) == count
            and state.phase == "pass"
            and 0 <= player < self._setup.players
        ):
            # Fast path for a list of distinct cards of the hand (what a bot passes).
            for card in cards:
                if type(card) is not Card:
                    mask = 0
                    break
                mask |= card.bit
        if mask.bit_count() != count or mask & ~state.hands[player]:
            mask = self._checked_pass(player, cards, count)
        previous = state.passes[player]
        state.passes[player] = mask
        state.pass_log.append((player, mask, previous))
        if None not in state.passes:
            self._exchange()

    def _checked_pass(self, player: int, cards: str | Iterable[CardLike], count: int) -> CardMask:
        """The mask of a pass choice, or the error that refuses it."""
        self._check_player(player)
        if self._state.phase != "pass":
            raise IllegalMove("not_passing_phase")
        chosen = parse_cards(cards)
        if len(chosen) != count:
            raise IllegalMove("pass_count", count=count, given=len(chosen))
        mask = mask_of(chosen)
        missing = mask & ~self._state.hands[player]
        if missing:
            raise IllegalMove("pass_not_in_hand", card=cards_of(missing)[0])
        return mask

    def _exchange(self) -> None:
        self._move_passed_cards(forward=True)
        self._start_play(None)

    def _move_passed_cards(self, forward: bool) -> None:
        """Give every chosen card to its receiver, or (backward) take it back."""
        direction = self._setup.pass_direction
        assert direction is not None
        offset = self.rules.pass_offset(direction)
        n = self._setup.players
        hands = self._state.hands
        for player, chosen in enumerate(self._state.passes):
            receiver = (player + offset) % n
            source, target = (player, receiver) if forward else (receiver, player)
            hands[source] &= ~(chosen or 0)
            hands[target] |= chosen or 0

    def _unexchange(self) -> None:
        self._move_passed_cards(forward=False)
        # back to the pass phase exactly as __init__ leaves it
        state = self._state
        state.phase = "pass"
        self.is_over = False
        state.opening = None
        state.legal = -1
        state.leader = 0
        state.to_play = 0

    def play(self, card: CardLike, player: int | None = None) -> None:
        """Play a card for the player to play (or check it is ``player``'s turn).

        An illegal card raises :class:`IllegalMove` with the reason and changes
        nothing. When the card completes a trick, :attr:`trick_completed` is that trick.
        """
        if type(card) is not Card:
            card = Card.parse(card)
        state = self._state
        legal = state.legal
        if legal < 0:
            legal = state.legal = self._legal_cards(0)[0]  # 0 outside the play phase
        bit = card.bit
        if not legal & bit or (player is not None and player != state.to_play):
            explanation = self.explain(card, player)
            raise IllegalMove(explanation.reason, **dict(explanation.params))
        # The hot path of every search and playout: kept flat on purpose.
        index = card.index
        to_play = state.to_play
        hands = state.hands
        hands[to_play] = hands[to_play] ^ bit
        state.legal = -1
        trick = state.trick
        trick.append(index)
        trick_mask = state.trick_mask | bit
        if not state.broken and (index >= _FIRST_HEART or index == _QS_INDEX):
            self._break_hearts(index, trick)
        setup = self._setup
        n = setup.players
        if len(trick) < n:
            state.trick_mask = trick_mask
            state.to_play = to_play + 1 if to_play + 1 < n else 0
            return
        leader = state.leader
        winner = leader + trick.index(trick_winner(trick_mask, trick[0], setup.hearts_trump))
        if winner >= n:
            winner -= n
        state.completed.append((leader, tuple(trick), winner))
        taken = state.taken
        taken[winner] = taken[winner] | trick_mask
        if setup.kitty and not state.trick_no:
            taken[winner] |= setup.kitty  # the kitty goes with the first trick (§16.7)
        trick.clear()
        state.trick_mask = 0
        state.trick_no += 1
        state.leader = winner
        state.to_play = winner
        if not hands[winner]:  # hands are all one size between tricks
            state.phase = "over"
            self.is_over = True

    def play_index(self, index: CardIndex) -> None:
        """Play a card given by its index (0..51), as search code holds cards."""
        self.play(CARDS[index])

    def _cards_played(self) -> int:
        """Cards played in the deal so far, counting tricks before a set position."""
        state = self._state
        return state.trick_no * self._setup.players + len(state.trick)

    def _break_hearts(self, index: CardIndex, trick: list[CardIndex]) -> None:
        """Hearts break with this card: a heart, or the queen of spades as the rules
        say (``trick`` already holds the card)."""
        if index == _QS_INDEX:
            mode = self.rules.qs_breaks_hearts
            if mode == "off" or (mode == "discard" and _SUIT_OF[trick[0]] == 2):
                return
        self._state.broken = True
        self._state.broken_at = self._cards_played()

    def undo(self) -> None:
        """Take back the last action (the shooter's choice, a card played, or a pass
        choice)."""
        state = self._state
        state.legal = -1
        if state.moon_choice is not None:
            state.moon_choice = None
        elif self._cards_played() > self._setup.first_undoable:
            self._undo_play()
        elif state.pass_log:
            if state.phase != "pass":
                self._unexchange()
            player, _chosen, previous = state.pass_log.pop()
            state.passes[player] = previous
        else:
            raise IllegalMove("nothing_to_undo")

    def _undo_play(self) -> None:
        state = self._state
        trick = state.trick
        if not trick:
            leader, cards, winner = state.completed.pop()
            mask = mask_of_indexes(cards)
            state.taken[winner] &= ~mask
            state.trick_no -= 1
            if not state.trick_no:
                state.taken[winner] &= ~self._setup.kitty
            trick.extend(cards)
            state.trick_mask = mask
            state.leader = leader
        index = trick.pop()
        state.trick_mask &= ~(1 << index)
        player = (state.leader + len(trick)) % self._setup.players
        state.hands[player] |= 1 << index
        if state.broken_at > self._cards_played():
            state.broken = False
            state.broken_at = 0
        state.to_play = player
        state.phase = "play"
        self.is_over = False

    # --- views, scoring -------------------------------------------------------

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see: own hand, cards played, own pass, shown voids."""
        self._check_player(player)
        state = self._state
        direction = self._setup.pass_direction
        passed = state.passes[player] if direction is not None else None
        exchanged = direction is not None and state.phase != "pass"
        received = mask_of(self.received(player)) if exchanged else 0
        kitty = self.kitty_taken
        return PlayerView(
            rules=self.rules,
            player=player,
            hand=state.hands[player],
            to_play=self.to_play,
            leader=state.leader,
            trick=self.current_trick.plays,
            tricks=tuple(self.tricks),
            taken=tuple(state.taken),
            hearts_broken=state.broken,
            voids=tuple(self.shown_voids()),
            passed=passed or 0,
            received=received,
            pass_direction=direction,
            phase=state.phase,
            legal=self.legal_mask() if player == state.to_play else 0,
            hand_sizes=tuple(h.bit_count() for h in state.hands),
            dead_count=self._setup.dead.bit_count() if not kitty else 0,
            totals=self._setup.totals,
            deal_number=self._setup.deal_number,
            kitty=kitty,
        )

    @classmethod
    def from_view(cls, view: PlayerView, hands: Sequence[CardMask], dead: CardMask = 0) -> Deal:
        """The position of ``view`` with the hidden cards placed as ``hands`` say.

        For search bots: ``hands`` are current hands (bit masks) consistent with the
        view; the result continues exactly from the view's position.
        """
        rules = view.rules
        n = rules.players
        trick = [card.index for _, card in view.trick]
        trick_no = view.trick_number
        opening = None
        if trick_no == 0 and not trick:
            first = _opening_card(rules, hands)
            opening = first[0] if first is not None else None
        deal = Deal.__new__(Deal)
        deal.rules = rules
        deal._setup = _DealSetup(
            dealt=tuple(hands),
            dead=dead,
            deal_number=view.deal_number,
            pass_direction=view.pass_direction,
            totals=view.totals,
            start_leader=view.leader,
            start_broken=view.hearts_broken,
            first_undoable=trick_no * n + len(trick),
            hearts_trump=rules.hearts_trump,
            kitty=rules.kitty,
        )
        deal._state = _DealState(
            hands=list(hands),
            taken=list(view.taken),
            completed=[
                (t.leader, tuple(c.index for c in t.cards), t.winner)
                for t in view.tricks
                if t.winner is not None
            ],
            trick=trick,
            trick_mask=mask_of_indexes(trick),
            trick_no=trick_no,
            leader=view.leader,
            to_play=view.to_play,
            phase=view.phase,
            broken=view.hearts_broken,
            broken_at=0,
            opening=opening,
            passes=[None] * n,
            pass_log=[],
        )
        deal.is_over = view.phase == "over"
        return deal

    def result(self, totals: Sequence[int] | None = None) -> DealResult:
        """The score of the finished deal (after the moon rule), with the game's totals.
        A moon waiting for the shooter's choice (:attr:`pending_moon_choice`) has no
        score yet: HeartsError until :meth:`choose_moon`."""
        if self._state.phase != "over":
            raise HeartsError("deal_not_over")
        if self.pending_moon_choice is not None:
            raise HeartsError("moon_choice_pending")
        return score_deal(
            self.rules,
            [cards_of(m) for m in self._state.taken],
            totals=self._setup.totals if totals is None else totals,
            dead=cards_of(self._setup.dead),
            tricks=self.tricks_won,
            moon_choice=self._state.moon_choice,
            deal_number=self._setup.deal_number,
        )

    @property
    def pending_moon_choice(self) -> MoonOutcomes | None:
        """The shooter's choice the deal waits for (docs/rules.md §3.2): under
        ``moon="choice"``, once every trick is played and one player took every card the
        moon needs, and until :meth:`choose_moon`; the shooter and both outcomes (the
        deal's scores and the game's totals after each). None otherwise."""
        state = self._state
        if (
            state.phase != "over"
            or state.moon_choice is not None
            or self.rules.effective_moon != "choice"
        ):
            return None
        return moon_outcomes(
            self.rules,
            [cards_of(m) for m in state.taken],
            totals=self._setup.totals,
            dead=cards_of(self._setup.dead),
            tricks=self.tricks_won,
            deal_number=self._setup.deal_number,
        )

    @property
    def moon_choice(self) -> MoonChoice | None:
        """The shooter's choice once made ("add" or "subtract"), else None."""
        return self._state.moon_choice

    @property
    def is_complete(self) -> bool:
        """Over, and nothing left to decide: the deal has its score (:meth:`result`)."""
        return self.is_over and self.pending_moon_choice is None

    def choose_moon(self, choice: ChoiceText) -> None:
        """The shooter's choice on a moon under ``moon="choice"``: "add" (M to every other
        player) or "subtract" (M off the shooter's total). A move like a card: undone by
        :meth:`undo`; refused with IllegalMove, changing nothing, when no choice is
        pending or the word is not one of the two."""
        if choice not in MOON_CHOICES:
            raise IllegalMove("moon_choice_unknown", choice=choice, choices=", ".join(MOON_CHOICES))
        if self.pending_moon_choice is None:
            raise IllegalMove("no_moon_choice")
        self._state.moon_choice = "add" if choice == "add" else "subtract"

    def __repr__(self) -> str:
        return (
            f"<Deal {self._state.phase} trick={self._state.trick_no} to_play={self.to_play} "
            f"rules={self.rules.preset_name or 'custom'}>"
        )

    def _repr_html_(self) -> str:
        return deal_html(self)

    def state_key(self) -> tuple[object, ...]:
        """Everything that defines the position (for tests of undo and records): the
        position's compared fields, and where undo stops and the dead cards."""
        return (*self._state.key(), self._setup.first_undoable, self._setup.dead)


def table_point(deal: Deal) -> tuple[int, int]:
    """Where ``deal`` stands, as a table shows it: tricks completed, and cards in the
    trick in progress."""
    return len(deal.tricks), len(deal.current_trick.plays)
