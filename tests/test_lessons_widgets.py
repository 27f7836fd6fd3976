"""The lesson widgets, driven by their buttons (no browser)."""

from __future__ import annotations

import itertools
import re

from hearts_teach_widgets.lessons import DONE_CLASS, GuidedDeal, LessonsTab

from hearts_teach import Card
from hearts_teach.i18n import card_name, text
from hearts_teach.teaching.lessons import get_lesson, lesson_from_dict
from hearts_teach.teaching.lessons.claims import hearts_state


def _click_through(guided: GuidedDeal) -> list[Card]:
    """Click a card the lesson accepts at every turn of the learner; return them."""
    clicked: list[Card] = []
    while guided.run.asking:
        card = guided.run.choices()[-1]
        guided.hand.buttons[card].click()
        clicked.append(card)
    return clicked


def _own_plays(guided: GuidedDeal) -> list[Card]:
    learner = guided.lesson.learner
    return [card for player, card in guided.run.deal.plays if player == learner]


def test_guided_deal_plays_a_lesson_by_clicks() -> None:
    guided = GuidedDeal("omnibus-jack", "en")
    assert "jack of diamonds" in guided.narration.value
    assert not guided.hint_button.disabled and guided.continue_button.disabled
    assert DONE_CLASS not in guided._dom_classes
    clicked = _click_through(guided)
    assert guided.run.finished
    assert "<h4>End of the lesson.</h4>" in guided.result.value
    assert "Omnibus Hearts" in guided.result.value  # the comparison table
    assert guided.hand.children == ()  # every card has been played
    # every card of the learner was clicked, none played for them
    assert _own_plays(guided) == clicked and len(clicked) == 13
    assert DONE_CLASS in guided._dom_classes
    guided.restart_button.click()
    assert DONE_CLASS not in guided._dom_classes and guided.result.value == ""


def test_the_learner_plays_every_card_in_every_lesson() -> None:
    """No card of the learner is played without a click, except by "continue" after a
    wrong card at a key decision (one card for each time it is pressed)."""
    for lesson in ("standard-first-trick", "black-maria-three", "new-moon-below-zero"):
        guided = GuidedDeal(lesson, "en")
        clicked: list[Card] = []
        continued: list[Card] = []
        while guided.run.asking:
            before = len(_own_plays(guided))
            if guided.run.question == "key":
                legal = guided.run.deal.legal_moves()
                wrong = [c for c in legal if c not in guided.run.choices()]
                if wrong:
                    guided.hand.buttons[wrong[0]].click()
                    assert len(_own_plays(guided)) == before  # a wrong card is not played
                    guided.continue_button.click()
                    assert guided.last_feedback is not None
                    continued.append(guided.last_feedback.card)
                    assert len(_own_plays(guided)) == before + 1
                    continue
            card = guided.run.choices()[0]
            guided.hand.buttons[card].click()
            clicked.append(card)
            assert len(_own_plays(guided)) == before + 1
        assert guided.run.finished
        own = _own_plays(guided)
        assert sorted(own, key=lambda c: c.index) == sorted(
            clicked + continued, key=lambda c: c.index
        )
        assert len(own) == guided.lesson.rules.hand_size


def test_wrong_card_is_explained_then_the_lesson_continues() -> None:
    guided = GuidedDeal("omnibus-jack", "fr")
    while guided.run.question == "free":
        guided.hand.buttons[guided.run.choices()[0]].click()
    # the first key decision: the ace of diamonds on East's king
    three = Card.parse("3♦")
    guided.hand.buttons[three].click()
    assert guided.last_feedback is not None and guided.last_feedback.verdict == "wrong"
    assert "le roi de carreau l’emporterait" in guided.feedback.value
    assert "Essayez une autre carte" in guided.feedback.value
    assert not guided.continue_button.disabled
    guided.hint_button.click()
    assert "Conseil" in guided.feedback.value
    assert "fa-lightbulb-o" in guided.feedback.value and "💡" not in guided.feedback.value
    guided.continue_button.click()
    feedback = guided.last_feedback
    assert feedback is not None and feedback.card == Card.parse("A♦")
    assert feedback.verdict == "continued"
    assert "Jouée pour vous" in guided.feedback.value and "Juste" not in guided.feedback.value
    assert guided.continue_button.disabled
    # no stale feedback once the learner plays on
    _click_through(guided)
    assert "Jouée pour vous" not in guided.feedback.value
    assert "Décisions clés trouvées du premier coup\u202f: 2 sur 3." in guided.result.value


