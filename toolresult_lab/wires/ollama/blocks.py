"""The ollama wire's tool-result block as TypedDicts: the types ``to("ollama")`` returns
(``toolresult_lab.conversion.block_types`` re-exports them); plain dicts at run time."""

from __future__ import annotations

from typing import Literal, TypedDict

__all__ = ["OllamaToolMessage"]


class _OllamaToolMessage(TypedDict):
    role: Literal["tool"]
    tool_name: str
    content: str


class OllamaToolMessage(_OllamaToolMessage, total=False):
    """ollama: a ``tool`` message; ``tool_call_id`` only when the result has an id."""

    tool_call_id: str
