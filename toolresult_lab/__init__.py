"""toolresult_lab: send a tool's result to any LLM provider in its own shape.

>>> from toolresult_lab import ToolResult
>>> ToolResult(id="call_1", content=[{"type": "text", "text": "hi"}]).to("anthropic")
{'type': 'tool_result', 'tool_use_id': 'call_1', 'content': [{'type': 'text', 'text': 'hi'}]}

The audit of logged results (``audit``, ``plot_audit``, ``style_audit``, ``synthetic_log``)
and the check of logged requests (``lint_log``, ``style_lint_log``) are imported on first use,
so importing the package never imports their extra dependencies.
"""

from importlib import import_module
from typing import Any

from . import fitting, hooks, measure, render, turn_budget
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
from .findings import Change, Finding, Findings, Repaired
from .lint import lint
from .provider_warning import ProviderWarning
from .render_findings import findings_html, repaired_html, request_html
from .render_transcript import transcript_html
from .repair import repair
from .result import ToolResult
from .transcripts import (
    AssistantTurn,
    Document,
    Image,
    Loss,
    Opaque,
    Text,
    ToolResults,
    Transcript,
    UserTurn,
)
from .translate import Translated, translate
from .turns import tool_turn
from .wires import for_boto3

# The notebook views of lint and repair (findings.py never imports its views).
Findings.html_view = findings_html
Repaired.html_view = repaired_html
Transcript.html_view = transcript_html

__all__ = [
    "COMPILED",
    "MEDIA_KINDS",
    "OPTION_NAMES",
    "OUTCOMES",
    "WIRES",
    "AssistantTurn",
    "Change",
    "Document",
    "EntryTokens",
    "Explanation",
    "Explanations",
    "Finding",
    "Findings",
    "Image",
    "Loss",
    "MediaKind",
    "Opaque",
    "ProviderWarning",
    "Repaired",
    "Text",
    "TokenEstimate",
    "ToolCall",
    "ToolResult",
    "ToolResults",
    "Transcript",
    "Translated",
    "UserTurn",
    "Wire",
    "carries_native",
    "estimate_tokens",
    "for_boto3",
    "lint",
    "native_needs_vision",
    "repair",
    "request_html",
    "tool_turn",
    "translate",
]

__version__ = "0.2.0"

# The Result layer reaches its views by registration (it imports none of them).
hooks.register(render.result_html, measure.block_warnings)
hooks.register_fit(fitting.FIT, turn_budget.FIT_TURN)

#: Names imported on first use, by module (the audit needs pandas, and dask on request).
_LAZY = {
    "audit": "auditing",
    "plot_audit": "auditing",
    "style_audit": "auditing",
    "synthetic_log": "synthetic",
    "lint_log": "lint_logs",
    "style_lint_log": "lint_logs",
}


def __getattr__(name: str) -> Any:
    """``audit``, ``plot_audit``, ``style_audit``, ``synthetic_log``, ``lint_log`` and
    ``style_lint_log``, imported when used.

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
