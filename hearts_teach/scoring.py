"""Scoring a deal: penalty points, the moon rules, totals and the end of the game."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias, get_args

from hearts_teach.cards import (
    Card,
    CardMask,
    cards_of,
    mask_of,
    parse_cards,
)
from hearts_teach.errors import HeartsError, IllegalMove
from hearts_teach.rules import MoonRule, Rules

MoonChoice: TypeAlias = Literal["add", "subtract"]
"""The shooter's choice (docs/rules.md §3.2): add M to every other player (Old Moon), or
subtract M from the shooter's own total (New Moon)."""
MOON_CHOICES: Final[tuple[MoonChoice, ...]] = get_args(MoonChoice)
_CHOICE_RULE: Final[dict[str, Literal["old", "new"]]] = {"add": "old", "subtract": "new"}


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
    resets: tuple[int, ...] = ()
    """The players whose total landed exactly on the target and went back
    (``exact_target_reset``, docs/rules.md §16.1): their score includes the fall."""
    sun: bool = False
    """The moon was a sun: the shooter took every trick as well (§16.2)."""

    @property
    def team_totals(self) -> tuple[int, ...]:
        """Totals by team (partnership) or by player."""
        return tuple(sum(self.totals[p] for p in team) for team in self.rules.teams())


def game_outcome(
    rules: Rules,
    before: Sequence[int],
    after: Sequence[int],
    deals_played: int | None = None,
) -> tuple[bool, tuple[int, ...]]:
    """Whether the game ends with these totals, and who wins (docs/rules.md §7).

    After a deal in which a total reaches the target, the game ends if exactly one
    player (one team in partnership) has the best total: the lowest, or the highest
    in Reverse Hearts. Otherwise tie-break deals follow. With a fixed number of deals
    (``rules.deals``, §7.1) the target plays no part: the game may end once
    ``deals_played`` (this deal included) reaches that number, on the same tie rule;
    without ``deals_played`` it does not end.
    """
    if rules.deals is not None:
        if deals_played is None or deals_played < rules.deals:
            return False, ()
        return _sole_best(rules, after)
    target = rules.target
    if rules.team_target:
        # partners' scores added every deal: a team's sum reaches the target (§16.6)
        if max(sum(after[p] for p in team) for team in rules.teams()) < target:
            return False, ()
    elif max(after) < target:
        return False, ()
    if (
        rules.players == 2
        and rules.two_player_both_over == "continue"
        and all(total < target for total in before)
        and all(total >= target for total in after)
    ):
        return False, ()
    return _sole_best(rules, after)


