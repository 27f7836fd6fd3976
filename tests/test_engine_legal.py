"""Play rules, one test per rule and edge case of docs/rules.md §2, §5 and §9 (L01–L15).

Positions at the start of a deal use full hands (so trick 1 is trick 1); positions later
in a deal use shorter hands of equal size with ``leader=`` and ``hearts_broken=``, or
real tricks played from them.
"""

from __future__ import annotations

import random

import pytest
from support.engine import card_set, cards, constructed_ending, fill_hands, full_deal, legal_set

from hearts_teach import Card, Deal, IllegalMove, Rules
from hearts_teach.cards import FULL_DECK, mask_of

STANDARD = Rules()
TWO = Rules(players=2)


def assert_refused(deal: Deal, card: str, reason: str) -> None:
    """The card is illegal for ``reason``: explain says so and play refuses it unchanged."""
    before = deal.state_key()
    explanation = deal.explain(card)
    assert not explanation.legal
    assert explanation.reason == reason
    with pytest.raises(IllegalMove) as caught:
        deal.play(card)
    assert caught.value.reason == reason
    assert deal.state_key() == before
    for lang in ("en", "fr"):
        assert caught.value.message(lang) == explanation.text(lang)
    assert explanation.text("en") != explanation.text("fr")


def play_all(deal: Deal, text: str) -> None:
    for card in cards(text):
        deal.play(card)


# --- §2.2 the deal -----------------------------------------------------------------


def test_deal_gives_13_cards_to_each_of_four_from_the_whole_pack() -> None:
    deal = Deal.new(STANDARD, seed=11, deal_number=3)
    hands = [mask_of(deal.hand(p)) for p in range(4)]
    assert [h.bit_count() for h in hands] == [13, 13, 13, 13]
    assert hands[0] | hands[1] | hands[2] | hands[3] == FULL_DECK
    assert sum(h.bit_count() for h in hands) == 52
    assert deal.dead_cards == []


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    first = Deal.new(STANDARD, seed=42, deal_number=1)
    again = Deal.new(STANDARD, seed=42, deal_number=1)
    other = Deal.new(STANDARD, seed=43, deal_number=1)
    assert first.state_key() == again.state_key()
    assert first.hands != other.hands


# --- §2.3 passing ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal_number", "direction"), [(0, "left"), (1, "right"), (2, "across"), (4, "left")]
)
def test_a_pass_is_due_in_deals_of_the_cycle(deal_number: int, direction: str) -> None:
    deal = Deal.new(STANDARD, seed=1, deal_number=deal_number)
    assert deal.phase == "pass"
    assert deal.pass_direction == direction
    assert deal.legal_moves() == []


def test_every_fourth_deal_has_no_pass_and_starts_in_play() -> None:
    deal = Deal.new(STANDARD, seed=1, deal_number=3)
    assert deal.phase == "play"
    assert deal.pass_direction is None
    assert deal.to_play == next(p for p in range(4) if Card.parse("2C") in deal.hand(p))


@pytest.mark.parametrize(("direction", "offset"), [("left", 1), ("right", 3), ("across", 2)])
def test_pass_goes_to_the_right_seat_left_being_the_next_player(
    direction: str, offset: int
) -> None:
    deal = Deal.from_hands(STANDARD, fill_hands(STANDARD, {}), pass_direction=direction)
    before = [set(deal.hand(p)) for p in range(4)]
    chosen = [deal.hand(p)[:3] for p in range(4)]
    for player in range(4):
        deal.pass_cards(player, chosen[player])
    for player in range(4):
        receiver = (player + offset) % 4
        assert set(chosen[player]) <= set(deal.hand(receiver))
        assert deal.received(receiver) == sorted(chosen[player])
        giver = (player - offset) % 4
        assert set(deal.hand(player)) == before[player] - set(chosen[player]) | set(chosen[giver])


def test_passing_left_means_receiving_from_the_right() -> None:
    deal = Deal.new(STANDARD, seed=5, deal_number=0)
    chosen = [deal.hand(p)[-3:] for p in range(4)]
    for player in range(4):
        deal.pass_cards(player, chosen[player])
    # North (0) passes to East (1) and receives from West (3), his right.
    assert deal.received(0) == sorted(chosen[3])
    assert deal.received(1) == sorted(chosen[0])


