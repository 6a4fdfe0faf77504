"""What the responses wire declares for the layers above it (``wires/_data.py``)."""

from __future__ import annotations

from typing import Final

from .._data import TokenRules

__all__ = ["TOKENS"]

TOKENS: Final = TokenRules(
    image="openai_tiles",
    pdf_note="OpenAI documents no per-page figure: the model receives each page's "
    "extracted text and an image of each page",
    text="openai_tokens",
    encoding="o200k_base",  # every model Responses serves (gpt-4o, 4.1, 5, o-series)
)
