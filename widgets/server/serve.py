"""Serve the playground to a class: ``python -m hearts_teach_widgets.server.serve NOTEBOOK [voila options]``.

This is Voilà (``voila NOTEBOOK``) with what a classroom needs, each a setting of
:class:`PlaygroundServer` (``--PlaygroundServer.max_visitors=40``...) or of Voilà:

- Kernels end with their visitor. The page's own shutdown request (sent when the tab
  closes, reloads or navigates away) carries the ``_xsrf`` cookie, which Voilà never
  set (voila-dashboards/voila issue #1458): the page handler sets it. Kernels whose
  visitor vanished without a word (a laptop closed) are culled within two minutes
  (``CULL_IDLE_SECONDS`` without a connection, then a cull pass); a page
  that took a kernel and never connected to it is let go after ``no_show_timeout``.
- Bounded: at most ``max_visitors`` kernels are handed to visitors; past that, a page
  in both languages says the table is full (HTTP 503, and it tries again by itself).
  Arriving visitors take a preheated kernel (Voilà's pool of kernels that have already
  imported everything, built the start screen and wait for their request: one for each
  student expected (``class_size``, else ``max_visitors``, within half the machine's
  available memory: :func:`class_pool`) when the server answers the network,
  ``POOL_ALONE`` for this machine alone),
  and at most ``starting_at_once`` kernels start at a time, so a crowd arriving together
  is seated in turn and those already playing keep a core; Voilà waits up to a minute for a busy kernel's output
  (``VoilaExecutor.iopub_timeout``) instead of sending a blank page after 4 seconds.
- Limits per visitor: a websocket message larger than ``max_message_kib`` closes that
  connection; in the kernel, :mod:`hearts_teach_widgets.server.kernel_guard` refuses what the page never
  sends and bounds the kernel's memory (``kernel_memory_mb``).
- A Host check: the server answers only to IP addresses, ``localhost``, this machine's
  own names and ``host_names`` (so a page elsewhere cannot rebind a name of its own to
  this server: DNS rebinding), which still lets ``make play HOST=0.0.0.0`` serve the
  local network by address or by the machine's name.
- The banner gives the address Voilà really listens on (and, on all interfaces, the
  addresses students can type).
- No visitor can pick another template or theme (``?template=``, ``?theme=``).

It also starts sooner than the ``voila`` command: jsonschema (through nbformat and
jupyter_events) imports ``rfc3987_syntax``, which builds dozens of Lark parsers at import
time (jsonschema issue #1428) for the ``iri`` format, a format no Jupyter schema uses.
Marking the module absent makes jsonschema skip that checker.
"""

from __future__ import annotations

import sys

sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]

import asyncio  # noqa: E402
import contextlib  # noqa: E402
import contextvars  # noqa: E402
import errno  # noqa: E402
import ipaddress  # noqa: E402
import logging  # noqa: E402
import os  # noqa: E402
import socket  # noqa: E402
import time  # noqa: E402
from collections.abc import Awaitable, Callable, Iterable  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from html import escape  # noqa: E402
from typing import Any, Final  # noqa: E402

import tornado.web  # noqa: E402
from jupyter_server.services.kernels.kernelmanager import (  # noqa: E402
    AsyncMappingKernelManager,
)
from tornado.httputil import HTTPServerRequest, split_host_and_port  # noqa: E402
from tornado.routing import Matcher, Rule  # noqa: E402
from traitlets import Float, Integer, List, Unicode, default  # noqa: E402
from voila.app import Voila  # type: ignore[import-untyped]  # noqa: E402
from voila.request_info_handler import (  # type: ignore[import-untyped]  # noqa: E402
    RequestInfoSocketHandler,
)
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]  # noqa: E402

from hearts_teach.i18n import LANGS, message, terminal_lang, text  # noqa: E402
from hearts_teach.teaching.classroom import new_teacher_key  # noqa: E402
from hearts_teach.teaching.classroom_store import default_data_folder  # noqa: E402

