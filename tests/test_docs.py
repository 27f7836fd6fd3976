"""The project's own documents (docs/, CONTRIBUTING.md) against the code they describe.

- every rules citation in the code and the tests (a section sign and a number, as in
  "docs/rules.md" or "RULES.md" followed by a section) names a section, an item (L01,
  Q8, E1...) or a numbered rule that docs/rules.md has;
- docs/rules.md keeps the numbering the code was written against, documents every
  option and preset of ``Rules``, and names its sources by title, never by an internal id;
- the paths and ``make`` targets the documents name exist;
- nothing in the repository points to a file outside it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts_teach import Rules
from hearts_teach.rules import OPTION_CHOICES

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
RULES_DOC = DOCS / "rules.md"
DOCUMENTS = (DOCS / "rules.md", DOCS / "architecture.md", ROOT / "CONTRIBUTING.md")

# Where rules are cited.
CITING = ("hearts_teach", "widgets", "tests", "book/_ext")
# Folders that are not the repository's own text: version control, environments,
# dependencies and everything the build writes (all of them in .gitignore).
SKIPPED_DIRS = {
    ".git",
    ".venv",
    "node_modules",
    "_build",
    "build",
    "test-output",
    "__pycache__",
    ".pytest_cache",
    ".hypothesis",
    ".mypy_cache",
    ".ruff_cache",
    ".ipynb_checkpoints",
}

SECTION_HEADING = re.compile(r"^#{2,6}\s+§(\d+(?:\.\d+)*)\.?\s")
TABLE_ITEM = re.compile(r"^\|\s*([A-Z]\d{1,2})\s*\|")
LIST_ITEM = re.compile(r"^-\s+\*\*([A-Z]\d{1,2})\*\*")
NUMBERED_RULE = re.compile(r"^(\d+)\.\s")

SECTION_SIGN = re.compile(r"§\s?(\d+(?:\.\d+)*)")
NUMBERED_CITATION = re.compile(r"§\s?(\d+(?:\.\d+)*),?\s+rule\s+(\d+)")
ITEM_CITATION = re.compile(r"\b([LQ]\d{2}|Q\d|E\d)\b")
CITING_LINE = re.compile(r"§|RULES\.md|docs/rules\.md")

# The numbering of the specification the code and tests were written against: these
# sections and items must stay, with these numbers.
KEPT_SECTIONS = {
    *(str(n) for n in range(15)),
    *(f"2.{n}" for n in range(1, 11)),
    "3.1",
    *(f"4.{n}" for n in range(1, 7)),
    "8.1",
    "8.2",
    "8.3",
}
KEPT_ITEMS = {
    *(f"L{n:02d}" for n in range(1, 16)),
    *(f"Q{n}" for n in range(1, 27)),
    *(f"E{n}" for n in range(1, 6)),
}
KEPT_RULES = {"2.6": set(range(1, 6))}

# Internal names of sources and of documents outside the repository: the documents name
# a source by its title and site.
INTERNAL_NAMES = re.compile(
    r"\bS0\d\d\b|\bseeds?/|\bseed \d{3}\b|\[(?:J|OS|PAGAT|BIC|WP|WP-old|PAR|S\d{3})\]"
    r"|\bRULES\.md\b|\bDESIGN\.md\b"
)
# A path that leaves the repository: the shared folder beside it, or a home or work
# folder of the machine the text was written on.
OUTSIDE = re.compile(r"\.\./shared\b|(?<![\w.~-])/(?:work|home|Users)/")
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")
URL_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


# --- reading ------------------------------------------------------------------------


def text_of(path: Path) -> str | None:
    """The file's text, or None for a binary file."""
    data = path.read_bytes()
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def repository_files(top: Path = ROOT) -> Iterator[Path]:
    """Every file of the repository's own, the generated and installed folders aside."""
    for path in sorted(top.iterdir()):
        if path.is_dir():
            if path.name in SKIPPED_DIRS or path.name.endswith(".egg-info"):
                continue
            yield from repository_files(path)
        elif path.is_file() and path.name != ".git":
            # In a git worktree .git is a file naming the main repository's folder.
            yield path


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def outside_lines(lines: list[str]) -> Iterator[str]:
    """The lines outside Markdown code fences."""
    fenced = False
    for line in lines:
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced:
            yield line


