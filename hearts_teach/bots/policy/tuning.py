"""The heuristic player's tuning: the rules of thumb in numbers, a line each.

Read by the play policy (:mod:`.play`) and the pass policy (:mod:`.passing`); changing
one changes how every bot plays (self-play measures it: ``benchmarks/strength.py``).
"""

from __future__ import annotations

# Rules of thumb in numbers, checked by self-play (one changed heuristic against three,
# 1,500 to 2,000 paired deals): QUEEN_GUARDS 3 or 5, FLUSH_BONUS 0 or 30,
# VOID_LEAD_PENALTY 5 or 60 changed nothing beyond the noise (about ±0.2 points a deal);
# MOON_ALERT 0.7 rather than 0.5 saved 0.17 ± 0.07 points a deal (fewer false alarms).
QUEEN_GUARDS = 4
"""Spades below the queen needed to keep Q♠ (and K♠, A♠) rather than pass them."""
FLUSH_BONUS = 15.0
"""How much a spade lead is preferred when it may force out the queen."""
VOID_LEAD_PENALTY = 25.0
"""How much a lead is avoided in a suit where a later player has shown void."""
SAFE_ROUND_CARDS = 0
"""Cards of a suit already played for which following high still counts as safe."""
MOON_ALERT = 0.7
"""Share of the moon's points one opponent must hold alone before I try to stop it..."""
MOON_ALERT_TRICK = 5
"""...from this trick on."""
MOON_TRY = 0.5
"""Share of the moon's points I must hold alone (with the top hearts) to go for it."""

# Card ranks as ``index % 13`` (0 is the two): the thresholds the rules of thumb name.
SEVEN, EIGHT, TEN, JACK, QUEEN = 5, 6, 8, 9, 10

# Leading: each suit's lowest legal card gets a cost, the cheapest is led.
LEAD_NONE_OUT = 40.0
"""Cost of leading a suit nobody else holds while penalty cards are out: the others
discard on my trick."""
LEAD_TOP = 60.0
"""Cost of leading a card that beats every card of its suit still out: I take the trick."""
LEAD_ODDS = 20.0
"""Cost per unit of (cards out below my card / cards out above it): the odds my lead wins."""
LEAD_SPADE_WITH_QUEEN = 40.0
"""Cost of leading spades while holding Q♠ myself (it may have to fall on my own trick)."""
LEAD_CATCHER = 80.0
"""Cost of leading K♠ or A♠ while Q♠ is out and I hold no lower spade: the queen's catch."""
LEAD_HEART = 3.0
"""Cost of leading a heart rather than another suit (a point may come back to me)."""
LEAD_SHORT = 4.0
"""Preference for a low lead from a suit of one or two cards (a void sooner)."""
LEAD_PENALTY = 100.0
"""Cost of leading a penalty card other than a heart (Q♠, Black Maria's spades), plus
its points."""
LEAD_BONUS = 50.0
"""Cost of leading J♦ (Omnibus): another player would win it."""

# Discarding: the card that sheds the most danger goes first.
DISCARD_PENALTY = 1000
"""Worth of discarding a penalty card other than a single heart (plus its points)."""
DISCARD_CATCHER = 900
"""Worth of discarding K♠ or A♠ while Q♠ is out (plus the rank)."""
DISCARD_HEART = 400
"""Worth of discarding a heart..."""
DISCARD_HEART_RANK = 10
"""...plus this much per rank (the high hearts first)."""
DISCARD_RANK = 30
"""Worth per rank of discarding another card (the high cards first)..."""
DISCARD_SHORT = 120
"""...plus this much from a suit of one or two cards (a void sooner)."""
DISCARD_KEEP_BONUS = -1000
"""J♦ (Omnibus) is the last card I discard."""
DISCARD_KEEP_CATCHER = 300
"""Omnibus: cost of discarding a diamond above the jack while J♦ is out (it catches it)."""

# Passing: each card of the hand gets a score, the highest are passed.
PASS_HIGH = 2.0
"""Score per rank above the eight of a card of a side suit."""
PASS_QUEEN = 40.0
"""Score of Q♠ with fewer than QUEEN_GUARDS lower spades."""
PASS_GUARDED = -5.0
"""Score of Q♠ (or Black Maria's K♠, A♠) kept with enough lower spades."""
PASS_BLACK_MARIA = 35.0
"""Score of Black Maria's K♠ or A♠ with too few lower spades (plus its points)."""
PASS_CATCHER = 25.0
"""Score of K♠ or A♠ without Q♠ and with too few lower spades (the queen may fall on it)."""
PASS_CATCHER_SAFE = 1.0
"""Score of K♠ or A♠ otherwise..."""
PASS_CATCHER_WITH_QUEEN = 6.0
"""...and with Q♠ held and enough lower spades."""
PASS_LOW_SPADE = -6.0
"""Score of a low spade while Q♠ is in play (it guards the queen)..."""
PASS_LOW_SPADE_RANK = 0.1
"""...plus this much per rank."""
PASS_HEART = 2.5
"""Score per rank above the seven of a heart (plus its points)."""
PASS_KEEP_BONUS = -50.0
"""Score of J♦ (Omnibus): it stays."""
PASS_KEEP_CATCHER = 8.0
"""Omnibus: how much less a diamond from the queen up is passed (it catches J♦)."""
PASS_VOID = 6.0
"""Extra score of each card of a club or diamond suit short enough to pass whole..."""
PASS_VOID_SHORTER = 2.0
"""...plus this much per card the suit is shorter than the pass."""
PASS_KEEP_FROM_PARTNER = 100.0
"""Passing across to a partner: how much less a card that costs points is passed."""
REVERSE_PASS = 20.0
"""Reverse Hearts: score of a card, less its rank (the low cards go)..."""
REVERSE_PASS_POINTS = 30.0
