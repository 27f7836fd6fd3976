"""The heuristic player, on bit masks: fast enough to be the playout policy of the
Monte-Carlo bot, and able to say which rule of good play chose each card.

Everything here reads only what one seat may know: its hand, the cards played, the
suits shown void and the points taken (a :class:`Situation`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from hearts_teach.cards import (
    ACE_OF_SPADES,
    CARDS,
    JACK_OF_DIAMONDS,
    KING_OF_SPADES,
    QUEEN_OF_SPADES,
    CardMask,
    Suit,
    indexes_of,
)
from hearts_teach.deal import PlayerView, trick_winner
from hearts_teach.deal import winning_position as engine_winning_position
from hearts_teach.rules import Rules

SUIT_OF = tuple(i // 13 for i in range(52))
SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
SPADES, HEARTS, DIAMONDS = 2, 3, 1
QS = QUEEN_OF_SPADES.index
QS_BIT = QUEEN_OF_SPADES.bit
JD_BIT = JACK_OF_DIAMONDS.bit
HIGH_SPADES = KING_OF_SPADES.bit | ACE_OF_SPADES.bit

# Rules of thumb in numbers, checked by self-play (one changed heuristic against three,
# 1,500 to 2,000 paired deals): QUEEN_GUARDS 3 or 5, FLUSH_BONUS 0 or 30,
# VOID_LEAD_PENALTY 5 or 60 changed nothing beyond the noise (about ±0.2 points a deal);
# MOON_ALERT 0.7 rather than 0.5 saved 0.17 ± 0.07 points a deal (fewer false alarms).
QUEEN_GUARDS = 4
"""Spades below the queen needed to keep Q♠ (and K♠, A♠) rather than pass them."""
FLUSH_BONUS = 15.0
"""How much a spade lead is preferred when it may force out the queen."""
VOID_LEAD_PENALTY = 25.0
"""How much a lead is avoided in a suit where a later player has shown void."""
SAFE_ROUND_CARDS = 0
"""Cards of a suit already played for which following high still counts as safe."""
MOON_ALERT = 0.7
"""Share of the moon's points one opponent must hold alone before I try to stop it..."""
MOON_ALERT_TRICK = 5
"""...from this trick on."""
MOON_TRY = 0.5
"""Share of the moon's points I must hold alone (with the top hearts) to go for it."""

# Card ranks as ``index % 13`` (0 is the two): the thresholds the rules of thumb name.
SEVEN, EIGHT, TEN, JACK, QUEEN = 5, 6, 8, 9, 10

# Leading: each suit's lowest legal card gets a cost, the cheapest is led.
LEAD_NONE_OUT = 40.0
"""Cost of leading a suit nobody else holds while penalty cards are out: the others
discard on my trick."""
LEAD_TOP = 60.0
"""Cost of leading a card that beats every card of its suit still out: I take the trick."""
LEAD_ODDS = 20.0
"""Cost per unit of (cards out below my card / cards out above it): the odds my lead wins."""
LEAD_SPADE_WITH_QUEEN = 40.0
"""Cost of leading spades while holding Q♠ myself (it may have to fall on my own trick)."""
LEAD_CATCHER = 80.0
"""Cost of leading K♠ or A♠ while Q♠ is out and I hold no lower spade: the queen's catch."""
LEAD_HEART = 3.0
"""Cost of leading a heart rather than another suit (a point may come back to me)."""
LEAD_SHORT = 4.0
"""Preference for a low lead from a suit of one or two cards (a void sooner)."""
LEAD_PENALTY = 100.0
"""Cost of leading a penalty card other than a heart (Q♠, Black Maria's spades), plus
its points."""
LEAD_BONUS = 50.0
"""Cost of leading J♦ (Omnibus): another player would win it."""

# Discarding: the card that sheds the most danger goes first.
DISCARD_PENALTY = 1000
"""Worth of discarding a penalty card other than a single heart (plus its points)."""
DISCARD_CATCHER = 900
"""Worth of discarding K♠ or A♠ while Q♠ is out (plus the rank)."""
DISCARD_HEART = 400
"""Worth of discarding a heart..."""
DISCARD_HEART_RANK = 10
"""...plus this much per rank (the high hearts first)."""
DISCARD_RANK = 30
"""Worth per rank of discarding another card (the high cards first)..."""
DISCARD_SHORT = 120
"""...plus this much from a suit of one or two cards (a void sooner)."""
DISCARD_KEEP_BONUS = -1000
"""J♦ (Omnibus) is the last card I discard."""
DISCARD_KEEP_CATCHER = 300
"""Omnibus: cost of discarding a diamond above the jack while J♦ is out (it catches it)."""

