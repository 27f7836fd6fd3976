"""Saving deals and games: versioned JSON, and short URL-safe share codes.

Both are read as data only. A record is rebuilt by replaying its actions through the
engine, so a damaged record is refused (``RecordError``) and never yields a position
that the rules could not reach. A share code carries a checksum, so a damaged code
is refused rather than read as another deal.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any, Final, TypeGuard

from hearts_teach.cards import Card, cards_of, parse_cards
from hearts_teach.deal import Deal
from hearts_teach.errors import GameError, HeartsError, RecordError
from hearts_teach.game import Game
from hearts_teach.i18n import Message
from hearts_teach.rules import OPTION_CHOICES, Rules

FORMAT: Final = "hearts-teach"
JSON_VERSION: Final = 1
CODE_VERSION: Final = 1
CODE_VERSION_TOTALS: Final = 2
"""Format 2 is format 1 with the game's totals before the deal after the deal number. A
deal whose totals are all zero is still written in format 1, so its code never changed."""

# Share codes name options by their position in this tuple: append, never reorder.
_CODE_OPTIONS: Final = (
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
    "lead_hearts_instead_of_qs",
    "first_trick_no_points",
    "first_trick_forced",
    "omnibus_moon_requires_jd",
    "omnibus_jd_stacks_on_moon",
    "two_player_moon_award",
    "two_player_both_over",
    "avoid_all_tricks_bonus",
    "partner_spared_on_moon",
    "lead_hearts_when_only_hearts",
    "removed",
    "deals",
    "exact_target_reset",
    "sun",
    "omnibus_card",
    "qs_twelve",
    "black_jack",
    "team_target",
    "kitty",
    "qh_thirteen",
)
_CHOICES: Final = OPTION_CHOICES
_INTEGERS: Final = ("players", "target", "pass_count", "deals", "exact_target_reset")
_DIRECTIONS: Final = (None, "left", "right", "across", "left2", "right2")  # appended only
# A share code's last byte before the checksum, when the shooter has chosen (§3.2); a
# code without it has no choice made (every code written before the choice existed).
_MOON_CHOICE_BYTES: Final = {"add": 1, "subtract": 2}
_CODE_ALPHABET: Final = re.compile(r"[A-Za-z0-9_-]+")
_LARGEST: Final = 2**62
"""Deal numbers and totals beyond this are damage: a share code holds them in 63 bits."""


def _damaged(detail: str | Message | HeartsError, **params: object) -> RecordError:
    """The error for a damaged record; ``detail`` names what is wrong: a key of the
    catalogs' ``error.record.`` messages, with its parameters, or an error met inside."""
    if isinstance(detail, str):
        detail = Message("error.record." + detail, params)
    return RecordError("record_damaged", detail=detail)


# --- JSON -----------------------------------------------------------------------


def deal_to_dict(deal: Deal) -> dict[str, Any]:
    """A deal as plain data: rules, the hands as dealt, and every action in order."""
    actions: list[dict[str, Any]] = []
    for kind, player, cards in deal.history:
        if kind == "pass":
            actions.append({"pass": player, "cards": [str(c) for c in cards]})
        else:
            actions.append({"play": player, "card": str(cards[0])})
    record = {
        "format": FORMAT,
        "kind": "deal",
        "version": JSON_VERSION,
        "rules": deal.rules.changed_options(),
        "deal_number": deal.deal_number,
        "totals": list(deal.totals),
        "hands": [[str(c) for c in cards_of(h)] for h in deal.dealt],
        "dead": [str(c) for c in deal.dead_cards],
        "pass_direction": deal.pass_direction,
        "leader": deal.start_leader,
        "hearts_broken": deal.start_broken,
        "actions": actions,
    }
    if deal.moon_choice is not None:
        # written only when made, so every record without a choice reads as before
        record["moon_choice"] = deal.moon_choice
    return record


# What a damaged record can make Python raise while it is read: every one of them is
# a RecordError to the caller (a number too long to read is a ValueError, a nesting too
# deep a RecursionError, a number too large for an index an OverflowError).
_DAMAGE: Final = (
    HeartsError,
    TypeError,
    KeyError,
    ValueError,
    IndexError,
    AttributeError,
    OverflowError,
    RecursionError,
)


