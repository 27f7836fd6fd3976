"""A class deal played as a student plays it, for the class's tests and benchmark."""

from __future__ import annotations

import random

from hearts_teach.deal import Deal
from hearts_teach.teaching.classroom import ClassDeal
from hearts_teach.teaching.session import TableSession


def played_by(given: ClassDeal, student_seed: int) -> Deal:
    """The class deal played at a table as a student would: random legal cards, a random
    pass and, on a moon of theirs, a random choice; the same seed, the same deal."""
    chooser = random.Random(student_seed)
    session = TableSession(given.fresh(), bot_level=given.level, seed=given.seed)
    while not session.deal.is_complete:
        if session.in_pass:
            session.choose_pass(chooser.sample(session.deal.hand(0), 3))
            session.confirm_pass()
        elif session.moon_is_mine:
            session.choose_moon(chooser.choice(("add", "subtract")))
        else:
            session.play_card(chooser.choice(session.deal.legal_moves()))
    return session.deal
