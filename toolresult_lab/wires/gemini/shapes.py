"""The gemini wire's request as TypedDicts: the ``generateContent`` body and the content
and part kinds its writer (``REQUEST``, ``TURN``) produces, in the REST API's camelCase,
each a subset of google-genai's types (``Content``, ``Part``, ``Blob``, ``FileData``,
``FunctionCall``; ``GenerateContentConfig.system_instruction``). Plain dicts at run time;
one union of part kinds, as the Vercel AI SDK types a prompt."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from .blocks import GeminiFunctionResponsePart

__all__ = [
    "GeminiBlob",
    "GeminiBlobPart",
    "GeminiBody",
    "GeminiCallPart",
    "GeminiContent",
    "GeminiFileData",
    "GeminiFilePart",
    "GeminiFunctionCall",
    "GeminiFunctionCallingConfig",
    "GeminiFunctionDeclaration",
    "GeminiGenerationConfig",
    "GeminiPart",
    "GeminiSystemInstruction",
    "GeminiTextPart",
    "GeminiThinkingConfig",
    "GeminiTool",
    "GeminiToolConfig",
]


class GeminiTextPart(TypedDict):
    text: str


class _GeminiBlob(TypedDict):
    data: str


class GeminiBlob(_GeminiBlob, total=False):
    """Inline data; a MIME type never invented: one unknown is left out."""

    mimeType: str


class GeminiBlobPart(TypedDict):
    inlineData: GeminiBlob


class _GeminiFileData(TypedDict):
    fileUri: str


class GeminiFileData(_GeminiFileData, total=False):
    mimeType: str


class GeminiFilePart(TypedDict):
    fileData: GeminiFileData


class _GeminiFunctionCall(TypedDict):
    name: str
    args: dict[str, Any]


class GeminiFunctionCall(_GeminiFunctionCall, total=False):
    id: str


class _GeminiCallPart(TypedDict):
    functionCall: GeminiFunctionCall


class GeminiCallPart(_GeminiCallPart, total=False):
    """A call's part; the Part fields a ``ToolCall.extra["gemini"]`` may add beside it
    (``turn.PART_FIELDS``), and the skip signature ``sign`` gives an unsigned call."""

    thought: bool
    thoughtSignature: str
    partMetadata: dict[str, Any]


#: Every part kind the writer produces (a result is the converter's ``functionResponse``).
GeminiPart = (
    GeminiTextPart | GeminiBlobPart | GeminiFilePart | GeminiCallPart | GeminiFunctionResponsePart
)


class GeminiContent(TypedDict):
    role: Literal["user", "model"]
    parts: list[GeminiPart]


class GeminiSystemInstruction(TypedDict):
    parts: list[GeminiTextPart]


class _GeminiBody(TypedDict):
    contents: list[GeminiContent]


class GeminiThinkingConfig(TypedDict):
    thinkingBudget: int


class GeminiGenerationConfig(TypedDict, total=False):
    """What the settings writer puts in ``generationConfig`` (``GenerationConfig``)."""

    maxOutputTokens: int
    temperature: float
    topP: float
    topK: float
    candidateCount: int
    stopSequences: list[str]
    thinkingConfig: GeminiThinkingConfig


class _GeminiFunctionDeclaration(TypedDict):
    name: str
    parametersJsonSchema: dict[str, Any]


class GeminiFunctionDeclaration(_GeminiFunctionDeclaration, total=False):
    description: str


class GeminiTool(TypedDict):
    functionDeclarations: list[GeminiFunctionDeclaration]


class _GeminiFunctionCallingConfig(TypedDict):
    mode: str


class GeminiFunctionCallingConfig(_GeminiFunctionCallingConfig, total=False):
    """``mode`` (``AUTO``, ``ANY``, ``NONE``, ...), the names allowed with ``ANY``."""

    allowedFunctionNames: list[str]


class GeminiToolConfig(TypedDict):
    functionCallingConfig: GeminiFunctionCallingConfig


class GeminiBody(_GeminiBody, total=False):
    """The body: ``systemInstruction`` and ``contents`` (``body()``), and what the settings
    writer adds; the model is the URL's."""

    systemInstruction: GeminiSystemInstruction
    generationConfig: GeminiGenerationConfig
    tools: list[GeminiTool]
    toolConfig: GeminiToolConfig
