"""The printed edition (`make book` prints it into _build/html/pdf with
book/_ext/print/make_pdf.py): each language's PDF opened with pypdf and checked against
the built site it was printed from: A4 pages, an outline and a table of contents whose
page numbers lead to each chapter's first page, embedded fonts, French typography, no
text off the page, and each guided deal's address."""

from __future__ import annotations

import os
import re
import unicodedata
from functools import cache
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest
import yaml
from bs4 import BeautifulSoup
from pypdf import PageObject, PdfReader
from pypdf.generic import DictionaryObject

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_build" / "html"
LANGS = ("fr", "en")
A4_POINTS = (595.28, 841.89)
# A sentence of the French home page, with its narrow no-break space before « : ».
FRENCH_SENTENCE = "toute une famille de variantes\u202f: ce livre les présente"


def pdf_path(lang: str) -> Path:
    return SITE / "pdf" / f"hearts-teach-{lang}.pdf"


@pytest.fixture(autouse=True)
def _built_site() -> None:
    """The PDFs are made by `make book`: without them the tests are skipped with the
    reason, and under CI, where they must be there, they fail."""
    if all(pdf_path(lang).exists() for lang in LANGS):
        return
    message = "the printed edition is not built: run `make book` (make test does it first)"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def chapter_pages(lang: str) -> list[str]:
    """One language's pages in the order of _toc.yml (its home page first)."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]] + [c["file"] for part in toc["parts"] for c in part["chapters"]]
    return [f for f in dict.fromkeys(files) if f.startswith(f"book/{lang}/")]


# The typographic ligatures chromium's fonts draw (ﬁ, ﬂ...), read as their letters.
LIGATURES = {code: unicodedata.normalize("NFKC", chr(code)) for code in range(0xFB00, 0xFB07)}


def words(text: str) -> str:
    """Text with its spaces made one (a narrow no-break space stays what it is)."""
    return re.sub(r"[ \t\n\r\u00a0]+", " ", text.translate(LIGATURES)).strip()


def opens_with(page_text: str, title: str) -> bool:
    """Whether a page's first lines hold the title (a chapter starts a page; its first
    lines may be read after the numbers of a list beside them, as in the bibliography)."""
    return title in words("\n".join(page_text.splitlines()[:6]))


@cache
def chapter_titles(lang: str) -> list[str]:
    """Each chapter's title as its built page shows it."""
    titles = []
    for page in chapter_pages(lang):
        soup = BeautifulSoup((SITE / f"{page}.html").read_text(encoding="utf-8"), "html.parser")
        heading = soup.select_one("article.bd-article h1")
        assert heading is not None, page
        for link in heading.select(".headerlink"):
            link.decompose()
        titles.append(words(heading.get_text()))
    return titles


@cache
def reader(lang: str) -> PdfReader:
    return PdfReader(pdf_path(lang))


def text_and_starts(page: PageObject) -> tuple[str, list[tuple[str, float, float]]]:
    """A page's text, and where each run of it starts in the page's own coordinates."""
    starts: list[tuple[str, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], *_: object) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            starts.append((text, x, y))

    return page.extract_text(visitor_text=visit), starts


@cache
def read_pages(lang: str) -> list[tuple[str, list[tuple[str, float, float]]]]:
    """Each page's text, and where each run of it starts (read once: pypdf is slow)."""
    return [text_and_starts(page) for page in reader(lang).pages]


def page_texts(lang: str) -> list[str]:
    return [text for text, _ in read_pages(lang)]


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_is_a4_and_there_are_more_pages_than_chapters(lang: str) -> None:
    pages = reader(lang).pages
    assert len(pages) > len(chapter_pages(lang))
    for number, page in enumerate(pages, start=1):
        box = page.mediabox
        assert abs(float(box.width) - A4_POINTS[0]) < 2, (number, box)
        assert abs(float(box.height) - A4_POINTS[1]) < 2, (number, box)


@pytest.mark.parametrize("lang", LANGS)
def test_the_outline_holds_every_chapter_at_its_first_page(lang: str) -> None:
    document = reader(lang)
    outline = {
        words(item.title): document.get_destination_page_number(item) + 1
        for item in document.outline
        if not isinstance(item, list)
    }
    texts = page_texts(lang)
    for title in chapter_titles(lang):
        assert title in outline, (title, sorted(outline))
        assert opens_with(texts[outline[title] - 1], title), title


@pytest.mark.parametrize("lang", LANGS)
def test_the_contents_page_numbers_lead_to_each_chapter(lang: str) -> None:
    texts = page_texts(lang)
    # The contents follow the title page, before the first chapter.
    contents = words(" ".join(texts[1:4]))
    numbers = []
    for title in chapter_titles(lang):
        found = re.search(re.escape(title) + r" ?(\d+)", contents)
        assert found, f"{title!r} not in the contents"
        number = int(found.group(1))
        assert opens_with(texts[number - 1], title), (title, number)
        numbers.append(number)
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)


def _font_is_embedded(font: DictionaryObject) -> bool:
    font = font.get_object()
    if font.get("/Subtype") == "/Type3":  # its glyphs are drawn in the file itself
        return True
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_font_is_embedded(lang: str) -> None:
    seen = 0
    for number, page in enumerate(reader(lang).pages, start=1):
        resources = page.get("/Resources")
        fonts = resources.get_object().get("/Font") if resources is not None else None
        for name, font in fonts.get_object().items() if fonts is not None else []:
            seen += 1
            assert _font_is_embedded(font), (number, name, font.get_object().get("/BaseFont"))
    assert seen > 0


def test_the_french_edition_keeps_french_typography() -> None:
    text = words(" ".join(page_texts("fr")[:6]))
    assert FRENCH_SENTENCE in text
    assert "Les bases\u202f: la Dame de pique" in text


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_is_off_the_page(lang: str) -> None:
    """Every run of text starts inside the page's box (the build itself fails if any
    element is wider than the printed line)."""
    pages = zip(reader(lang).pages, read_pages(lang), strict=True)
    for number, (page, (_, starts)) in enumerate(pages, start=1):
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert starts or number > 2, number
        outside = [
            (text, x, y)
            for text, x, y in starts
            if not (-0.5 <= x <= width + 0.5 and -0.5 <= y <= height + 0.5)
        ]
        assert not outside, (number, outside[:3])


def guided_deal_addresses(lang: str) -> list[str]:
    """The playground addresses of the guided deals the built chapters link to, from the
    site's root."""
    addresses = []
    for page in chapter_pages(lang):
        soup = BeautifulSoup((SITE / f"{page}.html").read_text(encoding="utf-8"), "html.parser")
        for link in soup.select("article.bd-article p.ht-live-link a[href]"):
            url = urlparse(urljoin(f"http://site/{page}.html", str(link["href"])))
            addresses.append(url._replace(scheme="", netloc="").geturl()[1:])
    return addresses


@pytest.mark.parametrize("lang", LANGS)
def test_each_guided_deal_is_printed_with_its_address(lang: str) -> None:
    addresses = guided_deal_addresses(lang)
    assert len(addresses) >= 10
    printed = re.sub(r"\s+", "", "".join(page_texts(lang)))
    for address in addresses:
        assert address in printed, address
