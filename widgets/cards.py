"""Cards as buttons, and a hand of them.

A card button shows its rank and suit (drawn by the style sheet, red for hearts and
diamonds, always with the suit symbol) and carries its full name in its accessible
label. A card that cannot be played is greyed, and the engine's reason is both its
tooltip and part of its label; at the table and in a lesson it still takes a click or a
tap (out of the Tab order), so that the view can say why (``refusal_html``), where a
disabled button would hear nothing. The hand is sorted by suit, on one row whatever its
size (the cards narrow to fit: hearts_teach_widgets.style; on a phone a table's hand of more
than thirteen cards takes two rows), and one Tab stop: the page's script (the Voilà
template's) moves the keyboard between its cards with Left, Right, Home and End; Enter or
Space plays the focused card.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from html import escape

import ipywidgets as widgets  # type: ignore[import-untyped]

from hearts_teach import Card, Deal
from hearts_teach.cards import sorted_for_display
from hearts_teach.i18n import card_name, rank_letter, text

from .render import colour_class
from .shared import card_layout, card_style
from .style import HAND_ROW


@dataclass(frozen=True)
class CardState:
    """How one card of the hand looks and behaves now."""

    enabled: bool
    label: str
    tooltip: str
    marks: tuple[str, ...] = ()
    lang: str = "en"
    """The language of the label, and of the letter on the card's face (French R, D, V)."""
    answers: bool = False
    """A refused card that still takes a click or a tap, so that the table can say why
    it is refused (greyed, out of the Tab order: a disabled button hears no click)."""


def card_classes(card: Card, marks: Sequence[str] = (), lang: str = "en") -> list[str]:
    """The button's classes: its face (``ht-r-D`` draws the French queen's letter, see
    hearts_teach_widgets.style), its suit, its colour and its marks."""
    return [
        "ht-card",
        f"ht-r-{rank_letter(card.rank, lang)}",
        f"ht-s-{card.suit.letter}",
        colour_class(card),
        *marks,
    ]


def card_button(card: Card, lang: str = "en") -> widgets.Button:
    """A button that looks like ``card``; its description is the card's name."""
    name = card_name(card, lang)
    return widgets.Button(
        description=name,
        tooltip=name,
        layout=card_layout(),
        style=card_style(),
        _dom_classes=tuple(card_classes(card, lang=lang)),
    )


def apply_state(button: widgets.Button, card: Card, state: CardState) -> None:
    """Update a card button, sending only what changed to the page."""
    marks = (*state.marks, "ht-refused") if state.answers and not state.enabled else state.marks
    classes = tuple(card_classes(card, marks, state.lang))
    if button.description != state.label:
        button.description = state.label
    if button.tooltip != state.tooltip:
        button.tooltip = state.tooltip
    disabled = not (state.enabled or state.answers)
    if button.disabled != disabled:
        button.disabled = disabled
    tabbable = False if state.answers and not state.enabled else None
    if button.tabbable != tabbable:
        button.tabbable = tabbable
    if tuple(button._dom_classes) != classes:
        button._dom_classes = classes


def _marks(card: Card, lang: str, **present: Collection[Card]) -> tuple[tuple[str, ...], str]:
    """The style classes of ``card`` (``ht-received``, ``ht-hinted``...) and the same
    notes in words for its label, so that no mark is seen only as a border."""
    # "picked" needs no word: the pass label itself says the card is chosen.
    words = {
        "received": "ui.card.received",
        "hinted": "cards.hinted",
        "played": "ui.card.played",
        "picked": "",
    }
    shown = [name for name, cards in present.items() if card in cards]
    notes = [text(words[name], lang) for name in shown if words[name]]
    extra = " – " + ", ".join(note[:1].lower() + note[1:] for note in notes) if notes else ""
    return tuple(f"ht-{name}" for name in shown), extra


