"""The catalogue of probe results: one small, real result per media kind.

The capability matrix runs every probe through every wire and option set; tests
and widgets use the same probes, so the documentation and the checks see the
same inputs. Image payloads are real 8x8 images (generated once with Pillow and
kept here as base64, so this module needs nothing to import).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from ..conversion.b64 import decoded_size
from ..conversion.calls import ToolCall
from ..conversion.facts import MediaKind
from ..conversion.items import BlobItem, DocumentItem, Item, NoteItem, TextItem, text_entry
from ..conversion.result import ToolResult
from ..conversion.text import SEARCH_RESULT
from ..wires import (
    SIGNATURE_FIELD,
    ContentPart,
    DocumentPart,
    ImagePart,
    read_native_block,
    wire_module,
)

__all__ = [
    "ENTRY_KINDS",
    "OTHER_KINDS",
    "PROBES",
    "RECORDED_SIGNATURE",
    "SAMPLE_IMAGES",
    "SAMPLE_PDF",
    "Probe",
    "entry_bytes",
    "entry_kind",
    "get_probe",
    "recorded_turn",
]

#: Real 8x8 images, base64 (two colour bands), by MIME type.
SAMPLE_IMAGES: Mapping[str, str] = MappingProxyType(
    {
        "image/png": (
            "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAGklEQVR4nGPUqLjDAANbbvjA2UwM"
            "OMDglAAAg7IDZMoBP5wAAAAASUVORK5CYII="
        ),
        "image/gif": (
            "R0lGODdhCAAIAIEAANxQKCh43AAAAAAAACwAAAAACAAIAAAIGwADCAwAoCCAgQQNIjR4cCDDhQod"
            "RhT4UGLBgAA7"
        ),
        "image/webp": (
            "UklGRkwAAABXRUJQVlA4IEAAAABwAgCdASoIAAgAAUAmJagCdHIA/ACu/9wABwYAAP7laKo6+zOX"
            "DjCH/+mEaT0QP3pZCN0yx//1oeKmwMsf3KAA"
        ),
        "image/jpeg": (
            "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsK"
            "CwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQU"
            "FBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAIAAgDASIA"
            "AhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQA"
            "AAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3"
            "ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWm"
            "p6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEA"
            "AwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSEx"
            "BhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElK"
            "U1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3"
            "uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDlNN/5"
            "afh/WiiivkfEX/kqMX/25/6bgfuXhj/ySWD/AO4n/p2Z/9k="
        ),
        "image/bmp": (
            "Qk32AAAAAAAAADYAAAAoAAAACAAAAAgAAAABABgAAAAAAMAAAADEDgAAxA4AAAAAAAAAAAAA3Hgo"
            "3Hgo3Hgo3HgoKFDcKFDcKFDcKFDc3Hgo3Hgo3Hgo3HgoKFDcKFDcKFDcKFDc3Hgo3Hgo3Hgo3Hgo"
            "KFDcKFDcKFDcKFDc3Hgo3Hgo3Hgo3HgoKFDcKFDcKFDcKFDc3Hgo3Hgo3Hgo3HgoKFDcKFDcKFDc"
            "KFDc3Hgo3Hgo3Hgo3HgoKFDcKFDcKFDcKFDc3Hgo3Hgo3Hgo3HgoKFDcKFDcKFDcKFDc3Hgo3Hgo"
            "3Hgo3HgoKFDcKFDcKFDcKFDc"
        ),
    }
)
_SVG = "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSI4IiBoZWlnaHQ9IjgiLz4="
#: A minimal one-page PDF, base64.
SAMPLE_PDF = (
    "JVBERi0xLjQKMSAwIG9iago8PC9UeXBlL0NhdGFsb2cvUGFnZXMgMiAwIFI+PgplbmRvYmoKMiAwIG9iago8PC9UeXBl"
    "L1BhZ2VzL0tpZHNbMyAwIFJdL0NvdW50IDE+PgplbmRvYmoKMyAwIG9iago8PC9UeXBlL1BhZ2UvUGFyZW50IDIgMCBS"
    "L01lZGlhQm94WzAgMCA2MTIgNzkyXT4+CmVuZG9iagp0cmFpbGVyCjw8L1Jvb3QgMSAwIFI+PgolJUVPRgo="
)
_WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA="
_ZIP = "UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA=="
_CSV = "Y2l0eSx0ZW1wCkvDtmxuLDIyCg=="  # "city,temp\nKöln,22\n"


@dataclass(frozen=True)
class Probe:
    """One media kind: a stable id, a label, what it is, and its result."""

    id: str
    label: str
    description: str
    content: list[Any] = field(default_factory=list)
    structured_content: Any = None
    media: MediaKind | None = None
    """The media kind whose native carriage this probe shows (for the wire facts columns)."""

    def result(self, name: str = "probe", id: str = "call_1") -> ToolResult:
        return ToolResult(
            name=name, id=id, content=self.content, structured_content=self.structured_content
        )


def _image(mime: str) -> dict[str, Any]:
    return {"type": "image", "mimeType": mime, "data": SAMPLE_IMAGES[mime]}


def _resource(**resource: Any) -> dict[str, Any]:
    return {"type": "resource", "resource": resource}


#: Anthropic-native blocks in MCP content (SPEC 2) are Anthropic's own blocks: the probes
#: hold them as the anthropic wire writes them.
_ANTHROPIC: Final = wire_module("anthropic").request


def _native(part: ContentPart) -> Any:
    """``part`` as the one block of an anthropic user message."""
    messages, _ = _ANTHROPIC.user([part])
    return messages[0]["content"][0]


_CATALOGUE = (
    Probe("text", "text", "A plain MCP text block.", [{"type": "text", "text": "Sunny, 22C"}]),
    Probe(
        "text_cache_control",
        "text + cache_control",
        "A text block carrying Anthropic's cache_control (kept only on anthropic).",
        [text_entry("Long context", {"type": "ephemeral"}, has_cache_control=True)],
    ),
    Probe(
        "image_png", "image/png", "An MCP image block, PNG.", [_image("image/png")], media="image"
    ),
    Probe(
        "image_jpeg",
        "image/jpeg",
        "An MCP image block, JPEG.",
        [_image("image/jpeg")],
        media="image",
    ),
    Probe(
        "image_gif",
        "image/gif",
        "An MCP image block, GIF (gemini carries no GIF).",
        [_image("image/gif")],
        media="image",
    ),
    Probe(
        "image_webp",
        "image/webp",
        "An MCP image block, WebP.",
        [_image("image/webp")],
        media="image",
    ),
    Probe(
        "image_bmp",
        "image/bmp",
        "An image type no wire carries natively.",
        [_image("image/bmp")],
        media="image",
    ),
    Probe(
        "image_svg",
        "image/svg+xml",
        "SVG: an image type no wire carries natively.",
        [{"type": "image", "mimeType": "image/svg+xml", "data": _SVG}],
        media="image",
    ),
    Probe(
        "image_resource",
        "image resource",
        "A PNG as an embedded resource blob instead of an image block.",
        [
            _resource(
                uri="file:///charts/bars.png", mimeType="image/png", blob=SAMPLE_IMAGES["image/png"]
            )
        ],
        media="image",
    ),
    Probe(
        "audio",
        "audio/wav",
        "An MCP audio block: no wire carries audio.",
        [{"type": "audio", "mimeType": "audio/wav", "data": _WAV}],
    ),
    Probe(
        "pdf_resource",
        "PDF resource",
        "A PDF as an embedded resource blob.",
        [
            _resource(
                uri="file:///reports/q3%20report.pdf", mimeType="application/pdf", blob=SAMPLE_PDF
            )
        ],
        media="pdf",
    ),
    Probe(
        "text_resource",
        "text resource",
        "An embedded text resource (text/plain).",
        [_resource(uri="file:///notes.txt", mimeType="text/plain", text="Meeting at 10.")],
    ),
    Probe(
        "json_resource",
        "JSON text resource",
        "An embedded text resource with a non-text MIME type (application/json).",
        [_resource(uri="file:///a.json", mimeType="application/json", text='{"a": 1}')],
    ),
    Probe(
        "text_blob",
        "text/* blob",
        "A text/csv blob: decoded as UTF-8 and sent as text.",
        [_resource(uri="file:///data.csv", mimeType="text/csv", blob=_CSV)],
    ),
    Probe(
        "binary_blob",
        "binary blob (zip)",
        "An application/zip blob.",
        [_resource(uri="file:///a.zip", mimeType="application/zip", blob=_ZIP)],
    ),
    Probe(
        "resource_link",
        "resource_link",
        "A link to a resource the model cannot open.",
        [
            {
                "type": "resource_link",
                "name": "large.parquet",
                "uri": "file:///data/large.parquet",
                "mimeType": "application/vnd.apache.parquet",
            }
        ],
    ),
    Probe(
        "native_image_base64",
        "native image (base64)",
        "An Anthropic-native image block with a base64 source, built by the caller.",
        [_native(ImagePart("", "image/png", SAMPLE_IMAGES["image/png"]))],
    ),
    Probe(
        "native_image_url",
        "native image (url)",
        "An Anthropic-native image block with a url source.",
        [{"type": "image", "source": {"type": "url", "url": "https://example.test/a.png"}}],
    ),
    Probe(
        "native_text_document",
        "native text document",
        "An Anthropic-native document block with a text source.",
        [_ANTHROPIC.rebuild(DocumentPart("", "text/plain", text="Clause 4: the tenant pays."))],
    ),
    Probe(
        "native_pdf_document",
        "native PDF document",
        "An Anthropic-native document block with a base64 PDF source.",
        [_native(DocumentPart("", "application/pdf", SAMPLE_PDF))],
    ),
    Probe(
        "native_content_document",
        "native content document",
        "An Anthropic-native document block with a content source (text, image, text).",
        [
            {
                "type": "document",
                "source": {
                    "type": "content",
                    "content": [
                        {"type": "text", "text": "part one"},
                        _native(ImagePart("", "image/png", SAMPLE_IMAGES["image/png"])),
                        {"type": "text", "text": "part two"},
                    ],
                },
            }
        ],
    ),
    Probe(
        SEARCH_RESULT,
        SEARCH_RESULT,
        "An Anthropic search_result block.",
        [
            {
                "type": SEARCH_RESULT,
                "source": "https://e.test/q",
                "title": "Quelltown",
                "content": [{"type": "text", "text": "Population 12"}],
            }
        ],
    ),
    Probe(
        "structured_object",
        "structured content (object)",
        "No content blocks, only structuredContent as an object.",
        structured_content={"city": "Quelltown", "temp_c": 22},
    ),
    Probe(
        "structured_list",
        "structured content (list)",
        "No content blocks, only structuredContent as a list.",
        structured_content=[1, 2, 3],
    ),
    Probe("empty", "empty content", "No content and no structured content."),
    Probe("non_object", "non-object entry", "A content entry that is not a JSON object.", [42]),
    Probe(
        "unknown_type",
        "unknown block type",
        "A block of a type MCP does not define.",
        [{"type": "video", "mimeType": "video/mp4", "data": "AAAA"}],
    ),
)

#: Every probe by id, in catalogue order.
PROBES: Mapping[str, Probe] = MappingProxyType({p.id: p for p in _CATALOGUE})


def get_probe(probe_id: str) -> Probe:
    """The probe ``probe_id``; ``ValueError`` listing the known kinds."""
    try:
        return PROBES[probe_id]
    except KeyError:
        raise ValueError(f"unknown kind {probe_id!r}; known kinds: {', '.join(PROBES)}") from None


#: What :func:`entry_kind` answers for an entry that no probe matches: an image of a MIME
#: type the catalogue has no probe for, an Anthropic-native block of another source type.
OTHER_KINDS: Final = ("image_other", "native_other")
#: Every kind a content entry can have (catalogue order, then :data:`OTHER_KINDS`). The
#: catalogue's ``empty`` and ``structured_*`` probes have no entries: an audit names a
#: result without content ``empty``.
ENTRY_KINDS: Final[tuple[str, ...]] = (*PROBES, *OTHER_KINDS)

_IMAGE_KINDS: Final = {
    "image/png": "image_png",
    "image/jpeg": "image_jpeg",
    "image/gif": "image_gif",
    "image/webp": "image_webp",
    "image/bmp": "image_bmp",
    "image/svg+xml": "image_svg",
}
_NATIVE_KINDS: Final = {
    ("image", "base64"): "native_image_base64",
    ("image", "url"): "native_image_url",
    ("document", "text"): "native_text_document",
    ("document", "base64"): "native_pdf_document",
    ("document", "content"): "native_content_document",
}


def _is_json(mime: Any) -> bool:
    if not isinstance(mime, str):
        return False
    essence = mime.split(";", 1)[0].strip().lower()
    return essence == "application/json" or essence.endswith("+json")


def entry_kind(item: Item) -> str:
    """The probe id of a content entry's kind, read from its neutral item.

    Every probe's own entry gets the probe's id; an entry no probe matches gets one of
    :data:`OTHER_KINDS`. This is a label for counting, not a conversion rule: what a
    wire does with the entry is what its ``explain()`` record says.
    """
    if isinstance(item, TextItem):
        return "text_cache_control" if item.has_cache_control else "text"
    if isinstance(item, DocumentItem):
        if item.origin == "text/* blob":
            return "text_blob"
        return "json_resource" if _is_json(item.mime) else "text_resource"
    if isinstance(item, NoteItem):
        return "resource_link" if item.origin == "resource_link" else "non_object"
    if isinstance(item, BlobItem):
        media = item.media
        if media == "image":
            if item.type == "resource":
                return "image_resource"
            mime = item.mime
            return _IMAGE_KINDS.get(mime, "image_other") if isinstance(mime, str) else "image_other"
        if media == "pdf":
            return "pdf_resource"
        if media == "audio":
            return "audio"
        if media == "binary":
            return "binary_blob"
        return "unknown_type"  # a type MCP does not define, or none at all
    if item.block_type == SEARCH_RESULT:
        return SEARCH_RESULT
    source = item.block.get("source")
    source_type = source.get("type") if isinstance(source, dict) else None
    if not isinstance(source_type, str):
        return "native_other"
    return _NATIVE_KINDS.get((item.block_type, source_type), "native_other")


def entry_bytes(item: Item) -> int:
    """How many bytes of the tool's output an entry holds.

    A base64 payload counts its decoded size (the ``N bytes`` of its placeholder; a
    native block's base64 source likewise), text its UTF-8 length (a native block's
    text: its string form). A note (a resource link, an entry that is not an object)
    and a payload that is not a string hold nothing: 0.
    """
    if isinstance(item, BlobItem):
        return 0 if item.payload is None else item.payload.size
    if isinstance(item, NoteItem):
        return 0
    if isinstance(item, (TextItem, DocumentItem)) or not item.text_is_placeholder:
        text = item.text
        return len(text) if text.isascii() else len(text.encode("utf-8"))
    part = read_native_block(item.block)  # a base64 source: its decoded size
    if isinstance(part, (ImagePart, DocumentPart)) and part.data is not None:
        return decoded_size(part.data)
    return 0


#: The thought signature of the recorded turn: standard base64 holding "+" and "/".
RECORDED_SIGNATURE: Final = "Cv8B+/7xQUJDQUJDQUJDQUJD/+8="


def recorded_turn() -> tuple[list[ToolCall], list[ToolResult]]:
    """The turn the docs send through every official client: text, a PNG, a PDF, a Gemini
    thought signature, and no result ids."""
    calls = [
        ToolCall(
            id="call_weather",
            name="get_weather",
            arguments={"city": "Köln"},
            extra={"gemini": {SIGNATURE_FIELD: RECORDED_SIGNATURE}},
        ),
        ToolCall(id="call_chart", name="get_chart", arguments='{"days": 3}'),
        ToolCall(id="call_report", name="get_report"),
    ]
    pdf = {"uri": "file:///q3.pdf", "mimeType": "application/pdf", "blob": SAMPLE_PDF}
    results = [
        ToolResult(content=[{"type": "text", "text": "Sunny, 22C"}]),
        ToolResult(
            content=[
                {"type": "text", "text": "Chart:"},
                {"type": "image", "mimeType": "image/png", "data": SAMPLE_IMAGES["image/png"]},
            ]
        ),
        ToolResult(content=[{"type": "resource", "resource": pdf}]),
    ]
    return calls, results
