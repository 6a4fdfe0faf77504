"""Documents in a request: at most the wire's ``max_documents`` (``too-many-documents``),
each name once (``duplicate-document-name``) and one the wire takes (``document-name``, the
wire's ``document_name`` rule). Every document block counts: in tool results and earlier
turns, an S3 or text source as well as inline bytes."""

from __future__ import annotations

from ...wires import (
    Add,
    ReadRequest,
    Scope,
    document_name_of,
    is_document,
    parts_of,
    short,
    wire_checks,
)

__all__ = ["check"]


def check(read: ReadRequest, scope: Scope, add: Add) -> None:
    """The request's documents against the wire's count and naming rules."""
    facts = wire_checks(scope.wire)
    most = facts.max_documents
    if most is None:
        return
    name_problem = facts.document_name
    count = 0
    names: dict[str, str] = {}
    for message in read.messages:
        for part in parts_of(message):
            if not is_document(part):
                continue
            count += 1
            if count == most + 1:
                add(
                    "too-many-documents",
                    part.path,
                    f"This is document {count} of the request (at most {most}).",
                    "",
                )
            name = document_name_of(part)
            if name is None:
                continue
            problem = name_problem(name) if name_problem is not None else None
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
