"""Round trips through the official clients: what each provider's SDK really sends.

A turn that this library builds is only useful if the provider's own client sends it as built.
This module starts a local recording HTTP server, sends a conversation through the official
client of a wire (``openai``, ``anthropic``, ``google-genai``, ``ollama``, ``boto3``) pointed
at it, and returns the request that arrived, so a test or a notebook can compare what was given
with what was sent. Each wire declares its client in its own package (``WireModule.client``, an
``OfficialClient``: the model, the call, the endpoint, how to send, what the server answers),
and this module reads those declarations from the registry, so a wire registered with one takes
part. The clients are optional dependencies (the ``test`` extra): each declaration imports its
SDK only when it sends.

The clients do not send every message exactly as given; each change a client makes is listed in
:data:`ALTERATIONS` under its name, so :func:`expected_sent` predicts the request body exactly and
a client update that changes its behaviour fails a comparison instead of passing silently.

Nothing here ever talks to any address but ``127.0.0.1``: the server refuses to bind elsewhere,
and every client gets an HTTP client that ignores proxy settings from the environment.
"""

from __future__ import annotations

import copy
import json
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, Final, TypeVar, overload
from urllib.parse import parse_qsl, urlsplit

from ..wires import FACTS, Alteration, OfficialClient, TextPart, list_key, wire_module

__all__ = [
    "ALTERATIONS",
    "CLIENTS",
    "ENDPOINTS",
    "LOOPBACK",
    "MODELS",
    "ROUNDTRIP_WIRES",
    "Alteration",
    "Recorded",
    "RecordingServer",
    "RoundTripWire",
    "applied_alterations",
    "expected_sent",
    "send",
    "sent_messages",
    "user_message",
]

_T = TypeVar("_T")

#: A wire's name, where it declares an official client (``WireModule.client``).
RoundTripWire = str


def _declared() -> dict[str, OfficialClient]:
    """Every registered wire that declares an official client, in registry order."""
    return {name: client for name in FACTS if (client := wire_module(name).client) is not None}


class _RoundTripWires(Sequence[str]):
    """The wires that declare an official client, in registry order: a live view, so a
    wire registered later with one is among them."""

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return tuple(_declared())[index]

    def __len__(self) -> int:
        return len(_declared())

    def __repr__(self) -> str:
        return f"ROUNDTRIP_WIRES({tuple(_declared())!r})"


class _ByWire(Mapping[str, _T]):
    """One fact of each declared official client, by wire: a live view of the registry."""

    def __init__(self, name: str, fact: Callable[[str, OfficialClient], _T]) -> None:
        self._name, self._fact = name, fact

    def __getitem__(self, wire: str) -> _T:
        client = _declared().get(wire)
        if client is None:
            raise KeyError(wire)
        return self._fact(wire, client)

    def __iter__(self) -> Iterator[str]:
        return iter(_declared())

    def __len__(self) -> int:
        return len(_declared())

    def __repr__(self) -> str:
        return f"{self._name}({dict(self)!r})"


#: The wires :func:`send` knows: those whose package declares an official client
#: (``WireModule.client``), in registry order. A round trip sends a turn through the
#: provider's own client library to a local server, so a wire without one cannot take part.
ROUNDTRIP_WIRES: Final[Sequence[str]] = _RoundTripWires()

#: The only address the recording server binds and the clients are pointed at.
LOOPBACK = "127.0.0.1"

#: The model name :func:`send` asks for on each wire (any name works with the recording server).
MODELS: Final[Mapping[str, str]] = _ByWire("MODELS", lambda _, client: client.model)

#: The official client and call :func:`send` uses on each wire.
CLIENTS: Final[Mapping[str, str]] = _ByWire("CLIENTS", lambda _, client: client.call)

#: The request path each wire's client uses against :attr:`RecordingServer.base_url`
#: (``{model}`` stands for the model name).
ENDPOINTS: Final[Mapping[str, str]] = _ByWire("ENDPOINTS", lambda _, client: client.endpoint)

_TIMEOUT_SECONDS = 10.0
_POLL_SECONDS = 0.05  # how soon serve_forever notices shutdown()
_USER_TEXT = "What is the weather in Köln?"
_REPLY_TEXT = "ok"


def _client(wire: str) -> OfficialClient:
    """``wire``'s official client; ``ValueError`` listing the wires with one."""
    client = _declared().get(wire)
    if client is None:
        raise ValueError(f"unknown wire {wire!r}; known: {', '.join(ROUNDTRIP_WIRES)}")
    return client


def _known(wire: str) -> str:
    """``wire``, checked to declare an official client (:func:`_client`)."""
    _client(wire)
    return wire


