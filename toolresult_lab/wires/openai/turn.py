"""The openai wire's tool turn (SPEC 7): one assistant message whose ``tool_calls`` echo the
calls (arguments as text), then one ``tool`` message per result; with ``hoist_images``, the
images the tool messages could only name follow in one user message.
"""

from __future__ import annotations

from typing import Any, Final, cast

from .._turn import (
    CallData,
    ReadCall,
    TurnShape,
    read_dict,
    read_function_calls,
    read_list,
    with_extra,
)
from .blocks import OpenAIToolMessage
from .read import CALLS
from .shapes import (
    OpenAIAssistantMessage,
    OpenAIContentPart,
    OpenAIImageURL,
    OpenAIToolCall,
    OpenAIUserMessage,
)


class OpenAITurn(TurnShape):
    """Echo ``{"role": "assistant", "content": None, "tool_calls": [...]}``; results one
    ``tool`` message each; hoisted images as ``image_url`` parts of one user message."""

    def echo(self, calls: list[CallData]) -> list[OpenAIAssistantMessage]:
        tool_calls: list[OpenAIToolCall] = []
        for call in calls:
            entry: OpenAIToolCall = {
                "id": call.id,
                "type": "function",
                "function": {"name": call.name, "arguments": call.argtext},
            }
            # the caller's ToolCall.extra["openai"] fields join it: JSON the caller typed
            tool_calls.append(cast(OpenAIToolCall, with_extra(dict(entry), call, "openai")))
        return [{"role": "assistant", "content": None, "tool_calls": tool_calls}]

    def results(self, blocks: list[Any]) -> list[OpenAIToolMessage]:
        return list(blocks)

    def hoisted(self, text: str, images: list[tuple[str, str]]) -> OpenAIUserMessage:
        content: list[OpenAIContentPart] = [{"type": "text", "text": text}]
        for mime, data in images:
            url: OpenAIImageURL = {"url": f"data:{mime};base64,{data}"}
            content.append({"type": "image_url", "image_url": url})
        return {"role": "user", "content": content}

    def read(self, message: Any) -> list[ReadCall]:
        """An assistant message, or a ChatCompletion (its first choice's message)."""
        where = ""
        if isinstance(message, dict) and "choices" in message:
            choices = read_list(message["choices"], "openai", "choices")
            if not choices:
                return []
            message = read_dict(choices[0], "openai", "choices[0]").get("message")
            where = "choices[0].message."
        message = read_dict(message, "openai", where.rstrip(".") or "message")
        return read_function_calls(message, "openai", where, CALLS)


TURN: Final[TurnShape] = OpenAITurn(
    "openai",
    results_zone="run",
    results_where="a tool message directly after the assistant message",
    needs_call_ids=True,
    hoists=True,
)
