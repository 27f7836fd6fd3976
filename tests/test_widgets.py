"""The widgets driven without a browser: public methods and ``Button.click()``."""

from __future__ import annotations

import re
from html import unescape

import pytest
from hearts_teach_widgets import HeartsTable, RulesPicker, position_html
from hearts_teach_widgets.playground import Playground, query_parameters
from hearts_teach_widgets.render import seat_of
from hearts_teach_widgets.summary import summary_html
from hypothesis import given, settings
from hypothesis import strategies as st
from support.engine import play_a_moon

from hearts_teach import Card, Deal, Game, Rules
from hearts_teach.bots import moon_choice_for
from hearts_teach.cards import cards_of, sorted_for_display
from hearts_teach.i18n import card_name, card_symbol, seat_name, text
from hearts_teach.records import deal_from_code, share_code


def click_pass(table: HeartsTable) -> list[Card]:
    """Choose the first cards of the hand for the pass by clicking them, then confirm."""
    count = table.rules.cards_to_pass
    chosen = table.hand.cards[:count]
    for card in chosen:
        table.hand.buttons[card].click()
    assert not table.confirm_pass_button.disabled
    table.confirm_pass_button.click()
    return chosen


def enabled_cards(table: HeartsTable) -> list[Card]:
    return list(table.hand.playable)


def shown_text(table: HeartsTable, with_rules: bool = True) -> str:
    """Everything the table shows as text (HTML and control labels)."""
    parts = [
        table.status.value,
        table.badges.value,
        table.felt.value,
        table.message_box.value,
        table.note.value,
        table.score_sheet.value,
        table.bot_log.value,
    ]
    if with_rules:
        parts.append(table.rules_box.value)
    parts += [table.hand.buttons[card].description for card in table.hand.cards]
    parts += [table.hand.buttons[card].tooltip for card in table.hand.cards]
    return unescape(" ".join(parts))


def hidden_cards(deal: Deal, human: int = 0) -> list[Card]:
    """The cards the person may not see: the others' hands, but for the cards the person
    passed them (the table shows where they went)."""
    passed = deal.passes()[human] or []
    return [
        card
        for player in range(deal.rules.players)
        if player != human
        for card in deal.hand(player)
        if card not in passed
    ]


def names(card: Card) -> list[str]:
    return [card_name(card, lang) for lang in ("en", "fr")]


def assert_hidden_cards_unnamed(table: HeartsTable) -> None:
    """No hidden card is drawn or labelled anywhere, and no bot's sentence names a card it
    still holds. (The rules table names cards in general, and a bot may say it wants to
    force out the queen of spades: that tells nothing of where she is. The bots' sentences
    are in their log and in the tooltips of their cards on the felt.)"""
    drawn = shown_text(table, with_rules=False).replace(unescape(table.bot_log.value), "")
    for play in table.bot_plays:
        for lang in ("en", "fr"):
            drawn = drawn.replace(play.choice.reason(lang), "")
    for card in hidden_cards(table.deal):
        for name in names(card):
            assert re.search(rf"\b{re.escape(name)}\b", drawn) is None, card
    for play in table.bot_plays:
        said = " ".join(play.choice.reason(lang) for lang in ("en", "fr")).lower()
        for card in table.deal.hand(play.player):
            for name in names(card):
                assert re.search(rf"\b{re.escape(name)}\b", said) is None, (card, said)


@pytest.mark.parametrize("preset", list(Rules.PRESETS))
def test_a_whole_deal_of_each_preset_by_clicking(preset: str) -> None:
    rules = Rules.preset(preset)
    table = HeartsTable(rules, seed=5)  # the default bots, whose sentences are checked too
    if table.deal.phase == "pass":
        click_pass(table)
    while not table.deal.is_over:
        assert table.deal.to_play == 0
        legal = set(table.deal.legal_moves())
        # the buttons enabled are exactly the cards the engine allows
        assert set(enabled_cards(table)) == legal
        assert_hidden_cards_unnamed(table)
        before = len(table.deal.hand(0))
        table.hand.buttons[enabled_cards(table)[-1]].click()
        assert len(table.deal.hand(0)) == before - 1
    result = table.game.results[0]
    assert sum(result.points) == rules.points_per_deal
    sheet = unescape(table.score_sheet.value)
    row = re.search(r"Deal 1[^<]*</th>((?:<td>−?\d+</td>)+)", sheet)  # a true minus sign
    assert row is not None
    scores = re.findall(r"<td>(−?\d+)</td>", row.group(1))
    assert [int(x.replace("−", "-")) for x in scores] == list(result.scores)
    assert "Deal 1 is over" in table.message


