"""Reading requests for ``lint`` and ``repair``: a body, a bare message list, or JSON lines."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..conversion.encoding import json_type
from ._shared import STDIN, InputError, read_text

__all__ = ["Requests", "read_requests"]

#: Top-level keys of a request body of some wire (a log record has none of them).
_BODY_KEYS = frozenset({"messages", "contents", "input"})


@dataclass(frozen=True)
class Requests:
    """What a REQUEST file held: one request (``lines`` false) or JSON lines of requests.

    ``items`` are ``(line, request)``; ``line`` 0 for a single request.
    """

    shown: str
    items: tuple[tuple[int, Any], ...]
    lines: bool

    def where(self, line: int) -> str:
        """How a request is named in messages: the file, and its line for JSON lines."""
        return f"{self.shown}:{line}" if self.lines else self.shown


def _loads(text: str, shown: str) -> Any:
    """``json.loads``, every failure one line (``ValueError`` covers JSONDecodeError)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise InputError(f"{shown} is nested too deeply to read as JSON") from None


def read_requests(path: str) -> Requests:
    """The request(s) in ``path`` (``-``: standard input): one JSON value, or one per line.

    :raises InputError: not JSON, not JSON lines, or a value that is neither an object (a
        body) nor a list (its messages); one line naming the file (and the line).
    """
    shown = STDIN if path == "-" else path
    text = read_text(path)
    try:
        items: tuple[tuple[int, Any], ...] = ((0, _loads(text, shown)),)
        lines = False
    except ValueError as whole:
        if not text.strip():
            raise InputError(f"{shown} is empty: expected a request as JSON") from None
        found = []
        for number, row in enumerate(text.splitlines(), 1):
            if not row.strip():
                continue
            try:
                found.append((number, _loads(row, f"{shown}:{number}")))
            except ValueError as error:
                detail = whole if number == 1 else error
                raise InputError(
                    f"{shown} is neither JSON nor JSON lines (line {number}: {detail})"
                ) from None
        items, lines = tuple(found), True
    requests = Requests(shown, items, lines)
    if all(_log_record(request) for _, request in items):
        raise InputError(
            f'{shown} holds log records ({{"request": ..., "wire": ...}}), not requests:'
            " `toolresult-lab lint --log FILE` reads such logs"
        )
    for number, request in items:
        if not isinstance(request, (dict, list)):
            raise InputError(
                f"{requests.where(number)}: a request must be a JSON object (the body) or a list"
                f" (its messages), not {json_type(request)}"
            )
    return requests


def _log_record(value: Any) -> bool:
    """A line of a log of requests (``lint --log``), not a request body."""
    return isinstance(value, dict) and "request" in value and not _BODY_KEYS & value.keys()
