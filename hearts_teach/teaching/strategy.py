"""Simulated verdicts: does the card (or the pass) a text recommends do better, beyond
the noise of the simulations?

A strategy text says "the queen goes" or "duck with the ten". Such a sentence rests on
simulation (the strongest bot deals the hidden cards at random and plays every option
out), so it holds only if the option it names is ahead by more than the noise, and with
any seed. A :class:`Question` names a position and the claim (the cards a pass contains,
or keeps; the card played); :func:`weigh` answers it in two stages:

1. **Selection.** The bot weighs every option as it would to decide (its own candidates,
   and the passes that make the claim); the best option that makes the claim and the
   best one that does not are kept.
2. **Confirmation.** Those two are played out again in fresh deals, the same deals for
   both (paired), as many as it takes for the difference to reach three standard errors
   of the paired difference, up to a ceiling. The figures printed are these fresh ones:
   the best of many noisy estimates is biased in its own favour (the winner's curse),
   fresh deals are not.

The outcome is ``"claim"`` (the claim's option is ahead by three standard errors),
``"rival"`` (the other is), or ``"too_close"`` (neither, at the ceiling): a text then says
the choices are too close to call. Verdicts are cached by everything they depend on,
the engine's and the bots' sources included (:class:`VerdictCache`), so a book build
recomputes them only when an input changed. ``tests/test_strategy_verdicts.py`` answers
every question of the book again with another seed and checks the outcome holds.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Final, Literal

from hearts_teach import Card, Deal, Rules
from hearts_teach.bots import MonteCarloBot, make_bot
from hearts_teach.cards import CARDS, parse_cards
from hearts_teach.records import share_code

Kind = Literal["pass", "play"]
Outcome = Literal["claim", "rival", "too_close"]

THRESHOLD: Final = 3.0
"""A verdict is decided when the paired difference reaches this many standard errors."""
SELECTION_DEALS: Final = 200
"""Deals per option in the selection stage."""
CONFIRMATION_DEALS: Final = (500, 1000, 2000, 4000, 8000)
"""The confirmation's budgets, tried in turn until the verdict is decided (the last is
the ceiling: beyond it the choices are too close to call)."""
VERSION: Final = 1
"""Changes whenever the procedure changes, so that cached verdicts are recomputed."""

_PACKAGE: Final = Path(__file__).resolve().parents[1]
_SOURCES: Final = ("cards.py", "deal.py", "rules.py", "scoring.py", "records.py")


def source_hash() -> str:
    """A hash of the sources a verdict depends on: the engine's rules of play, every
    module of the bots, and this one."""
    digest = hashlib.sha256()
    paths = [_PACKAGE / name for name in _SOURCES]
    paths += sorted((_PACKAGE / "bots").glob("*.py"))
    paths.append(Path(__file__).resolve())
    for path in paths:
        digest.update(path.relative_to(_PACKAGE).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


@dataclass(frozen=True)
class Option:
    """One option of a decision, priced in the confirmation's deals: the cards (the pass,
    or the cards that play the same), the mean points this deal for the player's side,
    and the standard error of that mean."""

    cards: tuple[str, ...]
    points: float
    error: float

    @property
    def card_values(self) -> tuple[Card, ...]:
        return tuple(Card.parse(code) for code in self.cards)


@dataclass(frozen=True)
class Verdict:
    """A question answered: the best option that makes the claim (``claim``) and the best
    that does not (``rival``), priced in ``samples`` fresh deals, the same for both;
    ``difference`` is how many points the claim's option saves over the rival's (its
    gain, in Reverse Hearts), with its standard error."""

    kind: Kind
    claim: Option
    rival: Option
    samples: int
    difference: float
    difference_error: float
    seed: int

    @property
    def margin(self) -> float:
        """The difference in standard errors of the difference."""
        if self.difference_error == 0:
            return math.inf if self.difference else 0.0
        return abs(self.difference) / self.difference_error

    @property
    def outcome(self) -> Outcome:
        if self.margin < THRESHOLD:
            return "too_close"
        return "claim" if self.difference > 0 else "rival"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Verdict:
        claim, rival = (
            Option(tuple(o["cards"]), o["points"], o["error"])
            for o in (data["claim"], data["rival"])
        )
        return cls(
            kind=data["kind"],
            claim=claim,
            rival=rival,
            samples=data["samples"],
            difference=data["difference"],
            difference_error=data["difference_error"],
            seed=data["seed"],
        )


@dataclass(frozen=True)
class Question:
    """A position and what a text claims about it.

    ``build`` gives the deal, at the decision of ``player``; ``kind`` says whether the
    decision is the pass or a card; ``cards`` is the claim: for a pass, the cards the
    pass contains (or, with ``keeps``, keeps); for a card, the card played (any card that
    plays the same as it makes the claim). ``expected`` is the outcome the text states."""

    name: str
    kind: Kind
    build: Callable[[], Deal]
    cards: str
    expected: Outcome = "claim"
    keeps: bool = False
    player: int = 0

    def claimed(self) -> list[Card]:
        return list(parse_cards(self.cards))


def deal_around(
    rules: Rules, hand: str, seed: int, pass_direction: str | None = None, player: int = 0
) -> Deal:
    """A deal in which ``player`` holds ``hand`` and the other cards are shuffled (seeded)
    among the other players and the dead cards: a pass built around one hand."""
    import random

    from hearts_teach.cards import cards_of

    mine = parse_cards(hand)
    rest = [c for c in cards_of(rules.deck) if c not in mine]
    random.Random(seed).shuffle(rest)
    size = rules.hand_size
    others = [rest[i * size : (i + 1) * size] for i in range(rules.players - 1)]
    hands = [*others[:player], mine, *others[player:]]
    dead = rest[(rules.players - 1) * size :]
    return Deal.from_hands(rules, hands, dead=dead, pass_direction=pass_direction)


def played(rules: Rules, seed: int, deal_number: int, passes: Sequence[str], plays: str) -> Deal:
    """A shuffled deal (``Deal.new``) after its pass (one string of cards per seat, in seat
    order; none when no pass is due) and the cards ``plays``, in playing order: a position
    reached by legal play, its earlier tricks played by the engine."""
    deal = Deal.new(rules, seed=seed, deal_number=deal_number)
    for player, cards in enumerate(passes):
        deal.pass_cards(player, parse_cards(cards))
    for card in parse_cards(plays):
        deal.play(card)
    return deal


def _better(rules: Rules) -> int:
    """+1 when fewer points are better (every variant but Reverse Hearts), else -1."""
    return -1 if rules.reverse else 1


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values)


def _error(values: Sequence[float]) -> float:
    n = len(values)
    centre = _mean(values)
    return math.sqrt(math.fsum((v - centre) ** 2 for v in values) / (n - 1) / n)


def _bot(seed: int, deals: int) -> MonteCarloBot:
    bot = make_bot("montecarlo", seed=seed, playouts=deals, time_limit=None)
    assert isinstance(bot, MonteCarloBot)
    return bot


def _makes_claim(question: Question, option: Sequence[int]) -> bool:
    held = {card.index for card in question.claimed()}
    chosen = set(option)
    if question.kind == "play":
        return bool(held & chosen)
    return not held & chosen if question.keeps else held <= chosen


def _pass_candidates(question: Question, deal: Deal, bot: MonteCarloBot) -> list[list[int]]:
    """The passes the claim speaks of, weighed beside the bot's own candidates: among
    the cards the bot considers passing and the claimed ones, every pass that holds the
    claimed cards and every pass that holds none of them."""
    view = deal.view(question.player)
    weighing = bot.weigh_pass(view)
    claimed = [card.index for card in question.claimed()]
    pool = sorted({card for option in weighing.options for card in option} - set(claimed))
    count = len(weighing.options[0])
    with_claim = [claimed + list(c) for c in itertools.combinations(pool, count - len(claimed))]
    without = [list(c) for c in itertools.combinations(pool, count)]
    return [list(option) for option in weighing.options] + with_claim + without


def _select(question: Question, deal: Deal, seed: int) -> tuple[list[int], list[int]]:
    """Stage 1: the best option making the claim and the best not making it."""
    rules = deal.rules
    sign = _better(rules)
    view = deal.view(question.player)
    if question.kind == "pass":
        bot = _bot(seed, SELECTION_DEALS)
        candidates = _pass_candidates(question, deal, bot)
        unique = list({frozenset(c): c for c in candidates}.values())
        outcomes, _ = bot.compare_passes(view, unique, SELECTION_DEALS, "strategy-select")
        options = [(sorted(c), o.own) for c, o in zip(unique, outcomes, strict=True)]
    else:
        bot = _bot(seed, SELECTION_DEALS)
        groups, by_group, _ = bot.evaluate(view, samples=SELECTION_DEALS, purpose="strategy-select")
        options = [(sorted(groups[first]), by_group[first].own) for first in groups]
    ranked = sorted(options, key=lambda item: sign * _mean(item[1]))
    making = [cards for cards, _ in ranked if _makes_claim(question, cards)]
    other = [cards for cards, _ in ranked if not _makes_claim(question, cards)]
    if not making or not other:
        raise ValueError(f"{question.name}: no option on one side of the claim")
    return making[0], other[0]


def _confirm(
    question: Question, deal: Deal, seed: int, claim: list[int], rival: list[int], deals: int
) -> tuple[list[float], list[float]]:
    view = deal.view(question.player)
    bot = _bot(seed, deals)
    purpose = f"strategy-confirm-{deals}"
    if question.kind == "pass":
        outcomes, _ = bot.compare_passes(view, [claim, rival], deals, purpose)
        return outcomes[0].own, outcomes[1].own
    groups, by_group, _ = bot.evaluate(
        view, keep=[claim[0], rival[0]], samples=deals, purpose=purpose
    )
    first = {card: key for key, group in groups.items() for card in group}
    return by_group[first[claim[0]]].own, by_group[first[rival[0]]].own


def _codes(cards: Sequence[int]) -> tuple[str, ...]:
    return tuple(CARDS[card].code for card in sorted(cards))


def weigh(question: Question, seed: int = 1) -> Verdict:
    """Answer ``question`` with the bot seeded ``seed`` (no cache)."""
    deal = question.build()
    sign = _better(deal.rules)
    claim, rival = _select(question, deal, seed)
    for deals in CONFIRMATION_DEALS:
        mine, theirs = _confirm(question, deal, seed, claim, rival, deals)
        gaps = [sign * (b - a) for a, b in zip(mine, theirs, strict=True)]
        verdict = Verdict(
            kind=question.kind,
            claim=Option(_codes(claim), _mean(mine), _error(mine)),
            rival=Option(_codes(rival), _mean(theirs), _error(theirs)),
            samples=len(mine),
            difference=_mean(gaps),
            difference_error=_error(gaps),
            seed=seed,
        )
        if verdict.outcome != "too_close":
            break
    return verdict


class VerdictCache:
    """Verdicts kept in one JSON file, keyed by everything they depend on: the position
    (its share code: the rules, the cards and every action), the question, the seed, the
    procedure's budgets and the sources of the engine and the bots. A file written for
    other sources is started afresh."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sources = source_hash()

    def _read(self) -> dict[str, Any]:
        try:
            data: dict[str, Any] = json.loads(self.path.read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError):
            return {"sources": self.sources, "verdicts": {}}
        if data.get("sources") != self.sources:
            return {"sources": self.sources, "verdicts": {}}
        return data

    def key(self, question: Question, seed: int) -> str:
        deal = question.build()
        inputs = {
            "version": VERSION,
            "position": share_code(deal),
            "player": question.player,
            "kind": question.kind,
            "cards": question.cards,
            "keeps": question.keeps,
            "seed": seed,
            "selection": SELECTION_DEALS,
            "confirmation": CONFIRMATION_DEALS,
            "threshold": THRESHOLD,
        }
        return hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()

    def verdict(self, question: Question, seed: int = 1) -> Verdict:
        data = self._read()
        key = self.key(question, seed)
        known = data["verdicts"].get(key)
        if known is not None:
            return Verdict.from_json(known["verdict"])
        verdict = weigh(question, seed)
        data = self._read()  # another process may have written meanwhile
        data["verdicts"][key] = {"question": question.name, "verdict": verdict.to_json()}
        partial = self.path.with_name(f".{self.path.name}.{os.getpid()}")
        partial.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        partial.replace(self.path)
        return verdict


