"""The settings of a hermes request (SPEC 9): an OpenAI-compatible chat body (the
tools are rendered into the prompt by the server's template), read and written as OpenAI's."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

from .._chat_settings import ChatKeys, ChatSettings
from .._settings import SettingSource
from .._tool_defs import ToolDefs

__all__ = ["KEYS", "SETTINGS", "TOOL_DEFS", "tools_prompt"]

#: The keys of its Chat Completions body (:class:`ChatKeys`).
KEYS: Final = ChatKeys(
    limits=("max_tokens", "max_completion_tokens"),
    numbers=(("temperature", "temperature"), ("top_p", "top_p")),
    choice=("tool_choice", "tool_choice"),
    effort=("reasoning_effort", "reasoning_effort"),
)

SETTINGS: Final = ChatSettings("hermes", KEYS, effort=False)

#: Where the tools prompt's words are from: the chat template of Qwen2.5 (the Hermes tool
#: format that vLLM's ``hermes`` parser and Ollama's Qwen models read).
PROMPT_SOURCE: Final = SettingSource(
    "tools prompt",
    "Qwen2.5-7B-Instruct chat_template: '# Tools', the <tools></tools> block of one"
    " tool|tojson a line, and the <tool_call></tool_call> instruction",
    "https://huggingface.co/Qwen/Qwen2.5-7B-Instruct/blob/main/tokenizer_config.json",
    "2026-12-07",
)
_HEAD: Final = (
    "# Tools\n\nYou may call one or more functions to assist with the user query.\n\n"
    "You are provided with function signatures within <tools></tools> XML tags:\n<tools>"
)
_TAIL: Final = (
    "\n</tools>\n\nFor each function call, return a json object with function name and"
    " arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n"
    '{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>'
)


def tools_prompt(definitions: Sequence[Any]) -> str:
    """The tools section of the system prompt as the template writes it: each definition
    (the Chat Completions form) as its ``tojson`` filter writes it (json.dumps, non-ASCII
    kept), one a line. The template puts it after the system message's text."""
    lines = "".join("\n" + json.dumps(tool, ensure_ascii=False) for tool in definitions)
    return _HEAD + lines + _TAIL


#: What ``tools_for`` needs beside the settings shape: no name rule is documented (the
#: server's template writes names as given), and the prompt text.
TOOL_DEFS: Final = ToolDefs(prompt=tools_prompt, sources=(PROMPT_SOURCE,))
