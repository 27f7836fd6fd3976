"""HTML for the parts of the table that are pictures, not controls: the felt (seats and
trick), card faces, the score sheet, the rules in force and the static position.

Everything here is a pure function of the game state and the language, so the live
table and the static book draw the same picture.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from urllib.parse import quote

from hearts_teach import Card, Deal, DealResult, Rules, Trick
from hearts_teach.cards import sorted_for_display
from hearts_teach.deal import table_point
from hearts_teach.describe import seat_words, winners_text
from hearts_teach.i18n import card_name, join_words, message, rank_letter, signed, text
from hearts_teach.i18n import seat_name as engine_seat_name
from hearts_teach.scoring import MOON_CHOICES, MoonChoice, MoonOutcomes

from .style import style_tag
from .texts import card_count

DEFAULT_PLAYGROUND_URL = ""
"""Links relative to the page they are shown in (``?deal=...``): the page the reader
opened. The playground gives its tables the address the visitor opened instead."""


def colour_class(card: Card) -> str:
    return "ht-red" if card.suit.is_red else "ht-black"


def card_face(
    card: Card, lang: str, small: bool = False, *, tiny: bool = False, marked: bool = False
) -> str:
    """A face-up card as a picture with its name for screen readers (``small`` or
    ``tiny``; ``marked`` outlines it, as the card that won a trick)."""
    size = " ht-small" if small else " ht-tiny" if tiny else ""
    if marked:
        size += " ht-marked"
    return (
        f'<span class="ht-face{size} {colour_class(card)}" role="img" '
        f'aria-label="{escape(card_name(card, lang))}">'
        f'<span class="ht-rank" aria-hidden="true">{rank_letter(card.rank, lang)}</span>'
        f'<span class="ht-suit" aria-hidden="true">{card.suit.symbol}</span></span>'
    )


def card_backs(count: int) -> str:
    """Hidden cards: backs only, never a face and never a name."""
    shown = min(count, 13)
    return (
        '<span class="ht-backs" aria-hidden="true">'
        + '<span class="ht-back"></span>' * shown
        + "</span>"
    )


def seat_of(player: int, players: int) -> str:
    """Where a seat sits on the felt, by its compass name in the engine's catalog (s, w,
    n, e; sw, nw, ne, se between them with five and six players): seat 0 is South, at
    the bottom, whoever the person at the screen is."""
    name = engine_seat_name(player, players, "en").lower()
    return "".join(part[0] for part in name.split("-"))


# The grid area of each place (the style sheet names the areas between by their letters).
_AREA = {"s": "south", "n": "north", "w": "west", "e": "east"}
_AREA.update({place: place for place in ("sw", "nw", "ne", "se")})


def moon_text(shooter: int, rules: Rules, lang: str, you: int = 0) -> str:
    """ "North shot the moon!", or "You shot the moon!" (« Vous avez tiré la lune ! »)."""
    if shooter == you:
        return text("ui.deal.moon_you", lang)
    return text("ui.deal.moon", lang, seat=seat_words(shooter, rules, lang, you))


def moon_choice_label(
    choice: MoonChoice, rules: Rules, lang: str, outcomes: MoonOutcomes | None = None
) -> str:
    """The words of a shooter's choice (docs/rules.md §3.2), for a button or a line:
    "Add 26 to each other player", "Take 26 off my total"; with the deal's ``outcomes``,
    what its moon is worth (a sun twice as much, §16.2)."""
    amount = outcomes.amount if outcomes is not None else rules.moon_value
    return text(f"ui.moon_choice.{choice}", lang, amount=amount)


def moon_choice_html(
    outcomes: MoonOutcomes, rules: Rules, lang: str, you: int = 0, question: str | None = None
) -> str:
    """Both outcomes of a moon waiting for the shooter's choice, as the engine scores them:
    for each choice, every player's score for the deal and total after it (and who wins,
    if the game ends there); ``question`` under the heading (by default, the person is
    asked to choose; ``you=-1`` names every seat by its compass name)."""
    heads = "".join(
        f"<th scope='col'>{escape(seat_words(p, rules, lang, you))}</th>"
        for p in range(rules.players)
    )
    rows = []
    for choice in MOON_CHOICES:
        result = outcomes.outcome(choice)
        cells = "".join(
            f"<td>{signed(total)} <span class='ht-meta'>({signed(score, plus=True)})</span></td>"
            for score, total in zip(result.scores, result.totals, strict=True)
        )
        end = ""
        if result.game_over:
            end = f"<br><span class='ht-meta'>{escape(winners_text(rules, result.winners, lang, None if you < 0 else you))}</span>"
        label = escape(moon_choice_label(choice, rules, lang, outcomes))
        rows.append(f"<tr><th scope='row'>{label}{end}</th>{cells}</tr>")
    shooter = moon_text(outcomes.shooter, rules, lang, you)
    if question is None:
        question = text("ui.moon_choice.question", lang)
    return (
        f'<div class="ht-panel ht-moon-choice" role="group" lang="{lang}">'
        f"<h3>{escape(shooter)}</h3><p>{escape(question)}</p>"
        f"<table class='ht-scores ht-many'><thead><tr><th></th>{heads}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def trick_html(
    trick: Trick | None, rules: Rules, lang: str, caption: str, you: int = 0, bottom: int = 0
) -> str:
    """The trick in the middle of the felt, each card before the seat that played it
    (``bottom``: the seat drawn at the bottom, as in :func:`felt_html`)."""
    slots = []
    if trick is not None:
        for player, card in trick.plays:
            seat = seat_of((player - bottom) % rules.players, rules.players)
            mark = ""
            if trick.winner is not None and trick.winner == player:
                mark = (
                    f'<div class="ht-winner-mark">★ {escape(text("ui.trick.winner", lang))}</div>'
                )
            slots.append(
                f'<div class="ht-slot-{seat}">{card_face(card, lang)}'
                f'<div class="ht-slot-label">{escape(seat_words(player, rules, lang, you))}</div>{mark}</div>'
            )
    return f'<div class="ht-caption">{escape(caption)}</div>' + "".join(slots)


def felt_html(deal: Deal, lang: str, human: int = 0, bottom: int = 0) -> str:
    """A still picture of the table seen from ``human``'s seat (the static book's): each
    seat with its card count (never a face), points and tricks taken, who is to play,
    and the trick. ``bottom`` is the seat drawn at the bottom (South, seat 0, unless the
    picture seats its reader there as the playground does); the others follow it round
    the table in playing order. The live table draws :func:`live_felt_html`."""
    rules = deal.rules
    n = rules.players
    seats = []
    acting = deal.to_play if not deal.is_over else None
    for player in range(n):
        area = _AREA[seat_of((player - bottom) % n, n)]
        turn = player == acting
        tag = (
            f'<span class="ht-turn-tag">▶ {escape(text("ui.seat.to_play", lang))}</span>'
            if turn
            else ""
        )
        count = len(deal.hand(player))
        meta = [
            text("ui.seat.points", lang, points=deal.points_taken[player]),
            text("ui.seat.tricks", lang, count=deal.tricks_won[player]),
        ]
        backs = "" if player == human else card_backs(count)
        count_text = (
            ""
            if player == human
            else f"<div class='ht-meta'>{escape(card_count(count, lang))}</div>"
        )
        label = escape(seat_words(player, rules, lang, human))
        seats.append(
            f'<section class="ht-seat ht-{area}{" ht-turn" if turn else ""}" aria-label="{label}">'
            f'<div class="ht-name">{label}{tag}</div>{backs}{count_text}'
            f'<div class="ht-meta">{escape(" · ".join(meta))}</div></section>'
        )
    trick = deal.current_trick
    trick_caption: str | None = None
    last = deal.last_trick
    if not trick.plays and last is not None and last.winner is not None:
        # Between tricks the finished one stays in the middle, so the bots' replies show.
        trick = last
        trick_caption = text(
            "ui.trick.just_won",
            lang,
            number=deal.trick_number,
            seat=seat_words(last.winner, rules, lang, human, sentence=True),
        )
    if trick_caption is None:
        if deal.is_over:
            trick_caption = text("phase.over", lang)
        elif deal.phase == "pass":
            trick_caption = text("phase.pass", lang)
        elif not trick.plays:
            trick_caption = text("ui.trick.empty", lang)
        else:
            trick_caption = text(
                "ui.trick.current", lang, number=deal.trick_number + 1, total=rules.hand_size
            )
    centre = f'<div class="ht-centre" aria-live="polite">{trick_html(trick, rules, lang, trick_caption, human, bottom)}</div>'
    two = " ht-two" if n == 2 else ""
    return f'<div class="ht-felt ht-p{n}{two}">{"".join(seats)}{centre}</div>'


_ARROW = {"w": "←", "n": "↑", "e": "→", "s": "↓", "sw": "↙", "nw": "↖", "ne": "↗", "se": "↘"}
HOLD = 2.5
"""How long a finished trick stays in the middle before the next lead, in card delays."""


# --- pacing ---------------------------------------------------------------------------
#
# The kernel plays the bots' cards at once; the page shows them one after another. A
# part of the felt that appears or goes during a reply carries its times as CSS custom
# properties (``--in``, ``--out``: seconds after the picture is drawn) with the classes
# ``ht-in`` / ``ht-out``, whose animations the style sheet defines (hearts_teach_widgets.style). The
# picture holds the whole reply, so a redraw shows the state it describes and no Python
# waits (hearts_teach_widgets.table says why).


@dataclass(frozen=True)
class Replay:
    """Show the cards played since ``start`` one after another, ``delay`` seconds apart.

    ``start`` is what was on the table before the person acted: the number of tricks
    completed and of cards in the trick in progress (:func:`table_point`)."""

    start: tuple[int, int]
    delay: float


@dataclass(frozen=True)
class Timeline:
    """When each part of a reply shows, in seconds: ``appear[(trick, position)]`` for
    each new card, ``won[trick]`` when a finished trick's winner is marked,
    ``gathered[trick]`` when it leaves the middle for the next lead, ``end`` when all is
    shown. Tricks count from 0 over the deal's tricks, the one in progress last."""

    first: int
    appear: dict[tuple[int, int], float]
    won: dict[int, float]
    gathered: dict[int, float]
    end: float


