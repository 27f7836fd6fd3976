"""The built book in a real browser (Debian's chromium through playwright), served from
127.0.0.1: an English and a French chapter render, their widgets work, the language link
leads to the twin page, and no request leaves the machine. Screenshots go to
test-output/<test name>/."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlparse

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
LOCAL_HOSTS = {"127.0.0.1", "localhost"}


def _site() -> Path:
    if not (SITE / "book" / "en" / "teachers.html").exists():
        pytest.fail("the book is not built: run `make book` (make test does it first)")
    return SITE


def _record_requests(page: Page) -> list[str]:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    return requested


def _outside(requested: list[str]) -> list[str]:
    return [
        url
        for url in requested
        if urlparse(url).scheme not in ("data", "blob", "about")
        and urlparse(url).hostname not in LOCAL_HOSTS
    ]


@pytest.mark.parametrize(
    ("lang", "other", "tab_title"),
    [("en", "fr", "Spot Hearts"), ("fr", "en", "Cœurs à valeur faciale")],
)
def test_teachers_chapter_widgets_render_offline(
    page: Page,
    serve_folder: Callable[[Path], str],
    output_dir: Path,
    lang: str,
    other: str,
    tab_title: str,
) -> None:
    base = serve_folder(_site())
    requested = _record_requests(page)
    page.goto(f"{base}book/{lang}/teachers.html", wait_until="networkidle")
    assert page.locator("html").get_attribute("lang") == lang
    # The tabs are drawn by the widget manager served with the site, and switch
    # without a kernel.
    tabs = page.locator(".widget-tab, .jupyter-widget-tab").first
    tabs.wait_for(state="visible", timeout=20_000)
    tab = page.get_by_role("tab", name=tab_title)
    tab.click()
    panel_text = page.locator(".widget-tab .widget-html, .jupyter-widget-tab .widget-html")
    assert panel_text.filter(has_text="129").count() >= 1
    page.screenshot(path=str(output_dir / f"teachers-{lang}.png"), full_page=True)
    # The language link leads to the twin page.
    page.locator("nav.ht-twin a").click()
    page.wait_for_load_state("networkidle")
    assert page.url.endswith(f"book/{other}/teachers.html")
    assert page.locator("html").get_attribute("lang") == other
    assert not _outside(requested), _outside(requested)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_without_scripts_a_chapter_shows_its_guided_deal_as_a_picture(
    browser: Browser, serve_folder: Callable[[Path], str], output_dir: Path, lang: str
) -> None:
    """Where scripts are off, the guided deal is its picture (the live lesson needs
    Python in the browser), with a note that says so and the link into the playground."""
    base = serve_folder(_site())
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        requested = _record_requests(page)
        page.goto(f"{base}book/{lang}/omnibus.html", wait_until="networkidle")
        position = page.locator("figure.ht-position")
        position.wait_for(state="visible")
        # The learner's hand is shown face up, with card names in the page's language.
        names = [
            str(c.get_attribute("aria-label"))
            for c in page.locator("figure.ht-position .ht-face").all()
        ]
        assert len(names) == 13
        assert all((" of " if lang == "en" else " de ") in name for name in names)
        note = page.locator(".ht-live noscript, .ht-live .ht-live-status").first.inner_text()
        assert "JavaScript" in note and (("navigateur" in note) == (lang == "fr"))
        href = str(page.locator(".ht-live-link a.ht-link").get_attribute("href"))
        assert href.startswith("playground.html?deal=") and f"lang={lang}" in href
        # No control pretends to work: the static picture has no buttons.
        assert position.locator("button, input, select").count() == 0
        page.screenshot(path=str(output_dir / f"omnibus-{lang}.png"), full_page=True)
        assert not _outside(requested), _outside(requested)
    finally:
        context.close()


@pytest.mark.parametrize(
    ("lang", "query", "finished"),
    [("en", "queen spades", "Search finished"), ("fr", "dame pique", "Recherche terminée")],
)
def test_search_from_a_chapter_stays_in_the_pages_language(
    page: Page,
    serve_folder: Callable[[Path], str],
    output_dir: Path,
    lang: str,
    query: str,
    finished: str,
) -> None:
    base = serve_folder(_site())
    requested = _record_requests(page)
    page.goto(f"{base}book/{lang}/basics.html", wait_until="networkidle")
    # The search box of a chapter sends the query to its own half's search page.
    page.evaluate(
        "query => { const form = document.querySelector('form.bd-search');"
        " form.querySelector('input[name=q]').value = query; form.submit(); }",
        query,
    )
    page.wait_for_url(f"**/book/{lang}/search.html?q=*")
    summary = page.locator("#search-results .search-summary")
    summary.wait_for(state="visible", timeout=20_000)
    assert finished in summary.inner_text()
    assert page.locator("html").get_attribute("lang") == lang
    links = page.locator("#search-results ul.search li a")
    assert links.count() >= 1
    # Results of the page's own language come first.
    first = str(links.first.evaluate("link => link.href"))
    assert f"/book/{lang}/" in first, first
    # Summaries are the pages' own text, without the link to the twin page.
    summaries = page.locator("#search-results ul.search li p.context")
    summaries.first.wait_for(state="visible", timeout=20_000)
    texts = " ".join(summaries.all_inner_texts())
    assert "This page in English" not in texts and "Cette page en français" not in texts
    page.screenshot(path=str(output_dir / f"search-{lang}.png"), full_page=True)
    assert not _outside(requested), _outside(requested)
