"""The printed edition: one PDF per language of the whole book, from the built site.

    .venv/bin/python book/_ext/print/make_pdf.py _build/html

For each language the chapters' built pages (in the order of ``_toc.yml``) are read as
data and put into one document: a title page, a table of contents with page numbers,
then every chapter's article, each starting a page. What needs Python in the browser is
left out; each guided deal keeps its picture (``figure.ht-position``) and has the address
that opens it in the playground printed as text. Debian's chromium (as the tests start
it) prints the document twice: the first print tells on which page each chapter starts
(chromium writes a named destination for each chapter the contents link to), the second
carries those numbers and an outline of the chapters and their sections (from the
headings: the PDF is tagged). The PDFs go to ``_build/html/pdf/hearts-teach-<lang>.pdf``;
the book's home pages link to them. Chromium embeds the fonts it uses; the page may ask for
nothing outside the site (a request elsewhere fails the build), and an element wider
than the printed page fails it too, so that nothing is cut.
"""

from __future__ import annotations

import argparse
import html
import io
import mimetypes
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import ParseResult, unquote, urljoin, urlparse

import yaml
from bs4 import BeautifulSoup, Comment, Tag
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "tests"))
from support.browser import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402

LANGS = ("fr", "en")
TOC = ROOT / "_toc.yml"
# The site as chromium sees it while printing: a made-up host whose requests are
# answered from the built files (nothing is served, nothing is written to the site).
HOST = "http://print.invalid/"
PDF_FOLDER = "pdf"
# The document's own name, beside the chapters so that their relative links still hold.
DOCUMENT = "_print.html"
MARGIN = {"top": "14mm", "bottom": "16mm", "left": "14mm", "right": "14mm"}
# A4's width less the side margins, in CSS pixels (96 per inch): what a line may take.
PRINT_WIDTH_PX = round((210 - 28) / 25.4 * 96)
# The words of the printed edition's own pages (French typography written in: a narrow
# no-break space before « : »).
WORDS = {
    "fr": {
        "edition": "Édition imprimable",
        "contents": "Table des matières",
        "address": "Adresse de cette donne dans la salle de jeu\u202f:",
        "addresses": "Les adresses des donnes guidées se lisent depuis la racine du site où "
        "le livre est publié. Les parties interactives (donnes guidées, salle de jeu, outils "
        "des enseignants) se jouent sur le site.",
        "elsewhere": "Cette partie interactive se trouve sur le site\u202f:",
    },
    "en": {
        "edition": "Printable edition",
        "contents": "Contents",
        "address": "This deal in the playground:",
        "addresses": "The guided deals' addresses are read from the root of the site where the "
        "book is published. The interactive parts (guided deals, the playground, the "
        "teachers' tools) play on the site.",
        "elsewhere": "This interactive part is on the site:",
    },
}
# What paper cannot show: the live parts that have no picture (the playground, the
# teachers' tools, a widget of the page); a line gives the page's address instead.
ELSEWHERE = (
    "[data-ht-live='playground']",
    "[data-ht-live='teachers']",
    "script[type='application/vnd.jupyter.widget-view+json']",
)
# What paper does without: the parts of a page that only run in a browser.
DROPPED = (
    "script",
    "noscript",
    "style[data-ht-print-drop]",
    "details.above-input",
    ".headerlink",
    ".ht-live-status",
    # The home page's link to this very edition.
    f"p:has(> a[href*='{PDF_FOLDER}/hearts-teach-'][href$='.pdf'])",
)
FOOTER = (
    '<div style="width:100%;font-size:8pt;text-align:center;'
    "font-family:'DejaVu Sans',sans-serif;color:#333\">"
    '<span class="pageNumber"></span></div>'
)


class PrintError(Exception):
    """The printed edition could not be made as it must be."""


def chapters(lang: str) -> list[str]:
    """The pages of one language's half, in the order of the table of contents."""
    toc = yaml.safe_load(TOC.read_text(encoding="utf-8"))
    files = [toc["root"]] + [
        chapter["file"] for part in toc["parts"] for chapter in part["chapters"]
    ]
    return [f for f in dict.fromkeys(files) if f.startswith(f"book/{lang}/")]


def anchor(page: str, fragment: str = "") -> str:
    """The id a chapter's element takes in the single document (ids stay unique)."""
    name = page.rsplit("/", 1)[-1]
    return f"ch-{name}" + (f"--{fragment}" if fragment else "")