def tricks_so_far(deal: Deal) -> list[Trick]:
    """The deal's completed tricks and, if it has a card, the trick in progress."""
    current = deal.current_trick
    return [*deal.tricks, current] if current.plays else deal.tricks


def timeline(deal: Deal, replay: Replay | None, human: int = 0) -> Timeline:
    """The times of a reply: the person's own card at once, each bot's card one delay
    after the card before, a finished trick's winner one delay after its last card, and
    the next lead :data:`HOLD` delays later. Without a replay everything is there at
    once (every time is 0)."""
    tricks = tricks_so_far(deal)
    if replay is None or replay.delay <= 0:
        replay = Replay(table_point(deal), 0.0)  # all at once: nothing new to show
    first, skip = replay.start
    delay = replay.delay
    appear: dict[tuple[int, int], float] = {}
    won: dict[int, float] = {}
    gathered: dict[int, float] = {}
    moment = 0.0
    for index in range(first, len(tricks)):
        leading = index - 1 in won
        if leading:  # the trick before finished in this reply: it stays, then goes
            moment = gathered[index - 1] = won[index - 1] + HOLD * delay
        for position in range(skip if index == first else 0, len(tricks[index].plays)):
            player = tricks[index].plays[position][0]
            if leading:
                leading = False  # the lead shows as the finished trick goes
            elif appear or player != human:
                moment += delay
            appear[(index, position)] = moment
        if tricks[index].winner is not None:
            moment += delay
            won[index] = moment
    return Timeline(first, appear, won, gathered, moment)


