"""The openai wire's settings: the Chat Completions shape (``wires/_chat_settings.py``)."""

from __future__ import annotations

from typing import Final

from .._chat_settings import ChatKeys, ChatSettings
from .._settings import SettingSource, ToolNames

__all__ = ["KEYS", "SETTINGS", "TOOL_NAMES"]

#: The keys of its Chat Completions body (:class:`ChatKeys`).
KEYS: Final = ChatKeys(
    limits=("max_tokens", "max_completion_tokens"),
    numbers=(("temperature", "temperature"), ("top_p", "top_p")),
    choice=("tool_choice", "tool_choice"),
    effort=("reasoning_effort", "reasoning_effort"),
)

#: A function's name: a-z, A-Z, 0-9, ``_`` and ``-``, at most 64 characters.
TOOL_NAMES: Final = ToolNames(
    "a-zA-Z0-9_-",
    64,
    SettingSource(
        "tool names",
        'openai-python 3.63.0 FunctionDefinition.name ("Must be a-z, A-Z, 0-9, or contain'
        ' underscores and dashes, with a maximum length of 64"); the API: Invalid'
        " 'tools[0].function.name': string does not match pattern. Expected a string that"
        " matches the pattern '^[a-zA-Z0-9_-]+$'.",
        "https://github.com/openai/openai-python/blob/main/src/openai/types/shared_params/function_definition.py",
        "2026-12-07",
    ),
)
SETTINGS: Final = ChatSettings("openai", KEYS, strict=True, tool_names=TOOL_NAMES)
