"""The responses wire's request around its turns (SPEC 9 "Writing")."""

from __future__ import annotations

from typing import Any, Final, cast

from ...conversion.filenames import DEFAULT_PDF_NAME
from .._common import exhausted
from .._read import (
    ContentPart,
    DocumentPart,
    ImagePart,
    OpaquePart,
    TextPart,
)
from .._write import RequestShape, data_url
from .shapes import (
    ResponsesBody,
    ResponsesContent,
    ResponsesImage,
    ResponsesItem,
)

#: Input items written, and the parts that had no form there.
_Written = tuple[list[ResponsesItem], list[ContentPart]]


class ResponsesRequest(RequestShape):
    """User messages as a string or ``input_text`` / ``input_image`` / ``input_file`` parts;
    the assistant's text as a message item and its other items (reasoning, ...) in place,
    before its ``function_call`` items; ``instructions`` beside ``input``."""

    def user(self, parts: list[ContentPart]) -> _Written:
        if len(parts) == 1 and isinstance(parts[0], TextPart):
            return [{"role": "user", "content": parts[0].text}], []
        content: list[ResponsesContent] = []
        lost: list[ContentPart] = []
        for part in parts:
            media = (getattr(part, "mime", None) or "").lower()
            if isinstance(part, TextPart):
                content.append({"type": "input_text", "text": part.text})
            elif isinstance(part, DocumentPart) and media.startswith(("audio/", "video/")):
                lost.append(part)  # an input_file of audio or video is refused (a Loss)
            elif isinstance(part, ImagePart):
                # a part without data has its URL (the reader's)
                url = data_url(part.mime, part.data) if part.data is not None else part.url
                # the SDK's ResponseInputImageParam requires detail; "auto" is the default
                detail = part.detail if part.detail is not None else "auto"
                image: ResponsesImage = {
                    "type": "input_image",
                    "image_url": cast(str, url),
                    "detail": detail,
                }
                content.append(image)
            elif isinstance(part, DocumentPart):
                if part.data is None:
                    content.append({"type": "input_file", "file_url": cast(str, part.url)})
                else:
                    name = part.name or DEFAULT_PDF_NAME
                    data = data_url(part.mime, part.data)
                    content.append({"type": "input_file", "filename": name, "file_data": data})
            elif isinstance(part, OpaquePart):
                content.append(part.value)
            else:
                exhausted(part)
        if not content:
            return [], lost
        return [{"role": "user", "content": content}], lost

    def assistant(self, parts: list[ContentPart], echo: list[Any]) -> _Written:
        items: list[ResponsesItem] = []
        lost: list[ContentPart] = []
        for part in parts:
            if isinstance(part, OpaquePart):
                items.append(part.value)
            elif isinstance(part, TextPart):
                items.append({"role": "assistant", "content": part.text})
            elif isinstance(part, (ImagePart, DocumentPart)):
                lost.append(part)
            else:
                exhausted(part)
        return items + echo, lost

    def body(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        body: ResponsesBody = {"input": messages}
        if system is not None:
            body = {"instructions": system, "input": messages}
        return cast(dict[str, Any], body)  # JSON from here: settings and lint edit it


REQUEST: Final[RequestShape] = ResponsesRequest("responses")