def test_passing_shows_direction_and_received_cards() -> None:
    table = HeartsTable(Rules(), seed=2, bot_level="heuristic")
    assert table.deal.phase == "pass"
    assert "to the left (West)" in table.status_text()
    assert table.confirm_pass_button.disabled
    first = table.hand.cards[0]
    table.hand.buttons[first].click()
    assert "ht-picked" in table.hand.buttons[first]._dom_classes
    assert "chosen for the pass" in table.hand.buttons[first].description
    table.hand.buttons[first].click()  # put back
    assert table.picked == []
    given_cards = click_pass(table)
    received = table.deal.received(0)
    assert len(received) == 3
    hand = table.deal.hand(0)
    assert all(card in hand for card in received)
    assert not any(card in hand for card in given_cards)
    assert all(str(card) in table.message for card in received + given_cards)
    for card in received:
        assert "ht-received" in table.hand.buttons[card]._dom_classes


def test_an_illegal_card_is_refused_with_the_engine_reason() -> None:
    table = HeartsTable(Deal.new(Rules(), seed=11, deal_number=3), seed=3)
    deal = table.deal
    assert deal.to_play == 0
    illegal = [card for card in deal.hand(0) if not deal.explain(card).legal]
    assert illegal
    card = illegal[0]
    reason = deal.explain(card).text("en")
    button = table.hand.buttons[card]
    # greyed and out of the Tab order, but it takes a click, to say why
    assert "ht-refused" in button._dom_classes and button.tabbable is False
    assert card not in table.hand.playable
    assert button.tooltip == reason
    assert reason in button.description
    before = deal.state_key()
    button.click()
    assert deal.state_key() == before
    assert reason in table.message
    assert reason in table.refusal_box.value and 'role="alert"' in table.refusal_box.value
    assert reason not in table.message_box.value  # said once, beside the hand
    assert not table.play_card(card)
    assert deal.state_key() == before


def test_undo_takes_back_my_card_and_the_bots_replies() -> None:
    table = HeartsTable(Deal.new(Rules(), seed=4, deal_number=3), seed=3)
    assert table.undo_button.disabled
    assert not table.undo()
    table.play_card(enabled_cards(table)[0])
    table.play_card(enabled_cards(table)[0])
    before_second = None
    history = table.deal.history
    mine = [i for i, (kind, player, _c) in enumerate(history) if kind == "play" and player == 0]
    replay = Deal.new(Rules(), seed=4, deal_number=3)
    for kind, player, cards in history[: mine[-1]]:
        assert kind == "play"
        replay.play(cards[0], player)
    before_second = replay.state_key()
    assert not table.undo_button.disabled
    assert table.undo()
    assert table.deal.state_key() == before_second
    assert all(play.index < mine[-1] for play in table.bot_plays)
    assert "back in your hand" in table.message


def test_language_switch_mid_game_relabels_everything_and_keeps_the_game() -> None:
    table = HeartsTable(Rules(), seed=8, delay=0)  # a redraw shows the end of a reply
    click_pass(table)
    table.play_card(enabled_cards(table)[0])
    state = table.deal.state_key()
    english = shown_text(table)
    controls = [table.hint_button, table.undo_button, table.new_game_button, table.bot_picker]
    english_labels = [control.description for control in controls]
    table.language_picker.value = "fr"
    assert table.lang == "fr"
    assert table.deal.state_key() == state
    french = shown_text(table)
    assert (
        "Your turn" not in french and "Score sheet" not in french and "Points taken" not in french
    )
    assert "À vous de jouer" in french and "Feuille de marque" in french
    assert all(
        control.description != label
        for control, label in zip(controls, english_labels, strict=True)
    )
    assert all(
        "jouable" in table.hand.buttons[c].description
        or "injouable" in table.hand.buttons[c].description
        for c in table.hand.cards
    )
    table.set_lang("en")
    assert shown_text(table) == english


