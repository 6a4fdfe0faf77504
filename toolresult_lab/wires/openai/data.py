"""What the openai wire declares for the layers above it (``wires/_data.py``)."""

from __future__ import annotations

from typing import Final

from .._data import TokenRules

__all__ = ["TOKENS"]

#: Chat carries no image or PDF in a tool message: only its text is priced. An image hoisted
#: into a user message is priced by OpenAI's tile rule, as on responses. Text is counted in
#: o200k_base, the encoding of every current OpenAI model (gpt-4o, 4.1, 5, o-series).
TOKENS: Final = TokenRules(
    hoisted_image="openai_tiles", text="openai_tokens", encoding="o200k_base"
)
