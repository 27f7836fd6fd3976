"""The lesson editor of the teachers' tools: a teacher's own lesson from a deal.

The teacher starts from a share code or a seed, chooses the student's seat, writes a
title and an introduction, and at chosen tricks a sentence in French and English (with
optional claims) and, for a marked decision, the cards to find. « Vérifier et essayer »
asks :mod:`hearts_teach.teaching.lesson_codes` (the book's validator) and plays the lesson
below when nothing is false; the code, a link and a file follow. No rule is here."""

from __future__ import annotations

import base64
import json
from html import escape

import ipywidgets as widgets  # type: ignore[import-untyped]

from hearts_teach.deal import Deal
from hearts_teach.errors import HeartsError, RecordError
from hearts_teach.i18n import LANGS, seat_name, text
from hearts_teach.records import deal_from_code
from hearts_teach.teaching import lesson_codes
from hearts_teach.teaching.lesson_codes import Entry, LessonSpec

from ..lessons import GuidedDeal
from ..texts import Localized


class LessonEditor(Localized, widgets.VBox):  # type: ignore[misc]
    """Write, check, try and hand out a lesson of the teacher's own.

    ``playground_url`` is the playground's address: the link is it with ``?lesson=``."""

    def __init__(self, lang: str = "en", playground_url: str = "") -> None:
        super().__init__()
        self.lang = lang
        self.add_class("ht-root")
        self.playground_url = playground_url
        self.deal: Deal | None = None
        self.deal_code = ""
        self.seed = 1
        self.entries: dict[int, Entry] = {}
        self.error: HeartsError | None = None
        self.problems: list[str] = []
        self.code = ""
        self.heading = widgets.HTML()
        self.source = widgets.Text(layout=widgets.Layout(width="28em"))
        self.load_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.load_button.on_click(lambda _b: self.load(self.source.value))
        self.learner = widgets.Dropdown(options=[("", 0)], value=0)
        self.title = {lang: widgets.Text(layout=widgets.Layout(width="36em")) for lang in LANGS}
        self.intro = {lang: widgets.Textarea(layout=widgets.Layout(width="36em")) for lang in LANGS}
        self.trick = widgets.Dropdown(options=[(str(n), n) for n in range(1, 14)], value=1)
        self.ask = widgets.Text(layout=widgets.Layout(width="12em"))
        self.say = {lang: widgets.Textarea(layout=widgets.Layout(width="36em")) for lang in LANGS}
        self.claims = widgets.Text(layout=widgets.Layout(width="36em"))
        self.add_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.add_button.on_click(lambda _b: self.write_trick())
        self.remove_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.remove_button.on_click(lambda _b: self.remove_trick())
        self.written = widgets.HTML()
        self.check_button = widgets.Button(
            button_style="primary", layout=widgets.Layout(width="auto")
        )
        self.check_button.on_click(lambda _b: self.check())
        self.message = widgets.HTML()
        self.code_box = widgets.Textarea(layout=widgets.Layout(width="36em", height="5em"))
        self.link = widgets.HTML()
        self.preview = widgets.VBox()
        self.preview_lesson: GuidedDeal | None = None
        self.writing = widgets.VBox(
            [
                self.learner,
                *self.title.values(),
                *self.intro.values(),
                widgets.HBox([self.trick, self.ask]),
                *self.say.values(),
                self.claims,
                widgets.HBox([self.add_button, self.remove_button]),
                self.written,
                self.check_button,
            ]
        )
        self.writing.layout.display = "none"
        self.children = (
            self.heading,
            widgets.HBox([self.source, self.load_button]),
            self.writing,
            self.message,
            self.code_box,
            self.link,
            self.preview,
        )
        self.code_box.layout.display = "none"
        self._render()
        self._relabel_on_lang(self._render)

    # --- what the teacher does -------------------------------------------------------

    def load(self, given: str) -> None:
        """Start from a share code or a seed (digits): the bots play it out with that seed
        (a share code keeps its own cards)."""
        given = given.strip()
        try:
            if given.isascii() and given.isdigit() and len(given) <= 12:
                self.seed = int(given)
                deal = lesson_codes.seed_deal(self.seed)
            else:
                deal = deal_from_code(given)
                lesson_codes.reference_deal(given)
        except HeartsError as error:
            self._refuse(error)
            return
        self.deal, self.deal_code = deal, lesson_codes.deal_share_code(deal)
        players = deal.rules.players
        self.entries = {}
        self.learner.options = [(seat_name(p, players, self.lang), p) for p in range(players)]
        self.learner.value = 0
        self.trick.options = [(str(n), n) for n in range(1, deal.rules.hand_size + 1)]
        self.writing.layout.display = None
        self.error, self.problems = None, []
        self._render()

    def write_trick(self) -> None:
        """The sentence (and the decision, if cards are given) at the chosen trick."""
        try:
            claims = json.loads(self.claims.value) if self.claims.value.strip() else []
            if not isinstance(claims, list):
                raise ValueError
        except (ValueError, RecursionError):
            self._refuse(RecordError("lesson_code_damaged", detail="claims: a JSON list"))
            return
        entry = Entry(
            trick=int(self.trick.value),
            say={lang: self.say[lang].value.strip() for lang in LANGS},
            ask=self.ask.value.strip(),
            claims=tuple(claims),
        )
        try:  # the same checks as a code read back: what is written can be handed out
            lesson_codes.spec_from_dict(self._spec({**self.entries, entry.trick: entry}).to_dict())
        except HeartsError as error:
            self._refuse(error)
            return
        self.entries[entry.trick] = entry
        self.error = None
        self._render()

    def remove_trick(self) -> None:
        self.entries.pop(int(self.trick.value), None)
        self._render()

    def spec(self) -> LessonSpec:
        return self._spec(self.entries)

    def _spec(self, entries: dict[int, Entry]) -> LessonSpec:
        return LessonSpec(
            deal=self.deal_code,
            learner=int(self.learner.value),
            seed=self.seed,
            title={lang: self.title[lang].value.strip() for lang in LANGS},
            intro={lang: self.intro[lang].value.strip() for lang in LANGS},
            outro={},
            entries=tuple(entries[trick] for trick in sorted(entries)),
        )

    def check(self) -> GuidedDeal | None:
        """The book's validator on the lesson: its refusals, or the lesson to try and its
        code, link and file."""
        self.preview.children = ()
        self.preview_lesson = None
        self.code = ""
        spec = self.spec()
        self.problems = lesson_codes.problems(spec)
        if self.problems:
            self.error = None
            self._render()
            return None
        lesson = lesson_codes.lesson_of(spec)
        self.code = lesson_codes.lesson_code(spec)
        self.preview_lesson = GuidedDeal(lesson, self.lang)
        self.preview.children = (self.preview_lesson,)
        self.error = None
        self._render()
        return self.preview_lesson

    def lesson_link(self) -> str:
        return f"{self.playground_url}?lesson={self.code}" if self.code else ""

    def _refuse(self, error: HeartsError) -> None:
        self.error = error
        self._render()

    # --- drawing ---------------------------------------------------------------------

    def _render(self) -> None:
        lang = self.lang
        self.heading.value = (
            f"<h3>{escape(text('ui.lesson_editor.title', lang))}</h3>"
            f"<p>{escape(text('ui.lesson_editor.intro', lang))}</p>"
        )
        self.source.description = text("ui.lesson_editor.source", lang)
        self.source.style.description_width = "initial"
        self.load_button.description = text("ui.lesson_editor.load", lang)
        self.learner.description = text("ui.lesson_editor.learner", lang)
        for which, boxes in (("name", self.title), ("intro_text", self.intro), ("say", self.say)):
            for each, box in boxes.items():
                box.description = text(f"ui.lesson_editor.{which}_{each}", lang)
                box.style.description_width = "initial"
        self.trick.description = text("ui.lesson_editor.trick", lang)
        self.ask.description = text("ui.lesson_editor.ask", lang)
        self.ask.style.description_width = "initial"
        self.ask.placeholder = text("ui.lesson_editor.ask_none", lang)
        self.claims.description = text("ui.lesson_editor.claims", lang)
        self.claims.style.description_width = "initial"
        self.add_button.description = text("ui.lesson_editor.write", lang)
        self.remove_button.description = text("ui.lesson_editor.remove", lang)
        self.check_button.description = text("ui.lesson_editor.check", lang)
        self.written.value = self._written_html(lang)
        self.message.value = self._message_html(lang)
        self.code_box.description = text("ui.lesson_editor.code", lang)
        self.code_box.value = self.code
        self.code_box.layout.display = None if self.code else "none"
        self.link.value = self._link_html(lang)
        for control in (
            self.source,
            self.load_button,
            self.learner,
            *self.title.values(),
            *self.intro.values(),
            self.trick,
            self.ask,
            *self.say.values(),
            self.claims,
            self.add_button,
            self.remove_button,
            self.check_button,
            self.code_box,
        ):
            control.tooltip = control.description  # the name a screen reader and a hover say

    def _written_html(self, lang: str) -> str:
        if not self.entries:
            return f"<p>{escape(text('ui.lesson_editor.none_written', lang))}</p>"
        items = []
        for trick in sorted(self.entries):
            entry = self.entries[trick]
            asked = (
                text("ui.lesson_editor.asks", lang, cards=entry.ask)
                if entry.ask
                else text("ui.lesson_editor.free", lang)
            )
            said = escape(entry.say.get(lang, ""))
            items.append(
                f"<li>{escape(text('ui.lesson_editor.at_trick', lang, number=trick))} "
                f"{escape(asked)} {said}</li>"
            )
        return f'<ul aria-label="{escape(text("ui.lesson_editor.written", lang))}">{"".join(items)}</ul>'

    def _message_html(self, lang: str) -> str:
        if self.error is not None:
            return f'<p class="ht-error" role="alert">{escape(self.error.message(lang))}</p>'
        if self.problems:
            said = escape(text("ui.lesson_editor.refused", lang))
            rows = "".join(f"<li>{escape(problem)}</li>" for problem in self.problems[:12])
            return f'<div class="ht-error" role="alert"><p>{said}</p><ul>{rows}</ul></div>'
        if self.code:
            return f'<p role="status">{escape(text("ui.lesson_editor.sound", lang))}</p>'
        return ""

    def _link_html(self, lang: str) -> str:
        if not self.code:
            return ""
        link = escape(self.lesson_link(), quote=True)
        spec = self.spec()
        data = base64.b64encode(lesson_codes.spec_to_json(spec).encode()).decode("ascii")
        return (
            f'<p><a class="ht-lesson-link" href="{link}" target="_blank" rel="noopener">'
            f"{escape(text('ui.lesson_editor.link', lang))}</a> · "
            f'<a class="ht-lesson-file" download="lesson.json" '
            f'href="data:application/json;base64,{data}">'
            f"{escape(text('ui.lesson_editor.file', lang))}</a></p>"
            f'<p><input readonly aria-label="{escape(text("ui.lesson_editor.link", lang))}" '
            f'value="{link}" size="60"></p>'
        )
