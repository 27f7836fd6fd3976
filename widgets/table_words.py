"""What the table says of its session, in words and HTML: whose turn it is, what happened
since the person's last action, and the bots' cards with their reasons.

Pure functions of a :class:`~hearts_teach.teaching.session.TableSession` and the
language, so the table's view (``table.py``) only places them.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from hearts_teach import Card, Deal
from hearts_teach.cards import sorted_for_display
from hearts_teach.describe import seat_words
from hearts_teach.i18n import card_symbol, card_symbols, message, seat_name, text
from hearts_teach.teaching.session import TablePoint, TableSession

from .render import Timeline, timing, tricks_so_far

if TYPE_CHECKING:
    from hearts_teach.teaching.review import DealReview


def status_text(session: TableSession, lang: str) -> str:
    """Whose turn it is, or what to do now."""
    deal = session.deal
    rules = session.rules
    if session.moon_is_mine:
        return text("ui.moon_choice.yours", lang)
    if deal.is_over:
        over = "ui.turn.game_over" if session.game.is_over else "ui.turn.over"
        return text(over, lang)
    if deal.phase == "pass":
        count = rules.pass_count
        to_seat, _from_seat = session.pass_partners()
        where = message("pass.other" if rules.players == 2 else f"pass.{deal.pass_direction}", lang)
        sentence = text(
            "ui.pass.choose",
            lang,
            count=count,
            direction=where,
            seat=seat_words(to_seat, rules, lang, session.human),
        )
        chosen = text("ui.pass.chosen", lang, chosen=len(session.picked), count=count)
        return f"{sentence} {chosen}."
    if deal.to_play == session.human:
        return text("ui.turn.you", lang)
    return text("ui.turn.other", lang, seat=seat_words(deal.to_play, rules, lang, session.human))


def note_text(session: TableSession, lang: str, said_from: TablePoint | None) -> str:
    """What happened since ``said_from`` (the person's last action), trick by trick, and
    what may be played now: each reason a greyed card is refused, once."""
    deal = session.deal
    rules = session.rules
    human = session.human
    n = rules.players
    said = []
    if said_from is not None:
        tricks = tricks_so_far(deal)
        for trick_index in range(said_from[0], len(tricks)):
            trick = tricks[trick_index]
            plays = ", ".join(
                f"{seat_words(player, rules, lang, human, sentence=True)} {card_symbol(card, lang)}"
                for player, card in trick.plays
            )
            number = trick_index + 1
            if trick.winner is None:
                said.append(text("ui.note.so_far", lang, number=number, plays=plays))
            elif trick.winner == human:
                said.append(text("ui.note.won_you", lang, number=number, plays=plays))
            else:
                seat = seat_name(trick.winner, n, lang)
                said.append(text("ui.note.won", lang, number=number, plays=plays, seat=seat))
    if session.in_pass:
        to_seat, _from_seat = session.pass_partners()
        count = rules.pass_count
        goes = text("ui.pass.goes", lang, count=count, seat=seat_words(to_seat, rules, lang, human))
        if session.picked:
            cards = card_symbols(sorted_for_display(session.picked), lang)
            said.append(text("ui.note.goes_chosen", lang, goes=goes, cards=cards))
        else:
            said.append(f"{goes}.")
    if deal.phase == "play" and not deal.is_over and deal.to_play == human:
        said.append(text("ui.turn.you", lang))
        # One sentence for every greyed card, not a reason each (six lines on a first
        # trick); each card's reason is in its label, and said when it is tried.
        if any(not deal.explain(card).legal for card in deal.hand(human)):
            said.append(text("table.note.greyed", lang))
    return " ".join(said)


def log_html(session: TableSession, lang: str, times: Timeline) -> str:
    """The bots' cards and reasons, trick by trick, oldest first (the order a screen
    reader reads them), in a box that stays scrolled to the newest: a scroll box in
    reversed column order starts at its end. During a reply each line shows with its
    card on the felt."""
    deal = session.deal
    rules = session.rules
    human = session.human
    tricks = tricks_so_far(deal)
    shown_at = {tricks[i].plays[p][1]: moment for (i, p), moment in times.appear.items()}
    groups: dict[int, list[tuple[float, str]]] = {}
    # The bots' cards played before this table opened the game (resumed from the
    # address, or a share code's position): their cards are in the deal, their reasons
    # were not kept. Listed with their trick, and the reason for the missing reasons.
    logged = {play.index for play in session.log}
    trick_of = {card: number for number, trick in enumerate(tricks) for _, card in trick.plays}
    earlier = False
    for index, (kind, player, cards) in enumerate(deal.history):
        if kind != "play" or player == human or index in logged:
            continue
        earlier = True
        line = text(
            "ui.log.earlier",
            lang,
            seat=seat_words(player, rules, lang, human),
            card=card_symbol(cards[0], lang),
        )
        item = f'<li class="ht-log-line ht-log-earlier">{escape(line)}</li>'
        groups.setdefault(trick_of[cards[0]], []).append((0.0, item))
    for play in session.log:
        line = text(
            "ui.bot.played",
            lang,
            seat=seat_words(play.player, rules, lang, human),
            card=card_symbol(play.choice.card, lang),
            reason=play.choice.reason(lang),
        )
        moment = shown_at.get(play.choice.card, 0.0)
        classes, style = timing(moment)
        item = f'<li class="ht-log-line{classes}"{style}>{escape(line)}</li>'
        groups.setdefault(play.trick, []).append((moment, item))
    title = f"<h3>{escape(text('ui.log.title', lang))}</h3>"
    if earlier and session.origin is not None:
        key = "ui.log.resumed" if session.origin == "address" else "ui.log.opened"
        title += f'<p class="ht-log-why">{escape(text(key, lang))}</p>'
    if not groups:
        body = f"<p>{escape(text('ui.log.empty', lang))}</p>"
    else:
        parts = []
        for number, lines in sorted(groups.items()):
            classes, style = timing(min(moment for moment, _ in lines))
            head = escape(text("ui.log.trick", lang, number=number + 1))
            parts.append(
                f'<li class="ht-log-trick{classes}"{style}><div class="ht-log-head">{head}</div>'
                f'<ul class="ht-log">{"".join(item for _, item in lines)}</ul></li>'
            )
        # Scrolled by keyboard too (WCAG 2.1.1): the box takes the focus, under its title.
        label = escape(text("ui.log.title", lang))
        body = (
            f'<div class="ht-log-box" tabindex="0" role="region" aria-label="{label}">'
            f'<ol class="ht-log-tricks">{"".join(parts)}</ol></div>'
        )
    return f'<div class="ht-panel" lang="{lang}">{title}{body}</div>'


def reasons_html(
    plays: Sequence[tuple[int, Card, str]], deal: Deal, lang: str, human: int, times: Timeline
) -> str:
    """The bots' cards of the last reply with their reasons (``plays``: seat, card,
    reason), under the felt where they are read while watching it: each line shows with
    its card on the felt, and is read out politely then. Nothing without a reason."""
    if not plays:
        return ""
    rules = deal.rules
    tricks = tricks_so_far(deal)
    shown_at = {tricks[i].plays[p][1]: moment for (i, p), moment in times.appear.items()}
    items = []
    for player, card, reason in plays:
        line = text(
            "ui.bot.played",
            lang,
            seat=seat_words(player, rules, lang, human),
            card=card_symbol(card, lang),
            reason=reason,
        )
        classes, style = timing(shown_at.get(card, 0.0))
        items.append(f'<li class="ht-reason{classes}"{style}>{escape(line)}</li>')
    title = escape(text("table.reasons.title", lang))
    return (
        f'<section class="ht-reasons" aria-label="{title}" aria-live="polite" lang="{lang}">'
        f'<ul class="ht-log">{"".join(items)}</ul></section>'
    )


def message_html(session: TableSession, said: str, lang: str) -> str:
    """What the table last said, under its buttons (read out politely), and the figures
    behind it, if any, behind "Details"."""
    css = "ht-message ht-error" if session.message_is_error else "ht-message"
    details = session.details
    behind = (
        f'<details class="ht-details"><summary>{escape(text("table.details", lang))}'
        f"</summary>{escape(details.text(lang))}</details>"
        if details is not None and said
        else ""
    )
    return (
        f'<div class="{css}" role="status" aria-live="polite" lang="{lang}">'
        f"{escape(said)}{behind}</div>"
    )


def thinking_html(lang: str) -> str:
    """The bots are searching for their cards: a polite status, read out once."""
    return (
        f'<div class="ht-thinking" role="status" aria-live="polite" lang="{lang}">'
        f"{escape(text('table.thinking', lang))}</div>"
    )


def question_html(key: str, lang: str, asked: bool) -> str:
    """A question the table asks before an action (read out at once), or nothing."""
    if not asked:
        return ""
    return f'<p class="ht-ask-text" role="alert" lang="{lang}">{escape(text(key, lang))}</p>'


def review_line(review: DealReview | None, lang: str) -> str:
    """The line above the review (where the keyboard goes): its title. Its replays are
    played at the table, by the game's own bots."""
    if review is None:
        return ""
    return text("ui.review.title", lang, number=review.deal.deal_number + 1)
