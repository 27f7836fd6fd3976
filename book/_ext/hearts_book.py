"""Sphinx extension that makes one Jupyter Book build bilingual.

Sphinx has one ``language`` per project; this book has an English and a French half
(``book/en`` and ``book/fr``, mirrored file names). For each page this extension:

- sets ``<html lang>`` from the folder the page lives in;
- switches the theme's own words (search box, buttons, "On this page"...) to the
  page's language, by swapping the gettext catalogs before the page is rendered;
- keeps only the page's half of the book in the sidebar (the page itself included, with
  its "current" marks) and sends the logo link to the page's own welcome page;
- puts a link to the twin page (same file name, other language) at the top;
- gives each half its own search page (``book/<lang>/search.html``) that searches that
  half only, in its language (hearts_search.py), with a search box labelled in it;
- writes the site's root page, where the reader chooses a language, and a root search
  page that leads to both halves' (Sphinx's would search both halves in English);
- sets French typography on the French pages (narrow no-break spaces before : ; ! ?
  and inside « », by the engine's own pass) once they are written;
- loads each script once (Sphinx repeats some inline scripts added late) and refuses
  sphinx-thebe, a Jupyter Book default whose script names a CDN (_config.yml leaves it
  out of the extensions);
- serves the pinned ipywidgets HTML manager from the site itself, so the static
  pages make no request to another host;
- loads the script that makes the pages' playable slots live (``live/live.js``: the
  guided deals, the playground and the teachers' tools run on Python in the reader's
  browser, from the site's ``lite/`` folder that ``book/lite/build_site.py`` builds).
"""

from __future__ import annotations

import gettext
import re
import shutil
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup
from hearts_search import SEARCH_STATIC, search_page_context, write_search_files
from sphinx.application import Sphinx
from sphinx.errors import ConfigError
from sphinx.locale import translators

from hearts_teach.i18n import typeset

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
# Each half's search page (Sphinx's own search.html at the root is replaced by a page
# that leads to both).
SEARCH_PAGE = {"en": "book/en/search", "fr": "book/fr/search"}
SEARCH_TEMPLATE = "ht-search.html"
TEMPLATES = Path(__file__).parent / "templates"
# The search box's placeholder and accessible name (the theme has one for the whole site).
SEARCH_BAR_TEXT = {"en": "Search this book…", "fr": "Rechercher dans ce livre…"}
# The site's own stylesheet (the teachers' tab labels), relative to _static.
SITE_CSS = "ht-site/site.css"
# Extensions this site must not load: sphinx-thebe (a Jupyter Book default) writes a
# script naming unpkg.com into every page, even with launch_buttons.thebe off.
REFUSED_EXTENSIONS = ("sphinx_thebe",)
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
    refused = [name for name in REFUSED_EXTENSIONS if name in config.extensions]
    if refused:
        raise ConfigError(
            f"{', '.join(refused)} must not be loaded (its script names another host): "
            "list the extensions in _config.yml's sphinx.config.extensions without it"
        )
    pages = dict(config.html_additional_pages)
    for page in SEARCH_PAGE.values():
        pages[page] = SEARCH_TEMPLATE
    config.html_additional_pages = pages
    config.templates_path = [*config.templates_path, str(TEMPLATES)]


def _search_page_language(pagename: str) -> str | None:
    for lang, page in SEARCH_PAGE.items():
        if pagename == page:
            return lang
    return None


def _add_search_scripts(app: Sphinx, context: dict[str, Any], lang: str) -> None:
    """On a search page: the half's index and language data (the template loads them),
    the summaries from the page's article, and for French the search script's messages
    (Sphinx ships them, but only for the project's language)."""
    context.update(search_page_context(lang))
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


def _script_key(script: Any) -> tuple[str, tuple[tuple[str, str], ...]]:
    """What a script tag shows: its file (None and "" both mean an inline script) and
    its attributes, the inline body included."""
    attributes = getattr(script, "attributes", {})
    filename = getattr(script, "filename", script) or ""
    return str(filename), tuple(sorted(attributes.items()))


