"""The ``hearts-teach`` command: the teacher's tools in a terminal.

``hearts-teach compare CODE`` prints every variant's score of a shared deal;
``hearts-teach simulate --variant standard --games 100 --jobs 2`` prints a summary.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from hearts_teach.errors import HeartsError
from hearts_teach.i18n import register, text
from hearts_teach.records import deal_from_code
from hearts_teach.simulate import VARIANT_KEYS, simulate
from hearts_teach.teach import compare_deal

register(
    {
        "cli.description": (
            "The teacher's tools of hearts-teach, in a terminal.",
            "Les outils du professeur de hearts-teach, dans un terminal.",
        ),
        "cli.compare": (
            "score a shared deal under every variant",
            "compter une donne partagée dans chaque variante",
        ),
        "cli.code": ("the deal’s share code", "le code de partage de la donne"),
        "cli.totals": (
            "totals before the deal, comma-separated (for example 80,95,63,70)",
            "totaux avant la donne, séparés par des virgules (par exemple 80,95,63,70)",
        ),
        "cli.simulate": (
            "play many seeded games between bots",
            "jouer de nombreuses parties entre robots, à graine fixée",
        ),
        "cli.variant": (
            "a variant to simulate (repeat for several): {choices}",
            "une variante à simuler (à répéter pour plusieurs) : {choices}",
        ),
        "cli.games": ("games per variant", "parties par variante"),
        "cli.jobs": ("worker processes", "processus de calcul"),
        "cli.seed": ("the first game’s seed", "la graine de la première partie"),
        "cli.bots": (
            "bot level for every seat, or one per seat separated by commas",
            "niveau des robots pour toutes les places, ou un par place séparés par des virgules",
        ),
        "cli.csv": (
            "also write one line per game to this CSV file",
            "écrire aussi une ligne par partie dans ce fichier CSV",
        ),
        "cli.lang": ("language of the output: fr or en", "langue de l’affichage : fr ou en"),
        "cli.bad_totals": (
            "“{given}” are not totals: give {players} whole numbers separated by commas.",
            "« {given} » ne sont pas des totaux : donnez {players} nombres entiers séparés par "
            "des virgules.",
        ),
        "cli.not_over": (
            "This deal is not finished: only a played deal can be scored.",
            "Cette donne n’est pas finie : seule une donne jouée peut être comptée.",
        ),
        "cli.progress": ("{done}/{total} games", "{done}/{total} parties"),
        "cli.csv_written": ("Written: {path}", "Écrit : {path}"),
    }
)


def _language(argv: Sequence[str]) -> str:
    """The language asked for, read first so that even --help speaks it."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1] if argv[i + 1] in ("en", "fr") else "en"
        if arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
            return value if value in ("en", "fr") else "en"
    return "fr" if os.environ.get("LANG", "").startswith("fr") else "en"


def _parser(lang: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hearts-teach", description=text("cli.description", lang))
    parser.add_argument("--lang", choices=("en", "fr"), default=lang, help=text("cli.lang", lang))
    commands = parser.add_subparsers(dest="command", required=True)
    compare = commands.add_parser("compare", help=text("cli.compare", lang))
    compare.add_argument("code", help=text("cli.code", lang))
    compare.add_argument("--totals", help=text("cli.totals", lang))
    compare.add_argument("--lang", choices=("en", "fr"), default=lang, help=text("cli.lang", lang))
    sim = commands.add_parser("simulate", help=text("cli.simulate", lang))
    sim.add_argument(
        "--variant",
        action="append",
        choices=VARIANT_KEYS,
        metavar="VARIANT",
        help=text("cli.variant", lang, choices=", ".join(VARIANT_KEYS)),
    )
    sim.add_argument("--games", type=int, default=20, help=text("cli.games", lang))
    sim.add_argument("--jobs", type=int, default=1, help=text("cli.jobs", lang))
    sim.add_argument("--seed", type=int, default=0, help=text("cli.seed", lang))
    sim.add_argument("--bots", default="", help=text("cli.bots", lang))
    sim.add_argument("--csv", help=text("cli.csv", lang))
    sim.add_argument("--lang", choices=("en", "fr"), default=lang, help=text("cli.lang", lang))
    return parser


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


def run_compare(args: argparse.Namespace, out: TextIO) -> int:
    lang: str = args.lang
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
    print(comparison.text_table(lang, with_totals=totals is not None), file=out)
    return 0


def run_simulate(args: argparse.Namespace, out: TextIO) -> int:
    lang: str = args.lang
    variants = args.variant or ["standard"]
    levels = [level for level in args.bots.split(",") if level]
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
    if args.csv:
        with open(args.csv, "w", encoding="utf-8", newline="") as stream:
            result.write_csv(stream)
        print(text("cli.csv_written", lang, path=args.csv), file=out)
    return 0


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (0 when all went well)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = _parser(_language(arguments))
    args = parser.parse_args(arguments)
    stream = out if out is not None else sys.stdout
    if args.command == "compare":
        return run_compare(args, stream)
    return run_simulate(args, stream)


if __name__ == "__main__":
    raise SystemExit(main())
