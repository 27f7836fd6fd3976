"""The message catalogs (hearts_teach/locale): complete in every language, with the same
placeholders and plural forms, no English left in French, French typography set by one
pass, French card letters, and every key the code asks for present."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from hearts_teach import Card, Suit
from hearts_teach.bots.catalog import points
from hearts_teach.errors import CardError
from hearts_teach.i18n import (
    LANGS,
    LOCALE_DIR,
    card_name,
    card_symbol,
    decimal,
    messages,
    ntext,
    rank_letter,
    read_cards,
    text,
    typeset,
)

ROOT = Path(__file__).resolve().parents[1]
PO = {lang: LOCALE_DIR / lang / "LC_MESSAGES" / "hearts_teach.po" for lang in LANGS}


def forms(words: str | tuple[str, ...]) -> tuple[str, ...]:
    return (words,) if isinstance(words, str) else words


def placeholders(template: str) -> set[str]:
    """The parameters a template uses; a card's forms ``{x_de}`` / ``{x_a}`` and a suit's
    ``{s_one}`` (bots/catalog.py) count as ``{x}``, since each language picks its forms."""
    return {re.sub(r"_(de|a|one)$", "", name) for name in re.findall(r"\{(\w+)\}", template)}


@pytest.fixture(scope="module")
def catalogs() -> dict[str, dict[str, str | tuple[str, ...]]]:
    return {lang: messages(lang) for lang in LANGS}


def test_the_languages_are_the_catalogs_english_first() -> None:
    assert LANGS[0] == "en" and "fr" in LANGS
    assert set(LANGS) == {path.parent.parent.name for path in LOCALE_DIR.glob("*/LC_MESSAGES/*.po")}


def test_every_message_is_in_every_language_with_the_same_placeholders(
    catalogs: dict[str, dict[str, str | tuple[str, ...]]],
) -> None:
    english = catalogs["en"]
    for lang, found in catalogs.items():
        assert set(found) == set(english), (lang, set(found) ^ set(english))
        for key, words in found.items():
            assert all(forms(words)), (lang, key)  # no empty text
            assert isinstance(words, tuple) == isinstance(english[key], tuple), (lang, key)
            wanted = set().union(*map(placeholders, forms(english[key])))
            for form in forms(words):
                extra = placeholders(form) - wanted
                assert not extra, (lang, key, extra)
            if isinstance(words, tuple):  # a plural form may leave out {count} ("1 carte")
                assert set().union(*map(placeholders, words)) | {"count"} >= wanted, (lang, key)
            else:
                assert placeholders(words) == wanted, (lang, key)


def test_plural_messages_have_the_forms_their_language_asks_for() -> None:
    for lang, path in PO.items():
        with path.open("rb") as stream:
            catalog = read_po(stream)
        assert not catalog.fuzzy
        for message in catalog:
            if message.pluralizable:
                assert len(message.string) == catalog.num_plurals, (lang, message.id)
                assert message.id[0] == message.id[1], message.id  # key, key


def test_plurals_and_their_counts() -> None:
    assert ntext("ui.cards", 1, "fr") == "1 carte"
    assert ntext("ui.cards", 3, "fr") == "3 cartes"
    assert ntext("ui.cards", 1, "en") == "1 card"
    assert ntext("ui.cards", 3, "en") == "3 cards"
    assert text("reason.pass_count", "en", count=1, given=2) == "Pass exactly 1 card, not 2."
    assert text("reason.pass_count", "en", count=3, given=2) == "Pass exactly 3 cards, not 2."
    assert text("reason.pass_count", "fr", count=1, given=2) == "Passez exactement 1 carte, pas 2."
    with pytest.raises(LookupError, match="plural"):
        text("ui.cards", "en")


def test_text_capitalises_and_words_cards_and_suits_in_the_language() -> None:
    queen = Card.parse("Q♠")
    assert (
        text("lesson.continue_with", "en", card=queen)
        == "The lesson goes on with the queen of spades."
    )
    assert (
        text("lesson.continue_with", "fr", card=queen) == "La leçon continue avec la dame de pique."
    )
    assert text("reason.must_follow_suit", "fr", suit=Suit.CLUBS).endswith("jouez un trèfle.")
    assert card_name(Card.parse("AH"), "fr") == "as de cœur"
    with pytest.raises(KeyError):
        text("no.such.key", "fr")


# Words that give away an English sentence; names and notation are taken out first.
ENGLISH_GIVEAWAYS = re.compile(
    r"\b(the|and|of|you|your|is|are|not|with|this|that|card|cards|trick|tricks|deal|"
    r"deals|player|players|shooter|playground|hint|moon|left|right|lady|black lady|"
    r"queen|king|jack|heart|spade|club|diamond|game|games|round)\b",
    re.IGNORECASE,
)
NOT_ENGLISH = re.compile(
    r"hearts-teach|Black Maria|Black Jack|Monte-Carlo|--[\w-]+|\{\w+\}|https?://\S+|\b[A-Z]{2,}\b|"
    r"Python|JavaScript|JSON|CSV"
)


def test_no_english_is_left_in_a_french_message(
    catalogs: dict[str, dict[str, str | tuple[str, ...]]],
) -> None:
    found = []
    for key, words in catalogs["fr"].items():
        if key in ("language.name", "typography"):
            continue
        for form in forms(words):
            plain = NOT_ENGLISH.sub(" ", form)
            found += [(key, m.group(0)) for m in ENGLISH_GIVEAWAYS.finditer(plain)]
    assert found == []


# After the typography pass: no ordinary space before : ; ! ? » or after «, and no such
# sign glued to a word (the pass sets a space it finds; it cannot guess a missing one).
BAD_SPACE = re.compile(r" [:;!?»]|« ")
GLUED = re.compile(r"\w[;!?»]|«\w|\w:(?!//|\d)")


def test_french_typography_is_set_on_every_french_message(
    catalogs: dict[str, dict[str, str | tuple[str, ...]]],
) -> None:
    for key, words in catalogs["fr"].items():
        for form in forms(words):
            shown = typeset(form, "fr")
            assert not BAD_SPACE.search(shown), (key, shown)
            assert not GLUED.search(NOT_ENGLISH.sub(" ", form)), (key, form)
    moon = text("ui.deal.moon_you", "fr")
    assert moon == "Vous avez fait le grand chelem\u202f!"
    assert text("moon.old", "fr", value=26).startswith(
        "Chelem classique\u202f: celui qui fait le grand chelem"
    )
    assert typeset("« oui » : non ; si ! quoi ?", "fr") == (
        "«\u202foui\u202f»\u202f: non\u202f; si\u202f! quoi\u202f?"
    )
    assert typeset("Note: x", "en") == "Note: x"
    assert text("moon.old", "en", value=26).startswith("Old Moon: the shooter")


def test_french_cards_are_written_with_french_letters() -> None:
    assert [card_symbol(Card.parse(c), "fr") for c in ("KC", "QS", "JD", "AH", "10H")] == [
        "R♣",
        "D♠",
        "V♦",
        "A♥",
        "10♥",
    ]
    assert [card_symbol(Card.parse(c), "en") for c in ("KC", "QS", "JD", "AH")] == [
        "K♣",
        "Q♠",
        "J♦",
        "A♥",
    ]
    assert str(Card.parse("QS")) == "Q♠"  # the engine's notation does not change


def test_french_widgets_draw_french_letters_on_card_faces() -> None:
    from hearts_teach_widgets.cards import HandView, play_states
    from hearts_teach_widgets.render import card_face

    from hearts_teach import Deal, Rules

    queen = Card.parse("QS")
    assert ">D<" in card_face(queen, "fr") and ">Q<" not in card_face(queen, "fr")
    assert ">Q<" in card_face(queen, "en")
    deal = Deal.new(Rules(passing="none"), seed=3)
    for lang, letters, others in (("fr", "VDR", "JQK"), ("en", "JQK", "VDR")):
        hand = HandView(lang=lang)
        hand.show(play_states(deal, 0, lang))
        shown = {c for b in hand.buttons.values() for c in b._dom_classes if c.startswith("ht-r-")}
        faces = {
            c
            for card in deal.hand(0)
            if card.rank > 10
            for c in [f"ht-r-{card_symbol(card, lang)[:-1]}"]
        }
        assert faces <= shown
        assert not {f"ht-r-{letter}" for letter in others} & shown, (lang, shown)
        assert {c[5:] for c in shown} <= set(letters) | {str(n) for n in range(2, 11)} | {"A"}


def test_every_key_the_code_asks_for_is_in_the_catalogs(
    catalogs: dict[str, dict[str, str | tuple[str, ...]]],
) -> None:
    """pybabel's extraction, as babel.cfg says, with the keywords text, ntext and Message
    (a message set inside another)."""
    method_map = [
        ("hearts_teach/**.py", "python"),
        ("widgets/**.py", "python"),
        ("book/_ext/**.py", "python"),
    ]
    keywords = {"text": None, "ntext": None, "Message": None}
    extracted = {
        (message if isinstance(message, str) else message[0], filename, lineno)
        for filename, lineno, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map, keywords=keywords
        )
    }
    assert len(extracted) > 200
    # A key built at run time ("reason." + code) is extracted as its prefix only.
    missing = sorted(
        (key, f"{filename}:{lineno}")
        for key, filename, lineno in extracted
        if not key.endswith(".") and key not in catalogs["en"]
    )
    assert missing == []


def test_every_damaged_record_detail_is_in_the_catalogs(
    catalogs: dict[str, dict[str, str | tuple[str, ...]]],
) -> None:
    """records.py names what is wrong with a damaged record by a key of ``error.record.``."""
    source = (ROOT / "hearts_teach" / "records.py").read_text(encoding="utf-8")
    details = set(re.findall(r'_damaged\("(\w+)"', source))
    assert len(details) >= 10
    assert {f"error.record.{d}" for d in details} <= set(catalogs["en"])
    # and what Game.resume refuses in deals that do not follow one another
    game = (ROOT / "hearts_teach" / "game.py").read_text(encoding="utf-8")
    refusals = set(re.findall(r'GameError\(\s*"(\w+)"', game))
    assert len(refusals) == 6 and {f"error.{r}" for r in refusals} <= set(catalogs["en"])


def test_babel_cfg_names_the_folders_the_test_extracts() -> None:
    config = (ROOT / "babel.cfg").read_text()
    for folder in ("hearts_teach", "widgets", "book/_ext"):
        assert f"[python: {folder}/**.py]" in config


def test_a_built_wheel_carries_the_compiled_catalogs(tmp_path: Path) -> None:
    env = {**os.environ, "HEARTS_TEACH_PURE": "1"}
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        (source / name).write_bytes((ROOT / name).read_bytes())
    for folder in ("hearts_teach", "widgets"):
        subprocess.run(
            ["cp", "-r", str(ROOT / folder), str(source / folder)], check=True
        )  # with the .po files, without compiled catalogs:
    for compiled in source.glob("hearts_teach/locale/*/LC_MESSAGES/*.mo"):
        compiled.unlink()
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "-w", str(tmp_path), str(source)],
        check=True,
        env=env,
    )  # fmt: skip
    (wheel,) = tmp_path.glob("hearts_teach-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for lang in LANGS:
        assert f"hearts_teach/locale/{lang}/LC_MESSAGES/hearts_teach.mo" in names


def _table_text(table: object) -> str:
    """What a table shows, as text: its HTML boxes without their style sheets, and its
    controls' labels and tooltips."""
    from html import unescape

    parts = [
        getattr(table, name).value
        for name in (
            "status",
            "badges",
            "felt",
            "message_box",
            "note",
            "score_sheet",
            "bot_log",
            "rules_box",
        )
    ]
    hand = table.hand  # type: ignore[attr-defined]
    parts += [hand.buttons[c].description + " " + hand.buttons[c].tooltip for c in hand.cards]
    shown = unescape(" ".join(parts))
    shown = re.sub(r"(?s)<style.*?</style>", " ", shown)
    attributes = " ".join(re.findall(r'(?:title|aria-label|alt)="([^"]*)"', shown))
    return re.sub(r"<[^>]+>", " ", shown) + " " + attributes


