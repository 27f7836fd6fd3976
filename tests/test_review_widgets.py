"""The deal review on screen (widgets/review.py): the table's "Review this deal" button,
the list of decisions, the replay from a decision, the game's line, the teachers' Review
tab, both languages, and what a screen reader and a keyboard get."""

from __future__ import annotations

import re
from html import unescape

import pytest
from hearts_teach_widgets.review import ROW_BANDS, ReviewPanel, ReviewTab
from hearts_teach_widgets.table import HeartsTable
from hearts_teach_widgets.teacher import TeacherTools
from test_i18n import BAD_SPACE, ENGLISH_GIVEAWAYS, NOT_ENGLISH
from test_review import moon_blunder, novice_deal

from hearts_teach import Deal, Rules
from hearts_teach.records import share_code
from hearts_teach.teaching.grading import COSTLY, GRADE_MARKS
from hearts_teach.teaching.review import DealReview, Seat

QUICK = {"playouts": 80, "confirm": 40}  # the panel's machinery, not its figures


def shown(*values: str) -> str:
    """What HTML boxes show, as text (their words, and their accessible labels)."""
    words = unescape(" ".join(values))
    words = re.sub(r"(?s)<style.*?</style>", " ", words)
    labels = " ".join(re.findall(r'(?:title|aria-label|alt)="([^"]*)"', words))
    return re.sub(r"<[^>]+>", " ", words) + " " + labels


def panel_text(panel: ReviewPanel) -> str:
    rows = [row.children[0].value for row in panel.rows.children]
    buttons = [b.description + " " + b.tooltip for b in panel.replay_buttons if b is not None]
    return shown(panel.heading.value, panel.summary.value, panel.replay_box.value, *rows) + (
        " " + " ".join(buttons)
    )


def finish_deal(table: HeartsTable) -> None:
    """The person passes and plays the last card they may (the bots answer)."""
    if table.deal.phase == "pass":
        for card in table.hand.cards[: table.rules.pass_count]:
            table.hand.buttons[card].click()
        table.confirm_pass_button.click()
    while not table.deal.is_over:
        assert table.review_button.layout.display == "none"
        enabled = list(table.hand.playable)
        table.hand.buttons[enabled[-1]].click()


@pytest.fixture
def table() -> HeartsTable:
    table = HeartsTable(Rules(), lang="en", seed=3, bot_level="heuristic", delay=0)
    table.review_panel = ReviewPanel("en", **QUICK)  # the table's panel, on a small budget
    return table


def test_the_review_button_shows_the_decisions_costliest_first(table: HeartsTable) -> None:
    assert table.review_button.layout.display == "none" and not table.review_slot.children
    finish_deal(table)
    assert table.review_button.layout.display is None
    assert table.review_button.description == "Review this deal"
    assert "a few seconds" in table.review_button.tooltip
    table.review_button.click()
    panel = table.review_panel
    assert panel is not None and table.review_slot.children == (panel,)
    review = panel.review
    assert review is not None and review.player == 0
    assert review.deal.history == table.deal.history
    # In the order played, those with nothing to weigh (0 ± 0) left out; each row of a
    # cost beyond the noise saying where, what, the bot's card, the cost and why.
    assert panel.shown == [d for d in review.decisions if d.cost != 0 or d.error != 0]
    assert len(panel.rows.children) == len(panel.shown)
    assert [d.plays_before for d in panel.shown] == sorted(d.plays_before for d in panel.shown)
    first = review.ranked[0]
    row = shown(panel.rows.children[panel.shown.index(first)].children[0].value)
    assert first.lost and first.where_text("en") in row
    assert f"Your choice: {first.played_text('en')}." in row
    assert f"The bot prefers {first.better_text('en')}." in row
    assert first.cost_text("en") in row and "\u00a0±\u00a0" in row  # never broken apart
    assert first.reason_text("en") in row
    summary = shown(panel.summary.value)
    assert review.summary("en", you=0) in summary and "Deal 1, you:" in summary
    assert "Game:" not in summary  # one deal: no game line yet
    assert 'role="status"' in panel.summary.value
    assert "600" not in shown(panel.heading.value)  # the budget given, not the default
    assert "80 simulated playouts" in shown(panel.heading.value)
    # Clicking again shows the same review, without reviewing again.
    table.review_button.click()
    assert table.review_panel.review is review


