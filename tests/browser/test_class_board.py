"""A class on the served playground, in chromium: a teacher gives a deal from the
Teachers tab (a link to the server's address and a QR code), three students in browser
contexts of their own play it and send it, and the teacher's board (which needs the key
of the server's banner) lists them and exports CSV; a restart keeps the board."""

from __future__ import annotations

import csv
import io
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from support.browser import record_outside_requests
from support.table_page import HAND
from support.table_page import play_the_deal as play_deal_by_clicking
from support.voila import TEST_SETTINGS, running_voila_process

pytestmark = pytest.mark.browser

LOAD_TIMEOUT = 60_000
BOARD_KEY = re.compile(r"class/board\?key=([A-Za-z0-9_-]+)")


def board_key(log: Path) -> str:
    found = BOARD_KEY.search(log.read_text("utf-8", "replace"))
    assert found, "the banner gives the board's address with the teacher's key"
    return found.group(1)


def play_the_deal(page: Page) -> None:
    play_deal_by_clicking(page, load_ms=LOAD_TIMEOUT, step_ms=20_000)


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
        teacher.goto(url)
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

        hands = []
        for name in ("Zoé", "Adam", "Léa"):
            student = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            student.goto(address)
            expect(student.locator(".ht-class-send")).to_contain_text(
                "same cards", timeout=LOAD_TIMEOUT
            )
            student.locator(HAND).first.wait_for(timeout=LOAD_TIMEOUT)
            hands.append(student.locator(HAND).all_inner_texts())
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
        expect(teacher.locator(".ht-board-reference")).to_have_count(1)
        teacher.screenshot(path=output_dir / "board.png", full_page=True)
        with teacher.expect_download() as download:
            teacher.locator(".ht-board-csv").first.click()
        written = Path(download.value.path()).read_text("utf-8-sig")
        lines = list(csv.reader(io.StringIO(written)))
        assert lines[0][:2] == ["First name", "Score (this deal's rules)"]
        assert sorted(line[0] for line in lines[2:]) == ["Adam", "Léa", "Zoé"]
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
