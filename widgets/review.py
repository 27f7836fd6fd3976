"""The deal review on screen: each decision of a player, the costliest first, and the
deal replayed from any of them with the better card.

The figures, the reasons and the replays all come from :mod:`hearts_teach.teaching.review`; the
widgets only lay them out. A decision is a row: where it was, what was played, what the
strong bot prefers, the cost with its standard error, the verdict in words (never by
colour alone) and the reason; a row the bot disagrees with has a button that replays the
deal from there (teach's what-if: the bots finish the deal). The panel serves the
playground's table (:class:`hearts_teach_widgets.table.HeartsTable`, after each deal) and the
teachers' tools (:class:`ReviewTab`, a deal from its share code).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from html import escape
from typing import Any, Protocol

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from hearts_teach import Deal
from hearts_teach.bots.catalog import points
from hearts_teach.bots.weigh import NOISE
from hearts_teach.cards import Card, cards_of, sorted_for_display
from hearts_teach.describe import seat_words
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import card_symbol, decimal, message, seat_name, text
from hearts_teach.records import deal_from_code, share_code
from hearts_teach.teaching.grading import GRADE_MARKS, Leak, cuts
from hearts_teach.teaching.puzzles import load as load_puzzles
from hearts_teach.teaching.review import (
    CONFIRM_SAMPLES,
    REVIEW_PLAYOUTS,
    DealReview,
    Decision,
    FaceUp,
    GameReview,
    Seat,
    face_up,
    find_leaks,
    review_deal,
)
from hearts_teach.teaching.whatif import WhatIfResult

from .render import moon_text, position_html
from .shared import alert_html, card_layout, html_box
from .texts import Localized

ROW_BANDS = {
    "best": "agrees",
    "excellent": "agrees",
    "good": "noise",
    "inaccuracy": "slight",
    "mistake": "mistake",
    "blunder": "mistake",
}
"""A row's colour by its grade (``ht-review-<band>``): with the grade's one sign
(:data:`GRADE_MARKS`) and its words, never a colour that disagrees with them."""

STYLE = """<style>
.ht-review-row{border-left:5px solid #9e9e9e;padding:4px 8px;margin:3px 0;background:#fafafa;
  border-radius:6px;flex:1 1 30em;min-width:0}
