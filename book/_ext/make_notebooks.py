"""Write the book's notebooks from their sources and execute them, so the committed
.ipynb files carry fresh, deterministic outputs.

Sources live in ``book/_src/<lang>/<name>.md``: cells separated by lines such as
``%% md`` or ``%% code remove-input`` (the words after ``code`` are cell tags). Every
notebook gets a first, hidden cell that imports the book's kit and sets ``LANG``.

    .venv/bin/python book/_ext/make_notebooks.py            # every chapter
    .venv/bin/python book/_ext/make_notebooks.py spot basics  # some chapters
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

BOOK = Path(__file__).resolve().parents[1]
ROOT = BOOK.parent
LANGS = ("en", "fr")

SETUP_CELL = """\
import sys

sys.path.insert(0, "../_ext")
import hearts_book_kit as kit

LANG = "{lang}"
LANG
"""
# A chapter with no code of its own (the bibliography, the family) needs only LANG: an
# unused import of the kit would be dead code, and ruff says so.
SETUP_CELL_PLAIN = """\
LANG = "{lang}"
LANG
"""


def parse_source(source: str) -> list[nbformat.NotebookNode]:
    cells: list[nbformat.NotebookNode] = []
    kind: str | None = None
    tags: list[str] = []
    lines: list[str] = []

    def flush() -> None:
        if kind is None:
            return
        body = "\n".join(lines).strip("\n")
        if kind == "md":
            cell = nbformat.v4.new_markdown_cell(body)  # type: ignore[no-untyped-call]
        else:
            cell = nbformat.v4.new_code_cell(body)  # type: ignore[no-untyped-call]
        if tags:
            cell.metadata["tags"] = list(tags)
        cells.append(cell)

    for line in source.splitlines():
        if line.startswith("%% "):
            flush()
            words = line[3:].split()
            kind, tags, lines = words[0], words[1:], []
            if kind not in ("md", "code"):
                raise ValueError(f"unknown cell kind {kind!r} in line {line!r}")
        else:
            lines.append(line)
    flush()
    return cells


def build(lang: str, name: str) -> Path:
    source = (BOOK / "_src" / lang / f"{name}.md").read_text(encoding="utf-8")
    template = SETUP_CELL if "kit." in source else SETUP_CELL_PLAIN
    setup = nbformat.v4.new_code_cell(template.format(lang=lang))  # type: ignore[no-untyped-call]
    setup.metadata["tags"] = ["remove-cell"]
    notebook = nbformat.v4.new_notebook(cells=[setup, *parse_source(source)])  # type: ignore[no-untyped-call]
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    notebook.metadata["language_info"] = {"name": "python"}
    for index, cell in enumerate(notebook.cells):
        # Stable ids keep diffs small between two generations.
        cell["id"] = f"{name}-{index}"
    target = BOOK / lang / f"{name}.ipynb"
    nbformat.write(notebook, target)  # type: ignore[no-untyped-call]
    subprocess.run(
        [str(ROOT / ".venv/bin/ruff"), "format", "--quiet", str(target)], check=True, cwd=ROOT
    )
    notebook = nbformat.read(target, as_version=4)  # type: ignore[no-untyped-call]
    client = NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(target.parent)}},
        store_widget_state=True,
    )
    client.execute()
    notebook.metadata["language_info"] = {"name": "python"}
    if not shows_widgets_statically(notebook):
        # The widget manager (1.9 MB of script) comes to a page only with widget state:
        # a page whose widgets all give way to their HTML (the playable slots) needs none.
        notebook.metadata.pop("widgets", None)
    nbformat.write(notebook, target)  # type: ignore[no-untyped-call]
    return target


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def shows_widgets_statically(notebook: nbformat.NotebookNode) -> bool:
    """Whether the static site draws a widget of this notebook: an output that has a
    widget view and no HTML (the site prefers HTML: nb_mime_priority_overrides)."""
    return any(
        WIDGET_VIEW in output.get("data", {}) and "text/html" not in output.get("data", {})
        for cell in notebook.cells
        for output in cell.get("outputs", [])
    )


def main(argv: list[str]) -> int:
    names = argv or sorted(p.stem for p in (BOOK / "_src" / "en").glob("*.md"))
    for name in names:
        for lang in LANGS:
            print(f"{lang}/{name}", flush=True)
            build(lang, name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
