"""What a lesson's texts claim about the position, as data the engine checks.

A text of a lesson (a step's narration, a hint, the answer to a card) may carry
``"claims"``: a list of one-key objects, each a fact the text states. The lesson
validator checks every claim wherever the text can be shown, on every way the learner
may have played; the runner uses the same claims as conditions (an outro shown only
when its ``"if"`` holds). The vocabulary:

``{"wins": C}`` / ``{"loses": C}``
    Played now by the player to play, card C is sure to win the trick (whatever the
    players after play) / sure not to win it.
``{"trick_to": {"seat": S, "card": C}}``
    The trick goes to seat S whatever is played after C (``card`` left out: whatever
    the player to play and those after play); S may be a list: to one of these seats.
``{"winners": CARDS}``
    Exactly these cards of the player to play are sure to win the trick (``"all"``: every
    legal card; ``"none"``: no card).
``{"hearts": "broken" | "unbroken" | "free"}``, ``{"hearts_broken": true/false}``
    Whether hearts are broken; ``free`` when the rules let hearts be led at any time
    (``hearts_broken`` is then refused: such a text must say ``free``).
``{"worth": {"card": C, "points": N}}``
    What C is worth to whoever takes it under the lesson's rules.
``{"legal": C}`` / ``{"illegal": C}`` / ``{"reason": {"card": C, "code": R}}``
    C may / may not be played now; R is the engine's reason code (``Deal.explain``).
``{"holds": CARDS}`` / ``{"void": SUIT}``
    The learner holds these cards / no card of this suit; ``{"seat": S, "cards": ...}``
    and ``{"seat": S, "suit": ...}`` for another seat.
``{"dead": CARDS}``
    These are exactly the dead cards (set aside, out of play; ``"none"``: there are none).
``{"last_trick_to": S}``
    Seat S won the last completed trick.
``{"points": {"seat": S, "taken": N}}``
    S has taken N points so far in this deal (before any moon rule).
``{"takes_every_trick": S}``
    S (to play now) is sure to win every trick left: each legal card wins this trick,
    no trumps can beat S, and each of S's cards outranks every other card of its suit.
``{"moon_totals": {"seat": S, "moon": M, "totals": [...], "winners": [...]}}``
    If S takes every point still to be taken this deal, the totals after the deal under
    moon rule M (old, new, mixed; add or subtract: the shooter's choice made so; left
    out: the lesson's) and who wins (``"none"``: the game goes on).
``{"trick_points": N}``
    The cards on the table in the trick in progress are worth N points.
``{"moon": S}``, ``{"score": {"seat": S, "points": N}}`` (once the deal is over)
    S shot the moon (``"none"``: nobody); S scores N for the deal.
``{"moon_choice": "add" | "subtract"}`` (once the deal is over)
    The shooter chose so under the shooter's choice.
``{"not": CLAIM}``
    The claim inside does not hold (``{"not": {"loses": "Q♠"}}``: the queen may win).

Cards are written as in the deal (``"K♣"``); in the answer to a card, ``"this"`` stands
for the card the learner chose. Seats are ``"you"`` (the learner) or ``"south"``,
``"west"``, ``"north"``, ``"east"`` (and with five or six players ``"south-west"``,
``"north-west"``, ``"north-east"``, ``"south-east"``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from hearts_teach.cards import Card, Suit, cards_of, mask_of, parse_cards
from hearts_teach.deal import Deal
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import seat_name
from hearts_teach.scoring import MOON_CHOICES, score_deal

THIS: Final = "this"
"""The word that stands for the learner's card in the claims of an answer."""


class ClaimError(HeartsError):
    """A claim that cannot be read (unknown kind, bad card, bad seat)."""

    def __init__(self, detail: str) -> None:
        super().__init__("record_damaged", detail=detail)
        self.detail = detail


@dataclass(frozen=True)
class Claim:
    """One claim: its kind and its argument as written in the lesson."""

    kind: str
    value: Any

    def __str__(self) -> str:
        return f"{self.kind} {_show(self.value)}"


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return str(value)


