"""Strength and speed of the bots: seeded matches, one test bot against the other seats.

The test bot sits in a rotating seat (deal d: seat d mod players) against opponents of
another level; every deal starts from totals of zero, with the pass of its deal number.
For each match the table gives the test bot's points per deal, its opponents' mean,
the difference (both with a 95% confidence interval) and the time per move of the test
bot (median and maximum). Then the targets of issue 3, measured, met or not.

    python benchmarks/strength.py                    # standard + every variant
    python benchmarks/strength.py --deals 200 --variant-deals 20
    python benchmarks/strength.py --quick            # a smoke run
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from machine import describe_machine

from hearts_teach import Deal, Rules
from hearts_teach.bots import make_bot
from hearts_teach.bots.base import Bot
from hearts_teach.bots.montecarlo import DEFAULT_PLAYOUTS


@dataclass
class MatchResult:
    variant: str
    test: str
    opponents: str
    own: list[float]
    others: list[float]
    move_seconds: list[float]
    players: int = 4
    move_cpu_seconds: list[float] = field(default_factory=list)

    @property
    def deals(self) -> int:
        return len(self.own)

    @property
    def difference(self) -> list[float]:
        """Test bot minus its opponents' mean, per deal (negative: the bot did better)."""
        return [a - b for a, b in zip(self.own, self.others, strict=True)]


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def play_match(
    rules: Rules,
    variant: str,
    test: str,
    opponents: str,
    deals: int,
    seed: int,
    budget: dict[str, Any],
) -> MatchResult:
    n = rules.players
    result = MatchResult(variant, test, opponents, [], [], [], n)
    for number in range(deals):
        seat = number % n
        bots: list[Bot] = []
        for player in range(n):
            level = test if player == seat else opponents
            extra = budget if level == "montecarlo" else {}
            bots.append(make_bot(level, seed=f"{seed}:{number}:{player}", **extra))
        deal = Deal.new(rules, seed=f"{seed}:{number}", deal_number=number)
        if deal.phase == "pass":
            for player in range(n):
                deal.pass_cards(player, bots[player].pass_cards(deal.view(player)).cards)
        while not deal.is_over:
            player = deal.to_play
            view = deal.view(player)
            start, cpu_start = time.perf_counter(), time.process_time()
            choice = bots[player].play(view)
            if player == seat:
                result.move_seconds.append(time.perf_counter() - start)
                result.move_cpu_seconds.append(time.process_time() - cpu_start)
            deal.play(choice.card)
        pending = deal.pending_moon_choice
        if pending is not None:
            # The shooter's choice (docs/rules.md §3.2), made by the shooter's own bot.
            shooter = pending.shooter
            deal.choose_moon(bots[shooter].choose_moon(deal.view(shooter)).choice)
        scores = deal.result().scores
        if rules.partnership:
            # Partners share their points: compare the test bot's team with the other.
            team = (seat, (seat + 2) % n)
            result.own.append(sum(scores[p] for p in team))
            result.others.append(sum(s for p, s in enumerate(scores) if p not in team))
        else:
            result.own.append(scores[seat])
            result.others.append(sum(s for p, s in enumerate(scores) if p != seat) / (n - 1))
    return result


def row(match: MatchResult) -> str:
    own, own_ci = mean_ci(match.own)
    others, _ = mean_ci(match.others)
    diff, diff_ci = mean_ci(match.difference)
    times = match.move_seconds
    median = statistics.median(times) * 1000
    worst = max(times) * 1000
    cpu = match.move_cpu_seconds
    cpu_median = statistics.median(cpu) * 1000
    cpu_worst = max(cpu) * 1000
    return (
        f"| {match.variant} | {match.test} vs {match.players - 1}×{match.opponents} | {match.deals} "
        f"| {own:.2f} ± {own_ci:.2f} | {others:.2f} | {diff:+.2f} ± {diff_ci:.2f} "
        f"| {median:.2f} | {worst:.1f} | {cpu_median:.2f} | {cpu_worst:.1f} |"
    )


