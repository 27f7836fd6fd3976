"""Guided deals in the notebook: ``GuidedDeal`` plays a lesson, ``LessonsTab`` lists them.

The lesson's logic lives in :mod:`hearts_teach.teaching.lessons` (``LessonRun``); this module
only shows it: the totals before the deal when the lesson has them, the narration
(oldest line first, scrolled to the newest), the trick, the learner's hand (the card
buttons of :mod:`hearts_teach_widgets.cards`, illegal cards greyed with the engine's
reason, said beside the hand when tried), a hint, the feedback on each choice, and at
the end the score, compared with the other variants when more than one applies. The learner plays every card of their hand; only
"Continue the lesson", after a wrong card at a key decision, plays one for them.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from hearts_teach import Card
from hearts_teach.describe import seat_words
from hearts_teach.i18n import card_name, seat_name, signed, text
from hearts_teach.rules import Rules
from hearts_teach.scoring import MOON_CHOICES
from hearts_teach.teaching.compare import Comparison
from hearts_teach.teaching.lessons import CHAPTERS, Event, Feedback, Lesson, LessonRun, get_lesson
from hearts_teach.teaching.lessons import load_lessons as _load_lessons
from hearts_teach.teaching.lessons.claims import hearts_state

from .cards import HandView, play_states, refusal_html
from .render import card_face, moon_choice_html, moon_choice_label
from .shared import focus_line
from .style import style_tag
from .texts import Localized

_HEARTS_KEYS = {
    "free": "ui.hearts.free",
    "broken": "ui.hearts.broken",
    "unbroken": "ui.hearts.unbroken",
}
"""The table's own words for the hearts rule (hearts_teach_widgets.texts), so both say the same."""

_MARKS = {
    "right": ("✔", "ui.lesson.right_mark"),
    "wrong": ("✘", "ui.lesson.wrong_mark"),
    "illegal": ("⛔", "ui.lesson.illegal_mark"),
    "continued": ("➜", "ui.lesson.continued_mark"),
}

_HINT_ICON = '<i class="fa fa-lightbulb-o" aria-hidden="true"></i>'
"""The hint button's own Font Awesome 4 icon (an emoji shows as an empty box where no
colour-emoji font is installed)."""

DONE_CLASS = "ht-lesson-done"
"""Added to the lesson's root once the deal is over (the browser tests look for it)."""


def _by_seat(values: tuple[int, ...] | list[int], rules: Rules, learner: int, lang: str) -> str:
    return ", ".join(
        f"{seat_words(p, rules, lang, learner)} {signed(v)}" for p, v in enumerate(values)
    )


def event_text(event: Event, learner: int, lang: str, players: int = 4) -> str:
    """One line of the narration log, in ``lang``."""
    if event.kind == "say" and event.texts is not None:
        return event.texts[lang]
    if event.kind == "play" and event.player is not None and event.card is not None:
        if event.player == learner:
            return text("ui.lesson.you_play", lang, card=event.card)
        who = seat_name(event.player, players, lang)
        return text("ui.lesson.plays", lang, player=who, card=event.card)
    if event.kind == "trick" and event.player is not None:
        if event.player == learner:
            return text("ui.lesson.you_win", lang)
        return text("ui.lesson.trick_won", lang, player=seat_name(event.player, players, lang))
    return ""


def comparison_html(comparison: Comparison, lang: str, caption: str) -> str:
    """The variants' scores of one deal as an accessible table."""
    rows = comparison.table(lang, with_totals=any(comparison.totals_before))
    head = "".join(f'<th scope="col">{escape(cell)}</th>' for cell in rows[0])
    body = "".join(
        "<tr>"
        + f'<th scope="row">{escape(row[0])}</th>'
        + "".join(f"<td>{escape(cell)}</td>" for cell in row[1:])
        + "</tr>"
        for row in rows[1:]
    )
    # In a box that scrolls sideways: on a phone the table is wider than the screen.
    return (
        '<div class="ht-scroll" style="max-width:100%;overflow-x:auto">'
        f'<table class="ht-scores"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
    )


