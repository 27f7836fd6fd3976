"""The table feels like a game, driven without a browser: the bots' cards shown one
after another (and at once when the delay is 0, as in tests), the finished trick kept
with its winner, the trick the person's card went into always drawn, the keyboard's
safe place after a card, the pass drawn with its receiver and what came back, the
language switch and the page's language."""

from __future__ import annotations

import asyncio
import re
import time
from html import unescape

import ipywidgets
import pytest
import traitlets
from hearts_teach_widgets.playground import Playground
from hearts_teach_widgets.render import HOLD, Replay, table_point, timeline
from hearts_teach_widgets.server.thinking import THINK_SETTING, ServedSeating, bot_budget
from hearts_teach_widgets.table import HeartsTable
from hearts_teach_widgets.table_settings import DELAY_SETTING, page_marker
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_teach import Card, Deal, Rules
from hearts_teach.bots import MonteCarloBot
from hearts_teach.cards import sorted_for_display
from hearts_teach.i18n import card_name, card_symbols, text
from hearts_teach.records import share_code

DELAY = 0.5


def playable(table: HeartsTable) -> list[Card]:
    return list(table.hand.playable)


def passed(table: HeartsTable) -> None:
    """Choose the first cards of the hand for the pass and pass them."""
    for card in table.hand.cards[: table.rules.cards_to_pass]:
        table.hand.buttons[card].click()
    table.confirm_pass_button.click()


def times(html: str, name: str) -> list[float]:
    """The ``--in`` (or ``--out``) times of a drawing, in document order."""
    return [float(found) for found in re.findall(rf"--{name}:([0-9.]+)s", html)]


def corner_of(felt: str) -> str:
    """The felt's corner (the last trick, or the pass), drawn last."""
    return felt[felt.index('ht-corner"') :]


def card_times(felt: str) -> dict[str, float]:
    """Each card of the middle by name, with the time it appears (0: at once)."""
    shown: dict[str, float] = {}
    for slot in re.finditer(
        r'<div class="ht-slot ht-slot-\w([^"]*)"([^>]*)>(.*?)</div></div>', felt
    ):
        moment = re.search(r"--in:([0-9.]+)s", slot.group(2))
        name = re.search(r'aria-label="([^"]+)"', slot.group(3))
        assert name is not None
        shown[name.group(1)] = float(moment.group(1)) if moment else 0.0
    return shown


# --- pacing ----------------------------------------------------------------------------


