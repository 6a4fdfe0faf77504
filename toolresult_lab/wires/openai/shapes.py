"""The openai wire's request as TypedDicts: the Chat Completions body and the message and
content-part kinds its writer (``REQUEST``, ``TURN``) produces, each a subset of the openai
SDK's ``CompletionCreateParams`` types (``ChatCompletion*MessageParam``,
``ChatCompletionContentPart*Param``, ``ChatCompletionMessageFunctionToolCallParam``).
Plain dicts at run time; one union of message kinds, as the Vercel AI SDK types a prompt."""

from __future__ import annotations

from typing import Literal, TypedDict

from .blocks import OpenAIToolMessage

__all__ = [
    "OpenAIAssistantMessage",
    "OpenAIBody",
    "OpenAIContentPart",
    "OpenAIErrorResult",
    "OpenAIFile",
    "OpenAIFilePart",
    "OpenAIFunction",
    "OpenAIImagePart",
    "OpenAIImageURL",
    "OpenAIMessage",
    "OpenAISystemMessage",
    "OpenAITextPart",
    "OpenAIToolCall",
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


class _OpenAIBody(TypedDict):
    messages: list[OpenAIMessage]


class OpenAIBody(_OpenAIBody, total=False):
    """The body: ``messages`` (``body()``), and the model the settings writer adds."""

    model: str
