"""What the book's notebooks call to show rules, scores and positions in their language.

Every table comes from the engine (``Rules``, ``score_deal``, ``hearts_teach.describe``),
so the text of a chapter and the engine cannot disagree. Column headers are registered
in the engine's catalog under the ``book.`` prefix, in both languages; seat names are the
engine's own (``seat_name``: player 0 South, then West, North, East clockwise).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from hearts_teach import Card, Deal, DealResult, Rules
from hearts_teach.cards import sorted_for_display
from hearts_teach.i18n import card_symbol, join_words, message, ntext, seat_name, signed, text

ROOT = Path(__file__).resolve().parents[2]
# The playground is a page of each half of the book (book/<lang>/playground), beside
# every chapter: a relative link works from any host and from a folder on disk.
PLAYGROUND_PAGE = "playground.html"


class Markdown:
    """A Markdown output: myst-nb renders it as part of the page (a real table, themed)."""

    def __init__(self, source: str) -> None:
        self.source = source

    def _repr_markdown_(self) -> str:
        return self.source

    def __repr__(self) -> str:
        return self.source


def number(value: int) -> str:
    """A score, with a true minus sign (−16, not -16)."""
    return signed(value)


def seat(player: int, players: int, lang: str) -> str:
    """The engine's compass name of a seat (player 0 South, then clockwise)."""
    return seat_name(player, players, lang)


def variant_name(preset: str, lang: str) -> str:
    return text("variant." + preset, lang)


def _cell(value: str) -> str:
    return value.replace("|", "\\|").replace("\n", " ")


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> Markdown:
    lines = [
        "| " + " | ".join(_cell(h) for h in header) + " |",
        "|" + "|".join("---" for _ in header) + "|",
    ]
    lines += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows]
    return Markdown("\n".join(lines))


def rule_changes(preset: str, lang: str, deals: int | None = None) -> Markdown:
    """The rule-change table of a chapter: what differs from standard Hearts (the preset
    played for a fixed number of ``deals``, if given)."""
    from hearts_teach.describe import rule_changes as changes

    rules = Rules.preset(preset, deals=deals)
    rows = changes(rules, lang, base=Rules())
    name = variant_name(preset, lang)
    if deals is not None:
        name = ntext("book.variant_deals", deals, lang, name=name)
    header = (text("book.rule", lang), text("book.standard", lang), name)
    return markdown_table(header, rows)


def rule_table(preset: str, lang: str) -> Markdown:
    """Every rule of a variant, as (rule, value) rows."""
    from hearts_teach.describe import rule_rows

    rows = rule_rows(Rules.preset(preset), lang)
    return markdown_table((text("book.rule", lang), text("book.value", lang)), rows)


def card_text(card: Card, lang: str) -> str:
    """A card written short in the page's language: ``Q♠`` in English, ``D♠`` (dame) in
    French, as the engine's catalog writes it."""
    return card_symbol(card, lang)


def _counting_cards(rules: Rules, cards: Sequence[Card], lang: str) -> str:
    counting = [c for c in sorted_for_display(cards) if rules.value(c) != 0]
    if not counting:
        return text("book.nothing", lang)
    return " ".join(card_text(c, lang) for c in counting)


def score_table(
    result: DealResult,
    lang: str,
    taken: Sequence[Sequence[Card]] | None = None,
) -> Markdown:
    """One deal's score: points taken, score after the moon rule, totals."""
    rules = result.rules
    header = [text("book.player", lang)]
    if taken is not None:
        header.append(text("book.cards_taken", lang))
    header += [
        text("book.points_taken", lang),
        text("book.deal_score", lang),
        text("book.total_before", lang),
        text("book.total_after", lang),
    ]
    rows = []
    for player in range(rules.players):
        row = [seat(player, rules.players, lang)]
        if taken is not None:
            row.append(_counting_cards(rules, taken[player], lang))
        row += [
            number(result.points[player]),
            number(result.scores[player]),
            number(result.totals_before[player]),
            number(result.totals[player]),
        ]
        rows.append(row)
    return markdown_table(header, rows)


