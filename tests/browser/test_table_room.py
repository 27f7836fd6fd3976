"""The card room at a player's hands, in both servings (the served Voilà playground and the
static book's playground, Pyodide in the page): what a tap on a refused card says, what
a click never loses, and a phone's table.

Screenshots go to ``test-output/<test name>/``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, FrameLocator, Locator, Page, expect
from support.table_page import HAND, PLAYABLE

from hearts_teach import Card, Deal, Rules
from hearts_teach.i18n import text
from hearts_teach.records import share_code

pytestmark = pytest.mark.browser

LOAD_TIMEOUT = 90_000  # ms: a kernel starts, or Python in the page
STEP_TIMEOUT = 30_000
REFUSED = ".ht-hand .ht-card.ht-refused"

OPENING = Deal.new(Rules(), seed=3, deal_number=3)
"""A deal with no pass where the person holds the two of clubs: at the first card every
other card is refused, whatever the bots."""


def refused_reason(lang: str) -> tuple[Card, str]:
    """The first refused card of the person's hand (in the hand's order) and what the
    table says of it."""
    from hearts_teach_widgets.table import HeartsTable

    table = HeartsTable(OPENING, lang=lang, delay=0)
    card = next(card for card in table.hand.cards if card not in table.hand.playable)
    table.play_card(card)
    return card, table.message


Surface = Page | FrameLocator


def open_served(page: Page, voila_url: str, query: str) -> Surface:
    page.goto(f"{voila_url}?{query}", timeout=2 * LOAD_TIMEOUT, wait_until="commit")
    page.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)
    return page


def open_static(page: Page, site_url: str, query: str, lang: str = "fr") -> Surface:
    page.goto(f"{site_url}book/{lang}/playground.html?{query}", timeout=LOAD_TIMEOUT)
    return open_static_here(page)


LAYOUT = """root => {
  const hand = root.querySelector('.ht-hand').getBoundingClientRect();
  const felt = root.querySelector('.ht-felt-box').getBoundingClientRect();
  const refusal = root.querySelector('.ht-refusal');
  const near = r => [r.x - hand.x, r.y - hand.y, r.width, r.height];
  return {
    cards: [...root.querySelectorAll('.ht-hand .ht-card')].map(c => near(c.getBoundingClientRect())),
    felt: [felt.x - hand.x, felt.y - hand.y, felt.width, felt.height],
    refusal: refusal ? near(refusal.getBoundingClientRect()) : null,
  };
}"""
"""The hand's cards, the felt and the refusal, read in one go and measured from the hand:
the page may scroll between two reads (a click scrolls its card into view; the static
book pins the hand to the screen's bottom), which is no change of the table's layout."""


def check_a_refused_card_says_why(surface: Surface, page: Page, lang: str, out: Path) -> None:
    """A tap on a greyed card: its reason once, beside the hand, as an alert, in the
    page's language; nothing moves, and it fades."""
    card, said = refused_reason(lang)
    cards = surface.locator(HAND)
    root = surface.locator(".ht-root").first
    expect(cards).to_have_count(13, timeout=STEP_TIMEOUT)
    expect(surface.locator(REFUSED)).to_have_count(12)
    surface.locator(REFUSED).first.scroll_into_view_if_needed()
    before = root.evaluate(LAYOUT)
    surface.locator(REFUSED).first.click(timeout=STEP_TIMEOUT)
    refusal = surface.locator(".ht-refusal")
    expect(refusal).to_have_count(1, timeout=STEP_TIMEOUT)
    expect(refusal).to_be_visible()
    expect(refusal).to_have_text(said)
    expect(refusal).to_have_attribute("role", "alert")
    expect(refusal).to_have_attribute("lang", lang)
    after = root.evaluate(LAYOUT)
    page.screenshot(path=out / f"refused-{lang}.png")
    # said once: not also under the toolbar, nor once per card in the note
    assert root.inner_text().count(said) == 1
    # nothing moved: every card where it was in the hand, the felt where it was
    assert len(after["cards"]) == 13
    assert after["cards"] == before["cards"]
    assert after["felt"] == before["felt"]
    # the reason sits just under the hand's cards, over the note, and covers no card
    bottom = max(y + height for _, y, _, height in before["cards"])
    assert after["refusal"] is not None
    assert bottom - 1 <= after["refusal"][1] < bottom + 40
    # briefly: it fades by itself
    expect(refusal).to_be_hidden(timeout=15_000)
    # a second try says it again
    surface.locator(REFUSED).first.click(timeout=STEP_TIMEOUT)
    expect(refusal).to_be_visible(timeout=STEP_TIMEOUT)
    assert card  # the card tried is the one the table refused in Python


def test_served_refused_card_says_why(page: Page, voila_url: str, output_dir: Path) -> None:
    surface = open_served(page, voila_url, f"deal={share_code(OPENING)}&lang=en")
    check_a_refused_card_says_why(surface, page, "en", output_dir)


def test_static_refused_card_says_why(page: Page, site_url: str, output_dir: Path) -> None:
    surface = open_static(page, site_url, f"deal={share_code(OPENING)}")
    check_a_refused_card_says_why(surface, page, "fr", output_dir)


# --- nothing lost by a click ----------------------------------------------------------


def named(surface: Surface, key: str, lang: str) -> Locator:
    # The name as the browser computes it: an icon's glyph (CSS content) may come first.
    label = re.compile(rf"^\W*{re.escape(text(key, lang))}$")
    return surface.get_by_role("button", name=label)


def seed_of(url: str) -> str:
    return parse_qs(urlsplit(url).query)["seed"][0]


def check_new_game_asks_and_back_brings_it_back(
    surface: Surface, page: Page, lang: str, out: Path, reopen: Callable[[], Surface]
) -> None:
    """« New game » asks before leaving a game under way; « no » keeps it; « yes » starts
    one, a new entry in the history, and Back brings the game left back, at the bots'
    speed chosen (seen: back at « Normale »)."""
    cards = surface.locator(HAND)
    expect(cards).to_have_count(13, timeout=STEP_TIMEOUT)
    fast = text("ui.pace.fast", lang)
    pace = surface.get_by_label(text("ui.pace.label", lang), exact=True)
    pace.select_option(label=fast)
    expect(page).to_have_url(re.compile(r"[?&]pace=fast"), timeout=STEP_TIMEOUT)
    surface.locator(PLAYABLE).first.click(timeout=STEP_TIMEOUT)  # the two of clubs
    expect(cards).to_have_count(12, timeout=STEP_TIMEOUT)
    expect(page).to_have_url(re.compile(r"[?&]game="), timeout=STEP_TIMEOUT)
    played = page.url
    new_game, yes, no = (named(surface, key, lang) for key in NEW_GAME_KEYS)
    new_game.click()
    expect(no).to_be_visible(timeout=STEP_TIMEOUT)
    expect(surface.get_by_text(text("table.new_game.ask", lang))).to_be_visible()
    expect(no).to_be_focused()
    page.screenshot(path=out / "new-game-asked.png")
    no.click()
    expect(no).to_be_hidden(timeout=STEP_TIMEOUT)
    expect(cards).to_have_count(12)
    new_game.click()
    yes.click()
    expect(cards).to_have_count(13, timeout=STEP_TIMEOUT)  # a new game's first deal
    expect(yes).to_be_hidden()
    expect(page).not_to_have_url(played, timeout=STEP_TIMEOUT)
    assert seed_of(page.url) != seed_of(played)
    expect(pace.locator("option:checked")).to_have_text(fast)
    history = page.evaluate("history.length")
    page.go_back(wait_until="commit")
    surface = reopen()
    expect(surface.locator(HAND)).to_have_count(12, timeout=STEP_TIMEOUT)
    pace = surface.get_by_label(text("ui.pace.label", lang), exact=True)
    expect(pace.locator("option:checked")).to_have_text(fast)
    assert seed_of(page.url) == seed_of(played)
    assert page.evaluate("history.length") == history
    page.screenshot(path=out / "back.png")


NEW_GAME_KEYS = ("ui.button.new_game", "table.new_game.yes", "table.new_game.no")


def test_served_new_game_asks_and_back_brings_it_back(
    page: Page, voila_url: str, output_dir: Path
) -> None:
    surface = open_served(page, voila_url, f"deal={share_code(OPENING)}&lang=en")

    def reopened() -> Surface:
        page.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)
        return page

    check_new_game_asks_and_back_brings_it_back(surface, page, "en", output_dir, reopened)


