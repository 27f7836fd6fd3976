"""The one-page summaries: every variant of the book has its sheet, and what a sheet says
is computed here from the engine (the cards taken out, who leads, the pass, the points a
deal and a trick, the moon's worth...), so that a sheet and the rules cannot disagree.

The sheets are read from their sources (book/_src/<lang>/summaries.md), one per ``##``
heading, named by the preset of their rule table."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_teach import Rules, score_deal
from hearts_teach.cards import QUEEN_OF_SPADES, cards_of
from hearts_teach.i18n import card_symbol
from hearts_teach.rules import mask_of_removal
from hearts_teach.scoring import moon_outcomes
from hearts_teach.teaching.lessons import CHAPTERS

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
LANGS = ("en", "fr")
HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"

sys.path.insert(0, str(BOOK / "_ext"))
import hearts_book_kit as kit  # noqa: E402

# The variants of the book that are not a chapter's first: the other numbers of players
# (more-players), the shooter's choice (new-moon) and Black Jack (family).
OTHER_SHEETS = ("three-player", "five-player", "six-player", "shooters-choice", "black-jack")


def sheets(lang: str) -> dict[str, str]:
    """Each sheet's source (heading to the next), by the preset of its rule table."""
    source = (BOOK / "_src" / lang / "summaries.md").read_text(encoding="utf-8")
    found = {}
    for part in source.split("\n## ")[1:]:
        preset = re.search(r'kit\.rule_table\("([a-z0-9-]+)"', part)
        assert preset, part[:80]
        found[preset.group(1)] = "## " + part
    return found


def prose(sheet: str) -> str:
    """What a reader reads above the rule table, on one line."""
    return " ".join(sheet.split("%% code")[0].split())


@pytest.mark.parametrize("lang", LANGS)
def test_every_variant_of_the_book_has_a_sheet(lang: str) -> None:
    presets = list(sheets(lang))
    # the chapters' variants (Original Hearts shown in its form of the 1880s) and the others
    expected = [*CHAPTERS, *OTHER_SHEETS]
    assert sorted(p.removesuffix("-historical") for p in presets) == sorted(expected)
    for preset in presets:
        Rules.preset(preset)  # each names a preset of the engine


@pytest.mark.parametrize("lang", LANGS)
def test_each_sheet_links_its_chapter_and_prints_its_address(lang: str) -> None:
    for preset, sheet in sheets(lang).items():
        chapters = re.findall(r"\]\(([a-z-]+)\.ipynb\)", sheet)
        assert chapters, preset
        address = re.search(r'kit\.sheet_address\("([a-z-]+)", LANG\)', sheet)
        assert address and address.group(1) == chapters[-1], preset
        assert (BOOK / "_src" / lang / f"{chapters[-1]}.md").exists()
        label = "Chapitre :" if lang == "fr" else "Chapter:"
        assert label in sheet, preset


def test_the_address_line_is_the_chapter_s_path_or_its_full_address_with_a_qr_code() -> None:
    bare = kit.sheet_address("new-moon", "fr", base="")
    assert "book/fr/new-moon.html" in bare.plain and "<svg" not in bare.source
    assert 'data-href="new-moon.html"' in bare.source
    full = kit.sheet_address("spot", "en", base="https://example.org/hearts/")
    assert "https://example.org/hearts/book/en/spot.html" in full.plain
    assert "<svg" in full.source and 'role="img"' in full.source
    # the QR code is segno's of that very address
    import segno

    drawn = segno.make("https://example.org/hearts/book/en/spot.html", error="m").svg_inline()
    modules = re.findall(r' d="(M[^"]*)"', drawn)[-1]
    assert modules in full.source
    assert kit.chapter_path("reverse", "fr") == "book/fr/reverse.html"


def _number(value: str) -> float:
    return float(value.replace(",", "."))


def _cards(phrase: str) -> set[str]:
    return set(re.findall(r"(?:10|[2-9JQKAVDR])[♣♦♠♥]", phrase))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", ["three-player", "five-player", "six-player"])
