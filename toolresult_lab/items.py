"""SPEC section 2: every MCP content entry becomes one neutral item, in one pass.

This is the only place that looks at the shape of an input block. Wires render
items, never raw blocks, so a rule about what a block *is* lives here once.
"""

from __future__ import annotations

from typing import Any, Literal

from .b64 import decoded_size, lenient_decode
from .encoding import text_field

__all__ = [
    "BlobItem",
    "DocumentItem",
    "Item",
    "ItemKind",
    "NativeItem",
    "NoteItem",
    "TextItem",
    "normalize",
    "normalize_entry",
]

ItemKind = Literal["text", "document", "blob", "native", "note"]


class TextItem:
    """A text block: its text, and its ``cache_control`` when the input had that key."""

    __slots__ = ("cache_control", "has_cache_control", "text")
    kind: ItemKind = "text"

    def __init__(self, text: str, has_cache_control: bool = False, cache_control: Any = None):
        self.text = text
        self.has_cache_control = has_cache_control
        self.cache_control = cache_control


class DocumentItem:
    """Text that came as a resource: an embedded text resource or a decoded ``text/*`` blob."""

    __slots__ = ("origin", "text")
    kind: ItemKind = "document"

    def __init__(self, text: str, origin: Literal["text resource", "text blob"]):
        self.text = text
        self.origin = origin


class NoteItem:
    """A fixed line that stands for something the model cannot get in any other form."""

    __slots__ = ("origin", "text")
    kind: ItemKind = "note"

    def __init__(self, text: str, origin: Literal["not an object", "resource_link"]):
        self.text = text
        self.origin = origin


class BlobItem:
    """A binary payload (image, audio, resource blob) or an unknown block.

    ``type``, ``mime``, ``uri`` and ``data`` are the input values as given (not yet
    rendered as text); the decoded size is computed on first use and kept.
    """

    __slots__ = ("_size", "data", "mime", "type", "uri")
    kind: ItemKind = "blob"

    def __init__(self, type: Any, mime: Any, uri: Any, data: Any):
        self.type = type
        self.mime = mime
        self.uri = uri
        self.data = data
        self._size: int | None = None

    @property
    def size(self) -> int | None:
        """Decoded size of a ``str`` payload, by arithmetic; ``None`` without one."""
        if not isinstance(self.data, str):
            return None
        if self._size is None:
            self._size = decoded_size(self.data)
        return self._size


class NativeItem:
    """An Anthropic-native block a caller built (image/document with a source, search_result)."""

    __slots__ = ("block",)
    kind: ItemKind = "native"

    def __init__(self, block: dict[str, Any]):
        self.block = block


Item = TextItem | DocumentItem | NoteItem | BlobItem | NativeItem


def _text(value: Any) -> str:
    """A text value: missing/None is empty, a non-``str`` is its JSON encoding."""
    return "" if value is None else text_field(value)


def _resource(block: dict[str, Any]) -> Item:
    resource = block.get("resource")
    if not isinstance(resource, dict):
        resource = {}
    text = resource.get("text")
    if text is not None:
        return DocumentItem(text_field(text), "text resource")
    blob = resource.get("blob")
    mime = resource.get("mimeType")
    if isinstance(blob, str) and isinstance(mime, str) and mime.startswith("text/"):
        return DocumentItem(lenient_decode(blob).decode("utf-8", "replace"), "text blob")
    return BlobItem("resource", mime, resource.get("uri"), blob)


def _resource_link(block: dict[str, Any]) -> NoteItem:
    text = "[resource_link]"
    name = _text(block.get("name"))
    if name:
        text += " " + name
    uri = block.get("uri")
    if uri is not None:
        text += " <" + text_field(uri) + ">"
    return NoteItem(text, "resource_link")


def normalize_entry(block: Any) -> Item:
    """The neutral item for one content entry (SPEC section 2, in table order)."""
    if not isinstance(block, dict):
        return NoteItem("[unsupported]", "not an object")
    kind = block.get("type")
    if kind == "text":
        if "cache_control" in block:
            return TextItem(_text(block.get("text")), True, block["cache_control"])
        return TextItem(_text(block.get("text")))
    if (kind in ("image", "document") and isinstance(block.get("source"), dict)) or (
        kind == "search_result"
    ):
        return NativeItem(block)
    if kind == "resource":
        return _resource(block)
    if kind == "resource_link":
        return _resource_link(block)
    return BlobItem(
        "unsupported" if kind is None or kind == "" else kind,
        block.get("mimeType"),
        block.get("uri"),
        block.get("data"),
    )


def normalize(content: list[Any]) -> tuple[Item, ...]:
    """One item per content entry, in order."""
    return tuple(normalize_entry(block) for block in content)
