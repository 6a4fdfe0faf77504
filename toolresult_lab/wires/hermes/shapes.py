"""The hermes wire's request as TypedDicts: a chat body whose every message is text (calls
as ``<tool_call>`` JSON in the assistant's text, results as ``<tool_response>`` text in a
``tool`` message), as its writer (``REQUEST``, ``TURN``) produces it. Hermes has no SDK:
the shape is the chat template's (NousResearch Hermes function calling). Plain dicts at run
time; one union of message kinds, as the Vercel AI SDK types a prompt."""

from __future__ import annotations

from typing import Literal, TypedDict

__all__ = ["HermesBody", "HermesMessage", "HermesTextPart"]


class HermesMessage(TypedDict):
    """Every message kind: a role and its text."""

    role: Literal["system", "user", "assistant", "tool"]
    content: str


class HermesTextPart(TypedDict):
    """A text content part (the OpenAI-compatible servers take one where a string
    stands): the block repair writes in place of another."""

    type: Literal["text"]
    text: str


class _HermesBody(TypedDict):
    messages: list[HermesMessage]


class HermesBody(_HermesBody, total=False):
    """The body: ``messages`` (``body()``), and the model the settings writer adds."""

    model: str
