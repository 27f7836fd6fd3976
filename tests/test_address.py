"""The page's address: what a visitor asks for, and the game it keeps (hearts_teach_widgets.address).

The playground writes the address of its game after every card; opening that address
(a reload, a lost kernel, a restarted server) resumes the game exactly there. Every
visit draws its own seed, which the address keeps so that a deal can be replayed.
"""

from __future__ import annotations

import random
from html import unescape
from urllib.parse import parse_qs

import pytest
from hearts_teach_widgets.address import (
    MAX_QUERY,
    address_query,
    query_parameters,
    read_address,
    request_page_url,
)
from hearts_teach_widgets.playground import ADDRESS_LENGTH, Playground
from hearts_teach_widgets.table import HeartsTable
from ipywidgets.widgets.widget import _instances  # type: ignore[import-untyped]

from hearts_teach import Game, Rules
from hearts_teach.records import game_code, share_code


def visit(query: str, **environ: str) -> Playground:
    """The playground a visitor gets for this address (as Voilà gives it)."""
    return Playground.from_environment({"QUERY_STRING": query, **environ}, with_lessons=False)


def play(table: HeartsTable, cards: int, rng: random.Random) -> None:
    """Click like a player: pass when asked, then play ``cards`` cards (and next deals)."""
    for _ in range(cards):
        if table.game.is_over:
            return
        if table.deal.is_over:
            table.next_deal()
        elif table.deal.phase == "pass" and table.deal.passes()[0] is None:
            table.choose_pass(rng.sample(table.deal.hand(0), table.rules.pass_count))
            assert table.confirm_pass()
        else:
            legal = table.deal.legal_moves()
            assert table.play_card(rng.choice(legal))


def query_of(playground: Playground) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(playground.address()).items()}


def test_a_good_address_is_read_as_it_is() -> None:
    address = read_address("deal=AQAB&seed=42&lang=fr&bots=montecarlo")
    assert (address.deal, address.seed, address.lang, address.bots) == (
        "AQAB",
        42,
        "fr",
        "montecarlo",
    )
    assert address.problems == []
    assert read_address(None).problems == [] and read_address("").seed is None


@pytest.mark.parametrize(
    ("query", "key", "said_en", "said_fr"),
    [
        ("seed=abc", "ui.address.seed", "“abc”", "«\u202fabc\u202f»"),
        ("seed=-1", "ui.address.seed", "“-1”", "«\u202f-1\u202f»"),
        ("seed=1234567890123", "ui.address.seed", "1234567890123", "1234567890123"),
        ("seed=%C2%B2", "ui.address.seed", "²", "²"),  # a digit, but not 0-9
        ("lang=de", "ui.address.lang", "“de”", "«\u202fde\u202f»"),
        ("bots=godmode", "ui.address.bots", "“godmode”", "«\u202fgodmode\u202f»"),
        ("bots=__import__('os')", "ui.address.bots", "__import__", "__import__"),
        ("pace=0.0001", "ui.address.pace", "“0.0001”", "«\u202f0.0001\u202f»"),
        ("tab=admin", "ui.address.tab", "“admin”", "«\u202fadmin\u202f»"),
        ("template=lab&x=1", "ui.address.unknown", "template, x", "template, x"),
        ("picked=52", "ui.address.picked", "“52”", "«\u202f52\u202f»"),
        ("picked=1..2", "ui.address.picked", "1..2", "1..2"),
        ("picked=" + ".".join(["1"] * 14), "ui.address.picked", "1.1.1", "1.1.1"),
        ("a" * (MAX_QUERY + 1), "ui.address.long", "longer", "longue"),
        ("&".join(f"k{i}=v" for i in range(70)), "ui.address.long", "longer", "longue"),
    ],
)
def test_bad_input_in_the_address_is_left_aside_with_a_message_in_both_languages(
    query: str, key: str, said_en: str, said_fr: str
) -> None:
    address = read_address(query)
    assert [found for found, _ in address.problems] == [key]
    english, french = address.messages("en"), address.messages("fr")
    assert said_en in english[0] and said_fr in french[0] and english != french
    assert address.seed is None and address.lang == "en" and address.bots == "heuristic"


