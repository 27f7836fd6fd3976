"""The deal review (hearts_teach/teaching/review.py): a clear blunder is found and ranked first
with a reason that names it, the review's own bot makes no mistake, the same deal gives
the same review, the preferred card never depends on the hidden cards, and the summaries
add up."""

from __future__ import annotations

import math
import random
import re
from functools import cache

import pytest
from support.engine import play_a_moon
from test_bots_infoset import reshuffled

from hearts_teach import Card, Deal, Game, HeartsError, Rules
from hearts_teach.bots import make_bot
from hearts_teach.bots.montecarlo import MonteCarloBot
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.cards import QUEEN_OF_SPADES
from hearts_teach.deal import PlayerView
from hearts_teach.i18n import LANGS, messages, text
from hearts_teach.teaching.review import (
    KINDS,
    REVIEW_PLAYOUTS,
    WHY,
    DealReview,
    Decision,
    GameReview,
    review_deal,
    review_game,
)

SMALL = {"playouts": 80, "confirm": 40}  # a quick review, for the tests of its machinery


def reviewer_bot() -> MonteCarloBot:
    """The strong bot exactly as ``review_deal`` runs it with its default seed."""
    return MonteCarloBot(seed="review:0", playouts=REVIEW_PLAYOUTS, time_limit=None)


def _queen_blunder_possible(view: PlayerView) -> bool:
    """Last to a spade trick won so far by a spade below the queen, holding the queen
    and a spade below that winner: the queen takes the trick, the low spade ducks."""
    if len(view.trick) != view.rules.players - 1 or view.trick[0][1].suit != QUEEN_OF_SPADES.suit:
        return False
    if not view.hand & QUEEN_OF_SPADES.bit:
        return False
    top = max(card for _, card in view.trick if card.suit == QUEEN_OF_SPADES.suit)
    return top < QUEEN_OF_SPADES and any(
        card.suit == top.suit and card < top for card in view.hand_cards
    )


@cache
def queen_blunder() -> tuple[Deal, int]:
    """A seeded deal (with a pass) where South plays the review's own choices except
    once: last to a spade trick, with a low spade that ducks, South plays the queen and
    takes her. The trick's number (from 1) comes with it."""
    for seed in range(30):
        deal = Deal.new(Rules(), seed=seed, deal_number=1)
        south = reviewer_bot()
        others = seat_bots("heuristic", seed, 4)
        while deal.phase == "pass":
            player = deal.to_play
            if player == 0:
                deal.pass_cards(0, south.pass_cards(deal.view(0)).cards)
            else:
                deal.pass_cards(player, others[player].pass_cards(deal.view(player)).cards)
        blunder = 0
        while not deal.is_over:
            player = deal.to_play
            if player != 0:
                deal.play(others[player].play(deal.view(player)).card)
                continue
            view = deal.view(0)
            if not blunder and _queen_blunder_possible(view):
                blunder = view.trick_number + 1
                deal.play(QUEEN_OF_SPADES)
            else:
                deal.play(south.play(view).card)
        if blunder:
            return deal, blunder
    raise AssertionError("no seeded deal offered the blunder")


# A moon built trick by trick: East takes every point but A♥, 2♥ and K♥; West and North
# have shown that they hold no heart and no club, so South knows that East holds K♥ and
# the last club. South leads trick 12: A♥ wins it (with East's K♥) and stops the moon;
# 2♥ gives East the trick, then the last club, on which South must throw A♥: a moon.
MOON_HANDS = (
    "6C 8C 9C 10C JC QC KC KD 3H 3C AD AH 2H",  # South
    "7C 2S 3S 4S 5S 6S 7S 4H 3D 4D 5D 6D 7D",  # West
    "2C 5H 6H 7H 8H 9H 10H QH 8D 9D 10D JD QD",  # North
    "AC AS KS QS JS 10S 9S 8S JH 4C 2D KH 5C",  # East
)
MOON_TRICKS = (
    "2C AC 6C 7C",
    "AS 8C 2S 5H",
    "KS 9C 3S 6H",
    "QS 10C 4S 7H",
    "JS JC 5S 8H",
    "10S QC 6S 9H",
    "9S KC 7S 10H",
    "8S KD 4H QH",
    "JH 3H 3D 8D",
    "4C 3C 4D 9D",
    "2D AD 5D 10D",
)


