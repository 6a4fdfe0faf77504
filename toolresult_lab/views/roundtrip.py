"""Round trips through the official clients: what each provider's SDK really sends.

A turn that this library builds is only useful if the provider's own client sends it as built.
This module starts a local recording HTTP server, sends a conversation through the official
client of a wire (``openai``, ``anthropic``, ``google-genai``, ``ollama``, ``boto3``) pointed
at it, and returns the request that arrived, so a test or a notebook can compare what was given
with what was sent. The clients are optional dependencies (the ``test`` extra): each is imported
only by the function that uses it.

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
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import MappingProxyType, TracebackType
from typing import Any, Literal, get_args
from urllib.parse import parse_qsl, unquote, urlsplit

from ..wires import Alteration, TextPart, for_boto3, wire_module

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

RoundTripWire = Literal["openai", "responses", "anthropic", "gemini", "ollama", "hermes", "bedrock"]
#: The wires :func:`send` knows, each with its official client. Not the registry's wires
#: (``wires.FACTS``): a round trip sends a turn through the provider's own client library to
#: a local server, so a registered wire (no client here to drive) cannot be one.
ROUNDTRIP_WIRES: tuple[RoundTripWire, ...] = get_args(RoundTripWire)

#: The only address the recording server binds and the clients are pointed at.
LOOPBACK = "127.0.0.1"

#: The model name :func:`send` asks for on each wire (any name works with the recording server).
MODELS: Mapping[str, str] = MappingProxyType(
    {
        "openai": "gpt-roundtrip",
        "responses": "gpt-roundtrip",
        "anthropic": "claude-roundtrip",
        "gemini": "gemini-roundtrip",
        "ollama": "llama-roundtrip",
        "hermes": "hermes-roundtrip",
        "bedrock": "anthropic.claude-roundtrip",
    }
)

#: The official client and call :func:`send` uses on each wire.
CLIENTS: Mapping[str, str] = MappingProxyType(
    {
        "openai": "openai: client.chat.completions.create",
        "responses": "openai: client.responses.create",
        "anthropic": "anthropic: client.messages.create",
        "gemini": "google-genai: client.models.generate_content",
        "ollama": "ollama: client.chat",
        "hermes": "openai: client.chat.completions.create",
        "bedrock": "boto3: client('bedrock-runtime').converse (payloads through for_boto3)",
    }
)

#: The request path each wire's client uses against :attr:`RecordingServer.base_url`
#: (``{model}`` stands for the model name).
ENDPOINTS: Mapping[str, str] = MappingProxyType(
    {
        "openai": "/v1/chat/completions",
        "responses": "/v1/responses",
        "anthropic": "/v1/messages",
        "gemini": "/v1beta/models/{model}:generateContent",
        "ollama": "/api/chat",
        "hermes": "/v1/chat/completions",
        "bedrock": "/model/{model}/converse",
    }
)

_TIMEOUT_SECONDS = 10.0
_POLL_SECONDS = 0.05  # how soon serve_forever notices shutdown()
# Pinned: the client's default depends on its version and on GOOGLE_GENAI_API_VERSION.
_GEMINI_API_VERSION = "v1beta"
_USER_TEXT = "What is the weather in Köln?"
_REPLY_TEXT = "ok"


def _check_wire(wire: str) -> RoundTripWire:
    for known in ROUNDTRIP_WIRES:
        if wire == known:
            return known
    raise ValueError(f"unknown wire {wire!r}; known: {', '.join(ROUNDTRIP_WIRES)}")


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
        """The model asked for: the body's ``model``, or the name in a Gemini path."""
        if isinstance(self.body, dict) and isinstance(self.body.get("model"), str):
            model: str = self.body["model"]
            return model
        return _gemini_model(self.path) or _bedrock_model(self.path)


def _gemini_model(path: str) -> str | None:
    """The model named by a Gemini path ``.../models/{model}:{method}``, else ``None``."""
    _, sep, tail = path.partition("/models/")
    if not sep or ":" not in tail:
        return None
    return unquote(tail.rsplit(":", 1)[0])


def _bedrock_model(path: str) -> str | None:
    """The model named by a Bedrock path ``/model/{modelId}/converse``, else ``None``."""
    head, sep, tail = path.partition("/model/")
    if head or not sep or not tail.endswith("/converse"):
        return None
    return unquote(tail[: -len("/converse")])


def _replying_wire(path: str, body: Any) -> tuple[str, str] | None:
    """The wire whose API answers at ``path`` and the model the answer names (the body's
    ``model``, a Gemini path's), or ``None`` for an unknown path."""
    model = body.get("model") if isinstance(body, dict) else None
    model = model if isinstance(model, str) else "unknown"
    if path.endswith("/chat/completions"):
        return "openai", model
    if path.endswith("/responses"):
        return "responses", model
    if path.endswith("/messages"):
        return "anthropic", model
    gemini_model = _gemini_model(path)
    if gemini_model is not None and path.endswith(":generateContent"):
        return "gemini", gemini_model
    if _bedrock_model(path) is not None:
        return "bedrock", model
    if path == "/api/chat":
        return "ollama", model
    return None


def _canned_response(path: str, body: Any) -> dict[str, Any] | None:
    """A minimal valid response for the API at ``path`` (its wire's recorded reply), or
    ``None`` for an unknown path."""
    found = _replying_wire(path, body)
    reply = None if found is None else wire_module(found[0]).recorded_reply
    return None if found is None or reply is None else reply(found[1], _REPLY_TEXT)


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
    written, _ = wire_module(_check_wire(wire)).request.user([TextPart("", _USER_TEXT)])
    message: dict[str, Any] = written[0]
    return message


