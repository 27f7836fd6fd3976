"""The ``hearts-teach`` command: the teacher's tools in a terminal.

``hearts-teach compare CODE`` prints every variant's score of a shared deal;
``hearts-teach simulate --variant standard --games 100 --jobs 2`` prints a summary;
``hearts-teach play --host 0.0.0.0 --lang fr`` serves the playground (with the
``[play]`` extra: Jupyter is imported by that command only); ``hearts-teach --version``.
"""

from __future__ import annotations

import argparse
import csv
import importlib
import importlib.metadata
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TextIO

from hearts_teach.bots import LEVELS
from hearts_teach.cards import Card, parse_cards
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import (
    LANGS,
    card_symbol,
    card_symbols,
    contextual,
    message,
    read_cards,
    seat_name,
    terminal_lang,
    text,
    typeset,
)
from hearts_teach.records import deal_from_code
from hearts_teach.rules import PLAYER_COUNTS
from hearts_teach.teaching.compare import Comparison, compare_deal
from hearts_teach.teaching.desk import ScoringDesk
from hearts_teach.teaching.simulate import (
    MAX_GAMES,
    VARIANT_KEYS,
    check_simulation,
    csv_separator,
    simulate,
)

PLAY_HOST = "127.0.0.1"
PLAY_PORT = 8866
"""Where ``hearts-teach play`` listens unless told (the next free port if it is taken)."""
HIGHEST_PORT = 65535
MAX_THINK_MS = 5000
"""The longest time limit (milliseconds) ``play --think`` gives the strong bots."""


def _version() -> str:
    try:
        return importlib.metadata.version("hearts-teach")
    except importlib.metadata.PackageNotFoundError:  # run from a tree, not installed
        return "0+unknown"


def _language(argv: Sequence[str]) -> str:
    """The language asked for, read first so that even --help speaks it; when none is
    (or one that is not known: argparse then refuses it), the terminal's."""
    for i, arg in enumerate(argv):
        asked = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else ""
        if arg.startswith("--lang="):
            asked = arg.split("=", 1)[1]
        if asked in LANGS:
            return asked
    return terminal_lang()


@contextmanager
def _argparse_speaks(lang: str) -> Iterator[None]:
    """argparse's own words (usage line, section titles, the help option, errors) in
    ``lang`` inside the ``with`` block. argparse looks each of them up through its gettext
    function ``argparse._``, while it builds a parser and while it parses; this swaps
    that function for the catalog's messages of context "argparse" (its English words as
    msgid), typeset. A section title ("argparse heading") is followed by argparse's own
    colon, so its typography is set with that colon."""
    english: Callable[[str], str] = getattr(argparse, "_")  # noqa: B009 (private name)

    def translated(words: str) -> str:
        found = contextual("argparse", words, lang)
        if found is not None:
            return typeset(found, lang)
        heading = contextual("argparse heading", words, lang)
        if heading is not None:
            return typeset(heading + ":", lang)[:-1]
        return english(words)

    setattr(argparse, "_", translated)  # noqa: B010
    try:
        yield
    finally:
        setattr(argparse, "_", english)  # noqa: B010


def _whole_number(lang: str, minimum: int, most: int | None = None) -> Callable[[str], int]:
    """An argparse type for whole numbers from ``minimum`` (to ``most``), refusing in ``lang``."""

    def convert(given: str) -> int:
        try:
            number = int(given)
        except ValueError:  # also a number of more than 4300 digits
            number = minimum - 1
        if number < minimum:
            refusal = text("cli.not_whole", lang, given=given[:40], minimum=minimum)
            raise argparse.ArgumentTypeError(refusal)
        if most is not None and number > most:
            refusal = text("cli.too_many", lang, given=given[:40], most=most)
            raise argparse.ArgumentTypeError(refusal)
        return number

    return convert


