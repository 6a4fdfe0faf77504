"""What the openai wire declares for the layers above it (``wires/_data.py``)."""

from __future__ import annotations

from typing import Any, Final

from .._data import TokenRules

__all__ = ["TOKENS", "reply"]

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