def test_passes_are_simultaneous_nothing_moves_until_all_have_chosen() -> None:
    deal = Deal.new(STANDARD, seed=9, deal_number=0)
    hands = [deal.hand(p) for p in range(4)]
    for player in range(3):
        deal.pass_cards(player, hands[player][:3])
        assert deal.phase == "pass"
        assert [deal.hand(p) for p in range(4)] == hands
        assert deal.received((player + 1) % 4) == []
    assert deal.to_play == 3
    # East cannot pass a card North chose: it has not reached him yet.
    with pytest.raises(IllegalMove) as caught:
        deal.pass_cards(1, [hands[0][0], *hands[1][:2]])
    assert caught.value.reason == "pass_not_in_hand"
    deal.pass_cards(3, hands[3][:3])
    assert deal.phase == "play"


def test_a_player_may_change_his_pass_until_the_exchange() -> None:
    deal = Deal.new(STANDARD, seed=9, deal_number=2)
    first, second = deal.hand(0)[:3], deal.hand(0)[3:6]
    deal.pass_cards(0, first)
    deal.pass_cards(0, second)
    for player in (1, 2, 3):
        deal.pass_cards(player, deal.hand(player)[:3])
    assert set(second) <= set(deal.hand(2))
    assert set(first) <= set(deal.hand(0))


@pytest.mark.parametrize("count", [2, 4])
def test_exactly_three_cards_are_passed(count: int) -> None:
    deal = Deal.new(STANDARD, seed=3, deal_number=0)
    before = deal.state_key()
    with pytest.raises(IllegalMove) as caught:
        deal.pass_cards(0, deal.hand(0)[:count])
    assert caught.value.reason == "pass_count"
    assert deal.state_key() == before


def test_no_card_may_be_played_during_the_pass() -> None:
    deal = Deal.new(STANDARD, seed=3, deal_number=0)
    card = deal.hand(0)[0]
    assert_refused(deal, str(card), "passing_phase")


def test_the_holder_of_the_two_of_clubs_after_the_pass_leads_it() -> None:
    deal = full_deal(STANDARD, {0: "2C 3C 4C"}, pass_direction="left")
    deal.pass_cards(0, "2C 3C 4C")
    for player in (1, 2, 3):
        deal.pass_cards(player, deal.hand(player)[-3:])
    assert deal.to_play == 1
    assert legal_set(deal) == card_set("2C")


def test_three_player_black_maria_passes_to_the_right() -> None:
    rules = Rules.preset("black-maria-3")
    deal = Deal.new(rules, seed=4, deal_number=0)
    assert deal.pass_direction == "right"
    chosen = [deal.hand(p)[:3] for p in range(3)]
    for player in range(3):
        deal.pass_cards(player, chosen[player])
    # Right is the previous player: 0 passes to 2.
    assert set(chosen[0]) <= set(deal.hand(2))
    assert deal.received(2) == sorted(chosen[0])
    assert deal.to_play == 1  # the player left of the dealer (dealer 0) leads
    assert deal.legal_moves()
    # any card but a heart (unless the hand holds nothing else): hearts are not broken
    leader = deal.hand(1)
    hearts = {card for card in leader if card.suit == Card.parse("2H").suit}
    assert set(deal.legal_moves()) == (set(leader) - hearts or set(leader))
    for heart in hearts - set(deal.legal_moves()):
        assert deal.explain(heart).reason == "hearts_not_broken"


# --- §2.4 first lead ---------------------------------------------------------------


def test_l01_first_lead_must_be_the_two_of_clubs() -> None:
    north = "2C 9C KC 3D 4D 5D 6D 7D 8D 9D 10D JD QD"
    deal = full_deal(STANDARD, {0: north})
    assert deal.to_play == 0
    assert legal_set(deal) == card_set("2C")
    assert_refused(deal, "9C", "must_lead_opening")
    assert_refused(deal, "3D", "must_lead_opening")
    assert "two of clubs" in deal.explain("9C").text("en")
    assert "deux de trèfle" in deal.explain("9C").text("fr")
    assert deal.explain("2C").reason == "legal_opening"


def test_l01_with_first_lead_any_club_every_club_may_open() -> None:
    rules = Rules(first_lead_any_club=True)
    north = "2C 9C KC 3D 4D 5D 6D 7D 8D 9D 10D JD QD"
    deal = full_deal(rules, {0: north})
    assert deal.to_play == 0
    assert legal_set(deal) == card_set("2C 9C KC")
    assert_refused(deal, "3D", "must_lead_club")
    deal.play("KC")
    assert deal.current_trick.cards == (Card.parse("KC"),)


