"""toolresult_lab: send a tool's result to any LLM provider in its own shape.

>>> from toolresult_lab import ToolResult
>>> ToolResult(id="call_1", content=[{"type": "text", "text": "hi"}]).to("anthropic")
{'type': 'tool_result', 'tool_use_id': 'call_1', 'content': [{'type': 'text', 'text': 'hi'}]}
"""

from ._build import COMPILED
from .costs import EntryTokens, TokenEstimate, estimate_tokens
from .explain import OUTCOMES, Explanation, Explanations
from .facts import (
    MEDIA_KINDS,
    OPTION_NAMES,
    WIRES,
    MediaKind,
    Wire,
    carries_native,
    native_needs_vision,
)
from .measure import ProviderWarning
from .result import ToolResult

__all__ = [
    "COMPILED",
    "MEDIA_KINDS",
    "OPTION_NAMES",
    "OUTCOMES",
    "WIRES",
    "EntryTokens",
    "Explanation",
    "Explanations",
    "MediaKind",
    "ProviderWarning",
    "TokenEstimate",
    "ToolResult",
    "Wire",
    "carries_native",
    "estimate_tokens",
    "native_needs_vision",
]

__version__ = "0.2.0"
