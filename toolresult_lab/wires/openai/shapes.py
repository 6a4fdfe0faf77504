"""The openai wire's request as TypedDicts: the Chat Completions body and the message and
content-part kinds its writer (``REQUEST``, ``TURN``) produces, each a subset of the openai
SDK's ``CompletionCreateParams`` types (``ChatCompletion*MessageParam``,
``ChatCompletionContentPart*Param``, ``ChatCompletionMessageFunctionToolCallParam``).
Plain dicts at run time; one union of message kinds, as the Vercel AI SDK types a prompt."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from .blocks import OpenAIToolMessage

__all__ = [
    "OpenAIAllowedTools",
    "OpenAIAllowedToolsChoice",
    "OpenAIAssistantMessage",
    "OpenAIBody",
    "OpenAIContentPart",
    "OpenAIErrorResult",
    "OpenAIFile",
    "OpenAIFilePart",
    "OpenAIFunction",
    "OpenAIFunctionDefinition",
    "OpenAIImagePart",
    "OpenAIImageURL",
    "OpenAIMessage",
    "OpenAINamedFunction",
    "OpenAINamedToolChoice",
    "OpenAISystemMessage",
    "OpenAITextPart",
    "OpenAITool",
    "OpenAIToolCall",
    "OpenAIToolChoice",
    "OpenAIUserMessage",
]


class OpenAITextPart(TypedDict):
    type: Literal["text"]
    text: str


class _OpenAIImageURL(TypedDict):
    url: str


class OpenAIImageURL(_OpenAIImageURL, total=False):
    detail: Literal["auto", "low", "high"]


class OpenAIImagePart(TypedDict):
    type: Literal["image_url"]
    image_url: OpenAIImageURL


class OpenAIFile(TypedDict):
    """An inline file (the SDK's ``FileFile``: this writer always names it)."""

    filename: str
    file_data: str


class OpenAIFilePart(TypedDict):
    type: Literal["file"]
    file: OpenAIFile


#: A user message's content part.
OpenAIContentPart = OpenAITextPart | OpenAIImagePart | OpenAIFilePart


class OpenAISystemMessage(TypedDict):
    role: Literal["system"]
    content: str


class OpenAIUserMessage(TypedDict):
    role: Literal["user"]
    content: str | list[OpenAIContentPart]


class OpenAIFunction(TypedDict):
    name: str
    arguments: str


class OpenAIToolCall(TypedDict):
    id: str
    type: Literal["function"]
    function: OpenAIFunction


class _OpenAIAssistantMessage(TypedDict):
    role: Literal["assistant"]
    content: str | None


class OpenAIAssistantMessage(_OpenAIAssistantMessage, total=False):
    tool_calls: list[OpenAIToolCall]


class _OpenAIErrorResult(TypedDict):
    role: Literal["tool"]
    content: str


class OpenAIErrorResult(_OpenAIErrorResult, total=False):
    """Repair's error result for a call nothing answered (``RequestEdits.missing_result``):
    no ``tool_call_id`` where the call has none (a finding of its own)."""

    tool_call_id: str


#: Every message kind the writer produces (the tool message is the converter's block).
OpenAIMessage = OpenAISystemMessage | OpenAIUserMessage | OpenAIAssistantMessage | OpenAIToolMessage


class _OpenAIFunctionDefinition(TypedDict):
    name: str
    parameters: dict[str, Any]


class OpenAIFunctionDefinition(_OpenAIFunctionDefinition, total=False):
    """A tool's function (``FunctionDefinition``); ``strict`` where the source says."""

    description: str
    strict: bool


class OpenAITool(TypedDict):
    """A tool definition (``ChatCompletionFunctionToolParam``)."""

    type: Literal["function"]
    function: OpenAIFunctionDefinition


class OpenAINamedFunction(TypedDict):
    name: str


class OpenAINamedToolChoice(TypedDict):
    """``ChatCompletionNamedToolChoiceParam``; an entry of an allowed-tools list too."""

    type: Literal["function"]
    function: OpenAINamedFunction


class OpenAIAllowedTools(TypedDict):
    mode: Literal["auto", "required"]
    tools: list[OpenAINamedToolChoice]


class OpenAIAllowedToolsChoice(TypedDict):
    """``ChatCompletionAllowedToolChoiceParam``."""

    type: Literal["allowed_tools"]
    allowed_tools: OpenAIAllowedTools


#: ``tool_choice``: a mode, one named function, or a list of allowed ones.
OpenAIToolChoice = (
    Literal["none", "auto", "required"] | OpenAINamedToolChoice | OpenAIAllowedToolsChoice
)


class _OpenAIBody(TypedDict):
    messages: list[OpenAIMessage]


class OpenAIBody(_OpenAIBody, total=False):
    """The body: ``messages`` (``body()``), and what the settings writer adds
    (``settings.py``: ``ChatSettings.write`` and its table, ``write_own``)."""

    model: str
    max_tokens: int
    #: The limit's newer key: the one written is ``max_tokens`` (``ChatKeys.limits``), but a
    #: body kept on its own wire keeps the one it has.
    max_completion_tokens: int
    temperature: float
    top_p: float
    stop: list[str]
    reasoning_effort: str
    tools: list[OpenAITool]
    tool_choice: OpenAIToolChoice
    parallel_tool_calls: bool
    n: int
    response_format: dict[str, Any]
    verbosity: str
