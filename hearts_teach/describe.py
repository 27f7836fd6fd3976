"""The rules in words, derived from a :class:`Rules` value so text and engine agree.

``rule_rows`` describes one rule set; ``rule_changes`` sets it beside another (standard
Hearts by default) for the book's rule-change tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts_teach.cards import (
    ACE_OF_SPADES,
    JACK_OF_DIAMONDS,
    JACK_OF_SPADES,
    KING_OF_SPADES,
    QUEEN_OF_SPADES,
    TEN_OF_DIAMONDS,
    Suit,
    cards_of,
)
from hearts_teach.i18n import (
    card_symbol,
    join_words,
    message,
    ntext,
    seat_name,
    signed,
    text,
    the_card,
    typeset,
)
from hearts_teach.rules import QUEEN_OF_HEARTS, Rules, mask_of_removal


def _points(points: int, lang: str) -> str:
    if points == 0:
        return text("desc.no_points", lang)
    return ntext("desc.points", abs(points), lang, points=signed(points))


def _lower(sentence: str) -> str:
    return sentence[:1].lower() + sentence[1:]


def rule_rows(rules: Rules, lang: str = "en") -> list[tuple[str, str]]:
    """Every rule a player needs, as (label, value) rows in the language."""
    rows: list[tuple[str, str]] = []

    def row(key: str, value: str) -> None:
        rows.append((text("rule." + key, lang), typeset(value[:1].upper() + value[1:], lang)))

    if rules.kitty:
        players = ntext(
            "desc.players_kitty",
            rules.dead_count,
            lang,
            players=rules.players,
            hand=rules.hand_size,
            kitty=rules.dead_count,
        )
    elif rules.players in (2, 4) or (rules.players == 3 and rules.removed == "2c"):
        players = text(f"desc.players{rules.players}", lang)
    else:
        removed = cards_of(mask_of_removal(rules.removed))
        players = ntext(
            "desc.players_removed",
            len(removed),
            lang,
            players=rules.players,
            deck=rules.deck_size,
            hand=rules.hand_size,
            removed=join_words([card_symbol(c, lang) for c in removed], lang),
        )
    if rules.partnership:
        players += text("desc.partnership", lang)
    row("players", players)

    row("hearts", text("desc.hearts_face", lang) if rules.spot else text("desc.hearts_one", lang))
    row("queen", _points(rules.value(QUEEN_OF_SPADES), lang))
    others = [
        text(
            "desc.card_value",
            lang,
            card=card,
            points=signed(rules.value(card)),
        )
        for card in (
            # a heart counts in the hearts' row, unless it has a value of its own (§16.8)
            *((QUEEN_OF_HEARTS,) if rules.qh_thirteen else ()),
            KING_OF_SPADES,
            ACE_OF_SPADES,
            JACK_OF_SPADES,
            JACK_OF_DIAMONDS,
            TEN_OF_DIAMONDS,
        )
        if rules.deck & card.bit and rules.value(card) != 0
    ]
    separator = typeset(message("list.semicolon", lang), lang)
    row("others", separator.join(_lower(o) for o in others) if others else text("desc.none", lang))
    total = ntext(
        "desc.total", abs(rules.points_per_deal), lang, total=signed(rules.points_per_deal)
    )
    if rules.avoid_all_tricks_bonus:
        total += text("desc.no_trick_bonus", lang)
    row("total", total)
    row("moon", _moon_text(rules, lang))
    row("end", _end_text(rules, lang))
    row("passing", _passing_text(rules, lang))
    row("lead", _lead_text(rules, lang))
    row("broken", _broken_text(rules, lang))
    first_trick = (
        text("desc.first_trick_ban", lang)
        if rules.first_trick_no_points
        else text("desc.first_trick_free", lang)
    )
    if rules.first_trick_forced == "hearts_before_queen":
        first_trick += text("desc.forced_hearts_first", lang)
    row("first_trick", first_trick)
    trumps = (
        text("desc.hearts_trumps", lang) if rules.hearts_trump else text("desc.no_trumps", lang)
    )
    row("trumps", trumps)
    return rows


def rule_changes(
    rules: Rules, lang: str = "en", base: Rules | None = None, *, all_rows: bool = False
) -> list[tuple[str, str, str]]:
    """Rows (label, base value, this value) where ``rules`` differ from ``base``
    (standard Hearts by default); every row with ``all_rows``."""
    reference = rule_rows(base if base is not None else Rules(), lang)
    mine = rule_rows(rules, lang)
    return [
        (label, old, new)
        for (label, old), (_, new) in zip(reference, mine, strict=True)
        if all_rows or old != new
    ]


def _moon_text(rules: Rules, lang: str) -> str:
    mode = rules.effective_moon
    if mode == "none":
        return text("moon.none", lang)
    value = signed(rules.moon_value)
    if rules.players == 2 and rules.two_player_moon_award == "points_in_play":
        main = text("moon.2p_in_play", lang)
    elif rules.players == 2:
        main = text("moon.2p", lang, value=value)
    else:
        main = text("moon." + mode, lang, value=value, amount=rules.moon_value)
    if rules.omnibus and rules.omnibus_jd_stacks_on_moon:
        main += text("desc.jd_stacks", lang)
    if rules.partnership and rules.partner_spared_on_moon:
        main += text("desc.partner_spared", lang)
    if rules.sun != "off":
        main += text(f"desc.sun_{rules.sun}", lang, value=signed(2 * rules.moon_value))
    needed = cards_of(rules.moon_cards)
    parts = []
    hearts = [c for c in needed if c.suit is Suit.HEARTS]
    if hearts:
        parts.append(_lower(text("desc.all_hearts", lang)))
    parts.extend(the_card(c, lang) for c in needed if c.suit is not Suit.HEARTS)
    cards = join_words(parts, lang)
    if rules.players == 2:
        cards += text("desc.in_play", lang)
    return f"{main} ({_lower(text('desc.moon_needs', lang, cards=cards))})"


def _end_text(rules: Rules, lang: str) -> str:
    target = rules.target
    if rules.deals is not None:
        key = "desc.end_deals"
        if rules.partnership:
            key = "desc.end_deals_team"
        elif rules.reverse:
            key = "desc.end_deals_highest"
        return ntext(key, rules.deals, lang)
    if rules.players == 2:
        key = (
            "desc.end_two_continue" if rules.two_player_both_over == "continue" else "desc.end_two"
        )
    elif rules.partnership:
        key = "desc.end_team_sum" if rules.team_target else "desc.end_team"
    elif rules.reverse:
        key = "desc.end_highest"
    else:
        key = "desc.end_lowest"
    said = text(key, lang, target=target)
    if rules.exact_target_reset is not None:
        said += text("desc.exact_reset", lang, target=target, reset=rules.exact_target_reset)
    return said


def _passing_text(rules: Rules, lang: str) -> str:
    count = rules.pass_count
    if rules.passing == "none":
        return text("desc.pass_none", lang)
    if rules.passing in ("cycle", "left_right", "left_right_hold", "five_cycle"):
        return text(f"desc.pass_{rules.passing}", lang, count=count)
    if rules.passing == "alternate":
        return text("desc.pass_alternate", lang, count=count)
    direction = text("pass.other" if rules.players == 2 else f"pass.{rules.passing}", lang)
    return text("desc.pass_fixed", lang, count=count, direction=_lower(direction))


def _lead_text(rules: Rules, lang: str) -> str:
    if rules.first_lead == "left_of_dealer":
        return text("desc.lead_left", lang)
    if rules.players == 2:
        return text("desc.lead_chain", lang)
    opening = rules.opening_chain[0]
    if opening.rank != 2:
        key = "desc.lead_lowest_any_club" if rules.first_lead_any_club else "desc.lead_lowest_club"
        return text(key, lang, card=card_symbol(opening, lang))
    if rules.first_lead_any_club:
        return text("desc.lead_two_any_club", lang)
    return text("desc.lead_two", lang)


def _broken_text(rules: Rules, lang: str) -> str:
    if not rules.must_break_hearts:
        return text("desc.broken_any", lang)
    result = _lower(text("desc.broken", lang))
    if rules.qs_breaks_hearts != "off":
        result += text(f"desc.qs_breaks_{rules.qs_breaks_hearts}", lang)
    if rules.lead_hearts_instead_of_qs:
        result += text("desc.hearts_instead_of_qs", lang)
    return result


# --- the players in words ------------------------------------------------------------


def seat_words(
    player: int, rules: Rules, lang: str = "en", you: int | None = None, *, sentence: bool = False
) -> str:
    """A seat as a table names it: "You" for the seat ``you`` (the person at the screen;
    "you" inside a ``sentence``: « remporté par vous »), the compass name for the others
    (South, West, North, East clockwise), the person's partner marked as such
    (:meth:`Rules.partner`). With ``you=None`` every seat by its compass name."""
    if you is not None and player == you:
        return message("ui.seat.you", lang) if sentence else text("ui.seat.you", lang)
    compass = seat_name(player, rules.players, lang)
    if you is not None and player == rules.partner(you):
        return text("ui.seat.partner", lang, seat=compass)
    return compass


def winners_text(
    rules: Rules, winners: Sequence[int], lang: str = "en", you: int | None = None
) -> str:
    """Who won the game: "Winner: West." / « Vainqueurs : vous et Nord (votre partenaire). »"""
    names = join_words([seat_words(p, rules, lang, you, sentence=True) for p in winners], lang)
    key = "ui.game.winners" if len(winners) > 1 else "ui.game.winner"
    return text(key, lang, seats=names)
