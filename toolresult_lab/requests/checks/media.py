"""Inline media: payloads that are not base64 (``bad-base64``; the wire's
``url_safe_base64`` says whether it takes that alphabet too), and declared image types the
wire does not take or that the bytes belie (``media-type``; the types are the wire's
``image_types`` and ``result_types``, in any case unless the wire's ``exact_types``; bytes
that are no image where the wire's ``image_bytes_read``)."""

from __future__ import annotations

from typing import Final

from ...conversion.b64 import is_canonical, strip_whitespace
from ...conversion.imagesize import image_size
from ...wires import (
    Add,
    DocumentPart,
    ImagePart,
    ReadRequest,
    ResultPart,
    Scope,
    WireChecks,
    short,
    wire_module,
)
from ..rules import RULES

__all__ = ["check"]

_URL_SAFE: Final = str.maketrans("-_", "+/")


def check(read: ReadRequest, scope: Scope, add: Add) -> None:
    """Each inline image's and document's base64, and each image's declared type (a
    document's too inside a tool result, where the wire names the types it takes there)."""
    facts = wire_module(scope.wire).checks
    base64 = RULES["bad-base64"].applies(scope.wire, scope.profile)
    typed = RULES["media-type"].applies(scope.wire, scope.profile)
    for message in read.messages:
        for part in message.parts:
            inner = isinstance(part, ResultPart)
            for item in part.parts if isinstance(part, ResultPart) else (part,):
                if isinstance(item, ImagePart):
                    if item.data is not None:
                        if base64:
                            _base64(item.path, item.data, facts, add)
                        if typed:
                            _media_type(item, inner, facts, scope, add)
                elif isinstance(item, DocumentPart) and item.data is not None:
                    if base64:
                        _base64(item.path, item.data, facts, add)
                    if typed and inner and facts.result_types is not None:
                        _media_type(item, inner, facts, scope, add)


def _base64(path: str, data: str, facts: WireChecks, add: Add) -> None:
    text = strip_whitespace(data)
    if facts.url_safe_base64:
        text = text.translate(_URL_SAFE)
    if not is_canonical(text):
        add("bad-base64", path, "The inline payload is not valid base64.", "")


def _media_type(
    part: ImagePart | DocumentPart, in_result: bool, facts: WireChecks, scope: Scope, add: Add
) -> None:
    if part.mime is None:
        return
    allowed = (
        facts.result_types if in_result and facts.result_types is not None else facts.image_types
    )
    mime = part.mime if facts.exact_types else part.mime.lower()
    if mime not in allowed:
        add(
            "media-type",
            part.path,
            f"The image type {short(part.mime)} is not one {scope.wire} takes here"
            f" ({', '.join(sorted(allowed))}).",
            "",
        )
        return
    if isinstance(part, ImagePart) and part.data:
        size = image_size(part.data)
        if size is None:
            if facts.image_bytes_read and is_canonical(strip_whitespace(part.data)):
                add(
                    "media-type",
                    part.path,
                    f"The image is declared {part.mime} but its bytes are no PNG, JPEG, GIF"
                    " or WebP image whose header can be read.",
                    "not-an-image",
                )
        elif size.mime != mime:
            add(
                "media-type",
                part.path,
                f"The image is declared {part.mime} but its bytes are {size.mime}.",
                "",
            )
