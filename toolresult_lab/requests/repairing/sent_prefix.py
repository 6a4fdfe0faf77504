"""What ``repair`` must leave as it is: the prefix a provider has bound (issue 38).

Two cases:

- **``previous=``** (the request sent before this one in the same conversation): every
  message this request repeats from it, and the fields before the messages (model, tools,
  system prompt) where it repeats them. Changing any of it re-bills the prompt cache from
  there on, makes newer OpenAI models drop the reasoning after it, and on a model that
  binds thinking is a 400.
- **No ``previous``, a model that binds thinking** (``budgets.models.binds_thinking``):
  everything before the request's last signed thinking block, and the block itself.

Each frozen place is a path (a message, a block, a field) with why, which ``repair``'s
rounds refuse to touch (``refusals.refusing``) and report unfixed.
"""

from __future__ import annotations

from typing import Any

from ...budgets.models import binds_thinking
from ...wires import ReadRequest, plain_request, wire_module
from ..history import diff_reads
from ..history.bound import bound_after

__all__ = ["frozen", "unchanged"]


def _items(read: ReadRequest) -> list[Any]:
    raw = read.raw
    found = raw.get(read.key) if isinstance(raw, dict) else raw
    return found if isinstance(found, list) else []


def frozen(read: ReadRequest, previous: Any, model: str | None) -> dict[str, str]:
    """The paths ``repair`` must not change in ``read``, each with why (empty: none)."""
    key = read.key
    items = _items(read)
    facts = wire_module(read.wire).checks.prefix
    if previous is not None:
        earlier = plain_request(read.wire, previous)
        found = diff_reads(earlier, read, model=model)
        change = found.change
        why = "the previous request sent it: changing it would change the conversation's prefix"
        paths: dict[str, str] = {}
        if (change is None or change.index is not None) and isinstance(read.raw, dict):
            for field, _ in facts.fields:
                if field in read.raw:
                    paths[field] = why
        if found.continues:
            return paths
        count = found.kept if change is not None else min(len(items), found.kept)
        paths.update({f"{key}[{index}]": why for index in range(count)})
        return paths
    if binds_thinking(read.wire, model) is None:
        return {}
    signed = bound_after(facts, items, key, None)
    if not signed:
        return {}
    last = signed[-1]
    message = int(last[len(key) + 1 : last.index("]")])
    block = int(last[last.rindex("[") + 1 : -1])
    why = (
        f"it comes before the signed thinking block at {last}, which {model} binds to"
        " everything before it; changing it is a 400, bound to a different conversation"
    )
    paths = {f"{key}[{index}]": why for index in range(message)}
    paths.update({f"{key}[{message}].content[{j}]": why for j in range(block + 1)})
    if isinstance(read.raw, dict):
        for field, _ in facts.fields:
            if field in read.raw:
                paths[field] = why
    return paths


def unchanged(read: ReadRequest, fixed: Any, paths: dict[str, str]) -> bool:
    """Whether ``fixed`` (the repaired copy) holds every frozen message and field of
    ``read`` as it was (block paths: their whole message must be as it was up to them)."""
    given = read.raw
    key = read.key
    old = _items(read)
    new = fixed.get(key) if isinstance(fixed, dict) else fixed
    new = new if isinstance(new, list) else []
    for path in paths:
        if path.startswith(key + "["):
            index = int(path[len(key) + 1 : path.index("]")])
            if index >= len(new) or index >= len(old):
                return False
            if "." not in path:
                if new[index] != old[index]:
                    return False
                continue
            block = int(path[path.rindex("[") + 1 : -1])
            was, now = old[index], new[index]
            was_blocks = was.get("content") if isinstance(was, dict) else None
            now_blocks = now.get("content") if isinstance(now, dict) else None
            if not isinstance(was_blocks, list) or not isinstance(now_blocks, list):
                if was != now:
                    return False
                continue
            if was_blocks[: block + 1] != now_blocks[: block + 1]:
                return False
        elif (
            isinstance(given, dict)
            and isinstance(fixed, dict)
            and given.get(path) != fixed.get(path)
        ):
            return False
    return True
