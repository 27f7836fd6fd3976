"""A client of the playground's page protocol, for tests and the classroom benchmark.

It does what Voilà's page does (loads the page, opens its kernel's websocket, reads every
widget's state through the widgets' control channel), then what a player does (clicks
"Start the game", passes three cards, plays cards, waiting each time for the bots'
replies), and leaves as a closed tab does (the page's shutdown request, with its
``_xsrf`` cookie), so that many visitors cost the machine little.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from html import unescape
from typing import Any
from urllib.parse import urlsplit

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest, HTTPResponse
from tornado.websocket import WebSocketClientConnection, websocket_connect

CONTROL_VERSION = "1.0.0"  # ipywidgets 8's control channel protocol
START_LABELS = ("Start the game", "Commencer la partie")
PASS_LABELS = ("Pass these cards", "Passer ces cartes")


class PageError(RuntimeError):
    """A visit that did not get a table (a refusal, a blank page, a closed socket)."""


def json_message(
    session: str,
    msg_type: str,
    content: dict[str, Any],
    channel: str = "shell",
    metadata: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A kernel message as the page sends it over the websocket (JSON protocol)."""
    return {
        "header": {
            "msg_id": uuid.uuid4().hex,
            "msg_type": msg_type,
            "username": "",
            "session": session,
            "date": datetime.now(UTC).isoformat(),
            "version": "5.3",
        },
        "parent_header": {},
        "metadata": metadata or {},
        "content": content,
        "channel": channel,
        "buffers": [],
    }


V1 = "v1.kernel.websocket.jupyter.org"
"""The binary websocket protocol of jupyter_server, which Voilà's page speaks."""


def to_v1(message: dict[str, Any]) -> bytes:
    """A message in the v1 protocol: offsets, the channel, then each part in JSON."""
    parts = [
        json.dumps(message[part]).encode()
        for part in ("header", "parent_header", "metadata", "content")
    ]
    channel = message["channel"].encode()
    offsets = [8 * (1 + 1 + len(parts) + 1)]
    offsets.append(offsets[-1] + len(channel))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    head = len(offsets).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + channel + b"".join(parts)