def test_illegal_cards_are_greyed_and_say_why_when_tried() -> None:
    guided = GuidedDeal("standard-first-trick", "en")
    queen = guided.hand.buttons[Card.parse("Q♠")]
    assert "ht-refused" in queen._dom_classes and queen.tabbable is False
    assert Card.parse("Q♠") not in guided.hand.playable
    assert "first trick" in queen.tooltip
    before = guided.run.deal.state_key()
    queen.click()
    assert guided.last_feedback is not None and guided.last_feedback.verdict == "illegal"
    assert guided.run.deal.state_key() == before
    assert "first trick" in guided.refusal_box.value
    assert "first trick" not in guided.feedback.value  # said once, beside the hand


def test_language_switch_keeps_the_lesson() -> None:
    guided = GuidedDeal("spot-shedding", "en")
    guided.hand.buttons[Card.parse("3♣")].click()  # a free choice
    guided.hand.buttons[Card.parse("A♥")].click()
    events = len(guided.log)
    guided.set_lang("fr")
    assert len(guided.log) == events
    assert "Quatorze points" in guided.feedback.value
    assert guided.hint_button.description == "Conseil"
    guided.restart_button.click()
    assert guided.last_feedback is None and guided.run.mistakes == 0


def test_narration_keeps_its_order_and_shows_the_newest_lines() -> None:
    guided = GuidedDeal("standard-first-trick", "en")
    _click_through(guided)
    html = guided.narration.value
    assert "flex-direction:column-reverse" in html and "overflow-y:auto" in html
    first = html.index("West holds the two of clubs")
    assert first < html.index("North plays the ace of clubs") < html.index("East has no spade")


def test_mixed_moon_lesson_shows_the_totals_before_the_deal() -> None:
    for lang, words in (("en", "Totals before this deal"), ("fr", "Totaux avant cette donne")):
        guided = GuidedDeal("mixed-moon-three-rules", lang)
        opening = [(1, Card.parse("2♣")), (2, Card.parse("9♣")), (3, Card.parse("7♣"))]
        assert guided.run.deal.plays == opening  # the learner's card is next
        shown = guided.totals.value
        assert words in shown
        for total in ("90", "95", "63", "70", "100"):
            assert total in shown
        children = list(guided.children)
        assert children.index(guided.totals) < children.index(guided.main)
        assert guided.hand in guided.main.children
    assert GuidedDeal("spot-shedding", "en").totals.value == ""


def test_hearts_line_uses_the_tables_words_for_the_rules_in_force() -> None:
    guided = GuidedDeal("black-maria-three", "en")
    state = hearts_state(guided.run.deal)
    assert text(f"ui.hearts.{state}", "en") in guided.status.value
    assert "Hearts are broken" not in guided.status.value  # no card has been played
    lesson = get_lesson("black-maria-three")
    free_rules = {"preset": "black-maria-3", "options": {"must_break_hearts": False}}
    free = lesson_from_dict(
        {
            "id": "free",
            "chapter": lesson.chapter,
            "title": lesson.title,
            "intro": lesson.intro,
            "rules": free_rules,
            "deal": {
                "hands": [" ".join(map(str, hand)) for hand in lesson.hands],
                "pass": {
                    "direction": "right",
                    "cards": [" ".join(map(str, cards)) for cards in lesson.passing.cards],
                }
                if lesson.passing
                else None,
            },
            "steps": [],
        }
    )
    shown = GuidedDeal(free, "fr").status.value
    assert "Les cœurs peuvent être entamés à tout moment" in shown


def test_a_single_variant_shows_the_score_not_a_comparison() -> None:
    guided = GuidedDeal("black-maria-three", "en")
    _click_through(guided)
    assert guided.run.finished
    assert "The same deal under every variant" not in guided.result.value
    assert "Score of the deal" in guided.result.value


def test_lessons_tab_lists_every_lesson_by_variant() -> None:
    tab = LessonsTab(lang="fr", playground=None)
    assert isinstance(tab, LessonsTab)
    assert len(tab.open_buttons) == len(tab.lessons) >= 11
    assert "Omnibus" in tab.chapter_labels["omnibus"].value
    tab.open_buttons["two-player-trumps"].click()
    assert tab.current is not None and tab.current.lang == "fr"
    assert "Couper à cœur" in tab.current.heading.value
    tab.set_lang("en")
    assert "Trumping with hearts" in tab.current.heading.value
    assert tab.back_button.description == "Back to the list"
    tab.back_button.click()
    assert tab.current is None


class _Playground:
    def __init__(self) -> None:
        self.opened: list[object] = []

    def open_deal(self, deal: object) -> None:
        self.opened.append(deal)


def test_lesson_deal_opens_at_the_playground_table() -> None:
    playground = _Playground()
    tab = LessonsTab("en", playground)
    tab.open_buttons["standard-first-trick"].click()
    assert tab.table_button in tab.lesson_toolbar.children
    tab.table_button.click()
    (deal,) = playground.opened
    assert deal.legal_moves() == [Card.parse("2♣")]  # type: ignore[attr-defined]


