"""The settings of a hermes request (SPEC 9): an OpenAI-compatible chat body (the
tools are rendered into the prompt by the server's template), read and written as OpenAI's."""

from __future__ import annotations

from typing import Final

from .._chat_settings import ChatKeys, ChatSettings

__all__ = ["KEYS", "SETTINGS"]

#: The keys of its Chat Completions body (:class:`ChatKeys`).
KEYS: Final = ChatKeys(
    limits=("max_tokens", "max_completion_tokens"),
    numbers=(("temperature", "temperature"), ("top_p", "top_p")),
    choice=("tool_choice", "tool_choice"),
    effort=("reasoning_effort", "reasoning_effort"),
)

SETTINGS: Final = ChatSettings("hermes", KEYS, effort=False)