def _localized_scripts(scripts: list[Any], lang: str) -> list[Any]:
    """Each script once (an inline script added after the builder starts, such as
    sphinx-togglebutton's selector, is listed twice), and sphinx-togglebutton's hint,
    written once for the whole site, rewritten in the page's language."""
    show, hide = TOGGLE_HINTS[lang]
    replaced = []
    seen = set()
    for script in scripts:
        key = _script_key(script)
        if key in seen:
            continue
        seen.add(key)
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
        _add_search_scripts(app, context, search_lang)
    context["language"] = lang
    context["theme_search_bar_text"] = SEARCH_BAR_TEXT[lang]
    context["root_doc"] = HOME[lang]
    context["docstitle"] = SITE_TITLE[lang]
    if search_lang is not None:
        # The search page's template puts it above the search box.
        context["ht_twin"] = _twin_html(context, pagename, lang)
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


def _keep_own_half(html: str, lang: str, pagename: str = "") -> str:
    """Drop the other language's caption and chapter list from a sidebar fragment, and the
    half's welcome page, which is the home link above the list. The page being read stays
    in the list, with its "current" marks (on its welcome page, the home link has them)."""
    other = "fr" if lang == "en" else "en"
    soup = BeautifulSoup(html, "html.parser")
    for caption in soup.select("p.caption"):
        if caption.get_text(strip=True) == PART_CAPTION[other]:
            chapters = caption.find_next_sibling("ul")
            if chapters is not None:
                chapters.decompose()
            caption.decompose()
    # Each half's welcome page is the home link above the list (home_page_in_toc), so it
    # is not listed a second time; on the welcome page itself, its entry links to "#".
    own_welcome = pagename == HOME[lang]
    for link in soup.select("li.toctree-l1 > a"):
        href = str(link.get("href", ""))
        if href.split("#")[0] in ("index.html", f"../{lang}/index.html") or (
            own_welcome and href == "#"
        ):
            item = link.parent
            if item is not None:
                item.decompose()
    return str(soup)


def _on_page_context_late(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    lang = page_language(pagename) or "en"
    if "script_files" in context:
        # Late, once the other extensions have added this page's scripts; in place:
        # Sphinx and myst-nb keep adding them to the same list.
        context["script_files"][:] = _localized_scripts(list(context["script_files"]), lang)
    original: Callable[..., str] | None = context.get("generate_toctree_html")
    if original is None:
        return

    def own_half_only(*args: Any, **kwargs: Any) -> str:
        return _keep_own_half(str(original(*args, **kwargs)), lang, pagename)

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
    ">Show code cell source<": ">Afficher le code<",
    ">Hide code cell source<": ">Masquer le code<",
    ">Show code cell outputs<": ">Afficher les résultats<",
    ">Hide code cell outputs<": ">Masquer les résultats<",
    ">Show code cell content<": ">Afficher la cellule<",
    ">Hide code cell content<": ">Masquer la cellule<",
}


# French typography on the French pages, by the engine's one pass (hearts_teach.i18n's
# typeset: a narrow no-break space before : ; ! ? » and after «), set at build time on
# what a reader reads: the text between tags, and the alt, title, aria-label and
# placeholder attributes. Code, scripts, styles and comments are left as they are, and
# so are URLs and every other attribute.
_UNTOUCHED = re.compile(
    r"(<(script|style|pre|code|kbd|samp|textarea)\b.*?</\2\s*>|<!--.*?-->|<[^>]*>)",
    re.DOTALL | re.IGNORECASE,
)
_READ_ATTRIBUTES = re.compile(r'(\s(?:alt|title|aria-label|placeholder)=")([^"]*)(")')


