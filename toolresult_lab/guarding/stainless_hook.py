"""The hook for Stainless-generated clients: ``openai`` (``OpenAI``, ``AsyncOpenAI``, the
Azure clients) and ``anthropic`` (``Anthropic``, ``AsyncAnthropic``, the Bedrock, Vertex
and Foundry clients).

The client instance's ``request`` method is replaced, as logfire and openinference do: it
receives the ``FinalRequestOptions`` (the path, the per-request headers and the JSON body
as a dict) before the client's own retry loop. Where the client prepares the body first
(anthropic 2.x: ``request`` runs ``_copy_and_prepare``, which drops the ``Omit`` sentinels,
reads file inputs and turns iterators into lists, then calls ``_request``, which holds the
retry loop), ``_request`` is replaced instead: the guard then reads plain JSON values and
never consumes an iterator the client still has to read. Why not the HTTP transport: a Stainless
client retries and wraps what its transport raises (anthropic 2.x retries any exception
its ``_should_retry_exception`` accepts; openai 3.x wraps httpx errors as
``APIConnectionError``), so ``raise`` mode must act before that loop, and ``repair`` must
change the body once, not once per attempt. Here the path is the API's own
(``/chat/completions``, ``/v1/messages``), before a Bedrock or Vertex client rewrites it to
its platform's URL, so those clients are checked as the anthropic wire they speak.
``copy`` / ``with_options`` return a client guarded by the same guard.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from typing import Any

from .inspection import Slot, failed_open, lint_headers

__all__ = ["hook_stainless", "is_stainless"]

_ATTRIBUTE = "_toolresult_lab_guard"


def is_stainless(target: object) -> bool:
    """Whether ``target`` is a Stainless API client (openai's or anthropic's base class)."""
    return any(
        cls.__name__ in ("SyncAPIClient", "AsyncAPIClient")
        and cls.__module__.endswith("._base_client")
        for cls in type(target).__mro__
    )


def _unset(value: object) -> bool:
    """A Stainless ``Omit`` / ``NotGiven`` sentinel (the client drops its key when sending)."""
    return type(value).__name__ in ("Omit", "NotGiven")


def _outgoing(client: Any, options: Any) -> tuple[str, dict[str, str], Mapping[str, Any]] | None:
    """The path, headers and JSON body of a request's options; ``None``: not a JSON body."""
    if getattr(options, "files", None) is not None:  # multipart: not a JSON request
        return None
    body = getattr(options, "json_data", None)
    if not isinstance(body, Mapping):
        return None
    extra = getattr(options, "extra_json", None)
    if isinstance(extra, Mapping) and extra:
        body = {**body, **extra}
    if any(_unset(value) for value in body.values()):
        body = {key: value for key, value in body.items() if not _unset(value)}
    headers = lint_headers(client.default_headers.items())
    given = getattr(options, "headers", None)
    if isinstance(given, Mapping):
        headers.update(lint_headers(given.items()))
    return str(options.url), headers, body


def _checked_options(slot: Slot, client: Any, options: Any) -> Any:
    """``options`` to send: the same, or a copy with the repaired body (fail open)."""
    try:
        outgoing = _outgoing(client, options)
    except Exception as error:
        failed_open(str(getattr(options, "url", "?")), error)
        return options
    if outgoing is None:
        return options
    sent = slot.guard.inspect(*outgoing)
    if sent is None:
        return options
    try:
        return options.model_copy(update={"json_data": dict(sent), "extra_json": None})
    except Exception as error:
        failed_open(outgoing[0], error)
        return options


def hook_stainless(client: Any, slot: Slot) -> None:
    """Guard ``client`` in place with the guard in ``slot``."""
    existing = client.__dict__.get(_ATTRIBUTE)
    if isinstance(existing, Slot):
        existing.guard = slot.guard
        return
    name = "_request" if hasattr(type(client), "_copy_and_prepare") else "request"
    original = getattr(client, name)
    if inspect.iscoroutinefunction(original):

        @functools.wraps(original)
        async def request_async(cast_to: Any, options: Any, *args: Any, **kwargs: Any) -> Any:
            options = _checked_options(slot, client, options)
            return await original(cast_to, options, *args, **kwargs)

        setattr(client, name, request_async)
    else:

        @functools.wraps(original)
        def request(cast_to: Any, options: Any, *args: Any, **kwargs: Any) -> Any:
            options = _checked_options(slot, client, options)
            return original(cast_to, options, *args, **kwargs)

        setattr(client, name, request)
    for name in ("copy", "with_options"):
        copier = getattr(client, name, None)
        if callable(copier):
            setattr(client, name, _copying(copier, slot))
    setattr(client, _ATTRIBUTE, slot)


def _copying(copier: Callable[..., Any], slot: Slot) -> Callable[..., Any]:
    @functools.wraps(copier)
    def copy(*args: Any, **kwargs: Any) -> Any:
        made = copier(*args, **kwargs)
        hook_stainless(made, slot)
        return made

    return copy