def test_the_shooters_choice_lesson_waits_for_the_learners_choice_by_its_buttons() -> None:
    for choice, said in (("subtract", "you are at 64"), ("add", "won it with 76")):
        guided = GuidedDeal("shooters-choice-totals", "en")
        assert all(b.layout.display == "none" for b in guided.moon_buttons.values())
        clicked = _click_through(guided)
        assert len(clicked) == 13 and not guided.run.finished and guided.run.moon_to_choose
        assert "choose how it scores" in guided.hand_label.value
        assert "Your hand — you shot the moon" in guided.hand_label.value  # no capital
        shown = guided.moon_box.value
        assert ">106 <" in shown and ">64 <" in shown  # both outcomes, by the engine
        assert guided.moon_buttons[choice].layout.display is None
        guided.moon_buttons[choice].click()
        assert guided.run.finished and guided.run.deal.moon_choice == choice
        assert said in guided.result.value
        assert guided.moon_box.value == ""
        guided.set_lang("fr")
        assert "grand chelem" in guided.narration.value


def test_the_five_player_lesson_opens_with_the_three_of_clubs() -> None:
    guided = GuidedDeal("five-players-first-trick", "fr")
    assert guided.run.deal.plays == [(4, Card.parse("3♣"))]
    assert guided.run.question == "key" and guided.run.choices() == [Card.parse("A♣")]
    clicked = _click_through(guided)
    assert len(clicked) == 10 and guided.run.finished
    assert "Sud-Est" not in guided.narration.value  # five seats: no South-East
    assert "Nord-Ouest" in guided.narration.value


# --- at the table ---------------------------------------------------------------------


def _hidden_cards(guided: GuidedDeal) -> set[Card]:
    """The cards the learner may not see: those still in the other hands, but for those
    the learner passed to another."""
    deal = guided.run.deal
    learner = guided.lesson.learner
    given = set(deal.passes()[learner] or ()) if deal.pass_direction is not None else set()
    others = range(deal.rules.players)
    return {c for p in others if p != learner for c in deal.hand(p)} - given


def _labels(guided: GuidedDeal) -> str:
    """Every label the lesson gives the page: its pictures' names and tips (aria-label,
    title) and its controls' names and tips (the prose of the lesson is not a label: it
    names the queen of spades to say what she costs)."""
    parts: list[str] = []

    def walk(widget: object) -> None:
        for name in ("description", "tooltip"):
            value = getattr(widget, name, None)
            if isinstance(value, str):
                parts.append(value)
        value = getattr(widget, "value", None)
        if isinstance(value, str):
            parts.extend(re.findall(r'(?:aria-label|title)="([^"]*)"', value))
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(guided)
    return "\n".join(parts)


def test_a_lesson_is_played_at_the_tables_felt_with_the_bots_paced() -> None:
    guided = GuidedDeal("standard-first-trick", "en", delay=0.5)
    felt = guided.felt.value
    assert 'class="ht-felt ht-live ht-p4' in felt  # the playground's own felt
    assert felt.count('class="ht-seat') == 4 and "ht-back" in felt
    assert "ht-main" in guided.main._dom_classes
    assert guided.main.children.index(guided.felt) < guided.main.children.index(guided.hand)
    # the narration is below, in a log closed until opened
    assert guided.log_box.selected_index is None
    assert guided.log_box.children == (guided.narration,)
    card = guided.run.choices()[0]
    guided.hand.buttons[card].click()
    felt = guided.felt.value
    # the learner's card at once, each bot's card one delay after the one before
    times = sorted(float(t) for t in re.findall(r"--in:([0-9.]+)s", felt))
    assert times and times[0] == 0.5
    steps = {round(b - a, 2) for a, b in itertools.pairwise(times)}
    assert steps <= {0.0, 0.5, 1.25}  # one card a delay; the next lead as the trick goes
    # the skip button shows while the reply plays, and the line above the hand waits
    assert "ht-idle" not in guided.skip_button._dom_classes
    assert ".ht-note" in felt and "ht-skip" in felt
    guided.skip()
    assert "--in:" not in guided.felt.value and "ht-idle" in guided.skip_button._dom_classes


def test_a_finished_trick_stays_in_the_middle_with_its_winner() -> None:
    guided = GuidedDeal("standard-first-trick", "en", delay=0)
    while guided.run.asking and guided.run.deal.trick_number == 0:
        guided.hand.buttons[guided.run.choices()[0]].click()
    deal = guided.run.deal
    first = deal.tricks[0]
    assert first.winner is not None
    felt = guided.felt.value
    if not deal.current_trick.plays:  # the learner leads: the trick won is still there
        assert "Trick 1 won by" in felt or "You won trick 1" in felt
        assert "ht-win" in felt
    else:  # a bot led: the trick is gathered to the corner, its winner marked there
        assert "ht-marked" in felt