HEADER = (
    "| rules | match | deals | test bot pts/deal (95% CI) | opponents' mean | difference (95% CI)"
    " | median ms/move | max ms/move | median CPU ms | max CPU ms |"
    "\n|---|---|---|---|---|---|---|---|---|---|"
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=120, help="deals per standard match")
    parser.add_argument("--variant-deals", type=int, default=16, help="deals per variant match")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS)
    parser.add_argument("--variants", nargs="*", default=None, help="presets (default: all)")
    parser.add_argument("--no-montecarlo", action="store_true", help="skip the slow matches")
    parser.add_argument("--quick", action="store_true", help="a few deals, for a smoke run")
    args = parser.parse_args(argv)
    if args.quick:
        args.deals, args.variant_deals = 8, 2
    budget: dict[str, Any] = {"playouts": args.playouts}
    variants = (
        args.variants
        if args.variants is not None
        else [v for v in Rules.PRESETS if v != "standard"]
    )
    began = time.perf_counter()
    print(f"# Bot strength, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    print(f"Machine: {describe_machine()}")
    print(f"Montecarlo budget: {args.playouts} playouts per move; seed {args.seed}.")
    print(f"Load average at start: {os.getloadavg()[0]:.1f} (other processes share the CPU:")
    print("wall-clock times include waiting for it; CPU times are this process's own).\n")
    print(HEADER)
    standard = Rules()
    matches: dict[tuple[str, str, str], MatchResult] = {}
    plan = [("heuristic", "random"), ("random", "random")]
    if not args.no_montecarlo:
        plan.append(("montecarlo", "heuristic"))
    for test, opponents in plan:
        match = play_match(standard, "standard", test, opponents, args.deals, args.seed, budget)
        matches[("standard", test, opponents)] = match
        print(row(match), flush=True)
    for variant in variants:
        rules = Rules.preset(variant)
        variant_plan = [("heuristic", "random")]
        if not args.no_montecarlo:
            variant_plan.append(("montecarlo", "heuristic"))
        for test, opponents in variant_plan:
            match = play_match(
                rules, variant, test, opponents, args.variant_deals, args.seed, budget
            )
            matches[(variant, test, opponents)] = match
            print(row(match), flush=True)
    print("\n(In Reverse Hearts points are good: a positive difference is the better result.")
    print("In Partnership the rows compare team totals: the test bot and its partner, whose")
    print("level is the opponents', against the other team.)")
    print("\n## Targets (standard rules)\n")
    print("| target | measured | ratio | status |\n|---|---|---|---|")
    targets(matches)
    print(f"\nTotal run time: {time.perf_counter() - began:.0f} s")
    return 0


def targets(matches: dict[tuple[str, str, str], MatchResult]) -> None:
    def line(name: str, measured: float, goal: float, met: bool, unit: str) -> None:
        ratio = measured / goal if goal else math.nan
        status = "met" if met else "NOT met"
        print(f"| {name} | {measured:.2f}{unit} | {ratio:.2f} | {status} |")

    h = matches[("standard", "heuristic", "random")]
    own, ci = mean_ci(h.own)
    line("heuristic vs 3 random: at most 2.3 pts/deal", own, 2.3, own <= 2.3, f" ± {ci:.2f}")
    times = sorted(t for m in matches.values() if m.test == "heuristic" for t in m.move_seconds)
    average = statistics.fmean(times) * 1000
    line("heuristic: under 2 ms per move (mean)", average, 2.0, average < 2.0, " ms")
    worst = times[-1] * 1000
    print(f"| heuristic: max ms per move (for information) | {worst:.2f} ms | | |")
    mc = matches.get(("standard", "montecarlo", "heuristic"))
    if mc is None:
        return
    diff, diff_ci = mean_ci(mc.difference)
    line(
        "montecarlo vs 3 heuristic: ≥ 1.5 pts/deal fewer than their mean",
        -diff,
        1.5,
        -diff >= 1.5,
        f" ± {diff_ci:.2f}",
    )
    mc_times = [t for m in matches.values() if m.test == "montecarlo" for t in m.move_seconds]
    median = statistics.median(mc_times)
    line("montecarlo default: median ≤ 0.5 s per move", median, 0.5, median <= 0.5, " s")
    worst = max(mc_times)
    line("montecarlo default: max ≤ 1.5 s per move", worst, 1.5, worst <= 1.5, " s")
    cpu = [t for m in matches.values() if m.test == "montecarlo" for t in m.move_cpu_seconds]
    print(
        f"| montecarlo CPU time per move (for information) | median {statistics.median(cpu):.2f} s,"
        f" max {max(cpu):.2f} s | | |"
    )


if __name__ == "__main__":
    sys.exit(main())
