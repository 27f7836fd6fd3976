"""The claims helper of the lesson editor: a claim picked from what the engine checks.

The teacher picks a kind of claim from a list (the lessons' claims that speak of the
position where a sentence is shown: see :mod:`hearts_teach.teaching.lessons.claims`),
fills its card, seat, suit or number, and adds it to the sentence; the claim is built
as the lessons write it and read back by the lessons' own parser, so a claim the
helper adds is one the validator understands. Whether it is true is the validator's
answer, when the lesson is checked."""

from __future__ import annotations

from html import escape
from typing import Any, Final

import ipywidgets as widgets  # type: ignore[import-untyped]

from hearts_teach.cards import Suit
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import seat_name, text
from hearts_teach.teaching.lessons.claims import ClaimError, parse_claims

from ..texts import Localized

KINDS: Final = (
    # kind, the arguments it takes (card, cards, seat, suit, number, state)
    ("wins", ("card",)),
    ("loses", ("card",)),
    ("legal", ("card",)),
    ("illegal", ("card",)),
    ("trick_to", ("seat",)),
    ("holds", ("seat", "cards")),
    ("void", ("seat", "suit")),
    ("hearts", ("state",)),
    ("worth", ("card", "number")),
    ("trick_points", ("number",)),
    ("points", ("seat", "number")),
    ("last_trick_to", ("seat",)),
    ("takes_every_trick", ("seat",)),
)
"""The claims a sentence at a trick may make, in the order the list offers them."""
ARGUMENTS: Final = dict(KINDS)
HEARTS_STATES: Final = ("broken", "unbroken", "free")


def seat_word(player: int, players: int) -> str:
    """A seat as the claims name it (``"south"``, ``"north-west"``...)."""
    return seat_name(player, players, "en").lower().replace(" ", "-")


