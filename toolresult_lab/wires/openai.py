"""openai: a Chat Completions ``tool`` message; everything travels as one string."""

from __future__ import annotations

from typing import Final

from ..steps import Conversion
from ._common import Converter, Source, WireFacts

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
