"""SPEC section 2: every MCP content entry becomes one neutral item, in one pass.

This is the only place that looks at the shape of an input block. Items are frozen
values that say what an entry *is* (its text, its payload and the payload's size);
what a wire does with one, and why, belongs to that wire's converter.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from .b64 import decoded_size, is_canonical, lenient_decode, strip_whitespace
from .encoding import optional_text, text_field
from .text import SEARCH_RESULT, native_text_form, placeholder

__all__ = [
    "PDF_MIME",
    "BlobItem",
    "DocumentItem",
    "Item",
    "ItemKind",
    "Media",
    "MediaKind",
    "Native",
    "NativeItem",
    "NoteItem",
    "Payload",
    "TextItem",
    "audience_of",
    "normalize",
    "normalize_entry",
    "text_entry",
]

ItemKind = Literal["text", "document", "blob", "native", "note"]
#: What a blob holds, as far as carrying it natively is concerned.
Media = Literal["image", "pdf", "audio", "binary", "unknown", "untyped"]

MediaKind = Literal["image", "pdf"]
PDF_MIME: Final = "application/pdf"


class TextItem:
    """A text block: its text, and its ``cache_control`` when the input had that key."""

    __slots__ = ("block_type", "cache_control", "has_cache_control", "kind", "text")

    def __init__(self, text: str, has_cache_control: bool = False, cache_control: Any = None):
        self.text: Final = text
        self.has_cache_control: Final = has_cache_control
        self.cache_control: Final = cache_control
        self.block_type: Final = "text"
        self.kind: Final[ItemKind] = "text"


class DocumentItem:
    """Text that came as a resource: an embedded text resource or a decoded ``text/*`` blob.

    ``mime`` is the resource's ``mimeType`` as given (``None`` when absent): no wire reads
    it, but the audit tells a JSON resource from a plain text one by it.
    """

    __slots__ = ("block_type", "kind", "mime", "origin", "text")

    def __init__(
        self, text: str, origin: Literal["text resource", "text/* blob"], mime: Any = None
    ) -> None:
        self.text: Final = text
        self.origin: Final = origin
        self.mime: Final = mime
        self.block_type: Final = "resource"
        self.kind: Final[ItemKind] = "document"


class NoteItem:
    """A fixed line that stands for something the model cannot get in any other form."""

    __slots__ = ("block_type", "kind", "origin", "text")

    def __init__(
        self, text: str, origin: Literal["not an object", "resource_link"], block_type: str
    ) -> None:
        self.text: Final = text
        self.origin: Final = origin
        self.block_type: Final = block_type
        self.kind: Final[ItemKind] = "note"


class Native:
    """A payload as it goes out in a wire's own image or document form: ``media``
    (``image`` or ``pdf``), ``mime`` and ``data`` (the base64, whitespace removed,
    canonical: SPEC section 6). Immutable (``Explanation.native`` hands it out)."""

    __slots__ = ("_data", "_media", "_mime")

    def __init__(self, media: MediaKind, mime: str, data: str) -> None:
        self._media = media
        self._mime = mime
        self._data = data

    @property
    def media(self) -> MediaKind:
        return self._media

    @property
    def mime(self) -> str:
        return self._mime

    @property
    def data(self) -> str:
        return self._data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Native):
            return NotImplemented
        return (self._media, self._mime, self._data) == (other._media, other._mime, other._data)

    def __hash__(self) -> int:
        return hash((self._media, self._mime, len(self._data)))

    def __repr__(self) -> str:
        return f"Native(media={self._media!r}, mime={self._mime!r}, data=<{len(self._data)} chars>)"


class Payload:
    """A ``str`` payload of a blob: its decoded size, and its sendable form.

    Both are worked out when first asked for and kept: the size only when a placeholder
    is written (arithmetically, SPEC section 2), the sendable form only when a wire wants
    to send the payload natively (whether it is canonical base64, SPEC section 6). So
    ``to()`` does no work a block does not show, and a 50 MiB payload is checked once,
    whatever the wires.
    """

    __slots__ = ("_checked", "_native", "_size", "data", "media", "mime")

    def __init__(self, data: str, media: MediaKind | None, mime: str) -> None:
        self.data: Final = data
        self.media: Final = media
        self.mime: Final = mime
        self._size = -1  # not worked out yet
        self._native: Native | None = None
        self._checked = False

    @property
    def size(self) -> int:
        """The decoded size in bytes, by arithmetic only (never decoded)."""
        if self._size < 0:
            self._size = decoded_size(self.data)
        return self._size

    @property
    def native(self) -> Native | None:
        """The payload as it goes natively (whitespace removed), or ``None`` when it is
        not canonical base64 or not an image or PDF at all (SPEC section 6)."""
        if not self._checked:
            self._checked = True
            media = self.media
            if media is not None:
                data = self.data
                if not is_canonical(data):  # canonical base64 holds no whitespace
                    stripped = strip_whitespace(data)
                    data = stripped if stripped is not data and is_canonical(stripped) else ""
                if data:
                    self._native = Native(media, self.mime, data)
        return self._native


class BlobItem:
    """A binary payload (image, audio, resource blob) or an unknown block.

    ``type``, ``mime`` and ``uri`` are the input values as given; ``text`` is the
    placeholder (``[type] mime <uri> (N bytes)``), never the payload.
    """

    __slots__ = ("_text", "block_type", "kind", "media", "mime", "payload", "type", "uri")

    def __init__(
        self, type: Any, mime: Any, uri: Any, data: Any, media: Media, block_type: str
    ) -> None:
        native_as: MediaKind | None = media if media == "image" or media == "pdf" else None
        payload = (
            Payload(data, native_as, PDF_MIME if media == "pdf" else text_field(mime))
            if isinstance(data, str)
            else None
        )
        self.type: Final = type
        self.mime: Final = mime
        self.uri: Final = uri
        self.payload: Final = payload
        self.media: Final = media
        self.block_type: Final = block_type
        self.kind: Final[ItemKind] = "blob"
        self._text: str | None = None

    @property
    def text(self) -> str:
        """The placeholder, written when first asked for (a payload sent natively
        needs none)."""
        text = self._text
        if text is None:
            payload = self.payload
            size = None if payload is None else payload.size
            text = self._text = placeholder(self.type, self.mime, self.uri, size)
        return text


class NativeItem:
    """An Anthropic-native block a caller built (image/document with a source, search_result)."""

    __slots__ = ("block", "block_type", "kind", "text", "text_is_placeholder")

    def __init__(self, block: dict[str, Any]) -> None:
        text, is_placeholder = native_text_form(block)
        self.block: Final = block
        self.text: Final = text
        """The block's string form (SPEC section 3)."""
        self.text_is_placeholder: Final = is_placeholder
        """The string form is only a ``[type] media_type <url>`` line: the block has no text."""
        self.block_type: Final = text_field(block.get("type"))
        self.kind: Final[ItemKind] = "native"


Item = TextItem | DocumentItem | NoteItem | BlobItem | NativeItem


def _media(kind: Any, mime: Any) -> Media:
    if kind == "image":
        return "image"
    if kind == "audio":
        return "audio"
    if kind != "resource":
        return "unknown"
    if isinstance(mime, str):
        if mime.startswith("image/"):
            return "image"
        if mime == PDF_MIME:
            return "pdf"
    return "binary"


def _resource(block: dict[str, Any]) -> Item:
    resource = block.get("resource")
    if not isinstance(resource, dict):
        resource = {}
    text = resource.get("text")
    mime = resource.get("mimeType")
    if text is not None:
        return DocumentItem(text_field(text), "text resource", mime)
    blob = resource.get("blob")
    if isinstance(blob, str) and isinstance(mime, str) and mime.startswith("text/"):
        return DocumentItem(lenient_decode(blob).decode("utf-8", "replace"), "text/* blob", mime)
    return BlobItem(
        "resource", mime, resource.get("uri"), blob, _media("resource", mime), "resource"
    )


def _resource_link(block: dict[str, Any]) -> NoteItem:
    text = "[resource_link]"
    name = optional_text(block.get("name"))
    if name:
        text += " " + name
    uri = block.get("uri")
    if uri is not None:
        text += " <" + text_field(uri) + ">"
    return NoteItem(text, "resource_link", "resource_link")


def normalize_entry(block: Any) -> Item:
    """The neutral item for one content entry (SPEC section 2, in table order)."""
    if not isinstance(block, dict):
        return NoteItem("[unsupported]", "not an object", "(not an object)")
    kind = block.get("type")
    if isinstance(kind, str):  # the kinds are distinct: compared as str, in any order
        if kind == "text":
            text = optional_text(block.get("text"))
            if "cache_control" in block:
                return TextItem(text, True, block["cache_control"])
            return TextItem(text)
        if kind == "resource":
            return _resource(block)
        if kind == "image" or kind == "document":
            if isinstance(block.get("source"), dict):
                return NativeItem(block)
        elif kind == SEARCH_RESULT:
            return NativeItem(block)
        elif kind == "resource_link":
            return _resource_link(block)
        elif not kind:
            return _untyped(block)
    elif kind is None:
        return _untyped(block)
    mime = block.get("mimeType")
    return BlobItem(
        kind, mime, block.get("uri"), block.get("data"), _media(kind, mime), text_field(kind)
    )


def _untyped(block: dict[str, Any]) -> BlobItem:
    """An entry without a type (absent, ``None`` or ``""``)."""
    return BlobItem(
        "unsupported",
        block.get("mimeType"),
        block.get("uri"),
        block.get("data"),
        "untyped",
        "(no type)",
    )


def audience_of(block: Any) -> tuple[str, ...] | None:
    """Who an entry is meant for: its MCP ``annotations.audience`` (``"user"``,
    ``"assistant"``), when that is a non-empty list of strings; ``None`` (unsaid) for an
    entry without it and for one whose annotations are malformed (not an object, not a
    list, a member that is no string, an empty list): such an entry is read as meant for
    everyone, as the SPEC reads every entry."""
    if not isinstance(block, dict):
        return None
    annotations = block.get("annotations")
    if not isinstance(annotations, dict):
        return None
    audience = annotations.get("audience")
    if not isinstance(audience, list) or not audience:
        return None
    for role in audience:
        if not isinstance(role, str):
            return None
    return tuple(audience)


def normalize(content: list[Any]) -> tuple[Item, ...]:
    """One item per content entry, in order."""
    return tuple([normalize_entry(block) for block in content])


def text_entry(
    text: str, cache_control: Any = None, has_cache_control: bool = False
) -> dict[str, Any]:
    """An MCP text entry, with the Anthropic ``cache_control`` that :func:`normalize_entry`
    keeps on a text block (SPEC 2) when ``has_cache_control``."""
    entry: dict[str, Any] = {"type": "text", "text": text}
    if has_cache_control:
        entry["cache_control"] = cache_control
    return entry
