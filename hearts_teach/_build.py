"""Which build of the engine runs: its hot modules compiled by mypyc, or the source.

A build with a C compiler (setup.py) puts a compiled module beside ``cards.py`` and
``deal.py`` and records the SHA-256 of the sources it compiled (``SOURCES_RECORD``).
Python would import the compiled module even after its source was edited; this module,
imported first by the package, makes sure that never happens silently: the interpreted
source runs instead when ``HEARTS_TEACH_PURE=1`` is set, or, with a warning, when a
source differs from the one compiled (rebuild with ``make venv`` or ``pip install``).
Both builds behave the same; ``COMPILED`` says which one runs.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Final

PURE_SWITCH: Final = "HEARTS_TEACH_PURE"
"""The environment variable that asks for the pure-Python engine (at build and run)."""
HOT_MODULES: Final = ("cards", "deal", "bots/solver")
"""The modules a build may compile (their paths in the package, without ``.py``), in the
order they import each other."""
SOURCES_RECORD: Final = "_engine_sources.json"
"""Beside the compiled modules: ``{"cards.py": sha256, ...}`` of the sources compiled."""

_PACKAGE: Final = Path(__file__).resolve().parent


def pure_requested() -> bool:
    """Whether the environment asks for the pure-Python engine."""
    return os.environ.get(PURE_SWITCH, "").strip().lower() in {"1", "true", "yes", "on"}


def source_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _compiled_present() -> bool:
    return any(
        (_PACKAGE / f"{name}{suffix}").exists()
        for name in HOT_MODULES
        for suffix in EXTENSION_SUFFIXES
    )


def _stale() -> list[str]:
    """The hot modules whose source is not the one the compiled build was made from."""
    try:
        record = json.loads((_PACKAGE / SOURCES_RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        record = {}
    stale = []
    for name in HOT_MODULES:
        source = _PACKAGE / f"{name}.py"
        if source.exists() and record.get(source.name) != source_digest(source):
            stale.append(source.name)
    return stale


def _load_sources() -> None:
    """Import every hot module from its ``.py`` file, before anything imports them."""
    package = sys.modules[__package__ or "hearts_teach"]
    nested = {}
    for name in HOT_MODULES:
        full = f"{package.__name__}.{name.replace('/', '.')}"
        if "/" in name:  # imported with its subpackage, when that is: see _SourceFinder
            nested[full] = _PACKAGE / f"{name}.py"
            continue
        spec = importlib.util.spec_from_file_location(full, _PACKAGE / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[full] = module
        spec.loader.exec_module(module)
        setattr(package, name, module)
    if nested:
        sys.meta_path.insert(0, _SourceFinder(nested))


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the hot modules of subpackages (``bots/solver``) in their ``.py`` source,
    where the import system would take the compiled module beside it."""

    def __init__(self, sources: dict[str, Path]) -> None:
        self.sources = sources

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        source = self.sources.get(fullname)
        return None if source is None else importlib.util.spec_from_file_location(fullname, source)


def _choose() -> bool:
    """Load the build to run, and say whether it is the compiled one."""
    if not _compiled_present():
        return False
    if pure_requested():
        _load_sources()
        return False
    stale = _stale()
    if stale:
        warnings.warn(
            f"hearts_teach: {', '.join(stale)} changed since the engine was compiled; "
            "running the interpreted source (rebuild: `make venv`, or reinstall the package)",
            RuntimeWarning,
            stacklevel=2,
        )
        _load_sources()
        return False
    # The modules of subpackages are not imported here (that would import their
    # package with the engine): their source is checked above like the others'.
    modules = [
        importlib.import_module(f"hearts_teach.{name}") for name in HOT_MODULES if "/" not in name
    ]
    return not any((module.__file__ or "").endswith(".py") for module in modules)


COMPILED: Final[bool] = _choose()
"""Whether the engine's hot modules run compiled (mypyc) rather than interpreted."""
