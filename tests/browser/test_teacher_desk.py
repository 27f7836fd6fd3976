"""The scoring desk in chromium, on the served playground: a card given shows who has
it on the card itself, and a click moves it (the teachers' review, B1 and B2)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

LOAD_TIMEOUT = 120_000


def test_a_given_card_shows_its_seat_and_moves_in_one_click(page: Page, voila_url: str) -> None:
    page.goto(voila_url + "?lang=fr", timeout=LOAD_TIMEOUT)
    page.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)
    page.get_by_role("tab", name="Enseignants").click()
    page.get_by_role("tab", name="Saisie d’une donne").click()
    desk = page.locator(".ht-desk")
    queen = desk.get_by_role("button", name=re.compile(r"^Dame de pique\b"))
    ace = desk.get_by_role("button", name=re.compile(r"^As de pique\b"))
    nobody = ace.evaluate("e => getComputedStyle(e).borderTopColor")
    queen.click()  # to Sud, the player chosen
    expect(queen).to_have_attribute("title", re.compile("Sud"))
    slot = queen.locator("xpath=ancestor::*[contains(@class, 'ht-desk-card')][1]")
    expect(slot.locator(".ht-desk-mark")).to_have_text("S")
    given = queen.evaluate(
        "e => { const s = getComputedStyle(e); return [s.borderTopWidth, s.borderTopColor]; }"
    )
    assert given[0] == "4px" and given[1] != nobody, given  # not the shared 1px grey
    # another player chosen: the tooltip offers the move, and the click makes it
    desk.get_by_role("radio", name="Ouest").check()
    expect(queen).to_have_attribute("title", re.compile("la donner plutôt à Ouest"))
    queen.click()
    expect(slot.locator(".ht-desk-mark")).to_have_text("O")
    expect(desk.locator("[role=alert]")).to_have_count(0)
    moved = queen.evaluate("e => getComputedStyle(e).borderTopColor")
    assert moved not in (given[1], nobody)
