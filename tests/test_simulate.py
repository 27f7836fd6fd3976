"""Simulations: the same seeds give the same games whatever the number of workers."""

from __future__ import annotations

import csv
import io
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from hearts_teach.i18n import text
from hearts_teach.teaching import simulate as simulate_module
from hearts_teach.teaching.simulate import (
    SimulationError,
    play_game,
    simulate,
    variant_rules,
    with_margin,
    worker_count,
)


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
    assert "Omnibus, chelem soustrait" in french and "Donnes par partie" in french
    south, west, north, east = summary.wins_by_seat
    assert sum(summary.wins_by_seat) >= summary.games - summary.unfinished
    margins = [
        with_margin(w, e, "fr", 0)
        for w, e in zip(summary.wins_by_seat, summary.wins_by_seat_error, strict=True)
    ]
    assert f"Sud {margins[0]} / Ouest {margins[1]} / Nord {margins[2]} / Est {margins[3]}" in french
    assert margins[0].startswith(f"{south}\u00a0±") and margins[3].startswith(f"{east}\u00a0±")
    assert (west, north) == summary.wins_by_seat[1:3]
    stream = io.StringIO()
    result.write_csv(stream)
    lines = stream.getvalue().splitlines()
    assert lines[0] == "variant,seed,deals,moons,finished,winners,margin,South,West,North,East"
    assert len(lines) == 3 and lines[1].startswith("omnibus+new,3,")


def test_the_csv_speaks_the_language_and_keeps_each_seat_in_its_column() -> None:
    """A French spreadsheet opens a semicolon-separated file in columns; the seats are
    named, and a table of three leaves North's cell empty rather than shifting East."""
    result = simulate(["standard", "black-maria-3"], 2, levels=["random"])
    stream = io.StringIO()
    result.write_csv(stream, "fr")
    rows = list(csv.reader(io.StringIO(stream.getvalue()), delimiter=";"))
    assert rows[0] == [
        "variante", "graine", "donnes", "grands chelems", "finie", "gagnants", "avance",
        "Sud", "Ouest", "Nord", "Est",
    ]  # fmt: skip
    three = [row for row in rows[1:] if row[0] == "black-maria-3"]
    record = result.summaries[1].records[0]
    assert three[0][7:] == [str(record.totals[0]), str(record.totals[1]), "", str(record.totals[2])]
    assert three[0][5] in {"Sud", "Ouest", "Est"} or " et " in three[0][5]


def test_rates_have_margins_and_a_variant_without_moon_says_so() -> None:
    """B9 and the review's §4: « 0,0 » moons for Black Maria read as "no moon
    happened", and wins by seat without a margin read as a favoured seat."""
    result = simulate(["standard", "black-maria"], 3, levels=["random"])
    standard, maria = result.summaries
    assert not maria.has_moon and standard.has_moon
    french = result.text_table("fr")
    assert "Sans objet (pas de grand chelem)" in french
    assert with_margin(100 * standard.moon_rate, 100 * standard.moon_rate_error, "fr") in french
    # a seat that never won keeps a margin (Agresti–Coull), not « 0 ± 0 »
    assert all(error > 0 for error in standard.wins_by_seat_error)
    assert "deux erreurs types" in french
    assert with_margin(5.5, 0.6, "fr") == "5,5\u00a0±\u00a01,2"


def test_unknown_variant_is_refused() -> None:
    with pytest.raises(SimulationError, match="no variant") as refused:
        simulate(["hearts-of-gold"], 1)
    assert "Aucune variante hearts-of-gold" in refused.value.message("fr")


@pytest.mark.parametrize(
    ("arguments", "code"),
    [
        ({"games": 0}, "sim_games"),
        ({"games": 100_001}, "sim_games"),
        ({"games": 10**12}, "sim_games"),
        ({"games": 2.0}, "sim_games"),
        ({"jobs": 0}, "sim_jobs"),
        ({"levels": ["random", "heuristic"]}, "sim_levels"),
        ({"levels": ["random"] * 5}, "sim_levels"),
        ({"levels": ["godmode"]}, "sim_level"),
        ({"levels": [""]}, "sim_level"),
    ],
)
def test_what_cannot_be_run_is_refused_before_any_game(
    arguments: dict[str, Any], code: str
) -> None:
    options: dict[str, Any] = {"games": 1, **arguments}
    games = options.pop("games")
    with pytest.raises(SimulationError) as caught:
        simulate(
            ["standard"],
            games,
            progress=lambda done, total: pytest.fail("a game was started"),
            **options,
        )
    assert caught.value.code == code
    english, french = caught.value.message("en"), caught.value.message("fr")
    assert english and french and english != french


def test_one_level_per_seat_must_fit_every_variant() -> None:
    three = ["random", "heuristic", "random"]
    assert simulate(["black-maria-3"], 1, levels=three).summaries[0].games == 1
    with pytest.raises(SimulationError, match="played by 4"):
        simulate(["black-maria-3", "standard"], 1, levels=three)


def test_workers_are_bounded_by_the_cores_and_the_work(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[int] = []

    class Pool(ProcessPoolExecutor):
        def __init__(self, max_workers: int) -> None:
            started.append(max_workers)
            super().__init__(max_workers=max_workers)

    monkeypatch.setattr(simulate_module, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(simulate_module.os, "cpu_count", lambda: 2)
    assert worker_count(200, 1000) == 2 and worker_count(200, 1) == 1 and worker_count(1, 9) == 1
    simulate(["standard"], 1, levels=["random"], jobs=200)
    assert started == []  # one game: no process at all
    simulate(["standard"], 3, levels=["random"], jobs=200, chunk=1)
    assert started == [2]


def test_a_variant_without_a_moon_shows_no_moon_rate() -> None:
    result = simulate(["black-maria", "standard"], 1, levels=["random"], seed=2)
    rate = result.table("en")[0].index(text("sim.moon_rate", "en"))
    maria, standard = result.table("en")[1:]
    assert maria[rate] == text("sim.no_moon", "en") == "N/a: no moon in these rules"
    shown = float(standard[rate].split("\u00a0±")[0])
    assert shown == round(100 * result.summaries[1].moon_rate, 1)
