"""What the bots say, in English and French, registered in the engine's catalog.

Two voices, one decision. A bot's own table talk (why it played its card, shown in the
log to everyone) is in the first person: ``bot.play.duck`` "I play … under …". A hint
(what the player is told when asking for advice) speaks to the player:
``hint.play.duck`` "You play … under …". Every reason is written once per voice and
language in VOICED, so no reason exists in one voice only.

A card parameter ``x`` can be written in a template as ``{x}`` (the queen of spades /
la dame de pique), ``{x_de}`` (de la dame de pique, du roi de cœur, de l’as de pique)
or ``{x_a}`` (à la dame, au roi, à l’as), so that French contracts its articles. A suit
parameter ``s`` gives ``{s}`` (clubs / trèfle, as in "no clubs left", « coupe à
trèfle ») and ``{s_one}`` (club / trèfle, as in "my highest club").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from hearts_teach.cards import Card, Suit
from hearts_teach.i18n import join_words, one_decimal, register, text, the_card

VOICES: Final = ("bot", "hint")
"""``bot``: the bot speaks of its own play (first person); ``hint``: advice to the player
(second person)."""

# name: (English, bot voice), (English, hint voice), (French, bot), (French, hint)
VOICED: Final[dict[str, tuple[str, str, str, str]]] = {
    # --- playing: one entry per reason of policy.CLAIMS -----------------------------
    "play.only_legal": (
        "{card} is my only legal card.",
        "{card} is your only legal card.",
        "Je n’ai pas le choix : {card} est ma seule carte jouable.",
        "Vous n’avez pas le choix : {card} est votre seule carte jouable.",
    ),
    "play.random": (
        "I play {card}, picked at random among my legal cards.",
        "A card picked at random among your legal cards: {card}.",
        "Je joue {card}, une carte tirée au hasard parmi mes cartes jouables.",
        "Une carte tirée au hasard parmi vos cartes jouables : {card}.",
    ),
    "play.reverse_lead": (
        "In Reverse Hearts I want tricks with points: I lead {card}.",
        "In Reverse Hearts you want tricks with points: you lead {card}.",
        "En Cœurs inversés, je cherche les plis qui rapportent : j’entame avec {card}.",
        "En Cœurs inversés, vous cherchez les plis qui rapportent : vous entamez avec {card}.",
    ),
    "play.reverse_take_last": (
        "In Reverse Hearts points are good, and I play last: I take the trick with {card}.",
        "In Reverse Hearts points are good, and you play last: you take the trick with {card}.",
        "En Cœurs inversés, les points sont bons à prendre et je joue en dernier : "
        "je remporte le pli avec {card}.",
        "En Cœurs inversés, les points sont bons à prendre et vous jouez en dernier : "
        "vous remportez le pli avec {card}.",
    ),
    "play.reverse_take": (
        "In Reverse Hearts points are good: I play {card} above {winner} to try to win the trick.",
        "In Reverse Hearts points are good: you play {card} above {winner} "
        "to try to win the trick.",
        "En Cœurs inversés, les points sont bons à prendre : je joue {card} au-dessus "
        "{winner_de} pour tenter de remporter le pli.",
        "En Cœurs inversés, les points sont bons à prendre : vous jouez {card} au-dessus "
        "{winner_de} pour tenter de remporter le pli.",
    ),
    "play.reverse_low_lowest": (
        "I cannot win this trick, so I play my lowest {suit_one}, {card}.",
        "You cannot win this trick, so you play your lowest {suit_one}, {card}.",
        "Je ne peux pas remporter ce pli : je joue mon plus petit {suit_one}, {card}.",
        "Vous ne pouvez pas remporter ce pli : vous jouez votre plus petit {suit_one}, {card}.",
    ),
    "play.reverse_low": (
        "I cannot win this trick: I play {card}.",
        "You cannot win this trick: you play {card}.",
        "Je ne peux pas remporter ce pli : je joue {card}.",
        "Vous ne pouvez pas remporter ce pli : vous jouez {card}.",
    ),
    "play.reverse_keep": (
        "In Reverse Hearts I keep my points for myself and discard {card}.",
        "In Reverse Hearts you keep your points for yourself and discard {card}.",
        "En Cœurs inversés, je garde mes points pour moi et je me défausse {card_de}.",
        "En Cœurs inversés, vous gardez vos points pour vous et vous vous défaussez {card_de}.",
    ),
    "play.moon_shoot_top": (
        "I am going for the moon: I lead {card}, the best {suit_one} left.",
        "You are going for the moon: you lead {card}, the best {suit_one} left.",
        "Je tente de tirer la lune : j’entame avec {card}, la carte maîtresse à {suit}.",
        "Vous tentez de tirer la lune : vous entamez avec {card}, la carte maîtresse à {suit}.",
    ),
    "play.moon_lead": (
        "I am going for the moon: I lead {card}.",
        "You are going for the moon: you lead {card}.",
        "Je tente de tirer la lune : j’entame avec {card}.",
        "Vous tentez de tirer la lune : vous entamez avec {card}.",
    ),
    "play.moon_shoot": (
        "I am going for the moon: I play {card} above {winner}.",
        "You are going for the moon: you play {card} above {winner}.",
        "Je tente de tirer la lune : je joue {card} au-dessus {winner_de}.",
        "Vous tentez de tirer la lune : vous jouez {card} au-dessus {winner_de}.",
    ),
    "play.moon_discard": (
        "I am going for the moon, so I keep my points and discard {card}.",
        "You are going for the moon, so you keep your points and discard {card}.",
        "Je tente de tirer la lune : je garde mes points et je me défausse {card_de}.",
        "Vous tentez de tirer la lune : vous gardez vos points et vous vous défaussez {card_de}.",
    ),
    "play.moon_duck": (
        "I am going for the moon but cannot win this trick: I play {card}.",
        "You are going for the moon but cannot win this trick: you play {card}.",
        "Je tente de tirer la lune mais ne peux pas remporter ce pli : je joue {card}.",
        "Vous tentez de tirer la lune mais ne pouvez pas remporter ce pli : vous jouez {card}.",
    ),
    "play.moon_stop": (
        "Someone could shoot the moon: I play {card} to try to take a trick from them.",
        "Someone could shoot the moon: you play {card} to try to take a trick from them.",
        "Un adversaire pourrait tirer la lune : je joue {card} pour tenter de lui prendre un pli.",
        "Un adversaire pourrait tirer la lune : vous jouez {card} pour tenter de lui prendre "
        "un pli.",
    ),
    "play.moon_keep": (
        "Someone could shoot the moon, so I keep my points away from them and play {card}.",
        "Someone could shoot the moon, so you keep your points away from them and play {card}.",
        "Un adversaire pourrait tirer la lune : je ne lui donne pas de points et je joue {card}.",
        "Un adversaire pourrait tirer la lune : vous ne lui donnez pas de points et vous "
        "jouez {card}.",
    ),
    "play.partner_bonus": (
        "My partner holds this trick: I give them {card} and its {bonus_points} points.",
        "Your partner holds this trick: you give them {card} and its {bonus_points} points.",
        "Mon partenaire tient le pli : je lui donne {card} et ses {bonus_points} points.",
        "Votre partenaire tient le pli : vous lui donnez {card} et ses {bonus_points} points.",
    ),
    "play.partner_wins": (
        "My partner holds this trick, so I discard {card} without giving points away.",
        "Your partner holds this trick, so you discard {card} without giving points away.",
        "Mon partenaire tient le pli : je me défausse {card_de} sans lui donner de points.",
        "Votre partenaire tient le pli : vous vous défaussez {card_de} sans lui donner de points.",
    ),
    "play.take_bonus": (
        "{bonus} is worth {bonus_points} points: I play {card} to try to win the trick.",
        "{bonus} is worth {bonus_points} points: you play {card} to try to win the trick.",
        "{bonus} vaut {bonus_points} points : je joue {card} pour tenter de remporter le pli.",
        "{bonus} vaut {bonus_points} points : vous jouez {card} pour tenter de remporter le pli.",
    ),
    "play.lead_high": (
        "I lead {card}, the best {suit_one} left: nobody can beat it by following suit.",
        "You lead {card}, the best {suit_one} left: nobody can beat it by following suit.",
        "J’entame avec {card}, la carte maîtresse à {suit} : personne ne peut la battre "
        "en fournissant.",
        "Vous entamez avec {card}, la carte maîtresse à {suit} : personne ne peut la battre "
        "en fournissant.",
    ),
    "play.lead_none_out": (
        "Nobody else has any {suit} left: I lead {card}.",
        "Nobody else has any {suit} left: you lead {card}.",
        "Plus personne d’autre n’a de {suit} : j’entame avec {card}.",
        "Plus personne d’autre n’a de {suit} : vous entamez avec {card}.",
    ),
    "play.lead_flush_queen": (
        "I lead {card} to force out the queen of spades.",
        "You lead {card} to force out the queen of spades.",
        "J’entame avec {card} pour faire tomber la dame de pique.",
        "Vous entamez avec {card} pour faire tomber la dame de pique.",
    ),
    "play.lead_heart": (
        "I lead my lowest heart, {card}, so that someone else may take the trick.",
        "You lead your lowest heart, {card}, so that someone else may take the trick.",
        "J’entame avec mon plus petit cœur, {card}, pour qu’un autre puisse prendre le pli.",
        "Vous entamez avec votre plus petit cœur, {card}, pour qu’un autre puisse prendre le pli.",
    ),
    "play.lead_short": (
        "I lead {card} from a short suit, to run out of {suit} soon.",
        "You lead {card} from a short suit, to run out of {suit} soon.",
        "J’entame avec {card}, dans une couleur courte, pour me faire vite une coupe à {suit}.",
        "Vous entamez avec {card}, dans une couleur courte, pour vous faire vite une coupe "
        "à {suit}.",
    ),
    "play.lead_low": (
        "I lead my lowest {suit_one}, {card}, hoping someone else takes the trick.",
        "You lead your lowest {suit_one}, {card}, hoping someone else takes the trick.",
        "J’entame avec mon plus petit {suit_one}, {card}, en espérant qu’un autre prenne le pli.",
        "Vous entamez avec votre plus petit {suit_one}, {card}, en espérant qu’un autre "
        "prenne le pli.",
    ),
    "play.lead": (
        "I lead {card}.",
        "You lead {card}.",
        "J’entame avec {card}.",
        "Vous entamez avec {card}.",
    ),
    "play.first_trick_high": (
        "The first trick almost never holds points: I get rid of my highest {suit_one}, {card}.",
        "The first trick almost never holds points: you get rid of your highest {suit_one}, "
        "{card}.",
        "Le premier pli ne contient presque jamais de points : je me débarrasse de mon plus "
        "fort {suit_one}, {card}.",
        "Le premier pli ne contient presque jamais de points : vous vous débarrassez de votre "
        "plus fort {suit_one}, {card}.",
    ),
    "play.win_last_high": (
        "I play last and the trick holds no points: I take it with my highest {suit_one}, {card}.",
        "You play last and the trick holds no points: you take it with your highest "
        "{suit_one}, {card}.",
        "Je joue en dernier et le pli ne contient aucun point : je le prends avec mon plus "
        "fort {suit_one}, {card}.",
        "Vous jouez en dernier et le pli ne contient aucun point : vous le prenez avec votre "
        "plus fort {suit_one}, {card}.",
    ),
    "play.win_last_clean": (
        "I play last and the trick holds no points: I take it with {card}, my highest "
        "{suit_one} without points.",
        "You play last and the trick holds no points: you take it with {card}, your highest "
        "{suit_one} without points.",
        "Je joue en dernier et le pli ne contient aucun point : je le prends avec {card}, "
        "mon plus fort {suit_one} qui ne compte pas.",
        "Vous jouez en dernier et le pli ne contient aucun point : vous le prenez avec "
        "{card}, votre plus fort {suit_one} qui ne compte pas.",
    ),
    "play.win_last": (
        "I play last and the trick holds no points: I take it with {card}.",
        "You play last and the trick holds no points: you take it with {card}.",
        "Je joue en dernier et le pli ne contient aucun point : je le prends avec {card}.",
        "Vous jouez en dernier et le pli ne contient aucun point : vous le prenez avec {card}.",
    ),
    "play.forced_take_high": (
        "I cannot stay under {winner}: I take the trick with my highest {suit_one}, {card}.",
        "You cannot stay under {winner}: you take the trick with your highest {suit_one}, {card}.",
        "Je ne peux pas passer sous {winner} : quitte à prendre, je prends avec mon plus "
        "fort {suit_one}, {card}.",
        "Vous ne pouvez pas passer sous {winner} : quitte à prendre, vous prenez avec votre "
        "plus fort {suit_one}, {card}.",
    ),
    "play.forced_take_clean": (
        "I cannot stay under {winner}: I take the trick with {card}, my highest {suit_one} "
        "without points.",
        "You cannot stay under {winner}: you take the trick with {card}, your highest "
        "{suit_one} without points.",
        "Je ne peux pas passer sous {winner} : quitte à prendre, je prends avec {card}, mon "
        "plus fort {suit_one} qui ne compte pas.",
        "Vous ne pouvez pas passer sous {winner} : quitte à prendre, vous prenez avec {card}, "
        "votre plus fort {suit_one} qui ne compte pas.",
    ),
    "play.forced_take": (
        "I cannot stay under {winner}, so I take the trick with {card}.",
        "You cannot stay under {winner}, so you take the trick with {card}.",
        "Je ne peux pas passer sous {winner} : je prends le pli avec {card}.",
        "Vous ne pouvez pas passer sous {winner} : vous prenez le pli avec {card}.",
    ),
    "play.forced_low": (
        "All my {suit} beat {winner}: I play the lowest, {card}, hoping someone after me "
        "plays higher.",
        "All your {suit} beat {winner}: you play the lowest, {card}, hoping someone after "
        "you plays higher.",
        "Toutes mes cartes à {suit} battent {winner} : je joue la plus faible, {card}, en "
        "espérant qu’un joueur après moi monte au-dessus.",
        "Toutes vos cartes à {suit} battent {winner} : vous jouez la plus faible, {card}, en "
        "espérant qu’un joueur après vous monte au-dessus.",
    ),
    "play.forced_over": (
        "All my {suit} beat {winner}: I play {card}, hoping someone after me plays higher.",
        "All your {suit} beat {winner}: you play {card}, hoping someone after you plays higher.",
        "Toutes mes cartes à {suit} battent {winner} : je joue {card} en espérant qu’un "
        "joueur après moi monte au-dessus.",
        "Toutes vos cartes à {suit} battent {winner} : vous jouez {card} en espérant qu’un "
        "joueur après vous monte au-dessus.",
    ),
    "play.play_high": (
        "This is the first round of {suit} and nobody after me has shown a void: {card} is "
        "safe to play high.",
        "This is the first round of {suit} and nobody after you has shown a void: {card} is "
        "safe to play high.",
        "C’est le premier tour à {suit} et personne après moi n’a montré qu’il en manquait : "
        "je peux jouer {card} sans grand risque.",
        "C’est le premier tour à {suit} et personne après vous n’a montré qu’il en manquait : "
        "vous pouvez jouer {card} sans grand risque.",
    ),
    "play.win_now": (
        "I play {card} above {winner} while the trick holds no points.",
        "You play {card} above {winner} while the trick holds no points.",
        "Je joue {card} au-dessus {winner_de} tant que le pli ne contient aucun point.",
        "Vous jouez {card} au-dessus {winner_de} tant que le pli ne contient aucun point.",
    ),
    "play.take_points": (
        "I play {card} above {winner}, points and all.",
        "You play {card} above {winner}, points and all.",
        "Je joue {card} au-dessus {winner_de}, points compris.",
        "Vous jouez {card} au-dessus {winner_de}, points compris.",
    ),
    "play.trump": (
        "I cannot follow suit, so I trump with {card} and win the trick.",
        "You cannot follow suit, so you trump with {card} and win the trick.",
        "Je ne peux pas fournir : je coupe avec {card} et je remporte le pli.",
        "Vous ne pouvez pas fournir : vous coupez avec {card} et vous remportez le pli.",
    ),
    "play.trump_over": (
        "I cannot follow suit, so I trump with {card}.",
        "You cannot follow suit, so you trump with {card}.",
        "Je ne peux pas fournir : je coupe avec {card}.",
        "Vous ne pouvez pas fournir : vous coupez avec {card}.",
    ),
    "play.give_penalty": (
        "{winner} holds the trick, so I drop {card} under it.",
        "{winner} holds the trick, so you drop {card} under it.",
        "{winner} tient le pli : j’en profite pour glisser {card} dessous.",
        "{winner} tient le pli : vous en profitez pour glisser {card} dessous.",
    ),
    "play.duck_high": (
        "I stay under {winner} with {card}, my highest {suit_one} that does not take the trick.",
        "You stay under {winner} with {card}, your highest {suit_one} that does not take the "
        "trick.",
        "Je passe sous {winner} avec {card}, mon plus fort {suit_one} qui ne prend pas le pli.",
        "Vous passez sous {winner} avec {card}, votre plus fort {suit_one} qui ne prend pas "
        "le pli.",
    ),
    "play.duck": (
        "I play {card} under {winner}, so I do not take this trick.",
        "You play {card} under {winner}, so you do not take this trick.",
        "Je joue {card} sous {winner} pour ne pas prendre le pli.",
        "Vous jouez {card} sous {winner} pour ne pas prendre le pli.",
    ),
    "play.dump_heart": (
        "I cannot follow suit, so I discard {card}: one heart fewer for me to take.",
        "You cannot follow suit, so you discard {card}: one heart fewer for you to take.",
        "Je ne peux pas fournir : je me défausse {card_de}, un cœur de moins pour moi.",
        "Vous ne pouvez pas fournir : vous vous défaussez {card_de}, un cœur de moins pour vous.",
    ),
    "play.dump_penalty": (
        "I cannot follow suit, so I get rid of {card}.",
        "You cannot follow suit, so you get rid of {card}.",
        "Je ne peux pas fournir : je me débarrasse {card_de}.",
        "Vous ne pouvez pas fournir : vous vous débarrassez {card_de}.",
    ),
    "play.dump_danger": (
        "I cannot follow suit, so I shed {card}, which could catch the queen of spades later.",
        "You cannot follow suit, so you shed {card}, which could catch the queen of spades later.",
        "Je ne peux pas fournir : je me défausse {card_de}, qui risquerait de ramasser la dame "
        "de pique.",
        "Vous ne pouvez pas fournir : vous vous défaussez {card_de}, qui risquerait de "
        "ramasser la dame de pique.",
    ),
    "play.dump_void": (
        "I cannot follow suit, so I discard {card}, my last {suit_one}: I will be void in "
        "{suit} too.",
        "You cannot follow suit, so you discard {card}, your last {suit_one}: you will be "
        "void in {suit} too.",
        "Je ne peux pas fournir : je me défausse {card_de}, mon dernier {suit_one}, et je me "
        "fais une coupe à {suit}.",
        "Vous ne pouvez pas fournir : vous vous défaussez {card_de}, votre dernier {suit_one}, "
        "et vous vous faites une coupe à {suit}.",
    ),
    "play.dump_short": (
        "I cannot follow suit, so I discard {card}: one {suit_one} left, soon none.",
        "You cannot follow suit, so you discard {card}: one {suit_one} left, soon none.",
        "Je ne peux pas fournir : je me défausse {card_de}, il ne me restera qu’un {suit_one}.",
        "Vous ne pouvez pas fournir : vous vous défaussez {card_de}, il ne vous restera qu’un "
        "{suit_one}.",
    ),
    "play.dump_high": (
        "I cannot follow suit, so I shed {card}, a high card that could win a trick later.",
        "You cannot follow suit, so you shed {card}, a high card that could win a trick later.",
        "Je ne peux pas fournir : je me défausse {card_de}, une grosse carte qui pourrait me "
        "faire prendre un pli.",
        "Vous ne pouvez pas fournir : vous vous défaussez {card_de}, une grosse carte qui "
        "pourrait vous faire prendre un pli.",
    ),
    "play.discard_clean": (
        "I cannot follow suit and discard {card}, which carries no points.",
        "You cannot follow suit and discard {card}, which carries no points.",
        "Je ne peux pas fournir : je me défausse {card_de}, qui ne vaut aucun point.",
        "Vous ne pouvez pas fournir : vous vous défaussez {card_de}, qui ne vaut aucun point.",
    ),
    "play.discard": (
        "I cannot follow suit, so I discard {card}.",
        "You cannot follow suit, so you discard {card}.",
        "Je ne peux pas fournir : je me défausse {card_de}.",
        "Vous ne pouvez pas fournir : vous vous défaussez {card_de}.",
    ),
    "play.follow": (
        "I follow suit with {card}.",
        "You follow suit with {card}.",
        "Je fournis avec {card}.",
        "Vous fournissez avec {card}.",
    ),
    # --- passing: one entry per reason of policy.PASS_KINDS ---------------------------
    "pass.reverse": (
        "in Reverse Hearts low cards win nothing",
        "in Reverse Hearts low cards win nothing",
        "en Cœurs inversés, les petites cartes ne rapportent rien",
        "en Cœurs inversés, les petites cartes ne rapportent rien",
    ),
    "pass.queen": (
        "too few low spades to guard it",
        "too few low spades to guard it",
        "trop peu de petits piques pour la protéger",
        "trop peu de petits piques pour la protéger",
    ),
    "pass.black_maria": (
        "high spades cost points here, and too few low spades guard them",
        "high spades cost points here, and too few low spades guard them",
        "les gros piques coûtent des points ici, et trop peu de petits piques les protègent",
        "les gros piques coûtent des points ici, et trop peu de petits piques les protègent",
    ),
    "pass.high_spades": (
        "high spades could catch the queen of spades",
        "high spades could catch the queen of spades",
        "les gros piques risquent de ramasser la dame de pique",
        "les gros piques risquent de ramasser la dame de pique",
    ),
    "pass.hearts": (
        "high hearts win tricks full of points",
        "high hearts win tricks full of points",
        "les gros cœurs font prendre des plis chargés de points",
        "les gros cœurs font prendre des plis chargés de points",
    ),
    "pass.void": (
        "with no {suit} left, I can discard when they are led",
        "with no {suit} left, you can discard when they are led",
        "je me fais une coupe à {suit} pour pouvoir me défausser",
        "vous vous faites une coupe à {suit} pour pouvoir vous défausser",
    ),
    "pass.high": (
        "high cards win tricks",
        "high cards win tricks",
        "les grosses cartes font prendre des plis",
        "les grosses cartes font prendre des plis",
    ),
    "pass.other": (
        "the cards I need least",
        "the cards you need least",
        "les cartes dont j’ai le moins besoin",
        "les cartes dont vous avez le moins besoin",
    ),
    "pass.random": (
        "picked at random",
        "picked at random",
        "tirées au hasard",
        "tirées au hasard",
    ),
    # --- the simulations' figures ---------------------------------------------------
    "figure.play.cost": (
        "In {samples} simulated deals, this card costs me about {cost}.",
        "In {samples} simulated deals, this card costs you {cost} on average "
        "(standard error {error}).",
        "Sur {samples} donnes simulées, cette carte me coûte environ {cost}.",
        "Sur {samples} donnes simulées, cette carte vous coûte en moyenne {cost} "
        "(erreur type {error}).",
    ),
    "figure.play.gain": (
        "In {samples} simulated deals, this card brings me about {cost}.",
        "In {samples} simulated deals, this card brings you {cost} on average "
        "(standard error {error}).",
        "Sur {samples} donnes simulées, cette carte me rapporte environ {cost}.",
        "Sur {samples} donnes simulées, cette carte vous rapporte en moyenne {cost} "
        "(erreur type {error}).",
    ),
    "figure.pass.cost": (
        "In {samples} simulated deals, keeping the rest costs me about {cost}.",
        "In {samples} simulated deals, keeping the rest costs you {cost} on average "
        "(standard error {error}).",
        "Sur {samples} donnes simulées, garder le reste me coûte environ {cost}.",
        "Sur {samples} donnes simulées, garder le reste vous coûte en moyenne {cost} "
        "(erreur type {error}).",
    ),
    "figure.pass.gain": (
        "In {samples} simulated deals, keeping the rest brings me about {cost}.",
        "In {samples} simulated deals, keeping the rest brings you {cost} on average "
        "(standard error {error}).",
        "Sur {samples} donnes simulées, garder le reste me rapporte environ {cost}.",
        "Sur {samples} donnes simulées, garder le reste vous rapporte en moyenne {cost} "
        "(erreur type {error}).",
    ),
}

# Sentences with one voice only: how a bot's pass reads, and how a hint weighs its figures.
ENTRIES: Final[dict[str, tuple[str, str]]] = {
    "bot.pass.one": ("I pass {cards}: {phrase}.", "Je passe {cards} : {phrase}."),
    "bot.pass.many": ("I pass {cards}.", "Je passe {cards}."),
    "bot.pass.clause": ("{cards}: {phrase}.", "{cards} : {phrase}."),
    "hint.pass.clause": ("{cards}: {phrase}.", "{cards} : {phrase}."),
    "hint.equivalent": (
        "{cards} play the same here: no card another player may hold lies between them.",
        "{cards} se valent ici : aucune carte qu’un autre joueur pourrait avoir ne se place "
        "entre elles.",
    ),
    "hint.clear.play": (
        "Every other card does worse by more than the noise of the simulations.",
        "Toutes les autres cartes font moins bien, au-delà du bruit des simulations.",
    ),
    "hint.clear.pass": (
        "The {total} other passes compared do worse by more than the noise of the simulations.",
        "Les {total} autres passes comparées font moins bien, au-delà du bruit des simulations.",
    ),
    "hint.tie.play": (
        "The simulations cannot tell this card from {rivals} (a difference of at most {gap}, "
        "standard error {gap_error}): {tiebreak}.",
        "Les simulations ne font pas la différence entre cette carte et {rivals} (écart d’au "
        "plus {gap}, erreur type {gap_error}) : {tiebreak}.",
    ),
    "hint.tie.pass": (
        "The simulations cannot tell this pass from {count} of the {total} others compared, "
        "the best of them {rival} at {rival_cost} (a difference of {gap}, standard error "
        "{gap_error}): {tiebreak}.",
        "Les simulations ne font pas la différence entre cette passe et {count} des {total} "
        "autres comparées, dont la meilleure, {rival}, à {rival_cost} (écart de {gap}, "
        "erreur type {gap_error}) : {tiebreak}.",
    ),
    "hint.tiebreak.rule": ("the rule of thumb above decides", "la règle ci-dessus tranche"),
    "hint.tiebreak.lowest": (
        "this one has the best estimate",
        "celle-ci a la meilleure estimation",
    ),
    "hint.tiebreak.objective": (
        "this one is ahead once the others' points count, at half your own",
        "celle-ci passe devant si l’on compte aussi les points des autres, pour moitié",
    ),
    "hint.departure.play": (
        "On your own points alone, you would do better with {rivals} (by up to {gap}, "
        "standard error {gap_error}), but {why}.",
        "Sur vos seuls points, vous feriez mieux avec {rivals} (jusqu’à {gap} de moins, "
        "erreur type {gap_error}), mais {why}.",
    ),
    "hint.departure.pass": (
        "On your own points alone, you would do better passing {rivals} (by up to {gap}, "
        "standard error {gap_error}), but {why}.",
        "Sur vos seuls points, vous feriez mieux de passer {rivals} (jusqu’à {gap} de moins, "
        "erreur type {gap_error}), mais {why}.",
    ),
    "hint.why.others": (
        "this choice leaves the others {others_gap} worse off on average, and their points "
        "count at half your own: overall it {standing}",
        "ce choix coûte en moyenne {others_gap} de plus aux autres, dont les points comptent "
        "pour moitié des vôtres : au total, il {standing}",
    ),
    "hint.why.game": (
        "this choice gives you a better chance of winning the game, whose end is near",
        "ce choix vous donne plus de chances de gagner la partie, dont la fin approche",
    ),
    "hint.why.level": (
        "once the others' points count, at half your own, this choice is within the noise "
        "of the best estimate, and the rule of thumb above decides",
        "une fois comptés les points des autres, pour moitié, ce choix reste dans le bruit "
        "de la meilleure estimation, et la règle ci-dessus tranche",
    ),
    "hint.standing.ahead": ("comes out ahead", "passe devant"),
    "hint.standing.level": ("comes out level within the noise", "fait jeu égal, au bruit près"),
}


def _register() -> None:
    entries = dict(ENTRIES)
    for name, (en_bot, en_hint, fr_bot, fr_hint) in VOICED.items():
        entries["bot." + name] = (en_bot, fr_bot)
        entries["hint." + name] = (en_hint, fr_hint)
    register(entries)


_register()


@dataclass(frozen=True)
class Said:
    """A sentence of VOICED, ready to be said in either voice: ``key`` without the voice
    ("play.duck"), and its parameters."""

    key: str
    params: Mapping[str, object]

    def text(self, lang: str, voice: str) -> str:
        return say(f"{voice}.{self.key}", lang, self.params)


@dataclass(frozen=True)
class Points:
    """An amount of points, worded with its unit (French: singular below 2), with
    ``digits`` decimals (two for the small differences between close estimates)."""

    value: float
    digits: int = 1


@dataclass(frozen=True)
class Number:
    """A number without unit (a standard error), with ``digits`` decimals."""

    value: float
    digits: int = 1


@dataclass(frozen=True)
class Symbols:
    """Cards written short, with their suit symbols: ``3♣, 5♣`` (``sep`` between them)."""

    cards: tuple[Card, ...]
    sep: str = ", "


_SUITS: Final = {
    "en": {
        Suit.CLUBS: ("clubs", "club"),
        Suit.DIAMONDS: ("diamonds", "diamond"),
        Suit.SPADES: ("spades", "spade"),
        Suit.HEARTS: ("hearts", "heart"),
    },
    "fr": {
        Suit.CLUBS: ("trèfle", "trèfle"),
        Suit.DIAMONDS: ("carreau", "carreau"),
        Suit.SPADES: ("pique", "pique"),
        Suit.HEARTS: ("cœur", "cœur"),
    },
}
_FRENCH_RANKS: Final = {11: "V", 12: "D", 13: "R", 14: "A"}


def card_forms(name: str, card: Card, lang: str) -> dict[str, str]:
    """The forms of a card name a template may use: ``{x}``, ``{x_de}``, ``{x_a}``."""
    plain = the_card(card, lang)
    if lang == "en":
        return {name: plain, name + "_de": "of " + plain, name + "_a": "to " + plain}
    if plain.startswith("le "):
        de, to = "du " + plain[3:], "au " + plain[3:]
    else:  # la dame, l’as
        de, to = "de " + plain, "à " + plain
    return {name: plain, name + "_de": de, name + "_a": to}


def card_list(cards: Sequence[Card], lang: str) -> str:
    """``the queen of spades, the ace of hearts and the two of clubs`` / ``… et …``."""
    return join_words([the_card(card, lang) for card in cards], lang)


def symbol(card: Card, lang: str) -> str:
    """A card written short in ``lang``: ``Q♠`` in English, ``D♠`` (dame) in French."""
    if lang == "fr" and card.rank in _FRENCH_RANKS:
        return _FRENCH_RANKS[card.rank] + card.suit.symbol
    return str(card)


def decimal(value: float, lang: str, digits: int = 1) -> str:
    """``0.04`` / ``0,04``, with a true minus sign (and no ``−0.00``)."""
    if digits == 1:
        return one_decimal(value, lang)
    shown = f"{abs(value):.{digits}f}"
    if value < 0 and shown.strip("0.") != "":
        shown = "−" + shown
    return shown.replace(".", ",") if lang == "fr" else shown


def points(value: float, lang: str, digits: int = 1) -> str:
    """``9.0 points`` / ``9,0 points`` (French: ``1,5 point``)."""
    shown = decimal(value, lang, digits)
    if lang == "fr":
        return shown + (" point" if abs(value) < 2 else " points")
    return shown + (" point" if round(value, digits) == 1 else " points")


def say(key: str, lang: str, params: Mapping[str, object]) -> str:
    """The sentence for ``key`` with cards, card lists and suits worded for ``lang``."""
    values: dict[str, object] = {}
    for name, value in params.items():
        if isinstance(value, Said):  # a clause: in the same voice, not capitalized
            clause = value.text(lang, key.split(".", 1)[0])
            values[name] = clause[:1].lower() + clause[1:]
        elif isinstance(value, Card):
            values.update(card_forms(name, value, lang))
        elif isinstance(value, Suit):
            values[name], values[name + "_one"] = _SUITS[lang][value]
        elif isinstance(value, tuple) and all(isinstance(c, Card) for c in value):
            values[name] = card_list(value, lang)
        elif isinstance(value, Symbols):
            values[name] = value.sep.join(symbol(c, lang) for c in value.cards)
        elif isinstance(value, Points):
            values[name] = points(value.value, lang, value.digits)
        elif isinstance(value, Number):
            values[name] = decimal(value.value, lang, value.digits)
        elif isinstance(value, float):
            values[name] = one_decimal(value, lang)
        else:
            values[name] = value
    return text(key, lang, **values)