def test_static_new_game_asks_and_back_brings_it_back(
    page: Page, site_url: str, output_dir: Path
) -> None:
    surface = open_static(page, site_url, f"deal={share_code(OPENING)}")
    check_new_game_asks_and_back_brings_it_back(
        surface, page, "fr", output_dir, lambda: open_static_here(page)
    )


def test_served_language_survives_a_reload(page: Page, voila_url: str) -> None:
    surface = open_served(page, voila_url, f"deal={share_code(OPENING)}&lang=en")
    expect(surface.locator(HAND)).to_have_count(13, timeout=STEP_TIMEOUT)
    surface.get_by_role("radio", name="Français").first.check()
    expect(named(surface, "ui.button.new_game", "fr")).to_be_visible(timeout=STEP_TIMEOUT)
    expect(page).to_have_url(re.compile(r"[?&]lang=fr"), timeout=STEP_TIMEOUT)
    page.reload(wait_until="commit")
    page.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)
    expect(named(page, "ui.button.new_game", "fr")).to_be_visible(timeout=STEP_TIMEOUT)
    expect(page.locator("html")).to_have_attribute("lang", "fr")


def test_static_language_switch_takes_the_page_along_and_survives_a_reload(
    page: Page, site_url: str
) -> None:
    """In the French book, « English » in the playground opens the English page at the
    same game, and a reload keeps it."""
    surface = open_static(page, site_url, f"deal={share_code(OPENING)}")
    expect(surface.locator(HAND)).to_have_count(13, timeout=STEP_TIMEOUT)
    surface.locator(PLAYABLE).first.click(timeout=STEP_TIMEOUT)
    expect(surface.locator(HAND)).to_have_count(12, timeout=STEP_TIMEOUT)
    surface.get_by_role("radio", name="English").first.check()
    page.wait_for_url(re.compile(r"/book/en/playground\.html\?.*game="), timeout=LOAD_TIMEOUT)
    for _ in range(2):  # the English page, then the same after a reload
        surface = open_static_here(page)
        expect(surface.locator(HAND)).to_have_count(12, timeout=STEP_TIMEOUT)
        expect(named(surface, "ui.button.new_game", "en")).to_be_visible(timeout=STEP_TIMEOUT)
        expect(page.locator("html")).to_have_attribute("lang", "en")
        page.reload(wait_until="commit")


