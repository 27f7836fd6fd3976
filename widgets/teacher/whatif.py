"""What-if: another card at a trick of a played deal, the bots playing the rest
(:mod:`hearts_teach.teaching.whatif`)."""

from __future__ import annotations

from html import escape

import ipywidgets as widgets  # type: ignore[import-untyped]

from hearts_teach import Card, Deal
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import (
    card_forms,
    card_name,
    seat_name,
    signed,
    text,
)
from hearts_teach.records import deal_from_code
from hearts_teach.teaching.compare import variant_label
from hearts_teach.teaching.whatif import WhatIf, WhatIfResult

from ..cards import HandView, play_states
from ..render import card_face
from ..shared import NATURAL_LABEL, alert_html, name_control
from ..style import style_tag
from ..texts import Localized


class WhatIfWidget(Localized, widgets.VBox):  # type: ignore[misc]
    """Rewind a played deal to a trick and card, play another card, see what changes.

    With no deal yet (a served playground before the teacher has played), the page
    asks for a share code; a code pasted here, or a deal handed by :meth:`set_deal`,
    opens at the first card that had a choice."""

    def __init__(
        self, deal: Deal | None = None, lang: str = "en", level: str | None = None, seed: int = 0
    ) -> None:
        super().__init__()
        self.add_class("ht-root")
        self.add_class("ht-whatif")
        self.lang = lang
        self.level = level
        self.seed = seed
        self.what_if: WhatIf | None = None
        self.intro = widgets.HTML()
        self.code = widgets.Text(
            layout=widgets.Layout(width="60%", min_width="16em"), style=NATURAL_LABEL
        )
        self.load_button = widgets.Button(icon="upload")
        self.load_button.on_click(lambda _b: self.load_code(self.code.value))
        self.message = widgets.HTML()
        self._refusal: HeartsError | None = None
        # Drop-downs, not sliders: ipywidgets 8 draws a slider's handle without a name
        # for screen readers (its description is a label tied to no control), while a
        # drop-down's description is the <label> of its <select>.
        self.trick_picker = widgets.Dropdown(options=[("1", 1)], value=1, style=NATURAL_LABEL)
        self.card_picker = widgets.Dropdown(options=[("1", 1)], value=1, style=NATURAL_LABEL)
        self._quiet = False
        self.trick_picker.observe(lambda _c: self._position_changed(), names="value")
        self.card_picker.observe(lambda _c: self._position_changed(), names="value")
        self.position = widgets.HTML()
        self.hand = HandView(self._card_clicked, lang)
        self.table = widgets.HTML()
        self.result: WhatIfResult | None = None
        self.pickers = widgets.VBox([self.trick_picker, self.card_picker])
        self.children = (
            widgets.HTML(style_tag()),
            self.intro,
            widgets.HBox([self.code, self.load_button]),
            self.message,
            self.pickers,
            self.position,
            self.hand,
            self.table,
        )
        if deal is not None:
            self.set_deal(deal)
        else:
            self._render()
        self._relabel_on_lang(self._render)  # the position and the card replayed are kept

    def set_deal(self, deal: Deal) -> None:
        """Start from this finished deal, at the first card that had a choice."""
        self.what_if = WhatIf(deal, level=self.level, seed=self.seed)
        self.result = None
        self._quiet = True
        try:
            self.trick_picker.options = [(str(n), n) for n in range(1, len(deal.tricks) + 1)]
            players = deal.rules.players
            self.card_picker.options = [(str(n), n) for n in range(1, players + 1)]
            self.trick_picker.value, self.card_picker.value = self.first_choice()
        finally:
            self._quiet = False
        self._render()

    def load_code(self, code: str) -> bool:
        """A finished deal from its share code; a damaged code, or a deal not finished,
        is refused in the page's language and the deal shown stays."""
        try:
            what_if = WhatIf(deal_from_code(code.strip()), level=self.level, seed=self.seed)
        except HeartsError as error:  # damaged, or not finished (WhatIf refuses it)
            self._refusal = error
            self._render()
            return False
        self._refusal = None
        self.code.value = code.strip()
        self.set_deal(what_if.played)
        return True

    def first_choice(self) -> tuple[int, int]:
        """(trick, card), from 1: the first card of the deal played where more than
        one card was legal (trick 1, card 1 if none was)."""
        assert self.what_if is not None
        players = self.what_if.played.rules.players
        for index in range(len(self.what_if.plays)):
            trick, card = divmod(index, players)
            if len(self.what_if.rewind(trick, card).legal_moves()) > 1:
                return trick + 1, card + 1
        return 1, 1

    @property
    def rewound(self) -> Deal:
        assert self.what_if is not None, "what-if has no deal yet"
        return self.what_if.rewind(self.trick_picker.value - 1, self.card_picker.value - 1)

    def go_to(self, trick: int, card: int = 1) -> None:
        """Show the position before card ``card`` of trick ``trick`` (both from 1)."""
        self.trick_picker.value = trick
        self.card_picker.value = card

    def _position_changed(self) -> None:
        if self._quiet:
            return
        self.result = None
        self._render()

    def _card_clicked(self, card: Card) -> None:
        self.play(card)

    def play(self, card: Card | str) -> WhatIfResult:
        """Play ``card`` at the position shown; the bots finish the deal."""
        assert self.what_if is not None, "what-if has no deal yet"
        self.result = self.what_if.replay(
            self.trick_picker.value - 1, card, self.card_picker.value - 1
        )
        self._render()
        return self.result

    def _render(self) -> None:
        lang = self.lang
        intro = "ui.teach.whatif_intro" if self.what_if is not None else "ui.teach.whatif_no_deal"
        self.intro.value = f"<p>{escape(text(intro, lang))}</p>"
        name_control(self.code, text("ui.teach.code", lang), text("ui.teach.code_help", lang))
        self.code.placeholder = text("ui.teach.code_help", lang)
        name_control(self.load_button, text("ui.teach.load", lang))
        self.message.value = (
            alert_html(self._refusal.message(lang)) if self._refusal is not None else ""
        )
        name_control(self.trick_picker, text("ui.teach.whatif_trick", lang))
        name_control(
            self.card_picker,
            text("ui.teach.whatif_card", lang),
            text("ui.teach.whatif_card_help", lang),
        )
        shown = self.what_if is not None
        for part in (self.pickers, self.position, self.hand):
            part.layout.display = None if shown else "none"
        if self.what_if is None:
            self.position.value = self.table.value = ""
            return
        deal = self.rewound
        players = deal.rules.players
        trick = self.trick_picker.value
        # the places of the trick, each with who plays there
        leader = self.what_if.plays[(trick - 1) * players][0]
        options = [
            (
                text(
                    "ui.teach.whatif_card_option",
                    lang,
                    number=n,
                    player=seat_name((leader + n - 1) % players, players, lang),
                ),
                n,
            )
            for n in range(1, players + 1)
        ]
        if list(self.card_picker.options) != options:
            self._quiet = True
            try:
                value = self.card_picker.value
                self.card_picker.options = options
                self.card_picker.value = value
            finally:
                self._quiet = False
        player = deal.to_play
        index = (trick - 1) * players + self.card_picker.value - 1
        played = self.what_if.plays[index][1]
        faces = "".join(card_face(card, lang, small=True) for _, card in deal.current_trick.plays)
        sentence = text(
            "ui.teach.whatif_position",
            lang,
            trick=trick,
            card=self.card_picker.value,
            player=seat_name(player, players, lang),
            played=card_name(played, lang),
        )
        self.position.value = f"<p>{escape(sentence)}</p><div>{faces}</div>"
        self.hand.show(play_states(deal, player, lang, played=(played,)))
        if self.result is None:
            self.table.value = ""
            return
        self.table.value = self._result_html(played)

    def _result_html(self, played: Card) -> str:
        assert self.result is not None
        lang = self.lang
        before = self.result.before.scores()
        after = self.result.after.scores()
        players = self.result.played.rules.players
        seats = " / ".join(seat_name(p, players, lang) for p in range(players))
        head = (
            f'<th scope="col">{escape(text("teach.variant", lang))}</th>'
            f'<th scope="col">{escape(text("ui.teach.whatif_played", lang))}'
            f"<br><small>{escape(seats)}</small></th>"
            f'<th scope="col">{escape(text("ui.teach.whatif_after", lang))}'
            f"<br><small>{escape(seats)}</small></th>"
        )
        body = "".join(
            f'<tr><th scope="row">{escape(variant_label(key, lang))}</th>'
            f"<td>{' / '.join(map(signed, before[key]))}</td>"
            f"<td>{'<strong>' if before[key] != after[key] else ''}"
            f"{' / '.join(map(signed, after[key]))}"
            f"{'</strong>' if before[key] != after[key] else ''}</td></tr>"
            for key in before
        )
        order = f"<p>{escape(text('ui.teach.whatif_order', lang, seats=seats))}</p>"
        same = order + (
            "" if self.result.changes() else f"<p>{escape(text('ui.teach.whatif_same', lang))}</p>"
        )
        card = self.result.replayed.plays[
            (self.trick_picker.value - 1) * players + self.card_picker.value - 1
        ][1]
        caption = text(
            "ui.teach.whatif_table",
            lang,
            trick=self.trick_picker.value,
            **card_forms("card", card, lang),
            **card_forms("played", played, lang),
        )
        return (
            f'<table class="ht-scores"><caption>{escape(caption)}'
            f"</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{same}"
        )
