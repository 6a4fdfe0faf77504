"""Prompt-caching breakpoints: at most four blocks marked ``cache_control`` in a request, a
top-level ``cache_control`` (automatic caching) taking one of them
(``too-many-cache-breakpoints``): an Anthropic rule, read with Anthropic's own marker test
(``edits.cached``), so it runs as one of the wire's own checks."""

from __future__ import annotations

from typing import Final

from .._check import Add, Scope, parts_of
from .._read import (
    MISSING,
    CallPart,
    DocumentPart,
    ImagePart,
    Part,
    ReadRequest,
    ResultPart,
    TextPart,
)
from .edits import cached

__all__ = ["breakpoints"]

#: The most breakpoints a request takes.
MOST: Final = 4


def _cached(part: Part) -> bool:
    if isinstance(part, (TextPart, ImagePart, DocumentPart)):
        return part.cache is not MISSING and part.cache is not None
    if isinstance(part, ResultPart):
        return cached(part.raw)
    if isinstance(part, CallPart):
        return cached(part.extra)
    return cached(part.value)


def breakpoints(read: ReadRequest, scope: Scope, add: Add) -> None:
    """The blocks (system, tools, messages) marked for caching, against :data:`MOST`."""
    marked: list[str] = []
    for part in read.system:
        if _cached(part):
            marked.append(part.path)
    for tool in read.tools:
        if tool.cache is not MISSING and tool.cache is not None:
            marked.append(tool.path)
    for message in read.messages:
        for part in parts_of(message):
            if _cached(part):
                marked.append(part.path)
    raw = read.raw
    automatic = int(isinstance(raw, dict) and cached(raw))
    if len(marked) + automatic > MOST:
        add(
            "too-many-cache-breakpoints",
            marked[MOST - automatic],
            f"The request has {len(marked)} blocks with cache_control"
            + (" and a top-level cache_control" if automatic else "")
            + f" (at most {MOST} breakpoints).",
            "",
        )
