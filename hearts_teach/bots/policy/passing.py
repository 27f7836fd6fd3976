"""The heuristic player's pass: a score for each card of the hand (the highest are
passed), and the reason true of passing each card chosen (:func:`pass_parts`)."""

from __future__ import annotations

from hearts_teach.bots.policy.situation import (
    DIAMONDS,
    HEARTS,
    HIGH_SPADES,
    SPADES,
    Context,
    below_bits,
)
from hearts_teach.bots.policy.tuning import (
    EIGHT,
    PASS_BLACK_MARIA,
    PASS_CATCHER,
    PASS_CATCHER_SAFE,
    PASS_CATCHER_WITH_QUEEN,
    PASS_GUARDED,
    PASS_HEART,
    PASS_HIGH,
    PASS_KEEP_BONUS,
    PASS_KEEP_CATCHER,
    PASS_KEEP_FROM_PARTNER,
    PASS_LOW_SPADE,
    PASS_LOW_SPADE_RANK,
    PASS_QUEEN,
    PASS_VOID,
    PASS_VOID_SHORTER,
    QUEEN,
    QUEEN_GUARDS,
    REVERSE_PASS,
    REVERSE_PASS_POINTS,
    SEVEN,
    TEN,
)
from hearts_teach.cards import QS_INDEX, SUIT_MASKS, SUIT_OF, indexes_of


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
    guards = (hand & SUIT_MASKS[SPADES] & below_bits(QS_INDEX)).bit_count()
    if bit & ctx.queen and guards < QUEEN_GUARDS:
        facts.add("queen")
    elif suit == SPADES and ctx.values[card] > 0 and guards < QUEEN_GUARDS:
        facts.add("black_maria")
    if bit & ctx.queen_catchers and not hand & ~chosen & ctx.queen:
        facts.add("high_spades")
    if rank >= TEN:
        facts.add("hearts" if suit == HEARTS else "high")
    if not hand & SUIT_MASKS[suit] & ~chosen:
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
    spades = hand & SUIT_MASKS[SPADES]
    low_spades = (spades & ~ctx.queen & ~HIGH_SPADES & ((1 << (QS_INDEX)) - 1)).bit_count()
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
        cards = hand & SUIT_MASKS[suit]
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