from ..address import PAGE_LANG  # noqa: E402
from .board import BoardCsv, BoardKeeper, BoardPage  # noqa: E402
from .kernel import CLASS_BOARD, CLASS_DATA, CLASS_URL  # noqa: E402

SERVED = "HEARTS_SERVED"
"""Set to ``1`` in the environment of every kernel this server starts (see kernel_guard)."""
KERNEL_MEMORY = "HEARTS_KERNEL_MEMORY_MB"
MESSAGE_LIMIT = "HEARTS_MAX_MESSAGE_BYTES"
KERNEL_NICENESS = "HEARTS_KERNEL_NICENESS"
BOT_THINK = "HEARTS_BOT_THINK"
"""The strong bots' time limit per decision in the kernels (read by the table)."""
MAX_THINK = 5.0
"""The longest time limit a bot may be given (seconds); the table ignores more."""
SPARE_CORE = 0.5
"""The share of a core that must be idle for the pool to start another kernel."""
RETRY_SECONDS = 20
CALM_SECONDS = 5.0
"""The pool fills again once no page has been asked for in this long (see ``calm``)."""
POOL_ALONE = 4
"""Kernels kept ready when the server answers this machine only (one person, a few tabs)."""
POOL_CLASS = 40
"""Kernels kept ready when it answers the network with no class size and no limit of
visitors; with one, as many as the seats: a whole class arriving together is seated at
once, and the pool fills again behind it (within the machine's memory: ``pool_memory``)."""
KERNEL_MB = 100
"""A waiting kernel's memory, rounded up: a teacher's walk measured 3.9 GB for a pool of
40 (the engine, the widgets and the start screen built)."""
MEMORY_SHARE = 0.5
"""The share of the memory available when the server starts that its pool may take: the
rest is for the games being played, the teacher's browser and the machine itself."""

CULL_IDLE_SECONDS = 105
CULL_INTERVAL_SECONDS = 15
"""A vanished page's kernel is culled at most ``CULL_IDLE_SECONDS`` plus one interval
after its last activity: within two minutes."""

# Voilà's options for the playground, before the command line's own (which win).
DEFAULT_OPTIONS = (
    "--no-browser",
    "--template=hearts",
    "--VoilaConfiguration.show_tracebacks=False",
    # The jupytext lab extension throws inside Voilà's page when it is installed.
    "--VoilaConfiguration.extension_denylist=jupytext",
    "--VoilaConfiguration.extension_denylist=jupyterlab-jupytext",
    # JupyterLite's kernel (for the static book) has no business in a Voilà page.
    "--VoilaConfiguration.extension_denylist=@jupyterlite/pyodide-kernel-extension",
    "--VoilaConfiguration.allow_template_override=NO",
    # The visitor's browser languages reach the kernel (HTTP_ACCEPT_LANGUAGE): a page
    # opened with no ?lang= speaks the visitor's language when it is one of ours.
    "--VoilaConfiguration.http_header_envs=Accept-Language",
    "--VoilaConfiguration.allow_theme_override=NO",
    "--VoilaConfiguration.preheat_kernel=True",
    "--VoilaConfiguration.multi_kernel_manager_class=hearts_teach_widgets.server.serve.PlaygroundKernelManager",
    "--VoilaExecutor.iopub_timeout=60",
    # The server talks to its kernels over Unix sockets in the user's runtime folder,
    # not over TCP ports on the machine (which any local user could reach, and which the
    # kernel warns about at every start).
    "--KernelManager.transport=ipc",
    # A page that vanished without a word (a phone locked, a browser killed) frees its
    # kernel within two minutes: idle and unconnected for 105 s, seen by a pass every
    # 15 s. A page still connected is never culled, however long its student thinks.
    f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_SECONDS}",
    f"--MappingKernelManager.cull_interval={CULL_INTERVAL_SECONDS}",
)


