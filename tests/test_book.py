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
from hearts_teach.records import share_code
from hearts_teach.teaching.lessons import CHAPTERS

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
        "strategy",
        "faq",
        "summaries",
        "laws",
        "family",
        "bibliography",
        "accessibility",
        "puzzles",
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


@pytest.mark.parametrize("lang", LANGS)
def test_the_markdown_link_to_the_playground_carries_the_deal_alone(lang: str) -> None:
    """The page's own half is in its language; a second parameter's "&" would be
    escaped twice by Markdown and reach the playground as "amp;lang"."""
    from hearts_teach import Deal

    deal = Deal.new(Rules(), seed=3)
    link = kit.playground_link(deal, lang).source
    assert re.fullmatch(r"\[[^\]]+\]\(playground\.html\?deal=[A-Za-z0-9_-]+\)", link)


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
    from hearts_teach.teaching.compare import compare_taken

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
    assert "Sud a fait le grand chelem (chelem soustrait)." in french


def test_rule_change_tables_come_from_the_engine() -> None:
    table = kit.rule_changes("spot", "fr").source.splitlines()
    assert table[0] == (
        "| Règle | Dame de pique (règle courante) | Cœurs comptés à leur valeur (Spot Hearts) |"
    )
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


# --- what the pages may say (issue 13): each kind of mistake found once, made impossible ---


def markdown_text(notebook: nbformat.NotebookNode) -> str:
    return "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")


def output_texts(notebook: nbformat.NotebookNode) -> list[str]:
    """Every text a page shows from its code cells (Markdown, HTML and plain outputs)."""
    texts = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        for output in cell.get("outputs", []):
            for mime, value in output.get("data", {}).items():
                if mime.startswith("text/") and isinstance(value, str):
                    texts.append(value)
    return texts


def source_text(lang: str, name: str) -> str:
    return (BOOK / "_src" / lang / f"{name}.md").read_text(encoding="utf-8")


# Internal names of the project's source documents: a reader cannot look them up.
INTERNAL_SOURCE_NAME = re.compile(
    r"\bS00\d\b|\bseed\s*S?0\d\d\b|project seed|document 00\d|graine 00\d", re.IGNORECASE
)


@pytest.mark.parametrize(("lang", "name"), ALL_NOTEBOOKS)
def test_no_internal_name_of_a_source_is_shown(lang: str, name: str) -> None:
    notebook = read(lang, name)
    for text_shown in [markdown_text(notebook), *output_texts(notebook)]:
        found = INTERNAL_SOURCE_NAME.search(text_shown)
        assert found is None, f"{lang}/{name}: {found.group(0) if found else ''}"


# The words a French player uses, one for each thing (the reviews' calques and rivals).
FRENCH_RIVALS = {
    r"\btireurs?\b": "celui qui fait le grand chelem",
    r"\btir(?:er|e|es|ez|ent|é|ée|ait|ant)\s+la\s+lune\b": "faire le grand chelem",
    r"\bauteur du (?:grand )?chelem\b": "celui qui fait le grand chelem",
    r"\b(?:Vieille|Nouvelle) Lune\b|\bLune mixte\b": "chelem classique, soustrait, mixte",
    r"\bCœurs standard\b|\bjeu standard\b": "la Dame de pique (règle courante)",
    r"\bvaleur faciale\b": "les Cœurs comptés à leur valeur",
    r"\bpréréglages?\b": "la version proposée par défaut",
    r"\bcartes? à points\b": "carte de pénalité",
    r"\bpassage des cartes\b|\bpas de passage\b": "l’échange",
    r"\bpoints pris\b": "points ramassés",
    r"\bavoir la coupe\b|\bon a la coupe\b": "être chicane",
    r"terrain de jeu": "la salle de jeu",
    # the desk where a deal's cards are entered; « la feuille de marque » is the
    # playground's running scores (the teachers' review, §4)
    r"bureau de marque|table de marque|feuille de marque pour enregistrer": "la saisie d’une donne",
    # "levée" the noun (the verb, "l’interdiction est levée", is fine): the book says "pli",
    # and gives "levée" once, in the glossary ("pli, levée").
    r"\b(?:la|une|les|des|cette|ces|chaque|sa|ses|leur|leurs|du|première|dernière)\s+levées?\b": (
        "pli"
    ),
    r"\bindices?\b": "conseil",
}

# A source's own words, quoted « like this », or an English name in italics, may differ.
QUOTED = re.compile(r"«[^»]*»|\*[^*\n]+\*")


