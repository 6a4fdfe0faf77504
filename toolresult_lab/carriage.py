"""Whether a payload goes out natively on a wire, and if not, why.

One decision serves every wire: anthropic, responses and gemini build their native
parts from a :class:`Native`, and every wire (the string wires too) takes the
outcome and reason of a placeholder from the refusal. ``explain()`` therefore
reports exactly the rule that shaped the block.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .encoding import text_field
from .facts import MediaKind, WireFacts
from .items import PDF_MIME, BlobItem, Outcome, TextStep

if TYPE_CHECKING:
    from .options import Options

__all__ = ["Native", "carry", "gates"]


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


def gates(facts: WireFacts, options: Options) -> tuple[str | None, str | None]:
    """Why this wire, under these options, refuses images and PDFs (``None``: it may carry).

    Computed once per (wire, option set) when the options are resolved, so that
    :func:`carry` is a lookup for the common cases.
    """
    if not facts.image_mimes:
        image: str | None = facts.no_image_reason
    elif not options.image_input:
        image = f"image_input {options.state('image_input')}"
    else:
        image = None
    if not facts.carries_pdf:
        pdf: str | None = facts.no_pdf_reason
    elif "source_blocks" in facts.reads and not options.source_blocks:
        pdf = f"source_blocks {options.state('source_blocks')}: PDF not sent as a document"
    elif not options.native_pdf:
        pdf = f"native_pdf {options.state('native_pdf')}"
    else:
        pdf = None
    return image, pdf


def _media_step(item: BlobItem) -> TextStep:
    """The step of a blob no wire carries (audio, binary, unknown): the same everywhere."""
    media = item.media
    if media == "audio":
        return _refuse(item, "placeholder", _AUDIO)
    if media == "binary":
        shown = "a resource without MIME type" if item.mime is None else text_field(item.mime)
        return _refuse(item, "placeholder", f"{shown} has no native form on any wire")
    if media == "untyped":
        return _refuse(item, "degraded", _UNTYPED)
    return _refuse(item, "degraded", f"unknown block type {text_field(item.type)!r}")


def carry(item: BlobItem, facts: WireFacts, options: Options) -> Native | TextStep:
    """``item`` in the wire's native form, or as its placeholder step with the reason."""
    media = item.media
    if media == "image":
        refused = options.image_gate
        if refused is not None:
            return (item.text, "placeholder", refused)
        mime = item.mime
        if not (isinstance(mime, str) and mime in facts.image_mimes):
            shown = "no MIME type" if mime is None else text_field(mime)
            reason = f"{shown} is not an image type {facts.wire} carries"
            return _refuse(item, "placeholder", reason)
        return _payload(item, "image", mime)
    if media == "pdf":
        refused = options.pdf_gate
        if refused is not None:
            return (item.text, "placeholder", refused)
        return _payload(item, "pdf", PDF_MIME)
    step: TextStep | None = item.fixed_step
    if step is None:
        item.fixed_step = step = _media_step(item)
    return step
