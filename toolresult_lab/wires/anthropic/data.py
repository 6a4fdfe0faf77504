"""What the anthropic wire declares for the layers above it (``wires/_data.py``)."""

from __future__ import annotations

from typing import Any, Final

from .._data import ApiPaths, OfficialClient, TokenRules
from .client import send

__all__ = ["CLIENT", "PATHS", "TOKENS", "call_reply", "reply"]

TOKENS: Final = TokenRules(
    image="claude_patches",
    pdf_note="anthropic documents no per-page figure: each page costs its extracted text "
    "plus a page image, so the count depends on the text (measure it with token counting)",
)


def reply(model: str, text: str) -> dict[str, Any]:
    """A minimal valid Messages response, ``model`` answering ``text``: what the loopback
    recorder (``roundtrip``) answers the ``anthropic`` client."""
    return {
        "id": "msg_roundtrip",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [{"type": "text", "text": text}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }


def call_reply(model: str, echo: list[Any]) -> dict[str, Any]:
    """A Messages response whose content is ``echo``'s (``tool_turn``'s echo: one
    assistant message of ``tool_use`` blocks). What the loopback recorder answers a tool
    loop with."""
    body = reply(model, "")
    [message] = echo
    body["content"], body["stop_reason"] = message["content"], "tool_use"
    return body


#: The request paths of the Messages API.
PATHS: Final = ApiPaths(("/messages",))


#: How the round trip sends through its official client, and what the recorder answers.
CLIENT: Final = OfficialClient(
    model="claude-roundtrip",
    call="anthropic: client.messages.create",
    endpoint="/v1/messages",
    send=send,
    answers=PATHS.answers,
    reply=reply,
    call_reply=call_reply,
)
