"""NaN and Infinity in a request's settings, dropped before ``translate`` writes them.

JSON has neither, so a body holding one is not JSON: :func:`without_non_finite` drops each,
a loss at its path, and the written body is strict JSON with nothing gone silently. (Depth
and cycles are the request guard's, ``conversion.nesting``, which translate calls first.)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Final

from .transcripts.conversation import Loss

__all__ = ["NON_FINITE", "without_non_finite"]

#: What a loss says of a NaN or Infinity setting.
NON_FINITE: Final = "is not a finite number (JSON has no NaN or Infinity): dropped"


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
