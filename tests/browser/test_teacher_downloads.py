"""The teachers' tools in chromium, on the served playground and on the static book's
tools page (no server): the comparison's chart saved as an SVG file named by the deal
and the language, and the scoring desk's « Créer un code de partage »."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from support.table_page import HAND

from hearts_teach import Card, Deal, Rules
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.cards import HEARTS_MASK, cards_of
from hearts_teach.i18n import card_name, card_symbol, seat_name, text
from hearts_teach.records import share_code
from hearts_teach.teaching.desk import DeskError

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LOAD_TIMEOUT = 120_000


def _teachers_tab(page: Page, lang: str) -> None:
    """The playground's Teachers tab (the static book's tools page is the tools alone)."""
    teachers = page.get_by_role("tab", name=text("ui.tab.teachers", lang))
    if teachers.count():
        teachers.click()


def _desk_page(page: Page, url: str, lang: str) -> Locator:
    page.goto(url, timeout=LOAD_TIMEOUT)
    page.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)
    _teachers_tab(page, lang)
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


def _played_code() -> str:
    deal = Deal.new(Rules(), seed=4, deal_number=2)
    return share_code(play_out(deal, seat_bots("heuristic", 4, 4)))


def chart_download_flow(page: Page, tools_url: str, lang: str, tmp_path: Path) -> None:
    page.goto(tools_url, timeout=LOAD_TIMEOUT)
    page.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)
    _teachers_tab(page, lang)
    code = page.get_by_label(text("ui.teach.code", lang), exact=True).first
    code.wait_for(timeout=LOAD_TIMEOUT)
    code.fill(_played_code())
    page.get_by_role("button", name=text("ui.teach.load", lang)).first.click()
    link = page.get_by_role("link", name=text("ui.teach.chart_download", lang)).first
    expect(link).to_be_visible(timeout=60_000)
    with page.expect_download() as download:
        link.click()
    name = download.value.suggested_filename
    pattern = (
        r"comparaison-donne-3-[0-9a-f]{6}-fr\.svg"
        if lang == "fr"
        else r"comparison-deal-3-[0-9a-f]{6}-en\.svg"
    )
    assert re.fullmatch(pattern, name), name
    saved = tmp_path / name
    download.value.save_as(saved)
    svg = saved.read_text(encoding="utf-8")
    assert svg.startswith("<?xml") and 'xmlns="http://www.w3.org/2000/svg"' in svg
    assert text("ui.teach.chart", lang).split("{")[0][:10] in svg


def test_the_chart_downloads_from_the_served_playground(
    browser: Browser, voila_url: str, tmp_path: Path
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, accept_downloads=True)
    try:
        chart_download_flow(context.new_page(), voila_url + "?lang=fr", "fr", tmp_path)
    finally:
        context.close()


def test_the_chart_downloads_from_the_static_book(
    browser: Browser, lite_url: str, tmp_path: Path
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, accept_downloads=True)
    try:
        page = context.new_page()
        chart_download_flow(page, f"{lite_url}voici/render/teachers.html?lang=en", "en", tmp_path)
    finally:
        context.close()


def test_the_desk_code_opens_in_the_static_book(page: Page, lite_url: str) -> None:
    desk_share_flow(
        page,
        f"{lite_url}voici/render/teachers.html?lang=en",
        "en",
        f"{lite_url}voici/render/playground.html",
    )
