"""hermes: ``<tool_response>`` text around a JSON object, for Hermes-style templates.

Every ``</`` in the JSON is written ``<\\/`` (the same JSON value), so text from a
tool cannot close the block early (SPEC section 6).

The turn (SPEC 7): one assistant message of ``<tool_call>`` blocks, each holding
``{"name", "arguments"}`` as compact JSON in that order (``</`` written ``<\\/`` here
too), then one ``tool`` message per result.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

from ..encoding import json_string
from ..steps import Conversion
from ._common import Converter, Source, WireFacts
from ._turn import (
    CallData,
    ReadCall,
    TurnShape,
    malformed,
    read_arguments,
    read_dict,
    read_name,
)

FACTS: Final[WireFacts] = WireFacts(
    "hermes", "Hermes <tool_response> text", reads=frozenset({"response_tag"}), has_id_field=False
)


def unclosable(json_text: str) -> str:
    """``json_text`` with every ``</`` written ``<\\/`` (the same JSON value), so no text
    inside it can close the block it sits in (SPEC 6, and SPEC 7 for the echo)."""
    return json_text.replace("</", "<\\/")


class HermesConverter(Converter):
    """``<tag>\\n{"content": <string form>, "name": name}\\n</tag>`` (a ``str``)."""

    def convert(self, data: Source) -> Conversion:
        content, steps, notes = self.string_form(data)
        # json_encode({"content": ..., "name": ...}) with its keys already in sorted order
        body = f'{{"content":{json_string(content)},"name":{json_string(data.name)}}}'
        body = unclosable(body)
        tag = self.options.response_tag
        return Conversion(f"<{tag}>\n{body}\n</{tag}>", steps, notes)


#: A ``<tool_call>`` block; the last one may be left unclosed (a model stopped at its stop
#: token), as Hermes-style servers accept it.
_TOOL_CALL: Final = re.compile(r"<tool_call>(.*?)</tool_call>|<tool_call>(.*)\Z", re.DOTALL)


class HermesTurn(TurnShape):
    """Echo ``{"role": "assistant", "content": "<tool_call>...</tool_call>..."}``; results
    ``{"role": "tool", "content": <tool_response> text}`` each."""

    def echo(self, calls: list[CallData]) -> list[Any]:
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

    def results(self, blocks: list[Any]) -> list[Any]:
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
        for number, match in enumerate(_TOOL_CALL.finditer(message)):
            at = f"<tool_call> #{number + 1} (at character {match.start()})"
            body = match.group(1) if match.group(1) is not None else match.group(2)
            try:
                parsed = json.loads(body)
            except ValueError as error:
                raise malformed("hermes", at, f"the JSON does not parse ({error})") from None
            except RecursionError:
                raise malformed("hermes", at, "the JSON is nested too deeply") from None
            parsed = read_dict(parsed, "hermes", at)
            calls.append(
                ReadCall(
                    at,
                    "",
                    read_name(parsed.get("name"), "hermes", at),
                    read_arguments(parsed.get("arguments"), "hermes", at),
                )
            )
        return calls


TURN: Final[TurnShape] = HermesTurn("hermes")