def hearts_state(deal: Deal) -> str:
    """``free`` when the rules let hearts be led at any time, else ``broken`` or
    ``unbroken``: the one reading of the hearts rule that the table and the lessons show."""
    if not deal.rules.must_break_hearts:
        return "free"
    return "broken" if deal.hearts_broken else "unbroken"


# --- reading -----------------------------------------------------------------------


def parse_claims(data: Any, where: str) -> tuple[Claim, ...]:
    """Read a list of claims; every argument is checked for its form here, so that a
    typing mistake fails when the lesson is loaded, not when the claim is reached."""
    if data is None:
        return ()
    if not isinstance(data, list):
        raise ClaimError(f"{where}: claims must be a list")
    claims = []
    for item in data:
        if not isinstance(item, dict) or len(item) != 1:
            raise ClaimError(f"{where}: each claim is an object with one key, not {item!r}")
        ((kind, value),) = item.items()
        if kind == "not":
            claims.append(Claim(kind, parse_claims([value], where)[0]))
            continue
        form = _FORMS.get(kind)
        if form is None:
            known = ", ".join((*_FORMS, "not"))
            raise ClaimError(f"{where}: unknown claim {kind!r} (known: {known})")
        try:
            form(value)
        except (HeartsError, KeyError, TypeError, ValueError) as error:
            raise ClaimError(f"{where}: claim {kind} {value!r}: {error}") from None
        claims.append(Claim(kind, value))
    return tuple(claims)


def _card_arg(value: Any) -> None:
    if value != THIS:
        Card.parse(value)


def _cards_arg(value: Any) -> None:
    if value not in ("all", "none"):
        parse_cards(str(value))


def _seat_arg(value: Any) -> None:
    if not isinstance(value, str) or value not in ("you", *_SEAT_WORDS, "none"):
        raise ValueError(f"unknown seat {value!r}")


def _suit_arg(value: Any) -> None:
    _suit(value)


def _object(*required: str, optional: Sequence[str] = ()) -> Callable[[Any], None]:
    def check(value: Any) -> None:
        if not isinstance(value, dict):
            raise TypeError("an object expected")
        missing = [key for key in required if key not in value]
        extra = [key for key in value if key not in required and key not in optional]
        if missing or extra:
            raise KeyError(f"needs {', '.join(required)}; unknown {', '.join(extra)}")
        if "card" in value:
            _card_arg(value["card"])
        if "cards" in value:
            _cards_arg(value["cards"])
        if "seat" in value:
            seats = value["seat"] if isinstance(value["seat"], list) else [value["seat"]]
            for seat in seats:
                _seat_arg(seat)
        if "suit" in value:
            _suit_arg(value["suit"])

    return check


def _bool(value: Any) -> None:
    if not isinstance(value, bool):
        raise TypeError("true or false expected")


def _int(value: Any) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("a whole number expected")


def _word(*words: str) -> Callable[[Any], None]:
    def check(value: Any) -> None:
        if value not in words:
            raise ValueError(f"one of {', '.join(words)} expected")

    return check


def _holds_arg(value: Any) -> None:
    if isinstance(value, dict):
        _object("seat", "cards")(value)
    else:
        parse_cards(str(value))


def _void_arg(value: Any) -> None:
    if isinstance(value, dict):
        _object("seat", "suit")(value)
    else:
        _suit(value)


def _moon_totals_arg(value: Any) -> None:
    _object("totals", optional=("seat", "moon", "winners"))(value)
    if value.get("moon", "old") not in (*_MOON_WORDS, *MOON_CHOICES):
        raise ValueError("moon is old, new, mixed, add or subtract")
    if not all(isinstance(t, int) for t in value["totals"]):
        raise TypeError("totals are whole numbers")
    winners = value.get("winners", [])
    if winners != "none":
        for seat in winners:
            _seat_arg(seat)


_SEAT_WORDS: Final = (
    "south",
    "west",
    "north",
    "east",
    "south-west",
    "north-west",
    "north-east",
    "south-east",
)
_MOON_WORDS: Final = ("old", "new", "mixed")