def _sole_best(rules: Rules, after: Sequence[int]) -> tuple[bool, tuple[int, ...]]:
    """The game ends if one player (one team) alone has the best total: (True, winners)."""
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
        if mask & dead and not rules.kitty:  # a kitty's cards are taken (§16.7)
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
    *,
    moon_choice: MoonChoice | None = None,
    deal_number: int | None = None,
) -> DealResult:
    """Score a deal from the cards each player took (the counting cards alone suffice).

    ``totals`` are the totals before the deal; ``dead`` the cards set aside (two
    players); ``tricks`` the tricks each player won, needed only by the no-trick bonus;
    ``moon_choice`` the shooter's choice under ``moon="choice"`` (needed when the deal
    is a moon); ``deal_number`` (from 0) the deal's place in the game, needed only by a
    fixed number of deals.
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
    if moon_choice is not None and moon_choice not in MOON_CHOICES:
        raise IllegalMove(
            "moon_choice_unknown", choice=moon_choice, choices=", ".join(MOON_CHOICES)
        )
    played = None if deal_number is None else deal_number + 1
    if (
        rules.effective_moon == "choice"
        and moon_choice is None
        and _shooter(rules, masks, dead_mask, tricks) is not None
    ):
        raise HeartsError("moon_choice_needed")
    resets: list[int] = []
    scores, shooter, moon_rule = scores_of_masks(
        rules, masks, dead_mask, points, tricks, before, moon_choice, played, resets_out=resets
    )
    after = tuple(b + s for b, s in zip(before, scores, strict=True))
    over, winners = game_outcome(rules, before, after, played)
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
        resets=tuple(resets),
        sun=shooter is not None and _took_every_trick(tricks, shooter),
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
    moon_choice: MoonChoice | None = None,
    deals_played: int | None = None,
    *,
    resets_out: list[int] | None = None,
) -> tuple[list[int], int | None, MoonRule | None]:
    """What each player scores for the deal, the shooter (or None) and the moon rule
    applied, from the cards taken as bit masks and each player's raw ``points`` (counted
    by :func:`points_of` when not given).

    The one computation behind :func:`score_deal` and the Monte-Carlo bot's scorer.
    Mixed Moon (docs/rules.md §3.1) decides with the Old Moon scores exactly as they
    would be applied (J♦ stacking and a spared partner included). Under the shooter's
    choice (§3.2) the rule applied is "old" for add and "new" for subtract; with no
    ``moon_choice`` given, the choice :func:`preferred_moon_choice` makes. A total landing
    exactly on the target goes back under ``exact_target_reset`` (§16.1): the fall is in
    its score, and its player is appended to ``resets_out`` when given.
    """
    n = rules.players
    if points is None:
        points = [points_of(rules, mask) for mask in taken]
    shooter = _shooter(rules, taken, dead, tricks)
    if shooter is None:
        if not rules.avoid_all_tricks_bonus:
            scores = list(points)
        elif tricks is None or len(tricks) != n:
            raise HeartsError("rules_avoid_bonus_needs_tricks")
        else:
            scores = [p - 5 if won == 0 else p for p, won in zip(points, tricks, strict=True)]
        return _reset(rules, before, scores, resets_out), None, None
    mode: MoonRule = "old" if n == 2 else rules.effective_moon
    sun = _took_every_trick(tricks, shooter)
    if mode == "choice":
        if moon_choice is None:
            moon_choice = preferred_moon_choice(
                rules, before, shooter, taken, dead, deals_played, tricks
            ).choice
        mode = _CHOICE_RULE[moon_choice]
    scores = _moon_scores(rules, "new" if mode == "new" else "old", shooter, taken, dead, sun)
    if mode == "mixed":
        with_old = [b + s for b, s in zip(before, _reset(rules, before, scores[:]), strict=True)]
        over, winners = game_outcome(rules, before, with_old, deals_played)
        if over and shooter not in winners:
            mode = "new"
            scores = _moon_scores(rules, mode, shooter, taken, dead, sun)
        else:
            mode = "old"
    return _reset(rules, before, scores, resets_out), shooter, mode


def _reset(
    rules: Rules, before: Sequence[int], scores: list[int], resets_out: list[int] | None = None
) -> list[int]:
    """``scores`` with the exactly-on-target reset (docs/rules.md §16.1): a player whose
    total would land exactly on the target scores what brings it to the reset value."""
    reset = rules.exact_target_reset
    if reset is None:
        return scores
    target = rules.target
    for player, score in enumerate(scores):
        if before[player] + score == target:
            scores[player] = reset - before[player]
            if resets_out is not None:
                resets_out.append(player)
    return scores


def _took_every_trick(tricks: Sequence[int] | None, player: int) -> bool:
    """Whether ``player`` won every trick of the deal (a sun, §16.2); False when unknown."""
    return tricks is not None and tricks[player] > 0 and tricks[player] == sum(tricks)


def _moon_scores(
    rules: Rules,
    mode: Literal["old", "new"],
    shooter: int,
    taken: Sequence[CardMask],
    dead: CardMask = 0,
    sun: bool = False,
) -> list[int]:
    """The deal's scores when ``shooter`` shoots the moon under ``mode`` (old or new):
    Old, shooter 0 and others +M (a spared partner 0); New, shooter −M and others 0;
    with Omnibus and ``omnibus_jd_stacks_on_moon``, whoever took the bonus card −10 on
    top. A sun (every trick as well) under ``sun="double"`` is worth 2M (§16.2)."""
    n = rules.players
    value = _moon_value(rules, dead)
    if sun and rules.sun == "double":
        value *= 2
    if mode == "new":
        scores = [-value if p == shooter else 0 for p in range(n)]
    else:
        scores = [0 if p == shooter else value for p in range(n)]
        partner = rules.partner(shooter)
        if partner is not None and rules.partner_spared_on_moon:
            scores[partner] = 0
    if rules.omnibus and rules.omnibus_jd_stacks_on_moon:
        bonus = rules.omnibus_bonus_card
        for player, mask in enumerate(taken):
            if mask & bonus.bit:
                scores[player] += rules.value(bonus)
    return scores


def _shooter(
    rules: Rules, masks: Sequence[CardMask], dead: CardMask, tricks: Sequence[int] | None = None
) -> int | None:
    """Who shot the moon: took every card it needs (and every trick under
    ``sun="instead"``, which then needs the tricks won, §16.2)."""
    if rules.effective_moon == "none":
        return None
    # A kitty's cards go to the first trick's winner: the moon needs them too (§16.7).
    needed = rules.moon_cards if rules.kitty else rules.moon_cards & ~dead
    if not needed:
        return None
    for player, mask in enumerate(masks):
        if mask & needed == needed:
            if rules.sun == "instead":
                if tricks is None or len(tricks) != rules.players:
                    raise HeartsError("rules_sun_needs_tricks")
                if not _took_every_trick(tricks, player):
                    return None
            return player
    return None


def _moon_value(rules: Rules, dead: CardMask) -> int:
    if rules.players == 2 and rules.two_player_moon_award == "points_in_play":
        return points_of(rules, rules.penalty_cards & ~dead)
    return rules.moon_value


@dataclass(frozen=True)
class MoonOutcomes:
    """A moon waiting for the shooter's choice (docs/rules.md §3.2): who shot it, and the
    deal's result under each choice (scores for the deal and the game's totals after)."""

    shooter: int
    add: DealResult
    """M to every other player (Old Moon)."""
    subtract: DealResult
    """M off the shooter's own total (New Moon)."""

    def outcome(self, choice: MoonChoice) -> DealResult:
        return self.add if choice == "add" else self.subtract

    @property
    def amount(self) -> int:
        """What the moon is worth this deal: M, twice M for a sun (§16.2)."""
        rules = self.add.rules
        return rules.moon_value * (2 if self.add.sun and rules.sun == "double" else 1)