def moon_blunder(lead: str) -> Deal:
    """The moon deal played to its end, South leading ``lead`` to trick 12."""
    deal = Deal.from_hands(Rules(passing="none"), list(MOON_HANDS))
    for trick in MOON_TRICKS:
        for card in trick.split():
            deal.play(card)
    assert deal.to_play == 0
    deal.play(lead)
    while not deal.is_over:
        deal.play(deal.legal_moves()[0])
    return deal


@cache
def novice_deal(seed: int, preset: str = "standard") -> Deal:
    """A deal where South plays at random and the others by rules of thumb."""
    rules = Rules.preset(preset)
    bots = seat_bots("heuristic", seed, rules.players)
    bots[0] = make_bot("random", seed)
    return play_out(Deal.new(rules, seed=seed, deal_number=seed % 4), bots)


# --- a blunder is found first, with a reason that names it ----------------------------


def test_the_queen_thrown_on_ones_own_trick_is_the_first_mistake_and_named() -> None:
    deal, number = queen_blunder()
    review = review_deal(deal, 0)
    first = review.ranked[0]
    assert first.kind == "follow" and first.trick == number
    assert first.played == (QUEEN_OF_SPADES,)
    assert first.better[0].suit == QUEEN_OF_SPADES.suit and first.better[0] < QUEEN_OF_SPADES
    assert first.mistake and first.verdict == "mistake"
    assert first.cost > 5 and first.error < first.cost / 4
    assert first.reason is not None and first.reason.key == "queen_own"
    english = first.reason_text("en")
    assert "queen of spades" in english and f"trick {number}" in english
    assert "13 points" in english
    french = first.reason_text("fr")
    assert "dame de pique" in french and f"pli {number}" in french
    # South played the review's own choices everywhere else: nothing else is flagged.
    assert review.mistakes == (first,)
    assert all(d.agrees for d in review.decisions if d is not first)
    assert review.decisions[0].kind == "pass" and review.decisions[0].agrees


def test_a_heart_lead_that_breaks_the_moon_defence_is_the_first_mistake_and_named() -> None:
    blunder = moon_blunder("2H")
    assert blunder.result().moon == 3  # East shot the moon
    review = review_deal(blunder, 0)
    first = review.ranked[0]
    assert first.kind == "lead" and first.trick == 12
    assert first.played == (Card.parse("2H"),) and first.better == (Card.parse("AH"),)
    # From South's view East surely holds K♥ and the last club: the cost is exact.
    assert first.mistake and first.cost == pytest.approx(18.17, abs=0.01) and first.error < 0.01
    assert first.reason is not None and first.reason.key == "moon_stop"
    english = first.reason_text("en")
    assert english.startswith("East shot the moon and took trick 12;")
    assert "the ace of hearts would have won that trick" in english
    assert "stopped the moon" in english
    french = first.reason_text("fr")
    assert french.startswith("Est a fait le grand chelem et ramassé le pli 12")
    assert "l’as de cœur aurait remporté ce pli" in french
    # The same deal with the ace led: no moon, and that lead agrees with the bot.
    defended = review_deal(moon_blunder("AH"), 0)
    assert moon_blunder("AH").result().moon is None
    assert next(d for d in defended.decisions if d.trick == 12).agrees


def test_a_deal_played_by_the_reviews_own_bot_shows_no_mistake() -> None:
    for preset, seed in (("standard", 5), ("omnibus", 6)):
        rules = Rules.preset(preset)
        deal = Deal.new(rules, seed=seed, deal_number=0)
        bots = seat_bots("heuristic", seed, 4)
        south = reviewer_bot()
        while deal.phase == "pass":
            player = deal.to_play
            cards = (
                south.pass_cards(deal.view(0)).cards
                if player == 0
                else bots[player].pass_cards(deal.view(player)).cards
            )
            deal.pass_cards(player, cards)
        while not deal.is_over:
            player = deal.to_play
            card = (
                south.play(deal.view(0)).card
                if player == 0
                else bots[player].play(deal.view(player)).card
            )
            deal.play(card)
        review = review_deal(deal, 0)
        assert len(review.decisions) >= 6
        assert all(d.agrees and d.verdict == "agrees" for d in review.decisions)
        assert review.mistakes == () and review.lost.count == 0
        assert review.summary("en").endswith(
            "No clear mistake: nothing the bot would clearly have done better."
        )


# --- determinism and the information rule ---------------------------------------------


