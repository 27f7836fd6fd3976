"""Build the playable half of the static book: a JupyterLite site whose pages (Voici)
run the book's notebooks in the reader's browser, on Pyodide, with no server.

    .venv/bin/python book/lite/build_site.py --out _build/lite

What the reader's browser gets, and from where:

- the Pyodide runtime from the npm package ``pyodide`` (package.json; ``npm ci``);
- the Python packages it loads: the pinned wheels of ``wheels.txt`` (PyPI, checked by
  hash, downloaded once into ``build/lite-cache``), the kernel's own wheels (shipped by
  jupyterlite-pyodide-kernel), and the project's own wheel, built here from this
  checkout (pure Python: the engine, the bots and the widgets);
- all of them compiled to bytecode by Pyodide itself (``precompile.mjs``, under Node.js),
  as is Pyodide's standard library (npm ships its sources), listed in a reduced
  ``pyodide-lock.json`` and loaded when the kernel starts, so that nothing is installed
  or compiled, and nothing asked of PyPI, while the reader waits (two of them trimmed to
  what the pages use: ``fitted``);
- the notebooks (``playground.ipynb``, the same as ``make play`` serves; ``lesson.ipynb``;
  ``teachers.ipynb``), rendered by Voici with the project's Voilà template
  (widgets/server/voila/templates/hearts), which passes the page's query string to the kernel as
  Voilà does (``QUERY_STRING``).

Every file comes from this machine's build: the site asks nothing of any other host.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
WHEELS_FILE = HERE / "wheels.txt"
DEFAULT_CACHE = ROOT / "build" / "lite-cache"
TEMPLATES = ROOT / "widgets" / "server"  # holds voila/templates/hearts
NOTEBOOKS = {
    "playground.ipynb": HERE / "playground.ipynb",
    "lesson.ipynb": HERE / "lesson.ipynb",
    "teachers.ipynb": HERE / "teachers.ipynb",
}
# What the pages need of the Pyodide runtime (the kernel imports pyodide.js), and its
# standard library, which goes in compiled (precompile.mjs).
RUNTIME_FILES = (
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
)
STDLIB = "python_stdlib.zip"
KERNEL_EXTENSION = (
    Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
)
# The kernel's own wheels (its IPython kernel, the ipykernel and widgetsnbextension
# shims it needs), as jupyterlite-pyodide-kernel ships them. Its package installer,
# piplite, gives way to the book's (book/lite/piplite: the pages install nothing).
KERNEL_WHEELS = ("ipykernel-", "pyodide_kernel-", "widgetsnbextension-4.")
PIPLITE = HERE / "piplite"
# The kernel installs these at start unless they are already loaded; the pages have no
# use for them, so an empty distribution of each name stands in, and IPython does without
# them as it was written to: sqlite3 keeps IPython's history across sessions (it falls
# back to a history in memory; Pyodide's npm package does not carry sqlite3 anyway), jedi
# (with parso) completes code as one types, and nobody types code in these pages (jedi
# alone is 1,880 files, 1.8 MB, that every page load would unpack); micropip is what the
# kernel's own piplite installs with, and the book's piplite installs nothing.
PLACEHOLDERS = ("sqlite3", "jedi", "parso", "micropip")
# Dependencies of the wheels that Pyodide's own lock does not list (the lock's entries
# carry theirs). Only what must be loaded before the package imports.
EXTRA_DEPENDS: dict[str, list[str]] = {
    "comm": ["traitlets"],
    "ipywidgets": ["comm", "ipython", "traitlets", "widgetsnbextension"],
    "ipykernel": ["comm", "ipython", "traitlets"],
    "pyodide-kernel": ["ipykernel", "ipython", "comm", "piplite", "sqlite3"],
    "pygal": ["importlib-metadata"],
    "importlib-metadata": ["zipp"],
    "hearts-teach": ["ipywidgets", "pygal"],
}


def canonical(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def run(command: list[str], **options: object) -> None:
    print("$", " ".join(str(part) for part in command), flush=True)
    subprocess.run(command, check=True, **options)  # type: ignore[call-overload]


# --- the wheels -----------------------------------------------------------------------


def pinned_wheels(cache: Path) -> list[Path]:
    """The wheels of wheels.txt, downloaded once into ``cache`` and checked by hash."""
    cache.mkdir(parents=True, exist_ok=True)
    run(
        [
            sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
            "--only-binary=:all:", "--python-version", "3.13", "--platform", "any",
            "--implementation", "py", "--require-hashes", "-r", str(WHEELS_FILE),
            "-d", str(cache),
        ]
    )  # fmt: skip
    wanted = {}
    for line in WHEELS_FILE.read_text(encoding="utf-8").splitlines():
        requirement = line.split("#", 1)[0].split()
        if requirement:
            name, version = requirement[0].split("==")
            wanted[canonical(name)] = version
    found = [
        wheel
        for wheel in sorted(cache.glob("*.whl"))
        if wanted.get(canonical(wheel.name.split("-")[0])) == wheel.name.split("-")[1]
    ]
    missing = set(wanted) - {canonical(wheel.name.split("-")[0]) for wheel in found}
    if missing:
        raise SystemExit(f"lite: wheels missing from {cache}: {sorted(missing)}")
    return found


# Two wheels go in as the pages use them, and no more: each file a wheel holds is
# unpacked at every page load.
# - IPython imports its terminal (IPython.terminal.embed, and with it prompt_toolkit: some
#   250 modules, a third of the kernel's start) only to offer ``IPython.embed``, which a
#   kernel never calls. The pages' IPython imports it when asked for, and prompt_toolkit
#   (with wcwidth, which only it uses) stays out of the site.
# - Pygments highlights the Python of a traceback, and nothing else here: of its 258
#   lexers (85% of the wheel, a third of the time spent unpacking wheels) only Python's
#   goes in, with the table of the others (asking for one of them by name then fails).
IPYTHON_EMBED = "from .terminal.embed import embed\n"
IPYTHON_LAZY_EMBED = """

