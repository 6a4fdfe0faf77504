"""What ``lint`` knows of the ollama wire beyond its turn shape: a request with no user
text (a chat template that needs one answers 500); a call's arguments as a JSON string; a
tool message answers the earliest unanswered call before it, and its id (when it has one)
is advisory: a result whose id matches no call still pairs by name. :data:`CHECKS` is what
``lint`` reads."""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from .._check import Add, Check, Scope, WireChecks, items
from .._read import ReadRequest, TextPart

__all__ = ["CHECKS"]


def user_query(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A request whose messages hold no user message with text (only tool turns, as a
    history cut to fit leaves them): some models' chat templates refuse it."""
    if not read.messages:
        return
    for message in read.messages:
        if message.role == "user" and any(
            isinstance(part, TextPart) and part.text.strip() for part in message.parts
        ):
            return
    add(
        "no-user-query",
        read.key,
        "No user message holds text (a chat template that needs one, as Qwen's, answers"
        " 500 'no user query found in messages').",
        "",
    )


def string_arguments(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A call whose ``arguments`` are a JSON string: Ollama's API types them as an object
    (the OpenAI Chat shape, a common mix-up)."""
    for index, message in enumerate(items(read)):
        calls = message.get("tool_calls") if isinstance(message, dict) else None
        for position, call in enumerate(calls if isinstance(calls, list) else ()):
            function = call.get("function") if isinstance(call, dict) else None
            if isinstance(function, dict) and isinstance(function.get("arguments"), str):
                add(
                    "shape",
                    f"{read.key}[{index}].tool_calls[{position}].function.arguments",
                    "the call's arguments are a JSON string; Ollama takes an object.",
                    "string-arguments",
                )


RULES: Final[tuple[Check, ...]] = (user_query, string_arguments)

CHECKS: Final = WireChecks(
    rules=RULES,
    pairs_in_order=True,
    ids_advisory=True,
    reports=frozenset({"no-user-query"}),
    # where its severities differ (the rules' notes give each source): no provider-side
    # pairing check is documented (the model loses the call); only its Python client
    # refuses a schema root other than object; string arguments are a user report
    severities=MappingProxyType(
        {
            "call-without-result": "warning",
            "result-without-call": "warning",
            "tool-schema-root": "warning",
            "shape:string-arguments": "warning",
        }
    ),
    call_ids=True,
    base64_media=True,
)