def _french_rivals(text_shown: str) -> list[str]:
    unquoted = QUOTED.sub(" ", text_shown)
    return [
        f"{match.group(0)!r} (say {better!r})"
        for pattern, better in FRENCH_RIVALS.items()
        for match in re.finditer(pattern, unquoted, re.IGNORECASE)
    ]


@pytest.mark.parametrize("name", ALL_NAMES)
def test_french_prose_uses_the_books_words(name: str) -> None:
    """The French chapters' own text, and every French text of the book's kit."""
    assert _french_rivals(markdown_text(read("fr", name))) == []


def _french_messages() -> list[str]:
    """Every French message of the catalogs, plural forms included."""
    from hearts_teach.i18n import messages

    found = messages("fr").values()
    return [form for words in found for form in ((words,) if isinstance(words, str) else words)]


def test_french_texts_of_the_kit_and_the_catalog_use_the_books_words() -> None:
    texts = _french_messages() + [row[0] + " " + row[2] for row in kit.GLOSSARY]
    assert [found for t in texts for found in _french_rivals(t)] == []


@pytest.mark.parametrize("name", ALL_NAMES)
def test_french_pages_show_the_books_words(name: str) -> None:
    """Everything a French page shows, the engine's tables and reasons included."""
    assert [f for t in output_texts(read("fr", name)) for f in _french_rivals(t)] == []


# Code is folded away (hide-input) or removed (remove-input, plumbing): a reader who does not
# program sees results only, in the page's language.
FOLDED = {"hide-input", "remove-input", "remove-cell"}


@pytest.mark.parametrize(("lang", "name"), ALL_NOTEBOOKS)
def test_no_code_input_is_shown_by_default(lang: str, name: str) -> None:
    for index, cell in enumerate(read(lang, name).cells):
        if cell.cell_type == "code":
            tags = set(cell.metadata.get("tags", ()))
            assert tags & FOLDED, f"{lang}/{name}: code cell {index} shows its input"


@pytest.mark.parametrize(("lang", "name"), ALL_NOTEBOOKS)
def test_no_python_value_is_shown_as_a_result(lang: str, name: str) -> None:
    """A folded cell still shows its result: it must be a table, a sentence or a picture,
    never a raw Python value such as a tuple of scores."""
    for cell in read(lang, name).cells[1:]:
        if cell.cell_type != "code":
            continue
        for output in cell.outputs:
            data = output.get("data", {})
            if set(data) == {"text/plain"}:
                assert not re.match(r"^[(\[{]", data["text/plain"]), data["text/plain"][:80]


@pytest.mark.parametrize("name", sorted(CHAPTERS))
def test_every_chapters_guided_deal_is_a_live_slot(name: str) -> None:
    """Each variant chapter keeps its guided deal, stored as the live slot of its lesson."""
    page = "black-maria" if name == "black-maria-3" else name
    page = "basics" if page == "standard" else page
    for lang in LANGS:
        shown = "".join(output_texts(read(lang, page)))
        lesson = kit.guided_deal(name, lang).lesson.id
        assert f'data-ht-live="lesson" data-lang="{lang}" data-lesson="{lesson}"' in shown


def test_the_playground_and_the_teachers_tools_stay_live() -> None:
    for lang in LANGS:
        assert 'data-ht-live="playground"' in "".join(output_texts(read(lang, "playground")))
        assert 'data-ht-live="teachers"' in "".join(output_texts(read(lang, "teachers")))


# A history claim carries its source: a citation of the bibliography (references.bib) in the
# same paragraph, list item or table row. French pages cite the same entries, keys "fr-…".
CLAIM_SOURCES = {
    "Foster on Hearts": ("foster1895",),
    "Joe Andrews": ("andrews2000",),
    "Auction Hearts": ("foster1895", "foster1897settling"),
    "1992": ("frwikiwindows",),  # Windows' « Dame de pique »
    "Hitting the Moon": ("feelinggamey",),
    "Card Rules Plus": ("cardrulesplus",),
    "Draw Hearts": ("parlett2008",),
    "Reversis": ("parlettreversis", "wikipediareversis"),
    # The 1895 book's contents list a chapter on it; the Complete Hoyle describes it.
    "Howell": ("foster1897settling", "foster1895"),
}
CITE = re.compile(r"\{cite(?::[a-z]+)?\}`([^`]+)`")
BIBLIOGRAPHY = ROOT / "references.bib"


