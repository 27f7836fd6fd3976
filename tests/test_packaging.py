"""The package as a user installs it: a wheel built with a C compiler runs the compiled
engine, one built with HEARTS_TEACH_PURE=1 is pure Python, and both play the same; with
the ``[play]`` extra, ``hearts-teach play`` serves the playground.

Each wheel is built once for the session from a copy of the checkout's sources, and
installed into a fresh virtual environment; the checks run there, outside the checkout,
so that nothing is imported from the working tree. The play extra's dependencies are
installed at the versions of constraints.txt, those of the development environment,
which pip has already fetched.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import tomllib
import urllib.request
import venv
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import hearts_teach
from hearts_teach import _build

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "hearts_teach", "widgets")
"""What a build reads from the checkout (as book/lite/build_site.py copies it)."""
CONSTRAINTS = ROOT / "constraints.txt"
TOP_LEVEL = {"hearts_teach", "hearts_teach_widgets"}
SERVER_START = 120.0
"""Seconds the playground's server may take to print its banner (it prints it once it
listens, before any kernel has started)."""

needs_compiler = pytest.mark.skipif(
    shutil.which(os.environ.get("CC", "cc")) is None and shutil.which("gcc") is None,
    reason="no C compiler: only the pure-Python build can be made here",
)

# Seeded deals played by the heuristic bots (one with a Monte-Carlo move), in a few
# variants: the two builds must give the same cards and the same scores.
PLAY_SCRIPT = """
import json
import hearts_teach
from hearts_teach import Deal, Rules
from hearts_teach.bots import make_bot

deals = []
for preset in ("standard", "omnibus", "spot", "two-player", "black-maria-3", "partnership"):
    rules = Rules.preset(preset)
    deal = Deal.new(rules, seed=11, deal_number=0)
    bots = [make_bot("heuristic", seed=p) for p in range(rules.players)]
    if deal.phase == "pass":
        for player in range(rules.players):
            deal.pass_cards(player, list(bots[player].pass_cards(deal.view(player)).cards))
    searcher = make_bot("montecarlo", seed=3, playouts=40, time_limit=None)
    first = searcher.play(deal.view(deal.to_play))
    while not deal.is_over:
        player = deal.to_play
        deal.play(bots[player].play(deal.view(player)).card)
    result = deal.result()
    deals.append([preset, str(first.card), [str(c) for _, c in deal.plays], list(result.scores)])
print(json.dumps({"compiled": hearts_teach.COMPILED, "deals": deals}))
"""


@dataclass(frozen=True)
class Installed:
    """A wheel and the virtual environment it was installed into."""

    wheel: Path
    python: Path

    def run(self, code: str, **environment: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.python), "-c", code],
            capture_output=True,
            text=True,
            check=True,
            cwd=self.wheel.parent,  # not the checkout: nothing may come from the tree
            env={**self.environment(), **environment},
        )

    def play(self, **environment: str) -> dict[str, object]:
        result: dict[str, object] = json.loads(self.run(PLAY_SCRIPT, **environment).stdout)
        return result

    def command(self, *arguments: str, **environment: str) -> subprocess.CompletedProcess[str]:
        """The installed ``hearts-teach`` command (its entry point in the venv)."""
        return subprocess.run(
            [str(self.python.parent / "hearts-teach"), *arguments],
            capture_output=True,
            text=True,
            cwd=self.wheel.parent,
            env={**self.environment(), **environment},
        )

    def environment(self) -> dict[str, str]:
        """This machine's environment, less what would bring in the checkout."""
        drop = ("PYTHONPATH", "JUPYTER_PATH", _build.PURE_SWITCH)
        return {k: v for k, v in os.environ.items() if k not in drop}

    def package(self) -> Path:
        out = self.run(
            "import hearts_teach, pathlib; print(pathlib.Path(hearts_teach.__file__).parent)"
        )
        return Path(out.stdout.strip())


