"""The playground's polish, driven without a browser (the keyboard's place after "Start the
game": test_table_feel): the cards a table of three, five or six takes out said on the start screen, the
bots' log of a game resumed from its address, the share link that is a link, and an
accessible name for every control of the teachers' tools (in the page's language)."""

from __future__ import annotations

from html import unescape

import ipywidgets
import pytest
import traitlets
from hearts_teach_widgets.address import read_address
from hearts_teach_widgets.playground import Playground
from hearts_teach_widgets.rules_picker import RulesPicker
from hearts_teach_widgets.style import CSS
from hearts_teach_widgets.table import HeartsTable
from hearts_teach_widgets.teacher import TeacherTools, WhatIfWidget
from test_table_feel import passed, playable

from hearts_teach import Deal, Rules
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.cards import cards_of
from hearts_teach.describe import seat_words
from hearts_teach.i18n import card_symbol, join_words, text
from hearts_teach.records import share_code
from hearts_teach.rules import mask_of_removal


def page(lang: str = "en", seed: int = 4, **options: str) -> Playground:
    return Playground(lang, seed=seed, with_lessons=False, with_teachers=False, **options)


# --- 2. the cards taken out, on the start screen --------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", [3, 5, 6])
def test_the_picker_says_which_cards_are_removed(lang: str, players: int) -> None:
    picker = RulesPicker(lang)
    assert picker.removed_text() == "" and picker.removed_note.value == ""  # four players
    picker.set_option("players", players)
    rules = picker.rules
    assert rules is not None
    removed = cards_of(mask_of_removal(rules.removed))
    assert removed
    symbols = join_words([card_symbol(card, lang) for card in removed], lang)
    key = "ui.removed.note.one" if len(removed) == 1 else "ui.removed.note.many"
    said = text(key, lang, cards=symbols, size=rules.hand_size)
    assert picker.removed_text() == said
    assert unescape(picker.removed_note.value).count(said) == 1
    # the picker shows it under the number of players
    assert picker.children.index(picker.removed_note) == picker.children.index(picker.players) + 1


def test_the_removed_cards_in_both_languages_as_players_write_them() -> None:
    picker = RulesPicker("fr")
    picker.set_option("players", 3)
    assert picker.removed_text() == text("ui.removed.note.one", "fr", cards="2♦", size=17)
    assert picker.removed_text().startswith("2♦ retiré") and "17 cartes" in picker.removed_text()
    picker.checkboxes["black_maria"].value = True  # traditional Black Maria: the 2♣
    assert picker.removed_text().startswith("2♣ retiré")
    picker.set_lang("en")
    assert picker.removed_text() == "2♣ removed: each player gets 17 cards."
    picker.set_option("players", 5)
    picker.checkboxes["black_maria"].value = False
    assert picker.removed_text().startswith("2♣ and 2♦ removed")
    picker.set_lang("fr")
    assert picker.removed_text().startswith("2♣ et 2♦ retirés")
    picker.set_option("players", 2)  # a 28-card deck, nothing "removed" to deal evenly
    assert picker.removed_text() == ""


def test_the_start_screen_shows_the_removed_cards() -> None:
    playground = page("fr")
    playground.rules_picker.set_option("players", 6)
    assert "retirés" in unescape(playground.rules_picker.removed_note.value)
    assert playground.rules_picker in playground._picker_slot.children


# --- 3. the bots' log after a reload ---------------------------------------------------


def resumed_after_a_reload(lang: str) -> tuple[Playground, Playground]:
    """A game played a few cards in, then opened again from the page's address."""
    playground = page(lang)
    table = playground.start()
    passed(table)
    for _ in range(5):
        table.play_card(playable(table)[0])
    address = read_address(playground.address())
    assert address.game is not None
    reloaded = page(address.lang, game_code=address.game, seed=address.seed or 4)
    return playground, reloaded


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_game_resumed_from_its_address_says_why_the_reasons_are_gone(lang: str) -> None:
    before, after = resumed_after_a_reload(lang)
    table = after.table
    assert table is not None and table.origin == "address"
    assert table.deal.state_key() == before.table.deal.state_key()  # type: ignore[union-attr]
    log = unescape(table.bot_log.value)
    assert text("ui.log.resumed", lang) in log
    assert text("ui.log.empty", lang) not in log
    # what it can keep: each bot's card of the deal, with its trick
    for player, card in table.deal.current_trick.plays:
        if player != table.human:
            line = text(
                "ui.log.earlier",
                lang,
                seat=seat_words(player, Rules(), lang, 0),
                card=card_symbol(card, lang),
            )
            assert line in log
    assert text("ui.log.trick", lang, number=table.deal.trick_number + 1) in log
    # the cards are on the table still
    for _player, card in table.deal.current_trick.plays:
        assert card_symbol(card, lang)[:-1] in table.felt.value
    # the next card's replies come with their reasons, after the earlier ones
    table.play_card(playable(table)[0])
    log = unescape(table.bot_log.value)
    assert text("ui.log.resumed", lang) in log
    reason = table.bot_plays[-1].choice.reason(lang)
    assert reason in log and log.index(text("ui.log.resumed", lang)) < log.index(reason)


def test_a_new_deal_after_a_resumed_one_logs_as_usual() -> None:
    _, after = resumed_after_a_reload("en")
    table = after.table
    assert table is not None
    while not table.deal.is_over:
        table.play_card(playable(table)[0])
    if table.deal.pending_moon_choice is not None:
        table.choose_moon("add")
    assert table.next_deal()
    assert text("ui.log.resumed", "en") not in unescape(table.bot_log.value)


