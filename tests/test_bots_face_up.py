"""The review's "cards face up" line: each card decision solved with every hand known,
on constructed endgames whose answers are known."""

from __future__ import annotations

import pytest

from hearts_teach import Card, Deal, Rules
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.cards import parse_cards
from hearts_teach.errors import HeartsError
from hearts_teach.teaching.review import FACE_UP_CARDS, face_up


def finished(rules: Rules, hands: list[str], leader: int, plays: str) -> Deal:
    deal = Deal.from_hands(rules, hands, leader=leader, hearts_broken=True)
    for card in parse_cards(plays):
        deal.play(card)
    return deal


def test_the_queen_taken_when_a_low_spade_would_have_left_it() -> None:
    """East held A♠ K♠ 3♠ last to a trick of 5♠ Q♠ 9♠ and played K♠: face up, only 3♠
    was best (West keeps the queen: East's side takes nothing), K♠ cost 13 points."""
    hands = ["5S 2D 3D", "QS 4D 5D", "9S 6D 7D", "AS KS 3S"]
    deal = finished(Rules(), hands, 0, "5S QS 9S KS 3S 2D 4D 6D AS 3D 5D 7D")
    lines = face_up(deal, 3)
    first = lines[0]
    assert first.played == Card.parse("KS")
    assert first.best == (Card.parse("3S"),)
    assert first.points == {Card.parse("3S"): 0, Card.parse("KS"): 13, Card.parse("AS"): 13}
    assert not first.agrees and first.cost == 13


def test_a_shot_moon_agrees_with_the_solver() -> None:
    """South leads its top hearts and takes every trick: every lead was as good as any
    face up (the moon, 0 points for South)."""
    hands = ["AH KH QH JH", "TH 9H 8H 7H", "6H 5H 4H 3H", "2H QS 2C 3C"]
    deal = finished(
        Rules(passing="none"), hands, 0, "AH TH 6H 2H KH 9H 5H 2C QH 8H 4H 3C JH 7H 3H QS"
    )
    lines = face_up(deal, 0)
    assert [line.trick for line in lines] == [10, 11, 12]  # the last lead is forced
    assert all(line.agrees and line.cost == 0 for line in lines)
    assert all(set(line.points.values()) == {0} for line in lines)


def test_only_the_end_of_a_deal_is_solved() -> None:
    deal = play_out(Deal.new(Rules(), seed=5), seat_bots("heuristic", 5, 4))
    lines = face_up(deal, 0)
    assert lines
    for line in lines:
        assert line.trick >= 2
        assert line.plays_before >= 52 - FACE_UP_CARDS
        assert line.played in line.points and line.best[0] in line.points


def test_face_up_needs_a_finished_deal() -> None:
    with pytest.raises(HeartsError):
        face_up(Deal.new(Rules(), seed=1), 0)
