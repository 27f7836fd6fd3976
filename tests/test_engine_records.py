"""Records: versioned JSON for deals and games, share codes, and damaged input."""

from __future__ import annotations

import base64
import json
import random
import re
import zlib
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from support.engine import play_game, play_out, random_passes

from hearts_teach import Deal, Game, RecordError, Rules
from hearts_teach.records import (
    deal_from_code,
    deal_from_json,
    deal_to_json,
    game_code,
    game_from_code,
    game_from_json,
    game_to_json,
    share_code,
)

CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def deal_in_progress(rules: Rules, seed: int, plays: int, deal_number: int = 0) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, deal_number=deal_number)
    if deal.phase == "pass":
        random_passes(deal, rng)
    for _ in range(plays):
        deal.play(rng.choice(deal.legal_moves()))
    return deal


def assert_record_error(action: Callable[[], object], code: str | None = None) -> RecordError:
    with pytest.raises(RecordError) as caught:
        action()
    error = caught.value
    if code is not None:
        assert error.code == code
    english, french = error.message("en"), error.message("fr")
    assert english and french and english != french
    assert str(error) == english
    return error


# --- JSON ------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["standard", "spot", "two-player", "black-maria-3", "omnibus"])
@pytest.mark.parametrize("plays", [0, 5, 20])
def test_deal_json_round_trips_the_position(preset: str, plays: int) -> None:
    deal = deal_in_progress(Rules.preset(preset), seed=plays + 1, plays=plays)
    text = deal_to_json(deal)
    data = json.loads(text)
    assert data["kind"] == "deal" and data["version"] == 1
    copy = deal_from_json(text)
    assert copy.state_key() == deal.state_key()
    assert copy.rules == deal.rules
    assert copy.dead_cards == deal.dead_cards
    assert copy.history == deal.history


def test_deal_json_of_a_finished_deal_scores_the_same() -> None:
    deal = Deal.new(Rules(moon="mixed"), seed=4, deal_number=2, totals=(10, 20, 30, 40))
    play_out(deal, random.Random(4))
    copy = deal_from_json(deal_to_json(deal))
    assert copy.is_over
    assert copy.totals == (10, 20, 30, 40)
    assert copy.result() == deal.result()


def test_deal_json_of_a_half_finished_pass() -> None:
    deal = Deal.new(Rules(), seed=8, deal_number=1)
    deal.pass_cards(0, deal.hand(0)[:3])
    deal.pass_cards(2, deal.hand(2)[:3])
    copy = deal_from_json(deal_to_json(deal))
    assert copy.phase == "pass"
    assert copy.state_key() == deal.state_key()
    assert copy.passes() == deal.passes()


def test_deal_json_of_a_set_position_keeps_leader_and_hearts_broken() -> None:
    # A position play can give with nothing counting taken yet: Original Hearts (the
    # queen worth nothing) where she breaks hearts, and every heart still in a hand.
    rules = Rules.preset("original", qs_breaks_hearts="any")
    hands = ["2H 3H 4H 5H", "6H 7H 8H 9H", "10H JH QH 2D", "KH AH 3D 4D"]
    deal = Deal.from_hands(rules, hands, leader=0, hearts_broken=True)
    deal.play("2H")
    copy = deal_from_json(deal_to_json(deal))
    assert copy.state_key() == deal.state_key()
    assert copy.hearts_broken


def test_game_json_round_trips_a_finished_game() -> None:
    game = Game(Rules.preset("partnership"), seed="json")
    play_game(game, random.Random(5))
    copy = game_from_json(game_to_json(game))
    assert copy.is_over and copy.winners == game.winners
    assert copy.totals == game.totals
    assert len(copy.history) == len(game.history)
    assert [p.result for p in copy.history] == [p.result for p in game.history]


