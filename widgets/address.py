"""The page's address: what a visitor asked for, and where their game is kept.

Voilà gives the kernel the address's query string as ``QUERY_STRING`` and the host and
port the visitor typed as ``SERVER_NAME`` and ``SERVER_PORT`` (CGI-like variables of
the request); under Voici (the static book's playable pages) the project's template
gives ``QUERY_STRING`` too, and adds ``HEARTS_PAGE_URL``, the address of the book page
a reader shares.

The address carries the game: ``?game=CODES&seed=N&lang=fr&bots=heuristic``, where
``CODES`` are the share codes of the game's deals (the last one the current position with
its plays; each with the game's totals before it: see ``hearts_teach.records.game_code``)
and ``seed`` gives the deals that follow (and every bot's seed); while the person chooses
their pass, ``picked`` keeps the cards chosen so far. ``?deal=CODE`` opens a
shared deal. The playground writes the address
after every card (:func:`address_query`); the page's template copies it to the browser's
address bar as data (each parameter checked against its pattern, with
``history.replaceState``, which cannot load or run anything). Reloading the page, or
opening the address after the kernel or the server went away, resumes the game there.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final
from urllib.parse import parse_qsl, quote, urlencode

from hearts_teach.i18n import text

from .texts import BOT_LEVELS, DEFAULT_BOT_LEVEL, LANGUAGES, PACES

MAX_SEED: Final = 999_999_999_999
PAGE_LANG: Final = "HEARTS_LANG"
"""The page's language when its address names none (``hearts-teach play --lang fr``)."""
MAX_QUERY: Final = 16_384
"""The longest query string read (a whole game's code is a few hundred characters)."""
PARAMETERS: Final = (
    "game",
    "deal",
    "seed",
    "lang",
    "bots",
    "picked",
    "class",
    "review",
    "puzzles",
    "pace",
    "lesson",
    "tab",
)
TABS: Final = ("lessons", "puzzles", "teachers")
"""The tabs an address may open (the play tab is the one opened when it names none)."""
MAX_PICKED: Final = 13
"""The most cards an address may give as chosen for the pass (a hand's worth)."""
_SHOWN: Final = 24  # characters of a bad value quoted back to the visitor


def query_parameters(query_string: str | None) -> dict[str, str]:
    """The first value of each parameter of a query string (``deal=...&lang=fr``)."""
    if not query_string:
        return {}
    found: dict[str, str] = {}
    for key, value in parse_qsl(query_string.lstrip("?"), max_num_fields=64):
        if value:
            found.setdefault(key, value)
    return found


def request_query_string(environ: Mapping[str, str], attempts: int = 5) -> str | None:
    """The query string of the page's address. Voilà puts it in ``QUERY_STRING``; a
    preheated kernel (``--preheat_kernel``) runs before any request, so it waits here
    for the visitor's request (:func:`wait_for_request`), which also gives it the
    request's other variables (``SERVER_NAME``...)."""
    if environ.get("VOILA_PREHEAT") == "True":
        for _ in range(attempts):
            if wait_for_request(environ):
                return os.environ.get("QUERY_STRING", "")
            time.sleep(0.5)  # a busy server may not answer at once: ask again
        return None
    return environ.get("QUERY_STRING")


def wait_for_request(environ: Mapping[str, str]) -> bool:
    """Wait for the visitor's request, as Voilà's ``voila.utils.wait_for_request`` does
    (its websocket ``/voila/query/<kernel>``, one message of the request's variables,
    put in ``os.environ``), without importing voila.utils: it imports jupyter_server and
    jupyterlab_server, three seconds and 80 MB in every kernel. False if the server did
    not answer."""
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    kernel = environ.get("VOILA_KERNEL_ID", "")
    ip = environ.get("VOILA_APP_IP", "127.0.0.1")
    port = environ.get("VOILA_APP_PORT", "8866")
    base = environ.get("VOILA_WS_BASE_URL") or environ.get("VOILA_SERVER_URL", "/")
    protocol = environ.get("VOILA_WS_PROTOCOL", "ws")
    try:
        with connect(
            f"{protocol}://{ip}:{port}{base}voila/query/{kernel}", open_timeout=10, max_size=1 << 20
        ) as socket:
            message = socket.recv()
        variables = json.loads(message)
    except (OSError, TimeoutError, WebSocketException, ValueError):
        return False
    if not isinstance(variables, dict):
        return False
    for name, value in variables.items():
        if isinstance(name, str) and isinstance(value, str):
            os.environ[name] = value
    return True


def page_url(environ: Mapping[str, str]) -> str | None:
    """The address of the static book's page around a playable page, if any."""
    url = environ.get("HEARTS_PAGE_URL", "")
    return url if url.startswith(("http://", "https://", "file:///")) else None


_HOST: Final = re.compile(r"(?:[A-Za-z0-9-]{1,63}\.?)+|\[[0-9A-Fa-f:.]+\]")
_PATH: Final = re.compile(r"/[A-Za-z0-9/._~%-]*")


def request_page_url(environ: Mapping[str, str]) -> str:
    """The address the visitor opened (scheme, host, port, path, no query), from
    Voilà's request variables; ``""`` (links relative to the page) if unknown. The
    server's Host check has already refused names that are not its own."""
    host = environ.get("SERVER_NAME", "")
    port = environ.get("SERVER_PORT", "")
    path = environ.get("SCRIPT_NAME", "") or "/"
    if not _HOST.fullmatch(host) or not (port == "" or port.isdigit()):
        return ""
    if not _PATH.fullmatch(path):
        path = "/"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}{':' + port if port else ''}{path}"