def open_static_here(page: Page) -> Surface:
    slot = page.locator("[data-ht-live]").first
    expect(slot).to_have_attribute("data-ht-state", "ready", timeout=LOAD_TIMEOUT)
    return slot.frame_locator(".ht-live-frame")


# --- a phone, and a dark page -----------------------------------------------------------

PHONE = {"width": 390, "height": 844}


@pytest.fixture(params=["light", "dark"])
def phone(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        color_scheme=request.param,
    )
    opened = context.new_page()
    try:
        yield opened
    finally:
        context.close()


def no_overflow(surface: Surface) -> None:
    widths = surface.locator("html").evaluate("html => [html.scrollWidth, html.clientWidth]")
    assert widths[0] <= widths[1], f"wider than the screen: {widths}"


def check_a_phone_table(surface: Surface, page: Page, out: Path, scheme: str) -> None:
    """Cards a thumb can take, none covered, the table and the hand on one screen, nothing
    wider than the screen, and the page's light or dark scheme."""
    cards = surface.locator(HAND)
    expect(cards).to_have_count(13, timeout=STEP_TIMEOUT)
    surface.locator(".ht-felt-box").first.scroll_into_view_if_needed()
    felt = surface.locator(".ht-felt-box").first.bounding_box()
    hand = surface.locator(".ht-hand").first.bounding_box()
    assert felt is not None and hand is not None
    assert hand["y"] + hand["height"] - felt["y"] <= PHONE["height"], (felt, hand)
    boxes = [cards.nth(i).bounding_box() for i in range(13)]
    assert all(box is not None and box["width"] >= 44 for box in boxes), boxes
    # each card's uncovered strip answers a touch with that card (no theme button over it)
    page.mouse.wheel(0, 300)
    page.mouse.wheel(0, -150)
    surface.locator(".ht-felt-box").first.scroll_into_view_if_needed()
    # what a touch meets across each card, read in one go (the static book re-pins the
    # hand after each scroll, and two separate reads could straddle that move): the whole
    # card, its middle and both edges, answers with that card (none over another: a fan
    # left 21 px of each, and a tap mid-card took the next one)
    touches = cards.first.evaluate(
        """first => {
          const cards = [...first.closest('.ht-hand').querySelectorAll('.ht-card')];
          return cards.flatMap((card, i) => {
            const box = card.getBoundingClientRect();
            const y = box.top + box.height / 2;
            return [box.left + 3, box.left + box.width / 2, box.right - 3].map(x => {
              const top = card.ownerDocument.elementFromPoint(x, y);
              return [i, x, y, card === top || card.contains(top)];
            });
          });
        }"""
    )
    assert len(touches) == 3 * 13, touches
    frame = frame_box(surface, page)
    for index, x, y, hit in touches:
        if surface is not page:  # the book page over the frame: nothing of it on the card
            where = [x + frame["x"], y + frame["y"]]
            over = page.evaluate("([x, y]) => document.elementFromPoint(x, y).className", where)
            assert "ht-live-frame" in over, over
        assert hit, f"card {index} is covered at ({x}, {y}) in the table's page"
    back_to_top = page.locator("#pst-back-to-top")
    if back_to_top.count():
        expect(back_to_top).to_be_hidden()
    no_overflow(surface)
    if surface is not page:
        no_overflow(page)
    colour = surface.locator(".ht-status").first.evaluate("e => getComputedStyle(e).color")
    light_text = sum(int(v) for v in re.findall(r"\d+", colour)[:3]) > 3 * 160
    assert light_text == (scheme == "dark"), colour
    page.screenshot(path=out / f"phone-{scheme}.png")


