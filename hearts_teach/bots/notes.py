"""What the Monte-Carlo bot's figures say about its choice, as sentences to word later
(:class:`~hearts_teach.bots.catalog.Said`): the figure pricing the choice, the ties and
what broke them, and the departures from a card or pass that costs fewer points."""

from __future__ import annotations

from hearts_teach.bots.base import Figure, pass_set
from hearts_teach.bots.catalog import Number, Points, Said, Symbols
from hearts_teach.bots.weigh import Outcomes, Verdict, difference


def figure_sentence(kind: str, figure: Figure, samples: int, reverse: bool) -> Said:
    """The sentence pricing a choice: what it costs (or brings) on average."""
    gain = figure.points > 0 if reverse else figure.points < 0
    return Said(
        f"figure.{kind}.{'gain' if gain else 'cost'}",
        {"samples": samples, "cost": Points(abs(figure.points)), "error": figure.error},
    )


def tiebreak_sentence(verdict: Verdict, figures: list[Figure], chosen: int, sign: int) -> Said:
    """Why the choice among options within the noise: when the rule of thumb decides for
    an option whose estimate is a little worse than a rival's, the sentence says so."""
    key = verdict.tiebreak
    mine = sign * figures[chosen].points
    if key == "rule" and any(sign * figures[i].points < mine for i in verdict.ties):
        key = "rule_worse"
    return Said("tiebreak." + key, {})


def play_notes(verdict: Verdict, figures: list[Figure], chosen: int, sign: int) -> tuple[Said, ...]:
    """What the figures say about the card chosen (hint voice)."""
    notes: list[Said] = []
    if len(figures[chosen].cards) > 1:
        notes.append(Said("equivalent", {"cards": Symbols(figures[chosen].cards)}))
    if verdict.ties:
        rivals = tuple(c for i in verdict.ties for c in figures[i].cards)
        notes.append(
            Said(
                "tie.play",
                {
                    "rivals": Symbols(rivals),
                    "gap": Points(verdict.tie_gap, 2),
                    "gap_error": Number(verdict.tie_error, 2),
                    "tiebreak": tiebreak_sentence(verdict, figures, chosen, sign),
                },
            )
        )
    if verdict.departures:
        rivals = tuple(c for i in verdict.departures for c in figures[i].cards)
        notes.append(departure_note("play", Symbols(rivals), verdict))
    if not verdict.ties and not verdict.departures and len(figures) > 1:
        notes.append(Said("clear.play", {}))
    return tuple(notes)


def pass_notes(
    verdict: Verdict,
    figures: list[Figure],
    outcomes: list[Outcomes],
    chosen: int,
    reverse: bool,
) -> tuple[list[int], tuple[Said, ...]]:
    """The passes the notes name (by index), and the notes (hint voice)."""
    sign = -1 if reverse else 1
    named: list[int] = []
    notes: list[Said] = []
    total = len(figures) - 1
    if verdict.ties:
        rival = min(verdict.ties, key=lambda i: (sign * figures[i].points, i))
        gap, error = difference(outcomes[rival].own, outcomes[chosen].own)
        named.append(rival)
        notes.append(
            Said(
                "tie.pass",
                {
                    "count": len(verdict.ties),
                    "total": total,
                    "rival": pass_set(figures[rival].cards),
                    "rival_cost": Points(figures[rival].points),
                    "gap": Points(abs(gap), 2),
                    "gap_error": Number(error, 2),
                    "tiebreak": tiebreak_sentence(verdict, figures, chosen, sign),
                },
            )
        )
    if verdict.departures:
        rival = min(verdict.departures, key=lambda i: (sign * figures[i].points, i))
        named.append(rival)
        notes.append(departure_note("pass", pass_set(figures[rival].cards), verdict))
    if not verdict.ties and not verdict.departures and total:
        notes.append(Said("clear.pass", {"total": total}))
    return named, tuple(notes)


def departure_note(kind: str, rivals: Symbols, verdict: Verdict) -> Said:
    why_params: dict[str, object] = {}
    if verdict.why == "others":
        why_params = {
            "others_gap": Points(verdict.others_gap),
            "standing": Said("standing." + verdict.standing, {}),
        }
    return Said(
        "departure." + kind,
        {
            "rivals": rivals,
            "gap": Points(verdict.gap, 2),
            "gap_error": Number(verdict.gap_error, 2),
            "why": Said("why." + verdict.why, why_params),
        },
    )
