"""The hermes wire's request as TypedDicts: a chat body whose every message is text (calls
as ``<tool_call>`` JSON in the assistant's text, results as ``<tool_response>`` text in a
``tool`` message), as its writer (``REQUEST``, ``TURN``) produces it. Hermes has no SDK:
the shape is the chat template's (NousResearch Hermes function calling). Plain dicts at run
time; one union of message kinds, as the Vercel AI SDK types a prompt."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

__all__ = [
    "HermesBody",
    "HermesFunction",
    "HermesMessage",
    "HermesNamedFunction",
    "HermesNamedToolChoice",
    "HermesTextPart",
    "HermesTool",
]


class HermesMessage(TypedDict):
    """Every message kind: a role and its text."""

    role: Literal["system", "user", "assistant", "tool"]
    content: str


class HermesTextPart(TypedDict):
    """A text content part (the OpenAI-compatible servers take one where a string
    stands): the block repair writes in place of another."""

    type: Literal["text"]
    text: str


class _HermesFunction(TypedDict):
    name: str
    parameters: dict[str, Any]


class HermesFunction(_HermesFunction, total=False):
    description: str


class HermesTool(TypedDict):
    """A tool definition, as the OpenAI-compatible servers take it (their chat template
    writes it into the system prompt)."""

    type: Literal["function"]
    function: HermesFunction


class HermesNamedFunction(TypedDict):
    name: str


class HermesNamedToolChoice(TypedDict):
    type: Literal["function"]
    function: HermesNamedFunction


class _HermesBody(TypedDict):
    messages: list[HermesMessage]


class HermesBody(_HermesBody, total=False):
    """The body: ``messages`` (``body()``), and what the settings writer adds (the chat
    settings, ``ChatSettings.write``, without an effort level)."""

    model: str
    max_tokens: int
    temperature: float
    top_p: float
    stop: list[str]
    tools: list[HermesTool]
    tool_choice: Literal["none", "auto", "required"] | HermesNamedToolChoice
