"""The playground in chromium: a whole deal by clicking, French and English, keyboard play;
kernels that end with their page, a game kept in the address through reloads, lost
kernels and server restarts, links to the server's own address."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from support.browser import record_outside_requests
from support.table_page import HAND, PLAYABLE
from support.voila import (
    TEST_SETTINGS,
    free_port,
    running_voila_process,
)

from hearts_teach import Deal, Rules
from hearts_teach.records import share_code
from hearts_teach.teaching.lessons import get_lesson

pytestmark = pytest.mark.browser

LOAD_TIMEOUT = 60_000  # ms: a kernel starts for each page


def open_playground(page: Page, url: str, query: str = "") -> None:
    page.goto(url + query, timeout=LOAD_TIMEOUT)  # the load event waits for the kernel too
    page.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)


def status(page: Page) -> str:
    return page.locator(".ht-status").inner_text()


def hand_size(page: Page) -> int:
    return page.locator(HAND).count()


STEP_WAIT_MS = 60_000  # a card's answer under a loaded machine (three test lanes on two cores)


def wait_hand_below(page: Page, size: int) -> None:
    page.wait_for_function(
        "n => document.querySelectorAll('.ht-hand .ht-card').length < n",
        arg=size,
        timeout=STEP_WAIT_MS,
    )


def play_by_clicking(page: Page, cards: int) -> None:
    for _ in range(cards):
        size = hand_size(page)
        page.locator(PLAYABLE).first.click()
        wait_hand_below(page, size)


def test_a_whole_deal_by_clicking(page: Page, voila_url: str, output_dir: Path) -> None:
    outside = record_outside_requests(page, voila_url)
    open_playground(page, voila_url)
    page.get_by_role("button", name="Start the game").click()
    page.locator(HAND).first.wait_for()
    expect(page.locator(".ht-status")).to_contain_text("Choose 3 cards to pass to the left")
    expect(page.locator(".ht-seat.ht-north")).to_contain_text("13 cards")
    for index in range(3):
        page.locator(HAND).nth(index).click()
        expect(page.locator(".ht-hand .ht-picked")).to_have_count(index + 1)
    page.screenshot(path=output_dir / "pass.png", full_page=True)
    page.get_by_role("button", name="Pass these cards").click()
    expect(page.locator(".ht-message").first).to_contain_text("received", timeout=20_000)
    # an illegal card says why, in its tooltip and its accessible name (this seeded deal
    # always has one: the first trick refuses points, or the suit led must be followed)
    refused = page.get_by_role("button", name=re.compile("cannot be played"))
    expect(refused.first).to_have_attribute("title", re.compile(r"\w"))
    play_by_clicking(page, 13)
    expect(page.locator(".ht-status")).to_contain_text("The deal is over")
    sheet = page.locator(".ht-scores").first
    row = sheet.locator("tbody tr").first
    expect(row.locator("th")).to_contain_text("Deal 1")
    scores = [int(cell) for cell in row.locator("td").all_inner_texts()]
    assert len(scores) == 4
    assert sum(scores) in (26, 78)  # 26 points, or a moon under the Old Moon rule
    totals = [int(cell) for cell in sheet.locator("tfoot td").all_inner_texts()]
    assert totals == scores
    page.screenshot(path=output_dir / "deal-over.png", full_page=True)
    page.get_by_role("button", name="Next deal").click()
    expect(page.locator(".ht-status")).to_contain_text("to the right", timeout=20_000)
    assert outside == []


def test_french_and_english_pages(page: Page, voila_url: str, output_dir: Path) -> None:
    open_playground(page, voila_url, "?lang=fr")
    start = page.get_by_role("button", name="Commencer la partie")
    expect(start).to_be_visible()
    page.screenshot(path=output_dir / "start-fr.png", full_page=True)
    start.click()
    page.locator(HAND).first.wait_for()
    expect(page.locator(".ht-status")).to_contain_text("Choisissez 3 cartes à passer à gauche")
    expect(page.locator(".ht-scores").first).to_be_visible()
    french = page.locator(".ht-root").first.inner_text()
    for english in ("Score sheet", "Your turn", "Hint", "Points taken", "Last trick", "cards"):
        assert english not in french
    assert "Feuille de marque" in french and "Plis" in french  # a seat: « Points : 0  Plis : 0 »
    page.screenshot(path=output_dir / "table-fr.png", full_page=True)
    size = hand_size(page)
    page.get_by_role("radio", name="English").or_(
        page.get_by_role("button", name="English")
    ).first.click()
    expect(page.locator(".ht-status")).to_contain_text("Choose 3 cards to pass to the left")
    expect(page.locator("h2").first).to_contain_text("Hearts playground")
    english_page = page.locator(".ht-root").first.inner_text()
    assert "Score sheet" in english_page and "Feuille de marque" not in english_page
    assert hand_size(page) == size
    page.screenshot(path=output_dir / "table-en.png", full_page=True)


def test_a_french_browser_gets_the_french_page_without_asking(
    browser: Browser, voila_url: str, output_dir: Path
) -> None:
    """No ?lang= in the address: the browser's own language (Accept-Language) decides,
    as a French phone would expect; an English browser keeps the English page."""
    for locale, start_words, page_lang in (
        ("fr-FR", "Commencer la partie", "fr"),
        ("en-GB", "Start the game", "en"),
    ):
        context = browser.new_context(locale=locale)
        page = context.new_page()
        try:
            open_playground(page, voila_url)
            expect(page.get_by_role("button", name=start_words)).to_be_visible()
            expect(page.locator("html")).to_have_attribute("lang", page_lang)
            page.screenshot(path=output_dir / f"start-{locale}.png")
        finally:
            context.close()


def tab_to_a_card(page: Page) -> None:
    """Tab to a card the person may play, once it is their turn (while the bots play, no
    card is one: a card reached then would be refused when its turn came). The status
    says it is their turn once the bots' cards are all drawn: a card focused before that
    could be redrawn under the focus, and Enter would then press nothing."""
    expect(page.locator(".ht-status").first).to_contain_text("Your turn", timeout=20_000)
    page.locator(PLAYABLE).first.wait_for()
    for _ in range(120):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement.matches(s)", PLAYABLE):
            return
    pytest.fail("Tab never reached a playable card of the hand")


def test_keyboard_play(page: Page, voila_url: str, output_dir: Path) -> None:
    deal = Deal.new(Rules(), seed=12, deal_number=3)  # the fourth deal: no pass
    open_playground(page, voila_url, f"?deal={share_code(deal)}")
    page.locator(PLAYABLE).first.wait_for()
    # the accessible names: full card names, and the engine's reason for refused cards
    playable = page.get_by_role("button", name=re.compile(r"^[A-Z][a-z]+ of [a-z]+: playable$"))
    expect(playable).to_have_count(page.locator(PLAYABLE).count())
    refused = page.get_by_role(
        "button", name=re.compile(r": cannot be played\. You must follow suit")
    )
    expect(refused).to_have_count(hand_size(page) - page.locator(PLAYABLE).count())
    assert hand_size(page) == 13  # only my own cards are buttons with names
    tab_to_a_card(page)
    label = page.evaluate("document.activeElement.textContent")
    assert "playable" in label
    for played in range(13):
        size = hand_size(page)
        page.keyboard.press("Enter")
        wait_hand_below(page, size)
        if played == 2:
            page.screenshot(path=output_dir / "keyboard.png", full_page=True)
        if played < 12:
            # the keyboard goes to the note (a second Enter plays nothing); Tab reaches a
            # card again. The note, not just "off the hand": the card played leaves the
            # page before the server's "focus the note" arrives, and a Tab in between
            # would have its card taken from under it.
            page.wait_for_function("document.activeElement.classList.contains('ht-note')")
            tab_to_a_card(page)
    expect(page.locator(".ht-status")).to_contain_text("The deal is over")
    # then the focus waits on "Next deal": Enter deals again
    next_deal = page.get_by_role("button", name="Next deal")
    expect(next_deal).to_be_focused()
    # Enter on the button as it is now (the table may redraw it just after focusing it)
    next_deal.press("Enter")
    expect(page.locator(".ht-status")).to_contain_text("Choose 3 cards to pass to the left")


def test_a_damaged_code_is_explained(page: Page, voila_url: str, output_dir: Path) -> None:
    open_playground(page, voila_url, "?deal=AQAAAQAQbroken")
    expect(page.locator(".ht-message.ht-error")).to_contain_text("share code")
    expect(page.get_by_role("button", name="Start the game")).to_be_enabled()
    page.screenshot(path=output_dir / "damaged.png", full_page=True)


def test_rules_picker_and_end_of_game_summary(page: Page, voila_url: str, output_dir: Path) -> None:
    open_playground(page, voila_url)
    players = page.get_by_label("Players", exact=True)
    players.select_option("5")
    expect(page.locator(".ht-message").first).to_contain_text("Hearts for five players")
    page.get_by_label("Partnership").check()
    expect(page.locator(".ht-message.ht-error")).to_contain_text("needs four players")
    expect(page.get_by_role("button", name="Start the game")).to_be_disabled()
    page.get_by_label("Partnership").uncheck()
    expect(page.get_by_role("button", name="Start the game")).to_be_enabled()
    page.get_by_label("Players", exact=True).select_option("4")
    page.get_by_label("Variant").select_option(label="Two-player Hearts")
    target = page.get_by_label("Game ends at")
    # 1 point: with two players only the cards dealt count, and at 5 a random seed could
    # split them 4 and 3, leaving the game unfinished after its one deal
    target.fill("1")
    target.press("Tab")
    page.screenshot(path=output_dir / "start.png", full_page=True)
    page.get_by_role("button", name="Start the game").click()
    page.locator(HAND).first.wait_for()
    expect(page.locator(".ht-seat")).to_have_count(2)
    play_by_clicking(page, 13)
    expect(page.locator(".ht-summary")).to_contain_text("End of the game", timeout=20_000)
    expect(page.locator(".ht-summary figure svg")).to_have_count(1)
    expect(page.locator(".ht-summary-win")).to_contain_text("Winner")
    page.locator(".ht-summary").scroll_into_view_if_needed()
    page.screenshot(path=output_dir / "summary.png", full_page=True)


def test_hint_then_undo(page: Page, voila_url: str, output_dir: Path) -> None:
    deal = Deal.new(Rules(), seed=30, deal_number=3)
    open_playground(page, voila_url, f"?deal={share_code(deal)}&lang=fr")
    page.locator(PLAYABLE).first.wait_for()
    page.get_by_role("button", name="Conseil").click()
    expect(page.locator(".ht-message").first).to_contain_text("Conseil : jouez", timeout=30_000)
    hinted = page.locator(".ht-hand .ht-hinted")
    expect(hinted).to_have_count(1)
    size = hand_size(page)
    hinted.click()
    wait_hand_below(page, size)
    page.get_by_role("button", name="Reprendre ma dernière carte").click()
    expect(page.locator(".ht-message").first).to_contain_text("Vous reprenez")
    assert hand_size(page) == size
    page.screenshot(path=output_dir / "undo-fr.png", full_page=True)


# --- the server holds a class: kernels end with their page, the address keeps the game ---


def kernel_of(page: Page) -> str:
    kernel: str = page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
    )
    return kernel


def kernel_gone(page: Page, url: str, kernel_id: str, seconds: float = 15) -> bool:
    """Whether the server forgets this kernel within ``seconds`` (its page's request)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.request.get(f"{url}api/kernels/{kernel_id}").status == 404:
            return True
        time.sleep(0.3)
    return False


def start_and_play(page: Page, cards: int) -> None:
    """Start a game, pass three cards if the deal asks for it, then play ``cards``."""
    page.get_by_role("button", name=re.compile("Start the game|Commencer la partie")).click()
    page.locator(HAND).first.wait_for()
    confirm = page.get_by_role("button", name=re.compile("Pass these cards|Passer ces cartes"))
    if confirm.is_visible():
        for index in range(3):
            page.locator(HAND).nth(index).click()
        confirm.click()
        expect(confirm).to_be_hidden(timeout=20_000)
    play_by_clicking(page, cards)


def settled_address(page: Page) -> str:
    """The page's address once it holds the game as the playground last wrote it."""
    page.wait_for_function(
        """() => {
          const data = document.querySelector(".ht-address");
          return data && location.search === "?" + data.textContent.trim();
        }""",
        timeout=20_000,
    )
    return page.url


def position(page: Page) -> tuple[str, str]:
    """What the player sees of the game: the hand and the score sheet."""
    page.locator(PLAYABLE).first.wait_for(timeout=LOAD_TIMEOUT)
    return page.locator(".ht-hand").inner_text(), page.locator(".ht-scores").first.inner_text()


def test_closing_or_reloading_a_page_ends_its_kernel(browser: Browser, voila_url: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    open_playground(page, voila_url)
    first = kernel_of(page)
    page.reload()
    page.locator(".ht-root").first.wait_for(timeout=LOAD_TIMEOUT)
    second = kernel_of(page)
    assert second != first
    assert kernel_gone(page, voila_url, first), "a reload left its kernel running"
    page.goto("about:blank")  # navigating away
    assert kernel_gone(page, voila_url, second), "navigating away left the kernel running"
    tab = context.new_page()
    open_playground(tab, voila_url)
    third = kernel_of(tab)
    tab.close(run_before_unload=True)  # closing the tab
    assert kernel_gone(page, voila_url, third), "a closed tab left its kernel running"
    context.close()


def test_the_address_reopens_the_same_position(browser: Browser, voila_url: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    open_playground(page, voila_url, "?lang=fr")
    start_and_play(page, 3)
    address = settled_address(page)
    assert "game=" in address and re.search(r"[?&]seed=\d+", address) and "lang=fr" in address
    seen = position(page)
    reopened = context.new_page()
    reopened.goto(address)
    assert position(reopened) == seen
    assert reopened.locator("html").get_attribute("lang") == "fr"
    # a reload resumes too, and the game goes on from there; the bots' log says why
    # their reasons are missing, and keeps their cards
    page.reload()
    assert position(page) == seen
    expect(page.locator(".ht-log-why")).to_contain_text(
        "Partie reprise depuis l’adresse de la page"
    )
    expect(page.locator(".ht-log-earlier").first).to_contain_text("a joué")
    play_by_clicking(page, 1)
    context.close()


def test_a_reload_during_the_pass_keeps_the_cards_chosen(page: Page, voila_url: str) -> None:
    open_playground(page, voila_url, "?lang=fr")
    page.get_by_role("button", name="Commencer la partie").click()
    page.locator(HAND).first.wait_for()
    for count, index in enumerate((1, 4), start=1):
        page.locator(HAND).nth(index).click()
        expect(page.locator(".ht-hand .ht-picked")).to_have_count(count)
    chosen = page.locator(".ht-hand .ht-picked").evaluate_all("cards => cards.map(c => c.title)")
    assert "picked=" in settled_address(page)
    page.reload()
    expect(page.locator(".ht-hand .ht-picked")).to_have_count(2, timeout=LOAD_TIMEOUT)
    again = page.locator(".ht-hand .ht-picked").evaluate_all("cards => cards.map(c => c.title)")
    assert again == chosen
    expect(page.locator(".ht-message.ht-error")).to_have_count(0)


def test_the_share_link_opens_on_the_servers_own_port(page: Page, voila_url: str) -> None:
    open_playground(page, voila_url)
    start_and_play(page, 0)
    anchor = page.get_by_role("link", name="Link to this deal", exact=True)
    # it looks like something to click (a bordered box, not plain words) and the
    # keyboard reaches it
    looks = anchor.evaluate(
        "e => { const s = getComputedStyle(e); return [s.borderTopStyle, s.borderTopWidth,"
        " s.paddingLeft, s.cursor]; }"
    )
    assert looks[0] == "solid" and looks[1] != "0px" and looks[2] != "0px" and looks[3] == "pointer"
    for _ in range(150):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('ht-link-button')"):
            break
    else:
        pytest.fail("Tab never reached the link to this deal")
    expect(anchor).to_have_attribute("title", "Opens this deal in a new tab")
    link = anchor.get_attribute("href") or ""
    assert link.startswith(f"{voila_url}?deal="), link
    assert ":8866/" not in link or ":8866/" in voila_url
    shared = page.context.new_page()
    shared.goto(link)
    shared.locator(HAND).first.wait_for(timeout=LOAD_TIMEOUT)
    assert shared.locator(".ht-hand").inner_text() == page.locator(".ht-hand").inner_text()


def kernel_process(kernel_id: str) -> int:
    """The process of a kernel of this machine, found by its connection file's name."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if f"kernel-{kernel_id}".encode() in (entry / "cmdline").read_bytes():
                    return int(entry.name)
    raise LookupError(kernel_id)


def test_a_killed_kernel_says_so_and_reopens_the_game(page: Page, voila_url: str) -> None:
    open_playground(page, voila_url, "?lang=fr")
    start_and_play(page, 2)
    settled_address(page)
    seen = position(page)
    os.kill(kernel_process(kernel_of(page)), signal.SIGKILL)  # as the OOM killer would
    notice = page.get_by_role("alertdialog")
    expect(notice).to_contain_text("Connexion perdue", timeout=15_000)
    expect(notice).to_contain_text("adresse")
    reopen = page.get_by_role("button", name="Rouvrir ma partie")
    expect(reopen).to_be_focused()
    reopen.click()
    assert position(page) == seen


def test_a_restarted_server_says_so_and_the_game_comes_back(
    browser: Browser, tmp_path: Path
) -> None:
    port = free_port()
    log = tmp_path / "server.log"
    page = browser.new_page()
    try:
        with running_voila_process(log=log, settings=TEST_SETTINGS, port=port) as (url, _):
            open_playground(page, url)
            start_and_play(page, 2)
            settled_address(page)
            seen = position(page)
        notice = page.get_by_role("alertdialog")
        expect(notice).to_contain_text("Connection lost", timeout=15_000)
        page.get_by_role("button", name="Reopen my game").click()
        expect(notice).to_contain_text("does not answer yet")  # the server is still down
        with running_voila_process(log=log, settings=TEST_SETTINGS, port=port):
            page.get_by_role("button", name="Reopen my game").click()
            assert position(page) == seen
    finally:
        page.close()


def test_a_kernel_message_crafted_in_the_page_runs_nothing(
    page: Page, voila_url: str, tmp_path: Path
) -> None:
    """The page's own origin and cookies, a websocket of its own to its kernel: an
    execute_request on every channel, which Voilà's kernel channel refuses."""
    proof = tmp_path / "ran"
    open_playground(page, voila_url)
    kernel = kernel_of(page)
    replies = page.evaluate(
        """async ([kernel, code]) => {
          const socket = new WebSocket(`ws://${location.host}/api/kernels/${kernel}/channels`);
          await new Promise((done) => socket.addEventListener("open", done));
          const seen = [];
          socket.addEventListener("message", (event) => seen.push(JSON.parse(event.data).msg_type));
          for (const channel of ["shell", "control", "stdin", "iopub"]) {
            socket.send(JSON.stringify({
              header: {msg_id: channel, msg_type: "execute_request", username: "", session: "s",
                       date: "", version: "5.3"},
              parent_header: {}, metadata: {}, channel,
              content: {code, silent: false, store_history: false, user_expressions: {},
                        allow_stdin: false, stop_on_error: true},
            }));
          }
          // A barrier, not a wait: the kernel answers a channel's messages in order, so
          // once it has answered kernel_info on shell and control, anything sent before on
          // those channels has been run or refused.
          const replied = new Set();
          const answered = new Promise((done) => socket.addEventListener("message", (event) => {
            const message = JSON.parse(event.data);
            if (message.msg_type === "kernel_info_reply") replied.add(message.parent_header.msg_id);
            if (replied.size === 2) done();
          }));
          for (const channel of ["shell", "control"]) {
            socket.send(JSON.stringify({
              header: {msg_id: `info-${channel}`, msg_type: "kernel_info_request", username: "",
                       session: "s", date: "", version: "5.3"},
              parent_header: {}, metadata: {}, channel, content: {},
            }));
          }
          const late = new Promise((_, fail) =>
            setTimeout(() => fail(new Error("the kernel did not answer kernel_info")), 60000));
          await Promise.race([answered, late]);
          socket.close();
          return seen;
        }""",
        [kernel, f"open({str(proof)!r}, 'w').write('ran')"],
    )
    assert not proof.exists()
    assert not {"execute_reply", "execute_input", "execute_result", "error"} & set(replies)
    start_and_play(page, 1)  # the page still plays


def test_the_shooters_choice_by_its_buttons(page: Page, voila_url: str, output_dir: Path) -> None:
    """The shooter's-choice lesson's deal, whose every card of the person wins its trick:
    once played, both outcomes and two labelled buttons show; one ends the deal, undo
    takes the choice back."""
    deal = get_lesson("shooters-choice-totals").new_deal()  # totals 90, 50, 80, 70
    open_playground(page, voila_url, f"?deal={share_code(deal)}")
    page.locator(PLAYABLE).first.wait_for()
    page.get_by_label("Bots’ speed").select_option(label="At once")
    play_by_clicking(page, 13)
    add = page.get_by_role("button", name="Add 26 to each other player")
    subtract = page.get_by_role("button", name="Take 26 off my total")
    expect(add).to_be_visible(timeout=20_000)
    expect(subtract).to_be_visible()
    expect(page.locator(".ht-moon-choice")).to_contain_text("106")  # North, after adding
    page.screenshot(path=output_dir / "choice.png", full_page=True)
    subtract.click()
    expect(page.locator(".ht-message").first).to_contain_text("You took 26 points off your total")
    expect(add).to_be_hidden()
    page.get_by_role("button", name="Undo my last card").click()
    expect(add).to_be_visible()