def blocks(source: str) -> list[str]:
    """The paragraphs, list items, table rows and headings of a chapter source's Markdown."""
    found: list[str] = []
    for cell in re.split(r"^%% ", source, flags=re.MULTILINE):
        if not cell.startswith("md"):
            continue
        paragraph: list[str] = []
        for line in [*cell.split("\n")[1:], ""]:
            starts_block = re.match(r"^(?:\||#|\s*(?:[-*]|\d+\.)\s)", line) or not line.strip()
            if starts_block and paragraph:
                found.append(" ".join(paragraph))
                paragraph = []
            if line.startswith(("|", "#")):
                found.append(line)
            elif line.strip():
                paragraph.append(line)
    return found


def cited_keys(block: str, lang: str) -> list[str]:
    """The bibliography keys a block cites, without the French pages' prefix."""
    keys = [key.strip() for found in CITE.findall(block) for key in found.split(",")]
    prefix = "fr-" if lang == "fr" else ""
    assert all(key.startswith(prefix) for key in keys), (lang, keys)
    if lang == "fr":
        return [key.removeprefix(prefix) for key in keys]
    assert not any(key.startswith("fr-") for key in keys), keys
    return keys


def bibliography_keys() -> list[str]:
    return re.findall(r"^@\w+\{([^,\s]+),", BIBLIOGRAPHY.read_text(encoding="utf-8"), re.M)


@pytest.mark.parametrize(("lang", "name"), ALL_NOTEBOOKS)
def test_history_claims_cite_their_sources_where_they_are_made(lang: str, name: str) -> None:
    for block in blocks(source_text(lang, name)):
        if block.startswith("#"):
            continue  # a heading names a subject; the paragraphs under it make the claims
        keys = cited_keys(block, lang)
        for claim, sources in CLAIM_SOURCES.items():
            if claim in QUOTED.sub(" ", block) or (lang == "en" and claim in block):
                assert set(sources) & set(keys), f"{lang}/{name}: {claim!r} without {sources}"
        if re.search(r"came later|sont venus plus tard", block):
            # "Passing, the two of clubs and breaking hearts came later": the older history.
            assert "primidi" in keys or "wikipediaheartsold" in keys, f"{lang}/{name}: {block}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_citation_is_in_the_bibliography_and_every_entry_is_cited(lang: str) -> None:
    known = bibliography_keys()
    assert len(known) == len(set(known)), "a key twice in references.bib"
    cited = {
        key
        for name in ALL_NAMES
        for b in blocks(source_text(lang, name))
        for key in cited_keys(b, lang)
    }
    assert sorted(cited - set(known)) == []
    assert sorted(set(known) - cited) == [], f"{lang}: entries no page cites"


def bibliography_entries() -> dict[str, dict[str, str]]:
    """Each entry of references.bib as its fields (the values without their braces)."""
    from pybtex.database import parse_file

    database = parse_file(str(BIBLIOGRAPHY), bib_format="bibtex")
    entries: dict[str, dict[str, str]] = {}
    for key, entry in database.entries.items():
        fields = {name.lower(): str(value) for name, value in entry.fields.items()}
        if entry.persons:
            fields["author"] = " and ".join(
                str(p) for people in entry.persons.values() for p in people
            )
        entries[key] = fields
    return entries


@pytest.mark.parametrize("key", bibliography_keys())
def test_every_entry_names_its_source_and_quotes_what_it_supports(key: str) -> None:
    """Title, author or site, edition or date, the address where there is one, and in its
    note the sentence the book relies on, quoted."""
    fields = bibliography_entries()[key]
    assert fields.get("title"), key
    # the bibliography's style warns (and the build fails) without an author and a year
    assert fields.get("author") or fields.get("editor"), f"{key}: no author (a site: {{{{Name}}}})"
    assert fields.get("year") or fields.get("date"), f"{key}: no year (a page: the year read)"
    assert fields.get("url") or fields.get("publisher") or fields.get("howpublished"), key
    if fields.get("url"):
        assert fields.get("urldate"), f"{key}: an address without the date it was read"
    assert re.search(r"“[^”]{12,}”|«[^»]{12,}»", fields.get("note", "")), f"{key}: no quotation"


YEAR = re.compile(r"\b(1[5-9]\d\d|20[0-2]\d)\b")
# A sentence ends at a full stop or a semicolon followed by what opens a sentence.
SENTENCE_END = re.compile(r"(?<=[.;])\s+(?=[A-ZÀ-ÝÉ«(*])")


