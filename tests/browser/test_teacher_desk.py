"""The scoring desk in chromium, on the served playground: a card given shows who has
it on the card itself, and a click moves it (the teachers' review, B1 and B2)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect
from support.table_page import HAND

from hearts_teach import Card, Deal, Rules
from hearts_teach.cards import HEARTS_MASK, cards_of
from hearts_teach.i18n import card_name, card_symbol, seat_name, text
from hearts_teach.teaching.desk import DeskError

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


def _desk_page(page: Page, url: str, lang: str) -> Locator:
    page.goto(url, timeout=LOAD_TIMEOUT)
    page.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)
    page.get_by_role("tab", name=text("ui.tab.teachers", lang)).click()
    page.get_by_role("tab", name=text("ui.teach.tab.desk", lang)).click()
    return page.locator(".ht-desk")


def _type_hands(desk: Locator, hands: list[list[Card]], lang: str) -> None:
    for player, hand in enumerate(hands):
        label = text("ui.teach.desk_hand", lang, seat=seat_name(player, 4, lang))
        field = desk.get_by_label(label, exact=True)
        field.fill(" ".join(card_symbol(card, lang) for card in hand))
        field.press("Enter")  # ipywidgets sends a text on change


def _hand_names(page: Page) -> set[str]:
    names = page.locator(HAND).evaluate_all("cards => cards.map(c => c.textContent)")
    return {name.split(":")[0].strip().casefold() for name in names}


def desk_share_flow(page: Page, tools_url: str, lang: str, playground_prefix: str) -> None:
    """The desk's « Créer un code de partage », then its link opened: the playground deals
    the hands typed; then cards given that no play can give are refused, and the code
    shown before stays."""
    hands = [cards_of(h) for h in Deal.new(Rules(), seed=12).hands]
    desk = _desk_page(page, tools_url, lang)
    _type_hands(desk, hands, lang)
    desk.get_by_role("button", name=text("ui.teach.desk_share", lang)).click()
    code = desk.locator("input.ht-desk-code")
    expect(code).to_have_value(re.compile(r"^[A-Za-z0-9_-]{20,}$"), timeout=30_000)
    made = code.input_value()
    link = desk.locator("a.ht-desk-link")
    href = link.get_attribute("href")
    assert (
        href is not None
        and href.startswith(playground_prefix)
        and href.endswith(f"?deal={made}&lang={lang}")
    )
    # no card given to any seat: an impossible entry, refused with its reason
    south_hearts = [
        cards_of(HEARTS_MASK),
        *[cards_of(Rules().deck & ~HEARTS_MASK)[i : i + 13] for i in (0, 13, 26)],
    ]
    _type_hands(desk, south_hearts, lang)
    desk.get_by_role("radio", name=seat_name(1, 4, lang)).check()
    desk.get_by_role(
        "button", name=text("ui.teach.desk_hearts", lang, active=seat_name(1, 4, lang))
    ).click()
    desk.get_by_role("radio", name=seat_name(2, 4, lang)).check()
    desk.get_by_role(
        "button", name=re.compile("^" + card_name(Card.parse("QS"), lang), re.I)
    ).click()
    desk.get_by_role("button", name=text("ui.teach.desk_share", lang)).click()
    refusal = desk.locator(".ht-desk-shared [role=alert]")
    expect(refusal).to_contain_text(DeskError("desk_no_play").message(lang)[:40], timeout=30_000)
    expect(desk.locator("input.ht-desk-code")).to_have_count(0)
    # the link made before opens the hands typed first, ready to play
    page.goto(href, timeout=LOAD_TIMEOUT)
    page.locator(HAND).first.wait_for(timeout=LOAD_TIMEOUT)
    expect(page.locator(HAND)).to_have_count(13)
    south = {card_name(card, lang).casefold() for card in hands[0]}
    assert _hand_names(page) == south


def test_the_desk_makes_a_share_code_that_opens_in_the_playground(
    page: Page, voila_url: str
) -> None:
    desk_share_flow(page, voila_url + "?lang=fr", "fr", voila_url.split("//")[0])
