"""gemini: a ``functionResponse`` part; native images and PDFs ride in its ``parts``.

``response`` is ``structured_content`` when that is an object (the entries that would be
text are then not sent, and the steps say so), else ``{"result": <string form of the entries
left>}``. Images need ``image_input`` and are not GIF; PDFs need ``native_pdf``.
"""

from __future__ import annotations

from typing import Final

from ...conversion.encoding import clone
from ...conversion.items import Native
from ...conversion.steps import Conversion, ResultNote, Step
from .._common import IMAGE_MIMES, Converter, Source, WireFacts, empty_content
from .blocks import GeminiFunctionResponse, GeminiFunctionResponsePart, GeminiInlinePart

FACTS: Final[WireFacts] = WireFacts(
    "gemini",
    "Gemini functionResponse part",
    image_mimes=IMAGE_MIMES - {"image/gif"},
    carries_pdf=True,
    pdf_needs_vision=True,
    reads=frozenset({"image_input", "native_pdf"}),
    requires={"name": "functionResponse.name"},
)

_NATIVE_REASON: Final = {
    "image": "image sent in parts[].inlineData",
    "pdf": "PDF sent in parts[].inlineData",
}
_REPLACED: Final = "gemini sends structured_content as the response, so this is not sent"
_STRUCTURED_RESPONSE: Final = ResultNote(
    "structured_content",
    "passthrough",
    "gemini sends the structured_content object as the response",
)


class GeminiConverter(Converter):
    """``{"functionResponse": {"name", "id" (when non-empty), "response", "parts"}}``."""

    def image_refusal(self) -> str | None:
        return self.option_off("image_input")

    def native_data_path(self, media: str) -> str:
        return "inlineData.data"

    def pdf_refusal(self) -> str | None:
        return self.option_off("native_pdf")

    def convert(self, data: Source) -> Conversion:
        steps: list[Step] = []
        parts: list[GeminiInlinePart] = []
        texts: list[Step] = []
        structured = data.structured
        as_response = isinstance(structured, dict)
        shared = data.shared  # aligned with the items
        for index, item in enumerate(data.items):
            decision = self.left_out(data, index) or shared[index] or self.decide(item)
            if isinstance(decision, Native):
                part: GeminiInlinePart = {
                    "inlineData": {"mimeType": decision.mime, "data": decision.data}
                }
                parts.append(part)
                steps.append(Step(part, "native", _NATIVE_REASON[decision.media], decision))
            elif decision.part is None:  # left out (audience)
                steps.append(decision)
            elif as_response:
                reason = f"{_REPLACED} (as text: {decision.reason})"
                steps.append(Step(None, "omitted", reason))
            else:
                texts.append(decision)
                steps.append(decision)
        notes: tuple[ResultNote, ...]
        if as_response:
            response = clone(structured)
            notes = (_STRUCTURED_RESPONSE, *self.notes(data, False))
            content_note: ResultNote | None = _STRUCTURED_RESPONSE
        elif texts or not parts:
            text, notes, content_note = self.joined(texts, data)
            response = {"result": text}
        else:  # every entry went in parts: nothing is lost, the result text is the fallback
            response = {"result": empty_content(structured)[0]}
            notes = self.notes(data, False)
            content_note = None
        body: GeminiFunctionResponse
        if data.id:  # keys in the order SPEC 4 writes them
            body = {"name": data.name, "id": data.id, "response": response}
        else:
            body = {"name": data.name, "response": response}
        if parts:
            body["parts"] = parts
        block: GeminiFunctionResponsePart = {"functionResponse": body}
        return Conversion(block, steps, notes, content_note)
