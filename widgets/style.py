"""The look of the table: one style sheet, shared by the live widgets and the static pictures.

Card buttons show their rank and suit through CSS generated content with an empty
alternative text (``content: "Q" / ""``), so the button's accessible name is its
description: the card's full name and, for a card that cannot be played, the reason.
The icons of the buttons get the same empty alternative, so that no name starts with a
private-use character.

The live table (``.ht-live``, hearts_teach_widgets.table) keeps every box the same size from turn to
turn: one line per fact in a seat, a middle of fixed height, the hand on one row whose
cards narrow to fit. Under 540 pixels of width (a phone) the felt puts the three other
seats on one row above the trick (five and six players: the other seats on two rows,
the corner between them). The bots' cards of a reply appear in turn through the
``ht-in`` / ``ht-out`` animations, timed by each part's ``--in`` / ``--out``
(hearts_teach_widgets.render); with reduced motion asked for, they appear in turn without sliding.
"""

from __future__ import annotations

import math
from typing import Final

from hearts_teach.cards import Suit
from hearts_teach.i18n import LANGS, rank_letter

RED = "#c1121f"
BLACK = "#1d1d1f"

# The letters a card's face may show: digits, and each language's letters of the jack,
# queen, king and ace (English J Q K A, French V D R A), from the catalogs.
_RANKS = tuple(dict.fromkeys(rank_letter(rank, lang) for lang in LANGS for rank in range(2, 15)))


def _generated_content() -> str:
    rules = [f'.ht-card.ht-r-{rank}::before{{content:"{rank}" / ""}}' for rank in _RANKS]
    rules += [
        f'.ht-card.ht-s-{suit.letter}::after{{content:"{suit.symbol}" / ""}}' for suit in Suit
    ]
    return "\n".join(rules)


# Font Awesome 4 (the icons of ipywidgets' buttons): each icon this project uses, with an
# empty alternative text.
_ICONS = {
    "arrow-left": "f060",
    "check": "f00c",
    "eraser": "f12d",
    "exchange": "f0ec",
    "forward": "f04e",
    "lightbulb-o": "f0eb",
    "play": "f04b",
    "refresh": "f021",
    "sliders": "f1de",
    "undo": "f0e2",
    "upload": "f093",
}


def _icons() -> str:
    return "\n".join(
        f'.ht-root .fa.fa-{name}::before{{content:"\\{code}" / ""}}'
        for name, code in _ICONS.items()
    )