@pytest.mark.parametrize(
    ("query", "lang", "problems"),
    [
        ("lang=de&lang=fr", "fr", ["ui.address.lang"]),  # the server's French after it
        ("lang=fr&lang=en", "fr", []),  # the address's own language first
        ("lang=de&lang=xx", "en", ["ui.address.lang"]),
        ("seed=3&lang=en", "en", []),
    ],
)
def test_a_language_the_page_does_not_speak_gives_way_to_the_servers(
    query: str, lang: str, problems: list[str]
) -> None:
    address = read_address(query)
    assert address.lang == lang and [key for key, _ in address.problems] == problems
    if problems:  # said in the page's language, which it names truly
        said = address.messages(lang)[0]
        assert ("en français" in said) if lang == "fr" else ("in English" in said)


def test_a_long_bad_value_is_quoted_short_and_printable() -> None:
    (message,) = read_address("bots=" + "x\u0000" * 500).messages("en")
    assert len(message) < 200 and "\u0000" not in message and "…" in message


def test_the_address_query_reads_back() -> None:
    query = address_query(game="AQAB.AgCD", seed=7, lang="fr", bots="random")
    assert query == "game=AQAB.AgCD&seed=7&lang=fr&bots=random"
    address = read_address(query)
    assert (address.game, address.seed, address.lang, address.bots) == (
        "AQAB.AgCD",
        7,
        "fr",
        "random",
    )
    assert query_parameters("?deal=a&deal=b&lang=en") == {"deal": "a", "lang": "en"}


@pytest.mark.parametrize(
    ("environ", "url"),
    [
        (
            {"SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8871", "SCRIPT_NAME": "/"},
            "http://127.0.0.1:8871/",
        ),
        ({"SERVER_NAME": "classroom.local", "SERVER_PORT": "8866"}, "http://classroom.local:8866/"),
        ({"SERVER_NAME": "[::1]", "SERVER_PORT": "8866"}, "http://[::1]:8866/"),
        ({"SERVER_NAME": "192.168.1.5", "SERVER_PORT": ""}, "http://192.168.1.5/"),
        ({"SERVER_NAME": "evil.example/x?", "SERVER_PORT": "1"}, ""),
        ({"SERVER_NAME": "a.b", "SERVER_PORT": "80;rm"}, ""),
        ({"SERVER_NAME": "a.b", "SERVER_PORT": "80", "SCRIPT_NAME": "/<script>"}, "http://a.b:80/"),
        ({}, ""),
    ],
)
def test_links_use_the_address_the_visitor_opened(environ: dict[str, str], url: str) -> None:
    assert request_page_url(environ) == url


def test_the_share_link_goes_to_this_server_and_port() -> None:
    playground = visit("lang=fr", SERVER_NAME="192.168.1.5", SERVER_PORT="8870", SCRIPT_NAME="/")
    table = playground.start(Rules())
    assert 'href="http://192.168.1.5:8870/?deal=' in table.share_link.value
    assert "127.0.0.1" not in table.share_link.value and "8866" not in table.share_link.value
    # Under Voici (the static book) the link goes to the book's page around the playground.
    book = visit("", HEARTS_PAGE_URL="https://example.org/book/en/playground.html")
    link = book.start(Rules()).share_link.value
    assert 'href="https://example.org/book/en/playground.html?deal=' in link
    # Without either, the link is relative to the page it is shown in.
    assert 'href="?deal=' in visit("").start(Rules()).share_link.value


def test_every_visit_gets_its_own_seed_and_first_deal() -> None:
    seeds = {visit("").seed for _ in range(5)}
    assert len(seeds) == 5
    first, second = visit(""), visit("")
    assert first.start(Rules()).deal.dealt != second.start(Rules()).deal.dealt
    assert first.table is not None and query_of(first)["seed"] == str(first.table.seed)


def test_the_seed_in_the_address_replays_the_first_deal() -> None:
    playground = visit("seed=123456789")
    table = playground.start(Rules())
    assert table.seed == 123456789
    assert table.deal.dealt == Game(Rules(), seed=123456789).deal.dealt
    again = visit("seed=123456789").start(Rules())
    assert again.deal.dealt == table.deal.dealt
    # A new game takes the next seed, and the address follows it.
    playground.start()  # what "New game" does on the summary
    assert playground.table is not None and playground.table.seed == 123456790
    assert query_of(playground)["seed"] == "123456790"


