"""The shapes ``ToolResult.to()`` returns, as TypedDicts (plain dicts at run time).

``to("openai")`` is typed :class:`OpenAIToolMessage`, ``to("hermes")`` a ``str``, and so
on, so a caller's editor knows the keys of each wire's block. Each wire declares its own
(``wires/<wire>/blocks.py``); this module gathers them under one name.
"""

from __future__ import annotations

from ..wires import (
    AnthropicToolResult,
    BedrockToolResult,
    BedrockToolResultBody,
    GeminiFunctionResponse,
    GeminiFunctionResponsePart,
    GeminiInlineData,
    GeminiInlinePart,
    OllamaToolMessage,
    OpenAIToolMessage,
    ResponsesFunctionCallOutput,
    ResponsesInputFile,
    ResponsesInputImage,
    ResponsesInputText,
)

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
