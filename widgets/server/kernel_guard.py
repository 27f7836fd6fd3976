"""What a visitor's kernel accepts from its page, on the served playground.

Voilà lets a page send its kernel only widget messages (``comm_open``, ``comm_msg``,
``comm_close``, ``comm_info_request``, ``kernel_info_request``, ``shutdown_request``):
no code a visitor sends ever runs. This guard narrows what those messages may do, in
the kernel, before any widget sees them, to what the page's own controls send:

- a message larger than ``HEARTS_MAX_MESSAGE_BYTES`` is refused (the page never sends
  more than a pasted share code);
- the page may open only the widgets' control channel (to read the widgets' state), a
  few at a time; it may not create widgets nor open any other channel;
- a widget takes from the page only what its control changes: a text's, a box's or a
  slider's ``value``, a choice's ``index``, a tab's ``selected_index``, a button's
  click, and nothing while it is disabled. A new ``max``, other options, another
  label... are refused; a value of the wrong type or out of range is refused by the
  widget itself (its trait's check);
- a refused or failing message is written to the server's log and never sent back:
  the page gets no traceback (install paths, versions), and the playground shows a
  sentence in the visitor's language (``on_refusal``);
- the kernel's memory is bounded (``HEARTS_KERNEL_MEMORY_MB``: the data segment);
- the kernel's working thread (the game) may run at a lower priority than the server
  (``HEARTS_KERNEL_NICENESS``; the server's ``kernel_niceness``, 0 by default since the
  bots' search already runs only on idle cores), its message threads keeping theirs.

It is installed only in kernels of ``python -m hearts_teach_widgets.server.serve`` (``HEARTS_SERVED=1`` in
their environment): in Jupyter and in the static book, the person at the keyboard owns
the kernel and sees its errors.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import traceback
from collections.abc import Callable, Mapping
from typing import Any, Final

log = logging.getLogger("hearts_teach.guard")

SERVED: Final = "HEARTS_SERVED"
MEMORY: Final = "HEARTS_KERNEL_MEMORY_MB"
MESSAGE_LIMIT: Final = "HEARTS_MAX_MESSAGE_BYTES"
NICENESS: Final = "HEARTS_KERNEL_NICENESS"
DEFAULT_MESSAGE_LIMIT: Final = 64 * 1024
CONTROL_TARGET: Final = "jupyter.widget.control"
OPEN_CONTROLS: Final = 4

# What each widget's control changes in the page (ipywidgets 8 views).
EDITABLE: Final[dict[str, frozenset[str]]] = {
    "value": frozenset(
        {
            "TextModel",
            "TextareaModel",
            "CheckboxModel",
            "ToggleButtonModel",
            "IntTextModel",
            "BoundedIntTextModel",
            "FloatTextModel",
            "BoundedFloatTextModel",
            "IntSliderModel",
            "FloatSliderModel",
        }
    ),
    "index": frozenset(
        {
            "DropdownModel",
            "ToggleButtonsModel",
            "RadioButtonsModel",
            "SelectModel",
            "SelectMultipleModel",
        }
    ),
    "selected_index": frozenset({"TabModel", "AccordionModel", "StackModel"}),
}
# The custom messages each control's view sends (ipywidgets 8): a toggle button row
# sends a click besides its new index (its value is set only when it changes).
EVENTS: Final[dict[str, str]] = {
    "ButtonModel": "click",
    "TextModel": "submit",
    "ToggleButtonsModel": "click",
}

Listener = Callable[[str], None]
"""Told ``"refused"`` (a message the page's controls never send) or ``"failed"``."""


def message_size(msg: Mapping[str, Any]) -> int:
    """The size of a message's content and buffers, as it came (about)."""
    try:
        size = len(json.dumps(msg.get("content"), default=str))
    except (TypeError, ValueError, RecursionError):
        return sys.maxsize
    for buffer in msg.get("buffers") or ():
        size += memoryview(buffer).nbytes
    return size


def editable(model: str, key: str) -> bool:
    return model in EDITABLE.get(key, frozenset())


class KernelGuard:
    """Wraps the kernel's comm handlers (see the module's docstring)."""

    def __init__(self, kernel: Any, limit: int = DEFAULT_MESSAGE_LIMIT) -> None:
        self.kernel = kernel
        self.limit = limit
        self.listeners: list[Listener] = []
        self.refused = 0
        manager = kernel.comm_manager
        self.manager = manager
        handlers = kernel.shell_handlers
        self._open = handlers["comm_open"]
        self._close = handlers["comm_close"]
        handlers["comm_open"] = self.comm_open
        handlers["comm_msg"] = self.comm_msg
        handlers["comm_close"] = self.comm_close

    # --- refusals --------------------------------------------------------------------

    def refuse(self, why: str, msg: Mapping[str, Any]) -> None:
        self.refused += 1
        header = msg.get("header") or {}
        log.warning("refused %s: %s", header.get("msg_type", "?"), why)
        self.tell("refused")

    def fail(self, what: str) -> None:
        log.error("%s failed:\n%s", what, traceback.format_exc())
        self.tell("failed")

    def tell(self, kind: str) -> None:
        for listener in list(self.listeners):
            try:
                listener(kind)
            except Exception:  # a listener must never send a traceback either
                log.error("a refusal listener failed:\n%s", traceback.format_exc())

    def too_large(self, msg: Mapping[str, Any]) -> bool:
        size = message_size(msg)
        if size > self.limit:
            self.refuse(f"{size} bytes, more than {self.limit}", msg)
            return True
        return False

    # --- handlers ----------------------------------------------------------------------

    def comm_open(self, stream: Any, ident: Any, msg: dict[str, Any]) -> None:
        if self.too_large(msg):
            return
        content = msg.get("content") or {}
        target = content.get("target_name")
        if target != CONTROL_TARGET:
            self.refuse(f"a comm to {str(target)[:40]!r}", msg)
            return
        controls = [c for c in self.manager.comms.values() if c.target_name == CONTROL_TARGET]
        if len(controls) >= OPEN_CONTROLS:
            self.refuse("too many control channels open", msg)
            return
        try:
            self._open(stream, ident, msg)
        except Exception:
            self.fail("comm_open")

    def open_comm(self, msg: dict[str, Any]) -> Any:
        """The comm a message of reasonable size is for (None: nothing to do)."""
        if self.too_large(msg):
            return None
        content = msg.get("content") or {}
        comm_id = content.get("comm_id")
        return self.manager.comms.get(comm_id) if isinstance(comm_id, str) else None

    def comm_close(self, stream: Any, ident: Any, msg: dict[str, Any]) -> None:
        comm = self.open_comm(msg)
        if comm is None:
            return
        if comm.target_name != CONTROL_TARGET:  # the page never closes a widget
            self.refuse("closing a widget", msg)
            return
        try:
            self._close(stream, ident, msg)
        except Exception:
            self.fail("comm_close")

    def comm_msg(self, stream: Any, ident: Any, msg: dict[str, Any]) -> None:
        comm = self.open_comm(msg)
        if comm is None:
            return
        why = self.check(comm, (msg.get("content") or {}).get("data"), msg)
        if why:
            self.refuse(why, msg)
            return
        try:
            comm.handle_msg(msg)
        except Exception:  # the widget refused the value (its trait's check), or failed
            self.refuse(f"the widget did not take it: {sys.exc_info()[1]!r:.120}", msg)
            log.info("%s", traceback.format_exc())

    def check(self, comm: Any, data: Any, msg: Mapping[str, Any]) -> str:
        """Why the page's controls would never send this (``""``: they would)."""
        if not isinstance(data, dict):
            return "no data"
        method = data.get("method")
        if comm.target_name == CONTROL_TARGET:
            return "" if method == "request_states" else f"control method {method!r:.40}"
        from ipywidgets.widgets.widget import _instances  # type: ignore[import-untyped]

        widget = _instances.get(comm.comm_id)
        if widget is None:
            return "no such widget"
        model = getattr(widget, "_model_name", "")
        if method == "request_state":
            return ""
        if method == "update":
            state = data.get("state")
            if not isinstance(state, dict) or data.get("buffer_paths") or msg.get("buffers"):
                return "an update that is not plain state"
            if getattr(widget, "disabled", False):
                return f"an update to a disabled {model}"
            for key in state:
                if not editable(model, key):
                    return f"{model}.{str(key)[:40]} is not the page's to change"
            return ""
        if method == "custom":
            event = EVENTS.get(model)
            if event is None or data.get("content") != {"event": event}:
                return f"a custom message to a {model}"
            if getattr(widget, "disabled", False):
                return f"a {event} on a disabled {model}"
            return ""
        return f"method {method!r:.40}"


_GUARD: list[KernelGuard] = []


def current() -> KernelGuard | None:
    return _GUARD[0] if _GUARD else None


def _quiet_tracebacks(shell: Any) -> None:
    """Errors in widget callbacks go to the server's log, not to the page."""

    def showtraceback(etype: Any, evalue: Any, stb: Any) -> None:
        log.error("callback failed: %s: %s", getattr(etype, "__name__", etype), evalue)
        guard = current()
        if guard is not None:
            guard.tell("failed")

    shell._showtraceback = showtraceback


def _bound_memory(megabytes: int) -> None:
    try:
        import resource
    except ImportError:  # not on every platform (the static book's Pyodide)
        return
    limit = megabytes * 1024 * 1024
    _soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    try:
        resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))
    except (ValueError, OSError):
        log.warning("the kernel's memory could not be bounded")