def _bot_levels(lang: str) -> Callable[[str], list[str]]:
    """An argparse type for ``heuristic`` or ``random,heuristic,...`` (one per seat)."""

    def convert(given: str) -> list[str]:
        levels = given.split(",")
        for level in levels:
            if level not in LEVELS:
                refusal = text("cli.bad_bots", lang, given=level[:40], choices=", ".join(LEVELS))
                raise argparse.ArgumentTypeError(refusal)
        return levels

    return convert


def _levels_help(lang: str) -> str:
    """The bot levels, each with what it costs (the strong one is slow)."""
    return message("list.semicolon", lang).join(
        message("list.colon", lang).format(
            label=level,
            value=message(f"cli.level.{level}", lang).format(name=message(f"ui.bot.{level}", lang)),
        )
        for level in LEVELS
    )


def _parser(lang: str) -> argparse.ArgumentParser:
    def lang_option(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--lang", choices=LANGS, default=lang, help=text("cli.lang", lang))

    def metavar(name: str) -> str:
        return text(f"cli.metavar.{name}", lang)

    def separator_option(parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--separator",
            choices=(",", ";"),
            metavar=metavar("separator"),
            help=text("cli.separator", lang, default=csv_separator(lang)),
        )

    counted, any_number = _whole_number(lang, 1), _whole_number(lang, 0)
    games = _whole_number(lang, 1, MAX_GAMES)
    parser = argparse.ArgumentParser(prog="hearts-teach", description=text("cli.description", lang))
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    lang_option(parser)
    commands = parser.add_subparsers(dest="command", required=True, metavar=metavar("command"))
    compare = commands.add_parser("compare", help=text("cli.compare", lang))
    compare.add_argument("code", metavar="CODE", nargs="?", help=text("cli.code", lang))
    compare.add_argument(
        "--taken",
        action="append",
        metavar=metavar("taken"),
        help=text("cli.taken", lang, example=taken_example(lang)),
    )
    compare.add_argument(
        "--players",
        type=int,
        choices=PLAYER_COUNTS,
        metavar=metavar("count"),
        help=text("cli.players", lang),
    )
    compare.add_argument("--totals", metavar=metavar("totals"), help=text("cli.totals", lang))
    shape = compare.add_mutually_exclusive_group()
    shape.add_argument(
        "--csv", dest="shape", action="store_const", const="csv", help=text("cli.compare_csv", lang)
    )
    shape.add_argument(
        "--markdown",
        dest="shape",
        action="store_const",
        const="markdown",
        help=text("cli.compare_markdown", lang),
    )
    separator_option(compare)
    lang_option(compare)
    sim = commands.add_parser("simulate", help=text("cli.simulate", lang))
    sim.add_argument(
        "--variant",
        action="append",
        choices=VARIANT_KEYS,
        metavar=metavar("variant"),
        help=text("cli.variant", lang, choices=", ".join(VARIANT_KEYS)),
    )
    sim.add_argument(
        "--games", type=games, default=20, metavar=metavar("count"), help=text("cli.games", lang)
    )
    sim.add_argument(
        "--jobs", type=counted, default=1, metavar=metavar("count"), help=text("cli.jobs", lang)
    )
    sim.add_argument(
        "--seed", type=any_number, default=0, metavar=metavar("seed"), help=text("cli.seed", lang)
    )
    sim.add_argument(
        "--bots",
        type=_bot_levels(lang),
        default=[],
        metavar=metavar("bots"),
        help=text("cli.bots", lang, levels=_levels_help(lang)),
    )
    sim.add_argument("--csv", metavar=metavar("file"), help=text("cli.csv", lang))
    separator_option(sim)
    sim.add_argument("--plot", metavar=metavar("file"), help=text("cli.plot", lang))
    lang_option(sim)
    _play_parser(commands.add_parser("play", help=text("cli.play", lang)), lang, metavar)
    return parser


def _play_parser(play: argparse.ArgumentParser, lang: str, metavar: Callable[[str], str]) -> None:
    """``hearts-teach play``'s options: where to listen, the page's language, and the
    classroom's settings (none given: the server's own defaults)."""
    any_number = _whole_number(lang, 0)
    play.add_argument(
        "--host", default=PLAY_HOST, metavar=metavar("host"), help=text("cli.play.host", lang)
    )
    play.add_argument(
        "--port",
        type=_whole_number(lang, 1, HIGHEST_PORT),
        default=PLAY_PORT,
        metavar=metavar("port"),
        help=text("cli.play.port", lang),
    )
    play.add_argument("--lang", choices=LANGS, default=lang, help=text("cli.play.lang", lang))
    # The classroom's settings (make play's VISITORS, POOL, CULL, NAMES).
    for option, shown in (("--visitors", "count"), ("--pool", "count"), ("--cull", "seconds")):
        help_text = text(f"cli.play.{option[2:]}", lang)
        play.add_argument(option, type=any_number, metavar=metavar(shown), help=help_text)
    play.add_argument(
        "--think",
        type=_whole_number(lang, 0, MAX_THINK_MS),
        metavar=metavar("milliseconds"),
        help=text("cli.play.think", lang),
    )
    play.add_argument(
        "--class-size",
        type=any_number,
        metavar=metavar("count"),
        help=text("class.cli.class_size", lang),
    )
    play.add_argument("--names", metavar=metavar("names"), help=text("cli.play.names", lang))
    play.add_argument(
        "--data", metavar=text("class.cli.folder", lang), help=text("class.cli.data", lang)
    )


def _totals(given: str | None, players: int, lang: str) -> tuple[int, ...] | None:
    if given is None:
        return None
    try:
        values = tuple(int(part) for part in given.split(","))
    except ValueError:
        values = ()
    if len(values) != players:
        raise ValueError(text("cli.bad_totals", lang, given=given, players=players))
    return values


def _initials(seat: int, players: int, lang: str) -> str:
    name = seat_name(seat, players, lang)
    return "".join(word[:1] for word in name.replace("-", " ").split())


def taken_example(lang: str) -> str:
    """``--taken``'s example as ``lang`` writes it: ``S:Q♠ 2♥ 10♥;W:J♦`` (``S:D♠ 2♥
    10♥;O:V♦`` in French; the catalog's letters, QS or DP, are read as well)."""
    south = card_symbols(parse_cards("QS 2H 10H"), lang, sep=" ")
    jack = card_symbol(Card.parse("JD"), lang)
    return f"{_initials(0, 4, lang)}:{south};{_initials(1, 4, lang)}:{jack}"


def seat_of(given: str, players: int, lang: str) -> int:
    """A seat as the command line names it: its number (1 to ``players``), its name or
    its initials in ``lang`` (S, O, N, E in French; S, W, N, E in English)."""
    words = given.strip().casefold()
    for seat in range(players):
        name = seat_name(seat, players, lang)
        initials = _initials(seat, players, lang)
        if words in (str(seat + 1), name.casefold(), initials.casefold()):
            return seat
    seats = ", ".join(seat_name(seat, players, lang) for seat in range(players))
    raise ValueError(text("cli.bad_seat", lang, given=given.strip()[:40], seats=seats))


def desk_from_taken(
    entries: Sequence[str], players: int, totals: tuple[int, ...] | None, lang: str
) -> ScoringDesk:
    """The scoring desk of ``--taken S:DP 2C;O:VK`` (each entry a seat, a colon and the
    cards that seat took, written as ``lang`` writes them; entries separated by « ; »
    or given one ``--taken`` each). A bad entry raises ValueError in ``lang``."""
    desk = ScoringDesk(players=players, totals=totals)
    for entry in entries:
        for part in entry.split(";"):
            if not part.strip():
                continue
            seat, colon, cards = part.partition(":")
            if not colon:
                said = text(
                    "cli.bad_taken", lang, given=part.strip()[:40], example=taken_example(lang)
                )
                raise ValueError(said)
            player = seat_of(seat, players, lang)
            try:
                for card in read_cards(cards, lang):
                    desk.give(card, player)
            except HeartsError as error:
                raise ValueError(error.message(lang)) from error
    return desk


def _compare_taken(args: argparse.Namespace, out: TextIO) -> int:
    lang: str = args.lang
    players: int = args.players or 4
    try:
        totals = _totals(args.totals, players, lang)
        desk = desk_from_taken(args.taken, players, totals, lang)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    _print_comparison(desk.compare(), args, totals is not None, out)
    return 0


def run_compare(args: argparse.Namespace, out: TextIO) -> int:
    lang: str = args.lang
    if (args.code is None) == (args.taken is None) or (args.players and args.taken is None):
        print(text("cli.compare_source", lang), file=sys.stderr)
        return 2
    if args.taken is not None:
        return _compare_taken(args, out)
    try:
        deal = deal_from_code(args.code)
    except HeartsError as error:
        print(error.message(lang), file=sys.stderr)
        return 2
    if not deal.is_over:
        print(text("cli.not_over", lang), file=sys.stderr)
        return 2
    try:
        totals = _totals(args.totals, deal.rules.players, lang)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    comparison = compare_deal(deal, totals)
    # the totals a share code carries (a deal after the first) count as given ones (B7)
    _print_comparison(comparison, args, totals is not None or any(deal.totals), out)
    return 0


def _print_comparison(
    comparison: Comparison, args: argparse.Namespace, with_totals: bool, out: TextIO
) -> None:
    lang: str = args.lang
    if args.shape == "csv":
        _write_rows(comparison.table(lang, with_totals), out, args.separator or csv_separator(lang))
    elif args.shape == "markdown":
        print(markdown_table(comparison, lang, with_totals), file=out)
    else:
        print(comparison.text_table(lang, with_totals=with_totals), file=out)


def _write_rows(rows: Sequence[Sequence[str]], out: TextIO, separator: str) -> None:
    writer = csv.writer(out, delimiter=separator, lineterminator="\n")
    writer.writerows(rows)


def markdown_table(comparison: Comparison, lang: str, with_totals: bool) -> str:
    """The comparison as a Markdown table (to paste into a document), followed by the
    variants left out and why, as a list."""

    def cell(words: str) -> str:
        return words.replace("|", "\\|")

    rows = comparison.table(lang, with_totals)
    lines = ["| " + " | ".join(cell(c) for c in rows[0]) + " |"]
    lines.append("|" + "|".join([" --- "] + [" ---: "] * (len(rows[0]) - 1)) + "|")
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows[1:]]
    if comparison.left_out:
        lines.append("")
    for row in comparison.left_out:
        reason = row.reason_text(lang)
        said = text(
            "teach.left_out", lang, variant=row.label(lang), reason=reason[:1].lower() + reason[1:]
        )
        lines.append(f"- {cell(said)}")
    return "\n".join(lines)


