"""The built site (_build/html, made by `make book`, which `make test` runs first):
each page declares its language, links to its twin, loads nothing from another host,
serves the widget manager itself, and shows no word of the other language where the
book controls the words."""

from __future__ import annotations

import json
import os
import re
import unicodedata
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlparse

import pytest
from bs4 import BeautifulSoup

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_build" / "html"
BOOK = ROOT / "book"
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
    """The chapters of one half as the build makes them: a page per notebook of the
    book's sources (each half's search page aside), known without the build."""
    return sorted(SITE / "book" / lang / f"{p.stem}.html" for p in (BOOK / lang).glob("*.ipynb"))


@pytest.fixture(autouse=True)
def _built_site() -> None:
    """Every test here reads the built site: without it they are skipped with the reason
    (`make test` builds it first), and under CI, where it must be there, they fail."""
    if all(page.exists() for lang in LANGS for page in site_pages(lang)):
        return
    message = "the book is not built: run `make book` (make test does it first)"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def soup(page: Path) -> BeautifulSoup:
    return BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")


CHAPTERS = [(lang, page.name) for lang in LANGS for page in site_pages(lang)]
ALL_PAGES = CHAPTERS + [(lang, "search.html") for lang in LANGS]
SEARCH_TITLE = {"en": "Search", "fr": "Recherche"}
# Each search page's language data, relative to _static (Sphinx's own for English).
SEARCH_LANGUAGE_DATA = {"en": "language_data.js", "fr": "ht-search/language_data-fr.js"}


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
    _drop_citation_tooltips(document)
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
    # A game's name in the other language, in brackets after the page's own name for it
    # ("Les Cœurs comptés à leur valeur (Spot Hearts)"), is given on purpose.
    shown = OTHER_NAME.sub(" ", " ".join(texts))
    return re.findall(r"[^\W\d_]+", shown.lower())


# A proper name in brackets: capitalised words only.
OTHER_NAME = re.compile(r"\(\s*(?:[A-Z][\w’'-]*\s*)+\)")


def _drop_citation_tooltips(document: BeautifulSoup) -> None:
    """A citation's tooltip is its bibliography entry, which quotes the source in the
    source's own language: not words the page chose."""
    for link in document.select('a[href*="bibliography.html#"]'):
        link.attrs.pop("title", None)


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
    # It links to the other half's search page.
    other = "fr" if lang == "en" else "en"
    twin = document.select("nav.ht-twin a.ht-twin-link")
    assert len(twin) == 1 and twin[0].get("hreflang") == other and twin[0].get("lang") == other
    assert (page.parent / str(twin[0]["href"])).resolve() == SITE / "book" / other / "search.html"
    scripts = [src.split("?")[0] for src in _script_sources(document)]
    # The half's own index and language data, after the folding script and searchtools.js.
    order = [
        "../../_static/ht-search/fold.js",
        "../../_static/searchtools.js",
        f"../../_static/{SEARCH_LANGUAGE_DATA[lang]}",
        "searchindex.js",
    ]
    assert [src for src in scripts if src in order] == order, scripts
    assert "../../searchindex.js" not in scripts  # Sphinx's index of both halves
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


# --- the site's navigation, scripts, search, charts and root (issue 13) ---


def _page_heading(document: BeautifulSoup) -> str:
    heading = document.select_one("article h1")
    assert heading is not None
    for link in heading.select("a.headerlink"):
        link.decompose()
    return heading.get_text(" ", strip=True)


@pytest.mark.parametrize(("lang", "name"), CHAPTERS)
def test_sidebar_keeps_the_page_being_read(lang: str, name: str) -> None:
    """The page being read stays in the left navigation, marked current; a half's
    welcome page is the home link above the list, marked current there."""
    document = soup(SITE / "book" / lang / name)
    sidebar = document.select_one("nav.bd-docs-nav")
    assert sidebar is not None
    current = sidebar.select("li.toctree-l1.current.active")
    assert len(current) == 1, [c.get_text(strip=True) for c in current]
    link = current[0].select_one("a")
    assert link is not None and link.get("href") == "#"
    home = sidebar.select_one(".bd-sidenav__home-link")
    assert home is not None
    assert (current[0] in home.find_all("li")) == (name == "index.html")
    if name != "index.html":
        assert link.get_text(" ", strip=True) == _page_heading(document)
    # Every page of the half is listed once (the welcome page as the home link).
    listed = [str(a.get("href")) for a in sidebar.select("a")]
    assert len(listed) == len(set(listed)) == len(site_pages(lang))


