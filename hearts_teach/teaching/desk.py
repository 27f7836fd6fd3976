"""The scoring desk: the teacher says who took which counting card, and every
variant's score of that deal follows (:mod:`hearts_teach.teaching.compare`)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from hearts_teach.cards import (
    ACE_OF_SPADES,
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    KING_OF_SPADES,
    QUEEN_OF_SPADES,
    Card,
    Suit,
    cards_of,
)
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import seat_name, text
from hearts_teach.rules import PLAYER_COUNTS, Rules
from hearts_teach.teaching.compare import Comparison, VariantScore, compare_taken


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


@dataclass(frozen=True)
class PendingScore(VariantScore):
    """A variant's row while a card that counts in it is still to give: the scores are
    those of the cards given so far; who wins the game is not known yet."""

    missing: int = 0

    def outcome_text(self, lang: str = "en") -> str:
        return text("teach.desk_pending", lang, count=self.missing)


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
            params["who"] = seat_name(who, players if isinstance(players, int) else 4, lang)
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

    def _receivable(self, card: Card | str, player: int) -> Card:
        """``card``, if ``player`` may be given it (whoever has it now)."""
        card = Card.parse(card)
        self._check(card)
        if not 0 <= player < self.players:
            raise DeskError("player", player=player, players=self.players)
        if card in self.dead:
            raise DeskError("desk_dead", card=card)
        return card

    def give(self, card: Card | str, player: int) -> None:
        """Record that ``player`` took ``card``."""
        card = self._receivable(card, player)
        if card in self.owner:
            raise DeskError("desk_twice", card=card, who=self.owner[card], players=self.players)
        self.owner[card] = player

    def move(self, card: Card | str, player: int) -> None:
        """Give ``card`` to ``player``, taking it from whoever had it (one click on the
        desk moves a card); a card that cannot go to ``player`` is refused and stays."""
        self.owner[self._receivable(card, player)] = player

    def give_rest(self, player: int, suit: Suit | None = None) -> list[Card]:
        """Give ``player`` every counting card nobody has yet (of ``suit`` only, if
        given): « tous les cœurs », « le reste ». Returns the cards given."""
        if not 0 <= player < self.players:
            raise DeskError("player", player=player, players=self.players)
        cards = [c for c in self.unassigned if suit is None or c.suit is suit]
        for card in cards:
            self.owner[card] = player
        return cards

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
        """Every variant's score of the cards given so far. A variant that counts a card
        nobody has been given yet is a :class:`PendingScore`: its scores are those of the
        cards given, and whether the game ends is not said (Black Maria waits for K♠ and
        A♠, the others do not)."""
        comparison = compare_taken(self.taken(), totals=self.totals, dead=self.dead)
        rows = []
        for row in comparison.rows:
            missing = sum(1 for card in self.unassigned if row.rules.value(card))
            if row.result is not None and missing:
                row = PendingScore(
                    **{f.name: getattr(row, f.name) for f in fields(row)}, missing=missing
                )
            rows.append(row)
        return replace(comparison, rows=tuple(rows))
