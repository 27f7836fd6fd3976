"""The one-page summaries on paper, in chromium, from the built static book: printed on A4
(print media, and the PDF chromium makes of it), each sheet fits one page and the PDF has
exactly one page per sheet; the teacher's introduction is not printed; nothing is cut on
the right; and each sheet ends with its chapter's full address, which opens that chapter."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

# A4 less the book's print margins (14 mm each side, 14 mm on top and 16 mm below), in CSS
# pixels (96 per inch)
PAGE_WIDTH = round((210 - 28) / 25.4 * 96)
PAGE_HEIGHT = round((297 - 14 - 16) / 25.4 * 96)


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_summary_sheet_prints_on_one_a4_page(
    page: Page, site_url: str, output_dir: Path, lang: str
) -> None:
    page.goto(f"{site_url}book/{lang}/summaries.html")
    sheets = page.locator("section:has(> .ht-sheets) > section")
    count = sheets.count()
    assert count >= 16  # every variant of the book (tests/test_summary_sheets.py)
    page.set_viewport_size({"width": PAGE_WIDTH, "height": PAGE_HEIGHT})
    page.emulate_media(media="print")

    # the page's title and the introduction for the teacher are not printed
    assert page.locator("section:has(> .ht-sheets) > h1").is_hidden()
    intro = page.locator("section:has(> .ht-sheets) > p")
    assert intro.count() >= 1
    assert all(intro.nth(i).is_hidden() for i in range(intro.count()))
    assert page.locator(".bd-sidebar-primary").is_hidden()

    # each sheet: a new page, as tall as one A4 page at most, nothing cut on the right
    measures = sheets.evaluate_all(
        """(sections) => sections.map((s) => ({
            title: s.querySelector('h2').textContent.trim(),
            height: s.getBoundingClientRect().height,
            breaks: getComputedStyle(s).breakBefore,
        }))"""
    )
    too_tall = [m["title"] for m in measures if m["height"] > PAGE_HEIGHT]
    assert not too_tall, (too_tall, PAGE_HEIGHT)
    assert all(m["height"] > 0 for m in measures)
    assert [m["breaks"] for m in measures[1:]] == ["page"] * (count - 1)
    overflow = page.evaluate(
        """(width) => [...document.querySelectorAll('section:has(> .ht-sheets) *')]
            .map((e) => e.getBoundingClientRect())
            .filter((r) => r.width > 0 && r.right > width + 0.5).length""",
        PAGE_WIDTH,
    )
    assert overflow == 0

    # each sheet ends with its chapter's address as text, completed into a full address
    addresses = page.locator(".ht-address-url")
    assert addresses.count() == count
    for index in range(count):
        line = addresses.nth(index)
        address = line.inner_text().strip()
        href = line.get_attribute("data-href")
        assert address == f"{site_url}book/{lang}/{href}", address
    chapter = addresses.nth(count - 1).inner_text().strip()
    assert page.request.get(chapter).ok

    # the PDF chromium prints: one A4 page per sheet, no more
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    (output_dir / f"summaries-{lang}.pdf").write_bytes(pdf)
    assert pdf_pages(pdf) == count
