"""Strength and speed of the bots: seeded matches, one test bot against the other seats.

The test bot sits in a rotating seat (deal d: seat d mod players) against opponents of
another level; every deal starts from totals of zero, with the pass of its deal number.
For each match the table gives the test bot's points per deal, its opponents' mean,
the difference (both with a 95% confidence interval) and the time per move of the test
bot (median and maximum). Then the targets of issue 3, measured, met or not.

    python benchmarks/strength.py                    # standard + every variant
    python benchmarks/strength.py --deals 200 --variant-deals 20
    python benchmarks/strength.py --quick            # a smoke run

The targets of issue 25, each its own command (``--test``/``--base``: ``today``, ``new``
or keywords such as ``exact=12,inference=0.3``):

    python benchmarks/strength.py duplicate --deals 100 --minutes 10 --test exact=12
    python benchmarks/strength.py games --games 100
    python benchmarks/strength.py openspiel --deals 40
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from engine import OPENSPIEL_DIRECTION
from machine import describe_machine

from hearts_teach import Deal, Rules
from hearts_teach.bots import make_bot
from hearts_teach.bots.base import Bot, Choice, PassChoice, knowledge_key
from hearts_teach.bots.montecarlo import DEFAULT_PLAYOUTS
from hearts_teach.cards import CARDS
from hearts_teach.deal import PlayerView
from hearts_teach.scoring import game_outcome


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


def add_levels_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--deals", type=int, default=120, help="deals per standard match")
    parser.add_argument("--variant-deals", type=int, default=16, help="deals per variant match")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS)
    parser.add_argument("--variants", nargs="*", default=None, help="presets (default: all)")
    parser.add_argument("--no-montecarlo", action="store_true", help="skip the slow matches")
    parser.add_argument("--quick", action="store_true", help="a few deals, for a smoke run")


def levels_main(args: argparse.Namespace) -> int:
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


# --- issue 25: the new strong bot against today's, duplicate format ---------------------

TODAY: dict[str, Any] = {"exact": 0, "inference": 1.0, "pass_inference": 1.0}
"""Today's strong bot: the Monte-Carlo bot as it was before issue 25 (heuristic playouts
to the last card, every consistent deal equally likely)."""
SPEC_KEYS = {"exact": int, "playouts": int, "inference": float, "pass_inference": float}


def bot_spec(text: str) -> dict[str, Any]:
    """``exact=16,playouts=600`` → keywords of the Monte-Carlo bot (``today``: TODAY,
    ``new``: the defaults of this checkout)."""
    if text == "today":
        return dict(TODAY)
    if text == "new":
        return {}
    spec: dict[str, Any] = {}
    for part in text.split(","):
        name, value = part.split("=")
        spec[name] = SPEC_KEYS[name](value)
    return spec


class Remembering(Bot):
    """A seeded bot whose every decision is kept by the view it was made from: the same
    seat and view give the same choice (the bots are reproducible), so the plays of one
    deal from every seat ask each decision once."""

    def __init__(self, bot: Bot, memory: dict[tuple[str, str], Any]) -> None:
        super().__init__(bot.seed)
        self.bot = bot
        self.memory = memory
        self.level = bot.level

    def _recall(self, kind: str, view: PlayerView, decide: Any) -> Any:
        key = (kind, knowledge_key(view))
        if key not in self.memory:
            self.memory[key] = decide(view)
        return self.memory[key]

    def play(self, view: PlayerView) -> Choice:
        return self._recall("play", view, self.bot.play)  # type: ignore[no-any-return]

    def pass_cards(self, view: PlayerView) -> PassChoice:
        return self._recall("pass", view, self.bot.pass_cards)  # type: ignore[no-any-return]


@dataclass
class Timed:
    """The test bot's decisions: wall and CPU seconds each."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def time(self, decide: Any, view: PlayerView) -> Any:
        start, cpu = time.perf_counter(), time.process_time()
        choice = decide(view)
        self.wall.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - cpu)
        return choice


