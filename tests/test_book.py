"""The book's notebooks: both languages have the same pages, sections and examples; every
code cell carries stored outputs; the notebooks are those their sources generate; the table
of contents lists both halves in the same order."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
import pytest
import yaml

from hearts_teach import Rules, score_deal
from hearts_teach.i18n import card_name, seat_name, text
from hearts_teach.lessons import CHAPTERS
from hearts_teach.records import share_code

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
LANGS = ("en", "fr")

sys.path.insert(0, str(BOOK / "_ext"))
import hearts_book  # noqa: E402
import hearts_book_kit as kit  # noqa: E402
from make_notebooks import parse_source  # noqa: E402


def chapter_names(lang: str) -> list[str]:
    return sorted(p.stem for p in (BOOK / lang).glob("*.ipynb"))


def read(lang: str, name: str) -> nbformat.NotebookNode:
    notebook: nbformat.NotebookNode = nbformat.read(  # type: ignore[no-untyped-call]
        BOOK / lang / f"{name}.ipynb", as_version=4
    )
    return notebook


def headings(notebook: nbformat.NotebookNode) -> list[int]:
    """The level of every Markdown heading, in order (code fences skipped)."""
    levels = []
    for cell in notebook.cells:
        if cell.cell_type != "markdown":
            continue
        in_fence = False
        for line in cell.source.splitlines():
            if line.startswith("```"):
                in_fence = not in_fence
            match = re.match(r"^(#{1,6}) \S", line)
            if match and not in_fence:
                levels.append(len(match.group(1)))
    return levels


def cell_shape(notebook: nbformat.NotebookNode) -> list[tuple[str, tuple[str, ...]]]:
    return [(c.cell_type, tuple(c.metadata.get("tags", ()))) for c in notebook.cells]


ALL_NAMES = chapter_names("en")
ALL_NOTEBOOKS = [(lang, name) for lang in LANGS for name in ALL_NAMES]


def test_every_page_exists_in_both_languages() -> None:
    assert chapter_names("en") == chapter_names("fr")
    # One page per chapter of the issue, at least.
    for needed in (
        "index",
        "basics",
        "new-moon",
        "mixed-moon",
        "spot",
        "omnibus",
        "black-maria",
        "two-player",
        "original",
        "partnership",
        "reverse",
        "teachers",
        "history",
        "playground",
    ):
        assert needed in ALL_NAMES, needed


@pytest.mark.parametrize("name", ALL_NAMES)
def test_twins_have_the_same_sections_and_examples(name: str) -> None:
    english, french = read("en", name), read("fr", name)
    assert headings(english) == headings(french)
    assert headings(english)[0] == 1 and headings(english).count(1) == 1
    # Same cells in the same order: the same examples, tables and guided deals.
    assert cell_shape(english) == cell_shape(french)


@pytest.mark.parametrize(("lang", "name"), ALL_NOTEBOOKS)
def test_every_code_cell_has_stored_outputs(lang: str, name: str) -> None:
    notebook = read(lang, name)
    code_cells = [c for c in notebook.cells if c.cell_type == "code"]
    assert code_cells
    for index, cell in enumerate(code_cells):
        assert cell.outputs, f"{lang}/{name}: code cell {index} has no stored output"
        assert cell.execution_count is not None
        for output in cell.outputs:
            assert output.output_type != "error", f"{lang}/{name}: cell {index} failed"


@pytest.mark.parametrize(("lang", "name"), ALL_NOTEBOOKS)
def test_notebooks_match_their_sources(lang: str, name: str) -> None:
    """The .ipynb files are generated from book/_src: a source edited without running
    book/_ext/make_notebooks.py would leave a stale page."""
    source = (BOOK / "_src" / lang / f"{name}.md").read_text(encoding="utf-8")
    expected = parse_source(source)
    cells = read(lang, name).cells[1:]  # the first cell is the generated setup
    assert [c.cell_type for c in cells] == [c.cell_type for c in expected]
    for cell, wanted in zip(cells, expected, strict=True):
        if cell.cell_type == "markdown":
            assert cell.source == wanted.source
        else:
            # ruff format may rewrap code; compare without layout
            assert "".join(cell.source.split()) == "".join(wanted.source.split())


def test_table_of_contents_lists_both_halves_in_the_same_order() -> None:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    assert toc["root"] == "book/en/index"
    english, french = ([c["file"] for c in part["chapters"]] for part in toc["parts"])
    assert ["book/en/index", *english] == [f.replace("book/fr/", "book/en/") for f in french]
    assert sorted(f.rsplit("/", 1)[1] for f in french) == ALL_NAMES


def test_guided_deals_use_the_lessons_of_their_chapter() -> None:
    """Each variant chapter shows its guided deal, from the lesson set of its chapter."""
    for name in ALL_NAMES:
        for lang in LANGS:
            sources = "".join(c.source for c in read(lang, name).cells if c.cell_type == "code")
            shown = re.findall(r'kit\.guided_deal\("([a-z0-9-]+)"', sources)
            for chapter in shown:
                assert chapter in CHAPTERS
            if name in CHAPTERS:
                # Black Maria's chapter also plays the traditional three-player game.
                wanted = [name, "black-maria-3"] if name == "black-maria" else [name]
                assert shown == wanted, f"{lang}/{name}"


# --- the book's helpers -----------------------------------------------------------------


@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
@pytest.mark.parametrize("lang", LANGS)
def test_guided_deal_picture_names_only_the_learners_cards(chapter: str, lang: str) -> None:
    """The static picture shows the learner's hand face up and every other hand face
    down: no label names a card the learner may not see. It stands in the slot that the
    page makes live (the lesson, by its id), and links into the book's own playground
    page by a relative address, when the learner sits where the playground seats its
    player."""
    guided = kit.guided_deal(chapter, lang)
    picture = guided._repr_mimebundle_()["text/html"]
    deal = guided.deal
    learner = guided.lesson.learner
    labels = re.findall(r'role="img" aria-label="([^"]+)"', picture)
    assert sorted(labels) == sorted(card_name(c, lang) for c in deal.hand(learner))
    for player in range(deal.rules.players):
        if player != learner:
            for card in deal.hand(player):
                assert f'"{card_name(card, lang)}"' not in picture
    code = share_code(deal)
    slot = f'data-ht-live="lesson" data-lang="{lang}" data-lesson="{guided.lesson.id}"'
    assert slot in picture
    link = f'href="playground.html?deal={code}&amp;lang={lang}"'
    assert (link in picture) == (learner == 0)
    assert "127.0.0.1" not in picture and "localhost" not in picture
    assert "<button" not in picture and "<input" not in picture


@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
@pytest.mark.parametrize("lang", LANGS)
def test_guided_deal_picture_names_seats_as_the_tables_do(chapter: str, lang: str) -> None:
    """The picture beside a chapter's tables puts each seat at its compass place under
    the engine's name, the learner's seat being "You": the same names as the tables."""
    guided = kit.guided_deal(chapter, lang)
    picture = guided._repr_mimebundle_()["text/html"]
    players = guided.deal.rules.players
    labels = dict(
        re.findall(r'<section class="ht-seat ht-(\w+)[^"]*" aria-label="([^"]+)"', picture)
    )
    assert len(labels) == players
    for player in range(players):
        place = seat_name(player, players, "en").lower()
        if player == guided.lesson.learner:
            assert labels[place] == text("ui.seat.you", lang)
        else:
            assert labels[place].startswith(kit.seat(player, players, lang))


def test_comparison_table_names_seats_by_compass() -> None:
    from hearts_teach.teach import compare_taken

    comparison = compare_taken(["QS 2H", "KS", "", "JD"])
    english = kit.comparison_table(comparison, "en").source.splitlines()
    french = kit.comparison_table(comparison, "fr").source.splitlines()
    assert english[0].startswith("| Variant | South | West | North | East |")
    assert french[0].startswith("| Variante | Sud | Ouest | Nord | Est |")
    omnibus = next(row for row in english if row.startswith("| Omnibus Hearts |"))
    assert "| 14 | 0 | 0 | −10 |" in omnibus  # J♦ taken by East, with a true minus sign


def test_score_report_shows_a_total_going_below_zero_in_both_languages() -> None:
    hearts = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
    taken = [hearts + " QS", "", "", ""]
    result = score_deal(Rules.preset("new-moon"), taken, totals=(10, 40, 55, 70))
    english = kit.score_report(result, taken, "en").source
    french = kit.score_report(result, taken, "fr").source
    assert "| South | Q♠ A♥" in english and "| −26 | 10 | −16 |" in english
    assert "| Sud | D♠ A♥" in french and "| −26 | 10 | −16 |" in french
    assert "South shot the moon (New Moon)." in english
    assert "Sud a tiré la lune (Nouvelle Lune)." in french


def test_rule_change_tables_come_from_the_engine() -> None:
    table = kit.rule_changes("spot", "fr").source.splitlines()
    assert table[0] == "| Règle | Cœurs standard | Cœurs à valeur faciale |"
    assert any("129 points" in row for row in table)
    english = kit.rule_changes("black-maria", "en").source
    assert "43 points" in english and "Standard Hearts" in english


def test_page_language_and_twin() -> None:
    assert hearts_book.page_language("book/fr/spot") == "fr"
    assert hearts_book.page_language("search") is None
    assert hearts_book.twin_page("book/en/two-player") == "book/fr/two-player"
    assert hearts_book.twin_page("book/fr/index") == "book/en/index"


def test_sidebar_filter_keeps_only_the_pages_half() -> None:
    sidebar = (
        '<p class="caption"><span class="caption-text">Hearts, in English</span></p>'
        '<ul><li><a href="basics.html">Basics</a></li></ul>'
        '<p class="caption"><span class="caption-text">Les Cœurs, en français</span></p>'
        '<ul><li><a href="../fr/basics.html">Les bases</a></li></ul>'
    )
    french = hearts_book._keep_own_half(sidebar, "fr")
    assert "Les bases" in french and "Basics" not in french
    english = hearts_book._keep_own_half(sidebar, "en")
    assert "Basics" in english and "Les bases" not in english