def outcome(result: DealResult, lang: str) -> str:
    """One or two sentences: who shot the moon, whether the game is over."""
    rules = result.rules
    sentences = []
    if result.moon is not None and rules.players == 2:
        # The two-player moon is its own rule (a fixed award to the opponent), not a
        # moon rule of the four-player game.
        opponent = 1 - result.moon
        sentences.append(
            text(
                "book.moon_two",
                lang,
                player=seat(result.moon, rules.players, lang),
                points=result.scores[opponent],
            )
        )
    elif result.moon is not None and result.moon_rule is not None:
        sentences.append(
            text(
                "book.moon_mixed" if rules.effective_moon == "mixed" else "book.moon_by",
                lang,
                player=seat(result.moon, rules.players, lang),
                # The rule's name as the catalog writes it, not capitalised mid-sentence.
                rule=message("book.moon_rule." + result.moon_rule, lang),
            )
        )
    elif rules.effective_moon != "none":
        sentences.append(text("book.no_moon", lang))
    if result.game_over:
        names = [seat(p, rules.players, lang) for p in result.winners]
        key = "book.game_over_team" if len(names) > 1 else "book.game_over"
        sentences.append(text(key, lang, winners=join_words(names, lang)))
    else:
        sentences.append(text("book.game_goes_on", lang))
    return " ".join(sentences)


# --- positions: a picture for the static page, a link into the playground ------------


def playground_link(deal: Deal, lang: str) -> Markdown:
    """A link that opens this deal in the book's playground page (its share code in the
    address), relative to the chapter: it works wherever the book is published."""
    import hearts_teach_widgets.texts  # noqa: F401  (registers the playground's words)

    from hearts_teach.records import share_code

    # The playground page of the chapter's own half speaks its language: the address
    # needs only the deal (a second parameter's "&" would be escaped twice in Markdown).
    query = urlencode({"deal": share_code(deal)})
    label = text("ui.static.open", lang)
    return Markdown(f"[{label} ▸]({PLAYGROUND_PAGE}?{query})")


class LiveSlot:
    """A playable part of a static page (book/_ext/live/live.js): ``kind`` is lesson,
    playground or teachers. Its HTML holds what the page shows until Python is ready in
    the reader's browser (``fallback``: the position's picture), and a note for readers
    without JavaScript. In Jupyter a live widget takes its place."""

    def __init__(self, kind: str, lang: str, fallback: str = "", **data: str) -> None:
        self.kind = kind
        self.lang = lang
        self.fallback = fallback
        self.data = data

    def html(self) -> str:
        attributes = "".join(
            f' data-{html.escape(key)}="{html.escape(value)}"' for key, value in self.data.items()
        )
        note = html.escape(text("book.live.noscript", self.lang))
        # The script line hands the slot to live.js as soon as the browser reads it.
        return (
            f'<div class="ht-live" data-ht-live="{html.escape(self.kind)}" '
            f'data-lang="{self.lang}"{attributes}>{self.fallback}'
            f'<noscript><p class="ht-live-status">{note}</p></noscript></div>'
            "<script>window.htLive && htLive.add(document.currentScript.previousElementSibling)"
            "</script>"
        )

    def _repr_html_(self) -> str:
        return self.html()

    def __repr__(self) -> str:
        return text(f"book.live.{self.kind}", self.lang)


def live_playground(lang: str) -> LiveSlot:
    """The playground, live on the book's playground page."""
    return LiveSlot("playground", lang)


def live_teachers(lang: str) -> LiveSlot:
    """The teachers' tools, live in the teachers' chapter."""
    return LiveSlot("teachers", lang)


def position_html(
    deal: Deal, lang: str, title: str, learner: int = 0, variant: str | None = None
) -> str:
    """A picture of the guided deal's position for the static page: the playground's own
    static rendering (``hearts_teach_widgets.render.position_html``: the learner's hand face up, the
    other hands face down, seats at their compass places), with a caption."""
    from hearts_teach_widgets.render import position_html as playground_picture

    variant = variant or variant_name(deal.rules.preset_name or "custom", lang)
    picture = playground_picture(deal, lang, player=learner, playground_url=None)
    label = html.escape(text("book.position_label", lang, variant=variant))
    notes = "".join(
        f"<p class='ht-position-note'>{html.escape(n)}</p>" for n in position_notes(deal, lang)
    )
    return (
        f'<figure class="ht-position" aria-label="{label}">'
        f"<figcaption style='font-weight:bold'>{html.escape(f'{variant} — {title}')}"
        f"</figcaption>{notes}{picture}</figure>"
    )