def rules_doc_labels() -> tuple[set[str], set[str], dict[str, set[int]]]:
    """docs/rules.md's sections (from its headings), its items (table rows and list
    entries labelled like L01, Q8, E1) and each section's numbered rules."""
    sections: set[str] = set()
    items: set[str] = set()
    rules: dict[str, set[int]] = {}
    current = ""
    for line in outside_lines(RULES_DOC.read_text(encoding="utf-8").splitlines()):
        heading = SECTION_HEADING.match(line)
        if heading:
            current = heading.group(1)
            sections.add(current)
            continue
        item = TABLE_ITEM.match(line) or LIST_ITEM.match(line)
        if item:
            items.add(item.group(1))
        numbered = NUMBERED_RULE.match(line)
        if numbered and current:
            rules.setdefault(current, set()).add(int(numbered.group(1)))
    return sections, items, rules


def section_text(number: str) -> str:
    """The text of one section of docs/rules.md, up to the next heading of its level."""
    lines = RULES_DOC.read_text(encoding="utf-8").splitlines()
    out: list[str] = []
    inside = False
    for line in lines:
        heading = SECTION_HEADING.match(line)
        if heading:
            if inside:
                break
            inside = heading.group(1) == number
            continue
        if inside:
            out.append(line)
    return "\n".join(out)


def citations() -> Iterator[tuple[str, int, str]]:
    """(file, line number, line) for every line of the citing folders that cites a rule."""
    for folder in CITING:
        for path in repository_files(ROOT / folder):
            content = text_of(path)
            if content is None:
                continue
            for number, line in enumerate(content.splitlines(), start=1):
                if SECTION_SIGN.search(line):
                    yield relative(path), number, line


# --- docs/rules.md --------------------------------------------------------------------


def test_rules_doc_keeps_the_numbering_the_code_cites() -> None:
    sections, items, rules = rules_doc_labels()
    assert sorted(KEPT_SECTIONS - sections) == []
    assert sorted(KEPT_ITEMS - items) == []
    for section, numbers in KEPT_RULES.items():
        assert numbers <= rules.get(section, set()), f"§{section} lacks rules {numbers}"


def test_every_rules_citation_names_a_section_that_exists() -> None:
    sections, items, rules = rules_doc_labels()
    problems = []
    count = 0
    for where, number, line in citations():
        for cited in SECTION_SIGN.findall(line):
            count += 1
            if cited not in sections:
                problems.append(f"{where}:{number}: §{cited} is not a section of docs/rules.md")
        for cited, rule in NUMBERED_CITATION.findall(line):
            if int(rule) not in rules.get(cited, set()):
                problems.append(f"{where}:{number}: §{cited} has no rule {rule}")
        if CITING_LINE.search(line):
            for item in ITEM_CITATION.findall(line):
                if item not in items:
                    problems.append(f"{where}:{number}: {item} is not an item of docs/rules.md")
    assert problems == []
    assert count > 10, "the search for citations found almost none: is its pattern right?"


def test_every_option_is_documented_with_its_values() -> None:
    options = section_text("12")
    rows = {
        match.group(1): line
        for line in options.splitlines()
        if (match := re.match(r"^\|\s*`(\w+)`\s*\|", line))
    }
    assert sorted(set(Rules.option_names()) - set(rows)) == []
    assert sorted(set(rows) - set(Rules.option_names())) == [], "documented, but no option"
    for option, words in OPTION_CHOICES.items():
        for word in words:
            assert f"`{word}`" in rows[option], f"§12: {option} does not list {word}"


def test_every_preset_is_documented() -> None:
    presets = section_text("13")
    documented = set(re.findall(r"^\|\s*`([\w-]+)`\s*\|", presets, flags=re.MULTILINE))
    assert documented == set(Rules.PRESETS)


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_documents_name_sources_not_internal_ids(document: Path) -> None:
    found = [
        f"{number}: {match.group(0)}"
        for number, line in enumerate(document.read_text(encoding="utf-8").splitlines(), 1)
        for match in INTERNAL_NAMES.finditer(line)
    ]
    assert found == []


# --- what the documents name exists -----------------------------------------------------


