"""The gemini wire's request around its turns (SPEC 9 "Writing")."""

from __future__ import annotations

from typing import Any, Final, cast

from .._common import exhausted
from .._read import (
    ContentPart,
    DocumentPart,
    ImagePart,
    OpaquePart,
    TextPart,
)
from .._write import RequestShape
from .shapes import (
    GeminiBlob,
    GeminiBody,
    GeminiContent,
    GeminiFileData,
    GeminiPart,
)
from .signatures import sign_steps

#: Contents written, and the parts that had no form there.
_Written = tuple[list[GeminiContent], list[ContentPart]]


class GeminiRequest(RequestShape):
    """Parts: ``text``, ``inlineData`` (inline media), ``fileData`` (by URI); the model's
    parts before its ``functionCall`` parts; ``systemInstruction`` beside ``contents``."""

    def parts(self, parts: list[ContentPart]) -> list[GeminiPart]:
        out: list[GeminiPart] = []
        for part in parts:
            if isinstance(part, TextPart):
                out.append({"text": part.text})
            elif isinstance(part, (ImagePart, DocumentPart)):
                # a MIME is never invented: one unknown is left out (``fileData`` takes
                # none; media inline without one is sniffed, or dropped, by the reader)
                if part.data is not None:
                    blob: GeminiBlob = {"data": part.data}
                    if part.mime:
                        blob = {"mimeType": part.mime, "data": part.data}
                    out.append({"inlineData": blob})
                else:
                    # a part without data has its URL (the reader's)
                    file: GeminiFileData = {"fileUri": cast(str, part.url)}
                    if part.mime:
                        file = {"mimeType": part.mime, "fileUri": cast(str, part.url)}
                    out.append({"fileData": file})
            elif isinstance(part, OpaquePart):
                out.append(part.value)
            else:
                exhausted(part)
        return out

    def user(self, parts: list[ContentPart]) -> _Written:
        return [{"role": "user", "parts": self.parts(parts)}], []

    def assistant(self, parts: list[ContentPart], echo: list[Any]) -> _Written:
        if not echo:
            return [{"role": "model", "parts": self.parts(parts)}], []
        first = cast(GeminiContent, dict(echo[0]))  # the echo is TURN.echo's
        first["parts"] = self.parts(parts) + first["parts"]
        return [first, *echo[1:]], []

    def body(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        body: GeminiBody = {"contents": messages}
        if system is not None:
            body = {"systemInstruction": {"parts": [{"text": system}]}, "contents": messages}
        return cast(dict[str, Any], body)  # JSON from here: settings and lint edit it

    def sign(self, body: dict[str, Any]) -> list[int]:
        """Each model content with calls and no signature: its first call part gets
        :data:`~.signatures.SKIP_SIGNATURE` (in ``body``, which the caller owns)."""
        return sign_steps(body)


REQUEST: Final[RequestShape] = GeminiRequest("gemini")
