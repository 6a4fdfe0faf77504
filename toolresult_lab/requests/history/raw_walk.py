"""Where a request first differs from the one sent before it: the raw walk.

Providers read a conversation as a prefix: the prompt cache matches a request from its start,
Anthropic's preserved thinking binds each returned thinking block to everything before it,
and OpenAI's newer models drop the reasoning items that follow a changed prefix. So what
matters about two successive requests is the *first* place where the later one stops
repeating the earlier one, and whether everything after it is only appended.

This module finds that place in the JSON as sent (SDK objects already dumped), in the order
a provider reads a request: the model, the tool definitions, the system prompt, then the
list of messages, message by message and block by block. Cache markers are not part of
the comparison (the cache and the prefix check both leave them out): a ``cache_control``
key anywhere, and Bedrock's ``cachePoint`` blocks. The walk is linear: each message pair is
compared once with ``==`` (C speed); only a pair that differs is walked again, without the
markers, to find the exact path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

__all__ = ["MARKER_KEYS", "Spot", "first_difference", "prefix_fields", "same"]

#: The keys of a cache marker inside a block, a tool or a message (left out).
MARKER_KEYS: Final = frozenset({"cache_control"})
#: A block that is only a cache marker (Bedrock's ``{"cachePoint": {...}}``), left out.
_MARKER_BLOCK: Final = "cachePoint"

#: The fields before the messages that a provider reads as part of the prefix, in its
#: order: the model (a cache is per model), the tool definitions, the system prompt.
_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "anthropic": ("model", "tools", "system"),
    "bedrock": ("modelId", "toolConfig", "system"),
    "openai": ("model", "tools", "functions"),
    "responses": ("model", "tools", "instructions"),
    "gemini": ("model", "tools", "systemInstruction", "system_instruction"),
    "ollama": ("model", "tools"),
    "hermes": ("model", "tools"),
}

How = Literal["differs", "removed", "inserted"]


@dataclass(frozen=True)
class Spot:
    """Where two values first differ: ``path`` in the later request (where the earlier
    one's element was, when it is gone), ``old_path`` in the earlier one, and ``how``:
    ``differs`` (both hold something there), ``removed`` (only the earlier one),
    ``inserted`` (only the later one, before more of what was sent)."""

    path: str
    old_path: str
    how: How


def prefix_fields(wire: str) -> tuple[str, ...]:
    """The body fields ``wire`` reads before its messages, in order."""
    return _FIELDS.get(wire, ("model", "tools"))


def _marker(value: Any) -> bool:
    return isinstance(value, dict) and len(value) == 1 and _MARKER_BLOCK in value


def same(a: Any, b: Any) -> bool:
    """``a == b`` with cache markers left out (fast when they are equal as they are)."""
    if a == b:
        return True
    if isinstance(a, dict) and isinstance(b, dict):
        keys_a = [k for k in a if k not in MARKER_KEYS]
        keys_b = [k for k in b if k not in MARKER_KEYS]
        if sorted(map(str, keys_a)) != sorted(map(str, keys_b)):
            return False
        return all(same(a[k], b[k]) for k in keys_a)
    if isinstance(a, list) and isinstance(b, list):
        kept_a = [x for x in a if not _marker(x)]
        kept_b = [x for x in b if not _marker(x)]
        return len(kept_a) == len(kept_b) and all(map(same, kept_a, kept_b))
    return False


def _key(prefix: str, key: object) -> str:
    return f"{prefix}.{key}" if prefix else str(key)


def first_difference(a: Any, b: Any, path: str) -> Spot | None:
    """The first place (in document order, markers left out) where ``b`` differs from
    ``a``, both found at ``path``; ``None`` when they are the same."""
    if same(a, b):
        return None
    if isinstance(a, dict) and isinstance(b, dict):
        for key in b:
            if key in MARKER_KEYS:
                continue
            here = _key(path, key)
            if key not in a:
                return Spot(here, here, "inserted")
            found = first_difference(a[key], b[key], here)
            if found is not None:
                return found
        for key in a:
            if key not in MARKER_KEYS and key not in b:
                here = _key(path, key)
                return Spot(here, here, "removed")
        return Spot(path, path, "differs")  # only reached for keys that compare unequal
    if isinstance(a, list) and isinstance(b, list):
        return _list_difference(a, b, path)
    return Spot(path, path, "differs")


def _list_difference(a: list[Any], b: list[Any], path: str) -> Spot | None:
    kept_a = [(i, x) for i, x in enumerate(a) if not _marker(x)]
    kept_b = [(i, x) for i, x in enumerate(b) if not _marker(x)]
    for (ia, xa), (ib, xb) in zip(kept_a, kept_b, strict=False):
        if not same(xa, xb):
            old, new = f"{path}[{ia}]", f"{path}[{ib}]"
            nested = first_difference(xa, xb, new)
            if nested is None or nested.path == new:
                return Spot(new, old, "differs")
            # the nested walk names the later request's path; the earlier one's index may
            # differ by the markers left out
            return Spot(nested.path, old + nested.path[len(new) :], nested.how)
    if len(kept_a) > len(kept_b):
        ia = kept_a[len(kept_b)][0]
        ib = kept_b[-1][0] + 1 if kept_b else 0
        return Spot(f"{path}[{ib}]", f"{path}[{ia}]", "removed")
    if len(kept_b) > len(kept_a):
        ib = kept_b[len(kept_a)][0]
        ia = kept_a[-1][0] + 1 if kept_a else 0
        return Spot(f"{path}[{ib}]", f"{path}[{ia}]", "inserted")
    return None
