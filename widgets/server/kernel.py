"""The playground in a visitor's kernel of the served playground (its notebook's one
call): the kernel guard installed first, then the playground, whose tables seat bots
that think in the background (:class:`~.thinking.ServedSeating`) and whose teachers'
simulations stay small."""

from __future__ import annotations

import os
from collections.abc import Mapping

from ..playground import Playground
from . import kernel_guard
from .thinking import ServedSeating


def served_playground(environ: Mapping[str, str] | None = None) -> Playground:
    """The playground of this visitor's request (:meth:`Playground.from_environment`),
    guarded when served (``HEARTS_SERVED=1``); the guard's refusals are said on it."""
    environ = os.environ if environ is None else environ
    guard = kernel_guard.install(environ)
    served = environ.get(kernel_guard.SERVED) == "1"
    playground = Playground.from_environment(environ, seating=ServedSeating(), served=served)
    if guard is not None:
        guard.listeners.append(playground.refused)
    return playground
