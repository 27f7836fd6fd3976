"""Write the built site's service worker (``sw.js`` at its root, from ``sw.js`` here):
the edition's files and a version that changes with any of them.

    .venv/bin/python book/_ext/offline/offline.py _build/html

``make book`` runs it last, once the playable half (lite/) is in the site. What the
worker does with the list is said in sw.js.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

TEMPLATE = Path(__file__).with_name("sw.js")
WORKER = "sw.js"
# What a reader never asks for: Sphinx's build records, the notebooks' sources, the
# printed editions (a download, not a page; they stay on the server), the worker itself.
LEFT_OUT_FOLDERS = ("_sources", ".doctrees", "reports")
LEFT_OUT_NAMES = (".buildinfo", "objects.inv", ".built", WORKER)
LEFT_OUT_SUFFIXES = (".pdf",)


def edition_files(site: Path) -> list[str]:
    """Every file a reader's browser may ask for, relative to the site's root, sorted."""
    files = []
    for path in site.rglob("*"):
        relative = path.relative_to(site)
        if not path.is_file() or relative.parts[0] in LEFT_OUT_FOLDERS:
            continue
        if path.name in LEFT_OUT_NAMES or path.suffix in LEFT_OUT_SUFFIXES:
            continue
        files.append(relative.as_posix())
    return sorted(files)


def edition(site: Path, files: list[str]) -> str:
    """A version that changes when any file changes (names and contents)."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode("utf-8") + b"\0")
        digest.update(hashlib.sha256((site / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_worker(site: Path) -> tuple[str, int]:
    """Write ``site/sw.js``; its edition and how many files it keeps."""
    files = edition_files(site)
    if "index.html" not in files:
        raise SystemExit(f"offline: {site} is not a built site (no index.html)")
    version = edition(site, files)
    # The root's address (./) answers with its index page, as the server does.
    listed = ["./", *files]
    source = TEMPLATE.read_text(encoding="utf-8")
    source = source.replace("@EDITION@", version).replace("@FILES@", json.dumps(listed))
    (site / WORKER).write_text(source, encoding="utf-8")
    return version, len(listed)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, help="the built site (_build/html)")
    site = parser.parse_args(argv).site
    version, count = write_worker(site)
    size = sum((site / name).stat().st_size for name in edition_files(site))
    print(f"offline: {site / WORKER}, edition {version}, {count} files ({size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
