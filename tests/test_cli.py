"""The hearts-teach command, run through main([...])."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from hearts_teach import Deal, Rules
from hearts_teach.cli import main
from hearts_teach.records import share_code
from hearts_teach.teach import compare_deal, play_out, seat_bots


def _code() -> tuple[str, Deal]:
    deal = Deal.new(Rules(), seed=9, deal_number=3)
    play_out(deal, seat_bots(4, "heuristic", 9))
    return share_code(deal), deal


def test_compare_prints_every_variant() -> None:
    code, deal = _code()
    out = io.StringIO()
    assert main(["compare", code, "--lang", "fr"], out=out) == 0
    printed = out.getvalue()
    comparison = compare_deal(deal)
    for row in comparison.scored:
        assert row.label("fr") in printed
    assert "Écartée : Cœurs à deux joueurs" in printed


def test_compare_with_totals_names_the_outcome() -> None:
    code, _ = _code()
    out = io.StringIO()
    assert main(["compare", code, "--totals", "99,99,99,0"], out=out) == 0
    assert "Player 4 wins" in out.getvalue()


def test_compare_refuses_a_damaged_code(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = _code()
    assert main(["compare", code[:-3] + "AAA", "--lang", "fr"], out=io.StringIO()) == 2
    assert "abîmé" in capsys.readouterr().err
    assert main(["compare", code, "--totals", "1,2"], out=io.StringIO()) == 2
    assert "4 whole numbers" in capsys.readouterr().err


def test_simulate_prints_and_writes_csv(tmp_path: Path) -> None:
    target = tmp_path / "games.csv"
    out = io.StringIO()
    status = main(
        [
            "simulate",
            "--variant",
            "two-player",
            "--games",
            "2",
            "--bots",
            "heuristic",
            "--csv",
            str(target),
            "--lang",
            "en",
        ],
        out=out,
    )
    assert status == 0
    assert "Two-player Hearts" in out.getvalue() and "deals per game" in out.getvalue().lower()
    rows = list(csv.DictReader(target.open(encoding="utf-8")))
    assert [row["seed"] for row in rows] == ["0", "1"]


def test_language_before_the_command() -> None:
    out = io.StringIO()
    status = main(
        ["--lang", "fr", "simulate", "--variant", "reverse", "--games", "1", "--bots", "random"],
        out=out,
    )
    assert status == 0
    assert "Cœurs inversés" in out.getvalue() and "Parties" in out.getvalue()
