"""ollama: a ``tool`` message keyed by tool name; ``tool_call_id`` only when there is one.

The turn (SPEC 7): one assistant message whose ``tool_calls`` echo the calls (arguments
as an object, ``id`` only when there is one), then one ``tool`` message per result; with
``hoist_images``, the images the tool messages could only name follow in one user
message's ``images``.
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
    with_extra,
)

FACTS: Final[WireFacts] = WireFacts("ollama", "Ollama tool message")


class OllamaConverter(Converter):
    """``{"role": "tool", "tool_name": name, "tool_call_id": id, "content": <string form>}``."""

    def convert(self, data: Source) -> Conversion:
        content, steps, notes = self.string_form(data)
        block: dict[str, Any] = {"role": "tool", "tool_name": data.name}
        if data.id:
            block["tool_call_id"] = data.id
        block["content"] = content
        return Conversion(block, steps, notes)


class OllamaTurn(TurnShape):
    """Echo ``{"role": "assistant", "content": "", "tool_calls": [...]}``; results one
    ``tool`` message each; hoisted images in one user message's ``images``."""

    def echo(self, calls: list[CallData]) -> list[Any]:
        tool_calls = []
        for call in calls:
            entry: dict[str, Any] = {
                "function": {"name": call.name, "arguments": call.fresh_args()}
            }
            if call.id:
                entry["id"] = call.id
            tool_calls.append(with_extra(entry, call, "ollama"))
        return [{"role": "assistant", "content": "", "tool_calls": tool_calls}]

    def results(self, blocks: list[Any]) -> list[Any]:
        return list(blocks)

    def hoisted(self, text: str, images: list[tuple[str, str]]) -> Any:
        return {"role": "user", "content": text, "images": [data for _, data in images]}

    def read(self, message: Any) -> list[ReadCall]:
        """An assistant message, or a chat response (its ``message``)."""
        where = ""
        if isinstance(message, dict) and "message" in message:
            message = message["message"]
            where = "message."
        message = read_dict(message, "ollama", where.rstrip(".") or "message")
        return read_function_calls(message, "ollama", where)


TURN: Final[TurnShape] = OllamaTurn("ollama", hoists=True)
