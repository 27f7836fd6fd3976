"""Debian's chromium as the tests and benchmarks start it (playwright drives it)."""

from __future__ import annotations

import os

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
