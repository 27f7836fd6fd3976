"""A folder served over http on 127.0.0.1, as any static host would serve the book."""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A static file handler that logs nothing."""

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def serving(
    folder: Path, handler_class: type[http.server.SimpleHTTPRequestHandler] = QuietHandler
) -> Iterator[str]:
    """Serve ``folder`` over http on 127.0.0.1 (a free port) while the block runs, with
    ``handler_class`` (a benchmark's counts what it sends)."""
    handler = functools.partial(handler_class, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
