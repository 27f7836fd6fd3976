"""The table in chromium, as a player feels it: a phone's width without sideways
scrolling, boxes that keep their place and size from turn to turn, the bots' cards shown
one after another (and all at once on demand), the keyboard's safe place after a card,
the language switch that shows the language in use, and the end-of-game chart whose
legend never covers the target line. Screenshots go to test-output/<test name>/."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hearts_teach_widgets.style import style_tag
from hearts_teach_widgets.summary import summary_html
from playwright.sync_api import Page, expect
from support.table_page import HAND, PLAYABLE

from hearts_teach import Card, Deal, Game, Rules
from hearts_teach.i18n import text
from hearts_teach.records import share_code

pytestmark = pytest.mark.browser

LOAD_TIMEOUT = 60_000  # ms: a kernel starts for each page
CORNER = {"x": 10, "y": 20}
"""Where a card is tapped: its index corner, in view even when a phone fans the hand."""
PHONE = {"width": 390, "height": 844}

# Where each box of the table is, relative to the table (the page may scroll).
MEASURE = """() => {
  const root = document.querySelector('.ht-felt').closest('.ht-root').getBoundingClientRect();
  const box = (element) => {
    const r = element.getBoundingClientRect();
    return [Math.round(r.left - root.left), Math.round(r.top - root.top),
            Math.round(r.width), Math.round(r.height)];
  };
  const all = (selector) => [...document.querySelectorAll(selector)].map(box);
  return {felt: all('.ht-felt'), seats: all('.ht-seat'), centre: all('.ht-centre'),
          corner: all('.ht-corner'), hand: all('.ht-hand'), status: all('.ht-status')};
}"""

# Anything wider than the screen, or any box that scrolls sideways.
SIDEWAYS = """() => {
  const wide = [];
  for (const element of document.querySelectorAll('body *')) {
    const r = element.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && (r.right > innerWidth + 1 || r.left < -1)) {
      wide.push(element.tagName + '.' + element.className);
    }
    const style = getComputedStyle(element);
    if (['auto', 'scroll'].includes(style.overflowX) && element.scrollWidth > element.clientWidth + 1) {
      wide.push('scrolls: ' + element.tagName + '.' + element.className);
    }
  }
  const page = document.scrollingElement;
  if (page.scrollWidth > page.clientWidth + 1) wide.push('the page');
  return wide.slice(0, 10);
}"""

# Buttons whose label does not fit (cut, or an ellipsis).
CUT = """() => [...document.querySelectorAll('.ht-root .jupyter-button:not(.ht-card)')]
  .filter((b) => b.offsetParent !== null && getComputedStyle(b).visibility !== 'hidden')
  .filter((b) => b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1)
  .map((b) => b.textContent.trim())"""


# Words cut with an ellipsis (any visible element whose text overflows a box that
# ends it with "…").
CUT_TEXT = """() => [...document.querySelectorAll('.ht-root *')]
  .filter((e) => e.offsetParent !== null && getComputedStyle(e).textOverflow === 'ellipsis'
    && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
  .map((e) => e.className + ': ' + e.textContent.trim().slice(0, 40))"""


# Tabs whose words do not fit their tab.
CUT_TABS = """() => [...document.querySelectorAll('.lm-TabBar-tab')]
  .filter((t) => t.offsetParent !== null)
  .filter((t) => [t, ...t.querySelectorAll('.lm-TabBar-tabLabel')]
    .some((e) => e.scrollWidth > e.clientWidth + 1))
  .map((t) => t.textContent.trim())"""

# A trick's name under one card that another card lies on (« Vous » on « Nord »).
LABEL_UNDER_CARD = """() => {
  const slots = [...document.querySelectorAll('.ht-centre .ht-slot')]
    .filter((s) => s.offsetParent !== null && getComputedStyle(s).visibility !== 'hidden');
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
    && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const found = [];
  for (const slot of slots) {
    const label = slot.querySelector('.ht-slot-label');
    if (!label) continue;
    for (const other of slots) {
      const card = other.querySelector('.ht-face');
      if (other !== slot && card && meets(label.getBoundingClientRect(), card.getBoundingClientRect())) {
        found.push(label.textContent.trim() + ' under ' + card.textContent.trim());
      }
    }
  }
  return found;
}"""


def kernel_barrier(page: Page) -> None:
    """Wait until the kernel has handled every click and key sent so far: the page's
    language is switched (a message handled after them, in order) and back, each time
    until the table is drawn in it. What an earlier action would have done is done by
    then, however slow the machine, so that "nothing happened" can be asserted."""
    current = page.locator(".ht-status").first.get_attribute("lang") or "en"
    for lang in ("fr" if current == "en" else "en", current):
        name = "Français" if lang == "fr" else "English"
        page.get_by_role("radio", name=name).first.check()
        expect(page.locator(f'.ht-status[lang="{lang}"]').first).to_be_attached()


def open_playground(page: Page, url: str, query: str = "") -> None:
    page.goto(url + query)
    page.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)


def at_once(page: Page) -> None:
    """Tests set the bots' delay to zero: their cards are drawn at once."""
    page.get_by_label("Bots’ speed").select_option(label="At once")


def start_and_pass(page: Page) -> None:
    page.get_by_role("button", name="Start the game").click()
    page.locator(HAND).first.wait_for()
    at_once(page)
    for index in range(3):
        page.locator(HAND).nth(index).click(position=CORNER)
        expect(page.locator(".ht-hand .ht-picked")).to_have_count(index + 1)
    page.get_by_role("button", name="Pass these cards").click()
    expect(page.locator(".ht-corner")).to_contain_text("East → you", timeout=20_000)
    expect(page.locator(".ht-hand .ht-received")).to_have_count(3)


def play_one(page: Page) -> None:
    size = page.locator(HAND).count()
    page.locator(PLAYABLE).first.click(position=CORNER)
    page.wait_for_function(
        "n => document.querySelectorAll('.ht-hand .ht-card').length < n", arg=size, timeout=30_000
    )


def test_a_phone_shows_the_whole_table_without_sideways_scrolling(
    page: Page, voila_url: str, output_dir: Path
) -> None:
    page.set_viewport_size(PHONE)
    open_playground(page, voila_url, "?lang=fr")  # the longer words
    expect(page.get_by_role("button", name="Commencer la partie")).to_be_visible()
    assert page.evaluate(SIDEWAYS) == []  # the start screen too
    assert page.evaluate(CUT_TABS) == []  # « Enseignants », not « Enseignant »
    page.screenshot(path=output_dir / "start.png")
    page.get_by_role("radio", name="English").click()
    start_and_pass(page)
    page.screenshot(path=output_dir / "after-pass.png", full_page=True)
    assert page.evaluate(SIDEWAYS) == []
    for turn in range(3):
        play_one(page)
        assert page.evaluate(SIDEWAYS) == [], turn
        assert page.evaluate(LABEL_UNDER_CARD) == [], turn
    # the hand in even rows of seven cards at most (ten: five and five), every card
    # inside the screen
    tops = page.evaluate(f"[...document.querySelectorAll('{HAND}')].map(c => c.offsetTop)")
    rows = [tops.count(top) for top in sorted(set(tops))]
    assert len(tops) == 13 - 3 and max(rows) <= 7 and max(rows) - min(rows) <= 1, rows
    assert page.evaluate(CUT) == []
    assert page.evaluate(CUT_TEXT) == []
    page.locator(".ht-felt").scroll_into_view_if_needed()
    page.screenshot(path=output_dir / "phone.png")
    page.screenshot(path=output_dir / "phone-full.png", full_page=True)


@pytest.mark.parametrize(
    "viewport", [{"width": 1280, "height": 1000}, PHONE], ids=["wide", "phone"]
)
def test_the_tables_boxes_keep_their_place_and_size_turn_after_turn(
    page: Page, voila_url: str, output_dir: Path, viewport: dict[str, int]
) -> None:
    """Measured as the review did: the felt, each seat, the trick, the corner and the
    hand after each card (the review saw the felt range over 180 px and the hand move
    by 154 px over ten turns)."""
    page.set_viewport_size(viewport)
    open_playground(page, voila_url)
    start_and_pass(page)
    seen: list[dict[str, Any]] = []
    for turn in range(8):
        play_one(page)
        seen.append(page.evaluate(MEASURE))
        if turn in (0, 7):
            page.screenshot(path=output_dir / f"turn-{turn + 1}.png", full_page=True)
    first = seen[0]
    assert len(first["seats"]) == 4 and first["hand"]
    for turn, boxes in enumerate(seen[1:], start=2):
        assert boxes == first, f"turn {turn}: {boxes} != {first}"
    assert page.evaluate(CUT) == []


def test_the_bots_cards_come_one_after_another_and_all_at_once_on_demand(
    page: Page, voila_url: str, output_dir: Path
) -> None:
    page.emulate_media(reduced_motion="reduce")  # in turn still, without sliding
    deal = Deal.new(Rules(), seed=12, deal_number=3)  # no pass
    open_playground(page, voila_url, f"?deal={share_code(deal)}")
    page.locator(PLAYABLE).first.wait_for(timeout=LOAD_TIMEOUT)
    page.get_by_label("Bots’ speed").select_option(label="Slow")
    play_one(page)
    slots = page.locator(".ht-centre .ht-layer").first.locator(".ht-slot")
    expect(slots).to_have_count(4, timeout=20_000)  # the trick the person's card went into
    hidden = "e => getComputedStyle(e).visibility === 'hidden'"
    # the last bot card of the trick is not shown yet; the skip button is
    assert slots.last.evaluate(hidden)
    skip = page.get_by_role("button", name="Skip the animation")
    expect(skip).to_be_visible()
    page.screenshot(path=output_dir / "in-turn.png", full_page=True)
    # the cards come by themselves, one delay apart
    page.wait_for_function(
        "([e]) => getComputedStyle(e).visibility !== 'hidden'",
        arg=[slots.last.element_handle()],
        timeout=10_000,
    )
    # a new card, then "Skip the animation": the whole reply at once, the button gone
    play_one(page)
    skip.click()
    expect(page.locator(".ht-centre .ht-in")).to_have_count(0)
    expect(skip).to_be_hidden()
    page.screenshot(path=output_dir / "all-at-once.png", full_page=True)


def test_after_enter_the_focus_is_not_on_a_card(
    page: Page, voila_url: str, output_dir: Path
) -> None:
    deal = Deal.new(Rules(), seed=12, deal_number=3)  # the fourth deal: no pass
    open_playground(page, voila_url, f"?deal={share_code(deal)}")
    page.locator(PLAYABLE).first.wait_for(timeout=LOAD_TIMEOUT)
    at_once(page)
    page.locator(PLAYABLE).first.focus()  # (reaching it by Tab: test_playground)
    for played in range(3):
        size = page.locator(HAND).count()
        page.keyboard.press("Enter")
        page.wait_for_function(
            "n => document.querySelectorAll('.ht-hand .ht-card').length < n", arg=size
        )
        page.wait_for_function("document.activeElement.classList.contains('ht-note')")
        focused = page.evaluate(
            "[document.activeElement.className, document.activeElement.textContent]"
        )
        assert "ht-card" not in focused[0] and "Your turn" in focused[1]
        if played == 0:
            page.screenshot(path=output_dir / "focus.png", full_page=True)
            # a second Enter plays nothing
            page.keyboard.press("Enter")
            kernel_barrier(page)
            assert page.locator(HAND).count() == size - 1
            page.locator(".ht-note").first.focus()
        # Tab goes on to the hand
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.classList.contains('ht-card')")
        if not page.evaluate("!document.activeElement.disabled"):
            pytest.fail("Tab reached a card that cannot be played")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_after_start_the_focus_is_at_the_table_not_on_a_card(
    page: Page, voila_url: str, output_dir: Path, lang: str
) -> None:
    """Enter on "Start the game" takes the keyboard to the note that says what to do
    (the safe place it goes to after a card), not to the page's body; a second Enter
    chooses no card, and Tab goes on to the hand."""
    open_playground(page, voila_url, f"?lang={lang}")
    name = "Start the game" if lang == "en" else "Commencer la partie"
    start = page.get_by_role("button", name=name)
    start.focus()
    page.keyboard.press("Enter")
    page.locator(HAND).first.wait_for()
    page.wait_for_function("document.activeElement.classList.contains('ht-note')")
    focused = page.evaluate("[document.activeElement.tagName, document.activeElement.textContent]")
    assert focused[0] != "BODY" and ("3" in focused[1])  # "3 cards go to West." / « 3 cartes… »
    page.screenshot(path=output_dir / "focus-after-start.png")
    page.keyboard.press("Enter")
    kernel_barrier(page)
    assert page.locator(".ht-hand .ht-picked").count() == 0
    page.locator(".ht-note").first.focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('ht-card')")


def test_the_table_and_the_hand_fit_a_laptop_screen(
    page: Page, voila_url: str, output_dir: Path
) -> None:
    """At 1280×800, from the top of the page: the whole felt and the hand, with room to
    spare below the hand (four and six seats, both languages); nothing cut."""
    page.set_viewport_size(LAPTOP)
    for preset in ("standard", "six-player"):
        for lang in ("en", "fr"):
            deal = Deal.new(Rules.preset(preset), seed=5)
            open_playground(page, voila_url, f"?deal={share_code(deal)}&lang={lang}")
            page.locator(HAND).first.wait_for()
            page.evaluate("window.scrollTo(0, 0)")
            boxes = page.evaluate(
                """() => Object.fromEntries(['.ht-felt', '.ht-hand'].map((s) => {
                  const r = document.querySelector(s).getBoundingClientRect();
                  return [s, [r.top, r.bottom]]; }))"""
            )
            felt, hand = boxes[".ht-felt"], boxes[".ht-hand"]
            assert felt[0] >= 0 and hand[1] <= LAPTOP["height"] - 40, (preset, lang, boxes)
            assert page.evaluate(CUT_TEXT) == [], (preset, lang)
            page.screenshot(path=output_dir / f"{preset}-{lang}.png")


def test_the_language_switch_shows_the_language_in_use(
    page: Page, voila_url: str, output_dir: Path
) -> None:
    open_playground(page, voila_url)
    start_and_pass(page)
    switch = page.locator(".widget-toggle-buttons, .ht-lang").first
    english = switch.get_by_role("button", name=re.compile("English")).or_(
        switch.get_by_role("radio", name="English")
    )
    french = switch.get_by_role("button", name=re.compile("Français")).or_(
        switch.get_by_role("radio", name="Français")
    )

    def in_use(control: Any, wanted: bool) -> bool:
        """Whether the control shows its language as the one in use: a checked radio
        button, or a pressed toggle marked ✓ (in its name too), within a few seconds."""
        for _ in range(50):
            state: bool = control.evaluate(
                "e => e.checked === true || e.classList.contains('mod-active')"
                " && getComputedStyle(e, '::before').content.includes('✓')"
            )
            if state == wanted:
                return True
            page.wait_for_timeout(100)
        return False

    assert in_use(english, True) and in_use(french, False)
    page.screenshot(path=output_dir / "english.png")
    french.click()
    expect(page.locator(".ht-status")).to_contain_text("À vous de jouer")
    assert in_use(french, True) and in_use(english, False)
    # each widget's new value reaches the page in its own message: wait for the last
    page.wait_for_function(
        "(() => { const langs = [...document.querySelectorAll("
        "'.ht-felt, .ht-status, .ht-scores')].map(e => e.closest('[lang]').lang);"
        " return langs.length >= 3 && langs.every(l => l === 'fr'); })()",
        timeout=10_000,
    )
    marker = page.locator(".ht-page").first
    expect(marker).to_have_attribute("data-lang", "fr")
    expect(marker).to_have_attribute("data-title", "Salle de jeu de la dame de pique")
    # the page's own script copies the marker to the document (the Voilà template)
    page.wait_for_function("document.documentElement.lang === 'fr'")
    expect(page).to_have_title("Salle de jeu de la dame de pique")
    page.screenshot(path=output_dir / "french.png")
    english.click()
    page.wait_for_function("document.documentElement.lang === 'en'")
    expect(page).to_have_title("Hearts playground")


def finished_game(target: int) -> Game:
    from support.engine import play_out

    game = Game(Rules(target=target), seed=3)
    while not game.is_over:
        if game.deal.is_over:
            game.next_deal()
        else:
            play_out(game.deal, random.Random(len(game.results)))
    return game


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_chart_legend_never_covers_the_target_line(
    page: Page, output_dir: Path, width: int, lang: str
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    for target in (100, 30):
        game = finished_game(target)
        page.set_content(
            f"<body>{style_tag()}<div class='ht-root'>{summary_html(game, lang)}</div>"
        )
        boxes = page.evaluate(
            """(target) => {
              const svg = document.querySelector('.ht-summary svg');
              const r = (e) => { const b = e.getBoundingClientRect();
                return [b.left, b.top, b.right, b.bottom]; };
              const lines = [...svg.querySelectorAll('path.line')];
              const reference = lines[lines.length - 1];
              const label = [...svg.querySelectorAll('text')].find(
                (t) => t.textContent.includes(String(target)) && t.closest('.plot'));
              return {legend: [...svg.querySelectorAll('g.legend')].map(r),
                      line: r(reference), label: r(label), svg: r(svg)};
            }""",
            target,
        )
        overlap = lambda a, b: a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]  # noqa: E731
        for legend in boxes["legend"]:
            assert not overlap(legend, boxes["label"]), (legend, boxes["label"])
            assert not overlap(legend, boxes["line"]), (legend, boxes["line"])
            assert legend[2] <= boxes["svg"][2] + 1
        page.screenshot(path=output_dir / f"chart-{target}.png", full_page=True)


# Boxes of the felt that overlap one another (seats, the corner, the middle), and
# cards of the trick in the middle that overlap.
OVERLAPS = """() => {
  const boxes = [...document.querySelectorAll('.ht-felt .ht-seat, .ht-felt .ht-corner, .ht-felt .ht-centre')];
  const slots = [...document.querySelectorAll('.ht-felt .ht-centre .ht-slot .ht-face')];
  const hit = (a, b) => {
    const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    return p.width > 0 && q.width > 0 && p.left < q.right - 1 && q.left < p.right - 1
      && p.top < q.bottom - 1 && q.top < p.bottom - 1;
  };
  const found = [];
  for (const group of [boxes, slots]) {
    group.forEach((a, i) => group.slice(i + 1).forEach((b) => {
      if (hit(a, b)) found.push(a.className + ' / ' + b.className);
    }));
  }
  return found;
}"""
LAPTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize("preset", ["five-player", "six-player"])
@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_five_and_six_seats_fit_a_laptop_and_a_phone(
    page: Page, voila_url: str, output_dir: Path, preset: str, viewport: dict[str, int]
) -> None:
    """Every seat on the felt, none over another or over the trick, a whole trick of five
    or six cards in the middle, no sideways scrolling, in both languages."""
    rules = Rules.preset(preset)
    page.set_viewport_size(viewport)
    open_playground(page, voila_url, f"?deal={share_code(Deal.new(rules, seed=5))}")
    page.locator(HAND).first.wait_for()
    at_once(page)
    expect(page.locator(".ht-felt .ht-seat")).to_have_count(rules.players)
    for index in range(3):
        page.locator(HAND).nth(index).click(position=CORNER)
        expect(page.locator(".ht-hand .ht-picked")).to_have_count(index + 1)
    page.get_by_role("button", name="Pass these cards").click()
    expect(page.locator(".ht-hand .ht-received")).to_have_count(3, timeout=20_000)
    for turn in range(rules.hand_size - 1):
        play_one(page)
        assert page.evaluate(SIDEWAYS) == [], turn
        assert page.evaluate(OVERLAPS) == [], turn
        assert page.evaluate(CUT_TEXT) == [], turn  # seat names, counts, the corner
        if (
            len(page.locator(".ht-felt .ht-centre .ht-layer:last-child .ht-slot").all())
            == rules.players
        ):
            break  # a whole trick in the middle
    tops = page.evaluate(f"[...document.querySelectorAll('{HAND}')].map(c => c.offsetTop)")
    assert len(set(tops)) == 1  # the hand on one row
    page.locator(".ht-felt-box").scroll_into_view_if_needed()
    page.screenshot(path=output_dir / "en.png")
    switch = page.locator(".widget-toggle-buttons, .ht-lang").first
    switch.get_by_role("button", name=re.compile("Français")).or_(
        switch.get_by_role("radio", name="Français")
    ).click()
    expect(page.locator(".ht-status")).to_have_attribute("lang", "fr")
    assert page.evaluate(SIDEWAYS) == []
    assert page.evaluate(OVERLAPS) == []
    assert page.evaluate(CUT) == []
    assert page.evaluate(CUT_TEXT) == []  # « Nord-Ouest », « Remporté par Sud-Est »...
    page.locator(".ht-felt-box").scroll_into_view_if_needed()
    page.screenshot(path=output_dir / "fr.png")


# Every control of a panel with the name a screen reader reads: a text box, a drop-down
# or a list by its <label>, or by aria-label / aria-labelledby / title; a slider's
# handle (role="slider") and an editable readout too, which is why the tools have none.
UNNAMED = """(root) => {
  const controls = root.querySelectorAll(
    'input, select, textarea, [role=slider], [role=spinbutton], [contenteditable=true]');
  const nameOf = (e) => {
    const label = e.labels && e.labels.length ? e.labels[0].textContent.trim() : '';
    const by = (e.getAttribute('aria-labelledby') || '').split(' ').filter(Boolean)
      .map((id) => (document.getElementById(id) || {}).textContent || '').join(' ').trim();
    return label || (e.getAttribute('aria-label') || '').trim() || by
      || (e.getAttribute('title') || '').trim()
      || (e.type === 'radio' || e.type === 'checkbox'
          ? (e.closest('label') || {}).textContent || '' : '').trim();
  };
  return {count: controls.length,
          unnamed: [...controls].filter((e) => !nameOf(e)).map((e) => e.outerHTML.slice(0, 120)),
          names: [...controls].map(nameOf)};
}"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_control_of_the_teachers_tools_has_a_name(
    page: Page, voila_url: str, output_dir: Path, lang: str
) -> None:
    """The teachers' tab after a finished deal (what-if included): each text box,
    drop-down, list and choice has an accessible name, in the page's language."""
    from hearts_teach_widgets.address import address_query
    from support.engine import play_out

    from hearts_teach.records import game_code

    game = Game(Rules(), seed=3)
    play_out(game.deal, random.Random(3))
    game.next_deal()
    query = address_query(game=game_code(game), seed=3, lang=lang, bots="heuristic")
    open_playground(page, voila_url, f"?{query}")
    page.locator(HAND).first.wait_for()
    page.get_by_role("tab", name="Teachers" if lang == "en" else "Enseignants").click()
    what_if = page.get_by_role("tab", name="What if?" if lang == "en" else re.compile("Et si"))
    what_if.click()
    trick = "Trick" if lang == "en" else "Pli"
    expect(page.get_by_role("combobox", name=trick, exact=True)).to_be_visible()
    panel = page.locator(".ht-root .ht-root").filter(
        has=page.get_by_role("tab", name=what_if.inner_text())
    )
    found = panel.first.evaluate(UNNAMED)
    assert found["count"] >= 10 and found["unnamed"] == [], found
    assert page.locator(".ht-root [role=slider]").count() == 0
    if lang == "fr":
        assert (
            "Position dans le pli" in found["names"] and "Place in the trick" not in found["names"]
        )
    page.screenshot(path=output_dir / "what-if.png", full_page=True)


# Words cut without an ellipsis too: any visible label, button or line of a seat whose
# text is wider than its box (with its words and the page's title="null" tooltips).
CLIPPED = """() => [...document.querySelectorAll(
    '.ht-root label, .ht-root .widget-label, .ht-root .ht-tag, .ht-root .ht-corner-line')]
  .filter((e) => e.offsetParent !== null && e.textContent.trim()
    && getComputedStyle(e).overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1)
  .map((e) => e.className + ': ' + e.textContent.trim().slice(0, 40))"""
NULL_TOOLTIPS = """() => [...document.querySelectorAll('.ht-root [title="null"]')]
  .filter((e) => e.offsetParent !== null && e.textContent.trim())
  .map((e) => e.textContent.trim().slice(0, 40))"""


def inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    return (
        inner["left"] >= outer["left"] - 1
        and inner["right"] <= outer["right"] + 1
        and inner["top"] >= outer["top"] - 1
        and inner["bottom"] <= outer["bottom"] + 1
    )


@pytest.mark.parametrize("preset", ["three-player", "six-player"])
def test_a_phone_shows_the_passing_badge_the_corner_and_the_cards_whole(
    page: Page, voila_url: str, output_dir: Path, preset: str
) -> None:
    """390 px: « Reçoit vos cartes » inside its seat's box and over no name; the pass's
    corner with its lines and card backs inside it; a three players' hand of 17 in two
    rows of cards at least 30 px wide; no label cut, no "null" tooltip."""
    page.set_viewport_size(PHONE)
    deal = Deal.new(Rules.preset(preset), seed=5)
    open_playground(page, voila_url, f"?deal={share_code(deal)}&lang=fr")
    page.locator(HAND).first.wait_for()
    page.locator(".ht-felt-box").scroll_into_view_if_needed()
    page.screenshot(path=output_dir / "felt.png")
    found = page.evaluate(
        """() => {
          const box = (e) => e.getBoundingClientRect().toJSON();
          const tag = document.querySelector('.ht-gets-tag');
          const seat = tag.closest('.ht-seat');
          const corner = document.querySelector('.ht-corner');
          return {tag: box(tag), seat: box(seat), name: box(seat.querySelector('.ht-name')),
                  corner: box(corner),
                  parts: [...corner.querySelectorAll('.ht-corner-line, .ht-face')].map(box),
                  cards: [...document.querySelectorAll('.ht-hand .ht-card')].map(box)};
        }"""
    )
    assert inside(found["tag"], found["seat"]), found
    assert found["tag"]["top"] >= found["name"]["bottom"] - 1  # under the name, not on it
    assert all(inside(part, found["corner"]) for part in found["parts"]), found
    widths = {round(card["width"]) for card in found["cards"]}
    assert min(widths) >= (30 if preset == "three-player" else 24), widths
    assert page.evaluate(CLIPPED) == []
    assert page.evaluate(NULL_TOOLTIPS) == []


def test_the_pass_and_hint_buttons_and_the_setup_labels_fit_a_laptop(
    page: Page, voila_url: str, output_dir: Path
) -> None:
    """1280×800, French: every label of the start screen whole (« La dame de pique ouvre
    les cœurs »); after Start, « Passer ces cartes » and « Conseil » above the fold, with
    the note, where the keyboard goes, in view too (the page does not jump to it)."""
    page.set_viewport_size(LAPTOP)
    open_playground(page, voila_url, "?lang=fr")
    start = page.get_by_role("button", name="Commencer la partie")
    expect(start).to_be_visible()
    assert page.evaluate(CLIPPED) == [] and page.evaluate(CUT_TEXT) == []
    assert page.evaluate(NULL_TOOLTIPS) == []
    page.screenshot(path=output_dir / "start.png", full_page=True)
    start.click()
    page.locator(HAND).first.wait_for()
    page.evaluate(
        "document.querySelectorAll('*').forEach((e) => { if (e.scrollTop) e.scrollTop = 0; });"
        "window.scrollTo(0, 0)"
    )
    page.screenshot(path=output_dir / "table.png")
    for name in ("Passer ces cartes", "Conseil"):
        box = page.get_by_role("button", name=name).bounding_box()
        assert box is not None and box["y"] + box["height"] <= LAPTOP["height"], (name, box)
    note = page.locator(".ht-note").bounding_box()
    assert note is not None and note["y"] + note["height"] <= LAPTOP["height"], note
    expect(page.get_by_role("button", name="Changer de règles")).to_be_visible()


def test_the_teachers_labels_are_whole_and_never_read_null(
    page: Page, voila_url: str, output_dir: Path
) -> None:
    """1280 px, French: on each page of the teachers' tools no label is cut (« Code de
    p… », « Premier n… », « Parties jo… ») and none shows the word "null" on hovering."""
    from hearts_teach_widgets.address import address_query
    from support.engine import play_out

    from hearts_teach.records import game_code

    page.set_viewport_size(LAPTOP)
    game = Game(Rules(), seed=3)
    play_out(game.deal, random.Random(3))
    game.next_deal()
    query = address_query(game=game_code(game), seed=3, lang="fr", bots="heuristic")
    open_playground(page, voila_url, f"?{query}")
    page.locator(HAND).first.wait_for()
    page.get_by_role("tab", name="Enseignants").click()
    inner = page.locator(".ht-root .ht-root .lm-TabBar-tab")
    expect(inner.first).to_be_visible()
    for index in range(inner.count()):
        inner.nth(index).click()
        expect(inner.nth(index)).to_have_attribute("aria-selected", "true")
        # the tab's own panel is shown (the tab bar names it by aria-controls)
        panel = inner.nth(index).get_attribute("aria-controls")
        if panel:
            expect(page.locator(f"[id='{panel}']")).to_be_visible()
        assert page.evaluate(CLIPPED) == [], inner.nth(index).inner_text()
        assert page.evaluate(CUT_TEXT) == [], inner.nth(index).inner_text()
        assert page.evaluate(NULL_TOOLTIPS) == [], inner.nth(index).inner_text()
        page.screenshot(path=output_dir / f"page-{index}.png", full_page=True)


# Where the keyboard is: the focused element's classes and words, and whether it is in view.
ACTIVE = """() => {
  const e = document.activeElement;
  const r = e.getBoundingClientRect();
  return {tag: e.tagName, classes: e.className, text: (e.textContent || '').trim().slice(0, 120),
          inView: r.bottom > 0 && r.top < innerHeight};
}"""


def keyboard_on_line(page: Page, words: str) -> dict[str, Any]:
    """Wait for the keyboard to reach a line of the page's (shared.anchor) with
    ``words``; where it is."""
    page.wait_for_function(
        "(words) => document.activeElement.classList.contains('ht-anchor')"
        " && document.activeElement.textContent.includes(words)",
        arg=words,
        timeout=60_000,
    )
    found: dict[str, Any] = page.evaluate(ACTIVE)
    return found


def test_the_keyboard_never_falls_to_the_page_after_a_lesson_card_a_review_or_a_replay(
    page: Page, voila_url: str, output_dir: Path
) -> None:
    """A lesson's right card (its button gone), « Analyser cette donne » and « Rejouer le
    pli … » (back at the table): the keyboard goes to a place of the page that says what
    happened, in view, never to the page's body."""
    from hearts_teach_widgets.address import address_query
    from support.engine import play_out

    from hearts_teach.i18n import card_name
    from hearts_teach.records import game_code
    from hearts_teach.teaching.lessons import LessonRun, get_lesson

    page.set_viewport_size(LAPTOP)
    lesson = get_lesson("omnibus-jack")
    run = LessonRun(lesson)
    run.advance()
    card = run.choices()[-1]
    open_playground(page, voila_url, "?lang=fr")
    page.get_by_role("tab", name="Leçons").click()
    page.get_by_role("button", name=re.compile(re.escape(lesson.title["fr"]))).first.click()
    named = card_name(card, "fr")
    button = page.get_by_role(
        "button", name=re.compile("^" + re.escape(named[:1].upper() + named[1:]))
    )
    button.focus()
    page.keyboard.press("Enter")
    active = keyboard_on_line(page, "Votre main")
    assert active["inView"] and "ht-card" not in active["classes"], active
    # a finished deal at the table: its review, then a replay
    game = Game(Rules(), seed=3)
    play_out(game.deal, random.Random(3))
    query = address_query(game=game_code(game), seed=3, lang="fr", bots="heuristic")
    open_playground(page, voila_url, f"?{query}")
    page.locator(".ht-felt").wait_for()
    review = page.get_by_role("button", name="Analyser cette donne")
    expect(review).to_be_enabled()
    review.click()
    replay = page.get_by_role("button", name=re.compile("Rejouer le pli")).first
    expect(replay).to_be_visible(timeout=120_000)
    active = keyboard_on_line(page, "Analyse de la donne")
    assert active["inView"] and active["tag"] != "BUTTON", active
    replay.focus()
    page.keyboard.press("Enter")
    # back at the table for the replay: the keyboard on the note that says what was
    # played (or on « Donne suivante » if the replayed card ended the deal), in view
    expect(page.locator(".ht-replay-badge")).to_contain_text("Donne rejouée")
    page.wait_for_function(
        "() => document.activeElement.classList.contains('ht-note')"
        " || document.activeElement.textContent.includes('Donne suivante')",
        timeout=60_000,
    )
    active = page.evaluate(ACTIVE)
    assert active["inView"] and active["tag"] != "BODY", active
    page.screenshot(path=output_dir / "replay.png")


def test_a_double_click_is_one_click(page: Page, voila_url: str, output_dir: Path) -> None:
    """A double-click on "Start the game" starts the visit's seeded game once, and on a
    card plays that card only: the second click would land on what the first put under
    the pointer (the table's next game, the next card of the hand)."""
    open_playground(page, voila_url, "?seed=5")
    page.get_by_role("button", name="Start the game").dblclick()
    page.locator(HAND).first.wait_for(timeout=LOAD_TIMEOUT)
    kernel_barrier(page)  # a second game would have come by now
    assert "seed=5" in page.evaluate("location.search")  # a second game takes seed 6
    deal = Deal.new(Rules(), seed=12, deal_number=3)  # the fourth deal: no pass
    open_playground(page, voila_url, f"?deal={share_code(deal)}")
    page.locator(PLAYABLE).first.wait_for(timeout=LOAD_TIMEOUT)
    at_once(page)
    for slid in (False, True, False, True):
        size = page.locator(HAND).count()
        if slid:
            # the hand moved between the two clicks: the second lands on another card
            page.locator(PLAYABLE).first.click(position=CORNER)
            page.wait_for_function(
                "n => document.querySelectorAll('.ht-hand .ht-card').length < n", arg=size
            )
            page.locator(PLAYABLE).first.dispatch_event("click", {"detail": 2})
        else:
            page.locator(PLAYABLE).first.dblclick()
            page.wait_for_function(
                "n => document.querySelectorAll('.ht-hand .ht-card').length < n", arg=size
            )
        kernel_barrier(page)  # the second click's card would have gone by now
        assert page.locator(HAND).count() == size - 1
        expect(page.locator(".ht-message.ht-error")).to_have_count(0)
    page.screenshot(path=output_dir / "after-double-clicks.png", full_page=True)


def test_a_phone_shows_a_lessons_verdict_with_the_hand(
    page: Page, voila_url: str, output_dir: Path
) -> None:
    """390 px: after a wrong card in a guided deal its verdict (« ✘ Pas celle-ci … »)
    was below the buttons, off the screen; it is right under the hand, with it on screen."""
    from hearts_teach.i18n import card_name
    from hearts_teach.teaching.lessons import LessonRun, get_lesson

    page.set_viewport_size(PHONE)
    lang = "fr"
    open_playground(page, voila_url, f"?lang={lang}")
    lesson = get_lesson("standard-first-trick")
    page.get_by_role("tab", name=text("ui.tab.lessons", lang)).click()
    page.get_by_role("button", name=text("ui.lessons.open", lang, title=lesson.title[lang])).or_(
        page.get_by_role("button", name=lesson.title[lang], exact=True)
    ).first.click()
    page.locator(".ht-lesson .ht-felt.ht-live").wait_for(timeout=30_000)

    def card(c: Card) -> Any:
        return page.locator(f".ht-lesson {HAND}").filter(
            has_text=re.compile(rf"^{re.escape(card_name(c, lang))}\b", re.IGNORECASE)
        )

    model = LessonRun(lesson)
    model.advance()
    for _ in range(40):
        assert not model.finished, "no key decision with a wrong card"
        choices = model.choices()
        wrong = [c for c in model.deal.legal_moves() if c not in choices]
        if model.question == "key" and wrong:
            card(wrong[0]).click(timeout=30_000)
            break
        card(choices[0]).click(timeout=30_000)
        model.answer(choices[0])
        model.advance()
        size = len(model.deal.hand(model.lesson.learner))
        expect(page.locator(f".ht-lesson {HAND}")).to_have_count(size, timeout=30_000)
    verdict = page.locator(".ht-lesson .ht-verdict")
    expect(verdict).to_contain_text("✘", timeout=30_000)
    page.screenshot(path=output_dir / "verdict.png")
    # right under the hand, before its buttons (« Conseil », « Continuer la leçon »)
    found = page.evaluate(
        """() => {
          const box = (s) => document.querySelector(s).getBoundingClientRect();
          return {verdict: box('.ht-lesson .ht-verdict'), hand: box('.ht-lesson .ht-main>.ht-hand'),
                  buttons: box('.ht-lesson .ht-main>.ht-toolbar')};
        }"""
    )
    assert found["hand"]["bottom"] - 1 <= found["verdict"]["top"], found
    assert found["verdict"]["bottom"] <= found["buttons"]["top"] + 1, found


def test_a_phone_shows_the_seats_words_whole_at_the_end_of_a_deal(
    page: Page, voila_url: str, output_dir: Path
) -> None:
    """390 px, a deal played out: the seats said « Plus de ca… » for « plus de cartes »."""
    page.set_viewport_size(PHONE)
    deal = Deal.new(Rules(), seed=3, deal_number=3)  # no pass
    while not deal.is_complete:
        deal.play(deal.legal_moves()[0])
    open_playground(page, voila_url, f"?deal={share_code(deal)}&lang=fr")
    expect(
        page.locator(".ht-seat .ht-meta").filter(has_text=re.compile("plus de cartes", re.I))
    ).to_have_count(3, timeout=LOAD_TIMEOUT)
    page.locator(".ht-felt-box").scroll_into_view_if_needed()
    page.screenshot(path=output_dir / "end.png")
    assert page.evaluate(CUT_TEXT) == []