def test_no_delay_draws_each_reply_at_once_and_the_kernel_never_waits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Tests, and readers who ask for it, get the bots' cards at once; and the kernel
    never sleeps or schedules anything, with or without a delay (under Voici a sleep
    would freeze the page)."""

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the table waited in Python")

    monkeypatch.setattr(time, "sleep", refuse)
    monkeypatch.setattr(asyncio, "sleep", refuse)
    for delay in (0.0, DELAY):
        table = HeartsTable(Rules(), seed=4, delay=delay)
        passed(table)
        while not table.deal.is_over:
            table.play_card(playable(table)[0])
            felt = table.felt.value
            if delay == 0:
                assert "ht-in" not in felt and "ht-out" not in felt and "--in" not in felt
                assert "ht-idle" in table.skip_button._dom_classes
        assert table.game.results


def test_the_bots_cards_appear_one_after_another() -> None:
    table = HeartsTable(Deal.new(Rules(), seed=12, deal_number=3), seed=3, delay=DELAY)
    assert table.deal.to_play == 0
    before = table_point(table.deal)
    mine = len(table.deal.history)
    card = playable(table)[0]
    table.play_card(card)
    felt = table.felt.value
    shown = card_times(felt)
    assert shown[card_name(card, "en")] == 0  # the person's card at once
    plays = [play for play in table.bot_plays if play.index > mine]
    assert plays, "the bots answered"
    moments = [shown[card_name(play.choice.card, "en")] for play in plays]
    assert moments == sorted(moments) and len(set(moments)) == len(moments)
    assert moments[0] == pytest.approx(DELAY)
    # while the reply plays out the skip button shows, until the reply's end
    assert "ht-idle" not in table.skip_button._dom_classes
    end = timeline(table.deal, Replay(before, DELAY)).end
    assert f"{table._name} .ht-skip{{animation:" in felt and f" {end:.2f}s forwards" in felt
    # "Skip the animation": the same table at once
    table.skip_button.click()
    assert "--in" not in table.felt.value and "ht-idle" in table.skip_button._dom_classes


def test_timeline_holds_the_finished_trick_then_shows_the_next_lead() -> None:
    """Your card at once, each bot one delay later, the winner one delay after the last
    card, the next lead HOLD delays after that (when the finished trick goes)."""
    deal = Deal.new(Rules(), seed=5, deal_number=3)  # no pass
    while deal.to_play != 0:
        deal.play(deal.legal_moves()[0])
    before = table_point(deal)
    deal.play(deal.legal_moves()[0])
    while deal.to_play != 0:
        deal.play(deal.legal_moves()[0])
    plan = timeline(deal, Replay(before, DELAY))
    first = before[0]
    assert plan.appear[(first, before[1])] == 0
    finished = deal.tricks[first]
    last = max(t for (trick, _), t in plan.appear.items() if trick == first)
    assert plan.won[first] == pytest.approx(last + DELAY)
    if deal.current_trick.plays:  # the bots led the next trick
        assert plan.gathered[first] == pytest.approx(plan.won[first] + HOLD * DELAY)
        assert plan.appear[(first + 1, 0)] == plan.gathered[first]
        assert deal.current_trick.leader == finished.winner
    assert plan.end == max([*plan.appear.values(), *plan.won.values()])
    assert timeline(deal, Replay(before, 0)).end == 0 and not timeline(deal, None).appear


def test_the_speed_can_be_changed_and_is_offered_in_both_languages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(DELAY_SETTING, raising=False)
    table = HeartsTable(Rules(), seed=1)
    assert table.delay == 0.5 and table.pace_picker.value == 0.5
    table.pace_picker.value = 0.0
    assert table.delay == 0
    table.set_lang("fr")
    labels = [label for label, _ in table.pace_picker.options]
    assert "Immédiate" in labels and table.pace_picker.description == "Vitesse des robots"
    assert table.pace_picker.value == 0.0
    odd = HeartsTable(Rules(), seed=1, delay=1.5)
    assert odd.pace_picker.value == 1.5 and "1.5 s a card" in odd.pace_picker.options[-1][0]
    with pytest.raises(ValueError):
        HeartsTable(Rules(), delay=-1)
    # a server may set its visitors' speed (tests that do not look at it: none)
    for setting, delay in (("0", 0.0), ("1.2", 1.2), ("-3", 0.5), ("nan", 0.5), ("fast", 0.5)):
        monkeypatch.setenv(DELAY_SETTING, setting)
        assert HeartsTable(Rules(), seed=1).delay == delay


def test_a_server_caps_the_strong_bots_thinking(monkeypatch: pytest.MonkeyPatch) -> None:
    """``hearts-teach play --think`` reaches every Monte-Carlo bot of a new table, and
    the hint; other levels have no budget, and a bad setting leaves the bot's own."""
    monkeypatch.setenv(THINK_SETTING, "0.05")
    served = ServedSeating()
    table = HeartsTable(Rules(), seed=1, bot_level="montecarlo", delay=0, seating=served)
    strong = [bot for bot in table.session.bots if bot is not None]
    assert len(strong) == 3
    assert all(isinstance(bot, MonteCarloBot) and bot.time_limit == 0.05 for bot in strong)
    table.hint()
    assert (
        isinstance(table.session.hint_bot(), MonteCarloBot)
        and table.session.hint_bot().time_limit == 0.05
    )
    assert bot_budget("heuristic") == {} and bot_budget("random") == {}
    HeartsTable(Rules(), seed=1, bot_level="heuristic", delay=0, seating=served)  # no budget
    own = MonteCarloBot(0).time_limit
    for setting in ("0", "-1", "6", "nan", "inf", "quick"):
        monkeypatch.setenv(THINK_SETTING, setting)
        made = HeartsTable(Rules(), seed=1, bot_level="montecarlo", delay=0, seating=served)
        bots = made.session.bots
        assert [bot.time_limit for bot in bots if isinstance(bot, MonteCarloBot)] == [own] * 3
    monkeypatch.delenv(THINK_SETTING)
    assert bot_budget("montecarlo") == {}