# The compact felt of a phone: the other seats on one row, the trick below, then the
# person's seat and the corner.
_NARROW = """
.ht-felt.ht-live{grid-template-columns:repeat(3,minmax(0,1fr));gap:6px;padding:12px 8px 8px 8px;
  grid-template-areas:"west north east" "centre centre centre" "south last last"}
.ht-felt.ht-live.ht-p3{grid-template-areas:"west last east" "centre centre centre" "south south south"}
.ht-felt.ht-live.ht-p2{grid-template-areas:"north north last" "centre centre centre" "south south south"}
.ht-felt.ht-live.ht-p5{grid-template-columns:repeat(6,minmax(0,1fr));
  grid-template-areas:"nw nw nw ne ne ne" "west west last last east east" "centre centre centre centre centre centre" "south south south south south south"}
.ht-felt.ht-live.ht-p6{grid-template-areas:"nw north ne" "sw last se" "centre centre centre" "south south south"}
.ht-live.ht-p5 .ht-seat,.ht-live.ht-p6 .ht-seat{padding:4px 5px}
.ht-live.ht-p5 .ht-seat .ht-name,.ht-live.ht-p6 .ht-seat .ht-name{font-size:13px}
.ht-live.ht-p5 .ht-seat .ht-meta,.ht-live.ht-p6 .ht-seat .ht-meta{font-size:11px}
.ht-live.ht-p5 .ht-corner,.ht-live.ht-p6 .ht-corner{height:136px;align-self:center;padding:4px 5px}
.ht-live.ht-p5 .ht-seat .ht-name,.ht-live.ht-p6 .ht-seat .ht-name,
.ht-live.ht-p5 .ht-corner-line,.ht-live.ht-p6 .ht-corner-line{white-space:normal;overflow:visible;
  overflow-wrap:anywhere;text-overflow:clip;line-height:1.15}
.ht-live.ht-p5 .ht-seat .ht-name,.ht-live.ht-p6 .ht-seat .ht-name{height:2.3em}
.ht-live.ht-p5 .ht-corner-line,.ht-live.ht-p6 .ht-corner-line{font-size:11px}
.ht-live.ht-p5 .ht-tiny-row,.ht-live.ht-p6 .ht-tiny-row{flex-wrap:wrap}
.ht-live.ht-p5 .ht-pass-groups,.ht-live.ht-p6 .ht-pass-groups{grid-template-columns:minmax(0,1fr);gap:0}
.ht-live .ht-seat{padding:5px 7px;font-size:12px}
.ht-live .ht-seat .ht-name{font-size:14px}
.ht-live .ht-seat .ht-meta{font-size:12px}
.ht-live .ht-back{margin-right:-9px}
.ht-live .ht-tag{right:4px;padding:0 4px;font-size:11px}
.ht-hand .ht-card.jupyter-button,.ht-hand .ht-card{height:64px !important}
.ht-hand .ht-card::before{font-size:15px}
.ht-hand .ht-card::after{font-size:17px}
/* a phone's hand: cards a thumb can take whole (44 px wide at least, none over another:
   a fan left 21 px of each and a tap mid-card took its neighbour), in rows of seven at
   most, the rows even (thirteen: seven and six); pinned to the bottom of the screen over
   the table while it is on screen */
.ht-hand{gap:4px 1px !important;justify-content:center;flex-wrap:wrap !important;
  align-content:flex-start}
.ht-hand .ht-card.jupyter-button,.ht-hand .ht-card{flex:0 0 44px !important;width:auto !important;
  margin-left:0 !important;
  justify-content:flex-start !important;align-items:flex-start !important;padding:4px 0 0 5px !important;
  box-shadow:-1px 0 3px rgba(0,0,0,.25)}
.ht-main>.ht-hand,.ht-main>.ht-refusal-box{position:sticky;bottom:0}
.ht-main>.ht-hand{z-index:15;background:var(--ht-page,#fff);min-height:78px;padding:8px 4px 6px 4px;
  box-shadow:0 -3px 8px rgba(0,0,0,.18);border-radius:10px 10px 0 0}
.ht-main>.ht-refusal-box .ht-refusal{top:auto;bottom:82px}
.ht-main>.ht-hand.ht-rows-2{min-height:146px}.ht-main>.ht-hand.ht-rows-3{min-height:214px}
.ht-main>.ht-hand.ht-rows-2~.ht-refusal-box .ht-refusal{bottom:150px}
.ht-main>.ht-hand.ht-rows-3~.ht-refusal-box .ht-refusal{bottom:218px}
/* the phase's buttons (« Passer ces cartes », « Donne suivante ») right under the hand,
   so that the table, the hand and them fit one screen */
.ht-main>.ht-toolbar:not(.ht-ask){order:1}
/* a lesson's verdict on the card just tried (« ✘ Pas celle-ci … ») right under the hand,
   before the buttons, where the player looks: after them it fell below the screen */
.ht-main>.ht-verdict{order:1}
/* the trick a little smaller, so that North's card and its name (two rows) end above the
   bottom card (its row 4): 52 + a 14-px name in 2 × 34 px; 31-px rows laid it on « Nord » */
.ht-live:not(.ht-p5):not(.ht-p6) .ht-centre{height:164px}
.ht-live:not(.ht-p5):not(.ht-p6) .ht-layer{grid-template-rows:20px repeat(4,34px)}
.ht-live:not(.ht-p5):not(.ht-p6) .ht-slot .ht-face{width:38px;height:52px}
.ht-live:not(.ht-p5):not(.ht-p6) .ht-slot .ht-rank{font-size:16px}
.ht-live:not(.ht-p5):not(.ht-p6) .ht-slot .ht-suit{font-size:19px}
.ht-live .ht-slot-label{line-height:14px}
/* a seat's words wrap rather than end in « Plus de ca… » */
.ht-live .ht-seat .ht-meta{white-space:normal;overflow-wrap:anywhere;text-overflow:clip}
.ht-note{font-size:13px !important}
.ht-live .ht-corner{height:86px}
.ht-pass-groups{grid-template-columns:repeat(2,minmax(0,1fr));gap:8px}
/* three seats: the corner has a third of a phone's width: its lines one above the other,
   wrapped, never cut (« Vou… Est … »), its card backs wrapped inside it */
.ht-live.ht-p3 .ht-corner{height:auto;min-height:86px;padding:4px 5px}
.ht-live.ht-p3 .ht-pass-groups{grid-template-columns:minmax(0,1fr);gap:0}
.ht-live.ht-p3 .ht-corner-line{font-size:11px;white-space:normal;overflow:visible;
  overflow-wrap:anywhere;text-overflow:clip;line-height:1.15}
.ht-live.ht-p3 .ht-tiny-row{flex-wrap:wrap}
/* « Receives your cards »: in the seat's box, under its lines, wrapped if need be (on the
   box's edge it was cut on the left, and over a long name with six seats) */
.ht-live .ht-gets-tag{position:static;display:block;width:max-content;max-width:100%;
  white-space:normal;margin:3px 0 0 0;box-sizing:border-box}
.ht-table .ht-badges{flex-direction:column;align-items:flex-start;gap:3px}
.ht-table .ht-badge{font-size:12.5px;padding:1px 8px}
.ht-live .ht-long{display:none}.ht-live .ht-short{display:inline}
"""


HAND_ROW: Final = 7
"""The most cards in a row of a phone's hand (seven 44-px cards fill a 390-px phone)."""


def _hand_rows() -> str:
    """A phone's hand of ``n`` cards in even rows of seven at most, each card as wide as
    its row allows (44 to 60 px); a row too narrow for them wraps once more."""
    rules = []
    for n in range(2, 19):
        per_row = math.ceil(n / math.ceil(n / HAND_ROW))
        width = f"max(44px,min(60px,calc((100% - {per_row - 1}px) / {per_row})))"
        rules.append(f".ht-hand.ht-n-{n} .ht-card{{flex-basis:{width} !important}}\n")
    return "".join(rules)


