"""A lesson played at the table, to its last card, in both servings: the static book's
chapter (Python in the page) by clicks, and the served playground's lessons tab by the
keyboard alone.

The same lesson runs beside the page in this process (the lesson's bots are seeded, so
it plays the same cards): at every step the test knows which card the lesson expects,
and checks that the controls the step needs are visible and enabled (and the others
not), that no label of the page names a card still in another hand, and, at the pace
chosen, that the bots' cards appear one at a time and the finished trick stays in the
middle with its winner before it is gathered. Screenshots go to
``test-output/<test name>/``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Frame, Locator, Page, expect
from support.table_page import HAND, arrows_to

from hearts_teach import Card
from hearts_teach.i18n import card_name, seat_name, text
from hearts_teach.teaching.lessons import LessonRun, get_lesson

pytestmark = pytest.mark.browser

LOAD_TIMEOUT = 90_000  # ms: a kernel starts, or Python in the page
STEP_TIMEOUT = 30_000
LESSON = "standard-first-trick"
PACED = 2
"""The learner's first cards whose replies are watched at the "normal" pace; the rest at
once (the pacing is the same drawing every time: two replies show it, a trick finished
and gathered among them)."""

WATCH_REPLY = """
([ms]) => { window.htSeen = null; (async () => {
  const visible = (element) => {
    for (let e = element; e && e.classList; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.visibility === 'hidden' || style.display === 'none' || +style.opacity < 0.5) {
        return false;
      }
      if (e.classList.contains('ht-felt')) break;
    }
    return true;
  };
  const seen = [];
  const start = performance.now();
  let playing = false;
  while (performance.now() - start < ms) {
    const centre = document.querySelector('.ht-lesson .ht-centre');
    const skip = document.querySelector('.ht-lesson .ht-skip');
    const slots = centre ? [...centre.querySelectorAll('.ht-slot')].filter(visible) : [];
    const wins = centre ? [...centre.querySelectorAll('.ht-win')].filter(visible) : [];
    const captions = centre ? [...centre.querySelectorAll('.ht-caption')].filter(visible) : [];
    const names = slots.map((slot) => slot.querySelector('.ht-face').getAttribute('aria-label'));
    seen.push({names, wins: wins.length,
               caption: captions.map((c) => c.textContent).join(' | ')});
    const shown = skip && getComputedStyle(skip).visibility === 'visible';
    if (shown) playing = true;
    if (playing && !shown) break;  // the reply is shown whole
    await new Promise((done) => setTimeout(done, 30));
  }
  window.htSeen = seen;
})(); }
"""
"""Watch the lesson's felt from now until the reply is shown whole (its skip button shown,
then hidden): the cards in the middle that can be seen, the winner's marks, the captions;
the samples go to ``window.htSeen``."""

LABELS = """
() => {
  const root = document.querySelector('.ht-lesson');
  const said = [...root.querySelectorAll('[aria-label],[title]')].map(
    (e) => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''));
  said.push(...[...root.querySelectorAll('button')].map((b) => b.textContent));
  return said.join('\\n').toLowerCase();
}
"""


def named(frame: Frame, key: str, lang: str) -> Locator:
    # The name as the browser computes it: an icon's glyph may come first.
    label = re.compile(rf"^\W*{re.escape(text(key, lang))}$")
    return frame.locator(".ht-lesson").get_by_role("button", name=label)


def pace_picker(frame: Frame, lang: str) -> Locator:
    return frame.locator(".ht-lesson").get_by_role("combobox", name=text("ui.pace.label", lang))


def card_button(frame: Frame, card: Card, lang: str) -> Locator:
    return frame.locator(f".ht-lesson {HAND}").filter(
        has_text=re.compile(rf"^{re.escape(card_name(card, lang))}\b", re.IGNORECASE)
    )


def hidden_cards(model: LessonRun) -> set[Card]:
    deal = model.deal
    learner = model.lesson.learner
    return {c for p in range(deal.rules.players) if p != learner for c in deal.hand(p)}


def check_step(frame: Frame, model: LessonRun, lang: str, wrong_tried: bool) -> None:
    """What the step needs is there and usable; what it does not need is not."""
    hint, go_on = named(frame, "ui.lesson.hint", lang), named(frame, "ui.lesson.continue", lang)
    restart = named(frame, "ui.lesson.restart", lang)
    moon = frame.locator(".ht-lesson .ht-toolbar .mod-warning")
    expect(restart).to_be_visible()
    expect(restart).to_be_enabled()
    expect(pace_picker(frame, lang)).to_be_visible()
    expect(frame.locator(".ht-lesson .ht-felt.ht-live")).to_be_visible()
    expect(moon.first).to_be_hidden()
    if model.asking:
        expect(hint).to_be_visible()
        expect(hint).to_be_enabled()
        for card in model.choices():
            expect(card_button(frame, card, lang)).to_be_visible()
            expect(card_button(frame, card, lang)).to_be_enabled()
        expect(go_on).to_be_visible()
        if wrong_tried:
            expect(go_on).to_be_enabled()
        else:
            expect(go_on).to_be_disabled()
    else:
        expect(hint).to_be_disabled()
        expect(go_on).to_be_disabled()
    said = frame.evaluate(LABELS)
    for card in hidden_cards(model):
        assert card_name(card, lang).lower() not in said, card


def check_the_reply_is_paced(seen: list[dict[str, object]], model: LessonRun, lang: str) -> None:
    """The bots' cards came one at a time; a finished trick was shown whole, with its
    winner marked and named, before the next lead."""
    states: list[tuple[tuple[str, ...], int]] = []
    for sample in seen:
        state = (tuple(sample["names"]), int(sample["wins"]))  # type: ignore[call-overload]
        if not states or states[-1] != state:
            states.append(state)
    counts = [len(names) for names, _wins in states]
    assert len(states) >= 3, states  # the reply was seen playing, not all at once
    for before, after in itertools.pairwise(counts):
        # one more card at a time, or a finished trick gathered for the next lead
        assert after == before + 1 or after <= 1 or after == before, counts
    players = model.deal.rules.players
    finished = [
        sample
        for sample in seen
        if len(sample["names"]) == players and sample["wins"]  # type: ignore[arg-type]
    ]
    assert finished, states  # a whole trick, its winner marked
    trick = model.deal.tricks[-1] if model.deal.tricks else None
    assert trick is not None and trick.winner is not None
    learner = model.lesson.learner
    if trick.winner == learner:
        said = text("ui.trick.just_won_you", lang, number=len(model.deal.tricks))
    else:
        seat = seat_name(trick.winner, players, lang)
        said = text("ui.trick.just_won", lang, number=len(model.deal.tricks), seat=seat)
    captions = " ".join(str(sample["caption"]) for sample in finished)
    assert said in captions, (said, captions)


def play_the_lesson(
    frame: Frame, page: Page, lang: str, keyboard: bool, shot: Callable[[str], None]
) -> None:
    model = LessonRun(get_lesson(LESSON))
    model.advance()
    pace = pace_picker(frame, lang)
    pace.select_option(label=text("ui.pace.normal", lang))
    learner = model.lesson.learner
    wrong_tried = False  # the step's wrong card tried: "continue" offered
    tried_once = False  # one wrong card in the lesson
    shot("start")
    for cards_played in itertools.count(1):
        if cards_played > 40:
            pytest.fail("the lesson did not end after 40 actions")
        check_step(frame, model, lang, wrong_tried)
        if model.finished:
            break
        choices = model.choices()
        legal = model.deal.legal_moves()
        wrong = [c for c in legal if c not in choices]
        if model.question == "key" and wrong and not tried_once and cards_played > PACED:
            # a wrong card at a key decision: explained, "continue" offered
            act(frame, page, card_button(frame, wrong[0], lang), keyboard)
            feedback = model.answer(wrong[0])
            assert not feedback.played
            wrong_tried = tried_once = True
            expect(named(frame, "ui.lesson.continue", lang)).to_be_enabled(timeout=STEP_TIMEOUT)
            shot("wrong")
            check_step(frame, model, lang, wrong_tried)
            act(frame, page, named(frame, "ui.lesson.continue", lang), keyboard)
            model.give_up()
        else:
            if cards_played <= PACED:
                frame.evaluate(WATCH_REPLY, [15_000])
            act(frame, page, card_button(frame, choices[0], lang), keyboard)
            model.answer(choices[0])
        wrong_tried = False
        before = len(model.deal.tricks)
        model.advance()
        if cards_played <= PACED:
            frame.wait_for_function("() => window.htSeen !== null", timeout=STEP_TIMEOUT)
            seen = frame.evaluate("() => window.htSeen")
            if len(model.deal.tricks) > before:
                check_the_reply_is_paced(seen, model, lang)
            shot(f"reply-{cards_played}")
            if cards_played == PACED:
                pace.select_option(label=text("ui.pace.instant", lang))
        size = len(model.deal.hand(learner))
        expect(frame.locator(f".ht-lesson {HAND}")).to_have_count(size, timeout=STEP_TIMEOUT)
        if not model.deal.current_trick.plays and model.deal.tricks:
            # the learner leads: the trick just won is still in the middle, its winner named
            expect(frame.locator(".ht-lesson .ht-centre .ht-win").first).to_be_visible()
    expect(frame.locator(".ht-lesson-done")).to_have_count(1, timeout=STEP_TIMEOUT)
    assert text("ui.lesson.done", lang).rstrip(".") in frame.locator(".ht-lesson").inner_text()
    # the narration is there for those who want it: closed, opened on demand
    log = frame.locator(".ht-lesson").get_by_text(text("lesson.log", lang))
    expect(log).to_be_visible()
    log.click()
    expect(frame.locator(".ht-lesson .ht-narration")).to_be_visible()
    shot("done")


def act(frame: Frame, page: Page, target: Locator, keyboard: bool) -> None:
    """A click, or with the keyboard: from the line above the hand (where the keyboard is
    sent after each card), Tab until the target has the focus, then Enter."""
    expect(target).to_be_enabled(timeout=STEP_TIMEOUT)
    if not keyboard:
        target.click()
        return
    frame.locator(".ht-lesson .ht-hand-label").focus()
    for _ in range(30):
        page.keyboard.press("Tab")
        arrows_to(page, target)  # the hand is one Tab stop; its cards, by the arrows
        if target.evaluate("(element) => element === document.activeElement"):
            break
    else:
        pytest.fail("Tab never reached the control")
    page.keyboard.press("Enter")


def test_served_lesson_at_the_table_by_the_keyboard(
    page: Page, voila_url: str, output_dir: Path
) -> None:
    lang = "en"
    page.goto(f"{voila_url}?lang={lang}", timeout=2 * LOAD_TIMEOUT, wait_until="commit")
    page.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)
    lesson = get_lesson(LESSON)
    page.get_by_role("tab", name=text("ui.tab.lessons", lang)).click()
    opener = page.get_by_role(
        "button", name=text("ui.lessons.open", lang, title=lesson.title[lang])
    ).or_(page.get_by_role("button", name=lesson.title[lang], exact=True))
    opener.first.click(timeout=STEP_TIMEOUT)
    page.locator(".ht-lesson .ht-felt.ht-live").wait_for(timeout=STEP_TIMEOUT)
    play_the_lesson(
        page.main_frame,
        page,
        lang,
        True,
        lambda name: page.screenshot(path=output_dir / f"{name}.png"),
    )


def test_static_chapter_lesson_at_the_table(page: Page, site_url: str, output_dir: Path) -> None:
    lang = "en"
    page.goto(f"{site_url}book/{lang}/basics.html", timeout=LOAD_TIMEOUT)
    slot = page.locator("[data-ht-live]").first
    expect(slot).to_have_attribute("data-ht-state", "ready", timeout=LOAD_TIMEOUT)
    handle = slot.locator(".ht-live-frame").element_handle()
    frame = handle.content_frame() if handle is not None else None
    assert frame is not None
    frame.locator(".ht-lesson .ht-felt.ht-live").wait_for(timeout=STEP_TIMEOUT)
    slot.scroll_into_view_if_needed()

    def shot(name: str) -> None:
        page.screenshot(path=output_dir / f"{name}.png")

    play_the_lesson(frame, page, lang, False, shot)
