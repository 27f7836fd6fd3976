"""Hints: the advice, its reason and its figures agree.

A hint (the Monte-Carlo bot's choice told to the player) recommends the card with the
best estimate, or says why not: the simulations cannot tell it from another card (and
what breaks the tie), or the bot's objective counts something the player's own points
do not (the others' points, the end of the game). Every card it compares the choice with
is priced; it names no card the player cannot see; what it claims of the hand ("your
highest club", "you play last") is true; it speaks to the player, in both languages,
while the bots' own table talk speaks in the first person.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_bots import check_who_can_go_over
from test_bots_infoset import advance

from hearts_teach import Card, Deal, Rules
from hearts_teach.bots import make_bot
from hearts_teach.bots.base import Choice, PassChoice
from hearts_teach.bots.catalog import Said, Symbols
from hearts_teach.bots.montecarlo import MonteCarloBot
from hearts_teach.bots.policy import (
    CLAIMS,
    PASS_KINDS,
    QUEEN_GUARDS,
    Situation,
    context,
    play_facts,
)
from hearts_teach.bots.weigh import tied
from hearts_teach.cards import Suit, parse_cards
from hearts_teach.deal import PlayerView, winning_position
from hearts_teach.i18n import LANGS, messages

PRESETS = list(Rules.PRESETS)
BUDGET: dict[str, Any] = {"playouts": 40, "time_limit": None}

# What a reason may say only when a fact holds: words of the templates -> facts.
WORDS_NEED_FACTS = {
    r"highest|plus fort": {"highest", "highest_clean", "highest_below"},
    r"lowest|plus petit|plus faible": {"lowest"},
    r"play last|joue en dernier|jouez en dernier": {"last"},
    r"cannot follow suit|pouvez pas fournir|peux pas fournir": {"void"},
    r"best \{suit_one\} left|carte maîtresse": {"top_out"},
    r"holds no points|ne contient aucun point": {"trick_clean"},
    r"cannot win this trick|pas remporter ce pli": {"none_beat"},
    r"cannot stay under|beat \{winner\}|battent \{winner\}|passer sous": {"all_beat"},
    r"Nobody else has|Plus personne": {"none_out"},
    r"someone after|joueur après": {"overtakable"},
    r"nobody after (me|you) can|personne après (moi|vous) ne peut": {"stands"},
    r"your last|my last|votre dernier|mon dernier": {"last_of_suit"},
    r"one \{suit_one\} left|qu’un \{suit_one\}": {"two_held"},
    r"run out of \{suit\} soon|vite une chicane": {"void_ahead"},
    r"partner holds|partenaire tient": {"partner_winning"},
    r"going for the moon|tente de tirer|tentez de tirer": {"moon_shoot"},
}


def placeholders(template: str) -> set[str]:
    """The parameters a template uses (``{card_de}`` and ``{suit_one}`` are forms of
    ``card`` and ``suit``)."""
    names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    return {re.sub(r"_(de|a|one)$", "", name) for name in names}


def cards_named(value: object) -> set[Card]:
    """Every card a sentence's parameters name, nested clauses included."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, Symbols):
        return set(value.cards)
    if isinstance(value, Said):
        return cards_named(value.params)
    if isinstance(value, Mapping):
        return set().union(*(cards_named(v) for v in value.values()))
    if isinstance(value, tuple):
        return set().union(*(cards_named(v) for v in value))
    return set()


def check_voices(advice: dict[str, str], table_talk: dict[str, str]) -> None:
    """A hint speaks to the player; a bot's table talk speaks for itself."""
    assert not re.search(r"\b(I|me|my|mine)\b", advice["en"]), advice["en"]
    assert not re.search(r"\b(je|j’|me|m’|mon|ma|mes|moi)\b", advice["fr"]), advice["fr"]
    assert not re.search(r"\b(you|your|yours)\b", table_talk["en"]), table_talk["en"]
    assert not re.search(r"\b(vous|votre|vos)\b", table_talk["fr"]), table_talk["fr"]
    for sentence in [*advice.values(), *table_talk.values()]:
        assert "{" not in sentence and "}" not in sentence
        assert sentence[0].isupper()


