"""The deal review: each decision of one player in a finished deal, priced by the
Monte-Carlo bot from what that player could see, the costliest first.

For every decision of the player (the pass, and each card played when more than one
card could make a difference), the review asks the strong bot what it would have done
from the player's own view at that moment (:meth:`MonteCarloBot.weigh_play`,
:meth:`~MonteCarloBot.weigh_pass`: its sampled deals never look at the hidden cards),
and prices the difference in the bot's own objective, under the rules in force and the
game's totals: the player's points (their side's in Partnership), less half the others'
mean, and a moon's worth for winning or losing the game with this deal (so Spot values,
Omnibus, the moon rule, Reverse and the target all count as the bot counts them).

The figure is measured twice. The bot chooses from its sampled deals; when the player's
card differs, the two cards are then played out again in fresh deals
(``CONFIRM_SAMPLES``, drawn for this purpose only), and the cost shown is that second,
paired difference with its standard error: a choice made on one sample and priced on
another is not flattered by the noise that made it look best. A cost within ``NOISE``
standard errors of nothing is not called a mistake.

Each decision that differs comes with a reason that names what happened in the deal:
facts computed on the finished deal (which trick the queen of spades fell on, who took
it, whose void it was, the moon and whether the better card would have won that trick
as the others played it), and the first reason of ``WHY`` whose facts all hold, as the
bots' reasons are checked (:data:`hearts_teach.bots.policy.CLAIMS`). Its words are the
catalogs' ``review.why.<reason>`` messages.

>>> from hearts_teach import Deal, Rules
>>> from hearts_teach.bots.seats import play_out, seat_bots
>>> deal = play_out(Deal.new(Rules(passing="none"), seed=4), seat_bots("heuristic", 4, 4))
>>> review = review_deal(deal, 0, playouts=60, confirm=30)
>>> len(review.decisions) > 5
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from hearts_teach.bots.catalog import Points, Symbols, card_list, points, say
from hearts_teach.bots.montecarlo import (
    DEFAULT_PLAYOUTS,
    MonteCarloBot,
    Weighing,
    equivalent_groups,
)
from hearts_teach.bots.policy import context
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.bots.solver import Solver, SolverLimit
from hearts_teach.bots.weigh import difference, mean, within_noise
from hearts_teach.cards import CARDS, QUEEN_OF_SPADES, Card, Suit, mask_of
from hearts_teach.deal import Deal, PlayerView, Trick, trick_winner
from hearts_teach.describe import seat_words
from hearts_teach.errors import HeartsError, IllegalMove
from hearts_teach.game import Game
from hearts_teach.i18n import (
    card_symbols,
    decimal,
    join_words,
    message,
    ntext,
    seat_name,
    text,
)
from hearts_teach.scoring import DealResult
from hearts_teach.teaching.compare import compare_deal
from hearts_teach.teaching.grading import COSTLY, Leak, accuracy, grade, graded_cost, leaks
from hearts_teach.teaching.themes import play_theme
from hearts_teach.teaching.whatif import WhatIf, WhatIfResult

REVIEW_PLAYOUTS: Final = DEFAULT_PLAYOUTS
"""Playouts per decision, shared among the options as the bot shares them: the strong
bot's own budget at the table (600), so the review prefers what it would play. Fixed
(no time limit), so a deal's review is the same on a server and in a browser."""
CONFIRM_SAMPLES: Final = 150
"""Fresh sampled deals in which a card (or pass) that differs from the bot's is played
out again beside the bot's, to price the difference."""
REPLAY_LEVEL: Final = "heuristic"
"""The bots that finish a deal replayed with the better card (every seat): instant in a
browser too."""
SLIGHT_SHARE: Final = 1 / 52
"""A cost beyond the noise but below this share of the moon's value (0.5 point in the
standard game, 2.5 with Spot values) is a slight loss, not a mistake."""
KINDS: Final = ("pass", "lead", "follow", "discard")
"""The kinds of decision, in the order the summaries give them."""


# --- what the reasons may say ---------------------------------------------------------

WHY: Final[dict[str, frozenset[str]]] = {
    name: frozenset(facts.split())
    for name, facts in {
        # the pass
        "pass_moon_own": "pass moon_own lost",
        "pass_moon_own_even": "pass moon_own",
        "pass_moon": "pass moon_receiver",
        "pass_kept_taken": "pass points_bad kept_taken",
        "pass_kept_caught": "pass points_bad kept_caught",
        "pass_later": "pass lost",
        "pass_even": "pass",
        # a card (in a moon of the player's own, its points said are not what counted)
        "moon_own_lost": "moon_own lost",
        "moon_own": "moon_own",
        "moon_stop": "moon_other shooter_won better_stops",
        "moon_lead": "moon_other shooter_won lead",
        "moon_fed": "moon_other shooter_won",
        "queen_own": "points_bad card_queen you_won",
        "own_points": "points_bad card_points you_won",
        "void_dump": "points_bad lead void_dump you_won",
        "queen_caught_ducks": "points_bad queen_in_trick you_won better_ducks",
        "queen_caught": "points_bad queen_in_trick you_won",
        "kept_taken": "points_bad kept_taken",
        "points_won_ducks": "points_bad trick_points you_won better_ducks",
        "points_won": "points_bad trick_points you_won",
        "partner_fed": "points_bad card_points partner_won",
        "gave_points": "points_good card_points other_won",
        "later_you": "you_won lost",
        "later": "lost",
        "even_you": "you_won",
        "even": "",
    }.items()
}
"""The facts each reason asserts, most specific first: a decision's reason is the first
whose facts all hold in the deal (``review.why.<reason>`` in the catalogs)."""


