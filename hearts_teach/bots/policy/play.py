"""The heuristic player's play: which card to play, and the key of the rule of thumb
that chose it, on bit masks, fast enough to be the Monte-Carlo bot's playout policy.

The rule's key says what the rule meant to do; what a bot may say of the card is
decided apart, by the facts that hold (:mod:`.claims`).
"""

from __future__ import annotations

from hearts_teach.bots.policy.situation import (
    ABOVE,
    BELOW,
    DIAMONDS,
    HEARTS,
    SPADES,
    Context,
    Situation,
    above_bits,
    beating,
    beating_winner,
    high_index,
    low_index,
)
from hearts_teach.bots.policy.tuning import (
    DISCARD_CATCHER,
    DISCARD_HEART,
    DISCARD_HEART_RANK,
    DISCARD_KEEP_BONUS,
    DISCARD_KEEP_CATCHER,
    DISCARD_PENALTY,
    DISCARD_RANK,
    DISCARD_SHORT,
    FLUSH_BONUS,
    JACK,
    LEAD_BONUS,
    LEAD_CATCHER,
    LEAD_HEART,
    LEAD_NONE_OUT,
    LEAD_ODDS,
    LEAD_PENALTY,
    LEAD_SHORT,
    LEAD_SPADE_WITH_QUEEN,
    LEAD_TOP,
    MOON_ALERT,
    MOON_ALERT_TRICK,
    MOON_TRY,
    SAFE_ROUND_CARDS,
    VOID_LEAD_PENALTY,
)
from hearts_teach.cards import SUIT_MASK_OF, SUIT_MASKS, SUIT_OF
from hearts_teach.deal import trick_winner
from hearts_teach.deal import winning_position as engine_winning_position


def lone_taker(ctx: Context, taken: list[int]) -> int:
    """The one player who has taken penalty cards, when a moon is possible (the rules
    have one and nobody else has taken any); -1 otherwise. With -1, :func:`moon_mode`
    says no moon is in play whoever is to play, until the next trick is taken."""
    if not ctx.moon_worth_playing:
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
        my_hearts = s.hand & SUIT_MASKS[HEARTS]
        out_hearts = unseen & SUIT_MASKS[HEARTS]
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
    if SUIT_MASKS[SUIT_OF[s.trick[0]]] & legal:
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
    above = beating_winner(ctx, legal, led, winner)
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
        if points <= 0 and safe_to_win(ctx, s, led, unseen):
            clean = legal & ~ctx.penalty & ~ctx.queen_catchers & ~ctx.bonus
            if clean:
                return high_index(clean), "play_high"
        return _duck(ctx, below)
    # Every card I hold wins for now: somebody after me may still overtake.
    clean = above & ~ctx.penalty & ~ctx.bonus or above
    if points <= 0 and safe_to_win(ctx, s, led, unseen):
        return high_index(clean), "play_high"
    lower_catchers = clean & ~ctx.queen_catchers
    return low_index(lower_catchers or clean), "forced_low"


def _duck(ctx: Context, below: int) -> tuple[int, str]:
    card = high_index(below)
    if ctx.values[card] > 0:
        return card, "give_penalty"
    return card, "duck"


def safe_to_win(ctx: Context, s: Situation, led: int, unseen: int) -> bool:
    """A first round of a suit, where nobody after me has shown void: little risk."""
    n = ctx.players
    if led == HEARTS:
        return False
    if led == SPADES and ctx.queen and unseen & ctx.queen:
        return False
    already = s.played & SUIT_MASKS[led] & ~_mask(s.trick)
    if already.bit_count() > SAFE_ROUND_CARDS:
        return False
    for offset in range(len(s.trick) + 1, n):
        if s.voids[(s.leader + offset) % n] >> led & 1:
            return False
    # Enough cards of the suit remain out there for everyone to follow.
    return (unseen & SUIT_MASKS[led]).bit_count() >= 2 * (n - 1 - len(s.trick))


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
        others = legal & ~SUIT_MASKS[HEARTS]
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
            if (hand & SUIT_MASKS[suit]).bit_count() <= 2:
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
        mine = legal & SUIT_MASKS[suit]
        if not mine:
            continue
        low = (mine & -mine).bit_length() - 1
        out = unseen & SUIT_MASKS[suit]
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
        best = high_index(legal & SUIT_MASK_OF[best])
    return best, best_key


def _shoot(ctx: Context, s: Situation) -> tuple[int, str]:
    legal = s.legal
    if not s.trick:
        unseen = ctx.deck & ~s.hand & ~s.played
        # Lead a card nobody can beat, hearts first (they are the points I need).
        for suit in (HEARTS, SPADES, DIAMONDS, 0):
            mine = legal & SUIT_MASKS[suit]
            if mine and not unseen & above_bits(high_index(mine)):
                return high_index(mine), "moon_shoot_top"
        return high_index(legal), "moon_lead"
    led = SUIT_OF[s.trick[0]]
    if legal & SUIT_MASKS[led]:
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
            mine = legal & SUIT_MASKS[suit]
            if mine and not unseen & above_bits(high_index(mine)) and unseen & SUIT_MASKS[suit]:
                return high_index(mine), "reverse_lead"
        low = legal & ~ctx.penalty or legal
        return low_index(low), "reverse_lead"
    led = SUIT_OF[s.trick[0]]
    above = beating(ctx, legal, s.trick)
    if legal & SUIT_MASKS[led] or ctx.trump:
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