# --- who is at the table -------------------------------------------------------------


@dataclass
class _Admission:
    """One page request let in: it holds a seat until its kernel is handed over."""

    seated: bool = False
    kernel_id: str = ""


_ADMISSION: contextvars.ContextVar[_Admission | None] = contextvars.ContextVar(
    "hearts_admission", default=None
)


class Seats:
    """The visitors' kernels, and the seats held by requests on their way to one."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.kernels: set[str] = set()
        self.arriving = 0

    def taken(self, running: Iterable[str]) -> int:
        self.kernels &= set(running)
        return len(self.kernels) + self.arriving

    def admit(self, running: Iterable[str]) -> _Admission | None:
        if self.limit > 0 and self.taken(running) >= self.limit:
            return None
        self.arriving += 1
        admission = _Admission()
        _ADMISSION.set(admission)
        return admission

    def seat(self, kernel_id: str) -> None:
        """The request of this context got its kernel."""
        self.kernels.add(kernel_id)
        admission = _ADMISSION.get()
        if admission is not None and not admission.seated:
            admission.seated = True
            admission.kernel_id = kernel_id
            self.arriving -= 1

    def leave(self, admission: _Admission) -> None:
        """The request is over (its seat, if it got a kernel, is the kernel's now)."""
        if not admission.seated:
            admission.seated = True
            self.arriving -= 1

    def release(self, kernel_id: str) -> None:
        self.kernels.discard(kernel_id)


class StartGate:
    """At most ``size`` kernels starting at a time, first come first served.

    A kernel holds its place from its start until its notebook waits for a visitor (a
    preheated kernel asks for its request: ``ready``) or ``timeout`` seconds have passed.
    """

    def __init__(self, size: int, timeout: float = 60.0) -> None:
        self.size = max(1, size)
        self.timeout = timeout
        self._semaphore: asyncio.Semaphore | None = None
        self._held: dict[str, asyncio.TimerHandle] = {}

    @property
    def semaphore(self) -> asyncio.Semaphore:
        if self._semaphore is None:
            self._semaphore = asyncio.Semaphore(self.size)
        return self._semaphore

    async def enter(self) -> None:
        await self.semaphore.acquire()

    def hold(self, kernel_id: str) -> None:
        """The kernel that just started keeps the place until ``ready``."""
        loop = asyncio.get_running_loop()
        self._held[kernel_id] = loop.call_later(self.timeout, self.ready, kernel_id)

    def cancel(self) -> None:
        """A start that failed gives its place back."""
        self.semaphore.release()

    def ready(self, kernel_id: str) -> None:
        timer = self._held.pop(kernel_id, None)
        if timer is not None:
            timer.cancel()
            self.semaphore.release()


class PlaygroundKernelManager(AsyncMappingKernelManager):
    """Kernels start through the server's gate; visitors' kernels are counted; a
    visitor's kernel that was never connected to is let go after ``no_show_timeout``."""

    @property
    def server(self) -> PlaygroundServer | None:
        parent = self.parent
        return parent if isinstance(parent, PlaygroundServer) else None

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        server = self.server
        if server is None:
            kernel_id: str = await super().start_kernel(*args, **kwargs)
            return kernel_id
        env = kwargs.get("env") or {}
        preheated = env.get("VOILA_PREHEAT") == "True"
        if preheated:
            # A kernel for later: after those arriving now are seated, and waiting for
            # calm outside the gate, which a visitor's own kernel never queues behind
            # (it did: on two cores the one place was held by a kernel waiting for calm,
            # and the first page waited a minute or more).
            await server.calm()
            await server.gate.enter()
        try:
            kernel_id = await super().start_kernel(*args, **kwargs)
        except BaseException:
            if preheated:
                server.gate.cancel()
            raise
        if preheated:
            server.gate.hold(kernel_id)  # until its notebook asks for its request
        else:
            server.hand_over(kernel_id)  # started for a request: it runs at once
        return kernel_id

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        self.connected_once.add(kernel_id)

    @property
    def connected_once(self) -> set[str]:
        """The kernels a page has connected to at least once."""
        if not hasattr(self, "_connected_once"):
            self._connected_once: set[str] = set()
        return self._connected_once

    async def shutdown_kernel(  # type: ignore[override]
        self, kernel_id: str, *args: Any, **kwargs: Any
    ) -> None:
        server = self.server
        if server is not None:
            server.seats.release(kernel_id)
            server.gate.ready(kernel_id)
        self.connected_once.discard(kernel_id)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]


