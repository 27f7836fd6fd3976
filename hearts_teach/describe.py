"""The rules in words, derived from a :class:`Rules` value so text and engine agree.

``rule_rows`` describes one rule set; ``rule_changes`` sets it beside another (standard
Hearts by default) for the book's rule-change tables.
"""

from __future__ import annotations

from hearts_teach.cards import (
    ACE_OF_SPADES,
    JACK_OF_DIAMONDS,
    KING_OF_SPADES,
    QUEEN_OF_SPADES,
    Suit,
    cards_of,
)
from hearts_teach.i18n import register, signed, text, the_card
from hearts_teach.rules import Rules

register(
    {
        "rule.players": ("Players and deck", "Joueurs et jeu de cartes"),
        "rule.hearts": ("Hearts", "Cœurs"),
        "rule.queen": ("Queen of spades", "Dame de pique"),
        "rule.others": ("Other counting cards", "Autres cartes qui comptent"),
        "rule.total": ("Points in a deal", "Points d’une donne"),
        "rule.moon": ("Shooting the moon", "Grand chelem (tirer la lune)"),
        "rule.end": ("End of the game", "Fin de la partie"),
        "rule.passing": ("Passing", "Passage des cartes"),
        "rule.lead": ("First lead", "Première entame"),
        "rule.broken": ("Leading hearts", "Entamer à cœur"),
        "rule.first_trick": ("First trick", "Premier pli"),
        "rule.trumps": ("Trumps", "Atout"),
        "desc.players4": ("4 players, 52 cards, 13 each", "4 joueurs, 52 cartes, 13 chacun"),
        "desc.players3": (
            "3 players, 51 cards (the 2♣ is removed), 17 each",
            "3 joueurs, 51 cartes (on retire le 2♣), 17 chacun",
        ),
        "desc.players2": (
            "2 players, 28 cards (no 3, 5, 7, 9, J or K), 13 each and 2 dead cards set aside",
            "2 joueurs, 28 cartes (sans 3, 5, 7, 9, valets ni rois), 13 chacun et 2 cartes "
            "mortes mises de côté",
        ),
        "desc.partnership": (
            "; partners sit opposite each other",
            " ; les partenaires sont assis face à face",
        ),
        "desc.hearts_one": ("1 point each", "1 point chacun"),
        "desc.hearts_face": (
            "face value: 2 to 10, jack 11, queen 12, king 13, ace 14",
            "valeur faciale : de 2 à 10, valet 11, dame 12, roi 13, as 14",
        ),
        "desc.points": ("{points} points", "{points} points"),
        "desc.no_points": ("no points", "aucun point"),
        "desc.card_value": ("{card}: {points}", "{card} : {points}"),
        "desc.none": ("none", "aucune"),
        "desc.total": ("{total} points", "{total} points"),
        "desc.moon_needs": ("needs {cards}", "il faut {cards}"),
        "desc.all_hearts": ("all the hearts", "tous les cœurs"),
        "desc.in_play": (" in play", " en jeu"),
        "desc.end_lowest": (
            "after a deal in which someone reaches {target}, the lowest total wins; "
            "a tie for lowest plays on",
            "après une donne où quelqu’un atteint {target}, le plus petit total gagne ; "
            "en cas d’égalité on continue",
        ),
        "desc.end_highest": (
            "after a deal in which someone reaches {target}, the highest total wins; "
            "a tie for highest plays on",
            "après une donne où quelqu’un atteint {target}, le plus grand total gagne ; "
            "en cas d’égalité on continue",
        ),
        "desc.end_team": (
            "after a deal in which someone reaches {target}, the team with the lower sum wins",
            "après une donne où quelqu’un atteint {target}, l’équipe au plus petit total gagne",
        ),
        "desc.end_two": (
            "the first to reach {target} loses; if both do, the lower total wins",
            "le premier à atteindre {target} perd ; si les deux l’atteignent, le plus petit "
            "total gagne",
        ),
        "desc.end_two_continue": (
            "the first to reach {target} loses; if both reach it in the same deal, play on",
            "le premier à atteindre {target} perd ; si les deux l’atteignent dans la même "
            "donne, on continue",
        ),
        "desc.pass_cycle": (
            "{count} cards: left, right, across, then no pass, in turn",
            "{count} cartes : à gauche, à droite, en face, puis pas de passage, à tour de rôle",
        ),
        "desc.pass_fixed": (
            "{count} cards {direction}, every deal",
            "{count} cartes {direction}, à chaque donne",
        ),
        "desc.pass_alternate": (
            "{count} card(s) to the left every other deal",
            "{count} carte(s) à gauche une donne sur deux",
        ),
        "desc.pass_none": ("no passing", "pas de passage"),
        "desc.lead_two": ("the holder of the 2♣ leads it", "le détenteur du 2♣ l’entame"),
        "desc.lead_two_any_club": (
            "the holder of the 2♣ leads any club",
            "le détenteur du 2♣ entame le trèfle de son choix",
        ),
        "desc.lead_chain": (
            "the holder of the 2♣ leads it; if it is dead, the 4♣, then the 6♣",
            "le détenteur du 2♣ l’entame ; s’il est mort, le 4♣, puis le 6♣",
        ),
        "desc.lead_left": (
            "the player left of the dealer leads any card",
            "le voisin de gauche du donneur entame la carte de son choix",
        ),
        "desc.broken": (
            "not until a heart has been played, unless the leader holds only hearts",
            "pas avant qu’un cœur ait été joué, sauf si l’entameur n’a que des cœurs",
        ),
        "desc.broken_any": ("at any time", "à tout moment"),
        "desc.qs_breaks_discard": (
            "; discarding the Q♠ also breaks hearts",
            " ; se défausser de la dame de pique ouvre aussi les cœurs",
        ),
        "desc.qs_breaks_any": (
            "; any play of the Q♠ also breaks hearts",
            " ; jouer la dame de pique ouvre aussi les cœurs",
        ),
        "desc.hearts_instead_of_qs": (
            "; with only hearts and the Q♠, a heart may be led",
            " ; avec seulement des cœurs et la dame de pique, on peut entamer à cœur",
        ),
        "desc.first_trick_ban": (
            "no penalty card may be played on it, unless the hand holds nothing else",
            "aucune carte de pénalité n’y est permise, sauf si la main n’a rien d’autre",
        ),
        "desc.first_trick_free": ("any card may be played", "toute carte est permise"),
        "desc.no_trumps": ("none", "aucun"),
        "desc.forced_hearts_first": (
            "; a hand of penalty cards only must give a heart before the queen of spades",
            " ; une main faite seulement de cartes de pénalité donne un cœur avant la dame "
            "de pique",
        ),
        "desc.no_trick_bonus": (
            "; −5 to each player who took no trick, on deals without a moon",
            " ; −5 à chaque joueur qui n’a fait aucun pli, sauf donne de grand chelem",
        ),
        "desc.jd_stacks": (
            "; the jack of diamonds still counts −10 on a moon",
            " ; le valet de carreau compte toujours −10 lors d’un grand chelem",
        ),
        "desc.partner_spared": (
            "; the shooter’s partner scores nothing",
            " ; le partenaire du tireur ne marque rien",
        ),
        "moon.2p_in_play": (
            "the shooter scores 0 and the opponent the points in play (20 when no point card is dead)",
            "le tireur marque 0 et son adversaire les points en jeu (20 si aucune carte à "
            "points n’est morte)",
        ),
        "desc.hearts_trumps": ("hearts are always trumps", "les cœurs sont toujours atout"),
    }
)