# --- the trick the person's card went into, and its winner -----------------------------


@given(
    preset=st.sampled_from(list(Rules.PRESETS)),
    seed=st.integers(0, 500),
    delay=st.sampled_from([0.0, DELAY]),
)
@settings(max_examples=20, deadline=None)
def test_the_person_always_sees_the_trick_their_card_went_into(
    preset: str, seed: int, delay: float
) -> None:
    table = HeartsTable(Rules.preset(preset), seed=seed, bot_level="random", delay=delay)
    if table.deal.phase == "pass":
        passed(table)
    while not table.deal.is_over:
        card = playable(table)[0]
        number = table_point(table.deal)[0]
        table.play_card(card)
        felt = unescape(table.felt.value)
        name = card_name(card, "en")
        trick = [*table.deal.tricks, table.deal.current_trick][number]
        assert trick.winner is not None or number == len(table.deal.tricks)
        if trick.winner is None:
            continue
        # the finished trick is drawn, with all its cards and its winner marked: in the
        # middle while the reply plays out or until the next lead, else in the corner
        middle = card_times(felt)
        winner = next(c for p, c in trick.plays if p == trick.winner)
        if name in middle:
            assert all(card_name(c, "en") in middle for c in trick.cards)
            slot = re.search(
                rf'<div class="ht-slot[^>]*>(?:(?!</div></div>).)*aria-label="{card_name(winner, "en")}"(?:(?!</div></div>).)*',
                felt,
            )
            assert slot is not None and "ht-win" in slot.group(0)
        else:
            corner = corner_of(felt)
            assert delay == 0 and table.deal.current_trick.plays
            assert all(card_name(c, "en") in corner for c in trick.cards)
            assert corner.count("ht-marked") == 1


def test_a_finished_trick_stays_with_its_winner_until_the_next_lead() -> None:
    """When the person leads next, the trick they won stays in the middle with its
    winner; once they lead, it moves to the corner."""
    for seed in range(40):
        table = HeartsTable(Deal.new(Rules(), seed=seed, deal_number=3), seed=seed, delay=0)
        while not table.deal.is_over and not (
            table.deal.tricks and table.deal.tricks[-1].winner == 0
        ):
            table.play_card(playable(table)[-1])
        if table.deal.tricks and not table.deal.is_over:
            break
    else:
        pytest.fail("no deal where the person wins a trick")
    number = len(table.deal.tricks)
    felt = unescape(table.felt.value)
    middle = felt.split('class="ht-centre"')[1].split('class="ht-corner')[0]
    assert f"You win trick {number}" in middle and "ht-win" in middle
    table.play_card(playable(table)[0])
    felt = unescape(table.felt.value)
    corner = corner_of(felt)
    assert text("ui.trick.won_you", "en") in corner and "ht-marked" in corner


# --- focus -----------------------------------------------------------------------------


@pytest.fixture
def focused(monkeypatch: pytest.MonkeyPatch) -> list[ipywidgets.Widget]:
    """The widgets asked to take the keyboard's focus, in order."""
    asked: list[ipywidgets.Widget] = []
    send = ipywidgets.Widget.send

    def record(self: ipywidgets.Widget, content: object, buffers: object = None) -> None:
        if content == {"do": "focus"}:
            asked.append(self)
        send(self, content, buffers)

    monkeypatch.setattr(ipywidgets.Widget, "send", record)
    return asked


