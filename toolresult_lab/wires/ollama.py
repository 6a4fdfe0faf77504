"""ollama: a ``tool`` message keyed by tool name; ``tool_call_id`` only when there is one."""

from __future__ import annotations

from typing import Any

from ..facts import WireFacts
from ..options import Options
from ._base import Source, Step
from .openai import string_form


def convert(source: Source, facts: WireFacts, options: Options) -> tuple[Any, list[Step]]:
    content, steps = string_form(source, facts, options)
    block: dict[str, Any] = {"role": "tool", "tool_name": source.name}
    if source.id:
        block["tool_call_id"] = source.id
    block["content"] = content
    return block, steps
