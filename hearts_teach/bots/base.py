"""What every bot returns, and the seeding that makes its choices repeatable.

A choice carries its reason and, for the Monte-Carlo bot, the figures it was made
from and what they say about it, all from one computation. It says them in two voices:
``reason(lang)`` is the bot's own table talk (first person, naming no card it holds
besides the one it plays), ``advice(lang)`` is a hint to the player whose seat it is
(second person, with the figures: their standard errors, the ties and why the choice
wins them, and why it departs from a card that costs fewer points, if it does).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from hearts_teach.bots.catalog import Said, Symbols, say
from hearts_teach.cards import Card, CardMask
from hearts_teach.deal import PlayerView
from hearts_teach.errors import BotError
from hearts_teach.i18n import card_symbol, one_decimal
from hearts_teach.rules import Rules
from hearts_teach.scoring import MoonChoice, preferred_moon_choice

SHOWN_FIGURES = 4
"""How many of the best options a hint prices at least (the choice and every option its
sentences name are priced too)."""


@dataclass(frozen=True)
class Figure:
    """What the simulations found for one option: its cards (legal cards that play the
    same, or the cards of one pass), the mean points of the player's side this deal, and
    the standard error of that mean."""

    cards: tuple[Card, ...]
    points: float
    error: float

    def text(self, lang: str) -> str:
        """``3♣ 9.0 ± 0.4`` (cards that play the same: ``4♠/5♠ 3.3 ± 0.2``)."""
        cards = "/".join(card_symbol(card, lang) for card in self.cards)
        return f"{cards} {one_decimal(self.points, lang)} ± {one_decimal(self.error, lang)}"


@dataclass(frozen=True)
class Choice:
    """A card to play and why.

    ``key`` names the reason ("play.duck"), true of the position (see
    ``policy.CLAIMS``); ``params`` are what it names besides the card. For the
    Monte-Carlo bot: ``figures`` prices every legal card (best first, cards that play
    the same together), ``estimates`` gives each legal card's mean points (its side's
    in Partnership) and ``samples`` how many simulated deals back them; ``figure`` is
    the sentence pricing the choice, ``notes`` what the figures say about it (hint
    voice), ``named`` the other legal cards those notes name.
    """

    card: Card
    key: str
    params: Mapping[str, object] = field(default_factory=dict)
    estimates: Mapping[Card, float] | None = None
    samples: int = 0
    figures: tuple[Figure, ...] = ()
    figure: Said | None = None
    notes: tuple[Said, ...] = ()
    named: tuple[Card, ...] = ()

    @property
    def errors(self) -> dict[Card, float]:
        """The standard error of each legal card's estimate."""
        return {card: f.error for f in self.figures for card in f.cards}

    def _rule(self) -> Said:
        return Said(self.key, {"card": self.card, **self.params})

    def reason(self, lang: str = "en") -> str:
        """Why the bot played its card, in its own words (the table's log)."""
        said = [self._rule()] + ([self.figure] if self.figure else [])
        return " ".join(s.text(lang, "bot") for s in said)

    def advice(self, lang: str = "en") -> str:
        """Why the player should play this card, told to the player (a hint), in words:
        the figures behind it are :meth:`figure_text` and :meth:`priced_text`."""
        said = [self._rule(), *self.notes]
        return " ".join(s.text(lang, "hint") for s in said)

    def figure_text(self, lang: str = "en") -> str:
        """What the simulations expect of this card, with their sample and error, told
        to the player (empty without figures)."""
        return self.figure.text(lang, "hint") if self.figure else ""

    def priced(self) -> tuple[Figure, ...]:
        """The figures a hint shows: the best few, the choice and every card it names."""
        wanted = {self.card, *self.named}
        return tuple(
            f
            for rank, f in enumerate(self.figures)
            if rank < SHOWN_FIGURES or wanted.intersection(f.cards)
        )

    def priced_text(self, lang: str = "en") -> str:
        """``3♣ 9.0 ± 0.4, 5♣ 9.1 ± 0.4`` (empty without figures)."""
        return ", ".join(f.text(lang) for f in self.priced())


