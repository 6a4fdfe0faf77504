"""The responses wire's request as TypedDicts: the Responses body and the input item and
content kinds its writer (``REQUEST``, ``TURN``) produces, each a subset of the openai
SDK's ``ResponseCreateParams`` types (``EasyInputMessageParam``,
``ResponseInputTextParam``, ``ResponseInputImageParam``, ``ResponseInputFileParam``,
``ResponseFunctionToolCallParam``). Plain dicts at run time; one union of item kinds, as
the Vercel AI SDK types a prompt."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from .blocks import ResponsesFunctionCallOutput, ResponsesInputFile, ResponsesInputText

__all__ = [
    "ResponsesAllowedTools",
    "ResponsesAssistantMessage",
    "ResponsesBody",
    "ResponsesContent",
    "ResponsesErrorOutput",
    "ResponsesFileURL",
    "ResponsesFunctionCall",
    "ResponsesFunctionTool",
    "ResponsesImage",
    "ResponsesItem",
    "ResponsesNamedFunction",
    "ResponsesReasoning",
    "ResponsesText",
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


class _ResponsesFunctionTool(TypedDict):
    type: Literal["function"]
    name: str
    parameters: dict[str, Any]
    strict: bool


class ResponsesFunctionTool(_ResponsesFunctionTool, total=False):
    """A tool definition (``FunctionToolParam``: ``strict`` required)."""

    description: str


class ResponsesNamedFunction(TypedDict):
    """``ToolChoiceFunctionParam``; an entry of an allowed-tools list too."""

    type: Literal["function"]
    name: str


class ResponsesAllowedTools(TypedDict):
    """``ToolChoiceAllowedParam``."""

    type: Literal["allowed_tools"]
    mode: Literal["auto", "required"]
    tools: list[ResponsesNamedFunction]


class ResponsesReasoning(TypedDict):
    effort: str


class ResponsesText(TypedDict, total=False):
    """``ResponseTextConfigParam``: the output format and verbosity."""

    format: dict[str, Any]
    verbosity: str


class ResponsesBody(_ResponsesBody, total=False):
    """The body: ``instructions`` and ``input`` (``body()``), and what the settings writer
    adds (``settings.py``'s ``write``)."""

    instructions: str
    model: str
    max_output_tokens: int
    temperature: float
    top_p: float
    reasoning: ResponsesReasoning
    text: ResponsesText
    tools: list[ResponsesFunctionTool]
    tool_choice: (
        Literal["none", "auto", "required"] | ResponsesNamedFunction | ResponsesAllowedTools
    )
    parallel_tool_calls: bool
