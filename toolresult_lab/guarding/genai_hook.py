"""The hook for ``google.genai.Client`` (and its ``.aio`` side, which shares the client).

The client's ``_api_client._build_request`` is replaced: every call, sync or async,
streaming or not, builds its ``HttpRequest`` (full URL, headers, the JSON body as a dict)
there once, outside the client's tenacity retry loop, and before the transport is chosen
(httpx2, or aiohttp for the async side when it is installed: a transport hook would miss
that one). ``raise`` mode raises from there, so nothing is sent or retried; ``repair``
replaces the ``data`` dict. The model is read from the URL
(``models/{model}:generateContent``), which is where Gemini carries it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from .inspection import Slot, failed_open, lint_headers

__all__ = ["hook_genai", "is_genai"]

_ATTRIBUTE = "_toolresult_lab_guard"


def is_genai(target: object) -> bool:
    """Whether ``target`` is a ``google.genai`` client (``Client``, or its ``AsyncClient``)."""
    module = type(target).__module__
    return module.startswith("google.genai") and hasattr(target, "_api_client")


def _checked(slot: Slot, built: Any) -> Any:
    try:
        body = built.data
        if not isinstance(body, Mapping):
            return built
        path = urlsplit(str(built.url)).path
        headers = lint_headers((built.headers or {}).items())
    except Exception as error:
        failed_open("?", error)
        return built
    sent = slot.guard.inspect(path, headers, body)
    if sent is not None:
        built.data = dict(sent)
    return built


def hook_genai(client: Any, slot: Slot) -> None:
    """Guard ``client`` (its shared API client) in place with the guard in ``slot``."""
    api = client._api_client
    existing = api.__dict__.get(_ATTRIBUTE)
    if isinstance(existing, Slot):
        existing.guard = slot.guard
        return
    original = api._build_request

    @functools.wraps(original)
    def build_request(*args: Any, **kwargs: Any) -> Any:
        return _checked(slot, original(*args, **kwargs))

    api._build_request = build_request
    setattr(api, _ATTRIBUTE, slot)
