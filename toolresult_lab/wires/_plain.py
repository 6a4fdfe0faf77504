"""SDK objects inside a request, dumped as the JSON their client sends (every reader of a
whole request goes through :func:`plain`)."""

from __future__ import annotations

from typing import Any, Final

__all__ = ["PLAIN_DEPTH", "plain"]

#: How deep :func:`plain` looks for SDK objects: far below any request's own nesting,
#: far above what a client library builds (a message's block's source), and within
#: Python's recursion limit; deeper values are read as they are.
PLAIN_DEPTH: Final = 200


def plain(value: Any, depth: int = 0) -> Any:
    """``value`` with every SDK object in it, at any depth (to :data:`PLAIN_DEPTH`), as the
    JSON its client sends: ``model_dump(mode="json", by_alias=True, exclude_none=True)``.
    A container holding none is returned as it is; one holding some is copied, so the
    caller's containers are never mutated."""
    dump = getattr(value, "model_dump", None)
    if callable(dump) and not isinstance(value, (dict, list, str)):
        return dump(mode="json", by_alias=True, exclude_none=True)
    if depth >= PLAIN_DEPTH:
        return value
    if isinstance(value, dict):
        changed: dict[Any, Any] | None = None
        for key, item in value.items():
            dumped = plain(item, depth + 1)
            if dumped is not item and changed is None:
                changed = dict(value)
            if changed is not None:
                changed[key] = dumped
        return value if changed is None else changed
    if isinstance(value, (list, tuple)):
        items = [plain(item, depth + 1) for item in value]
        if isinstance(value, list) and all(a is b for a, b in zip(items, value, strict=True)):
            return value
        return items
    return value
