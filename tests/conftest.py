"""Shared test set-up."""

from __future__ import annotations

import os

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """With HEARTS_TEACH_COMPILED set (``make test-compiled``), refuse to run unless the
    engine's hot modules really are the mypyc build: never test the interpreted package
    under the compiled build's name."""
    if not os.environ.get("HEARTS_TEACH_COMPILED"):
        return
    import hearts_teach.cards
    import hearts_teach.deal

    for module in (hearts_teach.cards, hearts_teach.deal):
        path = module.__file__ or ""
        if path.endswith(".py"):
            raise pytest.UsageError(f"{module.__name__} is not compiled: {path}")
