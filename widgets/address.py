"""The page's address: what a visitor asked for in its query string.

Voilà gives the kernel the address's query string as ``QUERY_STRING``; under Voici (the
static book's playable pages) the project's template does the same, and adds
``HEARTS_PAGE_URL``, the address of the book page a reader shares.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import parse_qs


def query_parameters(query_string: str | None) -> dict[str, str]:
    """The first value of each parameter of a query string (``deal=...&lang=fr``)."""
    if not query_string:
        return {}
    parsed = parse_qs(query_string.lstrip("?"), keep_blank_values=False)
    return {key: values[0] for key, values in parsed.items() if values}


def request_query_string(environ: Mapping[str, str]) -> str | None:
    """The query string of the page's address. Voilà puts it in ``QUERY_STRING``; a
    preheated kernel (``--preheat_kernel``) runs before any request, so it waits here
    for the visitor's request (importing voila only then: it is slow to import)."""
    if environ.get("VOILA_PREHEAT") == "True":
        from voila.utils import get_query_string  # type: ignore[import-untyped]

        query: str | None = get_query_string()
        return query
    return environ.get("QUERY_STRING")


def page_url(environ: Mapping[str, str]) -> str | None:
    """The address of the static book's page around a playable page, if any."""
    url = environ.get("HEARTS_PAGE_URL", "")
    return url if url.startswith(("http://", "https://", "file:///")) else None
