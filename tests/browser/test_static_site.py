"""The published book plays in the reader's browser, with no server (Pyodide).

The built site (_build/html, with its playable half in lite/) is copied to a temporary
folder and served by a plain static file server, the proof that it needs nothing else.
In chromium: a French and an English chapter's guided deal is played to its end by
clicking; a chapter's "play this position" link opens the playground, where a whole deal
is played; a share code makes the round trip; a damaged one is refused with a message;
a page whose Python cannot start tells the reader so and keeps its picture; and no
request leaves the host. Screenshots go to test-output/<test name>/.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import FrameLocator, Page, expect
from support.browser import record_outside_requests
from support.table_page import HAND, PLAYABLE

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"  # the build; the tests use a copy (site_url)
LIVE_TIMEOUT = 90_000  # ms: Python starts in the page (a few seconds on a quiet machine)
STEP_TIMEOUT = 30_000


def wait_live(page: Page, index: int = 0) -> FrameLocator:
    """Wait until the page's ``index``-th playable slot is live; its frame."""
    slot = page.locator("[data-ht-live]").nth(index)
    page.wait_for_function(
        "([element]) => ['ready', 'failed'].includes(element.dataset.htState)",
        arg=[slot.element_handle()],
        timeout=LIVE_TIMEOUT,
    )
    state = slot.get_attribute("data-ht-state")
    assert state == "ready", slot.locator(".ht-live-status").inner_text()
    return slot.frame_locator(".ht-live-frame")


def play_lesson_to_its_end(lesson: FrameLocator) -> int:
    """Click through a guided deal as a learner would: a playable card of the hand; after
    a card the lesson did not want, its "continue" (which plays the expected card). Stops
    when the lesson says it is done; returns the number of cards clicked."""
    clicks = 0
    done = lesson.locator(".ht-lesson-done")
    continue_button = lesson.locator(".ht-toolbar button").nth(1)
    for _ in range(100):
        if done.count():
            return clicks
        before = lesson.locator(HAND).count()
        if continue_button.is_enabled():
            continue_button.click()
        elif lesson.locator(PLAYABLE).count():
            lesson.locator(PLAYABLE).first.click()
            clicks += 1
        wait_for_answer(lesson, before)
    pytest.fail("the guided deal did not end after 100 actions")


