"""The ``random`` and ``heuristic`` levels."""

from __future__ import annotations

from hearts_teach.bots.base import (
    Bot,
    Choice,
    PassChoice,
    check_passing,
    check_turn,
)
from hearts_teach.bots.catalog import Said
from hearts_teach.bots.policy import (
    Context,
    Situation,
    choose_pass,
    choose_play,
    context,
    pass_parts,
    reason_params,
    true_key,
)
from hearts_teach.cards import CARDS, SUIT_OF, Card, Suit, cards_of
from hearts_teach.deal import PlayerView


def passes_to_partner(view: PlayerView) -> bool:
    return view.rules.partnership and view.pass_direction == "across"


def play_reason(
    ctx: Context, situation: Situation, card: int, preferred: str
) -> tuple[str, dict[str, object]]:
    """The reason key (true of the position) and its parameters for playing ``card``;
    ``preferred`` is the key of the rule of thumb that chose it, if one did."""
    return "play." + true_key(ctx, situation, card, preferred), reason_params(ctx, situation, card)


def pass_reasons(
    ctx: Context, hand: int, chosen: list[int], kinds: dict[int, str]
) -> tuple[tuple[tuple[Card, ...], Said], ...]:
    """Each group of the cards passed, with the reason true of passing it."""
    return tuple(
        (
            tuple(CARDS[c] for c in cards),
            Said("pass." + kind, {"suit": Suit(SUIT_OF[cards[0]])}),
        )
        for kind, cards in pass_parts(ctx, hand, chosen, kinds)
    )


class RandomBot(Bot):
    """A uniformly random legal card; random cards to pass. The baseline."""

    level = "random"

    def play(self, view: PlayerView) -> Choice:
        check_turn(view)
        legal = cards_of(view.legal)
        if len(legal) == 1:
            return Choice(legal[0], "play.only_legal")
        return Choice(self.rng_for(view, "play").choice(legal), "play.random")

    def pass_cards(self, view: PlayerView) -> PassChoice:
        count = check_passing(view)
        chosen = tuple(sorted(self.rng_for(view, "pass").sample(cards_of(view.hand), count)))
        return PassChoice(chosen, ((chosen, Said("pass.random", {})),))


class HeuristicBot(Bot):
    """Rules of thumb of a good club player (see :mod:`hearts_teach.bots.policy`)."""

    level = "heuristic"

    def play(self, view: PlayerView) -> Choice:
        check_turn(view)
        ctx = context(view.rules)
        situation = Situation.from_view(view)
        card, preferred = choose_play(ctx, situation)
        key, params = play_reason(ctx, situation, card, preferred)
        return Choice(CARDS[card], key, params)

    def pass_cards(self, view: PlayerView) -> PassChoice:
        count = check_passing(view)
        ctx = context(view.rules)
        chosen, kinds = choose_pass(ctx, view.hand, count, passes_to_partner(view))
        cards = tuple(sorted(CARDS[c] for c in chosen))
        return PassChoice(cards, pass_reasons(ctx, view.hand, chosen, kinds))