def build(workspace: Path, name: str, pure: bool) -> Path:
    """A wheel built from a copy of the checkout's sources."""
    source = workspace / f"{name}-source"
    source.mkdir()
    for item in SOURCES:
        origin = ROOT / item
        if origin.is_dir():
            shutil.copytree(
                origin,
                source / item,
                ignore=shutil.ignore_patterns(
                    "__pycache__", "*.so", "*.pyc", "_engine_sources.json"
                ),
            )
        elif origin.exists():
            shutil.copy(origin, source / item)
    wheels = workspace / f"{name}-wheel"
    env = {k: v for k, v in os.environ.items() if k != _build.PURE_SWITCH}
    if pure:
        env[_build.PURE_SWITCH] = "1"
    # The build requirements (setuptools, mypy) are the test environment's own.
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "-w", str(wheels), str(source)],
        check=True,
        env=env,
        cwd=workspace,
    )  # fmt: skip
    (wheel,) = wheels.glob("hearts_teach-*.whl")
    return wheel


def install(workspace: Path, name: str, wheel: Path, extra: str = "") -> Installed:
    """The wheel installed into a fresh virtual environment: alone (the engine has no
    dependency), or with an extra's dependencies at the development versions."""
    environment = workspace / f"{name}-venv"
    venv.EnvBuilder(with_pip=True).create(environment)
    python = environment / "bin" / "python"
    what = ["--no-deps", str(wheel)] if not extra else ["-c", str(CONSTRAINTS), f"{wheel}[{extra}]"]
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", *what], check=True, cwd=workspace
    )
    return Installed(wheel, python)


def build_and_install(workspace: Path, name: str, pure: bool) -> Installed:
    return install(workspace, name, build(workspace, name, pure))


@pytest.fixture(scope="session")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield tmp_path_factory.mktemp("packaging")


@pytest.fixture(scope="session")
def compiled(workspace: Path) -> Installed:
    return build_and_install(workspace, "compiled", pure=False)


@pytest.fixture(scope="session")
def pure(workspace: Path) -> Installed:
    return build_and_install(workspace, "pure", pure=True)


@needs_compiler
def test_a_wheel_built_with_a_compiler_runs_the_compiled_engine(compiled: Installed) -> None:
    assert "py3-none-any" not in compiled.wheel.name
    names = zipfile.ZipFile(compiled.wheel).namelist()
    assert "hearts_teach/deal.py" in names  # the source ships beside its compiled module
    assert any(n.startswith("hearts_teach/deal.") and n.endswith(".so") for n in names)
    # No top-level name but the project's own (the compiled library is inside it).
    assert {n.split("/")[0] for n in names if "dist-info" not in n} == TOP_LEVEL
    out = compiled.run(
        "import hearts_teach, hearts_teach.deal as d; print(hearts_teach.COMPILED, d.__file__)"
    )
    flag, path = out.stdout.split()
    assert flag == "True" and not path.endswith(".py")


def test_the_pure_switch_builds_a_pure_wheel(pure: Installed) -> None:
    assert pure.wheel.name.endswith("-py3-none-any.whl")
    names = zipfile.ZipFile(pure.wheel).namelist()
    assert not [n for n in names if n.endswith(".so")]
    assert {n.split("/")[0] for n in names if "dist-info" not in n} == TOP_LEVEL
    # What `hearts-teach play` serves ships in the package.
    assert "hearts_teach_widgets/server/notebooks/playground.ipynb" in names
    assert "hearts_teach_widgets/server/voila/templates/hearts/index.html.j2" in names
    assert pure.run("import hearts_teach; print(hearts_teach.COMPILED)").stdout.strip() == "False"


@needs_compiler
def test_both_builds_play_the_same_seeded_deals(compiled: Installed, pure: Installed) -> None:
    fast, slow = compiled.play(), pure.play()
    assert fast["compiled"] is True and slow["compiled"] is False
    assert fast["deals"] == slow["deals"]
    # ...and the same as the engine under test here.
    here: dict[str, object] = {}
    code = PLAY_SCRIPT.replace("print(json.dumps(", "here.update((")
    exec(code, {"here": here})
    assert here["deals"] == fast["deals"]


@needs_compiler
def test_the_pure_switch_at_run_time_runs_the_source(compiled: Installed) -> None:
    out = compiled.run(
        "import hearts_teach, hearts_teach.deal as d; print(hearts_teach.COMPILED, d.__file__)",
        HEARTS_TEACH_PURE="1",
    )
    flag, path = out.stdout.split()
    assert flag == "False" and path.endswith("deal.py")


