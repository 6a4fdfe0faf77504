"""The openai wire's documented limits: its per-string figure, and DeepSeek's own figures
(profile deepseek). ``budgets.provider_limits`` warns against them and the size rules
check them (``WireModule.limits``)."""

from __future__ import annotations

from typing import Final

from ...budgets import doc_pages
from .._limits import MIB, Limit

__all__ = ["LIMITS"]

#: The day DeepSeek's vision guide (its text of 2026-08-21) was read for the table.
_DEEPSEEK: Final = "2026-12-07"

LIMITS: Final[tuple[Limit, ...]] = (
    Limit(
        "string", "chars", 10 * MIB,
        "10,485,760 characters per string", doc_pages.OPENAI_STRING_LENGTH,
    ),
    # DeepSeek's vision models on the openai wire (profile deepseek; rule-recheck.md A.1
    # #15): the vision guide's limits table (2026-08-21) "Request body size: 48 MiB", "Max
    # single image size (base64 / external URL): 32 MiB", "Max images per request: 600",
    # "Max total image size per request: 64 MiB without file_id images", "Max image
    # dimension: 8192 px per side; drops to 4096 px per side when a request contains 15 or
    # more images".
    Limit(
        "request", "bytes", 48 * MIB,
        "48 MiB per request body on DeepSeek", doc_pages.DEEPSEEK_VISION,
        checked=_DEEPSEEK, profiles=("deepseek",),
    ),
    Limit(
        "image", "base64_bytes", 32 * MIB,
        "32 MiB per image on DeepSeek", doc_pages.DEEPSEEK_VISION,
        checked=_DEEPSEEK, profiles=("deepseek",),
    ),
    Limit(
        "request", "images", 600,
        "600 images per request on DeepSeek", doc_pages.DEEPSEEK_VISION,
        checked=_DEEPSEEK, profiles=("deepseek",),
    ),
    Limit(
        "request", "image_bytes", 64 * MIB,
        "64 MiB of images per request on DeepSeek (file_id images aside)",
        doc_pages.DEEPSEEK_VISION, checked=_DEEPSEEK, profiles=("deepseek",),
    ),
    Limit(
        "image", "edge_px", 8192,
        "8192 px per side on DeepSeek", doc_pages.DEEPSEEK_VISION,
        checked=_DEEPSEEK, profiles=("deepseek",),
    ),
    Limit(
        "request", "edge_px", 4096,
        "4096 px per side on DeepSeek when a request has 15 or more images",
        doc_pages.DEEPSEEK_VISION, when_images_over=14, checked=_DEEPSEEK,
        profiles=("deepseek",),
    ),
)  # fmt: skip
