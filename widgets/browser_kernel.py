"""Widget messages from the static book's kernel reach the page as they do under Voilà.

The static book's pages run on JupyterLite's Pyodide kernel, which hands each comm
message to the page as a JavaScript value converted by Pyodide (``PyProxy.toJs``). That
conversion turns Python's ``None`` into ``undefined``, where a served kernel's JSON gives
``null``. The widgets' page code reads ``null`` as "back to the default": a layout trait
set to ``None`` removes its CSS property (``style.removeProperty``), while ``undefined``
is written as the string "undefined", which the browser ignores. So in the static book a
widget hidden once (``layout.display = "none"``) never showed again, and any trait reset
to ``None`` kept its old value: a next-deal button, a pass button, the moon choice.

:func:`send_comm_as_json` makes the kernel send every comm message's content as JSON
parsed by the page's own ``JSON.parse``, the form a served kernel's messages take, so
every widget's ``None`` arrives as ``null`` in both servings. Binary buffers go as
before, beside the content.
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any

_MARK = "_hearts_sends_json"


def send_comm_as_json() -> bool:
    """Wrap the Pyodide kernel's ``send_comm`` (once); False where there is none to wrap
    (any kernel but the static book's)."""
    if sys.platform != "emscripten":
        return False
    from IPython import get_ipython

    shell = get_ipython()
    send = getattr(shell, "send_comm", None)
    if send is None:
        return False
    if getattr(send, _MARK, False):
        return True
    parse = importlib.import_module("js").JSON.parse

    def send_comm(msg_type: str, content: Any, metadata: Any, ident: Any, buffers: Any) -> Any:
        return send(
            msg_type, _as_page_json(parse, content), _as_page_json(parse, metadata), ident, buffers
        )

    setattr(send_comm, _MARK, True)
    shell.send_comm = send_comm
    return True


def _as_page_json(parse: Any, value: Any) -> Any:
    """``value`` as the page's own object, built from JSON (``None`` becomes ``null``);
    what JSON cannot hold is written as text, as a served kernel's encoder does with a
    date."""
    return None if value is None else parse(json.dumps(value, default=str))