@pytest.mark.parametrize("preset", ["standard", "omnibus", "two-player"])
def test_a_french_deal_at_the_table_shows_french_only(preset: str) -> None:
    """A whole deal played by clicking, in French: every text the table shows has French
    typography, French card letters and no English giveaway word."""
    from hearts_teach_widgets.table import HeartsTable

    from hearts_teach import Rules

    table = HeartsTable(Rules.preset(preset), lang="fr", seed=7, bot_level="heuristic")
    seen = []
    if table.deal.phase == "pass":
        hand = table.hand
        for card in hand.cards[: table.rules.pass_count]:
            hand.buttons[card].click()
            seen.append(_table_text(table))
        table.confirm_pass_button.click()
    while not table.deal.is_over:
        seen.append(_table_text(table))
        enabled = list(table.hand.playable)
        table.hand.buttons[enabled[-1]].click()
    table.hint_button.click()
    seen.append(_table_text(table) + " " + table.message)
    for shown in seen:
        assert not BAD_SPACE.search(shown), BAD_SPACE.search(shown)
        assert not re.search(r"\b[KQJ][♣♦♠♥]", shown), shown
        plain = NOT_ENGLISH.sub(" ", shown)
        assert not ENGLISH_GIVEAWAYS.findall(plain), ENGLISH_GIVEAWAYS.findall(plain)


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_is_read_back_as_its_language_writes_it(lang: str) -> None:
    names = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.SPADES: "spades"}
    names[Suit.HEARTS] = "hearts"
    letters = {suit: messages(lang)[f"suit.{name}.letter"] for suit, name in names.items()}
    assert len(set(letters.values())) == 4
    for index in range(52):
        card = Card(index)
        rank = rank_letter(card.rank, lang)
        typed = [card_symbol(card, lang), f"{rank}{letters[card.suit]}".lower()]
        typed.append(f"{rank} {letters[card.suit]}")  # a space between rank and suit
        assert read_cards(" ".join(typed), lang) == [card, card, card]