def same_play(deal: Deal) -> list[list[Card]]:
    """The legal cards of the player to play, in groups that play the same: no card
    another player may hold lies between the cards of a group (the bot's own grouping,
    computed from the position alone, with no simulation)."""
    bot = _bot(1, 1)
    groups, _, _ = bot.evaluate(deal.view(deal.to_play), samples=1, purpose="strategy-groups")
    return [[CARDS[card] for card in sorted(group)] for group in groups.values()]


# --- the strategy chapter's questions --------------------------------------------------
#
# Every mid-deal position is played from a shuffled deal (``played``): the engine plays
# the earlier tricks, so cards, points, tricks and hearts broken agree. The cards played
# were found once by letting the quick bots play; they are written out here so that the
# positions do not move when the bots change.

_SPADE_HAND: Final = "AS KS 4S KH JH 6H 3H 10C 8C 5C AD QD 7D"
_MOON_HANDS: Final = (
    "KH 3H 2C 5C 9C 3D 7D 9D JD 2S 5S 8S 10S",
    "2H 4H 3C 4C 10C JC QC 2D 4D 5D 3S 6S 9S",
    "5H 7H 6C 7C 8C 6D 8D 10D QD KD AD 4S 7S",
    "AS KS QS JS AH QH JH 10H 9H 8H 6H AC KC",
)
_SHOOT_HANDS: Final = (
    "AS KS QS JS AH KH QH JH 10H 9H 8H AC KC",
    "6H 3H 2C 5C 9C 3D 7D 9D JD 2S 5S 8S 10S",
    "2H 4H 3C 4C 10C JC QC 2D 4D 5D 3S 6S 9S",
    "5H 7H 6C 7C 8C 6D 8D 10D QD KD AD 4S 7S",
)
_MOON_PLAYS: Final = "2C 10C 6C AC KC 5C 4C 7C AS 2S 3S 4S KS 5S 6S 7S JS 8S 9S 5H QS 10S 2H 7H"


