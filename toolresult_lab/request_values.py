"""What ``translate`` checks in a request's values before it walks them.

Every later step (surrogate scan, readers, strict copies, lint) recurses; a value that
holds itself or nests past Python's recursion limit would leave them as a
``RecursionError`` from somewhere inside. :func:`check_nesting` walks the request once,
without recursion, and names where it goes wrong as a ``ValueError``. A shared value
is walked once (its height is remembered), so a structure that shares a dict at every
level costs its distinct containers, not its paths.

:func:`without_non_finite` drops the NaN and Infinity numbers of a request's settings
(JSON has neither; a body holding one is not JSON): each a loss at its path, so the
written body is strict JSON and nothing goes silently.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any, Final

from .transcripts.conversation import Loss

__all__ = ["MAX_REQUEST_DEPTH", "NON_FINITE", "check_nesting", "without_non_finite"]

#: Levels of dicts and lists a request may nest: two result depths (``encoding.MAX_DEPTH``,
#: 256) is room for a tool schema or arguments at that depth inside their messages, and
#: well inside what the recursive steps after this one can walk.
MAX_REQUEST_DEPTH: Final = 512
#: What a loss says of a NaN or Infinity setting.
NON_FINITE: Final = "is not a finite number (JSON has no NaN or Infinity): dropped"


def _members(value: Any) -> Iterator[tuple[str | int, Any]]:
    if isinstance(value, dict):
        return iter(value.items())
    return iter(enumerate(value))


def _path(name: str, keys: list[str | int]) -> str:
    """The path of ``keys`` under ``name``, its middle elided past 160 characters."""
    text = name
    for key in keys:
        text += f"[{key}]" if isinstance(key, int) else f".{key}" if text else key
    return text if len(text) <= 160 else f"{text[:100]} ... {text[-50:]}"


def check_nesting(value: Any, name: str = "", limit: int = MAX_REQUEST_DEPTH) -> None:
    """Raise a ``ValueError`` naming the path where ``value`` holds itself (a cycle) or
    nests deeper than ``limit`` levels of dicts and lists; return otherwise.

    Iterative, linear in the distinct dicts and lists of ``value``."""
    if not isinstance(value, (dict, list, tuple)):
        return
    heights: dict[int, int] = {}  # id of a container walked whole -> levels it holds
    open_ids = {id(value)}
    keys: list[str | int] = []
    # each frame: the container, its members still to walk, the levels below it seen so far
    stack: list[tuple[Any, Iterator[tuple[str | int, Any]], list[int]]] = [
        (value, _members(value), [1])
    ]
    while stack:
        node, members, height = stack[-1]
        step = next(members, None)
        if step is None:
            stack.pop()
            open_ids.discard(id(node))
            heights[id(node)] = height[0]
            if stack:
                keys.pop()
                parent = stack[-1][2]
                parent[0] = max(parent[0], height[0] + 1)
            continue
        key, child = step
        if not isinstance(child, (dict, list, tuple)):
            continue
        ident = id(child)
        if ident in open_ids:
            where = _path(name, [*keys, key])
            raise ValueError(f"{where} holds a value that holds it (a cycle): not JSON")
        known = heights.get(ident)
        if known is not None:
            if len(stack) + known > limit:
                raise ValueError(
                    f"{_path(name, [*keys, key])} is nested deeper than {limit} levels"
                )
            height[0] = max(height[0], known + 1)
            continue
        if len(stack) + 1 > limit:
            raise ValueError(f"{_path(name, [*keys, key])} is nested deeper than {limit} levels")
        keys.append(key)
        open_ids.add(ident)
        stack.append((child, _members(child), [1]))


def _non_finite(value: Any) -> bool:
    return isinstance(value, float) and not math.isfinite(value)


def _finite(value: Any, path: str, lost: list[Loss]) -> Any:
    """``value`` without its non-finite numbers (each a loss); the same object where
    there are none."""
    if isinstance(value, dict):
        kept: dict[Any, Any] = {}
        for key, item in value.items():
            where = f"{path}.{key}" if path else str(key)
            if _non_finite(item):
                lost.append(Loss(where, NON_FINITE))
            else:
                kept[key] = _finite(item, where, lost)
        same = len(kept) == len(value) and all(kept[k] is value[k] for k in kept)
        return value if same else kept
    if isinstance(value, (list, tuple)):
        items: list[Any] = []
        for index, item in enumerate(value):
            if _non_finite(item):
                lost.append(Loss(f"{path}[{index}]", NON_FINITE))
            else:
                items.append(_finite(item, f"{path}[{index}]", lost))
        same = len(items) == len(value) and all(a is b for a, b in zip(items, value, strict=True))
        return value if same else items
    return value


def without_non_finite(request: Any, conversation: frozenset[str], lost: list[Loss]) -> Any:
    """``request`` with every NaN and Infinity number outside its ``conversation`` keys
    dropped, each a loss at its path (a new dict where one went; else ``request`` itself).
    The conversation's own values are the converters' (SPEC 6 writes ``null`` there)."""
    if not isinstance(request, Mapping):
        return request
    out: dict[str, Any] = {}
    changed = False
    for key, value in request.items():
        if key in conversation:
            out[key] = value
        elif _non_finite(value):
            lost.append(Loss(str(key), NON_FINITE))
            changed = True
        else:
            out[key] = _finite(value, str(key), lost)
            changed = changed or out[key] is not value
    return out if changed else request