def lower_priority(steps: int) -> None:
    """Make the calling thread ``steps`` nicer (at most 19): on Linux a thread's
    niceness is its own, so the kernel's message threads, started before, keep theirs."""
    try:
        os.nice(max(0, min(steps, 19)))
    except (AttributeError, OSError):  # no niceness here (Pyodide, Windows)
        log.warning("the kernel's priority could not be lowered")


def install(environ: Mapping[str, str]) -> KernelGuard | None:
    """Guard this kernel if the playground's server started it (once); else None."""
    if environ.get(SERVED) != "1":
        return None
    if _GUARD:
        return _GUARD[0]
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    kernel = getattr(shell, "kernel", None)
    if kernel is None:
        return None
    # Whatever goes to standard error (logs, warnings) goes to the server's log: the
    # kernel sends its own sys.stderr to the page.
    handler = logging.StreamHandler(sys.__stderr__)
    handler.setFormatter(logging.Formatter("[kernel %(name)s] %(levelname)s | %(message)s"))
    for name in ("", "comm", "ipykernel", "ipywidgets", "traitlets"):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.propagate = False
    logging.getLogger().setLevel(logging.WARNING)
    log.setLevel(logging.INFO)
    log.handlers = [handler]
    log.propagate = False
    sys.stderr = sys.__stderr__
    _quiet_tracebacks(shell)
    memory = environ.get(MEMORY, "")
    if memory.isdigit() and int(memory) > 0:
        _bound_memory(int(memory))
    niceness = environ.get(NICENESS, "")
    if niceness.isdigit():
        lower_priority(int(niceness))
    limit = environ.get(MESSAGE_LIMIT, "")
    guard = KernelGuard(kernel, int(limit) if limit.isdigit() else DEFAULT_MESSAGE_LIMIT)
    _GUARD.append(guard)
    return guard
