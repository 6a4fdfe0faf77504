"""The openai wire's settings: the Chat Completions shape (``wires/_chat_settings.py``)."""

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

SETTINGS: Final = ChatSettings("openai", KEYS, strict=True)
