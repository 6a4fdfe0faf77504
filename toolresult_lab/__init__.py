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

from . import _moved
from ._build import COMPILED
from .budgets import fitting, measure, turn_budget
from .budgets.costs import EntryTokens, TokenEstimate, estimate_tokens
from .budgets.provider_warning import ProviderWarning
from .conversion import hooks
from .conversion.calls import ToolCall
from .conversion.explain import OUTCOMES, Explanation, Explanations
from .conversion.facts import (
    MEDIA_KINDS,
    OPTION_NAMES,
    WIRES,
    MediaKind,
    Wire,
    carries_native,
    native_needs_vision,
)
from .conversion.result import ToolResult
from .conversion.tool_turns import tool_turn
from .guarding.inspection import GuardError, GuardReport
from .guarding.instrument import guard
from .requests.findings import Change, Finding, Findings, Repaired
from .requests.history import PrefixChange, RequestDiff, diff_requests
from .requests.linting import lint
from .requests.repairing import repair
from .requests.tool_calls import InputRequired, InputRequiredError, call_tools
from .requests.tool_definitions import ToolDefinitions, tools_for
from .requests.transcripts import (
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
from .requests.translating import Translated, translate
from .views import render
from .views.render_diff import diff_html
from .views.render_findings import findings_html, repaired_html, request_html
from .views.render_transcript import transcript_html
from .wires import for_boto3

# The notebook views of lint and repair (findings.py never imports its views).
Findings.html_view = findings_html
Repaired.html_view = repaired_html
Transcript.html_view = transcript_html
RequestDiff.html_view = diff_html

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
    "GuardError",
    "GuardReport",
    "Image",
    "InputRequired",
    "InputRequiredError",
    "Loss",
    "MediaKind",
    "Opaque",
    "PrefixChange",
    "ProviderWarning",
    "Repaired",
    "RequestDiff",
    "Text",
    "TokenEstimate",
    "ToolCall",
    "ToolDefinitions",
    "ToolResult",
    "ToolResults",
    "Transcript",
    "Translated",
    "UserTurn",
    "Wire",
    "call_tools",
    "carries_native",
    "diff_requests",
    "estimate_tokens",
    "for_boto3",
    "guard",
    "lint",
    "native_needs_vision",
    "repair",
    "request_html",
    "tool_turn",
    "tools_for",
    "translate",
]

__version__ = "0.2.0"

# Modules of before the layout (issue 35) stay importable at their old paths, with a warning.
_moved.install()

# The Result layer reaches its views by registration (it imports none of them).
hooks.register(render.result_html, measure.block_warnings)
hooks.register_fit(fitting.FIT, turn_budget.FIT_TURN)

#: Names imported on first use, by module (the audit needs pandas, and dask on request).
_LAZY = {
    "audit": "logs.auditing",
    "plot_audit": "logs.auditing",
    "style_audit": "logs.auditing",
    "synthetic_log": "logs.synthetic",
    "lint_log": "logs.lint_logs",
    "style_lint_log": "logs.lint_logs",
}


def __getattr__(name: str) -> Any:
    """``audit``, ``plot_audit``, ``style_audit``, ``synthetic_log``, ``lint_log`` and
    ``style_lint_log``, imported when used.

    (Typed where they live: ``toolresult_lab.logs.auditing`` and ``toolresult_lab.logs.synthetic``.
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