def frame_box(surface: Surface, page: Page) -> dict[str, float]:
    """Where the table's own page starts in the window (0, 0 when served)."""
    if surface is page:
        return {"x": 0.0, "y": 0.0}
    box = page.locator(".ht-live-frame").first.bounding_box()
    assert box is not None
    return box


def scheme_of(page: Page) -> str:
    return (
        "dark" if page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") else "light"
    )


def test_served_phone_table(phone: Page, voila_url: str, output_dir: Path) -> None:
    surface = open_served(phone, voila_url, f"deal={share_code(OPENING)}&lang=fr")
    check_a_phone_table(surface, phone, output_dir, scheme_of(phone))
    # the hand stays at the bottom of the screen while the page scrolls over the table
    phone.evaluate("window.scrollTo(0, 0)")
    hand = phone.locator(".ht-hand").first.bounding_box()
    assert hand is not None and hand["y"] + hand["height"] <= PHONE["height"] + 1


def test_static_phone_table(phone: Page, site_url: str, output_dir: Path) -> None:
    surface = open_static(phone, site_url, f"deal={share_code(OPENING)}")
    check_a_phone_table(surface, phone, output_dir, scheme_of(phone))
    # the hand pinned at the bottom of the screen, over the table, though the frame is as
    # tall as the table: with the table's top a third of the way down the screen, the hand
    # (whose place in the frame is then below the screen) is at the screen's bottom
    frame = phone.locator(".ht-live-frame").first
    frame.evaluate(
        "element => window.scrollTo(0, element.getBoundingClientRect().top + scrollY - 280)"
    )
    phone.wait_for_function(
        "() => { const frame = document.querySelector('.ht-live-frame');"
        " const hand = frame.contentDocument.querySelector('.ht-main>.ht-hand');"
        " const box = frame.getBoundingClientRect(), own = hand.getBoundingClientRect();"
        " return box.top + own.bottom <= innerHeight + 1"
        " && box.top + own.bottom >= innerHeight - 40; }",
        timeout=STEP_TIMEOUT,
    )
    top = frame.bounding_box()
    assert top is not None and 270 <= top["y"] <= 290, top  # the table's top on screen
    phone.screenshot(path=output_dir / f"phone-pinned-{scheme_of(phone)}.png")


