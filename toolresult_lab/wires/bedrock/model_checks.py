"""Converse's checks read from the model's facts: a forced tool choice the model refuses,
and where the request sets its sampling parameters (for the generic check)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from .._check import Add, Scope, body_value
from .._read import ReadRequest

__all__ = ["SAMPLING", "forced_tool_choice"]

SAMPLING: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "temperature": ("inferenceConfig.temperature",),
        "top-p": ("inferenceConfig.topP",),
        "top-k": ("additionalModelRequestFields.top_k",),
    }
)


def forced_tool_choice(read: ReadRequest, scope: Scope, add: Add) -> None:
    """``toolConfig.toolChoice`` ``any`` or ``tool`` on a model that refuses forced tool
    use (Bedrock passes Anthropic's answer on)."""
    facts = scope.model
    if facts is None or facts.forced_tool_choice is not False:
        return
    choice = body_value(read, "toolConfig.toolChoice")
    kind = next((k for k in ("any", "tool") if isinstance(choice, dict) and k in choice), None)
    if kind is not None:
        add(
            "forced-tool-choice",
            "toolConfig.toolChoice",
            f"toolChoice {kind!r} forces a tool call, which {facts.model!r} refuses: use"
            f" 'auto' and name the tool in the prompt ({facts.source}).",
            "" if facts.documented("forced_tool_choice") else "reported",
        )
