"""A teacher's own lesson, in chromium, in both servings: the teacher writes it in the
teachers' tools (« Your lesson ») from a share code, a sentence at a trick in both
languages with a claim picked from the helper; a false claim is refused first and
nothing written is lost; once sound, its link. A student in a browser context of their
own opens the link: the lesson opens in the Lessons tab, a reload keeps it, and it plays
to its last card with the teacher's sentence shown at its trick. At every step the
controls the step needs are visible and enabled.

The same lesson runs beside the page in this process (its bots are seeded), so the test
knows which card the lesson expects at every turn. The served playground is started by
the ``voila_server`` fixture; the static book's playable half is ``_build/lite`` (from
``make lite``), copied and served as files by the class test's ``lite_url``."""

from __future__ import annotations

import base64
import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from support.browser import record_outside_requests
from support.table_page import HAND
from test_a11y import violations

from hearts_teach import Card
from hearts_teach.i18n import card_name, text
from hearts_teach.teaching import lesson_codes
from hearts_teach.teaching.lessons import LessonRun

pytestmark = pytest.mark.browser

LOAD_TIMEOUT = 120_000
STEP_TIMEOUT = 60_000
SEED = 5
TRICK = 3
SAID = {"en": "Clubs again: hearts are still closed.", "fr": "Encore trèfle : cœurs fermés."}


def usable(*controls: Locator) -> None:
    for control in controls:
        expect(control).to_be_visible(timeout=STEP_TIMEOUT)
        expect(control).to_be_enabled()


def write_the_lesson(page: Page) -> str:
    """In the editor's tab: a lesson from a share code, a false claim refused, then a
    true one; its link."""
    editor = page.locator(".ht-lesson-editor")
    source = editor.get_by_role("textbox", name="Share code, lesson code or seed")
    start = editor.get_by_role("button", name="Start from this deal")
    usable(source, start)
    source.fill(lesson_codes.deal_share_code(lesson_codes.seed_deal(SEED)))
    start.click()
    titles = [
        editor.get_by_role("textbox", name=f"Title ({name})") for name in ("English", "French")
    ]
    usable(*titles)
    titles[0].fill("My lesson")
    titles[1].fill("Ma leçon")
    intros = [
        editor.get_by_role("textbox", name=f"Introduction ({name})")
        for name in ("English", "French")
    ]
    usable(*intros)
    intros[0].fill("You play South.")
    intros[1].fill("Vous jouez Sud.")
    trick = editor.get_by_role("combobox", name="Trick", exact=True)
    usable(trick)
    trick.select_option(label=str(TRICK))
    says = [
        editor.get_by_role("textbox", name=f"Sentence at this trick ({name})")
        for name in ("English", "French")
    ]
    usable(*says)
    says[0].fill(SAID["en"])
    says[1].fill(SAID["fr"])
    kind = editor.get_by_role("combobox", name="Claim", exact=True)
    usable(kind)
    kind.select_option(label="Hearts are")
    state = editor.get_by_role("combobox", name="Hearts", exact=True)
    add_claim = editor.get_by_role("button", name="Add this claim")
    usable(state, add_claim)
    state.select_option(label="Broken")  # false at that trick of this deal
    add_claim.click()
    expect(editor.get_by_role("list", name="Claims of this sentence")).to_contain_text(
        "Hearts are: broken", timeout=STEP_TIMEOUT
    )
    write = editor.get_by_role("button", name="Write at this trick")
    usable(write)
    write.click()
    written = editor.get_by_role("list", name="What the lesson says")
    expect(written).to_contain_text(SAID["en"], timeout=STEP_TIMEOUT)
    check = editor.get_by_role("button", name="Check and try")
    usable(check)
    check.click()
    refusal = editor.get_by_role("alert")
    expect(refusal).to_contain_text("“hearts broken” is false", timeout=STEP_TIMEOUT)
    expect(editor.locator(".ht-lesson-link")).to_have_count(0)
    # nothing is lost: the sentence and what was written are still there
    expect(says[0]).to_have_value(SAID["en"])
    expect(says[1]).to_have_value(SAID["fr"])
    expect(written).to_contain_text(SAID["en"])
    clear = editor.get_by_role("button", name="Remove the claims")
    usable(clear)
    clear.click()
    state.select_option(label="Not broken yet")
    add_claim.click()
    expect(editor.get_by_role("list", name="Claims of this sentence")).to_contain_text(
        "not broken yet", timeout=STEP_TIMEOUT
    )
    write.click()
    expect(written).to_contain_text("not broken yet", timeout=STEP_TIMEOUT)
    check.click()
    link = editor.locator("a.ht-lesson-link")
    expect(link).to_be_visible(timeout=STEP_TIMEOUT)
    expect(editor.locator("a.ht-lesson-file")).to_be_visible()
    # the lesson to try, below: the teacher's own sentence is in it
    expect(editor.locator(".ht-lesson .ht-felt")).to_be_visible(timeout=STEP_TIMEOUT)
    address = link.get_attribute("href")
    assert address is not None and "lesson=L1." in address
    return address


