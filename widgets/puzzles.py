"""The puzzles page: a mined position from the seat's view, the next one near the
player's rating (by theme or variant if chosen), a wrong answer shown with its cost and
why, the right one played out by the bots, missed puzzles coming back, and a streak and
rating line. Every figure comes from :mod:`hearts_teach.teaching.puzzles` (the mined
data) and :mod:`hearts_teach.teaching.ratings` (Glicko-2); the page only lays them out.

Progress (the player's rating and history, the puzzles' ratings as this player has
moved them, the puzzles missed) is kept by a store: in the playground an
:class:`AddressStore`, the page's address (which the static book's page also keeps in
the browser's ``localStorage``), so that each visitor of a served class has their own;
elsewhere a :class:`ProgressStore`, ``localStorage`` where the kernel can reach it, else
a JSON file. It is never sent anywhere else.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from hearts_teach.bots.catalog import points
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.cards import Card, cards_of
from hearts_teach.errors import RecordError
from hearts_teach.i18n import card_symbol, card_symbols, decimal, seat_name, text
from hearts_teach.rules import Rules
from hearts_teach.teaching.puzzle_progress import (
    Progress,
    next_puzzle,
    progress_code,
    progress_from_code,
    puzzle_rating,
    record_try,
)
from hearts_teach.teaching.puzzles import VARIANTS, Puzzle, load
from hearts_teach.teaching.themes import THEMES

from .render import position_html, variant_name
from .review import answer_controls, card_buttons, label_cards
from .shared import alert_html, html_box
from .texts import Localized

STORAGE_KEY = "hearts-teach-puzzles"


class ProgressStore:
    """Where the progress is kept: ``localStorage`` in the browser when the kernel can
    reach it, else ``path`` (a JSON file)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.refused: RecordError | None = None  # a file or an entry is never refused
        self.local: Any = None
        if path is None and sys.platform == "emscripten":
            try:
                self.local = importlib.import_module("js").localStorage
            except AttributeError:
                self.local = None
        if self.local is None and self.path is None:
            from hearts_teach.teaching.classroom_store import default_data_folder

            self.path = default_data_folder() / "puzzles.json"

    def load(self) -> Progress:
        raw: str | None
        if self.local is not None:
            raw = self.local.getItem(STORAGE_KEY)
        else:
            assert self.path is not None
            raw = self.path.read_text("utf-8") if self.path.exists() else None
        if not raw:
            return Progress()
        try:
            return Progress.from_json(json.loads(raw))
        except (ValueError, KeyError, TypeError):
            return Progress()  # a damaged record: start again rather than fail

    def save(self, progress: Progress) -> None:
        raw = json.dumps(progress.to_json())
        if self.local is not None:
            self.local.setItem(STORAGE_KEY, raw)
            return
        assert self.path is not None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(raw, "utf-8")


def rating_text(progress: Progress, lang: str) -> str:
    """The player's rating line: rating and deviation, streak, puzzles solved of tried."""
    return text(
        "puzzle.rating",
        lang,
        rating=decimal(progress.player.rating, lang, 0),
        rd=decimal(progress.player.rd, lang, 0),
        streak=progress.streak,
        solved=progress.solved,
        tried=progress.tried,
    )


class AddressStore:
    """Progress kept in the page's address (the playground's ``puzzles=`` parameter; the
    static book's page also copies it to the browser's ``localStorage``): ``code`` is
    the progress code given, ``on_save`` told of each new one. A damaged code is set
    aside (:attr:`refused`) and the player starts afresh, never stopped."""

    def __init__(
        self,
        code: str | None,
        puzzles: Sequence[Puzzle],
        on_save: Callable[[str], None] | None = None,
    ) -> None:
        self.code = code or None
        self.puzzles = puzzles
        self.on_save = on_save
        self.refused: RecordError | None = None

    def load(self) -> Progress:
        if self.code is None:
            return Progress()
        try:
            return progress_from_code(self.code, self.puzzles)
        except RecordError as error:
            self.refused = error
            self.code = None
            return Progress()

    def save(self, progress: Progress) -> None:
        self.code = progress_code(progress)
        if self.on_save is not None:
            self.on_save(self.code)