def position_notes(deal: Deal, lang: str) -> list[str]:
    """What the picture of a position cannot show by itself: the totals before the deal
    when they matter (any of them is not zero), and the dead cards set aside."""
    rules = deal.rules
    notes = []
    if any(deal.totals):
        totals = [f"{seat(p, rules.players, lang)} {number(t)}" for p, t in enumerate(deal.totals)]
        notes.append(text("book.position_totals", lang, totals=", ".join(totals)))
    dead = len(deal.dead_cards)
    if dead:
        notes.append(text("book.position_dead", lang, count=dead))
    return notes


def position_link_html(deal: Deal, lang: str) -> str:
    """The link that opens this position in the book's playground page. The playground
    seats its player at seat 0, so the book gives it for positions seen from there."""
    import hearts_teach_widgets.texts  # noqa: F401  (registers the playground's words)
    from hearts_teach_widgets.render import playground_link as link_to

    from hearts_teach.records import share_code

    href = html.escape(link_to(share_code(deal), PLAYGROUND_PAGE, lang))
    label = html.escape(text("ui.static.open", lang))
    return f'<p class="ht-live-link"><a class="ht-link" href="{href}">{label} ▸</a></p>'


def _live_lesson(lesson: Any, lang: str) -> Any | None:
    """The lesson widget of the widgets package (live in Jupyter and Voilà)."""
    try:
        from hearts_teach_widgets.lessons import GuidedDeal as LessonWidget
    except ImportError:
        return None
    return LessonWidget(lesson, lang)


class GuidedDeal:
    """Shows as the live lesson in Jupyter and Voilà. On the static site (which prefers
    text/html to the widget view: see nb_mime_priority_overrides in _config.yml) it is a
    playable slot: the picture of its position and a playground link until Python has
    started in the reader's browser, then the same live lesson."""

    def __init__(self, lesson: Any, lang: str) -> None:
        self.lesson = lesson
        self.deal: Deal = lesson.new_deal()
        self.lang = lang
        self.widget = _live_lesson(lesson, lang)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        title = self.lesson.title_text(self.lang)
        bundle: dict[str, Any] = {
            "text/plain": text("book.position_label", self.lang, variant=title),
            "text/html": LiveSlot(
                "lesson",
                self.lang,
                # The chapter's variant names the picture, also when the lesson changes an
                # option of its preset (the last of five deals of Original Hearts).
                position_html(
                    self.deal,
                    self.lang,
                    title,
                    self.lesson.learner,
                    variant_name(self.lesson.chapter, self.lang),
                ),
                lesson=self.lesson.id,
            ).html()
            + (position_link_html(self.deal, self.lang) if self.lesson.learner == 0 else ""),
        }
        if self.widget is not None:
            view = self.widget._repr_mimebundle_(**kwargs)
            if isinstance(view, tuple):
                view = view[0]
            widget_view = view.get("application/vnd.jupyter.widget-view+json")
            if widget_view is not None:
                bundle["application/vnd.jupyter.widget-view+json"] = widget_view
        return bundle


def lesson(lesson_id: str, lang: str) -> GuidedDeal:
    """A lesson of the chapter besides its guided deal (a section's own), by its id."""
    from hearts_teach.teaching.lessons import get_lesson

    return GuidedDeal(get_lesson(lesson_id), lang)


def guided_deal(chapter: str, lang: str) -> GuidedDeal:
    """The chapter's guided deal: its first lesson (the same cards in both languages)."""
    from hearts_teach.teaching.lessons import lessons_by_chapter

    return GuidedDeal(lessons_by_chapter()[chapter][0], lang)


def score_report(result: DealResult, taken: Sequence[str], lang: str) -> Markdown:
    """The table and the outcome of a deal scored in a chapter's visible code cell."""
    from hearts_teach.cards import parse_cards

    cards = [parse_cards(t) for t in taken]
    table = score_table(result, lang, cards)
    return Markdown(table.source + "\n\n" + outcome(result, lang))


# --- the summary sheets: a chapter's address on paper ---------------------------------


def book_address() -> str | None:
    """The book's published address, when its configuration gives one (Jupyter Book's
    ``html.baseurl`` in _config.yml); None when the book may be served from anywhere."""
    import yaml

    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8")) or {}
    base = (config.get("html") or {}).get("baseurl") or ""
    return str(base).rstrip("/") + "/" if base else None


def chapter_path(chapter: str, lang: str) -> str:
    """Where a chapter's page is in the built book, from the book's root."""
    return f"book/{lang}/{chapter}.html"


