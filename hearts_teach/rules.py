"""The rules in force: one frozen value holding every option of the specification.

Card values, the deck, the moon requirement and who leads are derived here, in one
place, from the options; the rest of the engine only asks.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Literal, TypeAlias, TypeGuard, get_args

from hearts_teach.cards import (
    ACE_OF_SPADES,
    CARDS,
    FULL_DECK,
    JACK_OF_DIAMONDS,
    JACK_OF_SPADES,
    KING_OF_SPADES,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    TEN_OF_DIAMONDS,
    Card,
    Suit,
    card_bit,
)
from hearts_teach.errors import RulesError

# The words of the word-valued options (docs/rules.md §12), each written once as a type;
# the tuples of words below are read from these types.
MoonRule: TypeAlias = Literal["old", "new", "mixed", "none", "choice"]
"""Shooting the moon: old (the others score M), new (the shooter −M), mixed, none, or the
shooter's choice between old and new (docs/rules.md §3.2)."""
QsBreaks: TypeAlias = Literal["off", "discard", "any"]
"""Whether Q♠ breaks hearts: never, when discarded, on any play."""
Passing: TypeAlias = Literal[
    "cycle",
    "left",
    "right",
    "across",
    "alternate",
    "none",
    "left_right",
    "left_right_hold",
    "five_cycle",
]
"""Which passes the deals make (new words are appended: share codes number them)."""
PassDirection: TypeAlias = Literal["left", "right", "across", "left2", "right2"]
"""Where one deal's pass goes (left2, right2: two seats along, with five or six)."""
FirstLead: TypeAlias = Literal["two_of_clubs", "left_of_dealer"]
"""Who opens a deal."""
FirstTrickForced: TypeAlias = Literal["any", "hearts_before_queen"]
"""What a hand of penalty cards only may play on the first trick."""
TwoPlayerMoonAward: TypeAlias = Literal["fixed_20", "points_in_play"]
"""What the opponent scores on a two-player moon."""
TwoPlayerBothOver: TypeAlias = Literal["lowest_wins", "continue"]
"""Two players reaching the target in one deal: the lower wins, or play on."""
Removal: TypeAlias = Literal["none", "2d", "2c", "2s", "2c2d", "2d3d3c4c", "2c2d3c3d"]
"""The cards taken out of the pack so that it deals out evenly (docs/rules.md §15): the
word spells them, rank then suit (2d: the 2♦; 2d3d3c4c: 2♦ 3♦ 3♣ 4♣)."""
Sun: TypeAlias = Literal["off", "double", "instead"]
"""Shooting the sun (docs/rules.md §16.2): not played; a moon taken with every trick
scores twice M; or the moon needs every trick (a moon without them scores as usual)."""
OmnibusCard: TypeAlias = Literal["jd", "td"]
"""Omnibus's bonus card: the J♦ or the 10♦ (docs/rules.md §4.3, §16.3)."""

MOON_RULES: Final[tuple[MoonRule, ...]] = get_args(MoonRule)
QS_BREAKS: Final[tuple[QsBreaks, ...]] = get_args(QsBreaks)
PASSING: Final[tuple[Passing, ...]] = get_args(Passing)
PASS_DIRECTIONS: Final[tuple[PassDirection, ...]] = get_args(PassDirection)
FIRST_LEADS: Final[tuple[FirstLead, ...]] = get_args(FirstLead)
FIRST_TRICK_FORCED: Final[tuple[FirstTrickForced, ...]] = get_args(FirstTrickForced)
TWO_PLAYER_MOON_AWARDS: Final[tuple[TwoPlayerMoonAward, ...]] = get_args(TwoPlayerMoonAward)
TWO_PLAYER_BOTH_OVER: Final[tuple[TwoPlayerBothOver, ...]] = get_args(TwoPlayerBothOver)
REMOVALS: Final[tuple[Removal, ...]] = get_args(Removal)
SUNS: Final[tuple[Sun, ...]] = get_args(Sun)
OMNIBUS_CARDS: Final[tuple[OmnibusCard, ...]] = get_args(OmnibusCard)

# The options that take one of a few words, with those words.
OPTION_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "moon": MOON_RULES,
    "passing": PASSING,
    "first_lead": FIRST_LEADS,
    "qs_breaks_hearts": QS_BREAKS,
    "first_trick_forced": FIRST_TRICK_FORCED,
    "two_player_moon_award": TWO_PLAYER_MOON_AWARDS,
    "two_player_both_over": TWO_PLAYER_BOTH_OVER,
    "removed": REMOVALS,
    "sun": SUNS,
    "omnibus_card": OMNIBUS_CARDS,
}