def test_after_a_card_the_keyboard_goes_to_a_safe_place(focused: list[ipywidgets.Widget]) -> None:
    """Never a card (a second Enter would play it): the note that says what happened,
    which is not a Tab stop and comes just before the hand, so Tab goes on to the cards."""
    table = HeartsTable(Rules(), seed=6, delay=0)
    passed(table)
    assert focused[-1] is table.note
    buttons = set(map(id, table.hand.buttons.values()))
    for _ in range(5):
        table.hand.buttons[playable(table)[0]].click()
        assert focused[-1] is table.note and id(focused[-1]) not in buttons
    assert table.note.tabbable is False
    main = table.hand.parent if hasattr(table.hand, "parent") else None
    assert main is None or main.children.index(table.note) < main.children.index(table.hand)
    assert "ht-note" in table.note._dom_classes
    # at the end of a deal, the keyboard goes on to the next deal
    while not table.deal.is_over:
        table.play_card(playable(table)[0])
    assert focused[-1] is table.next_deal_button


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_start_sends_the_keyboard_to_the_tables_safe_place(
    focused: list[ipywidgets.Widget], lang: str
) -> None:
    """The button pressed goes away with the start screen: the keyboard goes where it
    goes after a card (the note saying what to do, before the hand), never to a card
    (a second Enter would choose or play it) and not to the page's body."""
    playground = Playground(lang, seed=4, with_lessons=False, with_teachers=False)
    playground.start_button.click()
    table = playground.table
    assert table is not None and focused, "nothing was given the focus"
    assert focused[-1] is table.note
    assert all(focused[-1] is not button for button in table.hand.buttons.values())
    assert table.note.value == table.note_text() != ""  # what to do now: the pass
    # "New game" on the summary starts again the same way
    playground.start()
    assert focused[-1] is playground.table.note  # type: ignore[union-attr]


def test_a_game_started_on_a_deal_over_sends_the_keyboard_to_next_deal(
    focused: list[ipywidgets.Widget],
) -> None:
    """The same safe place as after a card: "Next deal" once the deal is over."""
    table = HeartsTable(Rules(), seed=6, delay=0)
    passed(table)
    while not table.deal.is_over:
        table.play_card(playable(table)[0])
    focused.clear()
    table.focus_safe_place()
    assert focused == [table.next_deal_button]


def test_the_note_says_what_happened_and_why_cards_are_greyed() -> None:
    table = HeartsTable(Deal.new(Rules(), seed=11, deal_number=3), seed=3, delay=DELAY)
    card = playable(table)[0]
    number = table_point(table.deal)[0] + 1
    table.play_card(card)
    note = table.note.value
    assert f"Trick {number}" in note and f"you {card}" in note
    refused = [
        table.deal.explain(c).text("en")
        for c in table.deal.hand(0)
        if table.deal.to_play == 0 and not table.deal.explain(c).legal
    ]
    # one sentence for all the greyed cards, not a reason each
    assert not any(reason in note for reason in refused)
    assert (text("table.note.greyed", "en") in note) == bool(refused)
    table.set_lang("fr")
    assert f"Pli {number}" in table.note.value and "vous " in table.note.value


# --- the pass ---------------------------------------------------------------------------


def test_the_pass_shows_where_the_cards_go_and_what_came_back() -> None:
    table = HeartsTable(Rules(), seed=2, delay=0)
    felt = unescape(table.felt.value)
    assert "Your 3 cards go to West" in felt and "←" in felt
    west = re.search(r'<section class="ht-seat ht-west".*?</section>', felt)
    assert west is not None and "gets your cards" in west.group(0).lower()
    assert "You → West" in felt and "East → you" in felt
    assert table.note.value == "Your 3 cards go to West."
    first = table.hand.cards[0]
    table.hand.buttons[first].click()
    assert card_name(first, "en") in unescape(table.felt.value)
    assert table.note.value == f"Your 3 cards go to West: {first}."
    table.hand.buttons[first].click()
    given = list(table.hand.cards[:3])
    passed(table)
    received = table.deal.received(0)
    corner = corner_of(unescape(table.felt.value))
    assert "You → West" in corner and "East → you" in corner
    gave_part, came_part = corner.split("East → you")
    assert all(card_name(c, "en") in gave_part for c in given)
    assert all(card_name(c, "en") in came_part for c in received)
    assert "gets your cards" not in unescape(table.felt.value).lower()
    table.set_lang("fr")
    corner = corner_of(unescape(table.felt.value))
    assert "Vous → Ouest" in corner and "Est → vous" in corner