@dataclass(frozen=True)
class Seat:
    """A player, named in the language of the sentence (South, Ouest...)."""

    player: int
    players: int


@dataclass(frozen=True)
class Reason:
    """Why a decision cost what it did: a key of :data:`WHY` and what it names."""

    key: str
    params: Mapping[str, object]

    def text(self, lang: str = "en", about: Seat | None = None) -> str:
        """The sentence, to the reviewed player ("You kept…"), or ``about`` that seat in
        the third person ("North kept…") for someone else reading the review."""
        values = {
            name: seat_name(value.player, value.players, lang) if isinstance(value, Seat) else value
            for name, value in self.params.items()
        }
        if about is None:
            return say(f"review.why.{self.key}", lang, values)
        values["player"] = seat_name(about.player, about.players, lang)
        return say(f"review.why_seat.{self.key}", lang, values)


def reason_for(facts: frozenset[str], params: Mapping[str, object]) -> Reason:
    """The first reason of :data:`WHY` whose facts all hold."""
    key = next(key for key, claims in WHY.items() if claims <= facts)
    return Reason(key, params)


# --- decisions ---------------------------------------------------------------------------


def beyond_noise(cost: float, error: float) -> bool:
    """A cost above nothing by more than ``NOISE`` standard errors: a loss. Below, the
    reasons say the simulations find no real difference (not "the cost shows later")."""
    return cost > 0 and not within_noise(cost, error)


def cost_text(cost: float, error: float, lang: str = "en") -> str:
    """``3.2 points ± 0.4``: an estimate and its standard error."""
    return text("review.cost", lang, cost=points(cost, lang), error=decimal(error, lang))


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed player, as the bot prices it.

    ``played`` are the cards played (one) or passed; ``better`` the bot's choice from
    the same view (equal to ``played`` when the bot agrees, or when the two play the
    same). ``cost``: the mean difference of the bot's objective between the two, in
    points, over ``samples`` fresh sampled deals, and ``error`` its standard error (0 and
    0 when the bot agrees). ``trick`` counts from 1 (0 for the pass); ``plays_before`` is
    how many cards of the deal were played before this one (where a what-if rewinds to).
    ``options`` is how many different choices the bot weighed.
    """

    kind: str
    trick: int
    plays_before: int
    played: tuple[Card, ...]
    better: tuple[Card, ...]
    cost: float
    error: float
    samples: int
    options: int
    reason: Reason | None = None
    floor: float = 0.5
    moon_value: int = 26
    own_cost: float = 0.0
    """The same difference in the player's own points (their side's), not the objective:
    the others' points and the end of the game left out."""
    expected: float = 0.0
    """The player's own points (their side's) the bot expects this deal after its own
    choice, from the player's view, over its sampled deals."""
    theme: str = "points"
    """What the better choice is about, from the bots' reason for it (``pass`` for a
    pass; :mod:`~hearts_teach.teaching.themes`): the leak finder counts the points lost
    by theme, and the puzzles page trains the same themes."""

    @property
    def grade(self) -> str:
        """The decision's grade on the ladder (:mod:`~hearts_teach.teaching.grading`)."""
        return grade(self.cost, self.error, self.moon_value, self.agrees)

    @property
    def costly(self) -> bool:
        """An inaccuracy, a mistake or a blunder: a cost beyond the noise and the cuts."""
        return self.grade in COSTLY

    @property
    def graded_cost(self) -> float:
        """The cost beyond the noise (else 0): what accuracy and leaks count."""
        return graded_cost(self.cost, self.error, self.agrees)

    def grade_text(self, lang: str = "en") -> str:
        return text(f"grade.{self.grade}", lang)

    @property
    def agrees(self) -> bool:
        """The bot would have done the same (or something that plays the same)."""
        return self.reason is None

    @property
    def lost(self) -> bool:
        """A cost beyond the noise: more than ``NOISE`` standard errors above nothing."""
        return not self.agrees and beyond_noise(self.cost, self.error)

    @property
    def mistake(self) -> bool:
        """A cost beyond the noise, and at least ``floor`` points (a slight loss below)."""
        return self.lost and self.cost >= self.floor

    @property
    def verdict(self) -> str:
        """``agrees``, ``noise`` (within the noise), ``slight`` or ``mistake``."""
        if self.agrees:
            return "agrees"
        if not self.lost:
            return "noise"
        return "mistake" if self.mistake else "slight"

    def cost_text(self, lang: str = "en") -> str:
        """``3.2 points ± 0.4`` (``—`` when the bot agrees)."""
        if self.agrees:
            return "—"
        return cost_text(self.cost, self.error, lang)

    def verdict_text(self, lang: str = "en") -> str:
        """A mistake, a slight loss, within the noise, or the bot's own choice."""
        return text(f"review.verdict.{self.verdict}", lang)

    def kind_text(self, lang: str = "en") -> str:
        return text(f"review.kind.{self.kind}", lang)

    def where_text(self, lang: str = "en") -> str:
        """``Pass`` or ``Trick 4``."""
        if self.kind == "pass":
            return text("review.where.pass", lang)
        return text("review.where.trick", lang, number=self.trick)

    def reason_text(self, lang: str = "en", about: Seat | None = None) -> str:
        """Why it cost what it did (``about``: in the third person, see :meth:`Reason.text`)."""
        return "" if self.reason is None else self.reason.text(lang, about)

    def played_text(self, lang: str = "en") -> str:
        return card_symbols(self.played, lang, sep=" ")

    def better_text(self, lang: str = "en") -> str:
        return card_symbols(self.better, lang, sep=" ")


