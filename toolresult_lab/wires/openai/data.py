"""What the openai wire declares for the layers above it (``wires/_data.py``)."""

from __future__ import annotations

from typing import Any, Final

from .._data import ApiPaths, OfficialClient, TokenRules
from .._openai_client import send_chat

__all__ = ["CLIENT", "PATHS", "TOKENS", "call_reply", "reply"]

#: Chat carries no image or PDF in a tool message: only its text is priced. An image hoisted
#: into a user message is priced by OpenAI's tile rule, as on responses. Text is counted in
#: o200k_base, the encoding of every current OpenAI model (gpt-4o, 4.1, 5, o-series).
TOKENS: Final = TokenRules(
    hoisted_image="openai_tiles", text="openai_tokens", encoding="o200k_base", model_images=True
)


def reply(model: str, text: str) -> dict[str, Any]:
    """A minimal valid Chat Completions response, ``model`` answering ``text``: what the
    loopback recorder (``roundtrip``) answers the ``openai`` client."""
    return {
        "id": "chatcmpl-roundtrip",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text, "refusal": None},
                "logprobs": None,
                "finish_reason": "stop",
            }
        ],
    }


def call_reply(model: str, echo: list[Any]) -> dict[str, Any]:
    """A Chat Completions response in which ``model`` says ``echo`` (``tool_turn``'s echo,
    one assistant message): its calls, or hermes's ``<tool_call>`` text, which that API
    carries as content. What the loopback recorder answers a tool loop with."""
    body = reply(model, "")
    [message] = echo
    choice = body["choices"][0]
    choice["message"] = {"refusal": None, **message}
    choice["finish_reason"] = "tool_calls" if message.get("tool_calls") else "stop"
    return body


#: The request paths of Chat Completions (hermes's requests too: Hermes-style servers speak
#: it, and nothing in a request tells them apart).
PATHS: Final = ApiPaths(("/chat/completions",))


#: How the round trip sends through its official client, and what the recorder answers.
CLIENT: Final = OfficialClient(
    model="gpt-roundtrip",
    call="openai: client.chat.completions.create",
    endpoint="/v1/chat/completions",
    send=send_chat,
    answers=PATHS.answers,
    reply=reply,
    call_reply=call_reply,
)