LIVE = (
    """
.ht-main,.ht-table,.ht-lesson{container-type:inline-size}
.ht-main>.ht-note{order:2}.ht-main>.ht-hand{order:1}.ht-main>.ht-refusal-box{order:2}.ht-main>*{order:3}.ht-main>.ht-felt-box{order:0}
.ht-main>.ht-hand+.ht-refusal-box{order:1}
.ht-felt.ht-live{grid-template-columns:minmax(0,1fr) minmax(0,1.6fr) minmax(0,1fr);
  grid-template-areas:"last north ." "west centre east" ". south .";min-height:0;align-items:center;
  padding:10px;gap:8px}
.ht-felt.ht-live.ht-p3{grid-template-areas:"last . ." "west centre east" ". south ."}
.ht-felt.ht-live.ht-p2{grid-template-areas:"last north ." ". centre ." ". south ."}
.ht-felt.ht-live.ht-p5{grid-template-areas:"nw . ne" "west centre east" "last south ."}
.ht-felt.ht-live.ht-p6{grid-template-areas:"nw north ne" "sw centre se" "last south ."}
.ht-live .ht-seat{position:relative;min-height:0;align-self:center;min-width:0}
.ht-live .ht-seat>*,.ht-live .ht-phase>*,.ht-live .ht-phases>*{min-width:0}
.ht-live .ht-name,.ht-live .ht-meta,.ht-live .ht-caption,.ht-live .ht-corner-line,
.ht-live .ht-slot-label,.ht-live .ht-corner-title{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.ht-live .ht-backs{height:22px;display:flex;overflow:hidden;margin:3px 0 1px 0}
/* a wide felt: a seat in three lines (its name; its backs and count; its points and
   tricks), so that the table and the hand fit a laptop's screen */
@container (min-width:600px){
  .ht-live .ht-hand-line:not(.ht-phases),.ht-live .ht-hand-line>.ht-phase,
  .ht-live .ht-score-line:not(.ht-phases),.ht-live .ht-score-line>.ht-phase{display:flex;
    align-items:center;gap:0 .6em;min-width:0}
  .ht-live .ht-hand-line .ht-backs{margin:1px 0;flex:none}
  .ht-live .ht-hand-line .ht-back{margin-right:-11px}
  .ht-live .ht-seat .ht-meta{font-size:12.5px}
  .ht-live .ht-seat .ht-long{display:none}.ht-live .ht-seat .ht-short{display:inline}}
.ht-live .ht-back{flex:none}
.ht-live .ht-tag{position:absolute;top:-11px;right:8px;border-radius:8px;padding:0 6px;font-size:12px;
  font-weight:700;white-space:nowrap;line-height:1.5;margin:0}
.ht-live .ht-turn-tag{background:#ffb300;color:#1d1d1f}
.ht-live .ht-gets-tag{background:#1565c0;color:#fff}
.ht-live .ht-turn-ring{position:absolute;inset:-3px;border:3px solid #ffb300;border-radius:10px;
  box-shadow:0 0 0 3px rgba(255,179,0,.35);pointer-events:none}
.ht-phases{display:grid}.ht-phases>.ht-phase{grid-area:1 / 1}
.ht-live .ht-centre{display:grid;grid-template-columns:minmax(0,1fr);grid-template-rows:minmax(0,1fr);
  justify-items:stretch;align-items:stretch;height:196px;min-height:0;padding:4px;min-width:0;align-self:center}
.ht-live .ht-layer{grid-area:1 / 1;display:grid;grid-template-columns:repeat(3,minmax(0,1fr));
  grid-template-rows:20px repeat(4,40px);justify-items:center;align-items:start;min-width:0}
.ht-live .ht-caption{grid-column:1 / 4;grid-row:1;max-width:100%}
.ht-live .ht-slot{position:relative;text-align:center;max-width:100%}
.ht-live .ht-slot-n{grid-column:2;grid-row:2 / 4}.ht-live .ht-slot-w{grid-column:1;grid-row:3 / 5}
.ht-live .ht-slot-e{grid-column:3;grid-row:3 / 5}.ht-live .ht-slot-s{grid-column:2;grid-row:4 / 6}
.ht-live.ht-p5 .ht-slot-nw,.ht-live.ht-p6 .ht-slot-nw{grid-column:1;grid-row:2 / 4}
.ht-live.ht-p5 .ht-slot-ne,.ht-live.ht-p6 .ht-slot-ne{grid-column:3;grid-row:2 / 4}
.ht-live.ht-p5 .ht-slot-w,.ht-live.ht-p6 .ht-slot-sw{grid-column:1;grid-row:4 / 6}
.ht-live.ht-p5 .ht-slot-e,.ht-live.ht-p6 .ht-slot-se{grid-column:3;grid-row:4 / 6}
.ht-live .ht-slot .ht-face{margin:0}
.ht-live .ht-win{position:absolute;top:-7px;right:-9px;width:20px;height:20px;border-radius:50%;
  background:#ffb300;color:#1d1d1f;font-size:13px;line-height:20px;text-align:center;
  box-shadow:0 1px 3px rgba(0,0,0,.4)}
.ht-live .ht-pass{grid-template-rows:20px 48px 1fr}
.ht-live .ht-arrow{grid-column:1 / 4;grid-row:2;font-size:38px;line-height:48px;color:#ffe082;font-weight:700}
.ht-live .ht-arrow-w,.ht-live .ht-arrow-sw{animation:ht-nudge-w 1.2s ease-in-out 3}
.ht-live .ht-arrow-e,.ht-live .ht-arrow-se{animation:ht-nudge-e 1.2s ease-in-out 3}
.ht-live .ht-arrow-n{animation:ht-nudge-n 1.2s ease-in-out 3}
@keyframes ht-nudge-w{50%{transform:translateX(-10px)}}
@keyframes ht-nudge-e{50%{transform:translateX(10px)}}
@keyframes ht-nudge-n{50%{transform:translateY(-10px)}}
.ht-live .ht-pass-cards{grid-column:1 / 4;grid-row:3;display:flex;gap:4px;align-items:flex-start}
.ht-face.ht-empty{background:transparent;border:2px dashed rgba(255,255,255,.7);box-shadow:none}
.ht-face.ht-back-face{border:1px solid #fff;background:repeating-linear-gradient(45deg,#1e4d8c 0 3px,#2f6bc0 3px 6px)}
.ht-live .ht-corner{grid-area:last;align-self:start;background:rgba(0,0,0,.2);color:#fff;
  border-radius:10px;padding:5px 8px;font-size:12px;line-height:1.35;min-width:0;overflow:hidden;
  height:130px;box-sizing:border-box}
.ht-pass-groups{display:grid;grid-template-columns:minmax(0,1fr);gap:0}
.ht-live .ht-corner-title{font-weight:700;font-size:12.5px;line-height:1.3}
.ht-live.ht-p5 .ht-corner-line,.ht-live.ht-p6 .ht-corner-line{font-size:11px;white-space:normal;
  overflow-wrap:anywhere;text-overflow:clip;line-height:1.15}
.ht-tiny-row{display:flex;gap:1px;margin:2px 0}
.ht-live .ht-short{display:none}
.ht-face.ht-tiny{width:22px;height:32px;border-radius:4px;margin:0;flex:none}
.ht-face.ht-tiny .ht-rank{font-size:11px}.ht-face.ht-tiny .ht-suit{font-size:12px}
.ht-face.ht-marked{outline:2px solid #ffb300;outline-offset:1px}
.ht-in{animation:ht-in .3s ease-out var(--in,0s) both}
.ht-out{animation:ht-out .25s ease-in var(--out,0s) forwards}
.ht-in.ht-out{animation:ht-in .3s ease-out var(--in,0s) both,ht-out .25s ease-in var(--out,0s) forwards}
@keyframes ht-in{from{opacity:0;visibility:hidden;transform:translateY(10px) scale(.92)}
  to{opacity:1;visibility:visible;transform:none}}
@keyframes ht-show{from{opacity:0;visibility:hidden}to{opacity:1;visibility:visible}}
@keyframes ht-out{from{opacity:1;visibility:visible}to{opacity:0;visibility:hidden}}
@media (prefers-reduced-motion:reduce){
  .ht-in{animation-name:ht-show;animation-duration:1ms}
  .ht-out{animation-duration:1ms}
  .ht-in.ht-out{animation-name:ht-show,ht-out;animation-duration:1ms,1ms}
  .ht-live .ht-arrow{animation:none}
  .ht-card{transition:none}
  .ht-refusal{animation:ht-refusal 6s steps(1,end) forwards}
}
.ht-skip.ht-idle{visibility:hidden}
.ht-note.widget-label{white-space:normal;overflow:visible;height:auto;min-height:2.2em;
  line-height:1.45;font-size:14px;color:#1d1d1f;padding:3px 6px;margin:2px 0;border-radius:6px}
.ht-anchor.widget-label{white-space:normal;overflow:visible;height:auto;line-height:1.4;
  font-size:14px;font-weight:700;color:#1d1d1f;padding:2px 4px;margin:2px 0;border-radius:6px}
.ht-anchor.widget-label:empty{display:none}
.ht-anchor:focus{outline:3px solid #1565c0;outline-offset:1px}
.ht-anchor:focus:not(:focus-visible){outline:none}
.ht-note:focus{outline:3px solid #1565c0;outline-offset:1px}
.ht-note:focus:not(:focus-visible){outline:none}
.ht-hand{flex-wrap:nowrap !important;overflow:visible}
.ht-hand .ht-card.jupyter-button,.ht-hand .ht-card{flex:0 1 46px !important;width:auto !important;
  min-width:0 !important}
.ht-log-box{display:flex;flex-direction:column-reverse;max-height:260px;overflow-y:auto}
.ht-log-tricks{margin:0;padding:0;list-style:none}
.ht-log-tricks .ht-log{max-height:none;overflow:visible}
.ht-log-head{font-weight:700;font-size:12.5px;color:#2e7d4f;margin-top:4px;border-top:1px solid #e0e0e0}
.ht-log-tricks>li:first-child .ht-log-head{border-top:none}
.ht-scores td.ht-lead{background:#fff3c4;font-weight:800}
.ht-scores td.ht-lead::before{content:"★ " / "";color:#b26a00}
.ht-root .widget-radio.ht-lang{width:auto;max-width:100%;flex-wrap:wrap;align-items:center;gap:0 8px}
.ht-lang .widget-radio-box{flex-direction:row;gap:4px 14px;flex-wrap:wrap;margin-bottom:0 !important}
.ht-lang .widget-radio-box label{font-size:14px;line-height:1.6}
.ht-lang .widget-radio-box label:has(input:checked){font-weight:700;color:#0d47a1}
.ht-root .jupyter-button:not(.ht-card){flex:0 0 auto;max-width:100%;white-space:normal;height:auto;
  min-height:var(--jp-widgets-inline-height,28px);overflow:visible;text-overflow:clip;line-height:1.25;
  padding-top:4px;padding-bottom:4px}
.ht-settings .widget-dropdown{width:auto}
/* WCAG AA contrast (4.5:1): the widgets' own green button (white on #388e3c, 4.1:1), amber
   button (white on #ff9800) and unselected tab labels (#6d6d6d on #eeeeee, 4.45:1) */
.ht-root .jupyter-button.mod-success{background-color:#2e7d32}
.ht-root .jupyter-button.mod-warning{background-color:#ff9800;color:#1d1d1f}
.ht-root .jupyter-widgets.widget-tab>.lm-TabBar .lm-TabBar-tab:not(.lm-mod-current){color:#4d4d4d}
.ht-root .widget-inline-hbox{max-width:calc(100% - 2 * var(--jp-widgets-margin, 2px));min-width:0}
.ht-root .widget-inline-hbox>select,.ht-root .widget-inline-hbox>input{min-width:0;flex:1 1 auto}
.ht-side{min-width:0}
/* a phone: grids of controls (the rules picker's options) in one column */
/* a drop-down's and a check box's words wrap, never cut with an ellipsis */
.ht-root .widget-dropdown.widget-inline-hbox{height:auto;min-height:var(--jp-widgets-inline-height,28px)}
.ht-root .widget-dropdown>.widget-label{white-space:normal;overflow:visible;text-overflow:clip;
  height:auto;line-height:1.25}
.ht-root .widget-checkbox{width:auto;max-width:100%;height:auto}
.ht-root .widget-checkbox .widget-label-basic{white-space:normal;height:auto;overflow:visible;
  text-overflow:clip;line-height:1.35;padding:4px 0}
@media (max-width:540px){.ht-root .widget-gridbox{grid-template-columns:minmax(0,1fr) !important}
  /* the tabs as wide as their words (four equal tabs cut « Enseignants »), wrapped if need be */
  .ht-root .jupyter-widgets.widget-tab>.lm-TabBar .lm-TabBar-content{flex-wrap:wrap}
  .ht-root .jupyter-widgets.widget-tab>.lm-TabBar .lm-TabBar-tab{flex:1 1 auto;min-width:0;
    max-width:none;padding:0 8px}
  .ht-root .jupyter-widgets.widget-tab>.lm-TabBar .lm-TabBar-tabLabel{overflow:visible;
    text-overflow:clip}
  /* a labelled drop-down: its label above it, the whole width for the choice's words */
  .ht-root .widget-dropdown.widget-inline-hbox{flex-wrap:wrap;height:auto}
  .ht-root .widget-dropdown>.widget-label{width:100% !important;max-width:100%;
    text-align:left;white-space:normal;height:auto}
  .ht-root .widget-dropdown>select{flex:1 1 100%;width:100%}
  /* the share panel: each field's label above it, the field the whole width */
  .ht-share .widget-hbox{flex-wrap:wrap}
  .ht-share .widget-text.widget-inline-hbox{flex-wrap:wrap;height:auto;flex:1 1 100% !important}
  .ht-share .widget-text>.widget-label{width:100% !important;max-width:100%;white-space:normal;
    text-align:left;height:auto}
  .ht-share .widget-text>input{flex:1 1 100%;min-width:0}}
/* a finger, not a mouse: every control at least 44 px high (WCAG 2.5.5) */
@media (pointer:coarse){.ht-root .jupyter-button:not(.ht-card),.ht-root select,
  .ht-root input[type=text]{min-height:44px}}
@container (max-width:540px){"""
    + _NARROW
    + _hand_rows()
    + """}
"""
)


