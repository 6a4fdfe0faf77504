"""JSON encoding and copying of tool content: the one spelling every wire uses.

The SPEC fixes a single JSON form (sorted keys, compact separators, non-ASCII kept)
for everything that becomes a string, and every value that is sent as text must be
a ``str``: :func:`text_field` is the one place that turns arbitrary JSON values into
text.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["clone", "json_encode", "text_field"]

_ENCODER = json.JSONEncoder(
    ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=repr
)


def json_encode(value: Any) -> str:
    """Encode ``value`` as the SPEC's canonical compact JSON.

    Values that are not JSON (a ``set`` or ``bytes`` a caller slipped into content)
    are encoded through their ``repr`` instead of raising: content is never an error.
    """
    return _ENCODER.encode(value)


def text_field(value: Any) -> str:
    """A text field as sent to a model: a ``str`` as is, anything else as its JSON."""
    return value if isinstance(value, str) else _ENCODER.encode(value)


def clone(value: Any) -> Any:
    """Copy a JSON-like tree (dicts and lists; scalars are immutable and shared).

    Several times faster than :func:`copy.deepcopy` on tool content, which matters
    because every block returned by ``to()`` must be a fresh object.
    """
    if isinstance(value, dict):
        return {k: clone(v) if isinstance(v, (dict, list, tuple)) else v for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clone(v) if isinstance(v, (dict, list, tuple)) else v for v in value]
    return value
