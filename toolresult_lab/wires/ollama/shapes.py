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
    "OllamaMessage",
    "OllamaSystemMessage",
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


class _OllamaBody(TypedDict):
    messages: list[OllamaMessage]


class OllamaBody(_OllamaBody, total=False):
    """The body: ``messages`` (``body()``), and the model the settings writer adds."""

    model: str