def test_the_address_follows_every_card() -> None:
    playground = visit("seed=5&lang=fr&bots=random")
    table = playground.start(Rules())
    seen = []
    rng = random.Random(2)
    for _ in range(6):
        play(table, 1, rng)
        seen.append(playground.address())
        value = unescape(playground.page_data.value)
        assert f'class="ht-address" hidden>{seen[-1]}</span>' in value
    assert len(set(seen)) == len(seen)  # a new address after every action
    assert query_of(playground) == {
        "game": game_code(table.game),
        "seed": "5",
        "lang": "fr",
        "bots": "random",
    }
    table.bot_picker.value = "montecarlo"
    playground.set_lang("en")
    assert query_of(playground)["bots"] == "montecarlo" and query_of(playground)["lang"] == "en"


@pytest.mark.parametrize("cards", [0, 1, 9, 40, 70])
def test_opening_the_address_resumes_the_game_exactly(cards: int) -> None:
    playground = visit("seed=31&lang=fr&bots=random")
    table = playground.start(Rules(target=60))
    play(table, cards, random.Random(cards))
    resumed = visit(playground.address())
    again = resumed.table
    assert again is not None and again is not table
    assert again.deal.state_key() == table.deal.state_key()
    assert again.game.results == table.game.results and again.game.totals == table.game.totals
    assert (again.seed, again.lang, again.bot_level) == (31, "fr", "random")
    assert again.score_sheet.value == table.score_sheet.value
    assert resumed.screen == playground.screen  # the summary, for a finished game
    # and the game goes on with the deals it would have had (the bots, seeded again,
    # may choose other cards from here)
    for each in (table, again):
        rng = random.Random(9)
        while not each.deal.is_over:
            play(each, 1, rng)
    if not table.game.is_over and not again.game.is_over:
        assert table.next_deal() and again.next_deal()
        assert again.deal.dealt == table.deal.dealt


def test_a_long_game_keeps_its_latest_deals_and_its_totals() -> None:
    game = Game(Rules(target=10_000), seed=4)
    rng = random.Random(4)
    table = HeartsTable(game, bot_level="random", seed=4)
    while len(game.results) < 70:
        play(table, 20, rng)
    assert len(game_code(game)) > ADDRESS_LENGTH
    playground = visit("seed=4")
    playground.open_deal(game)
    address = playground.address()
    assert len(address) <= ADDRESS_LENGTH + 100
    resumed = visit(address).table
    assert resumed is not None and resumed.game.totals == game.totals
    assert resumed.deal.state_key() == game.deal.state_key()


def test_a_damaged_game_in_the_address_is_explained_and_keeps_the_seed() -> None:
    playground = visit("seed=77&lang=fr")
    table = playground.start(Rules())
    play(table, 3, random.Random(3))
    code = game_code(table.game)
    damaged = visit(f"game={code[:-4]}AAAA&seed=77&lang=fr")
    assert damaged.table is None and damaged.screen == "start"
    assert "abîmé" in unescape(damaged.start_message.value)
    assert query_of(damaged) == {"seed": "77", "lang": "fr", "bots": "heuristic"}
    # a shared deal (?deal=) opens as before, and its game goes on in the address
    deal_code = share_code(table.deal)
    shared = visit(f"deal={deal_code}")
    assert shared.table is not None and shared.table.deal.state_key() == table.deal.state_key()
    assert query_of(shared)["game"] == deal_code


def test_the_connection_notice_is_in_the_visitors_language() -> None:
    playground = visit("lang=fr")
    value = unescape(playground.page_data.value)
    assert 'class="ht-lost"' in value and "hidden" in value and "Rouvrir ma partie" in value
    playground.set_lang("en")
    assert "Reopen my game" in unescape(playground.page_data.value)