@st.composite
def play_views(draw: st.DrawFn) -> PlayerView:
    """The view of the seat to play, at a random point of a random deal of a preset."""
    rules = Rules.preset(draw(st.sampled_from(PRESETS)))
    deal_number, steps = draw(st.integers(0, 3)), draw(st.integers(0, 48))
    deal, _ = advance(rules, draw(st.integers(0, 10_000)), deal_number, steps)
    assume(deal.phase == "play" and not deal.is_over)
    return deal.view(deal.to_play)


# --- the catalog --------------------------------------------------------------------


def _voiced(lang: str) -> dict[str, tuple[str, str]]:
    """Each reason of ``lang``'s catalog (``play.duck``...) in its two voices (bot, hint)."""
    found = messages(lang)
    return {
        key.removeprefix("bot."): (str(found[key]), str(found["hint." + key[4:]]))
        for key in found
        if key.startswith(("bot.play.", "bot.pass."))
        and "hint." + key[4:] in found
        and key not in {"bot.pass.one", "bot.pass.many", "bot.pass.clause"}  # how a pass reads
    }


def test_every_reason_exists_in_both_voices_and_languages_with_the_same_placeholders() -> None:
    voiced = {lang: _voiced(lang) for lang in LANGS}
    english = voiced["en"]
    assert {f"play.{name}" for name in CLAIMS} == {k for k in english if k.startswith("play.")}
    kinds = {f"pass.{kind}" for kind in (*PASS_KINDS, "random")}
    assert kinds == {k for k in english if k.startswith("pass.")}
    for lang in LANGS:
        assert set(voiced[lang]) == set(english), lang
        for name, (bot, hint) in voiced[lang].items():
            assert placeholders(bot) == placeholders(english[name][0]), (lang, name)
            assert placeholders(hint) == placeholders(english[name][1]), (lang, name)
            assert placeholders(bot) <= placeholders(hint), (lang, name)


def test_what_a_reason_says_of_the_hand_is_among_the_facts_it_requires() -> None:
    voiced = {lang: _voiced(lang) for lang in LANGS}
    for name, claims in CLAIMS.items():
        templates = " ".join(text for lang in LANGS for text in voiced[lang][f"play.{name}"])
        for words, facts in WORDS_NEED_FACTS.items():
            if re.search(words, templates):
                assert claims & facts, (name, words)


# --- playing: random positions of every preset --------------------------------------


def check_reason_is_true(view: PlayerView, choice: Choice) -> None:
    """The facts the reason claims hold, checked against the hand and the engine."""
    rules = view.rules
    ctx = context(rules)
    situation = Situation.from_view(view)
    name = choice.key.removeprefix("play.")
    claims = CLAIMS[name]
    assert claims <= play_facts(ctx, situation, choice.card.index), (name, choice.card)
    held = [c for c in view.hand_cards if c.suit == choice.card.suit]
    if "highest" in claims:
        assert choice.card == max(held)
    if "highest_clean" in claims:
        clean = [c for c in held if rules.values[c.index] == 0]
        assert choice.card == max(clean) and choice.card != max(held)
    if "lowest" in claims:
        assert choice.card == min(held)
    if "highest_below" in claims:
        trick = [c.index for _, c in view.trick]

        def beats(card: Card) -> bool:
            return winning_position([*trick, card.index], rules.hearts_trump) == len(trick)

        staying = [c for c in view.legal_moves() if not beats(c)]
        assert not beats(choice.card) and choice.card == max(staying)
    if "last" in claims:
        assert len(view.trick) == rules.players - 1
    check_who_can_go_over(view, choice)


