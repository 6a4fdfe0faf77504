r"""hermes: ``<tool_response>`` text around a JSON object, for Hermes-style templates.

Every ``</`` in the JSON is written ``<\/`` (the same JSON value), so text from a tool
cannot close the block early (SPEC section 6).
"""

from __future__ import annotations

from typing import Final

from ...conversion.encoding import json_string, json_string_chars
from ...conversion.steps import Conversion
from .._common import Converter, Source, WireFacts

FACTS: Final[WireFacts] = WireFacts(
    "hermes", "Hermes <tool_response> text", reads=frozenset({"response_tag"}), has_id_field=False
)


def unclosable(json_text: str) -> str:
    """``json_text`` with every ``</`` written ``<\\/`` (the same JSON value), so no text
    inside it can close the block it sits in (SPEC 6, and SPEC 7 for the echo)."""
    if "<" not in json_text:  # one memchr pass: 3x faster than a replace that finds none
        return json_text
    return json_text.replace("</", "<\\/")


def text_chars(text: str) -> int:
    """The characters ``text`` takes in a block: its JSON string's (quotes left out), one
    more for each ``</`` (written ``<\\/``). JSON escapes neither ``<`` nor ``/``, so the
    pairs of the text are the pairs of its JSON; the fit measures a 10 MB text this way
    instead of building the block around it."""
    pairs = text.count("</") if "<" in text else 0
    return json_string_chars(text) + pairs


class HermesConverter(Converter):
    """``<tag>\\n{"content": <string form>, "name": name}\\n</tag>`` (a ``str``)."""

    def convert(self, data: Source) -> Conversion:
        content, steps, notes, content_note = self.string_form(data)
        # json_encode({"content": ..., "name": ...}) with its keys already in sorted order,
        # made unclosable piece by piece (no ``</`` spans two pieces: they meet at quotes)
        # and joined once: a 10 MB content is copied once, not three times
        tag = self.options.response_tag
        block = "".join(
            (
                f'<{tag}>\n{{"content":',
                unclosable(json_string(content)),
                ',"name":',
                unclosable(json_string(data.name)),
                f"}}\n</{tag}>",
            )
        )
        return Conversion(block, steps, notes, content_note)