def timing(appear: float = 0.0, leave: float | None = None) -> tuple[str, str]:
    """The classes and style attribute of a part shown from ``appear`` to ``leave``."""
    classes, times = [], []
    if appear > 0:
        classes.append("ht-in")
        times.append(f"--in:{appear:.2f}s")
    if leave is not None:
        classes.append("ht-out")
        times.append(f"--out:{leave:.2f}s")
    return (" " + " ".join(classes) if classes else ""), (
        f' style="{";".join(times)}"' if times else ""
    )


def reply_style(scope: str, name: str, end: float, waiting: Sequence[str]) -> str:
    """The style of one drawing of a reply that ends at ``end`` seconds, for the widget
    of class ``scope``: its skip button goes when the reply is shown, and the parts
    ``waiting`` (CSS selectors: what happened, whose turn it is, which would tell too
    soon) fade in only then. ``name`` is new for each drawing, so that the animations
    start again."""
    at = f"{end:.2f}s"
    parts = ",".join(f".{scope} {selector}" for selector in waiting)
    return (
        f"<style>.{scope} .ht-skip{{animation:{name}-skip 0s {at} forwards}}"
        f"@keyframes {name}-skip{{to{{visibility:hidden}}}}"
        f"{parts}{{animation:{name}-note .3s ease-out {at} both}}"
        f"@keyframes {name}-note{{from{{opacity:0}}}}</style>"
    )


