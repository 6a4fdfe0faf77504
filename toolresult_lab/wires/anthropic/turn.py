"""The anthropic wire's tool turn (SPEC 7): one assistant message of ``tool_use`` blocks,
then one user message holding every ``tool_result`` block.
"""

from __future__ import annotations

from typing import Any, Final, cast

from .._read import (
    Reading,
)
from .._turn import CallData, ReadCall, TurnShape, malformed, read_dict, read_list, with_extra
from .read import read_call
from .shapes import (
    AnthropicAssistantMessage,
    AnthropicBlock,
    AnthropicToolUse,
    AnthropicUserMessage,
)


class AnthropicTurn(TurnShape):
    """Echo ``{"role": "assistant", "content": [tool_use, ...]}``; results
    ``{"role": "user", "content": [tool_result, ...]}``."""

    def echo(self, calls: list[CallData]) -> list[AnthropicAssistantMessage]:
        uses: list[AnthropicBlock] = []
        for call in calls:
            use: AnthropicToolUse = {
                "type": "tool_use",
                "id": call.id,
                "name": call.name,
                "input": call.fresh_args(),
            }
            # the caller's ToolCall.extra["anthropic"] fields join it: JSON the caller typed
            uses.append(cast(AnthropicToolUse, with_extra(dict(use), call, "anthropic")))
        return [{"role": "assistant", "content": uses}]

    def results(self, blocks: list[Any]) -> list[AnthropicUserMessage]:
        return [{"role": "user", "content": list(blocks)}]

    def read(self, message: Any) -> list[ReadCall]:
        """An assistant message or a Messages response (``content``), or the content list."""
        where = ""
        if isinstance(message, dict):
            message = message.get("content")
            where = "content"
            if isinstance(message, str):
                return []  # text only
        elif not isinstance(message, list):
            raise malformed("anthropic", "message", "expected a message or a content list")
        reading = Reading("anthropic")
        calls = []
        for index, block in enumerate(read_list(message, "anthropic", where or "content")):
            at = f"{where}[{index}]"
            block = read_dict(block, "anthropic", at)
            if block.get("type") != "tool_use":
                continue  # text, thinking, server tools
            call = read_call(reading, block, at)
            reading.raise_first()
            calls.append(ReadCall(at, call.id or "", call.name, call.arguments))
        return calls


TURN: Final[TurnShape] = AnthropicTurn(
    "anthropic",
    results_zone="next",
    results_where="a tool_result in the very next message, a user message",
    needs_call_ids=True,
    results_first=True,
    merged_roles=frozenset({"user", "assistant"}),
)
