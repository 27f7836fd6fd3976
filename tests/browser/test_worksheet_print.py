"""The worksheet on paper, in chromium: from the Teachers tools (the served playground and
the static book's playable half), a finished deal's code pasted, the worksheet shown and
the page printed (print media, and the PDF chromium makes of it): two A4 pages, the
worksheet alone, nothing cut on the right, the grid empty on page 1 and the answers on
page 2, each the engine's; in English and in French, with the grid's variants picked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from hearts_teach import Deal, Rules
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.i18n import signed, text
from hearts_teach.records import share_code
from hearts_teach.teaching.compare import variant_label
from hearts_teach.teaching.worksheet import worksheet

pytestmark = pytest.mark.browser

LOAD_TIMEOUT = 120_000
# A4 less the worksheet's 12 mm margins, in CSS pixels (96 per inch)
PAGE_WIDTH = round((210 - 24) / 25.4 * 96)
PAGE_HEIGHT = round((297 - 24) / 25.4 * 96)


def finished_deal() -> Deal:
    deal = Deal.new(Rules(), seed=23, deal_number=1)
    return play_out(deal, seat_bots("heuristic", 23, 4))


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def print_and_check(
    page: Page,
    deal: Deal,
    output_dir: Path,
    lang: str = "en",
    picked: tuple[str, ...] | None = None,
) -> None:
    """The deal's code into the comparison, the worksheet shown (with the grid's variants
    ``picked`` in its picker, if given, in the picker's order), then the print checks."""
    code = page.get_by_role("textbox", name=text("ui.teach.code", lang))
    code.fill(share_code(deal))
    page.get_by_role("button", name=text("ui.teach.load", lang)).click()
    page.get_by_role("button", name=text("ui.worksheet.button", lang)).click()
    sheet = page.locator(".ht-worksheet.ht-ws-print")
    expect(sheet).to_be_visible(timeout=30_000)
    expect(page.get_by_role("button", name=text("ui.worksheet.hide", lang))).to_be_visible()
    name = "fiche.html" if lang == "fr" else "worksheet.html"
    expect(page.locator(".ht-ws-download")).to_have_attribute("download", name)
    if picked is not None:
        labels = [variant_label(key, lang) for key in picked]
        page.get_by_label(text("ui.worksheet.variants", lang)).select_option(label=labels)
        rows = page.locator(".ht-ws-questions .ht-ws-grid tbody th")
        expect(rows).to_have_text(labels, timeout=30_000)
    expect(sheet).to_have_attribute("lang", lang)

    page.set_viewport_size({"width": PAGE_WIDTH, "height": PAGE_HEIGHT})
    page.emulate_media(media="print")
    # the worksheet alone: the tabs, the table and the download link are not displayed
    expect(page.get_by_role("tab", name=text("ui.teach.tab.compare", lang))).to_be_hidden()
    expect(page.get_by_label(text("ui.worksheet.variants", lang))).to_be_hidden()
    expect(page.locator(".ht-ws-download")).to_be_hidden()
    # nothing cut on the right: every box of the worksheet within the page's width
    overflow = page.evaluate(
        """() => {
            const width = document.documentElement.clientWidth;
            return [...document.querySelectorAll('.ht-worksheet, .ht-worksheet *')]
              .map(e => e.getBoundingClientRect())
              .filter(r => r.width > 0 && (r.right > width + 0.5 || r.left < -0.5)).length;
        }"""
    )
    assert overflow == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= PAGE_WIDTH
    # each of the two pages fits on an A4 sheet, and the key starts a page
    heights = page.eval_on_selector_all(".ht-ws-page", "ps => ps.map(p => p.offsetHeight)")
    assert len(heights) == 2 and all(0 < height <= PAGE_HEIGHT for height in heights)
    assert page.eval_on_selector(".ht-ws-key", "e => getComputedStyle(e).breakBefore") == "page"
    # page 1: the grid empty; page 2: the engine's answers
    blank = page.locator(".ht-ws-questions .ht-ws-grid td.ht-ws-num")
    answers_of = worksheet(deal, picked).answers
    expected = [signed(s) for row in answers_of for s in row.scores]
    assert blank.count() == len(expected)
    assert set(blank.all_inner_texts()) == {""}
    answers = page.locator(".ht-ws-key .ht-ws-grid td.ht-ws-num").all_inner_texts()
    assert [a.strip() for a in answers] == expected
    page.screenshot(path=output_dir / f"print-{lang}.png", full_page=True)
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    (output_dir / f"worksheet-{lang}.pdf").write_bytes(pdf)
    assert pdf_pages(pdf) == 2


def test_the_worksheet_prints_from_the_served_playground(
    browser: Browser, voila_url: str, output_dir: Path
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    try:
        page.goto(voila_url, timeout=LOAD_TIMEOUT)
        page.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)
        page.get_by_role("tab", name="Teachers").click()
        print_and_check(page, finished_deal(), output_dir)
    finally:
        context.close()


@pytest.mark.parametrize(
    ("lang", "picked"), [("en", None), ("fr", ("standard", "spot", "omnibus"))]
)
def test_the_worksheet_prints_from_the_static_book(
    browser: Browser, lite_url: str, output_dir: Path, lang: str, picked: tuple[str, ...] | None
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    try:
        page.goto(f"{lite_url}voici/render/teachers.html?lang={lang}")
        code = page.get_by_role("textbox", name=text("ui.teach.code", lang))
        code.wait_for(timeout=LOAD_TIMEOUT)
        print_and_check(page, finished_deal(), output_dir, lang, picked)
    finally:
        context.close()
