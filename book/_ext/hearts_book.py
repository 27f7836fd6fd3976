"""Sphinx extension that makes one Jupyter Book build bilingual.

Sphinx has one ``language`` per project; this book has an English and a French half
(``book/en`` and ``book/fr``, mirrored file names). For each page this extension:

- sets ``<html lang>`` from the folder the page lives in;
- switches the theme's own words (search box, buttons, "On this page"...) to the
  page's language, by swapping the gettext catalogs before the page is rendered;
- keeps only the page's half of the book in the sidebar and sends the logo link to
  the page's own welcome page;
- puts a link to the twin page (same file name, other language) at the top;
- gives each half its own search page (``book/<lang>/search.html``; the French one
  with Sphinx's French words for the search script), where that half's pages rank first;
- serves the pinned ipywidgets HTML manager from the site itself, so the static
  pages make no request to another host;
- loads the script that makes the pages' playable slots live (``live/live.js``: the
  guided deals, the playground and the teachers' tools run on Python in the reader's
  browser, from the site's ``lite/`` folder that ``book/lite/build_site.py`` builds).
"""

from __future__ import annotations

import gettext
import shutil
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup
from sphinx.application import Sphinx
from sphinx.locale import translators

LANGS = ("en", "fr")
HOME = {"en": "book/en/index", "fr": "book/fr/index"}
SITE_TITLE = {"en": "Hearts and its variants", "fr": "Les Cœurs et leurs variantes"}
# The sidebar caption of each half of the book, as written in _toc.yml.
PART_CAPTION = {"en": "Hearts, in English", "fr": "Les Cœurs, en français"}
TWIN_LINK = {
    "en": ("Cette page en français", "fr"),
    "fr": ("This page in English", "en"),
}
TWIN_NAV_LABEL = {"en": "Language", "fr": "Langue"}
TOGGLE_HINTS = {
    "en": ("Click to show", "Click to hide"),
    "fr": ("Cliquer pour afficher", "Cliquer pour masquer"),
}
# Where the widget manager is copied, relative to the site's _static folder.
WIDGETS_JS = "ht-widgets/embed.js"
HTML_MANAGER_DIST = Path("node_modules/@jupyter-widgets/html-manager/dist")
CATALOGS = ("sphinx", "booktheme")
# Each half's search page (Sphinx's own search.html at the root stays, unlinked).
SEARCH_PAGE = {"en": "book/en/search", "fr": "book/fr/search"}
SEARCH_STATIC = "ht-search"
# The playable slots' script and style, relative to _static.
LIVE_STATIC = "ht-live"
LIVE_SOURCES = Path(__file__).parent / "live"


def page_language(pagename: str) -> str | None:
    """The language of a page, from its folder; None for pages outside the two halves."""
    for lang in LANGS:
        if pagename.startswith(f"book/{lang}/"):
            return lang
    return None


def twin_page(pagename: str) -> str | None:
    lang = page_language(pagename)
    if lang is None:
        return None
    other = "fr" if lang == "en" else "en"
    return f"book/{other}/" + pagename[len(f"book/{lang}/") :]


def _theme_locale_dirs() -> dict[str, list[Path]]:
    """Folders holding each catalog: Sphinx's own, the pydata theme's, the book theme's."""
    import pydata_sphinx_theme
    import sphinx
    import sphinx_book_theme

    return {
        "sphinx": [
            Path(sphinx.__file__).parent / "locale",
            Path(pydata_sphinx_theme.__file__).parent / "locale",
        ],
        "booktheme": [
            Path(sphinx_book_theme.__file__).parent / "theme/sphinx_book_theme/static/locales"
        ],
    }


def _load_translations(lang: str) -> dict[str, gettext.NullTranslations]:
    result: dict[str, gettext.NullTranslations] = {}
    for catalog, folders in _theme_locale_dirs().items():
        merged: gettext.NullTranslations | None = None
        for folder in folders:
            found = gettext.translation(catalog, str(folder), languages=[lang], fallback=True)
            if merged is None:
                merged = found
            else:
                merged.add_fallback(found)
        result[catalog] = merged or gettext.NullTranslations()
    return result