def _open_csv(path: str, lang: str) -> TextIO:
    """The CSV (or chart) file, opened before any game is played: a path that cannot be
    written is refused at once, not after the simulation."""
    try:
        return open(path, "w", encoding="utf-8", newline="")
    except OSError as error:
        if isinstance(error, FileNotFoundError):
            reason = "cli.csv_no_folder"
        elif isinstance(error, IsADirectoryError):
            reason = "cli.csv_folder"
        elif isinstance(error, PermissionError):
            reason = "cli.csv_denied"
        else:
            reason = "cli.csv_other"
        words = message(reason, lang)  # inside a sentence: no capital
        raise ValueError(text("cli.csv_refused", lang, path=path, reason=words)) from None


def _negative_totals(arguments: list[str]) -> list[str]:
    """``--totals -5,-10,0,7``: argparse would read the value as an option; join it."""
    joined: list[str] = []
    index = 0
    while index < len(arguments):
        word = arguments[index]
        following = arguments[index + 1] if index + 1 < len(arguments) else ""
        if word == "--totals" and following.startswith("-") and following[1:2].isdigit():
            joined.append(f"--totals={following}")
            index += 2
            continue
        joined.append(word)
        index += 1
    return joined


def _charts(lang: str) -> Any:
    """The front end's charts (pygal, with the [play] extra), imported by name at run time
    as ``play`` imports the server: the engine's command needs nothing of them otherwise."""
    try:
        return importlib.import_module("hearts_teach_widgets.charts")
    except ModuleNotFoundError as error:
        missing = (error.name or "pygal").split(".")[0]
        raise ValueError(text("cli.plot_missing", lang, module=missing)) from None