def _phases(values: Sequence[tuple[float, str]], css: str = "") -> str:
    """``values`` (time, html) one after the other in the same place: each from its time
    to the next one's. Parts whose time is 0 are replaced at once by the last of them."""
    shown = [(moment, html) for moment, html in values if moment > 0]
    opening = [html for moment, html in values if moment <= 0]
    if opening:
        shown.insert(0, (0.0, opening[-1]))
    if len(shown) == 1:
        return f'<div class="{css}">{shown[0][1]}</div>' if css else shown[0][1]
    parts = []
    for index, (moment, html) in enumerate(shown):
        leave = shown[index + 1][0] if index + 1 < len(shown) else None
        classes, style = timing(moment, leave)
        parts.append(f'<div class="ht-phase{classes}"{style}>{html}</div>')
    return f'<div class="ht-phases {css}">{"".join(parts)}</div>'


# --- the felt ------------------------------------------------------------------------


def _slot(
    player: int,
    card: Card,
    rules: Rules,
    lang: str,
    human: int,
    appear: float,
    won: float | None = None,
    title: str = "",
) -> str:
    """A card of the trick at its player's side, from ``appear``; the winning card is
    marked from ``won``."""
    classes, style = timing(appear)
    hint = f' title="{escape(title)}"' if title else ""
    mark = ""
    if won is not None:
        mark_classes, mark_style = timing(won)
        mark = f'<span class="ht-win{mark_classes}"{mark_style} aria-hidden="true">★</span>'
    return (
        f'<div class="ht-slot ht-slot-{seat_of(player, rules.players)}{classes}"{style}{hint}>'
        f"{card_face(card, lang)}{mark}"
        f'<div class="ht-slot-label">{escape(seat_words(player, rules, lang, human))}</div></div>'
    )


def _won_caption(index: int, winner: int, rules: Rules, lang: str, human: int) -> str:
    if winner == human:
        return text("ui.trick.just_won_you", lang, number=index + 1)
    return text(
        "ui.trick.just_won", lang, number=index + 1, seat=seat_words(winner, rules, lang, 0)
    )


def _trick_layer(
    deal: Deal,
    index: int,
    trick: Trick,
    times: Timeline,
    lang: str,
    human: int,
    reasons: Mapping[Card, str],
) -> str:
    """One trick in the middle: its caption, its cards (each from when it is played)
    and, once it is finished, its winner marked."""
    rules = deal.rules
    shown_from = times.gathered.get(index - 1, 0.0)
    running = text("ui.trick.current", lang, number=index + 1, total=rules.hand_size)
    captions = [(shown_from, running)]
    won = times.won.get(index, 0.0) if trick.winner is not None else None
    if trick.winner is not None and won is not None:
        captions.append((won, _won_caption(index, trick.winner, rules, lang, human)))
    slots = [
        _slot(
            player,
            card,
            rules,
            lang,
            human,
            times.appear.get((index, position), 0.0),
            won if player == trick.winner else None,
            reasons.get(card, ""),
        )
        for position, (player, card) in enumerate(trick.plays)
    ]
    classes, style = timing(shown_from, times.gathered.get(index))
    caption = _phases(captions, "ht-caption")
    return f'<div class="ht-layer{classes}"{style}>{caption}{"".join(slots)}</div>'


def _pass_layer(deal: Deal, lang: str, human: int, picked: Sequence[Card]) -> str:
    """During the pass: where the person's cards go, and those chosen so far."""
    rules = deal.rules
    direction = deal.pass_direction
    count = rules.cards_to_pass
    if direction is None or deal.passes()[human] is not None:
        return f'<div class="ht-layer"><div class="ht-caption">{escape(text("phase.pass", lang))}</div></div>'
    receiver = rules.pass_receiver(human, direction)
    seat = seat_words(receiver, rules, lang, human)
    arrow = _ARROW[seat_of(receiver, rules.players)]
    faces = "".join(card_face(card, lang) for card in picked[:count])
    faces += '<span class="ht-face ht-empty" aria-hidden="true"></span>' * max(
        0, count - len(picked)
    )
    return (
        f'<div class="ht-layer ht-pass"><div class="ht-caption">{escape(text("ui.pass.goes", lang, count=count, seat=seat))}</div>'
        f'<div class="ht-arrow ht-arrow-{seat_of(receiver, rules.players)}" aria-hidden="true">{arrow}</div>'
        f'<div class="ht-pass-cards">{faces}</div></div>'
    )


@dataclass(frozen=True)
class Exchange:
    """The pass seen from one seat: the cards given and to whom, those received and
    from whom."""

    given: tuple[Card, ...]
    to: int
    received: tuple[Card, ...]
    source: int


