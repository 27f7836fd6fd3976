"""The game at a table: a person at one seat against seated bots, as plain Python.

A :class:`TableSession` holds what a table's game is made of beyond the
:class:`~hearts_teach.game.Game` itself: the bots in their seats, the person's seat, the
cards chosen for the pass, the cards a hint named, the bots' plays with their reasons,
the shooter's choice a bot made, the reviews of the game's deals, and what the table last
said. Its methods do what the person does at the table (:meth:`play_card`,
:meth:`confirm_pass`, :meth:`undo`, :meth:`hint`, :meth:`choose_moon`,
:meth:`next_deal`, :meth:`load_code`...): each returns an :class:`Outcome`, what happened.

The front end (``hearts_teach_widgets.table``) is its view: it draws the session and
sends it the person's clicks. Nothing here imports Jupyter, so the whole game at a table
is tested, and can be played, without a browser.

The bots are made and run by a :class:`Seating`: by default plainly, in this thread; a
served playground gives one whose strong bots think in a thread of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from hearts_teach import records
from hearts_teach.bots import DEFAULT_LEVEL, LEVELS, Bot, Choice, MoonChoiceMade, make_bot
from hearts_teach.bots.base import moon_choice_for
from hearts_teach.bots.seats import seat_seed
from hearts_teach.cards import Card, parse_cards, sorted_for_display
from hearts_teach.deal import Deal, PlayerView, table_point
from hearts_teach.describe import seat_words, winners_text
from hearts_teach.errors import BotError, IllegalMove, RecordError
from hearts_teach.game import Game
from hearts_teach.i18n import (
    Worded,
    Wording,
    card_symbol,
    card_symbols,
    ntext,
    one_decimal,
    signed,
    text,
)
from hearts_teach.rules import Rules
from hearts_teach.scoring import MOON_CHOICES

if TYPE_CHECKING:  # the review (and its search) is loaded by whoever reviews
    from hearts_teach.teaching.review import DealReview, Decision

HINT_LEVEL: Final = "montecarlo"
"""The level of the bot that gives the person hints (and reviews their deals)."""
ORIGINS: Final = (None, "address", "code")
"""Where a session's game may come from besides a new game: the page's address (a game
resumed after a reload) or a share code; the bots' reasons for the cards played before
were not kept."""

TablePoint = tuple[int, int]
"""Where a deal stands (:func:`~hearts_teach.deal.table_point`): tricks completed, cards
in the trick in progress."""


@dataclass(frozen=True)
class BotPlay:
    """A card a bot played: where it sits in the deal's history, and its reason."""

    index: int
    player: int
    choice: Choice
    trick: int = 0  # tricks completed before this card


@dataclass(frozen=True)
class Outcome:
    """What an action at the table did.

    ``done``: the action was taken (a refused card, a pass not yet complete, a damaged
    code: not done, and nothing changed but what the table says). ``since``: where the
    cards played by the action and the bots' replies begin, for a view that shows them
    one by one (None: nothing new to show in turn). ``said``: what the table says of it.
    ``refused``: the card the rules refused, if that is what happened (a view says why
    beside the hand, where the person looks).
    """

    done: bool
    since: TablePoint | None = None
    said: Wording | None = None
    refused: Card | None = None


class Seating:
    """How a table's bots are made and run: the plain way, in this thread.

    A served playground gives a subclass (``hearts_teach_widgets`` ``thinking``): its
    searching bots think in a thread of their own, ahead of their turn, within the
    classroom's time budget."""

    def budget(self, level: str) -> dict[str, float]:
        """The budget keywords of a new bot of ``level`` (:func:`make_bot`): its own."""
        return {}

    def place(self, bot: Bot) -> Bot:
        """``bot`` as the table uses it: as it is."""
        return bot

    def bot(self, level: str, seed: int, player: int) -> Bot:
        """The bot of ``level`` at ``player``'s seat in a game seeded ``seed``."""
        return self.place(make_bot(level, seed=seat_seed(seed, player), **self.budget(level)))

    def hint_bot(self, seed: int) -> Bot:
        """The bot that advises the person in a game seeded ``seed``."""
        return self.place(make_bot(HINT_LEVEL, seed=f"hint:{seed}", **self.budget(HINT_LEVEL)))

    def think_ahead(self, bots: Sequence[Bot | None], views: Sequence[PlayerView]) -> None:
        """The bots may begin their passes now (nothing to do here: they choose when
        asked)."""

    def forget(self, bots: Sequence[Bot | None]) -> None:
        """Drop what these bots began thinking ahead (nothing here)."""


