"""What the bots say, in English and French, registered in the engine's catalog.

Each decision is one key ("bot.play.duck", "bot.pass.queen"...) with named parameters.
A card parameter ``x`` can be written in a template as ``{x}`` (the queen of spades /
la dame de pique), ``{x_de}`` (de la dame de pique, du roi de cœur, de l’as de pique)
or ``{x_a}`` (à la dame, au roi, à l’as), so that French contracts its articles.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from hearts_teach.cards import Card, Suit
from hearts_teach.i18n import join_words, one_decimal, register, suit_name, text, the_card

ENTRIES: Final[dict[str, tuple[str, str]]] = {
    # --- playing ----------------------------------------------------------------
    "bot.play.only_legal": (
        "{card} is my only legal card.",
        "Je n’ai pas le choix : {card} est ma seule carte jouable.",
    ),
    "bot.play.random": (
        "I play {card}, picked at random among my legal cards.",
        "Je joue {card}, une carte tirée au hasard parmi mes cartes jouables.",
    ),
    "bot.play.duck": (
        "I duck under {winner} with {card}, so I do not take this trick.",
        "Je joue {card} sous {winner} pour ne pas prendre la levée.",
    ),
    "bot.play.give_penalty": (
        "{winner} is winning this trick, so I drop {card} under it.",
        "{winner} remporte la levée : j’en profite pour glisser {card} dessous.",
    ),
    "bot.play.win_clean": (
        "This trick holds no points, so I take it with {card} and get rid of a high card.",
        "Cette levée ne coûte rien : je la prends avec {card} pour me débarrasser d’une grosse carte.",
    ),
    "bot.play.first_trick_high": (
        "No points can fall on the first trick, so I play my highest card, {card}.",
        "Aucun point ne peut tomber sur la première levée : j’en profite pour jouer ma plus forte, {card}.",
    ),
    "bot.play.play_high": (
        "This suit is being played for the first time and nobody has shown void: {card} is safe to play high.",
        "C’est le premier tour de cette couleur et personne n’en manque encore : je peux jouer {card} sans risque.",
    ),
    "bot.play.forced_high": (
        "I cannot stay under {winner}, so I win with my highest card, {card}.",
        "Je ne peux pas passer sous {winner} : quitte à prendre, je prends avec ma plus forte, {card}.",
    ),
    "bot.play.forced_low": (
        "All my cards beat {winner}; I play the lowest, {card}, hoping someone plays higher.",
        "Toutes mes cartes battent {winner} : je joue la plus faible, {card}, en espérant qu’on la couvre.",
    ),
    "bot.play.win_now": (
        "I win this trick with {card} while it holds no points.",
        "Je remporte cette levée avec {card} tant qu’elle ne contient aucun point.",
    ),
    "bot.play.take_points": (
        "I take the trick with {card}, points and all.",
        "Je prends la levée avec {card}, points compris.",
    ),
    "bot.play.take_bonus": (
        "The jack of diamonds is worth −10 points: I take the trick with {card}.",
        "Le valet de carreau vaut −10 points : je prends la levée avec {card}.",
    ),
    "bot.play.dump_penalty": (
        "I cannot follow suit, so I get rid of {card}.",
        "Je ne peux pas fournir : je me défausse {card_de}.",
    ),
    "bot.play.dump_danger": (
        "I cannot follow suit, so I shed {card}, which could catch the queen of spades later.",
        "Je ne peux pas fournir : je me défausse {card_de}, qui risquerait de ramasser la dame de pique.",
    ),
    "bot.play.dump_heart": (
        "I cannot follow suit, so I discard {card}: one heart fewer for me to take.",
        "Je ne peux pas fournir : je me défausse {card_de}, un cœur de moins pour moi.",
    ),
    "bot.play.dump_high": (
        "I cannot follow suit, so I shed {card}, a high card that could win a trick later.",
        "Je ne peux pas fournir : je me défausse {card_de}, une grosse carte qui pourrait me faire prendre une levée.",
    ),
    "bot.play.dump_void": (
        "I cannot follow suit, so I discard {card} to run out of {suit}.",
        "Je ne peux pas fournir : je me défausse {card_de} pour ne plus avoir de {suit}.",
    ),
    "bot.play.discard_low": (
        "I cannot follow suit and discard {card}, a card I do not need.",
        "Je ne peux pas fournir : je me défausse {card_de}, dont je n’ai pas besoin.",
    ),
    "bot.play.partner_wins": (
        "My partner is winning this trick, so I discard {card} without giving points away.",
        "Mon partenaire remporte la levée : je me défausse {card_de} sans lui donner de points.",
    ),
    "bot.play.trump": (
        "I cannot follow suit, so I trump with {card} and win the trick.",
        "Je ne peux pas fournir : je coupe avec {card} et je remporte la levée.",
    ),
    "bot.play.lead_low": (
        "I lead {card}, a low card that the others will probably beat.",
        "J’entame avec {card}, une petite carte que les autres devraient couvrir.",
    ),
    "bot.play.lead_flush_queen": (
        "I lead {card} to force out the queen of spades.",
        "J’entame avec {card} pour faire tomber la dame de pique.",
    ),
    "bot.play.lead_short": (
        "I lead {card} from a short suit, to run out of {suit} soon.",
        "J’entame avec {card} dans ma couleur courte, pour ne bientôt plus avoir de {suit}.",
    ),
    "bot.play.lead_high": (
        "I lead {card}: it wins the trick, and nobody can hurt me in this suit yet.",
        "J’entame avec {card}, une carte maîtresse : personne ne peut encore me charger dans cette couleur.",
    ),
    "bot.play.lead_heart": (
        "I lead {card}, a low heart, so someone else takes the points.",
        "J’entame avec {card}, un petit cœur, pour que quelqu’un d’autre prenne les points.",
    ),
    "bot.play.moon_stop": (
        "Someone could shoot the moon: I take a trick with {card} to stop them.",
        "Un adversaire essaie de tirer la lune : je prends une levée avec {card} pour l’en empêcher.",
    ),
    "bot.play.moon_keep": (
        "Someone could shoot the moon, so I keep my points away from them and play {card}.",
        "Un adversaire essaie de tirer la lune : je ne lui donne pas de points et je joue {card}.",
    ),
    "bot.play.moon_shoot": (
        "I am going for the moon: I play {card} to win the trick.",
        "Je tente de tirer la lune : je joue {card} pour remporter la levée.",
    ),
    "bot.play.moon_discard": (
        "I am going for the moon, so I keep my points and discard {card}.",
        "Je tente de tirer la lune : je garde mes points et je me défausse {card_de}.",
    ),
    "bot.play.reverse_take": (
        "In Reverse Hearts points are good: I take the trick with {card}.",
        "En Cœurs inversés, les points sont bons à prendre : je remporte la levée avec {card}.",
    ),
    "bot.play.reverse_low": (
        "I cannot win this trick, so I keep my high cards and play {card}.",
        "Je ne peux pas remporter cette levée : je garde mes fortes et je joue {card}.",
    ),
    "bot.play.reverse_keep": (
        "In Reverse Hearts I keep my points for myself and discard {card}.",
        "En Cœurs inversés, je garde mes points pour moi et je me défausse {card_de}.",
    ),
    "bot.play.reverse_lead": (
        "In Reverse Hearts I want tricks with points: I lead {card}.",
        "En Cœurs inversés, je cherche les levées qui rapportent : j’entame avec {card}.",
    ),
    "bot.play.estimate": (
        "{reason} In {samples} simulated deals, this card costs me about {cost}.",
        "{reason} Sur {samples} donnes simulées, cette carte me coûte environ {cost}.",
    ),
    "bot.play.estimate_gain": (
        "{reason} In {samples} simulated deals, this card brings me about {cost}.",
        "{reason} Sur {samples} donnes simulées, cette carte me rapporte environ {cost}.",
    ),
    # --- passing ----------------------------------------------------------------
    "bot.pass.random": (
        "I pass {cards}, picked at random.",
        "Je passe des cartes tirées au hasard : {cards}.",
    ),
    "bot.pass.random_one": (
        "I pass {cards}, picked at random.",
        "Je passe une carte tirée au hasard : {cards}.",
    ),
    "bot.pass.queen": (
        "I pass {cards}: with so few spades, the queen of spades is too exposed.",
        "Je passe {cards} : avec si peu de piques pour la protéger, la dame de pique est trop exposée.",
    ),
    "bot.pass.black_maria": (
        "I pass {cards}: the high spades cost points and I have too few spades to protect them.",
        "Je passe {cards} : les gros piques coûtent des points et j’ai trop peu de piques pour les protéger.",
    ),
    "bot.pass.high_spades": (
        "I pass {cards}: high spades could catch the queen of spades.",
        "Je passe {cards} : les gros piques risqueraient de ramasser la dame de pique.",
    ),
    "bot.pass.hearts": (
        "I pass {cards}: high hearts win tricks full of points.",
        "Je passe {cards} : les gros cœurs font prendre des levées chargées de points.",
    ),
    "bot.pass.void": (
        "I pass {cards} to run out of {suit} and be free to discard.",
        "Je passe {cards} pour ne plus avoir de {suit} et pouvoir me défausser.",
    ),
    "bot.pass.high": (
        "I pass {cards}: high cards would make me win tricks.",
        "Je passe {cards} : ces grosses cartes me feraient prendre des levées.",
    ),
    "bot.pass.other": (
        "I pass {cards}: my simulations say my hand plays best without them.",
        "Je passe {cards} : d’après mes simulations, ma main se joue mieux sans elles.",
    ),
    "bot.pass.least": (
        "I pass {cards}, the cards I need the least.",
        "Je passe {cards}, les cartes dont j’ai le moins besoin.",
    ),
    "bot.pass.reverse": (
        "I pass {cards}: in Reverse Hearts low cards win nothing.",
        "Je passe {cards} : en Cœurs inversés, les petites cartes ne rapportent rien.",
    ),
    "bot.pass.estimate": (
        "{reason} In {samples} simulated deals, keeping the rest costs me about {cost}.",
        "{reason} Sur {samples} donnes simulées, garder le reste me coûte environ {cost}.",
    ),
    "bot.pass.estimate_gain": (
        "{reason} In {samples} simulated deals, keeping the rest brings me about {cost}.",
        "{reason} Sur {samples} donnes simulées, garder le reste me rapporte environ {cost}.",
    ),
    # --- word lists ---------------------------------------------------------------
}

register(ENTRIES)


@dataclass(frozen=True)
class Nested:
    """A sentence inside another one, worded in the same language."""

    key: str
    params: Mapping[str, object]


@dataclass(frozen=True)
class Points:
    """An amount of points, worded with its unit (French: singular below 2)."""

    value: float


_PLURAL_SUITS: Final = {
    "en": {s: suit_name(s, "en") for s in Suit},
    "fr": {
        Suit.CLUBS: "trèfle",
        Suit.DIAMONDS: "carreau",
        Suit.SPADES: "pique",
        Suit.HEARTS: "cœur",
    },
}


def card_forms(name: str, card: Card, lang: str) -> dict[str, str]:
    """The forms of a card name a template may use: ``{x}``, ``{x_de}``, ``{x_a}``."""
    plain = the_card(card, lang)
    if lang == "en":
        return {name: plain, name + "_de": "of " + plain, name + "_a": "to " + plain}
    if plain.startswith("le "):
        de, to = "du " + plain[3:], "au " + plain[3:]
    elif plain.startswith("la "):
        de, to = "de " + plain, "à " + plain
    else:  # l’as
        de, to = "de " + plain, "à " + plain
    return {name: plain, name + "_de": de, name + "_a": to}


def card_list(cards: Sequence[Card], lang: str) -> str:
    """``the queen of spades, the ace of hearts and the two of clubs`` / ``… et …``."""
    return join_words([the_card(card, lang) for card in cards], lang)


def say(key: str, lang: str, params: Mapping[str, object]) -> str:
    """The sentence for ``key`` with cards, card lists and suits worded for ``lang``."""
    values: dict[str, object] = {}
    for name, value in params.items():
        if isinstance(value, Nested):
            values[name] = say(value.key, lang, value.params)
        elif isinstance(value, Card):
            values.update(card_forms(name, value, lang))
        elif isinstance(value, Suit):
            values[name] = _PLURAL_SUITS[lang][value]
        elif isinstance(value, tuple) and all(isinstance(c, Card) for c in value):
            values[name] = card_list(value, lang)
        elif isinstance(value, Points):
            values[name] = _points(value.value, lang)
        elif isinstance(value, float):
            values[name] = one_decimal(value, lang)
        else:
            values[name] = value
    return text(key, lang, **values)


def _points(value: float, lang: str) -> str:
    shown = one_decimal(value, lang)
    if lang == "fr":
        return shown + (" point" if abs(value) < 2 else " points")
    return shown + (" point" if shown == "1.0" else " points")
