"""The bots' seeded decisions, as one digest: does a change leave every decision as it was?

The lessons, the book's stored outputs, the tests and replayed share links all rest on
the seeded bots deciding the same way. For every preset, two deals are played by
Monte-Carlo bots (even seats, ``--playouts`` each decision, no time limit) and heuristic
bots (odd seats); every pass and card, its reason and advice in both languages, its
figures and the deal's scores go into a digest per preset, and all of them into one.
Run it before and after a change (compiled, and with ``HEARTS_TEACH_PURE=1``): the same
digest means the same decisions.

    .venv/bin/python benchmarks/decisions.py
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Sequence

from hearts_teach import COMPILED, Deal, Rules
from hearts_teach.bots import make_bot
from hearts_teach.bots.base import Bot


def seat_bots(players: int, number: int, playouts: int) -> list[Bot]:
    return [
        make_bot("montecarlo", seed=f"s{number}:{p}", playouts=playouts, time_limit=None)
        if p % 2 == 0
        else make_bot("heuristic", seed=f"s{number}:{p}")
        for p in range(players)
    ]


def preset_digest(preset: str, deals: int, playouts: int) -> str:
    rules = Rules.preset(preset)
    digest = hashlib.sha256()
    for number in range(deals):
        bots = seat_bots(rules.players, number, playouts)
        deal = Deal.new(rules, seed=f"d{number}", deal_number=number)
        if deal.phase == "pass":
            for player, bot in enumerate(bots):
                passed = bot.pass_cards(deal.view(player))
                words = (passed.reason("en"), passed.advice("fr"))
                digest.update(repr((passed.cards, *words, passed.figures, passed.notes)).encode())
                deal.pass_cards(player, passed.cards)
        while not deal.is_over:
            choice = bots[deal.to_play].play(deal.view(deal.to_play))
            estimates = sorted((str(k), round(v, 9)) for k, v in (choice.estimates or {}).items())
            card = (str(choice.card), choice.key, choice.reason("fr"), choice.advice("en"))
            digest.update(repr((*card, estimates, choice.figures, choice.samples)).encode())
            deal.play(choice.card)
        pending = deal.pending_moon_choice
        if pending is not None:
            shooter = pending.shooter
            deal.choose_moon(bots[shooter].choose_moon(deal.view(shooter)).choice)
        digest.update(repr(deal.result().scores).encode())
    return digest.hexdigest()[:16]


DIGESTED_PRESETS = tuple(Rules.PRESETS)[:16]
"""The presets ALL is taken over: the 16 before the house rules of issue 27 (presets are
appended, so they are the first 16)."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2, help="deals per preset")
    parser.add_argument("--playouts", type=int, default=120)
    args = parser.parse_args(argv)
    print(f"engine: {'compiled' if COMPILED else 'interpreted'}")
    digests = {}
    for preset in Rules.PRESETS:
        digests[preset] = preset_digest(preset, args.deals, args.playouts)
        print(preset, digests[preset], flush=True)
    # ALL is the digest of the presets it was first taken over, so that it still says
    # whether their decisions moved; the presets added since have one digest of their own.
    first = {name: digests[name] for name in DIGESTED_PRESETS}
    every = hashlib.sha256(json.dumps(first, sort_keys=True).encode()).hexdigest()[:16]
    print("ALL", every)
    later = {name: value for name, value in digests.items() if name not in DIGESTED_PRESETS}
    if later:
        added = hashlib.sha256(json.dumps(later, sort_keys=True).encode()).hexdigest()[:16]
        print("ADDED", added, "(" + " ".join(later) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
