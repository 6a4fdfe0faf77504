"""SPEC section 3: the string form of placeholders and of Anthropic-native blocks.

openai, ollama, hermes, the text parts of responses and the result of gemini all
send exactly these strings; anthropic uses them for placeholders and for native
blocks it may not pass through. Pure functions over values: the items module
computes them once per item.
"""

from __future__ import annotations

from typing import Any, Final

from .encoding import optional_text, text_field

#: The MCP-side kind of an Anthropic-native search result entry (SPEC 2), and its marker
#: in the entry's string form (SPEC 3): the package's own vocabulary, Anthropic's name.
SEARCH_RESULT: Final = "search_result"

__all__ = [
    "SEARCH_RESULT",
    "native_text",
    "native_text_form",
    "placeholder",
]


def placeholder(kind: Any, mime: Any, uri: Any, size: int | None) -> str:
    """``[type] mime <uri> (N bytes)``: what a model learns of a payload it cannot get."""
    # one f-string per part present and one for the whole (compiled: a string built
    # once each, not a copy per ``+``); a part absent is the shared empty string
    mime_text = optional_text(mime)
    shown_mime = f" {mime_text}" if mime_text else ""
    link = "" if uri is None else f" <{text_field(uri)}>"
    bytes_part = "" if size is None else f" ({size} bytes)"
    return f"[{text_field(kind)}]{shown_mime}{link}{bytes_part}"


def _parts(value: Any) -> list[str]:
    """Inner parts of a content source or search_result: a str, or a list of blocks."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [native_text(element) for element in value]
    return []


def native_text(block: Any) -> str:
    """The string form of an Anthropic-native block (also of blocks nested in one)."""
    return native_text_form(block)[0]


def native_text_form(block: Any) -> tuple[str, bool]:
    """The string form of a native block, and whether it is only a placeholder."""
    if not isinstance(block, dict):
        return "[unsupported]", True
    kind = block.get("type")
    if kind == "text":
        return optional_text(block.get("text")), False
    if kind == SEARCH_RESULT:
        head = "[" + SEARCH_RESULT + "]"
        title = optional_text(block.get("title"))
        if title:
            head += " " + title
        source = block.get("source")
        if isinstance(source, str) and source:
            head += " <" + source + ">"
        return "\n".join([head, *_parts(block.get("content"))]), False
    source = block.get("source")
    if not isinstance(source, dict):
        source = {}
    source_type = source.get("type")
    if source_type == "text" and source.get("data") is not None:
        return text_field(source["data"]), False
    if source_type == "content":
        parts = _parts(source.get("content"))
        if parts:
            return "\n".join(parts), False
    return placeholder(optional_text(kind), source.get("media_type"), source.get("url"), None), True
