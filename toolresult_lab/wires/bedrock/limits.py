"""The bedrock wire's documented limits (Claude's and Amazon Nova's through Bedrock's
Converse API). ``budgets.provider_limits`` warns against them and the size rules check
them (``WireModule.limits``)."""

from __future__ import annotations

from typing import Final

from ...budgets import doc_pages
from .._limits import MB, MIB, RECHECKED, Limit

__all__ = ["LIMITS"]

LIMITS: Final[tuple[Limit, ...]] = (
    Limit(
        "image", "base64_bytes", 5 * MIB,
        "5 MB per image (base64-encoded) for Claude on Amazon Bedrock",
        doc_pages.ANTHROPIC_VISION, checked=RECHECKED,
    ),
    Limit(
        "image", "edge_px", 8000,
        "8000x8000 px per image (Claude; Nova)", doc_pages.ANTHROPIC_VISION,
    ),
    Limit(
        "request", "edge_px", 2000,
        "2000x2000 px per image for Claude when a request has more than 20 images "
        "(documents count too on Bedrock)", doc_pages.ANTHROPIC_VISION, when_images_over=20,
        checked=RECHECKED,
    ),
    # "Bedrock limits requests to 20 MB" (rule-recheck.md A.1 #3), read as 10^6 bytes:
    # Bedrock's own pages do not say, and the smaller reading warns earlier.
    Limit(
        "request", "bytes", 20 * MB,
        "20 MB per request for Claude on Amazon Bedrock", doc_pages.ANTHROPIC_API_OVERVIEW,
        checked=RECHECKED, models="Claude",
    ),
    Limit(
        "request", "bytes", 25 * MB,
        "25 MB of payload per request on Amazon Nova", doc_pages.NOVA_IMAGES,
        models="Amazon Nova",
    ),
    Limit(
        "pdf", "bytes", 4_500_000,
        "4.5 MB per document (not for PDFs on Claude 4 and later, nor on Nova)",
        doc_pages.BEDROCK_API_RESTRICTIONS, checked=RECHECKED,
    ),
    Limit(
        "pdf", "pages", 100,
        "100 PDF pages per request for Claude on Amazon Bedrock (the page's ko and he "
        "copies)", doc_pages.BEDROCK_API_RESTRICTIONS, checked=RECHECKED,
    ),
)  # fmt: skip