def wait_for_answer(lesson: FrameLocator, hand_before: int) -> None:
    """Until the lesson answers: a card leaves the hand, "continue" is offered, a card
    becomes playable, or the lesson ends."""
    for _ in range(STEP_TIMEOUT // 50):
        if (
            lesson.locator(HAND).count() < hand_before
            or lesson.locator(".ht-toolbar button").nth(1).is_enabled()
            or lesson.locator(".ht-lesson-done").count()
        ):
            return
        lesson.locator(".ht-lesson").first.page.wait_for_timeout(50)
    pytest.fail("the guided deal did not answer a click")


# English basics: played at the table, step by step, in test_lesson_table.py.
@pytest.mark.parametrize(("lang", "chapter"), [("fr", "new-moon")])
def test_a_chapters_guided_deal_plays_to_its_end(
    page: Page, site_url: str, output_dir: Path, lang: str, chapter: str
) -> None:
    import hearts_teach_widgets.lessons  # noqa: F401  (registers the lesson's words)

    from hearts_teach.i18n import text

    done_text = text("ui.lesson.done", lang).rstrip(".")
    outside = record_outside_requests(page, site_url)
    page.goto(f"{site_url}book/{lang}/{chapter}.html")
    slot = page.locator("[data-ht-live]").first
    # before Python is ready: the picture, under a status line in the page's language
    expect(slot.locator("figure.ht-position")).to_be_visible()
    status = slot.locator(".ht-live-status").inner_text()
    assert ("Python" in status) and (("navigateur" in status) == (lang == "fr"))
    slot.scroll_into_view_if_needed()
    page.screenshot(path=output_dir / "loading.png")
    lesson = wait_live(page)
    assert not slot.locator("figure.ht-position").is_visible()
    slot.scroll_into_view_if_needed()
    page.screenshot(path=output_dir / "live.png")
    clicks = play_lesson_to_its_end(lesson)
    assert clicks >= 1
    assert done_text.lower() in lesson.locator(".ht-lesson").first.inner_text().lower()
    page.screenshot(path=output_dir / "done.png", full_page=True)
    assert outside == []


def play_deal_by_clicking(table: FrameLocator, cards: int) -> None:
    for _ in range(cards):
        size = table.locator(HAND).count()
        table.locator(PLAYABLE).first.click(timeout=STEP_TIMEOUT)
        table.locator(HAND).nth(size - 1).wait_for(state="detached", timeout=STEP_TIMEOUT)


def test_position_link_opens_the_playground_where_a_whole_deal_plays(
    page: Page, site_url: str, output_dir: Path
) -> None:
    outside = record_outside_requests(page, site_url)
    page.goto(f"{site_url}book/en/basics.html")
    link = page.locator(".ht-live-link a").first
    href = link.get_attribute("href") or ""
    assert href.startswith("playground.html?deal=") and "127.0.0.1" not in href
    link.click()
    page.wait_for_url(re.compile(r"/book/en/playground\.html\?deal="))
    table = wait_live(page)
    expect(table.locator(HAND)).to_have_count(13, timeout=STEP_TIMEOUT)
    page.screenshot(path=output_dir / "opened.png", full_page=True)
    play_deal_by_clicking(table, 13)
    expect(table.locator(".ht-status")).to_contain_text("The deal is over", timeout=STEP_TIMEOUT)
    sheet = table.locator(".ht-scores").first
    scores = [int(cell) for cell in sheet.locator("tbody tr").first.locator("td").all_inner_texts()]
    assert sum(scores) in (26, 78)  # 26 points, or a moon under the Old Moon rule
    page.screenshot(path=output_dir / "deal-over.png", full_page=True)
    assert outside == []


def test_a_share_code_makes_the_round_trip(page: Page, site_url: str, output_dir: Path) -> None:
    outside = record_outside_requests(page, site_url)
    page.goto(f"{site_url}book/fr/playground.html")
    table = wait_live(page)
    table.get_by_role("button", name="Commencer la partie").click()
    expect(table.locator(HAND)).to_have_count(13, timeout=STEP_TIMEOUT)
    hand = table.locator(HAND).all_inner_texts()
    share = table.locator(".ht-link", has_text=re.compile("lien", re.I)).first
    href = share.get_attribute("href") or ""
    # the link leads back to the book's own playground page, wherever it is served
    assert href.startswith(f"{site_url}book/fr/playground.html?deal="), href
    page.goto(href)
    again = wait_live(page)
    expect(again.locator(HAND)).to_have_count(13, timeout=STEP_TIMEOUT)
    assert again.locator(HAND).all_inner_texts() == hand
    page.screenshot(path=output_dir / "reopened.png", full_page=True)
    assert outside == []


def test_a_damaged_code_is_refused_with_a_message(
    page: Page, site_url: str, output_dir: Path
) -> None:
    page.goto(f"{site_url}book/fr/playground.html?deal=AQAAAQAQbroken")
    table = wait_live(page)
    expect(table.locator(".ht-message.ht-error")).to_contain_text("code de partage")
    expect(table.get_by_role("button", name="Commencer la partie")).to_be_enabled()
    page.screenshot(path=output_dir / "damaged.png", full_page=True)


def test_a_page_whose_python_cannot_start_keeps_its_picture(
    page: Page, site_url: str, output_dir: Path
) -> None:
    page.route(re.compile(r"pyodide\.asm\.wasm$"), lambda route: route.abort())
    page.goto(f"{site_url}book/fr/spot.html")
    slot = page.locator("[data-ht-live]").first
    expect(slot).to_have_attribute("data-ht-state", "failed", timeout=LIVE_TIMEOUT)
    expect(slot.locator(".ht-live-status")).to_contain_text("n’a pas pu démarrer")
    expect(slot.locator("figure.ht-position")).to_be_visible()
    assert slot.locator(".ht-live-frame").count() == 0
    page.screenshot(path=output_dir / "failed.png", full_page=True)


def test_no_built_page_links_to_the_readers_own_machine(site_url: str) -> None:
    pages = sorted((SITE / "book").rglob("*.html"))
    assert pages
    for html in pages:
        content = html.read_text(encoding="utf-8")
        assert not re.search(r"href=[\"']https?://(127\.0\.0\.1|localhost)", content), html


def test_the_pages_python_comes_compiled(site_url: str) -> None:
    """What a visit's Python start rests on (benchmarks/README.md): the standard library
    and every wheel as bytecode, with no module left to compile in the reader's browser,
    each module's code named after the file it is imported from there (code comparing a
    frame's file with a module's __file__, as ipywidgets does, finds a match)."""
    import zipfile

    runtime = SITE / "lite" / "static" / "pyodide"
    archives = {runtime / "python_stdlib.zip": "/lib/python313.zip/"}
    archives |= {wheel: "/lib/python3.13/site-packages/" for wheel in runtime.glob("*.whl")}
    compiled = 0
    for archive, folder in archives.items():
        with zipfile.ZipFile(archive) as members:
            for name in members.namelist():
                if ".dist-info/" in name:
                    continue
                assert not name.endswith(".py"), f"{archive.name}: {name} is a source"
                if name.endswith(".pyc"):
                    assert f"{folder}{name}".encode() in members.read(name), name
                    compiled += 1
    assert compiled > 900  # the standard library alone is 531 modules
