"""gemini: a ``functionResponse`` part; native images and PDFs ride in its ``parts``.

``response`` is ``structured_content`` when that is an object (the entries that would
be text are then not sent, and the steps say so), else ``{"result": <string form of
the entries left>}``. Images need ``image_input`` and are not GIF; PDFs need
``native_pdf``.
"""

from __future__ import annotations

from typing import Any, Final

from ..encoding import clone
from ..items import Native
from ..steps import Conversion, ResultNote, Step
from ._common import IMAGE_MIMES, Converter, Source, WireFacts, empty_content

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

    def pdf_refusal(self) -> str | None:
        return self.option_off("native_pdf")

    def convert(self, data: Source) -> Conversion:
        steps: list[Step] = []
        parts: list[dict[str, Any]] = []
        texts: list[Step] = []
        structured = data.structured
        as_response = isinstance(structured, dict)
        shared = data.shared  # aligned with the items
        for index, item in enumerate(data.items):
            decision = shared[index] or self.decide(item)
            if isinstance(decision, Native):
                part = {"inlineData": {"mimeType": decision.mime, "data": decision.data}}
                parts.append(part)
                steps.append(Step(part, "native", _NATIVE_REASON[decision.media], decision))
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
        elif texts or not parts:
            text, notes = self.joined(texts, data)
            response = {"result": text}
        else:  # every entry went in parts: nothing is lost, the result text is the fallback
            response = {"result": empty_content(structured)[0]}
            notes = self.notes(data, False)
        body: dict[str, Any] = {"name": data.name}
        if data.id:
            body["id"] = data.id
        body["response"] = response
        if parts:
            body["parts"] = parts
        return Conversion({"functionResponse": body}, steps, notes)
