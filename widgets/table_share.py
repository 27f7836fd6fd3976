"""The table's sharing panel: the share code of the position with a button that copies
it, the link that opens it in the playground, and a field to load another code.

The panel draws itself from a :class:`~hearts_teach.teaching.session.TableSession`; the
table (``table.py``) places it and sends it the language, the page's address and the
bots' level.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets  # type: ignore[import-untyped]

from hearts_teach.i18n import text
from hearts_teach.teaching.session import TableSession

from .render import playground_link
from .shared import html_box, name_control
from .texts import DEFAULT_BOT_LEVEL

# The copy button's whole behaviour, in the page: the code's field is selected (so a
# browser without the clipboard's API copies it with the old command, and the reader
# sees what was copied), copied, and the button says so for two seconds. The code is
# data in the field, never in the script.
_COPY = (
    "var f=this.closest('.ht-share').querySelector('.ht-share-code input');"
    "if(!f)return;f.select();var b=this,done=function(){b.textContent=b.dataset.done;"
    "setTimeout(function(){b.textContent=b.dataset.label},2000)};"
    "if(navigator.clipboard&&window.isSecureContext){navigator.clipboard.writeText(f.value)"
    ".then(done,function(){document.execCommand('copy');done()})}"
    "else{document.execCommand('copy');done()}"
)


class SharePanel(widgets.VBox):  # type: ignore[misc]
    """The share code and its copy button, the link, and the field to load a code;
    ``load(code)`` is called by the load button with the code typed."""

    def __init__(self, load: Callable[[str], object]) -> None:
        super().__init__(layout=widgets.Layout(flex="1 1 420px"))
        self.add_class("ht-panel")
        self.add_class("ht-share")
        self.title = html_box()
        self.code_text = widgets.Text(
            layout=widgets.Layout(width="auto", flex="1 1 12em", min_width="0"),
            style={"description_width": "initial"},
        )
        self.code_text.add_class("ht-share-code")
        self.copy_button = html_box()
        self.link = html_box()
        self.load_text = widgets.Text(
            layout=widgets.Layout(width="auto", flex="1 1 12em", min_width="0"),
            style={"description_width": "initial"},
        )
        self.load_button = widgets.Button(icon="upload", layout=widgets.Layout(width="auto"))
        self.load_button.on_click(lambda _b: load(self.load_text.value))
        self.load_button.layout.flex = "0 0 auto"
        self.message = html_box()
        code_row = widgets.HBox([self.code_text, self.copy_button])
        code_row.add_class("ht-toolbar")
        self.children = [
            self.title,
            code_row,
            self.link,
            widgets.HBox([self.load_text, self.load_button]),
            self.message,
        ]

    def draw(self, session: TableSession, lang: str, playground_url: str, bot_level: str) -> None:
        self.title.value = f"<h3 lang='{lang}'>{escape(text('ui.share.title', lang))}</h3>"
        code = session.share_code()
        name_control(self.code_text, text("ui.share.code", lang))
        self.code_text.value = code
        label = escape(text("table.share.copy", lang), quote=True)
        done = escape(text("table.share.copied", lang), quote=True)
        self.copy_button.value = (
            f'<button type="button" class="ht-copy jupyter-button" lang="{lang}" '
            f'data-label="{label}" data-done="{done}" aria-live="polite" '
            f'onclick="{escape(_COPY, quote=True)}">{label}</button>'
        )
        name_control(
            self.load_text, text("ui.share.input", lang), text("ui.share.placeholder", lang)
        )
        self.load_text.placeholder = text("ui.share.placeholder", lang)
        self.load_button.description = text("ui.button.load", lang)
        self.load_button.tooltip = text("ui.button.load", lang)
        bots = None if bot_level == DEFAULT_BOT_LEVEL else bot_level
        link = playground_link(code, playground_url, lang, bots) if code else ""
        # A link drawn as a button (it opens a page: a link to screen readers and to the
        # keyboard, Tab reaches it and Enter follows it); the arrow is not part of its name.
        help_text = escape(text("ui.share.link_help", lang), quote=True)
        self.link.value = (
            f'<a class="ht-link ht-link-button" href="{escape(link)}" target="_blank" '
            f'rel="noopener" lang="{lang}" title="{help_text}">'
            f"{escape(text('ui.share.link', lang))}"
            '<span class="ht-link-arrow" aria-hidden="true"> ↗</span></a>'
            if link
            else ""
        )
        said = session.share_message.text(lang) if session.share_message is not None else ""
        css = "ht-message ht-error" if session.share_is_error and said else "ht-message"
        self.message.value = f'<div class="{css}" role="status" lang="{lang}">{escape(said)}</div>'
