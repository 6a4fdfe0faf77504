"""The responses wire's tool turn (SPEC 7): one ``function_call`` item per call (arguments
as text; the item's own ``fc_`` id is not echoed: without its reasoning item, reasoning
models reject it), then one ``function_call_output`` item per result.
"""

from __future__ import annotations

from typing import Any, Final, cast

from .._read import (
    CallPart,
    Reading,
)
from .._turn import CallData, ReadCall, TurnShape, malformed, read_dict, read_list, with_extra
from .blocks import (
    ResponsesFunctionCallOutput,
)
from .read import read_call
from .shapes import (
    ResponsesFunctionCall,
)


class ResponsesTurn(TurnShape):
    """Echo ``{"type": "function_call", "call_id", "name", "arguments"}`` items; results
    one ``function_call_output`` item each."""

    def echo(self, calls: list[CallData]) -> list[ResponsesFunctionCall]:
        items: list[ResponsesFunctionCall] = []
        for call in calls:
            item: ResponsesFunctionCall = {
                "type": "function_call",
                "call_id": call.id,
                "name": call.name,
                "arguments": call.argtext,
            }
            # the caller's ToolCall.extra["responses"] fields join it: JSON the caller typed
            items.append(cast(ResponsesFunctionCall, with_extra(dict(item), call, "responses")))
        return items

    def results(self, blocks: list[Any]) -> list[ResponsesFunctionCallOutput]:
        return list(blocks)

    def read(self, message: Any) -> list[ReadCall]:
        """A Response (its ``output``) or a list of output items; ``function_call`` items
        at the top level or inside a ``message`` item's content; all others skipped."""
        where = ""
        if isinstance(message, dict):
            if "output" not in message:
                raise malformed("responses", "message", "expected a Response (with output)")
            message = message["output"]
            where = "output"
        elif not isinstance(message, list):
            raise malformed("responses", "message", "expected a Response or a list of items")
        reading = Reading("responses")
        calls: list[ReadCall] = []
        for index, item in enumerate(read_list(message, "responses", where or "items")):
            at = f"{where}[{index}]"
            item = read_dict(item, "responses", at)
            kind = item.get("type")
            found: list[CallPart] = []
            if kind == "function_call":
                found.append(read_call(reading, item, at))
            elif kind == "message":
                content = read_list(item.get("content"), "responses", at + ".content")
                for inner, part in enumerate(content):
                    part_at = f"{at}.content[{inner}]"
                    if read_dict(part, "responses", part_at).get("type") == "function_call":
                        found.append(read_call(reading, part, part_at))
            reading.raise_first()
            calls.extend(
                [ReadCall(call.path, call.id or "", call.name, call.arguments) for call in found]
            )
        return calls


TURN: Final[TurnShape] = ResponsesTurn(
    "responses",
    results_zone="later",
    results_where="a function_call_output later in input",
    needs_call_ids=True,
)
