"""Accessible by the standard: axe-core's WCAG 2.0/2.1/2.2 A and AA rules, in chromium.

- every built page of both languages (the playable slots left as their pictures: their
  live half is checked in the journeys below), in one browser context, one axe pass each;
- the live table in each of its states, in the static book (Python in the page) and in
  the playground served by Voilà: a chapter's guided deal before and after a card, the
  playground's start screen, the pass, a trick under way, the end of a deal with its
  review, the teachers' tools;
- the table's accessibility tree (Playwright's ARIA snapshot) in the middle of a deal:
  the bots' seats (how many cards, never which), the trick, the last trick, the hand, the
  scores and what the bots played, read in that order, and no card face that the player
  may not see.

axe-core comes from npm (package.json, ``npm ci``); a violation fails with its rule,
its help text and the elements it found.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Frame, Page, expect
from support.table_page import HAND, PLAYABLE

from hearts_teach import Card
from hearts_teach.i18n import card_name

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
LIVE_TIMEOUT = 90_000  # ms: Python starts in the page
STEP_TIMEOUT = 30_000

RUN_AXE = """(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}, iframes: false,
  resultTypes: ['violations']})
  .then(result => result.violations.map(v => ({
    rule: v.id, help: v.help,
    nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ': ' + n.failureSummary)})))"""


def axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` (make book does)")
    return AXE.read_text(encoding="utf-8")


def violations(frame: Frame, where: str) -> list[str]:
    """axe-core's WCAG A/AA violations in ``frame``'s document (its own frames are checked
    on their own), each as one line naming ``where``."""
    if not frame.evaluate("() => typeof window.axe === 'object'"):
        frame.evaluate(axe_source())
    found: list[dict[str, Any]] = frame.evaluate(RUN_AXE, WCAG_TAGS)
    return [f"{where}: {v['rule']} ({v['help']}): " + " | ".join(v["nodes"]) for v in found]


def live_frame(page: Page, index: int = 0) -> Frame:
    """The ``index``-th playable slot's frame, once the slot says it is live."""
    slot = page.locator("[data-ht-live]").nth(index)
    expect(slot).to_have_attribute(
        "data-ht-state", re.compile("ready|failed"), timeout=LIVE_TIMEOUT
    )
    assert slot.get_attribute("data-ht-state") == "ready", slot.inner_text()
    handle = slot.locator(".ht-live-frame").element_handle()
    frame = handle.content_frame() if handle else None
    assert frame is not None
    return frame


def built_pages() -> list[str]:
    pages = sorted(p.relative_to(SITE).as_posix() for p in (SITE / "book").rglob("*.html"))
    return [*pages, "index.html", "search.html"]


def test_every_built_page_passes_axe(browser: Browser, site_url: str) -> None:
    pages = built_pages()
    for lang in ("en", "fr"):
        assert f"book/{lang}/accessibility.html" in pages
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    # The pages as they read before Python is up: their live half is the journeys' part.
    context.route(re.compile(r"/lite/"), lambda route: route.abort())
    page = context.new_page()
    found: list[str] = []
    try:
        for name in pages:
            # the page's own stylesheets are in at DOMContentLoaded (colour contrast)
            page.goto(site_url + name, wait_until="domcontentloaded")
            found += violations(page.main_frame, name)
    finally:
        context.close()
    assert found == [], "\n".join(found)


# --- the table's accessibility tree ------------------------------------------------------

# Mid-deal, in order: the bots' seats with their counts, the cards of the trick, the last
# trick in the order it was played, the hand (buttons naming each card and whether it may
# be played), the score sheet, what the bots played. Partial: what lies between is free.
MID_DEAL_TREE = """
- region "West": /West \\d+ cards/
- region "North": /North \\d+ cards/
- region "East": /East \\d+ cards/
- text: /Last trick/
- img /^(You|West|North|East) [a-z]+ of [a-z]+, (You|West|North|East) [a-z]+ of [a-z]+, \
(You|West|North|East) [a-z]+ of [a-z]+, (You|West|North|East) [a-z]+ of [a-z]+$/
- 'button /^[A-Z][a-z]+ of [a-z]+: (playable|cannot be played)/'
- heading "Score sheet" [level=3]
- table
- heading "What the bots played" [level=3]
- region "What the bots played"
"""
CARD_FACE = re.compile(r'^\s*- img "([a-z]+ of [a-z]+)"', re.MULTILINE)
HAND_CARD = re.compile(r'^\s*- \'?button "([A-Z][a-z]+ of [a-z]+):', re.MULTILINE)
BOT_PLAYED = re.compile(r"(?:West|North|East) played (\S+?)\.")