def from_v1(raw: bytes) -> dict[str, Any]:
    count = int.from_bytes(raw[:8], "little")
    offsets = [int.from_bytes(raw[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)]
    chunks = [raw[offsets[i] : offsets[i + 1]] for i in range(count - 1)]
    if raw[offsets[-1] :]:
        chunks.append(raw[offsets[-1] :])
    header, parent, metadata, content = (json.loads(chunk) for chunk in chunks[1:5])
    return {
        "channel": chunks[0].decode(),
        "header": header,
        "msg_type": header["msg_type"],
        "parent_header": parent,
        "metadata": metadata,
        "content": content,
        "buffers": chunks[5:],
    }


@dataclass
class Visit:
    """What one visit took: to its first screen, to a table, each click's answer."""

    first_screen: float | None = None
    table: float | None = None
    clicks: list[float] = field(default_factory=list)
    picks: list[float] = field(default_factory=list)
    passed: float | None = None
    failure: str = ""


@dataclass
class PageClient:
    """One visitor's page: its kernel, the widgets' states, clicks and their answers."""

    url: str
    query: str = ""
    timeout: float = 120.0
    headers: dict[str, str] = field(default_factory=dict)
    protocol: str = ""  # "" (JSON messages) or V1 (binary, as Voilà's own page speaks)
    session: str = field(default_factory=lambda: uuid.uuid4().hex)
    states: dict[str, dict[str, Any]] = field(default_factory=dict)
    received: list[dict[str, Any]] = field(default_factory=list)
    kernel_id: str = ""
    html: str = ""
    cookies: dict[str, str] = field(default_factory=dict)
    closed: bool = False
    first_screen: float = 0.0
    _socket: WebSocketClientConnection | None = None
    _pump: asyncio.Task[None] | None = None
    _changed: asyncio.Event = field(default_factory=asyncio.Event)

    # --- the page ----------------------------------------------------------------

    async def get(self) -> HTTPResponse:
        """The page, as a browser asks for it (its answer, whatever its status)."""
        request = HTTPRequest(
            self.url + self.query, request_timeout=self.timeout, headers=self.headers
        )
        try:
            return await AsyncHTTPClient().fetch(request)
        except HTTPClientError as error:
            if error.response is None:
                raise
            return error.response

    async def open(self) -> None:
        """Load the page, connect to its kernel and read every widget (the first screen)."""
        started = time.perf_counter()
        response = await self.get()
        if response.code != 200:
            raise PageError(f"HTTP {response.code}")
        self.html = response.body.decode()
        for header in response.headers.get_list("Set-Cookie"):
            name, _, rest = header.partition("=")
            self.cookies[name] = rest.split(";")[0]
        found = re.search(r'"kernelId": "([0-9a-f-]+)"', self.html)
        if found is None:
            raise PageError("no kernel in the page")
        self.kernel_id = found.group(1)
        if "application/vnd.jupyter.widget-view+json" not in self.html:
            raise PageError("blank page: no widget in the notebook's output")
        await self.connect()
        await self.load_widgets()
        self.first_screen = time.perf_counter() - started

    @property
    def origin(self) -> str:
        parts = urlsplit(self.url)
        return f"{parts.scheme}://{parts.netloc}"

    def cookie_header(self) -> str:
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())

    async def connect(self) -> None:
        host = urlsplit(self.url).netloc
        request = HTTPRequest(
            f"ws://{host}/api/kernels/{self.kernel_id}/channels?session_id={self.session}",
            headers={"Cookie": self.cookie_header(), "Origin": self.origin, **self.headers},
            request_timeout=self.timeout,
        )
        self._socket = await websocket_connect(
            request,
            max_message_size=256 << 20,
            subprotocols=[self.protocol] if self.protocol else None,
        )
        self._pump = asyncio.ensure_future(self._read())

    async def load_widgets(self) -> None:
        control = uuid.uuid4().hex
        self.send(
            "comm_open",
            {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
            metadata={"version": CONTROL_VERSION},
        )
        self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        await self.wait_until(lambda: bool(self.states), "the widgets' states")
        self.send("comm_close", {"comm_id": control, "data": {}})

    def send(
        self,
        msg_type: str,
        content: dict[str, Any],
        channel: str = "shell",
        metadata: dict[str, Any] | None = None,
    ) -> str:
        """Send a message; returns its id (see :meth:`settled`)."""
        message = json_message(self.session, msg_type, content, channel, metadata)
        if self.protocol == V1:
            self.send_raw(to_v1(message))
        else:
            self.send_raw(json.dumps(message))
        msg_id: str = message["header"]["msg_id"]
        return msg_id

    def answered(self, msg_id: str) -> bool:
        """The kernel has handled this message (its idle status for it has come)."""
        return any(
            m["msg_type"] == "status"
            and m["content"].get("execution_state") == "idle"
            and m.get("parent_header", {}).get("msg_id") == msg_id
            for m in reversed(self.received)
        )

    async def settled(self, msg_id: str, what: str = "an answer") -> None:
        await self.wait_until(lambda: self.answered(msg_id), what)

    def send_raw(self, message: str | bytes) -> None:
        if self._socket is None:
            raise PageError("not connected")
        self._socket.write_message(message, binary=isinstance(message, bytes))

    async def _read(self) -> None:
        assert self._socket is not None
        while True:
            raw = await self._socket.read_message()
            if raw is None:
                self.closed = True
                self._changed.set()
                return
            message = from_v1(raw) if isinstance(raw, bytes) else json.loads(raw)
            self.received.append(message)
            self._apply(message)
            self._changed.set()

    def _apply(self, message: dict[str, Any]) -> None:
        kind = message["msg_type"]
        content = message["content"]
        if kind == "comm_msg":
            data = content.get("data", {})
            if data.get("method") == "update_states":
                for model_id, model in data["states"].items():
                    self.states[model_id] = {**model["state"], "_model_name": model["model_name"]}
            elif data.get("method") in ("update", "echo_update"):
                self.states.setdefault(content["comm_id"], {}).update(data.get("state", {}))
        elif kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.states[content["comm_id"]] = dict(content["data"]["state"])
        elif kind == "comm_close":
            self.states.pop(content["comm_id"], None)

    async def wait_until(self, done: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + self.timeout
        while not done():
            if self.closed:
                raise PageError(f"the connection closed while waiting for {what}")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise PageError(f"no {what} after {self.timeout} s")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)

    # --- the widgets -------------------------------------------------------------------

    def models(self, name: str, css: str | None = None) -> list[str]:
        return [
            model_id
            for model_id, state in self.states.items()
            if state.get("_model_name") == name
            and (css is None or css in state.get("_dom_classes", ()))
        ]

    def button(self, labels: tuple[str, ...]) -> str | None:
        for model_id in self.models("ButtonModel"):
            if self.states[model_id].get("description") in labels:
                return model_id
        return None

    def hand(self) -> list[str]:
        """The card buttons of the player's hand, in the hand's order."""
        for model_id in self.models("HBoxModel", "ht-hand"):
            return [child.removeprefix("IPY_MODEL_") for child in self.states[model_id]["children"]]
        return []

    def playable(self) -> list[str]:
        return [card for card in self.hand() if not self.states.get(card, {}).get("disabled")]

    def html_text(self, css: str) -> str:
        """The text of the pictures whose HTML holds this class."""
        return " ".join(
            re.sub(r"<[^>]+>", " ", unescape(state.get("value", "")))
            for state in self.states.values()
            if state.get("_model_name") == "HTMLModel" and css in state.get("value", "")
        )

    def click(self, model_id: str) -> str:
        return self.send(
            "comm_msg",
            {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}},
        )

    def update(self, model_id: str, state: dict[str, Any]) -> str:
        return self.send(
            "comm_msg",
            {"comm_id": model_id, "data": {"method": "update", "state": state, "buffer_paths": []}},
        )

    # --- a player ----------------------------------------------------------------------

    async def start_game(self) -> None:
        start = self.button(START_LABELS)
        if start is None:
            raise PageError("no start button")
        await self.settled(self.click(start), "the table")
        if not self.playable():
            raise PageError("a table without a playable card")

    async def pass_cards(self, visit: Visit) -> None:
        """Choose three cards and pass them, timing each pick and the bots' reply."""
        confirm = self.button(PASS_LABELS)
        if confirm is None or self.states[confirm].get("disabled") is None:
            return
        if (
            self.states.get(
                self.states[confirm].get("layout", "").removeprefix("IPY_MODEL_"), {}
            ).get("display")
            == "none"
        ):
            return  # no pass in this deal
        for card in self.playable()[:3]:
            clicked = time.perf_counter()
            await self.settled(self.click(card), "a chosen card")
            visit.picks.append(time.perf_counter() - clicked)
        clicked = time.perf_counter()
        await self.settled(self.click(confirm), "the pass")
        visit.passed = time.perf_counter() - clicked

    async def play_card(self) -> float:
        """Play the first playable card: seconds until the bots have answered."""
        card = self.playable()[0]
        clicked = time.perf_counter()
        await self.settled(self.click(card), "the bots' replies")
        return time.perf_counter() - clicked

    async def leave(self) -> None:
        """What a closed tab does: the page's shutdown request, then the socket closes."""
        if self.kernel_id:
            body = f"_xsrf={self.cookies.get('_xsrf', '')}"
            request = HTTPRequest(
                f"{self.origin}/voila/api/shutdown/{self.kernel_id}",
                method="POST",
                body=body,
                headers={"Cookie": self.cookie_header(), **self.headers},
                request_timeout=self.timeout,
            )
            with contextlib.suppress(HTTPClientError, OSError):
                await AsyncHTTPClient().fetch(request)
        self.close()

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
        if self._pump is not None:
            self._pump.cancel()


# --- measuring ---------------------------------------------------------------------------
