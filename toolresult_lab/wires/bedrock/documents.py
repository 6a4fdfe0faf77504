"""Bedrock's documents, written once: at most :data:`MAX_DOCUMENTS` in a request, each name
once (compared in lower case), each one beside a text block. The converter (a block), the
turn, the request writer, and repair's edits all go through :class:`DocumentNames` and the
functions here."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Final

from ...conversion.b64 import decoded_size
from ...conversion.filenames import MAX_DOCUMENT_NAME, safe_document_name
from ...conversion.text import placeholder

__all__ = [
    "MAX_DOCUMENTS",
    "DocumentNames",
    "cap_documents",
    "document_placeholder",
    "text_beside_documents",
    "unique_documents",
    "unique_in_request",
    "unique_name",
]

#: Documents per request (Bedrock User Guide, "API restrictions", checked 2026-12-01).
MAX_DOCUMENTS: Final = 5


def unique_name(
    name: str, taken: set[str], clean: bool = False, tried: dict[str, int] | None = None
) -> str:
    """``name``, or ``name (2)``, ``name (3)``, ... when a name already ``taken`` (lower
    case: whether Bedrock compares names case-insensitively is not documented, so the
    safe side) has it; at most 200 characters. ``clean``: ``name`` is one the converter
    made (already safe), so a suffix that fits is simply appended. ``tried``: per name,
    the number to try next, for a caller renaming many documents of one name (``taken``
    only grows, so the numbers below it stay taken)."""
    key = name.lower()
    return name if key not in taken else _numbered(name, key, taken, clean, tried)


def _numbered(
    name: str, key: str, taken: set[str], clean: bool, tried: dict[str, int] | None = None
) -> str:
    """The first ``name (N)`` (N from 2, or from ``tried[key]``) whose lower case (``key``
    is ``name``'s) is not ``taken``."""
    number = 2 if tried is None else tried.get(key, 2)
    while True:
        suffix = f" ({number})"
        if clean and len(name) + len(suffix) <= MAX_DOCUMENT_NAME:
            found = name + suffix  # what safe_document_name would give, unwalked
            free = key + suffix not in taken
        else:
            found = safe_document_name(name, MAX_DOCUMENT_NAME - len(suffix)) + suffix
            free = found.lower() not in taken
        number += 1
        if free:
            if tried is not None:
                tried[key] = number
            return found


class DocumentNames:
    """The document names of one scope (a block, a turn, a request, a repair): which are
    taken, and whether the scope holds :data:`MAX_DOCUMENTS` already."""

    def __init__(self, taken: Iterable[str] = ()) -> None:
        #: the names taken, in lower case
        self.taken: set[str] = {name.lower() for name in taken}
        #: per name, the next number to try (one scan per name, however many repeat it)
        self.tried: dict[str, int] = {}

    def full(self) -> bool:
        """Whether the scope holds as many documents as Bedrock takes."""
        return len(self.taken) >= MAX_DOCUMENTS

    def take(self, name: str, clean: bool = False) -> str:
        """``name``, numbered when it is taken (:func:`unique_name`), now taken."""
        found = unique_name(name, self.taken, clean, self.tried)
        self.taken.add(found.lower())
        return found


def unique_documents(blocks: list[Any]) -> list[Any]:
    """The result blocks of one turn with every document name unique across them
    (Bedrock rejects a request with two documents of one name): a later duplicate is
    renamed ``name (2)``; past :data:`MAX_DOCUMENTS` in the turn a document goes as its
    placeholder text, as a block's own sixth does. The blocks are the caller's fresh
    copies, changed in place (typed, so the compiled walk reads the dicts directly)."""
    names = DocumentNames()
    for block in blocks:
        body: dict[str, Any] = block["toolResult"]
        content: list[Any] = body["content"]
        for index in range(len(content)):
            entry: dict[str, Any] = content[index]
            if "document" not in entry:
                continue
            document: dict[str, Any] = entry["document"]
            if names.full():
                content[index] = {"text": document_placeholder(document)}
                continue
            name: str = document["name"]
            found = names.take(name, True)
            if found != name:
                document["name"] = found
    return list(blocks)


def text_beside_documents(messages: list[Any]) -> None:
    """A message holding a ``document`` block (outside a ``toolResult``) and no ``text``
    block gets one naming its documents: Bedrock takes a document only beside a text block
    (lint's ``document-needs-text``). In place: the messages are the writer's own."""
    for message in messages:
        content = message.get("content")
        if not isinstance(content, list):
            continue
        names = [
            block["document"].get("name") or "document"
            for block in content
            if isinstance(block, dict) and isinstance(block.get("document"), dict)
        ]
        if names and not any(isinstance(b, dict) and "text" in b for b in content):
            content.append({"text": "Documents: " + ", ".join(map(str, names)) + "."})


def unique_in_request(messages: list[Any]) -> None:
    """Rename a document whose name an earlier one of the request has (Bedrock rejects
    the request otherwise; the names of one turn are unique already). In place: the
    messages are the writer's own."""
    names = DocumentNames()
    for message in messages:
        for block in message.get("content") or ():
            entries = [block]
            result = block.get("toolResult") if isinstance(block, dict) else None
            if isinstance(result, dict):
                entries = list(result.get("content") or ())
            for entry in entries:
                document = entry.get("document") if isinstance(entry, dict) else None
                if isinstance(document, dict) and isinstance(document.get("name"), str):
                    document["name"] = names.take(document["name"])


def cap_documents(messages: list[Any], keep: int) -> None:
    """Every document block past the first ``keep`` of ``messages`` as its placeholder
    text (in place)."""
    for count, (content, index) in enumerate(_document_slots(messages), 1):
        if count > keep:
            content[index] = {"text": document_placeholder(content[index]["document"])}


def _document_slots(messages: list[Any]) -> Iterator[tuple[list[Any], int]]:
    """Where each document block of ``messages`` sits (its list and index), in request
    order: a message's own blocks and the entries of its ``toolResult`` blocks."""
    for message in messages:
        content = message.get("content") if isinstance(message, dict) else None
        if not isinstance(content, list):
            continue
        for index, block in enumerate(content):
            if not isinstance(block, dict):
                continue
            result = block.get("toolResult")
            if isinstance(result, dict) and isinstance(result.get("content"), list):
                entries: list[Any] = result["content"]
                for position, entry in enumerate(entries):
                    if isinstance(entry, dict) and "document" in entry:
                        yield entries, position
            elif "document" in block:
                yield content, index


def document_placeholder(document: Any) -> str:
    """A document block's placeholder: its type, its S3 URI, its size (inline bytes)."""
    body = document if isinstance(document, dict) else {}
    source = body.get("source")
    source = source if isinstance(source, dict) else {}
    data = source.get("bytes")
    s3 = source.get("s3Location")
    uri = s3.get("uri") if isinstance(s3, dict) else None
    mime = "application/pdf" if body.get("format") == "pdf" else None
    return placeholder(
        "resource",
        mime,
        uri if isinstance(uri, str) else None,
        decoded_size(data) if isinstance(data, str) else None,
    )
