"""The JSON-lines record of what a guard sent, in the form the log readers take as it is.

Each line is ``{"wire", "request", "model", "path", "mode", "action", "findings",
"changes", "time"}``: the envelope ``lint_log`` (``toolresult-lab lint --log``) reads
without ``--wire``, and that ``audit(..., requests_of=WIRE)`` reads too; the extra keys are
for people (and the audit's ``by=``: ``action`` is ``sent`` or ``repaired``). Only requests
that were sent are written (``raise`` sends none).

Payloads are replaced unless ``payloads=True``, so a record can be kept where the
conversations themselves may not: a base64 payload by the base64 of
``redacted:len=N:sha256=H`` (still valid base64, so ``lint`` reads it as an inline payload
and reports no ``bad-base64``; sizes and image facts are then the marker's, not the
original's), a data URL likewise after its ``data:...;base64,`` head, and a text by
``[redacted len=N sha256=H]`` (``H``: the first 16 hex digits of the SHA-256 of the UTF-8
text, so equal payloads stay recognisably equal). Structure stays: roles, types, ids, names,
MIME types and tool-call arguments given as objects.
"""

from __future__ import annotations

import base64
import hashlib
import json
import threading
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from os import PathLike
from pathlib import Path
from typing import Any, Final

__all__ = ["RecordLog", "redacted"]

#: Keys whose string values are base64 payloads (anthropic's and gemini's ``data``,
#: bedrock's ``bytes``); a data URL (openai's images and files) is found by its head under
#: any key.
_BASE64_KEYS: Final = frozenset({"data", "bytes"})
#: Keys whose string values are texts (message text, thinking, tool output, arguments).
_TEXT_KEYS: Final = frozenset(
    {"text", "thinking", "content", "output", "arguments", "system", "instructions", "refusal"}
)


def _digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()[:16]


def _marker_b64(value: str) -> str:
    raw = value.encode("utf-8", "surrogatepass")
    return base64.b64encode(f"redacted:len={len(value)}:sha256={_digest(raw)}".encode()).decode()


def _redact_string(key: str | None, value: str) -> str:
    if value.startswith("data:") and ";base64," in value[:200]:
        head, _, data = value.partition(";base64,")
        return f"{head};base64,{_marker_b64(data)}"
    if key in _BASE64_KEYS:
        return _marker_b64(value)
    if key in _TEXT_KEYS:
        raw = value.encode("utf-8", "surrogatepass")
        return f"[redacted len={len(value)} sha256={_digest(raw)}]"
    return value


def redacted(value: Any, key: str | None = None) -> Any:
    """A copy of a request body with every payload replaced by its length and hash.

    >>> redacted({"role": "user", "content": "hello"})
    {'role': 'user', 'content': '[redacted len=5 sha256=2cf24dba5fb0a30e]'}
    """
    if isinstance(value, str):
        return _redact_string(key, value)
    if isinstance(value, Mapping):
        return {k: redacted(v, k if isinstance(k, str) else None) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        # a list under a text key holds blocks: their own keys decide
        return [
            redacted(item, key if not isinstance(item, (Mapping, list)) else None) for item in value
        ]
    return value


class RecordLog:
    """Appends one JSON line per sent request to ``path`` (created on first write).

    Each write opens, appends and closes the file under a lock, so lines of several
    threads never interleave and nothing is left open when the process ends."""

    def __init__(self, path: str | PathLike[str], payloads: bool = False) -> None:
        self.path: Final = Path(path)
        self.payloads: Final = payloads
        self._lock = threading.Lock()

    def write(
        self,
        *,
        wire: str,
        request: Mapping[str, Any],
        model: str | None,
        path: str,
        mode: str,
        action: str,
        findings: Sequence[str],
        changes: Sequence[str],
    ) -> None:
        """Append the record of one request as sent."""
        line = {
            "wire": wire,
            "request": request if self.payloads else redacted(request),
            "model": model,
            "path": path,
            "mode": mode,
            "action": action,
            "findings": list(findings),
            "changes": list(changes),
            "time": datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
        }
        text = json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n"
        with self._lock, self.path.open("a", encoding="utf-8") as out:
            out.write(text)
