"""The openai wire's request around its turns (SPEC 9 "Writing")."""

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
from .._write import RequestShape, TextOnlyShape, data_url
from .shapes import (
    OpenAIAssistantMessage,
    OpenAIBody,
    OpenAIContentPart,
    OpenAIImageURL,
    OpenAIMessage,
)


class OpenAIRequest(TextOnlyShape):
    """User content as a string or ``text`` / ``image_url`` / ``file`` parts; the assistant's
    text as its message's ``content``; system as the first message."""

    def user(self, parts: list[ContentPart]) -> tuple[list[OpenAIMessage], list[ContentPart]]:
        if len(parts) == 1 and isinstance(parts[0], TextPart):
            return [{"role": "user", "content": parts[0].text}], []
        content: list[OpenAIContentPart] = []
        lost: list[ContentPart] = []
        for part in parts:
            if isinstance(part, TextPart):
                content.append({"type": "text", "text": part.text})
            elif isinstance(part, ImagePart):
                url = data_url(part.mime, part.data) if part.data is not None else part.url
                # a URL or data is what makes an ImagePart (the reader's)
                image: OpenAIImageURL = {"url": cast(str, url)}
                if part.detail is not None:
                    image["detail"] = cast(Any, part.detail)  # as read: lint checks it
                content.append({"type": "image_url", "image_url": image})
            elif isinstance(part, DocumentPart):
                if part.data is None:
                    lost.append(part)
                    continue
                name = part.name or DEFAULT_PDF_NAME
                file_data = data_url(part.mime, part.data)
                content.append({"type": "file", "file": {"filename": name, "file_data": file_data}})
            elif isinstance(part, OpaquePart):
                content.append(part.value)
            else:
                exhausted(part)
        return [{"role": "user", "content": content}], lost

    def joins_texts(self, role: str) -> bool:
        return role == "assistant"  # a user message holds text parts

    def assistant(
        self, parts: list[ContentPart], echo: list[Any]
    ) -> tuple[list[OpenAIMessage], list[ContentPart]]:
        text, lost = self.joined(parts)
        if not echo:
            return [{"role": "assistant", "content": text}], lost
        first = cast(OpenAIAssistantMessage, dict(echo[0]))  # the echo is TURN.echo's
        if parts:
            first["content"] = text
        return [first, *echo[1:]], lost

    def body(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        typed: list[OpenAIMessage] = messages
        if system is not None:
            typed = [{"role": "system", "content": system}, *messages]
        body: OpenAIBody = {"messages": typed}
        return cast(dict[str, Any], body)  # JSON from here: settings and lint edit it


REQUEST: Final[RequestShape] = OpenAIRequest("openai")
