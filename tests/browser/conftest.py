"""Shared browser fixtures: Debian's chromium driven by the Python ``playwright`` package.

- ``browser``: a playwright Browser (headless chromium, a new empty profile);
- ``serve_folder(path)``: serve a folder over http on 127.0.0.1, returns its URL;
- ``voila_url``: the playground served by Voilà on a free port (``voila_server``: its URL
  and its process);
- ``output_dir``: where screenshots go (``test-output/<test name>/``);
- ``site_url``: the built site (``make book``) copied to a temporary folder and served
  by a plain static file server.

Without chromium the tests are skipped, except under CI (``CI=true``) where they fail.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from support.browser import CHROMIUM, CHROMIUM_FLAGS, EXPECT_TIMEOUT_MS
from support.static_server import serving
from support.voila import TEST_SETTINGS, running_voila_process

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"


def chromium_or_skip() -> str:
    """The chromium binary; skip without it, but fail under CI where it must be there."""
    if Path(CHROMIUM).exists():
        return CHROMIUM
    message = f"chromium is not installed at {CHROMIUM} (apt-get install chromium)"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless chromium; playwright gives each launch a new empty profile."""
    executable = chromium_or_skip()
    from playwright.sync_api import expect, sync_playwright

    # What the tests wait for comes from a kernel (or Python in the page): on two busy
    # cores it can take longer than playwright's 5 s, without anything being wrong.
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def serve_folder() -> Iterator[Callable[[Path], str]]:
    """``serve_folder(path)`` serves a folder on 127.0.0.1 until the test ends."""
    with contextlib.ExitStack() as stack:
        yield lambda folder: stack.enter_context(serving(Path(folder)))


@pytest.fixture(scope="session")
def voila_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """The playground's server for the browser tests: its URL and its process."""
    chromium_or_skip()
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    with running_voila_process(log=log, settings=TEST_SETTINGS) as served:
        yield served


@pytest.fixture(scope="session")
def voila_url(voila_server: tuple[str, subprocess.Popen[bytes]]) -> str:
    return voila_server[0]


@pytest.fixture
def output_dir(request: pytest.FixtureRequest) -> Path:
    """``test-output/<test name>/`` for screenshots (the folder is gitignored)."""
    name: str = request.node.name
    folder = ROOT / "test-output" / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    opened = context.new_page()
    try:
        yield opened
    finally:
        context.close()


def built_site_or_skip() -> Path:
    """The built site with its playable half; `make test` builds it first, and under CI
    a missing site fails instead of skipping."""
    if (SITE / "lite" / "voici" / "render" / "lesson.html").exists():
        return SITE
    message = "the static site is not built: run `make book` (make test does it first)"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built site, copied and served as any static host would: it needs nothing else."""
    chromium_or_skip()
    copy = tmp_path_factory.mktemp("site") / "html"
    shutil.copytree(built_site_or_skip(), copy)
    with serving(copy) as url:
        yield url


@pytest.fixture(scope="module")
def lite_url(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The static book's playable half (``_build/lite``, from ``make lite``), copied and
    served as files; skipped when it is not built."""
    lite = ROOT / "_build" / "lite"
    if not (lite / "voici" / "render" / "teachers.html").exists():
        pytest.skip("the playable half is not built: run `make lite`")
    copy = tmp_path_factory.mktemp("lite") / "lite"
    shutil.copytree(lite, copy)
    with serving(copy) as url:
        yield url
