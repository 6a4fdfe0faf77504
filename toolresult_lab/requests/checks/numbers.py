"""NaN and Infinity among a request's settings (``shape``): JSON has neither, so no
provider reads such a body (Python's ``json`` writes the bare word ``NaN``, which every JSON
parser refuses). The conversation's own values are content, which the converters write as
``null`` (SPEC 6), so they are not looked at here."""

from __future__ import annotations

import math
from typing import Any

from ...wires import Add, ReadRequest, Scope, wire_module

__all__ = ["non_finite"]


def non_finite(read: ReadRequest, scope: Scope, add: Add) -> None:
    """Each NaN or Infinity outside the request's conversation, at its path."""
    raw = read.raw
    if not isinstance(raw, dict):
        return
    shape = wire_module(scope.wire).settings
    conversation = shape.conversation_keys if shape is not None else frozenset({read.key})
    todo: list[tuple[str, Any]] = [
        (str(key), value) for key, value in raw.items() if key not in conversation
    ]
    while todo:  # the request guard has bounded depth and size already
        path, value = todo.pop()
        if isinstance(value, float) and not math.isfinite(value):
            add("shape", path, f"{value} is not a JSON number (JSON has no NaN or Infinity).", "")
        elif isinstance(value, dict):
            todo.extend((f"{path}.{key}", item) for key, item in value.items())
        elif isinstance(value, list):
            todo.extend((f"{path}[{index}]", item) for index, item in enumerate(value))