def check_figures(view: PlayerView, bot: MonteCarloBot, choice: Choice) -> None:
    """The choice is the best estimate, or a note names every better card and says why;
    every card the simulations cannot tell from it is named as a tie."""
    legal = set(view.legal_moves())
    assert choice.estimates is not None and set(choice.estimates) == legal
    grouped = [card for figure in choice.figures for card in figure.cards]
    assert sorted(grouped) == sorted(legal)
    priced = {card for figure in choice.priced() for card in figure.cards}
    assert {choice.card, *choice.named} <= priced
    groups, outcomes, _samples = bot.evaluate(view)  # the same sampled deals again
    mine = next(first for first, members in groups.items() if choice.card.index in members)
    notes = {said.key.split(".")[0]: said for said in choice.notes}
    tie_cards = cards_named(notes["tie"].params["rivals"]) if "tie" in notes else set()
    away = cards_named(notes["departure"].params["rivals"]) if "departure" in notes else set()
    sign = -1 if view.rules.reverse else 1
    mean_own = {first: sum(o.own) / len(o.own) for first, o in outcomes.items()}
    for first, members in groups.items():
        if first == mine:
            continue
        cards = {Card(c) for c in members}
        if tied(outcomes[first].own, outcomes[mine].own):
            assert cards <= tie_cards, "a tie within the noise is said to be one"
        elif sign * mean_own[first] < sign * mean_own[mine]:
            assert cards <= away, "a better estimate is named, with the reason it is not chosen"
        else:
            assert not cards & (tie_cards | away)
    if len(groups) > 1 and not tie_cards and not away:
        assert "clear" in notes
    if "tie" in notes:
        key = notes["tie"].params["tiebreak"].key  # type: ignore[attr-defined]
        assert key in (
            "tiebreak.rule",
            "tiebreak.rule_worse",
            "tiebreak.lowest",
            "tiebreak.objective",
        )
        # Seen: "8♣ 4.1 ± 0.4, A♣ 4.4 ± 0.4 … the rule of thumb above decides" for the A♣,
        # easy to misread: when the rule picks the worse estimate, the sentence says so.
        worse = any(
            sign * mean_own[first] < sign * mean_own[mine]
            for first in groups
            if first != mine and Card(first) in tie_cards
        )
        if key.startswith("tiebreak.rule"):
            assert (key == "tiebreak.rule_worse") == worse, key


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(view=play_views(), bot_seed=st.integers(0, 50))
def test_a_play_hint_agrees_with_its_figures_and_the_hand(view: PlayerView, bot_seed: int) -> None:
    bot = MonteCarloBot(bot_seed, **BUDGET)
    choice = bot.play(view)
    assert choice.card in view.legal_moves()
    check_reason_is_true(view, choice)
    if choice.figures:
        check_figures(view, bot, choice)
    # No card the player cannot see: the hint names the hand and the cards played; the
    # bot's table talk, seen by everyone, only the cards on the table and its own card.
    seen = set(view.hand_cards) | {c for t in view.tricks for _, c in t.plays}
    on_table = {c for _, c in view.trick}
    assert cards_named((choice.params, choice.notes)) <= seen | on_table
    assert cards_named(choice.params) <= on_table | {choice.card} | {
        c for t in view.tricks for _, c in t.plays
    }
    check_voices(
        {lang: choice.advice(lang) for lang in LANGS},
        {lang: choice.reason(lang) for lang in LANGS},
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(view=play_views(), level=st.sampled_from(["random", "heuristic"]), seed=st.integers(0, 50))
def test_the_simple_bots_reasons_are_true_in_both_voices(
    view: PlayerView, level: str, seed: int
) -> None:
    choice = make_bot(level, seed=seed).play(view)
    check_reason_is_true(view, choice)
    assert not choice.figures and not choice.notes
    check_voices(
        {lang: choice.advice(lang) for lang in LANGS},
        {lang: choice.reason(lang) for lang in LANGS},
    )


# --- passing --------------------------------------------------------------------------


def check_pass_part(
    view: PlayerView, passed: tuple[Card, ...], cards: tuple[Card, ...], said: Said
) -> None:
    """The reason given for a group of passed cards is true of the hand."""
    rules = view.rules
    kind = said.key.removeprefix("pass.")
    hand = view.hand_cards
    low_spades = [c for c in hand if c.suit == Suit.SPADES and c.rank < 12]
    queen = Card.parse("QS")
    if kind == "void":
        suit = cards[0].suit
        assert said.params["suit"] == suit
        assert all(c.suit == suit for c in cards)
        assert {c for c in hand if c.suit == suit} <= set(passed)
    elif kind == "queen":
        assert cards == (queen,) and len(low_spades) < QUEEN_GUARDS
    elif kind == "black_maria":
        assert all(c.suit == Suit.SPADES and rules.values[c.index] > 0 for c in cards)
        assert len(low_spades) < QUEEN_GUARDS
    elif kind == "high_spades":
        assert all(c.code in ("KS", "AS") for c in cards)
        assert queen not in hand or queen in passed
    elif kind == "hearts":
        assert all(c.suit == Suit.HEARTS and c.rank >= 10 for c in cards)
    elif kind == "high":
        assert all(c.rank >= 10 for c in cards)
    elif kind == "reverse":
        assert rules.reverse and all(c.rank <= 7 for c in cards)
    else:
        assert kind in ("other", "random")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 10_000),
    deal_number=st.integers(0, 3),
    level=st.sampled_from(["random", "heuristic", "montecarlo"]),
)
def test_a_pass_hint_explains_each_card_it_passes(
    preset: str, seed: int, deal_number: int, level: str
) -> None:
    rules = Rules.preset(preset)
    deal = Deal.new(rules, seed=seed, deal_number=deal_number)
    assume(deal.phase == "pass")
    view = deal.view(seed % rules.players)
    budget = BUDGET if level == "montecarlo" else {}
    choice: PassChoice = make_bot(level, seed=seed, **budget).pass_cards(view)
    explained = [card for cards, _ in choice.parts for card in cards]
    assert sorted(explained) == sorted(choice.cards)  # each card, once
    for cards, said in choice.parts:
        check_pass_part(view, choice.cards, cards, said)
    assert cards_named((choice.parts, choice.notes)) <= set(view.hand_cards)
    if level == "montecarlo":
        assert choice.figures[0].cards == choice.cards
        named = {c for f in choice.figures[1:] for c in f.cards}
        assert cards_named(choice.notes) <= set(choice.cards) | named
    check_voices(
        {lang: choice.advice(lang) for lang in LANGS},
        {lang: choice.reason(lang) for lang in LANGS},
    )


