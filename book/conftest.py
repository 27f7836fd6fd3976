"""Collect every notebook of the book (book/en, book/fr) with nbval in strict mode.

A plain ``pytest`` from the root (testpaths = tests, book) runs them, with no need for
``--nbval``: each code cell is executed again and its outputs must equal the stored
ones. Other notebooks (the playground) are left to their owners.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from nbval.plugin import IPyNbFile

BOOK = Path(__file__).resolve().parent
CHAPTER_FOLDERS = (BOOK / "en", BOOK / "fr")
SANITIZE = BOOK / "_ext" / "nbval-sanitize.cfg"


class BookNotebook(IPyNbFile):  # type: ignore[misc]
    """nbval's notebook, with the book's sanitize patterns always applied."""

    def get_sanitize_files(self) -> list[str]:
        files: list[str] = super().get_sanitize_files()
        return [str(SANITIZE), *files]


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    option = parent.config.option
    if option.nbval or option.nbval_lax:
        return None  # nbval collects them itself
    if file_path.suffix == ".ipynb" and file_path.parent in CHAPTER_FOLDERS:
        notebook: pytest.Collector = BookNotebook.from_parent(parent, path=file_path)
        return notebook
    return None