@dataclass(frozen=True)
class Loss:
    """Points lost beyond the noise: the sum of the costs, its standard error, and how
    many decisions: mistakes and slight losses."""

    points: float = 0.0
    error: float = 0.0
    mistakes: int = 0
    slight: int = 0

    def __add__(self, other: Loss) -> Loss:
        return Loss(
            self.points + other.points,
            math.hypot(self.error, other.error),
            self.mistakes + other.mistakes,
            self.slight + other.slight,
        )

    @property
    def count(self) -> int:
        return self.mistakes + self.slight

    def text(self, lang: str = "en") -> str:
        return cost_text(self.points, self.error, lang)


def _losses(decisions: Sequence[Decision]) -> dict[str, Loss]:
    losses = {kind: Loss() for kind in KINDS}
    for decision in decisions:
        if decision.lost:
            mistake = int(decision.mistake)
            losses[decision.kind] += Loss(decision.cost, decision.error, mistake, 1 - mistake)
    return losses


def _summary(losses: Mapping[str, Loss], lang: str) -> str:
    total = sum(losses.values(), Loss())
    if not total.count:
        return text("review.summary.none", lang)
    counts = [
        ntext(key, count, lang)
        for key, count in (
            ("review.summary.mistakes", total.mistakes),
            ("review.summary.slight", total.slight),
        )
        if count
    ]
    parts = [
        message("review.summary.kind", lang).format(
            kind=message(f"review.kind.{kind}", lang), lost=loss.text(lang)
        )
        for kind, loss in losses.items()
        if loss.count
    ]
    said = text(
        "review.summary.lost",
        lang,
        lost=total.text(lang),
        counts=join_words([c[:1].lower() + c[1:] for c in counts], lang),
    )
    return f"{said} {text('review.summary.by_kind', lang, kinds=join_words(parts, lang))}"


