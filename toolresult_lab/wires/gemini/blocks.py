"""The gemini wire's tool-result block as TypedDicts: the types ``to("gemini")`` returns
(``toolresult_lab.conversion.block_types`` re-exports them); plain dicts at run time."""

from __future__ import annotations

from typing import Any, TypedDict

__all__ = [
    "GeminiFunctionResponse",
    "GeminiFunctionResponsePart",
    "GeminiInlineData",
    "GeminiInlinePart",
]


class GeminiInlineData(TypedDict):
    mimeType: str
    data: str


class GeminiInlinePart(TypedDict):
    inlineData: GeminiInlineData


class _GeminiFunctionResponse(TypedDict):
    name: str
    response: dict[str, Any]


class GeminiFunctionResponse(_GeminiFunctionResponse, total=False):
    """The body of a gemini ``functionResponse``; ``id`` and ``parts`` only when non-empty."""

    id: str
    parts: list[GeminiInlinePart]


class GeminiFunctionResponsePart(TypedDict):
    """gemini: a ``functionResponse`` part."""

    functionResponse: GeminiFunctionResponse
