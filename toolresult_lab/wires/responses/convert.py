"""responses: an OpenAI Responses ``function_call_output`` input item (no ``role``).

``output`` is the string form, unless an image (``image_input``) or a PDF (``native_pdf``)
is carried natively: then a list of parts in content order, every other entry an
``input_text`` part.
"""

from __future__ import annotations

from typing import Final

from ...conversion.filenames import pdf_filename
from ...conversion.items import BlobItem, Native
from ...conversion.steps import Conversion, Step
from .._common import IMAGE_MIMES, Converter, Source, WireFacts
from .._read import (
    Reading,
    TextPart,
)
from .blocks import (
    ResponsesFunctionCallOutput,
    ResponsesInputFile,
    ResponsesInputImage,
    ResponsesInputText,
)
from .read import read_content

#: One part of a list ``output``.
OutputPart = ResponsesInputText | ResponsesInputImage | ResponsesInputFile

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

    def native_data_path(self, media: str) -> str:
        return "image_url" if media == "image" else "file_data"

    def part_texts(self, step: Step) -> tuple[str, ...]:
        part = read_content(Reading("responses"), step.part, "")
        return (part.text,) if isinstance(part, TextPart) else ()

    def image_refusal(self) -> str | None:
        return self.option_off("image_input")

    def pdf_refusal(self) -> str | None:
        return self.option_off("native_pdf")

    def convert(self, data: Source) -> Conversion:
        steps: list[Step] = []
        any_native = False
        shared = data.shared  # aligned with the items
        for index, item in enumerate(data.items):
            decision = self.left_out(data, index) or shared[index] or self.decide(item)
            if isinstance(decision, Native) and isinstance(item, BlobItem):
                any_native = True
                steps.append(_native_step(item, decision))
            elif isinstance(decision, Step):
                steps.append(decision)
        if not any_native:
            text, notes, content_note = self.joined(steps, data)
            return Conversion(_output(data.id, text), steps, notes, content_note)
        steps = [
            step
            if step.native is not None or step.part is None
            else Step(_input_text(step.part), step.outcome, step.reason)
            for step in steps
        ]
        parts = [step.part for step in steps if step.part is not None]
        return Conversion(_output(data.id, parts), steps, self.notes(data, True))


def _output(call_id: str, output: str | list[OutputPart]) -> ResponsesFunctionCallOutput:
    return {"type": "function_call_output", "call_id": call_id, "output": output}


def _input_text(text: str) -> ResponsesInputText:
    return {"type": "input_text", "text": text}


def _native_step(item: BlobItem, native: Native) -> Step:
    url = f"data:{native.mime};base64,{native.data}"
    if native.media == "image":
        image: ResponsesInputImage = {"type": "input_image", "image_url": url}
        return Step(image, "native", "image sent as input_image", native)
    file: ResponsesInputFile = {
        "type": "input_file",
        "filename": pdf_filename(item.uri),
        "file_data": url,
    }
    return Step(file, "native", "PDF sent as input_file", native)