# At the person's turn (the table's focus on its note, where a click on a card had put
# it on the card): the trick (its box and its cards) and the hand's cards, each inside
# the screen and under the site's header, measured in the book's page (the frame's
# offset added).
TRICK_AND_HAND_ON_SCREEN = """() => {
  const frame = document.querySelector('.ht-live-frame');
  const doc = frame.contentDocument, at = frame.getBoundingClientRect();
  let top = 0;  // the bottom of the bar the theme keeps at the screen's top
  for (let e = document.elementFromPoint(innerWidth / 2, 1); e && e !== document.body;
       e = e.parentElement) {
    if (['sticky', 'fixed'].includes(getComputedStyle(e).position)) {
      top = Math.max(0, e.getBoundingClientRect().bottom);
      break;
    }
  }
  const parts = [...doc.querySelectorAll('.ht-main .ht-centre, .ht-main .ht-centre .ht-face,'
    + ' .ht-main>.ht-hand .ht-card')].filter((e) => e.offsetParent !== null);
  const focused = doc.activeElement && doc.activeElement.closest('.ht-note');
  return focused && parts.length > 1 && parts.every((e) => {
    const r = e.getBoundingClientRect();
    return at.top + r.top >= top - 1 && at.top + r.bottom <= innerHeight + 1;
  });
}"""


def test_static_phone_turn_shows_the_trick_and_the_hand(
    phone: Page, site_url: str, output_dir: Path
) -> None:
    """At the person's turn the table's focus (its note, under the hand) scrolled the
    book's page until the trick was above the screen, under the site's header."""
    surface = open_static(phone, site_url, f"deal={share_code(OPENING)}")
    expect(surface.locator(HAND)).to_have_count(13, timeout=STEP_TIMEOUT)
    for left in (12, 11):
        surface.locator(PLAYABLE).first.click(timeout=STEP_TIMEOUT)
        expect(surface.locator(HAND)).to_have_count(left, timeout=STEP_TIMEOUT)
        expect(surface.locator(PLAYABLE).first).to_be_visible(timeout=STEP_TIMEOUT)
        phone.wait_for_function(TRICK_AND_HAND_ON_SCREEN, timeout=STEP_TIMEOUT)
    phone.screenshot(path=output_dir / f"phone-turn-{scheme_of(phone)}.png")


# Buttons (cards and controls) that the refusal's box lies on.
UNDER_THE_REFUSAL = """() => {
  const said = document.querySelector('.ht-refusal').getBoundingClientRect();
  const meets = (r) => r.left < said.right - 1 && said.left < r.right - 1
    && r.top < said.bottom - 1 && said.top < r.bottom - 1;
  return [...document.querySelectorAll('.ht-root button')]
    .filter((b) => b.offsetParent !== null && meets(b.getBoundingClientRect()))
    .map((b) => b.textContent.trim() || b.getAttribute('aria-label'));
}"""


def test_served_phone_refusal_covers_no_control(phone: Page, voila_url: str) -> None:
    """A refused card's reason on a phone lay over « Conseil » and a card: the buttons
    under the hand had come between the hand and the reason's place."""
    surface = open_served(phone, voila_url, f"deal={share_code(OPENING)}&lang=fr")
    expect(surface.locator(HAND)).to_have_count(13, timeout=STEP_TIMEOUT)
    for scroll in ("window.scrollTo(0, 0)", "window.scrollTo(0, document.body.scrollHeight)"):
        phone.evaluate(scroll)
        surface.locator(REFUSED).first.click(timeout=STEP_TIMEOUT)
        expect(surface.locator(".ht-refusal")).to_be_visible(timeout=STEP_TIMEOUT)
        assert phone.evaluate(UNDER_THE_REFUSAL) == [], scroll


# --- the share code, copied in one click -------------------------------------------------


def check_the_copy_button(surface: Surface, page: Page, lang: str) -> None:
    expect(surface.locator(HAND)).to_have_count(13, timeout=STEP_TIMEOUT)
    copy = surface.get_by_role("button", name=text("table.share.copy", lang))
    copy.click()
    expect(surface.get_by_role("button", name=text("table.share.copied", lang))).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == share_code(OPENING)
    expect(copy).to_be_visible(timeout=STEP_TIMEOUT)  # its words come back