def _script_blocks(document: BeautifulSoup) -> list[str]:
    return [
        str(s.get("src")).split("?")[0] if s.get("src") else s.get_text()
        for s in document.find_all("script")
    ]


def test_no_script_is_repeated_and_no_page_loads_thebe() -> None:
    """A script loaded twice throws ("Identifier ... has already been declared"), and
    sphinx-thebe's script names a CDN: neither on any page of the book."""
    pages = [p for p in _all_html() if "lite" not in p.relative_to(SITE).parts]
    assert pages
    for page in pages:
        document = soup(page)
        # A page with two playable slots hands each to live.js with the same line
        # (document.currentScript tells them apart): that one may repeat.
        blocks = [
            b.strip()
            for b in _script_blocks(document)
            if b.strip() and not b.strip().startswith("window.htLive && htLive.add(")
        ]
        repeated = {b[:80] for b in blocks if blocks.count(b) > 1}
        assert not repeated, f"{page.relative_to(SITE)}: {sorted(repeated)}"
        text = page.read_text(encoding="utf-8").lower()
        # (a word of its own: a source's address may hold the letters, thebearknowsbest)
        assert not re.search(r"\bthebe\b|sphinx-thebe|unpkg", text), page.relative_to(SITE)


def _search_index(lang: str) -> dict[str, Any]:
    text = (SITE / "book" / lang / "searchindex.js").read_text(encoding="utf-8")
    prefix, suffix = "Search.setIndex(", ")"
    assert text.startswith(prefix) and text.endswith(suffix)
    index: dict[str, Any] = json.loads(text[len(prefix) : -len(suffix)])
    return index


def _plain(word: str) -> str:
    """Accents dropped and ligatures spelled out: the French index's form of a word."""
    word = word.replace("œ", "oe").replace("æ", "ae")
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


@pytest.mark.parametrize("lang", LANGS)
def test_each_half_has_a_search_index_of_its_own_pages(lang: str) -> None:
    index = _search_index(lang)
    names = {f"book/{lang}/{page.stem}" for page in site_pages(lang)}
    assert set(index["docnames"]) == names
    words = set(index["terms"]) | set(index["titleterms"])
    if lang == "en":
        assert {"queen", "spade", "player", "deal"} <= words
        assert not {"the", "and"} & words


def test_the_french_index_has_french_stems_and_folded_words() -> None:
    """French stems (Sphinx's French stemmer) of folded words: « règles » is regl,
    « cœurs » coeur, « donnes » don; French stop words are left out; no word of the index
    keeps an accent or a ligature, so a query typed without them finds them."""
    index = _search_index("fr")
    words = set(index["terms"]) | set(index["titleterms"])
    assert {"regl", "coeur", "don", "joueur", "part"} <= words
    assert not {"les", "des", "une", "dans"} & words
    accented = sorted(w for w in words if w != _plain(w))
    assert not accented, accented[:20]
    language_data = (SITE / "_static" / SEARCH_LANGUAGE_DATA["fr"]).read_text(encoding="utf-8")
    assert "Stemmer = FrenchStemmer;" in language_data
    assert "Stemmer = htFoldingStemmer(Stemmer);" in language_data
    assert "stopwords = htFoldingStopwords(stopwords);" in language_data
    declared = re.search(r"var stopwords = (\[.*?\]);", language_data)
    assert declared is not None
    stopwords = json.loads(declared.group(1))
    assert {"les", "été", "ete"} <= set(stopwords)


SEARCH_BOX = {"en": "Search this book…", "fr": "Rechercher dans ce livre…"}


@pytest.mark.parametrize(("lang", "name"), ALL_PAGES)
def test_search_boxes_have_a_placeholder_and_a_name_in_the_pages_language(
    lang: str, name: str
) -> None:
    boxes = soup(SITE / "book" / lang / name).select('input[name="q"]')
    assert boxes
    for box in boxes:
        assert box.get("placeholder") == SEARCH_BOX[lang]
        assert box.get("aria-label") == SEARCH_BOX[lang]


def _language_of(element: Any) -> str | None:
    while element is not None and getattr(element, "get", None) is not None:
        if element.get("lang"):
            return str(element.get("lang"))
        element = element.parent
    return None