@pytest.mark.parametrize(("lang", "name"), ALL_NOTEBOOKS)
def test_a_year_in_a_cited_sentence_is_in_what_its_sources_quote(lang: str, name: str) -> None:
    """A date the text gives with a citation is one the cited entries give (in their
    note, title or publication): the review found 1939 cited to a text with no date."""
    entries = bibliography_entries()
    for block in blocks(source_text(lang, name)):
        for sentence in SENTENCE_END.split(block):
            keys = cited_keys(sentence, lang)
            if not keys:
                continue
            sources = " ".join(" ".join(entries[key].values()) for key in keys)
            for year in YEAR.findall(CITE.sub(" ", sentence)):
                assert year in sources, f"{lang}/{name}: {year} is not in {keys}: {sentence}"


@pytest.mark.parametrize("lang", LANGS)
def test_original_hearts_is_dated_to_the_1880s_not_1880(lang: str) -> None:
    for name in ALL_NAMES:
        # "the 1880s", "les années 1880"; never "1880" alone, never "(1880)" (a source's own
        # words, quoted, may say "at least 1880": that is another game's date).
        unquoted = re.sub(r'"[^"]*"', " ", QUOTED.sub(" ", source_text(lang, name)))
        assert not re.search(r"(?<![Aa]nnées )\b1880\b(?!s)", " ".join(unquoted.split())), name


def test_the_two_player_moon_is_twenty_to_the_opponent() -> None:
    rules = Rules.preset("two-player")
    result = score_deal(rules, ["4H 6H 8H 10H QH AH QS", ""], totals=(30, 45), dead="2H 4C")
    assert kit.outcome(result, "en").startswith("South shot the moon: 20 points to the opponent.")
    assert kit.outcome(result, "fr").startswith(
        "Sud a fait le grand chelem\u202f: 20 points pour l’adversaire."
    )
    assert "Old Moon" not in kit.outcome(result, "en")


def test_comparison_with_totals_shows_the_end_of_game_differences() -> None:
    from hearts_teach.teaching.compare import compare_taken

    hearts = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
    comparison = compare_taken([hearts + " QS", "", "", ""], totals=(90, 95, 63, 70))
    table = kit.comparison_table(comparison, "en", with_totals=True).source
    assert "| Mixed Moon | −26 → 64 |" in table and "With these totals" in table
    assert "Winners: South and North." in table  # partnership: the team
    french = kit.comparison_table(comparison, "fr", with_totals=True).source
    assert "Avec ces totaux" in french


@pytest.mark.parametrize("lang", LANGS)
def test_position_pictures_say_what_they_cannot_show(lang: str) -> None:
    """The totals before a deal when they matter, and the dead cards of two-player Hearts
    (counted, never named)."""
    mixed = kit.guided_deal("mixed-moon", lang)
    assert any(str(t) in kit.position_notes(mixed.deal, lang)[0] for t in mixed.deal.totals)
    two = kit.guided_deal("two-player", lang)
    notes = kit.position_notes(two.deal, lang)
    assert notes and notes[-1].startswith("2 ")
    for card in two.deal.dead_cards:
        assert card_name(card, lang) not in " ".join(notes)


def test_the_print_stylesheet_is_registered_and_hides_the_screen_parts() -> None:
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    sphinx = config["sphinx"]["config"]
    assert "book/_static" in sphinx["html_static_path"]
    assert "ht-print.css" in sphinx["html_css_files"]
    css = (BOOK / "_static" / "ht-print.css").read_text(encoding="utf-8")
    assert "@media print" in css and "size: A4" in css
    hidden = css.split("display: none !important")[0]
    for part in (".bd-sidebar-primary", ".bd-sidebar-secondary", ".bd-header", ".ht-live"):
        assert part in hidden, part
    assert ".prev-next-area" in hidden and "iframe" in hidden
    assert "section:has(> .ht-sheets) > section + section" in css


@pytest.mark.parametrize("lang", LANGS)
def test_the_summaries_give_one_sheet_per_variant(lang: str) -> None:
    notebook = read(lang, "summaries")
    assert '<div class="ht-sheets"></div>' in markdown_text(notebook)
    tables = re.findall(r'kit\.rule_table\("([a-z0-9-]+)"', source_text(lang, "summaries"))
    # Original Hearts' sheet shows the game of the 1880s, the form its title names.
    chapters = [name.removesuffix("-historical") for name in tables]
    # every chapter's variant, and the book's other variants (tests/test_summary_sheets.py)
    assert set(CHAPTERS) <= set(chapters) and len(set(tables)) == len(tables)
    assert headings(notebook).count(2) == len(tables)
