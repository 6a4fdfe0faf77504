"""Where a Responses body sets its sampling parameters and its reasoning effort (for the
generic sampling check, which reads which of them the model refuses from its facts).

``MODELS``: whose model ids the wire's ``model`` is (``WireChecks.models``), so the
facts are looked up by this declaration, never by the wire's name."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from ...budgets.model_lookup import ModelIds

__all__ = ["EFFORT", "MODELS", "SAMPLING"]

#: The Responses API's model ids are OpenAI's (also served by Azure).
MODELS: Final = ModelIds(
    ("openai", "azure"),
    makers=("OpenAI",),
)


SAMPLING: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {"temperature": ("temperature",), "top-p": ("top_p",), "top-logprobs": ("top_logprobs",)}
)
EFFORT: Final = "reasoning.effort"
