"""What the heuristic player reads, as integers: what the rules mean for a seat
(:class:`Context`, once per rules value) and what the seat knows at its turn
(:class:`Situation`), with the mask helpers both policies use.

Everything here reads only what one seat may know: its hand, the cards played, the
suits shown void and the points taken.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from hearts_teach.cards import (
    ACE_OF_SPADES,
    KING_OF_SPADES,
    QS_BIT,
    QS_INDEX,
    SUIT_MASK_OF,
    SUIT_MASKS,
    SUIT_OF,
    CardMask,
    Suit,
)
from hearts_teach.deal import Deal, PlayerView
from hearts_teach.deal import winning_position as engine_winning_position
from hearts_teach.rules import Rules

DIAMONDS, SPADES, HEARTS = int(Suit.DIAMONDS), int(Suit.SPADES), int(Suit.HEARTS)
"""Suits as the plain numbers ``SUIT_OF`` gives."""
HIGH_SPADES = KING_OF_SPADES.bit | ACE_OF_SPADES.bit


def low_index(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def high_index(mask: int) -> int:
    return mask.bit_length() - 1


def below_bits(index: int) -> int:
    """Cards of the same suit lower than ``index``."""
    return ((1 << index) - 1) & SUIT_MASK_OF[index]


def above_bits(index: int) -> int:
    """Cards of the same suit higher than ``index``."""
    return SUIT_MASK_OF[index] & ~((1 << (index + 1)) - 1)


BELOW = tuple(below_bits(index) for index in range(52))
"""``below_bits`` of each card, looked up in the playouts."""
ABOVE = tuple(above_bits(index) for index in range(52))
"""``above_bits`` of each card, looked up in the playouts."""


@dataclass(frozen=True)
class Context:
    """What the rules mean for a player, computed once per rules value."""

    rules: Rules
    players: int
    values: tuple[int, ...]
    penalty: int
    bonus: int
    deck: int
    queen: int
    queen_catchers: int
    trump: bool
    reverse: bool
    partnership: bool
    moon_worth_playing: bool
    """Whether a moon is worth playing for or against: the rules score one and points
    are bad (under Reverse a moon the rules score is no aim: taking points is)."""
    moon_cards: int
    moon_value: int
    no_points_first_trick: bool
    point_tables: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """For each suit holding cards that count: its shift in a mask, and the points of
    each set of its cards (13 bits), summed from the card values as the engine sums them."""

    def partner(self, player: int) -> int | None:
        """The player's partner, as the rules say (:meth:`Rules.partner`): None outside
        Partnership."""
        return self.rules.partner(player)

    def points(self, mask: CardMask) -> int:
        """The points of the cards of ``mask``, as the engine counts them
        (:func:`hearts_teach.scoring.points_of`), a table look-up per suit."""
        total = 0
        for shift, table in self.point_tables:
            total += table[mask >> shift & 8191]
        return total


def _point_tables(
    values: tuple[int, ...], counting: int
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """:attr:`Context.point_tables` for the cards of ``counting``."""
    tables = []
    for suit in range(4):
        shift = 13 * suit
        if not counting >> shift & 8191:
            continue
        worth = [
            values[shift + rank] if counting >> (shift + rank) & 1 else 0 for rank in range(13)
        ]
        table = [0] * 8192
        for subset in range(1, 8192):
            low = subset & -subset
            table[subset] = table[subset ^ low] + worth[low.bit_length() - 1]
        tables.append((shift, tuple(table)))
    return tuple(tables)


@lru_cache(maxsize=64)
def context(rules: Rules) -> Context:
    values = rules.values
    queen = QS_BIT if values[QS_INDEX] > 0 and rules.deck & QS_BIT else 0
    # K♠ and A♠ catch the queen; in Black Maria they are penalty cards themselves.
    catchers = HIGH_SPADES & rules.deck if queen and not rules.black_maria else 0
    bonus = 0
    for index in range(52):
        if values[index] < 0 and rules.deck >> index & 1:
            bonus |= 1 << index
    return Context(
        rules=rules,
        players=rules.players,
        values=values,
        penalty=rules.penalty_cards,
        bonus=bonus,
        deck=rules.deck,
        queen=queen,
        queen_catchers=catchers,
        trump=rules.hearts_trump,
        reverse=rules.reverse,
        partnership=rules.partnership,
        moon_worth_playing=rules.effective_moon != "none" and not rules.reverse,
        moon_cards=rules.moon_cards,
        moon_value=rules.moon_value,
        no_points_first_trick=bool(rules.first_trick_no_points),
        point_tables=_point_tables(values, rules.penalty_cards | bonus),
    )


@dataclass
class Situation:
    """One seat's knowledge at its turn, as integers."""

    player: int
    hand: int
    legal: int
    trick: list[int]
    leader: int
    played: int
    voids: list[int]
    taken: list[int]
    trick_no: int
    passed: int = 0
    """The cards this seat passed: it knows who holds them (``pass_to``) until played."""
    pass_to: int = -1

    @classmethod
    def at_start(cls, deal: Deal, player: int) -> Situation:
        """``player``'s situation as the play of ``deal`` begins (nothing played yet):
        kept in step with the deal as its cards are played (``playout.advance``)."""
        n = deal.rules.players
        return cls(
            player=player,
            hand=deal.hands[player],
            legal=0,
            trick=[],
            leader=deal.leader,
            played=0,
            voids=[0] * n,
            taken=deal.taken,
            trick_no=0,
        )

    @classmethod
    def from_view(cls, view: PlayerView) -> Situation:
        direction = view.pass_direction
        pass_to = -1 if direction is None else view.rules.pass_receiver(view.player, direction)
        return cls(
            player=view.player,
            hand=view.hand,
            legal=view.legal,
            trick=[card.index for _, card in view.trick],
            leader=view.leader,
            # a kitty taken with the first trick is out of play, as its cards (§16.7)
            played=view.played_mask | view.kitty,
            voids=list(view.voids),
            taken=list(view.taken),
            trick_no=view.trick_number,
            passed=view.passed if pass_to >= 0 else 0,
            pass_to=pass_to,
        )


def beating(ctx: Context, cards: int, trick: list[int]) -> int:
    """Those of ``cards`` that would win the trick as it stands."""
    return beating_winner(
        ctx, cards, SUIT_OF[trick[0]], trick[engine_winning_position(trick, ctx.trump)]
    )


def beating_winner(ctx: Context, cards: int, led: int, winner: int) -> int:
    """:func:`beating`, given the suit led and the card winning the trick so far."""
    if SUIT_OF[winner] == led:
        beats = cards & ABOVE[winner]
        if ctx.trump and led != HEARTS:
            beats |= cards & SUIT_MASKS[HEARTS]
        return beats
    # Trumped: only a higher heart wins.
    return cards & ABOVE[winner]
