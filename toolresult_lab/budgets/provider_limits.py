"""Documented provider limits as data, and the warnings one payload or one request draws.

Advice only: a warning names the limit a block would meet and the page it is from, and the
block itself never changes. Each wire declares its own limits in its package
(``wires/<wire>/limits.py``, ``WireModule.limits``; a wire registered later declares its
own), and this module reads them from the registered wire: ``LIMITS`` holds the package's
wires' limits; ``media_warnings`` checks one image or PDF, ``text_warnings`` the longest
text string of a block, ``request_warnings`` a whole request. Sizes written "MB" on a page
are read as MiB for Anthropic (its API reports its 5 MB image limit as 5242880 bytes) and
as 10^6 bytes for OpenAI and Gemini, whose pages say nothing either way (the smaller
reading warns earlier).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from ..conversion.facts import MediaKind, wire_facts
from ..conversion.imagesize import ImageSize
from ..conversion.pdfpages import MAX_PDF_BYTES, TIME_BUDGET, PdfCount
from ..wires import WIRES, Limit, LimitScope, Measure, wire_module
from . import doc_pages

__all__ = [
    "LIMITS",
    "Limit",
    "Measure",
    "Scope",
    "declared",
    "header_excess",
    "limits_for",
    "media_warnings",
    "request_warnings",
    "sanity_warnings",
    "text_warnings",
]

#: What a limit bounds (``Limit.scope``), under the name this module has always given it.
Scope = LimitScope


#: Per wire name: the rows its module declares (held to compare by identity: a wire
#: registered again under the same name may declare others), those rows naming the wire,
#: and the rows ``limits_for`` chose per profile (read on every lint of a wire with media).
_READ: Final[
    dict[str, tuple[tuple[Limit, ...], tuple[Limit, ...], dict[str | None, tuple[Limit, ...]]]]
] = {}


def _read(wire: str) -> tuple[tuple[Limit, ...], dict[str | None, tuple[Limit, ...]]]:
    """The limits the module of ``wire`` declares, each naming the wire, and the memo of
    ``limits_for``'s choices among them."""
    module = wire_module(wire)
    rows = module.limits
    known = _READ.get(module.name)
    if known is None or known[0] is not rows:
        owned = tuple(
            row if row.wire == module.name else replace(row, wire=module.name) for row in rows
        )
        known = (rows, owned, {})
        _READ[module.name] = known
    return known[1], known[2]


def declared(wire: str) -> tuple[Limit, ...]:
    """Every documented limit ``wire`` declares (``WireModule.limits``: a profile's own
    figures included), each naming the wire; a wire registered later declares its own."""
    return _read(wire)[0]


#: Every limit of the package's seven wires, wire by wire in the registry's order (a wire
#: registered later declares its own: :func:`declared`).
LIMITS: Final[tuple[Limit, ...]] = tuple(limit for wire in WIRES for limit in declared(wire))


def limits_for(wire: str, profile: str | None = None) -> tuple[Limit, ...]:
    """The documented limits of ``wire`` (none for ollama and hermes); with ``profile``,
    that profile's own figures in place of the wire's of the same scope and measure."""
    limits, chosen = _read(wire)
    if profile not in chosen:
        chosen[profile] = _chosen(limits, profile)
    return chosen[profile]


def _chosen(limits: tuple[Limit, ...], profile: str | None) -> tuple[Limit, ...]:
    own = [limit for limit in limits if profile in limit.profiles]
    taken = {(limit.scope, limit.measure, limit.when_images_over) for limit in own}
    return tuple(
        limit
        for limit in limits
        if (
            profile in limit.profiles
            if limit.profiles
            else (limit.scope, limit.measure, limit.when_images_over) not in taken
        )
    )


