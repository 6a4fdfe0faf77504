"""Bedrock's documents in a request: at most :data:`~.documents.MAX_DOCUMENTS`
(``too-many-documents``), each name once (``duplicate-document-name``) and one Bedrock takes
(``document-name``). Every document block counts: in tool results and earlier turns, an S3
or text source as well as inline bytes. Only Bedrock limits documents so: its own checks."""

from __future__ import annotations

from ...conversion.filenames import MAX_DOCUMENT_NAME, document_name_fault
from .._check import Add, Scope, parts_of, short
from .._read import DocumentPart, OpaquePart, Part, ReadRequest
from .documents import MAX_DOCUMENTS
from .edits import EDITS

__all__ = ["document_name_problem", "documents"]


def _is_document(part: Part) -> bool:
    """An inline document, or a ``document`` read as opaque (an S3 or text source)."""
    return isinstance(part, DocumentPart) or (
        isinstance(part, OpaquePart) and EDITS.is_opaque_document(part)
    )


def _name_of(part: Part) -> str | None:
    if isinstance(part, DocumentPart):
        return part.name
    return EDITS.document_name(part) if isinstance(part, OpaquePart) else None


def document_name_problem(name: str) -> tuple[str, str] | None:
    """Why Bedrock rejects a document name (``filenames.document_name_fault``, the
    converter's rule): the finding's message and its case of ``document-name`` in the rule
    table; ``None`` for a name it takes."""
    fault, chars = document_name_fault(name)
    if not fault:
        return None
    shown = short(name)
    message = {
        "empty": "The document name is empty (1 to 200 characters).",
        "too-long": f"The document name is {len(name):,} characters long"
        f" (at most {MAX_DOCUMENT_NAME}).",
        "characters": f"The document name {shown} holds {short(chars)}: only letters,"
        " digits, single spaces, hyphens, parentheses and square brackets are taken.",
        "whitespace": f"The document name {shown} has two whitespace characters in a row.",
        "underscore": f"The document name {shown} holds an underscore: outside Bedrock's"
        " documented characters, though accepted in practice.",
    }[fault]
    return message, fault


def documents(read: ReadRequest, scope: Scope, add: Add) -> None:
    """The request's documents against Bedrock's count and naming rules."""
    most = MAX_DOCUMENTS
    count = 0
    names: dict[str, str] = {}
    for message in read.messages:
        for part in parts_of(message):
            if not _is_document(part):
                continue
            count += 1
            if count == most + 1:
                add(
                    "too-many-documents",
                    part.path,
                    f"This is document {count} of the request (at most {most}).",
                    "",
                )
            name = _name_of(part)
            if name is None:
                continue
            problem = document_name_problem(name)
            if problem is not None:
                add("document-name", part.path, problem[0], problem[1])
            first = names.get(name)
            if first is not None:
                add(
                    "duplicate-document-name",
                    part.path,
                    f"The document name {short(name)} is already taken by {first}.",
                    "",
                )
            else:
                names[name] = part.path
