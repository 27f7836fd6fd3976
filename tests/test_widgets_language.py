"""Each widget keeps its language in a ``lang`` trait: a change relabels it in place, a
parent's language reaches its children through traitlets links, and an unknown language
is refused by the trait itself, changing nothing."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from html import unescape
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest
import traitlets
from hearts_teach_widgets import HeartsTable, RulesPicker
from hearts_teach_widgets.lessons import GuidedDeal, LessonsTab, load_lessons
from hearts_teach_widgets.playground import Playground
from hearts_teach_widgets.review import ReviewPanel, ReviewTab
from hearts_teach_widgets.teacher import (
    ScoringDeskWidget,
    SimulationWidget,
    TeacherTools,
    VariantCompare,
    WhatIfWidget,
)
from hearts_teach_widgets.texts import LanguageError, Localized

from hearts_teach import Deal, Rules
from hearts_teach.bots import make_bot
from hearts_teach.i18n import text

ROOT = Path(__file__).resolve().parents[1]


def played_deal(seed: int = 4) -> Deal:
    """A finished deal, the bots playing every seat."""
    deal = Deal.new(Rules(), seed=seed, deal_number=3)  # the fourth deal: no pass
    bots = [make_bot("heuristic", seed=f"{seed}:{p}") for p in range(4)]
    while not deal.is_over:
        deal.play(bots[deal.to_play].play(deal.view(deal.to_play)).card)
    return deal


def reviewed(panel: ReviewPanel) -> ReviewPanel:
    panel.run(played_deal())
    return panel


def descendants(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """The widget and every widget inside it."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from descendants(child)


def shown(widget: widgets.Widget) -> dict[str, dict[str, Any]]:
    """What the page holds of the widget and of every widget inside it."""
    return {child.model_id: child.get_state() for child in descendants(widget)}


def test_the_page_language_relabels_every_screen_in_place_and_keeps_what_each_holds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("HEARTS_SERVED", raising=False)
    playground = Playground("en")
    picker = playground.rules_picker
    picker.set_option("players", 5)
    table = playground.start()
    table.toggle_pass(table.hand.cards[0])  # one card chosen for the pass, not confirmed
    table.load_code_text.value = "half a code"
    state, picked, buttons = table.deal.state_key(), table.picked, dict(table.hand.buttons)
    lessons = playground.open_lessons()
    assert isinstance(lessons, LessonsTab)
    guided = lessons.open_lesson(lessons.lessons[0].id)
    guided.show_hint()
    tools = playground.open_teachers()
    assert tools is not None
    tools.desk.typed.value = "QS"
    tools.desk.select(2)
    tools.simulation.variants.value = ("standard", "omnibus")
    tools.tabs.selected_index = 2
    playground_tab = playground.tabs.selected_index if playground.tabs else None

    playground.lang = "fr"

    # every screen speaks French, the same widgets relabelled
    assert (table.lang, picker.lang, lessons.lang, guided.lang, tools.lang) == ("fr",) * 5
    assert playground.table is table and playground.rules_picker is picker
    assert playground.lessons is lessons and lessons.current is guided
    assert playground.teachers is tools and table.hand.buttons == buttons
    assert table.language_picker.value == "fr"
    assert text("ui.pass.confirm", "fr") == table.confirm_pass_button.description
    assert picker.preset.description == text("ui.label.variant", "fr")
    assert picker.preset.label == text("variant.five-player", "fr")
    assert lessons.back_button.description == text("ui.lessons.back", "fr")
    assert guided.run.hint()["fr"] in unescape(guided.feedback.value)
    assert tools.tabs.titles[0] == text("ui.teach.tab.compare", "fr")
    assert all(page.lang == "fr" for page in tools.tabs.children)
    assert tools.review.panel.lang == "fr" and tools.compare.totals_box.lang == "fr"
    # and each keeps what it holds: the game, the pick, the typed texts, the options
    assert table.deal.state_key() == state and table.picked == picked
    assert table.load_code_text.value == "half a code" and tools.desk.typed.value == "QS"
    assert picker.players.value == 5 and picker.rules == Rules.preset("five-player")
    assert guided.run.asking and guided.feedback.value
    assert tools.desk.active.value == 2 and tools.tabs.selected_index == 2
    assert tools.simulation.variants.value == ("standard", "omnibus")
    assert playground.tabs is not None and playground.tabs.selected_index == playground_tab


