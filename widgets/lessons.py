"""Guided deals in the notebook: ``GuidedDeal`` plays a lesson, ``LessonsTab`` lists them.

The lesson's logic lives in :mod:`hearts_teach.teaching.lessons` (``LessonRun``); this module
only shows it, at the playground's table: the totals before the deal when the lesson has
them, the felt with the seats around and the trick in the middle (the bots' cards one by
one at the pace chosen, a finished trick kept with its winner), the learner's hand (the
card buttons of :mod:`hearts_teach_widgets.cards`, illegal cards greyed with the engine's
reason, said beside the hand when tried), what the lesson says now, the bots' reasons, a
hint, the feedback on each choice, and at the end the score, compared with the other
variants when more than one applies; the whole narration in a log below, closed until
opened. The learner plays every card of their hand; only "Continue the lesson", after a
wrong card at a key decision, plays one for them.
"""

from __future__ import annotations

import itertools
from html import escape
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from hearts_teach import Card
from hearts_teach.deal import table_point
from hearts_teach.describe import seat_words
from hearts_teach.errors import RecordError
from hearts_teach.i18n import card_name, seat_name, signed, text
from hearts_teach.rules import Rules
from hearts_teach.scoring import MOON_CHOICES
from hearts_teach.teaching.compare import Comparison
from hearts_teach.teaching.lesson_codes import lesson_from_code
from hearts_teach.teaching.lessons import CHAPTERS, Event, Feedback, Lesson, LessonRun, get_lesson
from hearts_teach.teaching.lessons import load_lessons as _load_lessons
from hearts_teach.teaching.lessons.claims import hearts_state

from .cards import HandView, play_states, refusal_html
from .render import (
    Replay,
    Timeline,
    live_felt_html,
    moon_choice_html,
    moon_choice_label,
    reply_style,
    timeline,
)
from .shared import focus_line, html_box, one_update_each
from .style import style_tag
from .table_layout import PaceControl
from .table_settings import checked_delay, default_delay
from .table_words import reasons_html
from .texts import DEFAULT_DELAY, Localized