def reopen_the_file(browser: Browser, teacher: Page, url: str, folder: Path, served: bool) -> None:
    """The lesson's file, downloaded from the first editor, opened in another teacher's
    editor: chosen with the file button, or on the served playground (whose kernel takes
    no file) its text pasted."""
    href = teacher.locator("a.ht-lesson-file").get_attribute("href")
    assert href is not None and href.startswith("data:application/json;base64,")
    saved = folder / "lesson.json"
    saved.write_bytes(base64.b64decode(href.split(",", 1)[1]))
    other = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    other.goto(url, timeout=LOAD_TIMEOUT)
    if served:
        other.get_by_role("tab", name="Teachers").click(timeout=LOAD_TIMEOUT)
    other.get_by_role("tab", name="Your lesson").click(timeout=LOAD_TIMEOUT)
    editor = other.locator(".ht-lesson-editor")
    upload = editor.get_by_role("button", name="Open a lesson file")
    if served:
        expect(upload).to_be_hidden()
        source = editor.get_by_role("textbox", name="Share code, lesson code or seed")
        usable(source)
        source.fill(saved.read_text("utf-8"))
        editor.get_by_role("button", name="Start from this deal").click()
    else:
        usable(upload)
        with other.expect_file_chooser() as chooser:  # as a teacher does: the button
            upload.click()
        chooser.value.set_files(saved)
    expect(editor.get_by_role("textbox", name="Title (French)")).to_have_value(
        "Ma leçon", timeout=STEP_TIMEOUT
    )
    expect(editor.get_by_role("list", name="What the lesson says")).to_contain_text(SAID["en"])
    other.context.close()


def card_button(page: Page, card: Card) -> Locator:
    return page.locator(f".ht-lesson {HAND}").filter(
        has_text=re.compile(rf"^{re.escape(card_name(card, 'en'))}\b", re.IGNORECASE)
    )


def the_lesson_is_open(page: Page, load_ms: int) -> None:
    expect(page.get_by_role("tab", name="Lessons", selected=True)).to_be_visible(timeout=load_ms)
    expect(page.locator(".ht-lesson")).to_contain_text("My lesson", timeout=load_ms)
    expect(page.locator(".ht-lesson")).to_contain_text(f"Up to trick {TRICK} you play the deal")


def play_the_lesson(page: Page, code: str) -> None:
    """To its last card, the card the lesson expects each time; the teacher's sentence
    is said at its trick."""
    model = LessonRun(lesson_codes.lesson_from_code(code))
    pace = page.locator(".ht-lesson").get_by_role("combobox", name=text("ui.pace.label", "en"))
    usable(pace)
    pace.select_option(label=text("ui.pace.instant", "en"))
    said_at = None
    for _ in range(20):
        events = len(model.events)
        model.advance()
        if model.finished:
            break
        if any((event.texts or {}).get("en") == SAID["en"] for event in model.events[events:]):
            said_at = model.deal.trick_number + 1
            expect(page.locator(".ht-lesson-says")).to_contain_text(
                SAID["en"], timeout=STEP_TIMEOUT
            )
        card = model.choices()[0]
        usable(
            card_button(page, card), page.locator(".ht-lesson").get_by_role("button", name="Hint")
        )
        card_button(page, card).click()
        model.answer(card)
        left = len(model.deal.hand(model.lesson.learner))
        expect(page.locator(f".ht-lesson {HAND}")).to_have_count(left, timeout=STEP_TIMEOUT)
    assert model.finished and said_at == TRICK
    expect(page.locator(".ht-lesson-done")).to_have_count(1, timeout=STEP_TIMEOUT)


