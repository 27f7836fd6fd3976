"""The hearts-teach command, run through main([...])."""

from __future__ import annotations

import csv
import importlib.metadata
import io
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from hearts_teach_widgets.playground import PAGE_LANG

from hearts_teach import Deal, Game, Rules
from hearts_teach.bots.seats import play_out, seat_bots
from hearts_teach.describe import winners_text
from hearts_teach.i18n import text, typeset
from hearts_teach.records import share_code
from hearts_teach.teaching.cli import main
from hearts_teach.teaching.compare import compare_deal


def _code() -> tuple[str, Deal]:
    deal = Deal.new(Rules(), seed=9, deal_number=3)
    play_out(deal, seat_bots("heuristic", 9, 4))
    return share_code(deal), deal


def test_compare_prints_every_variant() -> None:
    code, deal = _code()
    out = io.StringIO()
    assert main(["compare", code, "--lang", "fr"], out=out) == 0
    printed = out.getvalue()
    comparison = compare_deal(deal)
    for row in comparison.scored:
        assert row.label("fr") in printed
    assert "Écartée\u202f: Cœurs à deux joueurs" in printed


def test_compare_with_totals_names_the_outcome() -> None:
    code, _ = _code()
    out = io.StringIO()
    assert main(["compare", code, "--totals", "99,99,99,0"], out=out) == 0
    # Someone reaches 100 in standard Hearts: the fourth seat, at 0 before, wins.
    name = text("variant.standard", "en")
    standard = next(line for line in out.getvalue().splitlines() if line.startswith(name))
    assert standard.endswith(winners_text(Rules(), (3,), "en"))
    assert winners_text(Rules(), (3,), "en") == "Winner: East."


def _second_deal_code() -> tuple[str, Deal]:
    """The code of a game's second deal: it carries the totals before it."""
    game = Game(Rules(), seed=5)
    play_out(game.deal, seat_bots("heuristic", 5, 4))
    game.next_deal()
    play_out(game.deal, seat_bots("heuristic", 5, 4))
    assert any(game.deal.totals)
    return share_code(game.deal), game.deal


def test_compare_reads_the_totals_a_code_carries() -> None:
    """B7: the browser filled in a code's totals and said who wins; the command showed
    the bare deal unless given --totals."""
    code, deal = _second_deal_code()
    out = io.StringIO()
    assert main(["compare", code, "--lang", "fr"], out=out) == 0
    printed = out.getvalue()
    assert "Avec ces totaux" in printed
    expected = compare_deal(deal).row("standard").outcome_text("fr")
    assert expected in printed


def test_compare_as_csv_and_markdown() -> None:
    code, deal = _second_deal_code()
    table = compare_deal(deal).table("fr", with_totals=True)
    out = io.StringIO()
    assert main(["compare", code, "--lang", "fr", "--csv"], out=out) == 0
    assert list(csv.reader(io.StringIO(out.getvalue()), delimiter=";")) == table
    english = io.StringIO()
    assert main(["compare", code, "--csv", "--separator", ";"], out=english) == 0
    assert english.getvalue().splitlines()[0].startswith("Variant;South;West")
    markdown = io.StringIO()
    assert main(["compare", code, "--lang", "fr", "--markdown"], out=markdown) == 0
    lines = markdown.getvalue().splitlines()
    assert lines[0] == "| " + " | ".join(table[0]) + " |"
    assert (
        lines[1].startswith("| --- | ---: |")
        and len(lines[2 : 2 + len(table) - 1]) == len(table) - 1
    )
    assert any(line.startswith("- Écartée") for line in lines)
    with pytest.raises(SystemExit):  # one shape at a time
        main(["compare", code, "--csv", "--markdown"], out=io.StringIO())


