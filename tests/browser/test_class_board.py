"""A class on the served playground, in chromium: a teacher gives a deal from the
Teachers tab (a link to the server's address and a QR code), three students in browser
contexts of their own play it and send it, and the teacher's board (which needs the key
of the server's banner) lists them and exports CSV; a restart keeps the board."""

from __future__ import annotations

import csv
import io
import re
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from support.browser import record_outside_requests
from support.table_page import HAND, PLAYABLE
from support.table_page import play_the_deal as play_deal_by_clicking
from support.voila import TEST_SETTINGS, running_voila_process

pytestmark = pytest.mark.browser

LOAD_TIMEOUT = 60_000
BOARD_KEY = re.compile(r"class/board\?key=([A-Za-z0-9_-]+)")


def board_key(log: Path, timeout: float = 30.0) -> str:
    """The teacher's key, from the banner. Voilà logs that it listens before the loop
    runs the playground's own banner, so the banner may follow a moment later."""
    deadline = time.monotonic() + timeout
    while True:
        found = BOARD_KEY.search(log.read_text("utf-8", "replace"))
        if found:
            return found.group(1)
        assert time.monotonic() < deadline, "the banner gives the board's address with its key"
        time.sleep(0.1)


def play_the_deal(page: Page) -> None:
    play_deal_by_clicking(page, load_ms=LOAD_TIMEOUT, step_ms=20_000)


def play_on(page: Page, cards: int) -> None:
    """Play ``cards`` of the person's cards (the first playable each time)."""
    for _ in range(cards):
        size = page.locator(HAND).count()
        page.locator(PLAYABLE).first.click()
        page.wait_for_function(
            "n => document.querySelectorAll('.ht-hand .ht-card').length < n",
            arg=size,
            timeout=20_000,
        )


