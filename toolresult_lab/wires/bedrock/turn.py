"""The bedrock wire's tool turn: one assistant message of ``toolUse`` blocks, then one user
message holding every ``toolResult`` block; every call needs an id.
"""

from __future__ import annotations

from typing import Any, Final, cast

from .._read import (
    Reading,
)
from .._turn import CallData, ReadCall, TurnShape, malformed, read_dict, read_list, with_extra
from .documents import (
    unique_documents,
)
from .read import TOOL_USE_FIELDS, TOOL_USE_TYPES, read_call
from .shapes import (
    BedrockBlock,
    BedrockMessage,
    BedrockToolUse,
    BedrockToolUseBlock,
)


class BedrockTurn(TurnShape):
    """Echo ``{"role": "assistant", "content": [{"toolUse": ...}, ...]}``; results
    ``{"role": "user", "content": [toolResult, ...]}`` with document names unique."""

    def echo(self, calls: list[CallData]) -> list[BedrockMessage]:
        uses: list[BedrockBlock] = []
        for call in calls:
            use: BedrockToolUse = {
                "toolUseId": call.id,
                "name": call.name,
                "input": call.fresh_args(),
            }
            # the caller's ToolCall.extra["bedrock"] fields join it (check_extra's)
            block: BedrockToolUseBlock = {
                "toolUse": cast(BedrockToolUse, with_extra(dict(use), call, "bedrock"))
            }
            uses.append(block)
        return [{"role": "assistant", "content": uses}]

    def results(self, blocks: list[Any]) -> list[BedrockMessage]:
        return [{"role": "user", "content": unique_documents(blocks)}]

    def check_extra(self, fields: dict[str, Any]) -> None:
        """Only :data:`TOOL_USE_FIELDS`; a ``type`` from the ``ToolUseType`` enum."""
        for key, value in fields.items():
            where = f"ToolCall.extra['bedrock'][{key!r}]"
            if key not in TOOL_USE_FIELDS:
                allowed = ", ".join(TOOL_USE_FIELDS)
                raise ValueError(f"{where}: not a ToolUseBlock field (allowed: {allowed})")
            if key == "type" and value not in TOOL_USE_TYPES:
                raise ValueError(f"{where} must be one of: {', '.join(TOOL_USE_TYPES)}")

    def read(self, message: Any) -> list[ReadCall]:
        """A Converse response (``output.message``), a message, or its content list."""
        where = ""
        if isinstance(message, dict) and "output" in message:
            output = read_dict(message["output"], "bedrock", "output")
            message = read_dict(output.get("message"), "bedrock", "output.message")
            where = "output.message."
        if isinstance(message, dict):
            content = read_list(message.get("content"), "bedrock", where + "content")
            where += "content"
        elif isinstance(message, list):
            content = message
            where = "content"
        else:
            raise malformed("bedrock", "message", "expected a response, a message or a list")
        reading = Reading("bedrock")
        calls = []
        for index, block in enumerate(content):
            at = f"{where}[{index}]"
            block = read_dict(block, "bedrock", at)
            if "toolUse" not in block:
                continue  # text, reasoning, citations
            use = read_dict(block["toolUse"], "bedrock", at + ".toolUse")
            call = read_call(reading, use, at)
            reading.raise_first()
            calls.append(ReadCall(at, call.id or "", call.name, call.arguments))
        return calls


TURN: Final[TurnShape] = BedrockTurn(
    "bedrock",
    results_zone="next",
    results_where="a toolResult in the very next message, a user message",
    needs_call_ids=True,
    results_first=True,
)