def _points(points: int, lang: str) -> str:
    if points == 0:
        return text("desc.no_points", lang)
    return text("desc.points", lang, points=signed(points))


def _lower(sentence: str) -> str:
    return sentence[:1].lower() + sentence[1:]


def rule_rows(rules: Rules, lang: str = "en") -> list[tuple[str, str]]:
    """Every rule a player needs, as (label, value) rows in the language."""
    rows: list[tuple[str, str]] = []

    def row(key: str, value: str) -> None:
        rows.append((text("rule." + key, lang), value[:1].upper() + value[1:]))

    players = text(f"desc.players{rules.players}", lang)
    if rules.partnership:
        players += text("desc.partnership", lang)
    row("players", players)

    row("hearts", text("desc.hearts_face" if rules.spot else "desc.hearts_one", lang))
    row("queen", _points(rules.value(QUEEN_OF_SPADES), lang))
    others = [
        text(
            "desc.card_value",
            lang,
            card=card,
            points=signed(rules.value(card)),
        )
        for card in (KING_OF_SPADES, ACE_OF_SPADES, JACK_OF_DIAMONDS)
        if rules.deck & card.bit and rules.value(card) != 0
    ]
    separator = "; " if lang == "en" else " ; "
    row("others", separator.join(_lower(o) for o in others) if others else text("desc.none", lang))
    total = text("desc.total", lang, total=signed(rules.points_per_deal))
    if rules.avoid_all_tricks_bonus:
        total += text("desc.no_trick_bonus", lang)
    row("total", total)
    row("moon", _moon_text(rules, lang))
    row("end", _end_text(rules, lang))
    row("passing", _passing_text(rules, lang))
    row("lead", _lead_text(rules, lang))
    row("broken", _broken_text(rules, lang))
    first_trick = text(
        "desc.first_trick_ban" if rules.first_trick_no_points else "desc.first_trick_free", lang
    )
    if rules.first_trick_forced == "hearts_before_queen":
        first_trick += text("desc.forced_hearts_first", lang)
    row("first_trick", first_trick)
    row("trumps", text("desc.hearts_trumps" if rules.hearts_trump else "desc.no_trumps", lang))
    return rows


