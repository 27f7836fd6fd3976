"""One deal scored under every variant: the comparison a teacher shows.

Nothing here plays differently from the engine: a deal's taken cards are scored again
with other :class:`Rules` by :func:`score_deal`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from hearts_teach.cards import Card, cards_of, mask_of, parse_cards
from hearts_teach.deal import Deal
from hearts_teach.describe import winners_text
from hearts_teach.errors import HeartsError
from hearts_teach.i18n import join_words, message, ntext, seat_name, signed, text, the_card
from hearts_teach.rules import Rules
from hearts_teach.scoring import DealResult, score_deal

# The rows of the comparison: every chapter's preset, then Spot and Omnibus under the
# other moon rules, since "every variant and moon rule" is what a teacher compares.
COMPARED: Final[tuple[tuple[str, str, dict[str, Any]], ...]] = (
    ("standard", "standard", {}),
    ("new-moon", "new-moon", {}),
    ("mixed-moon", "mixed-moon", {}),
    ("spot", "spot", {}),
    ("spot+new", "spot", {"moon": "new"}),
    ("spot+mixed", "spot", {"moon": "mixed"}),
    ("omnibus", "omnibus", {}),
    ("omnibus+new", "omnibus", {"moon": "new"}),
    ("omnibus+mixed", "omnibus", {"moon": "mixed"}),
    ("black-maria", "black-maria", {}),
    ("black-maria-3", "black-maria-3", {}),
    ("two-player", "two-player", {}),
    ("original", "original", {}),
    ("original-historical", "original-historical", {}),
    ("partnership", "partnership", {}),
    ("reverse", "reverse", {}),
    # Hearts for three, five and six (docs/rules.md §15): the rows a deal of those
    # tables is scored by. The shooter's choice has no row: a moon's score there is the
    # shooter's to choose, which the Old and New Moon rows show.
    ("three-player", "three-player", {}),
    ("five-player", "five-player", {}),
    ("six-player", "six-player", {}),
    # House rules (docs/rules.md §16): the same deal with an exact 100 sent back to 50,
    # the sun, Omnibus on the 10♦, the queen worth 12.
    ("exact-reset", "exact-reset", {}),
    ("sun", "sun", {}),
    ("omnibus-ten", "omnibus-ten", {}),
    ("queen-twelve", "queen-twelve", {}),
    ("partnership-sums", "partnership-sums", {}),
    # Games of the family (docs/rules.md §17)
    ("black-jack", "black-jack", {}),
)


def variant_label(key: str, lang: str = "en") -> str:
    """``spot+new`` → ``Spot Hearts, New Moon``; a preset name → its display name."""
    preset, _, moon = key.partition("+")
    name = text("variant." + preset, lang)
    if not moon:
        return name
    return text(
        # The moon rule's name as written: French names it with a common noun, set mid-label.
        "teach.variant_moon",
        lang,
        variant=name,
        moon=message("teach.moon_short." + moon, lang),
    )


@dataclass(frozen=True)
class VariantScore:
    """One row of the comparison: a variant's score of the deal, or why it is left out."""

    key: str
    rules: Rules
    result: DealResult | None
    reason: str | None = None
    reason_params: tuple[tuple[str, object], ...] = ()

    def label(self, lang: str = "en") -> str:
        return variant_label(self.key, lang)

    def reason_text(self, lang: str = "en") -> str:
        if self.reason is None:
            return ""
        return text(self.reason, lang, **dict(self.reason_params))

    def outcome_text(self, lang: str = "en") -> str:
        """Who would win with the totals given, or that the game goes on."""
        if self.result is None:
            return self.reason_text(lang)
        if self.result.game_over:
            return winners_text(self.rules, self.result.winners, lang)
        return text("teach.game_goes_on", lang)

    def moon_text(self, lang: str = "en") -> str:
        if self.result is None or self.result.moon is None:
            return ""
        rule = self.result.moon_rule or "old"
        who = seat_name(self.result.moon, self.rules.players, lang)
        return (
            f"{text('teach.moon_by', lang, who=who)} ({message('teach.moon_short.' + rule, lang)})"
        )


