"""Playing in the widgets: where ``make play`` listens (and that the browser tests
serve the same way), and what the card buttons say."""

from __future__ import annotations

import html
import os
import random
import re
import shlex
import subprocess
from pathlib import Path

import pytest
from hearts_teach_widgets.cards import pass_states, play_states
from hearts_teach_widgets.server.app import Settings, voila_arguments
from hearts_teach_widgets.server.serve import command_line
from hearts_teach_widgets.summary import summary_html
from support.engine import play_out
from support.voila import voila_command

from hearts_teach import Deal, Game, Rules
from hearts_teach.describe import seat_words
from hearts_teach.i18n import signed, text

ROOT = Path(__file__).resolve().parents[1]


def play_command(*arguments: str, **environment: str) -> list[str]:
    """The command ``make play`` would run (dry run), as a list of words."""
    completed = subprocess.run(
        ["make", "--no-print-directory", "-n", "play", *arguments],
        cwd=ROOT,
        env={**os.environ, **environment},
        capture_output=True,
        text=True,
        check=True,
    )
    line = next(line for line in completed.stdout.splitlines() if "hearts-teach play" in line)
    return shlex.split(line)


def test_play_listens_on_localhost_8866_by_default_even_with_host_in_the_environment() -> None:
    words = play_command(HOST="0.0.0.0", PORT="9999")
    assert words == [".venv/bin/hearts-teach", "play", "--host=127.0.0.1", "--port=8866"]


def test_play_host_and_port_from_the_command_line() -> None:
    words = play_command("HOST=0.0.0.0", "PORT=8870")
    assert words[2:] == ["--host=0.0.0.0", "--port=8870"]


def test_class_settings_from_the_command_line_only() -> None:
    words = play_command(
        "VISITORS=25", "POOL=4", "CULL=120", "THINK=150", "NAMES=hearts.lan,salle-b"
    )
    assert words[4:] == [
        "--visitors=25",
        "--pool=4",
        "--cull=120",
        "--think=150",
        "--names=hearts.lan,salle-b",
    ]
    plain = play_command(VISITORS="3", POOL="1", CULL="5", THINK="9", NAMES="x")
    assert plain[2:] == ["--host=127.0.0.1", "--port=8866"]


def test_the_command_line_replaces_the_playgrounds_own_options() -> None:
    line = command_line(["--VoilaConfiguration.default_pool_size=3", "--Voila.port=9"])
    assert "--VoilaConfiguration.default_pool_size=3" in line
    assert sum("default_pool_size" in word for word in line) == 1
    assert line[-2:] == ["--VoilaConfiguration.default_pool_size=3", "--Voila.port=9"]
    assert "--template=hearts" in line and "--VoilaExecutor.iopub_timeout=60" in line
    # list options add up: a denied extension of one's own keeps the playground's
    denied = command_line(["--VoilaConfiguration.extension_denylist=other"])
    assert sum("extension_denylist" in word for word in denied) == 4


def test_browser_tests_serve_with_the_options_of_make_play() -> None:
    """The browser tests' server is ``hearts-teach play``'s, on their own port."""
    served = voila_command(12345)
    assert served[1:3] == ["-m", "hearts_teach_widgets.server.serve"]
    assert served[3:] == voila_arguments(Settings("127.0.0.1", 12345))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_card_mark_is_also_said_in_the_label(lang: str) -> None:
    """Received and advised cards are told apart by a border, and by their label too."""
    deal = Deal.new(Rules(), seed=3, deal_number=0)
    hand = deal.hand(0)
    advised = text("cards.hinted", lang).lower()
    received = text("ui.card.received", lang).lower()
    passing = pass_states(deal, 0, lang, picked=hand[:1], hinted=hand[1:3])
    for card, state in passing.items():
        assert ("ht-hinted" in state.marks) == (card in hand[1:3])
        assert (advised in state.label) == (card in hand[1:3])
    playing = play_states(deal, 0, lang, hinted=hand[:2], received=hand[1:4])
    for card, state in playing.items():
        assert (advised in state.label) == ("ht-hinted" in state.marks) == (card in hand[:2])
        assert (received in state.label) == ("ht-received" in state.marks) == (card in hand[1:4])
        # Seen: « As de cœur : injouable. Le premier pli doit s’ouvrir avec le deux de
        # trèfle. – carte reçue »: the mark goes with the card's name, before its state.
        if received in state.label and not state.enabled:
            assert state.label.index(received) < state.label.index(state.tooltip)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_score_chart_says_its_final_totals_in_words(lang: str) -> None:
    game = Game(Rules(target=10), seed=5)
    while not game.is_over:
        if game.deal.is_over:
            game.next_deal()
        else:
            play_out(game.deal, random.Random(len(game.results)))
    label = re.search(r'<svg [^>]*role="img" aria-label="([^"]*)"', summary_html(game, lang))
    assert label is not None
    said = html.unescape(label.group(1))
    assert f"{text('ui.option.target', lang)} {game.rules.target}" in said
    colon = "\u202f: " if lang == "fr" else ": "
    for player, total in enumerate(game.totals):
        totals = ", ".join(["0"] + [signed(r.totals[player]) for r in game.results])
        assert f"{seat_words(player, game.rules, lang, 0)}{colon}{totals}" in said
        assert totals.endswith(signed(total))