@dataclass(frozen=True)
class PassChoice:
    """The cards to pass and why: ``parts`` gives each group of them with the reason
    true of passing it (``policy.pass_parts``); the Monte-Carlo bot adds ``figures``
    (the pass chosen first, then every pass its notes name), ``figure`` and ``notes``
    as for a :class:`Choice`."""

    cards: tuple[Card, ...]
    parts: tuple[tuple[tuple[Card, ...], Said], ...]
    samples: int = 0
    figures: tuple[Figure, ...] = ()
    figure: Said | None = None
    notes: tuple[Said, ...] = ()

    def reason(self, lang: str = "en") -> str:
        """Why the bot passes these cards, in its own words."""
        if len(self.parts) == 1:
            said = [say("bot.pass.one", lang, {"cards": self.cards, "phrase": self.parts[0][1]})]
        else:
            said = [say("bot.pass.many", lang, {"cards": self.cards})]
            said += [say("bot.pass.clause", lang, {"cards": c, "phrase": p}) for c, p in self.parts]
        if self.figure:
            said.append(self.figure.text(lang, "bot"))
        return " ".join(said)

    def advice(self, lang: str = "en") -> str:
        """Why the player should pass these cards, told to the player (a hint), in
        words: the figures behind it are :meth:`figure_text` and :attr:`figures`."""
        said = [say("hint.pass.clause", lang, {"cards": c, "phrase": p}) for c, p in self.parts]
        said += [s.text(lang, "hint") for s in self.notes]
        return " ".join(said)

    def figure_text(self, lang: str = "en") -> str:
        """What the simulations expect of this pass, with their sample and error, told
        to the player (empty without figures)."""
        return self.figure.text(lang, "hint") if self.figure else ""


@dataclass(frozen=True)
class MoonChoiceMade:
    """The shooter's choice on a moon under ``moon="choice"`` (docs/rules.md §3.2) and
    why: ``key`` names the reason (``moon.add.leading``), true of the game's totals."""

    choice: MoonChoice
    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def reason(self, lang: str = "en") -> str:
        """Why the bot chose, in its own words."""
        return Said(self.key, self.params).text(lang, "bot")

    def advice(self, lang: str = "en") -> str:
        """Why the player should choose so, told to the player (a hint)."""
        return Said(self.key, self.params).text(lang, "hint")


def moon_choice_for(view: PlayerView) -> MoonChoiceMade:
    """The shooter's choice by the game situation, from the shooter's view of the finished
    deal (every trick is public, so the view holds all the choice needs): the rule of
    :func:`~hearts_teach.scoring.preferred_moon_choice`, the one every level follows."""
    if view.phase != "over":
        raise BotError("bot_deal_not_over")
    won = [0] * view.rules.players
    for trick in view.tricks:
        if trick.winner is not None:
            won[trick.winner] += 1
    return moon_choice_made(
        view.rules, view.totals, view.player, view.taken, view.deal_number, tuple(won)
    )


def moon_choice_made(
    rules: Rules,
    totals: Sequence[int],
    shooter: int,
    taken: Sequence[CardMask],
    deal_number: int,
    tricks: Sequence[int] | None = None,
) -> MoonChoiceMade:
    """The same choice from a finished deal's facts (the teachers' desk has no view): the
    game's totals before the deal, the shooter, the cards each took, the deal's number,
    and the tricks each won (a sun is worth twice the moon, docs/rules.md §16.2)."""
    decision = preferred_moon_choice(rules, totals, shooter, taken, 0, deal_number + 1, tricks)
    sun = tricks is not None and rules.sun == "double" and tricks[shooter] == sum(tricks)
    return MoonChoiceMade(
        decision.choice,
        f"moon.{decision.choice}.{decision.reason}",
        {"amount": rules.moon_value * (2 if sun else 1)},
    )