def test_the_verdict_is_told_in_words_and_signs_not_only_colour(table: HeartsTable) -> None:
    finish_deal(table)
    table.review()
    panel = table.review_panel
    assert panel is not None and panel.review is not None
    for decision, row, button in zip(
        panel.shown, panel.rows.children, panel.replay_buttons, strict=True
    ):
        html = row.children[0].value
        assert f"ht-review-{ROW_BANDS[decision.grade]}" in html  # the colour...
        mark = GRADE_MARKS[decision.grade]
        assert shown(html).split()[0] == mark  # ...one sign, the grade's...
        assert "✗" not in shown(html) or decision.grade in COSTLY
        assert decision.grade_text("en") in shown(html)  # ...and the grade's words
        assert decision.verdict_text("en") not in shown(html) or decision.verdict_text(
            "en"
        ) == decision.grade_text("en")  # one ladder in words, never two that disagree
        if not decision.lost:  # within the noise, or better: not "the bot prefers"
            assert "The bot prefers" not in shown(html) and "Cost:" not in shown(html)
            assert button is None and len(row.children) == 1
        else:
            # A button, reached with the keyboard, that says what it replays.
            assert button is row.children[1] and not button.disabled
            assert button.description.startswith("Replay ")
            assert decision.better_text("en") in button.description
            assert button.tooltip


def test_a_panel_off_the_table_simulates_the_deal_with_the_better_card(table: HeartsTable) -> None:
    """The teachers' what-if: a panel no table replays for plays the deal out with the
    bots at every seat and shows it below."""
    finish_deal(table)
    table.review()
    panel = table.review_panel
    assert panel is not None and panel.review is not None
    panel.at_table = None  # as in the teachers' review tab
    index = next(i for i, b in enumerate(panel.replay_buttons) if b is not None)
    decision = panel.shown[index]
    panel.replay_buttons[index].click()
    assert panel.replayed is not None
    chosen, result = panel.replayed
    assert chosen is decision and result.replayed.is_over
    if decision.kind == "pass":
        assert result.replayed.passes()[0] == list(decision.better)
    else:
        assert result.replayed.plays[decision.plays_before] == (0, decision.better[0])
    box = panel.replay_box.value
    assert "<caption>" in box and 'scope="col"' in box and 'scope="row"' in box
    words = shown(box)
    assert "As played" in words and "Replayed" in words and "Change" in words
    assert "won by" in words  # the replayed tricks, to the end
    before, after = result.played.result().scores, result.replayed.result().scores
    assert str(after[0]) in words and str(before[0]) in words


def test_the_panel_goes_with_a_new_deal_and_the_game_line_adds_the_deals(
    table: HeartsTable,
) -> None:
    finish_deal(table)
    first = table.review()
    assert first is not None
    # Undoing the last card makes the deal unfinished: the review goes away.
    table.undo()
    assert not table.review_slot.children and table.review_button.layout.display == "none"
    finish_deal(table)
    table.next_deal()
    assert not table.review_slot.children
    finish_deal(table)
    second = table.review()
    assert second is not None and second.deal.deal_number == 1
    panel = table.review_panel
    assert panel is not None and panel.game is not None
    assert len(panel.game.reviews) == 2 and panel.game.deals == 2
    assert "Game: 2 deals reviewed out of 2." in shown(panel.summary.value)


def test_the_review_speaks_french_with_french_cards(table: HeartsTable) -> None:
    finish_deal(table)
    table.review()
    panel = table.review_panel
    assert panel is not None
    panel.at_table = None  # the simulation's words too, as the teachers' tab shows them
    index = next(i for i, b in enumerate(panel.replay_buttons) if b is not None)
    panel.replay_buttons[index].click()
    table.set_lang("fr")
    assert table.review_button.description == "Analyser cette donne"
    words = panel_text(panel)
    assert "Analyse de la donne 1" in words and "Votre choix" in words
    assert "Donne rejouée" in words and "remporté par" in words
    assert not re.search(r"\b[KQJ][♣♦♠♥]", words), words
    assert not BAD_SPACE.search(words), BAD_SPACE.search(words)
    assert not ENGLISH_GIVEAWAYS.findall(NOT_ENGLISH.sub(" ", words))
    table.set_lang("en")
    assert "Review of deal 1" in panel_text(panel)


