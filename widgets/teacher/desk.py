"""The scoring desk: the teacher says who took which counting card, every variant's
score follows (:mod:`hearts_teach.teaching.desk`)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from urllib.parse import urlencode

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from hearts_teach import Card
from hearts_teach.cards import Suit, cards_of
from hearts_teach.deal import Deal
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import (
    card_name,
    card_symbols,
    message,
    read_cards,
    seat_name,
    text,
)
from hearts_teach.records import share_code
from hearts_teach.rules import PLAYER_COUNTS
from hearts_teach.teaching.desk import DeskError, ScoringDesk, desk_deal, desk_rules

from ..cards import card_button as _card_button
from ..charts import (
    comparison_chart_svg,
    figure_html,
    separator,
)
from ..lessons import comparison_html
from ..shared import NATURAL_LABEL, alert_html, choice_row, name_control
from ..style import style_tag
from ..texts import Localized
from .compare import TotalsBox


def seat_mark(player: int, players: int, lang: str) -> str:
    """The letters written on a card given to ``player``: the initials of the seat's
    name (S, O, N, E; SO, NE... with five and six players), as compass points are
    abbreviated in French and English."""
    name = seat_name(player, players, lang)
    return "".join(word[:1].upper() for word in name.replace("-", " ").split())


DEAD_MARK = "✕"
"""What a card set aside (two players) carries instead of a seat's letters."""


