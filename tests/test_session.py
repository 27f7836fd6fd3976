"""The game at a table, without Jupyter: hearts_teach.teaching.session.TableSession.

Every action returns what happened; a refused one changes nothing; the bots always play
until it is the person's turn; undo, the pass, the moon's choice, hints and share codes
work as the table's buttons do, with no widget anywhere.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.engine import play_a_moon

from hearts_teach import Deal, Rules
from hearts_teach.bots import Bot
from hearts_teach.deal import PlayerView
from hearts_teach.errors import HeartsError
from hearts_teach.records import share_code
from hearts_teach.teaching.session import Seating, TableSession

LANGS = ("en", "fr")


def waiting_for_the_person(session: TableSession) -> bool:
    """The bots have played all they can: it is the person's turn, or their pass, or
    their moon's choice, or the deal is over."""
    deal = session.deal
    return (
        session.in_pass
        or session.moon_is_mine
        or deal.is_complete
        or (deal.phase == "play" and deal.to_play == session.human)
    )


def play_the_person(session: TableSession, rng: random.Random) -> None:
    """One action of a person choosing at random among what they may do."""
    deal = session.deal
    if session.in_pass:
        session.choose_pass(rng.sample(deal.hand(session.human), session.rules.pass_count))
        assert session.confirm_pass().done
    elif session.moon_is_mine:
        assert session.choose_moon(rng.choice(["add", "subtract"])).done
    elif deal.is_complete:
        assert session.next_deal().done
    else:
        assert session.play_card(rng.choice(deal.legal_moves())).done


@settings(max_examples=12, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 10_000),
    preset=st.sampled_from(["standard", "shooters-choice", "black-maria-3", "five-player"]),
)
def test_a_whole_game_waits_for_the_person_after_every_action(seed: int, preset: str) -> None:
    session = TableSession(Rules.preset(preset), bot_level="random", seed=seed)
    rng = random.Random(seed)
    for _ in range(2000):
        assert waiting_for_the_person(session)
        if session.game.is_over:
            break
        play_the_person(session, rng)
    assert session.game.is_over
    assert not session.can_deal and session.next_deal().done is False


def test_a_refused_card_changes_nothing_and_says_why_in_both_languages() -> None:
    session = TableSession(Rules(passing="none"), seed=3)
    deal = session.deal
    refused = [card for card in deal.hand(0) if not deal.explain(card).legal]
    assert refused  # the two of clubs must open: every other card is refused
    before = deal.state_key()
    outcome = session.play_card(refused[0])
    assert not outcome.done and outcome.since is None
    assert session.deal.state_key() == before and session.message_is_error
    assert outcome.said is not None
    assert {outcome.said.text(lang) for lang in LANGS} == {
        session.message.text(lang) for lang in LANGS if session.message is not None
    }
    assert "club" in outcome.said.text("en") and "trèfle" in outcome.said.text("fr")


def test_a_card_played_brings_the_bots_replies_and_undo_takes_them_back() -> None:
    session = TableSession(Rules(passing="none"), seed=5)
    deal = session.deal
    if deal.to_play != 0:
        assert session.log  # the bots before the person have already played
    before = deal.state_key()
    logged = len(session.log)
    card = deal.legal_moves()[0]
    outcome = session.play_card(card)
    assert outcome.done and outcome.since is not None
    assert deal.to_play == 0 and len(session.log) > logged
    assert session.undo().done
    assert deal.state_key() == before and len(session.log) == logged
    said = session.message
    assert said is not None and not session.message_is_error
    assert "back in your hand" in said.text("en") and "Vous reprenez" in said.text("fr")


def test_undo_with_nothing_to_take_back_is_refused() -> None:
    session = TableSession(Rules(), seed=2)
    before = session.deal.state_key()
    assert not session.undo().done
    assert session.deal.state_key() == before and session.message_is_error


def test_the_pass_is_chosen_confirmed_and_said() -> None:
    session = TableSession(Rules(), seed=8)
    hand = session.deal.hand(0)
    assert session.in_pass and not session.confirm_pass().done  # nothing chosen yet
    for card in hand[:3]:
        assert session.toggle_pass(card).done
    assert session.toggle_pass(hand[0]).done and session.picked == list(hand[1:3])
    session.choose_pass(hand[:3])
    outcome = session.confirm_pass()
    assert outcome.done and outcome.since == (0, 0)
    assert not session.in_pass and session.deal.phase == "play"
    said = outcome.said
    assert said is not None and "received" in said.text("en") and "vous a passé" in said.text("fr")
    given = session.deal.passes()[0]
    assert given is not None and all(str(card) in said.text("en") for card in given)