def test_original_historical_left_of_dealer_leads_any_card() -> None:
    rules = Rules.preset("original-historical")
    deal = Deal.new(rules, seed=2, deal_number=2)
    assert deal.phase == "play"
    assert deal.to_play == 3  # dealer 2, left of dealer 3
    assert legal_set(deal) == set(deal.hand(3))


# --- §2.5 following ----------------------------------------------------------------


def test_must_follow_suit_when_able() -> None:
    deal = full_deal(STANDARD, {0: "2C", 1: "3C 4C AD 2D"})
    deal.play("2C")
    assert legal_set(deal) == set(deal.hand(1)) & {
        c for c in deal.hand(1) if c.suit.name == "CLUBS"
    }
    assert_refused(deal, "AD", "must_follow_suit")
    explanation = deal.explain("AD")
    assert "club" in explanation.text("en")
    assert "trèfle" in explanation.text("fr")


def test_highest_card_of_the_led_suit_wins_and_leads_next() -> None:
    deal = full_deal(
        STANDARD,
        {
            0: "2C 10C",
            1: "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",  # void in clubs, cannot win
            2: "5C",
            3: "9C",
        },
    )
    play_all(deal, "2C AD 5C 9C")
    trick = deal.last_trick
    assert trick is not None and trick.winner == 3
    assert deal.to_play == 3
    assert deal.taken[3] == mask_of(cards("2C AD 5C 9C"))


def test_a_void_player_may_discard_any_card_after_the_first_trick() -> None:
    hands = ["KC 4D 7H", "QS 5D 6D", "2C 8D 9D", "3C 10D JD"]
    deal = constructed_ending(STANDARD, hands, leader=3)
    deal.play("3C")
    deal.play("KC")
    assert legal_set(deal) == card_set("QS 5D 6D")
    assert deal.explain("QS").reason == "legal_discard"


# --- §2.6 leading hearts -----------------------------------------------------------


def test_a_heart_may_not_be_led_before_hearts_are_broken() -> None:
    hands = ["4D 7H", "5D 6D", "8D 9D", "10D JD"]
    deal = constructed_ending(STANDARD, hands, leader=0)
    assert legal_set(deal) == card_set("4D")
    assert_refused(deal, "7H", "hearts_not_broken")


def test_hearts_broken_flag_lets_a_heart_be_led() -> None:
    hands = ["4D 7H", "5D 6D", "8D 9D", "10D JD"]
    deal = constructed_ending(STANDARD, hands, leader=0, hearts_broken=True)
    assert legal_set(deal) == card_set("4D 7H")


def test_a_heart_discarded_in_an_earlier_trick_breaks_hearts() -> None:
    hands = ["KC 4D 7H", "2H 5D 6D", "2C 8D 9D", "3C 10D JD"]
    deal = constructed_ending(STANDARD, hands, leader=3)
    play_all(deal, "3C KC")
    assert not deal.hearts_broken
    deal.play("2H")  # East cannot follow and discards a heart
    assert deal.hearts_broken
    deal.play("2C")
    assert deal.to_play == 0
    assert legal_set(deal) == card_set("4D 7H")


def test_must_break_hearts_off_lets_hearts_be_led_at_once() -> None:
    rules = Rules(must_break_hearts=False)
    hands = ["4D 7H", "5D 6D", "8D 9D", "10D JD"]
    deal = constructed_ending(rules, hands, leader=0)
    assert legal_set(deal) == card_set("4D 7H")


def test_l06_leader_with_only_hearts_may_lead_one_and_it_breaks_hearts() -> None:
    hands = ["2H 9H", "5D 6D", "8D 9D", "10D JD"]
    deal = constructed_ending(STANDARD, hands, leader=0)
    assert legal_set(deal) == card_set("2H 9H")
    assert deal.explain("9H").reason == "legal_only_hearts"
    deal.play("9H")
    assert deal.hearts_broken


def test_l05_hearts_and_queen_of_spades_must_lead_the_queen() -> None:
    hands = ["2H 9H QS", "5D 6D 7D", "8D 9D 2S", "10D JD 3S"]
    deal = constructed_ending(STANDARD, hands, leader=0)
    assert legal_set(deal) == card_set("QS")
    assert_refused(deal, "2H", "hearts_not_broken")


