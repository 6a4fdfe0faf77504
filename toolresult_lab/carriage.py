"""Whether a payload goes out natively on a wire, and if not, why.

One decision serves every wire: the converters of anthropic, responses and gemini
build their native parts from a :class:`Native`, and every wire (the string wires
too) takes its placeholder reason from a :class:`Refusal`. ``explain()`` therefore
reports exactly the rule that shaped the block.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from .b64 import is_canonical, strip_whitespace
from .encoding import text_field
from .facts import MediaKind, WireFacts
from .items import BlobItem
from .options import Options

__all__ = ["Carriage", "Native", "Refusal", "carry", "media_kind"]

PDF_MIME = "application/pdf"


class Native(NamedTuple):
    """The payload goes out in the wire's native form."""

    media: MediaKind
    mime: str
    data: str  # whitespace removed, canonical base64


class Refusal(NamedTuple):
    """The payload goes out as its placeholder."""

    outcome: Literal["placeholder", "degraded"]
    reason: str


Carriage = Native | Refusal


def media_kind(item: BlobItem) -> Literal["image", "pdf", "audio", "binary", "unknown"]:
    """What a blob is, for deciding and explaining its carriage."""
    if item.type == "image":
        return "image"
    if item.type == "audio":
        return "audio"
    if item.type != "resource":
        return "unknown"
    mime = item.mime
    if isinstance(mime, str):
        if mime.startswith("image/"):
            return "image"
        if mime == PDF_MIME:
            return "pdf"
    return "binary"


def _native_or_degraded(media: MediaKind, mime: str, data: object) -> Carriage:
    if not isinstance(data, str):
        return Refusal("placeholder", "no inline data to send natively")
    data = strip_whitespace(data)
    if not is_canonical(data):
        return Refusal("degraded", "data is not canonical base64: sent as placeholder")
    return Native(media, mime, data)


def carry(item: BlobItem, facts: WireFacts, options: Options) -> Carriage:
    """Decide how ``item`` goes out on the wire of ``facts`` under ``options``."""
    kind = media_kind(item)
    wire = facts.wire
    if kind == "image":
        mime = item.mime
        if not facts.carries_image:
            return Refusal("placeholder", f"{wire} has no native image form")
        if not options.image_input:
            return Refusal("placeholder", f"image_input {options.state('image_input')}")
        if mime not in facts.image_mimes:
            shown = text_field(mime) if mime is not None else "no MIME type"
            return Refusal("placeholder", f"{shown} is not an image type {wire} carries")
        return _native_or_degraded("image", mime, item.data)
    if kind == "pdf":
        if not facts.carries_pdf:
            return Refusal("placeholder", f"{wire} has no native PDF form")
        if "source_blocks" in facts.reads and not options.source_blocks:
            return Refusal(
                "placeholder", f"source_blocks {options.state('source_blocks')}: PDF not sent"
                " as a document"
            )
        if not options.native_pdf:
            return Refusal("placeholder", f"native_pdf {options.state('native_pdf')}")
        return _native_or_degraded("pdf", PDF_MIME, item.data)
    if kind == "audio":
        return Refusal("placeholder", "no wire carries audio natively")
    if kind == "binary":
        shown = text_field(item.mime) if item.mime is not None else "a resource without MIME type"
        return Refusal("placeholder", f"{shown} has no native form on any wire")
    if item.type == "unsupported":
        return Refusal("degraded", "block has no type")
    return Refusal("degraded", f"unknown block type {text_field(item.type)!r}")
