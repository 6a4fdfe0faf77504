"""openai: a Chat Completions ``tool`` message; everything travels as one string."""

from __future__ import annotations

from typing import Any

from ..facts import WireFacts
from ..options import Options
from ..text import join_texts
from ._base import Source, Step, text_steps


def string_form(source: Source, facts: WireFacts, options: Options) -> tuple[str, list[Step]]:
    """The SPEC section 3 string of a result, with the step of each entry."""
    steps: list[Step] = text_steps(source._neutral_items, facts, options)
    return join_texts([step[0] for step in steps], source._structured_value), steps


def convert(source: Source, facts: WireFacts, options: Options) -> tuple[Any, list[Step]]:
    content, steps = string_form(source, facts, options)
    return {"role": "tool", "tool_call_id": source.id, "content": content}, steps