_FORMS: Final[dict[str, Callable[[Any], None]]] = {
    "wins": _card_arg,
    "loses": _card_arg,
    "trick_to": _object("seat", optional=("card",)),
    "winners": _cards_arg,
    "hearts": _word("broken", "unbroken", "free"),
    "hearts_broken": _bool,
    "worth": _object("card", "points"),
    "legal": _card_arg,
    "illegal": _card_arg,
    "reason": _object("card", "code"),
    "holds": _holds_arg,
    "void": _void_arg,
    "dead": _cards_arg,
    "last_trick_to": _seat_arg,
    "points": _object("seat", "taken"),
    "takes_every_trick": _seat_arg,
    "moon_totals": _moon_totals_arg,
    "trick_points": _int,
    "moon": _seat_arg,
    "score": _object("seat", "points"),
    "moon_choice": _word(*MOON_CHOICES),
}


def _suit(value: Any) -> Suit:
    text = str(value).strip().upper()
    for suit in Suit:
        if text in (suit.symbol, suit.letter, suit.name):
            return suit
    raise ValueError(f"unknown suit {value!r}")


# --- checking ----------------------------------------------------------------------


class _Position:
    """A position seen from a lesson: the deal, the learner and the card in question."""

    def __init__(self, deal: Deal, learner: int, subject: Card | None) -> None:
        self.deal = deal
        self.learner = learner
        self.subject = subject

    def card(self, value: Any) -> Card:
        if value == THIS:
            if self.subject is None:
                raise _False("“this” names no card here (only an answer to a card has one)")
            return self.subject
        return Card.parse(value)

    def seat(self, value: str) -> int:
        if value == "you":
            return self.learner
        players = self.deal.rules.players
        for player in range(players):
            if seat_name(player, players, "en").lower() == value:
                return player
        raise _False(f"there is no {value} seat at a table of {players}")

    def name(self, player: int | None) -> str:
        if player is None:
            return "nobody"
        name = seat_name(player, self.deal.rules.players, "en")
        return f"{name} (you)" if player == self.learner else name

    def playable(self, card: Card) -> None:
        explanation = self.deal.explain(card)
        if not explanation.legal:
            raise _False(f"{card} cannot be played now: {explanation.text('en')}")


class _False(Exception):
    """Raised inside a check: the claim does not hold, and why."""


def trick_winners(deal: Deal, card: Card | None = None) -> set[int]:
    """Who may win the trick in progress: after ``card`` is played by the player to play
    (or any legal card when ``card`` is None), over every legal card of those after."""
    outcomes: set[int] = set()
    work = deal.copy()

    def explore(first: Card | None) -> None:
        moves = [first] if first is not None else work.legal_moves()
        for move in moves:
            work.play(move)
            finished = work.trick_completed
            if finished is not None and finished.winner is not None:
                outcomes.add(finished.winner)
            else:
                explore(None)
            work.undo()

    explore(card)
    return outcomes


def _sure_winners(deal: Deal) -> set[Card]:
    player = deal.to_play
    return {card for card in deal.legal_moves() if trick_winners(deal, card) == {player}}


def _takes_every_trick(deal: Deal, player: int) -> str | None:
    """Why ``player`` may lose a trick (None when every trick left is sure to be theirs)."""
    if deal.to_play != player:
        return "this is checked at that player's turn only"
    legal = deal.legal_moves()
    losing = [card for card in legal if trick_winners(deal, card) != {player}]
    if losing:
        return f"{losing[0]} would not be sure to win this trick"
    own = deal.hands[player]
    others = 0
    for other, hand in enumerate(deal.hands):
        if other != player:
            others |= hand
    if deal.rules.hearts_trump and others & Suit.HEARTS.mask and own & ~Suit.HEARTS.mask:
        return "another player holds a trump"
    for suit in Suit:
        mine = cards_of(own & suit.mask)
        theirs = cards_of(others & suit.mask)
        if mine and theirs and min(c.rank for c in mine) < max(c.rank for c in theirs):
            low = min(mine, key=lambda c: c.rank)
            return f"{low} is not higher than every other {suit.name.lower()[:-1]}"
    return None