# --- a stable table ---------------------------------------------------------------------


def test_seats_keep_their_lines_and_say_no_sentence() -> None:
    """Each seat draws the same lines every turn (one per fact); the bots' sentences are
    in their log (and their cards' tooltips), never in a seat, where they pushed the
    hand around."""
    for delay in (0.0, DELAY):
        table = HeartsTable(Rules(), seed=9, delay=delay)
        passed(table)
        while not table.deal.is_over:
            felt = table.felt.value
            assert "ht-said" not in felt
            for area, seat in re.findall(r'<section class="ht-seat ht-(\w+)"(.*?)</section>', felt):
                assert seat.count('class="ht-name"') == 1
                assert seat.count("ht-hand-line") == (area != "south")
                assert seat.count("ht-score-line") == 1
                if delay == 0:  # one line per fact: the count, the points, the tricks
                    assert seat.count('class="ht-meta"') == (2 if area == "south" else 3)
            table.play_card(playable(table)[0])
    log = unescape(table.bot_log.value)
    assert "Trick 1" in log and "Trick 13" in log and log.index("Trick 1") < log.index("Trick 13")


# --- language ---------------------------------------------------------------------------


def test_the_language_switch_shows_the_language_in_use_and_the_page_follows() -> None:
    table = HeartsTable(Rules(), seed=3, delay=0)
    switch = table.language_picker
    assert isinstance(switch, ipywidgets.RadioButtons)  # the one in use is checked
    assert switch.value == "en" and [label for label, _ in switch.options] == [
        "English",
        "Français",
    ]
    switch.value = "fr"
    assert table.lang == "fr"
    for picture in (table.status, table.badges, table.felt, table.score_sheet, table.bot_log):
        languages = set(re.findall(r'\blang="(\w+)"', picture.value))
        assert languages == {"fr"}, picture.value[:200]
    assert 'data-lang="fr"' in table.status.value
    assert f'data-title="{text("ui.title", "fr")}"' in unescape(table.status.value)
    assert page_marker("en") in HeartsTable(Rules(), delay=0).status.value


# --- messages, the score sheet, the style sheet -----------------------------------------


def test_a_load_error_does_not_stand_next_to_an_older_message() -> None:
    table = HeartsTable(Deal.new(Rules(), seed=4, deal_number=3), seed=3, delay=0)
    table.play_card(playable(table)[0])
    table.undo()
    assert "back in your hand" in table.message
    assert not table.load_code(share_code(table.deal)[:-4] + "!!!!")
    assert table.message == "" and "ht-error" in table.share_message.value
    table.play_card(playable(table)[0])
    assert "ht-error" not in table.share_message.value


def test_the_score_sheet_marks_the_best_total() -> None:
    table = HeartsTable(Rules(target=40), seed=2, bot_level="random", delay=0)
    while not table.game.results:
        if table.deal.phase == "pass":
            passed(table)
        else:
            table.play_card(playable(table)[0])
    totals = table.game.results[-1].totals
    sheet = table.score_sheet.value
    marked = re.findall(r"<td class='ht-lead' title='[^']*'>(-?\d+)", sheet)
    if len(set(totals)) > 1:
        assert marked and all(int(total) == min(totals) for total in marked)
        assert "best total so far" in sheet


def test_button_icons_say_nothing_and_labels_are_never_cut() -> None:
    from hearts_teach_widgets.style import CSS

    for icon in ("lightbulb-o", "undo", "refresh", "exchange", "forward", "upload", "play"):
        assert re.search(rf'\.fa-{icon}::before\{{content:"\\f[0-9a-f]{{3}}" / ""\}}', CSS)
    assert "text-overflow:clip" in CSS
    assert "prefers-reduced-motion" in CSS


