"""One deal for a class and the class's results, without Jupyter:
hearts_teach.teaching.classroom (codes, checked results, the board, its CSV) and
classroom_store (SQLite: many writers at once, restarts, migrations).
"""

from __future__ import annotations

import base64
import csv
import io
import multiprocessing
import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.classroom import played_by

from hearts_teach import Rules
from hearts_teach.deal import Deal
from hearts_teach.i18n import text
from hearts_teach.records import share_code
from hearts_teach.teaching import classroom_store
from hearts_teach.teaching.classroom import (
    DEFAULT_VARIANTS,
    NAME_MOST,
    Board,
    ClassDeal,
    ClassError,
    RateLimit,
    board_csv,
    check_variants,
    clean_name,
    key_matches,
    make_result,
    new_teacher_key,
    result_from_code,
    review_losses,
    scores_of,
)
from hearts_teach.teaching.classroom_store import MIGRATIONS, SCHEMA_VERSION, ClassStore
from hearts_teach.teaching.compare import compare_deal
from hearts_teach.teaching.review import KINDS, Loss, review_deal
from hearts_teach.teaching.session import TableSession

LANGS = ("en", "fr")


def class_deal(seed: int = 7, rules: Rules | None = None, level: str = "heuristic") -> ClassDeal:
    return ClassDeal(Deal.new(rules or Rules(), seed=seed), seed * 3 + 1, level)


def cheap_losses(deal: Deal) -> dict[str, Loss]:
    """A stand-in for the review where the board's plumbing is tested (the real review
    is tested once, below): each kind's loss a function of the deal's cards."""
    points = deal.result().scores[0]
    return {kind: Loss(points / (index + 1), 0.5, index, 0) for index, kind in enumerate(KINDS)}


def refused(error: pytest.ExceptionInfo[ClassError], code: str) -> None:
    assert error.value.code == code
    english, french = error.value.message("en"), error.value.message("fr")
    assert english and french and english != french


# --- codes -----------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["heuristic", "random"])
@pytest.mark.parametrize("preset", ["standard", "omnibus", "black-maria-3", "partnership"])
def test_a_class_code_carries_the_rules_cards_and_bots(preset: str, level: str) -> None:
    given = class_deal(11, Rules.preset(preset), level)
    again = ClassDeal.from_code(given.code)
    assert again == ClassDeal(again.deal, given.seed, level)
    assert again.code == given.code
    assert again.deal.rules == given.deal.rules
    assert share_code(again.deal) == share_code(given.deal)
    assert len(given.code) < 60


def test_a_class_code_carries_the_games_totals() -> None:
    rules = Rules()
    deal = Deal.new(rules, seed=3, deal_number=2, totals=(21, 4, 0, 1))
    again = ClassDeal.from_code(ClassDeal(deal, 5).code)
    assert again.deal.totals == (21, 4, 0, 1)
    assert again.deal.deal_number == 2


def test_a_deal_under_way_is_given_as_dealt() -> None:
    given = class_deal()
    played = played_by(given, 1)
    assert ClassDeal.of(played, given.seed).code == given.code
    with pytest.raises(ClassError) as error:
        ClassDeal(played, 1)
    refused(error, "not_dealt")


def test_the_searching_bot_cannot_be_a_class_deals_bot() -> None:
    with pytest.raises(ClassError) as error:
        ClassDeal(Deal.new(Rules(), seed=1), 1, "montecarlo")
    refused(error, "level")


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_damaged_class_code_is_refused(data: st.DataObject) -> None:
    code = class_deal(data.draw(st.integers(0, 50))).code
    position = data.draw(st.integers(0, len(code) - 1))
    replacement = data.draw(st.sampled_from("AbZ09_-~x."))
    damaged = code[:position] + replacement + code[position + 1 :]
    if damaged == code:
        return
    try:
        again = ClassDeal.from_code(damaged)
    except ClassError as error:
        assert error.code in ("deal_code", "deal_damaged")
    else:  # only the bots' seed or level can change and still read: another class deal
        assert again.code == damaged
        assert share_code(again.deal) == share_code(ClassDeal.from_code(code).deal)


# --- results ------------------------------------------------------------------------------


def test_a_students_result_is_checked_and_travels_as_a_code() -> None:
    given = class_deal()
    deal = played_by(given, 4)
    result = make_result(given, "  Zoé   Martin ", deal)
    assert result.name == "Zoé Martin"
    again = result_from_code(result.code)
    assert again.name == "Zoé Martin"
    assert again.class_deal.code == given.code
    assert again.deal_code == share_code(deal)