def sheet_address(chapter: str, lang: str, base: str | None = None) -> Html:
    """A summary sheet's address line for paper: the chapter's address as text a reader
    can type, and, when the book's published address is known (``base``, by default
    :func:`book_address`), a QR code of it (segno, drawn here, shown in print only). Without
    a published address the line gives the page's path in the book, which the summaries
    page completes in the reader's browser from its own address (a page served over http)."""
    import segno

    base = book_address() if base is None else base
    path = chapter_path(chapter, lang)
    address = base + path if base else path
    label = text("book.sheet_address", lang, address="\0")
    before, _, after = label.partition("\0")
    url = (
        f'<span class="ht-address-url" data-href="{html.escape(chapter)}.html">'
        f"{html.escape(address)}</span>"
    )
    line = f'<p class="ht-address">{html.escape(before)}{url}{html.escape(after)}</p>'
    if base:
        title = text("book.sheet_qr", lang, address=address)
        svg = segno.make(address, error="m").svg_inline(
            scale=2, title=title, dark="#000", light="#fff"
        )
        line += (
            f'<div class="ht-address-qr" role="img" aria-label="{html.escape(title)}">{svg}</div>'
        )
    return Html(line, label.replace("\0", address))


# --- pictures of the play and the bots' advice (basics, strategy) ------------------------


class Html:
    """An HTML output: the static page shows it as it is."""

    def __init__(self, source: str, plain: str) -> None:
        self.source = source
        self.plain = plain

    def _repr_html_(self) -> str:
        return self.source

    def __repr__(self) -> str:
        return self.plain


def cards_text(cards: Sequence[Card], lang: str) -> str:
    """Cards as the tables write them (``Q♠ 10♥``, ``D♠ 10♥``), in display order."""
    return " ".join(card_text(c, lang) for c in sorted_for_display(cards))


def pass_figure(deal: Deal, lang: str) -> Html:
    """A picture of a finished pass, drawn with the playground's own card faces: each
    seat, who receives its cards, and the cards."""
    from hearts_teach_widgets.render import card_face
    from hearts_teach_widgets.style import style_tag

    rules = deal.rules
    direction = deal.pass_direction
    passes = deal.passes()
    if direction is None or any(chosen is None for chosen in passes):
        raise ValueError("pass_figure needs a deal whose pass is complete")
    way = text(f"pass.{direction}", lang)  # capitalized by text(): inside a sentence here
    title = text("book.pass.title", lang, direction=way[:1].lower() + way[1:])
    rows = []
    plain = [title]
    for player, chosen in enumerate(passes):
        assert chosen is not None
        receiver = rules.pass_receiver(player, direction)
        who = text(
            "book.pass.gives",
            lang,
            giver=seat(player, rules.players, lang),
            receiver=seat(receiver, rules.players, lang),
        )
        faces = "".join(card_face(card, lang) for card in sorted_for_display(chosen))
        rows.append(
            f"<tr><th scope='row' style='text-align:left;padding:4px 12px 4px 0'>"
            f"{html.escape(who)}</th><td class='ht-root'>{faces}</td></tr>"
        )
        plain.append(text("list.colon", lang, label=who, value=cards_text(chosen, lang)))
    label = html.escape(text("book.pass.label", lang))
    source = (
        f"{style_tag()}<figure class='ht-pass' aria-label='{label}'>"
        f"<figcaption style='font-weight:bold'>{html.escape(title)}</figcaption>"
        f"<table class='ht-pass-table'><tbody>{''.join(rows)}</tbody></table></figure>"
    )
    return Html(source, "\n".join(plain))


def hand_figure(deal: Deal, lang: str, title: str, player: int = 0) -> Html:
    """One player's hand, drawn with the playground's card faces, under a title."""
    from hearts_teach_widgets.render import card_face
    from hearts_teach_widgets.style import style_tag

    hand = sorted_for_display(deal.hand(player))
    faces = "".join(card_face(card, lang) for card in hand)
    label = html.escape(text("ui.hand.label", lang))
    source = (
        f"{style_tag()}<figure class='ht-hand-figure'>"
        f"<figcaption style='font-weight:bold'>{html.escape(title)}</figcaption>"
        f"<div class='ht-root ht-hand-static' aria-label='{label}'>{faces}</div></figure>"
    )
    return Html(source, f"{title}: {cards_text(hand, lang)}")


def position_figure(deal: Deal, lang: str, title: str, player: int = 0) -> Html:
    """A position of a chapter (not a guided deal) seen from ``player``: the playground's
    static picture, with the trick on the table or the trick just won."""
    return Html(position_html(deal, lang, title, player), title)