@dataclass
class Address:
    """What the address asks for, each value checked; ``problems`` says what was left
    aside, as catalog keys with their parameters (shown in the visitor's language)."""

    lang: str = "en"
    bots: str = DEFAULT_BOT_LEVEL
    seed: int | None = None
    deal: str | None = None
    game: str | None = None
    picked: tuple[int, ...] = ()
    """The cards chosen for the pass and not yet passed (card indexes), kept by a reload;
    whether the hand may pass them is checked when the game is open."""
    puzzles: str | None = None
    """The player's progress through the puzzles (``puzzle_progress.progress_code``),
    read when the puzzles tab opens."""
    pace: float | None = None
    """The bots' speed chosen (seconds between two cards), kept by a reload and by the
    browser's Back; None: the page's default."""
    lesson: str | None = None
    """A teacher's lesson code (``teaching.lesson_codes``), checked when the lessons tab
    opens it."""
    tab: str | None = None
    """The tab open when the address was written (one of ``TABS``), opened again by a
    reload; None: the play tab."""
    problems: list[tuple[str, dict[str, object]]] = field(default_factory=list)

    def messages(self, lang: str) -> list[str]:
        return [text(key, lang, **params) for key, params in self.problems]


def _quoted(value: str) -> str:
    shown = value[:_SHOWN] + ("…" if len(value) > _SHOWN else "")
    return "".join(c if c.isprintable() else "?" for c in shown)


def read_address(query_string: str | None) -> Address:
    """The game the address asks for. Nothing in it is run or trusted: a value that does
    not fit is left aside with a message; the share code is checked when it is opened."""
    address = Address()
    query = query_string or ""
    if len(query) > MAX_QUERY:
        address.problems.append(("ui.address.long", {}))
        return address
    try:
        parameters = query_parameters(query)
    except ValueError:  # more fields than any address of this page has
        address.problems.append(("ui.address.long", {}))
        return address
    # The first language the page speaks wins: the address's own, else the server's
    # (which the playground adds after it); a language it does not speak is said.
    langs = [value for key, value in parse_qsl(query.lstrip("?")) if key == "lang" and value]
    spoken = [lang for lang in langs if lang in LANGUAGES]
    if spoken:
        address.lang = spoken[0]
    if langs and langs[0] not in LANGUAGES:
        address.problems.append(("ui.address.lang", {"given": _quoted(langs[0])}))
    bots = parameters.get("bots")
    if bots in BOT_LEVELS:
        address.bots = bots
    elif bots is not None:
        address.problems.append(("ui.address.bots", {"given": _quoted(bots)}))
    seed = parameters.get("seed")
    if seed is not None:
        if seed.isascii() and seed.isdigit() and len(seed) <= 12:
            address.seed = int(seed)
        else:
            address.problems.append(
                ("ui.address.seed", {"given": _quoted(seed), "digits": len(str(MAX_SEED))})
            )
    address.deal = parameters.get("deal")
    address.game = parameters.get("game")
    address.puzzles = parameters.get("puzzles")
    pace = parameters.get("pace")
    paces = dict(PACES)
    if pace in paces:
        address.pace = paces[pace]
    elif pace is not None:
        address.problems.append(("ui.address.pace", {"given": _quoted(pace)}))
    address.lesson = parameters.get("lesson")
    tab = parameters.get("tab")
    if tab in TABS:
        address.tab = tab
    elif tab is not None:
        address.problems.append(("ui.address.tab", {"given": _quoted(tab)}))
    picked = parameters.get("picked")
    if picked is not None:
        parts = picked.split(".")
        if len(parts) <= MAX_PICKED and all(
            part.isascii() and part.isdigit() and int(part) < 52 for part in parts
        ):
            address.picked = tuple(int(part) for part in parts)
        else:
            address.problems.append(("ui.address.picked", {"given": _quoted(picked)}))
    unknown = [name for name in parameters if name not in PARAMETERS]
    if unknown:
        names = ", ".join(_quoted(name) for name in unknown[:3])
        address.problems.append(("ui.address.unknown", {"names": names}))
    return address


def address_query(
    *,
    seed: int,
    lang: str,
    bots: str,
    game: str | None = None,
    picked: Sequence[int] = (),
    puzzles: str | None = None,
    pace: float | None = None,
    lesson: str | None = None,
    tab: str | None = None,
) -> str:
    """The query string that holds the game: opening it resumes the game there, with the
    cards chosen for the pass (``picked``, card indexes) if it is being chosen, the
    player's progress through the puzzles (``puzzles``), the bots' speed (``pace``,
    one of the speeds offered; another is left out) and the teacher's lesson open
    (``lesson``, its code: a reload opens it again), and the tab open (``tab``, one of
    ``TABS``; the play tab is left out)."""
    values = {
        "game": game,
        "seed": str(seed),
        "lang": lang,
        "bots": bots,
        "picked": ".".join(str(index) for index in picked),
        "puzzles": puzzles,
        "pace": next((name for name, seconds in PACES if seconds == pace), None),
        "lesson": lesson,
        "tab": tab if tab in TABS else None,
    }
    return urlencode({k: v for k, v in values.items() if v}, quote_via=quote, safe=".")
