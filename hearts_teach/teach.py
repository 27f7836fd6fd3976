"""The teacher's tools: one deal scored under every variant, the scoring desk, what-if.

Nothing here plays differently from the engine: a deal's taken cards are scored again
with other :class:`Rules`, the desk feeds :func:`score_deal` with cards entered by hand,
and the what-if rewinds a deal with :meth:`Deal.undo` before the bots play on.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from hearts_teach.bots import make_bot, moon_choice_for
from hearts_teach.cards import (
    ACE_OF_SPADES,
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    KING_OF_SPADES,
    QUEEN_OF_SPADES,
    Card,
    cards_of,
    mask_of,
    parse_cards,
)
from hearts_teach.deal import Deal
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import seat_name, signed, text
from hearts_teach.rules import PLAYER_COUNTS, Rules
from hearts_teach.scoring import DealResult, score_deal

# The rows of the comparison: every chapter's preset, then Spot and Omnibus under the
# other moon rules, since "every variant and moon rule" is what a teacher compares.
COMPARED: Final[tuple[tuple[str, str, dict[str, Any]], ...]] = (
    ("standard", "standard", {}),
    ("new-moon", "new-moon", {}),
    ("mixed-moon", "mixed-moon", {}),
    ("spot", "spot", {}),
    ("spot+new", "spot", {"moon": "new"}),
    ("spot+mixed", "spot", {"moon": "mixed"}),
    ("omnibus", "omnibus", {}),
    ("omnibus+new", "omnibus", {"moon": "new"}),
    ("omnibus+mixed", "omnibus", {"moon": "mixed"}),
    ("black-maria", "black-maria", {}),
    ("black-maria-3", "black-maria-3", {}),
    ("two-player", "two-player", {}),
    ("original", "original", {}),
    ("original-historical", "original-historical", {}),
    ("partnership", "partnership", {}),
    ("reverse", "reverse", {}),
    # Hearts for three, five and six (docs/rules.md §15): the rows a deal of those
    # tables is scored by. The shooter's choice has no row: a moon's score there is the
    # shooter's to choose, which the Old and New Moon rows show.
    ("three-player", "three-player", {}),
    ("five-player", "five-player", {}),
    ("six-player", "six-player", {}),
)


def player_name(player: int, players: int, lang: str = "en") -> str:
    """A seat by its compass name (South, West, North, East: the engine's catalog), the
    same at the start of a sentence and inside one."""
    return seat_name(player, players, lang)


def winners_text(rules: Rules, winners: Sequence[int], lang: str = "en") -> str:
    players = rules.players
    if len(winners) == 2:
        first, second = (player_name(p, players, lang) for p in winners)
        who = text("teach.team", lang, first=first, second=second)
        return text("teach.win_team", lang, who=who)
    return text("teach.wins", lang, who=player_name(winners[0], players, lang))


def variant_label(key: str, lang: str = "en") -> str:
    """``spot+new`` → ``Spot Hearts, New Moon``; a preset name → its display name."""
    preset, _, moon = key.partition("+")
    name = text("variant." + preset, lang)
    if not moon:
        return name
    return text(
        "teach.variant_moon", lang, variant=name, moon=text("teach.moon_short." + moon, lang)
    )


@dataclass(frozen=True)
class VariantScore:
    """One row of the comparison: a variant's score of the deal, or why it is left out."""

    key: str
    rules: Rules
    result: DealResult | None
    reason: str | None = None
    reason_params: tuple[tuple[str, object], ...] = ()

    def label(self, lang: str = "en") -> str:
        return variant_label(self.key, lang)

    def reason_text(self, lang: str = "en") -> str:
        if self.reason is None:
            return ""
        return text(self.reason, lang, **dict(self.reason_params))

    def outcome_text(self, lang: str = "en") -> str:
        """Who would win with the totals given, or that the game goes on."""
        if self.result is None:
            return self.reason_text(lang)
        if self.result.game_over:
            return winners_text(self.rules, self.result.winners, lang)
        return text("teach.game_goes_on", lang)

    def moon_text(self, lang: str = "en") -> str:
        if self.result is None or self.result.moon is None:
            return ""
        rule = self.result.moon_rule or "old"
        who = player_name(self.result.moon, self.rules.players, lang)
        return f"{text('teach.moon_by', lang, who=who)} ({text('teach.moon_short.' + rule, lang)})"


@dataclass(frozen=True)
class Comparison:
    """A deal scored under every variant; rows in the order of :data:`COMPARED`."""

    players: int
    totals_before: tuple[int, ...]
    rows: tuple[VariantScore, ...]

    @property
    def scored(self) -> tuple[VariantScore, ...]:
        return tuple(row for row in self.rows if row.result is not None)

    @property
    def left_out(self) -> tuple[VariantScore, ...]:
        return tuple(row for row in self.rows if row.result is None)

    def row(self, key: str) -> VariantScore:
        for row in self.rows:
            if row.key == key:
                return row
        raise KeyError(key)

    def scores(self) -> dict[str, tuple[int, ...]]:
        """variant key → each player's score for the deal (scored rows only)."""
        return {row.key: row.result.scores for row in self.scored if row.result is not None}

    def table(self, lang: str = "en", with_totals: bool = False) -> list[list[str]]:
        """Rows of text, the header first: variant, one column per player, moon, outcome."""
        header = [text("teach.variant", lang)]
        header += [player_name(p, self.players, lang) for p in range(self.players)]
        header.append(text("teach.moon_rule", lang))
        if with_totals:
            header.append(text("teach.outcome", lang))
        lines = [header]
        for row in self.scored:
            assert row.result is not None
            cells = [row.label(lang)]
            for score, total in zip(row.result.scores, row.result.totals, strict=True):
                cells.append(
                    f"{signed(score, plus=True)} → {signed(total)}"
                    if with_totals
                    else signed(score)
                )
            cells.append(row.moon_text(lang))
            if with_totals:
                cells.append(row.outcome_text(lang))
            lines.append(cells)
        return lines

    def text_table(self, lang: str = "en", with_totals: bool = False) -> str:
        """The table aligned for a terminal, followed by the variants left out and why."""
        lines = self.table(lang, with_totals)
        widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
        out = [
            "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
            for line in lines
        ]
        out.insert(1, "  ".join("-" * width for width in widths))
        for row in self.left_out:
            reason = row.reason_text(lang)
            reason = reason[:1].lower() + reason[1:]
            out.append(text("teach.left_out", lang, variant=row.label(lang), reason=reason))
        return "\n".join(out)


def compared_rules() -> list[tuple[str, Rules]]:
    return [(key, Rules.preset(preset, **changes)) for key, preset, changes in COMPARED]


def compare_taken(
    taken: Sequence[Iterable[Card | str] | str | int],
    totals: Sequence[int] | None = None,
    dead: Iterable[Card | str] | str | int = (),
    tricks: Sequence[int] | None = None,
) -> Comparison:
    """Score the cards each player took under every variant that fits this table.

    ``taken`` holds one entry per player (cards, a text like ``"QS 2H"``, or a bit mask).
    A variant for another number of players is left out with its reason; so is one
    whose deck lacks a card that was taken.
    """
    masks = [_as_mask(entry) for entry in taken]
    players = len(masks)
    dead_mask = _as_mask(dead)
    before = tuple(totals) if totals is not None else (0,) * players
    rows: list[VariantScore] = []
    for key, rules in compared_rules():
        if rules.players != players:
            rows.append(
                VariantScore(
                    key,
                    rules,
                    None,
                    "teach.needs_players",
                    (("needed", rules.players), ("players", players)),
                )
            )
            continue
        try:
            result = score_deal(
                rules, [cards_of(m) for m in masks], before, cards_of(dead_mask), tricks
            )
        except HeartsError as error:
            rows.append(
                VariantScore(key, rules, None, "error." + error.code, tuple(error.params.items()))
            )
            continue
        rows.append(VariantScore(key, rules, result))
    return Comparison(players, before, tuple(rows))


def compare_deal(deal: Deal, totals: Sequence[int] | None = None) -> Comparison:
    """Every variant's score of a finished deal (totals default to the deal's own)."""
    if not deal.is_over:
        raise HeartsError("deal_not_over")
    return compare_taken(
        deal.taken,
        totals=deal.totals if totals is None else totals,
        dead=deal.dead,
        tricks=deal.tricks_won,
    )


def _as_mask(entry: Iterable[Card | str] | str | int) -> int:
    if isinstance(entry, int):
        return entry
    return mask_of(parse_cards(entry))


# --- scoring desk -------------------------------------------------------------------


def counting_cards(players: int) -> list[Card]:
    """The cards that count in some variant for this table: hearts, Q♠, and with four or
    three players K♠ and A♠ (Black Maria) and, with four, J♦ (Omnibus); with five and six,
    whose comparison rows are standard Hearts (docs/rules.md §15), hearts and Q♠."""
    deck = Rules(players=players, black_maria=players == 3).deck
    mask = HEARTS_MASK | QUEEN_OF_SPADES.bit
    if players in (3, 4):
        mask |= KING_OF_SPADES.bit | ACE_OF_SPADES.bit
    if players == 4:
        mask |= JACK_OF_DIAMONDS.bit
    return cards_of(mask & deck)


class DeskError(HeartsError):
    """An entry the scoring desk refuses; the desk is left as it was.

    ``who`` (a player number) and ``deck`` (a number of players) are named in the
    language of the message.
    """

    def message(self, lang: str = "en") -> str:
        params = dict(self.params)
        who = params.get("who")
        if isinstance(who, int):
            players = params.pop("players", 4)
            params["who"] = player_name(who, players if isinstance(players, int) else 4, lang)
        deck = params.get("deck")
        if isinstance(deck, int):
            params["deck"] = text(f"teach.deck.{deck}", lang)
        return text("error." + self.code, lang, **params)


@dataclass
class ScoringDesk:
    """The teacher says who took which counting card; every variant's score follows.

    Entries that cannot happen are refused with a :class:`DeskError` (message in both
    languages): a card given to a second player, a card outside this deck, a dead card.
    """

    players: int = 4
    totals: tuple[int, ...] | None = None
    owner: dict[Card, int] = field(default_factory=dict)
    dead: list[Card] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.players not in PLAYER_COUNTS:
            raise HeartsError("rules_players", players=self.players)
        if self.totals is None:
            self.totals = (0,) * self.players
        elif len(self.totals) != self.players:
            raise HeartsError("totals_count", players=self.players, count=len(self.totals))
        self._counting = counting_cards(self.players)

    @property
    def cards(self) -> list[Card]:
        """The counting cards of this deck, in the desk's order."""
        return list(self._counting)

    @property
    def dead_allowed(self) -> int:
        return 2 if self.players == 2 else 0

    def _check(self, card: Card) -> None:
        deck = Rules(players=self.players, black_maria=self.players == 3).deck
        if not deck & card.bit:
            raise DeskError("desk_not_in_deck", card=card, deck=self.players)
        if card not in self._counting:
            raise DeskError("desk_not_counting", card=card)

    def give(self, card: Card | str, player: int) -> None:
        """Record that ``player`` took ``card``."""
        card = Card.parse(card)
        self._check(card)
        if not 0 <= player < self.players:
            raise DeskError("player", player=player, players=self.players)
        if card in self.dead:
            raise DeskError("desk_dead", card=card)
        if card in self.owner:
            raise DeskError("desk_twice", card=card, who=self.owner[card], players=self.players)
        self.owner[card] = player

    def take_back(self, card: Card | str) -> None:
        """Forget who took ``card`` (to correct an entry)."""
        card = Card.parse(card)
        if card in self.owner:
            del self.owner[card]
        elif card in self.dead:
            self.dead.remove(card)
        else:
            raise DeskError("desk_not_given", card=card)

    def set_dead(self, card: Card | str) -> None:
        """Two players: mark a card as set aside (dead)."""
        card = Card.parse(card)
        deck = Rules(players=self.players, black_maria=self.players == 3).deck
        if not deck & card.bit:
            raise DeskError("desk_not_in_deck", card=card, deck=self.players)
        if card in self.owner:
            raise DeskError("desk_twice", card=card, who=self.owner[card], players=self.players)
        if card in self.dead:
            raise DeskError("card_twice", card=card)
        if len(self.dead) >= self.dead_allowed:
            raise DeskError("desk_too_many_dead", expected=self.dead_allowed)
        self.dead.append(card)

    def taken(self) -> list[list[Card]]:
        hands: list[list[Card]] = [[] for _ in range(self.players)]
        for card in self._counting:
            if card in self.owner:
                hands[self.owner[card]].append(card)
        return hands

    @property
    def unassigned(self) -> list[Card]:
        return [c for c in self._counting if c not in self.owner and c not in self.dead]

    @property
    def complete(self) -> bool:
        """Every counting card is given (or dead): the scores are those of a real deal."""
        return not self.unassigned

    def compare(self) -> Comparison:
        return compare_taken(self.taken(), totals=self.totals, dead=self.dead)


# --- bots -----------------------------------------------------------------------------


class BotPlayer(Protocol):
    """What the teacher's tools need of a bot: a card for a view, cards to pass."""

    def choose(self, deal: Deal) -> Card: ...

    def choose_pass(self, deal: Deal, player: int) -> list[Card]: ...


class _EngineBot:
    """A bot from ``hearts_teach.bots`` seen through the player's view only."""

    def __init__(self, bot: Any) -> None:
        self._bot = bot

    def choose(self, deal: Deal) -> Card:
        card: Card = self._bot.play(deal.view(deal.to_play)).card
        return card

    def choose_pass(self, deal: Deal, player: int) -> list[Card]:
        return list(self._bot.pass_cards(deal.view(player)).cards)

    def choose_moon(self, deal: Deal, player: int) -> str:
        choice: str = self._bot.choose_moon(deal.view(player)).choice
        return choice


def make_player(level: str = "heuristic", seed: int = 0) -> BotPlayer:
    """A bot of ``hearts_teach.bots`` at the given level (see ``LEVELS`` there)."""
    return _EngineBot(make_bot(level, seed=seed))


def default_level() -> str:
    """The level used for simulations and what-ifs unless another is chosen."""
    return "heuristic"


def play_out(deal: Deal, bots: Sequence[BotPlayer]) -> Deal:
    """Let the bots (one per seat) pass and play the deal to its end, in place."""
    while deal.phase == "pass":
        player = deal.to_play
        deal.pass_cards(player, bots[player].choose_pass(deal, player))
    while not deal.is_over:
        deal.play(bots[deal.to_play].choose(deal))
    pending = deal.pending_moon_choice
    if pending is not None:
        # The shooter's choice (docs/rules.md §3.2): every bot level chooses by the
        # game's totals; a player without the method is given that same choice.
        shooter = pending.shooter
        chooser = getattr(bots[shooter], "choose_moon", None)
        choice = (
            chooser(deal, shooter)
            if chooser is not None
            else moon_choice_for(deal.view(shooter)).choice
        )
        deal.choose_moon(choice)
    return deal


def seat_bots(players: int, level: str, seed: int) -> list[BotPlayer]:
    """One bot per seat, each seeded from ``seed`` and its seat so results repeat."""
    return [make_player(level, seed=seed * 10 + seat) for seat in range(players)]


# --- what-if --------------------------------------------------------------------------


@dataclass(frozen=True)
class WhatIfResult:
    """The played deal and the replayed one, with every variant's scores of each."""

    played: Deal
    replayed: Deal
    before: Comparison
    after: Comparison

    def changes(self) -> dict[str, tuple[tuple[int, ...], tuple[int, ...]]]:
        """variant key → (scores as played, scores after the change) where they differ."""
        first = self.before.scores()
        second = self.after.scores()
        return {key: (first[key], second[key]) for key in first if first[key] != second[key]}


class WhatIf:
    """Rewind a played deal to a trick, play another card, let the bots finish.

    ``rewind(trick, position)`` gives the position before card ``position`` (0 = the lead)
    of trick ``trick`` (counted from 0). The bots that continue are seeded, so the same
    card always gives the same deal.
    """

    def __init__(self, deal: Deal, level: str | None = None, seed: int = 0) -> None:
        if not deal.is_over:
            raise HeartsError("deal_not_over")
        self.played = deal.copy()
        self.level = level if level is not None else default_level()
        self.seed = seed

    @property
    def plays(self) -> list[tuple[int, Card]]:
        return self.played.plays

    def rewind(self, trick: int, position: int = 0) -> Deal:
        players = self.played.rules.players
        count = len(self.played.tricks)
        if not 0 <= trick < count or not 0 <= position < players:
            raise HeartsError("whatif_trick", number=trick + 1, count=count)
        keep = trick * players + position
        deal = self.played.copy()
        while len(deal.plays) > keep:
            deal.undo()
        return deal

    def replay(self, trick: int, card: Card | str, position: int = 0) -> WhatIfResult:
        """Play ``card`` at that point instead (an illegal card raises IllegalMove)."""
        deal = self.rewind(trick, position)
        deal.play(card)
        play_out(deal, seat_bots(deal.rules.players, self.level, self.seed))
        return WhatIfResult(self.played, deal, compare_deal(self.played), compare_deal(deal))
