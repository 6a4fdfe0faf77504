"""The ollama wire's request around its turns (SPEC 9 "Writing")."""

from __future__ import annotations

from typing import Any, Final, cast

from .._read import (
    ContentPart,
    ImagePart,
    OpaquePart,
)
from .._write import RequestShape, TextOnlyShape
from .shapes import (
    OllamaAssistantMessage,
    OllamaBody,
    OllamaMessage,
    OllamaUserMessage,
)

#: Messages written, and the parts that had no form there.
_Written = tuple[list[OllamaMessage], list[ContentPart]]


class OllamaRequest(TextOnlyShape):
    """Text as ``content``, inline images as ``images`` (base64), an assistant's thinking
    as its ``thinking``; system as the first message."""

    def user(self, parts: list[ContentPart]) -> _Written:
        text, others = self.joined(parts)
        message: OllamaUserMessage = {"role": "user", "content": text}
        images = [p.data for p in others if isinstance(p, ImagePart) and p.data is not None]
        if images:
            message["images"] = images
        lost = [p for p in others if not (isinstance(p, ImagePart) and p.data is not None)]
        return [message], lost

    def assistant(self, parts: list[ContentPart], echo: list[Any]) -> _Written:
        text, others = self.joined(parts)
        thinking = [p for p in others if isinstance(p, OpaquePart) and p.kind == "thinking"]
        lost = [p for p in others if p not in thinking]
        first: OllamaAssistantMessage = {"role": "assistant", "content": text}
        if echo:
            first = cast(OllamaAssistantMessage, dict(echo[0]))  # the echo is TURN.echo's
        if parts:
            first["content"] = text
        if thinking:
            first["thinking"] = thinking[0].value
        return [first, *echo[1:]], lost

    def body(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        typed: list[OllamaMessage] = messages
        if system is not None:
            typed = [{"role": "system", "content": system}, *messages]
        body: OllamaBody = {"messages": typed}
        return cast(dict[str, Any], body)  # JSON from here: settings and lint edit it


REQUEST: Final[RequestShape] = OllamaRequest("ollama")