@needs_compiler
def test_an_edited_source_runs_instead_of_its_stale_compiled_module(compiled: Installed) -> None:
    """What runs is never older than the source beside it: an edit after the build is
    run interpreted, with a warning that says how to rebuild."""
    source = compiled.package() / "deal.py"
    original = source.read_bytes()
    try:
        source.write_bytes(original + b"\nEDITED = True\n")
        out = compiled.run(
            "import hearts_teach, hearts_teach.deal as d; print(hearts_teach.COMPILED, d.EDITED)"
        )
    finally:
        source.write_bytes(original)
    assert out.stdout.split() == ["False", "True"]
    assert "deal.py changed since the engine was compiled" in out.stderr


def test_the_build_and_the_package_name_the_same_switch_and_record() -> None:
    text = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert f'PURE_SWITCH = "{_build.PURE_SWITCH}"' in text
    assert f'SOURCES_RECORD = "{_build.SOURCES_RECORD}"' in text
    for name in _build.HOT_MODULES:
        assert f'"hearts_teach/{name}.py"' in text


def test_this_checkout_reports_which_build_it_runs() -> None:
    assert isinstance(hearts_teach.COMPILED, bool)
    deal_file = hearts_teach.deal.__file__ or ""
    assert (not deal_file.endswith(".py")) == hearts_teach.COMPILED


# --- the app: pip install hearts-teach[play], then hearts-teach play ------------------


@pytest.fixture(scope="session")
def app(workspace: Path, compiled: Installed, pure: Installed) -> Installed:
    """The compiled wheel (pure without a compiler) with the play extra."""
    wheel = compiled.wheel if "py3-none-any" not in compiled.wheel.name else pure.wheel
    return install(workspace, "play", wheel, extra="play")


def read_lines(stream: object, lines: queue.Queue[str]) -> None:
    for line in stream:  # type: ignore[attr-defined]
        lines.put(line)


def test_the_installed_app_serves_the_playground(app: Installed) -> None:
    """`hearts-teach play` from outside any checkout: the banner, then the page. It
    listens on the port asked for or, when another server has it, on the next free one:
    the banner says which."""
    command = [str(app.python.parent / "hearts-teach"), "play", "--port", "8866"]
    server = subprocess.Popen(
        [*command, "--pool", "1", "--lang", "fr"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=app.wheel.parent,
        env=app.environment(),
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=read_lines, args=(server.stdout, lines), daemon=True).start()
    said: list[str] = []
    try:
        # --lang fr: the banner speaks French to the teacher too
        while not any(line.startswith("Salle de jeu de la dame de pique") for line in said):
            try:
                said.append(lines.get(timeout=SERVER_START))
            except queue.Empty:
                pytest.fail("no banner:\n" + "".join(said))
        banner = next(line for line in said if line.startswith("Salle de jeu"))
        found = re.search(r"http://\S+", banner)
        assert found is not None and "(Ctrl-C pour arrêter)" in banner
        address = found.group()
        with urllib.request.urlopen(address + "?lang=fr", timeout=SERVER_START) as response:
            status, page = response.status, response.read().decode()
    finally:
        server.terminate()
        server.wait(30)
    assert status == 200
    assert "ht-address" in page and "On met la table" in page  # the project's template
    # The packaged notebook ran in a kernel and showed the playground's widget.
    assert "application/vnd.jupyter.widget-view+json" in page
    assert "Playground(children=" in page
    assert "Traceback" not in "".join(said)


def test_the_installed_app_says_its_version_and_its_build(app: Installed) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    version = app.command("--version")
    assert version.returncode == 0
    assert version.stdout == f"hearts-teach {project['project']['version']}\n"
    compiled = "py3-none-any" not in app.wheel.name
    check = "import hearts_teach; print(hearts_teach.COMPILED)"
    assert app.run(check).stdout.strip() == str(compiled)
    assert app.run(check, HEARTS_TEACH_PURE="1").stdout.strip() == "False"


def test_without_the_play_extra_the_command_says_how_to_get_it(pure: Installed) -> None:
    played = pure.command("play", "--lang", "fr")
    assert played.returncode == 2
    assert "pip install 'hearts-teach[play]'" in played.stderr
    assert "Traceback" not in played.stderr
    assert pure.command("--version").returncode == 0  # the rest of the command works