class _LanguageSwitch:
    def __init__(self) -> None:
        self.translations: dict[str, dict[str, gettext.NullTranslations]] = {}

    def prepare(self, app: Sphinx) -> None:
        # English keeps what Sphinx loaded for the project's language; French is loaded here.
        self.translations["en"] = {
            catalog: translators.get(("general", catalog), gettext.NullTranslations())
            for catalog in CATALOGS
        }
        self.translations["fr"] = _load_translations("fr")

    def apply(self, app: Sphinx, lang: str) -> None:
        chosen = self.translations[lang]
        for catalog in CATALOGS:
            translators["general", catalog] = chosen[catalog]
        templates = getattr(app.builder, "templates", None)
        environment = getattr(templates, "environment", None)
        if environment is not None:
            environment.install_gettext_translations(chosen["sphinx"], newstyle=False)


_SWITCH = _LanguageSwitch()


def _on_builder_inited(app: Sphinx) -> None:
    _SWITCH.prepare(app)


def _on_config_inited(app: Sphinx, config: Any) -> None:
    pages = dict(config.html_additional_pages)
    for page in SEARCH_PAGE.values():
        pages[page] = "search.html"
    config.html_additional_pages = pages


def _search_page_language(pagename: str) -> str | None:
    for lang, page in SEARCH_PAGE.items():
        if pagename == page:
            return lang
    return None


def _add_search_scripts(app: Sphinx, lang: str) -> None:
    """On a search page: the scorer that ranks the page's own half first, the summaries
    without the twin link, and for French the search script's words (Sphinx ships them,
    but only for the project's language)."""
    app.add_js_file(f"{SEARCH_STATIC}/scorer.js", priority=210)
    app.add_js_file(f"{SEARCH_STATIC}/snippets.js", defer="defer")
    if lang == "fr":
        app.add_js_file(f"{SEARCH_STATIC}/translations-fr.js", priority=210)


def _localized_pathto(pathto: Callable[..., str], lang: str) -> Callable[..., str]:
    """pathto() whose "search" is the page's own half's search page."""

    def localized(name: str, *args: Any, **kwargs: Any) -> str:
        if name == "search":
            name = SEARCH_PAGE[lang]
        return pathto(name, *args, **kwargs)

    return localized


def _twin_html(context: dict[str, Any], pagename: str, lang: str) -> str:
    twin = twin_page(pagename)
    assert twin is not None
    label, other = TWIN_LINK[lang]
    href = context["pathto"](twin)
    return (
        f'<nav class="ht-twin" aria-label="{escape(TWIN_NAV_LABEL[lang])}">'
        f'<a class="ht-twin-link" href="{escape(href)}" hreflang="{other}" lang="{other}" '
        f'rel="alternate">{escape(label)}</a></nav>'
    )


def _localized_scripts(scripts: list[Any], lang: str) -> list[Any]:
    """sphinx-togglebutton writes its hint once for the whole site: rewrite it per page."""
    show, hide = TOGGLE_HINTS[lang]
    replaced = []
    for script in scripts:
        body = getattr(script, "attributes", {}).get("body", "")
        if body.startswith("let toggleHintShow ="):
            script = type(script)(
                None, priority=script.priority, body=f"let toggleHintShow = '{show}';"
            )
        elif body.startswith("let toggleHintHide ="):
            script = type(script)(
                None, priority=script.priority, body=f"let toggleHintHide = '{hide}';"
            )
        replaced.append(script)
    return replaced


def _on_doctree_resolved(app: Sphinx, doctree: Any, docname: str) -> None:
    # The page body is written (with words such as "Link to this heading") before
    # html-page-context fires: switch the language already here.
    _SWITCH.apply(app, page_language(docname) or "en")


