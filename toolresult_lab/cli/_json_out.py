"""JSON text a command writes: valid UTF-8 whatever the strings hold.

A lone surrogate (U+D800..U+DFFF: half an emoji a UTF-16 stream cut, common in logs) is
content, and ``repair`` keeps a request's content as it stands; but no UTF-8 encodes one,
so ``json.dumps(..., ensure_ascii=False)`` gives text that standard output and a UTF-8 file
refuse (a ``UnicodeEncodeError`` traceback, nothing written). Written as its JSON escape
(``\\ud83d``) it is the same JSON value, in text every stream takes."""

from __future__ import annotations

import json
import re
from typing import Any, Final

from ..requests.transcripts.conversation import Loss
from ..requests.transcripts.reencode import without_lone_surrogates

__all__ = ["json_text", "lone_surrogate_paths"]

_LONE: Final = re.compile("[\ud800-\udfff]")


def json_text(value: Any, indent: int | None = None) -> str:
    """``value`` as JSON (non-ASCII characters as they are), each lone surrogate as its
    ``\\uXXXX`` escape (inside a JSON string, where alone it can stand, the same value)."""
    text = json.dumps(value, indent=indent, ensure_ascii=False)
    if text.isascii():
        return text
    return _LONE.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


def lone_surrogate_paths(value: Any) -> list[str]:
    """The paths of the strings in ``value`` that hold a lone surrogate."""
    found: list[Loss] = []
    without_lone_surrogates(value, "", found)
    return [loss.path for loss in found]
