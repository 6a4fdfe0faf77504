"""What follows a change in a request: the blocks a provider binds to their prefix.

- **Signed thinking** (Anthropic's thinking blocks, Bedrock Converse's reasoning content;
  ``wires.PrefixFacts.signed``): on a model that binds thinking
  (``budgets.models.binds_thinking``) a change before one is a 400.
- **Reasoning items** (the Responses API's ``reasoning`` items): OpenAI's newer models drop
  the ones that follow a prefix change, silently.

Both are found in the JSON as sent, from a message on, without reading the whole request
again.
"""

from __future__ import annotations

import re
from typing import Any, Final

from ...wires import PrefixFacts

__all__ = ["bound_after", "provider_path", "reasoning_after"]

_INDEX: Final = re.compile(r"\[(\d+)\]")


def bound_after(
    facts: PrefixFacts, items: list[Any], key: str, start: tuple[int, int] | None
) -> tuple[str, ...]:
    """The paths of the signed thinking blocks (``facts.signed``) of ``items`` (the
    request's list under ``key``) at or after ``start`` (message, block; ``None``: from the
    first message)."""
    signed = facts.signed
    if signed is None:
        return ()
    first, block = start if start is not None else (0, 0)
    found: list[str] = []
    for index in range(first, len(items)):
        message = items[index]
        content = message.get("content") if isinstance(message, dict) else None
        if not isinstance(content, list):
            continue
        for position, value in enumerate(content):
            if (index > first or position >= block) and signed(value):
                found.append(f"{key}[{index}].content[{position}]")
    return tuple(found)


def reasoning_after(facts: PrefixFacts, items: list[Any], key: str, start: int) -> tuple[str, ...]:
    """The paths of the reasoning items (``facts.reasoning``) of ``items`` from ``start``."""
    reasoning = facts.reasoning
    if reasoning is None:
        return ()
    return tuple(f"{key}[{index}]" for index in range(start, len(items)) if reasoning(items[index]))


def provider_path(path: str) -> str:
    """``messages[3].content[1]`` as Anthropic's errors spell it: ``messages.3.content.1``."""
    return _INDEX.sub(r".\1", path)
