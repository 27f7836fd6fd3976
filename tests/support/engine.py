"""Shared helpers for the engine tests: building set positions and playing at random."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from hearts_teach import Card, Deal, Game, HeartsError, Rules, Suit
from hearts_teach.cards import cards_of, mask_of, parse_cards


def cards(text: str) -> list[Card]:
    """``cards("2C 9C KC")`` -> the cards, in the order given."""
    return parse_cards(text)


def card_set(text: str) -> set[Card]:
    return set(parse_cards(text))


def fill_hands(
    rules: Rules,
    fixed: Mapping[int, str],
    *,
    dead: str = "",
    voids: Mapping[int, str] | None = None,
) -> list[list[Card]]:
    """Full hands for a deal: the cards in ``fixed`` go to those players, and the rest
    of the deck is shared out among the players with room, lowest card first, each to the
    player with the most room who is not void (``voids``: suit letters) in its suit.

    A player whose fixed hand is already full gets nothing more, so a test can name a
    whole hand exactly and leave the other hands to this helper.
    """
    n = rules.players
    hands = [list(parse_cards(fixed.get(p, ""))) for p in range(n)]
    used = mask_of([c for hand in hands for c in hand] + parse_cards(dead))
    void_letters = voids or {}
    void_suits = {p: {Card.parse("2" + s).suit for s in void_letters.get(p, "")} for p in range(n)}
    for card in cards_of(rules.deck & ~used):
        candidates = [
            p
            for p in range(n)
            if len(hands[p]) < rules.hand_size and card.suit not in void_suits[p]
        ]
        if not candidates:
            raise AssertionError(f"no room for {card}: fix the test's hands")
        chosen = max(candidates, key=lambda p: (rules.hand_size - len(hands[p]), -p))
        hands[chosen].append(card)
    return hands


def full_deal(
    rules: Rules,
    fixed: Mapping[int, str],
    *,
    dead: str = "",
    voids: Mapping[int, str] | None = None,
    pass_direction: str | None = None,
) -> Deal:
    """A deal at its very start (trick 1 is trick 1) with the given cards placed."""
    hands = fill_hands(rules, fixed, dead=dead, voids=voids)
    return Deal.from_hands(rules, hands, dead=dead, pass_direction=pass_direction)


def constructed_ending(
    rules: Rules,
    hands: Sequence[str],
    dead: str = "",
    *,
    leader: int | None = None,
    hearts_broken: bool = False,
    deal_number: int = 0,
) -> Deal:
    """A position late in a deal with its earlier tricks left out, for a test of one rule
    at one trick: the cards missing from the hands are out of play and nobody took them,
    whatever they count. No play gives such counts, so ``Deal.from_hands`` refuses the
    position (docs/rules.md §9.1); this builds it with the engine's unchecked
    constructor. A position a reader sees is played from full hands instead."""
    masks = [mask_of(parse_cards(hand)) for hand in hands]
    return Deal(
        rules,
        masks,
        mask_of(parse_cards(dead)),
        leader=leader,
        hearts_broken=hearts_broken,
        deal_number=deal_number,
    )


def random_passes(deal: Deal, rng: random.Random) -> None:
    """Every player passes randomly chosen cards (the exchange then happens)."""
    count = deal.rules.pass_count
    for player in range(deal.rules.players):
        deal.pass_cards(player, rng.sample(deal.hand(player), count))


def play_out(deal: Deal, rng: random.Random) -> None:
    """Finish the deal with random legal choices (passing first if a pass is due)."""
    if deal.phase == "pass":
        random_passes(deal, rng)
    while not deal.is_over:
        deal.play(rng.choice(deal.legal_moves()))


def play_game(game: Game, rng: random.Random, max_deals: int = 200) -> None:
    """Play a whole game with random legal choices, deal after deal, until it ends."""
    for _ in range(max_deals):
        deal = game.deal
        if deal.phase == "pass":
            count = game.rules.pass_count
            for player in range(game.rules.players):
                game.pass_cards(player, rng.sample(deal.hand(player), count))
        while not game.deal.is_over:
            game.play(rng.choice(game.deal.legal_moves()))
        if game.is_over:
            return
        game.next_deal()
    raise AssertionError(f"the game did not end within {max_deals} deals")


def legal_set(deal: Deal) -> set[Card]:
    return set(deal.legal_moves())


def bilingual(error: HeartsError) -> tuple[str, str]:
    """The English and French messages: both filled in, and not the same text."""
    english, french = error.message("en"), error.message("fr")
    assert english and french
    assert english != french
    assert "{" not in english + french
    assert str(error) == english
    return english, french


SHOOTER_HAND = "AS KS QS AH KH QH JH 10H 9H 8H 7H AC AD"
"""Thirteen cards with which player 0 takes every trick that matters (see play_a_moon)."""


def play_a_moon(
    rules: Rules, totals: tuple[int, ...] | None = None, *, deal_number: int = 0
) -> Deal:
    """A deal played to its end in which player 0 takes every penalty card: player 0
    holds SHOOTER_HAND (cut to the hand size) and plays its highest legal card, the
    others play their lowest, and throw their highest heart when they cannot follow."""
    fixed = " ".join(SHOOTER_HAND.split()[: rules.hand_size])
    hands = fill_hands(rules, {0: fixed})
    deal = Deal.from_hands(rules, hands, totals=totals, deal_number=deal_number)
    while not deal.is_over:
        legal = deal.legal_moves()
        trick = deal.current_trick.cards
        if deal.to_play == 0:
            deal.play(max(legal, key=lambda c: (c.rank, c.suit is Suit.HEARTS)))
            continue
        hearts = [c for c in legal if c.suit is Suit.HEARTS]
        discarding = trick and trick[0].suit is not Suit.HEARTS
        deal.play(max(hearts) if hearts and discarding else min(legal, key=lambda c: c.rank))
    return deal
