"""The ollama wire's tool turn (SPEC 7): one assistant message whose ``tool_calls`` echo the
calls (arguments as an object, ``id`` only when there is one), then one ``tool`` message per
result; with ``hoist_images``, the images the tool messages could only name follow in one
user message's ``images``.
"""

from __future__ import annotations

from typing import Any, Final, cast

from .._turn import (
    CallData,
    ReadCall,
    TurnShape,
    read_dict,
    read_function_calls,
    with_extra,
)
from .blocks import OllamaToolMessage
from .read import CALLS
from .shapes import (
    OllamaAssistantMessage,
    OllamaToolCall,
    OllamaUserMessage,
)


class OllamaTurn(TurnShape):
    """Echo ``{"role": "assistant", "content": "", "tool_calls": [...]}``; results one
    ``tool`` message each; hoisted images in one user message's ``images``."""

    def echo(self, calls: list[CallData]) -> list[OllamaAssistantMessage]:
        tool_calls: list[OllamaToolCall] = []
        for call in calls:
            entry: OllamaToolCall = {
                "function": {"name": call.name, "arguments": call.fresh_args()}
            }
            if call.id:
                entry["id"] = call.id
            # the caller's ToolCall.extra["ollama"] fields join it: JSON the caller typed
            tool_calls.append(cast(OllamaToolCall, with_extra(dict(entry), call, "ollama")))
        return [{"role": "assistant", "content": "", "tool_calls": tool_calls}]

    def results(self, blocks: list[Any]) -> list[OllamaToolMessage]:
        return list(blocks)

    def hoisted(self, text: str, images: list[tuple[str, str]]) -> OllamaUserMessage:
        return {"role": "user", "content": text, "images": [data for _, data in images]}

    def read(self, message: Any) -> list[ReadCall]:
        """An assistant message, or a chat response (its ``message``)."""
        where = ""
        if isinstance(message, dict) and "message" in message:
            message = message["message"]
            where = "message."
        message = read_dict(message, "ollama", where.rstrip(".") or "message")
        return read_function_calls(message, "ollama", where, CALLS)


TURN: Final[TurnShape] = OllamaTurn(
    "ollama", results_zone="later", results_where="a tool message after it", hoists=True
)
