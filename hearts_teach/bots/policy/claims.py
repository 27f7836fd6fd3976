"""What a bot's reason may claim: no sentence states something false of the position.

Each reason sentence asserts facts about the position ("my highest club", "I play
last", "the trick holds no points"...). :data:`CLAIMS` lists them per reason,
:func:`play_facts` computes which hold for a card, and :func:`true_key` lets a bot say a
reason only when every fact it asserts holds: a rule of thumb's own key when it is true
of the card, otherwise the most specific true one in CLAIMS' order. So no sentence can
state something false of the hand, whichever method chose the card.
"""

from __future__ import annotations

from hearts_teach.bots.policy.play import moon_mode, safe_to_win
from hearts_teach.bots.policy.situation import (
    HEARTS,
    SPADES,
    Context,
    Situation,
    above_bits,
    beating,
    high_index,
    low_index,
)
from hearts_teach.bots.policy.tuning import JACK
from hearts_teach.cards import CARDS, QS_INDEX, SUIT_MASKS, SUIT_OF, Suit
from hearts_teach.deal import winning_position as engine_winning_position

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
        "lead_short": "lead short others_higher void_ahead",
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
    held = s.hand & SUIT_MASKS[suit]
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
    # Running out of a suit is worth something only with tricks left after it to
    # discard on: not with the last cards of the deal (« to void yourself quickly »
    # was once said at trick 12, two cards left).
    if s.hand.bit_count() - count >= 2:
        facts.add("void_ahead")
    facts.add("card_points" if value > 0 else "card_bonus" if value < 0 else "card_clean")
    if suit == HEARTS:
        facts.add("heart")
    if card % 13 >= JACK:
        facts.add("high_rank")
    if ctx.queen & unseen:
        facts.add("queen_out")
        if bit & ctx.queen_catchers:
            facts.add("catches_queen")
        if suit == SPADES and card < QS_INDEX:
            facts.add("below_queen")
    if not s.trick:
        facts.add("lead")
        out = unseen & SUIT_MASKS[suit]
        if not out:
            facts.add("none_out")
        elif not out & above_bits(card):
            facts.add("top_out")
        else:
            facts.add("others_higher")
        return frozenset(facts)
    trick = s.trick
    led = SUIT_OF[trick[0]]
    follows = bool(legal & SUIT_MASKS[led])
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
    if follows and safe_to_win(ctx, s, led, unseen):
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
    trumps = unseen & SUIT_MASKS[HEARTS] if ctx.trump and suit != HEARTS else 0
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