def test_l05_lead_hearts_instead_of_qs_allows_hearts_or_queen() -> None:
    rules = Rules(lead_hearts_instead_of_qs=True)
    hands = ["2H 9H QS", "5D 6D 7D", "8D 9D 2S", "10D JD 3S"]
    deal = constructed_ending(rules, hands, leader=0)
    assert legal_set(deal) == card_set("2H 9H QS")
    deal.play("2H")
    assert deal.hearts_broken


def test_lead_hearts_instead_of_qs_does_not_apply_with_another_suit() -> None:
    rules = Rules(lead_hearts_instead_of_qs=True)
    hands = ["2H QS 4D", "5D 6D 7D", "8D 9D 2S", "10D JD 3S"]
    deal = constructed_ending(rules, hands, leader=0)
    assert legal_set(deal) == card_set("QS 4D")


def test_l09_the_queen_of_spades_may_always_be_led() -> None:
    hands = ["QS 8D", "5D 6D", "9D 2S", "10D 3S"]
    deal = constructed_ending(STANDARD, hands, leader=0)
    assert legal_set(deal) == card_set("QS 8D")
    assert deal.explain("QS").reason == "legal_lead_queen"


# Q♠ and hearts broken (§2.6 rule 3, L07, L08). Trick: West leads 3♣, North wins with K♣,
# East discards Q♠; or East leads Q♠ and North wins with K♠. Then North leads from ♦4 ♥7.
QS_DISCARDED = (["KC 4D 7H", "QS 5D 6D", "2C 8D 9D", "3C 10D JD"], 3, "3C KC QS 2C")
QS_LED = (["KS 4D 7H", "QS 5D 6D", "2S 8D 9D", "3S 10D JD"], 1, "QS 2S 3S KS")


@pytest.mark.parametrize(
    ("mode", "position", "expected"),
    [
        ("off", QS_DISCARDED, "4D"),
        ("discard", QS_DISCARDED, "4D 7H"),
        ("any", QS_DISCARDED, "4D 7H"),
        ("off", QS_LED, "4D"),
        ("discard", QS_LED, "4D"),
        ("any", QS_LED, "4D 7H"),
    ],
    ids=["l07-off", "l07-discard", "l07-any", "l08-off", "l08-discard", "l08-any"],
)
def test_l07_l08_queen_of_spades_and_hearts_broken(
    mode: str, position: tuple[list[str], int, str], expected: str
) -> None:
    hands, leader, trick = position
    deal = constructed_ending(Rules(qs_breaks_hearts=mode), hands, leader=leader)
    play_all(deal, trick)
    assert deal.to_play == 0
    assert deal.hearts_broken == (expected != "4D")
    assert legal_set(deal) == card_set(expected)


@pytest.mark.parametrize(("mode", "broken"), [("off", False), ("discard", False), ("any", True)])
def test_queen_of_spades_following_spades_breaks_hearts_only_in_any_mode(
    mode: str, broken: bool
) -> None:
    hands = ["2S 4D", "QS 5D", "AS 8D", "3S 10D"]
    deal = constructed_ending(Rules(qs_breaks_hearts=mode), hands, leader=0)
    play_all(deal, "2S QS")
    assert deal.hearts_broken == broken


def test_black_maria_spades_and_omnibus_jack_do_not_break_hearts() -> None:
    rules = Rules(black_maria=True, omnibus=True)
    hands = ["KC 4D 7H", "KS AS 5S", "JD 8D 9D", "3C 2C 10D"]
    deal = constructed_ending(rules, hands, leader=3)
    play_all(deal, "3C KC KS JD")  # East discards K♠, South J♦
    assert not deal.hearts_broken
    assert legal_set(deal) == card_set("4D")
    play_all(deal, "4D AS 8D 10D")  # East discards A♠: still unbroken
    assert not deal.hearts_broken
    assert deal.to_play == 3


# --- §2.7 the first trick ----------------------------------------------------------


def test_l02_club_void_player_may_not_give_points_on_the_first_trick() -> None:
    east = "5D 3S QS AH KH QH JH 10H 9H 8H 7H 6H 5H"
    deal = full_deal(STANDARD, {0: "2C", 1: east})
    deal.play("2C")
    assert deal.to_play == 1
    assert legal_set(deal) == card_set("5D 3S")
    assert_refused(deal, "QS", "no_points_first_trick")
    assert_refused(deal, "AH", "no_points_first_trick")


def test_players_holding_clubs_follow_with_a_club_on_the_first_trick() -> None:
    deal = full_deal(STANDARD, {0: "2C", 1: "3C QS AH"})
    deal.play("2C")
    assert legal_set(deal) == {c for c in deal.hand(1) if c.suit.name == "CLUBS"}