def deal_from_dict(data: Any) -> Deal:
    _check_header(data, "deal")
    try:
        rules = Rules.from_options(_expect(data, "rules", dict))
        totals = _expect(data, "totals", list)
        if len(totals) != rules.players or not all(_is_int(t) for t in totals):
            raise _damaged("totals")
        if not all(abs(t) < _LARGEST for t in totals):
            raise _damaged("total_too_large")
        deal_number = _expect(data, "deal_number", int)
        if not 0 <= deal_number < _LARGEST:
            raise _damaged("deal_number")
        leader = data.get("leader")
        if leader is not None and not _is_int(leader):
            raise _damaged("leader")
        hearts_broken = data.get("hearts_broken", False)
        if not isinstance(hearts_broken, bool):
            raise _damaged("hearts_broken")
        deal = Deal.from_hands(
            rules,
            _expect(data, "hands", list),
            dead=_expect(data, "dead", list),
            pass_direction=data.get("pass_direction"),
            deal_number=deal_number,
            leader=leader,
            hearts_broken=hearts_broken,
            totals=totals,
        )
        for action in _expect(data, "actions", list):
            if not isinstance(action, dict):
                raise _damaged("action_object")
            if action.keys() == {"pass", "cards"}:
                deal.pass_cards(action["pass"], parse_cards(action["cards"]))
            elif action.keys() == {"play", "card"}:
                deal.play(action["card"], action["play"])
            else:
                raise _damaged("action_kind")
        if "moon_choice" in data:
            deal.choose_moon(data["moon_choice"])
    except RecordError:
        raise
    except _DAMAGE as error:
        raise _damaged(_detail(error)) from error
    return deal


def deal_to_json(deal: Deal) -> str:
    return json.dumps(deal_to_dict(deal), ensure_ascii=False, indent=1)


def deal_from_json(text: str | bytes) -> Deal:
    return deal_from_dict(_load(text))


def game_to_dict(game: Game) -> dict[str, Any]:
    deals = [played.deal for played in game.history]
    if not deals or deals[-1] is not game.deal:
        deals.append(game.deal)
    return {
        "format": FORMAT,
        "kind": "game",
        "version": JSON_VERSION,
        "rules": game.rules.changed_options(),
        "seed": game.seed,
        "deals": [deal_to_dict(d) for d in deals],
    }


def game_from_dict(data: Any) -> Game:
    _check_header(data, "game")
    try:
        rules = Rules.from_options(_expect(data, "rules", dict))
        seed = data.get("seed", 0)
        if not isinstance(seed, int | str):
            raise _damaged("seed")
        deals = [deal_from_dict(d) for d in _expect(data, "deals", list)]
    except RecordError:
        raise
    except _DAMAGE as error:
        raise _damaged(_detail(error)) from error
    return _assemble(rules, seed, deals, from_the_start=True)


def _assemble(rules: Rules, seed: int | str, deals: list[Deal], *, from_the_start: bool) -> Game:
    """The game of a record's deals (:meth:`Game.resume`, which checks that they follow
    one another); deals that do not make a game are a damaged record."""
    try:
        return Game.resume(rules, seed, deals, from_the_start=from_the_start)
    except GameError as error:
        raise _damaged(error) from error


def game_to_json(game: Game) -> str:
    return json.dumps(game_to_dict(game), ensure_ascii=False, indent=1)


def game_from_json(text: str | bytes) -> Game:
    return game_from_dict(_load(text))


def _load(text: str | bytes) -> Any:
    """The JSON of a record. Deep nesting and numbers too long to read are damage too."""
    try:
        return json.loads(text)
    except (ValueError, TypeError, RecursionError) as error:  # JSONDecodeError is a ValueError
        raise RecordError("record_json") from error


def _check_header(data: Any, kind: str) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("record_kind", found="?", expected=kind)
    version = data.get("version")
    if not _is_int(version) or version < 1:
        raise _damaged("no_version")
    if version > JSON_VERSION:
        raise RecordError("record_version", version=version, supported=JSON_VERSION)
    if data.get("kind") != kind:
        raise RecordError("record_kind", found=data.get("kind"), expected=kind)