@dataclass(frozen=True)
class MoonDecision:
    """The choice a shooter makes by the game situation, and the reason's catalog key
    (``moon_choice.<reason>``, first person for a bot, ``hint.moon_choice.<reason>`` for
    the reader)."""

    choice: MoonChoice
    reason: str


def preferred_moon_choice(
    rules: Rules,
    before: Sequence[int],
    shooter: int,
    taken: Sequence[CardMask],
    dead: CardMask = 0,
    deals_played: int | None = None,
    tricks: Sequence[int] | None = None,
) -> MoonDecision:
    """The shooter's choice by the game situation (docs/rules.md §3.2): the choice that
    ends the game with the shooter winning; else not the one that ends it with the shooter
    losing; subtract when both end it without the shooter winning, or when a fixed number
    of deals ends the game; else, since both leave the same gaps between the shooter and
    each other player, add when the shooter then leads alone (the others near the end)
    and subtract when not (the game lasts longer for the shooter to catch up)."""
    ends: dict[MoonChoice, tuple[bool, tuple[int, ...]]] = {}
    totals: dict[MoonChoice, list[int]] = {}
    sun = _took_every_trick(tricks, shooter)
    for choice in MOON_CHOICES:
        scores = _moon_scores(rules, _CHOICE_RULE[choice], shooter, taken, dead, sun)
        scores = _reset(rules, before, scores)
        totals[choice] = [b + s for b, s in zip(before, scores, strict=True)]
        ends[choice] = game_outcome(rules, before, totals[choice], deals_played)
    for choice in MOON_CHOICES:
        over, winners = ends[choice]
        if over and shooter in winners:
            return MoonDecision(choice, "wins_game")
    pairs: tuple[tuple[MoonChoice, MoonChoice], ...] = (("add", "subtract"), ("subtract", "add"))
    for choice, other in pairs:
        over, winners = ends[choice]
        if over and shooter not in winners and not ends[other][0]:
            return MoonDecision(other, f"{choice}_loses")
    if ends["add"][0] and ends["subtract"][0]:
        # both end the game, neither with the shooter winning (the first test failed)
        return MoonDecision("subtract", "lost_either_way")
    if rules.deals is not None:
        # the count of deals ends this game, whatever the totals: the gaps decide alone
        return MoonDecision("subtract", "fixed_deals")
    team = next(t for t in rules.teams() if shooter in t)
    sums = {t: sum(totals["add"][p] for p in t) for t in rules.teams()}
    mine = sums[team]
    others = [total for t, total in sums.items() if t != team]
    leads = all(mine > o for o in others) if rules.reverse else all(mine < o for o in others)
    if leads:
        return MoonDecision("add", "leading")
    return MoonDecision("subtract", "behind")


def moon_outcomes(
    rules: Rules,
    taken: Sequence[Iterable[Card | str] | str],
    totals: Sequence[int] | None = None,
    dead: Iterable[Card | str] | str = (),
    tricks: Sequence[int] | None = None,
    deal_number: int | None = None,
) -> MoonOutcomes | None:
    """The two results a moon under ``moon="choice"`` can have, or None when the deal is
    not a moon under that rule."""
    if rules.effective_moon != "choice":
        return None
    dead_mask = mask_of(parse_cards(dead))
    masks = _taken_masks(rules, taken, dead_mask)
    shooter = _shooter(rules, masks, dead_mask, tricks)
    if shooter is None:
        return None
    add, subtract = (
        score_deal(rules, taken, totals, dead, tricks, moon_choice=choice, deal_number=deal_number)
        for choice in MOON_CHOICES
    )
    return MoonOutcomes(shooter, add, subtract)