def exchange_of(deal: Deal, player: int = 0) -> Exchange | None:
    """The pass of this deal seen from ``player``, once every card has been passed."""
    direction = deal.pass_direction
    given = deal.passes()[player] if direction is not None else None
    received = deal.received(player)
    if direction is None or given is None or not received:
        return None
    rules = deal.rules
    return Exchange(  # in the hand's order, as every list of the pass shows them
        tuple(sorted_for_display(given)),
        rules.pass_receiver(player, direction),
        tuple(sorted_for_display(received)),
        rules.pass_giver(player, direction),
    )


def _tiny_faces(cards: Sequence[Card], lang: str, star: Card | None = None) -> str:
    return "".join(card_face(card, lang, tiny=True, marked=card == star) for card in cards)


def _corner(deal: Deal, index: int, lang: str, human: int, picked: Sequence[Card] = ()) -> str:
    """The corner of the felt: trick ``index`` once it has left the middle. Before the
    first trick, the pass: who gets the person's cards and who gives them theirs (while
    choosing, the cards chosen so far; then the cards given and received)."""
    rules = deal.rules
    tricks = deal.tricks
    title = text("ui.trick.last", lang)
    if 0 <= index < len(tricks):
        trick = tricks[index]
        assert trick.winner is not None
        star = dict(trick.plays)[trick.winner]
        winner = (
            text("ui.trick.won_you", lang)
            if trick.winner == human
            else text("ui.trick.won_by", lang, seat=seat_words(trick.winner, rules, lang, 0))
        )
        names = ", ".join(
            f"{seat_words(p, rules, lang, human)} {card_name(c, lang)}" for p, c in trick.plays
        )
        return (
            f'<div class="ht-corner-title">{escape(title)}</div>'
            f'<div class="ht-tiny-row" role="img" aria-label="{escape(names)}">'
            f"{_tiny_faces(trick.cards, lang, star)}</div>"
            f'<div class="ht-corner-line">{escape(winner)}</div>'
        )
    direction = deal.pass_direction
    exchange = exchange_of(deal, human)
    if exchange is not None:
        to, source = exchange.to, exchange.source
        given = _tiny_faces(exchange.given, lang)
        received = _tiny_faces(exchange.received, lang)
    elif deal.phase == "pass" and direction is not None:
        to = rules.pass_receiver(human, direction)
        source = rules.pass_giver(human, direction)
        count = rules.cards_to_pass
        given = _tiny_faces(picked[:count], lang) + _TINY_EMPTY * max(0, count - len(picked))
        received = _TINY_BACK * count
    else:
        return (
            f'<div class="ht-corner-title">{escape(title)}</div>'
            f'<div class="ht-corner-line">{escape(text("ui.trick.none", lang))}</div>'
        )
    gave = text("ui.pass.gave", lang, seat=seat_words(to, rules, lang, human))
    came = text("ui.pass.came", lang, seat=seat_words(source, rules, lang, human))
    return (
        f'<div class="ht-corner-title">{escape(text("ui.pass.title", lang))}</div>'
        f'<div class="ht-pass-groups"><div><div class="ht-corner-line">{escape(gave)}</div>'
        f'<div class="ht-tiny-row">{given}</div></div>'
        f'<div><div class="ht-corner-line">{escape(came)}</div>'
        f'<div class="ht-tiny-row">{received}</div></div></div>'
    )


_TINY_EMPTY = '<span class="ht-face ht-tiny ht-empty" aria-hidden="true"></span>'
_TINY_BACK = '<span class="ht-face ht-tiny ht-back-face" aria-hidden="true"></span>'