def test_a_damaged_code_is_refused_and_the_game_kept() -> None:
    table = HeartsTable(Rules(), seed=8)
    click_pass(table)
    state = table.deal.state_key()
    code = table.share_code()
    assert table.share_code_text.value == code
    damaged = code[:-3] + ("A" if code[-3] != "A" else "B") + code[-2:]
    assert not table.load_code(damaged)
    assert table.deal.state_key() == state
    assert "current game is kept" in table.share_message.value
    assert not table.load_code("not a code!")
    assert table.deal.state_key() == state
    table.set_lang("fr")
    assert "partie en cours est conservée" in table.share_message.value
    other = share_code(Deal.new(Rules.preset("spot"), seed=3, deal_number=3))
    table.load_code_text.value = other
    table.load_button.click()
    assert table.rules == Rules.preset("spot")
    assert table.deal.dealt == deal_from_code(other).dealt


def test_hint_names_a_legal_card_its_reason_and_its_figures() -> None:
    table = HeartsTable(Deal.new(Rules(), seed=21, deal_number=3), seed=1)
    table.hint_button.click()
    assert table.message.startswith("Hint: play ")
    hinted = [
        card for card in table.hand.cards if "ht-hinted" in table.hand.buttons[card]._dom_classes
    ]
    assert len(hinted) == 1 and hinted[0] in table.deal.legal_moves()
    # The card advised is priced (with its standard error), behind "Details" after the
    # advice; the hint speaks to the player.
    assert table.session.details is not None
    odds = table.session.details.text("en").split("Expected points per card: ")[1]
    assert "Expected points" not in table.message and "<details" in table.message_box.value
    assert re.search(rf"(^|[ /]){re.escape(str(hinted[0]))}[ /]", odds) and "\u00a0±\u00a0" in odds
    assert not re.search(r"\b(I|me|my)\b", table.message)
    table.set_lang("fr")
    assert table.message.startswith(f"Conseil\u202f: jouez {card_symbol(hinted[0], 'fr')}.")
    assert "Points attendus par carte\u202f: " in unescape(table.message_box.value)
    assert not re.search(r"\b(je|j’|me|mon|ma|mes)\b", table.message)


def test_pass_hint_gives_a_reason_for_each_card() -> None:
    table = HeartsTable(Rules(), seed=2)
    table.hint_button.click()
    hinted = [
        card for card in table.hand.cards if "ht-hinted" in table.hand.buttons[card]._dom_classes
    ]
    assert len(hinted) == 3
    message = table.message
    assert message.startswith("Hint: pass " + ", ".join(str(card) for card in sorted(hinted)) + ".")
    for card in hinted:  # each card named again with its reason
        assert f"the {card_name(card, 'en')}" in message.split(".", 1)[1].lower()


def test_other_hands_show_counts_only() -> None:
    table = HeartsTable(Rules(), seed=3)
    felt = unescape(table.felt.value)
    assert felt.count("13 cards") == 3
    assert_hidden_cards_unnamed(table)


def test_rules_picker_refuses_impossible_combinations_in_the_chosen_language() -> None:
    picker = RulesPicker("fr")
    picker.set_option("players", 2)
    picker.set_option("omnibus", True)
    assert picker.rules is None and picker.error is not None
    assert picker.error.message("fr") in unescape(picker.verdict.value)
    picker.set_lang("en")
    assert picker.error.message("en") in unescape(picker.verdict.value)
    picker.set_option("omnibus", False)
    assert picker.rules == Rules.preset("two-player")
    picker.set_option("target", 50)
    assert picker.rules == Rules.preset("two-player", target=50)
    assert "Two-player Hearts, with your changes" in unescape(picker.verdict.value)
    for name in Rules.PRESETS:
        picker.choose_preset(name)
        assert picker.rules == Rules.preset(name)
    picker.set_option("players", 5)
    picker.set_option("moon", "new")
    picker.set_option("partnership", True)
    assert picker.rules is None and picker.error is not None
    assert picker.error.message("en") in unescape(picker.verdict.value)