@pytest.mark.parametrize(
    ("preset", "areas", "left", "arrow"),
    [
        ("five-player", ["south", "west", "nw", "ne", "east"], "West", "←"),
        ("six-player", ["south", "sw", "nw", "north", "ne", "se"], "South-West", "↙"),
    ],
)
def test_five_and_six_seats_take_their_places_and_the_pass_goes_left_then_right(
    preset: str, areas: list[str], left: str, arrow: str
) -> None:
    table = HeartsTable(Rules.preset(preset), seed=2, delay=0)
    felt = unescape(table.felt.value)
    assert re.findall(r'<section class="ht-seat ht-(\w+)"', felt) == areas
    assert f"Your 3 cards go to {left}" in felt and arrow in felt
    assert f"to the left ({left})" in table.status_text()
    passed(table)
    while not table.deal.is_over:
        table.play_card(playable(table)[0])
    table.next_deal()
    assert table.deal.pass_direction == "right"
    right = table.rules.pass_receiver(0, "right")
    assert right == table.rules.players - 1
    assert "to the right" in table.status_text()


def test_the_bots_level_and_speed_are_traits_that_refuse_what_the_table_does_not_offer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Set the trait, the picker follows (and the bots change); pick in the picker, the
    trait follows; a value not offered is refused and changes nothing."""
    monkeypatch.delenv(THINK_SETTING, raising=False)
    table = HeartsTable(Rules(), seed=1, delay=0)
    seen: list[tuple[str, object]] = []
    table.observe(
        lambda change: seen.append((change["name"], change["new"])), ["bot_level", "delay"]
    )
    table.bot_level = "montecarlo"
    assert table.bot_picker.value == "montecarlo"
    assert all(isinstance(bot, MonteCarloBot) for bot in table.session.bots if bot is not None)
    table.bot_picker.value = "random"
    assert table.bot_level == "random"
    table.pace_picker.value = 0.9
    assert table.delay == 0.9
    table.delay = 0.25
    assert table.pace_picker.value == 0.25
    assert seen == [
        ("bot_level", "montecarlo"),
        ("bot_level", "random"),
        ("delay", 0.9),
        ("delay", 0.25),
    ]
    for name, bad in (("bot_level", "godmode"), ("delay", -1.0), ("delay", float("nan"))):
        with pytest.raises(traitlets.TraitError):
            setattr(table, name, bad)
        with pytest.raises(ValueError):
            setattr(table, name, bad)
    assert (table.bot_level, table.delay, table.bot_picker.value) == ("random", 0.25, "random")
    assert len(seen) == 4
    # a parent may tie them to its own traits, as the page does its language
    other = HeartsTable(Rules(), seed=2, delay=0)
    traitlets.link((table, "bot_level"), (other, "bot_level"))
    table.bot_level = "heuristic"
    assert other.bot_level == "heuristic" and other.bot_picker.value == "heuristic"


def test_a_redraw_sends_each_widgets_changes_in_one_message_the_hand_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A card played changes a card button's label, tooltip, state and classes: the page
    receives one message for it, not four; the cards' messages before the hand's (once
    the page shows the hand without the card played, its other cards are in their new
    state: a quick click never lands on a card about to be refused), and the hand's
    before the felt's (once the page shows the new felt, the hand it holds is new too)."""
    table = HeartsTable(Rules(), seed=4, delay=0)
    table.choose_pass(table.deal.hand(0)[:3])
    assert table.confirm_pass()
    sent: list[tuple[str, tuple[str, ...]]] = []

    def record(widget: ipywidgets.Widget, msg: dict[str, object], buffers: object = None) -> None:
        if msg.get("method") == "update":
            state = msg["state"]
            assert isinstance(state, dict)
            sent.append((widget.model_id, tuple(sorted(state))))

    monkeypatch.setattr(ipywidgets.Widget, "_send", record)
    assert table.play_card(playable(table)[0])
    senders = [model for model, _keys in sent]
    assert len(senders) == len(set(senders))  # one message a widget
    cards = {button.model_id for button in table.hand.buttons.values()}
    assert any(len(keys) > 1 for model, keys in sent if model in cards)  # merged changes
    hand = senders.index(table.hand.model_id)
    assert hand > max(i for i, model in enumerate(senders) if model in cards)
    assert senders.index(table.felt.model_id) > hand