def _address(href: str, page: str) -> str:
    """A link's address from the site's root (the book's pages link relatively)."""
    return _from_root(urlparse(urljoin(HOST + page + ".html", href)))


def _from_root(url: ParseResult) -> str:
    return url._replace(scheme="", netloc="").geturl()[1:]


def chapter_article(site: Path, page: str, pages: set[str], lang: str) -> tuple[str, Tag]:
    """A chapter's title and its article, made for paper."""
    soup = BeautifulSoup((site / f"{page}.html").read_text(encoding="utf-8"), "html.parser")
    article = soup.select_one("article.bd-article")
    if article is None:
        raise PrintError(f"{page}.html has no article")
    for link in article.select("p.ht-live-link"):
        target = link.find("a")
        if not isinstance(target, Tag):
            continue
        address = _address(str(target["href"]), page)
        link.replace_with(_printed_address(soup, WORDS[lang]["address"], address))
    for element in article.select(", ".join(ELSEWHERE)):
        element.replace_with(_printed_address(soup, WORDS[lang]["elsewhere"], f"{page}.html"))
    for selector in DROPPED:
        for element in article.select(selector):
            element.decompose()
    # A guided deal's slot stays as its picture (the print stylesheet hides the slots).
    for slot in article.select(".ht-live"):
        slot.unwrap()
    for element in article.select("[id]"):
        element["id"] = anchor(page, str(element["id"]))
    for link in article.select("a[href]"):
        _relink(link, page, pages)
    heading = article.find("h1")
    if not isinstance(heading, Tag):
        raise PrintError(f"{page}.html has no title")
    title = re.sub(r"[ \t\r\n]+", " ", heading.get_text()).strip()  # not the narrow spaces
    section = soup.new_tag("section", attrs={"class": "ht-print-chapter", "id": anchor(page)})
    section["lang"] = lang
    for child in list(article.children):
        section.append(child.extract())
    return title, section


def _printed_address(soup: BeautifulSoup, words: str, address: str) -> Tag:
    """A line of the printed page: what is at an address of the site, and the address."""
    printed = soup.new_tag("p", attrs={"class": "ht-print-address"})
    printed.append(words + " ")
    code = soup.new_tag("span", attrs={"class": "ht-print-url"})
    code.string = address
    printed.append(code)
    return printed


def _relink(link: Tag, page: str, pages: set[str]) -> None:
    """Links between the book's chapters become links inside the document; links to
    the site's other files are written from the site's root, without the made-up host."""
    href = str(link["href"])
    if href.startswith("#"):
        link["href"] = "#" + anchor(page, href[1:])
        return
    if urlparse(href).scheme in ("http", "https", "mailto"):
        return
    target = urlparse(urljoin(HOST + page + ".html", href))
    path = unquote(target.path)[1:]
    if path.endswith(".html") and path[: -len(".html")] in pages:
        link["href"] = "#" + anchor(path[: -len(".html")], target.fragment)
    else:
        link["href"] = _from_root(target)


@dataclass(frozen=True)
class Document:
    """The single document of one language, read once; ``html`` writes it with the
    contents' page numbers (or a stand-in of the same width before they are known)."""

    lang: str
    pages: list[str]
    titles: list[str]
    head: str
    name: str
    chapters: str

    def html(self, numbers: dict[str, int] | None) -> str:
        words = WORDS[self.lang]
        rows = "".join(
            f'<li><a href="#{anchor(page)}"><span class="ht-print-toc-title">{html.escape(title)}'
            f'</span><span class="ht-print-toc-page">'
            f"{numbers[page] if numbers else '000'}</span></a></li>"
            for page, title in zip(self.pages, self.titles, strict=True)
        )
        return (
            f'<!DOCTYPE html><html lang="{self.lang}"><head>{self.head}</head>'
            f'<body class="ht-print"><section class="ht-print-title">'
            f'<p class="ht-print-book">{html.escape(self.name)}</p>'
            f'<p class="ht-print-edition">{html.escape(words["edition"])}</p>'
            f'<p class="ht-print-note">{html.escape(words["addresses"])}</p></section>'
            f'<nav class="ht-print-toc" aria-labelledby="ht-print-toc-heading">'
            f'<h1 id="ht-print-toc-heading">{html.escape(words["contents"])}</h1>'
            f"<ol>{rows}</ol></nav>{self.chapters}</body></html>"
        )


