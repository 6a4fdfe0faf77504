"""The anthropic wire's documented limits: the Claude API's, and the own figures of Claude
on the cloud platforms (profiles). ``budgets.provider_limits`` warns against them and the
size rules check them (``WireModule.limits``)."""

from __future__ import annotations

from typing import Final

from ...budgets import doc_pages
from .._limits import MB, MIB, RECHECKED, Limit

__all__ = ["LIMITS"]

LIMITS: Final[tuple[Limit, ...]] = (
    Limit(
        "image", "base64_bytes", 10 * MIB,
        "10 MB per image (base64-encoded) on the Claude API", doc_pages.ANTHROPIC_VISION,
        checked=RECHECKED,
    ),
    Limit(
        "image", "base64_bytes", 5 * MIB,
        "5 MB per image (base64-encoded) on Amazon Bedrock and Vertex AI, and on the API "
        "in the 2025 docs", doc_pages.ANTHROPIC_VISION, checked=RECHECKED,
    ),
    Limit(
        "image", "edge_px", 8000,
        "8000x8000 px per image", doc_pages.ANTHROPIC_VISION, checked=RECHECKED,
    ),
    # The current vision page states it too, under Limitations ("very small images under
    # 200 pixels", 2026-08-22); the warning keeps citing the 2025 edition it was read from.
    Limit(
        "image", "min_edge_px", 200,
        "images under 200 px on an edge may degrade performance",
        doc_pages.ANTHROPIC_VISION_2025, checked=RECHECKED,
    ),
    # The page no longer states 2000 px as the limit (reworded 2026-06-17): the 400 names
    # "many-image requests" with the current limit, and 2000 px is its advice to stay under.
    Limit(
        "request", "edge_px", 2000,
        "2000x2000 px per image when a request has more than 20 images",
        doc_pages.ANTHROPIC_VISION, when_images_over=20, checked=RECHECKED,
    ),
    Limit(
        "request", "images", 100,
        "100 images per request on models with a 200k-token context window",
        doc_pages.ANTHROPIC_VISION, checked=RECHECKED,
    ),
    Limit(
        "request", "images", 600,
        "600 images per request on other models", doc_pages.ANTHROPIC_VISION,
        checked=RECHECKED,
    ),
    # "Partner-operated platforms have their own request size limits: Bedrock limits
    # requests to 20 MB, and Google Cloud limits requests to 30 MB" (ANTHROPIC_API_OVERVIEW,
    # rule-recheck.md A.1 #3): Bedrock's is the bedrock wire's (wires/bedrock/limits.py);
    # Claude on Google Cloud speaks the anthropic wire, whose figure stays the Claude API's
    # ("lower on some platforms"; the rule request-too-large names 30 MB in its notes).
    Limit(
        "request", "bytes", 32 * MIB,
        "32 MB per request on standard endpoints (lower on some platforms)",
        doc_pages.ANTHROPIC_PDF, checked=RECHECKED,
    ),
    Limit(
        "pdf", "pages", 100,
        "100 PDF pages per request when the context window is under 1M tokens",
        doc_pages.ANTHROPIC_PDF, checked=RECHECKED,
    ),
    Limit(
        "pdf", "pages", 600,
        "600 PDF pages per request", doc_pages.ANTHROPIC_PDF, checked=RECHECKED,
    ),
    # Claude on the cloud platforms through the Messages API (the anthropic wire): "Bedrock
    # limits requests to 20 MB, and Google Cloud limits requests to 30 MB"
    # (ANTHROPIC_API_OVERVIEW, rule-recheck.md A.1 #3), read as 10^6 bytes as the bedrock
    # wire's figure (wires/bedrock/limits.py); "5 MB (base64-encoded) on Amazon Bedrock and
    # Google Cloud" (ANTHROPIC_VISION, rule-recheck.md A.2).
    Limit(
        "request", "bytes", 20 * MB,
        "20 MB per request for Claude on Amazon Bedrock", doc_pages.ANTHROPIC_API_OVERVIEW,
        checked=RECHECKED, profiles=("anthropic-bedrock",),
    ),
    Limit(
        "request", "bytes", 30 * MB,
        "30 MB per request for Claude on Google Cloud", doc_pages.ANTHROPIC_API_OVERVIEW,
        checked=RECHECKED, profiles=("anthropic-google-cloud",),
    ),
    Limit(
        "image", "base64_bytes", 5 * MIB,
        "5 MB per image (base64-encoded) on Amazon Bedrock and Google Cloud",
        doc_pages.ANTHROPIC_VISION, checked=RECHECKED,
        profiles=("anthropic-bedrock", "anthropic-google-cloud"),
    ),
)  # fmt: skip
