"""What a check receives besides the request, and the JSON helpers the checks share."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..models import ModelFacts
from ..wires import ReadRequest

__all__ = ["Add", "Check", "Scope", "blocks", "entries", "items"]

#: ``add(rule, path, message, case)``: report a finding (``case`` picks a severity of the
#: rule's table, ``""`` the default).
Add = Callable[[str, str, str, str], None]


@dataclass(frozen=True)
class Scope:
    """The wire, the profile (or ``None``), and the facts of the model the request is for
    (``None``: no model given, or one the catalog does not know)."""

    wire: str
    profile: str | None
    model: ModelFacts | None


Check = Callable[[ReadRequest, Scope, Add], None]


def items(read: ReadRequest) -> list[Any]:
    """The request's list (messages, contents, input items) as sent; ``[]`` when it is not
    a list (a ``shape`` finding already says so)."""
    raw = read.raw
    found = raw.get(read.key) if isinstance(raw, dict) else raw
    return found if isinstance(found, list) else []


def entries(read: ReadRequest, member: str) -> Iterator[tuple[int, dict[str, Any], list[Any]]]:
    """Each message (content) that is an object, with its position and its ``member`` list
    (``content``, ``parts``) when that is a list."""
    for index, entry in enumerate(items(read)):
        if isinstance(entry, dict):
            found = entry.get(member)
            yield index, entry, found if isinstance(found, list) else []


def blocks(content: list[Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    """The blocks of a content list that are objects, with their index."""
    for index, block in enumerate(content):
        if isinstance(block, dict):
            yield index, block
