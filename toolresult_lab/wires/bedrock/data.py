"""What the bedrock wire declares for the layers above it (``wires/_data.py``)."""

from __future__ import annotations

from typing import Final

from .._data import TokenRules

__all__ = ["TOKENS"]

#: Bedrock documents no image rule of its own: Claude's applies there.
TOKENS: Final = TokenRules(
    image="claude_patches_on_bedrock",
    pdf_note="Bedrock documents no per-page figure for Converse: on Claude each page costs "
    "its extracted text plus a page image, as on anthropic (measure it with token counting)",
)