def test_the_moon_blunder_reads_in_play_order_in_the_teachers_review_tab() -> None:
    code = share_code(moon_blunder("2H"))
    tab = ReviewTab(lang="en")
    assert [label for label, _ in tab.seat.options] == ["South", "West", "North", "East"]
    review = tab.review_code(code, player=0)
    assert review is not None and tab.panel.review is review
    rows = [shown(row.children[0].value) for row in tab.panel.rows.children]
    index = next(i for i, row in enumerate(rows) if "Trick 12" in row)
    assert "Blunder" in rows[index] and "East shot the moon and took trick 12" in rows[index]
    assert review.ranked[0] is tab.panel.shown[index]  # the costliest, in its place
    tab.panel.replay_buttons[index].click()
    assert tab.panel.replay_buttons[index].description == "Replay trick 12 with A♥"
    words = shown(tab.panel.replay_box.value)
    assert "−23" in words and "+23" in words  # you 26 → 3, East 0 → 23
    tab.set_lang("fr")
    french = panel_text(tab.panel)
    assert "Est a fait le grand chelem et ramassé le pli 12" in french
    assert "Rejouer le pli 12 avec A♥" in french
    assert not ENGLISH_GIVEAWAYS.findall(NOT_ENGLISH.sub(" ", french))


SECOND_PERSON = re.compile(r"\b(you|your|yours|vous|votre|vos|vôtre)\b", re.IGNORECASE)


def test_the_teachers_review_speaks_of_the_students_seat_by_its_name() -> None:
    """Seen: the teachers' review of a student's seat said « Votre choix », « Vous avez… »
    and, on its button, « vos décisions » to the teacher."""
    code = share_code(moon_blunder("2H"))
    tab = ReviewTab(lang="en")
    tab.panel.playouts, tab.panel.confirm = QUICK["playouts"], QUICK["confirm"]
    review = tab.review_code(code, player=0)
    assert review is not None
    next(button for button in tab.panel.replay_buttons if button is not None).click()
    for lang, choice in (("en", "South’s choice: "), ("fr", "Choix de Sud : ")):
        tab.set_lang(lang)
        words = panel_text(tab.panel) + " " + tab.run_button.tooltip
        assert not SECOND_PERSON.search(words), SECOND_PERSON.search(words)
        assert choice.replace(" :", "\u202f:") in words or choice in words
        for decision in review.decisions:
            assert not SECOND_PERSON.search(decision.reason_text(lang, tab_seat(review)))
    # At the table, the same review speaks to the person who played it.
    table_panel = ReviewPanel("fr", **QUICK)
    table_panel.show(review)
    assert "Votre choix" in panel_text(table_panel)


def tab_seat(review: DealReview) -> Seat:
    return Seat(review.player, review.deal.rules.players)


def test_the_review_tab_refuses_a_damaged_or_unfinished_deal_in_the_readers_language() -> None:
    tab = ReviewTab(lang="fr")
    assert tab.review_code("not a code") is None
    assert 'role="alert"' in tab.message.value and tab.panel.review is None
    unfinished = share_code(Deal.new(Rules(), seed=2))
    assert tab.review_code(unfinished) is None
    assert "donne" in shown(tab.message.value).lower()
    tab.set_lang("en")
    assert "deal" in shown(tab.message.value).lower()


def test_the_teachers_tools_have_a_review_tab_ready_with_their_deal() -> None:
    deal = moon_blunder("AH")
    tools = TeacherTools(deal, "en")
    assert tools.tabs.titles[-1] == "Review"
    assert tools.tabs.children[-1] is tools.review
    assert tools.review.code.value == share_code(deal)
    assert tools.review.run_button.description == "Review"
    tools.set_lang("fr")
    assert tools.tabs.titles[-1] == "Analyse"
    assert tools.review.seat.description == "Place"
    assert tools.review.seat.options[0][0] == "Sud"
    tools.review.panel.playouts, tools.review.panel.confirm = 80, 40
    tools.review.seat.value = 3
    tools.review.run_button.click()
    review = tools.review.panel.review
    assert review is not None and review.player == 3
    assert "Donne 1, Est" in shown(tools.review.panel.summary.value)