def explain(deal: Deal, cards: str, lang: str) -> Markdown:
    """The engine's verdict on each of these cards for the player to play: whether it may
    be played now, and the rule that decides (``Deal.explain``), one line a card."""
    from hearts_teach.cards import parse_cards

    lines = [
        "- "
        + text(
            "list.colon",
            lang,
            label=f"**{card_text(card, lang)}**",
            value=deal.explain(card).text(lang),
        )
        for card in parse_cards(cards)
    ]
    return Markdown("\n".join(lines))


def trick_sentence(deal: Deal, lang: str) -> str:
    """Who won the last completed trick, with which card, and what it held."""
    trick = deal.last_trick
    if trick is None or trick.winner is None:
        raise ValueError("no trick has been completed in this deal")
    rules = deal.rules
    card = dict(trick.plays)[trick.winner]
    points = sum(rules.value(c) for c in trick.cards)
    sentence = text(
        "book.trick.won",
        lang,
        seat=seat(trick.winner, rules.players, lang),
        number=len(deal.tricks),
        card=card,
    )
    worth = ntext("book.trick.points", abs(points), lang, points=points) if points else ""
    return f"{sentence} {worth}".strip()


def trick_figure(deal: Deal, lang: str, title: str, player: int = 0) -> Html:
    """The table just after a trick, seen from ``player`` (the playground's picture: the
    trick in the middle, its winner marked), and a sentence that says who won it."""
    sentence = trick_sentence(deal, lang)
    picture = position_html(deal, lang, title, player)
    return Html(f"{picture}<p>{html.escape(sentence)}</p>", f"{title}\n{sentence}")


# --- simulated verdicts (hearts_teach.teaching.strategy) ---------------------------------

# Verdicts are computed once for their inputs (the position, the question, the seed, the
# budgets, the sources of the engine and the bots) and kept here, committed: a clean
# checkout's book build reads them, and recomputes only those whose inputs changed.
VERDICTS = ROOT / "book" / "_ext" / "verdicts.json"


def question_deal(name: str) -> Deal:
    """The position of one of the strategy chapter's questions."""
    from hearts_teach.teaching.strategy import QUESTIONS

    return QUESTIONS[name].build()


def verdict_of(name: str, seed: int = 1) -> Any:
    """The verdict of a question of the strategy chapter (cached, see ``VERDICTS``)."""
    from hearts_teach.teaching.strategy import QUESTIONS, VerdictCache

    return VerdictCache(VERDICTS).verdict(QUESTIONS[name], seed)


def shoot_position() -> Deal:
    """The strategy chapter's moon seen from the shooter's seat."""
    from hearts_teach.teaching.strategy import shoot_position as position

    return position()


def same_play_groups(deal: Deal) -> list[list[Card]]:
    """The legal cards of the player to play, in groups that play the same."""
    from hearts_teach.teaching.strategy import same_play as groups

    return groups(deal)


def refusal(action: Any, lang: str) -> Markdown:
    """What the engine answers when ``action`` (a function of no argument) breaks a rule:
    its refusal, in the page's language. An action the engine accepts is a mistake of
    the page, and fails the notebook."""
    from hearts_teach import HeartsError

    try:
        action()
    except HeartsError as error:
        return Markdown(f"> {error.message(lang)}")
    raise AssertionError("the engine accepted what the page says it refuses")


def share_table(cards: Sequence[tuple[Rules, Card]], lang: str) -> Markdown:
    """What each card is worth under its rules, and its share of a deal's points."""
    rows = []
    for rules, card in cards:
        value, deal = rules.value(card), rules.points_per_deal
        percent = round(100 * value / deal)
        rows.append(
            (
                variant_name(rules.preset_name or "custom", lang),
                card_text(card, lang),
                number(value),
                text("book.share.percent", lang, percent=percent),
            )
        )
    header = (
        text("book.share.variant", lang),
        text("book.share.card", lang),
        text("book.share.points", lang),
        text("book.share.of_deal", lang),
    )
    return markdown_table(header, rows)


def mixed_moon_check(checked: int, differ: int, lang: str) -> str:
    """What the Mixed Moon chapter's check found, in a sentence."""
    return text("book.mixed_check", lang, checked=whole(checked, lang), differ=whole(differ, lang))


