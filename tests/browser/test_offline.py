"""After one visit, the book works with the network off (its service worker, sw.js).

The built site is copied and served by a plain static server. One chapter is visited
once; then the network is cut twice over (chromium offline, and the server itself shut
down, so that no request could be answered by it): another chapter reads and its
guided deal plays, the playground deals and takes a card, the teachers' tools start.
A new edition (a page changed, the worker written again by offline.py) replaces the
old one in the browser, and the old edition's cache is deleted.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from conftest import built_site_or_skip, chromium_or_skip
from playwright.sync_api import Page, expect
from support.static_server import serving
from support.table_page import HAND, PLAYABLE

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "book" / "_ext" / "offline"))
import offline  # noqa: E402

LIVE_TIMEOUT = 150_000  # ms: a first visit starts Python; twice that long with both cores busy
STEP_TIMEOUT = 30_000
# The edition kept by the browser: its cache's name and how many files it holds.
KEPT = """async () => {
  const worker = await navigator.serviceWorker.ready;
  const names = (await caches.keys()).filter(name => name.startsWith('hearts-teach-'));
  const sizes = await Promise.all(names.map(async name => (await (await caches.open(name)).keys()).length));
  return {names, sizes, controlled: Boolean(navigator.serviceWorker.controller),
          script: worker.active && worker.active.scriptURL};
}"""


EDITIONS = "async () => (await caches.keys()).filter(name => name.startsWith('hearts-teach-'))"


@pytest.fixture
def site_copy(tmp_path: Path) -> Path:
    chromium_or_skip()
    copy = tmp_path / "html"
    shutil.copytree(built_site_or_skip(), copy)
    return copy


def wait_live(page: Page) -> None:
    slot = page.locator("[data-ht-live]").first
    expect(slot).to_have_attribute(
        "data-ht-state", re.compile("ready|failed"), timeout=LIVE_TIMEOUT
    )
    assert slot.get_attribute("data-ht-state") == "ready", slot.inner_text()


def kept_edition(page: Page) -> dict[str, object]:
    """Once the worker is active: the editions the browser keeps."""
    kept: dict[str, object] = page.evaluate(KEPT)
    return kept


def test_after_one_visit_the_book_reads_and_plays_offline(
    browser: Browser, site_copy: Path
) -> None:
    files = offline.edition_files(site_copy)
    version = offline.edition(site_copy, files)
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    try:
        with serving(site_copy) as url:
            page.goto(f"{url}book/en/basics.html")
            wait_live(page)
            kept = kept_edition(page)
            assert kept["names"] == [f"hearts-teach-{version}"]
            assert kept["sizes"] == [len(files) + 1]  # the files and the root's address
        # the server is gone, and the browser is offline
        context.set_offline(True)
        page.goto(f"{url}book/fr/history.html")
        expect(page.locator("h1:visible").first).to_be_visible()
        assert page.evaluate("document.documentElement.lang") == "fr"

        page.goto(f"{url}book/fr/spot.html")
        wait_live(page)
        lesson = page.locator("[data-ht-live]").first.frame_locator(".ht-live-frame")
        before = lesson.locator(HAND).count()
        lesson.locator(PLAYABLE).first.click()
        expect(lesson.locator(HAND)).not_to_have_count(before, timeout=STEP_TIMEOUT)

        page.goto(f"{url}book/en/playground.html")
        wait_live(page)
        table = page.locator("[data-ht-live]").first.frame_locator(".ht-live-frame")
        table.get_by_role("button", name="Start the game").click()
        expect(table.locator(HAND)).to_have_count(13, timeout=STEP_TIMEOUT)

        page.goto(f"{url}book/fr/teachers.html")
        wait_live(page)
    finally:
        context.close()


def test_a_new_edition_replaces_the_old(browser: Browser, site_copy: Path) -> None:
    context = browser.new_context()
    page = context.new_page()
    try:
        with serving(site_copy) as url:
            page.goto(f"{url}book/en/history.html")
            old = kept_edition(page)["names"]
            faq = site_copy / "book" / "en" / "faq.html"
            faq.write_text(
                faq.read_text(encoding="utf-8").replace("<title>", "<title>New edition: ", 1),
                encoding="utf-8",
            )
            version, _ = offline.write_worker(site_copy)
            assert [f"hearts-teach-{version}"] != old
            page.evaluate(
                "async () => Promise.all((await navigator.serviceWorker.getRegistrations())"
                ".map(registration => registration.update()))"
            )
            # until the browser keeps the new edition alone (polled: an async predicate
            # would be a promise, always true, for wait_for_function)
            for _ in range(LIVE_TIMEOUT // 250):
                if page.evaluate(EDITIONS) == [f"hearts-teach-{version}"]:
                    break
                page.wait_for_timeout(250)
            else:
                pytest.fail(f"the browser still keeps {page.evaluate(EDITIONS)}")
        context.set_offline(True)
        page.goto(f"{url}book/en/faq.html")
        expect(page).to_have_title(re.compile("^New edition: "))
    finally:
        context.close()
