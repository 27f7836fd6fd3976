"""What the kernel sets on start (``_PIPLITE_URLS``, ``_PIPLITE_DISABLE_PYPI``), and an
``install`` that refuses: the book's pages come with every package they use."""

from __future__ import annotations

from typing import Any

#: where JupyterLite would look for wheels (set by the kernel; unused here)
_PIPLITE_URLS: list[str] = []

#: set by the kernel; the book always runs without PyPI
_PIPLITE_DISABLE_PYPI = True

MESSAGE = (
    "Nothing can be installed in this page: it comes with every package it uses. "
    "Rien ne peut être installé dans cette page : elle contient tous les paquets qu’elle utilise."
)


class NothingToInstall(RuntimeError):
    """Raised by ``install``: the book's pages install no package."""


async def install(*requirements: Any, **options: Any) -> None:
    raise NothingToInstall(MESSAGE)
