"""Puzzles: positions from the strong bot's self-play where one choice clearly beats
every other, mined offline and stored as versioned data in the package.

Mining (``python -m hearts_teach.teaching.puzzles mine``) plays seeded deals of every
variant of :data:`VARIANTS`, each seat the Monte-Carlo bot (``SELF_PLAY_PLAYOUTS``
playouts a decision). Each decision with more than one choice (the pass included) is
screened on the bot's own weighing: a lead of the best option over the next below
``SCREEN_MARGIN`` is dropped there. A position that passes is priced again, every option
in the same ``PRICE_SAMPLES`` fresh sampled deals (paired), in points of the bot's
objective, and kept only under the acceptance rule (:func:`accepted`): the best option
beats every other by at least ``MIN_MARGIN`` points and by at least ``MIN_ERRORS``
standard errors of the paired difference. The position is the deal as played so far
(its share code: the seat's view, everything it has seen, shown from it).

Each puzzle carries its answer (the cards that play as the best option), its theme
(from the bots' checked reason for the answer, :func:`theme_of_reason`), its variant, a
starting rating (:func:`starting_rating`), every option's cost beside the answer with
its error, and an explanation in both languages: the bots' checked reason for the
answer (a reason whose facts all hold in the position) and the figures.

The data is one JSON file, ``hearts_teach/data/puzzles.json``: ``{"version": 1,
"rule": {...}, "puzzles": [...]}``, each puzzle a record keyed by its share code. The
command appends to it (deals already mined are skipped), so anyone can re-run it to
continue the mining.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Final

from hearts_teach.bots.catalog import Said, points
from hearts_teach.bots.montecarlo import MonteCarloBot, Weighing
from hearts_teach.bots.policy import Situation, choose_play, context, pass_scores
from hearts_teach.bots.simple import pass_reasons, passes_to_partner, play_reason
from hearts_teach.bots.weigh import difference, mean
from hearts_teach.cards import CARDS, Card, Suit
from hearts_teach.deal import Deal, PlayerView
from hearts_teach.i18n import card_symbols, decimal, text
from hearts_teach.records import deal_from_code, share_code
from hearts_teach.rules import Rules
from hearts_teach.teaching.themes import theme_of_reason

FORMAT_VERSION: Final = 1
VARIANTS: Final = (
    "standard",
    "new-moon",
    "spot",
    "omnibus",
    "black-maria",
    "black-maria-3",
    "two-player",
    "three-player",
    "five-player",
    "six-player",
    "reverse",
    "partnership",
)
"""The variants mined, each a preset of :class:`~hearts_teach.rules.Rules`."""
MIN_MARGIN: Final = 2.0
"""Points of the bot's objective by which the answer must beat every other choice."""
MIN_ERRORS: Final = 3.0
"""Standard errors of the paired difference by which it must beat every other."""
SCREEN_MARGIN: Final = 1.5
"""The lead over the next option, on the bot's own weighing, below which a position
is not priced again (a cheap first sieve; the acceptance rule decides)."""
SELF_PLAY_PLAYOUTS: Final = 200
PRICE_SAMPLES: Final = 300
"""Fresh sampled deals in which every option is played out to price a position."""
DATA: Final = Path(__file__).resolve().parents[1] / "data" / "puzzles.json"


@dataclass(frozen=True)
class Option:
    """One choice of a puzzle: its cards, and what it costs beside the answer (points of
    the bot's objective, paired over the same deals) with the standard error."""

    cards: tuple[str, ...]
    cost: float
    error: float


