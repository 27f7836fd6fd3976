"""Scoring a deal: penalty points, the moon rules, totals and the end of the game."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from hearts_teach.cards import (
    JACK_OF_DIAMONDS,
    Card,
    CardMask,
    cards_of,
    mask_of,
    parse_cards,
)
from hearts_teach.errors import HeartsError
from hearts_teach.rules import OMNIBUS_JACK_VALUE, MoonRule, Rules

OMNIBUS_BONUS_PENALTY = OMNIBUS_JACK_VALUE
"""The Omnibus jack's value (an older name of ``rules.OMNIBUS_JACK_VALUE``)."""


@dataclass(frozen=True)
class DealResult:
    """The score of one deal.

    ``points`` are the raw points taken; ``scores`` what each player scores for the
    deal after the moon rule; ``totals`` the totals after the deal.
    """

    rules: Rules
    points: tuple[int, ...]
    scores: tuple[int, ...]
    totals_before: tuple[int, ...]
    totals: tuple[int, ...]
    moon: int | None
    moon_rule: MoonRule | None
    game_over: bool
    winners: tuple[int, ...]

    @property
    def team_totals(self) -> tuple[int, ...]:
        """Totals by team (partnership) or by player."""
        return tuple(sum(self.totals[p] for p in team) for team in self.rules.teams())


def game_outcome(
    rules: Rules, before: Sequence[int], after: Sequence[int]
) -> tuple[bool, tuple[int, ...]]:
    """Whether the game ends with these totals, and who wins (docs/rules.md §7).

    After a deal in which a total reaches the target, the game ends if exactly one
    player (one team in partnership) has the best total: the lowest, or the highest
    in Reverse Hearts. Otherwise tie-break deals follow.
    """
    target = rules.target
    if max(after) < target:
        return False, ()
    if (
        rules.players == 2
        and rules.two_player_both_over == "continue"
        and all(total < target for total in before)
        and all(total >= target for total in after)
    ):
        return False, ()
    teams = rules.teams()
    sums = [sum(after[p] for p in team) for team in teams]
    best = max(sums) if rules.reverse else min(sums)
    leaders = [team for team, total in zip(teams, sums, strict=True) if total == best]
    if len(leaders) == 1:
        return True, leaders[0]
    return False, ()


def _taken_masks(rules: Rules, taken: Sequence[Iterable[Card | str] | str], dead: int) -> list[int]:
    n = rules.players
    if len(taken) != n:
        raise HeartsError("taken_count", players=n, count=len(taken))
    masks: list[int] = []
    seen = 0
    for cards in taken:
        parsed = parse_cards(cards)
        mask = 0
        for card in parsed:
            if card.bit & (mask | seen):
                raise HeartsError("taken_twice", card=card)
            mask |= card.bit
        outside = mask & ~rules.deck
        if outside:
            raise HeartsError("card_not_in_deck", card=cards_of(outside)[0])
        if mask & dead:
            raise HeartsError("taken_dead", card=cards_of(mask & dead)[0])
        seen |= mask
        masks.append(mask)
    return masks


def score_deal(
    rules: Rules,
    taken: Sequence[Iterable[Card | str] | str],
    totals: Sequence[int] | None = None,
    dead: Iterable[Card | str] | str = (),
    tricks: Sequence[int] | None = None,
) -> DealResult:
    """Score a deal from the cards each player took (the counting cards alone suffice).

    ``totals`` are the totals before the deal; ``dead`` the cards set aside (two
    players); ``tricks`` the tricks each player won, needed only by the no-trick bonus.
    """
    n = rules.players
    before = tuple(totals) if totals is not None else (0,) * n
    if len(before) != n:
        raise HeartsError("totals_count", players=n, count=len(before))
    dead_mask = mask_of(parse_cards(dead))
    outside = dead_mask & ~rules.deck
    if outside:
        raise HeartsError("card_not_in_deck", card=cards_of(outside)[0])
    masks = _taken_masks(rules, taken, dead_mask)
    points = tuple(points_of(rules, mask) for mask in masks)
    scores, shooter, moon_rule = scores_of_masks(rules, masks, dead_mask, points, tricks, before)
    after = tuple(b + s for b, s in zip(before, scores, strict=True))
    over, winners = game_outcome(rules, before, after)
    return DealResult(
        rules=rules,
        points=points,
        scores=tuple(scores),
        totals_before=before,
        totals=after,
        moon=shooter,
        moon_rule=moon_rule,
        game_over=over,
        winners=winners,
    )


