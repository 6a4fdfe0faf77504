"""What an Anthropic API version changes in a request, read from the ``anthropic-version``
header (a version is never in the body, so only the caller's ``headers=`` can say it).

API version ``2026-10-21`` (the default of the SDK majors released that day: Python 2.0.0,
TypeScript 1.0.0, ...) refuses, with a 400, three things ``2023-06-01`` takes:
``temperature``, ``top_p`` and ``top_k`` even at their defaults; a ``document`` block
directly in an assistant message; and a ``text`` block with non-empty ``citations`` in a
user message (also inside a ``search_result``). "Migrating to API version 2026-10-21"
(platform.claude.com/docs/en/api/migration-2026-10-21, read 2026-12-07) lists the three.
Without the header nothing is reported: a body alone does not say its version.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from .._check import Add, Scope, blocks, entries
from .._read import ReadRequest

__all__ = [
    "SAMPLING",
    "VERSIONS_2026_10_21",
    "VERSION_HEADER",
    "api_version",
    "refused_sampling",
    "strict_version",
]

#: The header that names the API version.
VERSION_HEADER: Final = "anthropic-version"
#: The versions with the rules of ``2026-10-21`` (a later version is not assumed to keep
#: them: it is added here once its migration page is read).
VERSIONS_2026_10_21: Final = frozenset({"2026-10-21"})
#: The sampling parameters ``2026-10-21`` removed.
SAMPLING: Final = ("temperature", "top_p", "top_k")


def strict_version(headers: Mapping[str, str]) -> str | None:
    """The ``anthropic-version`` of ``headers`` when it is one with the rules of
    ``2026-10-21`` (surrounding blanks ignored), else ``None``."""
    version = headers.get(VERSION_HEADER)
    if version is None:
        return None
    version = version.strip()
    return version if version in VERSIONS_2026_10_21 else None


def refused_sampling(
    body: dict[str, Any],
    headers: Mapping[str, str],
    losses: list[tuple[str, str]],
    paths: Mapping[str, str],
) -> None:
    """Remove ``temperature``, ``top_p`` and ``top_k`` from ``body`` when ``headers`` name
    version ``2026-10-21``, each a loss at its source path (``paths``, else its key): the
    request would get a 400 with them."""
    version = strict_version(headers)
    if version is None:
        return
    for key in SAMPLING:
        if key in body:
            del body[key]
            losses.append(
                (
                    paths.get(key, key),
                    f"anthropic-version {version} takes no {key} (400 even at its default):"
                    " dropped",
                )
            )


def api_version(read: ReadRequest, scope: Scope, add: Add) -> None:
    """With ``anthropic-version: 2026-10-21``: each sampling parameter of the body, each
    ``document`` block directly in an assistant message, and each user ``text`` block with
    non-empty ``citations`` (``version-sampling``, ``version-assistant-document``,
    ``version-user-citations``)."""
    version = strict_version(scope.headers)
    if version is None:
        return
    said = f"with anthropic-version {version}"
    raw = read.raw
    if isinstance(raw, dict):
        for key in SAMPLING:
            if key in raw:
                add(
                    "version-sampling",
                    key,
                    f"The request sets {key} {said}, which takes no temperature, top_p or"
                    " top_k (even at their defaults).",
                    "",
                )
    for index, message, content in entries(read, "content"):
        role = message.get("role")
        at = f"{read.key}[{index}].content"
        if role == "assistant":
            for place, block in blocks(content):
                if block.get("type") == "document":
                    add(
                        "version-assistant-document",
                        f"{at}[{place}]",
                        f"A document block directly in an assistant message {said}; send the"
                        " document in a user message.",
                        "",
                    )
        elif role == "user":
            for path in _cited_texts(content, at):
                add(
                    "version-user-citations",
                    path,
                    f"A text block of a user message carries citations {said}; remove them.",
                    "",
                )


def _cited_texts(content: list[Any], at: str) -> Iterator[str]:
    """The paths of the ``text`` blocks with non-empty ``citations`` in a user message's
    content, also those in a ``tool_result``'s or a ``search_result``'s content."""
    for place, block in blocks(content):
        kind = block.get("type")
        path = f"{at}[{place}]"
        if kind == "text":
            cited = block.get("citations")
            if isinstance(cited, list) and cited:
                yield path
        elif kind in ("tool_result", "search_result"):
            inner = block.get("content")
            if isinstance(inner, list):
                yield from _cited_texts(inner, f"{path}.content")
