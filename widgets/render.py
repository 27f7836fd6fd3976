"""HTML for the parts of the table that are pictures, not controls: the felt (seats and
trick), card faces, the score sheet, the rules in force and the static position.

Everything here is a pure function of the game state and the language, so the live
table and the static book draw the same picture.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from urllib.parse import quote

from hearts_teach import Card, Deal, DealResult, Rules, Trick
from hearts_teach.cards import sorted_for_display
from hearts_teach.i18n import card_name, join_words, text
from hearts_teach.i18n import seat_name as engine_seat_name
from widgets.style import style_tag
from widgets.texts import card_count, raw, seat_name

DEFAULT_PLAYGROUND_URL = "http://127.0.0.1:8866/"


def colour_class(card: Card) -> str:
    return "ht-red" if card.suit.is_red else "ht-black"


def card_face(card: Card, lang: str, small: bool = False) -> str:
    """A face-up card as a picture with its name for screen readers."""
    size = " ht-small" if small else ""
    return (
        f'<span class="ht-face{size} {colour_class(card)}" role="img" '
        f'aria-label="{escape(card_name(card, lang))}">'
        f'<span class="ht-rank" aria-hidden="true">{card.rank_text}</span>'
        f'<span class="ht-suit" aria-hidden="true">{card.suit.symbol}</span></span>'
    )


def card_backs(count: int) -> str:
    """Hidden cards: backs only, never a face and never a name."""
    shown = min(count, 13)
    return (
        '<span class="ht-backs" aria-hidden="true">'
        + '<span class="ht-back"></span>' * shown
        + "</span>"
    )


def seat_of(player: int, players: int) -> str:
    """Where a seat sits on the felt, by its compass name in the engine's catalog (s, w,
    n, e): seat 0 is South, at the bottom, whoever the person at the screen is."""
    return engine_seat_name(player, players, "en")[0].lower()


_AREA = {"s": "south", "n": "north", "w": "west", "e": "east"}


@dataclass(frozen=True)
class SeatNote:
    """What a bot said about its last card, already in the page's language."""

    player: int
    sentence: str


def name_of(player: int, rules: Rules, lang: str, you: int = 0) -> str:
    """ "You" for the seat ``you``, the compass name for the others."""
    return seat_name(player, rules.players, lang, rules.partnership, you)


def trick_html(trick: Trick | None, rules: Rules, lang: str, caption: str, you: int = 0) -> str:
    slots = []
    if trick is not None:
        for player, card in trick.plays:
            seat = seat_of(player, rules.players)
            mark = ""
            if trick.winner is not None and trick.winner == player:
                mark = (
                    f'<div class="ht-winner-mark">★ {escape(text("ui.trick.winner", lang))}</div>'
                )
            slots.append(
                f'<div class="ht-slot-{seat}">{card_face(card, lang)}'
                f'<div class="ht-slot-label">{escape(name_of(player, rules, lang, you))}</div>{mark}</div>'
            )
    return f'<div class="ht-caption">{escape(caption)}</div>' + "".join(slots)