def test_the_other_numbers_of_players_say_what_the_engine_plays(preset: str, lang: str) -> None:
    rules = Rules.preset(preset)
    standard = Rules()
    text = prose(sheets(lang)[preset])
    removed = {card_symbol(c, lang) for c in cards_of(mask_of_removal(rules.removed))}
    # the cards taken out, named in the first sentence (and no other card there)
    first = re.split(r"(?<=[.])\s", text.split("\n", 1)[0])[0]
    taken_out = first.split("retire" if lang == "fr" else "taken out")
    phrase = taken_out[1] if lang == "fr" else taken_out[0]
    assert _cards(phrase) == removed
    each = "chacun" if lang == "fr" else "each"
    cards = "cartes restantes" if lang == "fr" else "cards left"
    assert f"{rules.deck_size} {cards}" in text
    assert re.search(rf"\b{rules.hand_size} {each}\b", text)
    # the same points a deal, moon and end as the standard game
    assert rules.points_per_deal == standard.points_per_deal == 26 and "26" in text
    assert rules.moon == standard.moon and rules.target == standard.target == 100
    # who leads: the lowest club in play
    opener = card_symbol(rules.opening_chain[0], lang)
    leads = "entame le premier pli" if lang == "fr" else "leads the first trick"
    sentence = next(s for s in re.split(r"(?<=[.:;])\s|- ", text) if leads in s)
    assert opener in sentence
    # the pass: three cards, left then right, every deal (no across, no deal without)
    directions = [rules.pass_direction(n) for n in range(12)]
    assert set(directions) == {"left", "right"} and directions[:2] == ["left", "right"]
    assert rules.cards_to_pass == 3
    assert (
        "trois cartes à gauche, puis à droite" if lang == "fr" else "three cards left, then right"
    ) in text
    assert ("à chaque donne" if lang == "fr" else "every deal") in text
    # a trick: as many cards as players, hand_size tricks, points per trick on average
    trick = re.search(
        r"(?:Un pli compte|A trick holds) (\d+) (?:cartes|cards) (?:et la donne|and there are"
        r"(?: only)?) (\d+) (?:plis|tricks)",
        text,
    )
    assert trick and int(trick.group(1)) == rules.players and int(trick.group(2)) == rules.hand_size
    average = re.search(r"(\d+(?:[.,]\d+)?) points? (?:par pli|a trick)", text)
    assert average
    assert abs(_number(average.group(1)) - rules.points_per_deal / rules.hand_size) < 0.05
    four = re.search(r"contre (\d+) à quatre|against (\d+) with four", text)
    assert (
        four
        and int(four.group(1) or four.group(2)) == standard.points_per_deal // standard.hand_size
    )


@pytest.mark.parametrize("lang", LANGS)
def test_points_a_deal_on_every_sheet_are_the_engine_s(lang: str) -> None:
    pattern = r"(\d+) points? (?:par donne|a deal)" if lang == "fr" else r"(\d+) points a deal"
    checked = 0
    for preset, sheet in sheets(lang).items():
        for value in re.findall(pattern, prose(sheet)):
            assert int(value) == Rules.preset(preset).points_per_deal, preset
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize("lang", LANGS)
def test_the_new_moon_sheet_s_numbers_and_tie_break(lang: str) -> None:
    text = prose(sheets(lang)["new-moon"])
    rules = Rules.preset("new-moon")
    # "at 10 points, a moon takes you down to −16"
    at, down = re.search(r"(\d+) points?, [^−]*−(\d+)", text).groups()  # type: ignore[union-attr]
    result = score_deal(rules, [HEARTS + " QS", "", "", ""], totals=(int(at), 0, 0, 0))
    assert result.totals[0] == -int(down)
    # the tie-break deal is defined on the sheet, and it is what the engine does
    assert ("donne de départage" if lang == "fr" else "tie-break deal") in text
    assert ("on joue une donne de plus" if lang == "fr" else "one more deal is played") in text
    tied = score_deal(rules, ["", "", "", ""], totals=(104, 80, 80, 90))
    assert not tied.game_over  # a tie for lowest past 100: one more deal
    moon = score_deal(rules, ["", "", HEARTS + " QS", ""], totals=(104, 80, 80, 90))
    assert moon.game_over and moon.winners == (2,)
    # with Spot the shooter subtracts 129; with Omnibus the moon needs the J♦
    spot = Rules.preset("new-moon", spot=True)
    assert spot.moon_value == 129 and "129" in text
    omnibus = Rules.preset("new-moon", omnibus=True)
    assert omnibus.moon_cards & omnibus.omnibus_bonus_card.bit


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 99), min_size=4, max_size=4), st.integers(0, 3))
def test_shooter_s_choice_gaps_come_out_the_same_either_way(
    totals: list[int], shooter: int
) -> None:
    """The sheet: « dans les deux cas, il finit avec 26 points d'avance de plus »."""
    taken = ["", "", "", ""]
    taken[shooter] = HEARTS + " QS"
    rules = Rules.preset("shooters-choice")
    outcomes = moon_outcomes(rules, taken, totals=tuple(totals))
    for other in range(4):
        add = outcomes.add.totals[other] - outcomes.add.totals[shooter]
        sub = outcomes.subtract.totals[other] - outcomes.subtract.totals[shooter]
        before = totals[other] - totals[shooter]
        if other != shooter:
            assert add == sub == before + rules.moon_value == before + 26


@pytest.mark.parametrize("lang", LANGS)
def test_the_black_jack_sheet_says_what_the_engine_plays(lang: str) -> None:
    rules = Rules.preset("black-jack")
    text = prose(sheets(lang)["black-jack"])
    jack = card_symbol(cards_of(rules.penalty_cards)[0], lang)
    assert (
        jack == ("V♠" if lang == "fr" else "J♠")
        and rules.value(cards_of(rules.penalty_cards)[0]) == 10
    )
    assert rules.value(QUEEN_OF_SPADES) == 0 and f"{jack} " in text
    assert rules.points_per_deal == rules.moon_value == 23
    assert rules.first_trick_no_points  # the jack may not fall on the first trick
    moon = score_deal(rules, [HEARTS + " JS", "", "", ""])
    assert moon.moon == 0 and moon.scores == (0, 23, 23, 23)


def test_french_sheets_are_written_as_a_french_player_writes() -> None:
    for preset, sheet in sheets("fr").items():
        words = prose(sheet)
        assert '"' not in words and "'" not in words, preset  # « » and ’, never " or '
        for english in ("Q♠", "K♠", "J♠", "J♦", "Q♥", "K♥"):
            assert english not in words, (preset, english)
