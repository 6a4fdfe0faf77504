"""openai: a Chat Completions ``tool`` message; everything travels as one string."""

from __future__ import annotations

from typing import Final

from ...conversion.steps import Conversion
from .._common import Converter, Source, WireFacts
from .blocks import OpenAIToolMessage

FACTS: Final[WireFacts] = WireFacts(
    "openai",
    "OpenAI Chat Completions tool message",
    has_name_field=False,
    requires={"id": "tool_call_id"},
)


class OpenAIConverter(Converter):
    """``{"role": "tool", "tool_call_id": id, "content": <string form>}``."""

    def hoists_images(self) -> bool:
        return True

    def convert(self, data: Source) -> Conversion:
        content, steps, notes, content_note = self.string_form(data)
        block: OpenAIToolMessage = {"role": "tool", "tool_call_id": data.id, "content": content}
        return Conversion(block, steps, notes, content_note)
