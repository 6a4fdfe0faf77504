"""openai: a Chat Completions ``tool`` message; everything travels as one string.

The turn (SPEC 7): one assistant message whose ``tool_calls`` echo the calls (arguments
as text), then one ``tool`` message per result; with ``hoist_images``, the images the
tool messages could only name follow in one user message.
"""

from __future__ import annotations

from typing import Any, Final

from ..steps import Conversion
from ._common import Converter, Source, WireFacts
from ._turn import (
    CallData,
    ReadCall,
    TurnShape,
    read_dict,
    read_function_calls,
    read_list,
    with_extra,
)

FACTS: Final[WireFacts] = WireFacts(
    "openai",
    "OpenAI Chat Completions tool message",
    has_name_field=False,
    requires={"id": "tool_call_id"},
)


class OpenAIConverter(Converter):
    """``{"role": "tool", "tool_call_id": id, "content": <string form>}``."""

    def convert(self, data: Source) -> Conversion:
        content, steps, notes = self.string_form(data)
        return Conversion(
            {"role": "tool", "tool_call_id": data.id, "content": content}, steps, notes
        )


class OpenAITurn(TurnShape):
    """Echo ``{"role": "assistant", "content": None, "tool_calls": [...]}``; results one
    ``tool`` message each; hoisted images as ``image_url`` parts of one user message."""

    def echo(self, calls: list[CallData]) -> list[Any]:
        tool_calls = []
        for call in calls:
            function = {"name": call.name, "arguments": call.argtext}
            entry = {"id": call.id, "type": "function", "function": function}
            tool_calls.append(with_extra(entry, call, "openai"))
        return [{"role": "assistant", "content": None, "tool_calls": tool_calls}]

    def results(self, blocks: list[Any]) -> list[Any]:
        return list(blocks)

    def hoisted(self, text: str, images: list[tuple[str, str]]) -> Any:
        content: list[dict[str, Any]] = [{"type": "text", "text": text}]
        for mime, data in images:
            url = {"url": f"data:{mime};base64,{data}"}
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
        return read_function_calls(message, "openai", where)


TURN: Final[TurnShape] = OpenAITurn("openai", needs_call_ids=True, hoists=True)