@dataclass(frozen=True)
class DealReview:
    """The review of one finished deal from ``player``'s seat: ``decisions`` in the order
    they were taken (forced cards left out; ``forced`` counts them)."""

    deal: Deal
    player: int
    decisions: tuple[Decision, ...]
    forced: int
    seed: int | str = 0

    @property
    def ranked(self) -> tuple[Decision, ...]:
        """The costs beyond the noise first (mistakes, then slight losses), costliest
        first; then the other decisions by cost."""
        order = sorted(
            range(len(self.decisions)),
            key=lambda i: (not self.decisions[i].lost, -self.decisions[i].cost, i),
        )
        return tuple(self.decisions[i] for i in order)

    @property
    def mistakes(self) -> tuple[Decision, ...]:
        return tuple(d for d in self.ranked if d.mistake)

    @property
    def losses(self) -> dict[str, Loss]:
        """Points lost to mistakes, by kind of decision (:data:`KINDS`)."""
        return _losses(self.decisions)

    @property
    def lost(self) -> Loss:
        return sum(self.losses.values(), Loss())

    @property
    def accuracy(self) -> float | None:
        """The deal's accuracy, 0 to 100 (:func:`~hearts_teach.teaching.grading.accuracy`);
        None without a decision to grade."""
        return accuracy((d.graded_cost for d in self.decisions), self.deal.rules.moon_value)

    @property
    def score(self) -> int:
        """The reviewed player's points this deal (their side's in Partnership)."""
        result = self.deal.result()
        team = next(t for t in self.deal.rules.teams() if self.player in t)
        return sum(result.scores[p] for p in team)

    @property
    def decisions_cost(self) -> float:
        """What the decisions cost beyond the noise, in points of the bot's objective."""
        return math.fsum(d.graded_cost for d in self.decisions)

    @property
    def decisions_own(self) -> float:
        """What the decisions that cost beyond the noise cost in the player's own points
        (their side's), on average over the same sampled deals."""
        return math.fsum(d.own_cost for d in self.decisions if d.graded_cost > 0)

    @property
    def moon_in_cost(self) -> bool:
        """Someone shot the moon this deal and a decision that cost points is counted with
        it: the objective then counts the moon's worth, not only the player's points."""
        return self.deal.result().moon is not None and any(
            d.graded_cost > 0 for d in self.decisions
        )

    @property
    def own_moon(self) -> bool:
        """The reviewed player (or their side) shot the moon this deal."""
        shooter = self.deal.result().moon
        return shooter is not None and any(
            shooter in team and self.player in team for team in self.deal.rules.teams()
        )

    @property
    def cards_gave(self) -> float:
        """What the cards gave: the points the bot expected this deal from the player's
        first decision, had it played the hand (0 without a decision)."""
        return self.decisions[0].expected if self.decisions else float(self.score)

    def split_text(self, lang: str = "en") -> str:
        """The deal's points split into what the cards gave and what the decisions cost,
        said plainly when the cost counts a moon (it can then exceed the deal's points)."""
        sign = -1 if self.deal.rules.reverse else 1
        own = self.decisions_own
        cards = self.cards_gave
        said = text(
            "review.split.points",
            lang,
            score=self.score,
            cards=points(cards, lang),
            own=points(own, lang),
            cost=points(self.decisions_cost, lang),
            chance=points(self.score - cards - sign * own, lang),
        )
        if self.moon_in_cost:
            key = "review.split.moon_own" if self.own_moon else "review.split.moon"
            said = f"{said} {text(key, lang, moon=self.deal.rules.moon_value)}"
        return said

    def moon_text(self, lang: str = "en", you: int | None = None) -> str:
        """Another side's moon, said plainly at the review's head: who shot it and the
        points it left the player (``you``: spoken to, else by name); then the decision
        that would have stopped it, only where the figures show it: a cost beyond the
        noise, and the bot's card winning the shooter's trick as the others played it,
        with its points (the reason ``moon_stop``). Empty without another side's moon."""
        shooter = self.deal.result().moon
        if shooter is None or self.own_moon:
            return ""
        rules = self.deal.rules
        seat = {"shooter": seat_words(shooter, rules, lang, you, sentence=True)}
        if you != self.player:
            seat["player"] = seat_name(self.player, rules.players, lang)
        suffix = "" if you == self.player else "_seat"
        said = text(f"review.moon.other{suffix}", lang, score=points(self.score, lang, 0), **seat)
        stops = [
            d
            for d in self.ranked
            if d.lost and d.reason is not None and d.reason.key == "moon_stop"
        ]
        if not stops:
            return said
        stop = stops[0]
        return (
            said
            + " "
            + text(
                f"review.moon.stop{suffix}",
                lang,
                better=stop.better_text(lang),
                card=stop.played_text(lang),
                trick=stop.trick,
                cost=stop.cost_text(lang),
                **seat,
            )
        )

    def objective_text(self, lang: str = "en") -> str:
        """What the decisions cost in the bot's objective, said behind « Details »: the
        split (:meth:`split_text`) gives the player's own points in a player's words."""
        return text("review.split.objective", lang, cost=points(self.decisions_cost, lang))

    def accuracy_text(self, lang: str = "en") -> str:
        value = self.accuracy
        if value is None:
            return ""
        return text("review.accuracy.deal", lang, accuracy=decimal(value, lang, 1))

    def summary(self, lang: str = "en", you: int | None = None) -> str:
        """``Lost to 2 mistakes: 6.1 points ± 0.9. By kind: lead 3.0 ...``; the seat
        ``you`` (the person reading their own review) is "you", the others by name."""
        head = text(
            "review.summary.deal",
            lang,
            number=self.deal.deal_number + 1,
            seat=seat_words(self.player, self.deal.rules, lang, you, sentence=True),
            count=len(self.decisions),
        )
        return f"{head} {_summary(self.losses, lang)}"

    @property
    def costly(self) -> tuple[Decision, ...]:
        """The inaccuracies, mistakes and blunders, in the order they were taken: where
        "learn from your mistakes" takes the player back."""
        return tuple(d for d in self.decisions if d.costly)

    def position_before(self, decision: Decision) -> Deal:
        """The deal as it stood when ``decision`` was to be taken: the player's view at
        that moment is ``position_before(decision).view(player)``."""
        position = rewound(self.deal)
        if decision.kind == "pass":
            return position
        plays = 0
        for kind, who, cards in self.deal.history:
            if kind == "pass":
                position.pass_cards(who, cards)
                continue
            if plays == decision.plays_before:
                break
            position.play(cards[0])
            plays += 1
        return position

    def answers(self, decision: Decision) -> frozenset[Card]:
        """The choices that play as the bot's: for a card, its group of cards that play
        the same; for a pass, the bot's cards."""
        if decision.kind == "pass":
            return frozenset(decision.better)
        return self._group(decision, decision.better[0])

    def _group(self, decision: Decision, card: Card) -> frozenset[Card]:
        view = self.position_before(decision).view(self.player)
        groups = equivalent_groups(context(self.deal.rules), view)
        group = next((g for g in groups.values() if card.index in g), [card.index])
        return frozenset(CARDS[c] for c in group)

    def judge_try(self, decision: Decision, cards: Sequence[Card]) -> str:
        """A new try at ``decision``: ``right`` (plays as the bot's choice), ``same``
        (plays as what the player did) or ``wrong``."""
        tried = frozenset(cards)
        if decision.kind == "pass":
            if tried == frozenset(decision.better):
                return "right"
            return "same" if tried == frozenset(decision.played) else "wrong"
        group = self._group(decision, next(iter(tried)))
        if decision.better[0] in group:
            return "right"
        return "same" if decision.played[0] in group else "wrong"

    def replay(self, decision: Decision, seed: int = 0) -> WhatIfResult:
        """The deal played again from ``decision`` with the bot's choice, the bots
        (``REPLAY_LEVEL``, seeded) playing every seat from there: teach's what-if."""
        if decision.kind != "pass":
            what_if = WhatIf(self.deal, level=REPLAY_LEVEL, seed=seed)
            players = self.deal.rules.players
            trick, position = divmod(decision.plays_before, players)
            return what_if.replay(trick, decision.better[0], position)
        start = rewound(self.deal)
        for kind, player, cards in self.deal.history:
            if kind != "pass":
                break
            start.pass_cards(player, decision.better if player == self.player else cards)
        bots = seat_bots(REPLAY_LEVEL, seed, start.rules.players)
        replayed = play_out(start, bots)
        played = self.deal.copy()
        return WhatIfResult(played, replayed, compare_deal(played), compare_deal(replayed))


