"""Issue 40: what a wire's tool definitions demand beyond the shape its settings write.

A wire's settings shape (``wires/<wire>/settings.py``) already writes tool definitions for
``translate``; ``tools_for`` reuses it and asks the wire's :class:`ToolDefs` (the
``tool_defs`` of its ``WireModule``) for the rest: the provider's rule for a tool's name
(a name that breaks it is rewritten, not sent to a 400), where the definitions sit in a
body, whether a schema may ask for strict adherence, and for a template wire the prompt text.
(The cache mark on the tools is the settings shape's own: ``ToolSpec.cache_at``.)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ._settings import SettingSource

__all__ = ["NameRule", "ToolDefs"]


@dataclass(frozen=True)
class NameRule:
    """A provider's rule for a tool's name: each character in ``chars`` (a regex class
    body), the first in ``first`` (when the provider says), at most ``max_len`` long."""

    chars: str
    max_len: int
    source: SettingSource
    first: str | None = None
    _whole: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _bad: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        head = f"[{self.first}]" if self.first is not None else f"[{self.chars}]"
        whole = f"{head}[{self.chars}]{{0,{self.max_len - 1}}}"
        object.__setattr__(self, "_whole", re.compile(whole))
        object.__setattr__(self, "_bad", re.compile(f"[^{self.chars}]"))

    def fits(self, name: str) -> bool:
        """``name`` is valid as it stands."""
        return self._whole.fullmatch(name) is not None

    def rewrite(self, name: str) -> str:
        """``name`` made valid: each character the rule forbids an underscore, a ``_``
        before a first character it forbids there, cut to the length (``tool``: empty)."""
        out = self._bad.sub("_", name) or "tool"
        if self.first is not None and not re.fullmatch(f"[{self.first}]", out[0]):
            out = "_" + out
        return out[: self.max_len]


@dataclass(frozen=True)
class ToolDefs:
    """What ``tools_for`` needs of a wire beside its settings shape."""

    names: NameRule | None
    """The provider's name rule (None: it documents none; names are sent as given)."""
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
    """Another wire whose name rule and strict test these definitions follow (the same
    provider's: responses takes openai's), resolved by the registry; no wire imports
    another's package."""

    def definitions(self, body: dict[str, Any]) -> list[Any]:
        """The definitions a settings shape wrote into ``body`` (under :attr:`key`)."""
        value = body.get(self.key)
        if isinstance(value, dict):  # Bedrock's ``toolConfig``: {"tools": [...]}
            value = value.get("tools")
        return value if isinstance(value, list) else []