def test_game_json_round_trips_mid_deal_and_play_continues_alike() -> None:
    game = Game(Rules(), seed=12)
    rng = random.Random(12)
    for _ in range(2):
        if game.deal.phase == "pass":
            random_passes(game.deal, rng)
        while not game.deal.is_over:
            game.play(rng.choice(game.deal.legal_moves()))
        game.next_deal()
    random_passes(game.deal, rng)
    for _ in range(7):
        game.play(rng.choice(game.deal.legal_moves()))
    copy = game_from_json(game_to_json(game))
    assert copy.deal.state_key() == game.deal.state_key()
    assert copy.totals == game.totals
    card = game.deal.legal_moves()[-1]
    game.play(card)
    copy.play(card)
    assert copy.deal.state_key() == game.deal.state_key()


# --- share codes -------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(Rules.PRESETS))
def test_share_code_is_short_url_safe_and_round_trips(preset: str) -> None:
    rules = Rules.preset(preset)
    deal = deal_in_progress(rules, seed=3, plays=rules.players * 3, deal_number=1)
    code = share_code(deal)
    assert re.fullmatch(r"[A-Za-z0-9_-]+", code)
    assert len(code) <= 160
    assert deal_from_code(code).state_key() == deal.state_key()
    assert deal_from_code(" " + code + "\n").state_key() == deal.state_key()


def test_share_code_without_plays_gives_the_deal_as_dealt() -> None:
    deal = deal_in_progress(Rules(), seed=6, plays=9)
    start = Deal.new(Rules(), seed=6, deal_number=0)
    assert deal_from_code(share_code(deal, include_plays=False)).state_key() == start.state_key()
    assert len(share_code(deal, include_plays=False)) < len(share_code(deal))


def codes_of_each_length() -> list[str]:
    """Codes whose lengths cover every remainder mod 4 (padding-bit corner cases)."""
    codes: dict[int, str] = {}
    rng = random.Random(0)
    for plays in range(16):
        deal = Deal.new(Rules(), seed=plays, deal_number=3)
        for _ in range(plays):
            deal.play(rng.choice(deal.legal_moves()))
        code = share_code(deal)
        codes.setdefault(len(code) % 4, code)
    assert set(codes) >= {0, 2, 3}
    return list(codes.values())


@pytest.mark.parametrize("code", codes_of_each_length())
def test_every_single_character_corruption_of_a_code_is_refused(code: str) -> None:
    accepted = []
    for position, original in enumerate(code):
        for replacement in CODE_ALPHABET:
            if replacement == original:
                continue
            damaged = code[:position] + replacement + code[position + 1 :]
            try:
                deal_from_code(damaged)
            except RecordError:
                continue
            accepted.append(damaged)
    assert accepted == []