# ------------------------------------------------------------------------------------------------
# The recording server
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Recorded:
    """One request as the recording server received it.

    ``query`` and ``headers`` keep every pair in arrival order (header names in lower case);
    ``body`` is the parsed JSON body (``None`` when the body is empty or not JSON) and ``raw``
    the body's bytes.
    """

    method: str
    path: str
    query: tuple[tuple[str, str], ...]
    headers: tuple[tuple[str, str], ...]
    body: Any
    raw: bytes

    def header(self, name: str) -> str | None:
        """The first value of header ``name`` (any case), or ``None``."""
        wanted = name.lower()
        for key, value in self.headers:
            if key == wanted:
                return value
        return None

    @property
    def model(self) -> str | None:
        """The model asked for: the body's ``model``, or the name its path gives."""
        return _model_of(self.path, self.body)


def _model_of(path: str, body: Any) -> str | None:
    """The body's ``model``, else the one ``path`` names (a Gemini or Bedrock path)."""
    if isinstance(body, dict) and isinstance(body.get("model"), str):
        model: str = body["model"]
        return model
    for client in _declared().values():
        named = None if client.path_model is None else client.path_model(path)
        if named is not None:
            return named
    return None


def _canned_response(path: str, body: Any) -> dict[str, Any] | None:
    """A minimal valid response of the API at ``path`` (the reply of the client whose path
    it is, naming the model asked for), or ``None`` for an unknown path."""
    for client in _declared().values():
        if client.answers is not None and client.answers(path) and client.reply is not None:
            return client.reply(_model_of(path, body) or "unknown", _REPLY_TEXT)
    return None


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def _read_body(self) -> bytes:
        # The clients send JSON with a Content-Length; a body sent otherwise reads as empty.
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def _handle(self) -> None:
        raw = self._read_body()
        try:
            body: Any = json.loads(raw) if raw else None
        except ValueError:
            body = None
        split = urlsplit(self.path)
        self.server.record(
            Recorded(
                method=self.command,
                path=split.path,
                query=tuple(parse_qsl(split.query, keep_blank_values=True)),
                headers=tuple((k.lower(), v) for k, v in self.headers.items()),
                body=body,
                raw=raw,
            )
        )
        canned = self.server.next_reply()
        if canned is None:
            canned = _canned_response(split.path, body)
        status = 200 if canned is not None else 404
        if canned is None:
            canned = {"error": {"message": f"no canned response for {split.path}"}}
        payload = json.dumps(canned).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    do_GET = do_POST = do_PUT = do_DELETE = _handle

    def log_message(self, format: str, *args: Any) -> None:
        """Silence the default per-request log on stderr."""


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, replies: tuple[dict[str, Any], ...]) -> None:
        super().__init__((LOOPBACK, 0), _Handler)
        self._lock = threading.Lock()
        self.recorded: list[Recorded] = []
        self._replies = list(replies)

    def next_reply(self) -> dict[str, Any] | None:
        """The next of the replies given, in arrival order; ``None`` once they ran out."""
        with self._lock:
            return self._replies.pop(0) if self._replies else None

    def record(self, request: Recorded) -> None:
        with self._lock:
            self.recorded.append(request)

    def snapshot(self) -> tuple[Recorded, ...]:
        with self._lock:
            return tuple(self.recorded)


class RecordingServer:
    """A local HTTP server that records every request and answers like the provider APIs.

    Use it as a context manager; it binds ``127.0.0.1`` on a free port in a daemon thread and is
    shut down and closed on exit. Each request is answered with a minimal valid response of the
    API its path names (OpenAI chat completions and Responses, Anthropic Messages, Gemini
    ``generateContent``, Ollama ``/api/chat``), or a 404 JSON error for any other path; every
    request is recorded either way. The server speaks HTTP/1.0, so each connection closes after
    its response and no handler thread waits on an idle connection. A server runs once; its
    ``port`` and ``requests`` stay readable after it stopped. ``replies`` (JSON objects, such
    as ``tool_call_reply``'s) answer the first requests, one each in arrival order, before
    the canned answers: a model that calls a tool, for a tool loop run against it.

    >>> with RecordingServer() as server:
    ...     server.base_url.startswith("http://127.0.0.1:")
    True
    """

    def __init__(self, host: str = LOOPBACK, *, replies: Sequence[Mapping[str, Any]] = ()) -> None:
        if host != LOOPBACK:
            raise ValueError(f"RecordingServer binds only {LOOPBACK}, not {host!r}")
        if isinstance(replies, (str, bytes, Mapping)) or not isinstance(replies, Sequence):
            raise TypeError(f"replies: expected a sequence of JSON objects, got {replies!r:.60}")
        for index, reply in enumerate(replies):
            if not isinstance(reply, Mapping):
                raise TypeError(f"replies[{index}]: expected a JSON object, got {reply!r:.60}")
        self._replies = tuple(dict(reply) for reply in replies)
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    def __enter__(self) -> RecordingServer:
        if self._server is not None:
            raise RuntimeError("a RecordingServer runs once; make a new one")
        server = _Server(self._replies)
        if server.server_address[0] != LOOPBACK:  # pragma: no cover (socket contract)
            server.server_close()
            raise RuntimeError(f"bound {server.server_address[0]!r}, not {LOOPBACK}")
        thread = threading.Thread(
            target=server.serve_forever,
            kwargs={"poll_interval": _POLL_SECONDS},
            name="RecordingServer",
            daemon=True,
        )
        thread.start()
        self._server, self._thread = server, thread
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        server, thread = self._server, self._thread
        if server is None or thread is None:
            return
        server.shutdown()
        server.server_close()
        thread.join()
        self._thread = None

    @property
    def running(self) -> bool:
        """True between entering and leaving the ``with`` block."""
        return self._thread is not None

    def _started(self) -> _Server:
        if self._server is None:
            raise RuntimeError("RecordingServer is not started (use it in a with statement)")
        return self._server

    @property
    def port(self) -> int:
        """The port the server bound (chosen by the system)."""
        return int(self._started().server_address[1])

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>``, without a trailing slash."""
        return f"http://{LOOPBACK}:{self.port}"

    @property
    def requests(self) -> tuple[Recorded, ...]:
        """Every request recorded so far, in arrival order (kept after the server stops)."""
        return self._started().snapshot()


# ------------------------------------------------------------------------------------------------
# Sending through the official clients
# ------------------------------------------------------------------------------------------------


def user_message(wire: str) -> dict[str, Any]:
    """The user message :func:`send` puts before the messages, in ``wire``'s shape."""
    written, _ = wire_module(_known(wire)).request.user([TextPart("", _USER_TEXT)])
    message: dict[str, Any] = written[0]
    return message


