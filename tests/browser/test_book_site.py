"""The built book in a real browser (Debian's chromium through playwright), served from
127.0.0.1: an English and a French chapter render, their widgets work, the language link
leads to the twin page, and no request leaves the machine. Screenshots go to
test-output/<test name>/."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlparse

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Error, Page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
LOCAL_HOSTS = {"127.0.0.1", "localhost"}


def _site() -> Path:
    if not (SITE / "book" / "en" / "teachers.html").exists():
        message = "the book is not built: run `make book` (make test does it first)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
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
    [("en", "fr", "Spot Hearts"), ("fr", "en", "Cœurs comptés à leur valeur (Spot Hearts)")],
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
    # Every tab shows its whole label (the widget's tab bar cuts them at 144 px).
    cut = page.eval_on_selector_all(
        ".lm-TabBar-tabLabel",
        "labels => labels.filter(l => l.scrollWidth > l.clientWidth + 1"
        " || l.scrollHeight > l.clientHeight + 1).map(l => l.textContent)",
    )
    assert not cut, cut
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


SEARCH_FINISHED = {"en": "Search finished", "fr": "Recherche terminée"}
SEARCH_BOX = {"en": "Search this book…", "fr": "Rechercher dans ce livre…"}


def _record_page_errors(page: Page) -> list[str]:
    """Uncaught errors of the page itself. The playable slots run in frames from the
    site's lite/ folder, whose own messages belong to that site, not to the book's pages."""
    errors: list[str] = []

    def record(error: Error) -> None:
        if "/lite/" not in f"{error.stack or ''}":
            errors.append(f"{error.name}: {error.message}")

    page.on("pageerror", record)
    return errors


def _search_results(page: Page, lang: str) -> list[str]:
    """Wait for the search page to finish; the result links (absolute URLs)."""
    summary = page.locator("#search-results .search-summary")
    summary.wait_for(state="visible", timeout=20_000)
    page.wait_for_function(
        "() => !document.querySelector('#search-results h2 span')?.textContent",
        timeout=20_000,
    )
    assert SEARCH_FINISHED[lang] in summary.inner_text()
    links: list[str] = page.eval_on_selector_all(
        "#search-results ul.search li > a", "links => links.map(link => link.href)"
    )
    return links


@pytest.mark.parametrize(("lang", "query"), [("en", "queen spades"), ("fr", "dame pique")])
def test_search_from_a_chapter_stays_in_the_pages_language(
    page: Page,
    serve_folder: Callable[[Path], str],
    output_dir: Path,
    lang: str,
    query: str,
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
    links = _search_results(page, lang)
    assert page.locator("html").get_attribute("lang") == lang
    assert links
    # Only the half's own pages, and each link leads to its page.
    assert all(f"{base}book/{lang}/" in link for link in links), links
    assert all(link.count("/book/") == 1 for link in links), links
    # Summaries are the pages' own text, without the link to the twin page.
    summaries = page.locator("#search-results ul.search li p.context")
    summaries.first.wait_for(state="visible", timeout=20_000)
    texts = " ".join(summaries.all_inner_texts())
    assert "This page in English" not in texts and "Cette page en français" not in texts
    page.screenshot(path=str(output_dir / f"search-{lang}.png"), full_page=True)
    page.locator("#search-results ul.search li > a").first.click()
    page.wait_for_load_state()
    assert page.url.split("#")[0] == links[0].split("#")[0]
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("article h1").count() == 1
    assert not _outside(requested), _outside(requested)


@pytest.mark.parametrize(
    ("query", "accented"), [("levee", "levée"), ("coeur", "cœur"), ("Levée", "levée")]
)
def test_french_search_folds_accents_and_ligatures(
    page: Page,
    serve_folder: Callable[[Path], str],
    output_dir: Path,
    query: str,
    accented: str,
) -> None:
    """A French query typed without accents or ligatures finds the words written with
    them, on French pages only, and the summary shows the word."""
    base = serve_folder(_site())
    errors = _record_page_errors(page)
    page.goto(f"{base}book/fr/search.html?q={query}", wait_until="networkidle")
    links = _search_results(page, "fr")
    assert links, f"nothing found for {query!r}"
    assert all(f"{base}book/fr/" in link for link in links), links
    pages_with_word = []
    for link in links:
        response = page.request.get(link)
        assert response.ok, link
        if accented in response.text().lower():
            pages_with_word.append(link)
    assert pages_with_word, f"no result for {query!r} contains {accented!r}"
    summaries = page.locator("#search-results ul.search li p.context")
    summaries.first.wait_for(state="visible", timeout=20_000)
    assert accented in " ".join(summaries.all_inner_texts()).lower()
    page.screenshot(path=str(output_dir / f"search-fr-{query}.png"), full_page=True)
    assert not errors, errors


def test_english_search_finds_only_english_pages(
    page: Page, serve_folder: Callable[[Path], str]
) -> None:
    base = serve_folder(_site())
    errors = _record_page_errors(page)
    # "Omnibus" and "Black Maria" are the same word in both halves.
    for query in ("omnibus", "black maria", "moon"):
        page.goto(f"{base}book/en/search.html?q={query}", wait_until="networkidle")
        links = _search_results(page, "en")
        assert links, query
        assert all(f"{base}book/en/" in link for link in links), links
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_page_error_on_a_chapter_and_the_search_page(
    page: Page, serve_folder: Callable[[Path], str], lang: str
) -> None:
    """No script of the book throws: no block loaded twice ("has already been declared"),
    no thebe."""
    base = serve_folder(_site())
    errors = _record_page_errors(page)
    for path in ("basics.html", "teachers.html", "search.html?q=lune+moon"):
        page.goto(f"{base}book/{lang}/{path}", wait_until="networkidle")
        # every script has run: the page's own load event, then an idle turn of its loop
        page.wait_for_function("document.readyState === 'complete'")
        page.evaluate(
            "() => new Promise(done => requestIdleCallback(() => done(), {timeout: 2000}))"
        )
    assert page.evaluate("typeof THEBE_JS_URL") == "undefined"
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_search_box_is_labelled_in_the_pages_language(
    page: Page, serve_folder: Callable[[Path], str], lang: str
) -> None:
    base = serve_folder(_site())
    page.goto(f"{base}book/{lang}/search.html", wait_until="networkidle")
    box = page.get_by_role("searchbox", name=SEARCH_BOX[lang]).filter(visible=True)
    assert box.count() >= 1
    assert box.first.get_attribute("placeholder") == SEARCH_BOX[lang]
    # The chapter's search dialog (Ctrl+K) too.
    page.goto(f"{base}book/{lang}/spot.html", wait_until="networkidle")
    page.keyboard.press("Control+k")
    dialog_box = page.get_by_role("searchbox", name=SEARCH_BOX[lang]).filter(visible=True)
    dialog_box.first.wait_for(state="visible")
    assert dialog_box.first.get_attribute("placeholder") == SEARCH_BOX[lang]


def test_the_root_page_offers_both_languages(
    page: Page, serve_folder: Callable[[Path], str]
) -> None:
    base = serve_folder(_site())
    for lang in ("fr", "en"):
        page.goto(base, wait_until="networkidle")
        assert page.url == base  # no redirect to one half
        page.locator(f"section[lang={lang}] a").first.click()
        page.wait_for_url(f"**/book/{lang}/index.html")
        assert page.locator("html").get_attribute("lang") == lang


@pytest.mark.parametrize("width", [1280, 1024])
def test_a_chapter_has_one_search_box(
    page: Page, serve_folder: Callable[[Path], str], width: int
) -> None:
    """B11: the theme drew a search box in the header and another at the top of the left
    sidebar, which slid under the header as the sidebar scrolled."""
    base = serve_folder(_site())
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(f"{base}book/fr/teachers.html")
    page.locator(".bd-header .search-button-field").first.wait_for(state="visible")
    shown = page.evaluate(
        """() => [...document.querySelectorAll('.search-button-field')]
            .filter(e => e.checkVisibility()).length"""
    )
    assert shown == 1
    assert page.locator(".bd-sidebar-primary .search-button-field").is_hidden()
