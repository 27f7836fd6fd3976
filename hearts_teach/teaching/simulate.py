"""Many seeded games between bots, spread over processes, summarised per variant.

Each game is fixed by its variant, its seed and the bots' levels: the deals come from
``Game(rules, seed)`` and each seat's bot is seeded from the game's seed and the seat.
Results are put back in seed order, so the summary is the same whatever the number of
workers.
"""

from __future__ import annotations

import csv
import math
import os
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import IO, Final

from hearts_teach.bots import DEFAULT_LEVEL, make_bot
from hearts_teach.bots.seats import play_out, seat_seed
from hearts_teach.errors import HeartsError
from hearts_teach.game import Game
from hearts_teach.i18n import decimal, join_words, message, one_decimal, seat_name, text
from hearts_teach.rules import Rules
from hearts_teach.teaching.compare import COMPARED, variant_label


class SimulationError(HeartsError):
    """A simulation that cannot be run as asked; the message says why, in both languages."""


MAX_DEALS: Final = 300
"""A game still tied after this many deals is stopped and counted as unfinished."""

MAX_GAMES: Final = 100_000
"""The most games of one variant in one simulation: about half an hour on two cores at
the default level, and a few hundred megabytes of records. More is refused, not started."""

VARIANT_KEYS: Final = tuple(key for key, _, _ in COMPARED) + tuple(
    # the presets the comparison does not show (three, five and six players, the
    # shooter's choice: docs/rules.md §15, §3.2) can be simulated all the same
    name
    for name in Rules.PRESETS
    if name not in {key for key, _, _ in COMPARED}
)


def variant_rules(key: str) -> Rules:
    """Rules for a variant key of the comparison (a preset name, or ``spot+new``...)."""
    for name, preset, changes in COMPARED:
        if name == key:
            return Rules.preset(preset, **changes)
    if key in Rules.PRESETS:
        return Rules.preset(key)
    raise SimulationError("sim_variant", name=key, choices=", ".join(VARIANT_KEYS))


@dataclass(frozen=True)
class GameRecord:
    """One simulated game: how long it ran, its moons, its winners and every deal score."""

    variant: str
    seed: int
    deals: int
    moons: int
    finished: bool
    winners: tuple[int, ...]
    margin: int
    totals: tuple[int, ...]
    deal_scores: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class SimulationTask:
    variant: str
    seeds: tuple[int, ...]
    levels: tuple[str, ...]


def _margin(rules: Rules, totals: Sequence[int], winners: Sequence[int]) -> int:
    """How far the winning player (or team) is ahead of the best of the others."""
    teams = rules.teams()
    sums = [sum(totals[p] for p in team) for team in teams]
    winning = [i for i, team in enumerate(teams) if set(team) == set(winners)]
    if not winning or len(sums) < 2:
        return 0
    best = sums[winning[0]]
    others = [s for i, s in enumerate(sums) if i != winning[0]]
    return best - max(others) if rules.reverse else min(others) - best


def play_game(variant: str, seed: int, levels: Sequence[str]) -> GameRecord:
    """Play one whole game between bots (``levels`` has one entry per seat)."""
    rules = variant_rules(variant)
    game = Game(rules, seed=seed)
    bots = [
        make_bot(level, seed=seat_seed(seed, seat))
        for seat, level in enumerate(_per_seat(levels, rules.players, variant))
    ]
    while True:
        play_out(game.deal, bots)
        if game.is_over or len(game.history) >= MAX_DEALS:
            break
        game.next_deal()
    results = game.results
    winners = game.winners
    return GameRecord(
        variant=variant,
        seed=seed,
        deals=len(results),
        moons=sum(1 for r in results if r.moon is not None),
        finished=game.is_over,
        winners=winners,
        margin=_margin(rules, game.totals, winners) if winners else 0,
        totals=game.totals,
        deal_scores=tuple(r.scores for r in results),
    )


def _per_seat(levels: Sequence[str], players: int, variant: str = "") -> list[str]:
    if not levels:
        return [DEFAULT_LEVEL] * players
    if len(levels) == 1:
        return [levels[0]] * players
    if len(levels) != players:
        raise SimulationError("sim_levels", count=len(levels), variant=variant, players=players)
    return list(levels)


def check_simulation(variants: Sequence[str], games: int, levels: Sequence[str], jobs: int) -> None:
    """Refuse, before any game is played, what :func:`simulate` could not do: an unknown
    variant or bot level, a bot list whose length is neither 1 nor a variant's number of
    players, a number of games out of 1 … ``MAX_GAMES``, fewer than one worker."""
    from hearts_teach.bots import LEVELS

    for variant in variants:
        variant_rules(variant)
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise SimulationError("sim_games", games=games, most=MAX_GAMES)
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise SimulationError("sim_jobs", jobs=jobs)
    for level in levels:
        if level not in LEVELS:
            raise SimulationError("sim_level", level=level, choices=", ".join(LEVELS))
    for variant in variants:
        _per_seat(levels, variant_rules(variant).players, variant)