def _seat(
    deal: Deal,
    player: int,
    lang: str,
    human: int,
    times: Timeline,
    acting: int | None,
    receiver: int | None,
) -> str:
    """A seat: name, card backs and count (never a face), points and tricks, each on a
    line of its own so that the seat keeps its size; who is to play, or who receives the
    person's pass, marked over its edge. During a reply the counts change as the cards
    are shown."""
    rules = deal.rules
    tricks = tricks_so_far(deal)
    hand_changes = [
        moment
        for (index, position), moment in sorted(times.appear.items())
        if tricks[index].plays[position][0] == player
    ]
    count = len(deal.hand(player))
    points, taken = deal.points_taken[player], deal.tricks_won[player]
    score_changes: list[tuple[float, int]] = []  # (when, points of the trick)
    for index, moment in sorted(times.won.items()):
        if tricks[index].winner == player:
            score_changes.append((moment, sum(rules.values[c.index] for c in tricks[index].cards)))
    label = escape(seat_words(player, rules, lang, human))
    lines = [f'<div class="ht-name">{label}</div>']
    if player != human:
        counts = [(0.0, count + len(hand_changes))]
        counts += [
            (moment, count + len(hand_changes) - i - 1) for i, moment in enumerate(hand_changes)
        ]
        lines.append(
            _phases(
                [
                    (m, f'{card_backs(c)}<div class="ht-meta">{escape(card_count(c, lang))}</div>')
                    for m, c in counts
                ],
                "ht-hand-line",
            )
        )
    scores = [(0.0, points - sum(p for _, p in score_changes), taken - len(score_changes))]
    for moment, worth in score_changes:
        scores.append((moment, scores[-1][1] + worth, scores[-1][2] + 1))
    lines.append(
        _phases(
            [
                (
                    m,
                    f'<div class="ht-meta"><span class="ht-long">{escape(text("ui.seat.points", lang, points=p))}</span>'
                    f'<span class="ht-short">{escape(text("ui.seat.points_short", lang, points=p))}</span></div>'
                    f'<div class="ht-meta">{escape(text("ui.seat.tricks", lang, count=t))}</div>',
                )
                for m, p, t in scores
            ],
            "ht-score-line",
        )
    )
    marks = []
    if player == acting:
        classes, style = timing(times.end if player == human else 0.0)
        marks.append(
            f'<div class="ht-turn-ring{classes}"{style}></div>'
            f'<span class="ht-tag ht-turn-tag{classes}"{style}>▶ {escape(text("ui.seat.to_play", lang))}</span>'
        )
    if player == receiver:
        marks.append(
            f'<span class="ht-tag ht-gets-tag">{escape(text("ui.pass.gets", lang))}</span>'
        )
    area = _AREA[seat_of(player, rules.players)]
    return (
        f'<section class="ht-seat ht-{area}" aria-label="{label}">'
        f"{''.join(lines)}{''.join(marks)}</section>"
    )


def live_felt_html(
    deal: Deal,
    lang: str,
    human: int = 0,
    *,
    replay: Replay | None = None,
    picked: Sequence[Card] = (),
    reasons: Mapping[Card, str] | None = None,
) -> str:
    """The table seen from ``human``'s seat: each seat with its card count (never a
    face), points and tricks taken and who is to play; the trick in the middle (the one
    just won stays there until the next lead), the trick before it in a corner (before
    the first one, the pass: what went where and what came back).

    ``replay`` shows the cards played since a point one after another (see
    :class:`Replay`); ``picked`` are the cards chosen for the pass, shown going to their
    receiver; ``reasons`` the bots' sentences about their cards, as tooltips."""
    rules = deal.rules
    n = rules.players
    times = timeline(deal, replay, human)
    reasons = reasons or {}
    in_pass = deal.phase == "pass"
    acting = None if deal.is_over or in_pass else deal.to_play
    receiver = None
    if in_pass and deal.pass_direction is not None and deal.passes()[human] is None:
        receiver = rules.pass_receiver(human, deal.pass_direction)
    seats = [_seat(deal, p, lang, human, times, acting, receiver) for p in range(n)]
    tricks = tricks_so_far(deal)
    if in_pass:
        layers = [_pass_layer(deal, lang, human, picked)]
    else:
        # the middle shows the tricks of the reply in turn; with no reply, the trick in
        # progress, or the one just won until the next lead
        first = times.first if times.appear else max(0, len(tricks) - 1)
        layers = [
            _trick_layer(deal, index, tricks[index], times, lang, human, reasons)
            for index in range(first, len(tricks))
        ]
        if not layers:
            empty = text("phase.over", lang) if deal.is_over else text("ui.trick.empty", lang)
            layers = [f'<div class="ht-layer"><div class="ht-caption">{escape(empty)}</div></div>']
    # the corner: the last trick that is not in the middle
    completed = len(deal.tricks)
    in_middle = completed - 1 if not deal.current_trick.plays else completed
    before = times.first - 1 if times.appear else in_middle - 1
    corners = [(0.0, _corner(deal, before, lang, human, picked))]
    corners += [
        (moment, _corner(deal, index, lang, human))
        for index, moment in sorted(times.gathered.items())
    ]
    corner = _phases(corners, "ht-corner")
    centre = f'<div class="ht-centre">{"".join(layers)}</div>'
    return (
        f'<div class="ht-felt ht-live ht-p{n}{" ht-two" if n == 2 else ""}" lang="{lang}">'
        f"{''.join(seats)}{centre}{corner}</div>"
    )