def test_rules_picker_offers_three_to_six_players_the_cards_removed_the_moon_choice_and_deals() -> (
    None
):
    picker = RulesPicker("en")
    assert [value for _label, value in picker.players.options] == [2, 3, 4, 5, 6]
    assert picker.removed.layout.display == "none"  # four players: nothing to remove
    picker.set_option("players", 3)
    assert picker.rules == Rules.preset("three-player")
    assert picker.removed.layout.display is None
    assert [value for _label, value in picker.removed.options] == ["2d", "2c", "2s"]
    assert picker.removed.options[0][0] == "2♦ (the usual choice)"
    picker.set_option("removed", "2s")
    assert picker.rules == Rules(players=3, removed="2s")
    picker.set_option("black_maria", True)  # traditional Black Maria: its own removal and pass
    assert picker.rules == Rules.preset("black-maria-3", removed="2s")
    picker.set_option("black_maria", False)
    picker.set_option("players", 6)
    assert picker.rules == Rules(players=6, removed="2d3d3c4c")
    assert [value for _label, value in picker.removed.options] == ["2d3d3c4c", "2c2d3c3d"]
    picker.set_option("removed", "2c2d3c3d")
    picker.set_option("moon", "choice")
    picker.set_option("deals", 5)
    assert picker.rules == Rules(players=6, removed="2c2d3c3d", moon="choice", deals=5)
    picker.set_lang("fr")
    assert picker.deals.value == 5 and picker.removed.value == "2c2d3c3d"
    assert picker.deals.options[0][0] == "Non (jusqu’au score de fin)"
    picker.set_option("players", 5)
    assert picker.removed.layout.display == "none" and picker.removed.value == "2c2d"
    assert picker.rules == Rules(players=5, moon="choice", deals=5)
    picker.choose_preset("shooters-choice")
    assert picker.rules == Rules.preset("shooters-choice") and picker.rules.deals is None
    # "no fixed number" is a choice the drop-down shows (None would show an empty box)
    assert picker.deals.index == 0 and picker.deals.label == "Non (jusqu’au score de fin)"


def test_playground_start_button_follows_the_rules_picker() -> None:
    playground = Playground("fr", with_lessons=False)
    playground.rules_picker.set_option("players", 5)
    playground.rules_picker.set_option("partnership", True)
    assert playground.start_button.disabled  # teams need four players
    playground.rules_picker.set_option("partnership", False)
    assert not playground.start_button.disabled
    assert playground.rules_picker.rules == Rules.preset("five-player")
    playground.rules_picker.set_option("players", 3)
    assert playground.rules_picker.rules == Rules.preset("three-player")
    playground.rules_picker.set_option("black_maria", True)
    assert not playground.start_button.disabled
    table = playground.start()
    assert table.rules == Rules.preset("black-maria-3")
    assert table.lang == "fr"
    playground.language_picker.value = "en"
    assert table.lang == "en"


def test_playground_opens_the_deal_of_the_query_string() -> None:
    deal = Deal.new(Rules.preset("omnibus"), seed=9, deal_number=1)
    code = share_code(deal)
    playground = Playground.from_environment(
        {"QUERY_STRING": f"deal={code}&lang=fr&bots=random"}, with_lessons=False
    )
    assert playground.lang == "fr"
    assert playground.table is not None and playground.table.bot_level == "random"
    assert playground.table is not None
    assert playground.table.deal.dealt == deal.dealt
    assert playground._rules_picker is None  # built only when the start screen is shown
    playground.show_start()
    assert playground.rules_picker.lang == "fr"
    assert playground.play_area.children == (playground.start_screen,)
    damaged = Playground.from_environment(
        {"QUERY_STRING": "deal=xyz&lang=xx&bots=godlike"}, with_lessons=False
    )
    assert damaged.lang == "en" and damaged.bot_picker.value == "heuristic"
    assert damaged.table is None
    assert "share code" in unescape(damaged.start_message.value)
    assert damaged.start_screen.children[0] is damaged.start_message  # seen first
    assert query_parameters("?deal=a&deal=b&lang=en") == {"deal": "a", "lang": "en"}


@given(seed=st.integers(0, 10_000), number=st.integers(0, 3), lang=st.sampled_from(["en", "fr"]))
@settings(max_examples=25, deadline=None)
def test_static_position_shows_my_hand_and_links_to_the_playground(
    seed: int, number: int, lang: str
) -> None:
    deal = Deal.new(Rules(), seed=seed, deal_number=number)
    page = unescape(position_html(deal, lang, playground_url="http://localhost:8866/"))
    assert f"http://localhost:8866/?deal={share_code(deal)}&lang={lang}" in page
    for card in deal.hand(0):
        assert card_name(card, lang) in page
    for card in hidden_cards(deal):
        assert card_name(card, lang) not in page