class ClaimPicker(Localized, widgets.VBox):  # type: ignore[misc]
    """Pick a claim, fill it, add it: ``claims`` is the list the sentence will carry."""

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.lang = lang
        self.players = 4
        self.learner = 0
        self.claims: list[Any] = []
        self.error: HeartsError | None = None
        self.kind = widgets.Dropdown(options=[(k, k) for k, _ in KINDS], value="wins")
        self.kind.observe(lambda _c: self._show_arguments(), names="value")
        self.negate = widgets.Checkbox(value=False, indent=False)
        self.card = widgets.Text(layout=widgets.Layout(width="8em"))
        self.cards = widgets.Text(layout=widgets.Layout(width="14em"))
        self.seat = widgets.Dropdown(options=[("", "you")], value="you")
        self.suit = widgets.Dropdown(options=[(s.symbol, s.symbol) for s in Suit])
        self.number = widgets.IntText(value=0, layout=widgets.Layout(width="8em"))
        self.state = widgets.Dropdown(options=[(w, w) for w in HEARTS_STATES], value="broken")
        self.add_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.add_button.on_click(lambda _b: self.add())
        self.clear_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.clear_button.on_click(lambda _b: self.clear())
        self.said = widgets.HTML()
        self.arguments = {
            "card": self.card,
            "cards": self.cards,
            "seat": self.seat,
            "suit": self.suit,
            "number": self.number,
            "state": self.state,
        }
        self.heading = widgets.HTML()
        self.children = (
            self.heading,
            widgets.HBox([self.kind, self.negate]),
            widgets.HBox(list(self.arguments.values())),
            widgets.HBox([self.add_button, self.clear_button]),
            self.said,
        )
        self._show_arguments()
        self._render()
        self._relabel_on_lang(self._render)

    def set_table(self, players: int, learner: int) -> None:
        """The seats the list offers: the student (« vous ») and the others by name."""
        self.players, self.learner = players, learner
        self._render()

    def claim(self) -> Any:
        """The claim as the lessons write it, from what is filled in."""
        kind = str(self.kind.value)
        seat = str(self.seat.value)
        value: Any
        if kind in ("wins", "loses", "legal", "illegal"):
            value = self.card.value.strip()
        elif kind == "holds":
            cards = self.cards.value.strip()
            value = cards if seat == "you" else {"seat": seat, "cards": cards}
        elif kind == "void":
            value = self.suit.value if seat == "you" else {"seat": seat, "suit": self.suit.value}
        elif kind == "hearts":
            value = self.state.value
        elif kind == "worth":
            value = {"card": self.card.value.strip(), "points": int(self.number.value)}
        elif kind == "trick_points":
            value = int(self.number.value)
        elif kind == "points":
            value = {"seat": seat, "taken": int(self.number.value)}
        elif kind == "trick_to":
            value = {"seat": seat}
        else:
            value = seat
        claim = {kind: value}
        return {"not": claim} if self.negate.value else claim

    def add(self) -> bool:
        """Add the claim filled in; one the lessons cannot read is refused, said, and
        nothing changes."""
        claim = self.claim()
        try:
            parse_claims([claim], "claim")
        except ClaimError as error:
            self.error = error
            self._render()
            return False
        self.error = None
        self.claims.append(claim)
        self._render()
        return True

    def clear(self) -> None:
        self.claims = []
        self.error = None
        self._render()

    def set_claims(self, claims: list[Any]) -> None:
        """The claims of a sentence written before (to edit it again)."""
        self.claims = list(claims)
        self.error = None
        self._render()

    def words(self, claim: Any, lang: str) -> str:
        """A claim in the teacher's words: its kind as the list says it, then its
        card, seat, suit or number."""
        if not isinstance(claim, dict) or len(claim) != 1:
            return str(claim)
        ((kind, value),) = claim.items()
        if kind == "not":
            return text("ui.lesson_claim.not", lang, claim=self.words(value, lang))
        parts = []
        for item in value.values() if isinstance(value, dict) else (value,):
            if kind == "hearts" and item in HEARTS_STATES:
                parts.append(text(f"ui.lesson_claim.hearts_{item}", lang).lower())
            else:
                parts.append(self._seat_said(item, lang) if isinstance(item, str) else str(item))
        label = text(f"ui.lesson_claim.{kind}", lang) if kind in ARGUMENTS else kind
        return text("ui.lesson_claim.said", lang, kind=label, what=", ".join(parts))

    def _seat_said(self, word: str, lang: str) -> str:
        if word == "you":
            return text("ui.lesson_claim.you", lang)
        for player in range(self.players):
            if seat_word(player, self.players) == word:
                return seat_name(player, self.players, lang)
        return word

    def _show_arguments(self) -> None:
        needed = ARGUMENTS.get(str(self.kind.value), ())
        for name, control in self.arguments.items():
            control.layout.display = None if name in needed else "none"

    def _render(self) -> None:
        lang = self.lang
        self.heading.value = f"<p>{escape(text('ui.lesson_claim.heading', lang))}</p>"
        self.kind.options = [(text(f"ui.lesson_claim.{k}", lang), k) for k, _ in KINDS]
        self.kind.description = text("ui.lesson_claim.kind", lang)
        self.negate.description = text("ui.lesson_claim.negate", lang)
        self.card.description = text("ui.lesson_claim.card", lang)
        self.cards.description = text("ui.lesson_claim.cards", lang)
        self.seat.description = text("ui.lesson_claim.seat", lang)
        seats = [(text("ui.lesson_claim.you", lang), "you")]
        seats += [
            (seat_name(p, self.players, lang), seat_word(p, self.players))
            for p in range(self.players)
            if p != self.learner
        ]
        kept = self.seat.value
        self.seat.options = seats
        self.seat.value = kept if kept in [value for _, value in seats] else "you"
        self.suit.description = text("ui.lesson_claim.suit", lang)
        self.number.description = text("ui.lesson_claim.number", lang)
        self.state.options = [(text(f"ui.lesson_claim.hearts_{w}", lang), w) for w in HEARTS_STATES]
        self.state.description = text("ui.lesson_claim.state", lang)
        self.add_button.description = text("ui.lesson_claim.add", lang)
        self.clear_button.description = text("ui.lesson_claim.clear", lang)
        for control in (self.kind, *self.arguments.values(), self.add_button, self.clear_button):
            control.style.description_width = "initial"
            control.tooltip = control.description
        self.negate.tooltip = self.negate.description
        items = "".join(f"<li>{escape(self.words(c, lang))}</li>" for c in self.claims)
        listing = (
            f'<ul aria-label="{escape(text("ui.lesson_claim.listed", lang))}">{items}</ul>'
            if self.claims
            else f"<p>{escape(text('ui.lesson_claim.none', lang))}</p>"
        )
        refusal = (
            f'<p class="ht-error" role="alert">{escape(self.error.message(lang))}</p>'
            if self.error is not None
            else ""
        )
        self.said.value = refusal + listing
