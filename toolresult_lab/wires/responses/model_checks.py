"""Where a Responses body sets its sampling parameters and its reasoning effort (for the
generic sampling check, which reads which of them the model refuses from its facts)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

__all__ = ["EFFORT", "SAMPLING"]

SAMPLING: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {"temperature": ("temperature",), "top-p": ("top_p",), "top-logprobs": ("top_logprobs",)}
)
EFFORT: Final = "reasoning.effort"
