"""The built site (_build/html, made by `make book`, which `make test` runs first):
each page declares its language, links to its twin, loads nothing from another host,
serves the widget manager itself, and shows no word of the other language where the
book controls the words."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest
from bs4 import BeautifulSoup

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_build" / "html"
LANGS = ("en", "fr")

# Words that give a page away as written in the other language (kept to words that do
# not exist in the page's own language).
FOREIGN_WORDS = {
    "fr": set(
        [
            "the",
            "and",
            "with",
            "player",
            "rule",
            "rules",
            "search",
            "contents",
            "previous",
            "next",
            "show",
            "hide",
            "click",
            "toggle",
            "heading",
            "deal",
            "moon",
            "hearts",
            "queen",
            "spades",
            "taken",
            "before",
            "after",
            "nothing",
            "sidebar",
            "north",
            "east",
            "south",
            "west",
            "history",
            "meaning",
            "french",
        ]
    ),
    "en": set(
        [
            "le",
            "la",
            "les",
            "des",
            "du",
            "joueur",
            "règle",
            "règles",
            "cœurs",
            "donne",
            "avec",
            "sans",
            "pli",
            "recherche",
            "précédent",
            "suivant",
            "nord",
            "sud",
            "ouest",
            "lune",
            "dame",
            "histoire",
            "sens",
            "anglais",
        ]
    ),
}


def site_pages(lang: str) -> list[Path]:
    """The chapters of one half (each half's search page aside)."""
    if not SITE.exists():
        pytest.fail("the book is not built: run `make book` (make test does it first)")
    pages = sorted(p for p in (SITE / "book" / lang).glob("*.html") if p.name != "search.html")
    assert pages, f"no page in {SITE / 'book' / lang}"
    return pages


def soup(page: Path) -> BeautifulSoup:
    return BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")


CHAPTERS = [(lang, page.name) for lang in LANGS for page in site_pages(lang)]
ALL_PAGES = CHAPTERS + [(lang, "search.html") for lang in LANGS]
SEARCH_TITLE = {"en": "Search", "fr": "Recherche"}


def test_every_page_has_a_built_twin() -> None:
    assert [p.name for p in site_pages("en")] == [p.name for p in site_pages("fr")]


@pytest.mark.parametrize(("lang", "name"), CHAPTERS)
def test_html_lang_and_twin_link(lang: str, name: str) -> None:
    page = SITE / "book" / lang / name
    document = soup(page)
    assert document.html is not None and document.html.get("lang") == lang
    other = "fr" if lang == "en" else "en"
    links = document.select("nav.ht-twin a.ht-twin-link")
    assert len(links) == 1
    link = links[0]
    assert link.get("hreflang") == other and link.get("lang") == other
    target = (page.parent / str(link["href"])).resolve()
    assert target == (SITE / "book" / other / name).resolve()
    assert target.exists()
    # and the twin links back
    back = soup(target).select_one("nav.ht-twin a.ht-twin-link")
    assert back is not None
    assert (target.parent / str(back["href"])).resolve() == page.resolve()


def _all_html() -> list[Path]:
    return sorted(SITE.rglob("*.html"))


def test_no_script_style_or_image_comes_from_another_host() -> None:
    assert SITE.exists(), "run `make book`"
    offenders = []
    for page in _all_html():
        document = soup(page)
        for tag, attribute in (
            ("script", "src"),
            ("link", "href"),
            ("img", "src"),
            ("iframe", "src"),
            ("source", "src"),
        ):
            for element in document.find_all(tag):
                value = element.get(attribute)
                if not value:
                    continue
                if tag == "link" and "alternate" in (element.get("rel") or []):
                    continue  # a link to the twin page, not a resource
                if urlparse(str(value)).scheme in ("http", "https") or str(value).startswith("//"):
                    offenders.append(f"{page.relative_to(SITE)}: <{tag} {attribute}={value}>")
    assert not offenders, "\n".join(offenders)


def test_widget_pages_load_the_widget_manager_served_with_the_site() -> None:
    pages_with_widgets = []
    for page in _all_html():
        document = soup(page)
        if not document.find("script", type="application/vnd.jupyter.widget-view+json"):
            continue
        pages_with_widgets.append(page)
        scripts = [str(s.get("src")) for s in document.find_all("script") if s.get("src")]
        managers = [s for s in scripts if s.endswith("ht-widgets/embed.js")]
        assert managers, f"{page}: widget views but no local widget manager"
        served = urlparse(urljoin(page.as_uri(), managers[0])).path
        assert Path(served).exists()
    # The teachers' chapter has tabs that work without a kernel, in both languages.
    names = {(p.parent.name, p.name) for p in pages_with_widgets}
    assert ("en", "teachers.html") in names and ("fr", "teachers.html") in names


def _controlled_words(document: BeautifulSoup, lang: str) -> list[str]:
    """Text the book controls: headings, table headers and cells, navigation, captions,
    labels and titles; code and anything marked as another language are left out."""
    for element in document.select("pre, code, script, style, .highlight"):
        element.decompose()
    for element in document.select("[lang]"):
        if element.name != "html" and element.get("lang") != lang:
            element.decompose()
    texts = [
        e.get_text(" ")
        for e in document.select(
            "h1, h2, h3, h4, th, nav, figcaption, .ht-position, button, .caption-text"
        )
    ]
    texts += [
        str(e.get(a))
        for a in ("aria-label", "title", "placeholder")
        for e in document.select(f"[{a}]")
    ]
    return re.findall(r"[^\W\d_]+", " ".join(texts).lower())


@pytest.mark.parametrize(("lang", "name"), ALL_PAGES)
def test_no_word_of_the_other_language(lang: str, name: str) -> None:
    document = soup(SITE / "book" / lang / name)
    if name == "history.html":
        # The glossary's second column is the other language, on purpose.
        for table in document.select("table")[1:]:
            table.decompose()
    words = set(_controlled_words(document, lang))
    assert not words & FOREIGN_WORDS[lang], sorted(words & FOREIGN_WORDS[lang])


@pytest.mark.parametrize(("lang", "name"), ALL_PAGES)
def test_sidebar_shows_only_the_pages_own_half(lang: str, name: str) -> None:
    document = soup(SITE / "book" / lang / name)
    sidebar = document.select_one("nav.bd-docs-nav")
    assert sidebar is not None
    other = "fr" if lang == "en" else "en"
    hrefs = [str(a.get("href")) for a in sidebar.select("a")]
    assert hrefs
    # the previous / next links at the bottom stay in the same half as well
    hrefs += [str(a.get("href")) for a in document.select("a.left-prev, a.right-next")]
    assert not [h for h in hrefs if f"/{other}/" in h or h.startswith(f"../{other}/")]


def _script_sources(document: BeautifulSoup) -> list[str]:
    return [str(script.get("src")) for script in document.find_all("script") if script.get("src")]


@pytest.mark.parametrize("lang", LANGS)
def test_each_half_has_its_own_search_page(lang: str) -> None:
    page = SITE / "book" / lang / "search.html"
    document = soup(page)
    assert document.html is not None and document.html.get("lang") == lang
    heading = document.select_one("h1")
    assert heading is not None and heading.get_text(strip=True) == SEARCH_TITLE[lang]
    scripts = _script_sources(document)
    # The scorer must come before searchtools.js, which keeps a Scorer defined earlier.
    scorer = [i for i, src in enumerate(scripts) if src.endswith("ht-search/scorer.js")]
    tools = [i for i, src in enumerate(scripts) if src.endswith("searchtools.js")]
    assert scorer and tools and scorer[0] < tools[0], scripts
    snippets = [s for s in document.find_all("script") if str(s.get("src")).endswith("snippets.js")]
    assert snippets and snippets[0].has_attr("defer")  # runs after searchtools.js
    translations = [src for src in scripts if src.endswith("ht-search/translations-fr.js")]
    assert bool(translations) == (lang == "fr")
    for src in scripts:
        served = urlparse(urljoin(page.as_uri(), src)).path
        assert Path(served).exists(), src


@pytest.mark.parametrize(("lang", "name"), CHAPTERS)
def test_search_box_leads_to_the_pages_own_search_page(lang: str, name: str) -> None:
    page = SITE / "book" / lang / name
    forms = soup(page).select("form.bd-search")
    assert forms
    for form in forms:
        target = (page.parent / str(form.get("action"))).resolve()
        assert target == (SITE / "book" / lang / "search.html").resolve()