def test_the_same_deal_gives_the_same_review() -> None:
    deal = novice_deal(11)
    first = review_deal(deal, 0, **SMALL)
    second = review_deal(deal.copy(), 0, **SMALL)
    assert first.decisions == second.decisions
    assert [d.reason_text("fr") for d in first.ranked] == [
        d.reason_text("fr") for d in second.ranked
    ]
    other_seed = review_deal(deal, 0, seed=1, **SMALL)
    assert [d.played for d in other_seed.decisions] == [d.played for d in first.decisions]


def _position_before(deal: Deal, decision: Decision) -> Deal:
    """The deal replayed from its start up to the decision (the player to act)."""
    position = Deal.from_hands(
        deal.rules,
        [[c.code for c in cards] for cards in map(_cards, deal.dealt)],
        dead=[c.code for c in _cards(deal.dead)],
        pass_direction=deal.pass_direction,
        deal_number=deal.deal_number,
        totals=deal.totals,
    )
    plays = 0
    for kind, player, cards in deal.history:
        if kind == "pass":
            position.pass_cards(player, cards)
        elif plays < decision.plays_before:
            position.play(cards[0])
            plays += 1
    return position


def _cards(mask: int) -> list[Card]:
    from hearts_teach.cards import cards_of

    return cards_of(mask)


@pytest.mark.parametrize("seed", [3, 8])
def test_the_preference_never_depends_on_the_hidden_cards(seed: int) -> None:
    """Move the cards South cannot see at a decision (keeping what South knows), finish
    that deal otherwise: the review prefers the same card, at the same measured cost, at
    that decision and every one before it."""
    deal = novice_deal(seed)
    review = review_deal(deal, 0, **SMALL)
    index, decision = next(
        (i, d)
        for i, d in enumerate(review.decisions)
        if d.kind != "pass" and not d.agrees and d.trick >= 3
    )
    position = _position_before(deal, decision)
    for attempt in range(20):
        other = reshuffled(position, 0, random.Random(attempt), across_suits=False)
        if other.hands != position.hands:
            break
    assert other.view(0) == position.view(0) and other.hands != position.hands
    other.play(decision.played[0])
    play_out(other, seat_bots("heuristic", seed + 1, 4))
    again = review_deal(other, 0, **SMALL)
    for one, two in zip(review.decisions[: index + 1], again.decisions[: index + 1], strict=True):
        assert (one.kind, one.trick, one.played) == (two.kind, two.trick, two.played)
        assert one.better == two.better
        assert (one.cost, one.error, one.samples) == (two.cost, two.error, two.samples)


# --- what a review holds --------------------------------------------------------------


def test_decisions_rank_costs_beyond_the_noise_first_and_the_summary_adds_them_up() -> None:
    review = review_deal(novice_deal(2), 0, **SMALL)
    ranked = review.ranked
    lost = [d for d in ranked if d.lost]
    assert ranked[: len(lost)] == tuple(lost)
    assert [d.cost for d in lost] == sorted((d.cost for d in lost), reverse=True)
    assert all(d.kind in KINDS for d in ranked)
    for d in review.decisions:
        if d.agrees:
            assert d.cost == d.error == 0 and d.better == d.played and d.reason is None
        else:
            assert d.samples == SMALL["confirm"] and d.reason is not None
            assert d.better != d.played
            assert d.lost == (d.cost > 2 * d.error and d.cost > 0)
            assert d.mistake == (d.lost and d.cost >= 0.5)
    losses = review.losses
    assert set(losses) == set(KINDS)
    total = review.lost
    assert total.points == pytest.approx(sum(d.cost for d in lost))
    assert total.error == pytest.approx(math.sqrt(sum(d.error**2 for d in lost)))
    assert total.count == len(lost) and total.mistakes == len(review.mistakes)
    english, french = review.summary("en"), review.summary("fr")
    assert english.startswith("Deal 3, South:") and french.startswith("Donne 3, Sud\u202f:")
    if lost:
        assert "Points clearly lost" in english and "By kind:" in english
        assert "Par type\u202f:" in french
        for kind, loss in losses.items():
            if loss.count:
                assert kind in english


