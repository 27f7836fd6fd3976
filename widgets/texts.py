"""The front end's own words ("ui." keys), in English and French, added to the engine's catalog.

Rule words, card names and reasons come from the engine's catalog; only what belongs
to the screen (buttons, headings, seat names) is written here.
"""

from __future__ import annotations

from hearts_teach.cards import Card
from hearts_teach.i18n import CATALOG, check_lang, register, text
from hearts_teach.i18n import seat_name as engine_seat_name

LANGUAGES: tuple[str, ...] = ("en", "fr")
BOT_LEVELS: tuple[str, ...] = ("random", "heuristic", "montecarlo")
DEFAULT_BOT_LEVEL = "heuristic"

register(
    {
        # seat 0 is the person at the screen; the other seats keep the engine's compass
        # names (hearts_teach.i18n.seat_name)
        "ui.seat.you": ("You", "Vous"),
        "ui.seat.partner": ("{seat} (your partner)", "{seat} (votre partenaire)"),
        "ui.cards.one": ("1 card", "1 carte"),
        "ui.cards.many": ("{count} cards", "{count} cartes"),
        "ui.cards.none": ("no card left", "plus de carte"),
        "ui.seat.points": ("points taken: {points}", "points pris : {points}"),
        "ui.seat.points_short": ("points: {points}", "points : {points}"),
        "ui.seat.tricks": ("tricks: {count}", "plis : {count}"),
        "ui.seat.to_play": ("to play", "à jouer"),
        # whose turn, phases
        "ui.turn.you": ("Your turn: choose a card.", "À vous de jouer : choisissez une carte."),
        "ui.turn.other": ("{seat} is to play.", "{seat} doit jouer."),
        "ui.turn.over": (
            "The deal is over. Look at the score sheet, then deal again.",
            "La donne est finie. Regardez la feuille de marque, puis redonnez.",
        ),
        "ui.turn.game_over": ("The game is over.", "La partie est finie."),
        "ui.pass.choose": (
            "Choose {count} cards to pass {direction} ({seat}).",
            "Choisissez {count} cartes à passer {direction} ({seat}).",
        ),
        "ui.pass.choose_one": (
            "Choose 1 card to pass {direction} ({seat}).",
            "Choisissez 1 carte à passer {direction} ({seat}).",
        ),
        "ui.pass.chosen": ("{chosen} of {count} chosen", "{chosen} sur {count} choisies"),
        "ui.pass.confirm": ("Pass these cards", "Passer ces cartes"),
        "ui.pass.received": (
            "You passed {given} to {to} and received {got} from {source}: they are marked in your hand.",
            "Vous avez donné {given} à {to} ; {source} vous a passé {got} : ces cartes sont "
            "marquées dans votre main.",
        ),
        # hearts, tricks
        "ui.hearts.broken": ("♥ Hearts are broken", "♥ Les cœurs sont ouverts"),
        "ui.hearts.free": (
            "♥ Hearts may be led at any time",
            "♥ Les cœurs peuvent être entamés à tout moment",
        ),
        "ui.hearts.unbroken": ("♡ Hearts not broken yet", "♡ Les cœurs ne sont pas encore ouverts"),
        "ui.trick.current": ("Trick {number} of {total}", "Pli {number} sur {total}"),
        "ui.trick.just_won": (
            "Trick {number} won by {seat}",
            "Pli {number} remporté par {seat}",
        ),
        "ui.trick.just_won_you": ("You win trick {number}", "Vous remportez le pli {number}"),
        "ui.trick.won_you": ("you won it", "vous l’avez remporté"),
        "ui.trick.last": ("Last trick", "Dernier pli"),
        "ui.trick.none": ("No trick completed yet.", "Aucun pli terminé pour l’instant."),
        "ui.trick.won_by": ("won by {seat}", "remporté par {seat}"),
        "ui.trick.empty": ("Waiting for the lead.", "En attente de l’entame."),
        "ui.bot.played": ("{seat} played {card}. {reason}", "{seat} a joué {card}. {reason}"),
        "ui.log.title": ("What the bots played", "Ce qu’ont joué les robots"),
        "ui.log.empty": ("Nothing played yet.", "Rien n’a encore été joué."),
        "ui.log.trick": ("Trick {number}", "Pli {number}"),
        # what just happened, said where the keyboard goes after a card (widgets.table)
        "ui.note.won": (
            "Trick {number}: {plays}. {seat} wins it.",
            "Pli {number} : {plays}. {seat} le remporte.",
        ),
        "ui.note.won_you": (
            "Trick {number}: {plays}. You win it.",
            "Pli {number} : {plays}. Vous le remportez.",
        ),
        "ui.note.so_far": ("Trick {number} so far: {plays}.", "Pli {number} en cours : {plays}."),
        "ui.note.you": ("you", "vous"),
        "ui.note.colon": (": ", " : "),
        # pacing: the bots' cards appear one after another
        "ui.pace.label": ("Bots’ speed", "Vitesse des robots"),
        "ui.pace.slow": ("Slow", "Lente"),
        "ui.pace.normal": ("Normal", "Normale"),
        "ui.pace.fast": ("Fast", "Rapide"),
        "ui.pace.instant": ("At once", "Immédiate"),
        "ui.pace.other": ("{seconds} s a card", "{seconds} s par carte"),
        "ui.button.skip": ("Show all now", "Tout montrer"),
        "ui.button.skip_help": (
            "Show the bots’ cards at once, without waiting",
            "Montrer tout de suite les cartes des robots, sans attendre",
        ),
        # passing, drawn on the table
        "ui.pass.goes": ("Your {count} cards go to {seat}", "Vos {count} cartes vont à {seat}"),
        "ui.pass.goes_one": ("Your card goes to {seat}", "Votre carte va à {seat}"),
        "ui.pass.gets": ("gets your cards", "reçoit vos cartes"),
        "ui.pass.gave": ("You → {seat}", "Vous → {seat}"),
        "ui.pass.came": ("{seat} → you", "{seat} → vous"),
        "ui.pass.title": ("The pass", "Le passage"),
        # the score sheet
        "ui.score.leading": ("best total so far", "meilleur total pour l’instant"),
        "ui.score.won": ("winner", "vainqueur"),
        # toolbar
        "ui.button.hint": ("Hint", "Conseil"),
        "ui.button.hint_help": (
            "Ask the strong bot which card it would play, and why",
            "Demander au robot fort quelle carte il jouerait, et pourquoi",
        ),
        "ui.button.undo": ("Undo my last card", "Reprendre ma dernière carte"),
        "ui.button.new_game": ("New game", "Nouvelle partie"),
        "ui.button.next_deal": ("Next deal", "Donne suivante"),
        "ui.button.load": ("Load the deal", "Charger la donne"),
        "ui.button.start": ("Start the game", "Commencer la partie"),
        "ui.button.change_rules": ("Change the rules", "Changer de règles"),
        "ui.label.language": ("Language", "Langue"),
        "ui.label.bots": ("Bots", "Robots"),
        "ui.label.variant": ("Variant", "Variante"),
        "ui.bot.random": ("Easy (plays at random)", "Facile (joue au hasard)"),
        "ui.bot.heuristic": ("Medium (rules of thumb)", "Moyen (bon sens)"),
        "ui.bot.montecarlo": ("Strong (Monte-Carlo search)", "Fort (recherche Monte-Carlo)"),
        "ui.hint.play": ("Hint: play {card}. {reason}", "Conseil : jouez {card}. {reason}"),
        "ui.hint.pass": ("Hint: pass {cards}. {reason}", "Conseil : passez {cards}. {reason}"),
        "ui.hint.odds": (
            "Expected points per card: {estimates}.",
            "Points attendus par carte : {estimates}.",
        ),
        "ui.hint.not_now": ("There is nothing to advise now.", "Rien à conseiller pour l’instant."),
        "ui.refused": (
            "{card} cannot be played. {reason}",
            "Impossible de jouer {card}. {reason}",
        ),
        "ui.undo.none": (
            "You have not played a card in this deal yet.",
            "Vous n’avez pas encore joué de carte dans cette donne.",
        ),
        "ui.undo.done": (
            "{card} is back in your hand; the bots will answer your new card.",
            "Vous reprenez {card} ; les robots répondront à votre nouvelle carte.",
        ),
        # cards in the hand
        "ui.hand.label": ("Your hand", "Votre main"),
        "ui.card.playable": ("{name}: playable", "{name} : jouable"),
        "ui.card.refused": ("{name}: cannot be played. {reason}", "{name} : injouable. {reason}"),
        "ui.card.pick": ("{name}: choose it for the pass", "{name} : à choisir pour le passage"),
        "ui.card.picked": (
            "{name}: chosen for the pass (press again to keep it in your hand)",
            "{name} : carte choisie pour le passage (appuyez de nouveau pour la garder en main)",
        ),
        "ui.card.received": ("received", "carte reçue"),
        # end of deal and game
        "ui.deal.moon": ("{seat} shot the moon!", "{seat} a tiré la lune !"),
        "ui.deal.scores": ("Deal {number} is over.", "La donne {number} est finie."),
        "ui.game.winner": ("Winner: {seats}.", "Vainqueur : {seats}."),
        "ui.game.winners": ("Winners: {seats}.", "Vainqueurs : {seats}."),
        "ui.game.continue": (
            "The game goes on until a total reaches {target}.",
            "La partie continue jusqu’à ce qu’un total atteigne {target}.",
        ),
        "ui.score.title": ("Score sheet", "Feuille de marque"),
        "ui.score.deal": ("Deal", "Donne"),
        "ui.score.total": ("Total", "Total"),
        "ui.score.empty": ("No deal finished yet.", "Aucune donne terminée."),
        "ui.score.now": ("this deal so far", "donne en cours"),
        "ui.score.team": ("Team {names}: {total}", "Équipe {names} : {total}"),
        "ui.rules.title": ("Rules in force", "Règles en vigueur"),
        "ui.badge.passing": ("Pass: {direction}", "Passage : {direction}"),
        "ui.badge.no_pass": ("No pass this deal", "Pas de passage pour cette donne"),
        "ui.trick.winner": ("wins the trick", "remporte le pli"),
        # share
        "ui.share.title": ("Share or load a deal", "Partager ou charger une donne"),
        "ui.share.code": ("Share code of this deal", "Code de partage de cette donne"),
        "ui.share.link": ("Link to this deal", "Lien vers cette donne"),
        "ui.share.input": ("Code to load", "Code à charger"),
        "ui.share.placeholder": ("paste a share code here", "collez un code de partage ici"),
        "ui.share.loaded": ("Deal loaded from the code.", "Donne chargée depuis le code."),
        "ui.share.kept": (
            "{error} Your current game is kept.",
            "{error} Votre partie en cours est conservée.",
        ),
        "ui.share.empty": ("Paste a code first.", "Collez d’abord un code."),
        # playground
        "ui.title": ("Hearts playground", "Salle de jeu de la dame de pique"),
        "ui.start.title": ("Choose your game", "Choisissez votre partie"),
        "ui.start.intro": (
            "Pick a variant, change the options if you like, choose the bots’ strength, then start. "
            "You sit at the bottom; the bots play the other seats.",
            "Choisissez une variante, ajustez les options si vous le souhaitez, réglez la force des "
            "robots, puis commencez. Vous êtes en bas de la table ; les robots tiennent les autres places.",
        ),
        "ui.start.options": ("Options", "Options"),
        "ui.tab.play": ("Play", "Jouer"),
        "ui.tab.lessons": ("Lessons", "Leçons"),
        "ui.summary.title": ("End of the game", "Fin de la partie"),
        "ui.summary.chart": ("Totals after each deal", "Totaux après chaque donne"),
        "ui.summary.axis_deal": ("Deal", "Donne"),
        "ui.summary.axis_total": ("Total points", "Points cumulés"),
        "ui.summary.deals": ("Deals played: {count}", "Donnes jouées : {count}"),
        "ui.static.open": (
            "Play this position in the playground",
            "Jouer cette position dans la salle de jeu",
        ),
        "ui.static.alt": (
            "Position of the deal: your hand and the cards on the table",
            "Position de la donne : votre main et les cartes sur la table",
        ),
        # rules picker
        "ui.option.players": ("Players", "Joueurs"),
        "ui.option.moon": ("Shooting the moon", "Grand chelem (tirer la lune)"),
        "ui.option.target": ("Game ends at", "Fin de partie à"),
        "ui.option.spot": ("Spot Hearts (hearts at face value)", "Cœurs à valeur faciale"),
        "ui.option.omnibus": (
            "Omnibus (J♦ is worth −10)",
            "Omnibus (le valet de carreau vaut −10)",
        ),
        "ui.option.black_maria": (
            "Black Maria (K♠ 10, A♠ 7)",
            "Black Maria (roi de pique 10, as de pique 7)",
        ),
        "ui.option.partnership": ("Partnership (you and North)", "En équipes (vous et Nord)"),
        "ui.option.reverse": ("Reverse (highest total wins)", "Inversé (le plus haut total gagne)"),
        "ui.option.qs_penalty": (
            "Q♠ is a penalty card",
            "La dame de pique est une carte de pénalité",
        ),
        "ui.option.passing": ("Passing", "Passage"),
        "ui.option.must_break_hearts": (
            "Hearts must be broken before a heart is led",
            "Les cœurs doivent être ouverts avant d’être entamés",
        ),
        "ui.option.qs_breaks_hearts": ("Q♠ breaks hearts", "La dame de pique ouvre les cœurs"),
        "ui.option.first_trick_no_points": (
            "No penalty card on the first trick",
            "Pas de carte de pénalité au premier pli",
        ),
        "ui.moon.old": ("Old Moon (the others score)", "Vieille Lune (les autres marquent)"),
        "ui.moon.new": ("New Moon (the shooter subtracts)", "Nouvelle Lune (le tireur retire)"),
        "ui.moon.mixed": ("Mixed Moon", "Lune mixte"),
        "ui.moon.none": ("No moon", "Pas de grand chelem"),
        "ui.passing.cycle": ("Left, right, across, hold", "Gauche, droite, en face, sans passage"),
        "ui.passing.left": ("Always to the left", "Toujours à gauche"),
        "ui.passing.right": ("Always to the right", "Toujours à droite"),
        "ui.passing.across": ("Always across", "Toujours en face"),
        "ui.passing.alternate": ("Left every other deal", "À gauche une donne sur deux"),
        "ui.passing.none": ("No passing", "Pas de passage"),
        "ui.qs_breaks.off": ("No", "Non"),
        "ui.qs_breaks.discard": ("When discarded", "Quand elle est défaussée"),
        "ui.qs_breaks.any": ("Whenever played", "Dès qu’elle est jouée"),
        "ui.rules.ok": ("These rules can be played: {name}.", "Ces règles sont jouables : {name}."),
        "ui.rules.ok_custom": (
            "These rules can be played: {name}, with your changes.",
            "Ces règles sont jouables : {name}, avec vos changements.",
        ),
        "ui.rules.refused": (
            "These options cannot go together. {error}",
            "Ces options sont incompatibles. {error}",
        ),
    }
)


def raw(key: str, lang: str) -> str:
    """A catalog entry as written (no capital added), for words set inside a sentence."""
    english, french = CATALOG[key]
    return english if check_lang(lang) == "en" else french


def partner_of(player: int, players: int) -> int:
    """The seat across the table (the partner in Partnership Hearts)."""
    return (player + players // 2) % players


def seat_name(player: int, players: int, lang: str, partnership: bool = False, you: int = 0) -> str:
    """The person at the screen (seat ``you``: seat 0, South, in the playground) is "You";
    the other seats keep the engine's compass names (South, West, North, East clockwise),
    the partner marked as such."""
    if player == you:
        return text("ui.seat.you", lang)
    compass = engine_seat_name(player, players, lang)
    if partnership and players == 4 and player == partner_of(you, players):
        return text("ui.seat.partner", lang, seat=compass)
    return compass


def card_count(count: int, lang: str) -> str:
    if count == 0:
        return text("ui.cards.none", lang)
    if count == 1:
        return text("ui.cards.one", lang)
    return text("ui.cards.many", lang, count=count)


def card_list(cards: list[Card]) -> str:
    """Cards written with their symbols (``Q♠, 3♥``): the suit symbol is always there."""
    return ", ".join(str(card) for card in cards)
