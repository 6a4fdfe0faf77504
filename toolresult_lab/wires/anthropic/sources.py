"""Where an image or document block's data may come from on a platform that serves the
Messages API with fewer source types: on Amazon Bedrock and Google Cloud "only
base64-encoded sources are currently available" (Images and vision, Claude Docs, as quoted
in provider-changes-2026-12.md section 1.1, read 2026-12-04), so a ``url`` or ``file`` (Files
API) source is refused there. Checked only with a profile whose facts say so
(``ProviderProfile.base64_only``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from .._check import Add, Scope, blocks, entries
from .._read import ReadRequest

__all__ = ["INLINE_ONLY_REFUSED", "base64_sources_only"]

#: The source types such a platform refuses (``base64`` and a document's ``text`` and
#: ``content`` sources are inline).
INLINE_ONLY_REFUSED: Final = frozenset({"url", "file"})
_MEDIA: Final = frozenset({"image", "document"})


def base64_sources_only(read: ReadRequest, scope: Scope, add: Add) -> None:
    """Each image or document block (in a message or a ``tool_result``) whose source is a
    URL or a Files API id, where the profile takes only base64 (``base64-sources-only``)."""
    facts = scope.profile_facts
    if facts is None or not facts.base64_only:
        return
    for index, _, content in entries(read, "content"):
        for path, kind, source in _sourced(content, f"{read.key}[{index}].content"):
            add(
                "base64-sources-only",
                f"{path}.source",
                f"The {kind} block's source is of type {source!r}; {facts.label} takes only"
                " base64 sources.",
                "",
            )


def _sourced(content: list[Any], at: str) -> Iterator[tuple[str, str, str]]:
    """``(path, block type, source type)`` of each image or document block with a refused
    source, a ``tool_result``'s content included."""
    for place, block in blocks(content):
        kind = block.get("type")
        path = f"{at}[{place}]"
        if kind in _MEDIA:
            source = block.get("source")
            found = source.get("type") if isinstance(source, dict) else None
            if isinstance(found, str) and found in INLINE_ONLY_REFUSED:
                yield path, str(kind), found
        elif kind == "tool_result":
            inner = block.get("content")
            if isinstance(inner, list):
                yield from _sourced(inner, f"{path}.content")
