"""Start Voilà for the playground: ``python -m widgets.serve NOTEBOOK [voila options]``.

The same as the ``voila`` command, minus seconds of start-up: jsonschema (through
nbformat and jupyter_events) imports ``rfc3987_syntax``, which builds dozens of Lark
parsers at import time (jsonschema issue #1428) for the ``iri`` format, a format no
Jupyter schema uses. Marking the module absent makes jsonschema skip that checker.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> None:
    sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
    from voila.app import main as voila_main  # type: ignore[import-untyped]

    voila_main(argv=sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
