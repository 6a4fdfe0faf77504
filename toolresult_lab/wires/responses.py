"""responses: an OpenAI Responses ``function_call_output`` input item (no ``role``).

``output`` is the string form, unless an image (``image_input``) or a PDF
(``native_pdf``) is carried natively: then a list of parts in content order, every
other entry an ``input_text`` part.

The turn (SPEC 7): one ``function_call`` item per call (arguments as text; the item's
own ``fc_`` id is not echoed: without its reasoning item, reasoning models reject it),
then one ``function_call_output`` item per result.
"""

from __future__ import annotations

from typing import Any, Final

from ..filenames import pdf_filename
from ..items import BlobItem, Native
from ..steps import Conversion, Step
from ._common import IMAGE_MIMES, Converter, Source, WireFacts
from ._turn import (
    CallData,
    ReadCall,
    TurnShape,
    malformed,
    read_arguments,
    read_dict,
    read_id,
    read_list,
    read_name,
    with_extra,
)

FACTS: Final[WireFacts] = WireFacts(
    "responses",
    "OpenAI Responses function_call_output item",
    image_mimes=IMAGE_MIMES,
    carries_pdf=True,
    pdf_needs_vision=True,
    reads=frozenset({"image_input", "native_pdf"}),
    has_name_field=False,
    requires={"id": "call_id"},
)


class ResponsesConverter(Converter):
    """``{"type": "function_call_output", "call_id": id, "output": <string or parts>}``."""

    def image_refusal(self) -> str | None:
        return self.option_off("image_input")

    def pdf_refusal(self) -> str | None:
        return self.option_off("native_pdf")

    def convert(self, data: Source) -> Conversion:
        steps: list[Step] = []
        any_native = False
        shared = data.shared  # aligned with the items
        for index, item in enumerate(data.items):
            decision = shared[index] or self.decide(item)
            if isinstance(decision, Native) and isinstance(item, BlobItem):
                any_native = True
                steps.append(_native_step(item, decision))
            elif isinstance(decision, Step):
                steps.append(decision)
        if not any_native:
            text, notes = self.joined(steps, data)
            return Conversion(_output(data.id, text), steps, notes)
        steps = [
            step
            if step.native is not None
            else Step(_input_text(step.part), step.outcome, step.reason)
            for step in steps
        ]
        parts = [step.part for step in steps]
        return Conversion(_output(data.id, parts), steps, self.notes(data, True))


def _output(call_id: str, output: Any) -> dict[str, Any]:
    return {"type": "function_call_output", "call_id": call_id, "output": output}


def _input_text(text: str) -> dict[str, Any]:
    return {"type": "input_text", "text": text}


def _native_step(item: BlobItem, native: Native) -> Step:
    url = f"data:{native.mime};base64,{native.data}"
    if native.media == "image":
        part = {"type": "input_image", "image_url": url}
        return Step(part, "native", "image sent as input_image", native)
    part = {"type": "input_file", "filename": pdf_filename(item.uri), "file_data": url}
    return Step(part, "native", "PDF sent as input_file", native)


class ResponsesTurn(TurnShape):
    """Echo ``{"type": "function_call", "call_id", "name", "arguments"}`` items; results
    one ``function_call_output`` item each."""

    def echo(self, calls: list[CallData]) -> list[Any]:
        return [
            with_extra(
                {
                    "type": "function_call",
                    "call_id": call.id,
                    "name": call.name,
                    "arguments": call.argtext,
                },
                call,
                "responses",
            )
            for call in calls
        ]

    def results(self, blocks: list[Any]) -> list[Any]:
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
        calls: list[ReadCall] = []
        for index, item in enumerate(read_list(message, "responses", where or "items")):
            at = f"{where}[{index}]"
            item = read_dict(item, "responses", at)
            kind = item.get("type")
            if kind == "function_call":
                calls.append(_call(item, at))
            elif kind == "message":
                content = read_list(item.get("content"), "responses", at + ".content")
                for inner, part in enumerate(content):
                    part_at = f"{at}.content[{inner}]"
                    if read_dict(part, "responses", part_at).get("type") == "function_call":
                        calls.append(_call(part, part_at))
        return calls


def _call(item: dict[str, Any], at: str) -> ReadCall:
    return ReadCall(
        at,
        read_id(item.get("call_id"), "responses", at + ".call_id"),
        read_name(item.get("name"), "responses", at + ".name"),
        read_arguments(item.get("arguments"), "responses", at),
    )


TURN: Final[TurnShape] = ResponsesTurn("responses", needs_call_ids=True)
