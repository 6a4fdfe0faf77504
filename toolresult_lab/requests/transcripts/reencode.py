"""SPEC 9: a payload in another spelling of base64 is the same bytes.

google-genai writes URL-safe base64 (``-`` and ``_``, often without padding), which the
Gemini API accepts; other clients wrap base64 at 76 columns. Every other wire wants
canonical standard base64 (SPEC 6), so ``translate`` re-encodes such a payload: nothing
is lost (a note says so, not a Loss). What does not decode under either alphabet is left
as it is, for the converters to degrade as they always do.
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Any, Final

from ...conversion.b64 import FROM_URLSAFE, is_canonical, strip_whitespace
from .conversation import Loss

__all__ = ["NOTE", "standard_base64", "standard_entries", "without_lone_surrogates"]

_SURROGATE: Final = re.compile("[\ud800-\udfff]")
#: What a note says of a payload re-encoded.
NOTE: Final = "payload re-encoded as standard base64 (the same bytes)"


def standard_base64(data: str) -> str | None:
    """``data`` as canonical standard base64 when it is URL-safe, unpadded or
    whitespace-wrapped base64 of some bytes; ``None`` when it is canonical already or
    is no base64 at all. Linear in the payload's length."""
    if is_canonical(data) or not data.isascii():
        return None
    compact = strip_whitespace(data).translate(FROM_URLSAFE).rstrip("=")
    if not compact or len(compact) % 4 == 1:
        return None
    try:
        raw = base64.b64decode(compact + "=" * (-len(compact) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None
    standard = base64.b64encode(raw).decode("ascii")
    return standard if standard != data else None


def standard_entries(content: list[Any], where: str, notes: list[Loss]) -> list[Any]:
    """MCP content entries with each ``data`` / resource ``blob`` in standard base64
    (a new list and new dicts where one changed; each change a note at ``where``)."""
    out: list[Any] = []
    for index, entry in enumerate(content):
        if isinstance(entry, dict):
            data = entry.get("data")
            fixed = standard_base64(data) if isinstance(data, str) else None
            if fixed is not None:
                entry = {**entry, "data": fixed}
                notes.append(Loss(where, f"content[{index}]: {NOTE}"))
            resource = entry.get("resource")
            blob = resource.get("blob") if isinstance(resource, dict) else None
            fixed = standard_base64(blob) if isinstance(blob, str) else None
            if fixed is not None and isinstance(resource, dict):
                entry = {**entry, "resource": {**resource, "blob": fixed}}
                notes.append(Loss(where, f"content[{index}]: {NOTE}"))
        out.append(entry)
    return out


def _valid(text: str) -> str:
    """``text`` with its surrogate code points as UTF-16 would read them: a pair as its
    character, a lone one as U+FFFD."""
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def without_lone_surrogates(value: Any, path: str, lost: list[Loss]) -> Any:
    """``value`` with every string that holds a surrogate code point (no UTF-8 encodes
    one) made valid, each a loss at its path; the same object where nothing changed, so
    a clean request costs one scan and no copy."""
    if isinstance(value, str):
        if value.isascii() or _SURROGATE.search(value) is None:
            return value
        lost.append(Loss(path, "a lone surrogate: replaced by U+FFFD"))
        return _valid(value)
    if isinstance(value, dict):
        changed = {}
        for key, item in value.items():
            where = f"{path}.{key}" if path else str(key)
            fixed = without_lone_surrogates(item, where, lost)
            if fixed is not item:
                changed[key] = fixed
        return {**value, **changed} if changed else value
    if isinstance(value, list):
        out = None
        for index, item in enumerate(value):
            fixed = without_lone_surrogates(item, f"{path}[{index}]", lost)
            if fixed is not item:
                out = list(value) if out is None else out
                out[index] = fixed
        return value if out is None else out
    return value