def test_the_ban_covers_the_first_trick_only() -> None:
    # At trick 11 (3 cards left) a void player may discard the queen.
    hands = ["KC 4D 7H", "QS AH 6D", "2C 8D 9D", "3C 10D JD"]
    deal = constructed_ending(STANDARD, hands, leader=3)
    play_all(deal, "3C KC")
    assert legal_set(deal) == card_set("QS AH 6D")


def test_first_trick_ban_off_allows_points_on_trick_one() -> None:
    rules = Rules(first_trick_no_points=False)
    east = "5D 3S QS AH KH QH JH 10H 9H 8H 7H 6H 5H"
    deal = full_deal(rules, {0: "2C", 1: east})
    deal.play("2C")
    assert legal_set(deal) == card_set(east)


TWELVE_HEARTS_AND_QUEEN = "QS AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H"
THIRTEEN_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"


def test_l03_twelve_hearts_and_queen_may_play_any_card_on_trick_one() -> None:
    deal = full_deal(STANDARD, {0: "2C", 1: TWELVE_HEARTS_AND_QUEEN})
    deal.play("2C")
    assert legal_set(deal) == card_set(TWELVE_HEARTS_AND_QUEEN)
    assert deal.explain("QS").reason == "legal_forced_points"
    deal.play("QS")
    assert not deal.hearts_broken  # the queen does not break hearts by default


def test_l03_strict_mode_plays_hearts_before_the_queen() -> None:
    rules = Rules(first_trick_forced="hearts_before_queen")
    deal = full_deal(rules, {0: "2C", 1: TWELVE_HEARTS_AND_QUEEN})
    deal.play("2C")
    assert legal_set(deal) == card_set(TWELVE_HEARTS_AND_QUEEN) - card_set("QS")
    assert_refused(deal, "QS", "hearts_before_queen")
    deal.play("AH")
    assert deal.hearts_broken


def test_l04_thirteen_hearts_may_play_any_heart_which_breaks_hearts() -> None:
    deal = full_deal(STANDARD, {0: "2C", 1: THIRTEEN_HEARTS})
    deal.play("2C")
    assert legal_set(deal) == card_set(THIRTEEN_HEARTS)
    deal.play("7H")
    assert deal.hearts_broken


def test_l10_omnibus_jack_of_diamonds_may_go_on_trick_one() -> None:
    rules = Rules(omnibus=True)
    east = "JD 4S KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H"
    deal = full_deal(rules, {0: "2C", 1: east})
    deal.play("2C")
    assert legal_set(deal) == card_set("JD 4S")


def test_l11_black_maria_bans_king_and_ace_of_spades_on_trick_one() -> None:
    rules = Rules(black_maria=True)
    east = "KS AS 3D 6H 2H 3H 4H 5H 7H 8H 9H 10H JH"
    deal = full_deal(rules, {0: "2C", 1: east})
    deal.play("2C")
    assert legal_set(deal) == card_set("3D")
    assert_refused(deal, "KS", "no_points_first_trick")
    assert_refused(deal, "AS", "no_points_first_trick")


def test_black_maria_hand_of_only_penalty_cards_may_play_any() -> None:
    rules = Rules(black_maria=True)
    east = "KS AS QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH"
    deal = full_deal(rules, {0: "2C", 1: east})
    deal.play("2C")
    assert legal_set(deal) == card_set(east)


# --- §2.7 the first-trick ban binds a free first lead too --------------------------
# With ``first_lead="left_of_dealer"`` the first lead is not forced to be a club: the
# leader (dealer 0, so player 1) may not lead a card worth points unless the hand holds
# nothing else, and whoever follows suit keeps the ban when the suit led allows it.

FREE_LEAD = Rules(first_lead="left_of_dealer")
HEARTS_QUEEN_AND_OTHERS = "2H 9H QS 3S 4D 5D 6D 7D 8D 9D 10D JD QD"


def test_free_first_lead_may_not_lead_hearts_or_the_queen() -> None:
    deal = full_deal(FREE_LEAD, {1: HEARTS_QUEEN_AND_OTHERS})
    assert deal.to_play == 1
    assert legal_set(deal) == card_set("3S 4D 5D 6D 7D 8D 9D 10D JD QD")
    assert_refused(deal, "QS", "no_points_first_trick")
    assert_refused(deal, "9H", "no_points_first_trick")
    assert "queen of spades counts points" in deal.explain("QS").text("en")
    assert "dame de pique compte des points" in deal.explain("QS").text("fr")
    assert deal.explain("3S").reason == "legal_lead"