def whole(count: int, lang: str) -> str:
    """``4,000`` / ``4 000`` (a narrow no-break space between thousands in French)."""
    grouped = f"{count:,}"
    return grouped.replace(",", "\u202f") if lang == "fr" else grouped


def _option_cards(codes: Sequence[str], lang: str) -> list[str]:
    return [card_text(c, lang) for c in sorted_for_display([Card.parse(code) for code in codes])]


def _inner(words: str) -> str:
    """A message set inside a sentence: in lower case (the catalog's texts start with a
    capital)."""
    return words[:1].lower() + words[1:]


def _option_phrase(kind: str, codes: Sequence[str], lang: str) -> str:
    cards = join_words(_option_cards(codes, lang), lang)
    if kind == "pass":
        return _inner(text("book.verdict.passing", lang, cards=cards))
    # Cards that play the same: any of them is the same choice.
    shown = text("book.verdict.or", lang).join(_option_cards(codes, lang))
    return _inner(text("book.verdict.playing", lang, cards=shown))


def _singular(value: float, lang: str) -> bool:
    shown = round(value, 2)
    return shown < 2 if lang == "fr" else shown == 1


def verdict(name: str, lang: str) -> Markdown:
    """A question's verdict: the two options compared, their mean points this deal and
    standard errors in the same fresh deals, and what the difference says (ahead by
    three standard errors of the difference, or too close to call)."""
    from hearts_teach.i18n import decimal
    from hearts_teach.teaching.strategy import QUESTIONS

    question = QUESTIONS[name]
    found = verdict_of(name)
    claimed = join_words([card_text(c, lang) for c in question.claimed()], lang)
    if question.kind == "pass":
        side = "keep" if question.keeps else "with"
        every = "_all" if len(question.claimed()) > 1 else ""
        labels = (
            text(f"book.verdict.claim.{side}", lang, cards=claimed),
            text(f"book.verdict.rival.{side}{every}", lang, cards=claimed),
        )
        header = text("book.verdict.header.pass", lang)
    else:
        several = len(question.claimed()) > 1
        labels = (
            text("book.verdict.claim.among", lang, cards=claimed) if several else "",
            text("book.verdict.rival.play", lang),
        )
        header = text("book.verdict.header.play", lang)
    rows = []
    for option, label in zip((found.claim, found.rival), labels, strict=True):
        cards = ("/" if question.kind == "play" else " ").join(_option_cards(option.cards, lang))
        rows.append(
            (
                f"{cards} ({_inner(label)})" if label else cards,
                decimal(option.points, lang, 2),
                decimal(option.error, lang, 2),
            )
        )
    table = markdown_table(
        (header, text("book.verdict.points", lang), text("book.verdict.error", lang)), rows
    )
    ahead = found.difference >= 0
    leader, other = (found.claim, found.rival) if ahead else (found.rival, found.claim)
    params = {
        "samples": whole(found.samples, lang),
        "leader": _option_phrase(question.kind, leader.cards, lang),
        "other": _option_phrase(question.kind, other.cards, lang),
        "gap": decimal(abs(found.difference), lang, 2),
        # One point, but 0.5 points in English; un point and 0,5 point in French.
        "unit": _inner(
            text(
                "book.verdict.unit."
                + ("one" if _singular(abs(found.difference), lang) else "many"),
                lang,
            )
        ),
        "error": decimal(found.difference_error, lang, 2),
        "margin": decimal(found.margin, lang, 1),
    }
    key = "book.verdict.too_close" if found.outcome == "too_close" else "book.verdict.decided"
    return Markdown(f"{table.source}\n\n{text(key, lang, **params)}")


def same_play(deal: Deal, lang: str) -> str:
    """The player's legal cards that play the same, as a sentence."""
    together = [g for g in same_play_groups(deal) if len(g) > 1]
    return " ".join(
        text("book.verdict.same", lang, cards=join_words([card_text(c, lang) for c in g], lang))
        for g in together
    )


# --- the teachers' chapter ---------------------------------------------------------------


def comparison_table(comparison: Any, lang: str, with_totals: bool = False) -> Markdown:
    """A deal scored under every variant (``hearts_teach.teaching.compare.Comparison``); with
    ``with_totals``, each cell shows the score and the new total, and a last column says
    who wins with those totals or that the game goes on."""
    lines = comparison.table(lang, with_totals=with_totals)
    header = [cell[:1].upper() + cell[1:] for cell in lines[0]]
    return markdown_table(header, lines[1:])