def test_the_pace_is_chosen_at_the_lesson_and_follows_the_language() -> None:
    guided = GuidedDeal("spot-shedding", "en", delay=0.5)
    assert guided.pace_picker.value == 0.5
    guided.pace_picker.value = 0.0
    assert guided.delay == 0.0
    guided.hand.buttons[guided.run.choices()[0]].click()
    assert "--in:" not in guided.felt.value  # at once
    guided.set_lang("fr")
    assert guided.pace_picker.description == text("ui.pace.label", "fr")
    assert text("ui.pace.instant", "fr") in [label for label, _ in guided.pace_picker.options]


def test_the_lesson_says_its_words_and_the_bots_reasons_under_the_felt() -> None:
    guided = GuidedDeal("standard-first-trick", "en", delay=0)
    assert "West holds the two of clubs" in guided.says.value
    _click_through(guided)
    # bots chose cards after the script: their reasons are shown, not only in the log
    bot_events = [e for e in guided.run.events if e.choice is not None]
    assert bot_events
    guided = GuidedDeal("standard-first-trick", "en", delay=0)
    while guided.run.asking and not guided.reasons.value:
        guided.hand.buttons[guided.run.choices()[0]].click()
    assert 'class="ht-reasons"' in guided.reasons.value
    assert text("table.reasons.title", "en") in guided.reasons.value


def test_no_text_of_a_lesson_names_a_card_the_learner_may_not_see() -> None:
    for lesson in ("standard-first-trick", "black-maria-three", "two-player-trumps"):
        for lang in ("en", "fr"):
            guided = GuidedDeal(lesson, lang, delay=0.5)
            while True:
                said = _labels(guided).lower()
                for card in _hidden_cards(guided):
                    name = card_name(card, lang).lower()
                    assert f"{name}" not in said, (lesson, lang, card)
                if not guided.run.asking:
                    break
                guided.hand.buttons[guided.run.choices()[0]].click()


def test_a_lesson_without_a_decision_says_it_shows_the_scoring() -> None:
    """A hand that takes every trick whatever the learner plays (the engine's claim,
    checked at the learner's first card) has nothing to decide: its intro says so, in
    both languages; every other lesson asks at least one question or has a card that
    changes the score, or the shooter's choice to make."""
    from hearts_teach.teaching.lessons import load_lessons
    from hearts_teach.teaching.lessons.claims import _takes_every_trick

    plain = {"en": "asks you no question", "fr": "ne vous demande aucun choix"}
    for lesson in load_lessons():
        guided = GuidedDeal(lesson, "en")
        deal = guided.run.deal
        keys = [step for step in lesson.steps if step.is_key]
        # under the shooter's choice, the choice is the learner's decision
        chooses = lesson.rules.moon == "choice"
        forced = not keys and not chooses and _takes_every_trick(deal, lesson.learner) is None
        for lang, words in plain.items():
            assert (words in lesson.intro[lang]) == forced, (lesson.id, lang)
    assert _takes_every_trick(GuidedDeal("standard-first-trick").run.deal, 0) is not None


# --- the table: the strong bots say they are thinking -----------------------------------


def test_the_table_says_the_strong_bots_are_thinking_while_they_search() -> None:
    from hearts_teach_widgets.table import HeartsTable

    from hearts_teach import Deal, Rules

    deal = Deal.new(Rules(), seed=3, deal_number=3)  # no pass; the person leads 2♣
    table = HeartsTable(deal, lang="fr", bot_level="montecarlo", delay=0, think_ahead=False)
    seen: list[str] = []
    for bot in table.session.bots:
        if bot is None:
            continue

        def watched(view: object, play: object = bot.play) -> object:
            seen.append(table.thinking.value)  # what the page shows while the bot searches
            return play(view)  # type: ignore[operator]

        bot.play = watched  # type: ignore[method-assign]
    table.play_card(table.hand.playable[0])
    assert seen and all("Les robots réfléchissent" in shown for shown in seen)
    assert all('role="status"' in shown and 'aria-live="polite"' in shown for shown in seen)
    assert table.thinking.value == ""  # cleared once they have played
    # their reasons are by the hand, not only in the log beside the table
    assert text("table.reasons.title", "fr") in table.reasons.value
    assert table.reasons.value.count('<li class="ht-reason') >= len(seen)
    quick = HeartsTable(deal, lang="en", bot_level="heuristic", delay=0, think_ahead=False)
    quick.play_card(quick.hand.playable[0])
    assert quick.thinking.value == "" and not quick.searches