# Passing: each card of the hand gets a score, the highest are passed.
PASS_HIGH = 2.0
"""Score per rank above the eight of a card of a side suit."""
PASS_QUEEN = 40.0
"""Score of Q♠ with fewer than QUEEN_GUARDS lower spades."""
PASS_GUARDED = -5.0
"""Score of Q♠ (or Black Maria's K♠, A♠) kept with enough lower spades."""
PASS_BLACK_MARIA = 35.0
"""Score of Black Maria's K♠ or A♠ with too few lower spades (plus its points)."""
PASS_CATCHER = 25.0
"""Score of K♠ or A♠ without Q♠ and with too few lower spades (the queen may fall on it)."""
PASS_CATCHER_SAFE = 1.0
"""Score of K♠ or A♠ otherwise..."""
PASS_CATCHER_WITH_QUEEN = 6.0
"""...and with Q♠ held and enough lower spades."""
PASS_LOW_SPADE = -6.0
"""Score of a low spade while Q♠ is in play (it guards the queen)..."""
PASS_LOW_SPADE_RANK = 0.1
"""...plus this much per rank."""
PASS_HEART = 2.5
"""Score per rank above the seven of a heart (plus its points)."""
PASS_KEEP_BONUS = -50.0
"""Score of J♦ (Omnibus): it stays."""
PASS_KEEP_CATCHER = 8.0
"""Omnibus: how much less a diamond from the queen up is passed (it catches J♦)."""
PASS_VOID = 6.0
"""Extra score of each card of a club or diamond suit short enough to pass whole..."""
PASS_VOID_SHORTER = 2.0
"""...plus this much per card the suit is shorter than the pass."""
PASS_KEEP_FROM_PARTNER = 100.0
"""Passing across to a partner: how much less a card that costs points is passed."""
REVERSE_PASS = 20.0
"""Reverse Hearts: score of a card, less its rank (the low cards go)..."""
REVERSE_PASS_POINTS = 30.0
"""...and less this much for a card that counts (points are good)."""


