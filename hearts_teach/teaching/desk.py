"""The scoring desk: the teacher says who took which counting card, and every
variant's score of that deal follows (:mod:`hearts_teach.teaching.compare`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields, replace

from hearts_teach.cards import (
    Card,
    Suit,
    cards_of,
    mask_of,
    parse_cards,
)
from hearts_teach.deal import Deal, trick_winner
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import seat_name, text
from hearts_teach.rules import PLAYER_COUNTS, Rules
from hearts_teach.teaching.compare import Comparison, VariantScore, compare_taken, compared_rules


def counting_cards(players: int) -> list[Card]:
    """The cards that count in some compared variant for this table (asked of each
    variant's rules, :func:`compared_rules`): with four players hearts, Q♠, K♠ and A♠
    (Black Maria), J♦ (Omnibus), 10♦ (Omnibus on the 10♦) and J♠ (Black Jack); with
    three, hearts, Q♠, K♠, A♠; with five and six, whose comparison rows are standard
    Hearts (docs/rules.md §15), hearts and Q♠."""
    deck = Rules(players=players, black_maria=players == 3).deck
    mask = 0
    for _key, rules in compared_rules():
        if rules.players == players:
            mask |= sum(card.bit for card in cards_of(rules.deck & deck) if rules.value(card))
    return cards_of(mask)


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


SEARCH_BUDGET = 60_000
"""The most cards :func:`desk_deal` tries before it gives up looking for a play of the
deal that gives the desk's cards (a few seconds in the reader's browser)."""


class DeskSearchGaveUp(DeskError):
    """No play giving the desk's cards was found within the search's bound; one may
    still exist (:data:`SEARCH_BUDGET`)."""


def desk_rules(players: int) -> Rules:
    """The rules a desk deal is dealt and shared under: the standard game for this
    table (Black Maria at three, as the desk's counting cards are)."""
    return Rules(players=players, black_maria=players == 3)


def desk_deal(
    desk: ScoringDesk,
    hands: Sequence[str | Iterable[Card]],
    *,
    budget: int = SEARCH_BUDGET,
) -> Deal:
    """The deal of these ``hands`` (as played, no pass), with the desk's totals before
    it; when the desk says who took some cards, played to its end so that each of those
    cards is taken by its player (any other card goes wherever the play sends it).

    Hands that cannot be dealt are refused with the engine's message; a desk no play of
    these hands can give raises :class:`DeskError` ``desk_no_play`` (proved: every way
    of playing was ruled out), and a search that reaches ``budget`` cards tried without
    an answer :class:`DeskSearchGaveUp`. The desk is not changed."""
    rules = desk_rules(desk.players)
    masks = [mask_of(parse_cards(hand)) for hand in hands]
    dead = rules.deck & ~sum(masks) if rules.dead_count else 0
    deal = Deal.from_hands(
        rules, [cards_of(m) for m in masks], dead=cards_of(dead), totals=desk.totals
    )
    for card in desk.dead:
        if not dead & card.bit:
            holder = next(p for p, m in enumerate(masks) if m & card.bit)
            raise DeskError("desk_dead_held", card=card, who=holder, players=desk.players)
    wanted = {card.index: player for card, player in desk.owner.items()}
    if not wanted:
        return deal
    if not _enough_tricks(deal, wanted):
        raise DeskError("desk_no_play")
    search = _TakenSearch(deal, wanted, budget)
    if not search.run():
        raise DeskError("desk_no_play")
    return deal


def _enough_tricks(deal: Deal, wanted: dict[int, int]) -> bool:
    """Whether the tricks left can hold the wanted cards: a player wins at least as
    many tricks as the wanted cards they must take from any one hand (a trick holds one
    card of each hand), and at least one if they must take any."""
    hands = deal.hands
    need = [0] * deal.rules.players
    for player in range(deal.rules.players):
        mine = [i for i, p in wanted.items() if p == player and any(h >> i & 1 for h in hands)]
        if mine:
            need[player] = max(1, max(sum(1 for i in mine if hand >> i & 1) for hand in hands))
    return sum(need) <= hands[0].bit_count()


class _TakenSearch:
    """A depth-first search of the plays of a deal in which every wanted card is taken
    by its player: a trick holding wanted cards of two players, or whose wanted cards'
    player has played and is not winning it, is cut; positions that failed (at a
    trick's start) are remembered; the cards most likely to send each wanted card to its
    player are tried first."""

    def __init__(self, deal: Deal, wanted: dict[int, int], budget: int) -> None:
        self.deal = deal
        self.wanted = wanted
        self.budget = budget
        self.tried = 0
        self.failed: set[tuple[object, ...]] = set()
        self.trick: list[tuple[int, int]] = []
        self.limit = budget
        self.rng = random.Random(0)

    def run(self) -> bool:
        """Tries of growing bounds, each with its own order of the free cards (a try
        stuck deep in the deal starts again rather than undo every card); a try that
        ends within its bound has ruled every play out."""
        bound = 400
        attempt = 0
        while self.tried < self.budget:
            self.limit = min(self.budget, self.tried + bound)
            self.rng = random.Random(attempt)
            try:
                return self._step()
            except _OutOfBudget:
                self._undo_all()
            attempt += 1
            bound = bound * 3 // 2
        raise DeskSearchGaveUp("desk_search_gave_up", count=self.budget)

    def _undo_all(self) -> None:
        while self.deal.plays:
            self.deal.undo()
        self.trick = []

    def _step(self) -> bool:
        deal = self.deal
        if deal.is_over:
            return True
        key: tuple[object, ...] | None = None
        if not self.trick:
            key = (tuple(deal.hands), deal.to_play)
            if key in self.failed or not _enough_tricks(deal, self.wanted):
                return False
        for index in self._ordered():
            self.tried += 1
            if self.tried > self.limit:
                raise _OutOfBudget
            player = deal.to_play
            deal.play(Card(index))
            self.trick.append((player, index))
            done = len(self.trick) == deal.rules.players
            kept = self.trick
            if done:
                self.trick = []
            if self._step():
                return True
            deal.undo()
            self.trick = kept
            self.trick.pop()
        if key is not None:
            self.failed.add(key)
        return False

    def _ordered(self) -> list[int]:
        """The legal cards worth trying, the likeliest first."""
        deal = self.deal
        player = deal.to_play
        owners = {self.wanted[i] for _, i in self.trick if i in self.wanted}
        owner = next(iter(owners)) if owners else None
        played = {p for p, _ in self.trick}
        mask = sum(1 << i for _, i in self.trick)
        trump = deal.rules.hearts_trump
        ranked: list[tuple[float, float, int]] = []
        for card in deal.legal_moves():
            index = card.index
            goes_to = self.wanted.get(index)
            if goes_to is not None and owner is not None and goes_to != owner:
                continue
            target = owner if owner is not None else goes_to
            led = self.trick[0][1] if self.trick else index
            win = trick_winner(mask | card.bit, led, trump)
            winner = player if win == index else next(p for p, i in self.trick if i == win)
            if target is not None and (target in played or target == player):
                if winner != target:
                    continue  # the wanted cards' player has played and lost the trick
                rank = 0.0
            elif target is not None:
                rank = 0.5  # their player is still to play: they may yet win it
            else:
                rank = 1.0
            # among cards of one rank, an order drawn by each try, leaning a little
            # towards low free cards and high wanted ones: on 60 shuffled hands with
            # the cards of a random play to find, a lean of 30 found 55, of 2 only 37
            order = card.rank if target is None else -card.rank
            ranked.append((rank, order + self.rng.random() * _SHUFFLE, index))
        ranked.sort()
        return [index for _, _, index in ranked]


_SHUFFLE = 30
"""How much each try's draw weighs against a card's rank in the order of trial."""


class _OutOfBudget(Exception):
    """The search's bound is reached."""