def narration_html(lines: list[tuple[str, bool]], label: str) -> str:
    """The narration, oldest line first (the order a screen reader reads it) in a box
    that stays scrolled to its newest line: a scroll box in reversed column order starts
    at its end, and holds the list as one block, so the lines keep their order."""
    items = "".join(
        f"<li><strong>{escape(line)}</strong></li>" if said else f"<li>{escape(line)}</li>"
        for line, said in lines
        if line
    )
    return (
        f'<section aria-label="{escape(label)}" class="ht-narration" style="display:flex;'
        'flex-direction:column-reverse;max-height:220px;overflow-y:auto">'
        f'<ol class="ht-log" style="max-height:none;overflow:visible">{items}</ol></section>'
    )


class GuidedDeal(Localized, widgets.VBox):  # type: ignore[misc]
    """A lesson, played: narration, the trick, the learner's hand, hints and feedback.

    The buttons call the public methods (``choose``, ``show_hint``, ``continue_lesson``,
    ``restart``), which tests and notebooks may call directly. A change of ``lang``
    tells the lesson again in that language, where it is.
    """

    def __init__(self, lesson: Lesson | str, lang: str = "en") -> None:
        super().__init__()
        self.lang = lang
        self.add_class("ht-root")
        self.add_class("ht-lesson")
        self.lesson = get_lesson(lesson) if isinstance(lesson, str) else lesson
        self.style = widgets.HTML(style_tag())
        self.heading = widgets.HTML()
        self.intro = widgets.HTML()
        self.totals = widgets.HTML()
        self.narration = widgets.HTML()
        self.trick = widgets.HTML()
        self.status = widgets.HTML()
        # What the learner is asked now, just above the hand: where the keyboard goes
        # after a card (a Label: the line ipywidgets 8 can focus).
        self.hand_label = focus_line()
        self.hand_label.add_class("ht-hand-label")
        self.hand = HandView(self._card_clicked, lang)
        # Why the card just tried is refused, over the lines above the hand (as at the
        # table, where it is over the line under it: cards.refusal_html).
        self.refusal_box = widgets.HTML()
        self.refusal_box.add_class("ht-refusal-box")
        self.refusal_box.add_class("ht-above")
        self._refusals = 0
        self.feedback = widgets.HTML()
        self.hint_button = widgets.Button(icon="lightbulb-o")
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.continue_button = widgets.Button(icon="forward", disabled=True)
        self.continue_button.on_click(lambda _b: self.continue_lesson())
        self.restart_button = widgets.Button(icon="refresh")
        self.restart_button.on_click(lambda _b: self.restart())
        # The shooter's choice (docs/rules.md §3.2), when the learner shot the moon.
        self.moon_box = widgets.HTML()
        self.moon_buttons = {
            choice: widgets.Button(button_style="warning", icon="check") for choice in MOON_CHOICES
        }
        for choice, button in self.moon_buttons.items():
            button.on_click(lambda _b, chosen=choice: self.choose_moon(chosen))
        # The moon's buttons come last: the hint, "continue" and "restart" keep their places.
        self.toolbar = widgets.HBox(
            [
                self.hint_button,
                self.continue_button,
                self.restart_button,
                *self.moon_buttons.values(),
            ]
        )
        self.toolbar.add_class("ht-toolbar")
        self.result = widgets.HTML()
        self.children = (
            self.style,
            self.heading,
            self.intro,
            self.totals,
            self.narration,
            self.trick,
            self.status,
            self.refusal_box,
            self.hand_label,
            self.hand,
            self.moon_box,
            self.toolbar,
            self.feedback,
            self.result,
        )
        self.restart()
        self._relabel_on_lang(self._render)  # where the lesson is: its run, feedback and hint kept

    # --- state ---------------------------------------------------------------------

    @property
    def run(self) -> LessonRun:
        return self._run

    @property
    def log(self) -> list[Event]:
        return self._run.events

    @property
    def last_feedback(self) -> Feedback | None:
        return self._feedback

    # --- actions -------------------------------------------------------------------

    def restart(self) -> None:
        self._run = LessonRun(self.lesson)
        self._feedback: Feedback | None = None
        self._hint_shown = False
        self._run.advance()
        self._render()

    def choose(self, card: Card | str) -> Feedback:
        """The learner picks ``card`` (what clicking its button does)."""
        feedback = self._run.answer(card)
        self._refusals += feedback.verdict == "illegal"
        self._feedback = feedback
        self._hint_shown = False
        if feedback.played:
            self._run.advance()
        self._render()
        if feedback.played:
            self.focus_safe_place()  # the card's button is gone with the card
        return feedback

    def _card_clicked(self, card: Card) -> None:
        self.choose(card)

    def choose_moon(self, choice: str) -> None:
        """The learner's choice on the moon they shot (what its buttons do)."""
        self._run.choose_moon(choice)
        self._feedback = None
        self._render()
        self.focus_safe_place()

    def show_hint(self) -> str:
        self._hint_shown = True
        self._render()
        return self._run.hint()[self.lang]

    def continue_lesson(self) -> None:
        """After a wrong card at a key decision: play the expected card and go on."""
        if self._feedback is None or self._feedback.played or self._run.question != "key":
            return
        self._feedback = self._run.give_up()
        self._hint_shown = False
        self._run.advance()
        self._render()
        self.focus_safe_place()

    def focus_safe_place(self) -> None:
        """Send the keyboard on from a card played (its button gone) or a button that
        goes: to the line above the hand, which says whose turn it is (Tab goes on to
        the hand; at the end, that the lesson is over); never to a card, where a second
        Enter would play it. The feedback, and the result once the lesson is over,
        are read out by their live region."""
        self.hand_label.focus()

    # --- drawing -------------------------------------------------------------------

    def _render(self) -> None:
        lang = self.lang
        run = self._run
        lesson = self.lesson
        deal = run.deal
        players = deal.rules.players
        self.heading.value = f"<h3>{escape(lesson.title[lang])}</h3>"
        self.intro.value = f"<p>{escape(lesson.intro[lang])}</p>"
        if lesson.totals is not None:
            totals = _by_seat(lesson.totals, deal.rules, lesson.learner, lang)
            line = text("ui.lesson.totals", lang, totals=totals, target=deal.rules.target)
            self.totals.value = f'<p class="ht-totals"><strong>{escape(line)}</strong></p>'
        else:
            self.totals.value = ""
        lines = [
            (event_text(e, lesson.learner, lang, players), e.kind == "say") for e in run.events
        ]
        self.narration.value = narration_html(lines, text("ui.lesson.narration", lang))
        trick = deal.current_trick if deal.current_trick.plays else deal.last_trick
        if trick is not None and trick.plays:
            faces = "".join(
                f'<span style="display:inline-block;text-align:center;margin:0 4px">'
                f"{card_face(card, lang)}<br><small>{escape(seat_words(p, deal.rules, lang, lesson.learner))}"
                f"</small></span>"
                for p, card in trick.plays
            )
        else:
            faces = escape(text("ui.lesson.trick_empty", lang))
        points = _by_seat(list(deal.points_taken), deal.rules, lesson.learner, lang)
        hearts = text(_HEARTS_KEYS[hearts_state(deal)], lang)
        self.trick.value = (
            f'<div role="group" aria-label="{escape(text("ui.lesson.trick", lang))}">'
            f"<strong>{escape(text('ui.lesson.trick', lang))}</strong><br>{faces}</div>"
        )
        self.status.value = (
            f"<p>{escape(hearts)}. {escape(text('ui.lesson.points_line', lang, points=points))}</p>"
        )
        question = run.question
        turn = {"key": "ui.lesson.your_turn", "free": "ui.lesson.your_choice"}.get(
            question or "", "ui.lesson.waiting"
        )
        if run.finished:
            turn = "ui.lesson.done"
        elif run.moon_to_choose:
            turn = "ui.moon_choice.yours"
        said = text(turn, lang)  # after the dash, mid-sentence: « Votre main — à vous : … »
        self.hand_label.value = (
            f"{text('ui.lesson.your_hand', lang)} — {said[:1].lower()}{said[1:]}"
        )
        states = play_states(deal, lesson.learner, lang, answer_refusals=question is not None)
        if question is None:
            states = {
                card: type(state)(False, card_name(card, lang), card_name(card, lang), state.marks)
                for card, state in states.items()
            }
        self.hand.show(states)
        self._render_feedback()
        self._render_buttons()
        self._render_result()
        if run.finished:
            self.add_class(DONE_CLASS)
        else:
            self.remove_class(DONE_CLASS)

    def _render_feedback(self) -> None:
        lang = self.lang
        parts = []
        feedback = self._feedback
        refused = feedback is not None and feedback.verdict == "illegal"
        self.refusal_box.value = (
            refusal_html(feedback.message.get(lang, ""), lang, self._refusals, True)
            if feedback is not None and refused
            else ""
        )
        if refused:
            pass  # said beside the hand
        elif feedback is not None and feedback.verdict in _MARKS:
            symbol, key = _MARKS[feedback.verdict]
            message = feedback.message.get(lang, "")
            parts.append(
                f"<p><strong>{symbol} {escape(text(key, lang))} — "
                f"{escape(card_name(feedback.card, lang))}.</strong> {escape(message)}</p>"
            )
            if feedback.verdict in ("wrong", "illegal") and self._run.asking:
                parts.append(f"<p>{escape(text('ui.lesson.retry', lang))}</p>")
        elif feedback is not None and feedback.message.get(lang):
            # a free choice with a text of its own
            parts.append(f"<p>{escape(feedback.message[lang])}</p>")
        if self._hint_shown and self._run.asking:
            hint = text("ui.lesson.hint_line", lang, hint=self._run.hint()[lang])
            parts.append(f"<p>{_HINT_ICON} {escape(hint)}</p>")
        self.feedback.value = f'<div role="status" aria-live="polite">{"".join(parts)}</div>'

    def _render_buttons(self) -> None:
        lang = self.lang
        for button, label, help_key in (
            (self.hint_button, "ui.lesson.hint", "ui.lesson.hint_help"),
            (self.continue_button, "ui.lesson.continue", "ui.lesson.continue_help"),
            (self.restart_button, "ui.lesson.restart", "ui.lesson.restart_help"),
        ):
            button.description = text(label, lang)
            button.tooltip = text(help_key, lang)
        self.hint_button.disabled = not self._run.asking
        mine = self._run.moon_to_choose
        pending = self._run.deal.pending_moon_choice
        rules = self._run.deal.rules
        learner = self.lesson.learner
        self.moon_box.value = (
            moon_choice_html(pending, rules, lang, learner) if mine and pending else ""
        )
        for choice, button in self.moon_buttons.items():
            button.description = moon_choice_label(choice, rules, lang)
            button.tooltip = button.description
            button.layout.display = None if mine else "none"
        wrong = self._feedback is not None and not self._feedback.played
        self.continue_button.disabled = not (self._run.question == "key" and wrong)

    def _render_result(self) -> None:
        lang = self.lang
        run = self._run
        if not run.finished:
            self.result.value = ""
            return
        parts = [f"<h4>{escape(text('ui.lesson.done', lang))}</h4>"]
        outro = run.outro()
        if outro is not None:
            parts.append(f"<p>{escape(outro[lang])}</p>")
        if run.key_decisions:
            found = text(
                "ui.lesson.found_first", lang, found=run.found_first, asked=run.key_decisions
            )
            parts.append(f"<p>{escape(found)}</p>")
        comparison = run.comparison()
        if comparison is not None and len(comparison.scored) > 1:
            parts.append(comparison_html(comparison, lang, text("ui.lesson.compare", lang)))
        else:
            result = run.result()
            if result is not None:
                scores = _by_seat(
                    list(result.scores), self._run.deal.rules, self.lesson.learner, lang
                )
                parts.append(
                    f"<p><strong>{escape(text('ui.lesson.score', lang))}</strong> — "
                    f"{escape(scores)}</p>"
                )
        self.result.value = "".join(parts)


