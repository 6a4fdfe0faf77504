"""The ollama wire's request as TypedDicts: the ``/api/chat`` body and the message kinds
its writer (``REQUEST``, ``TURN``) produces, each a subset of the ollama SDK's ``Message``
(``role``, ``content``, ``thinking``, ``images``, ``tool_name``, ``tool_calls``) and
``Message.ToolCall``. Plain dicts at run time; one union of message kinds, as the Vercel AI
SDK types a prompt."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from .blocks import OllamaToolMessage

__all__ = [
    "OllamaAssistantMessage",
    "OllamaBody",
    "OllamaFunction",
    "OllamaFunctionDefinition",
    "OllamaMessage",
    "OllamaOptions",
    "OllamaSystemMessage",
    "OllamaTool",
    "OllamaToolCall",
    "OllamaUserMessage",
]


class OllamaSystemMessage(TypedDict):
    role: Literal["system"]
    content: str


class _OllamaUserMessage(TypedDict):
    role: Literal["user"]
    content: str


class OllamaUserMessage(_OllamaUserMessage, total=False):
    """``images``: base64, no MIME type."""

    images: list[str]


class OllamaFunction(TypedDict):
    name: str
    arguments: dict[str, Any]


class _OllamaToolCall(TypedDict):
    function: OllamaFunction


class OllamaToolCall(_OllamaToolCall, total=False):
    id: str


class _OllamaAssistantMessage(TypedDict):
    role: Literal["assistant"]
    content: str


class OllamaAssistantMessage(_OllamaAssistantMessage, total=False):
    thinking: str
    tool_calls: list[OllamaToolCall]


#: Every message kind the writer produces (the tool message is the converter's block).
OllamaMessage = OllamaSystemMessage | OllamaUserMessage | OllamaAssistantMessage | OllamaToolMessage


class OllamaOptions(TypedDict, total=False):
    """The sampling options the settings writer puts in ``options`` (``Options``)."""

    num_predict: int
    temperature: float
    top_p: float
    stop: list[str]


class _OllamaFunctionDefinition(TypedDict):
    name: str
    parameters: dict[str, Any]


class OllamaFunctionDefinition(_OllamaFunctionDefinition, total=False):
    description: str


class OllamaTool(TypedDict):
    """A tool definition (``Tool``, ``Tool.Function``)."""

    type: Literal["function"]
    function: OllamaFunctionDefinition


class _OllamaBody(TypedDict):
    messages: list[OllamaMessage]


class OllamaBody(_OllamaBody, total=False):
    """The body: ``messages`` (``body()``), and what the settings writer adds: the model,
    ``options`` and the tools (ollama has no ``tool_choice``)."""

    model: str
    options: OllamaOptions
    tools: list[OllamaTool]
