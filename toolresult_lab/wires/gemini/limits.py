"""The gemini wire's documented limits (the Gemini API's). ``budgets.provider_limits``
warns against them and the size rules check them (``WireModule.limits``)."""

from __future__ import annotations

from typing import Final

from ...budgets import doc_pages
from .._limits import MB, RECHECKED, Limit

__all__ = ["LIMITS"]

LIMITS: Final[tuple[Limit, ...]] = (
    Limit(
        "request", "bytes", 100 * MB,
        "100 MB per request for inline data (base64-encoded), prompt included (larger files "
        "go through the Files API)", doc_pages.GEMINI_FILE_LIMITS,
    ),
    Limit(
        "pdf", "bytes", 50 * MB,
        "50 MB per PDF", doc_pages.GEMINI_DOCUMENTS,
    ),
    Limit(
        "pdf", "pages", 1000,
        "1,000 pages per document", doc_pages.GEMINI_DOCUMENTS, checked=RECHECKED,
    ),
)  # fmt: skip