def test_back_at_the_rules_the_keyboard_goes_to_the_game_under_way(
    focused: list[ipywidgets.Widget],
) -> None:
    """ "Change the rules" during a game: Enter on the focused button must not replace the
    game, so the keyboard goes to "Resume the game", and to "Start" when none is under way."""
    playground = Playground("fr", seed=4, with_lessons=False, with_teachers=False)
    table = playground.start()
    passed(table)
    playground.show_start()
    assert focused[-1] is playground.resume_button
    fresh = Playground("fr", seed=4, with_lessons=False, with_teachers=False)
    fresh.show_start()
    assert focused[-1] is fresh.start_button


def test_a_click_arriving_after_its_button_left_does_nothing() -> None:
    """The second click of a double-click reaches the kernel after the first has done its
    work: on "Start" once the table is shown, on a card once it was played. It starts no
    other game, plays nothing and says nothing."""
    playground = Playground("en", seed=5, with_lessons=False, with_teachers=False)
    playground.start_button.click()
    table = playground.table
    assert table is not None and table.seed == 5
    playground.start_button.click()
    assert playground.table is table and table.seed == 5 and playground.screen == "table"
    passed(table)
    card = playable(table)[0]
    button = table.hand.buttons[card]
    button.click()
    state = table.deal.state_key()
    button.click()
    assert table.deal.state_key() == state and table.message == ""


def test_the_pass_lists_its_cards_in_the_hands_order() -> None:
    table = HeartsTable(Rules(), seed=7, delay=0)
    hand = table.deal.hand(0)
    chosen = [hand[5], hand[0], hand[9]]
    for card in chosen:
        table.hand.buttons[card].click()
    assert sorted_for_display(chosen) != chosen  # (clicked out of the hand's order)
    assert card_symbols(sorted_for_display(chosen), "en") in table.note_text()
    assert table.confirm_pass()
    said = table.message
    assert card_symbols(sorted_for_display(chosen), "en") in said
    assert card_symbols(sorted_for_display(table.deal.received(0)), "en") in said


def test_during_the_bots_reply_the_status_waits_with_the_note() -> None:
    """While the bots' cards come one after another, "your turn" would tell too soon."""
    table = HeartsTable(Rules(), seed=6, delay=DELAY)
    passed(table)
    table.play_card(playable(table)[0])
    style = re.search(r"<style>(.*?)</style>", table.felt.value)
    assert style is not None and ".ht-status" in style.group(1) and ".ht-note" in style.group(1)


def test_a_delay_the_picker_does_not_offer_becomes_one_of_its_choices() -> None:
    table = HeartsTable(Rules(), seed=3, delay=0)
    table.delay = 1.7
    assert table.pace_picker.value == 1.7 and table.delay == 1.7
    assert 1.7 in [value for _label, value in table.pace_picker.options]
    table.pace_picker.value = 0.0  # and the picker still sets the table's delay
    assert table.delay == 0.0


def test_a_hint_leads_with_its_advice_and_keeps_its_figures_behind_details() -> None:
    table = HeartsTable(Deal.new(Rules(), seed=11, deal_number=3), seed=3, delay=0)
    table.play_card(playable(table)[0])
    table.hint()
    details = table.session.details
    assert details is not None  # the strong bot's figures
    figures = details.text("fr")
    table.set_lang("fr")
    assert figures not in table.message and "±" not in table.message
    box = unescape(table.message_box.value)
    assert box.index(table.message) < box.index("<details") < box.index(figures)
    assert "<summary>Détails</summary>" in box
    table.play_card(table.session.hinted[0])
    assert table.session.details is None or "<details" not in table.message_box.value