def _on_page_context_early(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    lang = page_language(pagename) or "en"
    _SWITCH.apply(app, lang)
    if "pathto" in context:
        context["pathto"] = _localized_pathto(context["pathto"], lang)
    search_lang = _search_page_language(pagename)
    if search_lang is not None:
        _add_search_scripts(app, search_lang)
    context["language"] = lang
    context["root_doc"] = HOME[lang]
    context["docstitle"] = SITE_TITLE[lang]
    if page_language(pagename) is not None and "body" in context:
        context["body"] = _twin_html(context, pagename, lang) + context["body"]
        twin = twin_page(pagename)
        other = TWIN_LINK[lang][1]
        context["metatags"] = context.get("metatags", "") + (
            f'\n<link rel="alternate" hreflang="{other}" href="{context["pathto"](twin)}" />'
        )
    # Previous/next links never cross into the other half of the book.
    other = "fr" if lang == "en" else "en"
    for key in ("prev", "next"):
        neighbour = context.get(key)
        if neighbour and f"{other}/" in str(neighbour.get("link", "")):
            context[key] = None
    if "script_files" in context:
        # In place: Sphinx and myst-nb keep adding this page's scripts to the same list.
        context["script_files"][:] = _localized_scripts(list(context["script_files"]), lang)


def _keep_own_half(html: str, lang: str) -> str:
    """Drop the other language's caption and chapter list from a sidebar fragment."""
    other = "fr" if lang == "en" else "en"
    soup = BeautifulSoup(html, "html.parser")
    for caption in soup.select("p.caption"):
        if caption.get_text(strip=True) == PART_CAPTION[other]:
            chapters = caption.find_next_sibling("ul")
            if chapters is not None:
                chapters.decompose()
            caption.decompose()
    # Each half's welcome page is the home link above the list (home_page_in_toc), so it
    # is not listed a second time.
    for link in soup.select("li.toctree-l1 > a"):
        href = str(link.get("href", ""))
        if href.split("#")[0] in ("index.html", f"../{lang}/index.html") or (
            href == "#" and "current" in (link.get("class") or [])
        ):
            item = link.parent
            if item is not None:
                item.decompose()
    return str(soup)


def _on_page_context_late(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    lang = page_language(pagename) or "en"
    original: Callable[..., str] | None = context.get("generate_toctree_html")
    if original is None:
        return

    def own_half_only(*args: Any, **kwargs: Any) -> str:
        return _keep_own_half(str(original(*args, **kwargs)), lang)

    context["generate_toctree_html"] = own_half_only
    context["root_title"] = SITE_TITLE[lang]


# Words the themes write without a translation: replaced in the French pages.
FRENCH_FIXES = {
    'aria-label="Main"': 'aria-label="Principale"',
    'title="Toggle primary sidebar"': 'title="Afficher ou masquer la navigation"',
    'title="Toggle secondary sidebar"': 'title="Afficher ou masquer le sommaire de la page"',
    'aria-label="Toggle primary sidebar"': 'aria-label="Afficher ou masquer la navigation"',
    'aria-label="Toggle secondary sidebar"': (
        'aria-label="Afficher ou masquer le sommaire de la page"'
    ),
    'title="Link to this heading"': 'title="Lien vers ce titre"',
    'aria-label="Page"': 'aria-label="Sommaire de la page"',
}


def _fix_french_pages(outdir: Path) -> None:
    for page in (outdir / "book" / "fr").rglob("*.html"):
        content = page.read_text(encoding="utf-8")
        fixed = content
        for english, french in FRENCH_FIXES.items():
            fixed = fixed.replace(english, french)
        if fixed != content:
            page.write_text(fixed, encoding="utf-8")


def _on_build_finished(app: Sphinx, error: Exception | None) -> None:
    if error is not None or app.builder.format != "html":
        return
    _fix_french_pages(Path(app.outdir))
    source = Path(app.srcdir) / HTML_MANAGER_DIST
    if not (source / "embed.js").exists():
        raise FileNotFoundError(
            f"{source / 'embed.js'} is missing: run `npm ci` (make book does) so the widget "
            "manager is served with the site"
        )
    target = Path(app.outdir) / "_static" / Path(WIDGETS_JS).parent
    target.mkdir(parents=True, exist_ok=True)
    # embed.js loads its icon fonts from its own folder; the AMD bundles are not needed.
    for item in source.iterdir():
        if item.suffix != ".js" or item.name == "embed.js":
            shutil.copy2(item, target / item.name)
    _copy_search_scripts(Path(app.outdir) / "_static" / SEARCH_STATIC)
    shutil.copytree(LIVE_SOURCES, Path(app.outdir) / "_static" / LIVE_STATIC, dirs_exist_ok=True)


def _copy_search_scripts(target: Path) -> None:
    import sphinx

    target.mkdir(parents=True, exist_ok=True)
    french = Path(sphinx.__file__).parent / "locale/fr/LC_MESSAGES/sphinx.js"
    shutil.copy2(french, target / "translations-fr.js")
    shutil.copy2(Path(__file__).parent / "search_scorer.js", target / "scorer.js")
    shutil.copy2(Path(__file__).parent / "search_snippets.js", target / "snippets.js")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_js_file(f"{LIVE_STATIC}/live.js", defer="defer")
    app.add_css_file(f"{LIVE_STATIC}/live.css")
    app.connect("config-inited", _on_config_inited)
    app.connect("builder-inited", _on_builder_inited)
    app.connect("doctree-resolved", _on_doctree_resolved)
    app.connect("html-page-context", _on_page_context_early, priority=100)
    app.connect("html-page-context", _on_page_context_late, priority=900)
    app.connect("build-finished", _on_build_finished)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": False}