# --- handlers ----------------------------------------------------------------------------


def visitor_lang(request: HTTPServerRequest) -> str:
    """The language of the visitor: ``?lang=``, else the browser's first choice."""
    asked = request.query_arguments.get("lang", [b""])[0]
    if asked in (b"en", b"fr"):
        return asked.decode()
    accepted = request.headers.get("Accept-Language", "").strip().lower()
    return "fr" if accepted.startswith("fr") else "en"


def notice_page(lang: str, title_key: str, body: str, other_body: str, refresh: int = 0) -> str:
    """A small page in both languages, the visitor's first."""
    other = "fr" if lang == "en" else "en"
    head = f'<meta http-equiv="refresh" content="{refresh}">' if refresh else ""
    sections = "".join(
        f'<section lang="{code}"><h1>{escape(text(title_key, code))}</h1><p>{escape(said)}</p>'
        "</section>"
        for code, said in ((lang, body), (other, other_body))
    )
    title = f"{text(title_key, lang)} · {text(title_key, other)}"
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"{head}<title>{escape(title)}</title><style>"
        "body{font-family:system-ui,sans-serif;max-width:40em;margin:3em auto;padding:0 1em;"
        "line-height:1.5;color:#1b1b1b}section+section{border-top:1px solid #ccc;"
        "margin-top:2em;color:#444}h1{font-size:1.5em}</style></head>"
        f'<body><main role="alert">{sections}</main></body></html>'
    )


class PlaygroundPageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voilà's page, within the visitor limit, with the ``_xsrf`` cookie its shutdown
    request needs."""

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        server: PlaygroundServer = self.settings["hearts_server"]
        if path:  # Voilà sends any other path to its file handler
            await super().get(path)
            return
        server.last_request = time.monotonic()
        admission = server.seats.admit(self.kernel_manager.list_kernel_ids())
        if admission is None:
            self.refuse_full(server.seats.limit)
            return
        try:
            self.xsrf_token  # noqa: B018 (reading it sets the cookie the page's beacon sends)
            await super().get(path)
        finally:
            server.seats.leave(admission)
            if admission.kernel_id:  # the page is sent: its script should connect soon
                server.expect_page(admission.kernel_id)

    def refuse_full(self, seats: int) -> None:
        lang = visitor_lang(self.request)
        other = "fr" if lang == "en" else "en"
        self.set_status(503)
        self.set_header("Retry-After", str(RETRY_SECONDS))
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Type", "text/html; charset=utf-8")

        def body(code: str) -> str:
            return text("serve.full.body", code, seats=seats, seconds=RETRY_SECONDS)

        self.finish(notice_page(lang, "serve.full.title", body(lang), body(other), RETRY_SECONDS))


class PlaygroundRequestInfoHandler(RequestInfoSocketHandler):  # type: ignore[misc]
    """A preheated kernel asks here for its visitor's request: it is ready, and its
    place at the start gate goes to the next kernel."""

    def open(self, kernel_id: str) -> None:
        super().open(kernel_id)
        server: PlaygroundServer | None = self.settings.get("hearts_server")
        if server is not None:
            server.gate.ready(kernel_id)


class HostRefused(tornado.web.RequestHandler):
    """Any request whose Host is not one of the server's names (DNS rebinding)."""

    def prepare(self) -> None:
        lang = visitor_lang(self.request)
        other = "fr" if lang == "en" else "en"
        self.set_status(403)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        page = notice_page(
            lang, "serve.host.title", text("serve.host.body", lang), text("serve.host.body", other)
        )
        self.finish(page)