def felt_html(
    deal: Deal,
    lang: str,
    human: int = 0,
    notes: Sequence[SeatNote] = (),
    show_trick: Trick | None = None,
    trick_caption: str | None = None,
) -> str:
    """The table seen from ``human``'s seat: each seat with its card count (never a face),
    points and tricks taken, who is to play, what each bot last said, and the trick."""
    rules = deal.rules
    n = rules.players
    said = {note.player: note.sentence for note in notes}
    seats = []
    acting = deal.to_play if not deal.is_over else None
    for player in range(n):
        area = _AREA[seat_of(player, n)]
        turn = player == acting
        tag = (
            f'<span class="ht-turn-tag">▶ {escape(text("ui.seat.to_play", lang))}</span>'
            if turn
            else ""
        )
        count = len(deal.hand(player))
        meta = [
            text("ui.seat.points", lang, points=deal.points_taken[player]),
            text("ui.seat.tricks", lang, count=deal.tricks_won[player]),
        ]
        backs = "" if player == human else card_backs(count)
        count_text = (
            ""
            if player == human
            else f"<div class='ht-meta'>{escape(card_count(count, lang))}</div>"
        )
        sentence = said.get(player, "")
        said_html = f'<div class="ht-said">{escape(sentence)}</div>' if sentence else ""
        label = escape(name_of(player, rules, lang, human))
        seats.append(
            f'<section class="ht-seat ht-{area}{" ht-turn" if turn else ""}" aria-label="{label}">'
            f'<div class="ht-name">{label}{tag}</div>{backs}{count_text}'
            f'<div class="ht-meta">{escape(" · ".join(meta))}</div>{said_html}</section>'
        )
    trick = show_trick if show_trick is not None else deal.current_trick
    last = deal.last_trick
    if show_trick is None and not trick.plays and last is not None and last.winner is not None:
        # Between tricks the finished one stays in the middle, so the bots' replies show.
        trick = last
        trick_caption = text(
            "ui.trick.just_won",
            lang,
            number=deal.trick_number,
            seat=name_of(last.winner, rules, lang, human),
        )
    if trick_caption is None:
        if deal.is_over:
            trick_caption = text("phase.over", lang)
        elif deal.phase == "pass":
            trick_caption = text("phase.pass", lang)
        elif not trick.plays:
            trick_caption = text("ui.trick.empty", lang)
        else:
            trick_caption = text(
                "ui.trick.current", lang, number=deal.trick_number + 1, total=rules.hand_size
            )
    centre = f'<div class="ht-centre" aria-live="polite">{trick_html(trick, rules, lang, trick_caption, human)}</div>'
    two = " ht-two" if n == 2 else ""
    return f'<div class="ht-felt{two}">{"".join(seats)}{centre}</div>'


def badges_html(deal: Deal, lang: str) -> str:
    if not deal.rules.must_break_hearts:
        hearts = f'<span class="ht-badge">{escape(text("ui.hearts.free", lang))}</span>'
    elif deal.hearts_broken:
        hearts = f'<span class="ht-badge ht-broken">{escape(text("ui.hearts.broken", lang))}</span>'
    else:
        hearts = f'<span class="ht-badge">{escape(text("ui.hearts.unbroken", lang))}</span>'
    variant = variant_name(deal.rules, lang)
    direction = deal.pass_direction
    if direction:
        passing = text("ui.badge.passing", lang, direction=raw(f"pass.{direction}", lang))
    else:
        passing = text("ui.badge.no_pass", lang)
    return (
        f'<div class="ht-badges"><span class="ht-badge">{escape(variant)}</span>{hearts}'
        f'<span class="ht-badge">{escape(passing)}</span>'
        f"</div>"
    )


def variant_name(rules: Rules, lang: str) -> str:
    return text("variant." + (rules.preset_name or "custom"), lang)


def last_trick_html(deal: Deal, lang: str) -> str:
    last = deal.last_trick
    title = f"<h3>{escape(text('ui.trick.last', lang))}</h3>"
    if last is None:
        return f'<div class="ht-panel">{title}<p>{escape(text("ui.trick.none", lang))}</p></div>'
    assert last.winner is not None
    cards = "".join(
        f'<span title="{escape(name_of(p, deal.rules, lang))}">{card_face(c, lang, small=True)}</span>'
        for p, c in last.plays
    )
    who = " · ".join(escape(name_of(p, deal.rules, lang)) for p, _ in last.plays)
    won = escape(text("ui.trick.won_by", lang, seat=name_of(last.winner, deal.rules, lang)))
    return f'<div class="ht-panel">{title}<div>{cards}</div><div class="ht-meta">{who}</div><p>{won}</p></div>'


