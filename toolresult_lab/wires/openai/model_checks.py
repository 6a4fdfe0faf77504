"""Chat Completions' checks read from the model's facts: function tools with a reasoning
effort the model refuses them with, and where the request sets its sampling parameters and
its effort (for the generic sampling check).

``MODELS``: whose model ids the wire's ``model`` is (``WireChecks.models``), so the
facts are looked up by this declaration, never by the wire's name."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from ...budgets.model_lookup import ModelIds, Override
from .._check import Add, Scope, short
from .._read import ReadRequest

__all__ = ["EFFORT", "MODELS", "SAMPLING", "tools_with_reasoning"]

#: Chat Completions' model ids are OpenAI's (also served by Azure); the models the
#: catalog lacks that only Chat Completions serves are declared here.
MODELS: Final = ModelIds(
    ("openai", "azure"),
    makers=("OpenAI",),
    overrides=(
        (
            "gpt-4o-audio-preview",
            Override(
                frozenset({"text", "audio"}),
                128_000,
                "https://developers.openai.com/api/docs/models/gpt-4o-audio-preview",
                "2026-12-02",
            ),
        ),
    ),
)


#: Where a Chat Completions body sets each sampling parameter.
SAMPLING: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "temperature": ("temperature",),
        "top-p": ("top_p",),
        "frequency-penalty": ("frequency_penalty",),
        "presence-penalty": ("presence_penalty",),
        "top-logprobs": ("top_logprobs",),
    }
)
#: Where it sets the reasoning effort.
EFFORT: Final = "reasoning_effort"


def _function_tools(raw: dict[str, Any]) -> bool:
    tools = raw.get("tools")
    if isinstance(tools, list) and any(
        isinstance(tool, dict) and tool.get("type") == "function" for tool in tools
    ):
        return True
    functions = raw.get("functions")  # the legacy form
    return isinstance(functions, list) and bool(functions)


def tools_with_reasoning(read: ReadRequest, scope: Scope, add: Add) -> None:
    """Function tools with a reasoning effort other than ``none`` (or none sent, where the
    model's default is another) on a model that takes them only with ``none``, or never."""
    facts = scope.model
    raw = read.raw
    if facts is None or facts.chat_tools not in ("effort-none", "never"):
        return
    if not isinstance(raw, dict) or not _function_tools(raw):
        return
    effort = raw.get(EFFORT)
    case = "" if facts.documented("chat_tools") else "reported"
    if facts.chat_tools == "never":
        shown = "any reasoning effort (the model takes no 'none')"
    elif effort == "none":
        return
    elif effort is None:
        if facts.omitted_is_none is not False:
            return
        shown = "no reasoning_effort (the model's default is not 'none')"
        case = case if facts.documented("omitted_is_none") else "reported"
    else:
        shown = f"reasoning_effort {short(effort)}"
    add(
        "chat-tools-with-reasoning",
        "tools" if "tools" in raw else "functions",
        f"Function tools with {shown}: {facts.model!r} takes function tools on Chat"
        " Completions only with reasoning_effort 'none'"
        f"{' (never: it has no none)' if facts.chat_tools == 'never' else ''}; use the"
        f" Responses API ({facts.source}).",
        case,
    )