@dataclass(frozen=True)
class GameReview:
    """The reviews of a game's finished deals, and what they add up to."""

    reviews: tuple[DealReview, ...]
    deals: int = 0
    losses_by_kind: dict[str, Loss] = field(default_factory=dict)

    @classmethod
    def of(cls, reviews: Sequence[DealReview], deals: int | None = None) -> GameReview:
        """``deals``: how many deals the game has finished (default: those reviewed)."""
        losses = {kind: Loss() for kind in KINDS}
        for review in reviews:
            for kind, loss in review.losses.items():
                losses[kind] += loss
        return cls(tuple(reviews), len(reviews) if deals is None else deals, losses)

    @property
    def lost(self) -> Loss:
        return sum(self.losses_by_kind.values(), Loss())

    @property
    def accuracy(self) -> float | None:
        """The accuracy over every decision of the reviewed deals."""
        costs = [d.graded_cost for review in self.reviews for d in review.decisions]
        moon = self.reviews[0].deal.rules.moon_value if self.reviews else 26
        return accuracy(costs, moon)

    def summary(self, lang: str = "en") -> str:
        head = text("review.summary.game", lang, count=len(self.reviews), deals=self.deals)
        said = f"{head} {_summary(self.losses_by_kind, lang)}"
        value = self.accuracy
        if value is not None:
            said = f"{said} {text('review.accuracy.game', lang, accuracy=decimal(value, lang, 1))}"
        return said


def find_leaks(reviews: Sequence[DealReview]) -> tuple[tuple[Leak, ...], tuple[Leak, ...]]:
    """The leak finder over reviewed deals: points lost beyond the noise per kind of
    decision (:data:`KINDS`) and per theme (:data:`~hearts_teach.teaching.themes.THEMES`),
    the worst first."""
    decisions = [d for review in reviews for d in review.decisions]
    by_kind = leaks([(d.kind, d.graded_cost, d.error, d.costly) for d in decisions])
    by_theme = leaks(
        [(d.theme, d.graded_cost, d.error, d.costly) for d in decisions if not d.agrees]
    )
    return by_kind, by_theme


# --- the review -----------------------------------------------------------------------


def rewound(deal: Deal) -> Deal:
    """A copy of ``deal`` with every action taken back (before the pass)."""
    start = deal.copy()
    while True:
        try:
            start.undo()
        except IllegalMove:
            return start


def review_deal(
    deal: Deal,
    player: int = 0,
    *,
    seed: int | str = 0,
    playouts: int = REVIEW_PLAYOUTS,
    confirm: int = CONFIRM_SAMPLES,
    progress: Callable[[int, int], None] | None = None,
) -> DealReview:
    """Review ``player``'s decisions in the finished ``deal`` (see the module's text).

    The same deal, seat, seed and budget always give the same review. ``progress`` is
    called with (decisions done, decisions in all) as the review goes.
    """
    if not deal.is_over:
        raise HeartsError("deal_not_over")
    rules = deal.rules
    if not 0 <= player < rules.players:
        raise HeartsError("player", player=player, players=rules.players)
    bot = MonteCarloBot(seed=f"review:{seed}", playouts=playouts, time_limit=None)
    facts = _DealFacts(deal, player)
    steps = _steps(deal, player)
    forced = sum(1 for step in steps if step is None)
    todo = [step for step in steps if step is not None]
    decisions: list[Decision] = []
    for done, (view, played, plays_before) in enumerate(todo):
        if progress is not None:
            progress(done, len(todo))
        if view.phase == "pass":
            decisions.append(_review_pass(bot, view, played, confirm, facts))
        else:
            decisions.append(_review_play(bot, view, played[0], plays_before, confirm, facts))
    if progress is not None:
        progress(len(todo), len(todo))
    return DealReview(deal.copy(), player, tuple(decisions), forced, seed)


def review_game(
    game: Game,
    player: int = 0,
    *,
    seed: int | str = 0,
    playouts: int = REVIEW_PLAYOUTS,
    confirm: int = CONFIRM_SAMPLES,
) -> GameReview:
    """Every finished deal of ``game`` reviewed from ``player``'s seat."""
    reviews = [
        review_deal(played.deal, player, seed=seed, playouts=playouts, confirm=confirm)
        for played in game.history
    ]
    return GameReview.of(reviews)


_Step = tuple[PlayerView, tuple[Card, ...], int]