# --- the three hints a player found wrong (playground review, W6 and P9) ----------------
#
# The playground's first deal with seed 2: its table asks a bot seeded "hint:2".


def playground_deal(preset: str, passes: list[str], plays: str) -> Deal:
    deal = Deal.new(Rules.preset(preset), seed="2:0", deal_number=0)
    for player, cards in enumerate(passes):
        deal.pass_cards(player, parse_cards(cards))
    for card in parse_cards(plays):
        deal.play(card)
    return deal


HINT_BOT = {"seed": "hint:2", "time_limit": None}
STANDARD_PASSES = ["QH KH AH", "KC KS JH", "AC QD AD", "9D KD QS"]


def test_a_tie_is_said_and_the_card_preferred_is_explained() -> None:
    """Seen: "Hint: play 5♣ … Expected points per card: 3♣ 9.0, 5♣ 9.1"."""
    view = playground_deal("standard", STANDARD_PASSES, "2C").view(0)
    choice = make_bot("montecarlo", **HINT_BOT).play(view)
    three, five = Card.parse("3C"), Card.parse("5C")
    assert choice.estimates is not None
    assert choice.estimates[three] < choice.estimates[five]
    assert choice.card == five and three in choice.named
    advice = choice.advice("en")
    assert "your highest club, the five of clubs" in advice
    assert "There is no telling whether 3♣ would do better or worse than this card" in advice
    # The rule picks the card with the worse estimate, within the noise: said plainly,
    # in words; the figures are behind "Details" (figure_text, priced_text).
    assert advice.endswith(
        "the rule of thumb above decides the advice, even if the simulations put it a "
        "little behind, by too little to count."
    )
    assert "±" not in advice and "standard error" not in advice
    assert "simulated deals" in choice.figure_text("en") and "±" not in choice.advice("fr")
    assert "le placent un peu derrière, de trop peu pour compter" in choice.advice("fr")
    assert choice.priced_text("en").startswith("3♣ 9.0 ± ")
    assert "vous vous débarrassez de votre plus fort trèfle" in choice.advice("fr")