def load_lessons() -> list[Lesson]:
    return _load_lessons()


class LessonsTab(Localized, widgets.VBox):  # type: ignore[misc]
    """Every lesson, grouped by variant chapter; choosing one opens it below the list.

    ``playground`` (optional) is the playground that hosts the tab: each lesson then has
    a button that opens its deal at the playground's table. The lesson open follows the
    tab's ``lang``.
    """

    def __init__(self, lang: str = "en", playground: Any = None) -> None:
        super().__init__()
        self.lang = lang
        self.add_class("ht-root")
        self.playground = playground
        self.lessons = load_lessons()
        self.heading = widgets.HTML()
        self.open_buttons: dict[str, widgets.Button] = {}
        self.chapter_labels: dict[str, widgets.HTML] = {}
        rows: list[widgets.Widget] = []
        for chapter in CHAPTERS:
            chapter_lessons = [x for x in self.lessons if x.chapter == chapter]
            if not chapter_lessons:
                continue
            label = widgets.HTML()
            self.chapter_labels[chapter] = label
            buttons = []
            for lesson in chapter_lessons:
                button = widgets.Button(layout=widgets.Layout(width="auto"))
                button.on_click(lambda _b, lesson_id=lesson.id: self.open_lesson(lesson_id))
                self.open_buttons[lesson.id] = button
                buttons.append(button)
            rows.append(widgets.VBox([label, widgets.HBox(buttons)]))
        self.listing = widgets.VBox(rows)
        self.back_button = widgets.Button(icon="arrow-left", layout=widgets.Layout(width="auto"))
        self.back_button.on_click(lambda _b: self.close_lesson())
        self.table_button = widgets.Button(icon="play", layout=widgets.Layout(width="auto"))
        self.table_button.on_click(lambda _b: self.play_at_table())
        self.lesson_toolbar = widgets.HBox([self.back_button])
        self.current: GuidedDeal | None = None
        self._current_lang: traitlets.dlink | None = None  # the lesson open follows the tab
        self.holder = widgets.VBox()
        self.children = (widgets.HTML(style_tag()), self.heading, self.listing, self.holder)
        self._render()
        self._relabel_on_lang(self._render)

    def open_lesson(self, lesson_id: str) -> GuidedDeal:
        lesson = next(x for x in self.lessons if x.id == lesson_id)
        self._untie_current()
        self.current = GuidedDeal(lesson, self.lang)
        self._current_lang = traitlets.dlink((self, "lang"), (self.current, "lang"))
        tools = [self.back_button]
        if self.playground is not None and hasattr(self.playground, "open_deal"):
            tools.append(self.table_button)
        self.lesson_toolbar.children = tuple(tools)
        self.holder.children = (self.lesson_toolbar, self.current)
        self.listing.layout.display = "none"
        return self.current

    def close_lesson(self) -> None:
        self._untie_current()
        self.current = None
        self.holder.children = ()
        self.listing.layout.display = None

    def play_at_table(self) -> None:
        """Open the lesson's deal, from its first card, at the playground's table."""
        if self.current is not None and self.playground is not None:
            self.playground.open_deal(self.current.lesson.new_deal())

    def _untie_current(self) -> None:
        if self._current_lang is not None:
            self._current_lang.unlink()  # a lesson closed no longer follows the tab
            self._current_lang = None

    def _render(self) -> None:
        lang = self.lang
        self.heading.value = (
            f"<h2>{escape(text('ui.lessons.title', lang))}</h2>"
            f"<p>{escape(text('ui.lessons.intro', lang))}</p>"
        )
        for chapter, label in self.chapter_labels.items():
            label.value = f"<h3>{escape(text('variant.' + chapter, lang))}</h3>"
        for lesson in self.lessons:
            button = self.open_buttons[lesson.id]
            button.description = lesson.title[lang]
            button.tooltip = text("ui.lessons.open", lang, title=lesson.title[lang])
        self.back_button.description = text("ui.lessons.back", lang)
        self.back_button.tooltip = text("ui.lessons.back", lang)
        self.table_button.description = text("ui.lessons.play_here", lang)
        self.table_button.tooltip = text("ui.lessons.play_here", lang)