@dataclass(frozen=True)
class Puzzle:
    """A mined position and its answer (card names as :meth:`Card.parse` reads them)."""

    code: str
    player: int
    variant: str
    kind: str
    answers: tuple[tuple[str, ...], ...]
    options: tuple[Option, ...]
    theme: str
    reason: str
    reason_params: dict[str, Any]
    rating: float
    samples: int
    seed: str
    margin: float
    error: float
    rd: float = 350.0
    volatility: float = 0.06
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return f"{self.code}:{self.player}"

    def position(self) -> Deal:
        return deal_from_code(self.code)

    def view(self) -> PlayerView:
        return self.position().view(self.player)

    def is_answer(self, cards: Sequence[Card]) -> bool:
        tried = {card.code for card in cards}
        if self.kind == "pass":
            return any(tried == set(answer) for answer in self.answers)
        return len(tried) == 1 and any(tried <= set(answer) for answer in self.answers)

    def option_of(self, cards: Sequence[Card]) -> Option | None:
        """The option ``cards`` play as (a card of a group, or a whole pass); None for a
        pass the mining did not weigh."""
        tried = {card.code for card in cards}
        for option in self.options:
            if (self.kind != "pass" and tried <= set(option.cards)) or tried == set(option.cards):
                return option
        return None

    def explanation(self, lang: str = "en") -> str:
        """The bots' checked reason for the answer, then the figures."""
        answer = [Card.parse(name) for name in self.answers[0]]
        if self.kind == "pass":
            said = text("puzzle.explain.pass", lang, cards=card_symbols(answer, lang, sep=" "))
        else:
            params = {**_params(self.reason_params), "card": answer[0]}
            said = Said(self.reason, params).text(lang, "hint")
        figures = text(
            "puzzle.explain.figures",
            lang,
            margin=points(self.margin, lang),
            error=decimal(self.error, lang),
            samples=self.samples,
        )
        return f"{said} {figures}"

    def to_json(self) -> dict[str, Any]:
        record = asdict(self)
        record["options"] = [asdict(option) for option in self.options]
        return record

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> Puzzle:
        values = dict(record)
        values["answers"] = tuple(tuple(a) for a in values["answers"])
        values["options"] = tuple(
            Option(tuple(o["cards"]), o["cost"], o["error"]) for o in values["options"]
        )
        return cls(**values)


def _params(stored: dict[str, Any]) -> dict[str, object]:
    """Reason parameters back from JSON: cards by name (``"card:QS"``), a suit (the
    reasons' ``suit``) by its number."""
    out: dict[str, object] = {}
    for name, value in stored.items():
        if isinstance(value, str) and value.startswith("card:"):
            out[name] = Card.parse(value[5:])
        elif name == "suit" and isinstance(value, int):
            out[name] = Suit(value)
        else:
            out[name] = value
    return out