class TableSession:
    """A person at seat ``human`` (0, South, by default) plays a whole game against bots.

    ``source`` is a :class:`Game`, a :class:`Deal` (played, then the game goes on with
    its rules), a :class:`Rules` (a new game) or ``None`` (standard rules).
    """

    def __init__(
        self,
        source: Game | Deal | Rules | None = None,
        *,
        bot_level: str = DEFAULT_LEVEL,
        seed: int = 1,
        human: int = 0,
        seating: Seating | None = None,
        origin: str | None = None,
        thinks_ahead: bool = True,
    ) -> None:
        if origin not in ORIGINS:
            raise ValueError(f"unknown origin {origin!r}: one of {ORIGINS}")
        _check_level(bot_level)
        self.seating = seating if seating is not None else Seating()
        self.seed = seed
        self.human = human
        self.bot_level = bot_level
        self.origin = origin
        # Whether the bots begin their passes as soon as a deal is dealt (a table built
        # before its visitor comes waits until it is shown).
        self.thinks_ahead = thinks_ahead
        self.game = self._as_game(source)
        self.log: list[BotPlay] = []
        self.picked: list[Card] = []
        self.hinted: list[Card] = []
        self.message: Wording | None = None
        self.message_is_error = False
        # The figures behind the message (a hint's expected points per card): for a view
        # to show behind "Details", after the advice in plain words.
        self.details: Wording | None = None
        self.share_message: Wording | None = None
        self.share_is_error = False
        self.moon_made: tuple[int, MoonChoiceMade] | None = None  # a bot's choice, and why
        self.reviews: dict[int, DealReview] = {}  # this game's deals reviewed, by number
        # A replay at the table: the deal as played, kept while the person plays it again
        # from one of their decisions (the game counts the deal as played).
        self.played: PlayedAtTable | None = None
        self._replay_review: DealReview | None = None
        self._hint_bot: Bot | None = None
        self.bots: list[Bot | None] = self._make_bots()
        self._run_bots()

    # --- the game --------------------------------------------------------------

    def _as_game(self, source: Game | Deal | Rules | None) -> Game:
        if isinstance(source, Game):
            return source
        if isinstance(source, Deal):
            return Game.from_deal(source, seed=self.seed)
        return Game(source if source is not None else Rules(), seed=self.seed)

    def _make_bots(self) -> list[Bot | None]:
        return [
            None if player == self.human else self.seating.bot(self.bot_level, self.seed, player)
            for player in range(self.rules.players)
        ]

    def _seat_bots(self) -> None:
        """New bots for this game and level; what the earlier ones began is dropped."""
        self.seating.forget(self.bots)
        self.bots = self._make_bots()

    @property
    def deal(self) -> Deal:
        return self.game.deal

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def in_pass(self) -> bool:
        """The person has cards to choose for the pass."""
        deal = self.deal
        return deal.phase == "pass" and deal.passes()[self.human] is None

    @property
    def moon_is_mine(self) -> bool:
        """The person shot the moon and its score waits for their choice."""
        pending = self.deal.pending_moon_choice
        return pending is not None and pending.shooter == self.human

    @property
    def can_deal(self) -> bool:
        """The deal is over (the shooter's choice made) and the game goes on."""
        return self.deal.is_complete and not self.game.is_over

    @property
    def under_way(self) -> bool:
        """A game a new one would throw away: a card played or a deal scored, and the
        game not over."""
        if self.game.is_over:
            return False
        return bool(self.game.history) or any(kind == "play" for kind, _, _ in self.deal.history)

    @property
    def can_undo(self) -> bool:
        """The person has played a card in this deal."""
        return any(kind == "play" and player == self.human for kind, player, _ in self.deal.history)

    def pass_partners(self) -> tuple[int, int]:
        """The seats the person passes to and receives from in this deal."""
        direction = self.deal.pass_direction
        assert direction is not None
        return (
            self.rules.pass_receiver(self.human, direction),
            self.rules.pass_giver(self.human, direction),
        )

    def share_code(self) -> str:
        return records.share_code(self.deal)

    def think_ahead(self) -> None:
        """In a deal that begins with a pass, the bots may begin choosing theirs now
        (on a served playground, while the person chooses), unless the session does
        not think ahead (``thinks_ahead``)."""
        if self.thinks_ahead and self.in_pass:
            views = [self.deal.view(player) for player in range(self.rules.players)]
            self.seating.think_ahead(self.bots, views)

    def forget_thoughts(self) -> None:
        """Drop what this session's bots began thinking ahead (its table is left)."""
        self.seating.forget(self.bots)

    def set_bot_level(self, level: str) -> None:
        """The bots' level, from the next card they play (a pass under way is chosen by
        the new bots when the person confirms theirs)."""
        _check_level(level)
        self.bot_level = level
        self._seat_bots()

    # --- the pass ----------------------------------------------------------------

    def toggle_pass(self, card: Card | str) -> Outcome:
        """Choose (or put back) a card for the pass."""
        card = Card.parse(card)
        if not self.in_pass or card not in self.deal.hand(self.human):
            return Outcome(False)
        if card in self.picked:
            self.picked.remove(card)
        else:
            self.picked.append(card)
        self.message = None
        return Outcome(True)

    def choose_pass(self, cards: str | Sequence[Card | str]) -> Outcome:
        """Choose exactly these cards for the pass (replacing the current choice): refused,
        changing nothing, outside the pass, or with a card the person does not hold, a
        card twice, or more cards than the pass takes."""
        chosen = parse_cards(cards if isinstance(cards, str) else list(cards))
        held = self.deal.hand(self.human) if self.in_pass else []
        if (
            not self.in_pass
            or any(card not in held for card in chosen)
            or len(set(chosen)) != len(chosen)
            or len(chosen) > self.rules.cards_to_pass
        ):
            return Outcome(False)
        self.picked = chosen
        return Outcome(True)

    def confirm_pass(self) -> Outcome:
        """Pass the chosen cards; the bots pass theirs and play starts."""
        if self.deal.phase != "pass":
            return Outcome(False)
        try:
            self.game.pass_cards(self.human, self.picked)
        except IllegalMove as refusal:
            return self._refuse(refusal)
        self.picked = []
        self.hinted = []
        self.share_message = None
        self._bots_pass()
        deal = self.deal
        given = deal.passes()[self.human]
        received = deal.received(self.human)
        assert given is not None and deal.pass_direction is not None
        to, source = self.pass_partners()
        rules, human = self.rules, self.human
        self._say(
            Worded(
                lambda lang: text(
                    "ui.pass.received",
                    lang,
                    given=card_symbols(_in_hand_order(given), lang),
                    to=seat_words(to, rules, lang, human),
                    got=card_symbols(_in_hand_order(received), lang),
                    source=seat_words(source, rules, lang, human),
                )
            )
        )
        self._run_bots()
        return Outcome(True, (0, 0), self.message)

    def _bots_pass(self) -> None:
        chosen = self.deal.passes()
        for player, bot in enumerate(self.bots):
            if bot is not None and chosen[player] is None and self.deal.phase == "pass":
                decision = bot.pass_cards(self.deal.view(player))
                self.game.pass_cards(player, list(decision.cards))

    # --- the play ----------------------------------------------------------------

    def play_card(self, card: Card | str) -> Outcome:
        """Play ``card`` for the person; the bots answer until it is the person's turn
        again. During the pass, the card is chosen or put back instead. A card the
        rules refuse changes nothing and the table says why."""
        card = Card.parse(card)
        deal = self.deal
        if deal.phase == "pass":
            return self.toggle_pass(card)
        explanation = deal.explain(card, self.human)
        if not explanation.legal:
            refusal = Worded(
                lambda lang: text("ui.refused", lang, card=card, reason=explanation.text(lang))
            )
            self._say(refusal, error=True)
            return Outcome(False, said=refusal, refused=card)
        before = table_point(deal)
        self.game.play(card, self.human)
        self.hinted = []
        self.message = None
        self.share_message = None
        self._run_bots()
        return Outcome(True, before, self.message)

    def _run_bots(self) -> None:
        """Bots pass, then play until it is the person's turn or the deal is over; a bot
        that shot the moon makes the shooter's choice."""
        deal = self.deal
        if deal.phase == "pass" and deal.passes()[self.human] is not None:
            self._bots_pass()
        while deal.phase == "play" and deal.to_play != self.human:
            player = deal.to_play
            bot = self.bots[player]
            assert bot is not None
            choice = bot.play(deal.view(player))
            index = len(deal.history)
            trick = deal.trick_number
            self.game.play(choice.card, player)
            self.log.append(BotPlay(index, player, choice, trick))
        if not deal.is_over:
            return
        pending = deal.pending_moon_choice
        if pending is not None and pending.shooter != self.human:
            bot = self.bots[pending.shooter]
            assert bot is not None
            made = bot.choose_moon(deal.view(pending.shooter))
            self.game.choose_moon(made.choice)
            self.moon_made = (pending.shooter, made)
        if deal.is_complete:
            self._deal_finished()
        else:
            self._say(Worded(lambda lang: text("ui.moon_choice.yours", lang)))

    def choose_moon(self, choice: str) -> Outcome:
        """The person's choice after shooting the moon under the shooter's choice:
        "add" (the others score) or "subtract" (off the person's own total). Refused,
        changing nothing, when no such choice is the person's to make."""
        if not self.moon_is_mine or choice not in MOON_CHOICES:
            return self._refuse(Worded(lambda lang: text("ui.moon_choice.not_now", lang)))
        self.game.choose_moon(choice)
        self.share_message = None
        self._deal_finished()
        return Outcome(True, said=self.message)

    def _deal_finished(self) -> None:
        """What the table says at the end of a deal: its scores, the moon and how it
        counted, and the game's end or what is left of it."""
        if self.played is not None:
            self._replay_finished(self.played)
            return
        game = self.game
        result = game.results[-1]
        rules, human = self.rules, self.human
        number = self.deal.deal_number + 1
        game_over = game.is_over
        winners = game.winners
        chosen = self.deal.moon_choice
        made = self.moon_made

        def sentence(lang: str) -> str:
            parts = [text("ui.deal.scores", lang, number=number)]
            if result.moon is not None:
                if result.moon == human:
                    parts.append(text("ui.deal.moon_you", lang))
                else:
                    seat = seat_words(result.moon, rules, lang, human)
                    parts.append(text("ui.deal.moon", lang, seat=seat))
            if made is not None:
                seat = seat_words(made[0], rules, lang, human)
                parts.append(
                    text("ui.moon_choice.bot", lang, seat=seat, reason=made[1].reason(lang))
                )
            elif chosen is not None:
                parts.append(text(f"ui.moon_choice.you_{chosen}", lang, amount=rules.moon_value))
            if game_over:
                parts.append(winners_text(rules, winners, lang, human))
            elif rules.deals is not None and number >= rules.deals:
                parts.append(text("ui.deals.tie", lang))
            elif rules.deals is not None:
                parts.append(ntext("ui.deals.left", rules.deals - number, lang))
            else:
                parts.append(text("ui.game.continue", lang, target=rules.target))
            return " ".join(parts)

        self._say(Worded(sentence))

    # --- help ----------------------------------------------------------------------

    def hint_bot(self) -> Bot:
        """The bot that advises the person (made when first asked, once a game)."""
        if self._hint_bot is None:
            self._hint_bot = self.seating.hint_bot(self.seed)
        return self._hint_bot

    def hint(self) -> Outcome:
        """The strong bot's advice for the person's seat, with its reason: the cards to
        pass, the card to play, or the shooter's choice."""
        deal = self.deal
        adviser = self.hint_bot()
        view = deal.view(self.human)
        if self.in_pass:
            passing = adviser.pass_cards(view)
            self.hinted = list(passing.cards)
            self._say(
                Worded(
                    lambda lang: text(
                        "ui.hint.pass",
                        lang,
                        cards=card_symbols(passing.cards, lang),
                        reason=passing.advice(lang),
                    )
                )
            )
            if passing.figures:  # the pass chosen first, then every pass its notes name

                def pass_figures(lang: str) -> str:
                    estimates = ", ".join(
                        f"{card_symbols(f.cards, lang)} {one_decimal(f.points, lang)}"
                        f" ± {one_decimal(f.error, lang)}"
                        for f in passing.figures
                    )
                    odds = text("table.hint.pass_odds", lang, estimates=estimates)
                    return f"{passing.figure_text(lang)} {odds}".strip()

                self.details = Worded(pass_figures)
        elif deal.phase == "play" and deal.to_play == self.human:
            choice = adviser.play(view)
            self.hinted = [choice.card]

            def advice(lang: str) -> str:
                card = card_symbol(choice.card, lang)
                return text("ui.hint.play", lang, card=card, reason=choice.advice(lang))

            self._say(Worded(advice))
            if choice.figures:  # best first, with the choice and every card it names
                self.details = Worded(
                    lambda lang: (
                        choice.figure_text(lang)
                        + " "
                        + text("ui.hint.odds", lang, estimates=choice.priced_text(lang))
                    ).strip()
                )
        elif self.moon_is_mine:
            made = moon_choice_for(view)
            rules = self.rules
            self._say(
                Worded(
                    lambda lang: text(
                        "ui.hint.moon",
                        lang,
                        choice=text(f"ui.moon_choice.{made.choice}", lang, amount=rules.moon_value),
                        reason=made.advice(lang),
                    )
                )
            )
        else:
            self._say(Worded(lambda lang: text("ui.hint.not_now", lang)))
            return Outcome(False, said=self.message)
        return Outcome(True, said=self.message)

    # --- taking back, going on -------------------------------------------------------

    def undo(self) -> Outcome:
        """Take back the person's last card of this deal; the bots' replies go with it.
        After the person's choice on a moon they shot, take back that choice alone."""
        deal = self.deal
        if deal.moon_choice is not None and self.moon_made is None:
            self.game.undo()
            self.share_message = None
            self._say(Worded(lambda lang: text("ui.moon_choice.undone", lang)))
            return Outcome(True, said=self.message)
        history = deal.history
        mine = [
            index
            for index, (kind, player, _cards) in enumerate(history)
            if kind == "play" and player == self.human
        ]
        if not mine:
            return self._refuse(Worded(lambda lang: text("ui.undo.none", lang)))
        last = mine[-1]
        card = history[last][2][0]
        if deal.moon_choice is not None:  # a bot's choice goes with the cards it followed
            self.game.undo()
        self.moon_made = None
        for _ in range(len(history) - last):
            self.game.undo()
        self.log = [play for play in self.log if play.index < last]
        self.hinted = []
        self.share_message = None
        self._say(Worded(lambda lang: text("ui.undo.done", lang, card=card)))
        return Outcome(True, said=self.message)

    def next_deal(self) -> Outcome:
        """Deal the next deal once this one is over (and the game is not)."""
        if self.played is not None:
            self._restore_played()
        if not self.can_deal:
            return Outcome(False)
        self.game.next_deal()
        return self._start_deal()

    def new_game(self, rules: Rules | None = None, seed: int | None = None) -> Outcome:
        """A new game (the same rules unless given); the seed moves on so the cards
        change."""
        self.seed = seed if seed is not None else self.seed + 1
        self.game = Game(rules if rules is not None else self.rules, seed=self.seed)
        self.origin = None
        return self._restart()

    def load_deal(self, deal: Deal, origin: str | None = None) -> Outcome:
        """Play ``deal`` (a shared position); the game goes on from it with its rules."""
        self.game = Game.from_deal(deal, seed=self.seed)
        self.origin = origin
        return self._restart()

    def load_code(self, code: str) -> Outcome:
        """Load the deal of a share code. An empty or damaged code changes nothing and
        the table says why (as its share panel's message)."""
        code = code.strip()
        if not code:
            self.message = None  # a message about the game would read as about the code
            self._say_share(Worded(lambda lang: text("ui.share.empty", lang)), error=True)
            return Outcome(False, said=self.share_message)
        try:
            deal = records.deal_from_code(code)
        except RecordError as error:
            damaged = error
            self.message = None
            self._say_share(
                Worded(lambda lang: text("ui.share.kept", lang, error=damaged.message(lang))),
                error=True,
            )
            return Outcome(False, said=self.share_message)
        outcome = self.load_deal(deal, "code")
        self._say_share(Worded(lambda lang: text("ui.share.loaded", lang)))
        return outcome

    def _restart(self) -> Outcome:
        self._seat_bots()
        self._hint_bot = None
        self.reviews = {}
        return self._start_deal()

    def _start_deal(self) -> Outcome:
        self.played = None
        self.log = []
        self.moon_made = None
        self.message = None
        self._forget_choices()
        start = table_point(self.deal)
        self._run_bots()
        self.think_ahead()
        return Outcome(True, start, self.message)

    # --- reviews -----------------------------------------------------------------------

    def known_review(self) -> DealReview | None:
        """The review of the deal on the table, if it was made and the deal has not
        changed since (the deal as played, or a replay of it)."""
        for known in (self.reviews.get(self.deal.deal_number), self._replay_review):
            if known is not None and _same_deal(known.deal, self.deal):
                return known
        return None

    def earlier_reviews(self) -> list[DealReview]:
        """The reviews of the game's other deals, in order."""
        number = self.deal.deal_number
        return [review for n, review in sorted(self.reviews.items()) if n != number]

    def keep_review(self, review: DealReview) -> None:
        """Keep a review of the deal on the table: the game's, unless it is of a replay
        (the game's reviews stay those of the deals as played)."""
        if self.played is not None and not _same_deal(review.deal, self.played.deal):
            self._replay_review = review
        else:
            self.reviews[review.deal.deal_number] = review

    # --- a replay at the table ------------------------------------------------------------

    @property
    def replaying(self) -> bool:
        """The person is playing the deal again from one of their decisions."""
        return self.played is not None

    def replay_at_table(self, decision: Decision) -> Outcome:
        """Back at the table where the person made ``decision`` in the finished deal, the
        better choice of its review made for them; the bots answer and the person plays
        on. The deal as played is kept: :meth:`back_to_played` brings it back, and the
        game counts it, not the replay. Refused, changing nothing, when the deal is not
        over or the decision is not one of the person's in it."""
        source = self.played.deal if self.played is not None else self.deal
        if not source.is_over or not _decided_in(decision, source, self.human):
            return self._refuse(Worded(lambda lang: text("ui.replay.not_now", lang)))
        if self.played is not None:
            self._restore_played()  # a replay from another decision: from the deal played
        self.played = PlayedAtTable(self.deal.copy(), list(self.log), self.moon_made)
        self._rewind(decision, source)
        self.moon_made = None
        self._forget_choices()
        before = table_point(self.deal)
        better = decision.better
        where = decision.trick
        said = "ui.replay.started_pass" if where == 0 else "ui.replay.started"
        if decision.kind == "pass":
            self.game.pass_cards(self.human, list(better))
            for kind, player, cards in source.history:
                if kind == "pass" and player != self.human and self.deal.phase == "pass":
                    self.game.pass_cards(player, cards)
            before = (0, 0)
        else:
            self.game.play(better[0], self.human)
        self._say(
            Worded(lambda lang: text(said, lang, number=where, cards=card_symbols(better, lang)))
        )
        self._run_bots()
        return Outcome(True, before, self.message)

    def back_to_played(self) -> Outcome:
        """Leave a replay: the deal as the person played it, back on the table."""
        if self.played is None:
            return self._refuse(Worded(lambda lang: text("ui.replay.none", lang)))
        self._restore_played()
        self._say(Worded(lambda lang: text("ui.replay.back", lang)))
        return Outcome(True, said=self.message)

    def _replay_finished(self, played: PlayedAtTable) -> None:
        """The end of a replay: the person's score for the deal replayed and as played;
        the game's totals are the deal as played, whatever the replay gives."""
        human = self.human
        mine = self.deal.result().scores[human]
        then = played.deal.result().scores[human]
        gain = (mine - then) if self.rules.reverse else (then - mine)  # Reverse: more is better
        key = "ui.replay.better" if gain > 0 else "ui.replay.worse" if gain < 0 else None

        def sentence(lang: str) -> str:
            parts = [text("ui.replay.over", lang, replayed=signed(mine), played=signed(then))]
            if key is not None:
                parts.append(ntext(key, abs(gain), lang))
            parts.append(text("ui.replay.counts", lang))
            return " ".join(parts)

        self._say(Worded(sentence))

    def _rewind(self, decision: Decision, source: Deal) -> None:
        """Take back the deal on the table to just before ``decision``."""
        deal = self.deal
        if decision.kind == "pass":
            mine = next(
                index
                for index, (kind, player, _) in enumerate(source.history)
                if kind == "pass" and player == self.human
            )
            while deal.moon_choice is not None or len(deal.history) > mine:
                self.game.undo()
        else:
            while deal.moon_choice is not None or _cards_played(deal) > decision.plays_before:
                self.game.undo()
        kept = len(deal.history)
        self.log = [play for play in self.log if play.index < kept]

    def _restore_played(self) -> None:
        """The deal as played, by taking back the replay's actions and redoing the
        played ones: the game stays one deal pushed and undone, never replaced."""
        played = self.played
        assert played is not None
        deal = self.deal
        original = played.deal.history
        common = 0
        for done, then in zip(deal.history, original, strict=False):
            if done != then:
                break
            common += 1
        while deal.moon_choice is not None or len(deal.history) > common:
            self.game.undo()
        for kind, player, cards in original[common:]:
            if kind == "pass":
                self.game.pass_cards(player, cards)
            else:
                self.game.play(cards[0], player)
        if played.deal.moon_choice is not None:
            self.game.choose_moon(played.deal.moon_choice)
        self.log = list(played.log)
        self.moon_made = played.moon_made
        self.played = None
        self._forget_choices()

    def _forget_choices(self) -> None:
        """What belonged to the position left: the pass chosen, the hinted cards, what
        the share panel said, a replay's review."""
        self.picked = []
        self.hinted = []
        self.share_message = None
        self._replay_review = None

    # --- what the table says -------------------------------------------------------------

    def _say(self, message: Wording, error: bool = False) -> None:
        self.message = message
        self.message_is_error = error
        self.details = None

    def _say_share(self, message: Wording, error: bool = False) -> None:
        self.share_message = message
        self.share_is_error = error

    def _refuse(self, message: Wording) -> Outcome:
        self._say(message, error=True)
        return Outcome(False, said=message)