TWO_PLAYER_RANKS: Final = (2, 4, 6, 8, 10, 12, 14)
QUEEN_OF_HEARTS: Final = Card.of(12, Suit.HEARTS)
"""The card ``qh_thirteen`` makes worth 13 (docs/rules.md §16.8)."""
OMNIBUS_JACK_VALUE: Final = -10
"""What J♦ is worth in Omnibus (docs/rules.md §4.3): the one place this number is written;
the scores read it through ``Rules.values``."""
# With four players the pass cycle is left, right, across, hold (docs/rules.md §2.3);
# the cycles without "across" serve any number of players (§15).
_CYCLES: Final[dict[str, tuple[PassDirection | None, ...]]] = {
    "cycle": ("left", "right", "across", None),
    "left_right": ("left", "right"),
    "left_right_hold": ("left", "right", None),
    # McNeely, for five: left, two to the left, right, two to the right, keep (§16.5)
    "five_cycle": ("left", "left2", "right", "right2", None),
}
PLAYER_COUNTS: Final = (2, 3, 4, 5, 6)
KITTY_PLAYERS: Final = (3, 5, 6)
"""The numbers of players that a full pack leaves cards over for: the kitty's (§16.7)."""
# Which removals each number of players may choose, the default first (docs/rules.md §15):
# 52 cards deal out evenly only to two (on its own 28-card deck) and four players.
REMOVALS_FOR: Final[dict[int, tuple[Removal, ...]]] = {
    2: ("none",),
    3: ("2d", "2c", "2s"),
    4: ("none",),
    5: ("2c2d",),
    6: ("2d3d3c4c", "2c2d3c3d"),
}


