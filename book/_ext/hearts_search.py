"""Each half of the book searches its own pages only, in its own language.

Sphinx builds one search index for the whole project, in the project's language
(English here): a French query would list English pages and meet English stemming.
This module builds one more index per half, with Sphinx's own index builder fed with
that half's documents only, and writes it beside the half (``book/<lang>/searchindex.js``),
where that half's search page loads it:

- the English half: Sphinx's English words (stemmer and stop words);
- the French half: Sphinx's French words (``sphinx.search.fr``), with accents and
  ligatures folded before stemming, in the index as in the query (``fold`` here and
  ``search_fold.js`` in the browser do the same thing), so that « levee » finds
  « levée » and « coeur » finds « cœur ».

The French search page loads its own ``language_data`` (Sphinx's template, rendered with
the French words, the folding stemmer appended); the English one uses Sphinx's.
"""

from __future__ import annotations

import shutil
import unicodedata
from pathlib import Path
from typing import Any

import sphinx
from sphinx.application import Sphinx
from sphinx.search import IndexBuilder, SearchLanguage, js_index
from sphinx.search.en import SearchEnglish
from sphinx.search.fr import SearchFrench, french_stopwords
from sphinx.util import logging

HERE = Path(__file__).parent
# Where the search scripts go, relative to the site's _static folder.
SEARCH_STATIC = "ht-search"
# Each half's index, relative to the site's root.
INDEX_FILE = "book/{lang}/searchindex.js"
# The search scripts of each half's page, relative to _static (Sphinx's own for English).
LANGUAGE_DATA = {"en": "language_data.js", "fr": f"{SEARCH_STATIC}/language_data-fr.js"}
# Letters that Unicode does not decompose but a reader types as two.
LIGATURES = {"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE"}


def fold(text: str) -> str:
    """Plain letters: accents dropped, ligatures spelled out (« Cœur levé » → « Coeur leve »).
    search_fold.js does the same in the browser (NFKD, then no combining marks)."""
    for ligature, letters in LIGATURES.items():
        text = text.replace(ligature, letters)
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.category(c).startswith("M"))


class SearchFrenchFolded(SearchFrench):
    """Sphinx's French stemmer and stop words, on folded words."""

    stopwords = french_stopwords | {fold(word) for word in french_stopwords}

    def stem(self, word: str) -> str:
        stemmed: str = self.stemmer.stemWord(fold(word.lower()))
        return stemmed

    def word_filter(self, word: str) -> bool:
        """Sphinx's filter, on the folded word: « dès » and « là » are stop words too
        (the browser's list folds the query the same way: search_fold.js). A word that
        still has its accents is refused: Sphinx indexes a word as written when its stem
        is a stop word (« nés » → ne), and feed() indexes it folded already."""
        folded = fold(word.lower())
        return folded == word.lower() and super().word_filter(folded)


SEARCH_LANGUAGES: dict[str, type[SearchLanguage]] = {
    "en": SearchEnglish,
    "fr": SearchFrenchFolded,
}


class HalfIndex(IndexBuilder):
    """Sphinx's index builder for one half of the book. Sphinx's own keeps its words in
    the build environment; this one keeps its own, so the site-wide index is untouched."""

    _STORES = (
        "_titles",
        "_filenames",
        "_mapping",
        "_title_mapping",
        "_all_titles",
        "_index_entries",
        "_objtypes",
        "_objnames",
    )

    def __init__(self, app: Sphinx, lang: str) -> None:
        super().__init__(app.env, lang, {}, "")
        for store in self._STORES:
            if not isinstance(getattr(self, store, None), dict):
                raise RuntimeError(
                    f"Sphinx's IndexBuilder has no {store} any more: update {__file__}"
                )
            setattr(self, store, {})
        self.lang = SEARCH_LANGUAGES[lang]({})

    def feed(self, docname: str, filename: str, title: str, doctree: Any) -> None:
        """Sphinx's feed; in French, each word is also indexed whole (folded), so a
        query whose stem differs by the browser's stemmer (Sphinx's JavaScript French
        stemmer is older than Python's: « française » → francais, not franc) still finds
        the word, as a part of it."""
        super().feed(docname, filename, title, doctree)
        if not isinstance(self.lang, SearchFrenchFolded):
            return
        for word in self._word_collector(doctree).words:
            whole = fold(word.lower())
            if self.lang.word_filter(whole) and docname not in self._title_mapping.get(whole, ()):
                self._mapping.setdefault(whole, set()).add(docname)


def _half_documents(app: Sphinx, lang: str) -> list[str]:
    return sorted(d for d in app.env.found_docs if d.startswith(f"book/{lang}/"))


def build_half_index(app: Sphinx, lang: str) -> HalfIndex:
    """The index of one half, from the documents as the site shows them (resolved), with
    the titles Sphinx gives them; pages marked ``nosearch`` are left out, as Sphinx does."""
    env, builder = app.env, app.builder
    index = HalfIndex(app, lang)
    for docname in _half_documents(app, lang):
        metadata = env.metadata.get(docname, {})
        if "no-search" in metadata or "nosearch" in metadata:
            continue
        title_node = env.longtitles.get(docname)
        title = builder.render_partial(title_node)["title"] if title_node else ""
        if not title:
            continue
        # The page was resolved once already, to be written: its warnings were reported.
        with logging.suppress_logging():
            doctree = env.get_and_resolve_doctree(docname, builder)
        index.feed(docname, str(env.doc2path(docname, base=False)), title, doctree)
    return index


def _language_data(app: Sphinx, index: HalfIndex) -> str:
    """Sphinx's language_data.js for the index's language, then the folding stemmer."""
    static = Path(sphinx.__file__).parent / "themes" / "basic" / "static"
    template = next(
        static / name
        for name in ("language_data.js.jinja", "language_data.js_t")
        if (static / name).exists()
    )
    context = index.context_for_searchtool()
    rendered: str = app.builder.templates.render_string(
        template.read_text(encoding="utf-8"), context
    )
    return (
        rendered
        + "\nStemmer = htFoldingStemmer(Stemmer);\nstopwords = htFoldingStopwords(stopwords);\n"
    )


def write_search_files(app: Sphinx) -> None:
    """Each half's index, the French language data and the search page's scripts."""
    outdir = Path(app.outdir)
    static = outdir / "_static" / SEARCH_STATIC
    static.mkdir(parents=True, exist_ok=True)
    for lang in SEARCH_LANGUAGES:
        index = build_half_index(app, lang)
        target = outdir / INDEX_FILE.format(lang=lang)
        with target.open("w", encoding="utf-8") as stream:
            index.dump(stream, js_index)
        if lang == "fr":
            (outdir / "_static" / LANGUAGE_DATA[lang]).write_text(
                _language_data(app, index), encoding="utf-8"
            )
    # Sphinx's French messages of the search script ("Recherche terminée"...).
    french = Path(sphinx.__file__).parent / "locale" / "fr" / "LC_MESSAGES" / "sphinx.js"
    shutil.copy2(french, static / "translations-fr.js")
    shutil.copy2(HERE / "search_fold.js", static / "fold.js")
    shutil.copy2(HERE / "search_snippets.js", static / "snippets.js")


def search_page_context(lang: str) -> dict[str, Any]:
    """What the search page template (templates/ht-search.html) loads for a half."""
    return {
        "ht_search_language_data": f"_static/{LANGUAGE_DATA[lang]}",
        "ht_search_index": INDEX_FILE.format(lang=lang),
    }
