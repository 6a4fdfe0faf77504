"""What the ollama wire declares for the layers above it (``wires/_data.py``): what the
``ollama`` client changes in the messages it sends (it documents no token rule)."""

from __future__ import annotations

import copy
from typing import Any, Final

from .._data import Alteration, ApiPaths, OfficialClient
from .client import send

__all__ = ["ALTERATIONS", "CLIENT", "PATHS", "call_reply", "reply"]


def _drop_empty_fields(messages: list[Any]) -> list[Any]:
    # ollama._client._copy_messages keeps only the keys whose value is truthy.
    return [
        {k: copy.deepcopy(v) for k, v in m.items() if v}
        if isinstance(m, dict)
        else copy.deepcopy(m)
        for m in messages
    ]


def _drop_tool_call_id(messages: list[Any]) -> list[Any]:
    return [
        {k: copy.deepcopy(v) for k, v in m.items() if k != "tool_call_id"}
        if isinstance(m, dict)
        else copy.deepcopy(m)
        for m in messages
    ]


def _drop_call_ids(messages: list[Any]) -> list[Any]:
    out = copy.deepcopy(messages)
    for m in out:
        calls = m.get("tool_calls") if isinstance(m, dict) else None
        if isinstance(calls, list):
            for call in calls:
                if isinstance(call, dict):
                    call.pop("id", None)
    return out


#: What ``client.chat`` changes, in the order it is applied.
ALTERATIONS: Final = (
    Alteration(
        "ollama",
        "drop_empty_fields",
        "Every message key whose value is empty or false ('' content, [] images, ...) is "
        "left out, e.g. the echo's content ''.",
        _drop_empty_fields,
    ),
    Alteration(
        "ollama",
        "drop_tool_call_id",
        "A tool message's tool_call_id is left out (ollama.Message does not declare it), "
        "so results can be paired with their calls only by order and tool_name.",
        _drop_tool_call_id,
    ),
    Alteration(
        "ollama",
        "drop_tool_call_ids",
        "An echoed tool call's id is left out (ollama.Message.ToolCall declares only "
        "function), so the echo carries no call ids.",
        _drop_call_ids,
    ),
)


def reply(model: str, text: str) -> dict[str, Any]:
    """A minimal valid ``/api/chat`` response, ``model`` answering ``text``: what the loopback
    recorder (``roundtrip``) answers the ``ollama`` client."""
    return {
        "model": model,
        "created_at": "2025-01-01T00:00:00Z",
        "message": {"role": "assistant", "content": text},
        "done": True,
        "done_reason": "stop",
    }


def call_reply(model: str, echo: list[Any]) -> dict[str, Any]:
    """An ``/api/chat`` response whose message is ``echo`` (``tool_turn``'s echo: one
    assistant message with ``tool_calls``). What the loopback recorder answers a tool loop
    with."""
    body = reply(model, "")
    [message] = echo
    body["message"] = message
    return body


#: The request paths of Ollama's chat API.
PATHS: Final = ApiPaths(("/api/chat",))


#: How the round trip sends through its official client, and what the recorder answers.
CLIENT: Final = OfficialClient(
    model="llama-roundtrip",
    call="ollama: client.chat",
    endpoint="/api/chat",
    send=send,
    answers=PATHS.answers,
    reply=reply,
    call_reply=call_reply,
)