def badges_html(deal: Deal, lang: str, replay: bool = False) -> str:
    if not deal.rules.must_break_hearts:
        hearts = f'<span class="ht-badge">{escape(text("ui.hearts.free", lang))}</span>'
    elif deal.hearts_broken:
        hearts = f'<span class="ht-badge ht-broken">{escape(text("ui.hearts.broken", lang))}</span>'
    else:
        hearts = f'<span class="ht-badge">{escape(text("ui.hearts.unbroken", lang))}</span>'
    variant = variant_name(deal.rules, lang)
    direction = deal.pass_direction
    if direction:
        passing = text("ui.badge.passing", lang, direction=message(f"pass.{direction}", lang))
    else:
        passing = text("ui.badge.no_pass", lang)
    deals = ""
    if deal.rules.deals is not None:
        deals = f'<span class="ht-badge">{escape(deal_of_text(deal, lang))}</span>'
    # A replay at the table says so in words, first, where the eye reads the deal's kind.
    replaying = (
        f'<span class="ht-badge ht-replay-badge">{escape(text("ui.replay.banner", lang))}</span>'
        if replay
        else ""
    )
    return (
        f'<div class="ht-badges">{replaying}<span class="ht-badge">{escape(variant)}</span>'
        f'{hearts}<span class="ht-badge">{escape(passing)}</span>{deals}'
        f"</div>"
    )


def deal_of_text(deal: Deal, lang: str) -> str:
    """With a fixed number of deals (docs/rules.md §7.1): "Deal 2 of 5", and past the last
    one, a tie-break deal."""
    deals = deal.rules.deals
    assert deals is not None
    number = deal.deal_number + 1
    if number > deals:
        return text("ui.deals.tie_break", lang, number=number)
    return text("ui.deals.of", lang, number=number, deals=deals)


def variant_name(rules: Rules, lang: str) -> str:
    return text("variant." + (rules.preset_name or "custom"), lang)


def score_sheet_html(
    rules: Rules,
    results: Sequence[DealResult],
    lang: str,
    current: Deal | None = None,
    numbers: Sequence[int] | None = None,
) -> str:
    """Deal by deal: what each player scored, then the totals. ``numbers``: each
    result's deal as the game numbers it (from 1; by default 1, 2...). A game that began
    with totals (a shared deal of a game under way) shows them first, on a line of their
    own, so that the totals are that line plus the rows."""
    n = rules.players
    heads = "".join(
        f"<th scope='col'>{escape(seat_words(p, rules, lang, 0))}</th>" for p in range(n)
    )
    deal_word = escape(text("ui.score.deal", lang))
    numbers = list(numbers) if numbers is not None else list(range(1, len(results) + 1))
    rows = []
    if results:
        before, first = results[0].totals_before, numbers[0]
    elif current is not None:
        before, first = current.totals, current.deal_number + 1
    else:
        before, first = (0,) * n, 1
    if any(before):
        said = escape(text("ui.score.before", lang, number=first))
        cells = "".join(f"<td>{signed(total)}</td>" for total in before)
        rows.append(f"<tr class='ht-before'><th scope='row'>{said}</th>{cells}</tr>")
    for number, result in zip(numbers, results, strict=True):
        moon = ""
        if result.moon is not None:
            shooter = moon_text(result.moon, rules, lang)
            moon = f' <span title="{escape(shooter)}" aria-label="{escape(shooter)}">☾</span>'

        cells = "".join(f"<td>{signed(score)}</td>" for score in result.scores)
        rows.append(f"<tr><th scope='row'>{deal_word} {number}{moon}</th>{cells}</tr>")
    if current is not None and not current.is_over and current.phase == "play":
        cells = "".join(f"<td>{signed(points)}</td>" for points in current.points_taken)
        rows.append(
            f"<tr class='ht-current'><th scope='row'>{escape(text('ui.score.now', lang))}</th>{cells}</tr>"
        )
    if not rows:
        rows.append(f"<tr><td colspan='{n + 1}'>{escape(text('ui.score.empty', lang))}</td></tr>")
    totals = results[-1].totals if results else before
    leaders, lead_word = _leaders(rules, results), "ui.score.leading"
    if results and results[-1].game_over:
        leaders, lead_word = set(results[-1].winners), "ui.score.won"
    said = escape(message(lead_word, lang), quote=True)
    foot = "".join(
        f"<td class='ht-lead' title='{said}'>{signed(total)}</td>"
        if player in leaders
        else f"<td>{signed(total)}</td>"
        for player, total in enumerate(totals)
    )
    teams = ""
    if rules.partnership and results:
        parts = []
        for team, total in zip(rules.teams(), results[-1].team_totals, strict=True):
            names = join_words([seat_words(p, rules, lang, 0) for p in team], lang)
            parts.append(escape(text("ui.score.team", lang, names=names, total=signed(total))))
        teams = "<p>" + " · ".join(parts) + "</p>"
    return (
        f'<div class="ht-panel"><h3>{escape(text("ui.score.title", lang))}</h3>'
        f'<table class="ht-scores{" ht-many" if n > 4 else ""}"><thead><tr><th></th>{heads}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody>"
        f"<tfoot><tr><th scope='row'>{escape(text('ui.score.total', lang))}</th>{foot}</tr></tfoot>"
        f"</table>{teams}</div>"
    )


