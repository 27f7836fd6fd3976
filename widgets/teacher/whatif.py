"""What-if: another card at a trick of a played deal, the bots playing the rest
(:mod:`hearts_teach.teaching.whatif`)."""

from __future__ import annotations

from html import escape

import ipywidgets as widgets  # type: ignore[import-untyped]

from hearts_teach import Card, Deal
from hearts_teach.i18n import (
    card_name,
    seat_name,
    signed,
    text,
)
from hearts_teach.teaching.compare import variant_label
from hearts_teach.teaching.whatif import WhatIf, WhatIfResult

from ..cards import HandView, play_states
from ..render import card_face
from ..shared import NATURAL_LABEL, name_control
from ..style import style_tag
from ..texts import Localized


class WhatIfWidget(Localized, widgets.VBox):  # type: ignore[misc]
    """Rewind a played deal to a trick and card, play another card, see what changes."""

    def __init__(
        self, deal: Deal, lang: str = "en", level: str | None = None, seed: int = 0
    ) -> None:
        super().__init__()
        self.add_class("ht-root")
        self.lang = lang
        self.what_if = WhatIf(deal, level=level, seed=seed)
        players = deal.rules.players
        self.intro = widgets.HTML()
        # Drop-downs, not sliders: ipywidgets 8 draws a slider's handle without a name
        # for screen readers (its description is a label tied to no control), while a
        # drop-down's description is the <label> of its <select>.
        self.trick_picker = widgets.Dropdown(
            options=[(str(n), n) for n in range(1, len(deal.tricks) + 1)],
            value=1,
            style=NATURAL_LABEL,
        )
        self.card_picker = widgets.Dropdown(
            options=[(str(n), n) for n in range(1, players + 1)], value=1, style=NATURAL_LABEL
        )
        self.trick_picker.observe(lambda _c: self._position_changed(), names="value")
        self.card_picker.observe(lambda _c: self._position_changed(), names="value")
        self.position = widgets.HTML()
        self.hand = HandView(self._card_clicked, lang)
        self.table = widgets.HTML()
        self.result: WhatIfResult | None = None
        self.children = (
            widgets.HTML(style_tag()),
            self.intro,
            self.trick_picker,
            self.card_picker,
            self.position,
            self.hand,
            self.table,
        )
        self._render()
        self._relabel_on_lang(self._render)  # the position and the card replayed are kept

    @property
    def rewound(self) -> Deal:
        return self.what_if.rewind(self.trick_picker.value - 1, self.card_picker.value - 1)

    def go_to(self, trick: int, card: int = 1) -> None:
        """Show the position before card ``card`` of trick ``trick`` (both from 1)."""
        self.trick_picker.value = trick
        self.card_picker.value = card

    def _position_changed(self) -> None:
        self.result = None
        self._render()

    def _card_clicked(self, card: Card) -> None:
        self.play(card)

    def play(self, card: Card | str) -> WhatIfResult:
        """Play ``card`` at the position shown; the bots finish the deal."""
        self.result = self.what_if.replay(
            self.trick_picker.value - 1, card, self.card_picker.value - 1
        )
        self._render()
        return self.result

    def _render(self) -> None:
        lang = self.lang
        deal = self.rewound
        player = deal.to_play
        index = (self.trick_picker.value - 1) * deal.rules.players + self.card_picker.value - 1
        played = self.what_if.plays[index][1]
        self.intro.value = f"<p>{escape(text('ui.teach.whatif_intro', lang))}</p>"
        name_control(self.trick_picker, text("ui.teach.whatif_trick", lang))
        name_control(self.card_picker, text("ui.teach.whatif_card", lang))
        faces = "".join(card_face(card, lang, small=True) for _, card in deal.current_trick.plays)
        sentence = text(
            "ui.teach.whatif_position",
            lang,
            trick=self.trick_picker.value,
            card=self.card_picker.value,
            player=seat_name(player, deal.rules.players, lang),
            played=card_name(played, lang),
        )
        self.position.value = f"<p>{escape(sentence)}</p><div>{faces}</div>"
        self.hand.show(play_states(deal, player, lang, played=(played,)))
        if self.result is None:
            self.table.value = ""
            return
        before = self.result.before.scores()
        after = self.result.after.scores()
        head = (
            f'<th scope="col">{escape(text("teach.variant", lang))}</th>'
            f'<th scope="col">{escape(text("ui.teach.whatif_played", lang))}</th>'
            f'<th scope="col">{escape(text("ui.teach.whatif_after", lang))}</th>'
        )
        body = "".join(
            f'<tr><th scope="row">{escape(variant_label(key, lang))}</th>'
            f"<td>{' / '.join(map(signed, before[key]))}</td>"
            f"<td>{'<strong>' if before[key] != after[key] else ''}"
            f"{' / '.join(map(signed, after[key]))}"
            f"{'</strong>' if before[key] != after[key] else ''}</td></tr>"
            for key in before
        )
        players = self.result.played.rules.players
        seats = " / ".join(seat_name(p, players, lang) for p in range(players))
        order = f"<p>{escape(text('ui.teach.whatif_order', lang, seats=seats))}</p>"
        same = order + (
            "" if self.result.changes() else f"<p>{escape(text('ui.teach.whatif_same', lang))}</p>"
        )
        self.table.value = (
            f'<table class="ht-scores"><caption>{escape(text("ui.teach.whatif_table", lang))}'
            f"</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{same}"
        )
