"""The responses wire's request as TypedDicts: the Responses body and the input item and
content kinds its writer (``REQUEST``, ``TURN``) produces, each a subset of the openai
SDK's ``ResponseCreateParams`` types (``EasyInputMessageParam``,
``ResponseInputTextParam``, ``ResponseInputImageParam``, ``ResponseInputFileParam``,
``ResponseFunctionToolCallParam``). Plain dicts at run time; one union of item kinds, as
the Vercel AI SDK types a prompt."""

from __future__ import annotations

from typing import Literal, TypedDict

from .blocks import ResponsesFunctionCallOutput, ResponsesInputFile, ResponsesInputText

__all__ = [
    "ResponsesAssistantMessage",
    "ResponsesBody",
    "ResponsesContent",
    "ResponsesErrorOutput",
    "ResponsesFileURL",
    "ResponsesFunctionCall",
    "ResponsesImage",
    "ResponsesItem",
    "ResponsesUserMessage",
]


class ResponsesImage(TypedDict):
    """A user's image: ``detail`` always (the SDK's ``ResponseInputImageParam`` requires it)."""

    type: Literal["input_image"]
    image_url: str
    detail: str


class ResponsesFileURL(TypedDict):
    type: Literal["input_file"]
    file_url: str


#: A user message's content part.
ResponsesContent = ResponsesInputText | ResponsesImage | ResponsesFileURL | ResponsesInputFile


class ResponsesUserMessage(TypedDict):
    role: Literal["user"]
    content: str | list[ResponsesContent]


class ResponsesAssistantMessage(TypedDict):
    role: Literal["assistant"]
    content: str


class ResponsesFunctionCall(TypedDict):
    type: Literal["function_call"]
    call_id: str
    name: str
    arguments: str


class ResponsesErrorOutput(TypedDict):
    """Repair's error output for a call nothing answered (``RequestEdits.missing_result``):
    ``call_id`` is ``None`` where the call has none (a finding of its own)."""

    type: Literal["function_call_output"]
    call_id: str | None
    output: str


#: Every input item kind the writer produces (a result is the converter's item).
ResponsesItem = (
    ResponsesUserMessage
    | ResponsesAssistantMessage
    | ResponsesFunctionCall
    | ResponsesFunctionCallOutput
)


class _ResponsesBody(TypedDict):
    input: list[ResponsesItem]


class ResponsesBody(_ResponsesBody, total=False):
    """The body: ``instructions`` and ``input`` (``body()``), and the model the settings
    writer adds."""

    instructions: str
    model: str
