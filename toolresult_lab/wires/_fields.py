"""The provider field names that the rule checks of ``toolresult_lab/checks/`` read the raw
JSON by (issue 20: a provider's field names are held inside ``wires/`` only)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["FIELDS", "Fields"]


@dataclass(frozen=True)
class Fields:
    """Field names and block types, by the wire that has them."""

    tool_use: str = "tool_use"
    tool_result: str = "tool_result"
    tool_use_id: str = "tool_use_id"
    redacted_thinking: str = "redacted_thinking"
    cache_control: str = "cache_control"
    image_url: str = "image_url"
    input_image: str = "input_image"
    input_file: str = "input_file"
    file_data: str = "file_data"
    gemini_inline: tuple[str, ...] = ("inlineData", "inline_data")
    gemini_media: tuple[str, ...] = ("inlineData", "inline_data", "fileData", "file_data")
    gemini_mime: tuple[str, ...] = ("mimeType", "mime_type")


FIELDS: Final = Fields()