def play_the_deal_until(page: Page, cards: int) -> None:
    """The pass, then ``cards`` cards of the deal."""
    for index in range(3):
        page.locator(HAND).nth(index).click()
        expect(page.locator(".ht-hand .ht-picked")).to_have_count(index + 1, timeout=20_000)
    pass_button = page.get_by_role("button", name="Pass these cards")
    expect(pass_button).to_be_enabled()
    pass_button.click()
    expect(page.locator(".ht-message").first).to_contain_text("received", timeout=20_000)
    play_on(page, cards)


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def test_a_class_gets_one_deal_and_its_teacher_the_results(
    browser: Browser, tmp_path: Path, output_dir: Path
) -> None:
    log = tmp_path / "voila.log"
    data = tmp_path / "data"
    settings = (*TEST_SETTINGS, f"--PlaygroundServer.data_folder={data}")
    with running_voila_process(log=log, settings=settings) as (url, _process):
        key = board_key(log)
        teacher = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
        outside = record_outside_requests(teacher, url)
        teacher.goto(url, timeout=LOAD_TIMEOUT)
        teacher.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)
        teacher.get_by_role("tab", name="Teachers").click()
        teacher.get_by_role("tab", name="Class", exact=True).click()
        teacher.get_by_role("button", name="Give this deal to the class").click()
        link = teacher.locator(".ht-class-link")
        expect(link).to_be_visible(timeout=20_000)
        expect(teacher.locator(".ht-class-qr svg path.qrline")).to_have_count(1)
        address = link.get_attribute("href")
        assert address is not None and address.startswith(url) and "class=" in address
        teacher.screenshot(path=output_dir / "given.png", full_page=True)

        expect(teacher.locator(".ht-class-number")).to_contain_text("Deal 1 of the lesson")

        hands = []
        for name in ("Zoé", "Adam", "Léa"):
            student = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            student.goto(address, timeout=LOAD_TIMEOUT)
            expect(student.locator(".ht-class-send")).to_contain_text(
                "same cards", timeout=LOAD_TIMEOUT
            )
            student.locator(HAND).first.wait_for(timeout=LOAD_TIMEOUT)
            hands.append(student.locator(HAND).all_inner_texts())
            # the bots' level and the rules are the teacher's while the class deal lasts
            expect(student.get_by_role("combobox", name="Bots", exact=True)).to_be_disabled()
            expect(student.get_by_role("button", name="Change the rules")).to_be_disabled()
            expect(student.locator(".ht-class-locked")).to_be_visible()
            if name == "Zoé":  # a reload in the middle of the deal comes back to it
                play_the_deal_until(student, 2)
                left = student.locator(HAND).all_inner_texts()
                student.wait_for_function("() => location.search.includes('class=')")
                student.reload()
                expect(student.locator(".ht-class-send")).to_contain_text(
                    "same cards", timeout=LOAD_TIMEOUT
                )
                expect(student.locator(HAND)).to_have_count(len(left), timeout=LOAD_TIMEOUT)
                assert student.locator(HAND).all_inner_texts() == left
                expect(student.get_by_role("combobox", name="Bots", exact=True)).to_be_disabled()
                play_on(student, len(left))
                expect(student.locator(".ht-status")).to_contain_text(
                    "The deal is over", timeout=20_000
                )
            else:
                play_the_deal(student)
            # the send box is under the table, where the deal ends, not above the tabs
            box = student.locator(".ht-class-send").bounding_box()
            felt = student.locator(".ht-table").first.bounding_box()
            assert box is not None and felt is not None and box["y"] > felt["y"]
            student.locator(".ht-class-name input").fill(name)
            student.get_by_role("button", name="Send to the teacher").click()
            expect(student.locator(".ht-class-sent")).to_contain_text(name, timeout=20_000)
            student.context.close()
        assert hands[0] == hands[1] == hands[2]  # one deal for the whole class

        # A second deal for the lesson: its own number, its own place on the board.
        teacher.get_by_role("button", name="Give this deal to the class").click()
        expect(teacher.locator(".ht-class-number")).to_contain_text("Deal 2 of the lesson")

        board = f"{url}class/board"
        assert status_of(board) == 403
        assert status_of(f"{board}?key=wrong") == 403
        assert status_of(f"{board}.csv?key={key[:-1]}") == 403
        refused = teacher.context.new_page()
        refused.goto(board)
        expect(refused.locator("body")).to_contain_text("teacher's key")
        expect(refused.locator("body")).not_to_contain_text("Zoé")
        refused.goto(f"{board}?key=wrong")  # a key typed wrong is said to be wrong
        expect(refused.get_by_role("alert")).to_contain_text("This key is not the teacher’s")
        expect(refused.locator("body")).not_to_contain_text("Zoé")

        teacher.goto(f"{board}?key={key}")
        rows = teacher.locator(".ht-board-student th")
        expect(rows).to_have_count(3)
        assert rows.all_inner_texts() == ["Adam", "Léa", "Zoé"]
        expect(teacher.locator(".ht-board-reference")).to_have_count(2)  # one per deal
        headings = teacher.locator(".ht-board-deal h2").all_inner_texts()
        assert [h.split(",")[0] for h in headings] == ["Deal 2", "Deal 1"]
        expect(teacher.locator(".ht-board-deal").nth(0)).to_contain_text("No result")
        teacher.screenshot(path=output_dir / "board.png", full_page=True)
        with teacher.expect_download() as download:
            teacher.locator(".ht-board-deal").nth(1).locator(".ht-board-csv").click()
        written = Path(download.value.path()).read_text("utf-8-sig")
        lines = list(csv.reader(io.StringIO(written)))
        assert lines[0][:2] == ["First name", "Score (this deal's rules)"]
        assert sorted(line[0] for line in lines[2:]) == ["Adam", "Léa", "Zoé"]
        # « Analyse »: the review of that student's deal, not the table
        analysis = teacher.locator(".ht-board-student a").first.get_attribute("href")
        assert analysis is not None and "review=" in analysis
        review = teacher.context.new_page()
        review.goto(analysis, timeout=LOAD_TIMEOUT)
        expect(review.get_by_role("tab", name="Teachers")).to_have_attribute(
            "aria-selected", "true", timeout=LOAD_TIMEOUT
        )
        expect(review.locator("body")).to_contain_text("decisions reviewed", timeout=LOAD_TIMEOUT)
        review.close()
        french = teacher.context.new_page()
        french.goto(f"{board}?key={key}&lang=fr")
        expect(french.locator("html")).to_have_attribute("lang", "fr")
        expect(french.locator("h1")).to_contain_text("Les résultats de la classe")
        assert outside == []

    # The server again, on the same data folder: the board is kept (a new key).
    with running_voila_process(log=tmp_path / "again.log", settings=settings) as (url, _p):
        key = board_key(tmp_path / "again.log")
        page = browser.new_context().new_page()
        page.goto(f"{url}class/board?key={key}")
        expect(page.locator(".ht-board-student")).to_have_count(3)