def send(wire: str, messages: list[Any], server: RecordingServer) -> Recorded:
    """Send ``[user_message(wire)] + messages`` through ``wire``'s official client.

    The client is pointed at ``server`` (retries off, a short timeout, proxy settings from the
    environment ignored); the request it made is returned. Raises whatever the client raises,
    and ``RuntimeError`` unless exactly one request arrived (so call it from one thread at a
    time per server). ``hermes`` goes through the OpenAI chat client, as Hermes-style servers
    (vLLM, SGLang, llama.cpp) speak that API.
    """
    client = _client(wire)
    if not server.running:
        raise RuntimeError("the RecordingServer is not running (use it in a with statement)")
    before = len(server.requests)
    client.send(client.model, [user_message(wire), *messages], server.base_url, _TIMEOUT_SECONDS)
    arrived = server.requests[before:]
    if len(arrived) != 1:
        raise RuntimeError(f"{wire}: expected one request, {len(arrived)} arrived")
    return arrived[0]


def sent_messages(wire: str, recorded: Recorded) -> list[Any]:
    """The conversation in a recorded body: ``messages``, ``input`` or ``contents``."""
    key = list_key(_known(wire))
    body = recorded.body
    if not isinstance(body, dict) or not isinstance(body.get(key), list):
        raise ValueError(f"{wire}: the recorded body has no {key!r} list")
    messages: list[Any] = body[key]
    return messages


# ------------------------------------------------------------------------------------------------
# What the clients change
# ------------------------------------------------------------------------------------------------


#: Each wire's client alterations, in the order :func:`expected_sent` applies them. A wire with
#: an empty tuple sends every message exactly as given.
ALTERATIONS: Final[Mapping[str, tuple[Alteration, ...]]] = _ByWire(
    "ALTERATIONS", lambda wire, _: wire_module(wire).client_alterations
)


def expected_sent(
    wire: str, messages: list[Any], alterations: tuple[Alteration, ...] | None = None
) -> list[Any]:
    """``messages`` as ``wire``'s client is expected to send them.

    Applies ``alterations`` (default: every alteration of the wire, :data:`ALTERATIONS`) in
    order; ``messages`` itself is not changed. Compare the result with
    :func:`sent_messages` of the request that :func:`send` recorded (the messages passed here
    must then include :func:`user_message` first, as :func:`send` sends it).

    >>> echo = {"role": "assistant", "content": "", "tool_calls": [
    ...     {"function": {"name": "f", "arguments": {}}, "id": "c1"}]}
    >>> expected_sent("ollama", [echo])
    [{'role': 'assistant', 'tool_calls': [{'function': {'name': 'f', 'arguments': {}}}]}]
    """
    known = _known(wire)
    out = copy.deepcopy(messages)
    for alteration in ALTERATIONS[known] if alterations is None else alterations:
        out = alteration.apply(out)
    return out


def applied_alterations(wire: str, messages: list[Any]) -> tuple[str, ...]:
    """The names of ``wire``'s alterations that change ``messages`` (each applied alone).

    >>> applied_alterations("ollama", [{"role": "tool", "tool_call_id": "c1", "content": "x"}])
    ('drop_tool_call_id',)
    >>> applied_alterations("anthropic", [{"role": "user", "content": "x"}])
    ()
    """
    return tuple(a.name for a in ALTERATIONS[_known(wire)] if a.apply(messages) != messages)