@dataclass(frozen=True)
class Comparison:
    """A deal scored under every variant; rows in the order of :data:`COMPARED`."""

    players: int
    totals_before: tuple[int, ...]
    rows: tuple[VariantScore, ...]
    taken: tuple[int, ...] = ()
    """The cards each player took, as bit masks (what the "why" of a row reads)."""

    @property
    def scored(self) -> tuple[VariantScore, ...]:
        return tuple(row for row in self.rows if row.result is not None)

    @property
    def left_out(self) -> tuple[VariantScore, ...]:
        return tuple(row for row in self.rows if row.result is None)

    def row(self, key: str) -> VariantScore:
        for row in self.rows:
            if row.key == key:
                return row
        raise KeyError(key)

    def scores(self) -> dict[str, tuple[int, ...]]:
        """variant key → each player's score for the deal (scored rows only)."""
        return {row.key: row.result.scores for row in self.scored if row.result is not None}

    def table(self, lang: str = "en", with_totals: bool = False) -> list[list[str]]:
        """Rows of text, the header first: variant, one column per player, moon, outcome."""
        header = [text("teach.variant", lang)]
        header += [seat_name(p, self.players, lang) for p in range(self.players)]
        header.append(text("teach.moon_rule", lang))
        if with_totals:
            header.append(text("teach.outcome", lang))
        lines = [header]
        for row in self.scored:
            assert row.result is not None
            cells = [row.label(lang)]
            for score, total in zip(row.result.scores, row.result.totals, strict=True):
                cells.append(
                    f"{signed(score, plus=True)} → {signed(total)}"
                    if with_totals
                    else signed(score)
                )
            cells.append(row.moon_text(lang))
            if with_totals:
                cells.append(row.outcome_text(lang))
            lines.append(cells)
        return lines

    def text_table(self, lang: str = "en", with_totals: bool = False) -> str:
        """The table aligned for a terminal, followed by the variants left out and why."""
        lines = self.table(lang, with_totals)
        widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
        out = [
            "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
            for line in lines
        ]
        out.insert(1, "  ".join("-" * width for width in widths))
        for row in self.left_out:
            reason = row.reason_text(lang)
            reason = reason[:1].lower() + reason[1:]
            out.append(text("teach.left_out", lang, variant=row.label(lang), reason=reason))
        return "\n".join(out)


def compared_rules() -> list[tuple[str, Rules]]:
    return [(key, Rules.preset(preset, **changes)) for key, preset, changes in COMPARED]


def compare_taken(
    taken: Sequence[Iterable[Card | str] | str | int],
    totals: Sequence[int] | None = None,
    dead: Iterable[Card | str] | str | int = (),
    tricks: Sequence[int] | None = None,
) -> Comparison:
    """Score the cards each player took under every variant that fits this table.

    ``taken`` holds one entry per player (cards, a text like ``"QS 2H"``, or a bit mask).
    A variant for another number of players is left out with its reason; so is one
    whose deck lacks a card that was taken.
    """
    masks = [as_mask(entry) for entry in taken]
    players = len(masks)
    dead_mask = as_mask(dead)
    before = tuple(totals) if totals is not None else (0,) * players
    rows: list[VariantScore] = []
    for key, rules in compared_rules():
        if rules.players != players:
            rows.append(
                VariantScore(
                    key,
                    rules,
                    None,
                    "teach.needs_players",
                    (("needed", rules.players), ("players", players)),
                )
            )
            continue
        try:
            result = score_deal(
                rules, [cards_of(m) for m in masks], before, cards_of(dead_mask), tricks
            )
        except HeartsError as error:
            rows.append(
                VariantScore(key, rules, None, "error." + error.code, tuple(error.params.items()))
            )
            continue
        rows.append(VariantScore(key, rules, result))
    return Comparison(players, before, tuple(rows), tuple(masks))


def compare_deal(deal: Deal, totals: Sequence[int] | None = None) -> Comparison:
    """Every variant's score of a finished deal (totals default to the deal's own)."""
    if not deal.is_over:
        raise HeartsError("deal_not_over")
    return compare_taken(
        deal.taken,
        totals=deal.totals if totals is None else totals,
        dead=deal.dead,
        tricks=deal.tricks_won,
    )


def as_mask(entry: Iterable[Card | str] | str | int) -> int:
    """Cards given as a list, a text like ``"QS 2H"`` or a bit mask, as a bit mask."""
    if isinstance(entry, int):
        return entry
    return mask_of(parse_cards(entry))


# --- The projector: a few rows, their marks and why each differs ------------------------

PROJECTOR_DEFAULT: Final[tuple[str, ...]] = (
    "standard",
    "new-moon",
    "spot",
    "omnibus",
    "black-maria",
)
"""The rows a projector shows unless the teacher picks others."""

PROJECTOR_MIN: Final = 2
PROJECTOR_MAX: Final = 5


def reference_row(comparison: Comparison) -> VariantScore:
    """The row the others are compared with: the standard game, or the first row scored
    when this table has no standard row (three, five or six players)."""
    scored = comparison.scored
    if not scored:
        raise HeartsError("projector_nothing_scored")
    for row in scored:
        if row.key == "standard":
            return row
    return scored[0]