def test_free_first_lead_without_the_ban_may_lead_the_queen() -> None:
    rules = FREE_LEAD.replace(first_trick_no_points=False)
    deal = full_deal(rules, {1: HEARTS_QUEEN_AND_OTHERS})
    assert legal_set(deal) == card_set(HEARTS_QUEEN_AND_OTHERS) - card_set("2H 9H")
    assert deal.explain("QS").reason == "legal_lead_queen"


def test_free_first_lead_ban_holds_when_hearts_start_broken() -> None:
    rules = FREE_LEAD.replace(must_break_hearts=False)
    deal = full_deal(rules, {1: HEARTS_QUEEN_AND_OTHERS})
    assert deal.hearts_broken
    assert legal_set(deal) == card_set("3S 4D 5D 6D 7D 8D 9D 10D JD QD")
    assert_refused(deal, "2H", "no_points_first_trick")


def test_free_first_lead_twelve_hearts_and_queen_must_lead_the_queen() -> None:
    # Every card counts points, so the ban is lifted; hearts are not broken, so the queen
    # is the one card that may be led (docs/rules.md §2.6 rule 5, L05).
    deal = full_deal(FREE_LEAD, {1: TWELVE_HEARTS_AND_QUEEN})
    assert legal_set(deal) == card_set("QS")
    assert deal.explain("QS").reason == "legal_forced_points"
    assert_refused(deal, "AH", "hearts_not_broken")


def test_free_first_lead_twelve_hearts_and_queen_with_lead_hearts_instead_of_qs() -> None:
    deal = full_deal(
        FREE_LEAD.replace(lead_hearts_instead_of_qs=True), {1: TWELVE_HEARTS_AND_QUEEN}
    )
    assert legal_set(deal) == card_set(TWELVE_HEARTS_AND_QUEEN)
    assert deal.explain("AH").reason == "legal_forced_points"


def test_free_first_lead_strict_mode_leads_a_heart_before_the_queen() -> None:
    rules = FREE_LEAD.replace(first_trick_forced="hearts_before_queen")
    deal = full_deal(rules, {1: TWELVE_HEARTS_AND_QUEEN})
    assert legal_set(deal) == card_set(TWELVE_HEARTS_AND_QUEEN) - card_set("QS")
    assert_refused(deal, "QS", "hearts_before_queen")
    deal.play("5H")
    assert deal.hearts_broken


def test_free_first_lead_thirteen_hearts_may_lead_any_heart() -> None:
    deal = full_deal(FREE_LEAD, {1: THIRTEEN_HEARTS})
    assert legal_set(deal) == card_set(THIRTEEN_HEARTS)
    assert deal.explain("7H").reason == "legal_forced_points"
    deal.play("7H")
    assert deal.hearts_broken


def test_free_first_lead_black_maria_bans_king_and_ace_of_spades() -> None:
    rules = FREE_LEAD.replace(black_maria=True)
    east = "KS AS QS 3S 6H 2H 3H 4H 5H 7H 8H 9H 10H"
    deal = full_deal(rules, {1: east})
    assert legal_set(deal) == card_set("3S")
    for card in ("KS", "AS", "QS"):
        assert_refused(deal, card, "no_points_first_trick")


def test_free_first_lead_omnibus_jack_of_diamonds_may_be_led() -> None:
    rules = FREE_LEAD.replace(omnibus=True)
    east = "JD QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"
    deal = full_deal(rules, {1: east})
    assert legal_set(deal) == card_set("JD")
    assert deal.explain("JD").reason == "legal_lead"


def test_free_first_lead_queen_worth_nothing_in_original_hearts_may_be_led() -> None:
    rules = Rules.preset("original", first_lead="left_of_dealer")
    east = "QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    deal = full_deal(rules, {1: east})
    assert legal_set(deal) == card_set("QS")


def test_three_player_black_maria_with_the_ban_binds_the_leader() -> None:
    rules = Rules.preset("black-maria-3", first_trick_no_points=True, must_break_hearts=False)
    # 17 cards; the dealer's left (player 1) leads; hearts may be led at once here.
    east = "KS AS QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 3D"
    deal = full_deal(rules, {1: east})
    assert deal.to_play == 1 and deal.hearts_broken
    assert legal_set(deal) == card_set("3D")
    assert_refused(deal, "AH", "no_points_first_trick")
    assert_refused(deal, "KS", "no_points_first_trick")


