"""ollama: a ``tool`` message keyed by tool name; ``tool_call_id`` only when there is one."""

from __future__ import annotations

from typing import Final

from ...conversion.steps import Conversion
from .._common import Converter, Source, WireFacts
from .blocks import OllamaToolMessage

FACTS: Final[WireFacts] = WireFacts("ollama", "Ollama tool message")


class OllamaConverter(Converter):
    """``{"role": "tool", "tool_name": name, "tool_call_id": id, "content": <string form>}``."""

    def hoists_images(self) -> bool:
        return True

    def convert(self, data: Source) -> Conversion:
        content, steps, notes, content_note = self.string_form(data)
        block: OllamaToolMessage
        if data.id:  # keys in the order SPEC 4 writes them
            block = {
                "role": "tool",
                "tool_name": data.name,
                "tool_call_id": data.id,
                "content": content,
            }
        else:
            block = {"role": "tool", "tool_name": data.name, "content": content}
        return Conversion(block, steps, notes, content_note)
