"""Converse's checks read from the model's facts: a forced tool choice the model refuses,
and where the request sets its sampling parameters (for the generic check).

``MODELS``: whose model ids the wire's ``model`` is (``WireChecks.models``), so the
facts are looked up by this declaration, never by the wire's name."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from ...budgets.model_lookup import ModelIds
from .._check import Add, Scope, body_value
from .._read import ReadRequest

__all__ = ["MODELS", "SAMPLING", "forced_tool_choice"]

#: Bedrock's model ids are its own; the dated table's rows it sends are Anthropic's Claude
#: models (``anthropic.`` ids).
MODELS: Final = ModelIds(
    ("amazon-bedrock",),
    makers=("Anthropic",),
)


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