@pytest.mark.parametrize("code", codes_of_each_length())
def test_deleted_swapped_or_added_characters_are_refused(code: str) -> None:
    for position in range(len(code)):
        assert_record_error(partial(deal_from_code, code[:position] + code[position + 1 :]))
    for position in range(len(code) - 1):
        a, b = code[position], code[position + 1]
        if a != b:
            swapped = code[:position] + b + a + code[position + 2 :]
            assert_record_error(partial(deal_from_code, swapped))
    assert_record_error(lambda: deal_from_code(code + "A"))
    assert_record_error(lambda: deal_from_code(code[: len(code) // 2]))


@pytest.mark.parametrize("foreign", ["", "hello world", "abc!", "é", "AAAA", "A"])
def test_foreign_codes_are_refused(foreign: str) -> None:
    assert_record_error(lambda: deal_from_code(foreign))


def test_a_code_from_a_newer_version_names_the_version() -> None:
    code = share_code(deal_in_progress(Rules(), seed=1, plays=3))
    raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    body = bytes([3]) + raw[1:-4]
    newer = base64.urlsafe_b64encode(body + zlib.crc32(body).to_bytes(4, "big")).decode()
    error = assert_record_error(lambda: deal_from_code(newer.rstrip("=")), "code_version")
    assert "3" in error.message("en") and "3" in error.message("fr")


@pytest.mark.parametrize(
    "totals", [(10, 20, 30, 40), (-26, 0, 0, 0), (0, 0, 0, 1), (2**40, -(2**40), 7, -7)]
)
def test_a_code_carries_the_game_totals_before_the_deal(totals: tuple[int, ...]) -> None:
    deal = Deal.new(Rules(moon="new"), seed=4, deal_number=5, totals=totals)
    random_passes(deal, random.Random(4))
    deal.play(deal.legal_moves()[0])
    copy = deal_from_code(share_code(deal))
    assert copy.totals == totals
    assert copy.state_key() == deal.state_key() and copy.deal_number == 5


def test_a_game_resumed_from_the_code_of_its_current_deal_ends_as_it_would() -> None:
    """The code of the current deal carries the totals, so the game's end is the same."""
    game = Game(Rules(target=30), seed=8)
    rng = random.Random(8)
    while not game.deal.is_over or not game.is_over:
        if game.deal.is_over:
            game.next_deal()
        elif game.deal.phase == "pass":
            random_passes(game.deal, rng)
        else:
            game.play(rng.choice(game.deal.legal_moves()))
    last = deal_from_code(share_code(game.deal))
    result = last.result()
    assert result.totals == game.totals and result.game_over == game.is_over
    assert result.winners == game.winners


def test_codes_without_totals_are_those_of_format_1() -> None:
    """Codes already shared (totals all zero) read and write as before."""
    deal = deal_in_progress(Rules(), seed=2, plays=6)
    assert share_code(deal).startswith("AQ")  # byte 1: format 1
    moved = Deal.new(Rules(), seed=2, deal_number=1, totals=(1, 2, 3, 4))
    assert share_code(moved).startswith("Ag")  # byte 2: format 2, with totals


def test_format_2_without_totals_is_refused() -> None:
    """Format 2 exists only for totals: all zeros there is a forged or damaged code."""
    code = share_code(Deal.new(Rules(), seed=2, deal_number=1, totals=(1, 2, 3, 4)))
    raw = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))[:-4])
    # bytes: version 2, no changed option, deal number 1, the totals 1..4 (zigzag 2..8)
    assert list(raw[:7]) == [2, 0, 1, 2, 4, 6, 8]
    raw[3:7] = bytes(4)
    forged = bytes(raw) + zlib.crc32(bytes(raw)).to_bytes(4, "big")
    text = base64.urlsafe_b64encode(forged).decode().rstrip("=")
    assert_record_error(lambda: deal_from_code(text), "code_damaged")


def test_a_well_checksummed_code_with_an_illegal_play_is_refused() -> None:
    deal = Deal.new(Rules(), seed=1, deal_number=3)
    code = share_code(deal)
    raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    body = bytearray(raw[:-4])
    # Append one play: a card the opener may not lead (anything but the 2♣).
    assert body[-1] == 0  # no actions yet
    opener_card = next(c for c in deal.hand(deal.to_play) if str(c) != "2♣")
    body[-1] = 1
    body.append(opener_card.index)
    forged = bytes(body) + zlib.crc32(bytes(body)).to_bytes(4, "big")
    text = base64.urlsafe_b64encode(forged).decode().rstrip("=")
    assert_record_error(lambda: deal_from_code(text))


# --- damaged JSON ------------------------------------------------------------------


def sample_json() -> dict[str, Any]:
    deal = Deal.new(Rules(), seed=2, deal_number=3)
    rng = random.Random(2)
    for _ in range(6):
        deal.play(rng.choice(deal.legal_moves()))
    data: dict[str, Any] = json.loads(deal_to_json(deal))
    return data


