"""What the browser tests know of a table on a page: how its cards are found, and a deal
played to its end by clicking, as a person would."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

HAND = ".ht-hand .ht-card"
PLAYABLE = ".ht-hand .ht-card:not([disabled]):not(.ht-refused)"
"""A card the person may play now: a greyed card takes the click only to say why not."""


def play_the_deal(page: Page, *, load_ms: int, step_ms: int) -> None:
    """Pass the three first cards, then play the first playable card until the deal is
    over; ``load_ms`` for the table to appear, ``step_ms`` for each answer."""
    from playwright.sync_api import expect

    page.locator(HAND).first.wait_for(timeout=load_ms)
    for index in range(3):
        page.locator(HAND).nth(index).click()
        expect(page.locator(".ht-hand .ht-picked")).to_have_count(index + 1, timeout=step_ms)
    page.get_by_role("button", name="Pass these cards").click()
    expect(page.locator(".ht-message").first).to_contain_text("received", timeout=step_ms)
    for _ in range(13):
        size = page.locator(HAND).count()
        page.locator(PLAYABLE).first.click()
        page.wait_for_function(
            "n => document.querySelectorAll('.ht-hand .ht-card').length < n",
            arg=size,
            timeout=step_ms,
        )
    expect(page.locator(".ht-status")).to_contain_text("The deal is over", timeout=step_ms)


STEPS_IN_THE_HAND = """target => {
  const card = document.activeElement;
  const hand = target.closest('.ht-hand');
  if (!hand || !card || card.closest('.ht-hand') !== hand) return 0;
  const cards = [...hand.querySelectorAll('.ht-card')].filter(c => !c.disabled);
  const from = cards.indexOf(card), to = cards.indexOf(target);
  return from < 0 || to < 0 ? 0 : to - from;
}"""


def arrows_to(page: Page, target: Locator) -> None:
    """With the keyboard in ``target``'s hand (one Tab stop: the page's roving focus), the
    arrow keys from the card focused to ``target``."""
    steps: int = target.evaluate(STEPS_IN_THE_HAND)
    for _ in range(abs(steps)):
        page.keyboard.press("ArrowRight" if steps > 0 else "ArrowLeft")
