"""The types of the public API's arguments that the engine checks itself.

A card is given as a :class:`~hearts_teach.cards.Card` or its text (``CardLike``), a
choice by its name (``ChoiceText``); anything else is refused with the engine's own error
in the user's language (:class:`~hearts_teach.errors.CardError`,
:class:`~hearts_teach.errors.IllegalMove`), and nothing changes.

The compiled engine would check each argument against its annotation and answer a wrong
type with a bare ``TypeError`` before the engine could say what is wrong. So, as mypy
does for its own build (``mypy/bogus_type.py``), these names are ``Any`` to mypyc while
it compiles (setup.py gives it ``always_true = MYPYC``) and their real types to mypy
everywhere else (pyproject.toml: ``always_false``). This module is never compiled: at run
time ``MYPYC`` is false and the branch mypyc would call unreachable is the one taken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from hearts_teach.cards import Card

MYPYC = False
"""True only to mypyc while it compiles the engine."""

if MYPYC:
    CardLike: TypeAlias = Any
    ChoiceText: TypeAlias = Any
else:
    CardLike: TypeAlias = "Card | str"
    ChoiceText: TypeAlias = str
