"""The lesson widgets, driven by their buttons (no browser)."""

from __future__ import annotations

from hearts_teach import Card
from widgets.lessons import GuidedDeal, LessonsTab, lessons_panel


def _click_right_answers(guided: GuidedDeal) -> None:
    while guided.run.asking:
        step = guided.run.step
        assert step is not None
        card = guided.run.answers(step)[0] if step.answers else guided.run.deal.legal_moves()[0]
        guided.hand.buttons[card].click()


def test_guided_deal_plays_a_lesson_by_clicks() -> None:
    guided = GuidedDeal("omnibus-jack", "en")
    assert "jack of diamonds" in guided.narration.value
    assert not guided.hint_button.disabled and guided.continue_button.disabled
    _click_right_answers(guided)
    assert guided.run.finished
    assert "End of the lesson" in guided.result.value
    assert "Omnibus Hearts" in guided.result.value  # the comparison table
    assert guided.hand.children == ()  # every card has been played


def test_wrong_card_is_explained_then_the_lesson_continues() -> None:
    guided = GuidedDeal("omnibus-jack", "fr")
    _asked = guided.run.step
    three = Card.parse("3♦")
    guided.hand.buttons[three].click()  # legal, but the jack goes to someone else
    assert guided.last_feedback is not None and guided.last_feedback.verdict == "wrong"
    assert "Le trois passe dessous" in guided.feedback.value
    assert "Essayez une autre carte" in guided.feedback.value
    assert not guided.continue_button.disabled
    guided.hint_button.click()
    assert "Indice" in guided.feedback.value
    guided.continue_button.click()
    assert guided.last_feedback is not None and guided.last_feedback.card == Card.parse("Q♦")
    assert guided.run.step is not _asked


def test_illegal_cards_are_disabled_with_the_engine_reason() -> None:
    guided = GuidedDeal("standard-first-trick", "en")
    queen = guided.hand.buttons[Card.parse("Q♠")]
    assert queen.disabled
    assert "first trick" in queen.tooltip
    assert guided.choose("Q♠").verdict == "illegal"


def test_language_switch_keeps_the_lesson() -> None:
    guided = GuidedDeal("spot-shedding", "en")
    guided.hand.buttons[Card.parse("A♥")].click()
    events = len(guided.log)
    guided.set_lang("fr")
    assert len(guided.log) == events
    assert "Quatorze points" in guided.feedback.value
    assert guided.hint_button.description == "Indice"
    guided.restart_button.click()
    assert guided.last_feedback is None and guided.run.mistakes == 0


def test_lessons_tab_lists_every_lesson_by_variant() -> None:
    tab = lessons_panel(lang="fr", playground=None)
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