def _base64_size(decoded: int) -> int:
    return 4 * -(-decoded // 3)


def _warning(limit: Limit, what: str) -> str:
    return f"{limit.wire}: {what}; limit: {limit.text} ({limit.page.cite()})"


def media_warnings(
    wire: str,
    media: MediaKind,
    mime: str,
    decoded_bytes: int,
    size: ImageSize | None,
    pages: int | None,
    *,
    profile: str | None = None,
) -> tuple[str, ...]:
    """One sentence per documented limit that this one image or PDF meets on ``wire``
    (with ``profile``, that platform's own figures in place of the wire's: ``limits_for``).

    The item alone is also held against the per-request byte limit, since no request can
    carry it then. ``size`` and ``pages`` may be ``None`` when unknown; those checks skip.
    """
    wire_facts(wire)
    if media not in ("image", "pdf"):
        raise ValueError(f"unknown media kind {media!r}; known kinds: image, pdf")
    encoded = _base64_size(decoded_bytes)
    warnings: list[str] = []
    for limit in limits_for(wire, profile):
        what = _media_excess(limit, media, mime, decoded_bytes, encoded, size, pages)
        if what:
            warnings.append(_warning(limit, what))
    return tuple(warnings)


def _media_excess(
    limit: Limit,
    media: MediaKind,
    mime: str,
    decoded: int,
    encoded: int,
    size: ImageSize | None,
    pages: int | None,
) -> str:
    """What of this item goes past ``limit``, as a phrase; empty when nothing does."""
    if limit.scope == "request":
        if limit.measure in ("bytes", "image_bytes") and encoded > limit.value:
            return f"this {mime} alone is {encoded:,} bytes base64-encoded"
        return ""
    if limit.scope != media:
        return ""
    if limit.measure == "base64_bytes" and encoded > limit.value:
        return f"{mime} is {encoded:,} bytes base64-encoded"
    if limit.measure == "bytes" and decoded > limit.value:
        return f"{mime} is {decoded:,} bytes"
    if (
        size is not None
        and limit.measure == "edge_px"
        and max(size.width, size.height) > limit.value
    ):
        return f"{mime} is {size.width}x{size.height} px"
    if (
        size is not None
        and limit.measure == "min_edge_px"
        and min(size.width, size.height) < limit.value
    ):
        return f"{mime} is only {size.width}x{size.height} px"
    if pages is not None and limit.measure == "pages" and pages > limit.value:
        return f"{mime} has {pages:,} pages"
    return ""


def text_warnings(wire: str, longest_chars: int) -> tuple[str, ...]:
    """One sentence per documented per-string limit that the longest text string of a
    block (``longest_chars`` characters; payloads are not text) meets on ``wire``."""
    wire_facts(wire)
    return tuple(
        _warning(limit, f"a text string in the block is {longest_chars:,} characters")
        for limit in limits_for(wire)
        if limit.scope == "string" and limit.measure == "chars" and longest_chars > limit.value
    )


def request_warnings(
    wire: str,
    total_bytes: int,
    image_count: int,
    *,
    largest_edge: int | None = None,
    image_bytes: int | None = None,
    profile: str | None = None,
) -> tuple[str, ...]:
    """One sentence per documented per-request limit that a whole request meets on ``wire``
    (with ``profile``, that platform's own figures in place of the wire's: ``limits_for``).

    ``total_bytes`` is the request body as sent (base64 and text included), which a
    request's ``bytes`` limits hold with or without images; ``image_bytes`` the images'
    base64 alone (``None``: taken to be ``total_bytes``); ``largest_edge`` is the longest
    side of its largest image, when known.
    """
    wire_facts(wire)
    warnings: list[str] = []
    images_bytes = total_bytes if image_bytes is None else image_bytes
    for limit in limits_for(wire, profile):
        if limit.scope != "request":
            continue
        if limit.when_images_over and image_count <= limit.when_images_over:
            continue
        if limit.measure == "bytes" and total_bytes > limit.value:
            warnings.append(_warning(limit, f"the request is {total_bytes:,} bytes"))
        elif limit.measure == "image_bytes" and images_bytes > limit.value:
            what = f"the request has {images_bytes:,} bytes of images"
            warnings.append(_warning(limit, what))
        elif limit.measure == "images" and image_count > limit.value:
            warnings.append(_warning(limit, f"the request has {image_count:,} images"))
        elif limit.measure == "edge_px" and largest_edge is not None and largest_edge > limit.value:
            what = f"{image_count:,} images, the largest {largest_edge} px on its long edge"
            warnings.append(_warning(limit, what))
    return tuple(warnings)


# -- sanity: what the bytes say against what the block claims --------------------------

#: Deflate (PNG's compression) turns 8 bits into at most 1032 bytes (zlib's technical details).
DEFLATE_MAX_RATIO = 1032
#: The PNG specification caps each dimension at 2^31 - 1 pixels.
PNG_MAX_EDGE = 2**31 - 1
#: RFC 9649 (WebP), 2.7: a canvas's width times its height MUST be at most 2^32 - 1.
WEBP_MAX_PIXELS = 2**32 - 1


def _png_minimum_bytes(size: ImageSize) -> int:
    """The fewest bytes a PNG of ``size`` can be: its scanlines (a filter byte and at least
    one bit per pixel each) deflated at the best ratio deflate has."""
    scanlines = size.height * (1 + -(-size.width // 8))
    return -(-scanlines // DEFLATE_MAX_RATIO)


def header_excess(size: ImageSize, decoded_bytes: int) -> str:
    """Why an image header cannot be true, as a phrase; empty when it can. Such a header's
    size is no size: every figure read from it (tokens, limits) is unknown."""
    if size.format == "webp":
        pixels = size.width * size.height
        if pixels > WEBP_MAX_PIXELS:
            return (
                f"its WebP header claims {size.width}x{size.height} px ({pixels:,} px), past"
                f" the {WEBP_MAX_PIXELS:,} px a WebP canvas may hold ({doc_pages.WEBP_SPEC.cite()})"
            )
        return ""
    if size.format != "png":
        return ""  # JPEG and GIF fields hold at most 65535 px: never absurd
    claim = f"its PNG header claims {size.width}x{size.height} px"
    if max(size.width, size.height) > PNG_MAX_EDGE:
        return (
            f"{claim}, past the {PNG_MAX_EDGE:,} px the PNG format allows"
            f" ({doc_pages.PNG_SPEC.cite()})"
        )
    least = _png_minimum_bytes(size)
    if decoded_bytes < least:
        return (
            f"{claim}, which takes at least {least:,} bytes of PNG and it has"
            f" {decoded_bytes:,} (deflate compresses at most {DEFLATE_MAX_RATIO}:1,"
            f" {doc_pages.ZLIB_TECH.cite()})"
        )
    return ""


def sanity_warnings(
    wire: str,
    media: MediaKind,
    mime: str,
    decoded_bytes: int,
    size: ImageSize | None,
    pdf: PdfCount | None,
) -> tuple[str, ...]:
    """What the bytes of one image or PDF sent natively say against the block: a header no
    real image has (its figures are then not real either), a declared type the bytes
    contradict, bytes that are no PDF, or a PDF whose page count was not read.

    Unlike the documented limits these hold on every wire that carries the item.
    """
    wire_facts(wire)
    out: list[str] = []
    if media == "image":
        declared = mime.lower()
        if size is not None:
            excess = header_excess(size, decoded_bytes)
            if excess:
                out.append(f"{wire}: {mime}: {excess}; the figures read from it are not real")
            if (
                declared in _IMAGE_MIMES
                and declared != size.mime
                and not (declared == "image/jpg" and size.format == "jpeg")
            ):
                out.append(
                    f"{wire}: declared {mime} but the bytes are a {size.format.upper()} image"
                    f" ({size.mime}); a provider may reject the mismatch (anthropic: "
                    '"Image does not match the provided media type")'
                )
        elif declared in _IMAGE_MIMES:
            out.append(
                f"{wire}: declared {mime} but the bytes are no PNG, JPEG, GIF or WebP image"
                " whose header can be read"
            )
        return tuple(out)
    if pdf is None or pdf.status == "counted":
        return ()
    if pdf.status == "not_pdf":
        out.append(f"{wire}: declared {mime} but the bytes are no PDF (no %PDF- header)")
    elif pdf.status == "unreadable":
        out.append(
            f"{wire}: declared {mime} but no page tree can be read from the bytes ({pdf.reason})"
        )
    else:
        out.append(
            f"{wire}: the PDF's page count was not read ({pdf.reason}; the budget is"
            f" {MAX_PDF_BYTES:,} bytes and {TIME_BUDGET:g} s), so its page limits are not checked"
        )
    return tuple(out)


_IMAGE_MIMES = frozenset({"image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp"})
