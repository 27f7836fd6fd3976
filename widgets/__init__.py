"""hearts-teach's Jupyter front end (ipywidgets 8): playable cards, a table, the playground.

Public API (everything takes ``lang`` = ``"en"`` or ``"fr"``; text comes from the
engine's catalog, plus the ``ui.`` entries of :mod:`hearts_teach_widgets.texts`):

Cards and hands (:mod:`hearts_teach_widgets.cards`)
    ``card_button(card, lang)`` a button that looks like the card (rank, suit symbol,
    red hearts and diamonds); its description is the accessible label.
    ``HandView(on_card)`` a hand of card buttons sorted by suit; ``show(states)`` with
    ``play_states(deal, player, lang)`` (legal cards enabled, others disabled with the
    engine's reason as tooltip and label) or ``pass_states(deal, player, lang, picked)``.

Table (:mod:`hearts_teach_widgets.table`)
    ``HeartsTable(source, lang=..., bot_level=..., seed=...)`` bound to a ``Game``, a
    ``Deal`` or a ``Rules``; the person sits at seat 0, bots (``hearts_teach.bots``) play
    the others. Methods do what the buttons do: ``play_card(card)``,
    ``toggle_pass(card)`` / ``choose_pass(cards)`` / ``confirm_pass()``, ``hint()``,
    ``undo()``, ``next_deal()``, ``new_game(rules=None)``, ``load_code(code)``,
    ``load_deal(deal)``; state: the traits ``lang`` (setting it relabels everything, as
    ``set_lang(lang)`` does), ``bot_level`` and ``delay`` (``set_bot_level``,
    ``set_delay``), then ``game``, ``deal``,
    ``message``, ``status_text()``, ``hand.buttons``, ``bot_plays``.

Rules picker (:mod:`hearts_teach_widgets.rules_picker`)
    ``RulesPicker(lang)``: every preset of ``Rules.PRESETS`` and the options a player
    cares about; ``rules`` is ``None`` (and ``error`` the engine's ``RulesError``) while
    the combination cannot be played.

Static pictures (:mod:`hearts_teach_widgets.render`), for the static book
    ``position_html(deal, lang, playground_url=DEFAULT_PLAYGROUND_URL)``: HTML picture of
    a position (seat 0's hand face up, other hands as counts) with a link that opens it
    in the playground (``playground_link(code, url, lang)`` → ``URL?deal=CODE&lang=..``).
    ``card_face(card, lang)``, ``felt_html``, ``score_sheet_html``, ``rules_html``.

Playground (:mod:`hearts_teach_widgets.playground`), served by Voilà from ``notebooks/playground.ipynb``
    ``Playground.from_environment()`` reads ``?deal=CODE&lang=fr&bots=montecarlo`` from
    Voilà's ``QUERY_STRING``; ``open_deal(deal)`` / ``open_code(code)`` start a deal at
    the table (the visitor always sits at seat 0). ``hearts-teach play`` (and ``make play``)
    serves it on http://127.0.0.1:8866/ (:mod:`hearts_teach_widgets.app`) through
    :mod:`hearts_teach_widgets.serve` (Voilà, minus a slow import) with the package's
    ``hearts`` template (``voila/templates``, no CDN request).
    The "Lessons" tab is :class:`hearts_teach_widgets.lessons.LessonsTab`, built when
    first opened; its ``lang`` follows the page's, and it may call
    ``playground.open_deal(deal)``.

End of game (:mod:`hearts_teach_widgets.summary`)
    ``summary_html(game, lang)`` and ``score_chart_svg(game, lang)`` (an SVG chart).
"""

from __future__ import annotations

import importlib
from typing import Any

from .browser_kernel import send_comm_as_json

# In the static book, before any widget opens: its kernel would send None as undefined.
send_comm_as_json()

# Each name is imported from its module when first asked for: a page that needs one
# widget (a lesson in the static book, where Python runs in the reader's browser and
# every import is paid while the reader waits) does not load the table and the bots.
_HOMES = {
    "CardState": "hearts_teach_widgets.cards",
    "HandView": "hearts_teach_widgets.cards",
    "card_button": "hearts_teach_widgets.cards",
    "pass_states": "hearts_teach_widgets.cards",
    "play_states": "hearts_teach_widgets.cards",
    "DEFAULT_PLAYGROUND_URL": "hearts_teach_widgets.render",
    "card_face": "hearts_teach_widgets.render",
    "playground_link": "hearts_teach_widgets.render",
    "position_html": "hearts_teach_widgets.render",
    "RulesPicker": "hearts_teach_widgets.rules_picker",
    "HeartsTable": "hearts_teach_widgets.table",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'hearts_teach_widgets' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOMES[name]), name)
    globals()[name] = value
    return value