def __getattr__(name):
    # book/lite/build_site.py: the terminal is imported when IPython.embed is asked for
    # (and is missing from this site: without prompt_toolkit, there is no embed).
    if name == "embed":
        try:
            from .terminal.embed import embed
        except ImportError as missing:
            raise AttributeError(f"IPython.embed needs {missing.name}") from missing
        return embed
    raise AttributeError(f"module 'IPython' has no attribute {name!r}")

"""
PYGMENTS_LEXERS = ("__init__.py", "_mapping.py", "python.py")


def lazy_embed(text: str) -> str:
    if text.count(IPYTHON_EMBED) != 1:
        raise SystemExit("lite: IPython/__init__.py no longer imports embed as expected")
    return text.replace(IPYTHON_EMBED, IPYTHON_LAZY_EMBED)


def fitted(wheel: Path, folder: Path) -> Path:
    """The wheel as the pages use it (see above); other wheels as they are."""
    project = wheel.name.split("-")[0]
    if project not in ("ipython", "pygments"):
        return wheel
    fitted_wheel = folder / wheel.name
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(fitted_wheel, "w", zipfile.ZIP_DEFLATED) as target:  # fmt: skip
        names = source.namelist()
        for lexer in PYGMENTS_LEXERS if project == "pygments" else ():
            if f"pygments/lexers/{lexer}" not in names:
                raise SystemExit(f"lite: {wheel.name} has no lexers/{lexer}")
        for info in source.infolist():
            folder_name, _, file_name = info.filename.rpartition("/")
            if folder_name == "pygments/lexers" and file_name not in PYGMENTS_LEXERS:
                continue
            data = source.read(info)
            if info.filename == "IPython/__init__.py":
                data = lazy_embed(data.decode("utf-8")).encode("utf-8")
            target.writestr(info, data)
    return fitted_wheel


def project_wheel(folder: Path) -> Path:
    """The project's own wheel, pure Python (Pyodide loads no compiled engine), built from
    a copy of this checkout's sources (a build in place would reuse whatever an earlier
    build left in build/lib). HEARTS_TEACH_PURE=1 is setup.py's switch for that build."""
    with tempfile.TemporaryDirectory(prefix="hearts-wheel-") as copy:
        source = Path(copy)
        for name in ("pyproject.toml", "setup.py", "README.md", "hearts_teach", "widgets"):
            if (ROOT / name).is_dir():
                shutil.copytree(
                    ROOT / name,
                    source / name,
                    ignore=shutil.ignore_patterns(
                        "__pycache__", "*.so", "*.pyc", "_engine_sources.json"
                    ),
                )
            else:
                shutil.copy(ROOT / name, source / name)
        run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
             "-w", str(folder), str(source)],
            env={**os.environ, "HEARTS_TEACH_PURE": "1"},
        )  # fmt: skip
    (wheel,) = folder.glob("hearts_teach-*-py3-none-any.whl")
    return wheel