@given(
    seed=st.integers(0, 10_000),
    learner=st.integers(0, 3),
    lang=st.sampled_from(["en", "fr"]),
)
@settings(max_examples=20, deadline=None)
def test_static_position_from_any_learner_seat_keeps_the_compass_places(
    seed: int, learner: int, lang: str
) -> None:
    deal = Deal.new(Rules(), seed=seed, deal_number=3)
    page = unescape(position_html(deal, lang, player=learner))
    for card in deal.hand(learner):
        assert card_name(card, lang) in page
    for player in range(4):
        if player != learner:
            for card in deal.hand(player):
                assert card_name(card, lang) not in page
    # Every seat stays at its compass place; the learner's seat is "You", the others
    # keep the engine's names, seat 0 included when the learner sits elsewhere.
    labels = dict(re.findall(r'<section class="ht-seat ht-(\w+)[^"]*" aria-label="([^"]+)"', page))
    for player in range(4):
        place = seat_name(player, 4, "en").lower()
        wanted = text("ui.seat.you", lang) if player == learner else seat_name(player, 4, lang)
        assert labels[place] == wanted
    # The playground seats the person at seat 0: a link only when the learner sits there.
    assert ("?deal=" in page) == (learner == 0)


@given(
    seed=st.integers(0, 10_000),
    players=st.integers(3, 6),
    learner=st.integers(0, 5),
    cards=st.integers(0, 12),
    lang=st.sampled_from(["en", "fr"]),
)
@settings(max_examples=30, deadline=None)
def test_a_seated_picture_puts_the_learner_at_the_bottom_and_each_card_before_its_seat(
    seed: int, players: int, learner: int, cards: int, lang: str
) -> None:
    """A puzzle may ask any seat to play; its picture seats that player at the bottom, as
    the playground does, the others round the table in playing order, and each card of
    the trick in front of the seat that played it."""
    learner %= players
    deal = Deal.new(Rules(players=players, passing="none"), seed=seed)
    for _ in range(cards):
        deal.play(deal.legal_moves()[0])
    page = unescape(position_html(deal, lang, player=learner, seated=True))
    sections = re.findall(r'<section class="ht-seat ht-(\w+)[^"]*" aria-label="([^"]+)"', page)
    places = dict(sections)
    assert places["south"] == text("ui.seat.you", lang)
    order = [seat_of(step, players) for step in range(players)]  # playing order from South
    by_label = {label: place for place, label in sections}
    for step in range(1, players):
        seat = (learner + step) % players
        place = {"s": "south", "w": "west", "n": "north", "e": "east"}.get(order[step], order[step])
        assert by_label[seat_name(seat, players, lang)] == place
    for seat, card in deal.current_trick.plays:
        label = text("ui.seat.you", lang) if seat == learner else seat_name(seat, players, lang)
        slot = f'<div class="ht-slot-{seat_of((seat - learner) % players, players)}">'
        pattern = re.escape(slot) + r"[^<]*<[^>]*" + re.escape(card_name(card, lang))
        assert re.search(pattern + r".*?ht-slot-label\">" + re.escape(label), page)


def test_summary_names_the_winner_and_draws_the_chart() -> None:
    game = Game(Rules(target=15), seed=3)
    table = HeartsTable(game, bot_level="random")
    finished: list[HeartsTable] = []
    table.on_game_over = finished.append
    while not game.is_over:
        if table.deal.is_over:
            table.next_deal_button.click()
        elif table.deal.phase == "pass":
            click_pass(table)
        else:
            table.play_card(enabled_cards(table)[0])
    assert finished == [table]
    assert table.next_deal_button.layout.display == "none"
    html = summary_html(game, "fr")
    assert "Vainqueur" in html and "<svg" in html and "Totaux après chaque donne" in html


def test_lessons_tab_is_built_when_opened_and_follows_the_language() -> None:
    playground = Playground("en")
    assert playground.tabs is not None  # the lessons tab
    assert playground.lessons is None
    playground.tabs.selected_index = 1
    lessons = playground.lessons
    assert lessons is not None and playground._lessons_slot.children == (lessons,)
    playground.set_lang("fr")
    assert playground.tabs.titles == ("Jouer", "Leçons", "Problèmes", "Enseignants")
    if hasattr(lessons, "lang"):
        assert lessons.lang == "fr"