def _send_chat(wire: str, messages: list[Any], base_url: str) -> None:
    with _openai_client(base_url) as client:
        client.chat.completions.create(model=MODELS[wire], messages=messages)


def _send_responses(wire: str, messages: list[Any], base_url: str) -> None:
    with _openai_client(base_url) as client:
        client.responses.create(model=MODELS[wire], input=messages)


@contextmanager
def _openai_client(base_url: str) -> Iterator[Any]:
    import openai

    with (
        openai.DefaultHttpxClient(trust_env=False) as http_client,
        openai.OpenAI(
            api_key="roundtrip",
            base_url=f"{base_url}/v1",
            max_retries=0,
            timeout=_TIMEOUT_SECONDS,
            http_client=http_client,
        ) as client,
    ):
        yield client


def _send_anthropic(wire: str, messages: list[Any], base_url: str) -> None:
    import anthropic

    with (
        anthropic.DefaultHttpxClient(trust_env=False) as http_client,
        anthropic.Anthropic(
            api_key="roundtrip",
            base_url=base_url,
            max_retries=0,
            timeout=_TIMEOUT_SECONDS,
            http_client=http_client,
        ) as client,
    ):
        client.messages.create(model=MODELS[wire], max_tokens=64, messages=messages)


def _send_gemini(wire: str, messages: list[Any], base_url: str) -> None:
    from google import genai
    from google.genai import types

    no_env = {"trust_env": False}
    options = types.HttpOptions(
        base_url=base_url,
        api_version=_GEMINI_API_VERSION,
        timeout=int(_TIMEOUT_SECONDS * 1000),
        retry_options=types.HttpRetryOptions(attempts=1),
        client_args=no_env,
        async_client_args=no_env,
    )
    with genai.Client(api_key="roundtrip", vertexai=False, http_options=options) as client:
        client.models.generate_content(model=MODELS[wire], contents=messages)


def _send_ollama(wire: str, messages: list[Any], base_url: str) -> None:
    import ollama

    client = ollama.Client(host=base_url, timeout=_TIMEOUT_SECONDS, trust_env=False)
    with client:
        client.chat(model=MODELS[wire], messages=messages, stream=False)


def _send_bedrock(wire: str, messages: list[Any], base_url: str) -> None:
    import boto3
    from botocore.config import Config

    config = Config(
        retries={"max_attempts": 1, "mode": "standard"},
        connect_timeout=_TIMEOUT_SECONDS,
        read_timeout=_TIMEOUT_SECONDS,
        proxies={"http": "", "https": ""},  # never a proxy from the environment
    )
    client = boto3.client(
        "bedrock-runtime",
        endpoint_url=base_url,
        region_name="us-east-1",
        aws_access_key_id="roundtrip",
        aws_secret_access_key="roundtrip",
        config=config,
    )
    try:
        client.converse(modelId=MODELS[wire], messages=for_boto3(messages))
    finally:
        client.close()


_SENDERS: Mapping[str, Callable[[str, list[Any], str], None]] = MappingProxyType(
    {
        "openai": _send_chat,
        "responses": _send_responses,
        "hermes": _send_chat,
        "anthropic": _send_anthropic,
        "gemini": _send_gemini,
        "ollama": _send_ollama,
        "bedrock": _send_bedrock,
    }
)


def send(wire: str, messages: list[Any], server: RecordingServer) -> Recorded:
    """Send ``[user_message(wire)] + messages`` through ``wire``'s official client.

    The client is pointed at ``server`` (retries off, a short timeout, proxy settings from the
    environment ignored); the request it made is returned. Raises whatever the client raises,
    and ``RuntimeError`` unless exactly one request arrived (so call it from one thread at a
    time per server). ``hermes`` goes through the OpenAI chat client, as Hermes-style servers
    (vLLM, SGLang, llama.cpp) speak that API.
    """
    checked = _check_wire(wire)
    sender = _SENDERS[checked]
    if not server.running:
        raise RuntimeError("the RecordingServer is not running (use it in a with statement)")
    before = len(server.requests)
    sender(checked, [user_message(checked), *messages], server.base_url)
    arrived = server.requests[before:]
    if len(arrived) != 1:
        raise RuntimeError(f"{checked}: expected one request, {len(arrived)} arrived")
    return arrived[0]


def _messages_key(wire: str) -> str:
    """Where ``wire`` keeps its conversation in a request body, as its own writer puts it."""
    body = wire_module(wire).request.body(None, [])
    return next(key for key, value in body.items() if isinstance(value, list))


def sent_messages(wire: str, recorded: Recorded) -> list[Any]:
    """The conversation in a recorded body: ``messages``, ``input`` or ``contents``."""
    key = _messages_key(_check_wire(wire))
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
ALTERATIONS: Mapping[str, tuple[Alteration, ...]] = MappingProxyType(
    {wire: wire_module(wire).client_alterations for wire in ROUNDTRIP_WIRES}
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
    checked = _check_wire(wire)
    out = copy.deepcopy(messages)
    for alteration in ALTERATIONS[checked] if alterations is None else alterations:
        out = alteration.apply(out)
    return out


def applied_alterations(wire: str, messages: list[Any]) -> tuple[str, ...]:
    """The names of ``wire``'s alterations that change ``messages`` (each applied alone).

    >>> applied_alterations("ollama", [{"role": "tool", "tool_call_id": "c1", "content": "x"}])
    ('drop_tool_call_id',)
    >>> applied_alterations("anthropic", [{"role": "user", "content": "x"}])
    ()
    """
    checked = _check_wire(wire)
    return tuple(a.name for a in ALTERATIONS[checked] if a.apply(messages) != messages)