def pass_set(cards: tuple[Card, ...]) -> Symbols:
    """A set of cards to pass, written short (``3♣ 5♣ K♥``)."""
    return Symbols(cards, " ")


class Bot(ABC):
    """A computer player. It is given a :class:`PlayerView` only, never the deal."""

    level: str = ""
    searches: bool = False
    """Whether a decision searches (tens of milliseconds) rather than applies rules of
    thumb (microseconds): a server may then run it at a lower priority."""

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    @abstractmethod
    def play(self, view: PlayerView) -> Choice:
        """The card to play now (the view must be this seat's turn in the play phase)."""

    @abstractmethod
    def pass_cards(self, view: PlayerView) -> PassChoice:
        """The cards to pass (the view must be in the pass phase)."""

    def choose_moon(self, view: PlayerView) -> MoonChoiceMade:
        """How the moon this seat shot scores, under ``moon="choice"``: by the game's
        totals and how the game ends (:func:`moon_choice_for`; the view must be the
        shooter's, once the deal is over)."""
        return moon_choice_for(view)

    def rng_for(self, view: PlayerView, purpose: str) -> random.Random:
        """A generator that depends on the seed and on what the seat knows, only.

        The same seed and the same knowledge give the same choice, whatever the
        hidden cards are and whatever the bot played before.
        """
        return random.Random(f"{self.level}:{self.seed}:{purpose}:{knowledge_key(view)}")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} level={self.level!r} seed={self.seed!r}>"


KEYED_OPTIONS: Final = frozenset(
    {
        "players",
        "moon",
        "spot",
        "omnibus",
        "black_maria",
        "target",
        "partnership",
        "reverse",
        "qs_penalty",
        "passing",
        "pass_count",
        "first_lead",
        "first_lead_any_club",
        "must_break_hearts",
        "qs_breaks_hearts",
        "lead_hearts_when_only_hearts",
        "lead_hearts_instead_of_qs",
        "first_trick_no_points",
        "first_trick_forced",
        "omnibus_moon_requires_jd",
        "omnibus_jd_stacks_on_moon",
        "two_player_moon_award",
        "two_player_both_over",
        "avoid_all_tricks_bonus",
        "partner_spared_on_moon",
    }
)
"""The options a bot's seed reads whatever their value: the rules' options as the first
seeded bots knew them. Every other option, today's ``removed`` and ``deals`` and any
option added later, is read only when changed (:meth:`Rules.changed_options`), so a new
option left at its default changes no seeded decision. Never add a name here."""


def rules_key(rules: Rules) -> str:
    """The rules as a seat's knowledge key names them: the keyed options and the changed
    ones, with their values, in the rules' order of options."""
    changed = rules.changed_options()
    return str(
        {
            name: value
            for name, value in rules.options().items()
            if name in KEYED_OPTIONS or name in changed
        }
    )


def knowledge_key(view: PlayerView) -> str:
    """A text that identifies everything the seat knows (and nothing it does not)."""
    played = ",".join(f"{p}{c.index}" for trick in view.tricks for p, c in trick.plays)
    current = ",".join(f"{p}{c.index}" for p, c in view.trick)
    return (
        f"{rules_key(view.rules)}|{view.player}|{view.deal_number}|{view.totals}|"
        f"{view.hand:x}|{view.passed:x}|{view.received:x}|{view.phase}|{played}|{current}"
    )


def check_turn(view: PlayerView) -> None:
    if view.phase != "play" or view.to_play != view.player or not view.legal:
        raise BotError("bot_not_turn")


def check_passing(view: PlayerView) -> int:
    """How many cards to pass (raises outside the pass phase)."""
    if view.phase != "pass" or view.pass_direction is None:
        raise BotError("bot_not_passing")
    count = view.rules.pass_count
    assert count is not None  # Rules sets it from the number of players
    return count