def test_highest_is_said_only_of_the_highest_card_held() -> None:
    """Seen: "I win with my highest card, the jack of spades" with the Q♠ in hand."""
    view = playground_deal("standard", STANDARD_PASSES, "2C 5C QC KC 3S 2S").view(0)
    assert Card.parse("QS") in view.hand_cards
    for choice in (
        make_bot("heuristic").play(view),
        make_bot("montecarlo", **HINT_BOT).play(view),
    ):
        assert choice.card == Card.parse("JS")
        check_reason_is_true(view, choice)
        for lang in LANGS:
            assert not re.search("highest|plus fort", choice.reason(lang) + choice.advice(lang))
        assert choice.advice("en").startswith(
            "This is the first round of spades and nobody after you has shown a void"
        )


def test_the_card_advised_is_in_the_list_it_prices() -> None:
    """Seen in three-player Black Maria: "Hint: play 9♠ … Expected points per card:
    4♠ 3.3, 5♠ 3.3, 6♠ 3.3, 8♠ 3.3" (the 7♠ on the table was taken to make the low
    spades and the 8♠, 9♠ play the same)."""
    deal = playground_deal("black-maria-3", ["KD QH AH", "9C JC AS", "AC AD KH"], "2S 7S")
    choice = make_bot("montecarlo", **HINT_BOT).play(deal.view(0))
    groups = {figure.cards for figure in choice.figures}
    assert parse_cards("4S 5S 6S") in [list(g) for g in groups]
    assert parse_cards("8S 9S") in [list(g) for g in groups]
    assert choice.card in {card for figure in choice.priced() for card in figure.cards}
    assert choice.priced()[0].cards[0] == choice.card  # the best estimate, clear of noise
    assert "Every other card does clearly worse" in choice.advice("en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_pass_hint_explains_every_card(lang: str) -> None:
    """Seen: "I pass the three of clubs, the five of clubs and the king of hearts: high
    hearts win tricks full of points." (the clubs unexplained, and "I" in a hint)."""
    view = Deal.new(Rules(), seed="2:0", deal_number=0).view(0)
    choice = make_bot("montecarlo", **HINT_BOT).pass_cards(view)
    assert choice.cards == tuple(parse_cards("3C 5C KH"))
    advice = choice.advice(lang)
    if lang == "en":
        assert advice.startswith(
            "The king of hearts: high hearts win tricks full of points. The three of clubs "
            "and the five of clubs: with no clubs left, you can discard when they are led."
        )
        assert "There is no telling whether this pass does better or worse than" in advice
    else:
        assert "vous vous créez une chicane à trèfle" in advice


def test_the_tiebreak_clauses_agree_with_a_card_and_with_a_pass() -> None:
    """The same clause ends « … cette carte … : {tiebreak} » and « … cet échange … :
    {tiebreak} »: in French, no « celle-ci » (a card) after « cet échange »."""
    found = messages("fr")
    for key in (k for k in found if k.startswith("hint.tiebreak.")):
        assert not re.search(r"\b(celle|celui)-ci\b", str(found[key])), key
    assert "cet échange" in str(found["hint.tie.pass"])


@pytest.mark.parametrize("lang", LANGS)
def test_a_tiebreak_after_a_named_rival_speaks_of_the_advice_not_of_this_one(lang: str) -> None:
    """Seen: « Conseil : passez R♣, A♣, 10♦ … dont R♣ A♣ A♠ : ce choix a la meilleure
    estimation. »: « ce choix » read as the rival just named, a better pass than the one
    advised. Each clause that breaks a tie names the advice."""
    view = Deal.new(Rules(), seed="2:0", deal_number=0).view(0)
    advice = make_bot("montecarlo", **HINT_BOT).pass_cards(view).advice(lang)
    tie = re.search(r"(?:among them|dont [^:]*)\W*:\s*([^.]*)", advice)
    assert tie, advice
    for clause in [tie.group(1)] + [
        str(v) for k, v in messages(lang).items() if k.startswith("hint.tiebreak.")
    ]:
        assert re.search(r"\badvice\b|\bconseil\b", clause), clause
        assert not re.search(r"\bthis one\b|\bce choix\b", clause), clause