def forged(given: ClassDeal, after: int) -> Deal:
    """The class deal played by its bots at every seat, but for one card of a bot (not
    the student's), the first after ``after`` cards where it had a choice."""
    deal, bots = given.fresh(), given.bots()
    while deal.phase == "pass":
        player = deal.to_play
        deal.pass_cards(player, bots[player].pass_cards(deal.view(player)).cards)
    changed = False
    while not deal.is_over:
        player = deal.to_play
        card = bots[player].play(deal.view(player)).card
        others = [c for c in deal.legal_moves() if c != card]
        if not changed and player != 0 and others and len(deal.history) > after:
            card, changed = others[0], True
        deal.play(card)
    pending = deal.pending_moon_choice
    if pending is not None:
        deal.choose_moon(bots[pending.shooter].choose_moon(deal.view(pending.shooter)).choice)
    assert changed
    return deal


@pytest.mark.parametrize("level", ["heuristic", "random"])
@pytest.mark.parametrize("after", [0, 20, 40])
def test_a_result_where_a_bot_played_otherwise_is_refused(level: str, after: int) -> None:
    given = class_deal(7, level=level)
    with pytest.raises(ClassError) as error:
        make_result(given, "Léa", forged(given, after))
    refused(error, "forged")


def test_random_bots_of_another_seed_are_another_class() -> None:
    given = class_deal(7, level="random")
    other = ClassDeal(given.deal, given.seed + 1, "random")
    with pytest.raises(ClassError) as error:
        make_result(given, "Léa", played_by(other, 1))
    refused(error, "forged")


def test_an_unfinished_deal_or_another_deal_is_refused() -> None:
    given = class_deal()
    session = TableSession(given.fresh(), seed=given.seed)
    with pytest.raises(ClassError) as error:
        make_result(given, "Léa", session.deal)
    refused(error, "not_finished")
    with pytest.raises(ClassError) as error:
        make_result(class_deal(8), "Léa", played_by(given, 2))
    refused(error, "other_deal")


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from("AbZ09_-~x"))
def test_a_damaged_result_code_is_refused_or_reads_as_it_says(
    position: int, character: str
) -> None:
    code = RESULT_CODE
    position %= len(code)
    damaged = code[:position] + character + code[position + 1 :]
    if damaged == code:
        return
    try:
        again = result_from_code(damaged)
    except ClassError as error:
        assert error.code in (
            "result_code", "result_damaged", "deal_code", "deal_damaged", "forged",
            "name_characters", "name_empty", "name_long",
        )  # fmt: skip
    else:  # the name is the student's to choose: a changed name is another name
        assert again.deal_code == share_code(RESULT_DEAL)
        assert again.code == damaged


RESULT_DEAL = played_by(class_deal(9), 3)
RESULT_CODE = make_result(class_deal(9), "Inès", RESULT_DEAL).code


@pytest.mark.parametrize("name", ["In\x1eès", " Inès", "Inès  ", "Ine\u0300s"])
def test_a_code_whose_name_the_board_would_write_otherwise_is_refused(name: str) -> None:
    """One spelling per result: a name that cleans to another (a control character read
    as a space, spaces around it, a decomposed accent) is a damaged code."""
    encoded = base64.urlsafe_b64encode(name.encode("utf-8")).decode("ascii").rstrip("=")
    forged = RESULT_CODE.rsplit("~", 1)[0] + "~" + encoded
    with pytest.raises(ClassError) as error:
        result_from_code(forged)
    refused(error, "result_code")


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("", "name_empty"),
        ("   ", "name_empty"),
        ("<script>alert(1)</script>", "name_characters"),
        ("Zoé\x00", "name_characters"),
        ("a_b", "name_characters"),
        ("Zoé\u202e", "name_characters"),
        ("x" * (NAME_MOST + 1), "name_long"),
    ],
)
def test_names_are_text_only_and_bounded(name: str, code: str) -> None:
    with pytest.raises(ClassError) as error:
        clean_name(name)
    refused(error, code)


@given(st.text(min_size=1, max_size=80))
def test_a_name_kept_is_short_plain_text(name: str) -> None:
    try:
        kept = clean_name(name)
    except ClassError:
        return
    assert 1 <= len(kept) <= NAME_MOST
    assert not set(kept) & set('<>&"\\/;:=\x00\n\t')
    assert kept == " ".join(kept.split())


@pytest.mark.parametrize("name", ["Zoé", "Jean-Baptiste", "N'Golo", "Anaïs O’Neil", "李"])
def test_first_names_of_a_class_are_kept(name: str) -> None:
    assert clean_name(name) == name


# --- the board -----------------------------------------------------------------------------