def worker_count(jobs: int, tasks: int) -> int:
    """The processes actually started: never more than the cores, nor than the tasks."""
    return max(1, min(jobs, os.cpu_count() or 1, tasks))


def _run_task(task: SimulationTask) -> list[GameRecord]:
    return [play_game(task.variant, seed, task.levels) for seed in task.seeds]


@dataclass(frozen=True)
class VariantSummary:
    """What a teacher reads off many games of one variant."""

    variant: str
    records: tuple[GameRecord, ...]

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def deals_per_game(self) -> Counter[int]:
        return Counter(r.deals for r in self.records)

    @property
    def mean_deals(self) -> float:
        return statistics.fmean(r.deals for r in self.records) if self.records else 0.0

    @property
    def total_deals(self) -> int:
        return sum(r.deals for r in self.records)

    @property
    def moon_rate(self) -> float:
        """Moons per deal."""
        deals = self.total_deals
        return sum(r.moons for r in self.records) / deals if deals else 0.0

    @property
    def has_moon(self) -> bool:
        """Whether this variant's rules have a moon at all (Black Maria has none): a
        rate of 0 would then read as "no moon happened"."""
        return variant_rules(self.variant).effective_moon != "none"

    @property
    def moon_rate_error(self) -> float:
        """The standard error of :attr:`moon_rate` (moons per deal), each deal counted
        as a trial of its own."""
        return _proportion_error(self.moon_rate, self.total_deals)

    @property
    def margins(self) -> list[int]:
        return [r.margin for r in self.records if r.finished]

    @property
    def mean_margin(self) -> float:
        margins = self.margins
        return statistics.fmean(margins) if margins else 0.0

    @property
    def deal_scores(self) -> list[int]:
        """Every player's score for every deal, flattened."""
        return [score for r in self.records for scores in r.deal_scores for score in scores]

    @property
    def points_per_deal(self) -> float:
        scores = self.deal_scores
        return statistics.fmean(scores) if scores else 0.0

    @property
    def unfinished(self) -> int:
        return sum(1 for r in self.records if not r.finished)

    @property
    def wins_by_seat(self) -> tuple[int, ...]:
        players = variant_rules(self.variant).players
        wins = [0] * players
        for record in self.records:
            for seat in record.winners:
                wins[seat] += 1
        return tuple(wins)

    @property
    def wins_by_seat_error(self) -> tuple[float, ...]:
        """The standard error of each seat's number of wins (each game a trial): with
        200 games, 43 and 63 wins are within two standard errors of each other's
        seats' expected 50, so no seat is shown to be favoured."""
        games = self.games
        return tuple(
            games * _proportion_error(wins / games, games) if games else 0.0
            for wins in self.wins_by_seat
        )


def _proportion_error(rate: float, trials: int) -> float:
    """The standard error of a proportion ``rate`` observed over ``trials`` trials, by
    Agresti and Coull's "plus four" rule (two successes and two failures added), so that
    a rate seen as 0 out of a few trials still has a margin, not ± 0."""
    if not trials:
        return 0.0
    adjusted = (rate * trials + 2) / (trials + 4)
    return math.sqrt(adjusted * (1 - adjusted) / (trials + 4))


ERROR_FACTOR: Final = 2
"""Margins of error are shown as this many standard errors (about 95 %), the rule the
deal review states too."""


def with_margin(value: float, error: float, lang: str, digits: int = 1) -> str:
    """``5.5 ± 1.2``: a figure with its margin of error (:data:`ERROR_FACTOR` standard
    errors), in the language's numbers, to ``digits`` decimals."""
    return text(
        "sim.with_margin",
        lang,
        value=decimal(value, lang, digits),
        margin=decimal(ERROR_FACTOR * error, lang, digits),
    )


def csv_separator(lang: str) -> str:
    """The field separator a spreadsheet of ``lang`` opens by itself: a comma, or a
    semicolon where the comma is the decimal point (French Excel)."""
    return message("sim.csv_separator", lang)


