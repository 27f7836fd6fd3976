"""The bibliography's entries as each half of the book prints them (pybtex styles for
sphinxcontrib-bibtex): ``hearts_en`` and ``hearts_fr``.

An entry reads: who (author or site), the title, where it was published (publisher and
place, or the site), its edition or date, its address and the day it was read, then its
note: the sentences of the source that the book relies on, quoted. The French style uses
French words and dates; the quotations stay in the language of their source. Entries are
sorted by author, year and title, and numbered in that order, so that a number names the
same source in both halves.
"""

from __future__ import annotations

import re
from typing import Any

from pybtex.plugin import register_plugin
from pybtex.richtext import Text
from pybtex.style.formatting import BaseStyle, toplevel
from pybtex.style.template import field, href, join, names, optional, sentence, tag, words

MONTHS = {
    "en": [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ],
    "fr": [
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ],
}

WORDS = {
    "en": {"and": " and ", "read": "read on", "address": "Address:", "edition": "edition"},
    "fr": {"and": " et ", "read": "consulté le", "address": "Adresse :", "edition": "édition"},
}


def day(value: str, lang: str) -> str:
    """``2026-12-01`` as ``1 December 2026`` / ``1er décembre 2026`` (a month alone:
    ``November 2026`` / ``novembre 2026``)."""
    match = re.fullmatch(r"(\d{4})-(\d{2})(?:-(\d{2}))?", value.strip())
    if match is None:
        return value
    year, month, number = match.groups()
    name = MONTHS[lang][int(month) - 1]
    if number is None:
        return f"{name} {year}"
    count = int(number)
    shown = "1er" if lang == "fr" and count == 1 else str(count)
    return f"{shown} {name} {year}"


class _Style(BaseStyle):  # type: ignore[misc]
    lang = "en"
    default_sorting_style = "author_year_title"
    default_label_style = "number"

    def _words(self, key: str) -> str:
        return WORDS[self.lang][key]

    def _who(self) -> Any:
        joined = names("author", sep=", ", sep2=self._words("and"), last_sep=self._words("and"))
        return sentence[joined]

    def _read(self) -> Any:
        """The address, if the source has one, and the day it was read."""
        when = field("urldate", apply_func=lambda text: Text(day(str(text), self.lang)))
        url = field("url", raw=True)
        return sentence[
            optional[words[self._words("address"), href(url)[url]]],
            optional[words["(" + self._words("read"), join[when, ")"]]],
        ]

    def _date(self) -> Any:
        return join(sep=" ")[optional[field("month")], field("year")]

    def get_book_template(self, e: Any) -> Any:
        return toplevel[
            self._who(),
            sentence[tag("em")[field("title")]],
            sentence[
                optional[field("publisher")],
                optional[field("address")],
                optional[field("edition")],
                self._date(),
            ],
            optional[self._read()],
            sentence[optional[field("note")]],
        ]

    def get_misc_template(self, e: Any) -> Any:
        return toplevel[
            self._who(),
            sentence[tag("em")[field("title")]],
            sentence[optional[field("howpublished")], self._date()],
            optional[self._read()],
            sentence[optional[field("note")]],
        ]


class EnglishStyle(_Style):
    lang = "en"


class FrenchStyle(_Style):
    lang = "fr"


def register() -> None:
    """Make both styles known to pybtex (sphinxcontrib-bibtex looks them up by name)."""
    register_plugin("pybtex.style.formatting", "hearts_en", EnglishStyle, force=True)
    register_plugin("pybtex.style.formatting", "hearts_fr", FrenchStyle, force=True)
