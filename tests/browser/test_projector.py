"""The teachers' projector mode (issue 23), as a teacher uses it on a 1024x768 projector,
in chromium, in both servings and both languages: the tools opened (the static book's
full-page tools, the book's teachers' page, the served playground's teachers' tab and
the page its « Ouvrir en plein écran » opens), a student's deal loaded from its share
code, the projector mode switched on, rows picked (and a bad pick refused, nothing
changed). At every step the controls the step needs are visible and enabled, the table
does not run out of the screen, no score breaks across lines (B6), the ≠ and ★ marks are
there with their words, each row has its why, the chart's texts never meet (B5) and
axe-core finds nothing; printed (B8), the whole comparison fits an A4 sheet."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Frame, Page, expect
from test_a11y import live_frame, violations

from hearts_teach import Deal, Rules
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import message, text
from hearts_teach.records import share_code
from hearts_teach.teaching.compare import (
    PROJECTOR_MAX,
    Comparison,
    compare_deal,
    default_pick,
    differs,
    row_winners,
    variant_label,
    why,
)

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1024, "height": 768}
A4_WIDTH = 718  # CSS px: 210 mm at 96 dpi, less chromium's default print margins
LIVE_TIMEOUT = 120_000  # ms: Python starts in the page, or a kernel on two busy cores
STEP_TIMEOUT = 30_000
PICKED = ("standard", "omnibus", "black-maria")


def student_deal() -> Deal:
    """A second deal of a game (its totals before it in its code: the cells read
    ``+13 → 34``, the values B6 saw broken)."""
    deal = Deal.new(Rules(), seed=7, deal_number=2, totals=(21, 4, 0, 1))
    return play_out(deal, seat_bots("heuristic", 7, 4))


# What the page's layout says, measured in the page.
SCORE_LINES = """(selector) => [...document.querySelectorAll(selector)].map(cell => {
  const range = document.createRange();
  range.selectNodeContents(cell.querySelector('.ht-proj-value') || cell);
  const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  const style = getComputedStyle(cell);
  const line = parseFloat(style.lineHeight) || 1.25 * parseFloat(style.fontSize);
  return {text: cell.textContent, lines: tops.size, height: range.getBoundingClientRect().height,
          line: line};
})"""
OVERFLOW = """(selector) => {
  const out = [];
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1)
    out.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' > ' + width);
  for (const element of document.querySelectorAll(selector)) {
    const box = element.getBoundingClientRect();
    if (box.width && box.right > width + 1) out.push(element.className + ' ends at ' + box.right);
    if (element.scrollWidth > element.clientWidth + 1)
      out.push(element.className + ' overflows: ' + element.scrollWidth + ' > ' + element.clientWidth);
  }
  return out;
}"""
TEXT_BOXES = """(selector) => [...document.querySelectorAll(selector + ' svg')].map(svg =>
  [...svg.querySelectorAll('text')].filter(t => t.textContent.trim()).map(t => {
    const b = t.getBoundingClientRect();
    return [t.textContent, b.left, b.top, b.right, b.bottom];
  }))"""


def check_scores_on_one_line(frame: Frame, selector: str, where: str) -> None:
    cells: list[dict[str, Any]] = frame.evaluate(SCORE_LINES, selector)
    assert cells, f"{where}: no score cell ({selector})"
    for cell in cells:
        assert cell["lines"] == 1 and cell["height"] < 1.5 * cell["line"], (where, cell)


def check_no_overflow(frame: Frame, where: str) -> None:
    selector = ".ht-scroll, .ht-compare-table, .ht-projector, .ht-proj-table, .ht-chart svg"
    found: list[str] = frame.evaluate(OVERFLOW, selector)
    assert found == [], f"{where}: {found}"


def check_chart_texts_apart(frame: Frame, selector: str, where: str) -> None:
    charts: list[list[list[Any]]] = frame.evaluate(TEXT_BOXES, selector)
    assert charts, f"{where}: no chart in {selector}"
    for boxes in charts:
        assert len(boxes) > 10
        for i, (words, *a) in enumerate(boxes):
            for other, *b in boxes[i + 1 :]:
                meet = a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
                assert not meet, f"{where}: «{words}» meets «{other}»"


def visible_and_enabled(*controls: Any) -> None:
    for control in controls:
        expect(control).to_be_visible(timeout=STEP_TIMEOUT)
        expect(control).to_be_enabled()


def shown_rows(frame: Frame) -> list[str]:
    rows = frame.locator(".ht-proj-table tbody tr")
    return [str(rows.nth(i).get_attribute("data-variant")) for i in range(rows.count())]


def check_projector_table(
    frame: Frame, comparison: Comparison, keys: tuple[str, ...], lang: str
) -> None:
    """The rows ``keys`` in that order, each score marked as the engine says, each row
    with its why, and the marks' words for a screen reader."""
    expect(frame.locator(".ht-proj-table tbody tr")).to_have_count(len(keys), timeout=STEP_TIMEOUT)
    assert shown_rows(frame) == list(keys)
    differs_words = message("ui.teach.differs", lang)
    winner_words = message("ui.teach.row_winner", lang)
    for key in keys:
        row = frame.locator(f'.ht-proj-table tr[data-variant="{key}"]')
        cells = row.locator("td.ht-proj-score")
        marks = differs(comparison, key)
        winners = row_winners(comparison.row(key))
        for player in range(comparison.players):
            cell = cells.nth(player)
            signs = cell.locator(".ht-proj-sign").all_inner_texts()
            spoken = cell.locator(".ht-sr-only").all_inner_texts()
            assert ("≠" in signs) == marks[player], (key, player, signs)
            assert ("★" in signs) == (player in winners), (key, player, signs)
            assert (differs_words in " ".join(spoken)) == marks[player]
            assert (winner_words in " ".join(spoken)) == (player in winners)
        reason = row.locator("td.ht-proj-why")
        expect(reason).to_have_text(why(comparison, key).text(lang))
    header = frame.locator(".ht-proj-table thead th").last
    expect(header).to_have_text(text("ui.teach.why", lang))


