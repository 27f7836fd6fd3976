"""The laws of irregularities the engine plays (the book's chapter "Irregularities"): it
cannot misdeal, revoke, play out of turn or pass the wrong cards, and shows nobody the
cards received before everyone has passed. Each refusal changes nothing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.engine import bilingual

from hearts_teach import Deal, HeartsError, IllegalMove, Rules

STANDARD = Rules()


def refused(deal: Deal, action: object, reason: str) -> None:
    assert callable(action)
    before = deal.state_key()
    with pytest.raises(IllegalMove) as caught:
        action()
    assert caught.value.reason == reason
    assert deal.state_key() == before  # nothing changed
    english, french = bilingual(caught.value)
    assert english and french and english != french


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 3))
def test_hands_no_deal_can_give_are_refused(seed: int, deal_number: int) -> None:
    """A misdeal: a player with a card too many and another a card too few."""
    dealt = Deal.new(STANDARD, seed=seed, deal_number=deal_number)
    hands = [dealt.hand(p) for p in range(4)]
    giver, taker = random.Random(seed).sample(range(4), 2)
    hands[taker] = hands[taker] + hands[giver][:1]
    hands[giver] = hands[giver][1:]
    with pytest.raises(HeartsError) as caught:
        Deal.from_hands(STANDARD, hands)
    assert caught.value.code == "hands_size"


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 48))
def test_a_revoke_is_refused(seed: int, plays: int) -> None:
    """A card of another suit, from a player who holds the suit led."""
    rng = random.Random(seed)
    deal = Deal.new(STANDARD, seed=seed, deal_number=3)
    for _ in range(plays):
        deal.play(rng.choice(deal.legal_moves()))
        if deal.current_trick.plays:
            led = deal.current_trick.plays[0][1].suit
            hand = deal.hand(deal.to_play)
            other = [c for c in hand if c.suit != led]
            if any(c.suit == led for c in hand) and other:
                refused(deal, lambda card=other[0]: deal.play(card), "must_follow_suit")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 50))  # at 51 only the last card is held
def test_a_card_out_of_turn_is_refused(seed: int, plays: int) -> None:
    rng = random.Random(seed)
    deal = Deal.new(STANDARD, seed=seed, deal_number=3)
    for _ in range(plays):
        deal.play(rng.choice(deal.legal_moves()))
    # The next player who still holds a card (on the last trick, those who have played
    # hold none).
    waiting = next((deal.to_play + p) % 4 for p in range(1, 4) if deal.hand((deal.to_play + p) % 4))
    card = deal.hand(waiting)[0]
    refused(deal, lambda: deal.play(card, player=waiting), "not_your_turn")


@pytest.mark.parametrize("count", [0, 1, 2, 4])
def test_a_pass_of_the_wrong_number_is_refused(count: int) -> None:
    deal = Deal.new(STANDARD, seed=5, deal_number=0)
    refused(deal, lambda: deal.pass_cards(2, deal.hand(2)[:count]), "pass_count")


def test_a_card_passed_from_another_hand_is_refused() -> None:
    deal = Deal.new(STANDARD, seed=5, deal_number=0)
    borrowed = [*deal.hand(1)[:2], deal.hand(0)[0]]
    refused(deal, lambda: deal.pass_cards(1, borrowed), "pass_not_in_hand")


@pytest.mark.parametrize("deal_number", [0, 1, 2])
def test_nobody_sees_the_cards_received_before_everyone_has_passed(deal_number: int) -> None:
    deal = Deal.new(STANDARD, seed=9, deal_number=deal_number)
    for player in range(3):
        deal.pass_cards(player, deal.hand(player)[:3])
        for seat in range(4):
            assert not deal.view(seat).received
            assert deal.phase == "pass"
    deal.pass_cards(3, deal.hand(3)[:3])
    assert deal.phase == "play"
    assert all(len(deal.received(seat)) == 3 for seat in range(4))
    assert all(deal.view(seat).received for seat in range(4))


def test_a_card_played_before_the_pass_is_done_is_refused() -> None:
    deal = Deal.new(STANDARD, seed=5, deal_number=0)
    deal.pass_cards(0, deal.hand(0)[:3])
    refused(deal, lambda: deal.play("2C"), "passing_phase")
