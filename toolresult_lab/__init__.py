"""toolresult_lab: send a tool's result to any LLM provider in its own shape.

>>> from toolresult_lab import ToolResult
>>> ToolResult(id="call_1", content=[{"type": "text", "text": "hi"}]).to("anthropic")
{'type': 'tool_result', 'tool_use_id': 'call_1', 'content': [{'type': 'text', 'text': 'hi'}]}
"""

from ._build import COMPILED
from .calls import ToolCall
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
from .result import ToolResult
from .turns import tool_turn

__all__ = [
    "COMPILED",
    "MEDIA_KINDS",
    "OPTION_NAMES",
    "OUTCOMES",
    "WIRES",
    "Explanation",
    "Explanations",
    "MediaKind",
    "ToolCall",
    "ToolResult",
    "Wire",
    "carries_native",
    "native_needs_vision",
    "tool_turn",
]

__version__ = "0.2.0"