def test_screens_built_after_a_change_of_language_speak_the_page_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("HEARTS_SERVED", raising=False)
    playground = Playground("en")
    playground.set_lang("fr")
    table = playground.start(Rules())
    tools = playground.open_teachers()
    lessons = playground.open_lessons()
    assert isinstance(lessons, LessonsTab)
    assert (table.lang, tools and tools.lang, lessons.lang) == ("fr", "fr", "fr")
    guided = lessons.open_lesson(lessons.lessons[1].id)
    assert guided.lang == "fr"
    playground.set_lang("en")
    assert (table.lang, tools and tools.lang, lessons.lang, guided.lang) == ("en",) * 4
    # a lesson closed no longer follows the tab
    lessons.close_lesson()
    playground.set_lang("fr")
    assert guided.lang == "en" and lessons.lang == "fr"


def test_the_tables_own_switch_and_the_pages_stay_in_step_both_ways() -> None:
    playground = Playground("en", with_lessons=False, with_teachers=False)
    table = playground.start(Rules())
    picker = playground.rules_picker
    table.language_picker.value = "fr"  # the table's own switch
    assert playground.lang == "fr" and playground.language_picker.value == "fr"
    assert picker.lang == "fr" and playground.title.value.count("lang='fr'") == 1
    playground.language_picker.value = "en"  # the page's switch
    assert table.lang == "en" and table.language_picker.value == "en"
    table.set_lang("fr")  # the table's public method: the page follows too
    assert playground.lang == "fr" and playground.language_picker.value == "fr"


def test_a_table_alone_follows_its_switch_and_its_review_panel_follows_it() -> None:
    table = HeartsTable(played_deal(), delay=0)
    panel = table.review_panel = ReviewPanel("en", playouts=8, confirm=8)
    table.language_picker.value = "fr"
    assert table.lang == "fr" and panel.lang == "fr"
    table.lang = "en"
    assert table.language_picker.value == "en" and panel.lang == "en"
    other = table.review_panel = ReviewPanel("fr", playouts=8, confirm=8)
    assert other.lang == "en"  # a panel given to the table takes its language
    table.lang = "fr"
    assert other.lang == "fr" and panel.lang == "en"  # the panel replaced no longer follows


BUILDERS: dict[str, Callable[[], Localized]] = {
    "playground": lambda: Playground("fr", with_lessons=False),
    "table": lambda: HeartsTable(Rules(), lang="fr", delay=0),
    "rules picker": lambda: RulesPicker("fr"),
    "guided deal": lambda: GuidedDeal(load_lessons()[0], "fr"),
    "lessons": lambda: LessonsTab("fr"),
    "review panel": lambda: reviewed(ReviewPanel("fr", playouts=8, confirm=8)),
    "review tab": lambda: ReviewTab(played_deal(), "fr"),
    "comparison": lambda: VariantCompare(played_deal(), "fr"),
    "scoring desk": lambda: ScoringDeskWidget(4, "fr"),
    "what-if": lambda: WhatIfWidget(played_deal(), "fr"),
    "simulation": lambda: SimulationWidget("fr"),
    "teachers": lambda: TeacherTools(played_deal(), "fr"),
}


@pytest.mark.parametrize("name", BUILDERS)
def test_an_unknown_language_is_refused_by_the_trait_and_changes_nothing(name: str) -> None:
    widget = BUILDERS[name]()
    assert isinstance(widget, Localized) and widget.lang == "fr"
    before = shown(widget)
    with pytest.raises(traitlets.TraitError, match="“de” language"):
        widget.lang = "de"
    with pytest.raises(ValueError, match="“xx” language"):  # as set_lang raised
        widget.set_lang("xx")
    assert widget.lang == "fr" and shown(widget) == before
    widget.set_lang("en")
    assert widget.lang == "en" and shown(widget) != before


def test_a_widget_built_in_an_unknown_language_is_refused() -> None:
    with pytest.raises(LanguageError):
        HeartsTable(Rules(), lang="de")
    with pytest.raises(ValueError):
        LessonsTab("xx")


def test_the_plotting_backend_is_never_switched_in_the_users_kernel() -> None:
    switch = re.compile(r"matplotlib\.use\(|switch_backend|%matplotlib")
    sources = [
        *ROOT.joinpath("widgets").rglob("*.py"),
        *ROOT.joinpath("hearts_teach").rglob("*.py"),
        *ROOT.joinpath("book", "_src").rglob("*.md"),
    ]
    assert sources
    assert [path for path in sources if switch.search(path.read_text("utf-8"))] == []