@pytest.mark.parametrize("tab", ["puzzles", "lessons"])
@pytest.mark.parametrize("preheated", [False, True])
def test_a_reload_opens_the_tab_the_visitor_had_open(
    tab: str, preheated: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The puzzles player who reloads comes back to the puzzles, not to the play tab:
    the tab open is in the address, which a fresh or a preheated kernel opens again."""
    playground = Playground.from_environment({"QUERY_STRING": "seed=8"})
    assert playground.tabs is not None and "tab=" not in playground.address()
    playground.tabs.selected_index = playground._tab_names.index(tab)
    query = playground.address()
    assert f"tab={tab}" in query.split("&")
    if preheated:
        monkeypatch.setattr("hearts_teach_widgets.address.wait_for_request", lambda _e: True)
        monkeypatch.setenv("QUERY_STRING", query)
        again = Playground.from_environment({"VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "k"})
    else:
        again = Playground.from_environment({"QUERY_STRING": query})
    assert again.tabs is not None
    assert again._tab_names[again.tabs.selected_index] == tab
    assert (again.puzzles is not None) == (tab == "puzzles")  # its page built, as a click does
    assert f"tab={tab}" in again.address().split("&")
    again.tabs.selected_index = 0  # back to play: the address no longer names a tab
    assert "tab=" not in again.address()


@pytest.mark.parametrize(
    "query",
    ["", "lang=fr&seed=12&bots=random", "seed=abc&lang=de", "game={game}&seed=31&lang=fr"],
)
def test_a_preheated_kernel_gives_the_visitor_what_a_fresh_one_would(
    query: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In Voilà's pool the start screen is built before the visitor comes; the request
    (its query string and the address the visitor opened) then opens the same page."""
    playground = visit("seed=31")
    play(playground.start(Rules()), 5, random.Random(5))
    query = query.format(game=game_code(playground.table.game if playground.table else Game()))
    request = {
        "QUERY_STRING": query,
        "SERVER_NAME": "10.0.0.7",
        "SERVER_PORT": "8870",
        "SCRIPT_NAME": "/",
    }

    def comes(environ: object) -> bool:
        for name, value in request.items():
            monkeypatch.setenv(name, value)
        return True

    monkeypatch.setattr("hearts_teach_widgets.address.wait_for_request", comes)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    preheated = Playground.from_environment(
        {"VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "k"}, with_lessons=False
    )
    fresh = Playground.from_environment(request, with_lessons=False)
    assert preheated.lang == fresh.lang and preheated.screen == fresh.screen
    assert preheated.playground_url == fresh.playground_url == "http://10.0.0.7:8870/"
    assert unescape(preheated.notice.value) == unescape(fresh.notice.value)
    if "seed=" in query and "abc" not in query:
        assert preheated.address() == fresh.address()
    if fresh.table is not None:
        assert preheated.table is not None
        assert preheated.table.deal.state_key() == fresh.table.deal.state_key()
        assert preheated.table.bot_level == fresh.table.bot_level
        return
    # The preheated kernel built the first game's table before the visitor came: the
    # start creates no model, and shows what a table built on the click would show.
    models = len(_instances)
    shown = preheated.start()
    assert len(_instances) == models
    expected = fresh.start()
    if "seed=" in query and "abc" not in query:  # else each visit drew its own seed
        assert_same_table(shown, expected)
        assert preheated.address() == fresh.address()


def assert_same_table(shown: HeartsTable, expected: HeartsTable) -> None:
    """Two tables show the same game the same way, to the eye and to a screen reader."""
    assert (shown.lang, shown.bot_level, shown.seed, shown.rules) == (
        expected.lang,
        expected.bot_level,
        expected.seed,
        expected.rules,
    )
    assert shown.deal.state_key() == expected.deal.state_key()
    assert [card.description for card in shown.hand.children] == [
        card.description for card in expected.hand.children
    ]
    for part in ("status", "note", "share_link", "rules_box", "bot_log"):
        assert getattr(shown, part).value == getattr(expected, part).value, part
    assert shown.bot_picker.value == expected.bot_picker.value


@pytest.mark.parametrize(
    ("before_start", "query"),
    [
        ("nothing", ""),
        ("french", ""),
        ("strong bots", "lang=fr"),
        ("three players", "bots=montecarlo&seed=8"),
    ],
)
def test_a_table_made_ahead_starts_the_game_the_visitor_chose(
    before_start: str, query: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever the visitor changes on the start screen after the table was made ahead
    (the language, the bots, the rules), the start shows the game they chose."""
    request = {"QUERY_STRING": query, "SERVER_NAME": "10.0.0.7", "SERVER_PORT": "8870"}

    def comes(environ: object) -> bool:
        for name, value in request.items():
            monkeypatch.setenv(name, value)
        return True

    monkeypatch.setattr("hearts_teach_widgets.address.wait_for_request", comes)
    monkeypatch.setattr("hearts_teach_widgets.playground.new_seed", lambda: 77)
    preheated = Playground.from_environment(
        {"VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "k"}, with_lessons=False
    )
    fresh = Playground.from_environment(request, with_lessons=False)
    for playground in (preheated, fresh):
        if before_start == "french":
            playground.set_lang("fr")
        elif before_start == "strong bots":
            playground.bot_picker.value = "montecarlo"
        elif before_start == "three players":
            playground.rules_picker.players.value = 3
    shown, expected = preheated.start(), fresh.start()
    assert_same_table(shown, expected)
    assert preheated.address() == fresh.address()
    # The table made ahead is the page's own from now on: its language and address
    # follow the page's, and a new game from the summary builds a table as before.
    shown.set_lang("en" if shown.lang == "fr" else "fr")
    assert preheated.lang == shown.lang
    play(shown, 3, random.Random(3))
    assert query_of(preheated)["game"] == game_code(shown.game, most=ADDRESS_LENGTH)


def preheated_visit(query: str, monkeypatch: pytest.MonkeyPatch) -> Playground:
    """The playground a preheated kernel (Voilà's pool) gives the visitor of ``query``."""

    def comes(environ: object) -> bool:
        monkeypatch.setenv("QUERY_STRING", query)
        return True

    monkeypatch.setattr("hearts_teach_widgets.address.wait_for_request", comes)
    return Playground.from_environment(
        {"VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "k"}, with_lessons=False
    )


@pytest.mark.parametrize("kernel", ["fresh", "preheated"])
def test_a_reload_in_the_middle_of_the_pass_keeps_the_cards_chosen(
    kernel: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The address keeps the cards chosen for the pass until they are passed; reopening
    it (a reload) chooses them again."""
    playground = visit("seed=41&lang=fr")
    table = playground.start(Rules())
    chosen = table.deal.hand(0)[4:6]
    for card in chosen:
        table.hand.buttons[card].click()
    query = playground.address()
    assert query_of(playground)["picked"] == ".".join(str(card.index) for card in chosen)
    reloaded = visit(query) if kernel == "fresh" else preheated_visit(query, monkeypatch)
    assert reloaded.table is not None and reloaded.table.picked == chosen
    assert reloaded.table.deal.state_key() == table.deal.state_key()
    assert reloaded.notice.value == ""
    reloaded.table.hand.buttons[table.deal.hand(0)[0]].click()
    assert reloaded.table.confirm_pass()
    assert "picked" not in query_of(reloaded)


@pytest.mark.parametrize("which", ["not in the hand", "twice", "too many", "after the pass"])
def test_cards_chosen_in_the_address_that_the_hand_cannot_pass_are_said_and_left(
    which: str,
) -> None:
    playground = visit("seed=42")
    table = playground.start(Rules())
    hand = table.deal.hand(0)
    if which == "after the pass":
        table.choose_pass(hand[:3])
        assert table.confirm_pass()
        picked = hand[5:6]
    else:
        picked = {
            "not in the hand": [hand[0], table.deal.hand(1)[0]],
            "twice": [hand[0], hand[0]],
            "too many": hand[:4],
        }[which]
    query = playground.address() + "&picked=" + ".".join(str(card.index) for card in picked)
    for lang, said in (("en", "this hand can pass"), ("fr", "ne peuvent pas être passées")):
        reloaded = visit(query.replace("lang=en", f"lang={lang}"))
        assert reloaded.table is not None
        assert reloaded.table.deal.state_key() == table.deal.state_key()  # the game is kept
        assert reloaded.table.picked == []
        assert said in unescape(reloaded.notice.value)
