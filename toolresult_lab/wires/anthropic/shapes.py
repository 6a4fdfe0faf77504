"""The anthropic wire's request as TypedDicts: the Messages body and the message and block
kinds its writer (``REQUEST``, ``TURN``) produces, each a subset of the anthropic SDK's
``MessageCreateParams`` types (``MessageParam``, ``TextBlockParam``, ``ImageBlockParam``,
``DocumentBlockParam``, ``Base64ImageSourceParam``, ``URLImageSourceParam``,
``PlainTextSourceParam``, ``ToolUseBlockParam``). Plain dicts at run time; one union of
message kinds, as the Vercel AI SDK types a prompt."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from .blocks import AnthropicToolResult

__all__ = [
    "AnthropicAssistantMessage",
    "AnthropicBase64Source",
    "AnthropicBlock",
    "AnthropicBody",
    "AnthropicDocumentBlock",
    "AnthropicErrorResult",
    "AnthropicImageBlock",
    "AnthropicMessage",
    "AnthropicModeChoice",
    "AnthropicTextBlock",
    "AnthropicTextSource",
    "AnthropicThinking",
    "AnthropicTool",
    "AnthropicToolChoice",
    "AnthropicToolUse",
    "AnthropicURLSource",
    "AnthropicUserMessage",
]


class _AnthropicTextBlock(TypedDict):
    type: Literal["text"]
    text: str


class AnthropicTextBlock(_AnthropicTextBlock, total=False):
    cache_control: dict[str, Any]


class AnthropicBase64Source(TypedDict):
    type: Literal["base64"]
    media_type: str
    data: str


class AnthropicURLSource(TypedDict):
    type: Literal["url"]
    url: str


class AnthropicTextSource(TypedDict):
    """A text document's source (``PlainTextSourceParam``)."""

    type: Literal["text"]
    media_type: str
    data: str


class AnthropicImageBlock(TypedDict):
    type: Literal["image"]
    source: AnthropicBase64Source | AnthropicURLSource


class _AnthropicDocumentBlock(TypedDict):
    type: Literal["document"]
    source: AnthropicBase64Source | AnthropicURLSource | AnthropicTextSource


class AnthropicDocumentBlock(_AnthropicDocumentBlock, total=False):
    title: str
    cache_control: dict[str, Any]


class AnthropicToolUse(TypedDict):
    type: Literal["tool_use"]
    id: str
    name: str
    input: dict[str, Any]


class AnthropicErrorResult(TypedDict):
    """Repair's error result for a call nothing answered (``RequestEdits.missing_result``):
    ``tool_use_id`` is ``None`` where the call has none (a finding of its own)."""

    type: Literal["tool_result"]
    tool_use_id: str | None
    content: str
    is_error: Literal[True]


#: A block the writer puts in a message (a tool result is the converter's block).
AnthropicBlock = (
    AnthropicTextBlock
    | AnthropicImageBlock
    | AnthropicDocumentBlock
    | AnthropicToolUse
    | AnthropicToolResult
)


class AnthropicUserMessage(TypedDict):
    role: Literal["user"]
    content: str | list[AnthropicBlock]


class AnthropicAssistantMessage(TypedDict):
    role: Literal["assistant"]
    content: str | list[AnthropicBlock]


#: Every message kind the writer produces (system is the body's, not a message).
AnthropicMessage = AnthropicUserMessage | AnthropicAssistantMessage


class _AnthropicBody(TypedDict):
    messages: list[AnthropicMessage]


class _AnthropicTool(TypedDict):
    name: str
    input_schema: dict[str, Any]


class AnthropicTool(_AnthropicTool, total=False):
    """A tool definition (``ToolParam``); ``strict`` and the cache mark where the source
    has them."""

    description: str
    strict: bool
    cache_control: dict[str, Any]


class _AnthropicModeChoice(TypedDict):
    type: Literal["auto", "any", "none"]


class AnthropicModeChoice(_AnthropicModeChoice, total=False):
    """``ToolChoiceAutoParam``, ``ToolChoiceAnyParam``, ``ToolChoiceNoneParam``."""

    disable_parallel_tool_use: bool


class _AnthropicToolChoice(TypedDict):
    type: Literal["tool"]
    name: str


class AnthropicToolChoice(_AnthropicToolChoice, total=False):
    """``ToolChoiceToolParam``: one named tool."""

    disable_parallel_tool_use: bool


class AnthropicThinking(TypedDict):
    """``ThinkingConfigEnabledParam``."""

    type: Literal["enabled"]
    budget_tokens: int


class AnthropicBody(_AnthropicBody, total=False):
    """The body: ``system`` and ``messages`` (``body()``), and what the settings writer
    adds (``settings.py``'s ``write``)."""

    system: str
    model: str
    max_tokens: int
    temperature: float
    top_p: float
    top_k: int
    stop_sequences: list[str]
    thinking: AnthropicThinking
    tools: list[AnthropicTool]
    tool_choice: AnthropicModeChoice | AnthropicToolChoice