def kernel_wheels() -> list[Path]:
    folder = KERNEL_EXTENSION / "static" / "pypi"
    wheels = [w for w in sorted(folder.glob("*.whl")) if w.name.startswith(KERNEL_WHEELS)]
    if len(wheels) != len(KERNEL_WHEELS):
        raise SystemExit(f"lite: the kernel's wheels are not all in {folder}")
    return wheels


def pure_wheel(name: str, version: str, folder: Path, package: Path | None = None) -> Path:
    """A wheel of ``package`` (a folder holding one Python package), or an empty
    distribution called ``name`` when there is none: installing it adds no module."""
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    stamp = (2020, 1, 1, 0, 0, 0)
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        if package is not None:
            for source in sorted(package.rglob("*.py")):
                member = f"{package.name}/{source.relative_to(package).as_posix()}"
                archive.writestr(zipfile.ZipInfo(member, stamp), source.read_bytes())
        for member, content in (
            ("METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"),
            ("WHEEL", "Wheel-Version: 1.0\nGenerator: hearts-teach\nRoot-Is-Purelib: true\nTag: py3-none-any\n"),
            ("RECORD", ""),
        ):  # fmt: skip
            archive.writestr(zipfile.ZipInfo(f"{info}/{member}", stamp), content)
    return wheel


def precompile(wheels: list[Path], folder: Path) -> list[Path]:
    """The same wheels with bytecode in place of sources, and Pyodide's standard library
    (``folder/STDLIB``) likewise (precompile.mjs)."""
    with tempfile.TemporaryDirectory() as staging:
        for archive in (*wheels, PYODIDE_NPM / STDLIB):
            shutil.copy(archive, Path(staging) / archive.name)
        run(["node", str(HERE / "precompile.mjs"), str(PYODIDE_NPM), staging, str(folder)])
    return sorted(folder.glob("*.whl"))


def top_level_names(wheel: Path) -> list[str]:
    """The importable top-level names of a wheel (its packages and modules)."""
    names: set[str] = set()
    with zipfile.ZipFile(wheel) as archive:
        for member in archive.namelist():
            first = member.split("/", 1)[0]
            if first.endswith((".dist-info", ".data")):
                continue
            if "/" in member:
                names.add(first)
            elif member.endswith((".py", ".pyc")):
                names.add(member.rsplit(".", 1)[0])
    return sorted(names)


def lock_file(wheels: list[Path]) -> dict[str, object]:
    """Pyodide's lock reduced to these wheels: Pyodide's own entries where it has one
    (their dependencies kept to the packages here), ours otherwise."""
    full = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text(encoding="utf-8"))
    known = {canonical(name): entry for name, entry in full["packages"].items()}
    names = {canonical(w.name.split("-")[0]) for w in wheels}
    packages: dict[str, object] = {}
    for wheel in wheels:
        name = canonical(wheel.name.split("-")[0])
        version = wheel.name.split("-")[1]
        entry = dict(known[name]) if name in known and name not in PLACEHOLDERS else {}
        if entry and entry["version"] != version:
            raise SystemExit(f"lite: {wheel.name} is not the version of Pyodide's lock")
        depends = entry.get("depends", EXTRA_DEPENDS.get(name, []))
        entry.update(
            name=name,
            version=version,
            file_name=wheel.name,
            sha256=hashlib.sha256(wheel.read_bytes()).hexdigest(),
            depends=[d for d in map(canonical, depends) if d in names],  # type: ignore[arg-type]
            imports=top_level_names(wheel),
            install_dir="site",
            package_type="package",
            unvendored_tests=False,
        )
        packages[name] = entry
    return {"info": full["info"], "packages": packages}


# --- the site -------------------------------------------------------------------------


