"""SPEC section 2: every MCP content entry becomes one neutral item, in one pass.

This is the only place that looks at the shape of an input block. Wires render
items, never raw blocks, so a rule about what a block *is* lives here once. What
does not depend on the wire (an item's text, a payload's size, whether a payload
is sendable base64) is computed once per item and kept.
"""

from __future__ import annotations

from typing import Any, Literal

from .b64 import decoded_size, is_canonical, lenient_decode, strip_whitespace
from .encoding import optional_text, text_field
from .text import native_text_form, placeholder

__all__ = [
    "BlobItem",
    "DocumentItem",
    "Item",
    "ItemKind",
    "Media",
    "NativeItem",
    "NoteItem",
    "Outcome",
    "TextItem",
    "TextStep",
    "normalize",
    "normalize_entry",
]

ItemKind = Literal["text", "document", "blob", "native", "note"]
Media = Literal["image", "pdf", "audio", "binary", "unknown", "untyped"]
Outcome = Literal["text", "native", "document", "placeholder", "passthrough", "degraded", "omitted"]

#: How an entry went out as text: (the text, the outcome, the reason).
TextStep = tuple[str, Outcome, str]

PDF_MIME = "application/pdf"
_NATIVE_ONLY_ON_ANTHROPIC = "only anthropic passes Anthropic-native blocks through"


class TextItem:
    """A text block: its text, and its ``cache_control`` when the input had that key."""

    __slots__ = ("cache_control", "has_cache_control", "text", "text_step")
    kind: ItemKind = "text"

    def __init__(self, text: str, has_cache_control: bool = False, cache_control: Any = None):
        self.text = text
        self.has_cache_control = has_cache_control
        self.cache_control = cache_control
        self.text_step: TextStep = (text, "text", "text block sent as text")


class DocumentItem:
    """Text that came as a resource: an embedded text resource or a decoded ``text/*`` blob."""

    __slots__ = ("origin", "text", "text_step")
    kind: ItemKind = "document"

    def __init__(self, text: str, origin: Literal["text resource", "text/* blob"]):
        self.text = text
        self.origin = origin
        self.text_step: TextStep = (text, "text", f"{origin} sent as its text")


class NoteItem:
    """A fixed line that stands for something the model cannot get in any other form."""

    __slots__ = ("origin", "text", "text_step")
    kind: ItemKind = "note"

    def __init__(self, text: str, origin: Literal["not an object", "resource_link"]):
        self.text = text
        self.origin = origin
        self.text_step: TextStep = (
            (text, "placeholder", "resource_link sent as a reference line")
            if origin == "resource_link"
            else (text, "degraded", "content entry is not a JSON object")
        )


class BlobItem:
    """A binary payload (image, audio, resource blob) or an unknown block.

    ``type``, ``mime``, ``uri`` and ``data`` are the input values as given. The
    decoded size, the placeholder and the sendable form of the payload are computed
    on first use and kept: a 50 MiB payload is measured once, whatever the wires.
    """

    __slots__ = (
        "_native",
        "_text",
        "carried",
        "data",
        "fixed_step",
        "media",
        "mime",
        "type",
        "uri",
    )
    kind: ItemKind = "blob"

    def __init__(self, type: Any, mime: Any, uri: Any, data: Any, untyped: bool = False):
        self.type = type
        self.mime = mime
        self.uri = uri
        self.data = data
        self.media: Media = "untyped" if untyped else _media(type, mime)
        self._text: str | None = None
        self._native: str | bool | None = False  # False: not computed yet
        self.carried: Any = None  # the native form, kept by the carriage module once made
        self.fixed_step: Any = None  # the step where no wire carries it, kept likewise

    @property
    def size(self) -> int | None:
        """Decoded size of a ``str`` payload, by arithmetic; ``None`` without one."""
        return decoded_size(self.data) if isinstance(self.data, str) else None

    @property
    def text(self) -> str:
        """The placeholder: ``[type] mime <uri> (N bytes)``, never the payload."""
        if self._text is None:
            self._text = placeholder(self.type, self.mime, self.uri, self.size)
        return self._text

    @property
    def native_data(self) -> str | None:
        """The payload as sendable natively: without whitespace and canonical base64.

        ``None`` when there is no ``str`` payload or it is not canonical (SPEC section 6).
        """
        if self._native is False:
            data = self.data
            if isinstance(data, str):
                data = strip_whitespace(data)
                self._native = data if is_canonical(data) else None
            else:
                self._native = None
        return self._native  # type: ignore[return-value]


def _media(kind: Any, mime: Any) -> Media:
    """What a blob is, for deciding and explaining its carriage."""
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


class NativeItem:
    """An Anthropic-native block a caller built (image/document with a source, search_result)."""

    __slots__ = ("_text_step", "block")
    kind: ItemKind = "native"

    def __init__(self, block: dict[str, Any]):
        self.block = block
        self._text_step: TextStep | None = None

    @property
    def block_type(self) -> str:
        return text_field(self.block.get("type"))

    @property
    def text_step(self) -> TextStep:
        """The block as text, for every wire that does not pass it through."""
        if self._text_step is None:
            text, is_placeholder = native_text_form(self.block)
            self._text_step = (
                (
                    text,
                    "placeholder",
                    f"{self.block_type} has no text: sent as a placeholder"
                    f" ({_NATIVE_ONLY_ON_ANTHROPIC})",
                )
                if is_placeholder
                else (
                    text,
                    "text",
                    f"{self.block_type} sent as its text ({_NATIVE_ONLY_ON_ANTHROPIC})",
                )
            )
        return self._text_step  # type: ignore[return-value]

    @property
    def text(self) -> str:
        return self.text_step[0]


Item = TextItem | DocumentItem | NoteItem | BlobItem | NativeItem


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
        return DocumentItem(lenient_decode(blob).decode("utf-8", "replace"), "text/* blob")
    return BlobItem("resource", mime, resource.get("uri"), blob)


def _resource_link(block: dict[str, Any]) -> NoteItem:
    text = "[resource_link]"
    name = optional_text(block.get("name"))
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
            return TextItem(optional_text(block.get("text")), True, block["cache_control"])
        return TextItem(optional_text(block.get("text")))
    if (kind in ("image", "document") and isinstance(block.get("source"), dict)) or (
        kind == "search_result"
    ):
        return NativeItem(block)
    if kind == "resource":
        return _resource(block)
    if kind == "resource_link":
        return _resource_link(block)
    untyped = kind is None or kind == ""
    return BlobItem(
        "unsupported" if untyped else kind,
        block.get("mimeType"),
        block.get("uri"),
        block.get("data"),
        untyped,
    )


def normalize(content: list[Any]) -> tuple[Item, ...]:
    """One item per content entry, in order."""
    return tuple(normalize_entry(block) for block in content)
