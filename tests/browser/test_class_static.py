"""A class with the static book (no server), in chromium: the teacher's tools page gives a
deal (a link to the book's playground, its QR code); two students in browser contexts of
their own play it and get a result code; the teacher pastes both codes into the board in
the page, saves it to a file and opens it again in a fresh page; no request leaves the
host. The playable half (_build/lite, from `make lite`) is copied and served as files."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from support.browser import record_outside_requests
from support.table_page import play_the_deal as play_deal_by_clicking

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LIVE_TIMEOUT = 120_000


def play_the_deal(page: Page) -> None:
    play_deal_by_clicking(page, load_ms=LIVE_TIMEOUT, step_ms=60_000)


def open_class_page(page: Page, url: str) -> None:
    page.goto(f"{url}voici/render/teachers.html?lang=en")
    page.get_by_role("tab", name="Class", exact=True).click(timeout=LIVE_TIMEOUT)


def test_result_codes_pasted_into_the_board_of_the_static_book(
    browser: Browser, lite_url: str, tmp_path: Path, output_dir: Path
) -> None:
    teacher = browser.new_context(viewport={"width": 1280, "height": 1000}, accept_downloads=True)
    page = teacher.new_page()
    outside = record_outside_requests(page, lite_url)
    open_class_page(page, lite_url)
    page.get_by_role("button", name="Give this deal to the class").click()
    link = page.locator(".ht-class-link")
    expect(link).to_be_visible(timeout=30_000)
    expect(page.locator(".ht-class-qr svg path.qrline")).to_have_count(1)
    address = link.get_attribute("href")
    assert address is not None
    assert address.startswith(f"{lite_url}voici/render/playground.html?class=")

    codes = []
    for name in ("Zoé", "Adam"):
        student = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        outside += record_outside_requests(student, lite_url)
        student.goto(address)
        expect(student.locator(".ht-class-send")).to_contain_text(
            "same cards", timeout=LIVE_TIMEOUT
        )
        play_the_deal(student)
        student.locator(".ht-class-name input").fill(name)
        student.get_by_role("button", name="Show my result code").click()
        code = student.locator("textarea.ht-class-result-code")
        expect(code).to_be_visible(timeout=30_000)
        codes.append(code.input_value())
        student.context.close()
    assert all(code.startswith("R") for code in codes)

    page.locator(".ht-class-paste textarea").fill("\n".join(codes) + "\nnot-a-code")
    page.get_by_role("button", name="Add these results").click()
    rows = page.locator(".ht-class-rows .ht-board-student th")
    expect(rows).to_have_count(2, timeout=60_000)
    assert rows.all_inner_texts() == ["Adam", "Zoé"]
    expect(page.locator(".ht-class-rows")).to_contain_text("This is not a result code")
    expect(page.locator(".ht-class-rows .ht-board-reference")).to_have_count(1)
    page.screenshot(path=output_dir / "static-board.png", full_page=True)
    with page.expect_download() as download:
        page.locator(".ht-class-save").click()
    saved = tmp_path / "class.json"
    download.value.save_as(saved)

    again = teacher.new_page()
    outside += record_outside_requests(again, lite_url)
    open_class_page(again, lite_url)
    with again.expect_file_chooser() as chooser:
        again.locator(".ht-class-board .widget-upload").click()
    chooser.value.set_files(saved)
    expect(again.locator(".ht-class-rows .ht-board-student")).to_have_count(2, timeout=60_000)
    assert outside == []