class ScoringDeskWidget(Localized, widgets.VBox):  # type: ignore[misc]
    """Click which player took which counting card; every variant's score follows.

    A card given shows who has it on its face (the seat's letters under it and the
    seat's colour around it, :func:`seat_mark`) and in its name; clicking it with
    another player chosen moves it there. A typed card already given, or not in this
    deck, is refused with the engine's message, and nothing typed is given.
    """

    desk: ScoringDesk

    def __init__(
        self,
        players: int = 4,
        lang: str = "en",
        playground_url: str = "",
        on_deal: Callable[[Deal], None] | None = None,
    ) -> None:
        super().__init__()
        # « Créer un code de partage »: the hands typed, the deal played to the desk's
        # cards (hearts_teach.teaching.desk.desk_deal), its code and playground link
        self.playground_url = playground_url
        self.on_deal = on_deal
        self.shared: Deal | None = None
        self.code = ""
        self._share_refusal: HeartsError | None = None
        self.share_heading = widgets.HTML()
        self.hands_box = widgets.VBox()
        self.hands_box.add_class("ht-desk-hands")
        self.hand_fields: list[widgets.Text] = []
        self.deal_seed = 0
        self.random_button = widgets.Button(icon="random")
        self.random_button.on_click(lambda _b: self.random_hands())
        self.share_button = widgets.Button(button_style="primary", icon="share")
        self.share_button.add_class("ht-desk-share")
        self.share_button.on_click(lambda _b: self.create_code())
        self.share_result = widgets.HTML()
        self.share_result.add_class("ht-desk-shared")
        self.add_class("ht-root")
        self.add_class("ht-desk")
        self.lang = lang
        self.intro = widgets.HTML()
        # Radio buttons, whose checked one a screen reader says (ipywidgets 8 draws a
        # toggle row without aria-pressed).
        self.players_choice = choice_row([(str(n), n) for n in PLAYER_COUNTS], players)
        self.players_choice.observe(lambda change: self.reset(change["new"]), names="value")
        self.active = choice_row([("", 0)], 0)
        self.active.observe(lambda _change: self._render(), names="value")
        self.cards_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.cards_box.add_class("ht-desk-cards")
        self.hearts_button = widgets.Button()
        self.hearts_button.on_click(lambda _b: self.give_rest(Suit.HEARTS))
        self.rest_button = widgets.Button()
        self.rest_button.on_click(lambda _b: self.give_rest())
        self.typed = widgets.Text(style=NATURAL_LABEL)
        self.typed.add_class("ht-desk-typed")
        self.give_button = widgets.Button(icon="check")
        self.give_button.on_click(lambda _b: self.give_typed(self.typed.value))
        self.clear_button = widgets.Button(icon="eraser")
        self.clear_button.on_click(lambda _b: self.reset(self.desk.players))
        self.type_help = widgets.HTML()
        shortcuts = widgets.HBox([self.hearts_button, self.rest_button])
        entry = widgets.HBox([self.typed, self.give_button, self.clear_button])
        for row in (shortcuts, entry):
            row.add_class("ht-desk-row")
        self.totals_box = TotalsBox(self._totals_changed, lang)
        traitlets.dlink((self, "lang"), (self.totals_box, "lang"))
        self.message = widgets.HTML()
        self.progress_text = widgets.HTML()
        self.table = widgets.HTML()
        self.chart = widgets.HTML()
        self.children = (
            widgets.HTML(style_tag()),
            self.intro,
            self.players_choice,
            self.active,
            self.cards_box,
            shortcuts,
            entry,
            self.type_help,
            self.totals_box,
            self.message,
            self.progress_text,
            self.table,
            self.chart,
            self.share_heading,
            self.hands_box,
            widgets.HBox([self.random_button, self.share_button]),
            self.share_result,
        )
        self.card_buttons: dict[Card, widgets.Button] = {}
        self.card_marks: dict[Card, widgets.HTML] = {}
        self._refusal: HeartsError | None = None
        self.reset(players)
        self._relabel_on_lang(self._language_changed)

    def reset(self, players: int) -> None:
        """A new deal for ``players``; the totals before it are kept if the number of
        players is the same."""
        totals = self.totals_box.values
        if len(totals) != players:
            totals = (0,) * players
            self.totals_box.reset(totals)
        self.desk = ScoringDesk(players=players, totals=totals)
        if self.players_choice.value != players:
            self.players_choice.value = players
        self.card_buttons = {}
        self.card_marks = {}
        slots = []
        for card in self.desk.cards:
            button = _card_button(card, self.lang)
            button.on_click(lambda _b, card=card: self.click_card(card))
            self.card_buttons[card] = button
            # who has the card, written under it (the button's name says it in words)
            self.card_marks[card] = widgets.HTML()
            slot = widgets.VBox([button, self.card_marks[card]])
            slot.add_class("ht-desk-card")
            slots.append(slot)
        self.cards_box.children = tuple(slots)
        self.hand_fields = [widgets.Text(style=NATURAL_LABEL) for _ in range(players)]
        for field in self.hand_fields:
            field.add_class("ht-desk-hand")
        self.hands_box.children = tuple(self.hand_fields)
        self._refusal = None
        self._share_refusal = None
        self._set_active_options()
        self._render()

    def _set_active_options(self) -> None:
        options: list[tuple[str, int]] = [
            (seat_name(p, self.desk.players, self.lang), p) for p in range(self.desk.players)
        ]
        if self.desk.dead_allowed:
            options.append((text("ui.teach.desk_dead", self.lang), -1))
        current = self.active.value if self.active.value is not None else 0
        self.active.options = options
        self.active.value = current if any(v == current for _, v in options) else 0

    def select(self, player: int) -> None:
        """Cards clicked from now on go to ``player`` (−1: dead, with two players)."""
        self.active.value = player

    def click_card(self, card: Card | str) -> bool:
        """Give ``card`` to the chosen player (moving it from whoever had it), or take
        it back if it is already theirs."""
        card = Card.parse(card)
        active = int(self.active.value)
        try:
            if active == -1:
                if card in self.desk.dead:
                    self.desk.take_back(card)
                else:
                    self._set_dead(card)
            elif self.desk.owner.get(card) == active:
                self.desk.take_back(card)
            else:
                self.desk.move(card, active)
        except HeartsError as error:
            self._refusal = error
            self._render()
            return False
        self._refusal = None
        self._render()
        return True

    def _set_dead(self, card: Card) -> None:
        """Set ``card`` aside, taking it from whoever had it; refused, it stays theirs."""
        had = self.desk.owner.pop(card, None)
        try:
            self.desk.set_dead(card)
        except HeartsError:
            if had is not None:
                self.desk.owner[card] = had
            raise

    def give_typed(self, cards: str) -> bool:
        """Give every typed card to the chosen player; all or nothing."""
        active = int(self.active.value)
        before_owner = dict(self.desk.owner)
        before_dead = list(self.desk.dead)
        try:
            for card in read_cards(cards, self.lang):
                if active == -1:
                    self.desk.set_dead(card)
                else:
                    self.desk.give(card, active)
        except HeartsError as error:
            self.desk.owner = before_owner
            self.desk.dead = before_dead
            self._refusal = error
            self._render()
            return False
        self._refusal = None
        self.typed.value = ""
        self._render()
        return True

    def give_rest(self, suit: Suit | None = None) -> bool:
        """Give the chosen player every counting card nobody has yet (of ``suit`` only:
        « tous les cœurs »). Cards already given stay where they are."""
        active = int(self.active.value)
        if active == -1:  # set aside: two cards only, chosen one by one
            return False
        self.desk.give_rest(active, suit)
        self._refusal = None
        self._render()
        return True

    def random_hands(self) -> None:
        """Fill the hands with a new shuffled deal (the teacher may edit them)."""
        self.deal_seed += 1
        dealt = Deal.new(desk_rules(self.desk.players), seed=self.deal_seed)
        for field, hand in zip(self.hand_fields, dealt.hands, strict=True):
            field.value = card_symbols(cards_of(hand), self.lang, sep=" ")
        self._share_refusal = None
        self._render()

    def typed_hands(self) -> list[list[Card]]:
        """The hands typed (in the page's letters); one left empty holds the cards the
        others do not (the dead cards aside, with two players)."""
        hands = [read_cards(field.value, self.lang) for field in self.hand_fields]
        empty = [p for p, hand in enumerate(hands) if not hand]
        if len(empty) == len(hands):
            raise DeskError("desk_no_hands")
        if len(empty) == 1:
            rules = desk_rules(self.desk.players)
            rest = rules.deck & ~sum(c.bit for hand in hands for c in hand)
            if rules.dead_count:
                rest &= ~sum(c.bit for c in self.desk.dead)
            hands[empty[0]] = cards_of(rest)
        return hands

    def create_code(self) -> str | None:
        """« Créer un code de partage »: the hands typed, played (when the desk says who
        took some cards) so that each of those cards goes to its player; its code, or
        None with the reason shown (nothing else changes: the desk, the hands typed and
        any code made before stay as they were)."""
        try:
            deal = desk_deal(self.desk, self.typed_hands())
        except HeartsError as error:
            self._share_refusal = error
            self._render()
            return None
        self._share_refusal = None
        self.shared = deal
        self.code = share_code(deal)
        self._render()
        if self.on_deal is not None and deal.is_over:
            self.on_deal(deal)
        return self.code

    def share_link(self) -> str:
        """The playground's address of the deal made, in the page's language."""
        if not self.code or not self.playground_url:
            return ""
        return f"{self.playground_url}?{urlencode({'deal': self.code, 'lang': self.lang})}"

    def _share_html(self, lang: str) -> str:
        if self._share_refusal is not None:
            return alert_html(self._share_refusal.message(lang))
        if not self.code or self.shared is None:
            return ""
        done = "desk_shared_played" if self.shared.is_over else "desk_shared_dealt"
        said = f'<p role="status">{escape(text("ui.teach." + done, lang))}</p>'
        label = escape(text("ui.teach.desk_share_code", lang), quote=True)
        code = escape(self.code, quote=True)
        field = f'<p><input readonly class="ht-desk-code" aria-label="{label}" value="{code}" size="60"></p>'
        link = self.share_link()
        if not link:
            return said + field
        address = escape(link, quote=True)
        return (
            said
            + field
            + f'<p><a class="ht-desk-link" href="{address}" target="_blank" rel="noopener">'
            f"{escape(text('ui.teach.desk_share_open', lang))}</a></p>"
        )

    @property
    def refusal_text(self) -> str:
        return "" if self._refusal is None else self._refusal.message(self.lang)

    def _totals_changed(self) -> None:
        self.desk.totals = self.totals_box.values
        self._render()

    def _language_changed(self) -> None:
        self._set_active_options()  # the player chosen stays
        self._render()

    def _render(self) -> None:
        lang = self.lang
        desk = self.desk
        self.intro.value = f"<p>{escape(text('ui.teach.desk_intro', lang))}</p>"
        name_control(self.players_choice, text("ui.teach.desk_players", lang))
        name_control(self.active, text("ui.teach.desk_player", lang))
        active = int(self.active.value) if self.active.value is not None else 0
        inline_active = (
            message("ui.teach.desk_dead", lang)
            if active == -1
            else seat_name(active, desk.players, lang)
        )
        for card, button in self.card_buttons.items():
            marks: tuple[str, ...]
            if card in desk.owner:
                owner = seat_name(desk.owner[card], desk.players, lang)
                marks = (f"ht-owner-{desk.owner[card]}",)
                letters = seat_mark(desk.owner[card], desk.players, lang)
            elif card in desk.dead:
                owner = message("ui.teach.desk_dead", lang)
                marks = ("ht-dead",)
                letters = DEAD_MARK
            else:
                owner = message("ui.teach.desk_nobody", lang)
                marks = ()
                letters = ""
            # what a click does: the active player's own card (or a dead one, when dead
            # cards are being marked) is taken back; any other is given
            taken_back = desk.owner.get(card) == active or (active == -1 and card in desk.dead)
            said = {"card": card_name(card, lang), "owner": owner, "active": inline_active}
            if taken_back:
                label = text("ui.teach.desk_card_back", lang, **said)
            elif card in desk.owner and active != -1:  # a click moves it (click_card)
                label = text("ui.teach.desk_card_move", lang, **said)
            else:
                label = text("ui.teach.desk_card", lang, **said)
            button.description = label
            button.tooltip = label
            classes = [
                c for c in button._dom_classes if not c.startswith("ht-owner") and c != "ht-dead"
            ]
            if tuple(button._dom_classes) != tuple(classes + list(marks)):
                button._dom_classes = tuple(classes + list(marks))
            # who took the card is written under it too, not shown by colour alone
            # (the card's own border is the shared style's: its layout is shared too)
            mark = (
                f'<span class="ht-desk-mark {" ".join(marks)}" aria-hidden="true">'
                f"{escape(letters)}</span>"
                if letters
                else '<span class="ht-desk-mark" aria-hidden="true"></span>'
            )
            if self.card_marks[card].value != mark:
                self.card_marks[card].value = mark
        self.typed.description = text("ui.teach.desk_type", lang)
        self.typed.placeholder = text("ui.teach.desk_type_placeholder", lang)
        self.typed.tooltip = text("ui.teach.desk_type_help", lang)
        self.type_help.value = (
            f'<p class="ht-desk-help">{escape(text("ui.teach.desk_type_help", lang))}</p>'
        )
        name_control(self.give_button, text("ui.teach.desk_give", lang))
        name_control(self.clear_button, text("ui.teach.desk_clear", lang))
        dead = active == -1
        self.hearts_button.disabled = self.rest_button.disabled = dead
        name_control(self.hearts_button, text("ui.teach.desk_hearts", lang, active=inline_active))
        name_control(self.rest_button, text("ui.teach.desk_rest", lang, active=inline_active))
        self.message.value = alert_html(self.refusal_text) if self._refusal is not None else ""
        missing = len(desk.unassigned)
        progress = (
            text("ui.teach.desk_complete", lang)
            if not missing
            else text("ui.teach.desk_missing", lang, count=missing)
        )
        given = separator(lang).join(
            text(
                "list.colon",
                lang,
                label=seat_name(p, desk.players, lang),
                value=card_symbols(cards, lang, sep=" "),
            )
            for p, cards in enumerate(desk.taken())
            if cards
        )
        self.progress_text.value = f"<p>{escape(progress)}</p><p>{escape(given)}</p>"
        self.share_heading.value = (
            f"<h3>{escape(text('ui.teach.desk_share', lang))}</h3>"
            f"<p>{escape(text('ui.teach.desk_share_intro', lang))}</p>"
        )
        for player, field in enumerate(self.hand_fields):
            field.description = text(
                "ui.teach.desk_hand", lang, seat=seat_name(player, desk.players, lang)
            )
            field.placeholder = text("ui.teach.desk_hand_placeholder", lang)
            # the label's title (ipywidgets 8): what to type, still said once it is filled
            field.tooltip = field.placeholder
        name_control(self.random_button, text("ui.teach.desk_random_hands", lang))
        name_control(self.share_button, text("ui.teach.desk_share", lang))
        self.share_result.value = self._share_html(lang)
        comparison = desk.compare()
        self.table.value = comparison_html(comparison, lang, text("ui.teach.table_caption", lang))
        # the chart is drawn once every card is given: drawing it on each click is slow
        self.chart.value = (
            figure_html(comparison_chart_svg(comparison, lang)) if desk.complete else ""
        )