_DARK_RULES = """
{p}{color-scheme:dark}
{p} .lm-TabBar-tab,{p} .p-TabBar-tab{background:#2a2d31 !important;color:#dddddd !important;
  border-color:#44474c !important}
{p} .lm-TabBar-tab.lm-mod-current,{p} .p-TabBar-tab.p-mod-current{background:#1b1b1d !important;
  color:#ffffff !important}
{p} .widget-tab-contents{background:transparent !important;border-color:#44474c !important}
{p} .ht-root{color:#e6e6e6;--ht-page:#1b1b1d;--jp-widgets-color:#e6e6e6;
  --jp-widgets-label-color:#e6e6e6;--jp-widgets-input-background-color:#232427;
  --jp-widgets-input-color:#eeeeee;--jp-widgets-input-border-color:#55585e}
{p} .ht-root .widget-label,{p} .ht-root .widget-html-content,{p} .ht-root label{color:inherit}
{p} .ht-panel{background:#1f2023;border-color:#3a3b3f}
{p} .ht-status{background:#3a3000;color:#fff3c4}
{p} .ht-message{background:#10263d;color:#dbeafe}
{p} .ht-message.ht-error,{p} .ht-refusal{background:#3b1214;color:#ffd7d7}
{p} .ht-badge{background:#2a2d31;border-color:#454a50;color:#e6e6e6}
{p} .ht-badge.ht-broken{background:#4a1518;border-color:#8e2a2a;color:#ffcdd2}
{p} .ht-badge.ht-replay-badge{background:#3a3000;border-color:#8a6d00;color:#fff3c4}
{p} .ht-note.widget-label,{p} .ht-anchor.widget-label{color:#e6e6e6}
{p} .ht-seat{background:rgba(30,32,35,.94);color:#eeeeee}
{p} .ht-seat .ht-meta{color:#c8c8c8}{p} .ht-seat .ht-said{color:#d0d0d0}
{p} .ht-scores th,{p} .ht-scores td,{p} .ht-moon-choice th,{p} .ht-moon-choice td{border-color:#4a4a4a}
{p} .ht-scores thead th{background:#263226}
{p} .ht-scores tfoot td,{p} .ht-scores tfoot th{background:#26272a}
{p} .ht-scores td.ht-lead{background:#4a3d00}
{p} .ht-scores .ht-current td,{p} .ht-scores .ht-current th{color:#b0b0b0}
{p} .ht-log-head{color:#7fd19b;border-top-color:#3a3b3f}{p} .ht-log-why{color:#bbbbbb}
{p} .ht-removed{color:#c8d0d4}
{p} .ht-link.ht-link-button{background:#1b1b1d;color:#90caf9;border-color:#90caf9}
{p} .ht-root .jupyter-button:not(.ht-card):not([class*="mod-"]){background:#2c2f33;color:#eeeeee}
{p} .ht-root .jupyter-button:not(.ht-card):disabled{opacity:.55}
{p} .ht-root select,{p} .ht-root input[type=text],{p} .ht-root input[type=number]{background:#232427;
  color:#eeeeee;border-color:#55585e}
{p} .ht-lang .widget-radio-box label:has(input:checked){color:#90caf9}
{p} .ht-review-row{background:#1f2023;color:#e6e6e6}
{p} .ht-details summary{color:#90caf9}
"""