def play_one(
    rules: Rules,
    seed: str,
    number: int,
    totals: Sequence[int],
    bots: Sequence[Bot],
    timed: dict[int, Timed] | None = None,
) -> list[int]:
    """One deal, every seat asking its bot with its own view: the scores."""
    n = rules.players
    timed = timed or {}
    deal = Deal.new(rules, seed=seed, deal_number=number, totals=list(totals))
    if deal.phase == "pass":
        for player in range(n):
            view = deal.view(player)
            passing = bots[player].pass_cards
            chosen = timed[player].time(passing, view) if player in timed else passing(view)
            deal.pass_cards(player, chosen.cards)
    while not deal.is_over:
        player = deal.to_play
        view = deal.view(player)
        decide = bots[player].play
        choice = timed[player].time(decide, view) if player in timed else decide(view)
        deal.play(choice.card)
    pending = deal.pending_moon_choice
    if pending is not None:
        shooter = pending.shooter
        deal.choose_moon(bots[shooter].choose_moon(deal.view(shooter)).choice)
    return list(deal.result().scores)


def side_points(rules: Rules, scores: Sequence[int], seat: int) -> int:
    """The points of ``seat``'s side, made "lower is better" (negated in Reverse)."""
    side = next(team for team in rules.teams() if seat in team)
    points = sum(scores[p] for p in side)
    return -points if rules.reverse else points


def margin(rules: Rules, scores: Sequence[int], seat: int) -> float:
    """``seat``'s side's points less the other sides' mean, made "lower is better"."""
    side = next(team for team in rules.teams() if seat in team)
    others = [team for team in rules.teams() if team != side]
    mean_others = statistics.fmean(sum(scores[p] for p in team) for team in others)
    return side_points(rules, scores, seat) - (-mean_others if rules.reverse else mean_others)


def monte_carlo(spec: dict[str, Any], seed: str, playouts: int) -> Bot:
    return make_bot("montecarlo", seed=seed, **{"playouts": playouts, "time_limit": None, **spec})


@dataclass
class Duplicate:
    """Per deal: how many points a deal the test bot's side did better than today's bot's
    side in the same seat of the same deal (positive: better), averaged over the seats."""

    variant: str
    gains: list[float] = field(default_factory=list)
    relative: list[float] = field(default_factory=list)
    """The same for the side's points less the other sides' mean (what the bots weigh:
    their own points against the others')."""
    timed: Timed = field(default_factory=Timed)
    seconds: float = 0.0


def duplicate_match(
    rules: Rules,
    variant: str,
    test: dict[str, Any],
    base: dict[str, Any],
    deals: int,
    seed: int,
    playouts: int,
    minutes: float | None = None,
) -> Duplicate:
    """Each deal played from every seat: the test bot in that seat, the base bot in the
    others; and once with the base bot everywhere (the par of each seat). With
    ``minutes``, no deal starts after that much wall-clock time (a shared machine's load
    decides how many deals fit; the deals played are the first ones of the seed)."""
    n = rules.players
    result = Duplicate(variant)
    began = time.perf_counter()
    for number in range(deals):
        if minutes is not None and number >= 2 and time.perf_counter() - began > 60 * minutes:
            break
        deal_seed = f"{seed}:{variant}:{number}"
        memory: dict[int, dict[tuple[str, str], Any]] = {p: {} for p in range(n)}
        base_bots: list[Bot] = [
            Remembering(monte_carlo(base, f"{deal_seed}:{p}", playouts), memory[p])
            for p in range(n)
        ]
        par = play_one(rules, deal_seed, number % 4, [0] * n, base_bots)
        gain = relative = 0.0
        for seat in range(n):
            bots = list(base_bots)
            bots[seat] = monte_carlo(test, f"{deal_seed}:{seat}", playouts)
            scores = play_one(rules, deal_seed, number % 4, [0] * n, bots, {seat: result.timed})
            gain += side_points(rules, par, seat) - side_points(rules, scores, seat)
            relative += margin(rules, par, seat) - margin(rules, scores, seat)
        result.gains.append(gain / n)
        result.relative.append(relative / n)
        if (number + 1) % 10 == 0:
            so_far, ci = mean_ci(result.gains)
            print(f"  {variant}: {number + 1} deals, gain {so_far:+.2f} ± {ci:.2f}", flush=True)
    result.seconds = time.perf_counter() - began
    return result


def verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def duplicate_main(args: argparse.Namespace) -> int:
    test, base = bot_spec(args.test), bot_spec(args.base)
    variants = args.variants or ["standard"]
    print(f"# Duplicate matches, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    print(f"Machine: {describe_machine()}; load average at start {os.getloadavg()[0]:.1f}")
    print(f"Test bot {args.test} {test}, base bot {args.base} {base}, {args.playouts} playouts")
    print(f"a decision, no time limit; seed {args.seed}. Gain: the test bot's side's points")
    print("a deal fewer than the base bot's side in the same seat of the same deal (more in")
    print("Reverse), averaged over the seats; each deal played from every seat.\n")
    print(
        "| rules | deals | gain, points a deal (95% CI) | target | ratio | verdict "
        "| gain against the others' mean (95% CI) | s |"
    )
    print("|---|---|---|---|---|---|---|---|")
    results = []
    for variant in variants:
        rules = Rules.preset(variant)
        match = duplicate_match(
            rules, variant, test, base, args.deals, args.seed, args.playouts, args.minutes
        )
        results.append(match)
        gain, ci = mean_ci(match.gains)
        goal = 1.0 if variant == "standard" else 0.0
        met = gain - ci > goal if goal == 0 else gain >= goal and gain - ci > 0
        ratio = f"{gain / goal:.2f}" if goal else "—"
        target = "≥ 1.0, CI > 0" if goal else "CI > 0"
        relative, relative_ci = mean_ci(match.relative)
        print(
            f"| {variant} | {len(match.gains)} | {gain:+.2f} ± {ci:.2f} | {target} | {ratio} "
            f"| {verdict(met)} | {relative:+.2f} ± {relative_ci:.2f} | {match.seconds:.0f} |",
            flush=True,
        )
    standard = next((m for m in results if m.variant == "standard"), None)
    if standard is not None and standard.timed.wall:
        wall, cpu = standard.timed.wall, standard.timed.cpu
        median, worst = statistics.median(wall), max(wall)
        print(
            "\n| time per decision, standard rules (test bot) | measured | target | ratio "
            "| verdict |\n|---|---|---|---|---|"
        )
        print(
            f"| median wall-clock | {median:.3f} s | ≤ 0.3 s | {median / 0.3:.2f} "
            f"| {verdict(median <= 0.3)} |"
        )
        print(
            f"| slowest wall-clock | {worst:.3f} s | ≤ 1 s | {worst:.2f} "
            f"| {verdict(worst <= 1.0)} |"
        )
        print(f"| CPU: median / slowest | {statistics.median(cpu):.3f} / {max(cpu):.3f} s | | | |")
        print(f"({len(wall)} decisions, passes included)")
    return 0


# --- games to the end -------------------------------------------------------------------


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share of ``wins`` in ``games``."""
    if not games:
        return math.nan, math.nan
    z = 1.96
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    return centre - half, centre + half


def play_game(
    rules: Rules, seed: str, bots: Sequence[Bot], timed: dict[int, Timed] | None = None
) -> tuple[tuple[int, ...], int]:
    """A game to its end (the target, or the deals): its winners and its deals."""
    n = rules.players
    totals = [0] * n
    number = 0
    while True:
        scores = play_one(rules, f"{seed}:{number}", number, totals, bots, timed)
        after = [t + s for t, s in zip(totals, scores, strict=True)]
        over, winners = game_outcome(rules, totals, after, number + 1)
        totals = after
        number += 1
        if over:
            return winners, number


def games_main(args: argparse.Namespace) -> int:
    test, base = bot_spec(args.test), bot_spec(args.base)
    rules = Rules.preset(args.rules)
    n = rules.players
    print(f"# Games to the end, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    print(f"Machine: {describe_machine()}; load average at start {os.getloadavg()[0]:.1f}")
    print(
        f"{args.rules}: test bot {args.test} {test} in seat (game mod {n}), base bot "
        f"{args.base} {base} in the others; {args.playouts} playouts, seed {args.seed}."
    )
    share = 0.0
    deals = 0
    began = time.perf_counter()
    for game in range(args.games):
        seat = game % n
        bots = [monte_carlo(base, f"{args.seed}:g{game}:{p}", args.playouts) for p in range(n)]
        bots[seat] = monte_carlo(test, f"{args.seed}:g{game}:{seat}", args.playouts)
        winners, played = play_game(rules, f"{args.seed}:g{game}", bots)
        share += 1 / len(winners) if seat in winners else 0.0  # a tie shares the win
        deals += played
        if (game + 1) % 10 == 0:
            print(
                f"  {game + 1} games, {share:.1f} won, {time.perf_counter() - began:.0f} s",
                flush=True,
            )
    low, high = wilson(share, args.games)
    par = 1 / n
    rate = share / args.games
    print("\n| games | deals | test bot's share of wins (95% CI) | par | ratio | verdict |")
    print("|---|---|---|---|---|---|")
    print(
        f"| {args.games} | {deals} | {rate:.1%} ({low:.1%}–{high:.1%}) | {par:.0%} "
        f"| {rate / par:.2f} | {verdict(low > par)} (interval above par) |"
    )
    return 0


# --- against OpenSpiel's IS-MCTS ---------------------------------------------------------

OPENSPIEL_SUIT = (0, 1, 3, 2)
"""OpenSpiel's suit number for each of ours (it orders them clubs, diamonds, hearts,
spades; its card is rank × 4 + suit)."""


def to_openspiel(index: int) -> int:
    return index % 13 * 4 + OPENSPIEL_SUIT[index // 13]


def from_openspiel(action: int) -> int:
    return OPENSPIEL_SUIT.index(action % 4) * 13 + action // 4


def openspiel_deal(
    rules: Rules,
    seed: str,
    number: int,
    ours: Bot,
    seat: int,
    make_ismcts: Any,
    timed: Timed,
) -> list[int]:
    """One deal on both engines in step: ``ours`` at ``seat`` (asked with its view of our
    Deal), OpenSpiel's IS-MCTS bots at the others (asked with OpenSpiel's state); the
    deal and the pass direction are ours, every action goes to both; our scores."""
    import pyspiel

    game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False})
    state = game.new_initial_state()
    deal = Deal.new(rules, seed=seed, deal_number=number)
    state.apply_action(OPENSPIEL_DIRECTION[deal.pass_direction])
    hands = [deal.hand(p) for p in range(4)]
    for round_ in range(13):
        for player in range(4):
            state.apply_action(to_openspiel(hands[player][round_].index))
    bots = {p: make_ismcts(p) for p in range(4) if p != seat}
    if deal.phase == "pass":
        chosen: dict[int, list[int]] = {}
        while len(chosen) < 4:
            player = state.current_player()
            if player == seat:
                cards = [c.index for c in timed.time(ours.pass_cards, deal.view(seat)).cards]
                for card in cards:
                    state.apply_action(to_openspiel(card))
            else:
                # OpenSpiel 2.0.2's ISMCTSBot crashes (a segmentation fault) when asked to
                # pass once another player has passed: its seats pass as our heuristic does.
                passing = make_bot("heuristic", seed=seed).pass_cards(deal.view(player))
                cards = [c.index for c in passing.cards]
                for card in cards:
                    state.apply_action(to_openspiel(card))
            chosen[player] = cards
        for player, cards in chosen.items():
            deal.pass_cards(player, [CARDS[c] for c in cards])
    while not deal.is_over:
        player = deal.to_play
        assert state.current_player() == player
        if player == seat:
            card = timed.time(ours.play, deal.view(seat)).card.index
            action = to_openspiel(card)
        else:
            action = bots[player].step(state)
            card = from_openspiel(action)
        deal.play_index(card)
        state.apply_action(action)
    return list(deal.result().scores)


def openspiel_main(args: argparse.Namespace) -> int:
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed: pip install -e '.[openspiel]'")
        return 1
    rules = Rules()
    specs = {name: bot_spec(name) for name in args.ours}
    print(f"# Against OpenSpiel's IS-MCTS, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    print(f"Machine: {describe_machine()}; load average at start {os.getloadavg()[0]:.1f}")
    print(
        f"OpenSpiel {getattr(pyspiel, '__version__', '?')}: ISMCTSBot, random-rollout "
        f"evaluator, {args.simulations} simulations a move, uct_c {args.uct}, max visit "
        "count; its hearts with qs_breaks_hearts=False (our standard rules)."
    )
    print(f"Each deal played with our bot in every seat, IS-MCTS in the others; seed {args.seed}.")
    print("The IS-MCTS seats pass as our heuristic bot does (OpenSpiel 2.0.2's ISMCTSBot")
    print("crashes when asked to pass after another player has passed), then play on their own.")
    print("Margin: IS-MCTS seats' mean points minus our bot's, a deal (positive: ours ahead).\n")

    # The bots hold their evaluators without owning them: keep each alive with its game.
    alive: list[Any] = []

    def make_ismcts_for(key: str) -> Any:
        def make(player: int) -> Any:
            evaluator = pyspiel.RandomRolloutEvaluator(
                1, zlib.crc32(f"{key}:{player}".encode()) % 2**31
            )
            alive.append(evaluator)
            return pyspiel.ISMCTSBot(
                zlib.crc32(f"{key}:{player}:bot".encode()) % 2**31,
                evaluator,
                args.uct,
                args.simulations,
                -1,
                pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                False,
                False,
            )

        return make

    margins: dict[str, list[float]] = {name: [] for name in specs}
    timed = {name: Timed() for name in specs}
    for number in range(args.deals):
        alive.clear()
        deal_seed = f"{args.seed}:os:{number}"
        for name, spec in specs.items():
            margin = 0.0
            for seat in range(4):
                ours = monte_carlo(spec, f"{deal_seed}:{seat}", args.playouts)
                key = f"{deal_seed}:{seat}"
                scores = openspiel_deal(
                    rules, deal_seed, number % 4, ours, seat, make_ismcts_for(key), timed[name]
                )
                others = [s for p, s in enumerate(scores) if p != seat]
                margin += statistics.fmean(others) - scores[seat]
            margins[name].append(margin / 4)
        if (number + 1) % 5 == 0:
            print(
                f"  {number + 1} deals: "
                + ", ".join(f"{name} {statistics.fmean(m):+.2f}" for name, m in margins.items()),
                flush=True,
            )
    print("\n| our bot | deals | margin over IS-MCTS, points a deal (95% CI) | median s/move |")
    print("|---|---|---|---|")
    for name, values in margins.items():
        margin, ci = mean_ci(values)
        print(
            f"| {name} {specs[name]} | {len(values)} | {margin:+.2f} ± {ci:.2f} "
            f"| {statistics.median(timed[name].wall):.3f} |"
        )
    if len(specs) == 2:
        first, second = list(specs)
        gaps = [b - a for a, b in zip(margins[first], margins[second], strict=True)]
        gap, ci = mean_ci(gaps)
        print(
            f"\nWider margin, {second} minus {first}, same deals and seats: {gap:+.2f} ± {ci:.2f}"
            f" points a deal: {verdict(gap - ci > 0)} (target: wider, interval above 0)"
        )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command")
    add_levels_options(commands.add_parser("levels", help="each level against the one below"))
    duplicate = commands.add_parser("duplicate", help="a bot against another, duplicate")
    games = commands.add_parser("games", help="games to the end: the share of wins")
    spiel = commands.add_parser("openspiel", help="against OpenSpiel's IS-MCTS")
    for command in (duplicate, games, spiel):
        command.add_argument("--seed", type=int, default=2026)
        command.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS)
    for command in (duplicate, games):
        command.add_argument("--test", default="new", help="new, today, or exact=N,...")
        command.add_argument("--base", default="today")
    duplicate.add_argument("--deals", type=int, default=100)
    duplicate.add_argument("--variants", nargs="*", default=None, help="presets")
    duplicate.add_argument(
        "--minutes", type=float, default=None, help="start no deal after this long (a variant)"
    )
    games.add_argument("--games", type=int, default=100)
    games.add_argument("--rules", default="standard")
    spiel.add_argument("--deals", type=int, default=40)
    spiel.add_argument("--ours", nargs="+", default=["today", "new"])
    spiel.add_argument("--simulations", type=int, default=1000)
    spiel.add_argument("--uct", type=float, default=2.0)
    if not argv or argv[0].startswith("-"):
        argv.insert(0, "levels")  # the run of issue 3, as before
    args = parser.parse_args(argv)
    run = {
        "levels": levels_main,
        "duplicate": duplicate_main,
        "games": games_main,
        "openspiel": openspiel_main,
    }[args.command]
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