def _steps(deal: Deal, player: int) -> list[_Step | None]:
    """The player's view before each of their decisions, what they did and how many cards
    were played before; None for a card that was the only choice (or whose legal cards
    all play the same)."""
    position = rewound(deal)
    ctx = context(deal.rules)
    steps: list[_Step | None] = []
    final = deal.passes()[player]
    if final is not None and position.phase == "pass":
        steps.append((position.view(player), tuple(final), 0))
    plays = 0
    for kind, who, cards in deal.history:
        if kind == "pass":
            position.pass_cards(who, cards)
            continue
        if who == player:
            view = position.view(player)
            choices = len(equivalent_groups(ctx, view)) if view.legal & (view.legal - 1) else 1
            steps.append((view, cards, plays) if choices > 1 else None)
        position.play(cards[0])
        plays += 1
    return steps


def _measured(outcomes: Sequence[Sequence[float]]) -> tuple[float, float, int]:
    """The played option's cost less the bot's, its standard error, the deals."""
    gap, error = difference(outcomes[0], outcomes[1])
    return gap, error, len(outcomes[0])


def _review_play(
    bot: MonteCarloBot,
    view: PlayerView,
    card: Card,
    plays_before: int,
    confirm: int,
    facts: _DealFacts,
) -> Decision:
    weighing = bot.weigh_play(view)
    expected = _expected(weighing)
    played = weighing.option_of({card.index})
    best = CARDS[weighing.choice[0]]
    trick = view.trick_number + 1
    kind = (
        "lead" if not view.trick else "follow" if card.suit == view.trick[0][1].suit else "discard"
    )
    if played == weighing.chosen:
        theme = _theme(None, view, card)
        return _agreed(kind, trick, plays_before, (card,), weighing, facts, expected, theme)
    groups, outcomes, samples = bot.evaluate(
        view, keep={card.index, best.index}, samples=confirm, purpose="review"
    )
    by_card = {c: outcomes[first] for first, group in groups.items() for c in group}
    mine, bots = by_card[card.index], by_card[best.index]
    gap, error, samples = _measured([mine.cost, bots.cost])
    reason = facts.play_reason(view.trick_number, card, best, *facts.weight(gap, error))
    return Decision(
        kind,
        trick,
        plays_before,
        (card,),
        (best,),
        gap,
        error,
        samples,
        len(weighing.options),
        reason,
        facts.floor,
        facts.moon_value,
        facts.own_gap(mine.own, bots.own),
        expected,
        _theme(reason, view, best),
    )


def _review_pass(
    bot: MonteCarloBot,
    view: PlayerView,
    passed: tuple[Card, ...],
    confirm: int,
    facts: _DealFacts,
) -> Decision:
    mine = [card.index for card in passed]
    weighing = bot.weigh_pass(view, extra=[mine])
    expected = _expected(weighing)
    played = weighing.option_of(mine)
    if played == weighing.chosen:
        return _agreed("pass", 0, 0, tuple(sorted(passed)), weighing, facts, expected, "pass")
    better = tuple(CARDS[c] for c in weighing.choice)
    outcomes, _samples = bot.compare_passes(view, [mine, weighing.choice], confirm, "review")
    gap, error, samples = _measured([outcomes[0].cost, outcomes[1].cost])
    return Decision(
        "pass",
        0,
        0,
        tuple(sorted(passed)),
        better,
        gap,
        error,
        samples,
        len(weighing.options),
        facts.pass_reason(passed, better, *facts.weight(gap, error)),
        facts.floor,
        facts.moon_value,
        facts.own_gap(outcomes[0].own, outcomes[1].own),
        expected,
        "pass",
    )


def _theme(reason: Reason | None, view: PlayerView, better: Card) -> str:
    """What a play decision is about: the review's reason where it names the moon, the
    queen, a void or a duck (what cost the points), else what the better card does, from
    the bots' reason for it (the puzzles' theme of that answer)."""
    key = reason.key if reason is not None else ""
    if key.startswith("moon_own"):
        return "shooting"
    if key.startswith("moon"):
        return "moon"
    if key.startswith("queen"):
        return "queen"
    if key == "void_dump":
        return "voiding"
    if key.endswith("_ducks"):
        return "ducking"
    return play_theme(view, better)


def _agreed(
    kind: str,
    trick: int,
    plays_before: int,
    played: tuple[Card, ...],
    weighing: Weighing,
    facts: _DealFacts,
    expected: float,
    theme: str,
) -> Decision:
    options = len(weighing.options)
    return Decision(
        kind,
        trick,
        plays_before,
        played,
        played,
        0.0,
        0.0,
        0,
        options,
        None,
        facts.floor,
        facts.moon_value,
        0.0,
        expected,
        theme,
    )


def _expected(weighing: Weighing) -> float:
    chosen = weighing.outcomes[weighing.chosen]
    return mean(chosen.own, chosen.weights)


# --- facts of the deal -----------------------------------------------------------------