def the_student_plays(browser: Browser, address: str, base: str, load_ms: int) -> list[str]:
    student = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    outside = record_outside_requests(student, base)
    student.goto(address, timeout=load_ms)
    the_lesson_is_open(student, load_ms)
    code = parse_qs(urlparse(address).query)["lesson"][0]
    # the page's address keeps the lesson: a reload opens it again
    student.wait_for_function(
        "code => new URLSearchParams(location.search).get('lesson') === code",
        arg=code,
        timeout=load_ms,
    )
    student.reload(timeout=load_ms)
    the_lesson_is_open(student, load_ms)
    play_the_lesson(student, code)
    student.context.close()
    return outside


def test_a_teachers_lesson_on_the_served_playground(
    browser: Browser, voila_url: str, output_dir: Path, tmp_path: Path
) -> None:
    teacher = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    outside = record_outside_requests(teacher, voila_url)
    teacher.goto(f"{voila_url}?lang=en", timeout=LOAD_TIMEOUT)
    teacher.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)
    teacher.get_by_role("tab", name="Teachers").click()
    teacher.get_by_role("tab", name="Your lesson").click(timeout=LOAD_TIMEOUT)
    address = write_the_lesson(teacher)
    teacher.screenshot(path=output_dir / "written.png", full_page=True)
    assert address.startswith(voila_url)
    # every control of the editor, its claims helper and its preview, to axe's rules
    assert violations(teacher.main_frame, "the lesson editor, written and checked") == []
    # the lesson's file opens again in another teacher's editor: here its text pasted
    reopen_the_file(browser, teacher, f"{voila_url}?lang=en", tmp_path, served=True)
    outside += the_student_plays(browser, address, voila_url, LOAD_TIMEOUT)
    assert outside == []


def test_a_teachers_lesson_in_the_static_book(
    browser: Browser, lite_url: str, output_dir: Path, tmp_path: Path
) -> None:
    teacher = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    outside = record_outside_requests(teacher, lite_url)
    teacher.goto(f"{lite_url}voici/render/teachers.html?lang=en")
    teacher.get_by_role("tab", name="Your lesson").click(timeout=LOAD_TIMEOUT)
    address = write_the_lesson(teacher)
    teacher.screenshot(path=output_dir / "written.png", full_page=True)
    assert address.startswith(f"{lite_url}voici/render/playground.html?lesson=L1.")
    reopen_the_file(
        browser, teacher, f"{lite_url}voici/render/teachers.html?lang=en", tmp_path, False
    )
    outside += the_student_plays(browser, address, lite_url, LOAD_TIMEOUT)
    assert outside == []


def test_a_lesson_link_to_the_books_playground_page_keeps_the_lesson(
    browser: Browser, site_url: str
) -> None:
    """The book's page around the playground hands its query to the frame (live.js), and
    the frame writes the lesson back into the book page's address: a reload keeps it."""
    spec = lesson_codes.LessonSpec(
        deal=lesson_codes.deal_share_code(lesson_codes.seed_deal(SEED)),
        learner=0,
        seed=SEED,
        title={"en": "My lesson", "fr": "Ma leçon"},
        intro={"en": "You play South.", "fr": "Vous jouez Sud."},
        outro={},
        entries=(lesson_codes.Entry(trick=TRICK, say=SAID),),
    )
    code = lesson_codes.lesson_code(spec)
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    outside = record_outside_requests(page, site_url)
    page.goto(f"{site_url}book/en/playground.html?lesson={code}", timeout=LOAD_TIMEOUT)
    for _ in range(2):
        slot = page.locator("[data-ht-live]").first
        expect(slot).to_have_attribute("data-ht-state", "ready", timeout=LOAD_TIMEOUT)
        frame = page.frame_locator(".ht-live-frame").first
        expect(frame.get_by_role("tab", name="Lessons", selected=True)).to_be_visible()
        expect(frame.locator(".ht-lesson")).to_contain_text("My lesson")
        page.wait_for_function(
            "code => new URLSearchParams(location.search).get('lesson') === code",
            arg=code,
            timeout=STEP_TIMEOUT,
        )
        page.reload(timeout=LOAD_TIMEOUT)
    assert outside == []