def test_a_games_review_adds_its_deals_up() -> None:
    game = Game(Rules(target=30), seed=4)
    bots = seat_bots("heuristic", 4, 4)
    while True:
        play_out(game.deal, bots)
        if game.is_over:
            break
        game.next_deal()
    assert len(game.history) >= 2
    whole = review_game(game, 1, **SMALL)
    assert len(whole.reviews) == whole.deals == len(game.history)
    assert [r.deal.deal_number for r in whole.reviews] == list(range(len(game.history)))
    for kind in KINDS:
        assert whole.losses_by_kind[kind].points == pytest.approx(
            sum(r.losses[kind].points for r in whole.reviews)
        )
    assert whole.lost.count == sum(r.lost.count for r in whole.reviews)
    partial = GameReview.of(whole.reviews[:1], deals=len(game.history))
    assert partial.summary("en").startswith(f"Game: 1 deal reviewed out of {len(game.history)}.")
    assert partial.summary("fr").startswith(
        f"Partie\u202f: 1 donne examinée sur {len(game.history)}."
    )


def test_replays_play_the_better_card_and_the_bots_finish_the_deal() -> None:
    review = review_deal(novice_deal(2), 0, **SMALL)
    card = next(d for d in review.ranked if not d.agrees and d.kind != "pass")
    result = review.replay(card)
    assert result.replayed.is_over
    assert result.replayed.plays[card.plays_before] == (0, card.better[0])
    assert result.replayed.plays[: card.plays_before] == review.deal.plays[: card.plays_before]
    assert review.replay(card).replayed.plays == result.replayed.plays  # seeded
    passing = next(d for d in review.decisions if d.kind == "pass" and not d.agrees)
    passed = review.replay(passing)
    assert passed.replayed.is_over
    assert passed.replayed.passes()[0] == list(passing.better)
    assert passed.replayed.passes()[1:] == review.deal.passes()[1:]


def test_every_preset_can_be_reviewed() -> None:
    for preset in ("spot", "two-player", "black-maria-3", "partnership", "reverse", "new-moon"):
        deal = novice_deal(1, preset)
        review = review_deal(deal, 0, **SMALL)
        assert review.decisions, preset
        assert review.forced + len(review.decisions) >= deal.rules.hand_size - 1
        for d in review.decisions:
            assert math.isfinite(d.cost) and math.isfinite(d.error)
            for lang in LANGS:
                assert d.reason_text(lang) or d.agrees
                assert d.cost_text(lang) and d.where_text(lang)
        for lang in LANGS:
            assert review.summary(lang)


def test_every_reason_is_in_every_catalog() -> None:
    for lang in LANGS:
        found = messages(lang)
        assert {f"review.why.{key}" for key in WHY} <= set(found), lang
        assert {f"review.kind.{kind}" for kind in KINDS} <= set(found), lang
    assert list(WHY)[-1] == "even" and WHY["even"] == frozenset()  # always one reason


def test_every_reason_has_a_third_person_for_someone_else_reading_the_review() -> None:
    """A teacher reviewing a student's seat reads « Sud a gardé… », not « Vous avez… »."""
    second_person = re.compile(r"\b(you|your|yours|vous|votre|vos|vôtre)\b", re.IGNORECASE)
    for lang in LANGS:
        found = messages(lang)
        for key in WHY:
            said = str(found[f"review.why_seat.{key}"])
            assert not second_person.search(said), (lang, key)
            assert "{player}" in said or key == "moon_stop", (lang, key)  # no one else named


def test_the_cost_is_said_to_show_later_only_when_there_is_one() -> None:
    """Seen: « Coût : 0,0 point ± 0,0 » then « le coût se voit plus loin dans la donne »."""
    keys = set()
    for seed in (1, 2, 3):
        for d in review_deal(novice_deal(seed), 0, **SMALL).decisions:
            if d.reason is None:
                continue
            keys.add(d.reason.key)
            if d.reason.key in ("later", "later_you", "pass_later"):
                assert d.lost, (d.reason.key, d.cost, d.error)
            if d.reason.key in ("even", "even_you", "pass_even"):
                assert not d.lost, (d.reason.key, d.cost, d.error)
    assert keys & {"even", "even_you", "pass_even"}


def test_a_review_needs_a_finished_deal_and_a_seat() -> None:
    with pytest.raises(HeartsError):
        review_deal(Deal.new(Rules(), seed=1), 0)
    with pytest.raises(HeartsError):
        review_deal(novice_deal(2), 4)


def test_progress_is_told_decision_by_decision() -> None:
    told: list[tuple[int, int]] = []
    review = review_deal(novice_deal(2), 0, progress=lambda *a: told.append(a), **SMALL)
    total = len(review.decisions)
    assert told == [(done, total) for done in range(total + 1)]
    assert isinstance(review, DealReview)