def _expect(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _damaged("field", key=key)
    return value


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _detail(error: BaseException) -> Message | HeartsError:
    """What an error met while reading a record says, in the reader's language."""
    if isinstance(error, HeartsError):
        return error
    if isinstance(error, RecursionError):
        return Message("error.record.nested")
    return Message("error.record.invalid", {"kind": type(error).__name__})


# --- share codes ----------------------------------------------------------------


def share_code(deal: Deal, include_plays: bool = True) -> str:
    """A short URL-safe code for the deal: its rules and hands, the game's totals before
    it, and (by default) the passes and cards played so far."""
    if not isinstance(deal, Deal):
        raise RecordError("record_kind", found=type(deal).__name__, expected="deal")
    with_totals = any(deal.totals)
    out = bytearray([CODE_VERSION_TOTALS if with_totals else CODE_VERSION])
    changed = deal.rules.changed_options()
    out += _varint(len(changed))
    for name, value in changed.items():
        out.append(_CODE_OPTIONS.index(name))
        out += _encode_option(name, value)
    out += _varint(deal.deal_number)
    if with_totals:
        for total in deal.totals:
            out += _varint(_zigzag(total))
    out.append(_DIRECTIONS.index(deal.pass_direction))
    leader = deal.start_leader
    out.append((leader is not None) | (deal.start_broken << 1))
    if leader is not None:
        out.append(leader)
    owners = _owners(deal)
    out += _varint(len(owners))
    out += owners
    actions = deal.history if include_plays else []
    out += _varint(len(actions))
    for kind, player, cards in actions:
        if kind == "pass":
            out.append(64 + player)
            out += bytes(c.index for c in cards)
        else:
            out.append(cards[0].index)
    if include_plays and deal.moon_choice is not None:
        out.append(_MOON_CHOICE_BYTES[deal.moon_choice])
    out += zlib.crc32(bytes(out)).to_bytes(4, "big")
    return base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


def deal_from_code(code: str) -> Deal:
    """The deal a share code describes; a damaged or foreign code raises RecordError."""
    if not isinstance(code, str):
        raise RecordError("code_foreign")
    code = code.strip()
    if not code or not _CODE_ALPHABET.fullmatch(code):
        raise RecordError("code_foreign")
    try:
        raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError) as error:
        raise RecordError("code_foreign") from error
    if len(raw) < 6:
        raise RecordError("code_damaged")
    # base64 ignores the unused bits of the last character: refuse a code that is not
    # exactly the encoding of its bytes, so no altered character is accepted.
    if base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != code:
        raise RecordError("code_damaged")
    body, checksum = raw[:-4], raw[-4:]
    if zlib.crc32(body).to_bytes(4, "big") != checksum:
        raise RecordError("code_damaged")
    if body[0] not in (CODE_VERSION, CODE_VERSION_TOTALS):
        raise RecordError("code_version", version=body[0])
    try:
        return _decode_body(body)
    except RecordError:
        raise
    except _DAMAGE as error:
        raise RecordError("code_damaged") from error


GAME_SEPARATOR: Final = "."
"""Between the deal codes of a game code (never in a deal code's alphabet)."""
MAX_GAME_DEALS: Final = 400


def game_code(game: Game, most: int | None = None) -> str:
    """The game as the share codes of its deals, in order, joined by ``.``: each carries
    the totals before it, so the code of the last deals alone still has the right totals
    (``most``: at most that many characters, keeping the latest deals whole)."""
    deals = [played.deal for played in game.history]
    if not deals or deals[-1] is not game.deal:
        deals.append(game.deal)
    codes = [share_code(deal) for deal in deals]
    if most is not None:
        while len(codes) > 1 and len(GAME_SEPARATOR.join(codes)) > most:
            codes.pop(0)
    return GAME_SEPARATOR.join(codes)


def game_from_code(code: str, seed: int | str = 0) -> Game:
    """The game of a :func:`game_code` (the deals that follow come from ``seed``): a
    damaged code, or deals that do not follow one another, raise RecordError."""
    if not isinstance(code, str):
        raise RecordError("code_foreign")
    parts = code.strip().split(GAME_SEPARATOR)
    if len(parts) > MAX_GAME_DEALS:
        raise RecordError("code_damaged")
    deals = [deal_from_code(part) for part in parts]
    rules = deals[0].rules
    try:
        return _assemble(rules, seed, deals, from_the_start=False)
    except RecordError as error:
        raise RecordError("code_damaged") from error