@dataclass(frozen=True)
class Simulation:
    """The summaries of every variant simulated, in the order asked."""

    summaries: tuple[VariantSummary, ...]

    def table(self, lang: str = "en") -> list[list[str]]:
        header = [
            text("sim.variant", lang),
            text("sim.games", lang),
            text("sim.deals_mean", lang),
            text("sim.deals_range", lang),
            text("sim.moon_rate", lang),
            text("sim.margin", lang),
            text("sim.points", lang),
            text("sim.unfinished", lang, most=MAX_DEALS),
            text("sim.wins_by_seat", lang),
        ]
        rows = [header]
        for s in self.summaries:
            deals = [r.deals for r in s.records] or [0]
            rows.append(
                [
                    variant_label(s.variant, lang),
                    str(s.games),
                    one_decimal(s.mean_deals, lang),
                    f"{min(deals)}–{max(deals)}",
                    # a variant without a moon (Black Maria) has no rate to show, not 0
                    with_margin(100 * s.moon_rate, 100 * s.moon_rate_error, lang)
                    if s.has_moon
                    else text("sim.no_moon", lang),
                    one_decimal(s.mean_margin, lang),
                    one_decimal(s.points_per_deal, lang),
                    str(s.unfinished),
                    " / ".join(
                        f"{seat_name(seat, len(s.wins_by_seat), lang)} "
                        + with_margin(wins, error, lang, digits=0)
                        for seat, (wins, error) in enumerate(
                            zip(s.wins_by_seat, s.wins_by_seat_error, strict=True)
                        )
                    ),
                ]
            )
        return rows

    def text_table(self, lang: str = "en") -> str:
        """One block per variant (the table is too wide for a terminal as columns)."""
        rows = self.table(lang)
        header, body = rows[0], rows[1:]
        width = max(len(h) for h in header)
        blocks = []
        for row in body:
            lines = [row[0], "-" * len(row[0])]
            lines += [
                f"{h.ljust(width)}  {cell}" for h, cell in zip(header[1:], row[1:], strict=True)
            ]
            blocks.append("\n".join(lines))
        return "\n\n".join([*blocks, text("sim.margin_note", lang)])

    def write_csv(self, stream: IO[str], lang: str = "en", separator: str | None = None) -> None:
        """One line per game, its column names in ``lang``: the variant's key (as
        ``--variant`` takes it), the seed, the deals, moons, whether the game ended,
        its winners and margin, then each seat's final total under the seat's name (a
        table of three has no North: that cell stays empty). ``separator``: the
        language's (:func:`csv_separator`) unless given."""
        writer = csv.writer(stream, delimiter=separator or csv_separator(lang))
        seats: list[str] = []  # every seat's name, the largest table's first
        tables = sorted({variant_rules(s.variant).players for s in self.summaries}, reverse=True)
        for players in tables:
            seats += [n for p in range(players) if (n := seat_name(p, players, lang)) not in seats]
        writer.writerow(
            [
                message(f"sim.csv.{column}", lang)
                for column in ("variant", "seed", "deals", "moons", "finished", "winners", "margin")
            ]
            + seats
        )
        for summary in self.summaries:
            players = variant_rules(summary.variant).players
            names = [seat_name(p, players, lang) for p in range(players)]
            for r in summary.records:
                totals = dict(zip(names, r.totals, strict=True))
                writer.writerow(
                    [
                        r.variant,
                        r.seed,
                        r.deals,
                        r.moons,
                        int(r.finished),
                        join_words([names[w] for w in r.winners], lang),
                        r.margin,
                        *(totals.get(seat, "") for seat in seats),
                    ]
                )


Progress = Callable[[int, int], None]


def simulate(
    variants: Sequence[str],
    games: int,
    *,
    levels: Sequence[str] = (),
    jobs: int = 1,
    seed: int = 0,
    chunk: int | None = None,
    progress: Progress | None = None,
) -> Simulation:
    """Play ``games`` games of each variant (seeds ``seed`` … ``seed + games - 1``).

    Up to ``jobs`` worker processes (never more than the cores or the chunks of games)
    share the games in chunks of ``chunk`` games (by default about four chunks per
    worker, so that the progress moves and no worker waits long for the last one);
    ``progress`` is called with (games done, games in all) as chunks come back.
    ``levels`` is one bot level for every seat, or one per seat. What cannot be run
    (see :func:`check_simulation`) raises :class:`SimulationError` before any game.
    """
    levels = tuple(levels)
    check_simulation(variants, games, levels, jobs)
    jobs = min(jobs, os.cpu_count() or 1)
    if chunk is None:
        chunk = max(1, -(-games // (4 * jobs)))
    tasks = [
        SimulationTask(variant, tuple(range(start, min(start + chunk, seed + games))), levels)
        for variant in variants
        for start in range(seed, seed + games, max(1, chunk))
    ]
    total = games * len(variants)
    done = 0
    collected: list[GameRecord] = []
    if progress is not None:
        progress(0, total)
    jobs = worker_count(jobs, len(tasks))
    if jobs <= 1:
        for task in tasks:
            collected += _run_task(task)
            done += len(task.seeds)
            if progress is not None:
                progress(done, total)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            pending: set[Future[list[GameRecord]]] = {pool.submit(_run_task, t) for t in tasks}
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    records = future.result()
                    collected += records
                    done += len(records)
                if progress is not None:
                    progress(done, total)
    by_variant: dict[str, list[GameRecord]] = {v: [] for v in variants}
    for record in collected:
        by_variant[record.variant].append(record)
    summaries = tuple(
        VariantSummary(v, tuple(sorted(by_variant[v], key=lambda r: r.seed))) for v in variants
    )
    return Simulation(summaries)