def is_ip_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


class BadHost(Matcher):
    """Matches the requests whose Host header names something other than this server.

    An IP address is always accepted: DNS rebinding needs a name, the browser's
    same-origin rule being about the name. A name is accepted if it is ``localhost``,
    this machine's own name (with or without ``.local``, the name students can type on
    a local network) or one given in ``names``.
    """

    def __init__(self, names: Iterable[str]) -> None:
        self.names = {name.lower().rstrip(".") for name in names if name}

    def match(self, request: HTTPServerRequest) -> dict[str, Any] | None:
        host, _port = split_host_and_port(request.host.lower())
        host = host.rstrip(".")
        if is_ip_address(host) or host in self.names:
            return None
        return {}


def machine_names(extra: Iterable[str] = ()) -> set[str]:
    names = {"localhost", *extra}
    for name in (socket.gethostname(), socket.getfqdn()):
        if name:
            names.add(name.lower())
            short = name.lower().split(".")[0]
            names.update({short, f"{short}.local"})
    return names


def network_addresses() -> list[str]:
    """This machine's addresses on its networks (not the loopback), best first."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET: nothing is sent, the route is chosen
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    return [a for i, a in enumerate(found) if a not in found[:i] and not a.startswith("127.")]


def port_is_free(ip: str, port: int) -> bool:
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((ip or "0.0.0.0", port))
        except OSError as error:
            if error.errno in (errno.EADDRINUSE, errno.EACCES):
                return False
            raise
    return True


class MachineLoad:
    """Whether the machine's cores are all at work, measured between two questions."""

    def __init__(self, cores: int, spare: float = SPARE_CORE, stat: str = "/proc/stat") -> None:
        self.cores = cores
        self.spare = spare
        self.stat = stat
        self._last: tuple[float, float] | None = None  # (busy, total) CPU ticks

    def busy(self) -> bool:
        """Less than ``spare`` of a core was idle since the last question (never busy
        when the machine does not say)."""
        try:  # Linux: the machine's CPU time since boot, in ticks
            with open(self.stat, encoding="ascii") as stat:
                ticks = [int(word) for word in stat.readline().split()[1:9]]
        except (OSError, ValueError):
            return False
        idle, total = float(ticks[3] + ticks[4]), float(sum(ticks))
        last, self._last = self._last, (total - idle, total)
        if last is None or total <= last[1]:
            return False
        idle_share = 1 - (total - idle - last[0]) / (total - last[1])
        return idle_share * self.cores < self.spare


