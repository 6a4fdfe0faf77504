"""Where a request first differs from the one sent before it: the raw walk.

Providers read a conversation as a prefix: the prompt cache matches a request from its start,
Anthropic's preserved thinking binds each returned thinking block to everything before it,
and OpenAI's newer models drop the reasoning items that follow a changed prefix. So what
matters about two successive requests is the *first* place where the later one stops
repeating the earlier one, and whether everything after it is only appended.

This module finds that place in the JSON as sent (SDK objects already dumped), in the order
a provider reads a request: the model, the tool definitions, the system prompt, then the
list of messages, message by message and block by block. Cache markers are not part of
the comparison (the cache and the prefix check both leave them out): the wire's marker keys
and marker blocks (``wires.PrefixFacts``: Anthropic's ``cache_control``, Bedrock's cache
point blocks). The walk is linear: each message pair is
compared once with ``==`` (C speed); only a pair that differs is walked again, without the
markers, to find the exact path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ...wires import PrefixFacts

__all__ = ["Spot", "first_difference", "same"]

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


def _marker(value: Any, facts: PrefixFacts) -> bool:
    block = facts.marker_block
    return block is not None and isinstance(value, dict) and len(value) == 1 and block in value


def same(a: Any, b: Any, facts: PrefixFacts) -> bool:
    """``a == b`` with the wire's cache markers (``facts``) left out (fast when they are
    equal as they are)."""
    if a == b:
        return True
    keys = facts.marker_keys
    if isinstance(a, dict) and isinstance(b, dict):
        keys_a = [k for k in a if k not in keys]
        keys_b = [k for k in b if k not in keys]
        if sorted(map(str, keys_a)) != sorted(map(str, keys_b)):
            return False
        return all(same(a[k], b[k], facts) for k in keys_a)
    if isinstance(a, list) and isinstance(b, list):
        kept_a = [x for x in a if not _marker(x, facts)]
        kept_b = [x for x in b if not _marker(x, facts)]
        return len(kept_a) == len(kept_b) and all(
            same(x, y, facts) for x, y in zip(kept_a, kept_b, strict=True)
        )
    return False


def _key(prefix: str, key: object) -> str:
    return f"{prefix}.{key}" if prefix else str(key)


def first_difference(a: Any, b: Any, path: str, facts: PrefixFacts) -> Spot | None:
    """The first place (in document order, markers left out) where ``b`` differs from
    ``a``, both found at ``path``; ``None`` when they are the same."""
    if same(a, b, facts):
        return None
    if isinstance(a, dict) and isinstance(b, dict):
        for key in b:
            if key in facts.marker_keys:
                continue
            here = _key(path, key)
            if key not in a:
                return Spot(here, here, "inserted")
            found = first_difference(a[key], b[key], here, facts)
            if found is not None:
                return found
        for key in a:
            if key not in facts.marker_keys and key not in b:
                here = _key(path, key)
                return Spot(here, here, "removed")
        return Spot(path, path, "differs")  # only reached for keys that compare unequal
    if isinstance(a, list) and isinstance(b, list):
        return _list_difference(a, b, path, facts)
    return Spot(path, path, "differs")


def _list_difference(a: list[Any], b: list[Any], path: str, facts: PrefixFacts) -> Spot | None:
    kept_a = [(i, x) for i, x in enumerate(a) if not _marker(x, facts)]
    kept_b = [(i, x) for i, x in enumerate(b) if not _marker(x, facts)]
    for (ia, xa), (ib, xb) in zip(kept_a, kept_b, strict=False):
        if not same(xa, xb, facts):
            old, new = f"{path}[{ia}]", f"{path}[{ib}]"
            nested = first_difference(xa, xb, new, facts)
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
