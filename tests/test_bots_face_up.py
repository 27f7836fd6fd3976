"""The review's "cards face up" line: each card decision solved with every hand known,
on constructed endgames whose answers are known."""

from __future__ import annotations

import pytest
from support.engine import constructed_ending

from hearts_teach import Card, Deal, Rules
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.cards import parse_cards
from hearts_teach.errors import HeartsError
from hearts_teach.teaching.review import FACE_UP_CARDS, face_up


def finished(rules: Rules, hands: list[str], leader: int, plays: str) -> Deal:
    deal = constructed_ending(rules, hands, leader=leader, hearts_broken=True)
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


def test_the_face_up_words_name_the_exact_line_in_both_languages() -> None:
    """The sentence says "face up" and the solved points, and that the player could not
    have known them: never the estimate's words."""
    hands = ["5S 2D 3D", "QS 4D 5D", "9S 6D 7D", "AS KS 3S"]
    line = face_up(finished(Rules(), hands, 0, "5S QS 9S KS 3S 2D 4D 6D AS 3D 5D 7D"), 3)[0]
    english, french = line.text("en"), line.text("fr")
    assert english == (
        "With the cards face up, every hand known and each player then playing perfectly, "
        "the best card was the three of spades: 0 points for you this deal, against 13 "
        "points after the king of spades. No one could see those hands at the table: this "
        "is not what you could have known."
    )
    assert "meilleure carte était le trois de pique\u202f: 0 point pour vous" in french
    assert "13 points après le roi de pique" in french
    assert "simul" not in english + french and "bruit" not in french


def test_the_face_up_words_when_the_card_was_best() -> None:
    hands = ["AH KH QH JH", "TH 9H 8H 7H", "6H 5H 4H 3H", "2H QS 2C 3C"]
    deal = finished(
        Rules(passing="none"), hands, 0, "AH TH 6H 2H KH 9H 5H 2C QH 8H 4H 3C JH 7H 3H QS"
    )
    line = face_up(deal, 0)[0]
    assert line.text("en").endswith(
        "no card did better than the ace of hearts: 0 points for you this deal."
    )
    assert line.text("fr").endswith(
        "aucune carte ne faisait mieux que l’as de cœur\u202f: 0 point pour vous sur cette donne."
    )


def test_in_partnership_the_face_up_points_are_the_sides() -> None:
    deal = play_out(Deal.new(Rules.preset("partnership"), seed=3), seat_bots("heuristic", 3, 4))
    lines = face_up(deal, 0)
    assert lines and all(line.partnership for line in lines)
    assert "your side" in lines[0].text("en") and "votre camp" in lines[0].text("fr")