@pytest.mark.parametrize(
    ("typed", "lang", "refused"),
    [("10 C C", "en", "C"), ("Q 10", "en", "Q"), ("D D", "fr", "D"), ("2 3 ♥", "en", "2")],
)
def test_a_rank_takes_only_the_one_suit_after_it(typed: str, lang: str, refused: str) -> None:
    with pytest.raises(CardError) as error:
        read_cards(typed, lang)
    assert error.value.params["text"] == refused


def test_points_are_singular_and_plural_as_each_language_writes_them() -> None:
    """Seen: "You won trick 12 with the queen of diamonds (1 points)"."""
    assert [points(v, "en", d) for v, d in [(1, 0), (2, 0), (0, 0), (1.0, 1), (0.5, 1)]] == [
        "1 point",
        "2 points",
        "0 points",
        "1.0 points",
        "0.5 points",
    ]
    assert [points(v, "fr", d) for v, d in [(1, 0), (2, 0), (1.5, 1), (2.0, 1)]] == [
        "1 point",
        "2 points",
        "1,5 point",
        "2,0 points",
    ]


def test_each_bot_level_has_one_name_in_each_language() -> None:
    """Seen: the replay said "the bots (common sense)", the bot picker "Medium (rules of
    thumb)". A text naming the medium bots uses the picker's name."""
    for lang in LANGS:
        name = text("ui.bot.heuristic", lang)
        note = text("ui.review.replay_note", lang, level=name)
        assert name in note
        for key, value in messages(lang).items():
            assert not re.search(r"bon sens|common sense", str(value)), key


