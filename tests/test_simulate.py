"""Simulations: the same seeds give the same games whatever the number of workers."""

from __future__ import annotations

import io

import pytest

from hearts_teach.simulate import play_game, simulate, variant_rules


def test_same_results_with_one_or_two_workers() -> None:
    seen: list[tuple[int, int]] = []
    one = simulate(["standard", "two-player"], 3, levels=["heuristic"], jobs=1, seed=11)
    two = simulate(
        ["standard", "two-player"],
        3,
        levels=["heuristic"],
        jobs=2,
        seed=11,
        chunk=1,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert one == two
    assert seen[0] == (0, 6) and seen[-1] == (6, 6)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert [r.seed for r in one.summaries[0].records] == [11, 12, 13]


def test_a_game_record_adds_up() -> None:
    record = play_game("spot", 5, ["heuristic"])
    rules = variant_rules("spot")
    assert record.finished and len(record.deal_scores) == record.deals
    assert tuple(map(sum, zip(*record.deal_scores, strict=True))) == record.totals
    assert max(record.totals) >= rules.target
    (winner,) = record.winners
    others = [t for p, t in enumerate(record.totals) if p != winner]
    assert record.margin == min(others) - record.totals[winner] > 0


def test_summary_table_and_csv() -> None:
    result = simulate(["omnibus+new"], 2, levels=["heuristic"], seed=3)
    summary = result.summaries[0]
    assert summary.games == 2
    assert sum(summary.deals_per_game.values()) == 2
    assert summary.total_deals == sum(r.deals for r in summary.records)
    french = result.text_table("fr")
    assert "Omnibus, Nouvelle Lune" in french and "Donnes par partie" in french
    south, west, north, east = summary.wins_by_seat
    assert sum(summary.wins_by_seat) >= summary.games - summary.unfinished
    assert f"Sud {south} / Ouest {west} / Nord {north} / Est {east}" in french
    stream = io.StringIO()
    result.write_csv(stream)
    lines = stream.getvalue().splitlines()
    assert lines[0].startswith("variant,seed,deals")
    assert len(lines) == 3 and lines[1].startswith("omnibus+new,3,")


def test_unknown_variant_is_refused() -> None:
    with pytest.raises(ValueError, match="no variant"):
        simulate(["hearts-of-gold"], 1)