def make_targets() -> set[str]:
    targets: set[str] = set()
    for makefile in [ROOT / "Makefile", *sorted((ROOT / "mk").glob("*.mk"))]:
        for line in makefile.read_text(encoding="utf-8").splitlines():
            match = re.match(r"^([\w.-]+(?:\s+[\w.-]+)*)\s*:(?!=)", line)
            if match and not line.startswith((".PHONY", "\t")):
                targets.update(match.group(1).split())
    return targets


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_make_targets_named_in_the_documents_exist(document: Path) -> None:
    # `make x` in the text, or a command line of a code block
    command = re.compile(r"(?:`|^)make ([a-z][\w-]*)", re.MULTILINE)
    named = set(command.findall(document.read_text(encoding="utf-8")))
    assert sorted(named - make_targets()) == []


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_paths_named_in_the_documents_exist(document: Path) -> None:
    tops = {p.name for p in ROOT.iterdir()} - SKIPPED_DIRS
    missing = []
    for path in re.findall(r"`([\w.-]+/[\w./-]*)`", document.read_text(encoding="utf-8")):
        if path.split("/")[0] in tops and not (ROOT / path).exists():
            missing.append(path)
    assert missing == []


# --- nothing points outside the repository ---------------------------------------------


def outside_references() -> list[tuple[str, int, str]]:
    """(file, line number, what) for every reference to a path outside the repository."""
    found = []
    for path in repository_files():
        content = text_of(path)
        if content is None:
            continue
        markdown = path.suffix == ".md"
        for number, line in enumerate(content.splitlines(), start=1):
            for match in OUTSIDE.finditer(line):
                found.append((relative(path), number, match.group(0)))
            if not markdown:
                continue
            for target in MARKDOWN_LINK.findall(line):
                if URL_SCHEME.match(target) or target.startswith(("#", "<")):
                    continue
                resolved = (path.parent / target.split("#")[0]).resolve()
                if not resolved.is_relative_to(ROOT):
                    found.append((relative(path), number, target))
    return found


def test_nothing_refers_to_a_path_outside_the_repository() -> None:
    found = [f"{where}:{number}: {what}" for where, number, what in outside_references()]
    assert found == []


def _modules(package: Path) -> list[Path]:
    return sorted(
        path
        for path in package.rglob("*.py")
        if path.name != "__init__.py" and "__pycache__" not in path.parts
    )


ARCHITECTURE_SECTIONS = {
    "hearts_teach": ("## The engine (`hearts_teach/`)", "## The front end"),
    "widgets": ("## The front end", "## The book"),
}
"""Where docs/architecture.md describes each package: a module is looked for in its own
package's part, so that ``review.py`` of the tools does not stand for the widgets' one."""


@pytest.mark.parametrize("package", ["hearts_teach", "widgets"])
def test_every_module_appears_in_the_architecture(package: str) -> None:
    """docs/architecture.md says where everything lives: each module is named in its
    package's part (by its file name, or its folder for a subpackage it describes as a
    whole)."""
    whole = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    start, end = ARCHITECTURE_SECTIONS[package]
    architecture = whole[whole.index(start) : whole.index(end)]
    root = ROOT / package
    missing = [
        str(path.relative_to(ROOT))
        for path in _modules(root)
        if f"`{path.name}`" not in architecture
        and f"{path.relative_to(root).as_posix()}`" not in architecture
        and f"`{path.parent.relative_to(root).as_posix()}/`" not in architecture
    ]
    assert missing == []


def test_the_layers_contract_names_every_module_of_its_layers() -> None:
    """The import-linter contracts (pyproject.toml) list the core's and the widgets'
    modules by name: a new module of either must join its contract."""
    import tomllib

    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "importlinter"
    ]["contracts"]
    listed = {module for contract in contracts for module in contract["source_modules"]}
    core = {
        f"hearts_teach.{path.stem}"
        for path in (ROOT / "hearts_teach").glob("*.py")
        if path.name != "__init__.py"
    }
    front = {
        f"hearts_teach_widgets.{path.stem}"
        for path in (ROOT / "widgets").glob("*.py")
        if path.name != "__init__.py"
    }
    assert (core | front) - listed == set()