def test_the_teachers_tab_opens_on_the_last_finished_deal_and_follows_the_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("HEARTS_SERVED", raising=False)
    playground = Playground("en", with_lessons=False)
    assert playground.tabs is not None and playground.tabs.titles == ("Play", "Teachers")
    assert playground.teachers is None  # built when first opened
    playground.tabs.selected_index = 1
    before = playground.teachers
    assert before is not None and playground._teachers_slot.children == (before,)
    assert before.what_if.what_if is None  # no deal finished yet: what-if asks for a code
    assert before.what_if in before.tabs.children
    table = playground.start(Rules())
    assert playground.tabs.selected_index == 0
    if table.deal.phase == "pass":
        click_pass(table)
    while not table.deal.is_over:
        table.play_card(enabled_cards(table)[0])
    tools = playground.open_teachers()
    assert tools is not None and tools is before  # kept, and given the finished deal
    assert tools.what_if is not None and playground._teachers_deal is table.game.history[-1].deal
    assert tools.what_if.what_if.played.state_key() == table.game.history[-1].deal.state_key()
    assert playground.open_teachers() is tools  # the same deal: the same tools, kept
    assert tools.simulation.games.max > 200 and tools.simulation.jobs.layout.display != "none"
    playground.set_lang("fr")
    assert playground.tabs.titles == ("Jouer", "Enseignants")
    assert tools.tabs.titles[0] == "Toutes les variantes"


def test_a_served_playgrounds_teachers_tab_runs_small_simulations_in_one_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tools = Playground("fr", with_lessons=False, served=True).open_teachers()
    assert tools is not None
    assert tools.simulation.games.max == 200 and tools.simulation.jobs.max == 1
    tools.simulation.games.value = 10**6  # a bounded box keeps its value within its bounds
    assert tools.simulation.games.value == 200


def test_playground_summary_after_the_last_deal_and_gone_after_undo() -> None:
    playground = Playground("en", with_lessons=False)
    table = playground.start(Rules(target=5))
    while not table.game.is_over:
        if table.deal.is_over:
            table.next_deal()
        elif table.deal.phase == "pass":
            click_pass(table)
        else:
            table.play_card(enabled_cards(table)[0])
    assert playground.screen == "summary"
    assert playground.play_area.children == (playground.summary_screen, table)
    assert "Winner" in playground.summary.value or "Winners" in playground.summary.value
    table.undo_button.click()
    assert not table.game.is_over
    assert playground.play_area.children == (table,)


@given(
    preset=st.sampled_from(list(Rules.PRESETS)),
    seed=st.integers(0, 1000),
    picks=st.lists(st.integers(0, 16), min_size=60, max_size=60),
)
@settings(max_examples=15, deadline=None)
def test_clicking_any_card_keeps_the_table_and_the_engine_in_step(
    preset: str, seed: int, picks: list[int]
) -> None:
    """Whatever card is clicked, legal or not: enabled buttons are the legal cards, the
    hand is sorted by suit, a refused card changes nothing and says why."""
    table = HeartsTable(Rules.preset(preset), seed=seed, bot_level="random")
    if table.deal.phase == "pass":
        click_pass(table)
    for pick in picks:
        if table.deal.is_over:
            break
        deal = table.deal
        hand = table.hand.cards
        assert hand == sorted_for_display(deal.hand(0))
        assert set(enabled_cards(table)) == set(deal.legal_moves())
        card = hand[pick % len(hand)]
        before = deal.state_key()
        explanation = deal.explain(card)
        played = table.play_card(card)
        assert played == explanation.legal
        if not played:
            assert deal.state_key() == before
            assert explanation.text("en") in table.message
    assert_hidden_cards_unnamed(table)


def click_a_whole_game(table: HeartsTable, moon: str = "add") -> list[str]:
    """Play the game to its end by clicking: the first cards for a pass, the first legal
    card, ``moon`` when the person shot the moon; the message after each deal."""
    said = []
    while not table.game.is_over:
        deal = table.deal
        if deal.phase == "pass":
            click_pass(table)
        elif deal.pending_moon_choice is not None:
            table.moon_buttons[moon].click()
        elif deal.is_over:
            said.append(table.message)
            assert not table.next_deal_button.layout.display
            table.next_deal_button.click()
        else:
            assert_hidden_cards_unnamed(table)
            table.hand.buttons[enabled_cards(table)[0]].click()
    said.append(table.message)
    return said