def _html_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th scope='col'>{html.escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(v)}</td>" for v in row) + "</tr>" for row in rows
    )
    return (
        "<table class='ht-score-table' style='border-collapse:collapse'>"
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def variant_tabs(taken: Sequence[str], presets: Sequence[str], lang: str) -> Any:
    """One tab per variant, each with the same deal's score table. Switching tabs needs no
    kernel, so the tabs work on the static site as well as in Jupyter."""
    import ipywidgets as widgets

    from hearts_teach import score_deal
    from hearts_teach.cards import parse_cards

    cards = [parse_cards(t) for t in taken]
    children = []
    for preset in presets:
        rules = Rules.preset(preset)
        result = score_deal(rules, cards)
        header = [
            text("book.player", lang),
            text("book.points_taken", lang),
            text("book.deal_score", lang),
        ]
        rows = [
            [seat(p, rules.players, lang), number(result.points[p]), number(result.scores[p])]
            for p in range(rules.players)
        ]
        body = _html_table(header, rows) + f"<p>{html.escape(outcome(result, lang))}</p>"
        children.append(widgets.HTML(value=body))
    tabs = widgets.Tab(children=children)
    for index, preset in enumerate(presets):
        tabs.set_title(index, variant_name(preset, lang))
    return tabs


def length_table(lengths: Any, lang: str, baseline: str = "standard") -> Markdown:
    """How long the games of each variant last: the mean number of deals, its standard
    error, and the paired difference with the baseline and what it says."""
    from hearts_teach.i18n import decimal

    rows = []
    for length in lengths.values():
        same = length.variant == baseline
        rows.append(
            (
                variant_name(length.variant, lang),
                decimal(length.mean, lang, 1),
                decimal(length.error, lang, 2),
                "—" if same else decimal(length.difference, lang, 2),
                "—" if same else decimal(length.difference_error, lang, 2),
                "—" if same else text(f"book.length.{length.outcome}", lang),
            )
        )
    named = variant_name(baseline, lang)
    header = [text(f"book.length.header.{n}", lang, baseline=named) for n in range(6)]
    return markdown_table(header, rows)


def deals_chart(simulation: Any, games: int, lang: str) -> Any:
    """A bar chart of the mean game length per variant, labelled in the page's language:
    an SVG figure (pygal, pure Python), the same on the server and in the browser."""
    from hearts_teach_widgets.charts import Figure, Series, bar_chart, named, sentence, separator

    from hearts_teach.i18n import one_decimal

    summaries = list(simulation.summaries)
    names = [variant_name(s.variant, lang) for s in summaries]
    means = tuple(round(s.mean_deals, 1) for s in summaries)
    title = text("book.chart_title", lang, games=games)
    axis = text("book.chart_axis", lang)
    values = [f"{name} {one_decimal(mean, lang)}" for name, mean in zip(names, means, strict=True)]
    alt = sentence(title, [named(axis, separator(lang).join(values), lang)], lang)
    svg = bar_chart(
        title,
        names,
        [Series(axis, means)],
        alt=alt,
        lang=lang,
        x_title=axis,
        horizontal=True,
        decimals=True,
        width=720,
        height=60 + 44 * len(names),
    )
    return Figure(svg, alt)


# French term, English term, what it means (in each language). The French edition uses
# these words and no other for the same thing (tests/test_book.py checks the ones that
# have a common rival: "pli", not "levée"; "conseil", not "indice"...).
GLOSSARY: tuple[tuple[str, str, str, str], ...] = (
    (
        "la Dame de pique (règle courante)",
        "Hearts, Black Lady",
        "le jeu à quatre du chapitre sur les bases ; « Dame de pique » est aussi le nom du jeu "
        "livré avec Windows",
        "the four-player game of the basics chapter: usually just called Hearts; reference books "
        "call it Black Lady, to tell it from the hearts-only game",
    ),
    (
        "les Cœurs",
        "Hearts (the family)",
        "la famille de jeux où l’on évite les cœurs, et son ancêtre où seuls les cœurs comptent",
        "the family of games in which hearts are avoided, and its ancestor in which only hearts "
        "count",
    ),
    (
        "faire le grand chelem",
        "shoot the moon",
        "ramasser tous les cœurs et la dame de pique dans une donne ; seules les cartes de "
        "pénalité comptent, pas tous les plis comme au tarot ou au bridge",
        "take every heart and the queen of spades in one deal",
    ),
    (
        "celui qui fait le grand chelem",
        "the shooter",
        "le joueur qui a ramassé toutes les cartes de pénalité",
        "the player who shot the moon",
    ),
    (
        "chelem classique, chelem soustrait, chelem mixte",
        "Old Moon, New Moon, Mixed Moon",
        "les trois façons de compter un grand chelem : 26 points à chacun des autres, 26 points "
        "retirés à celui qui l’a fait, ou l’un ou l’autre selon les totaux",
        "the three ways of scoring a moon: 26 to each of the others, 26 off the shooter, or one "
        "or the other depending on the totals",
    ),
    (
        "dame de pique",
        "queen of spades",
        "la carte qui coûte 13 points (25 quand les cœurs sont comptés à leur valeur)",
        "the card worth 13 points (25 in Spot Hearts)",
    ),
    (
        "pli, levée",
        "trick",
        "une carte jouée par chaque joueur ; la plus forte de la couleur demandée l’emporte",
        "one card played by each player; the highest of the suit led wins",
    ),
    (
        "donne, manche",
        "deal, hand",
        "la distribution, l’échange et le jeu de toutes les cartes",
        "dealing, passing and playing out all the cards",
    ),
    (
        "sens des aiguilles d’une montre",
        "clockwise",
        "le sens du jeu aux Cœurs ; à la belote et au tarot, on joue dans l’autre sens",
        "the direction of play in Hearts",
    ),
    (
        "entamer, l’entame",
        "to lead, the lead",
        "jouer la première carte d’un pli",
        "play the first card of a trick",
    ),
    (
        "fournir (la couleur)",
        "follow suit",
        "jouer une carte de la couleur demandée",
        "play a card of the suit led",
    ),
    (
        "se défausser, défausse",
        "discard",
        "jouer une autre couleur faute de pouvoir fournir",
        "play another suit when unable to follow",
    ),
    (
        "chicane (être chicane à carreau)",
        "void",
        "l’absence de toute carte d’une couleur dans une main",
        "having no card at all of a suit",
    ),
    (
        "jouer en dessous, passer sous",
        "duck",
        "fournir une carte plus faible que celle qui tient le pli, pour le laisser à un autre",
        "follow with a card lower than the one winning the trick, to leave it to someone else",
    ),
    (
        "les cœurs sont ouverts",
        "hearts are broken",
        "un cœur a été joué : on peut entamer à cœur",
        "a heart has been played: hearts may be led",
    ),
    (
        "l’échange (des cartes)",
        "passing",
        "les trois cartes données à un voisin avant de jouer",
        "the three cards given to a neighbour before play",
    ),
    (
        "carte de pénalité",
        "penalty card",
        "une carte qui coûte des points",
        "a card that costs points",
    ),
    (
        "carte morte",
        "dead card",
        "une carte mise de côté, que personne ne joue (jeu à deux)",
        "a card set aside that nobody plays (two-player game)",
    ),
    (
        "atout",
        "trump",
        "une couleur qui bat toutes les autres (les cœurs, à deux)",
        "a suit that beats all others (hearts, with two players)",
    ),
    (
        "Cœurs comptés à leur valeur",
        "Spot Hearts",
        "chaque cœur vaut sa valeur : 2 à 10, valet 11, dame 12, roi 13, as 14",
        "each heart is worth its face value: 2 to 10, jack 11, queen 12, king 13, ace 14",
    ),
    (
        "feuille de marque",
        "score sheet",
        "le tableau où l’on inscrit les points de chaque donne et les totaux",
        "where each deal’s points and the totals are written down",
    ),
    (
        "conseil",
        "hint",
        "la carte que propose le robot le plus fort, avec sa raison",
        "the card the strongest bot suggests, with its reason",
    ),
    (
        "salle de jeu",
        "playground",
        "la page du livre où l’on joue des parties entières contre les robots",
        "the book’s page where you play whole games against the bots",
    ),
)


def glossary(lang: str) -> Markdown:
    """The French–English glossary; the English column leads on English pages."""
    rows = []
    for french, english, meaning_fr, meaning_en in GLOSSARY:
        if lang == "fr":
            rows.append((french, english, meaning_fr))
        else:
            rows.append((english, french, meaning_en))
    first, second = ("fr", "en") if lang == "fr" else ("en", "fr")
    header = (
        text(f"book.glossary_{first}", lang),
        text(f"book.glossary_{second}", lang),
        text("book.glossary_meaning", lang),
    )
    return markdown_table(header, rows)