def document(site: Path, lang: str) -> Document:
    """One language's chapters read from the built site, and the first page's head
    (the site's stylesheets) without its scripts."""
    pages = chapters(lang)
    first = BeautifulSoup((site / f"{pages[0]}.html").read_text(encoding="utf-8"), "html.parser")
    head = first.find("head")
    assert isinstance(head, Tag)
    for element in head.select("script, noscript, link[rel='preload'], link[rel='alternate']"):
        element.decompose()
    for comment in head.find_all(string=lambda node: isinstance(node, Comment)):
        comment.extract()
    articles = [chapter_article(site, page, set(pages), lang) for page in pages]
    book_title = first.find("title")
    name = book_title.get_text().split("—")[-1].strip() if isinstance(book_title, Tag) else ""
    return Document(
        lang,
        pages,
        [title for title, _ in articles],
        "".join(str(c) for c in head.contents),
        name,
        "".join(str(section) for _, section in articles),
    )


def _serve(site: Path, outside: list[str], printed: dict[str, str]) -> Any:
    """The route handler: the document being printed (``printed``, by address), the
    site's files for the made-up host, nothing elsewhere."""

    def handle(route: Any) -> None:
        url = urlparse(route.request.url)
        if route.request.url in printed:
            kind = "text/html; charset=utf-8"
            route.fulfill(status=200, body=printed[route.request.url], content_type=kind)
            return
        if route.request.url.startswith(HOST):
            path = (site / unquote(url.path)[1:]).resolve()
            if path.is_file() and site.resolve() in path.parents:
                kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
                route.fulfill(status=200, body=path.read_bytes(), content_type=kind)
                return
            route.fulfill(status=404, body="")
            return
        if url.scheme not in ("data", "blob", "about"):
            outside.append(route.request.url)
        route.abort()

    return handle


def first_pages(pdf: bytes, pages: list[str]) -> dict[str, int]:
    """The page (from 1) on which each chapter starts, from chromium's named destinations."""
    reader = PdfReader(io.BytesIO(pdf))
    found = {}
    for name, destination in reader.named_destinations.items():
        number = reader.get_destination_page_number(destination)
        if number is not None:
            found[str(name).lstrip("/")] = number + 1
    missing = [page for page in pages if anchor(page) not in found]
    if missing:
        raise PrintError(f"no destination for {missing} in the first print")
    return {page: found[anchor(page)] for page in pages}


def print_edition(site: Path, lang: str, browser: Any) -> Path:
    """Print one language's edition twice (the second with the contents' page numbers)."""
    pages = chapters(lang)
    outside: list[str] = []
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    printed: dict[str, str] = {}
    page.route("**/*", _serve(site, outside, printed))
    page.emulate_media(media="print")
    page.set_viewport_size({"width": PRINT_WIDTH_PX, "height": 1000})
    numbers: dict[str, int] | None = None
    output = site / PDF_FOLDER / f"hearts-teach-{lang}.pdf"
    edition = document(site, lang)
    for _ in range(2):
        text = edition.html(numbers)
        url = HOST + f"book/{lang}/{DOCUMENT}"
        printed[url] = text
        page.goto(url, wait_until="load")
        page.evaluate("document.fonts.ready")
        _check_width(page, lang)
        pdf = page.pdf(
            format="A4",
            print_background=True,
            display_header_footer=True,
            header_template="<span></span>",
            footer_template=FOOTER,
            margin=MARGIN,
            outline=True,
            tagged=True,
        )
        found = first_pages(pdf, pages)
        if numbers == found:
            break
        numbers = found
    else:
        raise PrintError(f"{lang}: the contents' page numbers do not settle")
    context.close()
    if outside:
        raise PrintError(f"{lang}: the printed page asked outside the site: {outside}")
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_bytes(pdf)
    return output


def _check_width(page: Any, lang: str) -> None:
    """Nothing wider than the printed line (a wider element would be cut at the edge)."""
    wide = page.evaluate(
        """(width) => [...document.querySelectorAll('body *')]
            .filter(e => e.getBoundingClientRect().right > width + 1)
            .filter(e => !e.closest('.ht-print-chapter pre'))
            .slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' +
                Math.round(e.getBoundingClientRect().right))""",
        PRINT_WIDTH_PX,
    )
    if wide:
        raise PrintError(f"{lang}: wider than the page: {wide}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="the built site (_build/html)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    start = time.monotonic()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            for lang in LANGS:
                made = print_edition(args.site, lang, browser)
                print(f"pdf: {made} ({made.stat().st_size // 1024} KB)")
        except PrintError as error:
            print(f"pdf: {error}", file=sys.stderr)
            return 1
        finally:
            browser.close()
    print(f"pdf: printed in {time.monotonic() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
