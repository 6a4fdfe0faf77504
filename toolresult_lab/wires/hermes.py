"""hermes: ``<tool_response>`` text around a JSON object, for Hermes-style templates.

Every ``</`` in the JSON is written ``<\\/`` (the same JSON value), so text from a
tool cannot close the block early (SPEC section 6).
"""

from __future__ import annotations

from typing import Final

from ..encoding import json_string
from ..steps import Conversion
from ._common import Converter, Source, WireFacts

FACTS: Final[WireFacts] = WireFacts(
    "hermes", "Hermes <tool_response> text", reads=frozenset({"response_tag"}), has_id_field=False
)


class HermesConverter(Converter):
    """``<tag>\\n{"content": <string form>, "name": name}\\n</tag>`` (a ``str``)."""

    def convert(self, data: Source) -> Conversion:
        content, steps, notes = self.string_form(data)
        # json_encode({"content": ..., "name": ...}) with its keys already in sorted order
        body = f'{{"content":{json_string(content)},"name":{json_string(data.name)}}}'
        body = body.replace("</", "<\\/")
        tag = self.options.response_tag
        return Conversion(f"<{tag}>\n{body}\n</{tag}>", steps, notes)