@dataclass(frozen=True)
class PlayedAtTable:
    """A finished deal as the person played it, kept during a replay: the deal, the
    bots' plays with their reasons, and a bot's choice on its moon."""

    deal: Deal
    log: list[BotPlay]
    moon_made: tuple[int, MoonChoiceMade] | None


def _cards_played(deal: Deal) -> int:
    """Cards played in ``deal`` since its first lead."""
    tricks, in_trick = table_point(deal)
    return tricks * deal.rules.players + in_trick


def _same_deal(one: Deal, other: Deal) -> bool:
    return one.history == other.history and one.moon_choice == other.moon_choice


def _decided_in(decision: Decision, deal: Deal, player: int) -> bool:
    """``decision`` is one ``player`` made in ``deal``: their pass, or their card after
    ``plays_before`` cards."""
    history = deal.history
    if decision.kind == "pass":
        return any(  # the same cards, in whatever order each lists them
            kind == "pass" and who == player and set(cards) == set(decision.played)
            for kind, who, cards in history
        )
    plays = [(who, cards[0]) for kind, who, cards in history if kind == "play"]
    first = _cards_played(deal) - len(plays)  # cards played before the deal was set up
    index = decision.plays_before - first
    return 0 <= index < len(plays) and plays[index] == (player, decision.played[0])


def _check_level(level: str) -> None:
    if level not in LEVELS:
        raise BotError("bot_level", level=level, levels=", ".join(LEVELS))


def _in_hand_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted_for_display(cards))