def _from_hands_played(rules: Rules, hands: Sequence[str], plays: str) -> Deal:
    deal = Deal.from_hands(rules, list(hands))
    for card in parse_cards(plays):
        deal.play(card)
    return deal


def moon_position() -> Deal:
    """East has won every trick so far and leads the ace of hearts."""
    return _from_hands_played(Rules(), _MOON_HANDS, _MOON_PLAYS + " AH")


def shoot_position() -> Deal:
    """South has won the first six tricks, the queen of spades among them."""
    return _from_hands_played(Rules(), _SHOOT_HANDS, _MOON_PLAYS)


QUESTIONS: Final[dict[str, Question]] = {
    question.name: question
    for question in (
        Question(
            "short-queen",
            "pass",
            lambda: deal_around(Rules(), "QS 3S AH KH 10H 5H AC KC 9C 8D 6D 3D 2D", 3, "left"),
            "QS",
        ),
        Question(
            "long-queen",
            "pass",
            lambda: deal_around(Rules(), "QS 9S 7S 5S 3S AH 4H AC 9C 8D 6D 3D 2D", 3, "left"),
            "QS",
            keeps=True,
        ),
        Question(
            "long-queen-clubs",
            "pass",
            lambda: deal_around(Rules(), "QS 9S 7S 5S 3S AH 4H AC 9C 8D 6D 3D 2D", 3, "left"),
            "AC 9C",
        ),
        Question(
            "two-diamonds",
            "pass",
            lambda: deal_around(Rules(), "9S 6S 4S 3S 2S 8H 5H 3H 10C 7C 5C AD 9D", 3, "left"),
            "AD 9D",
            expected="too_close",
        ),
        Question(
            "void",
            "play",
            lambda: played(Rules(), 451, 3, [], "2C AC KC 9C 5C 7C 4C QC 5D AD QD 9D 4D 10D 7D"),
            "QS",
        ),
        Question(
            "duck",
            "play",
            lambda: played(Rules(), 281, 3, [], "2C KC AC 8C 5C 6H 6C 4C 4H 9H"),
            "8H",
        ),
        Question(
            "lead",
            "play",
            lambda: played(Rules(), 47, 3, [], "2C KC QC AC 6C 4C 8C 7C"),
            "9S JS",
        ),
        Question("moon", "play", moon_position, "3H"),
        Question(
            "standard-pass",
            "pass",
            lambda: deal_around(Rules(), _SPADE_HAND, 3, "left"),
            "AS",
        ),
        Question(
            "spot-pass",
            "pass",
            lambda: deal_around(Rules.preset("spot"), _SPADE_HAND, 3, "left"),
            "KH JH",
            keeps=True,
        ),
        Question(
            "black-maria-pass",
            "pass",
            lambda: deal_around(Rules.preset("black-maria"), _SPADE_HAND, 3, "left"),
            "AS KS",
        ),
        Question(
            "omnibus",
            "play",
            lambda: played(Rules.preset("omnibus"), 49, 3, [], "2C 10C KC QC 4C 3C 5C 7C 5D JD KD"),
            "AD",
        ),
        Question(
            "two-player",
            "play",
            lambda: played(
                Rules.preset("two-player"), 1, 0, [], "2C AC 2D AD 2S 10S 4D QD 4C QC 6D 8D 6C"
            ),
            "4H 8H",
        ),
    )
}
"""The strategy chapter's questions, by name (the chapter shows each one's verdict)."""