def test_a_pass_of_cards_not_held_or_too_many_is_refused_and_changes_nothing() -> None:
    """As from an address's ``&picked=``: whatever it says, only the person's own cards."""
    session = TableSession(Rules(), seed=8)
    mine, theirs = session.deal.hand(0), session.deal.hand(1)
    assert session.choose_pass(mine[:2]).done and session.picked == list(mine[:2])
    for refused in (theirs[:3], mine[:4], [mine[0], mine[0]], [*mine[:2], theirs[0]]):
        assert not session.choose_pass(refused).done
        assert session.picked == list(mine[:2])
    session.choose_pass(mine[:3])
    session.confirm_pass()
    assert not session.choose_pass(session.deal.hand(0)[:3]).done  # the pass is over


def test_the_persons_moon_waits_for_their_choice_which_undo_takes_back() -> None:
    session = TableSession(play_a_moon(Rules.preset("shooters-choice")), seed=1)
    assert session.moon_is_mine and not session.can_deal
    before = session.deal.state_key()
    assert not session.choose_moon("double").done
    assert session.deal.state_key() == before
    advice = session.hint()
    assert advice.done and advice.said is not None and "26" in advice.said.text("en")
    assert session.choose_moon("subtract").done
    assert session.game.totals == (-26, 0, 0, 0) and session.can_deal
    assert session.undo().done and session.moon_is_mine
    assert session.choose_moon("add").done and session.game.totals == (0, 26, 26, 26)


def test_a_damaged_code_changes_nothing() -> None:
    session = TableSession(Rules(), seed=4)
    before = session.deal.state_key()
    outcome = session.load_code(share_code(session.deal)[:-3] + "xyz")
    assert not outcome.done and session.share_is_error
    assert session.deal.state_key() == before
    assert outcome.said is not None and all(outcome.said.text(lang) for lang in LANGS)
    assert not session.load_code("   ").done


def test_a_share_code_opens_its_deal_and_the_game_goes_on() -> None:
    first = TableSession(Rules(passing="none"), seed=6)
    first.play_card(first.deal.legal_moves()[0])
    code = first.share_code()
    second = TableSession(Rules(), seed=7)
    assert second.load_code(code).done
    assert second.deal.state_key() == first.deal.state_key()
    assert second.origin == "code" and second.log == []


def test_the_hint_names_a_legal_card_and_marks_it() -> None:
    session = TableSession(Rules(passing="none"), seed=9, seating=QuickSeating())
    outcome = session.hint()
    assert outcome.done and len(session.hinted) == 1
    assert session.deal.explain(session.hinted[0]).legal
    session.play_card(session.hinted[0])
    assert session.hinted == []


def test_an_unknown_bot_level_is_refused_in_both_languages() -> None:
    with pytest.raises(HeartsError) as caught:
        TableSession(Rules(), bot_level="grandmaster")
    assert "grandmaster" in caught.value.message("fr")
    session = TableSession(Rules(), bot_level="random")
    with pytest.raises(HeartsError):
        session.set_bot_level("grandmaster")
    assert session.bot_level == "random"


class QuickSeating(Seating):
    """Hints by the quick bot, and a record of what the session asked its seating."""

    def __init__(self) -> None:
        self.thought: list[int] = []
        self.forgotten = 0

    def hint_bot(self, seed: int) -> Bot:
        return self.bot("heuristic", seed, 0)

    def think_ahead(self, bots: Sequence[Bot | None], views: Sequence[PlayerView]) -> None:
        self.thought.append(len(views))

    def forget(self, bots: Sequence[Bot | None]) -> None:
        self.forgotten += 1


def test_the_seating_is_asked_to_think_ahead_only_when_the_session_may() -> None:
    seating = QuickSeating()
    session = TableSession(Rules(), seed=3, seating=seating, thinks_ahead=False)
    session.think_ahead()
    assert seating.thought == []
    session.thinks_ahead = True
    session.think_ahead()
    assert seating.thought == [4]
    session.set_bot_level("random")  # new bots: the old ones' thoughts are dropped
    assert seating.forgotten == 1


def test_the_session_needs_nothing_of_jupyter() -> None:
    script = (
        "import sys\n"
        "from hearts_teach import Rules\n"
        "from hearts_teach.teaching.session import TableSession\n"
        "s = TableSession(Rules(passing='none'), seed=1, bot_level='random')\n"
        "s.play_card(s.deal.legal_moves()[0])\n"
        "assert not {'ipywidgets', 'traitlets', 'IPython'} & set(sys.modules), sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)


def test_a_game_is_under_way_once_a_card_is_played_until_it_is_over() -> None:
    session = TableSession(Deal.new(Rules(), seed=3, deal_number=3), seed=3)
    assert not session.under_way  # nothing a new game would throw away
    session.play_card("2♣")
    assert session.under_way
    session.new_game()
    assert not session.under_way
