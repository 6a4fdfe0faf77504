"""Whether a payload goes out natively on a wire, and if not, why.

One decision serves every wire: anthropic, responses and gemini build their native
parts from a :class:`Native`, and every wire (the string wires too) takes the
outcome and reason of a placeholder from the refusal. ``explain()`` therefore
reports exactly the rule that shaped the block.
"""

from __future__ import annotations

from typing import NamedTuple

from .encoding import text_field
from .facts import MediaKind, WireFacts
from .items import PDF_MIME, BlobItem, Outcome, TextStep
from .options import Options

__all__ = ["Native", "carry"]


class Native(NamedTuple):
    """The payload goes out in the wire's native form."""

    media: MediaKind
    mime: str
    data: str  # whitespace removed, canonical base64


_NO_DATA = "no inline data to send natively"
_NOT_BASE64 = "data is not canonical base64: sent as placeholder"
_AUDIO = "no wire carries audio natively"
_UNTYPED = "block has no type"


def _refuse(item: BlobItem, outcome: Outcome, reason: str) -> TextStep:
    return (item.text, outcome, reason)


def _payload(item: BlobItem, media: MediaKind, mime: str) -> Native | TextStep:
    native: Native | None = item.carried  # the same for every wire: made once per item
    if native is not None:
        return native
    if not isinstance(item.data, str):
        return _refuse(item, "placeholder", _NO_DATA)
    data = item.native_data
    if data is None:
        return _refuse(item, "degraded", _NOT_BASE64)
    item.carried = native = Native(media, mime, data)
    return native


def carry(item: BlobItem, facts: WireFacts, options: Options) -> Native | TextStep:
    """``item`` in the wire's native form, or as its placeholder step with the reason."""
    media = item.media
    if media == "image":
        if not facts.image_mimes:
            return _refuse(item, "placeholder", facts.no_image_reason)
        if not options.image_input:
            return _refuse(item, "placeholder", options.image_input_reason)
        mime = item.mime
        if not (isinstance(mime, str) and mime in facts.image_mimes):
            shown = "no MIME type" if mime is None else text_field(mime)
            reason = f"{shown} is not an image type {facts.wire} carries"
            return _refuse(item, "placeholder", reason)
        return _payload(item, "image", mime)
    if media == "pdf":
        if not facts.carries_pdf:
            return _refuse(item, "placeholder", facts.no_pdf_reason)
        if "source_blocks" in facts.reads and not options.source_blocks:
            return _refuse(item, "placeholder", options.source_blocks_pdf_reason)
        if not options.native_pdf:
            return _refuse(item, "placeholder", options.native_pdf_reason)
        return _payload(item, "pdf", PDF_MIME)
    if media == "audio":
        return _refuse(item, "placeholder", _AUDIO)
    if media == "binary":
        shown = "a resource without MIME type" if item.mime is None else text_field(item.mime)
        return _refuse(item, "placeholder", f"{shown} has no native form on any wire")
    if media == "untyped":
        return _refuse(item, "degraded", _UNTYPED)
    return _refuse(item, "degraded", f"unknown block type {text_field(item.type)!r}")