def test_following_a_free_spade_lead_on_trick_one_keeps_the_queen_back() -> None:
    deal = full_deal(FREE_LEAD, {1: "3S 4D", 2: "QS 5S 2H"}, voids={2: "S"})
    deal.play("3S")
    assert legal_set(deal) == card_set("5S")
    assert_refused(deal, "QS", "no_points_first_trick")
    assert_refused(deal, "2H", "must_follow_suit")
    assert deal.explain("5S").reason == "legal_follow"


def test_following_a_free_spade_lead_with_only_the_queen_plays_it() -> None:
    deal = full_deal(FREE_LEAD, {1: "3S 4D", 2: "QS 2H 4C"}, voids={2: "S"})
    deal.play("3S")
    assert legal_set(deal) == card_set("QS")
    assert deal.explain("QS").reason == "legal_follow"


def test_following_a_free_heart_lead_on_trick_one_must_follow_with_a_heart() -> None:
    # The leader, holding twelve hearts and the queen, may lead a heart with this option;
    # following suit comes first, so the 2♥ must go on the first trick.
    rules = FREE_LEAD.replace(lead_hearts_instead_of_qs=True)
    deal = full_deal(rules, {1: TWELVE_HEARTS_AND_QUEEN, 2: "2H 2C 3C"})
    deal.play("AH")
    assert legal_set(deal) == card_set("2H")
    assert deal.explain("2H").reason == "legal_follow"
    assert_refused(deal, "2C", "must_follow_suit")


# --- §5 two-player Hearts ----------------------------------------------------------


def test_two_player_deal_13_each_and_two_dead_cards() -> None:
    deal = Deal.new(TWO, seed=8)
    hands = [mask_of(deal.hand(p)) for p in range(2)]
    dead = mask_of(deal.dead_cards)
    assert [h.bit_count() for h in hands] == [13, 13]
    assert dead.bit_count() == 2
    assert hands[0] | hands[1] | dead == TWO.deck
    assert hands[0] & hands[1] == 0 and (hands[0] | hands[1]) & dead == 0
    assert deal.phase == "play"  # no passing with two players


@pytest.mark.parametrize(
    ("dead", "opening"), [("2C 2D", "4C"), ("2C 4C", "6C"), ("QD AD", "2C"), ("4C 6C", "2C")]
)
def test_l12_two_player_opening_club_falls_back_2_4_6_and_must_be_led(
    dead: str, opening: str
) -> None:
    deal = full_deal(TWO, {1: opening + " 8C"}, dead=dead)
    assert deal.to_play == 1
    assert legal_set(deal) == card_set(opening)
    assert_refused(deal, "8C", "must_lead_opening")
    assert Card.parse(opening).name("en") in deal.explain("8C").text("en")
    assert Card.parse(opening).name("fr") in deal.explain("8C").text("fr")


def test_l13_two_player_hearts_are_trumps_and_a_trump_breaks_hearts() -> None:
    deal = constructed_ending(TWO, ["10D 2S", "4H 8S"], leader=0)
    deal.play("10D")
    assert legal_set(deal) == card_set("4H 8S")
    deal.play("4H")
    trick = deal.trick_completed
    assert trick is not None and trick.winner == 1
    assert deal.hearts_broken


def test_two_player_discard_of_another_suit_does_not_win() -> None:
    deal = constructed_ending(TWO, ["10D 2S", "4H 8S"], leader=0)
    play_all(deal, "10D 8S")
    assert deal.last_trick is not None and deal.last_trick.winner == 0
    assert not deal.hearts_broken


def test_two_player_higher_heart_wins_a_heart_lead() -> None:
    deal = constructed_ending(TWO, ["4H 2S", "AH 8S"], leader=0, hearts_broken=True)
    play_all(deal, "4H AH")
    assert deal.last_trick is not None and deal.last_trick.winner == 1


def test_l14_two_player_only_hearts_may_be_led_unbroken() -> None:
    deal = constructed_ending(TWO, ["2H QH", "4S 6S"], leader=0)
    assert legal_set(deal) == card_set("2H QH")


def test_two_player_hearts_not_led_unbroken_with_another_suit() -> None:
    deal = constructed_ending(TWO, ["2H 2D", "4S 6S"], leader=0)
    assert legal_set(deal) == card_set("2D")


