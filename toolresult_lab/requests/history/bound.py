"""What follows a change in a request: the blocks a provider binds to their prefix.

- **Signed thinking** (Anthropic ``thinking`` / ``redacted_thinking`` blocks; Bedrock
  Converse ``reasoningContent``): on a model that binds thinking
  (``budgets.models.binds_thinking``) a change before one is a 400.
- **Reasoning items** (the Responses API's ``reasoning`` items): OpenAI's newer models drop
  the ones that follow a prefix change, silently.

Both are found in the JSON as sent, from a message on, without reading the whole request
again.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Final

__all__ = ["bound_after", "provider_path", "reasoning_after"]

_THINKING: Final = frozenset({"thinking", "redacted_thinking"})
_INDEX: Final = re.compile(r"\[(\d+)\]")


def _signed(wire: str, block: Any) -> bool:
    if not isinstance(block, dict):
        return False
    if wire == "anthropic":
        return block.get("type") in _THINKING
    if wire == "bedrock":
        return "reasoningContent" in block
    return False


def _blocks(wire: str, items: list[Any], key: str, start: int) -> Iterator[tuple[int, int, Any]]:
    for index in range(start, len(items)):
        message = items[index]
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, list):
            for position, block in enumerate(content):
                yield index, position, block


def bound_after(
    wire: str, items: list[Any], key: str, start: tuple[int, int] | None
) -> tuple[str, ...]:
    """The paths of the signed thinking blocks of ``items`` (the request's list under
    ``key``) at or after ``start`` (message, block; ``None``: from the first message)."""
    if wire not in ("anthropic", "bedrock"):
        return ()
    first, block = start if start is not None else (0, 0)
    found: list[str] = []
    for index, position, value in _blocks(wire, items, key, first):
        if (index > first or position >= block) and _signed(wire, value):
            found.append(f"{key}[{index}].content[{position}]")
    return tuple(found)


def reasoning_after(wire: str, items: list[Any], key: str, start: int) -> tuple[str, ...]:
    """The paths of the Responses API's reasoning items of ``items`` from ``start`` on."""
    if wire != "responses":
        return ()
    return tuple(
        f"{key}[{index}]"
        for index in range(start, len(items))
        if isinstance(items[index], dict) and items[index].get("type") == "reasoning"
    )


def provider_path(path: str) -> str:
    """``messages[3].content[1]`` as Anthropic's errors spell it: ``messages.3.content.1``."""
    return _INDEX.sub(r".\1", path)