def _taken_masks_if_all(deal: Deal, player: int) -> list[int]:
    """The cards each player would hold as taken if ``player`` took every card not yet
    taken (those in hands and on the table)."""
    rest = mask_of(deal.current_trick.cards)
    for hand in deal.hands:
        rest |= hand
    masks = list(deal.taken)
    masks[player] |= rest
    return masks


def check(claim: Claim, deal: Deal, learner: int, subject: Card | None = None) -> str | None:
    """None when the claim holds in this position; otherwise what the engine says."""
    position = _Position(deal, learner, subject)
    if claim.kind == "not":
        inner: Claim = claim.value
        if check(inner, deal, learner, subject) is None:
            return f"“{inner}” holds"
        return None
    try:
        _CHECKS[claim.kind](position, claim.value)
    except _False as false:
        return str(false)
    except HeartsError as error:
        return str(error)
    return None


def holds(claims: Sequence[Claim], deal: Deal, learner: int, subject: Card | None = None) -> bool:
    """Whether every claim holds (a lesson's conditions)."""
    return all(check(claim, deal, learner, subject) is None for claim in claims)


def _wins(p: _Position, value: Any) -> None:
    card = p.card(value)
    p.playable(card)
    player = p.deal.to_play
    outcomes = trick_winners(p.deal, card)
    if outcomes != {player}:
        others = ", ".join(p.name(w) for w in sorted(outcomes) if w != player)
        raise _False(f"after {card}, {others} may win the trick")


def _loses(p: _Position, value: Any) -> None:
    card = p.card(value)
    p.playable(card)
    if p.deal.to_play in trick_winners(p.deal, card):
        raise _False(f"{card} may win the trick")


def _trick_to(p: _Position, value: Any) -> None:
    named = value["seat"] if isinstance(value["seat"], list) else [value["seat"]]
    seats = {p.seat(seat) for seat in named}
    card = p.card(value["card"]) if "card" in value else None
    if card is not None:
        p.playable(card)
    if p.deal.is_over or p.deal.phase != "play":
        raise _False("no trick is being played")
    outcomes = trick_winners(p.deal, card)
    if not outcomes <= seats:
        raise _False(f"the trick may go to {', '.join(p.name(w) for w in sorted(outcomes))}")


def _winners(p: _Position, value: Any) -> None:
    legal = set(p.deal.legal_moves())
    if value == "all":
        expected = legal
    elif value == "none":
        expected = set()
    else:
        expected = {p.card(c) for c in parse_cards(str(value))}
    actual = _sure_winners(p.deal)
    if actual != expected:
        shown = " ".join(str(c) for c in sorted(actual, key=lambda c: c.index)) or "none"
        raise _False(f"the cards sure to win are: {shown}")


def _hearts(p: _Position, value: Any) -> None:
    state = hearts_state(p.deal)
    if state != value:
        raise _False(f"hearts are {state}")


def _hearts_broken(p: _Position, value: Any) -> None:
    state = hearts_state(p.deal)
    if state == "free":
        raise _False("these rules let hearts be led at any time: claim hearts free")
    if (state == "broken") != value:
        raise _False(f"hearts are {state}")


def _worth(p: _Position, value: Any) -> None:
    card = p.card(value["card"])
    worth = p.deal.rules.value(card)
    if worth != value["points"]:
        raise _False(f"{card} is worth {worth}")


def _legal(p: _Position, value: Any) -> None:
    p.playable(p.card(value))


def _illegal(p: _Position, value: Any) -> None:
    card = p.card(value)
    if p.deal.explain(card).legal:
        raise _False(f"{card} may be played now")


def _reason(p: _Position, value: Any) -> None:
    card = p.card(value["card"])
    reason = p.deal.explain(card).reason
    if reason != value["code"]:
        raise _False(f"the engine's reason for {card} is {reason}")


def _holds(p: _Position, value: Any) -> None:
    seat, cards = (
        (p.seat(value["seat"]), value["cards"]) if isinstance(value, dict) else (p.learner, value)
    )
    hand = set(p.deal.hand(seat))
    missing = [c for c in parse_cards(str(cards)) if c not in hand]
    if missing:
        raise _False(f"{p.name(seat)} does not hold {' '.join(map(str, missing))}")