def _leaders(rules: Rules, results: Sequence[DealResult]) -> set[int]:
    """The players (the team, in partnership) with the best total so far: the lowest,
    the highest in Reverse Hearts; nobody before the first deal or while all are level."""
    if not results:
        return set()
    teams = rules.teams()
    sums = results[-1].team_totals
    if len(set(sums)) == 1:
        return set()
    best = max(sums) if rules.reverse else min(sums)
    return {p for team, total in zip(teams, sums, strict=True) if total == best for p in team}


def rules_rows(rules: Rules, lang: str) -> list[tuple[str, str]]:
    """Rows (label, value) of the rules in force: the variant, then the engine's words."""
    from hearts_teach.describe import rule_rows

    return [(text("ui.label.variant", lang), variant_name(rules, lang)), *rule_rows(rules, lang)]


def rules_html(rules: Rules, lang: str) -> str:
    body = "".join(
        f"<tr><th scope='row'>{escape(label)}</th><td>{escape(value)}</td></tr>"
        for label, value in rules_rows(rules, lang)
    )
    return (
        f'<div class="ht-panel"><h3>{escape(text("ui.rules.title", lang))}</h3>'
        f'<table class="ht-rules"><tbody>{body}</tbody></table></div>'
    )


def playground_link(
    code: str,
    playground_url: str = DEFAULT_PLAYGROUND_URL,
    lang: str | None = None,
    bots: str | None = None,
) -> str:
    """The playground's address that opens this deal (in ``lang`` if given, against the
    ``bots`` of that level if given: a deal shared from a strong bots' game reopens with
    them)."""
    separator = "&" if "?" in playground_url else "?"
    link = f"{playground_url}{separator}deal={quote(code, safe='')}"
    if lang is not None:
        link += f"&lang={lang}"
    return link if bots is None else f"{link}&bots={quote(bots, safe='')}"


def position_html(
    deal: Deal,
    lang: str = "en",
    *,
    player: int = 0,
    playground_url: str | None = DEFAULT_PLAYGROUND_URL,
    code: str | None = None,
    include_style: bool = True,
    seated: bool = False,
) -> str:
    """A static picture of the position, seen from ``player`` (the learner: their hand
    face up and their seat named "You", the others as counts under their compass names),
    with a link that opens the same deal in the playground.

    The seats keep their compass places whoever the learner is (seat 0 South at the
    bottom), so the picture agrees with tables that name seats by compass. The playground
    seats the person at seat 0, so the link is given only when the learner sits there.
    For the static book: no control here pretends to work. ``code`` defaults to the
    deal's share code; pass ``playground_url=None`` for no link. ``seated``: the learner
    is drawn at the bottom instead, as the playground seats its player (the puzzles,
    where the seat to play may be any).
    """
    if not 0 <= player < deal.rules.players:
        raise ValueError(f"no seat {player} at a table of {deal.rules.players}")
    if player != 0:
        playground_url = None
    hand = sorted_for_display(deal.hand(player))
    faces = "".join(card_face(card, lang) for card in hand)
    link = ""
    if playground_url is not None:
        if code is None:
            from hearts_teach.records import share_code

            code = share_code(deal)
        href = escape(playground_link(code, playground_url, lang))
        link = f'<a class="ht-link" href="{href}">{escape(text("ui.static.open", lang))} ▸</a>'
    style = style_tag() if include_style else ""
    return (
        f'{style}<div class="ht-root ht-static" lang="{lang}" role="figure" '
        f'aria-label="{escape(text("ui.static.alt", lang))}">'
        f"{badges_html(deal, lang)}{felt_html(deal, lang, human=player, bottom=player if seated else 0)}"
        f'<div class="ht-hand-static" aria-label="{escape(text("ui.hand.label", lang))}">{faces}</div>'
        f"{link}</div>"
    )
