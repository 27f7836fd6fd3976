"""The worksheet of a deal: the cards it shows are the deal's, its answer key is the
engine's score under every variant chosen, and it reads in both languages."""

from __future__ import annotations

import re
from html import unescape

import pytest
from hearts_teach_widgets.teacher.worksheet import (
    WorksheetPanel,
    worksheet_body,
    worksheet_document,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_teach import Deal, Rules
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.cards import CARDS, mask_of
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import card_symbol, seat_name, signed, text
from hearts_teach.scoring import score_deal
from hearts_teach.teaching.compare import compare_deal, variant_label
from hearts_teach.teaching.worksheet import KNOWN_VARIANTS, worksheet

PRESETS = ("standard", "three-player", "five-player", "six-player", "omnibus", "spot")


def _played(preset: str, seed: int, totals: tuple[int, ...] | None = None) -> Deal:
    rules = Rules.preset(preset)
    deal = Deal.new(rules, seed=seed, deal_number=seed % 4 + 1, totals=totals)
    return play_out(deal, seat_bots("heuristic", seed, rules.players))


deals = st.builds(_played, st.sampled_from(PRESETS), st.integers(0, 10_000))


@settings(max_examples=30, deadline=None)
@given(deals)
def test_cards_taken_are_the_deal_s(deal: Deal) -> None:
    sheet = worksheet(deal)
    assert [mask_of(taken.cards) for taken in sheet.taken] == list(deal.taken)
    assert [taken.tricks for taken in sheet.taken] == list(deal.tricks_won)
    assert mask_of(sheet.dead) == deal.dead
    assert len(sheet.tricks) == len(deal.completed)
    for trick, (leader, cards, winner) in zip(sheet.tricks, deal.completed, strict=True):
        assert (trick.leader, trick.winner) == (leader, winner)
        assert trick.cards == tuple(CARDS[i] for i in cards)
    # who took each trick took its cards: the two views of page 1 agree
    for taken in sheet.taken:
        won = [c for t in sheet.tricks if t.winner == taken.player for c in t.cards]
        assert mask_of(won) == mask_of(taken.cards)


@settings(max_examples=30, deadline=None)
@given(deals, st.data())
def test_answer_key_is_the_engine_s_for_every_variant_chosen(
    deal: Deal, data: st.DataObject
) -> None:
    comparison = compare_deal(deal)
    scoring = [row.key for row in comparison.scored]
    chosen = data.draw(st.lists(st.sampled_from(scoring), min_size=1, max_size=6, unique=True))
    sheet = worksheet(deal, chosen)
    assert sheet.variants == tuple(chosen)
    assert sheet.grid() == tuple((None,) * deal.rules.players for _ in chosen)
    for row in sheet.answers:
        rules = comparison.row(row.key).rules
        result = score_deal(
            rules,
            [list(t.cards) for t in sheet.taken],
            deal.totals,
            list(sheet.dead),
            deal.tricks_won,
        )
        assert row.scores == result.scores
        assert row.moon == result.moon
        if rules == deal.rules:  # the row of the deal's own rules is the deal's score
            assert row.scores == deal.result().scores


@settings(max_examples=15, deadline=None)
@given(deals, st.sampled_from(("en", "fr")))
def test_pages_show_the_cards_and_keep_the_grid_empty(deal: Deal, lang: str) -> None:
    sheet = worksheet(deal)
    html = worksheet_body(sheet, lang)
    questions, key = html.split('<section class="ht-ws-page ht-ws-key">')
    assert f'lang="{lang}"' in html
    assert text("worksheet.instructions", lang) in unescape(questions)
    assert text("worksheet.answers", lang) in unescape(key)
    for taken in sheet.taken:
        for card in taken.cards:
            assert card_symbol(card, lang) in unescape(questions)
    grid = questions.split('class="ht-ws-grid"')[1]
    assert re.findall(r'<td class="ht-ws-num">([^<]*)</td>', grid) == [""] * (
        len(sheet.answers) * sheet.players
    )
    filled = re.findall(r'<td class="ht-ws-num">([^<]*)</td>', key)
    assert filled == [signed(s) for row in sheet.answers for s in row.scores]
    for p in range(sheet.players):
        assert seat_name(p, sheet.players, lang) in unescape(questions)


def test_french_sheet_reads_as_a_french_player_writes() -> None:
    deal = _played("standard", 7, (40, 12, 55, 30))
    document = worksheet_document(worksheet(deal), "fr")
    assert '<html lang="fr">' in document
    assert "Calculez le score selon chaque variante" in document
    assert "Corrigé" in document
    assert "Totaux avant cette donne\u202f:" in unescape(document)
    # the queen is the « dame », the jack the « valet »
    assert "D♠" in document and "Q♠" not in document


def test_bad_variants_are_refused_in_the_user_s_language() -> None:
    deal = _played("standard", 3)
    with pytest.raises(HeartsError) as unknown:
        worksheet(deal, ["standard", "no-such"])
    assert "no-such" in unknown.value.message("fr")
    with pytest.raises(HeartsError) as other_table:
        worksheet(deal, ["three-player"])
    assert other_table.value.code == "worksheet_left_out"
    with pytest.raises(HeartsError):
        worksheet(deal, [])
    with pytest.raises(HeartsError):
        worksheet(Deal.new(Rules(), seed=1), None)
    assert "three-player" in KNOWN_VARIANTS


def test_panel_shows_the_print_view_of_the_deal_held() -> None:
    held: list[Deal | None] = [None]
    panel = WorksheetPanel(lambda: held[0], "en")
    assert panel.sheet.value == ""
    assert text("ui.worksheet.no_deal", "en") in unescape(panel.help.value)
    held[0] = _played("standard", 5)
    panel.show.value = True
    assert "ht-ws-print" in panel.sheet.value and "@media print" in panel.sheet.value
    assert 'download="worksheet.html"' in panel.help.value
    panel.lang = "fr"
    assert panel.show.description == text("ui.worksheet.hide", "fr")
    assert 'lang="fr"' in panel.sheet.value and 'download="fiche.html"' in panel.help.value
    panel.show.value = False
    assert panel.sheet.value == ""


def test_panel_grid_has_the_variants_the_teacher_picks() -> None:
    deal = _played("standard", 7)
    panel = WorksheetPanel(lambda: deal, "fr")
    panel.show.value = True
    # offered: exactly the variants that score this deal; chosen: the worksheet's defaults
    comparison = compare_deal(deal)
    offered = [key for _label, key in panel.variants.options]
    assert offered and all(comparison.row(key).result is not None for key in offered)
    assert "two-player" not in offered
    assert panel.variants.description == text("ui.worksheet.variants", "fr")
    assert panel.worksheet is not None
    assert panel.worksheet.variants == worksheet(deal).variants
    panel.variants.value = ("omnibus", "standard")
    sheet = panel.worksheet
    assert sheet is not None and sheet.variants == ("omnibus", "standard")
    rows = re.findall(r'<tr><th scope="row">([^<]*)</th>', panel.sheet.value)
    # the grid on page 1 and the key on page 2, each with the two rows picked, in order
    labels = [unescape(r) for r in rows if r not in {seat_name(p, 4, "fr") for p in range(4)}]
    picked = [variant_label("omnibus", "fr"), variant_label("standard", "fr")]
    assert labels == picked * 2
    # the pick is kept across a change of language; none picked is refused, in words
    panel.lang = "en"
    assert panel.variants.value == ("omnibus", "standard")
    panel.variants.value = ()
    assert panel.sheet.value == "" and 'role="alert"' in panel.help.value