def test_the_board_scores_each_result_under_its_rules_and_the_chosen_variants() -> None:
    given = class_deal(12)
    board = Board(reviewer=cheap_losses)
    code = board.give(given)
    deals = {name: played_by(given, seed) for seed, name in enumerate(["Zoé", "Adam", "Léa"])}
    for name, deal in deals.items():
        board.add(make_result(given, name, deal))
    variants = ("standard", "omnibus", "black-maria-3")
    rows = board.rows(code, variants)
    assert [row.name for row in rows] == [None, "Adam", "Léa", "Zoé"]
    for row in rows[1:]:
        assert row.name is not None
        deal = deals[row.name]
        comparison = compare_deal(deal)
        assert row.scores[""] == deal.result().scores[0]
        for key in ("standard", "omnibus"):
            scored = comparison.row(key).result
            assert scored is not None and row.scores[key] == scored.scores[0]
        assert row.scores["black-maria-3"] is None  # a three-player variant, a table of four
        assert row.lost == cheap_losses(deal)


def test_the_reference_line_is_the_bots_own_play() -> None:
    given = class_deal(13)
    board = Board(reviewer=cheap_losses)
    code = board.give(given)
    reference = given.reference()
    assert reference.is_complete
    # A student who plays as the bot of their seat plays the reference line exactly.
    board.add(make_result(given, "Robot", reference))
    rows = board.rows(code, DEFAULT_VARIANTS)
    assert rows[0].reference and rows[0].deal_code == share_code(reference)
    assert rows[1].scores == rows[0].scores == scores_of(reference, DEFAULT_VARIANTS)


def test_a_name_keeps_its_result_and_other_deals_are_refused() -> None:
    """Two Zoé in a class: the second to send another deal under the name is asked for
    another, and the first's result stays; the same result sent again changes nothing."""
    given = class_deal(14)
    board = Board(reviewer=cheap_losses)
    code = board.give(given)
    first = make_result(given, "Zoé", played_by(given, 1))
    board.add(first)
    board.add(make_result(given, "Zoé", played_by(given, 1)))  # sent twice
    with pytest.raises(ClassError) as error:
        board.add(make_result(given, "ZOÉ", played_by(given, 2)))
    refused(error, "name_taken")
    assert "Zoé B." in error.value.message("fr") or "ZOÉ B." in error.value.message("fr")
    assert [result.code for result in board.results[code].values()] == [first.code]
    with pytest.raises(ClassError) as error:
        board.add(make_result(class_deal(15), "Zoé", played_by(class_deal(15), 1)))
    refused(error, "unknown_deal")


def test_the_board_reads_the_deal_review() -> None:
    given = class_deal(16)
    deal = played_by(given, 5)
    losses = review_losses(deal, playouts=12)
    assert losses == review_deal(deal, 0, playouts=12).losses
    assert set(losses) == set(KINDS)


def test_pasted_codes_fill_a_board_and_bad_ones_are_said() -> None:
    given = class_deal(17)
    codes = [make_result(given, name, played_by(given, i)).code for i, name in enumerate("ABC")]
    board = Board(reviewer=cheap_losses)
    damaged = codes[0][:20] + ("A" if codes[0][20] != "A" else "B") + codes[0][21:]
    added, bad = board.paste("\n".join(codes) + "\n  not-a-code ,, " + damaged)
    assert added == 3
    assert [(code, error.code) for code, error in bad] == [
        ("not-a-code", "result_code"),
        (damaged, "result_damaged"),
    ]
    assert [row.name for row in board.rows(given.code)][1:] == ["A", "B", "C"]


def test_a_board_saved_to_a_file_reopens_the_same() -> None:
    given = class_deal(18)
    board = Board(reviewer=cheap_losses)
    board.give(given)
    board.add(make_result(given, "Zoé", played_by(given, 1)))
    board.rows(given.code)
    again = Board.from_json(board.to_json(), reviewer=cheap_losses)
    assert again.to_json() == board.to_json()
    assert again.reviews == board.reviews
    for damaged in ("{}", "[1]", board.to_json().replace('"R', '"Rx', 1), "not json"):
        with pytest.raises(ClassError):
            Board.from_json(damaged)


@pytest.mark.parametrize("lang", LANGS)
def test_the_csv_has_the_languages_headers_and_separator(lang: str) -> None:
    given = class_deal(19)
    board = Board(reviewer=cheap_losses)
    board.give(given)
    board.add(make_result(given, "Zoé", played_by(given, 1)))
    variants = check_variants(["omnibus", "standard"])
    rows = board.rows(given.code, variants)
    written = board_csv(rows, variants, lang)
    delimiter = ";" if lang == "fr" else ","
    lines = list(csv.reader(io.StringIO(written), delimiter=delimiter))
    assert lines[0][0] == text("class.board.name", lang)
    assert lines[0][3] == text("variant.omnibus", lang)  # the comparison's order
    assert len(lines) == 3 and all(len(line) == len(lines[0]) for line in lines)
    assert lines[2][1] == str(rows[1].scores[""])
    if lang == "fr":
        assert "," in lines[2][-1]  # the decimal comma, in a ;-separated file