def pick_variants(comparison: Comparison, keys: Sequence[str]) -> tuple[str, ...]:
    """The rows a projector shows, in the order of the comparison, checked: between
    :data:`PROJECTOR_MIN` and :data:`PROJECTOR_MAX` rows the comparison scored; a
    row named twice counts once. A wrong pick raises :class:`HeartsError`."""
    scored = [row.key for row in comparison.scored]
    wanted: list[str] = []
    for key in keys:
        if key not in scored:
            raise HeartsError("projector_unknown", variant=str(key)[:40])
        if key not in wanted:
            wanted.append(key)
    if not PROJECTOR_MIN <= len(wanted) <= PROJECTOR_MAX:
        raise HeartsError(
            "projector_count", low=PROJECTOR_MIN, high=PROJECTOR_MAX, count=len(wanted)
        )
    return tuple(key for key in scored if key in wanted)


def default_pick(comparison: Comparison) -> tuple[str, ...]:
    """:data:`PROJECTOR_DEFAULT` where this table has those rows, else its first rows."""
    scored = [row.key for row in comparison.scored]
    keys = [key for key in PROJECTOR_DEFAULT if key in scored]
    if len(keys) < PROJECTOR_MIN:
        keys = scored[:PROJECTOR_MAX]
    return tuple(key for key in scored if key in keys)


def differs(comparison: Comparison, key: str) -> tuple[bool, ...]:
    """For each player, whether this row's score differs from the reference row's."""
    row, ref = comparison.row(key), reference_row(comparison)
    if row.result is None or ref.result is None:
        return (False,) * comparison.players
    return tuple(a != b for a, b in zip(row.result.scores, ref.result.scores, strict=True))


def row_winners(row: VariantScore) -> tuple[int, ...]:
    """Who wins this row: the game's winners when these totals end the game, else the
    players with the best score for the deal (the fewest points, the most in Reverse)."""
    result = row.result
    if result is None:
        return ()
    if result.game_over and result.winners:
        return tuple(result.winners)
    scores = result.scores
    best = max(scores) if row.rules.reverse else min(scores)
    return tuple(p for p, score in enumerate(scores) if score == best)


@dataclass(frozen=True)
class Why:
    """Why a row differs from the reference row, as the engine found it: a catalog key
    (``teach.why.*``) and what fills it. Every claim is checked by the tests against the
    scores (tests/test_projector.py)."""

    key: str
    player: int | None = None
    cards: tuple[Card, ...] = ()
    points: int = 0
    players: int = 4

    def text(self, lang: str = "en") -> str:
        seat = "" if self.player is None else seat_name(self.player, self.players, lang)
        cards = join_words([the_card(card, lang) for card in self.cards], lang)
        points = ntext("unit.points", abs(self.points), lang, value=abs(self.points))
        words = {"cards": cards, "seat": seat, "points": points}
        if self.key in ("teach.why.gives_back", "teach.why.costs"):
            return ntext(self.key, len(self.cards), lang, **words)
        if self.points < 0:
            words["points"] = "−" + points
        elif self.points > 0:
            words["points"] = "+" + points
        return text(self.key, lang, **words)


def why(comparison: Comparison, key: str) -> Why:
    """The short reason a row's scores are not the reference row's, from the deal."""
    row, ref = comparison.row(key), reference_row(comparison)
    n = comparison.players
    result, base = row.result, ref.result
    if result is None or base is None:
        raise HeartsError("projector_unknown", variant=key)
    if row.key == ref.key:
        return Why("teach.why.reference", players=n)
    if base.moon is not None and result.moon is None:
        shooter = base.moon
        if row.rules.effective_moon == "none":
            return Why("teach.why.no_moon_rule", shooter, players=n)
        taken = comparison.taken[shooter] if comparison.taken else 0
        missing = tuple(cards_of(row.rules.moon_cards & ~taken))
        if missing:
            return Why("teach.why.no_moon_without", shooter, missing, players=n)
        return Why("teach.why.no_moon", shooter, players=n)
    if result.moon is not None and base.moon is None:
        return Why("teach.why.moon_here", result.moon, players=n)
    diffs = [a - b for a, b in zip(result.scores, base.scores, strict=True)]
    if row.rules.reverse != ref.rules.reverse:
        return Why("teach.why.reverse", players=n)
    if not any(diffs):
        return Why("teach.why.same", players=n)
    if result.moon is not None and result.moon_rule != base.moon_rule:
        return Why("teach.why.moon_rule", result.moon, players=n)
    player = max(range(n), key=lambda p: (abs(diffs[p]), -p))
    diff = diffs[player]
    if comparison.taken and result.moon is None and base.moon is None:
        taken = comparison.taken[player]
        cards = tuple(
            card for card in cards_of(taken) if row.rules.value(card) != ref.rules.value(card)
        )
        change = sum(row.rules.value(card) - ref.rules.value(card) for card in cards)
        if cards and len(cards) <= 3 and change == diff and not row.rules.reverse:
            if diff < 0:
                return Why("teach.why.gives_back", player, cards, -diff, n)
            return Why("teach.why.costs", player, cards, diff, n)
    return Why("teach.why.score", player, points=diff, players=n)