def low_index(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def high_index(mask: int) -> int:
    return mask.bit_length() - 1


def below_bits(index: int) -> int:
    """Cards of the same suit lower than ``index``."""
    return ((1 << index) - 1) & SUIT_MASK[SUIT_OF[index]]


def above_bits(index: int) -> int:
    """Cards of the same suit higher than ``index``."""
    return SUIT_MASK[SUIT_OF[index]] & ~((1 << (index + 1)) - 1)


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
    moon: bool
    moon_cards: int
    moon_value: int
    no_points_first_trick: bool
    point_tables: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """For each suit holding cards that count: its shift in a mask, and the points of
    each set of its cards (13 bits), summed from the card values as the engine sums them."""

    def partner(self, player: int) -> int:
        return (player + 2) % 4 if self.partnership else player

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
    queen = QS_BIT if values[QS] > 0 and rules.deck & QS_BIT else 0
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
        moon=rules.effective_moon != "none" and not rules.reverse,
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
    def from_view(cls, view: PlayerView) -> Situation:
        direction = view.pass_direction
        pass_to = -1 if direction is None else view.rules.pass_receiver(view.player, direction)
        return cls(
            player=view.player,
            hand=view.hand,
            legal=view.legal,
            trick=[card.index for _, card in view.trick],
            leader=view.leader,
            played=view.played_mask,
            voids=list(view.voids),
            taken=list(view.taken),
            trick_no=view.trick_number,
            passed=view.passed if pass_to >= 0 else 0,
            pass_to=pass_to,
        )


def winning_position(ctx: Context, trick: list[int]) -> int:
    """The position in the trick of the card winning it so far."""
    return engine_winning_position(trick, ctx.trump)


def beating(ctx: Context, cards: int, trick: list[int]) -> int:
    """Those of ``cards`` that would win the trick as it stands."""
    return _beating(ctx, cards, SUIT_OF[trick[0]], trick[engine_winning_position(trick, ctx.trump)])


def _beating(ctx: Context, cards: int, led: int, winner: int) -> int:
    """:func:`beating`, given the suit led and the card winning the trick so far."""
    if SUIT_OF[winner] == led:
        beats = cards & ABOVE[winner]
        if ctx.trump and led != HEARTS:
            beats |= cards & SUIT_MASK[HEARTS]
        return beats
    # Trumped: only a higher heart wins.
    return cards & ABOVE[winner]


def lone_taker(ctx: Context, taken: list[int]) -> int:
    """The one player who has taken penalty cards, when a moon is possible (the rules
    have one and nobody else has taken any); -1 otherwise. With -1, :func:`moon_mode`
    says no moon is in play whoever is to play, until the next trick is taken."""
    if not ctx.moon:
        return -1
    penalty = ctx.penalty
    shooter = -1
    for player, mask in enumerate(taken):
        if mask & penalty:
            if shooter >= 0:
                return -1  # two players have points: no moon this deal
            shooter = player
    return shooter


def moon_mode(ctx: Context, s: Situation) -> tuple[str | None, int]:
    """("shoot", me), ("stop", shooter) or (None, -1): whether a moon is in play."""
    shooter = lone_taker(ctx, s.taken)
    if shooter < 0:
        return None, -1
    penalty = ctx.penalty
    if shooter == s.player:
        unseen = ctx.deck & ~s.hand & ~s.played
        # Still possible and likely: most points already, and my hand holds the top hearts.
        if ctx.points(s.taken[shooter] & penalty) < MOON_TRY * ctx.moon_value:
            return None, -1
        my_hearts = s.hand & SUIT_MASK[HEARTS]
        out_hearts = unseen & SUIT_MASK[HEARTS]
        if out_hearts and (not my_hearts or high_index(out_hearts) > high_index(my_hearts)):
            return None, -1
        return "shoot", shooter
    if ctx.partner(s.player) == shooter:
        return None, -1
    if (
        s.trick_no >= MOON_ALERT_TRICK
        and ctx.points(s.taken[shooter] & penalty) >= MOON_ALERT * ctx.moon_value
    ):
        return "stop", shooter
    return None, -1


def choose_play(ctx: Context, s: Situation, calm: bool = False) -> tuple[int, str]:
    """The heuristic's card (an index) and the key of the rule that chose it (what the
    rule meant to do: ``true_key`` decides what may be said of it). ``calm``: the caller
    knows that :func:`lone_taker` is -1 for ``s.taken`` (no moon in play), which spares
    checking it at every card of a playout."""
    legal = s.legal
    if legal & (legal - 1) == 0:
        return low_index(legal), "only_legal"
    if ctx.reverse:
        return _reverse(ctx, s)
    mode, shooter = (None, -1) if calm else moon_mode(ctx, s)
    if mode == "shoot":
        return _shoot(ctx, s)
    if not s.trick:
        return _lead(ctx, s)
    if SUIT_MASK[SUIT_OF[s.trick[0]]] & legal:
        return _follow(ctx, s, shooter if mode == "stop" else -1)
    return _discard(ctx, s, shooter if mode == "stop" else -1)


def _follow(ctx: Context, s: Situation, shooter: int) -> tuple[int, str]:
    legal = s.legal
    trick = s.trick
    n = ctx.players
    values = ctx.values
    on_table = points = 0
    for card in trick:
        on_table |= 1 << card
        points += values[card]
    led = SUIT_OF[trick[0]]
    winner = trick_winner(on_table, trick[0], ctx.trump)
    above = _beating(ctx, legal, led, winner)
    below = legal & ~above
    last = len(trick) == n - 1
    winner_seat = (s.leader + trick.index(winner)) % n
    unseen = ctx.deck & ~s.hand & ~s.played

    if shooter >= 0 and above and (points > 0 or winner_seat == shooter):
        # Stop the moon: take a trick with points (or win it away from the shooter).
        safe = above & ~ctx.penalty or above
        return low_index(safe), "moon_stop"
    if ctx.partnership and winner_seat == ctx.partner(s.player) and below:
        # My partner wins: give them nothing costly, but keep high cards low.
        cheap = below & ~ctx.penalty or below
        return high_index(cheap), "duck"
    if s.trick_no == 0 and ctx.no_points_first_trick and not ctx.bonus:
        clean = legal & ~ctx.penalty or legal
        return high_index(clean), "first_trick_high"
    if ctx.bonus and (points < 0 or legal & ctx.bonus) and above:
        # Omnibus: win a trick holding the jack of diamonds, or win it with the jack: a
        # trick without points, or, playing last (nobody can overtake), one whose points
        # the jack more than pays for.
        mine = above & ctx.bonus
        if mine:
            jack = low_index(mine)
            if points <= 0 or (last and points + ctx.values[jack] < 0):
                return jack, "take_bonus"
        if points < 0 and (last or not unseen & above_bits(high_index(above))):
            clean = above & ~ctx.penalty
            if clean:
                return high_index(clean), "take_bonus"
    if last:
        if above:
            clean = above & ~ctx.penalty & ~ctx.bonus
            if clean and points <= 0:
                return high_index(clean & ~ctx.queen_catchers or clean), "win_last_high"
            if below:
                return _duck(ctx, below)
            pick = clean or above & ~ctx.penalty or above
            return high_index(pick), "forced_take_high"
        return _duck(ctx, below)
    if below:
        if points <= 0 and _safe_to_win(ctx, s, led, unseen):
            clean = legal & ~ctx.penalty & ~ctx.queen_catchers & ~ctx.bonus
            if clean:
                return high_index(clean), "play_high"
        return _duck(ctx, below)
    # Every card I hold wins for now: somebody after me may still overtake.
    clean = above & ~ctx.penalty & ~ctx.bonus or above
    if points <= 0 and _safe_to_win(ctx, s, led, unseen):
        return high_index(clean), "play_high"
    lower_catchers = clean & ~ctx.queen_catchers
    return low_index(lower_catchers or clean), "forced_low"


def _duck(ctx: Context, below: int) -> tuple[int, str]:
    card = high_index(below)
    if ctx.values[card] > 0:
        return card, "give_penalty"
    return card, "duck"


def _safe_to_win(ctx: Context, s: Situation, led: int, unseen: int) -> bool:
    """A first round of a suit, where nobody after me has shown void: little risk."""
    n = ctx.players
    if led == HEARTS:
        return False
    if led == SPADES and ctx.queen and unseen & ctx.queen:
        return False
    already = s.played & SUIT_MASK[led] & ~_mask(s.trick)
    if already.bit_count() > SAFE_ROUND_CARDS:
        return False
    for offset in range(len(s.trick) + 1, n):
        if s.voids[(s.leader + offset) % n] >> led & 1:
            return False
    # Enough cards of the suit remain out there for everyone to follow.
    return (unseen & SUIT_MASK[led]).bit_count() >= 2 * (n - 1 - len(s.trick))


def _mask(cards: list[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _discard(ctx: Context, s: Situation, shooter: int) -> tuple[int, str]:
    legal = s.legal
    trick = s.trick
    n = ctx.players
    winner_seat = (s.leader + engine_winning_position(trick, ctx.trump)) % n
    partner_wins = ctx.partnership and winner_seat == ctx.partner(s.player)
    keep_points = partner_wins or winner_seat == shooter
    led = SUIT_OF[trick[0]]
    candidates = legal
    if ctx.trump and led != HEARTS:
        # Two-player: a heart would trump and win; discard from the other suits if I can.
        others = legal & ~SUIT_MASK[HEARTS]
        if others:
            candidates = others
        else:
            return low_index(legal), "trump"
    if keep_points:
        safe = candidates & ~ctx.penalty & ~ctx.bonus
        if partner_wins and candidates & ctx.bonus:
            return low_index(candidates & ctx.bonus), "partner_wins"
        if safe:
            return high_index(safe), "partner_wins" if partner_wins else "moon_keep"
    return _shed(ctx, s.hand, candidates, ctx.deck & ~s.hand & ~s.played)


def _shed(ctx: Context, hand: int, candidates: int, unseen: int) -> tuple[int, str]:
    """The discard among ``candidates`` that sheds the most danger, and its reason key:
    the first (lowest) of the highest worth."""
    values = ctx.values
    catchers = ctx.queen_catchers if ctx.queen & unseen else 0
    bonus_out = ctx.bonus and unseen & ctx.bonus
    best, best_score, best_key = -1, -(10**9), "discard_clean"
    rest = candidates
    while rest:
        bit = rest & -rest
        rest ^= bit
        card = bit.bit_length() - 1
        value = values[card]
        suit = SUIT_OF[card]
        rank = card % 13
        if value > 1 or (value > 0 and suit != HEARTS):
            score, key = DISCARD_PENALTY + value, "dump_penalty"
        elif bit & catchers:
            score, key = DISCARD_CATCHER + rank, "dump_danger"
        elif suit == HEARTS:
            score, key = DISCARD_HEART + DISCARD_HEART_RANK * rank, "dump_heart"
        elif value < 0:
            score, key = DISCARD_KEEP_BONUS, "discard_clean"
        else:
            score = DISCARD_RANK * rank
            key = "dump_high" if rank >= JACK else "discard_clean"
            if (hand & SUIT_MASK[suit]).bit_count() <= 2:
                score += DISCARD_SHORT
                key = "dump_void"
            if bonus_out and suit == DIAMONDS and rank > JACK:
                score -= DISCARD_KEEP_CATCHER
        if score > best_score:
            best, best_score, best_key = card, score, key
    return best, best_key


def _lead(ctx: Context, s: Situation) -> tuple[int, str]:
    legal = s.legal
    n = ctx.players
    hand = s.hand
    unseen = ctx.deck & ~hand & ~s.played
    queen = ctx.queen
    catchers = ctx.queen_catchers
    values = ctx.values
    bonus = ctx.bonus
    queen_out = bool(queen and unseen & queen)
    penalty_left = ctx.penalty & ~s.played & ~hand
    # The players after me void in each suit, when penalty cards are out to discard.
    voids = [s.voids[(s.player + offset) % n] for offset in range(1, n)] if penalty_left else []
    best, best_score, best_key = -1, 10.0**9, "lead_low"
    for suit in range(4):
        mine = legal & SUIT_MASK[suit]
        if not mine:
            continue
        low = (mine & -mine).bit_length() - 1
        out = unseen & SUIT_MASK[suit]
        key = "lead_low"
        if not out:
            score = LEAD_NONE_OUT if penalty_left else 0.0
        else:
            higher = (out & ABOVE[low]).bit_count()
            if higher == 0:
                score = LEAD_TOP
                key = "lead_high"
            else:
                score = LEAD_ODDS * (out & BELOW[low]).bit_count() / higher
        if suit == SPADES and queen:
            if hand & queen:
                score += LEAD_SPADE_WITH_QUEEN
            elif queen_out:
                if hand & catchers:
                    low_spades = mine & ~catchers
                    if low_spades:
                        low = (low_spades & -low_spades).bit_length() - 1
                    else:
                        score += LEAD_CATCHER
                else:
                    score -= FLUSH_BONUS
                    key = "lead_flush_queen"
        if suit == HEARTS:
            score += LEAD_HEART
            key = "lead_heart" if key == "lead_low" else key
        elif key == "lead_low" and mine.bit_count() <= 2:
            score -= LEAD_SHORT
            key = "lead_short"
        if values[low] > 0 and suit != HEARTS:
            score += LEAD_PENALTY + values[low]
        if bonus and (1 << low) & bonus:
            score += LEAD_BONUS
        for void in voids:
            if void >> suit & 1:
                score += VOID_LEAD_PENALTY
        if score < best_score:
            best, best_score, best_key = low, score, key
    if best_key == "lead_high":
        best = high_index(legal & SUIT_MASK[SUIT_OF[best]])
    return best, best_key


def _shoot(ctx: Context, s: Situation) -> tuple[int, str]:
    legal = s.legal
    if not s.trick:
        unseen = ctx.deck & ~s.hand & ~s.played
        # Lead a card nobody can beat, hearts first (they are the points I need).
        for suit in (HEARTS, SPADES, DIAMONDS, 0):
            mine = legal & SUIT_MASK[suit]
            if mine and not unseen & above_bits(high_index(mine)):
                return high_index(mine), "moon_shoot_top"
        return high_index(legal), "moon_lead"
    led = SUIT_OF[s.trick[0]]
    if legal & SUIT_MASK[led]:
        above = beating(ctx, legal, s.trick)
        if above:
            return high_index(above), "moon_shoot"
        return low_index(legal), "moon_duck"
    keep = legal & ~ctx.penalty
    return low_index(keep or legal), "moon_discard"


def _reverse(ctx: Context, s: Situation) -> tuple[int, str]:
    """Reverse Hearts: take the points, give none away."""
    legal = s.legal
    unseen = ctx.deck & ~s.hand & ~s.played
    if not s.trick:
        for suit in (HEARTS, SPADES, DIAMONDS, 0):
            mine = legal & SUIT_MASK[suit]
            if mine and not unseen & above_bits(high_index(mine)) and unseen & SUIT_MASK[suit]:
                return high_index(mine), "reverse_lead"
        low = legal & ~ctx.penalty or legal
        return low_index(low), "reverse_lead"
    led = SUIT_OF[s.trick[0]]
    above = beating(ctx, legal, s.trick)
    if legal & SUIT_MASK[led] or ctx.trump:
        if above:
            if len(s.trick) == ctx.players - 1:
                # Last to play: win with a card that counts (its points come to me),
                # otherwise with the cheapest winner.
                counting = above & ctx.penalty
                return (high_index(counting) if counting else low_index(above)), "reverse_take_last"
            # Someone may still overtake: do not risk a counting card.
            return high_index(above & ~ctx.penalty or above), "reverse_take"
        return low_index(legal & ~ctx.penalty or legal), "reverse_low_lowest"
    keep = legal & ~ctx.penalty
    return low_index(keep or legal), "reverse_keep"


# --- passing -------------------------------------------------------------------


def choose_pass(
    ctx: Context, hand: int, count: int, to_partner: bool = False
) -> tuple[list[int], dict[int, str]]:
    """The cards to pass, and the kind of rule that wants each card of the hand passed
    (see ``pass_parts`` for the reasons)."""
    scores, kinds = pass_scores(ctx, hand, count, to_partner)
    ranked = sorted(scores, key=lambda c: (-scores[c], -c))
    return ranked[:count], kinds


PASS_KINDS = ("reverse", "queen", "black_maria", "high_spades", "hearts", "void", "high", "other")
"""The reasons for passing a card, in the order they are told."""


def pass_facts(ctx: Context, hand: int, chosen: int, card: int) -> frozenset[str]:
    """The pass reasons (PASS_KINDS) true of passing ``card`` with the cards ``chosen``."""
    suit = SUIT_OF[card]
    rank = card % 13
    bit = 1 << card
    facts = {"other"}
    if ctx.reverse:
        if rank <= SEVEN:
            facts.add("reverse")
        return frozenset(facts)
    guards = (hand & SUIT_MASK[SPADES] & below_bits(QS)).bit_count()
    if bit & ctx.queen and guards < QUEEN_GUARDS:
        facts.add("queen")
    elif suit == SPADES and ctx.values[card] > 0 and guards < QUEEN_GUARDS:
        facts.add("black_maria")
    if bit & ctx.queen_catchers and not hand & ~chosen & ctx.queen:
        facts.add("high_spades")
    if rank >= TEN:
        facts.add("hearts" if suit == HEARTS else "high")
    if not hand & SUIT_MASK[suit] & ~chosen:
        facts.add("void")
    return frozenset(facts)


def pass_parts(
    ctx: Context, hand: int, chosen: list[int], kinds: dict[int, str]
) -> list[tuple[str, list[int]]]:
    """Why each chosen card goes: (reason, cards) groups in PASS_KINDS order. A card's
    reason is the rule that scored it when that is true of this pass, else the first
    true one (a void only when every card of the suit goes)."""
    chosen_mask = 0
    for card in chosen:
        chosen_mask |= 1 << card
    groups: dict[tuple[str, int], list[int]] = {}
    for card in sorted(chosen):
        facts = pass_facts(ctx, hand, chosen_mask, card)
        kind = kinds.get(card, "other")
        if kind not in facts:
            kind = next(k for k in PASS_KINDS if k in facts)
        groups.setdefault((kind, SUIT_OF[card] if kind == "void" else -1), []).append(card)
    ordered = sorted(groups.items(), key=lambda item: (PASS_KINDS.index(item[0][0]), item[0][1]))
    return [(kind, cards) for (kind, _suit), cards in ordered]


def pass_scores(
    ctx: Context, hand: int, count: int, to_partner: bool = False
) -> tuple[dict[int, float], dict[int, str]]:
    """How much each card of the hand wants to be passed, and what kind of card it is.

    Passing to one's partner (Partnership, across), the cards that cost points stay."""
    scores: dict[int, float] = {}
    kinds: dict[int, str] = {}
    if ctx.reverse:
        for card in indexes_of(hand):
            points = REVERSE_PASS_POINTS if ctx.values[card] > 0 else 0.0
            scores[card] = REVERSE_PASS - card % 13 - points
            kinds[card] = "reverse"
        return scores, kinds
    spades = hand & SUIT_MASK[SPADES]
    low_spades = (spades & ~ctx.queen & ~HIGH_SPADES & ((1 << (QS)) - 1)).bit_count()
    for card in indexes_of(hand):
        suit = SUIT_OF[card]
        rank = card % 13
        value = ctx.values[card]
        bit = 1 << card
        score = max(0, rank - EIGHT) * PASS_HIGH
        kind = "high"
        if bit & ctx.queen:
            score = PASS_QUEEN if low_spades < QUEEN_GUARDS else PASS_GUARDED
            kind = "queen"
        elif value > 0 and suit == SPADES:
            score = PASS_BLACK_MARIA + value if low_spades < QUEEN_GUARDS else PASS_GUARDED
            kind = "black_maria"
        elif bit & ctx.queen_catchers:
            guarded = low_spades >= QUEEN_GUARDS
            score = PASS_CATCHER if not hand & ctx.queen and not guarded else PASS_CATCHER_SAFE
            if hand & ctx.queen and guarded:
                score = PASS_CATCHER_WITH_QUEEN
            kind = "high_spades"
        elif suit == SPADES and ctx.queen:
            score = PASS_LOW_SPADE + rank * PASS_LOW_SPADE_RANK
        elif suit == HEARTS:
            score = max(0, rank - SEVEN) * PASS_HEART + value
            kind = "hearts"
        elif bit & ctx.bonus:
            score = PASS_KEEP_BONUS
        elif ctx.bonus and suit == DIAMONDS and rank >= QUEEN:
            score -= PASS_KEEP_CATCHER
        if kind in ("high", "hearts") and rank < TEN:
            kind = "other"  # a low card: no rule of thumb names it
        scores[card] = score
        kinds[card] = kind
    # Emptying a short side suit gives discards later.
    for suit in (0, DIAMONDS):
        cards = hand & SUIT_MASK[suit]
        length = cards.bit_count()
        if ctx.bonus and suit == DIAMONDS:
            continue
        if 0 < length <= count:
            gain = PASS_VOID + PASS_VOID_SHORTER * (count - length)
            for card in indexes_of(cards):
                scores[card] += gain
                if kinds[card] in ("high", "other"):
                    kinds[card] = "void"
    if to_partner:
        for card in scores:
            if (1 << card) & (ctx.penalty | ctx.queen_catchers):
                scores[card] -= PASS_KEEP_FROM_PARTNER
                kinds[card] = "other"
    return scores, kinds


# --- what a reason may claim ------------------------------------------------------------
#
# Each reason sentence asserts facts about the position ("my highest club", "I play
# last", "the trick holds no points"...). CLAIMS lists them per reason, ``play_facts``
# computes which hold for a card, and ``true_key`` lets a bot say a reason only when
# every fact it asserts holds: a rule of thumb's own key when it is true of the card,
# otherwise the most specific true one in CLAIMS' order. So no sentence can state
# something false of the hand, whichever method chose the card.

CLAIMS: dict[str, frozenset[str]] = {
    name: frozenset(facts.split())
    for name, facts in {
        "only_legal": "only",
        "reverse_lead": "reverse lead",
        "reverse_take_last": "reverse beats last",
        "reverse_take": "reverse beats not_last",
        "reverse_low_lowest": "reverse follows none_beat lowest",
        "reverse_low": "reverse follows none_beat",
        "reverse_keep": "reverse void ducks card_clean",
        "moon_shoot_top": "moon_shoot lead top_out",
        "moon_lead": "moon_shoot lead",
        "moon_shoot": "moon_shoot beats",
        "moon_discard": "moon_shoot void ducks card_clean",
        "moon_duck": "moon_shoot none_beat",
        "moon_stop": "moon_stop beats",
        "moon_keep": "moon_stop ducks card_clean",
        "partner_bonus": "partner_winning void ducks card_bonus",
        "partner_wins": "partner_winning void ducks card_clean",
        "take_bonus": "beats bonus_at_stake",
        "lead_high": "lead top_out",
        "lead_none_out": "lead none_out",
        "lead_flush_queen": "lead below_queen queen_out",
        "lead_heart": "lead heart lowest others_higher",
        "lead_short": "lead short others_higher",
        "lead_low": "lead lowest others_higher",
        "lead": "lead",
        "first_trick_high": "follows first_trick highest card_clean",
        "win_last_high": "follows beats last trick_clean card_clean highest",
        "win_last_clean": "follows beats last trick_clean card_clean highest_clean",
        "win_last": "beats last trick_clean card_clean",
        "forced_take_high": "follows all_beat last highest",
        "forced_take_clean": "follows all_beat last highest_clean",
        "forced_take": "follows all_beat last",
        "forced_low": "follows all_beat not_last lowest overtakable",
        "forced_win": "follows all_beat not_last stands",
        "forced_over": "follows all_beat not_last overtakable",
        "play_high": "follows beats not_last safe_round trick_clean card_clean",
        "win_now": "beats not_last trick_clean card_clean",
        "take_points": "beats points_at_stake",
        "trump": "void beats last",
        "trump_over": "void beats",
        "give_penalty": "follows ducks card_points",
        "duck_high": "follows ducks highest_below",
        "duck": "follows ducks",
        "dump_heart": "void ducks heart card_points",
        "dump_penalty": "void ducks card_points",
        "dump_danger": "void ducks catches_queen",
        "dump_void": "void ducks last_of_suit",
        "dump_short": "void ducks two_held",
        "dump_high": "void ducks high_rank",
        "discard_clean": "void ducks card_clean",
        "discard": "void",
        "follow": "follows",
        "random": "",
    }.items()
}
"""The facts each play reason asserts, most specific reasons first."""


def play_facts(ctx: Context, s: Situation, card: int) -> frozenset[str]:
    """Every fact of CLAIMS that holds when this seat plays ``card`` now."""
    facts: set[str] = set()
    legal = s.legal
    bit = 1 << card
    suit = SUIT_OF[card]
    held = s.hand & SUIT_MASK[suit]
    unseen = ctx.deck & ~s.hand & ~s.played
    value = ctx.values[card]
    if legal & (legal - 1) == 0:
        facts.add("only")
    if ctx.reverse:
        facts.add("reverse")
    mode, shooter = moon_mode(ctx, s)
    if mode is not None:
        facts.add("moon_" + mode)
    if card == high_index(held):
        facts.add("highest")
    elif card == high_index(held & ~ctx.penalty & ~ctx.bonus):
        facts.add("highest_clean")  # a higher card of the suit, held, carries points
    if card == low_index(held):
        facts.add("lowest")
    count = held.bit_count()
    facts.add({1: "last_of_suit", 2: "two_held"}.get(count, "long_suit"))
    if count <= 2:
        facts.add("short")
    facts.add("card_points" if value > 0 else "card_bonus" if value < 0 else "card_clean")
    if suit == HEARTS:
        facts.add("heart")
    if card % 13 >= JACK:
        facts.add("high_rank")
    if ctx.queen & unseen:
        facts.add("queen_out")
        if bit & ctx.queen_catchers:
            facts.add("catches_queen")
        if suit == SPADES and card < QS:
            facts.add("below_queen")
    if not s.trick:
        facts.add("lead")
        out = unseen & SUIT_MASK[suit]
        if not out:
            facts.add("none_out")
        elif not out & above_bits(card):
            facts.add("top_out")
        else:
            facts.add("others_higher")
        return frozenset(facts)
    trick = s.trick
    led = SUIT_OF[trick[0]]
    follows = bool(legal & SUIT_MASK[led])
    facts.add("follows" if follows else "void")
    winners = beating(ctx, legal, trick)
    facts.add("beats" if winners & bit else "ducks")
    if winners == legal:
        facts.add("all_beat")
    elif not winners:
        facts.add("none_beat")
    if not winners & bit and card == high_index(legal & ~winners):
        facts.add("highest_below")
    facts.add("last" if len(trick) == ctx.players - 1 else "not_last")
    if winners & bit and len(trick) < ctx.players - 1:
        facts.add("overtakable" if _overtakable(ctx, s, card, unseen) else "stands")
    in_trick = [ctx.values[c] for c in trick]
    if any(v > 0 for v in in_trick):
        facts.add("trick_points")
    if any(v < 0 for v in in_trick):
        facts.add("trick_bonus")
    if not any(in_trick):
        facts.add("trick_clean")
    if "trick_points" in facts or value > 0:
        facts.add("points_at_stake")
    if "trick_bonus" in facts or value < 0:
        facts.add("bonus_at_stake")
    if s.trick_no == 0 and ctx.no_points_first_trick and not ctx.bonus:
        facts.add("first_trick")
    winner_seat = (s.leader + engine_winning_position(trick, ctx.trump)) % ctx.players
    if ctx.partnership and winner_seat == ctx.partner(s.player):
        facts.add("partner_winning")
    if mode == "stop" and winner_seat == shooter:
        facts.add("shooter_winning")
    if follows and _safe_to_win(ctx, s, led, unseen):
        facts.add("safe_round")
    return frozenset(facts)


def _overtakable(ctx: Context, s: Situation, card: int, unseen: int) -> bool:
    """Whether a player after me may hold a card beating ``card`` (which wins the trick
    as it stands), as far as I can tell: a higher card of its suit, or a trump, is still
    out, and such a player has not shown void in that suit (a card I passed is with the
    player I passed it to)."""
    n = ctx.players
    suit = SUIT_OF[card]
    led = SUIT_OF[s.trick[0]]
    trumps = unseen & SUIT_MASK[HEARTS] if ctx.trump and suit != HEARTS else 0
    for offset in range(len(s.trick) + 1, n):
        seat = (s.leader + offset) % n
        void = s.voids[seat]
        higher = unseen & above_bits(card) & (~0 if seat == s.pass_to else ~s.passed)
        if higher and not void >> suit & 1:
            return True
        # A trump goes over a card of the suit led only from a player void in that suit.
        if trumps and suit == led and not void >> HEARTS & 1:
            return True
    return False


def true_key(ctx: Context, s: Situation, card: int, preferred: str = "") -> str:
    """The reason to give for playing ``card``: ``preferred`` (the key of the rule of
    thumb that chose it) when all it claims holds, else the most specific true one."""
    facts = play_facts(ctx, s, card)
    if preferred in CLAIMS and CLAIMS[preferred] <= facts:
        return preferred
    return next(key for key, claims in CLAIMS.items() if claims <= facts)


def reason_params(ctx: Context, s: Situation, card: int) -> dict[str, object]:
    """What a play reason may name besides the card: the card winning the trick so far
    (it is on the table), the card's suit, and the jack of diamonds when it is at stake
    (on the table or the card itself)."""
    params: dict[str, object] = {"suit": Suit(SUIT_OF[card])}
    if s.trick:
        params["winner"] = CARDS[s.trick[engine_winning_position(s.trick, ctx.trump)]]
        at_stake = [c for c in [*s.trick, card] if ctx.values[c] < 0]
    else:
        at_stake = [card] if ctx.values[card] < 0 else []
    if at_stake:
        params["bonus"] = CARDS[at_stake[0]]
        params["bonus_points"] = ctx.values[at_stake[0]]
    return params
