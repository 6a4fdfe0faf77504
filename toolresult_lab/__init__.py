"""toolresult_lab: send a tool's result to any LLM provider in its own shape.

>>> from toolresult_lab import ToolResult
>>> ToolResult(id="call_1", content=[{"type": "text", "text": "hi"}]).to("anthropic")
{'type': 'tool_result', 'tool_use_id': 'call_1', 'content': [{'type': 'text', 'text': 'hi'}]}

The audit of logged results (``audit``, ``plot_audit``, ``style_audit``, ``synthetic_log``)
is imported on first use, so importing the package never imports its extra dependencies.
"""

from importlib import import_module
from typing import Any

from . import hooks, measure, render
from ._build import COMPILED
from .calls import ToolCall
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
from .turns import tool_turn
from .wires import for_boto3

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
    "ToolCall",
    "ToolResult",
    "Wire",
    "carries_native",
    "estimate_tokens",
    "for_boto3",
    "native_needs_vision",
    "tool_turn",
]

__version__ = "0.2.0"

# The Result layer reaches its views by registration (it imports none of them).
hooks.register(render.result_html, measure.block_warnings)

#: Names imported on first use, by module (the audit needs pandas, and dask on request).
_LAZY = {
    "audit": "auditing",
    "plot_audit": "auditing",
    "style_audit": "auditing",
    "synthetic_log": "synthetic",
}


def __getattr__(name: str) -> Any:
    """``audit``, ``plot_audit``, ``style_audit`` and ``synthetic_log``, imported when used.

    (Typed where they live: ``toolresult_lab.auditing`` and ``toolresult_lab.synthetic``.
    No ``TYPE_CHECKING`` import here: mypyc analyses this module with the compiled core,
    and it would drag dask and matplotlib into every build.)
    """
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])