def typeset_french_html(html: str) -> str:
    """The French typography set on the reader's text of an HTML page."""
    parts = _UNTOUCHED.split(html)
    out = []
    # split() gives text, then the two groups of each match (the whole match, the tag name)
    for index in range(0, len(parts), 3):
        out.append(typeset(parts[index], "fr"))
        if index + 1 < len(parts):
            whole = parts[index + 1]
            if whole.startswith("<") and parts[index + 2] is None and not whole.startswith("<!"):
                whole = _READ_ATTRIBUTES.sub(
                    lambda m: m.group(1) + typeset(m.group(2), "fr") + m.group(3), whole
                )
            out.append(whole)
    return "".join(out)


# What axe-core (WCAG 2.x A/AA, tests/browser/test_a11y.py) finds in the themes' markup,
# set right on every page once it is written:
# - the search buttons and myst-nb's fold over a hidden code cell carry an aria-label
#   ("Search", "Toggle hidden content") that does not contain their visible words
#   ("Search Ctrl+K", "Show code cell source"): WCAG 2.5.3 wants the visible label in the
#   name, so they are named by what they show;
# - docutils marks each bibliography entry with the deprecated role doc-biblioentry,
#   inside a role="list": each entry is a list item.
_A11Y_FIXES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r'(<button class="btn search-button-field[^"]*"[^>]*?) aria-label="[^"]*"'), r"\1"),
    (re.compile(r'<summary aria-label="[^"]*">'), "<summary>"),
    (re.compile(r'role="doc-biblioentry"'), 'role="listitem"'),
)


def accessible_html(html: str) -> str:
    """A built page with the themes' markup that fails WCAG A/AA set right (above)."""
    for pattern, replacement in _A11Y_FIXES:
        html = pattern.sub(replacement, html)
    return html


def _fix_accessibility(outdir: Path) -> None:
    for page in (outdir / "book").rglob("*.html"):
        content = page.read_text(encoding="utf-8")
        fixed = accessible_html(content)
        if fixed != content:
            page.write_text(fixed, encoding="utf-8")


def _fix_french_pages(outdir: Path) -> None:
    for page in (outdir / "book" / "fr").rglob("*.html"):
        content = page.read_text(encoding="utf-8")
        fixed = content
        for english, french in FRENCH_FIXES.items():
            fixed = fixed.replace(english, french)
        fixed = typeset_french_html(fixed)
        if fixed != content:
            page.write_text(fixed, encoding="utf-8")


# The theme loads Font Awesome's script (1.5 MB) "so that users can add custom icons";
# its stylesheet already draws every icon the pages use, from the webfont. The script
# only competes with a page's playable slot for the reader's processor.
ICON_SCRIPT = re.compile(
    r'\s*<script defer src="[^"]*_static/scripts/fontawesome\.js[^"]*"></script>'
)


def _drop_icon_script(outdir: Path) -> None:
    for page in outdir.rglob("*.html"):
        if "lite" in page.relative_to(outdir).parts[:1]:
            continue
        content = page.read_text(encoding="utf-8")
        fixed = ICON_SCRIPT.sub("", content)
        if fixed != content:
            page.write_text(fixed, encoding="utf-8")


def _on_build_finished(app: Sphinx, error: Exception | None) -> None:
    if error is not None or app.builder.format != "html":
        return
    _fix_accessibility(Path(app.outdir))
    _fix_french_pages(Path(app.outdir))
    _drop_icon_script(Path(app.outdir))
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
    shutil.copytree(LIVE_SOURCES, Path(app.outdir) / "_static" / LIVE_STATIC, dirs_exist_ok=True)
    site_css = Path(app.outdir) / "_static" / SITE_CSS
    site_css.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(Path(__file__).parent / "hearts_book.css", site_css)
    write_search_files(app)
    _write_root_pages(Path(app.outdir))


