"""The playground as an installed app: ``hearts-teach play`` (``make play`` runs it too).

Everything the server needs ships in the package: the notebook it serves
(``notebooks/playground.ipynb``, alone in its folder, which is the kernels' working
folder, so that no module of this package shadows a top-level name there) and the Voilà
template (``voila/templates/hearts``, found through ``JUPYTER_PATH``, set here from the
package's own folder). The command's settings become options of
:mod:`hearts_teach_widgets.server.serve`, which holds the classroom's defaults; the page's
default language reaches the kernels through the environment (``PAGE_LANG``), and an
address's ``?lang=`` still wins.

:func:`run` checks what can be checked before the server starts (the host, a free
port) and raises :class:`PlayError` (a catalog key and its parameters) instead.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

from ..address import PAGE_LANG
from .serve import main as serve
from .serve import port_is_free

PACKAGE: Final = Path(__file__).resolve().parent
NOTEBOOK: Final = PACKAGE / "notebooks" / "playground.ipynb"
PORT_TRIES: Final = 50
"""Ports tried from the one asked for, as Voilà tries them, before giving up."""
HIGHEST_PORT: Final = 65535


class PlayError(Exception):
    """The server cannot start: a catalog key (``cli.play.*``) and its parameters."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Settings:
    """What ``hearts-teach play`` was asked for (its defaults are the command's);
    ``None``: the server's own default (serve.py)."""

    host: str
    port: int
    lang: str = "en"
    visitors: int | None = None
    class_size: int | None = None  # students expected: the kernels kept ready for them
    pool: int | None = None
    cull: int | None = None
    think_ms: int | None = None
    names: tuple[str, ...] = ()
    data: str | None = None  # the class board's folder (None: the user's data folder)


def voila_arguments(settings: Settings) -> list[str]:
    """The command line of :mod:`hearts_teach_widgets.server.serve` for these settings."""
    given = {
        "--PlaygroundServer.max_visitors": settings.visitors,
        "--PlaygroundServer.class_size": settings.class_size,
        "--VoilaConfiguration.default_pool_size": settings.pool,
        "--MappingKernelManager.cull_idle_timeout": settings.cull,
        "--PlaygroundServer.bot_think": (
            None if settings.think_ms is None else settings.think_ms / 1000
        ),
        "--PlaygroundServer.data_folder": settings.data,
    }
    return [
        str(NOTEBOOK),
        f"--Voila.ip={settings.host}",
        f"--Voila.port={settings.port}",
        *(f"{option}={value}" for option, value in given.items() if value is not None),
        *(f"--PlaygroundServer.host_names={name}" for name in settings.names),
    ]


def environment(settings: Settings, base: Mapping[str, str]) -> dict[str, str]:
    """The server's environment (its kernels inherit it): the package's templates first
    on ``JUPYTER_PATH``, the page's default language."""
    paths = [str(PACKAGE), *filter(None, base.get("JUPYTER_PATH", "").split(os.pathsep))]
    return {**base, "JUPYTER_PATH": os.pathsep.join(paths), PAGE_LANG: settings.lang}


def free_port(host: str, wanted: int, tries: int = PORT_TRIES) -> int:
    """The first free port from ``wanted`` on ``host``, or :class:`PlayError`."""
    last = min(HIGHEST_PORT, wanted + tries - 1)
    for port in range(wanted, last + 1):
        try:
            if port_is_free(host, port):
                return port
        except OSError:  # an unknown name, an address of another machine
            raise PlayError("cli.play.bad_host", host=host) from None
    raise PlayError("cli.play.no_port", host=host, first=wanted, last=last)


def run(settings: Settings) -> None:
    """Serve the playground until Ctrl-C (the server prints its address)."""
    ready = replace(settings, port=free_port(settings.host, settings.port))
    os.environ.update(environment(ready, os.environ))
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C before Voilà's handler is set
        serve(voila_arguments(ready))


def host_name_list(given: str) -> tuple[str, ...]:
    """``hearts.lan,salle-b``: the names, without blanks."""
    return tuple(name.strip() for name in given.split(",") if name.strip())