def _whole(value: object) -> TypeGuard[int]:
    """A whole number that is not a bool (True == 1 and 4.0 == 4, but neither is one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _choice(option: str, value: object, choices: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in choices:
        raise RulesError("rules_value", option=option, value=value, choices=", ".join(choices))


@dataclass(frozen=True)
class Rules:
    """Every rule option (docs/rules.md §12). Options left at ``None`` are derived from the
    number of players, so ``Rules(players=2)`` is two-player Hearts as the source plays it.
    """

    players: int = 4
    """2 (28-card deck, hearts trump) to 6; three with Black Maria is traditional Black
    Maria, three without it standard Hearts with the 2♦ removed (docs/rules.md §15)."""
    moon: MoonRule = "old"
    """Shooting the moon: old (others +M), new (shooter −M), mixed (§3.1), none."""
    spot: bool = False
    """Spot Hearts: hearts at face value (J 11 … A 14), Q♠ 25; 129 a deal."""
    omnibus: bool = False
    """Omnibus: J♦ is worth −10 to whoever takes it."""
    black_maria: bool = False
    """Black Maria: K♠ 10 and A♠ 7 as well; no moon."""
    target: int = 100
    """The game ends after a deal in which a total reaches this."""
    partnership: bool = False
    """Partners sit opposite (0–2 and 1–3); the lower team total wins."""
    reverse: bool = False
    """Reverse Hearts: the highest total wins."""
    qs_penalty: bool = True
    """Q♠ is a penalty card (off for Original Hearts of 1880)."""
    passing: Passing | None = None
    """cycle (left, right, across, hold), left, right, across, alternate (every other deal), none."""
    pass_count: int | None = None
    """Cards passed: 3, or 1 for the two-player house rule."""
    first_lead: FirstLead | None = None
    """two_of_clubs (the holder leads it; 4♣ then 6♣ in two-player) or left_of_dealer (any card)."""
    first_lead_any_club: bool = False
    """The opening player may lead any club instead of the 2♣ (OpenSpiel ``can_lead_any_club``)."""
    must_break_hearts: bool = True
    """Hearts may not be led until one has been played."""
    qs_breaks_hearts: QsBreaks = "off"
    """Whether Q♠ breaks hearts: off, discard (when discarded), any (any play)."""
    lead_hearts_when_only_hearts: bool = True
    """A leader holding only hearts may lead one before hearts are broken (the only
    reading any source gives; False is refused)."""
    lead_hearts_instead_of_qs: bool = False
    """A leader with only hearts and Q♠ may lead a heart before hearts are broken."""
    first_trick_no_points: bool | None = None
    """No penalty card on the first trick (4 players); off in two-player and traditional BM."""
    first_trick_forced: FirstTrickForced = "any"
    """When a hand holds only penalty cards on trick 1: any card, or hearts before the queen."""
    omnibus_moon_requires_jd: bool = True
    """With Omnibus, the moon also needs J♦."""
    omnibus_jd_stacks_on_moon: bool = False
    """With Omnibus, J♦ still counts −10 on a moon deal (OpenSpiel convention)."""
    two_player_moon_award: TwoPlayerMoonAward = "fixed_20"
    """Two-player moon: the opponent scores 20, or only the points in play."""
    two_player_both_over: TwoPlayerBothOver = "lowest_wins"
    """Two-player, both reach the target together: the lower wins, or play on."""
    avoid_all_tricks_bonus: bool = False
    """−5 to each player who took no trick, on deals without a moon (OpenSpiel option)."""
    partner_spared_on_moon: bool = False
    """Partnership: the shooter's partner scores nothing on a moon."""
    removed: Removal | None = None
    """The cards removed so the pack deals out evenly (3, 5, 6 players): 2d, 2c or 2s with
    three; 2c2d with five; 2d3d3c4c or 2c2d3c3d with six; none otherwise."""
    deals: int | None = None
    """A fixed number of deals: the game ends after that many (the lowest total wins, a
    tie plays on), and the target no longer ends it (docs/rules.md §7.1)."""
    exact_target_reset: int | None = None
    """A total that lands exactly on the target after a deal goes back to this (50 for
    Jeff Goldsmith, or 0) and the game goes on (docs/rules.md §16.1); None: it ends it."""
    sun: Sun = "off"
    """Shooting the sun (every trick): off, double (a moon worth 2M when the shooter also
    took every trick), instead (the moon needs every trick) (docs/rules.md §16.2)."""
    omnibus_card: OmnibusCard = "jd"
    """Omnibus's bonus card: jd (the J♦) or td (the 10♦, Bicycle's rule) (§16.3)."""
    qs_twelve: bool = False
    """The queen of spades worth 12, 25 a deal (a French house rule, docs/rules.md §16.4)."""
    team_target: bool = False
    """Partnership: partners' scores are added every deal and the game ends once a team's
    sum reaches the target (older Wikipedia), not a single total (docs/rules.md §16.6)."""
    black_jack: bool = False
    """Black Jack (Foster, 1909): the J♠ worth 10 takes the place of the Q♠, which is worth
    nothing; 23 a deal (docs/rules.md §17.1)."""
    kitty: bool = False
    """Three, five or six players: no card is removed; the cards left over after an even
    deal (1, 2 or 4) lie face down and go, with their points, to the winner of the first
    trick (adpoker.fr, McNeely; docs/rules.md §16.7)."""
    qh_thirteen: bool = False
    """The queen of hearts worth 13 as well as the queen of spades, 38 a deal: a table's
    rule that some call Pink Lady, which no source read describes (docs/rules.md §16.8)."""

    _derived: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "standard": {},
        "new-moon": {"moon": "new"},
        "mixed-moon": {"moon": "mixed"},
        "spot": {"spot": True, "target": 500},
        "omnibus": {"omnibus": True},
        "black-maria": {"black_maria": True},
        # The traditional game: the dealer's left leads any card but a heart. On leading
        # hearts the sources of the three-player game either say nothing (Parlett,
        # poker.tj, gamerules.com) or forbid it until a heart has been discarded
        # (cardrulesplus.com); the book follows the one that says, and tells the reader.
        "black-maria-3": {"players": 3, "black_maria": True},
        "two-player": {"players": 2},
        "original": {"qs_penalty": False, "passing": "none", "moon": "none"},
        "original-historical": {
            "qs_penalty": False,
            "passing": "none",
            "moon": "none",
            "first_lead": "left_of_dealer",
            "must_break_hearts": False,
            "first_trick_no_points": False,
        },
        "partnership": {"partnership": True},
        "reverse": {"reverse": True, "moon": "none"},
        "three-player": {"players": 3},
        "five-player": {"players": 5},
        "six-player": {"players": 6},
        "shooters-choice": {"moon": "choice"},
        # House rules (docs/rules.md §16), each a preset of its own so that the picker,
        # the comparison and the simulation offer it; appended, so no name moves.
        "exact-reset": {"exact_target_reset": 50},
        "sun": {"sun": "double"},
        "omnibus-ten": {"omnibus": True, "omnibus_card": "td"},
        "queen-twelve": {"qs_twelve": True},
        "five-player-two-seats": {"players": 5, "passing": "five_cycle"},
        "partnership-sums": {"partnership": True, "team_target": True},
        # Games of the family (docs/rules.md §17)
        "black-jack": {"black_jack": True},
        # The kitty instead of removed cards (docs/rules.md §16.7)
        "three-player-kitty": {"players": 3, "kitty": True},
        "five-player-kitty": {"players": 5, "kitty": True},
        "six-player-kitty": {"players": 6, "kitty": True},
        "queen-of-hearts-thirteen": {"qh_thirteen": True},
    }

    def __post_init__(self) -> None:
        if isinstance(self.qs_breaks_hearts, bool):
            self._set("qs_breaks_hearts", "any" if self.qs_breaks_hearts else "off")
        self._check_values()
        n = self.players
        # Three players with Black Maria play the traditional game (docs/rules.md §4.6).
        traditional = n == 3 and self.black_maria
        if self.passing is None:
            default = {2: "none", 4: "cycle"}.get(n, "right" if traditional else "left_right")
            self._set("passing", default)
        if self.pass_count is None:
            self._set("pass_count", 1 if n == 2 else 3)
        if self.first_lead is None:
            self._set("first_lead", "left_of_dealer" if traditional else "two_of_clubs")
        if self.first_trick_no_points is None:
            self._set("first_trick_no_points", n != 2 and not traditional)
        if self.removed is None:
            removal = "none" if self.kitty else "2c" if traditional else REMOVALS_FOR[n][0]
            self._set("removed", removal)
        self._check_combinations()
        self._derive()

    def _set(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)

    # --- validation -----------------------------------------------------------

    def _check_values(self) -> None:
        # Whole numbers only: 4.0 equals 4 but would fail later, far from here.
        if not _whole(self.players) or self.players not in PLAYER_COUNTS:
            raise RulesError("rules_players", players=self.players)
        _choice("moon", self.moon, MOON_RULES)
        _choice("qs_breaks_hearts", self.qs_breaks_hearts, QS_BREAKS)
        if self.passing is not None:
            _choice("passing", self.passing, PASSING)
        if self.first_lead is not None:
            _choice("first_lead", self.first_lead, FIRST_LEADS)
        _choice("first_trick_forced", self.first_trick_forced, FIRST_TRICK_FORCED)
        _choice("two_player_moon_award", self.two_player_moon_award, TWO_PLAYER_MOON_AWARDS)
        _choice("two_player_both_over", self.two_player_both_over, TWO_PLAYER_BOTH_OVER)
        if not _whole(self.target) or self.target < 1:
            raise RulesError("rules_target", target=self.target)
        if self.deals is not None and (not _whole(self.deals) or self.deals < 1):
            raise RulesError("rules_deals", deals=self.deals)
        if self.removed is not None:
            _choice("removed", self.removed, REMOVALS)
        _choice("sun", self.sun, SUNS)
        _choice("omnibus_card", self.omnibus_card, OMNIBUS_CARDS)
        reset = self.exact_target_reset
        if reset is not None and (not _whole(reset) or not 0 <= reset < self.target):
            raise RulesError("rules_exact_reset", reset=reset, target=self.target)
        for name in (
            "spot",
            "omnibus",
            "black_maria",
            "partnership",
            "reverse",
            "qs_penalty",
            "first_lead_any_club",
            "must_break_hearts",
            "lead_hearts_when_only_hearts",
            "lead_hearts_instead_of_qs",
            "omnibus_moon_requires_jd",
            "omnibus_jd_stacks_on_moon",
            "avoid_all_tricks_bonus",
            "partner_spared_on_moon",
            "qs_twelve",
            "black_jack",
            "team_target",
            "kitty",
            "qh_thirteen",
        ):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise RulesError("rules_value", option=name, value=value, choices="True, False")
        if self.first_trick_no_points is not None and not isinstance(
            self.first_trick_no_points, bool
        ):
            raise RulesError(
                "rules_value",
                option="first_trick_no_points",
                value=self.first_trick_no_points,
                choices="True, False",
            )

    def _check_combinations(self) -> None:
        n = self.players
        if n == 2:
            if self.omnibus:
                raise RulesError("rules_two_player_option", option="Omnibus", card=JACK_OF_DIAMONDS)
            if self.black_maria:
                raise RulesError(
                    "rules_two_player_option", option="Black Maria", card=KING_OF_SPADES
                )
            if self.spot:
                raise RulesError("rules_two_player_spot")
            if self.moon in ("new", "mixed", "choice"):
                raise RulesError("rules_value", option="moon", value=self.moon, choices="old, none")
        if self.kitty and n not in KITTY_PLAYERS:
            raise RulesError("rules_kitty", players=n)
        allowed: tuple[Removal, ...] = ("none",) if self.kitty else REMOVALS_FOR[n]
        if self.removed not in allowed:
            raise RulesError(
                "rules_removed", removed=self.removed, players=n, choices=", ".join(allowed)
            )
        if self.partnership and n != 4:
            raise RulesError("rules_partnership_players")
        needed = {"cycle": 4, "across": 4, "five_cycle": 5}.get(str(self.passing))
        if needed is not None and n != needed:
            raise RulesError("rules_pass_direction", passing=self.passing, needed=needed, players=n)
        count = self.pass_count
        if not _whole(count) or not 1 <= count <= 4:
            raise RulesError("rules_pass_count", most=4, count=count)
        if not self.lead_hearts_when_only_hearts:
            raise RulesError("rules_only_hearts_lead")
        if self.first_trick_forced != "any" and not self.first_trick_no_points:
            raise RulesError("rules_forced_without_ban")
        self._check_house_rules()

    def _check_house_rules(self) -> None:
        """The house rules of docs/rules.md §16, each only where it means something."""
        if self.exact_target_reset is not None and self.deals is not None:
            raise RulesError("rules_exact_reset_deals")
        if self.sun != "off" and self.effective_moon == "none":
            raise RulesError("rules_sun_without_moon")
        if self.omnibus_card != "jd" and not self.omnibus:
            raise RulesError("rules_omnibus_card_without_omnibus")
        if self.qs_twelve and (self.spot or not self.qs_penalty):
            raise RulesError("rules_qs_twelve")
        if self.team_target and (not self.partnership or self.exact_target_reset is not None):
            raise RulesError("rules_team_target")
        if self.black_jack and (
            self.players == 2
            or self.spot
            or self.black_maria
            or self.qs_twelve
            or not self.qs_penalty
        ):
            raise RulesError("rules_black_jack")
        if self.qh_thirteen and self.spot:
            raise RulesError("rules_qh_thirteen")

    # --- derived values -------------------------------------------------------

    def _derive(self) -> None:
        n = self.players
        if n == 2:
            deck = 0
            for suit in Suit:
                for rank in TWO_PLAYER_RANKS:
                    deck |= card_bit(rank, suit)
        else:
            deck = FULL_DECK & ~mask_of_removal(self.removed)
        values = [0] * 52
        for card in CARDS:
            if card.suit is Suit.HEARTS:
                values[card.index] = card.rank if self.spot else 1
        if self.qh_thirteen:
            values[QUEEN_OF_HEARTS.index] = 13
        if self.qs_penalty:
            values[QUEEN_OF_SPADES.index] = 25 if self.spot else 12 if self.qs_twelve else 13
        if self.black_jack:
            # Foster's Black Jack: the jack "worth ten hearts" in the queen's place
            values[QUEEN_OF_SPADES.index] = 0
            values[JACK_OF_SPADES.index] = 10
        if self.black_maria:
            values[KING_OF_SPADES.index] = 10
            values[ACE_OF_SPADES.index] = 7
        if self.omnibus:
            values[self.omnibus_bonus_card.index] = OMNIBUS_JACK_VALUE
        penalty = 0
        for card in CARDS:
            if deck & card.bit and values[card.index] > 0:
                penalty |= card.bit
        moon_cards = penalty
        if self.omnibus and self.omnibus_moon_requires_jd:
            moon_cards |= self.omnibus_bonus_card.bit
        self._derived.update(
            deck=deck,
            deck_bits=tuple(card.bit for card in CARDS if deck & card.bit),
            values=tuple(values),
            penalty=penalty,
            moon_cards=moon_cards,
            moon_value=sum(values[card.index] for card in CARDS if penalty & card.bit),
            hand_size=13 if n == 2 else deck.bit_count() // n,
            dead_count=2 if n == 2 else deck.bit_count() % n,
            opening_chain=self._opening_chain(deck),
        )

    def _opening_chain(self, deck: int) -> tuple[Card, ...]:
        if self.first_lead != "two_of_clubs":
            return ()
        if self.players == 2:
            return tuple(Card.of(rank, Suit.CLUBS) for rank in (2, 4, 6))
        clubs = deck & SUIT_MASKS[Suit.CLUBS]
        if self.kitty:
            # The lowest club dealt (§16.7): the 2♣ may lie in the kitty, and then the 3♣
            # opens (McNeely; adpoker.fr), or the next one held.
            return tuple(card for card in CARDS if clubs & card.bit)
        # The lowest club in play (docs/rules.md §15): every card of a pack with no dead
        # cards is dealt, so it is always in some hand.
        return (CARDS[(clubs & -clubs).bit_length() - 1],)

    @property
    def omnibus_bonus_card(self) -> Card:
        """The card Omnibus makes worth −10: the J♦, or the 10♦ (``omnibus_card="td"``)."""
        return TEN_OF_DIAMONDS if self.omnibus_card == "td" else JACK_OF_DIAMONDS

    @property
    def deck(self) -> int:
        """The deck as a bit mask (28 cards with two players, 51 with three, 50 with five,
        48 with six)."""
        mask: int = self._derived["deck"]
        return mask

    @property
    def deck_bits(self) -> tuple[int, ...]:
        """The deck's cards as one-bit masks, lowest index first (what a deal shuffles)."""
        bits: tuple[int, ...] = self._derived["deck_bits"]
        return bits

    @property
    def values(self) -> tuple[int, ...]:
        """What each card is worth to whoever takes it, by card index."""
        values: tuple[int, ...] = self._derived["values"]
        return values

    def value(self, card: Card) -> int:
        return self.values[card.index]

    @property
    def penalty_cards(self) -> int:
        """Cards worth points (banned from the first trick where that rule holds)."""
        mask: int = self._derived["penalty"]
        return mask

    @property
    def moon_cards(self) -> int:
        """Cards one player must take to shoot the moon (those in play, with two players)."""
        mask: int = self._derived["moon_cards"]
        return mask

    @property
    def hand_size(self) -> int:
        size: int = self._derived["hand_size"]
        return size

    @property
    def dead_count(self) -> int:
        """Cards dealt to no hand: two dead cards with two players, the kitty's cards."""
        count: int = self._derived["dead_count"]
        return count

    @property
    def deck_size(self) -> int:
        return self.deck.bit_count()

    @property
    def points_per_deal(self) -> int:
        """The net points of a whole deck: 26, 129 with Spot, 16 with Omnibus..."""
        return sum(self.values[c.index] for c in CARDS if self.deck & c.bit)

    @property
    def moon_value(self) -> int:
        """M: what a moon is worth (26, 129 with Spot, 20 with two players)."""
        value: int = self._derived["moon_value"]
        return value

    @property
    def effective_moon(self) -> MoonRule:
        """The moon rule that applies: Black Maria has no moon, so its moon rule is none."""
        return "none" if self.black_maria else self.moon

    @property
    def hearts_trump(self) -> bool:
        """Two-player Hearts: hearts are permanent trumps."""
        return self.players == 2

    @property
    def opening_chain(self) -> tuple[Card, ...]:
        """Cards that open the deal, in order of fallback: the lowest club in play (2♣ with
        four players, 3♣ with the 2♣ removed); 2♣, 4♣, 6♣ with two players."""
        chain: tuple[Card, ...] = self._derived["opening_chain"]
        return chain

    def dealer(self, deal_number: int) -> int:
        """The deal moves one seat to the left each deal."""
        return deal_number % self.players

    def pass_direction(self, deal_number: int) -> PassDirection | None:
        """left, right, across, or None when no pass is due (deal_number counts from 0)."""
        if self.passing == "none":
            return None
        cycle = _CYCLES.get(str(self.passing))
        if cycle is not None:
            return cycle[deal_number % len(cycle)]
        if self.passing == "alternate":
            return "left" if deal_number % 2 == 0 else None
        if self.passing in PASS_DIRECTIONS:
            return self.passing
        raise AssertionError(f"passing {self.passing!r} has no direction")  # checked at init

    def pass_offset(self, direction: PassDirection) -> int:
        """Seats from the passer to the receiver: left is the next player."""
        n = self.players
        return {"left": 1, "right": n - 1, "across": 2, "left2": 2, "right2": n - 2}[direction]

    def pass_receiver(self, player: int, direction: PassDirection) -> int:
        """Who receives the cards ``player`` passes in this direction."""
        return (player + self.pass_offset(direction)) % self.players

    def pass_giver(self, player: int, direction: PassDirection) -> int:
        """Who passes cards to ``player`` in this direction."""
        return (player - self.pass_offset(direction)) % self.players

    @property
    def cards_to_pass(self) -> int:
        """How many cards each player passes when a pass is due."""
        count = self.pass_count
        assert count is not None, "resolved in __post_init__"
        return count

    def partner(self, player: int) -> int | None:
        """The player's partner (the player opposite) in Partnership Hearts, else None."""
        return (player + 2) % 4 if self.partnership else None

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Partnership: 0 and 2 against 1 and 3; otherwise everyone alone."""
        if self.partnership:
            return ((0, 2), (1, 3))
        return tuple((p,) for p in range(self.players))

    # --- construction ---------------------------------------------------------

    @classmethod
    def preset(cls, name: str, **changes: Any) -> Rules:
        """A named variant (a chapter of the book), optionally with some options changed."""
        try:
            options = cls.PRESETS[name]
        except KeyError:
            raise RulesError("rules_preset", name=name, choices=", ".join(cls.PRESETS)) from None
        return cls.from_options({**options, **changes})

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> Rules:
        """Rules from a mapping of option names (a saved record); unknown names are refused."""
        if not isinstance(options, Mapping):
            raise RulesError("rules_options", found=type(options).__name__)
        names = cls.option_names()
        for key in options:
            if key not in names:
                raise RulesError("rules_unknown_option", option=key)
        return cls(**options)

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls) if f.init)

    def options(self) -> dict[str, Any]:
        """Every option with its value (derived ones resolved)."""
        return {name: getattr(self, name) for name in self.option_names()}

    def changed_options(self) -> dict[str, Any]:
        """Only what differs from the defaults for the same number of players."""
        base = _base_for(self.players, self.black_maria, self.kitty)
        return {
            name: value
            for name, value in self.options().items()
            if (name in ("players", "black_maria", "kitty") and value != getattr(Rules, name))
            or getattr(base, name) != value
        }

    def replace(self, **changes: Any) -> Rules:
        options = self.changed_options()
        options.update(changes)
        if "players" in changes or "kitty" in changes:
            # derived options follow the new number of players (and the kitty, which takes
            # the place of the removed cards) unless given
            base = _base_for(self.players, self.black_maria, self.kitty)
            derived = ("passing", "pass_count", "first_lead", "first_trick_no_points", "removed")
            for name in derived:
                if name not in changes and options.get(name) == getattr(base, name):
                    options.pop(name, None)
        return Rules.from_options(options)

    @property
    def preset_name(self) -> str | None:
        """The name of the preset these rules are, if any."""
        for name in self.PRESETS:
            if Rules.preset(name) == self:
                return name
        return None


def defaults_for(players: int) -> Rules:
    """The default rules for a number of players (three players play Black Maria)."""
    return Rules(players=players, black_maria=players == 3)


@functools.lru_cache(maxsize=32)
def _base_for(players: int, black_maria: bool, kitty: bool = False) -> Rules:
    """What a rule set's options are told apart from: three players with Black Maria from
    traditional Black Maria, three without it from standard three-player Hearts; any other
    number from its defaults (Black Maria changes none of their derived options); with the
    kitty, the same with no card removed."""
    if kitty:
        return Rules(players=players, black_maria=black_maria, kitty=True)
    if players == 3:
        return Rules(players=3, black_maria=black_maria)
    return defaults_for(players)


_REMOVED_CARDS: Final[dict[str, int]] = {}


def mask_of_removal(removal: str | None) -> int:
    """The cards a removal word names, as a bit mask ("2d3d3c4c": 2♦ 3♦ 3♣ 4♣)."""
    mask = _REMOVED_CARDS.get(str(removal))
    if mask is None:
        word = "" if removal in (None, "none") else str(removal)
        mask = 0
        for i in range(0, len(word), 2):
            mask |= Card.parse(word[i : i + 2].upper()).bit
        _REMOVED_CARDS[str(removal)] = mask
    return mask
