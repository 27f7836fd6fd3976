"""The engine's message catalog: card names, rule words and reasons, in French and English.

Every text a person may read that comes from the engine is here, once per language,
so a French page never shows an English sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hearts_teach.cards import Card, Suit

LANGS: Final = ("en", "fr")

_RANK_NAMES: Final = {
    "en": {
        2: "two",
        3: "three",
        4: "four",
        5: "five",
        6: "six",
        7: "seven",
        8: "eight",
        9: "nine",
        10: "ten",
        11: "jack",
        12: "queen",
        13: "king",
        14: "ace",
    },
    "fr": {
        2: "deux",
        3: "trois",
        4: "quatre",
        5: "cinq",
        6: "six",
        7: "sept",
        8: "huit",
        9: "neuf",
        10: "dix",
        11: "valet",
        12: "dame",
        13: "roi",
        14: "as",
    },
}
_SUIT_NAMES: Final = {
    "en": {
        Suit.CLUBS: "clubs",
        Suit.DIAMONDS: "diamonds",
        Suit.SPADES: "spades",
        Suit.HEARTS: "hearts",
    },
    "fr": {
        Suit.CLUBS: "trèfle",
        Suit.DIAMONDS: "carreau",
        Suit.SPADES: "pique",
        Suit.HEARTS: "cœur",
    },
}
# "a club" / "un trèfle": the word used when one card of the suit is asked for.
_ONE_OF_SUIT: Final = {
    "en": {
        Suit.CLUBS: "a club",
        Suit.DIAMONDS: "a diamond",
        Suit.SPADES: "a spade",
        Suit.HEARTS: "a heart",
    },
    "fr": {
        Suit.CLUBS: "un trèfle",
        Suit.DIAMONDS: "un carreau",
        Suit.SPADES: "un pique",
        Suit.HEARTS: "un cœur",
    },
}


# Seat names, in playing order from player 0, who sits South (at the bottom of a
# screen or a diagram): play goes clockwise, so the next player sits West.
_SEATS: Final = {
    4: ("south", "west", "north", "east"),
    3: ("south", "west", "east"),
    2: ("south", "north"),
}
_SEAT_NAMES: Final = {
    "en": {"south": "South", "west": "West", "north": "North", "east": "East"},
    "fr": {"south": "Sud", "west": "Ouest", "north": "Nord", "east": "Est"},
}


def seat_name(player: int, players: int = 4, lang: str = "en") -> str:
    """The compass name of a seat: player 0 is South, then West, North, East (four
    players), South, West, East (three) or South, North (two)."""
    return _SEAT_NAMES[check_lang(lang)][_SEATS[players][player]]


def signed(number: int, *, plus: bool = False) -> str:
    """A whole number with a true minus sign (−16, not -16); ``plus`` also marks
    positive ones (+26), for a change of total."""
    if number < 0:
        return f"−{-number}"
    return f"+{number}" if plus else str(number)


def one_decimal(value: float, lang: str = "en") -> str:
    """One decimal, with a decimal comma in French and a true minus sign (no "−0.0")."""
    shown = f"{abs(value):.1f}"
    if value < 0 and shown != "0.0":
        shown = "−" + shown
    return shown.replace(".", ",") if lang == "fr" else shown


def join_words(words: Sequence[str], lang: str = "en") -> str:
    """``a, b and c`` / ``a, b et c``."""
    if len(words) <= 1:
        return "".join(words)
    last = " and " if check_lang(lang) == "en" else " et "
    return ", ".join(words[:-1]) + last + words[-1]


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: use one of {', '.join(LANGS)}")
    return lang


def card_name(card: Card, lang: str = "en") -> str:
    check_lang(lang)
    rank = _RANK_NAMES[lang][card.rank]
    suit = _SUIT_NAMES[lang][card.suit]
    return f"{rank} of {suit}" if lang == "en" else f"{rank} de {suit}"


def the_card(card: Card, lang: str = "en") -> str:
    """The card's name with its article: ``the queen of spades``, ``la dame de pique``,
    ``l’as de cœur``."""
    name = card_name(card, lang)
    if lang == "en":
        return "the " + name
    if card.rank == 14:
        return "l’" + name
    return ("la " if card.rank == 12 else "le ") + name


def suit_name(suit: Suit, lang: str = "en") -> str:
    return _SUIT_NAMES[check_lang(lang)][suit]


def one_of_suit(suit: Suit, lang: str = "en") -> str:
    return _ONE_OF_SUIT[check_lang(lang)][suit]


# key -> (English, French). Parameters are written {name}; a Card parameter is
# replaced by its name with its article ("the queen of spades", "la dame de pique"),
# a Suit by "a club" / "un trèfle"; the first letter of the result is capitalized.
CATALOG: dict[str, tuple[str, str]] = {
    # --- card input ---------------------------------------------------------
    "error.card_text": (
        "“{text}” is not a card: write a rank (2–10, J, Q, K, A) and a suit (♣ ♦ ♠ ♥ or C D S H), "
        "for example Q♠, QS or 10H.",
        "« {text} » n’est pas une carte : écrivez une hauteur (2 à 10, J, Q, K, A) et une couleur "
        "(♣ ♦ ♠ ♥ ou C D S H), par exemple Q♠, QS ou 10H.",
    ),
    "error.card_index": (
        "There is no card number {index}: cards are numbered 0 to 51.",
        "Il n’y a pas de carte numéro {index} : les cartes sont numérotées de 0 à 51.",
    ),
    "error.card_rank": (
        "There is no rank {rank}: ranks go from 2 to 14 (ace).",
        "La hauteur {rank} n’existe pas : les hauteurs vont de 2 à 14 (as).",
    ),
    "error.card_twice": (
        "{card} is given twice.",
        "{card} figure deux fois.",
    ),
    # --- rules --------------------------------------------------------------
    "error.rules_value": (
        "The option {option} cannot be {value}: choose one of {choices}.",
        "L’option {option} ne peut pas valoir {value} : choisissez parmi {choices}.",
    ),
    "error.rules_unknown_option": (
        "There is no rule option named {option}.",
        "Aucune option de règle ne s’appelle {option}.",
    ),
    "error.rules_preset": (
        "There is no variant named {name}: choose one of {choices}.",
        "Aucune variante ne s’appelle {name} : choisissez parmi {choices}.",
    ),
    "error.rules_players": (
        "Hearts is played here by 2, 3 or 4 players, not {players}.",
        "Le jeu se joue ici à 2, 3 ou 4 joueurs, pas à {players}.",
    ),
    "error.rules_two_player_option": (
        "{option} cannot be played with two players: {card} is not in the 28-card deck.",
        "{option} ne se joue pas à deux : {card} ne fait pas partie du jeu de 28 cartes.",
    ),
    "error.rules_two_player_spot": (
        "Spot Hearts is not defined for two players: no source gives its values on the 28-card deck.",
        "Les cœurs à valeur faciale ne sont pas définis à deux joueurs : aucune source ne donne "
        "leurs valeurs sur le jeu de 28 cartes.",
    ),
    "error.rules_three_players": (
        "Three players play only the traditional Black Maria (2♣ removed, 17 cards each): "
        "turn Black Maria on.",
        "À trois joueurs, seule la Black Maria traditionnelle se joue (2♣ retiré, 17 cartes "
        "chacun) : activez Black Maria.",
    ),
    "error.rules_partnership_players": (
        "Partnership Hearts needs four players (two teams of two).",
        "Le jeu en équipes demande quatre joueurs (deux équipes de deux).",
    ),
    "error.rules_target": (
        "The target must be a whole number above zero, not {target}.",
        "Le score à atteindre doit être un nombre entier positif, pas {target}.",
    ),
    "error.rules_pass_direction": (
        "Passing “{passing}” needs {needed} players; this table has {players}.",
        "Le passage « {passing} » demande {needed} joueurs ; cette table en a {players}.",
    ),
    "error.rules_pass_count": (
        "Between 1 and {most} cards can be passed, not {count}.",
        "On peut passer de 1 à {most} cartes, pas {count}.",
    ),
    "error.rules_forced_without_ban": (
        "“Hearts before the queen on the first trick” only makes sense with the first-trick ban on.",
        "« Les cœurs avant la dame au premier pli » n’a de sens qu’avec l’interdiction du "
        "premier pli.",
    ),
    "error.rules_opening_club": (
        "The opening club cannot be led: with {players} players the 2♣ is not in the deck. "
        "Let the player left of the dealer lead instead.",
        "Impossible d’entamer du petit trèfle : à {players} joueurs le 2♣ n’est pas dans le jeu. "
        "Faites plutôt entamer le voisin de gauche du donneur.",
    ),
    "error.rules_only_hearts_lead": (
        "A leader holding only hearts must be allowed to lead one: otherwise no card could be "
        "led, and no source gives another rule.",
        "Un entameur qui n’a que des cœurs doit pouvoir en entamer un : sinon aucune carte ne "
        "pourrait être entamée, et aucune source ne donne d’autre règle.",
    ),
    "error.rules_avoid_bonus_needs_tricks": (
        "The no-trick bonus needs the number of tricks each player won.",
        "Le bonus sans pli demande le nombre de plis remportés par chaque joueur.",
    ),
    # --- deals and scores ---------------------------------------------------
    "error.hands_count": (
        "A deal needs {players} hands, not {count}.",
        "Une donne demande {players} mains, pas {count}.",
    ),
    "error.hands_size": (
        "All hands must hold the same number of cards (at most {size}); here they hold {sizes}.",
        "Toutes les mains doivent avoir le même nombre de cartes ({size} au plus) ; ici elles en "
        "ont {sizes}.",
    ),
    "error.card_not_in_deck": (
        "{card} is not in this deck.",
        "{card} ne fait pas partie de ce jeu.",
    ),
    "error.dead_count": (
        "This deal sets aside {expected} dead cards, not {count}.",
        "Cette donne met {expected} cartes mortes de côté, pas {count}.",
    ),
    "error.incomplete_deal": (
        "The hands and dead cards hold {count} cards; a full deal of this deck holds {expected}.",
        "Les mains et les cartes mortes comptent {count} cartes ; une donne complète de ce jeu en "
        "compte {expected}.",
    ),
    "error.taken_count": (
        "Scoring needs the cards taken by each of the {players} players, not {count} lists.",
        "Le décompte demande les cartes prises par chacun des {players} joueurs, pas {count} listes.",
    ),
    "error.taken_twice": (
        "A card can be taken only once: {card} appears twice.",
        "Une carte ne peut être ramassée qu’une fois : {card} figure deux fois.",
    ),
    "error.taken_dead": (
        "{card} is a dead card: nobody can have taken it.",
        "{card} est une carte morte : personne n’a pu la prendre.",
    ),
    "error.totals_count": (
        "There must be one total per player ({players}), not {count}.",
        "Il faut un total par joueur ({players}), pas {count}.",
    ),
    "error.player": (
        "There is no player {player} at a table of {players}.",
        "Il n’y a pas de joueur {player} à une table de {players}.",
    ),
    "error.deal_not_over": (
        "The deal is not over yet.",
        "La donne n’est pas encore finie.",
    ),
    "error.game_over": (
        "The game is over.",
        "La partie est finie.",
    ),
    "reason.nothing_to_undo": (
        "There is nothing to undo.",
        "Il n’y a rien à annuler.",
    ),
    # --- records ------------------------------------------------------------
    "error.record_json": (
        "This file is not a hearts-teach record (it is not valid JSON).",
        "Ce fichier n’est pas un enregistrement hearts-teach (ce n’est pas du JSON valide).",
    ),
    "error.record_kind": (
        "This record holds a {found}, not a {expected}.",
        "Cet enregistrement contient un objet « {found} », pas « {expected} ».",
    ),
    "error.record_version": (
        "This record was written by a newer version (format {version}); this one reads format "
        "{supported}.",
        "Cet enregistrement vient d’une version plus récente (format {version}) ; celle-ci lit le "
        "format {supported}.",
    ),
    "error.record_damaged": (
        "This record is damaged: {detail}.",
        "Cet enregistrement est abîmé : {detail}.",
    ),
    "error.code_damaged": (
        "This share code is damaged or incomplete: check that it was copied whole.",
        "Ce code de partage est abîmé ou incomplet : vérifiez qu’il a été copié en entier.",
    ),
    "error.code_foreign": (
        "This is not a hearts-teach share code.",
        "Ce n’est pas un code de partage hearts-teach.",
    ),
    "error.code_version": (
        "This share code comes from a newer version (format {version}).",
        "Ce code de partage vient d’une version plus récente (format {version}).",
    ),
    # --- reasons: why a card may or may not be played -----------------------
    "reason.not_in_hand": (
        "{card} is not in your hand.",
        "{card} n’est pas dans votre main.",
    ),
    "reason.not_your_turn": (
        "It is not your turn: player {to_play} plays now.",
        "Ce n’est pas à vous de jouer : c’est au joueur {to_play}.",
    ),
    "reason.passing_phase": (
        "Cards are being passed: play starts once everyone has passed.",
        "C’est le moment du passage : le jeu commence quand tout le monde a passé ses cartes.",
    ),
    "reason.deal_over": (
        "The deal is over: no card can be played.",
        "La donne est finie : plus aucune carte ne se joue.",
    ),
    "reason.must_lead_opening": (
        "The first trick must be opened with {opening}.",
        "Le premier pli doit s’ouvrir avec {opening}.",
    ),
    "reason.must_lead_club": (
        "The first trick must be opened with a club.",
        "Le premier pli doit s’ouvrir avec un trèfle.",
    ),
    "reason.must_follow_suit": (
        "You must follow suit: play {suit}.",
        "Vous devez fournir : jouez {suit}.",
    ),
    "reason.hearts_not_broken": (
        "Hearts are not broken yet: you may not lead a heart while you hold another card you may lead.",
        "Les cœurs ne sont pas encore ouverts : vous ne pouvez pas entamer à cœur tant que vous "
        "avez une autre carte à entamer.",
    ),
    "reason.no_points_first_trick": (
        "No penalty card on the first trick: {card} counts points and you hold a card that "
        "does not.",
        "Pas de carte de pénalité au premier pli : {card} compte des points et vous avez une "
        "carte qui n’en compte pas.",
    ),
    "reason.hearts_before_queen": (
        "On the first trick a hand of penalty cards must give a heart before the queen of spades.",
        "Au premier pli, une main faite de cartes de pénalité doit donner un cœur avant la dame "
        "de pique.",
    ),
    "reason.legal_opening": (
        "{card} opens the deal.",
        "{card} ouvre la donne.",
    ),
    "reason.legal_lead": (
        "You may lead {card}.",
        "Vous pouvez entamer {card}.",
    ),
    "reason.legal_lead_queen": (
        "The queen of spades may always be led.",
        "La dame de pique peut toujours être entamée.",
    ),
    "reason.legal_only_hearts": (
        "You hold nothing but hearts, so you may lead one (it breaks hearts).",
        "Vous n’avez que des cœurs : vous pouvez donc en entamer un (cela ouvre les cœurs).",
    ),
    "reason.legal_follow": (
        "{card} follows suit.",
        "{card} fournit à la couleur.",
    ),
    "reason.legal_discard": (
        "You cannot follow suit, so any card may go: {card} is a discard.",
        "Vous ne pouvez pas fournir : toute carte est permise, {card} est une défausse.",
    ),
    "reason.legal_forced_points": (
        "Every card you may play counts points, so the first-trick ban is lifted.",
        "Toutes vos cartes comptent des points : l’interdiction du premier pli est levée.",
    ),
    # --- passing ------------------------------------------------------------
    "reason.pass_count": (
        "Pass exactly {count} cards, not {given}.",
        "Passez exactement {count} cartes, pas {given}.",
    ),
    "reason.pass_not_in_hand": (
        "You cannot pass {card}: it is not in your hand.",
        "Vous ne pouvez pas passer {card} : cette carte n’est pas dans votre main.",
    ),
    "reason.not_passing_phase": (
        "No cards are being passed now.",
        "Aucun passage de cartes n’est en cours.",
    ),
    "pass.left": ("to the left", "à gauche"),
    "pass.right": ("to the right", "à droite"),
    "pass.across": ("across", "en face"),
    "pass.none": ("no pass", "pas de passage"),
    "pass.other": ("to the other player", "à l’autre joueur"),
    # --- words --------------------------------------------------------------
    "phase.pass": ("passing", "passage"),
    "phase.play": ("play", "jeu"),
    "phase.over": ("over", "finie"),
    "moon.old": (
        "Old Moon: the shooter scores 0, everyone else {value}",
        "Vieille Lune : le tireur marque 0, chacun des autres {value}",
    ),
    "moon.new": (
        "New Moon: the shooter subtracts {value}, the others score nothing",
        "Nouvelle Lune : le tireur retire {value} de son score, les autres ne marquent rien",
    ),
    "moon.mixed": (
        "Mixed Moon: Old Moon, unless it would end the game with someone else winning; then New Moon",
        "Lune mixte : Vieille Lune, sauf si elle terminait la partie au profit d’un autre ; alors "
        "Nouvelle Lune",
    ),
    "moon.none": (
        "no moon: taking everything scores its points",
        "pas de grand chelem : tout ramasser compte ses points",
    ),
    "moon.2p": (
        "the shooter scores 0 and the opponent {value}",
        "le tireur marque 0 et son adversaire {value}",
    ),
    "moon.name": ("shoot the moon", "tirer la lune"),
    # --- variants (Rules.PRESETS) ------------------------------------------
    "variant.standard": ("Standard Hearts (Black Lady)", "Cœurs standard (Black Lady)"),
    "variant.new-moon": ("New Moon", "Grand chelem soustrait (Nouvelle Lune)"),
    "variant.mixed-moon": ("Mixed Moon", "Lune mixte"),
    "variant.spot": ("Spot Hearts", "Cœurs à valeur faciale"),
    "variant.omnibus": ("Omnibus Hearts", "Omnibus"),
    "variant.black-maria": ("Black Maria (four players)", "Black Maria (à quatre)"),
    "variant.black-maria-3": ("Black Maria (three players)", "Black Maria (à trois)"),
    "variant.two-player": ("Two-player Hearts", "Cœurs à deux joueurs"),
    "variant.original": ("Original Hearts (1880)", "Cœurs d’origine (1880)"),
    "variant.original-historical": (
        "Original Hearts (1880, historical play)",
        "Cœurs d’origine (1880, jeu historique)",
    ),
    "variant.partnership": ("Partnership Hearts", "Cœurs en équipes"),
    "variant.reverse": ("Reverse Hearts", "Cœurs inversés"),
    "variant.custom": ("Custom rules", "Règles personnalisées"),
}


def register(entries: dict[str, tuple[str, str]]) -> None:
    """Add entries (English, French) to the catalog; a key may be defined only once."""
    for key, pair in entries.items():
        if key in CATALOG and CATALOG[key] != pair:
            raise ValueError(f"catalog entry {key!r} is already defined")
        if len(pair) != 2 or not all(isinstance(t, str) and t for t in pair):
            raise ValueError(f"catalog entry {key!r} needs an English and a French text")
        CATALOG[key] = pair


def text(key: str, lang: str = "en", **params: object) -> str:
    """The catalog text for ``key`` in ``lang``, with its parameters filled in."""
    check_lang(lang)
    try:
        english, french = CATALOG[key]
    except KeyError:
        raise KeyError(f"no catalog entry {key!r}") from None
    template = english if lang == "en" else french
    values = {name: _localize(value, lang) for name, value in params.items()}
    result = template.format(**values)
    return result[:1].upper() + result[1:]


def _localize(value: object, lang: str) -> object:
    if isinstance(value, Card):
        return the_card(value, lang)
    if isinstance(value, Suit):
        return one_of_suit(value, lang)
    return value
