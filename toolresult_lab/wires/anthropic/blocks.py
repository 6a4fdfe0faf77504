"""The anthropic wire's tool-result block as TypedDicts: the types ``to("anthropic")`` returns
(``toolresult_lab.conversion.block_types`` re-exports them); plain dicts at run time."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

__all__ = ["AnthropicToolResult"]


class _AnthropicToolResult(TypedDict):
    type: Literal["tool_result"]
    tool_use_id: str
    content: str | list[dict[str, Any]]


class AnthropicToolResult(_AnthropicToolResult, total=False):
    """anthropic: a Messages ``tool_result`` block; ``is_error`` only when true."""

    is_error: Literal[True]