@pytest.mark.parametrize(
    ("preset", "hand", "seats"),
    [
        ("three-player", 17, ["You", "West", "East"]),
        ("five-player", 10, ["You", "West", "North-West", "North-East", "East"]),
        ("six-player", 8, ["You", "South-West", "North-West", "North", "North-East", "South-East"]),
    ],
)
def test_a_whole_game_of_three_five_and_six_players_by_clicking(
    preset: str, hand: int, seats: list[str]
) -> None:
    rules = Rules.preset(preset, deals=2)
    table = HeartsTable(rules, seed=7, bot_level="random")
    assert len(table.hand.cards) == hand
    felt = table.felt.value
    assert f"ht-p{rules.players}" in felt
    for player, name in enumerate(seats):
        assert seat_name(player, rules.players, "en") == name or player == 0
        assert f'aria-label="{name}"' in felt
    sheet = unescape(table.score_sheet.value)
    assert [
        re.sub("<[^>]+>", "", th) for th in re.findall(r"<th scope='col'>.*?</th>", sheet)
    ] == seats
    assert "Deal 1 of 2" in unescape(table.badges.value)
    said = click_a_whole_game(table)
    directions = [played.deal.pass_direction for played in table.game.history]
    assert directions[:2] == ["left", "right"]  # the pass of three to six players
    assert len(table.game.results) >= 2
    assert said[0].endswith("1 deal left.")
    assert table.game.winners and "Winner" in said[-1]
    summary = summary_html(table.game, "en")
    assert all(name in summary for name in seats)
    assert "Game ends at" not in summary  # a fixed number of deals: no target line


def plain(html: str) -> str:
    """The text with the typeset pass's no-break spaces as plain ones."""
    return unescape(html).replace("\u202f", " ").replace("\u00a0", " ")


def moon_at_the_last_card(rules: Rules, shooter: int, totals: tuple[int, ...]) -> Deal:
    """A deal in which ``shooter`` takes every penalty card (engine_helpers.play_a_moon's,
    its seats turned so that the shooter sits at ``shooter``), played up to the person's
    last card."""
    played = play_a_moon(rules)
    n = rules.players
    deal = Deal.from_hands(
        rules, [cards_of(played.dealt[(p - shooter) % n]) for p in range(n)], totals=totals
    )
    for player, card in played.plays:
        seat = (player + shooter) % n
        if seat == 0 and len(deal.hand(0)) == 1:
            break
        deal.play(card, seat)
    return deal


def test_the_person_chooses_how_their_moon_scores_by_its_buttons_and_undo_takes_it_back() -> None:
    rules = Rules.preset("shooters-choice")
    table = HeartsTable(moon_at_the_last_card(rules, 0, (50, 60, 70, 80)), seed=3, lang="fr")
    table.hand.buttons[table.hand.cards[0]].click()
    pending = table.deal.pending_moon_choice
    assert pending is not None and pending.shooter == 0
    assert table.next_deal_button.layout.display == "none"
    buttons = table.moon_buttons
    assert [b.description for b in buttons.values()] == [
        "Donner 26 points à chacun des autres",
        "Retirer 26 points de mon total",
    ]
    assert all(b.layout.display is None and b.tooltip == b.description for b in buttons.values())
    box = plain(table.moon_box.value)
    # both outcomes, as the totals each leads to, computed by the engine
    for outcome in (pending.add, pending.subtract):
        for total in outcome.totals:
            assert re.search(rf">{str(total).replace('-', '−')} <", box)
    assert "Vainqueur : vous" in box  # adding ends the game, the person winning
    assert "choisir" in table.status_text()
    table.hint_button.click()
    assert "Conseil : choisissez « Donner 26 points à chacun des autres »" in plain(table.message)
    buttons["subtract"].click()
    assert table.deal.moon_choice == "subtract" and table.game.totals == (24, 60, 70, 80)
    assert "Vous avez retiré 26 points de votre total." in plain(table.message)
    assert table.moon_box.value == "" and buttons["add"].layout.display == "none"
    assert table.next_deal_button.layout.display is None
    table.undo_button.click()  # the choice first, alone
    assert table.deal.pending_moon_choice is not None and table.game.history == ()
    assert "choisissez à nouveau" in table.message
    buttons["add"].click()
    assert table.game.is_over and table.game.winners == (0,)
    assert "Vainqueur : vous." in plain(table.message)
    assert deal_from_code(table.share_code()).moon_choice == "add"
    table.undo_button.click()
    table.undo_button.click()  # then the last card
    assert not table.deal.is_over and len(table.deal.hand(0)) == 1
    key = table.deal.state_key()
    assert table.choose_moon("add") is False  # nothing to choose now
    assert table.deal.state_key() == key and "pas de grand chelem" in plain(table.message)


