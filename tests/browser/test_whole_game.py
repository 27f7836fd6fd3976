"""A whole game at the card room, in both servings: three deals in a row.

The served playground (Voilà) and the static book's playground (Pyodide, no server) are
played the same way, from the start screen: the shooter's-choice rules, three deals with
a pass each (left, right, across), a review after the first deal, a trip to the rules and
back, and in the third deal a moon shot by the person, who chooses how it counts, then
reviews the deal, replays it at the table from a decision and goes back to it as played. At
every phase the controls that phase needs are visible and enabled, and those it does not
need are hidden: the static book once showed no button that a phase change should have
shown (its kernel sent ``None`` as ``undefined``), so that a game stopped after one deal.

The person plays by a fixed rule (pass the three lowest cards, play the highest legal
card), so that with this seed and the random bots the game is known in advance: the test
first plays it in Python, on the same table code the pages run, and checks that the third
deal is the person's moon.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import FrameLocator, Locator, Page, expect
from support.table_page import HAND, PLAYABLE

from hearts_teach import Card, Rules, Suit
from hearts_teach.i18n import text

pytestmark = pytest.mark.browser

SEED = 52  # with the random bots and the rule below, the person shoots the third deal
BOTS = "random"
PRESET = "shooters-choice"
DEALS = 3
MOON_DEAL = 3
LOAD_TIMEOUT = 90_000  # ms: a kernel starts, or Python in the page
STEP_TIMEOUT = 30_000
SUITS = "CDSH"  # the tie-break between two cards of one rank: Card's suit order


def rank_of_letter(letter: str) -> int:
    """A card's rank from the letter on its face (the class ``ht-r-<letter>``), in either
    language."""
    ranks = {str(n): n for n in range(2, 11)} | {"J": 11, "Q": 12, "K": 13, "A": 14}
    return (ranks | {"V": 11, "D": 12, "R": 13})[letter]


def card_order(card: Card) -> tuple[int, int]:
    return card.rank, SUITS.index(card.suit.letter)


def passed_cards(hand: list[Card]) -> list[Card]:
    """The person's pass: the three lowest cards."""
    return sorted(hand, key=card_order)[:3]


def played_card(legal: list[Card]) -> Card:
    """The person's card: the highest legal one (it takes tricks, and here a moon)."""
    return max(legal, key=card_order)


def test_the_seeded_game_is_the_persons_moon_in_its_third_deal() -> None:
    """The game the browser tests play, played first in Python on the same table."""
    from hearts_teach_widgets.table import HeartsTable

    table = HeartsTable(Rules.preset(PRESET), seed=SEED, bot_level=BOTS, delay=0)
    moons = []
    for number in range(1, DEALS + 1):
        assert table.deal.phase == "pass"
        table.choose_pass(list[Card | str](passed_cards(list(table.deal.hand(0)))))
        assert table.confirm_pass()
        while not table.deal.is_complete:
            if table.deal.pending_moon_choice is not None:
                moons.append(number)
                assert table.choose_moon("subtract")
                continue
            assert table.play_card(played_card(list(table.deal.legal_moves())))
        if number < DEALS:
            assert table.next_deal()
    assert moons == [MOON_DEAL]


# --- the page, served or static ---------------------------------------------------

Surface = Page | FrameLocator


def button(surface: Surface, key: str, lang: str, **params: Any) -> Locator:
    # The name as the browser computes it: an icon's glyph (CSS content) may come first.
    label = re.compile(rf"^\W*{re.escape(text(key, lang, **params))}$")
    return surface.get_by_role("button", name=label)


def moon_buttons(surface: Surface, lang: str) -> list[Locator]:
    amount = Rules.preset(PRESET).moon_value
    return [
        button(surface, f"ui.moon_choice.{c}", lang, amount=amount) for c in ("add", "subtract")
    ]


def check_controls(
    surface: Surface, lang: str, phase: str, shown: list[Locator], hidden: list[Locator]
) -> None:
    for control in shown:
        expect(control, f"{phase}: {control} shown").to_be_visible(timeout=STEP_TIMEOUT)
        expect(control, f"{phase}: {control} enabled").to_be_enabled(timeout=STEP_TIMEOUT)
    for control in hidden:
        expect(control, f"{phase}: {control} hidden").to_be_hidden(timeout=STEP_TIMEOUT)


def cards_of(surface: Surface, selector: str) -> list[Card]:
    """The cards the page shows under ``selector``, read from their face classes."""
    classes = surface.locator(selector).evaluate_all("cards => cards.map(c => c.className)")
    found = []
    for names in classes:
        parts = dict(
            name.split("-", 2)[1:] for name in names.split() if name[:5] in ("ht-r-", "ht-s-")
        )
        found.append(Card.of(rank_of_letter(parts["r"]), Suit(SUITS.index(parts["s"]))))
    return found


def click_card(surface: Surface, selector: str, card: Card) -> None:
    index = cards_of(surface, selector).index(card)
    surface.locator(selector).nth(index).click(timeout=STEP_TIMEOUT)