def test_two_player_queen_of_spades_may_be_led_any_time_and_does_not_break_hearts() -> None:
    deal = constructed_ending(TWO, ["QS 2D 2H", "4S 6S 8S"], leader=0)
    assert legal_set(deal) == card_set("QS 2D")
    deal.play("QS")
    deal.play("4S")
    assert not deal.hearts_broken


def test_l15_two_player_no_first_trick_ban() -> None:
    east = "QS AH 6D 2D 4D 2S 4S 6S 8S 2H 4H 6H 8H"
    deal = full_deal(TWO, {1: east}, dead="QD AD")
    assert deal.to_play == 0
    deal.play("2C")
    assert legal_set(deal) == card_set(east)
    deal.play("AH")  # trumps the opening lead
    assert deal.last_trick is not None and deal.last_trick.winner == 1
    assert deal.hearts_broken


# --- play and undo keep the position exact -----------------------------------------


def test_undo_across_a_completed_trick_restores_the_exact_state() -> None:
    deal = full_deal(STANDARD, {0: "2C"})
    keys = [deal.state_key()]
    rng = random.Random(4)
    for _ in range(6):  # a whole trick and two cards of the next
        deal.play(rng.choice(deal.legal_moves()))
        keys.append(deal.state_key())
    for key in reversed(keys[:-1]):
        deal.undo()
        assert deal.state_key() == key


def test_undo_across_the_exchange_restores_the_exact_state() -> None:
    deal = Deal.new(STANDARD, seed=3, deal_number=0)
    keys = []
    for player in range(4):
        keys.append(deal.state_key())
        deal.pass_cards(player, deal.hand(player)[:3])
    assert deal.phase == "play"
    for key in reversed(keys):
        deal.undo()
        assert deal.state_key() == key
    assert deal.leader == 0 and deal.to_play == 0


def test_undo_of_a_changed_pass_restores_the_first_choice() -> None:
    deal = Deal.new(STANDARD, seed=3, deal_number=1)
    deal.pass_cards(0, deal.hand(0)[:3])
    key = deal.state_key()
    deal.pass_cards(0, deal.hand(0)[3:6])
    deal.undo()
    assert deal.state_key() == key
    assert deal.passes()[0] == deal.hand(0)[:3]


def test_undo_after_the_last_trick_reopens_the_deal() -> None:
    deal = constructed_ending(STANDARD, ["2D", "3D", "4D", "5D"], leader=0)
    key = deal.state_key()
    play_all(deal, "2D 3D 4D")
    deal.play("5D")
    assert deal.is_over
    for _ in range(4):
        deal.undo()
    assert deal.state_key() == key
    assert deal.phase == "play"


def test_trick_completed_names_the_trick_only_right_after_its_last_card() -> None:
    deal = Deal.new(STANDARD, seed=5, deal_number=0)
    for player in range(4):
        deal.pass_cards(player, deal.hand(player)[:3])
    assert deal.trick_completed is None  # the exchange is not a card
    for _ in range(3):
        deal.play(deal.legal_moves()[0])
        assert deal.trick_completed is None
    deal.play(deal.legal_moves()[0])
    trick = deal.trick_completed
    assert trick is not None and trick == deal.last_trick and len(trick.plays) == 4
    deal.undo()
    assert deal.trick_completed is None and len(deal.current_trick.plays) == 3


# --- one rule for who takes a trick -----------------------------------------------------


@pytest.mark.parametrize("preset", ["standard", "two-player", "black-maria-3", "spot"])
def test_the_trick_winner_the_bots_compute_is_the_one_play_records(preset: str) -> None:
    from hearts_teach.deal import trick_winner, winning_position

    rules = Rules.preset(preset)
    rng = random.Random(preset)
    for number in range(20):
        deal = Deal.new(rules, rng=rng, deal_number=3 if rules.players == 4 else number)
        if deal.phase == "pass":
            for player in range(rules.players):
                deal.pass_cards(player, deal.hand(player)[: rules.cards_to_pass])
        while not deal.is_over:
            deal.play(rng.choice(deal.legal_moves()))
        for leader, indexes, winner in deal.completed:
            position = winning_position(indexes, rules.hearts_trump)
            assert winner == (leader + position) % rules.players
            assert (
                trick_winner(
                    mask_of(cards(" ".join(str(Card(i)) for i in indexes))),
                    indexes[0],
                    rules.hearts_trump,
                )
                == indexes[position]
            )