def rule_changes(
    rules: Rules, lang: str = "en", base: Rules | None = None, *, all_rows: bool = False
) -> list[tuple[str, str, str]]:
    """Rows (label, base value, this value) where ``rules`` differ from ``base``
    (standard Hearts by default); every row with ``all_rows``."""
    reference = rule_rows(base if base is not None else Rules(), lang)
    mine = rule_rows(rules, lang)
    return [
        (label, old, new)
        for (label, old), (_, new) in zip(reference, mine, strict=True)
        if all_rows or old != new
    ]


def _moon_text(rules: Rules, lang: str) -> str:
    mode = rules.effective_moon
    if mode == "none":
        return text("moon.none", lang)
    value = signed(rules.moon_value)
    if rules.players == 2 and rules.two_player_moon_award == "points_in_play":
        main = text("moon.2p_in_play", lang)
    elif rules.players == 2:
        main = text("moon.2p", lang, value=value)
    else:
        main = text("moon." + mode, lang, value=value)
    if rules.omnibus and rules.omnibus_jd_stacks_on_moon:
        main += text("desc.jd_stacks", lang)
    if rules.partnership and rules.partner_spared_on_moon:
        main += text("desc.partner_spared", lang)
    needed = cards_of(rules.moon_cards)
    parts = []
    hearts = [c for c in needed if c.suit is Suit.HEARTS]
    if hearts:
        parts.append(_lower(text("desc.all_hearts", lang)))
    parts.extend(the_card(c, lang) for c in needed if c.suit is not Suit.HEARTS)
    joiner = " and " if lang == "en" else " et "
    cards = ", ".join(parts[:-1]) + joiner + parts[-1] if len(parts) > 1 else parts[0]
    if rules.players == 2:
        cards += text("desc.in_play", lang)
    return f"{main} ({_lower(text('desc.moon_needs', lang, cards=cards))})"


def _end_text(rules: Rules, lang: str) -> str:
    target = rules.target
    if rules.players == 2:
        key = (
            "desc.end_two_continue" if rules.two_player_both_over == "continue" else "desc.end_two"
        )
    elif rules.partnership:
        key = "desc.end_team"
    elif rules.reverse:
        key = "desc.end_highest"
    else:
        key = "desc.end_lowest"
    return text(key, lang, target=target)


def _passing_text(rules: Rules, lang: str) -> str:
    count = rules.pass_count
    if rules.passing == "none":
        return text("desc.pass_none", lang)
    if rules.passing == "cycle":
        return text("desc.pass_cycle", lang, count=count)
    if rules.passing == "alternate":
        return text("desc.pass_alternate", lang, count=count)
    direction = text("pass.other" if rules.players == 2 else f"pass.{rules.passing}", lang)
    return text("desc.pass_fixed", lang, count=count, direction=_lower(direction))


def _lead_text(rules: Rules, lang: str) -> str:
    if rules.first_lead == "left_of_dealer":
        return text("desc.lead_left", lang)
    if rules.players == 2:
        return text("desc.lead_chain", lang)
    if rules.first_lead_any_club:
        return text("desc.lead_two_any_club", lang)
    return text("desc.lead_two", lang)


def _broken_text(rules: Rules, lang: str) -> str:
    if not rules.must_break_hearts:
        return text("desc.broken_any", lang)
    result = _lower(text("desc.broken", lang))
    if rules.qs_breaks_hearts != "off":
        result += text(f"desc.qs_breaks_{rules.qs_breaks_hearts}", lang)
    if rules.lead_hearts_instead_of_qs:
        result += text("desc.hearts_instead_of_qs", lang)
    return result