def check_mid_deal_tree(frame: Frame, mine: set[str]) -> None:
    """The table's tree reads in order (MID_DEAL_TREE), and every card face in it is one
    the player may see: in their hand, played by them (``mine``), or played by a bot."""
    table = frame.locator(".ht-root").first
    expect(table).to_match_aria_snapshot(MID_DEAL_TREE)
    tree = table.aria_snapshot()
    hand = set(HAND_CARD.findall(tree))
    played_by_bots = {card_name(Card.parse(code), "en") for code in BOT_PLAYED.findall(tree)}
    seen = {name.lower() for name in hand | mine} | played_by_bots
    for face in CARD_FACE.findall(tree):
        assert face in seen, f"{face} is shown but not the player's"


# --- the journeys ------------------------------------------------------------------------


REFUSALS = "() => (document.querySelector('.ht-refusal') || {dataset: {}}).dataset.n || ''"
"""The number of the refusal shown (the table counts them), or nothing."""


def play_cards(frame: Frame, cards: int) -> set[str]:
    """Play ``cards`` cards by clicking; the names of the cards played."""
    played = set()
    for _ in range(cards):
        size = frame.locator(HAND).count()
        for _try in range(3):
            card = frame.locator(PLAYABLE).first
            name = HAND_CARD.findall(card.aria_snapshot())
            refused = frame.evaluate(REFUSALS)
            card.click(timeout=STEP_TIMEOUT)
            # the card played, or refused (a new refusal, by its number): the hand
            # redrawn between the look and the click (the bots' reply arriving) made it
            # a card not playable any more
            outcome = frame.wait_for_function(
                f"""([n, before]) => document.querySelectorAll('.ht-hand .ht-card').length < n
                  ? 'played' : ({REFUSALS})() !== before ? 'refused' : false""",
                arg=[size, refused],
                timeout=STEP_TIMEOUT,
            ).json_value()
            if outcome == "played":
                played.update(name)
                break
        else:
            raise AssertionError("three cards refused in a row: the table never let one play")
    return played


def table_journey(frame: Frame, where: str) -> list[str]:
    """From the start screen to the end of a deal and its review, axe at each state and
    the accessibility tree in the middle of the deal; the violations found."""
    found = violations(frame, f"{where}, start screen")
    frame.get_by_role("button", name="Start the game").click()
    expect(frame.locator(HAND)).to_have_count(13, timeout=STEP_TIMEOUT)
    # The bots at once, as in the other journeys: the states, not the pace, are checked
    # here (a card clicked while the static book's bots were still laying theirs was
    # once not taken, and the step timed out).
    frame.get_by_label("Bots’ speed").select_option(label="At once")
    for index in range(3):
        frame.locator(HAND).nth(index).click()
        expect(frame.locator(".ht-hand .ht-picked")).to_have_count(index + 1)
    found += violations(frame, f"{where}, the pass")
    frame.get_by_role("button", name="Pass these cards").click()
    expect(frame.locator(".ht-message").first).to_contain_text("received", timeout=STEP_TIMEOUT)
    mine = play_cards(frame, 5)
    expect(frame.locator(".ht-centre .ht-face").first).to_be_visible(timeout=STEP_TIMEOUT)
    found += violations(frame, f"{where}, mid-trick")
    check_mid_deal_tree(frame, mine)
    play_cards(frame, 8)
    expect(frame.locator(".ht-status")).to_contain_text("The deal is over", timeout=STEP_TIMEOUT)
    frame.get_by_role("button", name="Review this deal").click()
    expect(frame.locator(".ht-review-row").first).to_be_visible(timeout=STEP_TIMEOUT)
    found += violations(frame, f"{where}, end of the deal with its review")
    return found


def test_the_static_books_live_table_in_its_states(page: Page, site_url: str) -> None:
    found: list[str] = []
    page.goto(f"{site_url}book/fr/basics.html")
    lesson = live_frame(page)
    found += violations(page.main_frame, "fr/basics, its guided deal live")
    found += violations(lesson, "fr/basics, the guided deal before a card")
    before = lesson.locator(HAND).count()
    lesson.locator(PLAYABLE).first.click()
    lesson.wait_for_function(
        "n => document.querySelectorAll('.ht-hand .ht-card').length < n"
        " || document.querySelector('.ht-toolbar button:nth-child(2):not([disabled])')",
        arg=before,
        timeout=STEP_TIMEOUT,
    )
    found += violations(lesson, "fr/basics, the guided deal after a card")

    page.goto(f"{site_url}book/en/playground.html")
    found += table_journey(live_frame(page), "en/playground (static book)")

    page.goto(f"{site_url}book/fr/teachers.html")
    tools = live_frame(page)
    found += violations(page.main_frame, "fr/teachers, its tools live")
    found += violations(tools, "fr/teachers, the teachers' tools")
    assert found == [], "\n".join(found)


def test_the_served_playground_in_its_states(page: Page, voila_url: str) -> None:
    # Voilà's load event waits for the kernel; the table's start button says it is up
    page.goto(voila_url, wait_until="domcontentloaded", timeout=LIVE_TIMEOUT)
    page.get_by_role("button", name="Start the game").wait_for(timeout=LIVE_TIMEOUT)
    found = table_journey(page.main_frame, "served playground")
    assert found == [], "\n".join(found)
