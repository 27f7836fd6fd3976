"""The rules in words (hearts_teach.describe) agree with the Rules values."""

from __future__ import annotations

from typing import Any

import pytest

from hearts_teach import Card, Rules
from hearts_teach.describe import rule_changes, rule_rows
from hearts_teach.i18n import ntext, text

LANGS = ("en", "fr")
LABEL_KEYS = (
    "players",
    "hearts",
    "queen",
    "others",
    "total",
    "moon",
    "end",
    "passing",
    "lead",
    "broken",
    "first_trick",
    "trumps",
)


def number(value: int) -> str:
    return str(value).replace("-", "−")


def changed(rules: Rules, lang: str, key: str, base: Rules | None = None) -> str | None:
    """This rule set's value in the row ``key`` of its rule-change table, if it is there."""
    label = text("rule." + key, lang)
    for row_label, _standard, value in rule_changes(rules, lang, base=base):
        if row_label == label:
            return value
    return None


def test_standard_rules_have_no_changes() -> None:
    for lang in LANGS:
        assert rule_changes(Rules(), lang) == []
        rows = rule_rows(Rules(), lang)
        assert [label for label, _ in rows] == [text("rule." + k, lang) for k in LABEL_KEYS]


@pytest.mark.parametrize("preset", [p for p in Rules.PRESETS if p != "standard"])
@pytest.mark.parametrize("lang", LANGS)
def test_every_preset_has_changes_each_row_a_real_difference(preset: str, lang: str) -> None:
    rows = rule_changes(Rules.preset(preset), lang)
    assert rows
    for label, standard, value in rows:
        assert standard != value
        assert label in {text("rule." + k, lang) for k in LABEL_KEYS}
    every = rule_changes(Rules.preset(preset), lang, all_rows=True)
    assert len(every) == len(LABEL_KEYS)


@pytest.mark.parametrize("preset", list(Rules.PRESETS))
def test_french_rows_carry_no_english_label_and_match_the_english_rows(preset: str) -> None:
    rules = Rules.preset(preset)
    english = rule_rows(rules, "en")
    french = rule_rows(rules, "fr")
    english_labels = {label for label, _ in english}
    assert len(english) == len(french)
    for label, value in french:
        assert label not in english_labels
        for english_label in english_labels:
            assert english_label not in value
    french_changes = rule_changes(rules, "fr")
    assert len(french_changes) == len(rule_changes(rules, "en"))


@pytest.mark.parametrize("preset", list(Rules.PRESETS))
@pytest.mark.parametrize("lang", LANGS)
def test_points_moon_and_target_rows_state_the_rules_numbers(preset: str, lang: str) -> None:
    rules = Rules.preset(preset)
    values = dict(rule_rows(rules, lang))
    total = values[text("rule.total", lang)]
    assert number(rules.points_per_deal) in total
    moon = values[text("rule.moon", lang)]
    if rules.effective_moon == "none":
        assert moon == text("moon.none", lang)
    elif rules.effective_moon == "mixed":
        # Mixed Moon is told as Old Moon or New Moon, by name.
        old_name, new_name = (
            ("Old Moon", "New Moon") if lang == "en" else ("classique", "soustrait")
        )
        assert old_name in moon and new_name in moon
    else:
        assert number(rules.moon_value) in moon
    assert str(rules.target) in values[text("rule.end", lang)]
    queen = values[text("rule.queen", lang)]
    queen_value = rules.value(Card.parse("QS"))
    assert (number(queen_value) in queen) if queen_value else queen == text("desc.no_points", lang)


def test_spot_row_mentions_129_and_the_queen_25() -> None:
    for lang in LANGS:
        assert changed(Rules.preset("spot"), lang, "total") == ntext(
            "desc.total", 129, lang, total=129
        )
        assert "25" in (changed(Rules.preset("spot"), lang, "queen") or "")
        moon = changed(Rules.preset("spot"), lang, "moon") or ""
        assert "129" in moon
        assert "500" in (changed(Rules.preset("spot"), lang, "end") or "")


def test_omnibus_rows_give_the_jack_minus_10_and_16_a_deal() -> None:
    others = changed(Rules.preset("omnibus"), "en", "others") or ""
    assert "jack of diamonds" in others and "−10" in others
    assert "valet de carreau" in (changed(Rules.preset("omnibus"), "fr", "others") or "")
    assert "16" in (changed(Rules.preset("omnibus"), "en", "total") or "")
    assert "jack of diamonds" in (changed(Rules.preset("omnibus"), "en", "moon") or "")


def test_black_maria_rows_give_king_10_ace_7_and_no_moon() -> None:
    others = changed(Rules.preset("black-maria"), "en", "others") or ""
    assert "king of spades: 10" in others and "ace of spades: 7" in others
    assert changed(Rules.preset("black-maria"), "en", "moon") == text("moon.none", "en")
    assert "43" in (changed(Rules.preset("black-maria"), "fr", "total") or "")


def test_two_player_rows_give_the_deck_the_chain_and_trumps() -> None:
    rules = Rules.preset("two-player")
    assert "28" in (changed(rules, "en", "players") or "")
    assert "6♣" in (changed(rules, "fr", "lead") or "")
    assert changed(rules, "en", "trumps") == text("desc.hearts_trumps", "en")
    assert changed(rules, "fr", "first_trick") == text("desc.first_trick_free", "fr")


def test_three_player_black_maria_rows_give_17_cards_and_passing_right() -> None:
    rules = Rules.preset("black-maria-3")
    assert "17" in (changed(rules, "en", "players") or "")
    assert "right" in (changed(rules, "en", "passing") or "")
    assert "droite" in (changed(rules, "fr", "passing") or "")


# Every single option change must show in the rule-change table against the rules it
# changes; otherwise a custom table hides a rule that the engine plays.
SINGLE_CHANGES: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({}, {"moon": "new"}),
    ({}, {"moon": "mixed"}),
    ({}, {"qs_breaks_hearts": "discard"}),
    ({}, {"qs_breaks_hearts": "any"}),
    ({}, {"lead_hearts_instead_of_qs": True}),
    ({}, {"first_trick_no_points": False}),
    ({}, {"first_trick_forced": "hearts_before_queen"}),
    ({}, {"first_lead_any_club": True}),
    ({}, {"must_break_hearts": False}),
    ({}, {"pass_count": 1}),
    ({}, {"passing": "left"}),
    ({}, {"target": 250}),
    ({}, {"avoid_all_tricks_bonus": True}),
    ({"omnibus": True}, {"omnibus_moon_requires_jd": False}),
    ({"omnibus": True}, {"omnibus_jd_stacks_on_moon": True}),
    ({"partnership": True}, {"partner_spared_on_moon": True}),
    ({"players": 2}, {"two_player_moon_award": "points_in_play"}),
    ({"players": 2}, {"two_player_both_over": "continue"}),
]


@pytest.mark.parametrize(
    ("base", "change"),
    SINGLE_CHANGES,
    ids=["-".join(f"{k}={v}" for k, v in c.items()) for _, c in SINGLE_CHANGES],
)
def test_every_option_change_shows_in_the_rule_change_table(
    base: dict[str, Any], change: dict[str, Any]
) -> None:
    reference = Rules(**base)
    rules = Rules(**base, **change)
    for lang in LANGS:
        assert rule_changes(rules, lang, base=reference), f"{change} is not described ({lang})"