def available_memory_mb(meminfo: str = "/proc/meminfo") -> int | None:
    """The memory the machine can give without swapping (Linux's ``MemAvailable``), in
    MB; None where it cannot be read (another system)."""
    try:
        with open(meminfo, encoding="ascii") as lines:
            for line in lines:
                name, _, value = line.partition(":")
                if name == "MemAvailable":
                    return int(value.split()[0]) // 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def class_pool(max_visitors: int, class_size: int = 0, memory_mb: int | None = None) -> int:
    """The kernels kept ready for a class: one per student expected (``class_size``,
    else one per seat, else ``POOL_CLASS``), at most what ``MEMORY_SHARE`` of the
    machine's available memory holds (``KERNEL_MB`` each), at least ``POOL_ALONE``. A
    laptop with 4 GB free keeps 20 ready, not 40 (3.9 GB); a class of 25 keeps 25."""
    wanted = class_size if class_size > 0 else max_visitors if max_visitors > 0 else POOL_CLASS
    if max_visitors > 0:
        wanted = min(wanted, max_visitors)
    if memory_mb is not None:
        wanted = min(wanted, max(POOL_ALONE, int(memory_mb * MEMORY_SHARE) // KERNEL_MB))
    return wanted


class QuietLog(logging.Filter):
    """Drops the server's log lines that alarm a teacher watching the terminal and say
    nothing to act on: « Notebook playground.ipynb is not trusted » (the packaged
    notebook, whose outputs only Voilà shows; the page runs no code of a visitor's)."""

    HARMLESS: Final = frozenset({"Notebook %s is not trusted"})

    def filter(self, record: logging.LogRecord) -> bool:
        return record.msg not in self.HARMLESS


BANNER_RULE: Final = "─" * 64
"""The lines around the banner, so that it stands out of the server's log."""


class PlaygroundServer(Voila):  # type: ignore[misc]
    """Voilà, holding a class (see the module's docstring)."""

    max_visitors = Integer(
        40,
        config=True,
        help="Visitors at the table at once (0: no limit); past it a page says it is full.",
    )
    class_size = Integer(
        0,
        config=True,
        help="Students expected at once (0: as many as max_visitors): the kernels kept "
        "ready for them, within half the machine's available memory (about 100 MB each).",
    )
    starting_at_once = Integer(
        0,
        config=True,
        help="Kernels that may start at the same time (0: one core fewer than the machine "
        "has, at least one: the other cores stay with those playing).",
    )
    no_show_timeout = Float(
        120.0,
        config=True,
        help="Seconds after which a visitor's kernel that no page ever connected to ends.",
    )
    kernel_memory_mb = Integer(
        512, config=True, help="The most memory (data segment) a visitor's kernel may use."
    )
    max_message_kib = Integer(
        64, config=True, help="The largest widget message the kernel accepts from a page (KiB)."
    )
    bot_think = Float(
        0.15,
        config=True,
        help="The most seconds a strong (Monte-Carlo) bot, or the hint, thinks over one "
        "decision (0: the bot's own limit). Alone, its median decision is well below it; in a "
        "full class that shares two cores, this cap keeps every table's replies prompt.",
    )
    kernel_niceness = Integer(
        0,
        config=True,
        help="How much nicer than the server a visitor's game computes (0 to 19). The "
        "bots' search already runs only on idle cores (hearts_teach_widgets.server.thinking), "
        "which measured better for a class than a nicer game (benchmarks/README.md).",
    )
    data_folder = Unicode(
        "",
        config=True,
        help="The folder of the class board's database (empty: the user's data folder).",
    )
    host_names = List(
        Unicode(),
        config=True,
        help="Names besides localhost, IP addresses and this machine's own names that "
        "visitors may use to reach the server (a name of a local DNS, a proxy...).",
    )

    @default("tornado_settings")
    def _default_tornado_settings(self) -> dict[str, Any]:
        # The websocket closes on a message sixteen times larger than the kernel accepts:
        # what lies in between gets a refusal from the kernel guard, in words.
        return {"websocket_max_message_size": 16 * 1024 * self.max_message_kib}

    def initialize(self, argv: list[str] | None = None) -> None:
        super().initialize(argv)
        self.log.addFilter(QuietLog())
        if "default_pool_size" not in self.config.VoilaConfiguration:
            alone = self.ip in ("127.0.0.1", "localhost", "::1")
            self.voila_configuration.default_pool_size = (
                POOL_ALONE
                if alone
                else class_pool(self.max_visitors, self.class_size, available_memory_mb())
            )
        self.seats = Seats(self.max_visitors)
        cores = os.cpu_count() or 1
        self.gate = StartGate(self.starting_at_once or max(1, cores - 1))
        self.machine = MachineLoad(cores)
        self._shutdowns: set[asyncio.Future[None]] = set()
        self.last_request = 0.0  # when a page was last asked for (time.monotonic)
        self.waiting = 0  # pages waiting for a kernel of the pool
        self.teacher_key = new_teacher_key()  # for this run: the board is the teacher's
        self.board: BoardKeeper | None = None

    def start(self) -> None:
        # The port first: preheated kernels are told it before Voilà listens.
        wanted = int(getattr(self, "port"))  # noqa: B009 (Voilà's trait, untyped)
        for port in self.random_ports(wanted, self.port_retries + 1):
            if port_is_free(self.ip, port):
                self.port = port
                break
        os.environ[SERVED] = "1"
        os.environ[KERNEL_MEMORY] = str(self.kernel_memory_mb)
        os.environ[MESSAGE_LIMIT] = str(1024 * self.max_message_kib)
        os.environ[KERNEL_NICENESS] = str(max(0, min(self.kernel_niceness, 19)))
        if 0 < self.bot_think <= MAX_THINK:
            os.environ[BOT_THINK] = str(self.bot_think)
        else:
            os.environ.pop(BOT_THINK, None)
        if self.ip not in ("", "0.0.0.0", "::", "localhost"):
            # A preheated kernel asks this address for its request (voila.utils).
            os.environ["VOILA_APP_IP"] = f"[{self.ip}]" if ":" in self.ip else self.ip
        # The class board: kernels write to its database; the key stays here.
        folder = self.data_folder or str(default_data_folder())
        os.environ[CLASS_DATA] = folder
        os.environ[CLASS_URL] = self.student_url()
        os.environ[CLASS_BOARD] = f"{self.student_url()}class/board"
        self.board = BoardKeeper(folder, self.teacher_key, self.student_url())
        try:
            super().start()
        finally:
            self.board.close()

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()
        settings["hearts_server"] = self
        manager = self.kernel_manager
        take = getattr(manager, "get_rendered_notebook", None)
        if take is not None:
            manager.get_rendered_notebook = self._seating(take)
        return settings

    def _seating(
        self, take: Callable[..., Awaitable[tuple[Any, Any, str]]]
    ) -> Callable[..., Awaitable[tuple[Any, Any, str]]]:
        """Voilà's hand-over of a preheated kernel, which also seats its visitor."""

        async def seated(*args: Any, **kwargs: Any) -> tuple[Any, Any, str]:
            self.waiting += 1
            try:
                task, cache, kernel_id = await take(*args, **kwargs)
            finally:
                self.waiting -= 1
            self.hand_over(kernel_id)
            return task, cache, kernel_id

        return seated

    async def calm(self) -> None:
        """Wait until no page has been asked for in ``CALM_SECONDS`` and the machine has
        a core to spare, unless a page is waiting for a kernel: the pool fills again
        behind a crowd, not in its way (a kernel's start takes a core for seconds, which
        a class whose bots fill the cores would feel at every card)."""
        while self.waiting == 0:
            busy = self.machine.busy()  # asked each time: it measures since the last time
            if not busy and time.monotonic() - self.last_request >= CALM_SECONDS:
                return
            await asyncio.sleep(0.5)

    def hand_over(self, kernel_id: str) -> None:
        self.seats.seat(kernel_id)

    def expect_page(self, kernel_id: str) -> None:
        """The page of this kernel is sent: if no page ever connects to the kernel within
        ``no_show_timeout`` (a script fetching pages, a browser closed at once), it ends."""
        if self.no_show_timeout > 0:
            loop = asyncio.get_running_loop()
            loop.call_later(self.no_show_timeout, self._check_no_show, kernel_id)

    def _check_no_show(self, kernel_id: str) -> None:
        manager = self.kernel_manager
        if kernel_id in manager and kernel_id not in getattr(
            manager, "connected_once", {kernel_id}
        ):
            self.log.info("No page ever connected to kernel %s: shutting it down.", kernel_id)
            task = asyncio.ensure_future(manager.shutdown_kernel(kernel_id))
            self._shutdowns.add(task)
            task.add_done_callback(self._shutdowns.discard)

    def init_handlers(self) -> list[Any]:
        handlers: list[Any] = []
        for rule in super().init_handlers():
            pattern, handler, *rest = rule
            if handler is TornadoVoilaHandler:
                handler = PlaygroundPageHandler
            elif handler is RequestInfoSocketHandler:
                handler = PlaygroundRequestInfoHandler
            handlers.append((pattern, handler, *rest))
        if self.board is not None:
            options = {"keeper": self.board, "default_lang": os.environ.get(PAGE_LANG, "en")}
            base = self.base_url.rstrip("/")
            handlers.insert(0, (f"{base}/class/board", BoardPage, options))
            handlers.insert(0, (f"{base}/class/board.csv", BoardCsv, options))
        return handlers

    def student_url(self) -> str:
        """The playground's address as students reach it: this machine's network address
        when it serves every interface (never 127.0.0.1, which is each student's own)."""
        if self.ip in ("", "0.0.0.0", "::"):
            addresses = network_addresses()
            host = addresses[0] if addresses else "127.0.0.1"
        else:
            host = f"[{self.ip}]" if ":" in self.ip else self.ip
        return f"http://{host}:{self.port}{self.base_url}"

    def listen(self) -> None:
        names = machine_names(self.host_names)
        self.app.default_router.rules.insert(0, Rule(BadHost(names), HostRefused))
        asyncio.get_event_loop().call_soon(self.announce)
        super().listen()

    def announce(self) -> None:
        """The banner: where students go (printed once Voilà listens)."""
        port = self.port
        base = self.base_url
        # In the language the page is served in (hearts-teach play --lang), else the
        # terminal's: the teacher reads it.
        lang = os.environ.get(PAGE_LANG, "")
        lang = lang if lang in LANGS else terminal_lang()
        if self.ip in ("", "0.0.0.0", "::"):
            lines = [text("serve.banner.here", lang, url=f"http://127.0.0.1:{port}{base}")]
            addresses = [f"http://{a}:{port}{base}" for a in network_addresses()]
            name = socket.gethostname().split(".")[0]
            if name:
                addresses.append(f"http://{name}.local:{port}{base}")
            if addresses:
                either = message("serve.banner.or", lang)  # « ou », mid-line: not capitalised
                lines.append(
                    text("serve.banner.network", lang, addresses=f"  {either}  ".join(addresses))
                )
        else:
            host = f"[{self.ip}]" if ":" in self.ip else self.ip
            lines = [text("serve.banner.here", lang, url=f"http://{host}:{port}{base}")]
        board = f"{self.student_url()}class/board?key={self.teacher_key}"
        lines.append(text("class.banner.board", lang, url=board))
        print("\n".join(["", BANNER_RULE, *lines, BANNER_RULE, ""]), flush=True)


LIST_OPTIONS = frozenset({"--VoilaConfiguration.extension_denylist"})
"""Options that take several values: the command line's add to the playground's."""


def command_line(arguments: list[str]) -> list[str]:
    """The playground's options, then the command line's; an option given on the command
    line replaces the playground's own (traitlets takes one value per option), except
    the list options, whose values add up."""
    given = {argument.split("=", 1)[0] for argument in arguments if argument.startswith("--")}
    kept = [
        option
        for option in DEFAULT_OPTIONS
        if option.split("=", 1)[0] not in given or option.split("=", 1)[0] in LIST_OPTIONS
    ]
    return [*kept, *arguments]


def main(argv: list[str] | None = None) -> None:
    arguments = sys.argv[1:] if argv is None else argv
    PlaygroundServer.launch_instance(argv=command_line(arguments))


if __name__ == "__main__":
    # Run the module's own copy (hearts_teach_widgets.server.serve, which Voilà's configuration names), not
    # this __main__ one: the kernel manager must find the server class it knows.
    from .serve import main as serve

    serve()