@pytest.mark.parametrize(("lang", "name"), CHAPTERS)
def test_every_image_and_chart_has_a_text_alternative_in_the_pages_language(
    lang: str, name: str
) -> None:
    document = soup(SITE / "book" / lang / name)
    for image in document.find_all("img"):
        alt = str(image.get("alt") or "").strip()
        assert alt, f"{name}: {image}"
        assert not re.search(r"[/\\\\]|\.(png|jpe?g|svg|gif)$", alt), f"{name}: alt={alt!r}"
    for chart in document.select("svg"):
        if chart.get("aria-hidden") == "true":
            continue
        assert chart.get("role") == "img", f"{name}: an svg with no role"
        label = str(chart.get("aria-label") or "")
        assert re.search(r"\d", label), f"{name}: {label!r}"  # it gives the figures
        assert _language_of(chart) == lang
    if name == "teachers.html":
        charts = document.select("figure svg[role=img]")
        assert charts
        if lang == "fr":
            assert all(re.search(r"\d,\d", str(c.get("aria-label"))) for c in charts)


def _root_sections(page: Path) -> dict[str, Any]:
    document = soup(page)
    assert document.html is not None and document.html.get("lang") in LANGS
    assert not document.find("script")
    sections = {str(s.get("lang")): s for s in document.select("section[lang]")}
    assert set(sections) == set(LANGS)
    return sections


def test_the_root_page_lets_the_reader_choose_a_language() -> None:
    page = SITE / "index.html"
    sections = _root_sections(page)
    for lang, section in sections.items():
        welcome = SITE / "book" / lang / "index.html"
        title = section.select_one("h1")
        assert title is not None
        assert title.get_text(strip=True) == _home_title(welcome)
        links = section.select("a[href]")
        assert links
        for link in links:
            assert link.get("hreflang") == lang
            assert (page.parent / str(link["href"])).resolve() == welcome.resolve()
    assert "Refresh" not in page.read_text(encoding="utf-8")  # no redirect to one half


def _home_title(welcome: Path) -> str:
    home = soup(welcome).select_one(".bd-sidenav__home-link a")
    assert home is not None
    return home.get_text(strip=True)


def test_the_root_search_page_leads_to_both_halves() -> None:
    """Sphinx's root search page would search both halves with English words; it leads
    to each half's search page instead, and there is no English-only general index."""
    page = SITE / "search.html"
    for lang, section in _root_sections(page).items():
        form = section.select_one("form")
        assert form is not None
        target = (page.parent / str(form.get("action"))).resolve()
        assert target == (SITE / "book" / lang / "search.html").resolve()
        box = form.select_one('input[name="q"]')
        assert box is not None and box.get("placeholder") == SEARCH_BOX[lang]
        label = section.select_one(f'label[for="{box.get("id")}"]')
        assert label is not None and label.get_text(strip=True)
    assert not (SITE / "genindex.html").exists()
    for lang, name in ALL_PAGES:
        document = soup(SITE / "book" / lang / name)
        assert not document.select('a[href$="genindex.html"], link[href$="genindex.html"]')


def _reader_text(document: BeautifulSoup) -> str:
    """What a reader reads: the text outside code, scripts and styles, and the alt,
    title, aria-label and placeholder attributes."""
    for element in document.select("pre, code, kbd, samp, script, style, textarea, .highlight"):
        element.decompose()
    attributes = [
        str(e.get(a))
        for a in ("alt", "title", "aria-label", "placeholder")
        for e in document.select(f"[{a}]")
    ]
    return " ".join([document.get_text(" "), *attributes])


# The French typography pass (book/_ext/hearts_book.py, the engine's typeset): no
# ordinary space before : ; ! ? » or after «.
ORDINARY_SPACE = re.compile(r"(?:\S{0,20})(?: [:;!?»]|« )(?:\S{0,20})")


@pytest.mark.parametrize("name", [name for lang, name in ALL_PAGES if lang == "fr"])
def test_french_pages_have_french_typography(name: str) -> None:
    shown = _reader_text(soup(SITE / "book" / "fr" / name))
    assert ORDINARY_SPACE.findall(shown) == []
    assert "\u202f" in shown or name == "search.html"


# Card letters: a French page writes the roi, dame and valet R, D, V (R♣, D♠, V♦), never
# the English K, Q, J; an English page never the French letters.
CARD_LETTERS = {"fr": re.compile(r"\b[KQJ][♣♦♠♥]"), "en": re.compile(r"\b[RDV][♣♦♠♥]")}