.ht-review-row.ht-review-mistake{border-left-color:#c62828}
.ht-review-row.ht-review-slight{border-left-color:#ef6c00}
.ht-review-row.ht-review-agrees{border-left-color:#2e7d32}
.ht-review-row p{margin:2px 0}
.ht-review-verdict{font-weight:700}
.ht-review-line{align-items:center;gap:6px;flex-wrap:wrap}
</style>"""


def _you(review: DealReview, third_person: bool) -> int | None:
    """The seat spoken to as "you": the reviewed one, or none when the review is read by
    someone else (a teacher reviewing a student's seat hears of "North")."""
    return None if third_person else review.player


def _name(player: int, review: DealReview, lang: str, you: int | None, sentence: bool) -> str:
    return seat_words(player, review.deal.rules, lang, you, sentence=sentence)


def decision_html(
    decision: Decision, review: DealReview, lang: str, third_person: bool = False
) -> str:
    """One decision as a short block: where, played, preferred, cost, verdict, reason;
    ``third_person``: of the reviewed seat by its name, for someone else."""
    grade = decision.grade
    verdict = ROW_BANDS[grade]
    where = decision.where_text(lang)
    if decision.kind != "pass":  # "Pass · pass" would say it twice
        where = f"{where} · {decision.kind_text(lang)}"
    cards = decision.played_text(lang)
    about = Seat(review.player, review.deal.rules.players) if third_person else None
    if about is None:
        played = text("ui.review.played", lang, cards=cards)
    else:
        player = seat_name(review.player, review.deal.rules.players, lang)
        played = text("ui.review.played_seat", lang, cards=cards, player=player)
    parts = [played]
    # Only a cost beyond the noise is a preference of the bot's: a card within the noise,
    # or better than the bot's (a negative cost), is not one (it would contradict a hint
    # followed).
    if decision.lost:
        parts.append(text("ui.review.better", lang, cards=decision.better_text(lang)))
        parts.append(text("ui.review.cost", lang, cost=decision.cost_text(lang)))
    # One ladder, the grade's, with one sign: the verdict's own cross (a cost past the
    # noise and the floor) once stood before « Excellent (✓) », and the chess signs
    # « (?!) » beside the words meant nothing to a Hearts player.
    head = (
        f'<span class="ht-review-verdict" aria-hidden="true">{GRADE_MARKS[grade]}</span> '
        f"<strong>{escape(where)}</strong> — "
        f'<span class="ht-review-grade ht-grade-{grade}">{escape(decision.grade_text(lang))}'
        "</span>"
    )
    reason = decision.reason_text(lang, about)
    body = " ".join(escape(p) for p in parts)
    return (
        f'<div class="ht-review-row ht-review-{verdict}" lang="{lang}">'
        f"<p>{head}</p><p>{body}</p>" + (f"<p>{escape(reason)}</p>" if reason else "") + "</div>"
    )


def ladder_text(moon_value: int, lang: str) -> str:
    """The grades' ladder in words, with its cuts in points for this moon's value."""
    excellent, good, inaccuracy, mistake = (points(c, lang, 0) for c in cuts(moon_value))
    return text(
        "grade.ladder",
        lang,
        excellent=excellent,
        good=good,
        inaccuracy=inaccuracy,
        mistake=mistake,
    )


@cache
def puzzles_by_theme() -> dict[str, int]:
    """How many stored puzzles each theme has: the leak finder offers them."""
    counts: dict[str, int] = {}
    for puzzle in load_puzzles():
        counts[puzzle.theme] = counts.get(puzzle.theme, 0) + 1
    return counts


def leaks_html(reviews: Sequence[DealReview], lang: str) -> str:
    """The leak finder over ``reviews``: points lost per kind and per theme, worst first."""
    if not reviews:
        return ""
    by_kind, by_theme = find_leaks(reviews)

    def items(found: Sequence[Leak], names: str) -> str:
        return "".join(
            "<li>"
            + escape(
                text(
                    "review.leaks.line",
                    lang,
                    name=text(f"{names}.{leak.name}", lang),
                    lost=points(leak.points, lang),
                    costly=leak.costly,
                    decisions=leak.decisions,
                )
            )
            + "</li>"
            for leak in found
            if leak.points > 0
        )

    kinds, themes = items(by_kind, "review.kind"), items(by_theme, "grade.theme")
    offered = puzzles_by_theme()
    worst = next((leak.name for leak in by_theme if leak.points > 0), None)
    offer = ""
    if worst is not None and offered.get(worst):
        theme = message(f"grade.theme.{worst}", lang)
        said = text("review.leaks.puzzles", lang, theme=theme, count=offered[worst])
        offer = f"<p>{escape(said)}</p>"
    if not kinds:
        body = f"<p>{escape(text('review.leaks.none', lang))}</p>"
    else:
        body = (
            f"<p>{escape(text('review.leaks.by_kind', lang))}</p><ol>{kinds}</ol>"
            f"<p>{escape(text('review.leaks.by_theme', lang))}</p><ol>{themes}</ol>{offer}"
        )
    return (
        f'<details class="ht-details ht-leaks" lang="{lang}"><summary>'
        f"{escape(text('review.leaks.title', lang))}</summary>{body}</details>"
    )


def replay_html(
    review: DealReview,
    decision: Decision,
    result: WhatIfResult,
    lang: str,
    third_person: bool = False,
) -> str:
    """How the deal ends when replayed with the better card: each player's score for the
    deal, as played and replayed, with the change in words and numbers."""
    rules = review.deal.rules
    before = result.played.result()
    after = result.replayed.result()
    you = _you(review, third_person)
    where = decision.where_text(lang)
    title = text("ui.review.replay_title", lang, where=where, cards=decision.better_text(lang))
    head = (
        f'<th scope="col">{escape(text("ui.review.replay_seat", lang))}</th>'
        f'<th scope="col">{escape(text("ui.review.replay_played", lang))}</th>'
        f'<th scope="col">{escape(text("ui.review.replay_after", lang))}</th>'
        f'<th scope="col">{escape(text("ui.review.replay_change", lang))}</th>'
    )
    rows = []
    for player in range(rules.players):
        first, second = before.scores[player], after.scores[player]
        change = second - first
        shown = f"{change:+d}".replace("-", "−") if change else "="
        strong = ("<strong>", "</strong>") if change else ("", "")
        rows.append(
            f'<tr><th scope="row">{escape(_name(player, review, lang, you, False))}</th>'
            f"<td>{first}</td><td>{strong[0]}{second}{strong[1]}</td><td>{shown}</td></tr>"
        )
    said = []
    if after.moon is not None:
        if you is None:
            said.append(
                text("ui.deal.moon", lang, seat=_name(after.moon, review, lang, you, False))
            )
        else:
            said.append(moon_text(after.moon, rules, lang, you))
    if before.scores == after.scores:
        said.append(text("ui.review.replay_same", lang))
    tricks = _replayed_tricks(review, decision, result, lang, you)
    caption = escape(text("ui.review.replay_caption", lang))
    # The replays are played by the medium bots: named as the bot picker names them.
    level = text("ui.bot.heuristic", lang)
    if you is None:
        reviewed = seat_name(review.player, rules.players, lang)
        note = text("ui.review.replay_note_seat", lang, level=level, player=reviewed)
    else:
        note = text("ui.review.replay_note", lang, level=level)
    return (
        f'<div class="ht-panel" lang="{lang}" role="region" aria-label="{escape(title)}">'
        f'<h4 class="ht-replay-title">{escape(title)}</h4><p>{escape(note)}</p>'
        f'<table class="ht-scores"><caption>{caption}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        + "".join(f"<p>{escape(s)}</p>" for s in said)
        + tricks
        + "</div>"
    )


def _replayed_tricks(
    review: DealReview, decision: Decision, result: WhatIfResult, lang: str, you: int | None
) -> str:
    """The replayed tricks, from the one the decision changed to the end."""
    first = 0 if decision.kind == "pass" else decision.trick - 1
    lines = []
    for number, trick in enumerate(result.replayed.tricks):
        if number < first or trick.winner is None:
            continue
        plays = ", ".join(
            f"{_name(p, review, lang, you, True)} {card_symbol(c, lang)}" for p, c in trick.plays
        )
        lines.append(
            text(
                "ui.review.replayed_trick",
                lang,
                number=number + 1,
                plays=plays,
                seat=_name(trick.winner, review, lang, you, True),
            )
        )
    return "<ol class='ht-log'>" + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ol>"


def shown_decisions(review: DealReview) -> list[Decision]:
    """The decisions the review lists, in the order they were played: not those with
    nothing to weigh (a cost of 0 with no error: every card the same)."""
    return [d for d in review.decisions if d.cost != 0 or d.error != 0]


def replay_label(decision: Decision, lang: str) -> str:
    """``Replay trick 5 with 5♠`` / ``Replay the pass with …``: a replay button's words."""
    cards = decision.better_text(lang)
    if decision.kind == "pass":
        return text("ui.review.replay_pass", lang, cards=cards)
    return text("ui.review.replay_trick", lang, number=decision.trick, cards=cards)


def face_up_html(lines: Sequence[FaceUp], lang: str) -> str:
    """The "cards face up" lines, folded under their own title: what the cards were, which
    the player could not see, so never beside the estimate's words."""
    if not lines:
        return ""
    items = "".join(
        f"<li><strong>{escape(text('review.face_up.trick', lang, number=line.trick))}</strong> "
        f"{escape(line.text(lang))}</li>"
        for line in lines
    )
    return (
        f'<details class="ht-details ht-face-up" lang="{lang}"><summary>'
        f"{escape(text('review.face_up.title', lang))}</summary>"
        f"<p>{escape(text('review.face_up.intro', lang))}</p><ul>{items}</ul></details>"
    )


class Answering(Protocol):
    """A page that asks for a card or a pass (:class:`LearnPanel`, the puzzles page)."""

    def try_pass(self) -> object: ...
    def show_answer(self) -> None: ...
    def next(self) -> object: ...


def answer_controls(
    page: Answering,
) -> tuple[widgets.HBox, widgets.Button, widgets.Button, widgets.Button]:
    """The row of cards to choose from, and the pass, answer and next buttons, wired to
    ``page``."""
    cards = widgets.HBox()
    cards.add_class("ht-hand")
    pass_button = widgets.Button(layout=widgets.Layout(width="auto"))
    pass_button.on_click(lambda _b: page.try_pass())
    show_button = widgets.Button(icon="eye", layout=widgets.Layout(width="auto"))
    show_button.on_click(lambda _b: page.show_answer())
    next_button = widgets.Button(icon="forward", layout=widgets.Layout(width="auto"))
    next_button.on_click(lambda _b: page.next())
    return cards, pass_button, show_button, next_button


def card_buttons(cards: Sequence[Card], pick: Callable[[Card], object]) -> tuple[Any, ...]:
    """One button a card, in display order, each calling ``pick`` with its card."""
    buttons = []
    for card in sorted_for_display(cards):
        button = widgets.Button(layout=card_layout())
        button.on_click(lambda _b, card=card: pick(card))
        button.card = card
        buttons.append(button)
    return tuple(buttons)


def label_cards(buttons: Sequence[Any], picked: Sequence[Card], lang: str) -> None:
    """Each card button named in ``lang``, the cards picked (for a pass) marked."""
    for button in buttons:
        button.description = card_symbol(button.card, lang)
        button.tooltip = card_symbol(button.card, lang)
        button.button_style = "info" if button.card in picked else ""


class LearnPanel(Localized, widgets.VBox):  # type: ignore[misc]
    """ "Learn from your mistakes": the player back at each costly decision of a reviewed
    deal (an inaccuracy, a mistake or a blunder, in the order they were taken), with the
    view they had then, asked for a better choice without naming it; the answer comes
    after a right try, or on request."""

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.lang = lang
        self.add_class("ht-learn")
        self.review: DealReview | None = None
        self.index = 0
        self.status = "asking"  # asking, right, wrong, same, shown
        self.picked: list[Card] = []
        self.picture = html_box()
        self.prompt = html_box()
        self.cards, self.check_button, self.show_button, self.next_button = answer_controls(self)
        self.message = html_box()
        self.children = (
            self.picture,
            self.prompt,
            self.cards,
            widgets.HBox([self.check_button, self.show_button, self.next_button]),
            self.message,
        )
        self.layout.display = "none"
        self._relabel_on_lang(self._render)

    @property
    def decision(self) -> Decision | None:
        if self.review is None or self.index >= len(self.review.costly):
            return None
        return self.review.costly[self.index]

    def start(self, review: DealReview) -> None:
        """Back to the first costly decision of ``review``."""
        self.review = review
        self.index = 0
        self._ask()

    def next(self) -> None:
        self.index += 1
        self._ask()

    def reset(self) -> None:
        """Forget the review it went through, hidden until "learn" is pressed again: a
        new review must not keep the last one's words (its "nothing to go back to")."""
        self.review = None
        self.index = 0
        self.status = "asking"
        self.picked = []
        self.picture.value = self.prompt.value = self.message.value = ""
        self.cards.children = ()
        self.layout.display = "none"

    def _ask(self) -> None:
        self.status = "asking"
        self.picked = []
        self.layout.display = None
        decision = self.decision
        buttons: tuple[Any, ...] = ()
        if decision is not None:
            assert self.review is not None
            view = self.review.position_before(decision).view(self.review.player)
            hand = cards_of(view.hand if decision.kind == "pass" else view.legal)
            buttons = card_buttons(hand, self.pick)
        self.cards.children = tuple(buttons)
        self._render()

    def pick(self, card: Card) -> str:
        """A card tried (for a pass: a card toggled, the pass tried with :meth:`try_pass`)."""
        decision = self.decision
        assert decision is not None and self.review is not None
        if decision.kind == "pass":
            if card in self.picked:
                self.picked.remove(card)
            elif len(self.picked) < len(decision.played):
                self.picked.append(card)
            self._render()
            return "picked"
        self.status = self.review.judge_try(decision, [card])
        self.picked = [card]
        self._render()
        return self.status

    def try_pass(self) -> str:
        decision = self.decision
        assert decision is not None and self.review is not None
        if len(self.picked) != len(decision.played):
            return "picked"
        self.status = self.review.judge_try(decision, self.picked)
        self._render()
        return self.status

    def show_answer(self) -> None:
        self.status = "shown"
        self._render()

    def _render(self) -> None:
        lang = self.lang
        review, decision = self.review, self.decision
        self.check_button.description = text("review.learn.try_pass", lang)
        self.show_button.description = text("review.learn.show", lang)
        self.next_button.description = text("review.learn.next", lang)
        if review is None:
            return
        if decision is None:
            key = "review.learn.done" if review.costly else "review.learn.none"
            self.picture.value = ""
            self.prompt.value = f'<p lang="{lang}">{escape(text(key, lang))}</p>'
            self.message.value = ""
            for button in (self.check_button, self.show_button, self.next_button):
                button.layout.display = "none"
            return
        position = review.position_before(decision)
        self.picture.value = position_html(
            position, lang, player=review.player, playground_url=None, include_style=False
        )
        key = "review.learn.prompt_pass" if decision.kind == "pass" else "review.learn.prompt"
        prompt = text(
            key,
            lang,
            where=decision.where_text(lang),
            cards=decision.played_text(lang),
            grade=decision.grade_text(lang).lower(),
        )
        self.prompt.value = f'<p lang="{lang}">{escape(prompt)}</p>'
        label_cards(self.cards.children, self.picked, lang)
        self.check_button.layout.display = None if decision.kind == "pass" else "none"
        self.show_button.layout.display = None if self.status != "right" else "none"
        self.next_button.layout.display = None
        cost = decision.cost_text(lang)
        better = decision.better_text(lang)
        said = {
            "asking": "",
            "right": text("review.learn.right", lang, cards=better, cost=cost),
            "wrong": text("review.learn.wrong", lang),
            "same": text("review.learn.same", lang),
            "shown": text(
                "review.learn.answer",
                lang,
                cards=better,
                cost=cost,
                reason=decision.reason_text(lang),
            ),
        }[self.status]
        self.message.value = (
            f'<div class="ht-message" role="status" aria-live="polite" lang="{lang}">'
            f"{escape(said)}</div>"
        )


class ReviewPanel(Localized, widgets.VBox):  # type: ignore[misc]
    """A deal's review: the summary of the deal (and of the game's deals reviewed so
    far), its decisions costliest first, and the replay of the one clicked.

    :meth:`run` reviews a finished deal (a progress bar shows the decisions done); the
    same deal, seat and seed always give the same review. A change of ``lang`` relabels
    the rows and the replay shown, without reviewing again.
    """

    def __init__(
        self,
        lang: str = "en",
        *,
        playouts: int = REVIEW_PLAYOUTS,
        confirm: int = CONFIRM_SAMPLES,
        seed: int = 0,
        third_person: bool = False,
    ) -> None:
        super().__init__()
        self.lang = lang
        self.third_person = third_person
        """Speak of the reviewed seat by its name, not as "you" (the teachers' review)."""
        self.add_class("ht-root")
        self.add_class("ht-review")
        self.playouts = playouts
        self.confirm = confirm
        self.seed = seed
        self.review: DealReview | None = None
        self.game: GameReview | None = None
        self.replayed: tuple[Decision, WhatIfResult] | None = None
        self.at_table: Callable[[Decision], object] | None = None
        """Given by a table: a replay button puts the person back at the table at its
        decision (else it shows the deal played out by the bots: the teachers' what-if)."""
        self.heading = html_box()
        self.summary = html_box()
        self.progress = widgets.IntProgress(min=0, max=1, value=0)
        self.progress.layout.display = "none"
        self.rows = widgets.VBox()
        self.replay_buttons: list[widgets.Button | None] = []
        self.shown: list[Decision] = []  # the decisions listed, in play order
        self.replay_box = html_box()
        self.face_up_box = html_box()
        self.face_up_lines: tuple[FaceUp, ...] = ()
        self.leaks_box = html_box()
        self.learn_button = widgets.Button(
            icon="graduation-cap", layout=widgets.Layout(width="auto")
        )
        self.learn_button.on_click(lambda _b: self.learn())
        self.learn_panel = LearnPanel(lang)
        traitlets.dlink((self, "lang"), (self.learn_panel, "lang"))
        self.children = (
            html_box(STYLE),
            self.heading,
            self.summary,
            self.progress,
            self.learn_button,
            self.learn_panel,
            self.rows,
            self.replay_box,
            self.face_up_box,
            self.leaks_box,
        )
        self._render()
        self._relabel_on_lang(self._render)

    def run(
        self,
        deal: Deal,
        player: int = 0,
        earlier: Sequence[DealReview] = (),
        deals: int | None = None,
    ) -> DealReview:
        """Review ``player``'s decisions in the finished ``deal`` and show them;
        ``earlier``: the reviews of the game's other deals, and ``deals`` how many it has
        finished, for the game's line (shown once there is more than one deal)."""
        self.review = None
        self.replayed = None
        self.rows.children = ()
        self.replay_box.value = ""
        self.progress.layout.display = None
        self.progress.description = text("ui.review.working", self.lang)

        def progress(done: int, total: int) -> None:
            self.progress.max = max(1, total)
            self.progress.value = done

        try:
            review = review_deal(
                deal,
                player,
                seed=self.seed,
                playouts=self.playouts,
                confirm=self.confirm,
                progress=progress,
            )
        finally:
            self.progress.layout.display = "none"
        game = GameReview.of([*earlier, review], deals) if earlier or (deals or 0) > 1 else None
        self.show(review, game)
        return review

    def show(self, review: DealReview, game: GameReview | None = None) -> None:
        """Show a review made elsewhere (and the game's line, if given)."""
        self.review = review
        self.game = game
        self.replayed = None
        self.replay_buttons = []
        self.shown = shown_decisions(review)
        self.learn_panel.reset()
        # The end of the deal solved with every hand known: for the person's own review
        # only (its words say "you"), apart from the estimate and never mixed with it.
        self.face_up_lines = () if self.third_person else face_up(review.deal, review.player)
        rows = []
        for index, decision in enumerate(self.shown):
            line = html_box()
            if not decision.lost:
                button = None
                rows.append(widgets.HBox([line]))
            else:
                # born with its words: a nameless button would reach the page before
                # _render names it (axe-core caught one between the two messages)
                button = widgets.Button(
                    description=replay_label(decision, self.lang),
                    icon="repeat",
                    layout=widgets.Layout(width="auto"),
                )
                button.on_click(lambda _b, index=index: self.replay(index))
                rows.append(widgets.HBox([line, button]))
            rows[-1].add_class("ht-review-line")
            self.replay_buttons.append(button)
        self.rows.children = tuple(rows)
        self._render()

    def learn(self) -> None:
        """ "Learn from your mistakes": back to the first costly decision of the deal."""
        assert self.review is not None
        self.learn_panel.start(self.review)

    def clear(self) -> None:
        self.review = None
        self.learn_panel.reset()
        self.face_up_lines = ()
        self.game = None
        self.replayed = None
        self.replay_buttons = []
        self.rows.children = ()
        self._render()

    def replay(self, index: int) -> WhatIfResult | None:
        """Replay the deal from the ``index``-th decision shown with the bot's choice: at
        the table that gave :attr:`at_table` (the person plays on), else played out by
        the bots at every seat, shown below."""
        assert self.review is not None
        decision = self.shown[index]
        if self.at_table is not None:
            self.at_table(decision)
            return None
        result = self.review.replay(decision, seed=self.seed)
        self.replayed = (decision, result)
        self._render()
        return result

    def _render(self) -> None:
        lang = self.lang
        review = self.review
        if review is None:
            self.heading.value = ""
            self.summary.value = ""
            self.leaks_box.value = ""
            self.learn_button.layout.display = "none"
            self.learn_panel.layout.display = "none"
            self.replay_box.value = ""
            self.face_up_box.value = ""
            return
        self.face_up_box.value = face_up_html(self.face_up_lines, lang)
        number = review.deal.deal_number + 1
        method = text(
            "ui.review.method",
            lang,
            playouts=self.playouts,
            confirm=self.confirm,
            noise=decimal(NOISE, lang, 0),
            floor=points(review.decisions[0].floor if review.decisions else 0.5, lang),
        )
        # How the figures are made, behind « Details »: the review leads with its verdicts.
        self.heading.value = (
            f'<h3 class="ht-review-title" lang="{lang}">'
            f"{escape(text('ui.review.title', lang, number=number))}</h3>"
            f'<details class="ht-details" lang="{lang}"><summary>'
            f"{escape(text('review.details', lang))}</summary><p>{escape(method)}</p>"
            f"<p>{escape(ladder_text(review.deal.rules.moon_value, lang))}</p>"
            + ("" if self.third_person else f"<p>{escape(review.objective_text(lang))}</p>")
            + "</details>"
        )
        self.learn_button.description = text("review.learn.button", lang)
        self.learn_button.tooltip = text("review.learn.help", lang)
        self.learn_button.layout.display = "none" if self.third_person else None
        reviewed = list(self.game.reviews) if self.game is not None else [review]
        self.leaks_box.value = "" if self.third_person else leaks_html(reviewed, lang)
        you = _you(review, self.third_person)
        # Another side's moon first, in plain words: a player who followed every hint and
        # took 26 once read only « no mistake » and nothing of the moon.
        lines = [review.moon_text(lang, you), review.summary(lang, you)]
        lines.append(review.accuracy_text(lang))
        if not self.third_person:
            lines.append(review.split_text(lang))
        if self.game is not None:
            lines.append(self.game.summary(lang))
        lines = [line for line in lines if line]
        self.summary.value = (
            f'<div class="ht-message" role="status" lang="{lang}">'
            + "".join(f"<p>{escape(line)}</p>" for line in lines)
            + "</div>"
        )
        for row, decision, button in zip(
            self.rows.children, self.shown, self.replay_buttons, strict=True
        ):
            row.children[0].value = decision_html(decision, review, lang, self.third_person)
            if button is not None:
                button.description = replay_label(decision, lang)
                help_key = "ui.review.replay_help" if self.at_table is None else "ui.replay.help"
                button.tooltip = text(help_key, lang)
        if self.replayed is None:
            self.replay_box.value = ""
        else:
            decision, result = self.replayed
            self.replay_box.value = replay_html(review, decision, result, lang, self.third_person)


class ReviewTab(Localized, widgets.VBox):  # type: ignore[misc]
    """The teachers' review: a finished deal from its share code, the seat to review
    (the student's), and the review of that seat's decisions; its panel follows its
    ``lang``."""

    def __init__(self, deal: Deal | None = None, lang: str = "en") -> None:
        super().__init__()
        self.lang = lang
        self.add_class("ht-root")
        self.deal: Deal | None = None
        self._refusal: HeartsError | None = None
        self.intro = html_box()
        self.code = widgets.Text(layout=widgets.Layout(width="60%"))
        self.seat = widgets.Dropdown(options=[("", 0)], value=0)
        self.run_button = widgets.Button(icon="search", button_style="primary")
        self.run_button.on_click(lambda _b: self.review_code(self.code.value))
        self.message = html_box()
        self.panel = ReviewPanel(lang, third_person=True)
        traitlets.dlink((self, "lang"), (self.panel, "lang"))
        self.children = (
            self.intro,
            widgets.HBox([self.code]),
            widgets.HBox([self.seat, self.run_button]),
            self.message,
            self.panel,
        )
        if deal is not None and deal.is_over:
            self.code.value = share_code(deal)
            self.deal = deal
        self._render()
        self._relabel_on_lang(self._render)  # the code typed, the seat and the review kept

    def review_code(self, code: str, player: int | None = None) -> DealReview | None:
        """Review the deal of a share code from the chosen seat (or ``player``); a
        damaged code, or a deal not finished, is refused with its reason."""
        try:
            deal = deal_from_code(code.strip())
            if not deal.is_over:
                raise HeartsError("deal_not_over")
        except HeartsError as error:
            self._refusal = error
            self._render()
            return None
        self._refusal = None
        self.deal = deal
        if player is not None:
            self._render()
            self.seat.value = player
        self._render()
        return self.panel.run(deal, int(self.seat.value))

    def _render(self) -> None:
        lang = self.lang
        self.intro.value = f'<p lang="{lang}">{escape(text("ui.review.tab_intro", lang))}</p>'
        self.code.description = text("ui.teach.code", lang)
        self.code.placeholder = text("ui.teach.code_help", lang)
        self.code.tooltip = text("ui.teach.code_help", lang)
        players = self.deal.rules.players if self.deal is not None else 4
        chosen = int(self.seat.value) if self.seat.value is not None else 0
        self.seat.options = [(seat_name(p, players, lang), p) for p in range(players)]
        self.seat.value = chosen if chosen < players else 0
        self.seat.description = text("ui.review.seat", lang)
        self.run_button.description = text("ui.review.run", lang)
        self.run_button.tooltip = text("ui.review.seat_button_help", lang)
        self.message.value = (
            alert_html(self._refusal.message(lang)) if self._refusal is not None else ""
        )
