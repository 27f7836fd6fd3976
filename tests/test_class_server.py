"""What a served kernel does for a class: results go to the board's database, a few a
minute at most; a kernel not served with a board offers no class."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hearts_teach_widgets.server.kernel import CLASS_DATA, CLASS_URL, ClassInbox, class_link
from test_classroom import class_deal, played_by

from hearts_teach.records import share_code
from hearts_teach.teaching.classroom import (
    ClassError,
    RateLimit,
    make_result,
    new_teacher_key,
    review_losses,
)
from hearts_teach.teaching.classroom_store import ClassStore


def test_a_kernel_sends_to_the_board_a_few_results_a_minute(tmp_path: Path) -> None:
    now = [0.0]
    inbox = ClassInbox(str(tmp_path), RateLimit(most=3, window=60, clock=lambda: now[0]))
    given = class_deal(30)
    inbox.give(given)
    results = [make_result(given, f"Élève {i}", played_by(given, i)) for i in range(4)]
    for result in results[:3]:
        inbox.send(result)
    with pytest.raises(ClassError) as error:
        inbox.send(results[3])
    assert error.value.code == "rate" and "60" in error.value.message("fr")
    now[0] = 61.0
    inbox.send(results[3])
    assert len(ClassStore(tmp_path).result_codes(given.code)) == 4


def test_the_class_link_comes_from_the_servers_environment(tmp_path: Path) -> None:
    assert class_link({}) is None
    link = class_link({CLASS_DATA: str(tmp_path), CLASS_URL: "http://192.0.2.2:8866/"})
    assert link is not None and link.student_url == "http://192.0.2.2:8866/"
    assert link.send is not None and link.give is not None


def test_the_servers_board_reviews_each_result_once_in_a_process_of_its_own(
    tmp_path: Path,
) -> None:
    from hearts_teach_widgets.server.board import BoardKeeper

    given = class_deal(31)
    deal = played_by(given, 2)
    keeper = BoardKeeper(str(tmp_path), new_teacher_key(), "http://192.0.2.2:8866/")
    try:
        keeper.store.give(given)
        keeper.store.send(make_result(given, "Zoé", deal))
        assert keeper.review_missing(keeper.store.board()) == 1
        assert keeper.review_missing(keeper.store.board()) == 1  # under way: not asked twice
        assert len(keeper._reviewing) == 1
        deadline = time.monotonic() + 300
        while keeper._reviewing and time.monotonic() < deadline:
            time.sleep(0.2)
        board = keeper.store.board()
        assert keeper.review_missing(board) == 0
        assert board.reviews[share_code(deal)] == review_losses(deal)
    finally:
        keeper.close()
