"""SPEC section 3: the string form of items and of Anthropic-native blocks.

openai, ollama, hermes, the text parts of responses and the result of gemini all
send exactly these strings; anthropic uses them for placeholders and for native
blocks it may not pass through.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .encoding import json_encode, text_field
from .items import BlobItem, Item, NativeItem

__all__ = [
    "empty_content_text",
    "item_text",
    "join_texts",
    "native_text",
    "native_text_form",
    "placeholder",
]


def _part(value: Any) -> str:
    """An optional text part: '' when missing/None, else the text field."""
    return "" if value is None else text_field(value)


def placeholder(item: BlobItem) -> str:
    """``[type] mime <uri> (N bytes)``: what a model learns of a payload it cannot get."""
    text = "[" + text_field(item.type) + "]"
    mime = _part(item.mime)
    if mime:
        text += " " + mime
    if item.uri is not None:
        text += " <" + text_field(item.uri) + ">"
    size = item.size
    if size is not None:
        text += f" ({size} bytes)"
    return text


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
        return _part(block.get("text")), False
    if kind == "search_result":
        head = "[search_result]"
        title = _part(block.get("title"))
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
    text = "[" + _part(kind) + "]"
    media_type = _part(source.get("media_type"))
    if media_type:
        text += " " + media_type
    url = source.get("url")
    if url is not None:
        text += " <" + text_field(url) + ">"
    return text, True


def item_text(item: Item) -> str:
    """An item as text: text/document/note as is, blob as placeholder, native by its form."""
    if isinstance(item, BlobItem):
        return placeholder(item)
    if isinstance(item, NativeItem):
        return native_text(item.block)
    return item.text


def empty_content_text(structured_content: Any) -> str:
    """What stands for empty content: JSON of ``structured_content``, else ``''``."""
    return "" if structured_content is None else json_encode(structured_content)


def join_texts(texts: Iterable[str], structured_content: Any) -> str:
    """Texts joined with newlines; with none, the empty-content text."""
    texts = list(texts)
    return "\n".join(texts) if texts else empty_content_text(structured_content)