def test_simulate_help_lists_the_bot_levels_and_their_cost(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """D3: the levels were found only in an error message, and nothing said that the
    strong bot is slow."""
    for lang, slow in (("en", "slow"), ("fr", "lent")):
        with pytest.raises(SystemExit):
            main(["--lang", lang, "simulate", "--help"])
        shown = " ".join(capsys.readouterr().out.split())
        assert "random" in shown and "heuristic" in shown and "montecarlo" in shown
        assert slow in shown.split("montecarlo", 1)[1]


def test_a_closed_pipe_ends_the_command_without_a_traceback() -> None:
    """B15: ``hearts-teach simulate … | head -3`` printed a BrokenPipeError."""
    command = [
        sys.executable,
        "-c",
        "from hearts_teach.teaching.cli import main; raise SystemExit(main())",
    ]
    args = ["compare", _code()[0], "--lang", "fr"]
    # the reader closes the pipe at once: the command's writes all meet a closed pipe
    reader, writer = os.pipe()
    os.close(reader)
    done = subprocess.run(
        [*command, *args], stdout=writer, stderr=subprocess.PIPE, timeout=60, check=False
    )
    os.close(writer)
    assert "Traceback" not in done.stderr.decode() and "BrokenPipe" not in done.stderr.decode()
    assert done.returncode == 141


def test_simulate_writes_a_french_csv_with_semicolons(tmp_path: Path) -> None:
    target = tmp_path / "parties.csv"
    arguments = [
        "--lang",
        "fr",
        "simulate",
        "--games",
        "1",
        "--bots",
        "random",
        "--csv",
        str(target),
    ]
    assert main(arguments, out=io.StringIO()) == 0
    header = target.read_text(encoding="utf-8").splitlines()[0]
    assert (
        header == "variante;graine;donnes;grands chelems;finie;gagnants;avance;Sud;Ouest;Nord;Est"
    )
    assert main([*arguments, "--separator", ","], out=io.StringIO()) == 0
    assert target.read_text(encoding="utf-8").startswith("variante,graine,")


def test_simulate_draws_its_charts_into_one_svg_file(tmp_path: Path) -> None:
    """§6 item 9: ``simulate --plot out.svg``, the browser's three charts in a file."""
    import xml.etree.ElementTree as ET

    target = tmp_path / "graphiques.svg"
    arguments = ["--lang", "fr", "simulate", "--games", "2", "--bots", "random"]
    assert main([*arguments, "--plot", str(target)], out=io.StringIO()) == 0
    root = ET.parse(target).getroot()
    svg = "{http://www.w3.org/2000/svg}svg"
    charts = root.findall(svg)
    assert root.tag == svg and len(charts) == 4  # deals, moons, margin, score spread
    tops = [float(chart.get("y", "-1")) for chart in charts]
    assert tops[0] == 0 and tops == sorted(set(tops))  # one under the other
    assert float(root.get("height", "0")) == tops[-1] + float(charts[-1].get("height", "0"))
    titles = [chart.findtext("{http://www.w3.org/2000/svg}title") for chart in charts]
    assert titles[0] == text("ui.teach.sim_chart_deals", "fr")
    # a file that cannot be written is refused before any game is played
    with pytest.raises(SystemExit):
        main([*arguments, "--plot", str(tmp_path / "absent" / "g.svg")], out=io.StringIO())


def test_compare_refuses_a_damaged_code(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = _code()
    assert main(["compare", code[:-3] + "AAA", "--lang", "fr"], out=io.StringIO()) == 2
    assert "abîmé" in capsys.readouterr().err
    assert main(["compare", code, "--totals", "1,2"], out=io.StringIO()) == 2
    assert "4 whole numbers" in capsys.readouterr().err


def test_simulate_prints_and_writes_csv(tmp_path: Path) -> None:
    target = tmp_path / "games.csv"
    out = io.StringIO()
    status = main(
        [
            "simulate",
            "--variant",
            "two-player",
            "--games",
            "2",
            "--bots",
            "heuristic",
            "--csv",
            str(target),
            "--lang",
            "en",
        ],
        out=out,
    )
    assert status == 0
    assert "Two-player Hearts" in out.getvalue() and "deals per game" in out.getvalue().lower()
    rows = list(csv.DictReader(target.open(encoding="utf-8")))
    assert [row["seed"] for row in rows] == ["0", "1"]


def test_language_before_the_command() -> None:
    out = io.StringIO()
    status = main(
        ["--lang", "fr", "simulate", "--variant", "reverse", "--games", "1", "--bots", "random"],
        out=out,
    )
    assert status == 0
    assert "Cœurs inversés" in out.getvalue() and "Parties" in out.getvalue()


# argparse's own English words, none of which may reach a French screen.
ARGPARSE_ENGLISH = ("usage", "options:", "positional", "show this help", "error", "required")


@pytest.mark.parametrize("command", [[], ["simulate"], ["compare"], ["play"]])
def test_french_help_is_all_french(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--lang", "fr", *command, "--help"])
    assert stopped.value.code == 0
    printed = capsys.readouterr().out
    assert printed.startswith("utilisation\u202f: hearts-teach")
    assert "options\u202f:" in printed and "Afficher cette aide, puis quitter" in printed
    for english in ARGPARSE_ENGLISH:
        assert english not in printed


def test_english_help_keeps_argparse_english(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "fr", "--help"])
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["--lang", "en", "simulate", "--help"])
    printed = capsys.readouterr().out
    assert printed.startswith("usage: hearts-teach simulate")
    assert "show this help message and exit" in printed and "--seed SEED" in printed


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (["simulate", "--games", "x"], "argument --games : « x » n’est pas un nombre"),
        ([], "erreur : il manque ces arguments : COMMANDE"),
        (["jouer"], "choix impossible : « jouer »"),
        (["simulate", "--games", "0"], "« 0 » n’est pas un nombre entier d’au moins 1"),
        (["simulate", "--bots", "random,expert"], "« expert » n’est pas un niveau de robot"),
    ],
)
def test_french_argument_errors(
    arguments: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--lang", "fr", *arguments])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert typeset(expected, "fr") in error  # narrow no-break spaces, as French sets them
    for english in ARGPARSE_ENGLISH:
        assert english not in error


def test_an_unknown_bot_level_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["simulate", "--games", "1", "--bots", "heuristic,expert"], out=io.StringIO())
    assert stopped.value.code == 2
    assert "“expert” is not a bot level: choose among random, heuristic" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("path", "english", "french"),
    [
        ("missing-folder/games.csv", "its folder does not exist", "son dossier n’existe pas"),
        (".", "it is a folder", "c’est un dossier"),
    ],
)
def test_a_csv_path_that_cannot_be_written_is_refused_before_the_run(
    path: str,
    english: str,
    french: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    played: list[object] = []
    monkeypatch.setattr("hearts_teach.teaching.cli.simulate", lambda *a, **k: played.append(a))
    for lang, reason in (("en", english), ("fr", french)):
        with pytest.raises(SystemExit) as stopped:
            main(["--lang", lang, "simulate", "--games", "1", "--csv", path], out=io.StringIO())
        assert stopped.value.code == 2
        error = capsys.readouterr().err
        assert reason in error and path in error and "Traceback" not in error
    assert played == []


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (
            ["--games", "1000000000000"],
            "“1000000000000” is more than this tool plays: at most 100000",
        ),
        (["--games", "9" * 5000], "is not a whole number of at least 1"),
        (["--bots", "random,heuristic"], "2 bot levels for standard, which is played by 4"),
        (["--bots", "random,heuristic,random"], "3 bot levels for standard"),
        (["--bots", ",,,,"], "“” is not a bot level"),
        (["--variant", "black-maria-3", "--bots", "random,random,random,random"], "played by 3"),
    ],
)
def test_absurd_simulations_are_refused_with_a_message(
    arguments: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--lang", "en", "simulate", *arguments], out=io.StringIO())
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    # narrow no-break spaces, as French sets them
    assert typeset(expected, "fr") in error and "Traceback" not in error


def test_simulate_jobs_beyond_the_cores_start_no_more_processes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[int] = []
    monkeypatch.setattr(
        "hearts_teach.teaching.simulate.worker_count", lambda jobs, tasks: asked.append(jobs) or 1
    )
    out = io.StringIO()
    assert main(["simulate", "--games", "2", "--jobs", "200", "--bots", "random"], out=out) == 0
    assert asked and max(asked) <= (os.cpu_count() or 1)


def test_negative_totals_need_no_equals_sign() -> None:
    code, deal = _code()
    out = io.StringIO()
    assert main(["compare", code, "--totals", "-5,-1000,0,7"], out=out) == 0
    assert (
        compare_deal(deal, (-5, -1000, 0, 7)).text_table("en", with_totals=True) in out.getvalue()
    )


# --- hearts-teach --version, hearts-teach play ------------------------------------------


def test_version_is_the_installed_distributions(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out == f"hearts-teach {importlib.metadata.version('hearts-teach')}\n"


def test_the_command_imports_no_jupyter_until_play() -> None:
    """`hearts-teach` without the [play] extra must work: only `play` imports Jupyter."""
    code = (
        "import sys, contextlib, io\n"
        "from hearts_teach.teaching.cli import main\n"
        "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['play', '--help'])\n"
        "jupyter = {'voila', 'ipywidgets', 'ipykernel', 'jupyter_server', 'tornado', 'traitlets'}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in jupyter))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[tuple[list[str], dict[str, str]]]:
    """``hearts-teach play`` up to the server's start: what it would serve, and with
    which environment (the server itself is started by tests/test_packaging.py)."""
    from hearts_teach_widgets.server import app

    started: list[tuple[list[str], dict[str, str]]] = []
    for name in ("JUPYTER_PATH", PAGE_LANG):
        # set, then removed: monkeypatch then restores it as it was, absent included
        # (the command sets both in this process's environment, which later tests'
        # servers would inherit: a French page for every visitor)
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    monkeypatch.setattr(app, "serve", lambda argv: started.append((argv, dict(os.environ))))
    return started


def test_play_serves_the_packaged_notebook_with_the_classroom_settings(
    served: list[tuple[list[str], dict[str, str]]],
) -> None:
    from hearts_teach_widgets.server import app

    port = app.free_port("127.0.0.1", 8866)  # the default port, or the next free one
    arguments = ["play", "--lang", "fr", "--visitors", "25", "--pool", "4"]
    arguments += ["--cull", "120", "--think", "150", "--names", "hearts.lan, salle-b"]
    assert main(arguments) == 0
    ((argv, environment),) = served
    assert argv == [
        str(app.NOTEBOOK),
        "--Voila.ip=127.0.0.1",
        f"--Voila.port={port}",
        "--PlaygroundServer.max_visitors=25",
        "--VoilaConfiguration.default_pool_size=4",
        "--MappingKernelManager.cull_idle_timeout=120",
        "--PlaygroundServer.bot_think=0.15",
        "--PlaygroundServer.host_names=hearts.lan",
        "--PlaygroundServer.host_names=salle-b",
    ]
    assert app.NOTEBOOK.is_file() and app.NOTEBOOK.parent.parent == app.PACKAGE
    # The template is found in the package: Voilà looks in <JUPYTER_PATH>/voila/templates.
    template = Path(environment["JUPYTER_PATH"].split(os.pathsep)[0]) / "voila" / "templates"
    assert (template / "hearts" / "index.html.j2").is_file()
    assert environment[PAGE_LANG] == "fr"


def test_play_takes_the_next_port_when_the_one_asked_for_is_taken(
    served: list[tuple[list[str], dict[str, str]]],
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["play", "--port", str(port)]) == 0
    ((argv, _),) = served
    assert argv[1] == "--Voila.ip=127.0.0.1" and argv[3:] == []
    assert port < int(argv[2].removeprefix("--Voila.port=")) < port + 50


def test_the_pages_language_is_the_servers_unless_the_address_says(
    served: list[tuple[list[str], dict[str, str]]],
) -> None:
    from hearts_teach_widgets.playground import Playground

    assert main(["play", "--lang", "fr"]) == 0
    ((_, environment),) = served
    server = {PAGE_LANG: environment[PAGE_LANG]}
    assert Playground.from_environment({**server, "QUERY_STRING": ""}).lang == "fr"
    assert Playground.from_environment({**server, "QUERY_STRING": "lang=en"}).lang == "en"
    assert Playground.from_environment({"QUERY_STRING": ""}).lang == "en"


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (["--host", "192.0.2.1"], "Impossible d’écouter sur 192.0.2.1 : ce n’est pas une adresse"),
        (["--host", "nowhere.invalid"], "Impossible d’écouter sur nowhere.invalid : ce n’est pas"),
    ],
)
def test_play_refuses_a_host_of_another_machine(
    arguments: list[str],
    expected: str,
    served: list[tuple[list[str], dict[str, str]]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--lang", "fr", *arguments]) == 2
    error = capsys.readouterr().err
    assert typeset(expected, "fr") in error and "Traceback" not in error
    assert not served


def two_adjacent_listeners() -> tuple[socket.socket, socket.socket]:
    """Two listening sockets on ports n and n + 1 (another program may hold n + 1: try again)."""
    for _ in range(50):
        one = socket.socket()
        one.bind(("127.0.0.1", 0))
        two = socket.socket()
        try:
            two.bind(("127.0.0.1", one.getsockname()[1] + 1))
        except OSError:
            one.close()
            two.close()
            continue
        one.listen()
        two.listen()
        return one, two
    pytest.fail("no two adjacent free ports on 127.0.0.1 in 50 tries")


def test_play_with_no_free_port_says_so(
    served: list[tuple[list[str], dict[str, str]]],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from hearts_teach_widgets.server import app

    one, two = two_adjacent_listeners()
    port = one.getsockname()[1]
    with one, two, pytest.raises(app.PlayError) as refused:
        app.free_port("127.0.0.1", port, tries=2)
    assert (refused.value.key, refused.value.params["last"]) == ("cli.play.no_port", port + 1)
    # ...and the command says it in the user's language (every port taken, here).
    monkeypatch.setattr(app, "port_is_free", lambda host, port: False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert main(["play", "--port", "9000"]) == 2
    error = capsys.readouterr().err
    assert typeset("Aucun port libre de 9000 à 9049 sur 127.0.0.1 :", "fr") in error
    assert "Traceback" not in error and not served


def test_play_without_the_play_extra_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """As in an environment where `pip install hearts-teach` left Voilà out."""
    import hearts_teach_widgets.server

    for module in ("app", "serve"):  # imported afresh, each restored after the test
        monkeypatch.delattr(hearts_teach_widgets.server, module, raising=False)
        monkeypatch.delitem(sys.modules, f"hearts_teach_widgets.server.{module}", raising=False)
    monkeypatch.setitem(sys.modules, "voila.app", None)  # None: the import fails
    assert main(["play", "--lang", "fr"]) == 2
    error = capsys.readouterr().err
    assert "pip install 'hearts-teach[play]'" in error and "voila n’est pas installé" in error


def test_an_unknown_language_is_refused_in_the_terminals(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    with pytest.raises(SystemExit) as stopped:
        main(["play", "--lang", "de"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert typeset("argument --lang : choix impossible : « de »", "fr") in error
    assert "Traceback" not in error


def test_compare_taken_scores_who_took_what_as_the_desk_does() -> None:
    """``--taken``: the cards each player took, in the command's language, scored under
    every variant exactly as the scoring desk scores them."""
    from hearts_teach.teaching.desk import ScoringDesk

    desk = ScoringDesk(totals=(80, 95, 63, 70))
    for card, player in (("QS", 0), ("2H", 0), ("10H", 0), ("JD", 1)):
        desk.give(card, player)
    expected = desk.compare().table("fr", True)
    out = io.StringIO()
    args = ["compare", "--lang", "fr", "--taken", "S:DP 2C, 10C", "--taken", "o:VK"]
    assert main([*args, "--totals", "80,95,63,70", "--csv"], out=out) == 0
    assert list(csv.reader(io.StringIO(out.getvalue()), delimiter=";")) == expected
    # the same in English letters and seat names, one --taken with « ; »
    english = io.StringIO()
    taken = "South:QS 2H 10H;2:JD"
    assert main(["compare", "--taken", taken, "--totals", "80,95,63,70", "--csv"], out=english) == 0
    assert list(csv.reader(io.StringIO(english.getvalue()))) == desk.compare().table("en", True)


def test_compare_taken_at_another_table() -> None:
    out = io.StringIO()
    assert (
        main(["compare", "--players", "3", "--taken", "S:QS;2:KS;E:AS", "--markdown"], out=out) == 0
    )
    assert "| 13 | 10 | 7 |" in out.getvalue()  # Black Maria for three


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--taken", "X:DP"], "« X » n’est pas un joueur de cette table"),
        (["--taken", "S DP"], "écrivez un joueur, deux-points, puis les cartes"),
        (["--taken", "S:DP", "--taken", "N:DP"], "La dame de pique est déjà chez Sud"),
        (["--taken", "S:DZ"], "« DZ » n’est pas une carte"),
        (["--taken", "S:7T"], "ne compte dans aucune variante"),
        (["--taken", "S:DP", "--totals", "1,2"], "ne sont pas des totaux"),
        ([], "Donnez soit le code de partage d’une donne, soit --taken"),
        (["CODE", "--taken", "S:DP"], "pas les deux"),
        (["--players", "3"], "--players va avec --taken"),
    ],
)
def test_compare_taken_refuses_bad_input_in_french(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = io.StringIO()
    assert main(["compare", "--lang", "fr", *args], out=out) == 2
    assert out.getvalue() == ""
    err = capsys.readouterr().err
    assert typeset(said, "fr") in err or said in err