@pytest.mark.parametrize(("lang", "name"), CHAPTERS)
def test_cards_are_written_with_the_pages_letters(lang: str, name: str) -> None:
    document = soup(SITE / "book" / lang / name)
    _drop_citation_tooltips(document)
    shown = _reader_text(document)
    if lang == "fr":
        # “…”: a quotation of an English source, in its own words (the French pages quote
        # in « »), as in the bibliography's notes.
        shown = re.sub(r"“[^”]*”", " ", shown)
    faces = " ".join(
        e.get_text("") for e in document.select(".ht-face, .ht-card, .ht-rank")
    )  # a card face: its rank letter, then its suit
    wrong = CARD_LETTERS[lang].findall(shown) + CARD_LETTERS[lang].findall(faces)
    wrong += [
        e.get_text()
        for e in document.select(".ht-rank")
        if e.get_text() in ({"K", "Q", "J"} if lang == "fr" else {"R", "D", "V"})
    ]
    assert wrong == []


# The sources, as the built pages show them: a citation is a link to an entry of the
# bibliography page of the same half (sphinxcontrib-bibtex, references.bib).
# A paragraph, list item or table row of a chapter's text that states a year, a century
# or a first appearance makes a historical claim: it carries a citation.
DATED_CLAIM = re.compile(
    r"\b1[5-9]\d\d(?:s)?\b|\b20[0-2]\d\b|\bcentur(?:y|ies)\b|\bsiècles?\b"
    r"|\b(?:earliest|invented|introduced|inventée?s?|introduite?s?|apparue?s?)\b"
    r"|\bfirst (?:appeared|recorded|described|mentioned|printed|published)\b"
    r"|\bpremière (?:mention|description|trace)\b|\bmentionnée? pour la première\b",
    re.IGNORECASE,
)
BIBLIOGRAPHY_PAGE = "bibliography.html"


def _citations(element: Any) -> list[str]:
    """The bibliography entries (their anchors) an element's citations link to."""
    return [
        link["href"].split("#", 1)[1]
        for link in element.find_all("a", href=True)
        if link["href"].split("#", 1)[0].endswith(BIBLIOGRAPHY_PAGE) and "#" in link["href"]
    ]


def _text_blocks(document: BeautifulSoup) -> list[Any]:
    """A chapter's paragraphs, list items and table rows written in its Markdown (not
    the outputs of its code cells), each once: a list item is one block with its
    paragraphs."""
    article = document.select_one("article.bd-article")
    assert article is not None
    found = []
    for element in article.find_all(["p", "li", "tr"]):
        if element.find_parent(class_="cell") is not None:
            continue
        if element.name == "p" and element.find_parent(["li", "tr"]) is not None:
            continue
        found.append(element)
    return found


def _entries(lang: str) -> set[str]:
    page = soup(SITE / "book" / lang / BIBLIOGRAPHY_PAGE)
    return {entry["id"] for entry in page.select('[role="doc-biblioentry"], .citation[id]')}


def _bibliography_keys() -> list[str]:
    text = (ROOT / "references.bib").read_text(encoding="utf-8")
    return re.findall(r"^@\w+\{([^,\s]+),", text, re.MULTILINE)


@pytest.mark.parametrize(
    ("lang", "name"), [(lang, name) for lang, name in CHAPTERS if name != BIBLIOGRAPHY_PAGE]
)
def test_every_dated_claim_on_the_built_page_cites_a_source(lang: str, name: str) -> None:
    uncited = [
        " ".join(block.get_text(" ").split())[:160]
        for block in _text_blocks(soup(SITE / "book" / lang / name))
        if DATED_CLAIM.search(block.get_text(" ")) and not _citations(block)
    ]
    assert uncited == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_pages_cite_exactly_the_sources_of_the_bibliography(lang: str) -> None:
    entries = _entries(lang)
    # Every entry of references.bib is shown, once (the page lists the cited ones only).
    assert len(entries) == len(set(_bibliography_keys()))
    cited = {
        anchor
        for page in site_pages(lang)
        if page.name != BIBLIOGRAPHY_PAGE
        for anchor in _citations(soup(page))
    }
    assert sorted(cited - entries) == [], "a page cites a source the bibliography lacks"
    assert sorted(entries - cited) == [], "the bibliography shows a source no page cites"