def lite_config(packages: list[str]) -> dict[str, object]:
    kernel_settings = {
        "disablePyPIFallback": True,
        # Load everything with Pyodide at start (the kernel then installs nothing). The
        # kernel checks its own module under its import name, pyodide_kernel.
        "loadPyodideOptions": {"packages": [*packages, "pyodide_kernel"]},
    }
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Hearts",
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel_settings},
        },
    }


def build(out: Path, cache: Path) -> None:
    for needed, why in ((PYODIDE_NPM / "pyodide.asm.wasm", "run `npm ci`"),
                        (KERNEL_EXTENSION, "install the project's book extra")):  # fmt: skip
        if not needed.exists():
            raise SystemExit(f"lite: {needed} is missing ({why})")
    with tempfile.TemporaryDirectory(prefix="hearts-lite-") as work:
        work_dir = Path(work)
        raw, compiled = work_dir / "raw", work_dir / "compiled"
        raw.mkdir()
        compiled.mkdir()
        wheels = [*pinned_wheels(cache), *kernel_wheels(), project_wheel(raw)]
        wheels = [fitted(wheel, raw) for wheel in wheels]
        wheels.append(pure_wheel("piplite", "0.7.0", raw, PIPLITE / "piplite"))
        wheels += [pure_wheel(name, "0.0.0", raw) for name in PLACEHOLDERS]
        wheels = precompile(wheels, compiled)

        # A fresh lite folder each time: a leftover .jupyterlite.doit.db can make a
        # rebuild drop settings.
        lite = work_dir / "lite"
        runtime = lite / "static" / "pyodide"
        runtime.mkdir(parents=True)
        for name in RUNTIME_FILES:
            shutil.copy(PYODIDE_NPM / name, runtime / name)
        shutil.copy(compiled / STDLIB, runtime / STDLIB)
        for wheel in wheels:
            shutil.copy(wheel, runtime / wheel.name)
        lock = lock_file(wheels)
        (runtime / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
        config = lite_config(sorted(lock["packages"]))  # type: ignore[arg-type]
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
        contents = lite / "files"
        contents.mkdir()
        for name, source in NOTEBOOKS.items():
            shutil.copy(source, contents / name)

        if out.exists():
            shutil.rmtree(out)
        env = {**os.environ, "JUPYTER_PATH": str(TEMPLATES)}
        run(
            [
                str(Path(sys.executable).parent / "jupyter-lite"), "build", "--apps", "voici",
                "--no-sourcemaps", "--no-unused-shared-packages", "--contents", "files",
                "--output-dir", str(out), "--ignore-sys-prefix",
                f"--LiteBuildConfig.federated_extensions={KERNEL_EXTENSION}",
                "--VoilaConfiguration.template=hearts",
            ],
            cwd=lite,
            env=env,
            stdout=subprocess.DEVNULL,
        )  # fmt: skip
    finish(out)


def finish(out: Path) -> None:
    """Keep what the book's pages use, no more. Voici's file browser (voici/tree, with a
    stylesheet from a CDN), JupyterLite's other apps' bundles (build/) and the notebooks'
    folder go; the site's two index pages lead to the book instead. So does the service
    worker: it lets a kernel read and write the notebooks' folder, and these pages open no
    file; without it, the kernel does not route every import through it (a second or more
    per page). The pages then ask for it once, and find nothing (404)."""
    for leftover in (
        "service-worker.js", "jupyter-lite.ipynb", "doc", "build", "files", "voici/tree",
        "api/translations",
    ):  # fmt: skip
        target = out / leftover
        if target.is_dir():
            shutil.rmtree(target)
        elif target.exists():
            target.unlink()
    for index, book in ((out / "index.html", "../"), (out / "voici" / "index.html", "../../")):
        index.write_text(
            f'<!DOCTYPE html><meta charset="utf-8"><meta http-equiv="refresh" content="0; url={book}">'
            f'<title>Hearts</title><a href="{book}">Hearts and its variants / Les Cœurs</a>\n',
            encoding="utf-8",
        )
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    print(f"lite: {out} ({size / 1e6:.1f} MB)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="where the site goes")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="downloaded wheels")
    options = parser.parse_args(argv)
    build(options.out.resolve(), options.cache.resolve())


if __name__ == "__main__":
    main()
