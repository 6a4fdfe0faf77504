"""The Messages API's checks read from the model's facts: a forced tool choice the model
refuses, and where the request sets its sampling parameters (for the generic check).

``MODELS``: whose model ids the wire's ``model`` is (``WireChecks.models``), so the
facts are looked up by this declaration, never by the wire's name."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from ...budgets.model_lookup import ModelIds
from .._check import Add, Scope
from .._read import ReadRequest

__all__ = ["MODELS", "SAMPLING", "forced_tool_choice"]

#: The Messages API's model ids are Anthropic's; its bodies also go to Bedrock InvokeModel and
#: Vertex AI, whose ids are theirs.
MODELS: Final = ModelIds(
    ("anthropic", "amazon-bedrock", "google-vertex-anthropic"),
    makers=("Anthropic",),
)


SAMPLING: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {"temperature": ("temperature",), "top-p": ("top_p",), "top-k": ("top_k",)}
)


def forced_tool_choice(read: ReadRequest, scope: Scope, add: Add) -> None:
    """``tool_choice`` ``any`` or ``tool`` on a model that refuses forced tool use."""
    facts = scope.model
    raw = read.raw
    if facts is None or facts.forced_tool_choice is not False or not isinstance(raw, dict):
        return
    choice = raw.get("tool_choice")
    kind = choice.get("type") if isinstance(choice, dict) else None
    if kind in ("any", "tool"):
        add(
            "forced-tool-choice",
            "tool_choice",
            f"tool_choice {kind!r} forces a tool call, which {facts.model!r} refuses: use"
            f" 'auto' and name the tool in the prompt ({facts.source}).",
            "" if facts.documented("forced_tool_choice") else "reported",
        )