def wait_for_hand(surface: Surface, size: int) -> None:
    expect(surface.locator(HAND)).to_have_count(size, timeout=STEP_TIMEOUT)


def play_a_game_of_three_deals(
    surface: Surface, lang: str, shot: Callable[[str], None], set_instant_bots: bool
) -> None:
    """From the start screen to the end of the third deal, checking every phase's
    controls; ``shot(name)`` saves a screenshot."""
    start = button(surface, "ui.button.start", lang)
    resume = button(surface, "ui.button.resume", lang)
    pass_button = button(surface, "ui.pass.confirm", lang)
    next_deal = button(surface, "ui.button.next_deal", lang)
    review = button(surface, "ui.review.button", lang)
    hint = button(surface, "ui.button.hint", lang)
    rules = button(surface, "ui.button.change_rules", lang)
    add, subtract = moon_buttons(surface, lang)

    check_controls(surface, lang, "start", [start], [resume])
    variant = surface.get_by_role("combobox", name=text("ui.label.variant", lang))
    variant.select_option(label=text(f"variant.{PRESET}", lang))
    start.click()
    wait_for_hand(surface, 13)
    if set_instant_bots:
        pace = surface.get_by_role("combobox", name=text("ui.pace.label", lang))
        pace.select_option(label=text("ui.pace.instant", lang))
    for number in range(1, DEALS + 1):
        # the pass: the button shows, and it is enabled once three cards are chosen
        check_controls(surface, lang, f"deal {number} pass", [], [next_deal, review, add, subtract])
        expect(pass_button).to_be_visible(timeout=STEP_TIMEOUT)
        hand = cards_of(surface, HAND)
        assert len(hand) == 13
        for index, card in enumerate(passed_cards(hand)):
            click_card(surface, HAND, card)
            expect(surface.locator(".ht-hand .ht-picked")).to_have_count(index + 1)
        check_controls(surface, lang, f"deal {number} pass chosen", [pass_button], [next_deal])
        shot(f"deal{number}-pass")
        pass_button.click()
        expect(pass_button).to_be_hidden(timeout=STEP_TIMEOUT)
        # the play: a card at each turn, the highest legal one
        for size in range(13, 0, -1):
            expect(surface.locator(PLAYABLE).first).to_be_visible(timeout=STEP_TIMEOUT)
            check_controls(
                surface,
                lang,
                f"deal {number} card {14 - size}",
                [hint],
                [next_deal, review, add, subtract],
            )
            click_card(surface, PLAYABLE, played_card(cards_of(surface, PLAYABLE)))
            wait_for_hand(surface, size - 1)
        if number == MOON_DEAL:
            check_controls(surface, lang, "the moon's choice", [add, subtract], [next_deal, review])
            shot("moon-choice")
            subtract.click()
        if number < DEALS:
            check_controls(
                surface,
                lang,
                f"deal {number} over",
                [next_deal, review],
                [pass_button, add, subtract],
            )
        else:
            check_controls(
                surface, lang, f"deal {number} over", [review], [pass_button, add, subtract]
            )
        shot(f"deal{number}-over")
        if number == 1:
            review.click()
            panel = surface.locator(".ht-review")
            expect(panel.first).to_be_visible(timeout=STEP_TIMEOUT)
            shot("review")
            # the rules, and back to the game left for them
            rules.click()
            check_controls(surface, lang, "rules during a game", [start, resume], [next_deal])
            shot("rules")
            resume.click()
            check_controls(surface, lang, "back at the table", [next_deal, review], [resume])
        if number == MOON_DEAL:
            replay_at_the_table(surface, lang, shot)
        if number < DEALS:
            next_deal.click()
            wait_for_hand(surface, 13)
    sheet = surface.locator(".ht-scores").first
    rows = sheet.locator("tbody tr")
    expect(rows).to_have_count(DEALS)
    moon_row = [
        int(cell.replace("−", "-"))
        for cell in rows.nth(MOON_DEAL - 1).locator("td").all_inner_texts()
    ]
    assert moon_row[0] == -26 and moon_row[1:] == [0, 0, 0], moon_row