class _DealFacts:
    """What happened in the finished deal, for the reasons."""

    def __init__(self, deal: Deal, player: int) -> None:
        self.deal = deal
        self.rules = deal.rules
        self.player = player
        self.players = deal.rules.players
        self.result: DealResult = deal.result()
        self.tricks = deal.tricks
        # Tricks before a set position are not on record: number them as the deal does.
        self.first_trick = deal.trick_number - len(self.tricks)
        team = next(t for t in self.rules.teams() if player in t)
        self.team = team
        values = self.rules.values
        self.values = values
        self.queen = QUEEN_OF_SPADES if values[QUEEN_OF_SPADES.index] > 0 else None
        self.floor = SLIGHT_SHARE * self.rules.moon_value
        self.moon_value = self.rules.moon_value

    def own_gap(self, played: Sequence[float], better: Sequence[float]) -> float:
        """The player's own points lost by the played option (gained, in Reverse)."""
        sign = -1 if self.rules.reverse else 1
        return sign * difference(played, better)[0]

    def seat(self, player: int) -> Seat:
        return Seat(player, self.players)

    def weight(self, cost: float, error: float) -> tuple[bool, bool]:
        """A decision's cost beyond the noise (``lost``), and graded costly."""
        return beyond_noise(cost, error), grade(cost, error, self.moon_value) in COSTLY

    def trick(self, number: int) -> Trick:
        """The trick counted from 0 as the deal counts it."""
        return self.tricks[number - self.first_trick]

    def trick_of(self, card: Card) -> int | None:
        """The number (from 0) of the trick where ``card`` was played."""
        for index, trick in enumerate(self.tricks):
            if card in trick.cards:
                return index + self.first_trick
        return None

    def taken_by(self, player: int, card: Card) -> bool:
        return bool(self.deal.taken[player] & card.bit)

    def base(self) -> set[str]:
        facts = set()
        if self.rules.reverse:
            facts.add("points_good")
        else:
            facts.add("points_bad")
        return facts

    def moon(self, facts: set[str], params: dict[str, object]) -> int | None:
        """The shooter of another side's moon (None otherwise); a moon of the player's
        side is the fact ``moon_own``."""
        shooter = self.result.moon
        if shooter is not None and shooter in self.team:
            facts.add("moon_own")
        if shooter is not None and shooter not in self.team:
            facts.add("moon_other")
            params["shooter"] = self.seat(shooter)
            return shooter
        return None

    def play_reason(
        self, number: int, card: Card, better: Card, lost: bool, costly: bool
    ) -> Reason:
        """The reason for playing ``card`` rather than ``better`` in trick ``number``
        (``lost``: at a cost beyond the noise; ``costly``: graded costly, see
        :meth:`weight`)."""
        me = self.player
        trick = self.trick(number)
        cards = list(trick.cards)
        values = self.values
        winner = trick.winner
        assert winner is not None
        facts = self.base()
        if lost:
            facts.add("lost")
        params: dict[str, object] = {
            "card": card,
            "better": better,
            "trick": number + 1,
            "winner": self.seat(winner),
        }
        led = cards[0]
        lead = led == card
        facts.add("lead" if lead else "follow" if card.suit == led.suit else "discard")
        points = sum(values[c.index] for c in cards)
        params["points"] = Points(points, 0)
        if points > 0:
            facts.add("trick_points")
        if values[card.index] > 0:
            facts.add("card_points")
        if winner == me:
            facts.add("you_won")
        elif winner in self.team:
            facts.add("partner_won")
        else:
            facts.add("other_won")
        shooter = self.moon(facts, params)
        if shooter is not None and winner == shooter:
            facts.add("shooter_won")
        queen = self.queen
        if queen is not None and card == queen:
            facts.add("card_queen")
        elif queen is not None and queen in cards:
            facts.add("queen_in_trick")
            params["queen_by"] = self.seat(dict((c, p) for p, c in trick.plays)[queen])
        # The better card in this trick, the others' cards as they fell (a lead only in
        # the same suit: another suit would have changed what they had to play).
        if not lead or better.suit == card.suit:
            swapped = mask_of(cards) & ~card.bit | better.bit
            first = better if lead else led
            taken = trick_winner(swapped, first.index, self.rules.hearts_trump) == better.index
            if taken:
                facts.add("better_wins")
                if swapped & self.rules.moon_cards:
                    facts.add("better_stops")
            elif winner == me:
                facts.add("better_ducks")
        if lead:
            dumped = [
                (values[c.index], p, c)
                for p, c in trick.plays
                if p != me and c.suit != led.suit and values[c.index] > 0
            ]
            if dumped:
                _value, who, worst = max(dumped, key=lambda d: (d[0], d[2].index))
                facts.add("void_dump")
                params.update(void_seat=self.seat(who), dumped=worst, suit=Suit(led.suit))
        # "You kept it and it made you take trick 8" is blame: never under a good grade.
        if costly and values[better.index] > 0 and self.taken_by(me, better):
            later = self.trick_of(better)
            if later is not None and later > number:
                facts.add("kept_taken")
                params["later"] = later + 1
        return reason_for(frozenset(facts), params)

    def pass_reason(
        self, passed: tuple[Card, ...], better: tuple[Card, ...], lost: bool, costly: bool
    ) -> Reason:
        """The reason for passing ``passed`` rather than ``better`` (``lost`` and
        ``costly`` as for :meth:`play_reason`)."""
        me = self.player
        direction = self.deal.pass_direction
        assert direction is not None
        receiver = self.rules.pass_receiver(me, direction)
        values = self.values
        facts = self.base()
        facts.add("pass")
        if lost:
            facts.add("lost")
        kept = tuple(c for c in better if c not in passed)
        params: dict[str, object] = {
            "cards": Symbols(passed, " "),
            "better": Symbols(better, " "),
            "kept": Symbols(kept, " "),
            "seat": self.seat(receiver),
        }
        shooter = self.moon(facts, params)
        if shooter == receiver and any(
            values[c.index] > 0 and self.taken_by(receiver, c) for c in passed
        ):
            facts.add("moon_receiver")
        for card in kept:
            later = self.trick_of(card)
            if later is None:
                continue
            if (
                costly
                and values[card.index] > 0
                and self.taken_by(me, card)
                and "kept_taken" not in facts
            ):
                facts.add("kept_taken")
                params.update(taken=card, taken_trick=later + 1)
            trick = self.trick(later)
            queen = self.queen
            if (
                costly
                and queen is not None
                and card.suit == queen.suit
                and card.rank > queen.rank
                and queen in trick.cards
                and trick.winner == me
                and trick_winner(mask_of(trick.cards), trick.cards[0].index) == card.index
                and "kept_caught" not in facts
            ):
                facts.add("kept_caught")
                params.update(catcher=card, caught_trick=later + 1)
        return reason_for(frozenset(facts), params)