def _stored(params: dict[str, object]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in params.items():
        if isinstance(value, Card):
            out[name] = f"card:{value.code}"
        elif isinstance(value, int | float | str):
            out[name] = value
    return out


# --- the acceptance rule ------------------------------------------------------------------


def accepted(costs: Sequence[Sequence[float]]) -> tuple[int, float, float] | None:
    """The acceptance rule on options' paired costs (one list per option, the same
    deals): the best option (lowest mean), its smallest margin over any other and that
    difference's standard error, when it beats every other by ``MIN_MARGIN`` points and
    ``MIN_ERRORS`` standard errors; else None."""
    if len(costs) < 2:
        return None
    means = [math.fsum(c) / len(c) for c in costs]
    best = min(range(len(costs)), key=lambda i: (means[i], i))
    worst_case: tuple[float, float] | None = None
    for index, other in enumerate(costs):
        if index == best:
            continue
        gap, error = difference(other, costs[best])
        if gap < MIN_MARGIN or gap < MIN_ERRORS * error:
            return None
        if (
            worst_case is None
            or gap - MIN_ERRORS * error < worst_case[0] - MIN_ERRORS * worst_case[1]
        ):
            worst_case = (gap, error)
    assert worst_case is not None
    return best, worst_case[0], worst_case[1]


def _screened(weighing: Weighing) -> bool:
    """The best option of the bot's own weighing leads the next by ``SCREEN_MARGIN``."""
    means = sorted(mean(o.cost, o.weights) for o in weighing.outcomes)
    return len(means) > 1 and means[1] - means[0] >= SCREEN_MARGIN


def price(
    view: PlayerView, seed: str, samples: int = PRICE_SAMPLES
) -> tuple[list[tuple[int, ...]], list[list[float]]]:
    """Every option of the seat's decision (groups of cards that play the same, or the
    bot's candidate passes) played out in the same ``samples`` fresh deals drawn for
    ``seed``: the options and their costs, deal by deal."""
    bot = MonteCarloBot(seed=seed, playouts=SELF_PLAY_PLAYOUTS, time_limit=None)
    if view.phase == "pass":
        options = list(bot.weigh_pass(view).options)
        outcomes, _ = bot.compare_passes(view, options, samples, "puzzle")
        return [tuple(o) for o in options], [o.cost for o in outcomes]
    groups, found, _ = bot.evaluate(view, samples=samples, purpose="puzzle")
    return [tuple(g) for g in groups.values()], [found[first].cost for first in groups]


# --- themes and ratings ----------------------------------------------------------------


def starting_rating(options: int, margin: float, rule_agrees: bool) -> float:
    """A puzzle's rating before anyone has tried it: harder with more options, when the
    rule of thumb would miss the answer, and with a smaller margin (Glicko-2 then moves
    it with each try)."""
    rating = 1200 + 150 * math.log2(options) + (0 if rule_agrees else 300)
    return round(rating - 20 * min(margin - MIN_MARGIN, 10), 1)


# --- mining --------------------------------------------------------------------------------


def _kept(
    deal: Deal, view: PlayerView, variant: str, seed: str, rule: tuple[int, ...]
) -> Puzzle | None:
    options, costs = price(view, seed)
    verdict = accepted(costs)
    if verdict is None:
        return None
    best, margin, error = verdict
    centre = [math.fsum(c) / len(c) for c in costs]
    answer = tuple(CARDS[c] for c in options[best])
    ctx = context(view.rules)
    if view.phase == "pass":
        kind = "pass"
        count = len(answer)
        _scores, kinds = pass_scores(ctx, view.hand, count, passes_to_partner(view))
        parts = pass_reasons(ctx, view.hand, sorted(options[best]), kinds)
        reason, params = parts[0][1].key, dict(parts[0][1].params)
        theme = "pass"
        answers = (tuple(sorted(c.code for c in answer)),)
    else:
        kind = "lead" if not view.trick else "follow"
        if view.trick and answer[0].suit != view.trick[0][1].suit:
            kind = "discard"
        reason, params = play_reason(ctx, Situation.from_view(view), options[best][0], "")
        params.pop("card", None)
        theme = theme_of_reason(reason, answer)
        answers = (tuple(c.code for c in answer),)
    rows = []
    for index, option in enumerate(options):
        if index == best:
            continue
        gap, gap_error = difference(costs[index], costs[best])
        rows.append(
            Option(tuple(CARDS[c].code for c in option), round(gap, 3), round(gap_error, 3))
        )
    rows.sort(key=lambda o: o.cost)
    agrees = set(rule) <= set(options[best])
    return Puzzle(
        code=share_code(deal),
        player=view.player,
        variant=variant,
        kind=kind,
        answers=answers,
        options=tuple(rows),
        theme=theme,
        reason=reason,
        reason_params=_stored(params),
        rating=starting_rating(len(options), margin, agrees),
        samples=len(costs[0]),
        seed=seed,
        margin=round(margin, 3),
        error=round(error, 3),
        extra={"mean": round(centre[best], 3)},
    )


def mine_deal(variant: str, number: int) -> Iterator[Puzzle]:
    """The puzzles of one self-played deal of ``variant`` (seeded by ``number``)."""
    rules = Rules.preset(variant)
    deal = Deal.new(rules, seed=f"puzzles:{variant}:{number}", deal_number=number % 4)
    bots = [
        MonteCarloBot(seed=f"self-play:{number}:{p}", playouts=SELF_PLAY_PLAYOUTS, time_limit=None)
        for p in range(rules.players)
    ]
    ctx = context(rules)
    while not deal.is_over:
        player = deal.to_play
        view = deal.view(player)
        seed = f"puzzle:{variant}:{number}:{len(deal.history)}"
        if deal.phase == "pass":
            weighing = bots[player].weigh_pass(view)
            if _screened(weighing):
                found = _kept(deal, view, variant, seed, tuple(weighing.options[0]))
                if found is not None:
                    yield found
            deal.pass_cards(player, [CARDS[c] for c in weighing.choice])
            continue
        if view.legal & (view.legal - 1) == 0:
            deal.play(CARDS[view.legal.bit_length() - 1])
            continue
        weighing = bots[player].weigh_play(view)
        if _screened(weighing):
            rule_card, _key = choose_play(ctx, Situation.from_view(view))
            found = _kept(deal, view, variant, seed, (rule_card,))
            if found is not None:
                yield found
        deal.play(CARDS[weighing.choice[0]])


def load(path: Path | None = None) -> list[Puzzle]:
    """The puzzles stored in the package (or at ``path``)."""
    if path is None:
        raw = resources.files("hearts_teach").joinpath("data/puzzles.json").read_text("utf-8")
    else:
        raw = path.read_text("utf-8") if path.exists() else ""
    if not raw:
        return []
    data = json.loads(raw)
    if data.get("version") != FORMAT_VERSION:
        raise ValueError(f"puzzles format {data.get('version')}, expected {FORMAT_VERSION}")
    return [Puzzle.from_json(record) for record in data["puzzles"]]


def save(puzzles: Sequence[Puzzle], mined: dict[str, int], path: Path = DATA) -> None:
    data = {
        "version": FORMAT_VERSION,
        "rule": {
            "min_margin": MIN_MARGIN,
            "min_errors": MIN_ERRORS,
            "price_samples": PRICE_SAMPLES,
            "self_play_playouts": SELF_PLAY_PLAYOUTS,
            "screen_margin": SCREEN_MARGIN,
        },
        "mined": mined,
        "puzzles": [p.to_json() for p in puzzles],
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    # One puzzle a line: a continued mining adds lines, and a diff shows them.
    head = json.dumps({k: v for k, v in data.items() if k != "puzzles"}, ensure_ascii=False)
    lines = [json.dumps(p.to_json(), ensure_ascii=False, sort_keys=True) for p in puzzles]
    body = ",\n".join(lines)
    temporary.write_text(f'{head[:-1]}, "puzzles": [\n{body}\n]}}\n', "utf-8")
    temporary.replace(path)


def _mined(path: Path) -> dict[str, int]:
    if not path.exists():
        return {}
    return dict(json.loads(path.read_text("utf-8")).get("mined", {}))


def mine(deals: int, path: Path = DATA, minutes: float | None = None) -> None:
    """Mine ``deals`` more deals of each variant in turn (continuing where the file's
    ``mined`` counts stopped), saving after each deal; stop after ``minutes``."""
    puzzles = load(path)
    known = {p.id for p in puzzles}
    mined = _mined(path)
    start = time.monotonic()
    for _round in range(deals):
        for variant in VARIANTS:
            if minutes is not None and time.monotonic() - start > 60 * minutes:
                return
            number = mined.get(variant, 0)
            began = time.monotonic()
            found = [p for p in mine_deal(variant, number) if p.id not in known]
            puzzles.extend(found)
            known.update(p.id for p in found)
            mined[variant] = number + 1
            save(puzzles, mined, path)
            print(
                f"{variant} deal {number}: {len(found)} kept in {time.monotonic() - began:.1f} s"
                f" ({len(puzzles)} in all)",
                flush=True,
            )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hearts_teach.teaching.puzzles")
    commands = parser.add_subparsers(dest="command", required=True)
    mining = commands.add_parser("mine", help="mine more deals of every variant")
    mining.add_argument("--deals", type=int, default=1, help="deals of each variant")
    mining.add_argument("--minutes", type=float, default=None, help="stop after this long")
    mining.add_argument("--out", type=Path, default=DATA)
    commands.add_parser("count", help="count the stored puzzles by variant and theme")
    args = parser.parse_args(argv)
    if args.command == "mine":
        mine(args.deals, args.out, args.minutes)
        return 0
    puzzles = load()
    by: dict[str, int] = {}
    for puzzle in puzzles:
        for key in (puzzle.variant, f"theme:{puzzle.theme}"):
            by[key] = by.get(key, 0) + 1
    print(len(puzzles), json.dumps(by, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