# --- how long games last (the teachers' chapter) ----------------------------------------


@dataclass(frozen=True)
class Length:
    """A variant's mean number of deals a game over ``games`` simulated games, its
    standard error, and the paired difference with the baseline variant (the same seeds,
    so the same shuffles), its standard error and outcome: ``"longer"``, ``"shorter"`` or
    ``"too_close"``."""

    variant: str
    games: int
    mean: float
    error: float
    difference: float
    difference_error: float

    @property
    def outcome(self) -> str:
        if self.difference_error == 0 or abs(self.difference) < THRESHOLD * self.difference_error:
            return "too_close"
        return "longer" if self.difference > 0 else "shorter"


LENGTH_GAMES: Final = 80
"""Games of each variant in the teachers' chapter's comparison of game lengths."""
LENGTH_CLAIMS: Final[dict[str, str]] = {
    "spot": "longer",
    "omnibus": "longer",
    "black-maria": "shorter",
    "new-moon": "longer",
}
"""What the teachers' chapter says of each variant's games against the standard game's."""


def game_lengths(simulation: Any, baseline: str = "standard") -> dict[str, Length]:
    """Each variant of a simulation (:func:`hearts_teach.teaching.simulate.simulate`)
    against ``baseline``: how many deals its games last, and whether they last longer or
    shorter beyond three standard errors of the paired difference."""
    deals = {
        summary.variant: {record.seed: record.deals for record in summary.records}
        for summary in simulation.summaries
    }
    base = deals[baseline]
    lengths = {}
    for variant, by_seed in deals.items():
        seeds = sorted(set(by_seed) & set(base))
        values = [float(by_seed[s]) for s in seeds]
        gaps = [float(by_seed[s] - base[s]) for s in seeds]
        same = variant == baseline
        lengths[variant] = Length(
            variant=variant,
            games=len(values),
            mean=_mean(values),
            error=_error(values),
            difference=0.0 if same else _mean(gaps),
            difference_error=0.0 if same else _error(gaps),
        )
    return lengths
