"""What the anthropic wire declares for the layers above it (``wires/_data.py``)."""

from __future__ import annotations

from typing import Final

from .._data import TokenRules

__all__ = ["TOKENS"]

TOKENS: Final = TokenRules(
    image="claude_patches",
    pdf_note="anthropic documents no per-page figure: each page costs its extracted text "
    "plus a page image, so the count depends on the text (measure it with token counting)",
)
