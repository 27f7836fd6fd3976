"""The look of the table: one style sheet, shared by the live widgets and the static pictures.

Card buttons show their rank and suit through CSS generated content with an empty
alternative text (``content: "Q" / ""``), so the button's accessible name is its
description: the card's full name and, for a card that cannot be played, the reason.
"""

from __future__ import annotations

from hearts_teach.cards import Suit

RED = "#c1121f"
BLACK = "#1d1d1f"

_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _generated_content() -> str:
    rules = [f'.ht-card.ht-r-{rank}::before{{content:"{rank}" / ""}}' for rank in _RANKS]
    rules += [
        f'.ht-card.ht-s-{suit.letter}::after{{content:"{suit.symbol}" / ""}}' for suit in Suit
    ]
    return "\n".join(rules)


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
.ht-centre{grid-area:centre;display:grid;grid-template-columns:1fr 1fr 1fr;
  grid-template-rows:auto auto auto;align-items:center;justify-items:center;min-height:170px;
  background:rgba(0,0,0,.12);border-radius:12px;padding:6px;color:#fff}
.ht-centre .ht-caption{grid-column:1 / 4;font-size:13px;font-weight:600;text-align:center}
.ht-slot-n{grid-column:2;grid-row:2}.ht-slot-w{grid-column:1;grid-row:3}
.ht-slot-e{grid-column:3;grid-row:3}.ht-slot-s{grid-column:2;grid-row:4}
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
.ht-card:not(:disabled):hover{transform:translateY(-6px);box-shadow:0 4px 8px rgba(0,0,0,.35)}
.ht-card:focus-visible{outline:3px solid #1565c0 !important;outline-offset:2px;transform:translateY(-6px)}
.ht-card:disabled{opacity:1 !important;background:#e7e7e7 !important;filter:grayscale(.35);
  cursor:not-allowed}
.ht-card:disabled::before,.ht-card:disabled::after{opacity:.55}
.ht-card.ht-picked{transform:translateY(-14px);border:3px solid #1565c0 !important;
  box-shadow:0 6px 10px rgba(21,101,192,.4)}
.ht-card.ht-received{border:2px dashed #b26a00 !important}
.ht-card.ht-hinted{outline:3px dotted #6a1b9a !important;outline-offset:2px}
.ht-status{font-size:15px;font-weight:600;padding:6px 10px;border-radius:8px;background:#fff8e1;
  border-left:5px solid #ffb300}
.ht-message{font-size:14px;padding:6px 10px;border-radius:8px;background:#e3f2fd;
  border-left:5px solid #1565c0}
.ht-message.ht-error{background:#fdecea;border-left-color:#c62828}
.ht-message:empty{display:none}
.ht-badges{display:flex;gap:8px;flex-wrap:wrap;font-size:13.5px;margin:2px 0}
.ht-badge{border-radius:12px;padding:2px 10px;background:#eceff1;border:1px solid #cfd8dc}
.ht-badge.ht-broken{background:#ffebee;border-color:#ef9a9a;color:#8e0000;font-weight:700}
.ht-panel{background:#fafafa;border:1px solid #e0e0e0;border-radius:10px;padding:8px 10px;
  font-size:13.5px}
.ht-panel h3{font-size:15px}
.ht-scores{border-collapse:collapse;font-size:13.5px}
.ht-scores th,.ht-scores td{border:1px solid #d0d0d0;padding:3px 8px;text-align:right}
.ht-scores thead th{background:#eef3ee}
.ht-scores tfoot td,.ht-scores tfoot th{font-weight:700;background:#f5f5f5}
.ht-scores .ht-current td,.ht-scores .ht-current th{color:#555;font-style:italic}
.ht-rules{border-collapse:collapse;font-size:13.5px}
.ht-rules th{text-align:left;padding:2px 10px 2px 0;font-weight:600;vertical-align:top}
.ht-log{margin:0;padding-left:18px;max-height:220px;overflow:auto}
.ht-log li{margin-bottom:4px}
.ht-code{font-family:ui-monospace,monospace;font-size:12px;word-break:break-all}
.ht-toolbar{flex-wrap:wrap;gap:6px;align-items:center}
.ht-static{display:inline-block}
.ht-static .ht-hand-static{display:flex;flex-wrap:wrap;gap:3px;margin-top:8px}
.ht-link{display:inline-block;margin-top:8px;font-weight:600}
.ht-root select,.ht-root input[type=text],.ht-root input[type=number]{font-size:14px}
.ht-summary-win{font-size:18px;font-weight:700}
"""
    + _generated_content()
)


def style_tag() -> str:
    return f"<style>{CSS}</style>"