class PuzzlePage(Localized, widgets.VBox):  # type: ignore[misc]
    """The puzzles page (see the module's text)."""

    def __init__(
        self,
        lang: str = "en",
        *,
        puzzles: Sequence[Puzzle] | None = None,
        store: ProgressStore | AddressStore | None = None,
    ) -> None:
        super().__init__()
        self.lang = lang
        self.add_class("ht-root")
        self.add_class("ht-puzzles")
        self.puzzles = list(load() if puzzles is None else puzzles)
        self.store = store or ProgressStore()
        self.progress = self.store.load()
        self.puzzle: Puzzle | None = None
        self.status = "asking"  # asking, right, wrong, shown
        self.tried: list[Card] = []
        self.picked: list[Card] = []
        self.theme = widgets.Dropdown()
        self.variant = widgets.Dropdown()
        self.theme.observe(lambda _c: self.next(), names="value")
        self.variant.observe(lambda _c: self.next(), names="value")
        self.intro = html_box()
        self.line = html_box()
        self.picture = html_box()
        self.prompt = html_box()
        self.cards, self.pass_button, self.show_button, self.next_button = answer_controls(self)
        self.message = html_box()
        self.children = (
            self.intro,
            widgets.HBox([self.theme, self.variant]),
            self.line,
            self.picture,
            self.prompt,
            self.cards,
            widgets.HBox([self.pass_button, self.show_button, self.next_button]),
            self.message,
        )
        self._options()
        self.next()
        self._relabel_on_lang(self._relabel)

    def _relabel(self) -> None:
        self._options()
        self._render()

    def _options(self) -> None:
        lang = self.lang
        any_ = text("puzzle.any", lang)
        themes = sorted({p.theme for p in self.puzzles}, key=THEMES.index)
        variants = sorted({p.variant for p in self.puzzles}, key=VARIANTS.index)
        theme, variant = self.theme.value or "", self.variant.value or ""
        with self.hold_trait_notifications():
            self.theme.options = [(any_, "")] + [
                (text(f"grade.theme.{t}", lang), t) for t in themes
            ]
            self.variant.options = [(any_, "")] + [
                (variant_name(Rules.preset(v), lang), v) for v in variants
            ]
            self.theme.value, self.variant.value = theme, variant
        self.theme.description = text("puzzle.theme", lang)
        self.variant.description = text("puzzle.variant", lang)

    # --- the puzzle ----------------------------------------------------------------

    def next(self) -> Puzzle | None:
        """The next puzzle (see :func:`next_puzzle`)."""
        self.puzzle = next_puzzle(
            self.puzzles, self.progress, self.theme.value or "", self.variant.value or ""
        )
        self.status = "asking"
        self.tried = []
        self.picked = []
        buttons: tuple[Any, ...] = ()
        if self.puzzle is not None:
            view = self.puzzle.view()
            hand = view.hand if self.puzzle.kind == "pass" else view.legal
            buttons = card_buttons(cards_of(hand), self.pick)
        self.cards.children = tuple(buttons)
        self._render()
        return self.puzzle

    def pick(self, card: Card) -> str:
        """A card played (for a pass: toggled; :meth:`try_pass` tries the pass)."""
        puzzle = self.puzzle
        if puzzle is None or self.status in ("right", "shown"):
            return self.status
        if puzzle.kind == "pass":
            if card in self.picked:
                self.picked.remove(card)
            elif len(self.picked) < len(puzzle.answers[0]):
                self.picked.append(card)
            self._render()
            return "picked"
        return self._answer([card])

    def try_pass(self) -> str:
        puzzle = self.puzzle
        if puzzle is None or len(self.picked) != len(puzzle.answers[0]):
            return "picked"
        return self._answer(list(self.picked))

    def _answer(self, cards: list[Card]) -> str:
        puzzle = self.puzzle
        assert puzzle is not None
        right = puzzle.is_answer(cards)
        first = self.status == "asking"
        self.tried = cards
        self.status = "right" if right else "wrong"
        if first:  # only the first try of a puzzle counts for the ratings
            record_try(self.progress, puzzle, right)
            self.store.save(self.progress)
        self._render()
        return self.status

    def show_answer(self) -> None:
        puzzle = self.puzzle
        if puzzle is None:
            return
        if self.status == "asking":
            record_try(self.progress, puzzle, False)
            self.store.save(self.progress)
        self.status = "shown"
        self._render()

    def played_out(self, lang: str) -> str:
        """The answer played out by the bots to the end of the deal, trick by trick."""
        puzzle = self.puzzle
        assert puzzle is not None
        deal = puzzle.position()
        first = deal.trick_number
        answer = [Card.parse(c) for c in puzzle.answers[0]]
        if puzzle.kind == "pass":
            deal.pass_cards(puzzle.player, answer)
        else:
            deal.play(answer[0])
        end = play_out(deal, seat_bots("heuristic", 0, deal.rules.players))
        lines = []
        for number, trick in enumerate(end.tricks):
            if number < first or trick.winner is None:
                continue
            plays = " ".join(card_symbol(c, lang) for _p, c in trick.plays)
            winner = seat_name(trick.winner, end.rules.players, lang)
            lines.append(
                text("puzzle.played_trick", lang, number=number + 1, cards=plays, winner=winner)
            )
        separator = text("puzzle.played_separator", lang)  # French: a narrow space before ;
        return text("puzzle.played_out", lang, tricks=separator.join(lines))

    def _render(self) -> None:
        lang = self.lang
        progress = self.progress
        self.intro.value = (
            f'<h3 lang="{lang}">{escape(text("puzzle.title", lang))}</h3>'
            f'<p lang="{lang}">{escape(text("puzzle.intro", lang))}</p>'
            f'<p lang="{lang}">{escape(text("puzzle.kept", lang))}</p>'
        )
        refused = self.store.refused
        if refused is not None:  # a damaged progress code: said, and a fresh start
            self.intro.value += alert_html(
                text("puzzle.progress_refused", lang, error=refused.message(lang))
            )
        rating = rating_text(progress, lang)
        history = ""
        if progress.history:
            shown = " → ".join(decimal(r, lang, 0) for r in progress.history[-10:])
            history = f"<p>{escape(text('puzzle.history', lang, line=shown))}</p>"
        self.line.value = (
            f'<div class="ht-message" role="status" lang="{lang}"><p>{escape(rating)}</p>'
            f"{history}</div>"
        )
        self.pass_button.description = text("puzzle.try_pass", lang)
        self.show_button.description = text("puzzle.show", lang)
        self.next_button.description = text("puzzle.next", lang)
        puzzle = self.puzzle
        if puzzle is None:
            self.picture.value = ""
            self.prompt.value = f'<p lang="{lang}">{escape(text("puzzle.none", lang))}</p>'
            self.message.value = ""
            self.pass_button.layout.display = "none"
            return
        deal = puzzle.position()
        self.picture.value = position_html(
            deal, lang, player=puzzle.player, playground_url=None, include_style=True, seated=True
        )
        seat = seat_name(puzzle.player, deal.rules.players, lang)
        variant = variant_name(deal.rules, lang)
        if puzzle.kind == "pass":
            ask = text(
                "puzzle.prompt.pass", lang, variant=variant, seat=seat, count=len(puzzle.answers[0])
            )
        else:
            ask = text(
                "puzzle.prompt.play", lang, variant=variant, seat=seat, trick=deal.trick_number + 1
            )
        about = text(
            "puzzle.puzzle_rating",
            lang,
            rating=decimal(puzzle_rating(puzzle, progress).rating, lang, 0),
            theme=text(f"grade.theme.{puzzle.theme}", lang),
        )
        again = progress.again.get(puzzle.id) is not None and self.status == "asking"
        extra = f"<p>{escape(text('puzzle.again', lang))}</p>" if again else ""
        self.prompt.value = (
            f'<div lang="{lang}"><p><strong>{escape(ask)}</strong></p>'
            f"<p>{escape(about)}</p>{extra}</div>"
        )
        label_cards(self.cards.children, self.picked, lang)
        self.pass_button.layout.display = None if puzzle.kind == "pass" else "none"
        self.message.value = (
            f'<div class="ht-message" role="status" aria-live="polite" lang="{lang}">'
            f"{self._said(lang)}</div>"
        )

    def _said(self, lang: str) -> str:
        puzzle = self.puzzle
        assert puzzle is not None
        answer_cards = [Card.parse(c) for c in puzzle.answers[0]]
        answer = card_symbols(answer_cards, lang, sep=" ")
        why = puzzle.explanation(lang)
        if self.status == "asking":
            return ""
        if self.status == "wrong":
            option = puzzle.option_of(self.tried)
            if option is None:
                said = text("puzzle.wrong_unpriced", lang, answer=answer, why=why)
            else:
                said = text(
                    "puzzle.wrong",
                    lang,
                    cards=card_symbols(self.tried, lang, sep=" "),
                    cost=points(option.cost, lang),
                    error=decimal(option.error, lang),
                    answer=answer,
                    why=why,
                )
        elif self.status == "shown":
            said = text("puzzle.wrong_unpriced", lang, answer=answer, why=why)
        else:
            said = text("puzzle.right", lang, cards=answer, why=why)
        return f"<p>{escape(said)}</p><p>{escape(self.played_out(lang))}</p>"


__all__ = [
    "AddressStore",
    "Progress",
    "ProgressStore",
    "PuzzlePage",
    "load",
    "next_puzzle",
    "record_try",
]