def test_truncated_json_is_refused() -> None:
    text = deal_to_json(deal_in_progress(Rules(), seed=2, plays=6))
    for cut in (0, 1, len(text) // 3, len(text) - 2):
        assert_record_error(partial(deal_from_json, text[:cut]), "record_json")


def test_json_of_the_wrong_kind_is_refused() -> None:
    text = deal_to_json(deal_in_progress(Rules(), seed=2, plays=6))
    assert_record_error(lambda: game_from_json(text), "record_kind")
    game_text = game_to_json(Game(Rules(), seed=1))
    assert_record_error(lambda: deal_from_json(game_text), "record_kind")
    assert_record_error(lambda: deal_from_json("[1, 2, 3]"), "record_kind")
    assert_record_error(lambda: deal_from_json('{"format": "chess"}'), "record_kind")


def test_json_from_a_newer_version_is_refused() -> None:
    data = sample_json()
    data["version"] = 2
    error = assert_record_error(lambda: deal_from_json(json.dumps(data)), "record_version")
    assert "2" in error.message("en")


def test_json_with_an_edited_card_making_an_illegal_play_is_refused() -> None:
    data = sample_json()
    first = data["actions"][0]
    assert first["card"] == "2♣"
    opener = first["play"]
    other = next(c for c in data["hands"][opener] if c != "2♣")
    first["card"] = other
    assert_record_error(lambda: deal_from_json(json.dumps(data)), "record_damaged")


def test_json_with_a_card_played_by_the_wrong_player_is_refused() -> None:
    data = sample_json()
    data["actions"][1]["play"] = (data["actions"][1]["play"] + 1) % 4
    assert_record_error(lambda: deal_from_json(json.dumps(data)), "record_damaged")


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.pop("hands"),
        lambda d: d.__setitem__("hands", d["hands"][:3]),
        lambda d: d["hands"][0].__setitem__(0, d["hands"][1][0]),
        lambda d: d["hands"][0].__setitem__(0, "ZZ"),
        lambda d: d.__setitem__("rules", {"players": 7}),
        lambda d: d.__setitem__("rules", {"colour": "blue"}),
        lambda d: d.__setitem__("actions", [42]),
        lambda d: d.__setitem__("actions", [{"jump": 1}]),
        lambda d: d.__setitem__("deal_number", "three"),
        lambda d: d.pop("version"),
    ],
    ids=[
        "no-hands",
        "three-hands",
        "card-twice",
        "bad-card",
        "bad-players",
        "unknown-option",
        "action-not-object",
        "unknown-action",
        "deal-number-text",
        "no-version",
    ],
)
def test_damaged_json_fields_are_refused(damage: Callable[[dict[str, Any]], object]) -> None:
    data = sample_json()
    damage(data)
    assert_record_error(lambda: deal_from_json(json.dumps(data)))


def test_game_json_whose_totals_do_not_add_up_is_refused() -> None:
    game = Game(Rules(), seed=3)
    play_game(game, random.Random(3))
    data = json.loads(game_to_json(game))
    data["deals"][1]["totals"][0] += 1
    assert_record_error(lambda: game_from_json(json.dumps(data)), "record_damaged")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("totals", [1, 2, 3]),
        ("totals", ["a", "b", "c", "d"]),
        ("totals", [1.5, 0, 0, 0]),
        ("hearts_broken", "no"),
    ],
    ids=["totals-three", "totals-text", "totals-fraction", "hearts-broken-text"],
)
def test_json_fields_of_the_wrong_type_are_refused_on_loading(field: str, value: object) -> None:
    # Loading must refuse them, not give a deal that fails (or scores oddly) later.
    deal = Deal.new(Rules(), seed=1, deal_number=3)
    play_out(deal, random.Random(1))
    data = json.loads(deal_to_json(deal))
    data[field] = value
    assert_record_error(lambda: deal_from_json(json.dumps(data)), "record_damaged")


HUGE = 10**4000  # within Python's limit for printing a number, far beyond any field's


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.__setitem__("deal_number", HUGE),
        lambda d: d.__setitem__("leader", HUGE),
        lambda d: d.__setitem__("leader", -HUGE),
        lambda d: d.__setitem__("totals", [HUGE, 0, 0, 0]),
        lambda d: d.__setitem__("version", -HUGE),
        lambda d: d.__setitem__("rules", {"players": HUGE}),
        lambda d: d.__setitem__("rules", {"target": 1e308}),
        lambda d: d.__setitem__("rules", {"players": 4.0}),
        lambda d: d.__setitem__("rules", None),
        lambda d: d["actions"][0].__setitem__("play", HUGE),
        lambda d: d["actions"][0].__setitem__("card", HUGE),
        lambda d: d.__setitem__("hands", [[[[]]]] * 4),
        lambda d: d.__setitem__("dead", {"a": 1}),
        lambda d: d.__setitem__("pass_direction", ["left"]),
    ],
)
def test_huge_numbers_and_odd_types_in_json_are_record_errors(
    damage: Callable[[dict[str, Any]], object],
) -> None:
    data = sample_json()
    damage(data)
    assert_record_error(lambda: deal_from_json(json.dumps(data)))
    played = Game(Rules(), seed=3)
    play_game(played, random.Random(3))
    game = json.loads(game_to_json(played))
    damage(game["deals"][0])
    assert_record_error(lambda: game_from_json(json.dumps(game)))