@pytest.mark.parametrize("preset", ["standard", "spot", "partnership"])
def test_a_moon_of_the_players_own_is_never_priced_as_points_taken(preset: str) -> None:
    """A player who shot the moon read « vous l'avez ramassée vous-même : 13 points »
    about the Q♠ that made the moon. In a moon of the player's own side, every reason
    says the moon, and the split says why a card that helped it may still cost."""
    deal = play_a_moon(Rules.preset(preset))
    assert deal.result().moon == 0
    review = review_deal(deal, 0, **SMALL)
    assert review.own_moon and review.decisions
    for d in review.decisions:
        if d.reason is not None:
            assert "moon_own" in d.reason.key, d.reason.key
    if review.moon_in_cost:
        for lang in LANGS:
            assert text("review.split.moon_own", lang, moon=deal.rules.moon_value) in (
                review.split_text(lang)
            )
    # Seen from another seat, the same moon is someone else's.
    other = review_deal(deal, 1, **SMALL)
    assert not other.own_moon
    for d in other.decisions:
        if d.reason is not None:
            assert "moon_own" not in d.reason.key


def test_a_kept_card_is_blamed_for_a_later_trick_only_under_a_costly_grade() -> None:
    """Seen: « Meilleur coup » then « Vous avez gardé le roi de cœur en main, et cette
    carte vous a fait prendre le pli 8 »: blame under a praise. Every pair of the player's
    cards where the one kept took points later is tried both ways."""
    from hearts_teach.teaching.review import _DealFacts

    blamed = 0
    for seed in (1, 2, 3, 5, 8):
        deal = novice_deal(seed)
        facts = _DealFacts(deal, 0)
        values = deal.rules.values
        for number, trick in enumerate(deal.tricks):
            mine = dict(trick.plays)[0]
            for later in deal.tricks[number + 1 :]:
                kept = dict(later.plays)[0]
                if values[kept.index] <= 0 or not facts.taken_by(0, kept):
                    continue
                for lost, costly in ((False, False), (True, False), (True, True)):
                    key = facts.play_reason(number, mine, kept, lost, costly).key
                    assert (key == "kept_taken") <= costly, (number, mine, kept, lost)
                    blamed += key == "kept_taken"
    assert blamed  # the sentence is still said where the decision cost


def test_another_sides_moon_is_said_first_and_a_stop_only_where_the_figures_show_it() -> None:
    """Seen: the player followed every hint, North shot the moon, the player scored 26,
    and the review said « no mistake » and nothing of the moon."""
    review = review_deal(moon_blunder("2H"), 0, **SMALL)
    said = review.moon_text("en", 0)
    assert said.startswith("East shot the moon: it cost you 26 points this deal.")
    stops = [d for d in review.decisions if d.lost and d.reason and d.reason.key == "moon_stop"]
    assert stops  # the 2♥ lead, against A♥ that takes the trick with its points
    assert "A♥ rather than 2♥ at trick 12 would have taken that trick and stopped" in said
    # The stop is a verdict of the figures: another review seed names the same one.
    again = review_deal(moon_blunder("2H"), 0, seed=7, **SMALL).moon_text("en", 0)
    assert "A♥ rather than 2♥ at trick 12 would have taken that trick and stopped" in again
    french = review.moon_text("fr", 0)
    assert french.startswith("Est a fait le grand chelem\u202f: il vous a coûté 26 points")
    assert "Avec A♥ au lieu de 2♥ au pli 12, vous preniez ce pli" in french
    assert review.moon_text("en").startswith("East shot the moon: it cost South 26 points")
    # The same moon seen from the shooter's own seat, and a deal without a moon: nothing.
    assert review_deal(moon_blunder("2H"), 3, **SMALL).moon_text("en", 3) == ""
    assert review_deal(novice_deal(2), 0, **SMALL).moon_text("en", 0) == ""
    # Never a stop the figures do not support: no decision past the noise, no stop said.
    deal = play_a_moon(Rules())
    for seat in (1, 2, 3):
        other = review_deal(deal, seat, **SMALL)
        assert other.moon_text("en", seat).startswith("South shot the moon")
        if not any(d.lost and d.reason and d.reason.key == "moon_stop" for d in other.decisions):
            assert "stopped" not in other.moon_text("en", seat)