@pytest.mark.parametrize("lang", LANGS)
def test_a_figure_never_breaks_from_its_unit_or_its_error(lang: str) -> None:
    """Seen: « 55,0 » and « %. » on two lines, « ± 0,3 » broken across lines, and
    « 100.0 % » in English (which writes 100.0%)."""
    accuracy = text("review.accuracy.deal", lang, accuracy=decimal(55.0, lang))
    cost = text("review.cost", lang, cost=points(0.4, lang), error=decimal(0.3, lang))
    if lang == "fr":
        assert accuracy.endswith("55,0\u202f%.")
    else:
        assert accuracy.endswith("55.0%.")
    assert "\u00a0±\u00a0" in cost and " ±" not in cost and "± " not in cost
    assert typeset("x ± −1.5", lang).endswith("x\u00a0±\u00a0−1.5")
    assert typeset("±: the margin", lang).startswith("±")  # a sign alone, not a figure


def test_the_score_sheet_writes_a_true_minus_sign() -> None:
    """Seen: « -26 » on the score sheet, where every other figure reads « −26 »."""
    from hearts_teach_widgets.render import score_sheet_html

    from hearts_teach import Rules
    from hearts_teach.scoring import DealResult

    rules = Rules()
    result = DealResult(
        rules=rules,
        points=(0, 26, 0, 0),
        scores=(-26, 0, 0, 0),
        totals_before=(0, 0, 0, 0),
        totals=(-26, 0, 0, 0),
        moon=None,
        moon_rule=None,
        game_over=False,
        winners=(),
    )
    sheet = score_sheet_html(rules, [result], "en")
    assert "−26" in sheet and "-26" not in sheet
