"""The projector's rows, marks and whys (hearts_teach.teaching.compare): every "why"
says something the engine's scores make true, on random deals and totals."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_teach import Deal, Rules
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.cards import cards_of, mask_of, parse_cards
from hearts_teach.errors import HeartsError
from hearts_teach.teaching.compare import (
    PROJECTOR_DEFAULT,
    PROJECTOR_MAX,
    Comparison,
    compare_deal,
    compare_taken,
    default_pick,
    differs,
    pick_variants,
    reference_row,
    row_winners,
    why,
)

KEYS = (
    "teach.why.reference",
    "teach.why.no_moon_rule",
    "teach.why.no_moon_without",
    "teach.why.no_moon",
    "teach.why.moon_here",
    "teach.why.same",
    "teach.why.moon_rule",
    "teach.why.gives_back",
    "teach.why.costs",
    "teach.why.score",
    "teach.why.reverse",
)


def played(seed: int) -> Deal:
    return play_out(Deal.new(Rules(), seed=seed), seat_bots("random", seed, 4))


def check_claims(comparison: Comparison) -> None:
    ref = reference_row(comparison)
    assert ref.result is not None
    for row in comparison.scored:
        result = row.result
        assert result is not None
        reason = why(comparison, row.key)
        assert reason.key in KEYS
        diffs = [a - b for a, b in zip(result.scores, ref.result.scores, strict=True)]
        assert differs(comparison, row.key) == tuple(d != 0 for d in diffs)
        for lang in ("en", "fr"):
            assert reason.text(lang)
        if reason.key == "teach.why.reference":
            assert row.key == ref.key
        elif reason.key in (
            "teach.why.no_moon_rule",
            "teach.why.no_moon_without",
            "teach.why.no_moon",
        ):
            assert ref.result.moon == reason.player and result.moon is None
            if reason.key == "teach.why.no_moon_rule":
                assert row.rules.effective_moon == "none"
            if reason.key == "teach.why.no_moon_without":
                assert reason.player is not None
                taken = comparison.taken[reason.player]
                assert reason.cards
                for card in reason.cards:
                    assert row.rules.moon_cards & (1 << card.index)
                    assert not taken & (1 << card.index)
        elif reason.key == "teach.why.moon_here":
            assert ref.result.moon is None and result.moon == reason.player
        elif reason.key == "teach.why.same":
            assert not any(diffs)
        elif reason.key == "teach.why.reverse":
            assert row.rules.reverse != ref.rules.reverse
        elif reason.key == "teach.why.moon_rule":
            assert result.moon == reason.player == ref.result.moon
            assert result.moon_rule != ref.result.moon_rule
        else:  # a player's score: the one that moved most
            assert reason.player is not None
            diff = diffs[reason.player]
            assert diff != 0 and abs(diff) == max(abs(d) for d in diffs)
            if reason.key == "teach.why.score":
                assert reason.points == diff
            else:
                taken = comparison.taken[reason.player]
                change = 0
                for card in reason.cards:
                    assert taken & (1 << card.index)  # the player took it
                    change += row.rules.value(card) - ref.rules.value(card)
                assert change == diff
                sign = -1 if reason.key == "teach.why.gives_back" else 1
                assert reason.points * sign == diff and reason.points > 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    totals=st.lists(st.integers(-30, 120), min_size=4, max_size=4),
)
def test_every_why_of_a_played_deal_holds(seed: int, totals: list[int]) -> None:
    check_claims(compare_deal(played(seed), totals))


@settings(max_examples=60, deadline=None)
@given(owners=st.lists(st.integers(0, 3), min_size=13, max_size=13), data=st.data())
def test_every_why_holds_on_moons_and_near_moons(owners: list[int], data: st.DataObject) -> None:
    """Random ways the point cards fall, a moon often, near-moons missing one card."""
    shooter = data.draw(st.integers(0, 3))
    taken = [0, 0, 0, 0]
    # Hearts and the queen of spades: the shooter's unless the draw says otherwise.
    deck = Rules().deck
    rest = cards_of(deck)
    extra = mask_of(parse_cards("JD KS AS TD"))
    point_cards = [c for c in rest if Rules().value(c) or extra & (1 << c.index)]
    keep = data.draw(st.booleans())
    # With ``keep``, the shooter takes every point card but some of the four that only
    # some variants count: a moon in one row, none (or a near one) in another.
    away = data.draw(st.sets(st.sampled_from(parse_cards("JD KS AS TD QS"))))
    for i, card in enumerate(point_cards):
        owner = shooter if keep and card not in away else owners[i % 13]
        taken[owner] |= 1 << card.index
    for i, card in enumerate(c for c in rest if c not in point_cards):
        taken[owners[i % 13]] |= 1 << card.index
    check_claims(compare_taken(taken))


def test_the_jack_of_diamonds_gives_points_back_in_omnibus() -> None:
    deal = played(2)
    comparison = compare_deal(deal, (0, 0, 0, 0))
    reason = why(comparison, "omnibus")
    assert reason.key == "teach.why.gives_back"
    assert reason.text("en") == "The jack of diamonds gives West 10 points back."
    assert reason.text("fr") == "Le valet de carreau rend 10\u00a0points à Ouest." or (
        "valet de carreau rend 10" in reason.text("fr")
    )


def test_a_moon_lost_without_the_jack_of_diamonds() -> None:
    # South takes every heart and the queen, not the jack of diamonds: a moon in the
    # standard game, none under Omnibus, whose moon needs the jack too.
    rules = Rules()
    hearts_and_queen = sum(1 << c.index for c in cards_of(rules.deck) if rules.value(c))
    jack = mask_of(parse_cards("JD"))
    rest = rules.deck & ~hearts_and_queen & ~jack
    comparison = compare_taken([hearts_and_queen, jack, rest, 0])
    reason = why(comparison, "omnibus")
    assert reason.key == "teach.why.no_moon_without"
    assert reason.text("en") == "No moon for South without the jack of diamonds."
    assert "Pas de grand chelem pour Sud sans le valet de carreau" in reason.text("fr")
    check_claims(comparison)


def test_winners_and_the_default_pick() -> None:
    comparison = compare_deal(played(0), (0, 0, 0, 0))
    assert default_pick(comparison) == PROJECTOR_DEFAULT
    standard = comparison.row("standard")
    assert standard.result is not None
    best = min(standard.result.scores)
    assert row_winners(standard) == tuple(
        p for p, s in enumerate(standard.result.scores) if s == best
    )
    reverse = comparison.row("reverse")
    assert reverse.result is not None
    assert all(reverse.result.scores[p] == max(reverse.result.scores) for p in row_winners(reverse))


@pytest.mark.parametrize(
    ("keys", "code"),
    [
        (("standard",), "projector_count"),
        (("standard", "spot", "omnibus", "black-maria", "new-moon", "reverse"), "projector_count"),
        (("standard", "nonsense"), "projector_unknown"),
        (("standard", "three-player"), "projector_unknown"),  # not scored at four
    ],
)
def test_bad_picks_are_refused_in_both_languages(keys: tuple[str, ...], code: str) -> None:
    comparison = compare_deal(played(0))
    with pytest.raises(HeartsError) as caught:
        pick_variants(comparison, keys)
    assert caught.value.code == code
    assert caught.value.message("fr") != caught.value.message("en")


def test_a_pick_keeps_the_comparisons_order_and_counts_a_row_once() -> None:
    comparison = compare_deal(played(0))
    picked = pick_variants(comparison, ["spot", "standard", "spot", "reverse"])
    assert picked == ("standard", "spot", "reverse")
    assert len(pick_variants(comparison, PROJECTOR_DEFAULT)) == PROJECTOR_MAX


# --- the widget ---------------------------------------------------------------------------


def compare_widget(lang: str = "en"):  # type: ignore[no-untyped-def]
    from hearts_teach_widgets.pages import TEACHERS_TOTALS, teachers_deal
    from hearts_teach_widgets.teacher.compare import VariantCompare

    deal, _totals = teachers_deal()
    widget = VariantCompare(deal, lang)
    widget.set_totals(TEACHERS_TOTALS)
    return widget


def test_projector_mode_shows_the_default_rows_with_marks_and_whys() -> None:
    widget = compare_widget("fr")
    assert widget.projector_box.layout.display == "none"
    widget.projector.value = True
    assert widget.projector_box.layout.display == "flex"
    assert widget.chart.layout.display == "none"
    comparison = widget.comparison
    assert comparison is not None
    assert widget.picked == default_pick(comparison)
    view = widget.projector_view.value
    assert view.count("<tr data-variant=") == len(widget.picked)
    for key in widget.picked:
        assert escape_text(why(comparison, key).text("fr")) in view
        winners = row_winners(comparison.row(key))
        assert winners
    assert view.count("★") >= len(widget.picked)  # every row has a winner, marked by a sign
    assert "gagnant de la ligne" in view  # and in words for a screen reader
    marked = sum(sum(differs(comparison, key)) for key in widget.picked)
    assert view.count("≠</span>") == marked
    widget.projector.value = False
    assert widget.projector_box.layout.display == "none"
    assert widget.chart.layout.display is None


def escape_text(words: str) -> str:
    from html import escape

    return escape(words)


def test_picking_five_rows_shows_those_rows() -> None:
    widget = compare_widget()
    widget.projector.value = True
    five = ("standard", "spot", "omnibus", "reverse", "sun")
    widget.picker.value = five
    assert widget.picked == five
    for key in five:
        assert f'data-variant="{key}"' in widget.projector_view.value
    assert 'data-variant="black-maria"' not in widget.projector_view.value
    assert widget.pick_message.value == ""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_bad_pick_is_refused_in_the_users_language_and_changes_nothing(lang: str) -> None:
    widget = compare_widget(lang)
    widget.projector.value = True
    before, view = widget.picked, widget.projector_view.value
    six = ("standard", "new-moon", "spot", "omnibus", "reverse", "sun")
    widget.picker.value = six
    assert widget.picked == before
    assert widget.picker.value == before  # the picker shows the rows still shown
    assert widget.projector_view.value == view
    expected = HeartsError("projector_count", low=2, high=PROJECTOR_MAX, count=6).message(lang)
    assert escape_text(expected) in widget.pick_message.value
    assert 'role="alert"' in widget.pick_message.value
    assert not widget.pick(["standard", "three-player"])  # a row this table has not
    assert widget.picked == before
    widget.lang = "fr" if lang == "en" else "en"  # the refusal follows the language
    other = HeartsError("projector_unknown", variant="three-player").message(widget.lang)
    assert escape_text(other) in widget.pick_message.value


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_teachers_page_names_itself_in_its_language(lang: str) -> None:
    from hearts_teach_widgets.pages import teachers_page

    from hearts_teach.i18n import text

    page = teachers_page({"QUERY_STRING": f"lang={lang}"})
    marker = page.children[0].value
    assert f'data-lang="{lang}"' in marker
    assert escape_text(text("page.teachers_title", lang)) in marker


def test_the_projector_chart_shows_the_rows_picked_and_says_their_figures() -> None:
    import xml.etree.ElementTree as ET

    from hearts_teach.i18n import seat_name, signed

    widget = compare_widget("fr")
    widget.projector.value = True
    three = ("standard", "omnibus", "black-maria")
    assert widget.pick(three)
    comparison = widget.comparison
    assert comparison is not None
    chart = widget.projector_chart.value
    (svg,) = [
        e
        for e in ET.fromstring(chart[: chart.index("</figure>") + 9]).iter()
        if e.tag.endswith("svg")
    ]
    values = sorted(
        "".join(t.itertext())
        for t in svg.iter()
        if t.tag.endswith("text") and "value" in t.get("class", "").split()
    )
    rows = [comparison.row(key) for key in three]
    assert values == sorted(signed(s) for row in rows if row.result for s in row.result.scores)
    alt = svg.get("aria-label", "")
    for row in comparison.scored:
        assert (row.label("fr") in alt) == (row.key in three)
    for row in rows:
        assert row.result is not None
        said = ", ".join(
            f"{seat_name(p, 4, 'fr')} {signed(s)}" for p, s in enumerate(row.result.scores)
        )
        assert f"{row.label('fr')}\u202f: {said}" in alt
    widget.projector.value = False  # the normal chart is back, with every row
    assert widget.chart.layout.display is None
    for row in comparison.scored:
        assert row.label("fr") in widget.chart.value


def test_the_full_table_never_breaks_a_score_and_narrows_an_empty_moon_column() -> None:
    from hearts_teach_widgets.teacher.compare import compare_table_html

    widget = compare_widget("fr")
    comparison = widget.comparison
    assert comparison is not None
    html = widget.table.value
    cells = len(comparison.scored) * comparison.players
    assert html.count('<td class="ht-cmp-score">') == cells
    assert html.count(" → ") == cells  # with totals: "+13 → 108", in one cell
    moonless = all(row.result and row.result.moon is None for row in comparison.scored)
    assert ('class="ht-cmp-moon-empty"' in html) == moonless
    # a moon: its column is as wide as its words
    moon = compare_deal(moon_deal())
    assert 'class="ht-cmp-moon-empty"' not in compare_table_html(moon, "fr", "")
    from hearts_teach_widgets.style import CSS

    assert ".ht-compare-table td.ht-cmp-score{white-space:nowrap" in CSS


def moon_deal() -> Deal:
    """A deal of random play that ends in a moon (the first such seed)."""
    for seed in range(400):
        deal = played(seed)
        if compare_deal(deal).row("standard").result.moon is not None:  # type: ignore[union-attr]
            return deal
    raise AssertionError("no moon in 400 random deals")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_full_screen_link_opens_these_tools_alone_with_this_deal(lang: str) -> None:
    from html import escape
    from urllib.parse import parse_qs

    from hearts_teach_widgets.playground import Playground

    from hearts_teach.i18n import text
    from hearts_teach.records import deal_from_code

    tools = Playground(lang, with_lessons=False).open_teachers()
    assert tools is not None
    compare = tools.compare
    link = compare.full_screen.value
    assert escape(text("ui.teach.full_screen", lang)) in link and 'target="_blank"' in link
    assert parse_qs(compare.full_screen_query()[1:]) == {"page": ["teachers"], "lang": [lang]}
    deal, _totals = teachers_deal_for_test()
    assert compare.load_code(share_of(deal))
    query = parse_qs(compare.full_screen_query()[1:])
    assert query["page"] == ["teachers"] and query["lang"] == [lang]
    assert deal_from_code(query["deal"][0]).taken == deal.taken
    assert escape(compare.full_screen_query()) in compare.full_screen.value
    compare.open_full_page()  # the page that is the tools has no link to itself
    assert compare.full_screen.value == "" and compare.full_screen.layout.display == "none"


def teachers_deal_for_test() -> tuple[Deal, tuple[int, ...] | None]:
    from hearts_teach_widgets.pages import teachers_deal

    return teachers_deal()


def share_of(deal: Deal) -> str:
    from hearts_teach.records import share_code

    return share_code(deal)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_served_playground_gives_the_tools_alone_on_page_teachers(lang: str) -> None:
    from hearts_teach_widgets.pages import TEACHERS_TOTALS, teachers_page
    from hearts_teach_widgets.playground import Playground
    from hearts_teach_widgets.server.kernel import served_playground
    from hearts_teach_widgets.teacher import TeacherTools

    from hearts_teach.i18n import text

    assert isinstance(served_playground({"QUERY_STRING": f"lang={lang}"}), Playground)
    page = served_playground({"QUERY_STRING": f"page=teachers&lang={lang}"})
    marker, tools = page.children
    assert f'data-lang="{lang}"' in marker.value
    assert escape_text(text("page.teachers_title", lang)) in marker.value
    assert isinstance(tools, TeacherTools) and tools.compare.full_page
    assert tools.compare.totals == TEACHERS_TOTALS  # the book's deal, as the static page
    deal = played(3)
    page = served_playground({"QUERY_STRING": f"page=teachers&lang={lang}&deal={share_of(deal)}"})
    loaded = page.children[1]
    assert loaded.compare.deal.taken == deal.taken and loaded.deal is loaded.compare.deal
    # a damaged code is refused in the page's language; the book's deal stays
    page = served_playground({"QUERY_STRING": f"page=teachers&lang={lang}&deal=AAAA"})
    kept = page.children[1].compare
    assert kept.deal is not None and kept.deal.taken == teachers_deal_for_test()[0].taken
    assert 'role="alert"' in kept.message.value
    # the static tools page is full page too: no link to open it again
    static = teachers_page({"QUERY_STRING": f"lang={lang}"}).children[1]
    assert static.compare.full_page and static.compare.full_screen.value == ""
