"""The rules picker and the options of issue 27's family (docs/rules.md §16.7, §16.8):
the kitty offered only to the tables it fits, its refusal said in the reader's language,
the removal following it; the queen of hearts worth 13 as a plain box."""

from __future__ import annotations

from html import unescape

import pytest
from hearts_teach_widgets import RulesPicker

from hearts_teach import Rules


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_kitty_box_is_offered_to_three_five_and_six_only(lang: str) -> None:
    picker = RulesPicker(lang, "standard")
    kitty = picker.checkboxes["kitty"]
    assert kitty.layout.display == "none"
    for players in (3, 5, 6):
        picker.set_option("players", players)
        assert kitty.layout.display is None
    picker.set_option("players", 2)
    assert kitty.layout.display == "none"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_ticking_the_kitty_puts_back_the_removed_cards_and_says_so(lang: str) -> None:
    picker = RulesPicker(lang, "three-player")
    picker.set_option("kitty", True)
    assert picker.rules == Rules.preset("three-player-kitty")
    assert picker.preset.value == "three-player-kitty"
    assert picker.removed.layout.display == "none"  # nothing left to choose
    said = picker.removed_text()
    assert "17" in said and ("first trick" if lang == "en" else "premier pli") in said
    picker.set_option("kitty", False)
    assert picker.rules == Rules.preset("three-player")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_kitty_at_four_is_refused_in_the_reader_s_language(lang: str) -> None:
    picker = RulesPicker(lang, "five-player-kitty")
    picker.set_option("players", 4)
    assert picker.rules is None and picker.error is not None
    shown = unescape(picker.verdict.value)
    assert 'role="alert"' in shown
    assert ("three, five or six" if lang == "en" else "trois, cinq ou six") in shown
    assert picker.checkboxes["kitty"].layout.display is None  # ticked: still shown
    picker.set_option("players", 6)
    assert picker.rules == Rules.preset("six-player-kitty")


def test_the_queen_of_hearts_box_gives_its_preset() -> None:
    picker = RulesPicker("fr", "standard")
    picker.set_option("qh_thirteen", True)
    assert picker.rules == Rules.preset("queen-of-hearts-thirteen")
    picker.set_option("spot", True)
    assert picker.rules is None
    assert "dame de cœur" in unescape(picker.verdict.value)