def score_sheet_html(
    rules: Rules, results: Sequence[DealResult], lang: str, current: Deal | None = None
) -> str:
    """Deal by deal: what each player scored, then the totals."""
    n = rules.players
    heads = "".join(f"<th scope='col'>{escape(name_of(p, rules, lang))}</th>" for p in range(n))
    deal_word = escape(text("ui.score.deal", lang))
    rows = []
    for number, result in enumerate(results, start=1):
        moon = ""
        if result.moon is not None:
            shooter = text("ui.deal.moon", lang, seat=name_of(result.moon, rules, lang))
            moon = f' <span title="{escape(shooter)}" aria-label="{escape(shooter)}">☾</span>'

        cells = "".join(f"<td>{score}</td>" for score in result.scores)
        rows.append(f"<tr><th scope='row'>{deal_word} {number}{moon}</th>{cells}</tr>")
    if current is not None and not current.is_over and current.phase == "play":
        cells = "".join(f"<td>{points}</td>" for points in current.points_taken)
        rows.append(
            f"<tr class='ht-current'><th scope='row'>{escape(text('ui.score.now', lang))}</th>{cells}</tr>"
        )
    if not rows:
        rows.append(f"<tr><td colspan='{n + 1}'>{escape(text('ui.score.empty', lang))}</td></tr>")
    totals = results[-1].totals if results else (0,) * n
    foot = "".join(f"<td>{total}</td>" for total in totals)
    teams = ""
    if rules.partnership and results:
        parts = []
        for team, total in zip(rules.teams(), results[-1].team_totals, strict=True):
            names = join_words([name_of(p, rules, lang) for p in team], lang)
            parts.append(escape(text("ui.score.team", lang, names=names, total=total)))
        teams = "<p>" + " · ".join(parts) + "</p>"
    return (
        f'<div class="ht-panel"><h3>{escape(text("ui.score.title", lang))}</h3>'
        f'<table class="ht-scores"><thead><tr><th></th>{heads}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody>"
        f"<tfoot><tr><th scope='row'>{escape(text('ui.score.total', lang))}</th>{foot}</tr></tfoot>"
        f"</table>{teams}</div>"
    )


def rules_rows(rules: Rules, lang: str) -> list[tuple[str, str]]:
    """Rows (label, value) of the rules in force: the variant, then the engine's words."""
    from hearts_teach.describe import rule_rows

    return [(text("ui.label.variant", lang), variant_name(rules, lang)), *rule_rows(rules, lang)]


def rules_html(rules: Rules, lang: str) -> str:
    body = "".join(
        f"<tr><th scope='row'>{escape(label)}</th><td>{escape(value)}</td></tr>"
        for label, value in rules_rows(rules, lang)
    )
    return (
        f'<div class="ht-panel"><h3>{escape(text("ui.rules.title", lang))}</h3>'
        f'<table class="ht-rules"><tbody>{body}</tbody></table></div>'
    )


def playground_link(
    code: str, playground_url: str = DEFAULT_PLAYGROUND_URL, lang: str | None = None
) -> str:
    """The playground's address that opens this deal (in ``lang`` if given)."""
    separator = "&" if "?" in playground_url else "?"
    link = f"{playground_url}{separator}deal={quote(code, safe='')}"
    return link if lang is None else f"{link}&lang={lang}"


def position_html(
    deal: Deal,
    lang: str = "en",
    *,
    player: int = 0,
    playground_url: str | None = DEFAULT_PLAYGROUND_URL,
    code: str | None = None,
    include_style: bool = True,
) -> str:
    """A static picture of the position, seen from ``player`` (the learner: their hand
    face up and their seat named "You", the others as counts under their compass names),
    with a link that opens the same deal in the playground.

    The seats keep their compass places whoever the learner is (seat 0 South at the
    bottom), so the picture agrees with tables that name seats by compass. The playground
    seats the person at seat 0, so the link is given only when the learner sits there.
    For the static book: no control here pretends to work. ``code`` defaults to the
    deal's share code; pass ``playground_url=None`` for no link.
    """
    if not 0 <= player < deal.rules.players:
        raise ValueError(f"no seat {player} at a table of {deal.rules.players}")
    if player != 0:
        playground_url = None
    hand = sorted_for_display(deal.hand(player))
    faces = "".join(card_face(card, lang) for card in hand)
    link = ""
    if playground_url is not None:
        if code is None:
            from hearts_teach.records import share_code

            code = share_code(deal)
        href = escape(playground_link(code, playground_url, lang))
        link = f'<a class="ht-link" href="{href}">{escape(text("ui.static.open", lang))} ▸</a>'
    style = style_tag() if include_style else ""
    return (
        f'{style}<div class="ht-root ht-static" lang="{lang}" role="figure" '
        f'aria-label="{escape(text("ui.static.alt", lang))}">'
        f"{badges_html(deal, lang)}{felt_html(deal, lang, human=player)}"
        f'<div class="ht-hand-static" aria-label="{escape(text("ui.hand.label", lang))}">{faces}</div>'
        f"{link}</div>"
    )


def winners_text(rules: Rules, winners: Sequence[int], lang: str) -> str:
    names = join_words([name_of(p, rules, lang) for p in winners], lang)
    key = "ui.game.winners" if len(winners) > 1 else "ui.game.winner"
    return text(key, lang, seats=names)