def projector_journey(frame: Frame, lang: str, where: str, shot: Path | None = None) -> list[str]:
    """A student's deal loaded, the projector mode on, rows picked, a bad pick refused:
    the checks at each step; axe's findings on the way, to be reported together."""
    deal = student_deal()
    comparison = compare_deal(deal)
    assert any(comparison.totals_before)
    code_box = frame.get_by_role("textbox", name=text("ui.teach.code", lang))
    load = frame.get_by_role("button", name=text("ui.teach.load", lang))
    visible_and_enabled(code_box, load)
    code_box.fill(share_code(deal))
    load.click()
    # the table is the student's deal's: its first row's scores, "+13 → 34"
    first = comparison.scored[0]
    assert first.result is not None
    expected = comparison.table(lang, with_totals=True)[1][1:5]
    first_row = frame.locator(".ht-compare-table tbody tr").first
    expect(first_row.locator("td.ht-cmp-score")).to_have_text(expected, timeout=STEP_TIMEOUT)
    check_scores_on_one_line(frame, ".ht-compare-table td.ht-cmp-score", f"{where}, the table")
    check_no_overflow(frame, f"{where}, the table")
    # the chart is its own widget: its drawing may reach the page after the table's
    frame.locator(".ht-chart svg").first.wait_for(timeout=STEP_TIMEOUT)
    check_chart_texts_apart(frame, ".ht-chart", f"{where}, the chart")

    projector = frame.get_by_role("button", name=text("ui.teach.projector", lang))
    visible_and_enabled(projector)
    projector.click()
    picker = frame.get_by_role("listbox", name=text("ui.teach.projector_pick", lang))
    visible_and_enabled(picker)
    check_projector_table(frame, comparison, default_pick(comparison), lang)
    expect(frame.locator(".ht-compare-table")).to_be_hidden()
    check_scores_on_one_line(frame, ".ht-proj-table td.ht-proj-score", f"{where}, projector")
    check_no_overflow(frame, f"{where}, projector")
    check_chart_texts_apart(frame, ".ht-projector-box .ht-chart", f"{where}, projector chart")
    found = violations(frame, f"{where}, projector mode")
    if shot is not None:  # what the class sees, for a person to look at
        frame.page.screenshot(path=shot)

    picker.select_option(label=[variant_label(key, lang) for key in PICKED])
    check_projector_table(frame, comparison, PICKED, lang)
    check_no_overflow(frame, f"{where}, three rows")
    check_chart_texts_apart(frame, ".ht-projector-box .ht-chart", f"{where}, three rows' chart")
    # six rows: refused in the page's language, the three rows stay
    six = ("standard", "new-moon", "spot", "omnibus", "reverse", "sun")
    picker.select_option(label=[variant_label(key, lang) for key in six])
    refusal = HeartsError("projector_count", low=2, high=PROJECTOR_MAX, count=6).message(lang)
    alert = frame.locator(".ht-projector-box [role=alert]")
    expect(alert).to_contain_text(refusal, timeout=STEP_TIMEOUT)
    assert shown_rows(frame) == list(PICKED)
    chosen = picker.evaluate(
        "s => [...s.selectedOptions].map(o => o.textContent.replace(/\\u00a0/g, ' '))"
    )
    assert chosen == [variant_label(key, lang) for key in PICKED]
    visible_and_enabled(picker, projector, code_box, load)
    found += violations(frame, f"{where}, a pick refused")
    return found


