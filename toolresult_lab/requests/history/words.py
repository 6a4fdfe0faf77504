"""What changed at the first difference of two messages, in words, from the wire's read parts.

The raw walk (``raw_walk``) finds the exact path; the wire's reader says what sits there (a
tool result, a call, a thinking block, text), so the words are the same on every wire: a
result "cut from 5,000 to 1,200 characters", a call id "renamed", a thinking block "left
out", "moved" or "altered".
"""

from __future__ import annotations

import re
from typing import Any, Final

from ...wires import CallPart, Message, OpaquePart, Part, PrefixFacts, ResultPart, TextPart
from .raw_walk import Spot, same

__all__ = ["describe", "thinking"]


def thinking(part: Part | None, facts: PrefixFacts) -> bool:
    """Whether ``part`` is signed thinking or a reasoning item of the wire (``facts``)."""
    if not isinstance(part, OpaquePart):
        return False
    return any(test is not None and test(part.value) for test in (facts.signed, facts.reasoning))


def _covers(part_path: str, path: str) -> bool:
    return path == part_path or path.startswith((part_path + ".", part_path + "["))


def _part_at(message: Message | None, path: str) -> Part | None:
    """The innermost part of ``message`` (results' contents included) at or around
    ``path``; a result rather than its content, so the words name the result."""
    if message is None:
        return None
    best: Part | None = None
    for part in message.parts:
        if _covers(part.path, path) and (best is None or len(part.path) > len(best.path)):
            best = part
    return best


def _chars(result: ResultPart) -> int:
    return sum(len(text) for text in result.texts)


def _name(part: CallPart | ResultPart) -> str:
    return repr(part.id) if part.id else repr(part.name) if part.name else "a call"


def _block_list(message: Any) -> list[Any]:
    if isinstance(message, dict):
        for key in ("content", "parts"):
            found = message.get(key)
            if isinstance(found, list):
                return found
    return []


def describe(
    spot: Spot,
    old: Message | None,
    new: Message | None,
    old_raw: Any,
    new_raw: Any,
    facts: PrefixFacts,
) -> tuple[str, str, str, str]:
    """The kind of change at ``spot``, what it is in words, and where (in the later and
    the earlier request: the block's path, where the wire reads one there; ``old`` /
    ``new``: the message read by the wire, ``old_raw`` / ``new_raw`` as sent)."""
    before = _part_at(old, spot.old_path)
    after = _part_at(new, spot.path)
    kind, what = _words(spot, before, after, old_raw, new_raw, facts)
    path = after.path if after is not None else _block_path(spot.path)
    old_path = before.path if before is not None else _block_path(spot.old_path)
    if kind in ("thinking-removed", "block-removed") and before is not None:
        path = before.path  # where it was: the later request holds something else there
    return kind, what, path, old_path


_BLOCK: Final = re.compile(r"^([^.\[]+\[\d+\](?:\.[^.\[]+)?(?:\[\d+\])?)")


def _block_path(path: str) -> str:
    """``messages[3].content[1].content[0].text`` -> ``messages[3].content[1]``."""
    found = _BLOCK.match(path)
    return found.group(1) if found else path


def _words(
    spot: Spot,
    before: Part | None,
    after: Part | None,
    old_raw: Any,
    new_raw: Any,
    facts: PrefixFacts,
) -> tuple[str, str]:
    if (
        spot.path.endswith(".role")
        and isinstance(old_raw, dict)
        and isinstance(new_raw, dict)
        and spot.path.count(".") == 1
    ):
        return "role", f"The role changed from {old_raw.get('role')!r} to {new_raw.get('role')!r}"
    if isinstance(before, OpaquePart) and thinking(before, facts):
        return _thinking_change(spot, before, old_raw, new_raw, facts)
    if thinking(after, facts):
        assert after is not None
        return "thinking-inserted", f"A thinking block was inserted at {after.path}"
    if isinstance(before, ResultPart) and isinstance(after, ResultPart):
        return _result_change(before, after)
    if isinstance(before, CallPart) and isinstance(after, CallPart):
        if before.id != after.id:
            return "call-id", f"The call id changed from {before.id!r} to {after.id!r}"
        return "call-changed", f"The call {_name(after)} changed at {spot.path}"
    if spot.how == "removed":
        return "block-removed", f"What was sent at {spot.old_path} is left out"
    if spot.how == "inserted":
        return "block-inserted", f"Something was inserted at {spot.path}, before what was sent"
    if isinstance(before, TextPart) and isinstance(after, TextPart):
        size = f"{len(before.text):,} to {len(after.text):,} characters"
        return "text-changed", f"The text at {spot.path} changed ({size})"
    if before is not None and after is not None and type(before) is not type(after):
        return "changed", f"A different block stands at {spot.path}"
    return "changed", f"{spot.path} differs from what was sent"


def _result_change(before: ResultPart, after: ResultPart) -> tuple[str, str]:
    if before.id != after.id:
        return "call-id", f"The result's call id changed from {before.id!r} to {after.id!r}"
    was, now = _chars(before), _chars(after)
    if now < was:
        return (
            "result-shortened",
            f"The tool result for {_name(after)} was cut from {was:,} to {now:,} characters",
        )
    return (
        "result-changed",
        f"The tool result for {_name(after)} changed ({was:,} to {now:,} characters)",
    )


def _thinking_change(
    spot: Spot, before: OpaquePart, old_raw: Any, new_raw: Any, facts: PrefixFacts
) -> tuple[str, str]:
    """A thinking block that was sent at ``spot.old_path`` and is not there as it was."""
    value = before.value
    old_blocks, new_blocks = _block_list(old_raw), _block_list(new_raw)
    where = next((i for i, block in enumerate(new_blocks) if same(block, value, facts)), None)
    if where is not None:
        moved = f"The thinking block sent at {before.path} moved to content[{where}]"
        return "thinking-moved", moved
    position = next((i for i, block in enumerate(old_blocks) if block is value), None)
    if position is None:  # a Responses reasoning item is its own message
        position = -1
    rest_old = old_blocks[position + 1 :] if position >= 0 else []
    rest_new = new_blocks[position:] if position >= 0 else []
    if spot.how == "removed" or (rest_old and rest_new and same(rest_old[0], rest_new[0], facts)):
        return "thinking-removed", f"The thinking block sent at {before.path} is left out"
    return "thinking-altered", f"The thinking block at {before.path} differs from what was sent"