def _void(p: _Position, value: Any) -> None:
    seat, suit = (
        (p.seat(value["seat"]), _suit(value["suit"]))
        if isinstance(value, dict)
        else (p.learner, _suit(value))
    )
    held = [c for c in p.deal.hand(seat) if c.suit == suit]
    if held:
        raise _False(f"{p.name(seat)} holds {' '.join(map(str, held))}")


def _dead(p: _Position, value: Any) -> None:
    dead = set(p.deal.dead_cards)
    if dead != (set() if value == "none" else set(parse_cards(str(value)))):
        raise _False(f"the dead cards are {' '.join(map(str, p.deal.dead_cards)) or 'none'}")


def _last_trick_to(p: _Position, value: Any) -> None:
    last = p.deal.last_trick
    winner = None if last is None else last.winner
    if winner != p.seat(value):
        raise _False(f"the last trick went to {p.name(winner)}")


def _points(p: _Position, value: Any) -> None:
    seat = p.seat(value["seat"])
    taken = p.deal.points_taken[seat]
    if taken != value["taken"]:
        raise _False(f"{p.name(seat)} has taken {taken} points")


def _takes_every(p: _Position, value: Any) -> None:
    why = _takes_every_trick(p.deal, p.seat(value))
    if why is not None:
        raise _False(why)


def _moon_totals(p: _Position, value: Any) -> None:
    deal = p.deal
    seat = p.seat(value.get("seat", "you"))
    moon = value.get("moon")
    choice = moon if moon in MOON_CHOICES else None
    rules = deal.rules
    if moon is not None:
        rules = rules.replace(moon="choice" if choice is not None else moon)
    masks = _taken_masks_if_all(deal, seat)
    result = score_deal(
        rules,
        [cards_of(m) for m in masks],
        totals=deal.totals,
        dead=deal.dead_cards,
        moon_choice=choice,
    )
    if list(result.totals) != list(value["totals"]):
        raise _False(f"the totals would be {', '.join(map(str, result.totals))}")
    if "winners" in value:
        wanted = () if value["winners"] == "none" else tuple(p.seat(s) for s in value["winners"])
        actual = result.winners if result.game_over else ()
        if tuple(sorted(actual)) != tuple(sorted(wanted)):
            who = ", ".join(p.name(w) for w in actual) or "nobody: the game goes on"
            raise _False(f"the winners would be {who}")


def _trick_points(p: _Position, value: Any) -> None:
    rules = p.deal.rules
    points = sum(rules.value(card) for card in p.deal.current_trick.cards)
    if points != value:
        raise _False(f"the trick holds {points} points")


def _result(p: _Position) -> Any:
    if not p.deal.is_over:
        raise _False("the deal is not over")
    return p.deal.result()


def _moon(p: _Position, value: Any) -> None:
    moon = _result(p).moon
    wanted = None if value == "none" else p.seat(value)
    if moon != wanted:
        raise _False(f"the moon was shot by {p.name(moon)}")


def _moon_choice(p: _Position, value: Any) -> None:
    _result(p)
    if p.deal.moon_choice != value:
        raise _False(f"the shooter's choice was {p.deal.moon_choice or 'none'}")


def _score(p: _Position, value: Any) -> None:
    seat = p.seat(value["seat"])
    score = _result(p).scores[seat]
    if score != value["points"]:
        raise _False(f"{p.name(seat)} scores {score}")


_CHECKS: Final[dict[str, Callable[[_Position, Any], None]]] = {
    "wins": _wins,
    "loses": _loses,
    "trick_to": _trick_to,
    "winners": _winners,
    "hearts": _hearts,
    "hearts_broken": _hearts_broken,
    "worth": _worth,
    "legal": _legal,
    "illegal": _illegal,
    "reason": _reason,
    "holds": _holds,
    "void": _void,
    "dead": _dead,
    "last_trick_to": _last_trick_to,
    "points": _points,
    "takes_every_trick": _takes_every,
    "moon_totals": _moon_totals,
    "trick_points": _trick_points,
    "moon": _moon,
    "score": _score,
    "moon_choice": _moon_choice,
}
assert set(_CHECKS) == set(_FORMS)