def test_a_game_with_a_huge_seed_still_loads() -> None:
    """Any whole number or text is a seed: only the deals decide what is damaged."""
    game = Game(Rules(), seed=HUGE)
    assert game_from_json(game_to_json(game)).deal.dealt == game.deal.dealt


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"format": "hearts-teach", "kind": "deal", "version": 1, "rules": ' + "[" * 50_000,
        '{"a": ' * 100_000,
        "1" * 5_000,  # more digits than Python reads in a number
        '{"format": "hearts-teach", "kind": "deal", "version": ' + "9" * 5_000 + "}",
        "\ud800",
        b"\xff\xfe\x00",
        "",
    ],
    ids=[
        "deep-list",
        "deep-rules",
        "deep-object",
        "long-number",
        "long-version",
        "lone-surrogate",
        "bad-bytes",
        "empty",
    ],
)
def test_any_unreadable_json_is_a_record_error(text: str | bytes) -> None:
    assert_record_error(lambda: deal_from_json(text), "record_json")
    assert_record_error(lambda: game_from_json(text), "record_json")


def test_share_code_of_something_that_is_not_a_deal() -> None:
    for value in (None, "AQAB", Game(Rules())):
        assert_record_error(partial(share_code, value), "record_kind")  # type: ignore[arg-type]


# --- game codes (the playground's address) -------------------------------------------


def game_in_progress(rules: Rules, seed: int, finished_deals: int, plays: int) -> Game:
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(finished_deals):
        play_out(game.deal, rng)
        if game.is_over:
            return game
        game.next_deal()
    if game.deal.phase == "pass":
        random_passes(game.deal, rng)
    for _ in range(plays):
        game.play(rng.choice(game.deal.legal_moves()))
    return game


@pytest.mark.parametrize(
    "preset", ["standard", "spot", "two-player", "black-maria-3", "partnership"]
)
def test_a_game_code_gives_back_the_whole_game(preset: str) -> None:
    game = game_in_progress(Rules.preset(preset), seed=6, finished_deals=3, plays=7)
    code = game_code(game)
    assert re.fullmatch(r"[A-Za-z0-9_.-]+", code) and code.count(".") == len(game.history)
    copy = game_from_code(code, seed=game.seed)
    assert copy.results == game.results and copy.totals == game.totals
    assert copy.deal.state_key() == game.deal.state_key()
    # the deals that follow are the ones the game would have dealt
    play_out(game.deal, random.Random(1))
    play_out(copy.deal, random.Random(1))
    if not game.is_over:
        assert copy.next_deal().dealt == game.next_deal().dealt


def test_a_long_game_code_keeps_its_latest_deals_and_their_totals() -> None:
    game = game_in_progress(Rules(target=1000), seed=2, finished_deals=8, plays=3)
    full = game_code(game)
    short = game_code(game, most=len(full) // 2)
    assert len(short) <= len(full) // 2 and full.endswith(short)
    copy = game_from_code(short, seed=2)
    assert copy.totals == game.totals and copy.deal.state_key() == game.deal.state_key()
    assert copy.results == game.results[-len(copy.results) :]


def test_a_game_code_whose_deals_do_not_follow_is_refused() -> None:
    game = game_in_progress(Rules(), seed=4, finished_deals=2, plays=0)
    first, second, third = game_code(game).split(".")
    other = game_code(game_in_progress(Rules(moon="new"), seed=4, finished_deals=1, plays=0))
    for code in (
        f"{second}.{first}",  # out of order
        f"{first}.{third}",  # a deal missing
        f"{third}.{first}",
        f"{first}.{other.split('.')[1]}",  # other rules
        f"{third}.{third}",
        "",
        ".",
        f"{first}..{second}",
        ".".join([first] * 401),
    ):
        assert_record_error(partial(game_from_code, code))