_LESSONS = itertools.count(1)  # a class per lesson, for the style of its own reply

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
    """A lesson, played at the playground's table: the felt (seats around, card backs,
    the trick in the middle, drawn by :func:`~hearts_teach_widgets.render.live_felt_html`),
    the learner's hand under it, what the lesson says now, hints and feedback; the bots'
    reasons below the felt, and the whole narration in a log that opens on demand.

    The bots' cards come one by one at the pace chosen (``delay`` seconds apart; the
    page does the waiting, as at the table: hearts_teach_widgets.table says why), a
    finished trick stays in the middle with its winner marked, then goes to the corner.

    The buttons call the public methods (``choose``, ``show_hint``, ``continue_lesson``,
    ``restart``, ``skip``), which tests and notebooks may call directly. A change of
    ``lang`` tells the lesson again in that language, where it is.
    """

    delay = traitlets.Float(
        DEFAULT_DELAY, help="Seconds between two of the bots' cards shown (0: all at once)."
    )

    def __init__(self, lesson: Lesson | str, lang: str = "en", delay: float | None = None) -> None:
        super().__init__()
        self.lang = lang
        self.add_class("ht-root")
        self.add_class("ht-lesson")
        self._name = f"ht-l{next(_LESSONS)}"
        self.add_class(self._name)
        self.delay = checked_delay(default_delay() if delay is None else delay)
        self.lesson = get_lesson(lesson) if isinstance(lesson, str) else lesson
        self.style = widgets.HTML(style_tag())
        self.heading = widgets.HTML()
        self.intro = widgets.HTML()
        self.totals = widgets.HTML()
        self.status = html_box()
        self.felt = html_box()
        self.felt.add_class("ht-felt-box")
        # The bots' reasons for the cards of the last reply, under the felt (each shown
        # with its card), not only in the log.
        self.reasons = html_box()
        self.reasons.add_class("ht-reasons-box")
        # What the lesson says of the position now (its narration since the learner's
        # last card), where the eye goes after the felt.
        self.says = html_box()
        self.says.add_class("ht-lesson-says")
        # What the learner is asked now, just above the hand: where the keyboard goes
        # after a card (a Label: the line ipywidgets 8 can focus); shown under the hand,
        # as the table's note.
        self.hand_label = focus_line()
        self.hand_label.add_class("ht-hand-label")
        self.hand_label.add_class("ht-note")
        self.hand = HandView(self._card_clicked, lang)
        # Why the card just tried is refused, over the line under the hand, as at the
        # table (cards.refusal_html).
        self.refusal_box = html_box()
        self.refusal_box.add_class("ht-refusal-box")
        self._refusals = 0
        self.feedback = widgets.HTML()
        self.feedback.add_class("ht-verdict")  # on a phone right under the hand (style)
        self.hint_button = widgets.Button(icon="lightbulb-o")
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.continue_button = widgets.Button(icon="forward", disabled=True)
        self.continue_button.on_click(lambda _b: self.continue_lesson())
        self.restart_button = widgets.Button(icon="refresh")
        self.restart_button.on_click(lambda _b: self.restart())
        self.skip_button = widgets.Button(icon="forward", layout=widgets.Layout(width="auto"))
        self.skip_button.add_class("ht-skip")
        self.skip_button.on_click(lambda _b: self.skip())
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
                self.skip_button,
            ]
        )
        self.toolbar.add_class("ht-toolbar")
        self.pace = PaceControl(self, lang)
        self.pace_picker = self.pace.picker
        self.settings = widgets.HBox([self.pace_picker])
        self.settings.add_class("ht-toolbar")
        self.settings.add_class("ht-settings")
        self.result = widgets.HTML()
        # The whole narration, for those who want it: closed until opened.
        self.narration = html_box()
        self.log_box = widgets.Accordion(children=[self.narration], selected_index=None)
        self.log_box.add_class("ht-lesson-log")
        # The parts of the table in the table's order (felt, hand, the line under it,
        # the rest), so that the table's style places them alike (hearts_teach_widgets.style).
        self.main = widgets.VBox(
            [
                self.felt,
                self.reasons,
                self.refusal_box,
                self.hand_label,
                self.hand,
                self.moon_box,
                self.feedback,
                self.says,
                self.toolbar,
            ]
        )
        self.main.add_class("ht-main")
        self.children = (
            self.style,
            self.heading,
            self.intro,
            self.totals,
            self.status,
            self.settings,
            self.main,
            self.result,
            self.log_box,
        )
        self._replay: Replay | None = None
        self._draws = 0
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
        self._said_from = 0  # the narration said since the learner's last card
        self._replay = None
        self._run.advance()
        self._render()

    def _acted(self) -> tuple[tuple[int, int], int]:
        """Where the table and the narration are before the learner's action."""
        return table_point(self._run.deal), len(self._run.events)

    def _went_on(self, before: tuple[tuple[int, int], int]) -> None:
        """After the learner's card (or the lesson's): the bots answer, and the next
        drawing shows their cards in turn from where the table was."""
        self._run.advance()
        self._replay = Replay(before[0], self.delay)
        self._said_from = before[1]

    def choose(self, card: Card | str) -> Feedback:
        """The learner picks ``card`` (what clicking its button does)."""
        before = self._acted()
        feedback = self._run.answer(card)
        self._refusals += feedback.verdict == "illegal"
        self._feedback = feedback
        self._hint_shown = False
        if feedback.played:
            self._went_on(before)
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
        before = self._acted()
        self._feedback = self._run.give_up()
        self._hint_shown = False
        self._went_on(before)
        self._render()
        self.focus_safe_place()

    def skip(self) -> None:
        """Show the bots' cards being played out at once."""
        self._render()

    def set_delay(self, seconds: float) -> None:
        """The bots' pace, from their next reply (the same as setting ``delay``)."""
        self.delay = float(seconds)

    @traitlets.validate("delay")
    def _valid_delay(self, proposal: dict[str, Any]) -> float:
        return checked_delay(float(proposal["value"]))

    def focus_safe_place(self) -> None:
        """Send the keyboard on from a card played (its button gone) or a button that
        goes: to the line above the hand, which says whose turn it is (Tab goes on to
        the hand; at the end, that the lesson is over); never to a card, where a second
        Enter would play it. The feedback, and the result once the lesson is over,
        are read out by their live region."""
        self.hand_label.focus()

    # --- drawing -------------------------------------------------------------------

    def _render(self) -> None:
        with one_update_each(self.hand, self):
            self._draw()

    def _draw(self) -> None:
        lang = self.lang
        run = self._run
        lesson = self.lesson
        deal = run.deal
        learner = lesson.learner
        self.heading.value = f"<h3>{escape(lesson.title[lang])}</h3>"
        self.intro.value = f"<p>{escape(lesson.intro[lang])}</p>"
        if lesson.totals is not None:
            totals = _by_seat(lesson.totals, deal.rules, learner, lang)
            line = text("ui.lesson.totals", lang, totals=totals, target=deal.rules.target)
            self.totals.value = f'<p class="ht-totals"><strong>{escape(line)}</strong></p>'
        else:
            self.totals.value = ""
        lines = [
            (event_text(e, learner, lang, deal.rules.players), e.kind == "say") for e in run.events
        ]
        self.narration.value = narration_html(lines, text("ui.lesson.narration", lang))
        self.log_box.set_title(0, text("lesson.log", lang))
        points = _by_seat(list(deal.points_taken), deal.rules, learner, lang)
        hearts = text(_HEARTS_KEYS[hearts_state(deal)], lang)
        self.status.value = (
            f'<p class="ht-lesson-status" lang="{lang}">{escape(hearts)}. '
            f"{escape(text('ui.lesson.points_line', lang, points=points))}</p>"
        )
        times = self._draw_felt()
        since = run.events[self._said_from :]
        said = [e.texts[lang] for e in since if e.kind == "say" and e.texts is not None]
        self.says.value = (
            f'<div class="ht-panel ht-says" lang="{lang}">'
            + "".join(f"<p>{escape(line)}</p>" for line in said)
            + "</div>"
            if said
            else ""
        )
        bot_lines = [
            (e.player, e.card, e.choice.reason(lang))
            for e in since
            if e.kind == "play" and e.choice is not None and e.player is not None
            if e.card is not None
        ]
        self.reasons.value = reasons_html(bot_lines, deal, lang, learner, times)
        question = run.question
        turn = {"key": "ui.lesson.your_turn", "free": "ui.lesson.your_choice"}.get(
            question or "", "ui.lesson.waiting"
        )
        if run.finished:
            turn = "ui.lesson.done"
        elif run.moon_to_choose:
            turn = "ui.moon_choice.yours"
        asked = text(turn, lang)  # after the dash, mid-sentence: « Votre main — à vous : … »
        self.hand_label.value = (
            f"{text('ui.lesson.your_hand', lang)} — {asked[:1].lower()}{asked[1:]}"
        )
        states = play_states(deal, learner, lang, answer_refusals=question is not None)
        if question is None:
            states = {
                card: type(state)(False, card_name(card, lang), card_name(card, lang), state.marks)
                for card, state in states.items()
            }
        self.hand.show(states, dealt=deal.rules.hand_size)
        self._render_feedback()
        self._render_buttons()
        self._render_result()
        if run.finished:
            self.add_class(DONE_CLASS)
        else:
            self.remove_class(DONE_CLASS)

    def _draw_felt(self) -> Timeline:
        """The felt, with the bots' cards of the last action shown in turn (once: a
        redraw shows them at once); the times of that reply."""
        run = self._run
        replay, self._replay = self._replay, None
        reasons = {
            e.card: e.choice.reason(self.lang)
            for e in run.events
            if e.card is not None and e.choice is not None
        }
        learner = self.lesson.learner
        felt = live_felt_html(run.deal, self.lang, learner, replay=replay, reasons=reasons)
        times = timeline(run.deal, replay, learner)
        if times.end > 0:
            self._draws += 1
            felt += reply_style(
                self._name, f"{self._name}-{self._draws}", times.end, (".ht-note", ".ht-says")
            )
            self.skip_button.remove_class("ht-idle")
        else:
            self.skip_button.add_class("ht-idle")
        self.felt.value = felt
        return times

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
            (self.skip_button, "table.button.skip", "ui.button.skip_help"),
        ):
            button.description = text(label, lang)
            button.tooltip = text(help_key, lang)
        self.pace.relabel(lang)
        self.hint_button.disabled = not self._run.asking
        mine = self._run.moon_to_choose
        pending = self._run.deal.pending_moon_choice
        rules = self._run.deal.rules
        learner = self.lesson.learner
        self.moon_box.value = (
            moon_choice_html(pending, rules, lang, learner) if mine and pending else ""
        )
        for choice, button in self.moon_buttons.items():
            button.description = moon_choice_label(choice, rules, lang, pending)
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
    tab's ``lang``. ``code_open`` is the code of the teacher's lesson open (opened from
    its link), empty otherwise: the playground keeps it in the page's address.
    """

    code_open = traitlets.Unicode("")

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
        self.refusal = widgets.HTML()
        self.refused: RecordError | None = None
        self.children = (
            widgets.HTML(style_tag()),
            self.heading,
            self.refusal,
            self.listing,
            self.holder,
        )
        self._render()
        self._relabel_on_lang(self._render)

    def open_code(self, code: str) -> GuidedDeal | None:
        """Open a teacher's lesson from its code (a link's ``lesson=``), checked by the
        book's validator; a refused code is said in the tab's language and opens nothing."""
        try:
            lesson = lesson_from_code(code)
        except RecordError as error:
            self.refused = error
            self._render()
            return None
        self.refused = None
        self._render()
        opened = self.open_lesson(lesson)
        self.code_open = code.strip()
        return opened

    def open_lesson(self, lesson_id: str | Lesson) -> GuidedDeal:
        lesson = (
            lesson_id
            if isinstance(lesson_id, Lesson)
            else next(x for x in self.lessons if x.id == lesson_id)
        )
        self._untie_current()
        self.code_open = ""
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
        self.code_open = ""
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
        self.refusal.value = (
            ""
            if self.refused is None
            else f'<p class="ht-error" role="alert">{escape(self.refused.message(lang))}</p>'
        )
        self.back_button.description = text("ui.lessons.back", lang)
        self.back_button.tooltip = text("ui.lessons.back", lang)
        self.table_button.description = text("ui.lessons.play_here", lang)
        self.table_button.tooltip = text("ui.lessons.play_here", lang)
