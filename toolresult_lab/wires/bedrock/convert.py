"""bedrock: an Amazon Bedrock Converse ``toolResult`` content block (SPEC 10).

Entries go as ``{"text": ...}``, images (``image_input``) as ``{"image": {"format",
"source": {"bytes"}}}`` and PDFs (``native_pdf``) as ``{"document": {"format": "pdf",
"name", "source": {"bytes"}}}``, in the JSON form of the HTTP API (payload bytes as base64
text; ``for_boto3`` decodes them for boto3). Structured content goes in Bedrock's own
``{"json": ...}`` block where the entries would be empty.

Where SPEC 10 as written and Bedrock's real behaviour differ, the block Bedrock accepts wins
(docs/research/bedrock-sources.md): blank text is never a block; the ``json`` block holds
only an object (other values go as their JSON text); an error result is never empty (Bedrock
rejects ``content: []`` with ``status: error``); document names are unique within a block
and a turn, and a block carries at most five documents.
"""

from __future__ import annotations

from typing import Any, Final

from ...conversion.encoding import clone, json_encode
from ...conversion.filenames import document_name
from ...conversion.items import BlobItem, Native
from ...conversion.steps import Conversion, ResultNote, Step
from .._common import IMAGE_MIMES, Converter, Source, WireFacts
from .blocks import BedrockToolResult, BedrockToolResultBody
from .documents import (
    MAX_DOCUMENTS,
    DocumentNames,
)
from .shapes import (
    BedrockImageFormat,
)

FACTS: Final[WireFacts] = WireFacts(
    "bedrock",
    "Amazon Bedrock Converse toolResult block",
    image_mimes=IMAGE_MIMES,
    carries_pdf=True,
    pdf_needs_vision=False,
    reads=frozenset({"image_input", "native_pdf"}),
    has_name_field=False,
    has_error_field=True,
    requires={"id": "toolResult.toolUseId"},
)

#: Bedrock's image formats by MIME type (the ``ImageFormat`` enum, lower case).
IMAGE_FORMATS: Final[dict[str, BedrockImageFormat]] = {
    "image/png": "png",
    "image/jpeg": "jpeg",
    "image/gif": "gif",
    "image/webp": "webp",
}
#: What an error result with nothing else to send holds: Bedrock rejects an empty
#: ``content`` when ``status`` is ``error``.
ERROR_NOTE: Final = "[error]"

_BLANK: Final = "Bedrock rejects blank text blocks"
_TOO_MANY: Final = (
    f"Bedrock takes at most {MAX_DOCUMENTS} documents per request: PDF sent as placeholder"
)
_JSON: Final = ResultNote("content", "text", "no content: structured_content sent as a json block")
_JSON_TEXT: Final = ResultNote(
    "content",
    "text",
    "no content: structured_content is not an object (Bedrock's json block takes only"
    " an object), sent as JSON text",
)
_NOTHING: Final = ResultNote("content", "omitted", "no content and no structured_content: []")
_ERROR_ONLY: Final = ResultNote(
    "content",
    "placeholder",
    f"no content: Bedrock rejects an empty error result, so {ERROR_NOTE} is sent",
)


class BedrockConverter(Converter):
    """``{"toolResult": {"toolUseId": id, "content": [...], "status": "error"}}``."""

    def image_refusal(self) -> str | None:
        return self.option_off("image_input")

    def pdf_refusal(self) -> str | None:
        return self.option_off("native_pdf")

    def convert(self, data: Source) -> Conversion:
        shared = data.shared  # aligned with the items
        steps: list[Step] = []
        names = DocumentNames()  # a PDF's name unique within the block
        for index, item in enumerate(data.items):
            decision = self.left_out(data, index) or shared[index] or self.decide(item)
            if isinstance(decision, Native):
                assert isinstance(item, BlobItem)
                steps.append(self.native(item, decision, names))
            elif decision.part is None:  # left out (audience)
                steps.append(decision)
            elif not decision.part or decision.part.isspace():
                steps.append(Step(None, "omitted", f"{_BLANK} ({decision.reason})"))
            else:
                steps.append(Step({"text": decision.part}, decision.outcome, decision.reason))
        content: list[Any] = [step.part for step in steps if step.part is not None]
        notes: tuple[ResultNote, ...]
        content_note: ResultNote | None = None
        if content:
            notes = self.notes(data, True)
        else:
            content_note, content = _empty(data)
            notes = (content_note, *self.notes(data, False))
        body: BedrockToolResultBody = {"toolUseId": data.id, "content": content}
        if data.is_error:
            body["status"] = "error"
        block: BedrockToolResult = {"toolResult": body}
        return Conversion(block, steps, notes, content_note)

    def native_data_path(self, media: str) -> str:
        return "image.source.bytes" if media == "image" else "document.source.bytes"

    def part_texts(self, step: Step) -> tuple[str, ...]:
        """A ``{"text": ...}`` entry's text (the only object part sent as text)."""
        text = step.part.get("text")
        return (text,) if isinstance(text, str) else ()

    def native(self, item: BlobItem, native: Native, names: DocumentNames) -> Step:
        """An image or PDF in Bedrock's own block; a PDF's name unique within the block."""
        if native.media == "image":
            image = {"format": IMAGE_FORMATS[native.mime], "source": {"bytes": native.data}}
            return Step({"image": image}, "native", "image sent as an image block", native)
        if names.full():
            return Step({"text": item.text}, "placeholder", _TOO_MANY)
        name = names.take(document_name(item.uri), True)
        document = {"format": "pdf", "name": name, "source": {"bytes": native.data}}
        return Step({"document": document}, "native", "PDF sent as a document block", native)


def _empty(data: Source) -> tuple[ResultNote, list[Any]]:
    """What stands for no content: a json block (an object), JSON text (any other value),
    ``[]``, or for an error result the note :data:`ERROR_NOTE`."""
    structured = data.structured
    if isinstance(structured, dict):
        return _JSON, [{"json": clone(structured)}]
    if structured is not None:
        return _JSON_TEXT, [{"text": json_encode(structured)}]
    if data.is_error:
        return _ERROR_ONLY, [{"text": ERROR_NOTE}]
    return _NOTHING, []