def test_a_shared_position_says_it_came_from_a_code() -> None:
    deal = Deal.new(Rules(), seed=12, deal_number=3)  # no pass; bots' cards in the trick
    while deal.to_play == 0 or not deal.current_trick.plays:
        deal.play(deal.legal_moves()[0])
    playground = page("fr", deal_code=share_code(deal))
    table = playground.table
    assert table is not None and table.origin == "code"
    log = unescape(table.bot_log.value)
    assert text("ui.log.opened", "fr") in log and text("ui.log.resumed", "fr") not in log
    # loading a code in the table's own box says the same
    other = HeartsTable(Rules(), seed=3, delay=0)
    assert other.origin is None and text("ui.log.opened", "en") not in other.bot_log.value
    assert other.load_code(share_code(deal))
    assert text("ui.log.opened", "en") in unescape(other.bot_log.value)
    with pytest.raises(ValueError):
        HeartsTable(Rules(), origin="somewhere")


# --- 4. the share link -----------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_share_link_is_a_link_drawn_as_a_button(lang: str) -> None:
    table = HeartsTable(Rules(), lang=lang, seed=3, delay=0, playground_url="http://h:1/")
    link = table.share_link.value
    assert link.startswith('<a class="ht-link ht-link-button" href="http://h:1/?deal=')
    # its name is its words (the arrow is hidden from screen readers); its title says
    # where it goes
    name = text("ui.share.link", lang)
    assert f">{name}<span" in link and 'aria-hidden="true"> ↗</span></a>' in link
    assert f'title="{text("ui.share.link_help", lang)}"' in unescape(link)
    assert 'tabindex="-1"' not in link  # a link: the keyboard reaches it
    assert (
        ".ht-link.ht-link-button{" in CSS and "border:2px solid" in CSS.split(".ht-link-button{")[1]
    )


# --- 5. the teachers' tools' names -----------------------------------------------------

SLIDERS = (
    ipywidgets.IntSlider,
    ipywidgets.FloatSlider,
    ipywidgets.IntRangeSlider,
    ipywidgets.FloatRangeSlider,
    ipywidgets.SelectionSlider,
    ipywidgets.FloatLogSlider,
)
CONTROLS = (
    ipywidgets.Text,
    ipywidgets.IntText,
    ipywidgets.BoundedIntText,
    ipywidgets.FloatText,
    ipywidgets.Dropdown,
    ipywidgets.SelectMultiple,
    ipywidgets.Select,
    ipywidgets.ToggleButtons,
    ipywidgets.RadioButtons,
    ipywidgets.Checkbox,
    ipywidgets.Textarea,
    *SLIDERS,
)


def every_widget(root: ipywidgets.Widget) -> list[ipywidgets.Widget]:
    found = [root]
    for child in getattr(root, "children", ()):
        found += every_widget(child)
    return found


@pytest.fixture(scope="module")
def finished() -> Deal:
    return play_out(Deal.new(Rules(), seed=4, deal_number=3), seat_bots("heuristic", 4, 4))


def test_every_control_of_the_teachers_tools_has_a_name_in_the_pages_language(
    finished: Deal,
) -> None:
    """ipywidgets 8 names a text box, a drop-down or a list by its description (a
    <label> tied to the control); a slider's handle it leaves unnamed, so the tools
    have none."""
    tools = TeacherTools(finished, "en")
    assert tools.what_if is not None
    controls = [w for w in every_widget(tools) if isinstance(w, CONTROLS)]
    assert len(controls) >= 10
    assert not [w for w in controls if isinstance(w, SLIDERS)]
    english = {id(w): w.description for w in controls}
    assert all(english.values()), [type(w).__name__ for w in controls if not w.description]
    what_if = tools.what_if
    assert what_if.trick_picker.description == text("ui.teach.whatif_trick", "en")
    assert what_if.card_picker.description == text("ui.teach.whatif_card", "en")
    tools.set_lang("fr")
    french = {id(w): w.description for w in controls}
    assert all(french.values())
    assert what_if.trick_picker.description == "Pli"
    assert what_if.card_picker.description == "Position dans le pli"
    changed = [key for key in english if english[key] != french[key]]
    assert len(changed) >= len(controls) // 2  # the names follow the page's language


def test_what_if_is_driven_by_its_drop_downs(finished: Deal) -> None:
    widget = WhatIfWidget(finished, "en", level="heuristic")
    assert [value for _, value in widget.trick_picker.options] == list(range(1, 14))
    assert [value for _, value in widget.card_picker.options] == [1, 2, 3, 4]
    widget.trick_picker.value = 6
    widget.card_picker.value = 2
    assert "Trick 6, card 2" in widget.position.value
    with pytest.raises(traitlets.TraitError):
        widget.trick_picker.value = 14  # not offered: refused, the position kept
    assert widget.trick_picker.value == 6


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
        ("de-DE,de;q=0.9,en-US;q=0.8", "en"),
        ("de-DE", None),
        ("", None),
    ],
)
def test_the_visitors_browser_language_is_the_first_the_pages_speak(
    header: str, expected: str | None
) -> None:
    from hearts_teach_widgets.playground import visitor_lang

    assert visitor_lang({"HTTP_ACCEPT_LANGUAGE": header}) == expected
