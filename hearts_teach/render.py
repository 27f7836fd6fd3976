"""HTML pictures of cards and deals, for Jupyter's rich display (no Jupyter import)."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from hearts_teach.cards import Card, sorted_for_display
from hearts_teach.i18n import card_name, card_symbol, seat_name

if TYPE_CHECKING:
    from hearts_teach.deal import Deal


def card_html(card: Card, lang: str = "en") -> str:
    colour = "#b3261e" if card.suit.is_red else "#1b1b1b"
    return (
        f'<span class="ht-card" role="img" aria-label="{escape(card_name(card, lang))}" '
        f'style="display:inline-block;min-width:2.2em;padding:2px 4px;margin:1px;'
        f"border:1px solid #888;border-radius:4px;background:#fff;color:{colour};"
        f'text-align:center;font-weight:bold">{escape(card_symbol(card, lang))}</span>'
    )


def cards_html(cards: Iterable[Card], lang: str = "en") -> str:
    return "".join(card_html(c, lang) for c in sorted_for_display(cards))


def deal_html(deal: Deal, lang: str = "en") -> str:
    rows = []
    for player in range(deal.rules.players):
        marker = " ◀" if player == deal.to_play and not deal.is_over else ""
        rows.append(
            f"<tr><th scope='row'>{seat_name(player, deal.rules.players, lang)}{marker}</th>"
            f"<td>{cards_html(deal.hand(player), lang)}</td>"
            f"<td>{deal.points_taken[player]}</td></tr>"
        )
    trick = "".join(card_html(c, lang) for c in deal.current_trick.cards)
    return (
        f"<table class='ht-deal'><tbody>{''.join(rows)}</tbody></table>"
        f"<div>{escape(deal.phase)} · {trick}</div>"
    )