def run_simulate(
    args: argparse.Namespace,
    out: TextIO,
    csv_file: TextIO | None = None,
    plot_file: TextIO | None = None,
) -> int:
    lang: str = args.lang
    variants = args.variant or ["standard"]
    levels: list[str] = args.bots
    show = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if show:
            print(
                "\r" + text("cli.progress", lang, done=done, total=total), end="", file=sys.stderr
            )

    result = simulate(
        variants, args.games, levels=levels, jobs=args.jobs, seed=args.seed, progress=progress
    )
    if show:
        print(file=sys.stderr)
    print(result.text_table(lang), file=out)
    if csv_file is not None:
        with csv_file:
            result.write_csv(csv_file, lang, args.separator)
        print(text("cli.csv_written", lang, path=args.csv), file=out)
    if plot_file is not None:
        with plot_file:
            charts = _charts(lang)
            plot_file.write(charts.stacked_svg(charts.simulation_chart_svg(result, lang)))
        print(text("cli.csv_written", lang, path=args.plot), file=out)
    return 0


def run_play(args: argparse.Namespace) -> int:
    """Serve the playground until Ctrl-C. Jupyter is imported here, and only here."""
    lang: str = args.lang
    try:
        # By name: mypy checks the front end as the folder widgets/, not as installed.
        app = importlib.import_module("hearts_teach_widgets.server.app")
    except ModuleNotFoundError as error:  # the [play] extra is not installed
        missing = (error.name or "voila").split(".")[0]
        print(text("cli.play.missing", lang, module=missing), file=sys.stderr)
        return 2
    settings = app.Settings(
        host=args.host,
        port=args.port,
        lang=lang,
        visitors=args.visitors,
        class_size=args.class_size,
        pool=args.pool,
        cull=args.cull,
        think_ms=args.think,
        names=app.host_name_list(args.names or ""),
        data=args.data,
    )
    try:
        app.run(settings)
    except app.PlayError as error:
        print(text(error.key, lang, **error.params), file=sys.stderr)
        return 2
    return 0


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (0 when all went well). Output
    piped into a program that stops reading (``| head``) ends the command quietly,
    as the shell's own tools do, not with a traceback (B15)."""
    try:
        return _main(argv, out)
    except BrokenPipeError:
        # Python would also fail flushing stdout at exit: point it at nothing first
        # (the recipe of Python's documentation, "Note on SIGPIPE").
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # 128 + SIGPIPE, what a shell reports for such a program


def _main(argv: Sequence[str] | None, out: TextIO | None) -> int:
    arguments = _negative_totals(list(sys.argv[1:] if argv is None else argv))
    lang = _language(arguments)
    csv_file: TextIO | None = None
    plot_file: TextIO | None = None
    with _argparse_speaks(lang):
        parser = _parser(lang)
        args = parser.parse_args(arguments)
        if args.command == "simulate":
            # Everything that would stop the run is refused before the first game.
            try:
                check_simulation(args.variant or ["standard"], args.games, args.bots, args.jobs)
            except HeartsError as error:
                parser.error(error.message(lang))
            try:
                if args.csv:
                    csv_file = _open_csv(args.csv, lang)
                if args.plot:
                    _charts(lang)  # the charts' extra is there before any game is played
                    plot_file = _open_csv(args.plot, lang)
            except ValueError as error:
                parser.error(str(error))
    stream = out if out is not None else sys.stdout
    if args.command == "compare":
        return run_compare(args, stream)
    if args.command == "play":
        return run_play(args)
    return run_simulate(args, stream, csv_file, plot_file)


if __name__ == "__main__":
    raise SystemExit(main())
