"""The playground's puzzles tab, in both servings, as a player uses it: a wrong answer
(its cost and why, then the right one played out), the next puzzle answered right, the
rating line moved, and the progress still there after a reload; in the static book also
after opening the playground afresh, from the browser's storage.

What the page should show is worked out first in Python, with the same puzzles and the
same choice of the next one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, FrameLocator, Locator, Page, expect

from hearts_teach.cards import Card, cards_of
from hearts_teach.i18n import card_symbol, text
from hearts_teach.teaching.puzzle_progress import Progress, next_puzzle, record_try
from hearts_teach.teaching.puzzles import Puzzle, load

pytestmark = pytest.mark.browser

LOAD_TIMEOUT = 90_000
STEP_TIMEOUT = 30_000

Surface = Page | FrameLocator


def the_two_puzzles() -> tuple[Puzzle, Card, Puzzle, Progress]:
    """The first puzzle, a wrong card for it, the puzzle that comes next, and the
    progress after that one is solved."""
    puzzles = load()
    progress = Progress()
    first = next_puzzle(puzzles, progress)
    assert first is not None and first.kind != "pass"
    wrong = next(card for card in cards_of(first.view().legal) if not first.is_answer([card]))
    record_try(progress, first, False)
    second = next_puzzle(puzzles, progress)
    assert second is not None and second.id != first.id
    record_try(progress, second, True)
    return first, wrong, second, progress


def named(surface: Surface, name: str) -> Locator:
    # an icon's glyph (CSS content) may come before the words
    return surface.get_by_role("button", name=re.compile(rf"^\W*{re.escape(name)}$"))


def card_button(surface: Surface, card: Card, lang: str) -> Locator:
    return surface.locator(".ht-puzzles").get_by_role(
        "button", name=card_symbol(card, lang), exact=True
    )


def rating_line(progress: Progress, lang: str) -> str:
    from hearts_teach_widgets.puzzles import rating_text

    return rating_text(progress, lang)


def reopened_on_the_tab(surface: Surface, lang: str) -> Locator:
    """After a reload: the puzzles tab is the one open, with no click."""
    tab_button = surface.get_by_role("tab", name=text("ui.tab.puzzles", lang))
    expect(tab_button).to_have_attribute("aria-selected", "true", timeout=LOAD_TIMEOUT)
    tab = surface.locator(".ht-puzzles")
    expect(tab).to_be_visible(timeout=STEP_TIMEOUT)
    return tab


def open_tab(surface: Surface, lang: str) -> Locator:
    surface.get_by_role("tab", name=text("ui.tab.puzzles", lang)).click(timeout=STEP_TIMEOUT)
    tab = surface.locator(".ht-puzzles")
    expect(tab).to_be_visible(timeout=STEP_TIMEOUT)
    return tab


def solve_two_puzzles(surface: Surface, lang: str, out: Path, page: Page) -> Progress:
    first, wrong, second, progress = the_two_puzzles()
    tab = open_tab(surface, lang)
    show = named(surface, text("puzzle.show", lang))
    after = named(surface, text("puzzle.next", lang))
    for control in (show, after, card_button(surface, wrong, lang)):
        expect(control).to_be_visible(timeout=STEP_TIMEOUT)
        expect(control).to_be_enabled()
    card_button(surface, wrong, lang).click()
    said = tab.locator(".ht-message[aria-live]")
    # its cost beside the answer, and why; then the right card played out
    not_best = text("puzzle.wrong", lang, cards="", cost="", error="", answer="", why="")
    expect(said).to_contain_text(not_best.split(":")[0].strip(), timeout=STEP_TIMEOUT)
    expect(said).to_contain_text(card_symbol(wrong, lang))
    expect(said).to_contain_text(first.explanation(lang).split(".")[0])
    page.screenshot(path=out / f"wrong-{lang}.png")
    after.click()
    if second.kind == "pass":
        for name in second.answers[0]:
            card_button(surface, Card.parse(name), lang).click()
        named(surface, text("puzzle.try_pass", lang)).click()
    else:
        card_button(surface, Card.parse(second.answers[0][0]), lang).click()
    right = text("puzzle.right", lang, cards="", why="").split(":")[0].strip()
    expect(said).to_contain_text(right, timeout=STEP_TIMEOUT)
    expect(tab.locator(".ht-message[role=status]").first).to_contain_text(
        rating_line(progress, lang)
    )
    page.screenshot(path=out / f"right-{lang}.png")
    return progress


def test_served_puzzles_tab_and_its_progress_after_a_reload(
    page: Page, voila_url: str, output_dir: Path
) -> None:
    page.goto(f"{voila_url}?lang=en", timeout=2 * LOAD_TIMEOUT, wait_until="commit")
    page.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)
    progress = solve_two_puzzles(page, "en", output_dir, page)
    expect(page).to_have_url(re.compile(r"[?&]puzzles="), timeout=STEP_TIMEOUT)
    expect(page).to_have_url(re.compile(r"[?&]tab=puzzles"), timeout=STEP_TIMEOUT)
    page.reload(timeout=2 * LOAD_TIMEOUT, wait_until="commit")
    page.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)
    tab = reopened_on_the_tab(page, "en")
    expect(tab.locator(".ht-message[role=status]").first).to_contain_text(
        rating_line(progress, "en"), timeout=STEP_TIMEOUT
    )


def test_static_puzzles_tab_keeps_its_progress_in_the_browser(
    page: Page, site_url: str, output_dir: Path
) -> None:
    playground = f"{site_url}book/fr/playground.html"
    page.goto(playground, timeout=LOAD_TIMEOUT)
    slot = page.locator("[data-ht-live]").first
    expect(slot).to_have_attribute("data-ht-state", "ready", timeout=LOAD_TIMEOUT)
    progress = solve_two_puzzles(slot.frame_locator(".ht-live-frame"), "fr", output_dir, page)
    expect(page).to_have_url(re.compile(r"[?&]puzzles="), timeout=STEP_TIMEOUT)
    expect(page).to_have_url(re.compile(r"[?&]tab=puzzles"), timeout=STEP_TIMEOUT)
    page.reload(timeout=LOAD_TIMEOUT)  # the book page's address reopens its frame's tab
    slot = page.locator("[data-ht-live]").first
    expect(slot).to_have_attribute("data-ht-state", "ready", timeout=LOAD_TIMEOUT)
    reopened_on_the_tab(slot.frame_locator(".ht-live-frame"), "fr")
    # the playground opened again with no progress in its address: the browser kept it
    page.goto(playground, timeout=LOAD_TIMEOUT)
    slot = page.locator("[data-ht-live]").first
    expect(slot).to_have_attribute("data-ht-state", "ready", timeout=LOAD_TIMEOUT)
    tab = open_tab(slot.frame_locator(".ht-live-frame"), "fr")
    expect(tab.locator(".ht-message[role=status]").first).to_contain_text(
        rating_line(progress, "fr"), timeout=STEP_TIMEOUT
    )


# Every element of a puzzle's picture whose box must lie inside a phone's screen.
_OUTSIDE = """(width) => {
  const bad = [];
  for (const el of document.querySelectorAll('.ht-seat, .ht-hand-static .ht-face, .ht-centre')) {
    const r = el.getBoundingClientRect();
    if (r.left < 0 || r.right > width + 0.5) bad.push(el.textContent.trim() + ' ' + r.left + '..' + r.right);
  }
  for (const el of document.querySelectorAll('.ht-seat .ht-name')) {
    if (el.scrollWidth > el.clientWidth + 1) bad.push('cut: ' + el.textContent);
  }
  if (document.documentElement.scrollWidth > width) bad.push('page ' + document.documentElement.scrollWidth);
  return bad;
}"""


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_puzzle_picture_fits_a_phone(browser: Browser, players: int, output_dir: Path) -> None:
    """390 px (the French player's phone): the picture's seats, the trick and every card of
    the hand inside the screen (a Black Maria puzzle showed 12 cards of 16 and « Oue… »)."""
    from hearts_teach_widgets.render import position_html

    puzzle = next(p for p in load() if p.position().rules.players == players)
    deal = puzzle.position()
    picture = position_html(deal, "fr", player=puzzle.player, playground_url=None, seated=True)
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=3,
    )
    try:
        phone = context.new_page()
        phone.set_content(
            '<!doctype html><html lang="fr"><meta name="viewport" content="width=device-width">'
            f'<body style="margin:0;padding:0 16px">{picture}</body></html>'
        )
        faces = phone.locator(".ht-hand-static .ht-face")
        expect(faces).to_have_count(len(deal.hand(puzzle.player)))
        phone.screenshot(path=output_dir / f"puzzle-{players}.png", full_page=True)
        assert phone.evaluate(_OUTSIDE, 390) == []
    finally:
        context.close()