# The root of the site: the reader chooses a language (no script, no outside request).
ROOT_WORDS = {
    "fr": {
        "intro": "Les règles, les variantes et leur histoire, avec des donnes à jouer.",
        "read": "Lire le livre en français",
        "search_title": "Recherche",
        "search_label": "Rechercher dans le livre en français",
        "search_button": "Rechercher",
    },
    "en": {
        "intro": "The rules, the variants and their history, with deals to play.",
        "read": "Read the book in English",
        "search_title": "Search",
        "search_label": "Search the book in English",
        "search_button": "Search",
    },
}
ROOT_ORDER = ("fr", "en")
ROOT_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:0 auto;max-width:44rem;padding:2rem 1rem;"
    "line-height:1.5}section{margin:0 0 2.5rem}h1{font-size:1.6rem;margin:0 0 .5rem}"
    "a{font-size:1.15rem}label{display:block;margin:0 0 .25rem}"
)


def _root_document(title: str, sections: list[str]) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{ROOT_ORDER[0]}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n"
        + "".join(
            f'<link rel="alternate" hreflang="{lang}" href="{HOME[lang]}.html">\n'
            for lang in ROOT_ORDER
        )
        + f"<style>{ROOT_STYLE}</style>\n</head>\n<body>\n<main>\n"
        + "\n".join(sections)
        + "\n</main>\n</body>\n</html>\n"
    )


def _root_index() -> str:
    sections = [
        f'<section lang="{lang}">\n<h1>{escape(SITE_TITLE[lang])}</h1>\n'
        f"<p>{escape(ROOT_WORDS[lang]['intro'])}</p>\n"
        f'<p><a href="{HOME[lang]}.html" hreflang="{lang}">{escape(ROOT_WORDS[lang]["read"])}</a>'
        "</p>\n</section>"
        for lang in ROOT_ORDER
    ]
    return _root_document(" · ".join(SITE_TITLE[lang] for lang in ROOT_ORDER), sections)


def _root_search() -> str:
    """Sphinx's root search page would search both halves with English words: this one
    sends the query to the search page of the half the reader chooses."""
    sections = []
    for lang in ROOT_ORDER:
        words = ROOT_WORDS[lang]
        sections.append(
            f'<section lang="{lang}">\n<h1>{escape(words["search_title"])}</h1>\n'
            f'<form action="{SEARCH_PAGE[lang]}.html" method="get" role="search">\n'
            f'<label for="q-{lang}">{escape(words["search_label"])}</label>\n'
            f'<input id="q-{lang}" type="search" name="q" '
            f'placeholder="{escape(SEARCH_BAR_TEXT[lang])}">\n'
            f'<button type="submit">{escape(words["search_button"])}</button>\n'
            f'</form>\n<p><a href="{HOME[lang]}.html" hreflang="{lang}">'
            f"{escape(ROOT_WORDS[lang]['read'])}</a></p>\n</section>"
        )
    title = " · ".join(ROOT_WORDS[lang]["search_title"] for lang in ROOT_ORDER)
    return _root_document(title, sections)


def _write_root_pages(outdir: Path) -> None:
    (outdir / "index.html").write_text(_root_index(), encoding="utf-8")
    (outdir / "search.html").write_text(_root_search(), encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    import hearts_bib

    hearts_bib.register()
    # Not deferred: a page's first playable slot starts its frame as soon as the slot is
    # read (book/_ext/live/live.js), while the rest of the page still loads.
    app.add_js_file(f"{LIVE_STATIC}/live.js")
    app.add_css_file(f"{LIVE_STATIC}/live.css")
    app.add_css_file(SITE_CSS)
    app.connect("config-inited", _on_config_inited)
    app.connect("builder-inited", _on_builder_inited)
    app.connect("doctree-resolved", _on_doctree_resolved)
    app.connect("html-page-context", _on_page_context_early, priority=100)
    app.connect("html-page-context", _on_page_context_late, priority=900)
    app.connect("build-finished", _on_build_finished)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": False}
