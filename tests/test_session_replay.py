"""A replay at the table (hearts_teach.teaching.session.TableSession.replay_at_table): from
one of the person's decisions of a finished deal, the better choice played for them, the
bots answering and the person playing on; the deal as played kept, brought back, and the
one the game counts.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from test_session import play_the_person

from hearts_teach import Card, Rules
from hearts_teach.deal import Deal
from hearts_teach.i18n import signed
from hearts_teach.teaching.review import Decision, review_deal
from hearts_teach.teaching.session import TableSession

LANGS = ("en", "fr")


def finish(session: TableSession, rng: random.Random) -> None:
    """The person plays the deal on the table to its end, at random."""
    while not session.deal.is_complete:
        play_the_person(session, rng)


def a_decision(deal: Deal, player: int, which: int) -> Decision:
    """The ``which``-th card ``player`` played in ``deal`` (modulo their cards), with
    another legal card of that moment as the better one where there was one."""
    mine = [
        (index, cards[0])
        for index, (kind, who, cards) in enumerate(deal.history)
        if kind == "play" and who == player
    ]
    index, played = mine[which % len(mine)]
    before = deal.copy()
    while len(before.history) > index:
        before.undo()
    plays_before = sum(1 for kind, _, _ in before.history if kind == "play")
    others = [card for card in before.legal_moves() if card != played]
    better = others[0] if others else played
    return Decision(
        kind="play",
        trick=before.trick_number + 1,
        plays_before=plays_before,
        played=(played,),
        better=(better,),
        cost=1.0,
        error=0.1,
        samples=10,
        options=len(others) + 1,
    )


def said_by(session: TableSession, lang: str) -> str:
    assert session.message is not None
    return session.message.text(lang)


def a_finished_session(seed: int, rules: Rules | None = None) -> TableSession:
    session = TableSession(rules or Rules(), seed=seed, bot_level="heuristic")
    finish(session, random.Random(seed))
    return session


@settings(max_examples=15, deadline=None, derandomize=True)
@given(seed=st.integers(0, 5_000), which=st.integers(0, 12))
def test_a_replay_plays_the_better_card_then_gives_back_the_deal_as_played(
    seed: int, which: int
) -> None:
    session = a_finished_session(seed)
    played = session.deal.copy()
    totals = session.game.totals
    decision = a_decision(played, session.human, which)
    outcome = session.replay_at_table(decision)
    assert outcome.done and session.replaying
    deal = session.deal
    # the deal up to the decision as played, then the better card, by the person
    index = len([1 for kind, _, _ in played.history if kind == "pass"]) + decision.plays_before
    assert deal.history[:index] == played.history[:index]
    assert deal.history[index] == ("play", session.human, decision.better)
    # the bots answered: the person's turn, or the deal over
    assert deal.is_over or deal.to_play == session.human
    if not deal.is_over:  # (a last card replayed ends the deal: its end is said)
        for lang in LANGS:
            assert str(decision.trick) in said_by(session, lang)
    finish(session, random.Random(seed + 1))
    for lang in LANGS:
        said = said_by(session, lang)
        assert signed(session.deal.result().scores[session.human]) in said
        assert signed(played.result().scores[session.human]) in said
    back = session.back_to_played()
    assert back.done and not session.replaying
    assert session.deal.history == played.history
    assert session.deal.moon_choice == played.moon_choice
    assert session.game.totals == totals


def test_the_game_counts_the_deal_as_played_when_the_next_deal_comes() -> None:
    session = a_finished_session(11)
    played = session.deal.copy()
    totals = session.game.totals
    assert session.replay_at_table(a_decision(played, session.human, 3)).done
    finish(session, random.Random(2))
    assert session.next_deal().done
    assert not session.replaying
    finished = session.game.history[0].deal
    assert finished.history == played.history
    assert session.deal.totals == totals


def test_a_replay_from_the_pass_passes_the_better_cards_and_the_bots_theirs() -> None:
    session = a_finished_session(5)
    played = session.deal.copy()
    passes = {who: cards for kind, who, cards in played.history if kind == "pass"}
    start = played.copy()
    while start.history:
        start.undo()
    dealt = start.hand(session.human)
    better = tuple(card for card in dealt if card not in passes[session.human])[:3]
    decision = Decision(
        kind="pass",
        trick=0,
        plays_before=0,
        played=passes[session.human],
        better=better,
        cost=2.0,
        error=0.2,
        samples=10,
        options=10,
    )
    assert session.replay_at_table(decision).done
    now = {who: cards for kind, who, cards in session.deal.history if kind == "pass"}
    assert set(now[session.human]) == set(better)
    assert {who: cards for who, cards in now.items() if who != session.human} == {
        who: cards for who, cards in passes.items() if who != session.human
    }
    assert session.deal.phase == "play"
    for lang in LANGS:
        assert said_by(session, lang)
    assert session.back_to_played().done
    assert session.deal.history == played.history


def test_a_replay_from_a_decision_not_made_in_the_deal_is_refused_and_changes_nothing() -> None:
    session = a_finished_session(8)
    played = session.deal.copy()
    # the two of clubs leads the deal: it is never a sixth card
    decision = replace(a_decision(played, session.human, 4), played=(Card.parse("2c"),))
    outcome = session.replay_at_table(decision)
    assert not outcome.done and not session.replaying
    assert session.deal.history == played.history
    for lang in LANGS:
        assert said_by(session, lang)
    # and back_to_played with no replay under way
    assert not session.back_to_played().done
    assert session.deal.history == played.history


def test_a_deal_not_over_has_no_replay() -> None:
    session = TableSession(Rules(), seed=4, bot_level="heuristic")
    full = a_finished_session(4).deal
    outcome = session.replay_at_table(a_decision(full, 0, 0))
    assert not outcome.done and not session.replaying


def test_a_real_reviews_decisions_replay_at_the_table() -> None:
    """The decisions a review lists are the ones the table replays: each starts."""
    session = a_finished_session(21)
    review = review_deal(session.deal, session.human, playouts=8, confirm=8)
    played = session.deal.copy()
    assert len(review.decisions) >= 4
    for decision in review.decisions[:4]:
        assert session.replay_at_table(decision).done, decision
        assert session.replaying
    # a second replay starts from the deal as played, not from the first replay
    assert session.back_to_played().done
    assert session.deal.history == played.history


def test_the_review_of_the_deal_as_played_comes_back_with_it() -> None:
    session = a_finished_session(30)
    review = review_deal(session.deal, session.human, playouts=8, confirm=8)
    session.keep_review(review)
    assert session.replay_at_table(a_decision(session.deal, session.human, 2)).done
    assert session.known_review() is None
    finish(session, random.Random(1))
    replayed = review_deal(session.deal, session.human, playouts=8, confirm=8)
    session.keep_review(replayed)
    assert session.known_review() is replayed
    assert session.earlier_reviews() == []
    assert session.reviews[session.deal.deal_number] is review  # the game's stays
    assert session.back_to_played().done
    assert session.known_review() is review


def test_undo_during_a_replay_takes_back_the_better_card_too() -> None:
    session = a_finished_session(14)
    played = session.deal.copy()
    decision = a_decision(played, session.human, 5)
    assert session.replay_at_table(decision).done
    while session.undo().done:
        pass
    assert session.replaying
    assert session.back_to_played().done
    assert session.deal.history == played.history