# --- cards face up ---------------------------------------------------------------------

FACE_UP_CARDS: Final = 20
"""Cards left in the hands (the card decided included) from which a decision is solved
with every hand known: five tricks of four players, a few milliseconds compiled and
well under a second in the browser (``benchmarks/review.py``)."""
FACE_UP_NODES: Final = 300_000
"""The solver's budget of positions for one decision; beyond it, no face-up line."""


@dataclass(frozen=True)
class FaceUp:
    """One card decision as the exact solver sees it with every hand known ("cards face
    up", a double-dummy analysis): not what the player could know, but what the cards
    were. ``best``: the legal cards after which, everyone then playing exactly (each for
    their own side's points), the player's side takes the fewest points this deal (the
    most in Reverse); ``points``: the side's points this deal after each legal card, in
    that exact play; ``played``: the card the player played."""

    plays_before: int
    trick: int
    played: Card
    best: tuple[Card, ...]
    points: Mapping[Card, int]
    partnership: bool = False
    """The points are the side's of two partners (Partnership), not the player's alone."""

    @property
    def agrees(self) -> bool:
        """The card played was one of the best with every hand known."""
        return self.played in self.best

    @property
    def played_points(self) -> int:
        return self.points[self.played]

    @property
    def best_points(self) -> int:
        return self.points[self.best[0]]

    @property
    def cost(self) -> int:
        """How many points the side lost to the best card, every hand known (0 when it
        agrees; in Reverse, how many it gained less)."""
        return abs(self.played_points - self.best_points)

    def text(self, lang: str = "en") -> str:
        """The line in words, said as cards face up (every hand known), never as what the
        player could have known: that is the review's estimate, beside it."""
        whom = message("review.face_up.side" if self.partnership else "review.face_up.you", lang)
        if self.agrees:
            return text(
                "review.face_up.agrees",
                lang,
                card=self.played,
                points=points(self.played_points, lang, 0),
                whom=whom,
            )
        return ntext(
            "review.face_up.better",
            len(self.best),
            lang,
            best=card_list(self.best, lang),
            best_points=points(self.best_points, lang, 0),
            card=self.played,
            played_points=points(self.played_points, lang, 0),
            whom=whom,
        )


def face_up(
    deal: Deal, player: int = 0, *, cards: int = FACE_UP_CARDS, nodes: int = FACE_UP_NODES
) -> tuple[FaceUp, ...]:
    """Each card decision of ``player`` in the finished ``deal`` from the second trick on
    with at most ``cards`` cards left in the hands and more than one card to choose from,
    solved with every hand known (:class:`~hearts_teach.bots.solver.Solver`); a
    decision the solver cannot finish within ``nodes`` positions is left out."""
    if not deal.is_over:
        raise HeartsError("deal_not_over")
    rules = deal.rules
    team = next(t for t in rules.teams() if player in t)
    position = rewound(deal)
    found: list[FaceUp] = []
    plays = 0
    for kind, who, chosen in deal.history:
        if kind == "pass":
            position.pass_cards(who, chosen)
            continue
        legal = position.legal_mask()
        left = sum(hand.bit_count() for hand in position.hands)
        if who == player and legal & (legal - 1) and position.trick_number > 0 and left <= cards:
            solver = Solver.from_deal(position, max_nodes=nodes)
            try:
                ends = solver.card_outcomes()
            except SolverLimit:
                ends = {}
            if ends:
                points = {CARDS[c]: sum(end.scores[p] for p in team) for c, end in ends.items()}
                sign = -1 if rules.reverse else 1
                least = min(sign * value for value in points.values())
                best = tuple(sorted(c for c, value in points.items() if sign * value == least))
                found.append(
                    FaceUp(plays, position.trick_number + 1, chosen[0], best, points, len(team) > 1)
                )
        position.play(chosen[0])
        plays += 1
    return tuple(found)


__all__ = [
    "CONFIRM_SAMPLES",
    "FACE_UP_CARDS",
    "KINDS",
    "REVIEW_PLAYOUTS",
    "SLIGHT_SHARE",
    "WHY",
    "DealReview",
    "Decision",
    "FaceUp",
    "GameReview",
    "Loss",
    "Reason",
    "Seat",
    "cost_text",
    "face_up",
    "find_leaks",
    "review_deal",
    "review_game",
]
