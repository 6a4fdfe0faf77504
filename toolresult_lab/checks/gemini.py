"""Gemini checks: a part-level ``mediaResolution`` (v1beta knows it only on the request's
``generationConfig``), and inline data encoded to base64 twice."""

from __future__ import annotations

import base64
import binascii
import re
from typing import Final

from ..wires import FIELDS, ReadRequest
from ._scope import Add, Check, Scope, blocks, entries

__all__ = ["CHECKS", "encoded_twice"]

#: The binary types whose bytes never start with base64 text.
_BINARY: Final = ("image/", "audio/", "video/", "application/pdf")
_B64_TEXT: Final = re.compile(rb"[A-Za-z0-9+/_-]{48}")
#: Enough of the payload to decode its first 48 bytes.
_HEAD: Final = 64


def encoded_twice(data: str) -> bool:
    """True when ``data`` decodes to base64 text (its first 48 bytes all base64 letters),
    not to the bytes of a file."""
    head = data[:_HEAD].strip()
    head = head[: len(head) - len(head) % 4]
    try:
        decoded = base64.b64decode(head.translate(str.maketrans("-_", "+/")), validate=True)
    except (binascii.Error, ValueError):
        return False
    return _B64_TEXT.fullmatch(decoded[:48]) is not None


def part_media_resolution(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A part with its own ``mediaResolution``."""
    for index, _, parts in entries(read, "parts"):
        for position, part in blocks(parts):
            for member in ("mediaResolution", "media_resolution"):
                if member in part:
                    add(
                        "part-media-resolution",
                        f"{read.key}[{index}].parts[{position}]",
                        f"The part sets {member}, which the API's v1beta parts do not have"
                        " (set it in generationConfig, or call v1alpha).",
                        "",
                    )


def double_base64(read: ReadRequest, scope: Scope, add: Add) -> None:
    """An inline image, PDF, audio or video whose data decodes to base64 text."""
    for index, _, parts in entries(read, "parts"):
        for position, part in blocks(parts):
            data = next((part[k] for k in FIELDS.gemini_inline if k in part), None)
            if not isinstance(data, dict):
                continue
            mime = next((data[k] for k in FIELDS.gemini_mime if k in data), None)
            payload = data.get("data")
            if (
                isinstance(mime, str)
                and mime.startswith(_BINARY)
                and isinstance(payload, str)
                and encoded_twice(payload)
            ):
                add(
                    "double-base64",
                    f"{read.key}[{index}].parts[{position}]",
                    f"The {mime} data decodes to base64 text, not to the file's bytes: it was"
                    " encoded twice.",
                    "",
                )


CHECKS: Final[tuple[Check, ...]] = (part_media_resolution, double_base64)
