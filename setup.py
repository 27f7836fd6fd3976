"""The build of hearts-teach: its hot engine modules compiled with mypyc when it can.

Everything about the distribution is declared in pyproject.toml; this script adds only
what a setup script alone can declare: the extension modules, and the compiling of the
message catalogs (``BuildWithCatalogs``). As black and mypy ship
theirs, a build compiles the engine's hot modules (``HOT_MODULES``) with mypyc from the
very source they keep as Python, into one extension library inside the package
(``hearts_teach/_engine__mypyc...so``, with a small module per compiled file); the
``.py`` files are installed beside them. The build falls back to pure Python, which
behaves the same (``make test`` runs the engine and bot tests on both), when:

- the environment says so: ``HEARTS_TEACH_PURE=1`` (the static book's wheel for
  Pyodide is built this way);
- no C compiler, or no Python headers, can build an extension here;
- mypy (a build requirement) cannot be imported, as in a ``--no-build-isolation``
  build in an environment without it.

An installed package says which build it is: ``hearts_teach.COMPILED``.
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import json
import os
import sys
import sysconfig
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HOT_MODULES = ["hearts_teach/cards.py", "hearts_teach/deal.py", "hearts_teach/bots/solver.py"]
"""The modules compiled: those where a deal, a playout and a search spend their time
(the bots' exact solver among them)."""
# These two names are hearts_teach/_build.py's, which reads them at run time (the
# package is not imported here; tests/test_packaging.py checks that they agree).
PURE_SWITCH = "HEARTS_TEACH_PURE"
"""Set to 1 (or true, yes, on) to build the pure-Python package even with a compiler."""
SOURCES_RECORD = "_engine_sources.json"
"""Written beside the compiled modules: the SHA-256 of each source compiled."""
GROUP = "hearts_teach._engine"
"""The compiled modules' shared library, inside the package (no top-level name)."""
BUILD_COMMANDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}
"""Commands that build modules: metadata commands (egg_info, dist_info) need no compiler."""
ROOT = Path(__file__).resolve().parent


def say(message: str) -> None:
    print(f"hearts-teach build: {message}", file=sys.stderr)


def pure_requested() -> bool:
    return os.environ.get(PURE_SWITCH, "").strip().lower() in {"1", "true", "yes", "on"}


def compiler_works() -> bool:
    """Whether a C extension can be compiled here: a compiler and the Python headers."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.errors import CCompilerError, DistutilsError
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory(prefix="hearts-teach-cc-") as folder:
        probe = Path(folder) / "probe.c"
        probe.write_text("#include <Python.h>\nint probe(void) { return 0; }\n")
        try:
            compiler.compile(
                [str(probe)], output_dir=folder, include_dirs=[sysconfig.get_paths()["include"]]
            )
        except (CCompilerError, DistutilsError, OSError):
            return False
    return True


def extensions() -> list[Extension]:
    """The mypyc extension modules, or none for the pure-Python build (and why)."""
    if not BUILD_COMMANDS.intersection(sys.argv[1:]):
        return []
    if pure_requested():
        say(f"{PURE_SWITCH} is set: pure-Python build")
        return []
    if not compiler_works():
        say("no working C compiler or no Python headers: pure-Python build")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        say("mypy (mypyc) is not installed: pure-Python build")
        return []
    say(f"compiling {', '.join(HOT_MODULES)} with mypyc")
    os.chdir(ROOT)  # mypyc reads pyproject.toml's [tool.mypy] and writes C under build/
    options: dict[str, str] = {"target_dir": "build/mypyc"}
    if "group_name" in inspect.signature(mypycify).parameters:  # older mypyc: a hashed name
        options["group_name"] = GROUP
    # MYPYC (hearts_teach/arguments.py) erases the public API's argument types that the
    # engine checks itself, so that compiled code says what is wrong as the source does.
    # pyproject.toml tells mypy it is always false; mypyc gets a config of its own, since
    # mypy refuses a name both always true and always false.
    config = Path("build/mypyc/mypyc.ini")
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("[mypy]\npython_version = 3.11\nalways_true = MYPYC\n")
    return mypycify(["--config-file", str(config), *HOT_MODULES], **options)


class BuildEngine(build_ext):
    """build_ext that also records which sources the compiled modules come from."""

    def run(self) -> None:
        super().run()
        if not self.extensions:
            return
        compiled = next(e.name for e in self.extensions if e.name.startswith("hearts_teach."))
        package = Path(self.get_ext_fullpath(compiled)).parent
        record = {
            Path(module).name: hashlib.sha256((ROOT / module).read_bytes()).hexdigest()
            for module in HOT_MODULES
        }
        (package / SOURCES_RECORD).write_text(json.dumps(record, indent=1) + "\n")


class BuildWithCatalogs(build_py):
    """build_py that first compiles the message catalogs (``hearts_teach/locale``, .po to
    .mo, with Babel: a build requirement), so that the wheel carries them as package
    data; an editable install reads them from the tree, where ``make i18n`` puts them."""

    def run(self) -> None:
        spec = importlib.util.spec_from_file_location(
            "hearts_teach_catalogs", ROOT / "hearts_teach" / "_catalogs.py"
        )
        assert spec is not None and spec.loader is not None
        catalogs = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(catalogs)  # the file only: the package is not imported
        for compiled in catalogs.compile_catalogs():
            say(f"compiled {compiled.relative_to(ROOT)}")
        super().run()


setup(
    ext_modules=extensions(),
    cmdclass={"build_ext": BuildEngine, "build_py": BuildWithCatalogs},
)
