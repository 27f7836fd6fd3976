"""Compiling the message catalogs: each ``locale/<lang>/LC_MESSAGES/*.po`` to its ``.mo``.

A development and build step, never run by the engine: it needs Babel, which is a
development and build requirement only (the engine reads the ``.mo`` files with the
standard library's :mod:`gettext`). Run by ``make i18n`` (``python
hearts_teach/_catalogs.py``) and by setup.py before it builds a wheel; in a checkout
where Babel is installed, :mod:`hearts_teach.i18n` also runs it when a ``.po`` file is
newer than its ``.mo`` (an edited catalog), so a test never reads stale texts. A catalog
is compiled when its ``.mo`` is missing or older than its ``.po``. This file imports
nothing of the package, so setup.py can load it by path.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def stale(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """The ``.po`` catalogs whose ``.mo`` is missing or older."""
    return [
        source
        for source in sorted(locale_dir.glob("*/LC_MESSAGES/*.po"))
        if not source.with_suffix(".mo").exists()
        or source.with_suffix(".mo").stat().st_mtime < source.stat().st_mtime
    ]


def compile_catalogs(locale_dir: Path = LOCALE_DIR, *, force: bool = False) -> list[Path]:
    """Compile the stale catalogs (every catalog with ``force``); return the ``.mo``
    files written. A catalog Babel cannot read, or a fuzzy one, raises ValueError naming
    it."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    sources = sorted(locale_dir.glob("*/LC_MESSAGES/*.po")) if force else stale(locale_dir)
    written = []
    for source in sources:
        with source.open("rb") as stream:
            catalog = read_po(stream, locale=source.parent.parent.name, abort_invalid=True)
        if catalog.fuzzy:
            raise ValueError(f"{source}: the catalog is marked fuzzy; review it, then unmark it")
        target = source.with_suffix(".mo")
        partial = target.with_name(f".{target.name}.{os.getpid()}")
        with partial.open("wb") as stream:
            write_mo(stream, catalog)
        partial.replace(target)  # at once: another process never reads half a catalog
        written.append(target)
    return written


if __name__ == "__main__":
    try:
        written = compile_catalogs(force="--force" in sys.argv[1:])
    except ValueError as error:
        raise SystemExit(str(error)) from None
    for path in written:
        print(
            f"compiled {path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path}"
        )
