"""Issue 40: what a wire's tool definitions demand beyond the shape its settings write.

A wire's settings shape (``wires/<wire>/settings.py``) already writes tool definitions for
``translate``; ``tools_for`` reuses it and asks the wire's :class:`ToolDefs` (the
``tool_defs`` of its ``WireModule``) for the rest: where the definitions sit in a body,
whether a schema may ask for strict adherence, and for a template wire the prompt text. (The
cache mark on the tools is the settings shape's own, ``ToolSpec.cache_at``, and so is the
rule for a tool's name, ``SettingsShape.tool_names``, which lint and translate read too.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ._settings import SettingSource

__all__ = ["ToolDefs"]


@dataclass(frozen=True)
class ToolDefs:
    """What ``tools_for`` needs of a wire beside its settings shape."""

    key: str = "tools"
    """The body key its settings shape writes the definitions under."""
    strict: Callable[[Any], bool] | None = None
    """Whether a schema qualifies for strict adherence (None: not offered on this wire)."""
    prompt: Callable[[Sequence[Any]], str] | None = None
    """The tools' prompt text its chat template writes, from the definitions written."""
    sources: tuple[SettingSource, ...] = ()
    """Where the facts above are documented."""
    client_drops: Callable[[Any], list[str]] | None = None
    """The paths under a schema the wire's official client leaves out when it sends (each
    a loss: ollama's Python client declares a few schema keys); None: it sends all."""
    same_as: str | None = None
    """Another wire whose strict test these definitions follow (the same
    provider's: responses takes openai's), resolved by the registry; no wire imports
    another's package."""

    def definitions(self, body: dict[str, Any]) -> list[Any]:
        """The definitions a settings shape wrote into ``body`` (under :attr:`key`)."""
        value = body.get(self.key)
        if isinstance(value, dict):  # Bedrock's ``toolConfig``: {"tools": [...]}
            value = value.get("tools")
        return value if isinstance(value, list) else []
