r"""The hermes wire's tool turn (SPEC 7): one assistant message of ``<tool_call>`` blocks,
each holding ``{"name", "arguments"}`` as compact JSON in that order (``</`` written ``<\/``
here too), then one ``tool`` message per result.
"""

from __future__ import annotations

from typing import Any, Final

from ...conversion.encoding import json_string
from .._read import (
    Reading,
)
from .._turn import CallData, ReadCall, TurnShape, malformed
from .convert import unclosable
from .read import call_bodies, read_call
from .shapes import HermesMessage


class HermesTurn(TurnShape):
    """Echo ``{"role": "assistant", "content": "<tool_call>...</tool_call>..."}``; results
    ``{"role": "tool", "content": <tool_response> text}`` each."""

    def echo(self, calls: list[CallData]) -> list[HermesMessage]:
        blocks = []
        for call in calls:
            block = call.memo.get("hermes")
            if block is None:
                # ordered_json({"name": ..., "arguments": args}), from the parts made once
                body = '{"name":' + json_string(call.name) + ',"arguments":' + call.args_json + "}"
                block = "<tool_call>\n" + unclosable(body) + "\n</tool_call>"
                call.memo["hermes"] = block
            blocks.append(block)
        return [{"role": "assistant", "content": "\n".join(blocks)}]

    def results(self, blocks: list[Any]) -> list[HermesMessage]:
        return [{"role": "tool", "content": block} for block in blocks]

    def read(self, message: Any) -> list[ReadCall]:
        """The assistant's text (or a message whose ``content`` is that text)."""
        if isinstance(message, dict):
            message = message.get("content")
            if message is None:
                return []
        if not isinstance(message, str):
            raise malformed("hermes", "message", "expected the assistant's text")
        calls = []
        for number, (at, body) in enumerate(call_bodies(message)):
            reading = Reading("hermes")
            where = f"<tool_call> #{number + 1} (at character {at})"
            call = read_call(reading, body, where, where)
            reading.raise_first()
            assert call is not None
            calls.append(ReadCall(call.path, "", call.name, call.arguments))
        return calls


TURN: Final[TurnShape] = HermesTurn(
    "hermes", results_zone="later", results_where="a tool message after it"
)
