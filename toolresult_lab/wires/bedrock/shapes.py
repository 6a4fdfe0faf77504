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
    "BedrockDocument",
    "BedrockDocumentBlock",
    "BedrockErrorResult",
    "BedrockErrorResultBody",
    "BedrockImage",
    "BedrockImageBlock",
    "BedrockImageFormat",
    "BedrockMessage",
    "BedrockText",
    "BedrockTool",
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


class BedrockTool(TypedDict):
    toolSpec: BedrockToolSpec


class BedrockToolConfig(TypedDict):
    tools: list[BedrockTool]


class _BedrockBody(TypedDict):
    messages: list[BedrockMessage]


class BedrockBody(_BedrockBody, total=False):
    """The body: ``system`` and ``messages`` (``body()``), and the ``toolConfig`` the
    settings writer adds (Converse refuses tool use without it); the model is the URL's."""

    system: list[BedrockText]
    toolConfig: BedrockToolConfig