def test_served_share_code_is_copied_in_one_click(page: Page, voila_url: str) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    surface = open_served(page, voila_url, f"deal={share_code(OPENING)}&lang=en")
    check_the_copy_button(surface, page, "en")


def test_static_share_code_is_copied_in_one_click(page: Page, site_url: str) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    surface = open_static(page, site_url, f"deal={share_code(OPENING)}")
    check_the_copy_button(surface, page, "fr")


# --- a wide screen: the hand stays under the table ---------------------------------------


def test_static_wide_table_keeps_its_hand_under_the_felt_when_scrolled(
    page: Page, site_url: str, output_dir: Path
) -> None:
    """The hand is pinned to the screen's bottom on a phone only: on a wide table the
    static book once lifted it (and the refusal) over the felt by how far the table ran
    below the screen, hiding the person's seat and the trick."""
    page.set_viewport_size({"width": 1280, "height": 900})
    surface = open_static(page, site_url, f"deal={share_code(OPENING)}")
    expect(surface.locator(HAND)).to_have_count(13, timeout=STEP_TIMEOUT)
    # the table's top at the top of the screen: its bottom runs below it
    page.locator("[data-ht-live]").first.evaluate("slot => slot.scrollIntoView()")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    placed = surface.locator(".ht-root").first.evaluate(
        """root => {
          const hand = root.querySelector('.ht-main>.ht-hand');
          const felt = root.querySelector('.ht-felt-box').getBoundingClientRect();
          return {hand: hand.getBoundingClientRect().top, felt: felt.bottom,
                  offset: hand.style.getPropertyValue('bottom'),
                  position: getComputedStyle(hand).position};
        }"""
    )
    page.screenshot(path=output_dir / "wide-scrolled.png")
    assert placed["position"] != "sticky", placed  # a wide table: not pinned
    assert placed["offset"] == "", placed
    assert placed["hand"] >= placed["felt"] - 1, placed


# --- the keyboard in the hand, and the rules' way back ------------------------------------

FOCUSED_CARD = """root => {
  const cards = [...root.querySelectorAll('.ht-main .ht-hand .ht-card')];
  const stops = cards.filter(c => c.getAttribute('tabindex') !== '-1' && !c.disabled);
  return {
    at: cards.indexOf(document.activeElement),
    stops: stops.length,
    refused: cards.map(c => c.classList.contains('ht-refused')),
  };
}"""
"""Which card of the hand has the keyboard, how many cards are Tab stops, and which are
refused (at a turn, a refused card answers with its reason, and is reachable too)."""


def check_arrows_move_in_the_hand(surface: Surface, page: Page, out: Path) -> None:
    """The hand is one Tab stop: Tab from the note lands on the card that may be played,
    Left/Right/Home/End move within the hand, Tab leaves it and Shift+Tab comes back to
    the same card; Enter plays it; after the bots' answer (the hand's buttons drawn
    again) the arrows still move and Space plays."""
    root = surface.locator(".ht-root").first
    cards = surface.locator(HAND)
    expect(cards).to_have_count(13, timeout=STEP_TIMEOUT)
    surface.locator(".ht-main .ht-note").first.focus()
    page.keyboard.press("Tab")
    state = root.evaluate(FOCUSED_CARD)
    assert state["stops"] == 1
    first_playable = state["refused"].index(False)
    assert state["at"] == first_playable  # the two of clubs
    page.keyboard.press("End")
    assert root.evaluate(FOCUSED_CARD)["at"] == 12
    page.keyboard.press("ArrowLeft")
    assert root.evaluate(FOCUSED_CARD)["at"] == 11
    page.keyboard.press("Home")
    assert root.evaluate(FOCUSED_CARD)["at"] == 0
    page.keyboard.press("ArrowLeft")  # no wrapping past the first card
    assert root.evaluate(FOCUSED_CARD)["at"] == 0
    page.keyboard.press("ArrowRight")
    state = root.evaluate(FOCUSED_CARD)
    assert state["at"] == 1 and state["stops"] == 1
    page.keyboard.press("Tab")  # out of the hand at once, not through 12 more cards
    assert root.evaluate(FOCUSED_CARD)["at"] == -1
    page.keyboard.press("Shift+Tab")
    assert root.evaluate(FOCUSED_CARD)["at"] == 1
    for _ in range(1, first_playable):
        page.keyboard.press("ArrowRight")
    for _ in range(first_playable, 1):
        page.keyboard.press("ArrowLeft")
    assert root.evaluate(FOCUSED_CARD)["at"] == first_playable
    page.keyboard.press("Enter")
    expect(cards).to_have_count(12, timeout=STEP_TIMEOUT)
    # the table's focus goes to its note (never a card: a second Enter would play it)
    expect(surface.locator(".ht-main .ht-note").first).to_be_focused(timeout=STEP_TIMEOUT)
    expect(surface.locator(PLAYABLE).first).to_be_visible(timeout=STEP_TIMEOUT)
    page.keyboard.press("Tab")
    state = root.evaluate(FOCUSED_CARD)
    assert state["stops"] == 1
    target = state["refused"].index(False)
    assert state["at"] == target
    page.keyboard.press("Home")
    for _ in range(target):
        page.keyboard.press("ArrowRight")
    assert root.evaluate(FOCUSED_CARD)["at"] == target
    page.screenshot(path=out / "arrows.png")
    page.keyboard.press(" ")
    expect(cards).to_have_count(11, timeout=STEP_TIMEOUT)


