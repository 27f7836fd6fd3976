"""The lesson editor of the teachers' tools: a teacher's own lesson from a deal.

The teacher starts from a share code or a seed, from the deal the comparison holds (or
the scoring desk's, once it holds a played deal), or from a lesson (its code or its
file) to edit again; chooses the student's seat, writes a title, an introduction and
last words, and at chosen tricks a sentence in French and English (with claims picked
from what the engine checks: ``lesson_claims.py``) and, for a marked decision, the cards
to find. « Vérifier et essayer » asks :mod:`hearts_teach.teaching.lesson_codes` (the
book's validator) and plays the lesson below when nothing is false; the code, a link
and a file follow. No rule is here."""

from __future__ import annotations

import base64
from collections.abc import Callable
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
from .lesson_claims import ClaimPicker

DealSource = Callable[[], Deal | None]


class LessonEditor(Localized, widgets.VBox):  # type: ignore[misc]
    """Write, check, try and hand out a lesson of the teacher's own.

    ``playground_url`` is the playground's address: the link is it with ``?lesson=``.
    ``compare_deal`` and ``desk_deal`` give the deal the comparison and the scoring desk
    hold now (None: none, or not one played card by card)."""

    def __init__(
        self,
        lang: str = "en",
        playground_url: str = "",
        compare_deal: DealSource | None = None,
        desk_deal: DealSource | None = None,
    ) -> None:
        super().__init__()
        self.lang = lang
        self.add_class("ht-root")
        self.add_class("ht-lesson-editor")
        self.playground_url = playground_url
        self.sources: dict[str, DealSource | None] = {"compare": compare_deal, "desk": desk_deal}
        self.said: str | None = None  # a refusal of the editor's own (a ui. key)
        self.pasting_files = False  # files come pasted as text (files_by_paste)
        self.deal: Deal | None = None
        self.deal_code = ""
        self.seed = 1
        self.entries: dict[int, Entry] = {}
        self._shown: Entry | None = None  # the entry the trick's fields show
        self.error: HeartsError | None = None
        self.problems: list[str] = []
        self.code = ""
        self.heading = widgets.HTML()
        self.source = widgets.Text(layout=widgets.Layout(width="28em"))
        self.load_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.load_button.on_click(lambda _b: self.load(self.source.value))
        self.from_buttons = {
            name: widgets.Button(layout=widgets.Layout(width="auto")) for name in self.sources
        }
        for name, button in self.from_buttons.items():
            button.on_click(lambda _b, name=name: self.start_from(name))
        self.upload = widgets.FileUpload(accept=".json", multiple=False)
        self.upload.observe(lambda _c: self.load_upload(), names="value")
        self.free = widgets.Checkbox(value=False, indent=False, layout=widgets.Layout(width="auto"))
        self.learner = widgets.Dropdown(options=[("", 0)], value=0)
        self.title = {lang: widgets.Text(layout=widgets.Layout(width="36em")) for lang in LANGS}
        self.intro = {lang: widgets.Textarea(layout=widgets.Layout(width="36em")) for lang in LANGS}
        self.outro = {lang: widgets.Textarea(layout=widgets.Layout(width="36em")) for lang in LANGS}
        self.trick = widgets.Dropdown(options=[(str(n), n) for n in range(1, 14)], value=1)
        self.ask = widgets.Text(layout=widgets.Layout(width="12em"))
        self.say = {lang: widgets.Textarea(layout=widgets.Layout(width="36em")) for lang in LANGS}
        self.claims = ClaimPicker(lang)
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
                self.free,
                widgets.HBox([self.trick, self.ask]),
                *self.say.values(),
                self.claims,
                widgets.HBox([self.add_button, self.remove_button]),
                self.written,
                *self.outro.values(),
                self.check_button,
            ]
        )
        self.writing.layout.display = "none"
        self.children = (
            self.heading,
            widgets.HBox([self.source, self.load_button]),
            widgets.HBox([*self.from_buttons.values(), self.upload]),
            self.writing,
            self.message,
            self.code_box,
            self.link,
            self.preview,
        )
        self.code_box.layout.display = "none"
        self.trick.observe(lambda _c: self._show_written(), names="value")
        self.learner.observe(lambda _c: self._seats_changed(), names="value")
        self._render()
        self._relabel_on_lang(self._render)

    # --- what the teacher does -------------------------------------------------------

    def load(self, given: str) -> None:
        """Start from a share code or a seed (digits): the bots play it out with that seed
        (a share code keeps its own cards); a lesson code opens that lesson to edit."""
        given = given.strip()
        if given.startswith("{"):  # a lesson file's text, pasted (where files cannot come)
            self.load_file(given.encode("utf-8"))
            return
        if given.startswith(lesson_codes.PREFIX):
            try:
                spec = lesson_codes.spec_from_code(given)
            except HeartsError as error:
                self._refuse(error)
                return
            self.open_spec(spec)
            return
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
        self._start(deal)

    def _start(self, deal: Deal, learner: int = 0) -> None:
        """Write a lesson of ``deal``: what was written of another deal is dropped."""
        self.deal, self.deal_code = deal, lesson_codes.deal_share_code(deal)
        players = deal.rules.players
        self.entries, self._shown = {}, None
        for lang in LANGS:
            self.say[lang].value = ""
        self.ask.value = ""
        self.claims.clear()
        self.learner.options = [(seat_name(p, players, self.lang), p) for p in range(players)]
        self.learner.value = learner
        self.claims.set_table(players, learner)
        self.trick.options = [(str(n), n) for n in range(1, deal.rules.hand_size + 1)]
        self.writing.layout.display = None
        self.error, self.said, self.problems = None, None, []
        self._forget_check()
        self._render()

    def start_from(self, name: str) -> bool:
        """Start from the deal the comparison (``compare``) or the scoring desk (``desk``)
        holds; a lesson needs the whole play, so anything else is said and changes
        nothing."""
        source = self.sources.get(name)
        deal = source() if source is not None else None
        if deal is None or not deal.is_over or deal.start_leader is not None:
            self.error, self.said = None, f"ui.lesson_editor.not_played_{name}"
            self._render()
            return False
        code = lesson_codes.deal_share_code(deal)
        try:
            lesson_codes.reference_deal(code)
            played = deal_from_code(code)
        except HeartsError as error:
            self._refuse(error)
            return False
        self._start(played)
        return True

    def files_by_paste(self) -> None:
        """Where the page may not send a file (the served playground's kernel guard
        takes no upload): no file button, and the teacher is told to paste its text."""
        self.upload.layout.display = "none"
        self.pasting_files = True
        self._render()

    def load_upload(self) -> None:
        """The lesson file chosen: read as data only, within the size of a lesson."""
        for uploaded in self.upload.value:
            self.load_file(bytes(uploaded["content"]))
        self.upload.value = ()  # the same file may be chosen again

    def load_file(self, raw: bytes) -> bool:
        """Open a lesson file (``spec_to_json``'s) to edit again; a damaged, foreign or
        too large one is said in the page's language and changes nothing."""
        if len(raw) > lesson_codes.MAX_JSON:
            self._refuse(RecordError("lesson_file_long", most=lesson_codes.MAX_JSON // 1000))
            return False
        try:
            spec = lesson_codes.spec_from_json(raw.decode("utf-8"))
        except UnicodeDecodeError:
            self._refuse(RecordError("lesson_code_damaged", detail="not UTF-8 text"))
            return False
        except HeartsError as error:
            self._refuse(error)
            return False
        self.open_spec(spec)
        return True

    def open_spec(self, spec: LessonSpec) -> None:
        """A lesson written before, in the editor again: its deal, seat, texts and
        every trick written."""
        deal = deal_from_code(spec.deal)
        self.seed = spec.seed
        self._start(deal, spec.learner)
        for lang in LANGS:
            self.title[lang].value = spec.title.get(lang, "")
            self.intro[lang].value = spec.intro.get(lang, "")
            self.outro[lang].value = spec.outro.get(lang, "")
        self.free.value = spec.free
        self.entries = {entry.trick: entry for entry in spec.entries}
        if spec.entries:
            self.trick.value = spec.entries[0].trick
        self._show_written()
        self._render()

    def _fields(self) -> tuple[object, ...]:
        return (
            tuple(self.say[lang].value.strip() for lang in LANGS),
            self.ask.value.strip(),
            tuple(map(str, self.claims.claims)),
        )

    def _entry_fields(self, entry: Entry | None) -> tuple[object, ...]:
        if entry is None:
            return (tuple("" for _ in LANGS), "", ())
        return (
            tuple(entry.say.get(lang, "") for lang in LANGS),
            entry.ask,
            tuple(map(str, entry.claims)),
        )

    def _show_written(self) -> None:
        """The trick chosen: what is written there, to edit. At a trick with nothing
        written the fields empty only if they showed another trick unchanged: what the
        teacher typed before choosing the trick stays."""
        entry = self.entries.get(int(self.trick.value))
        if entry is None and self._fields() != self._entry_fields(self._shown):
            self._shown = None
            return
        for lang in LANGS:
            self.say[lang].value = entry.say.get(lang, "") if entry else ""
        self.ask.value = entry.ask if entry else ""
        self.claims.set_claims(list(entry.claims) if entry else [])
        self._shown = entry

    def _seats_changed(self) -> None:
        if self.deal is not None:
            self.claims.set_table(self.deal.rules.players, int(self.learner.value))

    def _forget_check(self) -> None:
        self.preview.children = ()
        self.preview_lesson = None
        self.code = ""

    def write_trick(self) -> None:
        """The sentence (and the decision, if cards are given) at the chosen trick, with
        the claims picked for it."""
        entry = Entry(
            trick=int(self.trick.value),
            say={lang: self.say[lang].value.strip() for lang in LANGS},
            ask=self.ask.value.strip(),
            claims=tuple(self.claims.claims),
        )
        try:  # the same checks as a code read back: what is written can be handed out
            lesson_codes.spec_from_dict(self._spec({**self.entries, entry.trick: entry}).to_dict())
        except HeartsError as error:
            self._refuse(error)
            return
        self.entries[entry.trick] = entry
        self._shown = entry
        self.error = self.said = None
        self._render()

    def remove_trick(self) -> None:
        self.entries.pop(int(self.trick.value), None)
        self._shown = None
        for lang in LANGS:
            self.say[lang].value = ""
        self.ask.value = ""
        self.claims.clear()
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
            outro={lang: self.outro[lang].value.strip() for lang in LANGS},
            entries=tuple(entries[trick] for trick in sorted(entries)),
            free=bool(self.free.value),
        )

    def check(self) -> GuidedDeal | None:
        """The book's validator on the lesson: its refusals, or the lesson to try and its
        code, link and file."""
        self._forget_check()
        if self.deal is None:
            return None
        spec = self.spec()
        try:  # the texts' lengths first, as a code read back checks them
            lesson_codes.spec_from_dict(spec.to_dict())
        except HeartsError as error:
            self._refuse(error)
            return None
        self.said = None
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
        self.error, self.said = error, None
        self._render()

    # --- drawing ---------------------------------------------------------------------

    def _render(self) -> None:
        lang = self.lang
        self.heading.value = (
            f"<h3>{escape(text('ui.lesson_editor.title', lang))}</h3>"
            f"<p>{escape(text('ui.lesson_editor.intro', lang))}</p>"
        )
        if self.pasting_files:
            self.heading.value += f"<p>{escape(text('ui.lesson_editor.paste_file', lang))}</p>"
        self.source.description = text("ui.lesson_editor.source", lang)
        self.source.style.description_width = "initial"
        self.load_button.description = text("ui.lesson_editor.load", lang)
        for name, button in self.from_buttons.items():
            button.description = text(f"ui.lesson_editor.from_{name}", lang)
        self.upload.description = text("ui.lesson_editor.upload", lang)
        self.free.description = text("ui.lesson_editor.free_play", lang)
        self.learner.description = text("ui.lesson_editor.learner", lang)
        boxes_of = (
            ("name", self.title),
            ("intro_text", self.intro),
            ("say", self.say),
            ("outro", self.outro),
        )
        for which, boxes in boxes_of:
            for each, box in boxes.items():
                box.description = text(f"ui.lesson_editor.{which}_{each}", lang)
                box.style.description_width = "initial"
        self.trick.description = text("ui.lesson_editor.trick", lang)
        self.ask.description = text("ui.lesson_editor.ask", lang)
        self.ask.style.description_width = "initial"
        self.ask.placeholder = text("ui.lesson_editor.ask_none", lang)
        self.add_button.description = text("ui.lesson_editor.write", lang)
        self.remove_button.description = text("ui.lesson_editor.remove", lang)
        self.check_button.description = text("ui.lesson_editor.check", lang)
        self.written.value = self._written_html(lang)
        self.message.value = self._message_html(lang)
        self.code_box.description = text("ui.lesson_editor.code", lang)
        self.code_box.value = self.code
        self.code_box.layout.display = None if self.code else "none"
        self.link.value = self._link_html(lang)
        self.claims.lang = lang
        for control in (
            self.source,
            self.load_button,
            *self.from_buttons.values(),
            self.upload,
            self.free,
            self.learner,
            *self.title.values(),
            *self.intro.values(),
            *self.outro.values(),
            self.trick,
            self.ask,
            *self.say.values(),
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
            if entry.claims:
                claims = "; ".join(self.claims.words(claim, lang) for claim in entry.claims)
                said += f" ({escape(text('ui.lesson_editor.claimed', lang, claims=claims))})"
            items.append(
                f"<li>{escape(text('ui.lesson_editor.at_trick', lang, number=trick))} "
                f"{escape(asked)} {said}</li>"
            )
        return f'<ul aria-label="{escape(text("ui.lesson_editor.written", lang))}">{"".join(items)}</ul>'

    def _message_html(self, lang: str) -> str:
        if self.said is not None:
            return f'<p class="ht-error" role="alert">{escape(text(self.said, lang))}</p>'
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
