"""The responses wire's documented limits (OpenAI's Responses API).
``budgets.provider_limits`` warns against them and the size rules check them
(``WireModule.limits``)."""

from __future__ import annotations

from typing import Final

from ...budgets import doc_pages
from .._limits import MB, MIB, RECHECKED, Limit

__all__ = ["LIMITS"]

LIMITS: Final[tuple[Limit, ...]] = (
    # No per-image byte cap on OpenAI: an oversized image is resized, not refused
    # (rule-recheck.md A.1 #1, the guide's "Image input requirements", 2026).
    Limit(
        "request", "bytes", 512 * MB,
        "512 MB total payload per request", doc_pages.OPENAI_VISION,
    ),
    Limit(
        "string", "chars", 10 * MIB,
        "10,485,760 characters per string", doc_pages.OPENAI_STRING_LENGTH,
    ),
    Limit(
        "request", "images", 1500,
        "1,500 images per request", doc_pages.OPENAI_VISION,
    ),
    # "Each file must be under 50 MB. The combined limit across all files in the request is
    # 50 MB" (rule-recheck.md A.1 #14); a function_call_output can carry an input_file. Each
    # file is held against it here; lint sums a request's inline files (files-too-large).
    Limit(
        "pdf", "bytes", 50 * MB,
        "50 MB per file (input_file), and 50 MB for all the files of a request together",
        doc_pages.OPENAI_FILE_INPUTS, checked=RECHECKED,
    ),
)  # fmt: skip