def _dark() -> str:
    """The table in a dark page: the reader's system asks for it (unless the book's
    theme says light: ``data-ht-theme`` on the frame's page, from live.js), or the book's
    theme says dark. The felt stays green and the cards white, as at a real table."""
    system = _DARK_RULES.replace("{p}", "html:not([data-ht-theme=light])")
    chosen = _DARK_RULES.replace("{p}", "html[data-ht-theme=dark]")
    # The served page's own background (a book's frame is transparent: live.js).
    page = (
        "html:not([data-ht-theme]) body,html:not([data-ht-theme]) .jp-LabShell,"
        "html:not([data-ht-theme]) .lm-BoxPanel-child{background:#121212 !important}"
    )
    # A book's frame in a dark theme: its page lets the book's show through.
    frame = (
        "html[data-ht-theme=dark] .jp-LabShell,"
        "html[data-ht-theme=dark] .lm-BoxPanel-child{background:transparent !important}"
    )
    return f"@media (prefers-color-scheme:dark){{{system}{page}}}\n{chosen}{frame}"


CSS = (
    """
.ht-root{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1d1d1f;
  max-width:1040px}
.ht-root h2,.ht-root h3{margin:.3em 0}
.ht-root .widget-html-content{line-height:1.4}
.ht-seat,.ht-panel,.ht-centre,.ht-status,.ht-message,.ht-badges{line-height:1.4}
.ht-felt{background:radial-gradient(ellipse at center,#2e7d4f 0%,#1f5f3a 75%);border-radius:18px;
  padding:14px;display:grid;gap:10px;grid-template-columns:1fr 1.6fr 1fr;
  grid-template-areas:". north ." "west centre east" ". south .";min-height:300px;
  box-shadow:inset 0 0 0 6px #174d2e,0 2px 8px rgba(0,0,0,.25)}
.ht-felt.ht-two{grid-template-areas:". north ." ". centre ." ". south ."}
.ht-felt.ht-p5{grid-template-areas:"nw . ne" "west centre east" ". south ."}
.ht-felt.ht-p6{grid-template-areas:"nw north ne" "sw centre se" ". south ."}
.ht-seat{background:rgba(255,255,255,.93);border-radius:10px;padding:8px 10px;font-size:14px;
  align-self:center;border:3px solid transparent;min-height:64px}
.ht-seat.ht-turn{border-color:#ffb300;box-shadow:0 0 0 3px rgba(255,179,0,.35)}
.ht-seat .ht-name{font-weight:700;font-size:15px}
.ht-seat .ht-turn-tag{background:#ffb300;color:#1d1d1f;border-radius:8px;padding:0 6px;
  font-size:12px;font-weight:700;margin-left:6px}
.ht-seat .ht-meta{color:#444;font-size:13px}
.ht-seat .ht-said{color:#333;font-size:12px;margin-top:4px;font-style:italic}
.ht-backs{display:inline-flex;margin:4px 0 2px 0}
.ht-back{width:14px;height:22px;border-radius:3px;margin-right:-7px;border:1px solid #fff;
  background:repeating-linear-gradient(45deg,#1e4d8c 0 3px,#2f6bc0 3px 6px)}
.ht-north{grid-area:north}.ht-west{grid-area:west}.ht-east{grid-area:east}.ht-south{grid-area:south}
.ht-nw{grid-area:nw}.ht-ne{grid-area:ne}.ht-sw{grid-area:sw}.ht-se{grid-area:se}
.ht-centre{grid-area:centre;display:grid;grid-template-columns:1fr 1fr 1fr;
  grid-template-rows:auto auto auto;align-items:center;justify-items:center;min-height:170px;
  background:rgba(0,0,0,.12);border-radius:12px;padding:6px;color:#fff}
.ht-centre .ht-caption{grid-column:1 / 4;font-size:13px;font-weight:600;text-align:center}
.ht-slot-n{grid-column:2;grid-row:2}.ht-slot-w{grid-column:1;grid-row:3}
.ht-slot-e{grid-column:3;grid-row:3}.ht-slot-s{grid-column:2;grid-row:4}
.ht-slot-nw{grid-column:1;grid-row:2}.ht-slot-ne{grid-column:3;grid-row:2}
.ht-slot-sw{grid-column:1;grid-row:3}.ht-slot-se{grid-column:3;grid-row:3}
.ht-p5 .ht-slot-s,.ht-p6 .ht-slot-s{grid-row:3}
.ht-slot-label{font-size:11px;color:#e8f5e9;text-align:center}
.ht-face{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;
  width:44px;height:62px;border-radius:7px;background:#fff;border:1px solid #9e9e9e;
  box-shadow:0 1px 2px rgba(0,0,0,.3);font-weight:700;line-height:1.05;margin:2px}
.ht-face .ht-rank{font-size:19px}.ht-face .ht-suit{font-size:22px}
.ht-face.ht-small{width:34px;height:48px}.ht-face.ht-small .ht-rank{font-size:15px}
.ht-face.ht-small .ht-suit{font-size:16px}
.ht-red{color:"""
    + RED
    + """ !important}.ht-black{color:"""
    + BLACK
    + """ !important}
.ht-winner-mark{font-size:11px;color:#ffe082;font-weight:700}
.ht-hand{flex-wrap:wrap;gap:3px;padding:10px 4px 4px 4px;align-items:flex-end;min-height:84px}
.ht-card.jupyter-button,.ht-card{font-size:0 !important;width:46px !important;height:70px !important;
  padding:0 !important;border-radius:8px !important;background:#fff !important;
  border:1px solid #8d8d8d !important;box-shadow:0 1px 3px rgba(0,0,0,.3);display:inline-flex !important;
  flex-direction:column;align-items:center;justify-content:center;line-height:1.05 !important;
  transition:transform .08s;margin:0 !important;overflow:visible !important}
.ht-card::before{font-size:20px;font-weight:700}
.ht-card::after{font-size:25px;font-weight:700}
.ht-card:not(:disabled):not(.ht-refused):hover{transform:translateY(-6px);box-shadow:0 4px 8px rgba(0,0,0,.35)}
.ht-card:focus-visible{outline:3px solid #1565c0 !important;outline-offset:2px;transform:translateY(-6px)}
.ht-card:disabled,.ht-card.ht-refused{opacity:1 !important;background:#e7e7e7 !important;
  filter:grayscale(.35);cursor:not-allowed}
.ht-card:disabled::before,.ht-card:disabled::after,.ht-card.ht-refused::before,
.ht-card.ht-refused::after{opacity:.55}
/* why a card is refused: over the line under the hand (above it in a lesson); it takes no
   room (nothing moves) and fades after a few seconds */
.ht-refusal-box{height:0;overflow:visible !important;position:relative;z-index:20;margin:0 !important}
.ht-refusal-box .widget-html-content{height:0;overflow:visible}
.ht-refusal{position:absolute;left:4px;right:4px;top:0;padding:6px 10px;border-radius:8px;
  background:#fdecea;color:#7f1010;border-left:5px solid #c62828;font-size:14px;line-height:1.35;
  box-shadow:0 2px 8px rgba(0,0,0,.3);animation:ht-refusal 6s ease-in forwards;pointer-events:none}
.ht-refusal-box.ht-above .ht-refusal{top:auto;bottom:2px}
@keyframes ht-refusal{0%{opacity:1}85%{opacity:1}100%{opacity:0;visibility:hidden}}
.ht-card.ht-picked{transform:translateY(-14px);border:3px solid #1565c0 !important;
  box-shadow:0 6px 10px rgba(21,101,192,.4)}
.ht-card.ht-received{border:2px dashed #b26a00 !important}
.ht-card.ht-hinted{outline:3px dotted #6a1b9a !important;outline-offset:2px}
.ht-card.ht-played{outline:3px solid #455a64 !important;outline-offset:2px}
.ht-status{font-size:15px;font-weight:600;padding:6px 10px;border-radius:8px;background:#fff8e1;
  border-left:5px solid #ffb300}
.ht-message{font-size:14px;padding:6px 10px;border-radius:8px;background:#e3f2fd;
  border-left:5px solid #1565c0}
.ht-message.ht-error{background:#fdecea;border-left-color:#c62828}
.ht-message:empty{display:none}
.ht-badges{display:flex;gap:8px;flex-wrap:wrap;font-size:13.5px;margin:2px 0}
.ht-badge{border-radius:12px;padding:2px 10px;background:#eceff1;border:1px solid #cfd8dc}
.ht-badge.ht-broken{background:#ffebee;border-color:#ef9a9a;color:#8e0000;font-weight:700}
.ht-badge.ht-replay-badge{background:#fff3cd;border-color:#8a6d00;color:#3d2f00;font-weight:700}
.ht-panel{background:#fafafa;border:1px solid #e0e0e0;border-radius:10px;padding:8px 10px;
  font-size:13.5px}
.ht-panel h3{font-size:15px}
.ht-scores{border-collapse:collapse;font-size:13.5px}
.ht-scores th,.ht-scores td{border:1px solid #d0d0d0;padding:3px 8px;text-align:right}
.ht-scores thead th{background:#eef3ee}
.ht-scores.ht-many{font-size:12px}
.ht-scores.ht-many th,.ht-scores.ht-many td{padding:2px}
.ht-scores.ht-many thead th{font-size:11px;font-weight:600}
.ht-scores.ht-many td.ht-lead::before{display:block;line-height:1}
.ht-moon-choice table{border-collapse:collapse;margin:4px 0}
.ht-moon-choice th,.ht-moon-choice td{border:1px solid #d0d0d0;padding:2px 6px;text-align:right}
.ht-moon-choice th[scope=row]{text-align:left;font-weight:600}
.ht-scores tfoot td,.ht-scores tfoot th{font-weight:700;background:#f5f5f5}
.ht-scores .ht-current td,.ht-scores .ht-current th{color:#555;font-style:italic}
.ht-rules{border-collapse:collapse;font-size:13.5px}
.ht-rules th{text-align:left;padding:2px 10px 2px 0;font-weight:600;vertical-align:top}
.ht-log{margin:0;padding-left:2.8em;max-height:220px;overflow:auto}
.ht-log li{margin-bottom:4px}
.ht-code{font-family:ui-monospace,monospace;font-size:12px;word-break:break-all}
.ht-toolbar{flex-wrap:wrap;gap:6px;align-items:center}
.ht-static{display:inline-block;max-width:100%;box-sizing:border-box}
.ht-static .ht-hand-static{display:flex;flex-wrap:wrap;gap:3px;margin-top:8px}
/* a phone: the picture never wider than the screen (a seat's sixteen backs and words held
   it wider, clipping a seat and the cards on the right): the other seats above the trick,
   the whole width for the trick, the learner under it, backs and words wrapped */
@media (max-width:540px){
  .ht-static{display:block}
  .ht-static .ht-felt{grid-template-columns:repeat(3,minmax(0,1fr));gap:6px;padding:10px 8px;
    min-height:0;grid-template-areas:"west north east" "centre centre centre" ". south ."}
  .ht-static .ht-felt.ht-two{grid-template-areas:". north ." "centre centre centre" ". south ."}
  .ht-static .ht-felt.ht-p5{grid-template-columns:repeat(4,minmax(0,1fr));
    grid-template-areas:"west nw ne east" "centre centre centre centre" ". south south ."}
  .ht-static .ht-felt.ht-p6{grid-template-areas:"nw north ne" "sw . se" "centre centre centre" ". south ."}
  .ht-static .ht-seat{min-width:0;padding:4px 5px;font-size:12px;overflow-wrap:anywhere;
    align-self:stretch}
  .ht-static .ht-seat .ht-name{font-size:13px}
  .ht-static .ht-seat .ht-meta{font-size:11.5px}
  .ht-static .ht-seat .ht-turn-tag{display:inline-block;margin-left:0;white-space:nowrap;font-size:11px}
  .ht-static .ht-backs{display:flex;flex-wrap:wrap;max-width:100%;row-gap:2px}
  .ht-static .ht-back{flex:none}
  .ht-static .ht-centre{min-width:0;min-height:150px;grid-template-columns:repeat(3,minmax(0,1fr))}
  .ht-static .ht-p6 .ht-south,.ht-static .ht-p5 .ht-south{align-self:start}}
.ht-link{display:inline-block;margin-top:8px;font-weight:600}
.ht-link.ht-link-button{align-self:flex-start;padding:5px 12px;border:2px solid #1565c0;border-radius:6px;
  background:#fff;color:#0d47a1;text-decoration:none;line-height:1.3;cursor:pointer}
.ht-link.ht-link-button:hover{background:#e3f2fd;text-decoration:underline}
.ht-link.ht-link-button:focus-visible{outline:3px solid #1565c0;outline-offset:2px}
.ht-removed{font-size:13.5px;color:#37474f;margin:0 0 4px 0}
@media (min-width:541px){.ht-removed{margin-left:198px}}
.ht-log-why{font-size:12.5px;color:#555;font-style:italic;margin:2px 0 4px 0}
.ht-root select,.ht-root input[type=text],.ht-root input[type=number]{font-size:14px}
.ht-summary-win{font-size:18px;font-weight:700}
/* at a table the review's title is the line above it (where the keyboard goes): once */
.ht-table .ht-review-title{display:none}
.ht-details summary{cursor:pointer;color:#0d47a1;font-size:13px}
/* every disclosure a target a finger can take (WCAG 2.2 target size: 24 px) */
.ht-root details>summary{min-height:24px;line-height:24px}
/* ipywidgets' own accordion header (the lesson's log) is #6d6d6d on #eee: 4.45:1 */
.jupyter-widget-Collapse-header>span{color:#4d4d4d}
/* the comparison on a projector: large type, a value never broken across lines, the
   marks as signs beside the value (not colour alone), the words for screen readers */
.ht-sr-only{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;
  clip:rect(0 0 0 0);white-space:nowrap;border:0}
.ht-projector{max-width:100%}
.ht-proj-table{border-collapse:collapse;font-size:20px;line-height:1.3;width:100%}
.ht-proj-table caption{font-size:16px;text-align:left;margin-bottom:6px;caption-side:top}
.ht-proj-table th,.ht-proj-table td{border-bottom:2px solid #90a4ae;padding:5px 6px;
  text-align:left;vertical-align:top}
.ht-proj-table thead th{white-space:nowrap}
.ht-proj-table tbody th{font-weight:700;min-width:6em}
.ht-proj-score{white-space:nowrap;font-variant-numeric:tabular-nums;text-align:right}
.ht-proj-value{font-weight:700}
.ht-proj-sign{margin-left:3px;font-weight:700}
.ht-proj-differs{background:#fff3e0}
.ht-proj-winner{background:#e8f5e9}
.ht-proj-winner .ht-proj-value{text-decoration:underline;text-underline-offset:4px}
.ht-proj-why{font-size:17px;min-width:9em}
.ht-projector-box .widget-select-multiple select{font-size:16px}
/* a projector's 1024 px hold the table at 20 px; a narrower window (the book's page
   around the tools, a zoomed screen) takes smaller type, never a broken score */
@media (max-width:960px){.ht-proj-table{font-size:16px}.ht-proj-why{font-size:14px;min-width:7em}
  .ht-proj-table tbody th{min-width:5em}}
@media (max-width:700px){.ht-proj-table{font-size:13px}.ht-proj-why{font-size:12px;min-width:5em}
  .ht-projector{overflow-x:auto}}
/* the comparison's full table (B6): a score never broken in the middle ("+0 →" over
   "90"); the names of the variants wrap instead, and a moon column with no moon in it
   takes no more than its heading's longest word */
.ht-compare-table td.ht-cmp-score{white-space:nowrap;font-variant-numeric:tabular-nums}
.ht-compare-table tbody th{text-align:left}
.ht-compare-table th.ht-cmp-moon-empty{width:1%;font-size:11px;font-weight:600}
.ht-full-screen-link{display:inline-block;margin-left:12px;padding:4px 10px;font-weight:600;
  border:2px solid #1565c0;border-radius:6px;color:#0d47a1;text-decoration:none}
.ht-full-screen-link:hover{background:#e3f2fd;text-decoration:underline}
.ht-full-screen-link:focus-visible{outline:3px solid #1565c0;outline-offset:2px}
/* the comparison on A4 (B8): rows of controls wrap, the table and the chart fit the
   sheet's width instead of scrolling sideways out of it */
@media print{
  .ht-root .widget-hbox{flex-wrap:wrap}
  .ht-root .widget-text{width:auto !important;max-width:100%}
  .ht-scroll{overflow:visible !important}
  .ht-compare-table{font-size:9.5px}
  .ht-compare-table th,.ht-compare-table td{padding:1px 3px}
  .ht-proj-table{font-size:13px}
  .ht-proj-why{font-size:12px;min-width:0}
  .ht-chart svg{max-width:100% !important;break-inside:avoid}
  .ht-full-screen-link{display:none}
}

/* a review whose replays are named by the line the keyboard goes to: named once */
.ht-follows-replays .ht-replay-title{display:none}
/* the scoring desk: who has a card, in a colour around it and in letters under it (the
   shared card style is overridden by a more precise rule: its border is !important) */
.ht-desk-cards{gap:6px 4px}
.ht-desk-card{align-items:center;gap:2px;margin:0 !important}
.ht-desk-card .widget-html,.ht-desk-card .widget-html-content{height:auto;margin:0;line-height:1}
.ht-desk-mark{display:inline-block;min-width:30px;min-height:18px;padding:1px 4px;border-radius:4px;
  font-size:13px;font-weight:700;text-align:center;line-height:16px;color:#fff}
.ht-desk-mark:empty{visibility:hidden}
.ht-desk-cards .ht-card.ht-owner-0{border:4px solid #0072b2 !important}.ht-desk-mark.ht-owner-0{background:#0072b2}
.ht-desk-cards .ht-card.ht-owner-1{border:4px solid #b34700 !important}.ht-desk-mark.ht-owner-1{background:#b34700}
.ht-desk-cards .ht-card.ht-owner-2{border:4px solid #007a5a !important}.ht-desk-mark.ht-owner-2{background:#007a5a}
.ht-desk-cards .ht-card.ht-owner-3{border:4px solid #8e3b78 !important}.ht-desk-mark.ht-owner-3{background:#8e3b78}
.ht-desk-cards .ht-card.ht-owner-4{border:4px solid #5c5c00 !important}.ht-desk-mark.ht-owner-4{background:#5c5c00}
.ht-desk-cards .ht-card.ht-owner-5{border:4px solid #37474f !important}.ht-desk-mark.ht-owner-5{background:#37474f}
.ht-desk-cards .ht-card.ht-dead{border:3px dashed #616161 !important;background:#eeeeee !important}
.ht-desk-mark.ht-dead{background:#616161}
.ht-desk-row{flex-wrap:wrap;gap:4px 6px;align-items:center}
.ht-desk-row .jupyter-button{white-space:nowrap !important;width:auto}
.ht-desk .ht-desk-typed{flex:1 1 22em;max-width:40em}
.ht-desk-help{font-size:13px;opacity:.85;margin:0 0 6px 0}
.ht-sim-help{font-size:13px;opacity:.85;margin:2px 0 6px 0}
.ht-desk [role=alert].ht-message,.ht-whatif [role=alert].ht-message{background:#fdecea;border-left-color:#c62828;color:#5f0b0b}
"""
    + _generated_content()
    + "\n"
    + _icons()
    + LIVE
    + _dark()
)


def style_tag() -> str:
    return f"<style>{CSS}</style>"
