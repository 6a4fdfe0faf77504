"""The hook for httpx and httpx2: a ``Client`` / ``AsyncClient`` (every transport it holds,
mounts included), a transport itself, and ``ollama.Client`` / ``AsyncClient`` (an httpx
client inside).

The transport instance's ``handle_request`` (``handle_async_request``) is replaced, as
OpenTelemetry's httpx and httpx2 instrumentors wrap theirs: it sees the request exactly as
it goes out (path, headers, body bytes). Neither httpx nor httpx2 is imported: both have
the same ``Request``, and a repaired request is rebuilt with the class of the one it
replaces, its ``Content-Length`` recomputed. A request whose ``Content-Type`` is not JSON
(a multipart upload) is passed on untouched, unread.

A ``GuardError`` raised inside a transport reaches the caller as it is with a plain httpx
or httpx2 client, and with ollama (neither retries nor wraps what is not an httpx error);
the Stainless clients and google-genai have hooks of their own above the transport.
"""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import Callable, Mapping
from typing import Any

from .inspection import Slot, failed_open, lint_headers

__all__ = ["hook_http", "is_http_client", "is_transport"]

_ATTRIBUTE = "_toolresult_lab_guard"
_HANDLERS = ("handle_request", "handle_async_request")


def is_transport(target: object) -> bool:
    """Whether ``target`` is an httpx / httpx2 transport (it has a request handler)."""
    return any(callable(getattr(target, name, None)) for name in _HANDLERS) and not hasattr(
        target, "send"
    )


def is_http_client(target: object) -> bool:
    """Whether ``target`` is an httpx / httpx2 ``Client`` or ``AsyncClient``."""
    return hasattr(target, "_transport") and any(
        cls.__name__ in ("Client", "AsyncClient")
        and cls.__module__.partition(".")[0] in ("httpx", "httpx2")
        for cls in type(target).__mro__
    )  # subclasses too: openai.DefaultHttpxClient, anthropic.DefaultAsyncHttpxClient


_LOADS: list[Callable[[bytes], Any]] = []


def _loads(raw: bytes) -> Any:
    """``json.loads``, or orjson's (2x faster on a request body) where the ``fast`` extra
    installed it; looked up on first use."""
    if not _LOADS:
        try:
            from orjson import loads as fast
        except ImportError:
            _LOADS.append(json.loads)
        else:
            _LOADS.append(fast)
    return _LOADS[0](raw)


def _replacement(slot: Slot, request: Any) -> Any:
    """The request to send: ``request`` itself, or one rebuilt with the repaired body."""
    try:
        kind = request.headers.get("content-type", "")
        if "json" not in kind.lower():
            return request
        raw = request.content
        body = _loads(raw) if raw else None
        if not isinstance(body, Mapping):
            return request
        path = request.url.path
        headers = lint_headers(request.headers.items())
    except Exception as error:
        failed_open(str(getattr(getattr(request, "url", None), "path", "?")), error)
        return request
    sent = slot.guard.inspect(path, headers, body)
    if sent is None:
        return request
    try:
        content = json.dumps(sent, ensure_ascii=False, separators=(",", ":")).encode()
        kept = [(k, v) for k, v in request.headers.multi_items() if k.lower() != "content-length"]
        return type(request)(
            request.method,
            request.url,
            headers=kept,
            content=content,
            extensions=request.extensions,
        )
    except Exception as error:
        failed_open(path, error)
        return request


def _hook_transport(transport: Any, slot: Slot) -> None:
    existing = transport.__dict__.get(_ATTRIBUTE)
    if isinstance(existing, Slot):
        existing.guard = slot.guard
        return
    for name in _HANDLERS:
        original = getattr(transport, name, None)
        if not callable(original):
            continue
        if inspect.iscoroutinefunction(original):

            def wrap_async(original: Any = original) -> Any:
                @functools.wraps(original)
                async def handle_async_request(request: Any) -> Any:
                    return await original(_replacement(slot, request))

                return handle_async_request

            setattr(transport, name, wrap_async())
        else:

            def wrap(original: Any = original) -> Any:
                @functools.wraps(original)
                def handle_request(request: Any) -> Any:
                    return original(_replacement(slot, request))

                return handle_request

            setattr(transport, name, wrap())
    setattr(transport, _ATTRIBUTE, slot)


def hook_http(target: Any, slot: Slot) -> None:
    """Guard an httpx / httpx2 client (each of its transports) or a transport, in place."""
    if not is_http_client(target):
        _hook_transport(target, slot)
        return
    transports = [target._transport, *getattr(target, "_mounts", {}).values()]
    for transport in transports:
        if transport is not None:
            _hook_transport(transport, slot)
