"""Which wire a request speaks, read from its path, and where its conversation is.

A path names its API, as each wire declares it (``WireModule.paths``, in its own
``data.py``): ``/chat/completions`` (the openai wire; Hermes-style servers speak it too,
and nothing in the request tells them apart), ``/responses``, ``/messages``, Gemini's
``models/{model}:generateContent`` and ``:streamGenerateContent``, Ollama's ``/api/chat``
and Bedrock's ``/model/{modelId}/converse`` and ``/converse-stream``; a wire registered
later with its paths is routed too. Any other path is no request the guard knows, and
passes untouched.

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
from typing import Any, NamedTuple

from ..wires import FACTS, list_key, wire_module

__all__ = ["Route", "conversation_of", "route"]


class Route(NamedTuple):
    """The wire a request path speaks, and the model the path names (``None``: the body's)."""

    wire: str
    model: str | None


def route(path: str) -> Route | None:
    """The wire and URL model of a request ``path`` (a query string is ignored), or ``None``
    for a path of no known request: the first wire, in the registry's order, whose
    declared paths take it."""
    for wire in tuple(FACTS):
        found = wire_module(wire).paths.match(path)
        if found is not None:
            return Route(wire, found.model)
    return None


def conversation_of(wire: str, body: Mapping[str, Any]) -> list[Any] | None:
    """The conversation of a request ``body`` of ``wire`` (its messages, ``input`` or
    ``contents`` list), or ``None`` when it holds none (a Responses ``input`` string)."""
    found = body.get(list_key(wire))
    return found if isinstance(found, list) else None
