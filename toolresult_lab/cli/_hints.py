"""Hints for input in the wrong format: a log command given one pretty-printed JSON value."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Sequence
from typing import Any

__all__ = ["log_hint"]

#: The most a hint reads of a file: a hint is a guess, never a second full read of a log.
_HINT_BYTES = 16 * 1024 * 1024


def _one_value(path: str) -> Any:
    """The one JSON value a regular file of at most ``_HINT_BYTES`` holds over more than one
    line (pretty-printed); ``None`` otherwise (or when it cannot be read)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb") as file:
            data = file.read(_HINT_BYTES + 1)
    except OSError:
        return None
    if len(data) > _HINT_BYTES or data.count(b"\n") < 2:
        return None
    try:
        return json.loads(data.decode("utf-8-sig"))
    except (ValueError, RecursionError):
        return None


def log_hint(paths: Sequence[str], single: str) -> str:
    """A hint (``""`` when none) for a log command whose records were all bad: a file that
    is one JSON value over many lines is not JSON Lines. ``single`` names the command that
    reads one value (``toolresult-lab convert FILE``)."""
    for path in paths:
        value = _one_value(path)
        if value is None:
            continue
        if isinstance(value, list):
            return (
                f"; {path} is one JSON array over many lines, but logs are read as JSON Lines"
                " (one record a line): write each record on a line of its own"
            )
        return (
            f"; {path} is one JSON value over many lines, but logs are read as JSON Lines"
            f" (one record a line): for one value use `{single}`"
        )
    return ""
