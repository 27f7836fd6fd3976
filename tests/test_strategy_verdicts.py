"""Every simulated verdict the book prints holds with another seed.

The strategy chapter's verdicts (hearts_teach.teaching.strategy.QUESTIONS) are computed
with seed 1 and cached; here each question is answered again from scratch with seed 2 —
other selection deals, other confirmation deals, other bot draws — and must reach the
outcome the text states. The teachers' chapter compares game lengths over 80 games per
variant (seeds 1…80); here 80 other games per variant (seeds 101…180) must give the same
verdicts. A verdict that only one seed supports fails here, and the text must change."""

from __future__ import annotations

import json
import math

import pytest

from hearts_teach.teaching.simulate import simulate
from hearts_teach.teaching.strategy import (
    CONFIRMATION_DEALS,
    LENGTH_CLAIMS,
    LENGTH_GAMES,
    QUESTIONS,
    THRESHOLD,
    Verdict,
    VerdictCache,
    game_lengths,
    source_hash,
    weigh,
)

OTHER_SEED = 2


@pytest.mark.parametrize("name", sorted(QUESTIONS))
def test_each_strategy_verdict_holds_with_another_seed(name: str) -> None:
    question = QUESTIONS[name]
    verdict = weigh(question, seed=OTHER_SEED)
    assert verdict.outcome == question.expected, (
        f"{name}: {verdict.claim.cards} against {verdict.rival.cards}, "
        f"{verdict.difference:+.2f} ± {verdict.difference_error:.2f} in {verdict.samples} deals"
    )
    # The figures printed are those of the confirmation, with their sample and error.
    assert verdict.samples in CONFIRMATION_DEALS
    assert verdict.claim.error > 0 and verdict.rival.error > 0
    if question.expected == "too_close":
        assert verdict.samples == CONFIRMATION_DEALS[-1]


def test_the_teachers_game_lengths_hold_with_other_games() -> None:
    simulation = simulate(["standard", *LENGTH_CLAIMS], LENGTH_GAMES, seed=101)
    lengths = game_lengths(simulation)
    assert all(length.games == LENGTH_GAMES for length in lengths.values())
    found = {variant: lengths[variant].outcome for variant in LENGTH_CLAIMS}
    assert found == LENGTH_CLAIMS, {
        v: (lengths[v].difference, lengths[v].difference_error) for v in found
    }


def test_a_verdict_is_decided_only_beyond_three_standard_errors() -> None:
    def verdict(difference: float, error: float) -> Verdict:
        data = {
            "kind": "play",
            "claim": {"cards": ["QS"], "points": 1.0, "error": 0.1},
            "rival": {"cards": ["AS"], "points": 1.0 + difference, "error": 0.1},
            "samples": 500,
            "difference": difference,
            "difference_error": error,
            "seed": 1,
        }
        return Verdict.from_json(data)

    assert verdict(0.29, 0.1).outcome == "too_close"
    assert verdict(0.31, 0.1).outcome == "claim"
    assert verdict(-0.31, 0.1).outcome == "rival"
    assert math.isclose(verdict(0.3, 0.1).margin, THRESHOLD)


def test_the_cache_is_keyed_by_the_sources_and_dropped_when_they_change(tmp_path) -> None:
    path = tmp_path / "verdicts.json"
    cache = VerdictCache(path)
    question = QUESTIONS["standard-pass"]
    first, second = cache.key(question, 1), cache.key(question, 2)
    assert first != second and first != cache.key(QUESTIONS["spot-pass"], 1)
    # A cache written under other sources is not read.
    stale = {"sources": "another engine", "verdicts": {first: {"question": "x"}}}
    path.write_text(json.dumps(stale), encoding="utf-8")
    assert VerdictCache(path)._read() == {"sources": source_hash(), "verdicts": {}}