def check_print(page: Page, where: str) -> None:
    """Printed on A4: nothing of the comparison wider than the sheet (the table was cut
    on the right, B8), and chromium makes the PDF."""
    page.set_viewport_size({"width": A4_WIDTH, "height": 1000})
    page.emulate_media(media="print")
    try:
        check_no_overflow(page.main_frame, f"{where}, printed")
        wide = page.evaluate(
            """(width) => [...document.querySelectorAll('.ht-root *')]
              .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > width + 1)
              .map(e => e.tagName + '.' + e.className).slice(0, 5)""",
            A4_WIDTH,
        )
        assert wide == [], f"{where}, printed: {wide}"
        pdf = page.pdf(format="A4")
        assert pdf.startswith(b"%PDF")
    finally:
        page.emulate_media(media="screen")
        page.set_viewport_size(PROJECTOR)


@pytest.fixture
def projector(browser: Browser) -> Iterator[Page]:
    """A page on a projector's screen, 1024x768, in a context of its own."""
    context = browser.new_context(viewport=PROJECTOR)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_projector_mode_on_the_static_books_full_page_tools(
    projector: Page, site_url: str, lang: str, output_dir: Path
) -> None:
    page = projector
    page.goto(f"{site_url}lite/voici/render/teachers.html?lang={lang}")
    page.get_by_role("textbox", name=text("ui.teach.code", lang)).wait_for(timeout=LIVE_TIMEOUT)
    expect(page).to_have_title(text("page.teachers_title", lang), timeout=STEP_TIMEOUT)
    # the page that is the tools has no link to open them again
    expect(page.locator(".ht-full-screen-link")).to_have_count(0)
    found = projector_journey(
        page.main_frame, lang, f"static tools page ({lang})", output_dir / "projector.png"
    )
    check_print(page, f"static tools page ({lang})")
    assert found == [], "\n".join(found)


def test_the_projector_mode_in_the_books_teachers_page(projector: Page, site_url: str) -> None:
    page = projector
    page.goto(f"{site_url}book/fr/teachers.html")
    link = page.get_by_role("link", name=re.compile(text("ui.teach.full_screen", "fr")))
    visible_and_enabled(link)
    assert (link.get_attribute("href") or "").endswith("lite/voici/render/teachers.html?lang=fr")
    tools = live_frame(page)
    found = projector_journey(tools, "fr", "book's teachers page")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_projector_mode_on_the_served_playground_and_its_full_screen_page(
    projector: Page, voila_url: str, lang: str, output_dir: Path
) -> None:
    page = projector
    page.goto(f"{voila_url}?lang={lang}", wait_until="domcontentloaded", timeout=LIVE_TIMEOUT)
    tab = page.get_by_role("tab", name=text("ui.tab.teachers", lang), exact=True)
    tab.wait_for(timeout=LIVE_TIMEOUT)
    tab.click()
    found = projector_journey(page.main_frame, lang, f"served teachers' tab ({lang})")
    link = page.get_by_role("link", name=re.compile(text("ui.teach.full_screen", lang)))
    visible_and_enabled(link)
    href = link.get_attribute("href") or ""
    assert href.startswith("?page=teachers&") and f"lang={lang}" in href and "deal=" in href
    assert link.get_attribute("target") == "_blank"
    with page.context.expect_page() as opened:
        link.click()
    full = opened.value
    full.wait_for_load_state("domcontentloaded")
    assert full.url.startswith(voila_url) and "page=teachers" in full.url
    code_box = full.get_by_role("textbox", name=text("ui.teach.code", lang))
    code_box.wait_for(timeout=LIVE_TIMEOUT)
    expect(full).to_have_title(text("page.teachers_title", lang), timeout=STEP_TIMEOUT)
    # the tools alone: no table to play at, no other tab of the playground
    expect(full.get_by_role("tab", name=text("ui.tab.teachers", lang), exact=True)).to_have_count(0)
    expect(full.locator(".ht-full-screen-link")).to_have_count(0)
    # it opened on the student's deal, the code carried by the link
    expect(code_box).to_have_value(share_code(student_deal()))
    found += projector_journey(
        full.main_frame, lang, f"served full page ({lang})", output_dir / "full-page.png"
    )
    check_print(full, f"served full page ({lang})")
    assert found == [], "\n".join(found)
