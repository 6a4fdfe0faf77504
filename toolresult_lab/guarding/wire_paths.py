"""Which wire a request speaks, read from its path, and where its conversation is.

A path names its API: ``/chat/completions`` (the openai wire; Hermes-style servers speak it
too, and nothing in the request tells them apart), ``/responses``, ``/messages``, Gemini's
``models/{model}:generateContent`` and ``:streamGenerateContent``, Ollama's ``/api/chat``
and Bedrock's ``/model/{modelId}/converse`` and ``/converse-stream``. Any other path is no
request the guard knows, and passes untouched.

>>> route("/v1/chat/completions")
Route(wire='openai', model=None)
>>> route("/v1beta/models/gemini-3.5-flash:streamGenerateContent")
Route(wire='gemini', model='gemini-3.5-flash')
>>> route("/model/anthropic.claude-x%3A0/converse-stream")
Route(wire='bedrock', model='anthropic.claude-x:0')
>>> route("/v1/embeddings") is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final, NamedTuple
from urllib.parse import unquote

__all__ = ["CONVERSATION_KEYS", "Route", "conversation_of", "route"]

#: Where each wire keeps its conversation in a request body (the list the prefix is made of).
CONVERSATION_KEYS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "openai": "messages",
        "hermes": "messages",
        "responses": "input",
        "anthropic": "messages",
        "gemini": "contents",
        "ollama": "messages",
        "bedrock": "messages",
    }
)

_GEMINI_METHODS: Final = (":generateContent", ":streamGenerateContent")
_BEDROCK_METHODS: Final = ("/converse", "/converse-stream")


class Route(NamedTuple):
    """The wire a request path speaks, and the model the path names (``None``: the body's)."""

    wire: str
    model: str | None


def route(path: str) -> Route | None:
    """The wire and URL model of a request ``path`` (a query string is ignored), or ``None``
    for a path of no known request."""
    path = path.partition("?")[0].rstrip("/")
    if path.endswith("/chat/completions"):
        return Route("openai", None)
    if path.endswith("/responses"):
        return Route("responses", None)
    if path.endswith("/messages"):
        return Route("anthropic", None)
    if path.endswith("/api/chat"):
        return Route("ollama", None)
    for method in _GEMINI_METHODS:
        if path.endswith(method):
            _, sep, model = path[: -len(method)].rpartition("models/")
            return Route("gemini", unquote(model)) if sep and model else None
    for method in _BEDROCK_METHODS:
        if path.endswith(method):
            _, sep, model = path[: -len(method)].rpartition("/model/")
            return Route("bedrock", unquote(model)) if sep and model else None
    return None


def conversation_of(wire: str, body: Mapping[str, Any]) -> list[Any] | None:
    """The conversation of a request ``body`` of ``wire`` (its messages, ``input`` or
    ``contents`` list), or ``None`` when it holds none (a Responses ``input`` string)."""
    found = body.get(CONVERSATION_KEYS.get(wire, "messages"))
    return found if isinstance(found, list) else None