def _decode_body(body: bytes) -> Deal:
    reader = _Reader(body, 1)
    options: dict[str, Any] = {}
    for _ in range(reader.varint()):
        name = _CODE_OPTIONS[reader.byte()]
        options[name] = _decode_option(name, reader)
    rules = Rules.from_options(options)
    deal_number = reader.varint()
    totals = None
    if body[0] == CODE_VERSION_TOTALS:
        totals = [_unzigzag(reader.varint()) for _ in range(rules.players)]
        if not any(totals):
            raise RecordError("code_damaged")  # format 2 is written only for totals
    direction = _DIRECTIONS[reader.byte()]
    flags = reader.byte()
    leader = reader.byte() if flags & 1 else None
    hands, dead = _hands_from_owners(rules, reader.take(reader.varint()))
    deal = Deal.from_hands(
        rules,
        [cards_of(h) for h in hands],
        dead=cards_of(dead),
        pass_direction=direction,
        deal_number=deal_number,
        leader=leader,
        hearts_broken=bool(flags & 2),
        totals=totals,
    )
    for _ in range(reader.varint()):
        action = reader.byte()
        if action >= 64:
            player = action - 64
            count = deal.rules.cards_to_pass
            deal.pass_cards(player, [Card(i) for i in reader.take(count)])
        else:
            deal.play(Card(action))
    if not reader.done:
        choices = {number: word for word, number in _MOON_CHOICE_BYTES.items()}
        deal.choose_moon(choices[reader.byte()])
    if not reader.done:
        raise RecordError("code_damaged")
    return deal


def _owners(deal: Deal) -> bytes:
    """Who holds each card of the deck at the start: a number in base players + 2
    (a player, dead, or already played before a set position)."""
    n = deal.rules.players
    base = n + 2
    number = 0
    for card in reversed(cards_of(deal.rules.deck)):
        owner = n + 1
        for player, hand in enumerate(deal.dealt):
            if hand & card.bit:
                owner = player
        if deal.dead & card.bit:
            owner = n
        number = number * base + owner
    return number.to_bytes((number.bit_length() + 7) // 8 or 1, "big")


def _hands_from_owners(rules: Rules, data: bytes) -> tuple[list[int], int]:
    n = rules.players
    base = n + 2
    number = int.from_bytes(data, "big")
    hands = [0] * n
    dead = 0
    for card in cards_of(rules.deck):
        number, owner = divmod(number, base)
        if owner < n:
            hands[owner] |= card.bit
        elif owner == n:
            dead |= card.bit
    if number:
        raise RecordError("code_damaged")
    return hands, dead


def _encode_option(name: str, value: Any) -> bytes:
    if name in _CHOICES:
        return bytes([_CHOICES[name].index(value)])
    if name in _INTEGERS:
        return _varint(value)
    return bytes([int(bool(value))])


def _decode_option(name: str, reader: _Reader) -> Any:
    if name in _CHOICES:
        return _CHOICES[name][reader.byte()]
    if name in _INTEGERS:
        return reader.varint()
    flag = reader.byte()
    if flag > 1:
        raise RecordError("code_damaged")
    return bool(flag)


def _zigzag(number: int) -> int:
    """A whole number of any sign as one that is not negative: 0, -1, 1, -2... → 0, 1, 2, 3..."""
    return number * 2 if number >= 0 else -number * 2 - 1


def _unzigzag(number: int) -> int:
    return number // 2 if number % 2 == 0 else -(number + 1) // 2


def _varint(number: int) -> bytes:
    if number < 0:
        raise ValueError("negative numbers have no varint")
    out = bytearray()
    while True:
        low = number & 0x7F
        number >>= 7
        if number:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


class _Reader:
    def __init__(self, data: bytes, position: int = 0) -> None:
        self.data = data
        self.position = position

    def byte(self) -> int:
        value = self.data[self.position]
        self.position += 1
        return value

    def take(self, count: int) -> bytes:
        chunk = self.data[self.position : self.position + count]
        if len(chunk) != count:
            raise RecordError("code_damaged")
        self.position += count
        return chunk

    def varint(self) -> int:
        number = 0
        shift = 0
        while True:
            byte = self.byte()
            number |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return number
            shift += 7
            if shift > 63:
                raise RecordError("code_damaged")

    @property
    def done(self) -> bool:
        return self.position == len(self.data)


__all__ = [
    "deal_from_code",
    "deal_from_dict",
    "deal_from_json",
    "deal_to_dict",
    "deal_to_json",
    "game_code",
    "game_from_code",
    "game_from_dict",
    "game_from_json",
    "game_to_dict",
    "game_to_json",
    "share_code",
]
