"""The ``random`` and ``heuristic`` levels."""

from __future__ import annotations

from hearts_teach.bots.base import (
    Bot,
    Choice,
    PassChoice,
    check_passing,
    check_turn,
)
from hearts_teach.bots.policy import (
    SUIT_OF,
    Context,
    Situation,
    choose_pass,
    choose_play,
    context,
    winning_position,
)
from hearts_teach.cards import CARDS, Suit, cards_of
from hearts_teach.deal import PlayerView

_NEEDS_WINNER = {"duck", "give_penalty", "forced_high", "forced_low"}
_NEEDS_SUIT = {"dump_void", "lead_short"}


def play_params(ctx: Context, situation: Situation, card: int, key: str) -> dict[str, object]:
    """The parameters a reason sentence needs besides the card itself."""
    params: dict[str, object] = {}
    if key in _NEEDS_WINNER and situation.trick:
        params["winner"] = CARDS[situation.trick[winning_position(ctx, situation.trick)]]
    if key in _NEEDS_SUIT:
        params["suit"] = Suit(SUIT_OF[card])
    return params


def passes_to_partner(view: PlayerView) -> bool:
    return view.rules.partnership and view.pass_direction == "across"


class RandomBot(Bot):
    """A uniformly random legal card; random cards to pass. The baseline."""

    level = "random"

    def play(self, view: PlayerView) -> Choice:
        check_turn(view)
        legal = cards_of(view.legal)
        if len(legal) == 1:
            return Choice(legal[0], "bot.play.only_legal")
        return Choice(self.rng_for(view, "play").choice(legal), "bot.play.random")

    def pass_cards(self, view: PlayerView) -> PassChoice:
        count = check_passing(view)
        chosen = self.rng_for(view, "pass").sample(cards_of(view.hand), count)
        key = "bot.pass.random_one" if count == 1 else "bot.pass.random"
        return PassChoice(tuple(sorted(chosen)), key)


class HeuristicBot(Bot):
    """Rules of thumb of a good club player (see :mod:`hearts_teach.bots.policy`)."""

    level = "heuristic"

    def play(self, view: PlayerView) -> Choice:
        check_turn(view)
        ctx = context(view.rules)
        situation = Situation.from_view(view)
        card, key = choose_play(ctx, situation)
        params = play_params(ctx, situation, card, key)
        return Choice(CARDS[card], "bot.play." + key, params)

    def pass_cards(self, view: PlayerView) -> PassChoice:
        count = check_passing(view)
        ctx = context(view.rules)
        cards, key, suit = choose_pass(ctx, view.hand, count, passes_to_partner(view))
        if key == "other":
            key = "least"  # "other" cites simulations, which this bot does not run
        params: dict[str, object] = {"suit": Suit(suit)} if key == "void" else {}
        return PassChoice(tuple(sorted(CARDS[c] for c in cards)), "bot.pass." + key, params)
