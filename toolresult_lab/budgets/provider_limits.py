"""Documented provider limits as data, and the warnings one payload or one request draws.

Advice only: a warning names the limit a block would meet and the page it is from, and the
block itself never changes. ``LIMITS`` holds every limit; ``media_warnings`` checks one image
or PDF, ``text_warnings`` the longest text string of a block, ``request_warnings`` a whole
request. Sizes written "MB" on a page are read as MiB for
Anthropic (its API reports its 5 MB image limit as 5242880 bytes) and as 10^6 bytes for
OpenAI and Gemini, whose pages say nothing either way (the smaller reading warns earlier).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from ..conversion.facts import MediaKind, Wire, wire_facts
from ..conversion.imagesize import ImageSize
from ..conversion.pdfpages import MAX_PDF_BYTES, TIME_BUDGET, PdfCount
from . import doc_pages
from .doc_pages import DocPage

__all__ = [
    "LIMITS",
    "Limit",
    "Measure",
    "Scope",
    "header_excess",
    "limits_for",
    "media_warnings",
    "request_warnings",
    "sanity_warnings",
    "text_warnings",
]

Scope = Literal["image", "pdf", "string", "request"]
Measure = Literal[
    "base64_bytes", "bytes", "image_bytes", "chars", "edge_px", "min_edge_px", "pages", "images"
]

_MIB = 1024 * 1024
_MB = 1_000_000
#: The day the figures re-checked in rule-recheck.md (A.1 and A.2) were read.
_RECHECKED = "2026-12-02"
#: The day DeepSeek's vision guide (its text of 2026-08-21) was read for the table.
_DEEPSEEK = "2026-12-07"


@dataclass(frozen=True)
class Limit:
    """One documented limit: what it bounds, its value, its wording and its page.

    ``when_images_over`` makes a limit apply only to requests with more images than that.
    ``checked``: the day the figure was last read on its page (``""``: in the first research,
    whose dates ``docs/costs-and-limits.md`` gives per page).
    A ``min_edge_px`` limit is a floor (smaller degrades results); every other is a ceiling.
    A ``string`` limit bounds each text string of a request (``chars``: its characters); a
    request's ``bytes`` count everything sent (text included), its ``image_bytes`` only images.
    ``models``: the models the figure is documented for, where that is not every model the
    wire reaches (Bedrock's Converse speaks for many providers' models): lint then warns
    rather than errs, since another model of the wire may take more.
    ``profiles``: the provider profiles (``profiles.PROFILES``) whose own figure this is (a
    platform that serves the wire with other limits: Claude on Bedrock's Messages API);
    with one of them, it replaces the wire's figures of the same scope and measure, and
    without one it does not apply (``limits_for`` leaves it out).
    """

    wire: Wire
    scope: Scope
    measure: Measure
    value: int
    text: str
    page: DocPage
    when_images_over: int = 0
    checked: str = ""
    models: str = ""
    profiles: tuple[str, ...] = ()


LIMITS: tuple[Limit, ...] = (
    Limit(
        "anthropic", "image", "base64_bytes", 10 * _MIB,
        "10 MB per image (base64-encoded) on the Claude API", doc_pages.ANTHROPIC_VISION,
        checked=_RECHECKED,
    ),
    Limit(
        "anthropic", "image", "base64_bytes", 5 * _MIB,
        "5 MB per image (base64-encoded) on Amazon Bedrock and Vertex AI, and on the API "
        "in the 2025 docs", doc_pages.ANTHROPIC_VISION, checked=_RECHECKED,
    ),
    Limit(
        "anthropic", "image", "edge_px", 8000,
        "8000x8000 px per image", doc_pages.ANTHROPIC_VISION, checked=_RECHECKED,
    ),
    # The current vision page states it too, under Limitations ("very small images under
    # 200 pixels", 2026-08-22); the warning keeps citing the 2025 edition it was read from.
    Limit(
        "anthropic", "image", "min_edge_px", 200,
        "images under 200 px on an edge may degrade performance",
        doc_pages.ANTHROPIC_VISION_2025, checked=_RECHECKED,
    ),
    # The page no longer states 2000 px as the limit (reworded 2026-06-17): the 400 names
    # "many-image requests" with the current limit, and 2000 px is its advice to stay under.
    Limit(
        "anthropic", "request", "edge_px", 2000,
        "2000x2000 px per image when a request has more than 20 images",
        doc_pages.ANTHROPIC_VISION, when_images_over=20, checked=_RECHECKED,
    ),
    Limit(
        "anthropic", "request", "images", 100,
        "100 images per request on models with a 200k-token context window",
        doc_pages.ANTHROPIC_VISION, checked=_RECHECKED,
    ),
    Limit(
        "anthropic", "request", "images", 600,
        "600 images per request on other models", doc_pages.ANTHROPIC_VISION,
        checked=_RECHECKED,
    ),
    # "Partner-operated platforms have their own request size limits: Bedrock limits
    # requests to 20 MB, and Google Cloud limits requests to 30 MB" (ANTHROPIC_API_OVERVIEW,
    # rule-recheck.md A.1 #3): Bedrock's is a bedrock limit below; Claude on Google Cloud
    # speaks the anthropic wire, whose figure stays the Claude API's ("lower on some
    # platforms"; the rule request-too-large names 30 MB in its notes).
    Limit(
        "anthropic", "request", "bytes", 32 * _MIB,
        "32 MB per request on standard endpoints (lower on some platforms)",
        doc_pages.ANTHROPIC_PDF, checked=_RECHECKED,
    ),
    Limit(
        "anthropic", "pdf", "pages", 100,
        "100 PDF pages per request when the context window is under 1M tokens",
        doc_pages.ANTHROPIC_PDF, checked=_RECHECKED,
    ),
    Limit(
        "anthropic", "pdf", "pages", 600,
        "600 PDF pages per request", doc_pages.ANTHROPIC_PDF, checked=_RECHECKED,
    ),
    # No per-image byte cap on OpenAI: an oversized image is resized, not refused
    # (rule-recheck.md A.1 #1, the guide's "Image input requirements", 2026).
    Limit(
        "responses", "request", "bytes", 512 * _MB,
        "512 MB total payload per request", doc_pages.OPENAI_VISION,
    ),
    Limit(
        "responses", "string", "chars", 10 * _MIB,
        "10,485,760 characters per string", doc_pages.OPENAI_STRING_LENGTH,
    ),
    Limit(
        "openai", "string", "chars", 10 * _MIB,
        "10,485,760 characters per string", doc_pages.OPENAI_STRING_LENGTH,
    ),
    Limit(
        "responses", "request", "images", 1500,
        "1,500 images per request", doc_pages.OPENAI_VISION,
    ),
    # "Each file must be under 50 MB. The combined limit across all files in the request is
    # 50 MB" (rule-recheck.md A.1 #14); a function_call_output can carry an input_file. Each
    # file is held against it here; lint sums a request's inline files (files-too-large).
    Limit(
        "responses", "pdf", "bytes", 50 * _MB,
        "50 MB per file (input_file), and 50 MB for all the files of a request together",
        doc_pages.OPENAI_FILE_INPUTS, checked=_RECHECKED,
    ),
    Limit(
        "gemini", "request", "bytes", 100 * _MB,
        "100 MB per request for inline data (base64-encoded), prompt included (larger files "
        "go through the Files API)", doc_pages.GEMINI_FILE_LIMITS,
    ),
    Limit(
        "gemini", "pdf", "bytes", 50 * _MB,
        "50 MB per PDF", doc_pages.GEMINI_DOCUMENTS,
    ),
    Limit(
        "gemini", "pdf", "pages", 1000,
        "1,000 pages per document", doc_pages.GEMINI_DOCUMENTS, checked=_RECHECKED,
    ),
    # Claude on the cloud platforms through the Messages API (the anthropic wire): "Bedrock
    # limits requests to 20 MB, and Google Cloud limits requests to 30 MB"
    # (ANTHROPIC_API_OVERVIEW, rule-recheck.md A.1 #3), read as 10^6 bytes as the bedrock
    # figure below; "5 MB (base64-encoded) on Amazon Bedrock and Google Cloud"
    # (ANTHROPIC_VISION, rule-recheck.md A.2).
    Limit(
        "anthropic", "request", "bytes", 20 * _MB,
        "20 MB per request for Claude on Amazon Bedrock", doc_pages.ANTHROPIC_API_OVERVIEW,
        checked=_RECHECKED, profiles=("anthropic-bedrock",),
    ),
    Limit(
        "anthropic", "request", "bytes", 30 * _MB,
        "30 MB per request for Claude on Google Cloud", doc_pages.ANTHROPIC_API_OVERVIEW,
        checked=_RECHECKED, profiles=("anthropic-google-cloud",),
    ),
    Limit(
        "anthropic", "image", "base64_bytes", 5 * _MIB,
        "5 MB per image (base64-encoded) on Amazon Bedrock and Google Cloud",
        doc_pages.ANTHROPIC_VISION, checked=_RECHECKED,
        profiles=("anthropic-bedrock", "anthropic-google-cloud"),
    ),
    # DeepSeek's vision models on the openai wire (profile deepseek; rule-recheck.md A.1
    # #15): the vision guide's limits table (2026-08-21) "Request body size: 48 MiB", "Max
    # single image size (base64 / external URL): 32 MiB", "Max images per request: 600",
    # "Max total image size per request: 64 MiB without file_id images", "Max image
    # dimension: 8192 px per side; drops to 4096 px per side when a request contains 15 or
    # more images".
    Limit(
        "openai", "request", "bytes", 48 * _MIB,
        "48 MiB per request body on DeepSeek", doc_pages.DEEPSEEK_VISION,
        checked=_DEEPSEEK, profiles=("deepseek",),
    ),
    Limit(
        "openai", "image", "base64_bytes", 32 * _MIB,
        "32 MiB per image on DeepSeek", doc_pages.DEEPSEEK_VISION,
        checked=_DEEPSEEK, profiles=("deepseek",),
    ),
    Limit(
        "openai", "request", "images", 600,
        "600 images per request on DeepSeek", doc_pages.DEEPSEEK_VISION,
        checked=_DEEPSEEK, profiles=("deepseek",),
    ),
    Limit(
        "openai", "request", "image_bytes", 64 * _MIB,
        "64 MiB of images per request on DeepSeek (file_id images aside)",
        doc_pages.DEEPSEEK_VISION, checked=_DEEPSEEK, profiles=("deepseek",),
    ),
    Limit(
        "openai", "image", "edge_px", 8192,
        "8192 px per side on DeepSeek", doc_pages.DEEPSEEK_VISION,
        checked=_DEEPSEEK, profiles=("deepseek",),
    ),
    Limit(
        "openai", "request", "edge_px", 4096,
        "4096 px per side on DeepSeek when a request has 15 or more images",
        doc_pages.DEEPSEEK_VISION, when_images_over=14, checked=_DEEPSEEK,
        profiles=("deepseek",),
    ),
    Limit(
        "bedrock", "image", "base64_bytes", 5 * _MIB,
        "5 MB per image (base64-encoded) for Claude on Amazon Bedrock",
        doc_pages.ANTHROPIC_VISION, checked=_RECHECKED,
    ),
    Limit(
        "bedrock", "image", "edge_px", 8000,
        "8000x8000 px per image (Claude; Nova)", doc_pages.ANTHROPIC_VISION,
    ),
    Limit(
        "bedrock", "request", "edge_px", 2000,
        "2000x2000 px per image for Claude when a request has more than 20 images "
        "(documents count too on Bedrock)", doc_pages.ANTHROPIC_VISION, when_images_over=20,
        checked=_RECHECKED,
    ),
    # "Bedrock limits requests to 20 MB" (rule-recheck.md A.1 #3), read as 10^6 bytes:
    # Bedrock's own pages do not say, and the smaller reading warns earlier.
    Limit(
        "bedrock", "request", "bytes", 20 * _MB,
        "20 MB per request for Claude on Amazon Bedrock", doc_pages.ANTHROPIC_API_OVERVIEW,
        checked=_RECHECKED, models="Claude",
    ),
    Limit(
        "bedrock", "request", "bytes", 25 * _MB,
        "25 MB of payload per request on Amazon Nova", doc_pages.NOVA_IMAGES,
        models="Amazon Nova",
    ),
    Limit(
        "bedrock", "pdf", "bytes", 4_500_000,
        "4.5 MB per document (not for PDFs on Claude 4 and later, nor on Nova)",
        doc_pages.BEDROCK_API_RESTRICTIONS, checked=_RECHECKED,
    ),
    Limit(
        "bedrock", "pdf", "pages", 100,
        "100 PDF pages per request for Claude on Amazon Bedrock (the page's ko and he "
        "copies)", doc_pages.BEDROCK_API_RESTRICTIONS, checked=_RECHECKED,
    ),
)  # fmt: skip


@cache  # a pure function of LIMITS, read on every lint of a wire with media
def limits_for(wire: str, profile: str | None = None) -> tuple[Limit, ...]:
    """The documented limits of ``wire`` (none for ollama and hermes); with ``profile``,
    that profile's own figures in place of the wire's of the same scope and measure."""
    wire_facts(wire)
    own = [limit for limit in LIMITS if limit.wire == wire and profile in limit.profiles]
    taken = {(limit.scope, limit.measure, limit.when_images_over) for limit in own}
    return tuple(
        limit
        for limit in LIMITS
        if limit.wire == wire
        and (
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