def replay_at_the_table(surface: Surface, lang: str, shot: Callable[[str], None]) -> None:
    """The moon's deal reviewed, then replayed at the table from its first decision
    with a replay button: the person plays on to the end, and goes back to the deal as
    played, which the game keeps (the score sheet after says so)."""
    review = button(surface, "ui.review.button", lang)
    hint = button(surface, "ui.button.hint", lang)
    back = button(surface, "ui.replay.back_button", lang)
    add, subtract = moon_buttons(surface, lang)
    check_controls(surface, lang, "before the review", [review], [back])
    review.click()
    replays = surface.locator(".ht-review-line button")
    expect(replays.first).to_be_visible(timeout=2 * STEP_TIMEOUT)
    expect(replays.first).to_be_enabled()
    replays.first.click()
    banner = surface.locator(".ht-replay-badge")
    expect(banner).to_have_text(text("ui.replay.banner", lang), timeout=STEP_TIMEOUT)
    expect(surface.locator(".ht-review")).to_have_count(0, timeout=STEP_TIMEOUT)
    shot("replay-started")
    for _ in range(14):
        if not surface.locator(HAND).count():
            break
        if subtract.is_visible():
            check_controls(surface, lang, "the replay's moon", [add, subtract, back], [])
            subtract.click()
            continue
        expect(surface.locator(PLAYABLE).first).to_be_visible(timeout=STEP_TIMEOUT)
        check_controls(surface, lang, "a replay's card", [hint, back], [review])
        size = surface.locator(HAND).count()
        click_card(surface, PLAYABLE, played_card(cards_of(surface, PLAYABLE)))
        wait_for_hand(surface, size - 1)
    if subtract.is_visible():
        subtract.click()
    check_controls(surface, lang, "the replay over", [back, review], [add, subtract])
    expect(surface.locator(".ht-message").first).to_contain_text(
        text("ui.replay.counts", lang), timeout=STEP_TIMEOUT
    )
    shot("replay-over")
    back.click()
    check_controls(surface, lang, "back to the deal as played", [review], [back, banner])


def play_the_shooters_choice_lesson(
    surface: Surface, lang: str, shot: Callable[[str], None]
) -> None:
    """The lessons tab's "shooter's choice" lesson to its end, the moon's choice made by its
    buttons, and back to the list of lessons."""
    import hearts_teach_widgets.lessons  # noqa: F401  (registers the lessons' words)

    from hearts_teach.teaching.lessons import get_lesson

    lesson = get_lesson("shooters-choice-totals")
    surface.get_by_role("tab", name=text("ui.tab.lessons", lang)).click()
    opener = button(surface, "ui.lessons.open", lang, title=lesson.title[lang]).or_(
        surface.get_by_role("button", name=lesson.title[lang], exact=True)
    )
    opener.first.click(timeout=STEP_TIMEOUT)
    add, subtract = moon_buttons(surface, lang)
    continue_button = button(surface, "ui.lesson.continue", lang)
    done = surface.locator(".ht-lesson-done")
    for _ in range(60):
        if done.count():
            break
        if add.is_visible():
            check_controls(surface, lang, "the lesson's moon", [add, subtract], [])
            shot("lesson-moon")
            subtract.click()
            expect(subtract).to_be_hidden(timeout=STEP_TIMEOUT)
            continue
        if continue_button.is_enabled():
            continue_button.click()
            continue
        playable = surface.locator(PLAYABLE)
        before = surface.locator(HAND).count()
        if playable.count():
            playable.first.click(timeout=STEP_TIMEOUT)
            expect(surface.locator(HAND)).not_to_have_count(before, timeout=STEP_TIMEOUT)
        else:
            expect(playable.first.or_(add).or_(done).first).to_be_visible(timeout=STEP_TIMEOUT)
    else:
        pytest.fail("the lesson did not end after 60 actions")
    expect(done).to_be_visible()
    assert "64" in surface.locator(".ht-lesson").first.inner_text()
    shot("lesson-done")
    button(surface, "ui.lessons.back", lang).click()
    # the list of lessons comes back (it was hidden while the lesson was open)
    expect(opener.first).to_be_visible(timeout=STEP_TIMEOUT)


def test_served_playground_plays_three_deals(page: Page, voila_url: str, output_dir: Path) -> None:
    page.goto(f"{voila_url}?seed={SEED}&bots={BOTS}&lang=en")
    page.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)
    play_a_game_of_three_deals(
        page, "en", lambda name: page.screenshot(path=output_dir / f"{name}.png"), False
    )


def test_static_playground_plays_three_deals(page: Page, site_url: str, output_dir: Path) -> None:
    page.goto(f"{site_url}book/fr/playground.html?seed={SEED}&bots={BOTS}")
    slot = page.locator("[data-ht-live]").first
    expect(slot).to_have_attribute("data-ht-state", "ready", timeout=LOAD_TIMEOUT)
    table = slot.frame_locator(".ht-live-frame")
    play_a_game_of_three_deals(
        table, "fr", lambda name: page.screenshot(path=output_dir / f"{name}.png"), True
    )


def test_served_lessons_tab_plays_the_shooters_choice(
    page: Page, voila_url: str, output_dir: Path
) -> None:
    page.goto(f"{voila_url}?lang=en")
    page.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)
    play_the_shooters_choice_lesson(
        page, "en", lambda name: page.screenshot(path=output_dir / f"{name}.png")
    )


def test_static_lessons_tab_plays_the_shooters_choice(
    page: Page, site_url: str, output_dir: Path
) -> None:
    page.goto(f"{site_url}book/fr/playground.html")
    slot = page.locator("[data-ht-live]").first
    expect(slot).to_have_attribute("data-ht-state", "ready", timeout=LOAD_TIMEOUT)
    play_the_shooters_choice_lesson(
        slot.frame_locator(".ht-live-frame"),
        "fr",
        lambda name: page.screenshot(path=output_dir / f"{name}.png"),
    )
