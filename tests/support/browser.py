"""Debian's chromium as the tests and benchmarks start it (playwright drives it)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING
from urllib.parse import urlparse

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Without the background-networking flags chromium tries hosts this machine cannot reach.
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
EXPECT_TIMEOUT_MS = 20_000
"""How long a test waits for what a kernel (or Python in the page) answers: on two busy
cores it can take longer than playwright's 5 s without anything being wrong."""


def record_outside_requests(page: Page, base: str) -> list[str]:
    """The list (filled as the page goes on) of every request the page makes to another
    host than ``base``'s: a page of the book or the playground asks nothing outside."""
    host = urlparse(base).netloc
    outside: list[str] = []

    def check(url: str) -> None:
        parsed = urlparse(url)
        if parsed.scheme not in ("data", "blob", "about") and parsed.netloc != host:
            outside.append(url)

    page.on("request", lambda request: check(request.url))
    return outside