def play_states(
    deal: Deal,
    player: int,
    lang: str,
    *,
    hinted: Collection[Card] = (),
    received: Collection[Card] = (),
    played: Collection[Card] = (),
    answer_refusals: bool = False,
) -> dict[Card, CardState]:
    """The state of each card of ``player``'s hand, as the engine decides it: a legal
    card is enabled; any other is disabled with the engine's reason. ``hinted``: the
    cards a bot advises; ``played``: the card played there in the deal (what-if), named
    as played, never as advised. ``answer_refusals``: at the player's turn a refused
    card still takes a click, for the view to say why (:attr:`CardState.answers`)."""
    states: dict[Card, CardState] = {}
    my_turn = deal.phase == "play" and deal.to_play == player
    for card in deal.hand(player):
        name = card_name(card, lang)
        marks, extra = _marks(card, lang, hinted=hinted, received=received, played=played)
        if my_turn:
            explanation = deal.explain(card)
            if explanation.legal:
                label = text("ui.card.playable", lang, name=name) + extra
                states[card] = CardState(True, label, explanation.text(lang), marks, lang)
                continue
            reason = explanation.text(lang)
        else:
            reason = deal.explain(card, player).text(lang)
        # The mark goes with the name, not after the reason's full stop.
        label = text("ui.card.refused", lang, name=name + extra, reason=reason)
        states[card] = CardState(False, label, reason, marks, lang, my_turn and answer_refusals)
    return states


def pass_states(
    deal: Deal, player: int, lang: str, picked: Collection[Card], hinted: Collection[Card] = ()
) -> dict[Card, CardState]:
    """During the pass: every card may be chosen; chosen ones are lifted and say so."""
    states = {}
    for card in deal.hand(player):
        name = card_name(card, lang)
        chosen = card in picked
        marks, extra = _marks(card, lang, picked=picked, hinted=hinted)
        label = (
            text("ui.card.picked", lang, name=name)
            if chosen
            else text("ui.card.pick", lang, name=name)
        ) + extra
        states[card] = CardState(True, label, label, marks, lang)
    return states


def refusal_html(said: str, lang: str, count: int, shown: bool) -> str:
    """Why the card just tried is refused, as an alert read out once; ``count`` (the
    refusals so far) makes each one new to the page, so it shows and fades again."""
    if not shown or not said:
        return ""
    return (
        f'<div class="ht-refusal" role="alert" lang="{lang}" data-n="{count}">{escape(said)}</div>'
    )


class HandView(widgets.HBox):  # type: ignore[misc]
    """A hand of card buttons sorted by suit. ``on_card(card)`` is called on a click (or
    Enter on the focused card). Buttons are kept per card, so updating the hand only
    sends what changed."""

    def __init__(self, on_card: Callable[[Card], None] | None = None, lang: str = "en") -> None:
        super().__init__(layout=widgets.Layout(flex_flow="row nowrap"))
        self.add_class("ht-hand")
        self._on_card = on_card
        self._lang = lang
        self.buttons: dict[Card, widgets.Button] = {}
        self.cards: list[Card] = []
        self.playable: list[Card] = []
        self._size_class: str | None = None
        self._rows_class: str | None = None
        """The cards shown that may be played or chosen now (a refused card that
        answers a click is not one)."""

    def on_card(self, callback: Callable[[Card], None]) -> None:
        self._on_card = callback

    def button(self, card: Card) -> widgets.Button:
        if card not in self.buttons:
            button = card_button(card, self._lang)
            button.on_click(lambda _button, card=card: self._clicked(card))
            self.buttons[card] = button
        return self.buttons[card]

    def _clicked(self, card: Card) -> None:
        # A card no longer shown (played by the first click of a double-click) is not
        # clicked again: its button's second click arrives after it left the hand.
        if self._on_card is not None and card in self.cards:
            self._on_card(card)

    def _swap_class(self, old: str | None, new: str) -> str:
        """``new`` in place of ``old`` among the hand's classes (nothing sent if equal)."""
        if new != old:
            if old is not None:
                self.remove_class(old)
            self.add_class(new)
        return new

    def show(self, states: Mapping[Card, CardState], dealt: int | None = None) -> None:
        """Show these cards (sorted by suit) in these states; ``dealt``, the cards a hand
        holds at the deal's start, keeps a phone's hand as tall as its first rows all
        the deal, so that nothing under it moves as it empties."""
        cards = sorted_for_display(states)
        for card in cards:
            apply_state(self.button(card), card, states[card])
        self.playable = [card for card in cards if states[card].enabled]
        # The hand's size and its first rows, for the style sheet: a phone sizes the
        # cards by the one and keeps the hand's height by the other.
        self._size_class = self._swap_class(self._size_class, f"ht-n-{len(cards)}")
        if dealt is not None:
            rows = f"ht-rows-{math.ceil(dealt / HAND_ROW)}"
            self._rows_class = self._swap_class(self._rows_class, rows)
        if cards != self.cards:
            self.cards = cards
            self.children = tuple(self.buttons[card] for card in cards)