def test_an_unknown_variant_is_refused() -> None:
    with pytest.raises(ClassError) as error:
        check_variants(["standard", "nope"])
    refused(error, "variant")


# --- who may send, who may read ------------------------------------------------------


def test_a_kernel_sends_a_few_results_a_minute() -> None:
    now = [0.0]
    limit = RateLimit(most=3, window=60, clock=lambda: now[0])
    assert [limit.allow() for _ in range(4)] == [True, True, True, False]
    assert limit.wait() == 60
    now[0] = 59.5
    assert not limit.allow()
    now[0] = 60.0
    assert limit.allow()


def test_the_teachers_key() -> None:
    key = new_teacher_key()
    assert len(key) >= 16 and key != new_teacher_key()
    assert key_matches(key, key)
    assert not key_matches(None, key)
    assert not key_matches(key[:-1], key)
    assert not key_matches("", key)


# --- the served board's database ----------------------------------------------------------


def test_the_store_keeps_results_across_a_restart(tmp_path) -> None:
    given = class_deal(20)
    store = ClassStore(tmp_path, reviewer=cheap_losses)
    store.give(given)
    store.send(make_result(given, "Zoé", played_by(given, 1)))
    store.send(make_result(given, "Zoé", played_by(given, 1)))  # sent twice: still one
    with pytest.raises(ClassError) as error:
        store.send(make_result(given, "zoé", played_by(given, 2)))  # another Zoé
    refused(error, "name_taken")
    with pytest.raises(ClassError) as error:
        store.send(make_result(class_deal(21), "Zoé", played_by(class_deal(21), 1)))
    refused(error, "unknown_deal")
    board = store.board()
    board.rows(given.code)
    store.reviewed(board)
    del store, board
    again = ClassStore(tmp_path, reviewer=lambda deal: pytest.fail("reviewed again"))
    board = again.board()
    assert [row.name for row in board.rows(given.code)] == [None, "Zoé"]
    assert again.version == SCHEMA_VERSION
    with sqlite3.connect(again.path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_an_old_database_is_migrated_and_keeps_its_results(tmp_path) -> None:
    given = class_deal(22)
    result = make_result(given, "Zoé", played_by(given, 1))
    path = tmp_path / classroom_store.FILE_NAME
    with sqlite3.connect(path) as connection:  # the first schema, as a first release wrote it
        connection.executescript(MIGRATIONS[0])
        connection.execute("PRAGMA user_version=1")
        connection.execute("INSERT INTO deals VALUES (?, 0)", (given.code,))
        connection.execute(
            "INSERT INTO results VALUES (?, ?, ?, 0)", (given.code, result.key, result.code)
        )
    store = ClassStore(tmp_path, reviewer=cheap_losses)
    assert store.version == SCHEMA_VERSION == 2
    board = store.board()
    board.rows(given.code)
    store.reviewed(board)
    assert store.board().reviews == board.reviews


SENDERS = 30


def _send_one(folder: str, code: str, student: int, ready, sent) -> None:  # type: ignore[no-untyped-def]
    given = ClassDeal.from_code(code)
    result = make_result(given, f"Élève {student}", played_by(given, student))
    store = ClassStore(folder)
    ready.wait()  # every sender has played and opened the board: they send together
    store.send(result)
    sent.put(result.code)


def test_thirty_students_sending_at_once_lose_nothing(tmp_path) -> None:
    given = class_deal(23)
    ClassStore(tmp_path).give(given)
    context = multiprocessing.get_context("fork")
    ready, sent = context.Barrier(SENDERS), context.Queue()
    senders = [
        context.Process(target=_send_one, args=(str(tmp_path), given.code, i, ready, sent))
        for i in range(SENDERS)
    ]
    for sender in senders:
        sender.start()
    codes = [sent.get(timeout=120) for _ in senders]
    for sender in senders:
        sender.join(timeout=60)
        assert sender.exitcode == 0
    kept = ClassStore(tmp_path).result_codes(given.code)
    assert sorted(kept) == sorted(codes) and len(set(kept)) == SENDERS


def test_the_default_data_folder_is_the_users(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(classroom_store.sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert classroom_store.default_data_folder() == tmp_path / "hearts-teach"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert classroom_store.default_data_folder() == tmp_path / ".local/share/hearts-teach"
