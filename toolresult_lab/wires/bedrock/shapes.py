"""The bedrock wire's request as TypedDicts: the Converse body and the message and content
block kinds its writer (``REQUEST``, ``TURN``) produces, payload bytes as base64 text (boto3
takes them as bytes: ``for_boto3``), each a subset of botocore's ``bedrock-runtime``
service model (``ConverseRequest``, ``Message``, ``ContentBlock``, ``ImageBlock``,
``DocumentBlock``, ``ToolUseBlock``, ``SystemContentBlock``, ``ToolConfiguration``). Plain
dicts at run time; one union of block kinds, as the Vercel AI SDK types a prompt."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from .blocks import BedrockToolResult

__all__ = [
    "BedrockBlock",
    "BedrockBody",
    "BedrockBytes",
    "BedrockCachePoint",
    "BedrockCachePointBlock",
    "BedrockDocument",
    "BedrockDocumentBlock",
    "BedrockErrorResult",
    "BedrockErrorResultBody",
    "BedrockImage",
    "BedrockImageBlock",
    "BedrockImageFormat",
    "BedrockInferenceConfig",
    "BedrockMessage",
    "BedrockSpecificTool",
    "BedrockText",
    "BedrockTool",
    "BedrockToolChoice",
    "BedrockToolConfig",
    "BedrockToolSpec",
    "BedrockToolUse",
    "BedrockToolUseBlock",
]


class BedrockText(TypedDict):
    text: str


class BedrockBytes(TypedDict):
    """An ``ImageSource`` or ``DocumentSource`` of inline bytes (base64 here)."""

    bytes: str


#: The ``ImageFormat`` enum, lower case.
BedrockImageFormat = Literal["png", "jpeg", "gif", "webp"]


class BedrockImage(TypedDict):
    format: BedrockImageFormat
    source: BedrockBytes


class BedrockImageBlock(TypedDict):
    image: BedrockImage


class BedrockDocument(TypedDict):
    format: Literal["pdf"]
    name: str
    source: BedrockBytes


class BedrockDocumentBlock(TypedDict):
    document: BedrockDocument


class BedrockToolUse(TypedDict):
    toolUseId: str
    name: str
    input: dict[str, Any]


class BedrockToolUseBlock(TypedDict):
    toolUse: BedrockToolUse


class BedrockErrorResultBody(TypedDict):
    """Repair's error result for a call nothing answered (``RequestEdits.missing_result``):
    ``toolUseId`` is ``None`` where the call has none (a finding of its own)."""

    toolUseId: str | None
    content: list[BedrockText]
    status: Literal["error"]


class BedrockErrorResult(TypedDict):
    toolResult: BedrockErrorResultBody


#: Every content block kind the writer produces (a result is the converter's block).
BedrockBlock = (
    BedrockText | BedrockImageBlock | BedrockDocumentBlock | BedrockToolUseBlock | BedrockToolResult
)


class BedrockMessage(TypedDict):
    role: Literal["user", "assistant"]
    content: list[BedrockBlock]


class _BedrockToolSpec(TypedDict):
    name: str
    inputSchema: dict[Literal["json"], dict[str, Any]]


class BedrockToolSpec(_BedrockToolSpec, total=False):
    description: str
    strict: bool


class BedrockTool(TypedDict):
    toolSpec: BedrockToolSpec


class BedrockCachePoint(TypedDict):
    type: Literal["default"]


class BedrockCachePointBlock(TypedDict):
    """A cache point after a tool definition the source marks for caching."""

    cachePoint: BedrockCachePoint


class BedrockSpecificTool(TypedDict):
    name: str


class BedrockToolChoice(TypedDict, total=False):
    """``ToolChoice``, a union: one of ``auto``, ``any`` (empty objects) or ``tool``."""

    auto: dict[str, Any]
    any: dict[str, Any]
    tool: BedrockSpecificTool


class _BedrockToolConfig(TypedDict):
    tools: list[BedrockTool | BedrockCachePointBlock]


class BedrockToolConfig(_BedrockToolConfig, total=False):
    toolChoice: BedrockToolChoice


class BedrockInferenceConfig(TypedDict, total=False):
    """``InferenceConfiguration``."""

    maxTokens: int
    temperature: float
    topP: float
    stopSequences: list[str]


class _BedrockBody(TypedDict):
    messages: list[BedrockMessage]


class BedrockBody(_BedrockBody, total=False):
    """The body: ``system`` and ``messages`` (``body()``), and what the settings writer
    adds: ``inferenceConfig``, Claude's thinking, the ``toolConfig`` (Converse refuses tool
    use without it); the model is the URL's."""

    system: list[BedrockText]
    toolConfig: BedrockToolConfig
    inferenceConfig: BedrockInferenceConfig
    #: A document the model reads as it is (Claude's ``thinking`` here).
    additionalModelRequestFields: dict[str, Any]
