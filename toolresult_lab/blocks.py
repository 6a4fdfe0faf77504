"""The shapes ``ToolResult.to()`` returns, as TypedDicts (plain dicts at run time).

``to("openai")`` is typed :class:`OpenAIToolMessage`, ``to("hermes")`` a ``str``, and so
on, so a caller's editor knows the keys of each wire's block.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

__all__ = [
    "AnthropicToolResult",
    "BedrockToolResult",
    "BedrockToolResultBody",
    "Block",
    "GeminiFunctionResponse",
    "GeminiFunctionResponsePart",
    "GeminiInlineData",
    "GeminiInlinePart",
    "OllamaToolMessage",
    "OpenAIToolMessage",
    "ResponsesFunctionCallOutput",
    "ResponsesInputFile",
    "ResponsesInputImage",
    "ResponsesInputText",
]


class OpenAIToolMessage(TypedDict):
    """openai: a Chat Completions ``tool`` message."""

    role: Literal["tool"]
    tool_call_id: str
    content: str


class _OllamaToolMessage(TypedDict):
    role: Literal["tool"]
    tool_name: str
    content: str


class OllamaToolMessage(_OllamaToolMessage, total=False):
    """ollama: a ``tool`` message; ``tool_call_id`` only when the result has an id."""

    tool_call_id: str


class _AnthropicToolResult(TypedDict):
    type: Literal["tool_result"]
    tool_use_id: str
    content: str | list[dict[str, Any]]


class AnthropicToolResult(_AnthropicToolResult, total=False):
    """anthropic: a Messages ``tool_result`` block; ``is_error`` only when true."""

    is_error: Literal[True]


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


class ResponsesInputText(TypedDict):
    type: Literal["input_text"]
    text: str


class ResponsesInputImage(TypedDict):
    type: Literal["input_image"]
    image_url: str


class ResponsesInputFile(TypedDict):
    type: Literal["input_file"]
    filename: str
    file_data: str


class ResponsesFunctionCallOutput(TypedDict):
    """responses: a ``function_call_output`` input item (no ``role``)."""

    type: Literal["function_call_output"]
    call_id: str
    output: str | list[ResponsesInputText | ResponsesInputImage | ResponsesInputFile]


class _BedrockToolResultBody(TypedDict):
    toolUseId: str
    content: list[dict[str, Any]]


class BedrockToolResultBody(_BedrockToolResultBody, total=False):
    """The body of a bedrock ``toolResult``: its ``content`` entries are ``{"text"}``,
    ``{"image"}``, ``{"document"}`` or ``{"json"}``; ``status`` only on an error."""

    status: Literal["error"]


class BedrockToolResult(TypedDict):
    """bedrock: a Converse ``toolResult`` content block (payload bytes as base64 text)."""

    toolResult: BedrockToolResultBody


#: Any wire's block (hermes is a ``str``).
Block = (
    OpenAIToolMessage
    | AnthropicToolResult
    | GeminiFunctionResponsePart
    | OllamaToolMessage
    | ResponsesFunctionCallOutput
    | BedrockToolResult
    | str
)