def test_a_bot_that_shot_the_moon_chooses_and_says_why() -> None:
    rules = Rules.preset("shooters-choice")
    deal = moon_at_the_last_card(rules, 1, (90, 10, 95, 60))
    table = HeartsTable(deal, seed=3)
    table.hand.buttons[table.hand.cards[0]].click()
    made = moon_choice_for(table.deal.view(1))
    assert table.deal.moon_choice == made.choice and table.deal.is_complete
    assert all(b.layout.display == "none" for b in table.moon_buttons.values())
    assert f"West chose how the moon scores: “{made.reason('en')}”" in table.message
    table.set_lang("fr")
    assert made.reason("fr") in table.message
    table.undo_button.click()  # the person's card, and the choice that followed it
    assert not table.deal.is_over and table.deal.moon_choice is None


def test_the_playgrounds_language_is_one_trait_its_buttons_and_screens_follow() -> None:
    playground = Playground("en", with_lessons=False)
    first = playground.start(Rules())
    playground.language_picker.value = "fr"  # the page's buttons
    assert playground.lang == "fr" and first.lang == "fr"
    assert playground.tabs is not None and playground.tabs.titles[0] == "Jouer"
    second = playground.start(Rules())  # a new table: linked in its turn, the old one not
    second.language_picker.value = "en"
    assert playground.lang == "en" and playground.language_picker.value == "en"
    first.language_picker.value = "fr"
    assert playground.lang == "en"
    with pytest.raises(ValueError):
        playground.set_lang("de")
    assert playground.lang == "en" and second.lang == "en"


@pytest.mark.parametrize("moon", ["add", "subtract"])
def test_games_of_five_players_and_of_the_shooters_choice_survive_reopening_their_address(
    moon: str,
) -> None:
    playground = Playground("fr", with_lessons=False)
    playground.rules_picker.choose_preset("five-player")
    table = playground.start()
    assert table.rules == Rules.preset("five-player")
    click_pass(table)
    for _ in range(4):
        table.hand.buttons[enabled_cards(table)[0]].click()
    reopened = Playground.from_environment(
        {"QUERY_STRING": playground.address()}, with_lessons=False
    )
    assert reopened.table is not None and reopened.table.rules == table.rules
    assert reopened.table.deal.state_key() == table.deal.state_key()
    # a moon the person shot under the shooter's choice, chosen, then the next deal dealt
    chosen = HeartsTable(
        moon_at_the_last_card(Rules.preset("shooters-choice"), 0, (50, 60, 70, 80)), seed=9
    )
    chosen.hand.buttons[chosen.hand.cards[0]].click()
    chosen.moon_buttons[moon].click()
    if not chosen.game.is_over:
        chosen.next_deal_button.click()
    playground.table = chosen
    back = Playground.from_environment({"QUERY_STRING": playground.address()}, with_lessons=False)
    assert back.table is not None
    assert back.table.game.history[0].deal.moon_choice == moon
    assert back.table.game.totals == chosen.game.totals
    assert back.table.deal.state_key() == chosen.deal.state_key()


def test_new_game_asks_before_leaving_a_game_under_way() -> None:
    table = HeartsTable(Deal.new(Rules(), seed=3, deal_number=3), seed=3, delay=0)
    seed = table.seed
    # nothing played yet: nothing to lose, a new game at once
    assert table.ask_new_game() and table.seed == seed + 1
    table = HeartsTable(Deal.new(Rules(), seed=3, deal_number=3), seed=3, delay=0)
    table.play_card(table.hand.playable[0])
    before = table.deal.state_key()
    table.new_game_button.click()
    assert table.new_game_box.layout.display is None
    assert text("table.new_game.ask", "en") in table.new_game_question.value
    assert table.deal.state_key() == before  # nothing lost yet
    table.set_lang("fr")
    assert table.new_game_yes.description == text("table.new_game.yes", "fr")
    table.new_game_no.click()
    assert table.new_game_box.layout.display == "none" and table.deal.state_key() == before
    table.new_game_button.click()
    table.new_game_yes.click()
    assert table.seed == seed + 1 and table.new_game_box.layout.display == "none"
    assert not table.session.under_way


def test_a_level_or_delay_the_table_does_not_offer_is_said_in_both_languages() -> None:
    from hearts_teach_widgets.table import HeartsTable
    from hearts_teach_widgets.table_settings import SettingError

    with pytest.raises(SettingError) as refused:
        HeartsTable(bot_level="grandmaster")
    assert "grandmaster" in refused.value.message("fr") and "robot" in refused.value.message("fr")
    table = HeartsTable(seed=1)
    with pytest.raises(SettingError) as refused:
        table.delay = 9
    assert refused.value.message("fr").startswith("Le délai des robots va de 0 à 5 secondes")
    assert table.delay != 9 and table.bot_level in ("random", "heuristic", "montecarlo")