def test_served_arrows_move_in_the_hand(page: Page, voila_url: str, output_dir: Path) -> None:
    surface = open_served(page, voila_url, f"deal={share_code(OPENING)}&lang=fr")
    check_arrows_move_in_the_hand(surface, page, output_dir)


def test_static_arrows_move_in_the_hand(page: Page, site_url: str, output_dir: Path) -> None:
    surface = open_static(page, site_url, f"deal={share_code(OPENING)}")
    check_arrows_move_in_the_hand(surface, page, output_dir)


SCROLL_DOWN = """() => {
  for (const e of document.querySelectorAll('*')) {
    if (/auto|scroll/.test(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight) {
      e.scrollTop = e.scrollHeight;
    }
  }
  window.scrollTo(0, document.documentElement.scrollHeight);
}"""
"""The page scrolled to its bottom, as a player scrolls to a button under a long screen
(Voilà's page scrolls in a box of its own)."""

SCROLLED = """() => [window.scrollY,
  ...[...document.querySelectorAll('*')].map(e => e.scrollTop).filter(top => top > 0)]"""

IN_VIEW = """() => {
  const felt = document.querySelector('.ht-main .ht-felt-box');
  const hand = document.querySelector('.ht-main .ht-hand');
  if (!felt || !hand || !hand.querySelector('.ht-card')) return false;
  return felt.getBoundingClientRect().top >= 0
    && hand.getBoundingClientRect().bottom <= window.innerHeight;
}"""


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)])
def test_served_laptop_shows_the_table_after_start_and_pass(
    browser: Browser, voila_url: str, output_dir: Path, size: tuple[int, int]
) -> None:
    """On a laptop's screen, « Commencer la partie » at the bottom of the start screen and
    « Passer ces cartes » with the page scrolled down bring the table's top and the hand
    into view; a card played with the table in view does not move the page."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        page.goto(f"{voila_url}?lang=fr", timeout=2 * LOAD_TIMEOUT, wait_until="commit")
        start = named(page, "ui.button.start", "fr")
        start.wait_for(timeout=LOAD_TIMEOUT)
        page.evaluate(SCROLL_DOWN)
        start.click(timeout=STEP_TIMEOUT)
        expect(page.locator(HAND)).to_have_count(13, timeout=STEP_TIMEOUT)
        page.wait_for_function(IN_VIEW, timeout=STEP_TIMEOUT)
        page.screenshot(path=output_dir / "after-start.png")
        for index in range(3):
            page.locator(HAND).nth(index).click()
            expect(page.locator(".ht-hand .ht-picked")).to_have_count(index + 1)
        page.evaluate(SCROLL_DOWN)
        named(page, "ui.pass.confirm", "fr").click(timeout=STEP_TIMEOUT)
        expect(page.locator(".ht-hand .ht-picked")).to_have_count(0, timeout=STEP_TIMEOUT)
        expect(page.locator(".ht-main .ht-note").first).to_be_focused(timeout=STEP_TIMEOUT)
        page.wait_for_function(IN_VIEW, timeout=STEP_TIMEOUT)
        page.screenshot(path=output_dir / "after-pass.png")
        scrolled = page.evaluate(SCROLLED)
        size_before = page.locator(HAND).count()
        page.locator(PLAYABLE).first.click(timeout=STEP_TIMEOUT)
        expect(page.locator(HAND)).to_have_count(size_before - 1, timeout=STEP_TIMEOUT)
        expect(page.locator(".ht-main .ht-note").first).to_be_focused(timeout=STEP_TIMEOUT)
        page.evaluate(
            "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        assert page.evaluate(SCROLLED) == scrolled
        assert page.evaluate(IN_VIEW)
    finally:
        context.close()


def check_starting_from_the_rules_asks(
    surface: Surface, page: Page, lang: str, out: Path, reopen: Callable[[], Surface]
) -> None:
    """« Changer de règles » with a game under way, then « Commencer la partie »: the
    table's question, in the page's language, the keyboard on « non »; « non » (Enter)
    changes nothing and the game is resumed as it was; « oui » starts a new game, and
    Back brings the game left back."""
    cards = surface.locator(HAND)
    expect(cards).to_have_count(13, timeout=STEP_TIMEOUT)
    surface.locator(PLAYABLE).first.click(timeout=STEP_TIMEOUT)  # the two of clubs
    expect(cards).to_have_count(12, timeout=STEP_TIMEOUT)
    expect(page).to_have_url(re.compile(r"[?&]game="), timeout=STEP_TIMEOUT)
    played = page.url
    question = surface.get_by_text(text("table.new_game.ask", lang))
    _, yes, no = (named(surface, key, lang) for key in NEW_GAME_KEYS)
    start = named(surface, "ui.button.start", lang)
    resume = named(surface, "ui.button.resume", lang)
    named(surface, "ui.button.change_rules", lang).first.click(timeout=STEP_TIMEOUT)
    start.click(timeout=STEP_TIMEOUT)
    expect(question).to_be_visible(timeout=STEP_TIMEOUT)
    expect(question).to_have_attribute("lang", lang)
    expect(no).to_be_focused()
    expect(cards).to_have_count(0)  # still the start screen: nothing was started
    page.screenshot(path=out / "rules-asked.png")
    page.keyboard.press("Enter")  # « non »
    expect(question).to_be_hidden(timeout=STEP_TIMEOUT)
    expect(resume).to_be_focused(timeout=STEP_TIMEOUT)
    assert page.url == played
    page.keyboard.press("Enter")  # back to the game, as it was
    expect(cards).to_have_count(12, timeout=STEP_TIMEOUT)
    expect(question).to_be_hidden()
    named(surface, "ui.button.change_rules", lang).first.click(timeout=STEP_TIMEOUT)
    start.click(timeout=STEP_TIMEOUT)
    expect(no).to_be_focused(timeout=STEP_TIMEOUT)
    page.keyboard.press("Shift+Tab")
    expect(yes).to_be_focused()
    page.keyboard.press("Enter")  # « oui »
    expect(cards).to_have_count(13, timeout=STEP_TIMEOUT)  # a new game's first deal
    expect(page).not_to_have_url(played, timeout=STEP_TIMEOUT)
    assert seed_of(page.url) != seed_of(played)
    page.go_back(wait_until="commit")
    surface = reopen()
    expect(surface.locator(HAND)).to_have_count(12, timeout=STEP_TIMEOUT)
    assert seed_of(page.url) == seed_of(played)


def test_served_starting_from_the_rules_asks(page: Page, voila_url: str, output_dir: Path) -> None:
    surface = open_served(page, voila_url, f"deal={share_code(OPENING)}&lang=fr")

    def reopened() -> Surface:
        page.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)
        return page

    check_starting_from_the_rules_asks(surface, page, "fr", output_dir, reopened)


def test_static_starting_from_the_rules_asks(page: Page, site_url: str, output_dir: Path) -> None:
    surface = open_static(page, site_url, f"deal={share_code(OPENING)}")
    check_starting_from_the_rules_asks(
        surface, page, "fr", output_dir, lambda: open_static_here(page)
    )
