"""ollama: a ``tool`` message keyed by tool name; ``tool_call_id`` only when there is one."""

from __future__ import annotations

from typing import Any, Final

from ..steps import Conversion
from ._common import Converter, Source, WireFacts

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