def points_of(rules: Rules, mask: CardMask) -> int:
    """The raw points of the cards of ``mask`` (docs/rules.md §2.8, §4): each card's value
    under the rules, J♦'s −10 in Omnibus included."""
    values = rules.values
    total = 0
    while mask:
        low = mask & -mask
        total += values[low.bit_length() - 1]
        mask ^= low
    return total


def scores_of_masks(
    rules: Rules,
    taken: Sequence[CardMask],
    dead: CardMask,
    points: Sequence[int] | None,
    tricks: Sequence[int] | None,
    before: Sequence[int],
) -> tuple[list[int], int | None, MoonRule | None]:
    """What each player scores for the deal, the shooter (or None) and the moon rule
    applied, from the cards taken as bit masks and each player's raw ``points`` (counted
    by :func:`points_of` when not given).

    The one computation behind :func:`score_deal` and the Monte-Carlo bot's scorer.
    Mixed Moon (docs/rules.md §3.1) decides with the Old Moon scores exactly as they
    would be applied (J♦ stacking and a spared partner included).
    """
    n = rules.players
    if points is None:
        points = [points_of(rules, mask) for mask in taken]
    shooter = _shooter(rules, taken, dead)
    if shooter is None:
        if not rules.avoid_all_tricks_bonus:
            return list(points), None, None
        if tricks is None or len(tricks) != n:
            raise HeartsError("rules_avoid_bonus_needs_tricks")
        return [p - 5 if won == 0 else p for p, won in zip(points, tricks, strict=True)], None, None
    mode: MoonRule = "old" if n == 2 else rules.effective_moon
    scores = _moon_scores(rules, "new" if mode == "new" else "old", shooter, taken, dead)
    if mode == "mixed":
        with_old = [b + s for b, s in zip(before, scores, strict=True)]
        over, winners = game_outcome(rules, before, with_old)
        if over and shooter not in winners:
            mode = "new"
            scores = _moon_scores(rules, mode, shooter, taken, dead)
        else:
            mode = "old"
    return scores, shooter, mode


def _moon_scores(
    rules: Rules,
    mode: Literal["old", "new"],
    shooter: int,
    taken: Sequence[CardMask],
    dead: CardMask = 0,
) -> list[int]:
    """The deal's scores when ``shooter`` shoots the moon under ``mode`` (old or new):
    Old, shooter 0 and others +M (a spared partner 0); New, shooter −M and others 0;
    with Omnibus and ``omnibus_jd_stacks_on_moon``, whoever took J♦ −10 on top."""
    n = rules.players
    value = _moon_value(rules, dead)
    if mode == "new":
        scores = [-value if p == shooter else 0 for p in range(n)]
    else:
        scores = [0 if p == shooter else value for p in range(n)]
        partner = rules.partner(shooter)
        if partner is not None and rules.partner_spared_on_moon:
            scores[partner] = 0
    if rules.omnibus and rules.omnibus_jd_stacks_on_moon:
        for player, mask in enumerate(taken):
            if mask & JACK_OF_DIAMONDS.bit:
                scores[player] += rules.value(JACK_OF_DIAMONDS)
    return scores


def _shooter(rules: Rules, masks: Sequence[CardMask], dead: CardMask) -> int | None:
    if rules.effective_moon == "none":
        return None
    needed = rules.moon_cards & ~dead
    if not needed:
        return None
    for player, mask in enumerate(masks):
        if mask & needed == needed:
            return player
    return None


def _moon_value(rules: Rules, dead: CardMask) -> int:
    if rules.players == 2 and rules.two_player_moon_award == "points_in_play":
        return points_of(rules, rules.penalty_cards & ~dead)
    return rules.moon_value
