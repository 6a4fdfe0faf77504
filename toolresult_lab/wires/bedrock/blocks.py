"""The bedrock wire's tool-result block as TypedDicts: the types ``to("bedrock")`` returns
(``toolresult_lab.conversion.block_types`` re-exports them); plain dicts at run time."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

__all__ = ["BedrockToolResult", "BedrockToolResultBody"]


class _BedrockToolResultBody(TypedDict):
    toolUseId: str
    content: list[dict[str, Any]]


class BedrockToolResultBody(_BedrockToolResultBody, total=False):
    """The body of a bedrock ``toolResult``: its ``content`` entries are ``{"text"}``,
    ``{"image"}``, ``{"document"}`` or ``{"json"}``; ``status`` only on an error."""

    status: Literal["error"]


class BedrockToolResult(TypedDict):
    """bedrock: a Converse ``toolResult`` content block (payload bytes as base64 text)."""

    toolResult: BedrockToolResultBody
