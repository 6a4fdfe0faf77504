"""What the openai wire declares for the layers above it (``wires/_data.py``)."""

from __future__ import annotations

from typing import Final

from .._data import TokenRules

__all__ = ["TOKENS"]

#: Chat carries no image or PDF in a tool message: only its text is priced.
TOKENS: Final = TokenRules(text="openai_tokens")