def test_a_review_of_a_deal_played_by_the_hint_does_not_contradict_it() -> None:
    """Every card played as the hint advised: no decision says the bot prefers another
    card unless beyond the noise with a positive cost; none is 0 ± 0."""
    table = HeartsTable(Rules(), seed=5, bot_level="random", delay=0)
    table.review_panel = ReviewPanel("en", **QUICK)
    while not table.deal.is_over:
        table.hint()
        if table.session.in_pass:
            table.choose_pass(list(table.session.hinted))
            assert table.confirm_pass()
        else:
            assert table.play_card(table.session.hinted[0])
    table.review()
    panel = table.review_panel
    assert panel is not None and panel.review is not None
    for decision, row in zip(panel.shown, panel.rows.children, strict=True):
        words = shown(row.children[0].value)
        prefers = "The bot prefers" in words
        assert prefers == decision.lost
        if prefers:
            assert decision.cost > 0
        assert not (decision.cost == 0 and decision.error == 0)


def test_the_review_shows_the_end_of_the_deal_cards_face_up_apart_from_its_estimate() -> None:
    """Issue 25: beside the estimate from what the player saw, the late decisions solved
    with every hand known, folded under their own title and said as such."""
    from hearts_teach.bots.seats import play_out, seat_bots
    from hearts_teach.teaching.review import face_up

    deal = play_out(Deal.new(Rules(), seed=5), seat_bots("heuristic", 5, 4))
    lines = face_up(deal, 0)
    assert lines
    panel = ReviewPanel("en", playouts=40, confirm=10)
    panel.run(deal, 0)
    shown = unescape(panel.face_up_box.value)
    assert "Cards face up" in shown and "<details" in shown
    assert all(f"Trick {line.trick}.</strong> {line.text('en')}" in shown for line in lines)
    assert "nobody at the table could see" in shown  # why it may differ from the verdicts
    assert "Cards face up" not in unescape(panel.summary.value)  # never mixed with the estimate
    panel.lang = "fr"
    french = unescape(panel.face_up_box.value)
    assert "Cartes sur table\u202f:" in french or "Cartes sur table :" in french
    assert f"Pli {lines[0].trick}.</strong> Toutes les mains à découvert" in french
    teachers = ReviewPanel("en", playouts=40, confirm=10, third_person=True)
    teachers.run(deal, 0)
    assert teachers.face_up_box.value == ""  # its words say "you": the person's review only


def test_learning_from_a_new_review_never_keeps_the_last_reviews_words() -> None:
    """The served playground's case: deal 1 had nothing to learn again, deal 2 had costly
    decisions; its review must not show deal 1's « nothing to learn » line above them."""
    panel = ReviewPanel("en", **QUICK)
    clean = DealReview(moon_blunder("AH"), 0, (), 0)
    panel.show(clean)
    panel.learn_button.click()
    assert "nothing to learn again" in shown(panel.learn_panel.prompt.value)
    review = panel.run(moon_blunder("2H"), 0)
    assert review.costly
    # The moon against the player heads the summary, before « no mistake » or the costs.
    assert (
        shown(panel.summary.value).split("East shot the moon: it cost you 26 points")[0].strip()
        == ""
    )
    assert panel.learn_panel.layout.display == "none"
    assert "nothing to learn again" not in shown(panel.learn_panel.prompt.value)
    panel.learn_button.click()
    assert panel.learn_panel.decision is review.costly[0]
    assert "nothing to learn again" not in shown(panel.learn_panel.prompt.value)


JARGON = re.compile(
    r"bruit|noise|pour moitié|half weight|objectif du robot|bot's objective|fuites|leaks"
    r"|\(\?\?\)|\(\?!\)|\(\?\)",
    re.IGNORECASE,
)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_reviews_main_lines_use_a_players_words_and_details_keep_the_rest(lang: str) -> None:
    """Seen: « au-delà du bruit des simulations », « l'objectif du robot, qui compte aussi
    les points des autres pour moitié », « Vos fuites », « (??) » in the main lines."""
    panel = ReviewPanel(lang, **QUICK)
    for deal in (moon_blunder("2H"), novice_deal(3)):
        review = panel.run(deal, 0)
        details = re.search(r"(?s)<details.*?</details>", panel.heading.value)
        assert details and review.objective_text(lang) in unescape(details.group(0))
        main = panel.heading.value.replace(details.group(0), "")
        rows = [row.children[0].value for row in panel.rows.children]
        words = shown(main, panel.summary.value, panel.leaks_box.value, *rows)
        assert not JARGON.search(words), JARGON.search(words)
