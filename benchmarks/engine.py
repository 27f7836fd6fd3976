"""Engine speed: random legal deals through the public API, and copy + playout.

When OpenSpiel is installed (``pip install -e '.[openspiel]'``), its C++ ``hearts``
runs through its Python API in the same process, interleaved in short slices within
each round (a burst of load from other jobs falls on both), dealing from a shuffled
deck; the table gives the median over the rounds of the ratio (ours / OpenSpiel), with
its range.

The engine is measured as installed: compiled by mypyc, as ``pip install .`` and
``make venv`` build it with a C compiler (setup.py; ``hearts_teach.COMPILED``), then
interpreted, the same installation run with ``HEARTS_TEACH_PURE=1``; each in its own
process with OpenSpiel interleaved.

    python benchmarks/engine.py [--rounds 7] [--seconds 1.0] [--engine both] [--players 4]

With ``--players`` 3, 5 or 6 (docs/rules.md §15) it times our engine alone, OpenSpiel's
game being for four players only.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from machine import describe_machine

import hearts_teach
import hearts_teach.deal
from hearts_teach import Deal, Rules

PURE_SWITCH = "HEARTS_TEACH_PURE"
TARGET = 1.5
"""The issue's target: at least this many times OpenSpiel's speed, deals and playouts."""

RULES = Rules()
# OpenSpiel's pass-direction chance outcomes: 0 no pass, 1 left, 2 across, 3 right.
OPENSPIEL_DIRECTION = {"left": 1, "across": 2, "right": 3, None: 0}


PLAYOUT_START = 20
"""Cards played before the playout position: a playout then plays 52 - 20 cards."""


def ours_deal_and_pass(rng: random.Random, number: int) -> Deal:
    deal = Deal.new(RULES, rng=rng, deal_number=number)
    if deal.phase == "pass":
        for player in range(RULES.players):
            deal.pass_cards(player, rng.sample(deal.hand(player), 3))
    return deal


def ours_full_deal(rng: random.Random, number: int) -> None:
    deal = ours_deal_and_pass(rng, number)
    while not deal.is_over:
        deal.play(rng.choice(deal.legal_moves()))


def ours_playout_setup(rng: random.Random) -> Deal:
    deal = Deal.new(RULES, rng=rng, deal_number=3)
    if deal.phase == "pass":  # deal 3 holds with four players, not with three, five, six
        for player in range(RULES.players):
            deal.pass_cards(player, rng.sample(deal.hand(player), 3))
    for _ in range(PLAYOUT_START):
        deal.play(rng.choice(deal.legal_moves()))
    return deal


def ours_playout(position: Deal, rng: random.Random) -> None:
    deal = position.copy()
    while not deal.is_over:
        deal.play(rng.choice(deal.legal_moves()))


def openspiel_deal_and_pass(game: Any, rng: random.Random, number: int) -> Any:
    state = game.new_initial_state()
    direction = RULES.pass_direction(number)
    state.apply_action(OPENSPIEL_DIRECTION[direction])
    deck = list(range(52))
    rng.shuffle(deck)
    for card in deck:
        state.apply_action(card)
    if direction is not None:
        for _ in range(12):
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def openspiel_full_deal(game: Any, rng: random.Random, number: int) -> None:
    state = openspiel_deal_and_pass(game, rng, number)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))


def openspiel_playout_setup(game: Any, rng: random.Random) -> Any:
    state = game.new_initial_state()
    state.apply_action(0)
    deck = list(range(52))
    rng.shuffle(deck)
    for card in deck:
        state.apply_action(card)
    for _ in range(PLAYOUT_START):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def openspiel_playout(position: Any, rng: random.Random) -> None:
    state = position.clone()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))


def per_card(playouts_per_second: float) -> float:
    """Microseconds per card of a playout (the copy included)."""
    return 1e6 / (playouts_per_second * (RULES.deck_size - PLAYOUT_START))


SLICES = 20
"""Each round alternates the two engines this many times, so that a burst of load from
other jobs on the machine falls on both alike."""


def rates(
    ours: Callable[[int], object], theirs: Callable[[int], object] | None, seconds: float
) -> tuple[float, float]:
    """Calls per second of ``ours`` and ``theirs``, each run for about ``seconds`` in
    ``SLICES`` alternating slices (``theirs`` None: ours alone, and 0.0 for theirs)."""
    tasks = [ours] if theirs is None else [ours, theirs]
    counts = [0, 0]
    elapsed = [0.0, 0.0]
    for _ in range(SLICES):
        for which, task in enumerate(tasks):
            start = time.perf_counter()
            while True:
                task(counts[which])
                counts[which] += 1
                spent = time.perf_counter() - start
                if spent >= seconds / SLICES:
                    break
            elapsed[which] += spent
    return counts[0] / elapsed[0], (counts[1] / elapsed[1] if theirs is not None else 0.0)


def engine_kind() -> str:
    """Which engine this process runs, as the package says and as its files show."""
    path = hearts_teach.deal.__file__ or ""
    if (not path.endswith(".py")) != hearts_teach.COMPILED:
        sys.exit(f"hearts_teach.COMPILED is {hearts_teach.COMPILED} but deal is {path}")
    return "compiled (mypyc)" if hearts_teach.COMPILED else "interpreted"


def run_engine(engine: str, argv: list[str]) -> None:
    """Run this benchmark in a new process on one build of the installed package."""
    environment = dict(os.environ)
    environment.pop(PURE_SWITCH, None)
    if engine == "interpreted":
        environment[PURE_SWITCH] = "1"
    command = [sys.executable, __file__, *argv, "--engine", engine, "--here"]
    subprocess.run(command, env=environment, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--engine", choices=("interpreted", "compiled", "both"), default="both")
    parser.add_argument("--players", type=int, choices=(3, 4, 5, 6), default=4)
    parser.add_argument("--here", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    timing = ["--rounds", str(args.rounds), "--seconds", str(args.seconds)]
    timing += ["--players", str(args.players)]
    global RULES
    RULES = Rules(players=args.players)
    if args.here:
        wanted = "compiled (mypyc)" if args.engine == "compiled" else "interpreted"
        if engine_kind() != wanted:
            sys.exit(
                f"asked for the {wanted} engine, but this installation runs the "
                f"{engine_kind()} one (`make venv` builds it with a C compiler)"
            )
        measure(args.rounds, args.seconds)
        return
    engines = ("compiled", "interpreted") if args.engine == "both" else (args.engine,)
    for number, engine in enumerate(engines):
        if number:
            print()
        run_engine(engine, timing)


def measure(rounds: int, seconds: float) -> None:
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    if RULES.players != 4:
        pyspiel = None  # OpenSpiel's hearts is a four-player game: ours alone
        print(f"{RULES.players} players, our engine alone\n")
    game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False}) if pyspiel is not None else None

    rng = random.Random(2026)
    position = ours_playout_setup(rng)
    os_position = openspiel_playout_setup(game, rng) if game is not None else None
    rows: dict[str, list[float]] = {
        "ours: deals/s": [],
        "ours: deal+pass only/s": [],
        "ours: copy+playout/s": [],
        "ours: µs per card in playout": [],
        "openspiel: deals/s": [],
        "openspiel: deal+pass only/s": [],
        "openspiel: clone+playout/s": [],
        "openspiel: µs per card": [],
        "ratio deals": [],
        "ratio playouts": [],
    }
    for _ in range(rounds):
        os_deals_task = os_playout_task = os_pass_task = None
        if game is not None:

            def os_deals_task(n: int) -> None:
                openspiel_full_deal(game, rng, n)

            def os_playout_task(n: int) -> None:
                openspiel_playout(os_position, rng)

            def os_pass_task(n: int) -> None:
                openspiel_deal_and_pass(game, rng, n)

        ours_deals, os_deals = rates(lambda n: ours_full_deal(rng, n), os_deals_task, seconds)
        ours_playouts, os_playouts = rates(
            lambda n: ours_playout(position, rng), os_playout_task, seconds
        )
        ours_pass, os_pass = rates(lambda n: ours_deal_and_pass(rng, n), os_pass_task, seconds)
        rows["ours: deals/s"].append(ours_deals)
        rows["ours: deal+pass only/s"].append(ours_pass)
        rows["ours: copy+playout/s"].append(ours_playouts)
        rows["ours: µs per card in playout"].append(per_card(ours_playouts))
        if game is not None:
            rows["openspiel: deals/s"].append(os_deals)
            rows["openspiel: deal+pass only/s"].append(os_pass)
            rows["openspiel: clone+playout/s"].append(os_playouts)
            rows["openspiel: µs per card"].append(per_card(os_playouts))
            rows["ratio deals"].append(ours_deals / os_deals)
            rows["ratio playouts"].append(ours_playouts / os_playouts)

    print(
        f"# Engine speed, {engine_kind()} ({platform.python_implementation()} "
        f"{platform.python_version()}, {rounds} interleaved rounds of {seconds:.1f} s)"
    )
    print()
    print(f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {describe_machine()},")
    print(f"load average {os.getloadavg()[0]:.2f}")
    print()
    print(f"| {'measure':28} | {'median':>10} | {'min':>10} | {'max':>10} |")
    print(f"|{'-' * 30}|{'-' * 12}|{'-' * 12}|{'-' * 12}|")
    for name, values in rows.items():
        if not values:
            continue
        print(
            f"| {name:28} | {statistics.median(values):10.2f} | {min(values):10.2f} "
            f"| {max(values):10.2f} |"
        )
    print()
    if RULES.players != 4:
        return  # no OpenSpiel game to compare with
    if game is None:
        print("OpenSpiel is not installed: no ratio (pip install -e '.[openspiel]').")
        return
    for name in ("ratio deals", "ratio playouts"):
        ratio = statistics.median(rows[name])
        verdict = "met" if ratio >= TARGET else "NOT met"
        print(f"target {name} >= {TARGET}: median {ratio:.2f} -> {verdict}")


if __name__ == "__main__":
    main()
