"""The openai wire's tool-result block as TypedDicts: the types ``to("openai")`` returns
(``toolresult_lab.conversion.block_types`` re-exports them); plain dicts at run time."""

from __future__ import annotations

from typing import Literal, TypedDict

__all__ = ["OpenAIToolMessage"]


class OpenAIToolMessage(TypedDict):
    """openai: a Chat Completions ``tool`` message."""

    role: Literal["tool"]
    tool_call_id: str
    content: str
