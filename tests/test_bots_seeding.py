"""The bots' seeding reads the rules through ``rules_key``: the same key for every rule
set as the first seeded bots had (so no seeded decision changes: lessons, the book's
stored outputs, replays of share links), and a new option left at its default cannot
change it."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import hearts_teach.rules as rules_module
from hearts_teach import Deal, Rules, RulesError
from hearts_teach.bots.base import KEYED_OPTIONS, knowledge_key, rules_key
from hearts_teach.rules import REMOVALS_FOR


def key_before_the_change(rules: Rules) -> str:
    """How the bots' key named the rules until it read the changed options: every option
    but ``removed`` (unless changed) and ``deals`` (unless set), in the rules' order."""
    options = rules.options()
    changed = rules.changed_options()
    if "removed" not in changed:
        del options["removed"]
    if options["deals"] is None:
        del options["deals"]
    # the options added after ``deals`` (docs/rules.md §16, §17) are named only when changed
    names = Rules.option_names()
    for name in names[names.index("deals") + 1 :]:
        if name not in changed:
            del options[name]
    return f"{options}"


@st.composite
def any_rules(draw: st.DrawFn) -> Rules:
    """Random rule sets over every option, 2 to 6 players (impossible ones skipped)."""
    players = draw(st.sampled_from([2, 3, 4, 5, 6]))
    options: dict[str, Any] = {
        "players": players,
        "moon": draw(st.sampled_from(["old", "new", "mixed", "none", "choice"])),
        "spot": draw(st.booleans()),
        "omnibus": draw(st.booleans()),
        "black_maria": draw(st.booleans()),
        "target": draw(st.sampled_from([50, 100, 500])),
        "partnership": players == 4 and draw(st.booleans()),
        "reverse": draw(st.booleans()),
        "qs_penalty": draw(st.booleans()),
        "passing": draw(st.sampled_from([None, "left", "right", "alternate", "none"])),
        "pass_count": draw(st.sampled_from([None, 1, 3])),
        "first_lead": draw(st.sampled_from([None, "two_of_clubs", "left_of_dealer"])),
        "must_break_hearts": draw(st.booleans()),
        "qs_breaks_hearts": draw(st.sampled_from(["off", "discard", "any"])),
        "lead_hearts_instead_of_qs": draw(st.booleans()),
        "first_lead_any_club": draw(st.booleans()),
        "first_trick_no_points": draw(st.sampled_from([None, True, False])),
        "avoid_all_tricks_bonus": draw(st.booleans()),
        "omnibus_jd_stacks_on_moon": draw(st.booleans()),
        "partner_spared_on_moon": draw(st.booleans()),
        "removed": draw(st.sampled_from([None, *REMOVALS_FOR[players]])),
        "deals": draw(st.sampled_from([None, 1, 4])),
    }
    try:
        return Rules(**options)
    except RulesError:
        assume(False)
        raise


@pytest.mark.parametrize("preset", list(Rules.PRESETS))
def test_every_preset_keeps_its_key(preset: str) -> None:
    rules = Rules.preset(preset)
    assert rules_key(rules) == key_before_the_change(rules)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(rules=any_rules())
def test_every_rule_set_keeps_its_key(rules: Rules) -> None:
    assert rules_key(rules) == key_before_the_change(rules)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(rules=any_rules(), other=any_rules())
def test_different_rules_have_different_keys(rules: Rules, other: Rules) -> None:
    assert (rules_key(rules) == rules_key(other)) == (rules == other)


@dataclasses.dataclass(frozen=True)
class RulesOfTomorrow(Rules):
    """The rules with one more option, as a later version may add one: neutral at its
    default."""

    tomorrow: str = "neutral"


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(rules=any_rules())
def test_a_new_option_at_its_default_changes_no_key(rules: Rules) -> None:
    with pytest.MonkeyPatch.context() as patch:
        today = rules_key(rules)
        bases: dict[tuple[int, bool, bool], Rules] = {}
        base_for = rules_module._base_for

        def tomorrow_base(players: int, black_maria: bool, kitty: bool = False) -> Rules:
            if (players, black_maria, kitty) not in bases:
                bases[players, black_maria, kitty] = RulesOfTomorrow(
                    **base_for(players, black_maria, kitty).options()
                )
            return bases[players, black_maria, kitty]

        patch.setattr(rules_module, "_base_for", tomorrow_base)
        tomorrow = RulesOfTomorrow(**rules.options())
        assert "tomorrow" in tomorrow.options()
        assert rules_key(tomorrow) == today
        changed = RulesOfTomorrow(**rules.options(), tomorrow="set")
        assert rules_key(changed) != today


def test_keyed_options_are_options() -> None:
    assert set(KEYED_OPTIONS) <= set(Rules.option_names())
    assert {"removed", "deals"}.isdisjoint(KEYED_OPTIONS)


def test_a_seat_knowledge_key_names_the_rules_by_their_key() -> None:
    rules = Rules.preset("three-player", deals=4)
    deal = Deal.new(rules, seed=3)
    key = knowledge_key(deal.view(1))
    assert key.startswith(rules_key(rules) + "|1|0|")
    assert "'deals': 4" in key and "'removed'" not in key
