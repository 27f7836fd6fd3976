"""One deal as a state machine: pass phase, play phase, over.

The state is a handful of integers and bit masks so that ``copy()`` and a playout
are cheap for a search bot. Every action can be undone, and an illegal action
raises :class:`IllegalMove` before anything changes.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, NamedTuple

from hearts_teach.cards import (
    CARDS,
    HEARTS_MASK,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Card,
    Suit,
    cards_of,
    indexes_of,
    mask_of,
    parse_cards,
)
from hearts_teach.errors import HeartsError, IllegalMove, RulesError
from hearts_teach.i18n import text
from hearts_teach.rules import Rules

if TYPE_CHECKING:
    from hearts_teach.scoring import DealResult

Phase = Literal["pass", "play", "over"]

_QS_BIT = QUEEN_OF_SPADES.bit
_CLUBS = SUIT_MASKS[Suit.CLUBS]
_SUIT_OF = tuple(i // 13 for i in range(52))
_RANK_OF = tuple(i % 13 for i in range(52))


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
        "_history",
        "_leader",
        "_legal",
        "_opening",
        "_passes",
        "_phase",
        "_shown_void",
        "_to_play",
        "_trick",
        "_trick_no",
        "completed",
        "dead",
        "deal_number",
        "dealt",
        "hands",
        "pass_direction",
        "rules",
        "start_broken",
        "start_leader",
        "taken",
        "totals",
        "tricks_won",
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
    tricks_won: list[int]
    totals: tuple[int, ...]
    completed: list[tuple[int, tuple[int, ...], int]]

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
        self.tricks_won = [0] * n
        self.totals = tuple(totals) if totals is not None else (0,) * n
        self.completed = []
        self._trick: list[int] = []
        self._broken = hearts_broken or not rules.must_break_hearts
        # (player, action, leader before, hearts broken before, player's voids before);
        # action is a card index, or ~mask for a pass choice.
        self._history: list[tuple[int, int, int, bool, int]] = []
        self._passes: list[int | None] = [None] * n
        self._shown_void = [0] * n
        hand_size = self.hands[0].bit_count()
        # Tricks already played before a set position with short hands.
        self._trick_no = rules.hand_size - hand_size
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
        deck = [c.index for c in cards_of(rules.deck)]
        generator.shuffle(deck)
        n = rules.players
        hands = [0] * n
        dead = 0
        if rules.dead_count:
            # Two-player: one card aside, 13 each one at a time, the last card aside.
            dead = 1 << deck[0] | 1 << deck[-1]
            deck = deck[1:-1]
        first = (rules.dealer(deal_number) + 1) % n
        bits = [1 << index for index in deck]
        for i in range(n):
            # one card at a time from the dealer's left: every n-th card goes to a player
            hands[(first + i) % n] = sum(bits[i::n])
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
        hands: Sequence[str | Iterable[Card | str]],
        dead: str | Iterable[Card | str] = (),
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
        other.tricks_won = self.tricks_won[:]
        other.totals = self.totals
        other.completed = self.completed[:]
        other._trick = self._trick[:]
        other._broken = self._broken
        other._history = self._history[:]
        other._passes = self._passes[:]
        other._shown_void = self._shown_void[:]
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
    def is_over(self) -> bool:
        return self._phase == "over"

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
        n = self.rules.players
        plays = tuple(((self._leader + i) % n, CARDS[c]) for i, c in enumerate(self._trick))
        return Trick(self._leader, plays, None)

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, in order."""
        n = self.rules.players
        result = []
        for leader, cards, winner in self.completed:
            plays = tuple(((leader + i) % n, CARDS[c]) for i, c in enumerate(cards))
            result.append(Trick(leader, plays, winner))
        return result

    @property
    def last_trick(self) -> Trick | None:
        tricks = self.tricks
        return tricks[-1] if tricks else None

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
        result: list[tuple[str, int, tuple[Card, ...]]] = []
        for player, action, *_ in self._history:
            if action >= 0:
                result.append(("play", player, (CARDS[action],)))
            else:
                result.append(("pass", player, tuple(cards_of(~action))))
        return result

    @property
    def plays(self) -> list[tuple[int, Card]]:
        return [(p, CARDS[a]) for p, a, *_ in self._history if a >= 0]

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
        if self._legal >= 0:
            return self._legal
        self._legal = legal = self._compute_legal()
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
            if not self._broken:
                others = hand & ~HEARTS_MASK
                if others:
                    if rules.lead_hearts_instead_of_qs and others == _QS_BIT:
                        return hand
                    return others
            return hand
        follow = hand & SUIT_MASKS[_SUIT_OF[trick[0]]]
        if follow:
            return follow
        if self._trick_no == 0 and rules.first_trick_no_points:
            safe = hand & ~rules.penalty_cards
            if safe:
                return safe
            if rules.first_trick_forced == "hearts_before_queen" and hand & HEARTS_MASK:
                return hand & HEARTS_MASK
        return hand

    def legal_moves(self) -> list[Card]:
        return cards_of(self.legal_mask())

    def explain(self, card: Card | str, player: int | None = None) -> Explanation:
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
            if not self._broken and bit & HEARTS_MASK:
                others = hand & ~HEARTS_MASK
                if not others:
                    return Explanation(card, True, "legal_only_hearts", one)
                if rules.lead_hearts_instead_of_qs and others == _QS_BIT:
                    return Explanation(card, True, "legal_lead", one)
                return Explanation(card, False, "hearts_not_broken")
            if bit == _QS_BIT and not self._broken:
                return Explanation(card, True, "legal_lead_queen")
            return Explanation(card, True, "legal_lead", one)
        led = _SUIT_OF[trick[0]]
        follow = hand & SUIT_MASKS[led]
        if follow:
            if bit & follow:
                return Explanation(card, True, "legal_follow", one)
            return Explanation(card, False, "must_follow_suit", (("suit", Suit(led)),))
        if self._trick_no == 0 and rules.first_trick_no_points:
            safe = hand & ~rules.penalty_cards
            if safe:
                if bit & safe:
                    return Explanation(card, True, "legal_discard", one)
                return Explanation(card, False, "no_points_first_trick", one)
            if rules.first_trick_forced == "hearts_before_queen" and hand & HEARTS_MASK:
                if bit & HEARTS_MASK:
                    return Explanation(card, True, "legal_forced_points")
                return Explanation(card, False, "hearts_before_queen")
            return Explanation(card, True, "legal_forced_points")
        return Explanation(card, True, "legal_discard", one)

    def is_legal(self, card: Card | str) -> bool:
        return bool(self.legal_mask() & Card.parse(card).bit)

    # --- actions --------------------------------------------------------------

    def pass_cards(self, player: int, cards: str | Iterable[Card | str]) -> None:
        """Choose the cards ``player`` passes. Once every player has chosen, the cards
        change hands and play begins. A player may change a choice until then."""
        self._check_player(player)
        if self._phase != "pass":
            raise IllegalMove("not_passing_phase")
        chosen = parse_cards(cards)
        count = self.rules.cards_to_pass
        if len(chosen) != count:
            raise IllegalMove("pass_count", count=count, given=len(chosen))
        mask = mask_of(chosen)
        missing = mask & ~self.hands[player]
        if missing:
            raise IllegalMove("pass_not_in_hand", card=cards_of(missing)[0])
        previous = self._passes[player]
        self._passes[player] = mask
        self._history.append((player, ~mask, -1 if previous is None else previous, False, 0))
        if all(m is not None for m in self._passes):
            self._exchange()

    def _exchange(self) -> None:
        self._move_passed_cards(forward=True)
        self._start_play(None)

    def _move_passed_cards(self, forward: bool) -> None:
        """Give every chosen card to its receiver, or (backward) take it back."""
        assert self.pass_direction is not None
        for player, chosen in enumerate(self._passes):
            receiver = self.rules.pass_receiver(player, self.pass_direction)
            source, target = (player, receiver) if forward else (receiver, player)
            self.hands[source] &= ~(chosen or 0)
            self.hands[target] |= chosen or 0

    def _unexchange(self) -> None:
        self._move_passed_cards(forward=False)
        # back to the pass phase exactly as __init__ leaves it
        self._phase = "pass"
        self._opening = None
        self._legal = -1
        self._leader = 0
        self._to_play = 0

    def play(self, card: Card | str, player: int | None = None) -> Trick | None:
        """Play a card for the player to play (or check it is ``player``'s turn).

        Returns the trick if this card completed it. An illegal card raises
        :class:`IllegalMove` with the reason and changes nothing.
        """
        if type(card) is not Card:
            card = Card.parse(card)
        if self._phase == "play" and (player is None or player == self._to_play):
            legal = self._legal if self._legal >= 0 else self.legal_mask()
            if legal & card.bit:
                self._play_index(card.index)
                if self._trick:
                    return None
                leader, cards, winner = self.completed[-1]
                n = self.rules.players
                plays = tuple(((leader + i) % n, CARDS[c]) for i, c in enumerate(cards))
                return Trick(leader, plays, winner)
        explanation = self.explain(card, player)
        raise IllegalMove(explanation.reason, **dict(explanation.params))

    def play_index(self, index: int) -> None:
        """Fast path for search: play a card index known to be legal."""
        self._play_index(index)

    def _play_index(self, index: int) -> None:
        player = self._to_play
        bit = 1 << index
        trick = self._trick
        voids = self._shown_void
        self._history.append((player, index, self._leader, self._broken, voids[player]))
        self._legal = -1
        self.hands[player] &= ~bit
        suit = _SUIT_OF[index]
        if trick:
            led = _SUIT_OF[trick[0]]
            if suit != led:
                voids[player] |= 1 << led
        if suit == 3:
            self._broken = True
        elif bit == _QS_BIT and self.rules.qs_breaks_hearts != "off":
            mode = self.rules.qs_breaks_hearts
            if mode == "any" or (trick and _SUIT_OF[trick[0]] != 2):
                self._broken = True
        trick.append(index)
        n = self.rules.players
        if len(trick) < n:
            self._to_play = (player + 1) % n
            return
        leader = self._leader
        winner = (leader + winning_position(trick, self.rules.hearts_trump)) % n
        cards = tuple(trick)
        self.completed.append((leader, cards, winner))
        mask = 0
        for c in cards:
            mask |= 1 << c
        self.taken[winner] |= mask
        self.tricks_won[winner] += 1
        self._trick = []
        self._trick_no += 1
        self._leader = winner
        self._to_play = winner
        if self._trick_no >= self.rules.hand_size:
            self._phase = "over"

    def undo(self) -> None:
        """Take back the last action (a card played, or a pass choice)."""
        if not self._history:
            raise IllegalMove("nothing_to_undo")
        player, action, saved_leader, saved_broken, saved_void = self._history.pop()
        self._legal = -1
        if action < 0:
            if self._phase != "pass":
                self._unexchange()
            self._passes[player] = None if saved_leader == -1 else saved_leader
            return
        if not self._trick:
            _leader, cards, winner = self.completed.pop()
            mask = 0
            for c in cards:
                mask |= 1 << c
            self.taken[winner] &= ~mask
            self.tricks_won[winner] -= 1
            self._trick_no -= 1
            self._trick = list(cards)
        self._trick.pop()
        self.hands[player] |= 1 << action
        self._leader = saved_leader
        self._broken = saved_broken
        self._shown_void[player] = saved_void
        self._to_play = player
        self._phase = "play"

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
            voids=tuple(self._shown_void),
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
        deal = cls.__new__(cls)
        deal.rules = rules
        deal.start_leader = view.leader
        deal.start_broken = view.hearts_broken
        deal.hands = list(hands)
        deal.dealt = tuple(hands)
        deal.dead = dead
        deal.deal_number = view.deal_number
        deal.pass_direction = view.pass_direction
        deal.taken = list(view.taken)
        deal.tricks_won = [0] * rules.players
        deal.completed = []
        for trick in view.tricks:
            assert trick.winner is not None
            deal.tricks_won[trick.winner] += 1
            deal.completed.append((trick.leader, tuple(c.index for c in trick.cards), trick.winner))
        deal.totals = view.totals
        deal._trick = [card.index for _, card in view.trick]
        deal._broken = view.hearts_broken
        deal._history = []
        deal._passes = [None] * rules.players
        deal._shown_void = list(view.voids)
        deal._trick_no = view.trick_number
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
            tuple(self.tricks_won),
            tuple(self._trick),
            self._broken,
            tuple(h[:2] for h in self._history),
            tuple(self._passes),
            tuple(self._shown_void),
            self._trick_no,
            self._opening,
            self._phase,
            self._leader,
            self._to_play,
            tuple(self.completed),
        )
