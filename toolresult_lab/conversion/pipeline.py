"""The conversion pipeline, end to end (compiled with mypyc where possible).

content -> strict JSON copy (``encoding``) -> neutral items (``items``) -> a
:class:`~toolresult_lab.wires.Source` -> one wire's configured converter (``wires``)
-> :class:`~toolresult_lab.conversion.steps.Conversion`: the block, a step per entry, notes on the
result -> for ``explain()``, one :class:`~toolresult_lab.conversion.steps.Explanation` per entry.
``ToolResult`` is the public face of these functions.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..wires import Source, Wire, converter, prepare
from .encoding import CONTENT, STRUCTURED, strict_copy, strict_text
from .mcp_input import SDK_MODELS, mcp_fields
from .options import ConvertOptions
from .steps import Explanation, Outcome, ResultNote, Step

__all__ = [
    "CONTENT",
    "STRUCTURED",
    "Explained",
    "block",
    "checked_source",
    "explain_into",
    "mcp_source",
    "owned_source",
    "require",
    "source",
]


def require(field: str, value: object, kind: type, expected: str) -> None:
    """``TypeError`` naming the ``ToolResult`` field when ``value`` is not a ``kind``."""
    if not isinstance(value, kind):
        raise TypeError(f"ToolResult.{field} must be {expected}, not {type(value).__name__}")


def _check_fields(name: object, id: object, content: object, is_error: object) -> None:
    if (  # the common case first, each type named (compiled: one type test each)
        isinstance(name, str)
        and isinstance(id, str)
        and isinstance(content, list)
        and isinstance(is_error, bool)
    ):
        return
    require("name", name, str, "a str")
    require("id", id, str, "a str")
    require("content", content, list, "a list of content blocks")
    require("is_error", is_error, bool, "a bool")


def checked_source(
    name: object, id: object, is_error: object, content: object, structured: Any
) -> Source:
    """:func:`source` of the values a caller gave ``ToolResult``, their types checked
    first (``TypeError`` naming the field)."""
    _check_fields(name, id, content, is_error)
    assert isinstance(name, str) and isinstance(id, str)  # for mypy: checked above
    assert isinstance(is_error, bool) and isinstance(content, list)
    return source(name, id, is_error, content, structured)


def mcp_source(result: Any, name: object, id: object) -> Source:
    """The :class:`Source` of an MCP ``CallToolResult`` (or its dict form) under ``name``
    and ``id``: its fields read as strict copies the result owns (:func:`mcp_fields`),
    then every field's type checked (``TypeError`` naming it)."""
    content, is_error, structured = mcp_fields(result)
    _check_fields(name, id, content, is_error)
    assert isinstance(name, str) and isinstance(id, str)  # for mypy: checked above
    assert isinstance(is_error, bool) and isinstance(content, list)
    return owned_source(name, id, is_error, content, structured)


def block(data: Source, wire: object, options: ConvertOptions) -> Any:
    """What ``to()`` returns: the block of ``wire``'s converter for ``options``."""
    return converter(wire, options).convert(data).block


def source(name: str, id: str, is_error: bool, content: list[Any], structured: Any) -> Source:
    """The converters' view of a result, from the caller's (already type-checked) values.

    Copies ``content`` and ``structured_content`` as strict JSON (SPEC 6) and normalises
    the entries (SPEC 2) once; every conversion of the result reads this.

    :raises ValueError: nesting deeper than the toolkit supports (naming the field).
    """
    owned: list[Any] = strict_copy(content, CONTENT, 0, SDK_MODELS)  # SDK blocks read as dumped
    return owned_source(
        name, id, is_error, owned, strict_copy(structured, STRUCTURED, 0, SDK_MODELS)
    )


def owned_source(name: str, id: str, is_error: bool, content: list[Any], structured: Any) -> Source:
    """:func:`source` for ``content`` and ``structured_content`` that are strict-JSON
    copies already, which the result owns (``from_mcp`` copies them as it reads)."""
    return prepare(strict_text(name), strict_text(id), is_error, content, structured)


class Explained(Protocol):
    """What :func:`explain_into` fills: ``explain.Explanations``, a list of records that
    also holds the conversion's notes and block, the wire, and the result's name and id."""

    notes: tuple[ResultNote, ...]
    content_note: ResultNote | None
    block: Any
    wire: Wire
    _fields: tuple[str, str]

    def extend(self, records: list[Explanation], /) -> None: ...


def explain_into(
    explained: Explained,
    data: Source,
    wire: object,
    options: ConvertOptions,
    changes: dict[int, tuple[Outcome, str]] | None = None,
    original: Source | None = None,
) -> None:
    """One conversion and a record per content entry, made from its steps, put into
    ``explained`` with the conversion's notes and block (one call: ``explain()`` is
    compared with ``to()``, so its own cost is kept small).

    ``changes`` (the fitting to a token budget) gives an entry's outcome and reason where
    it was cut; ``original`` is the result before the cut, whose entries the records name."""
    made = converter(wire, options)
    conversion = made.convert(data)
    steps = conversion.steps
    records = []
    named = data.items if original is None else original.items
    for index, item in enumerate(named):  # steps are aligned with items
        step = made.noted(data, index, steps[index])
        if changes is not None and index in changes:
            outcome, reason = changes[index]
            step = Step(step.part, outcome, reason, step.native)
        records.append(
            Explanation(
                index,
                item.block_type,
                item.kind,
                step.outcome,
                step.reason,
                step.part,
                step.native,
                made,
                step,
            )
        )
    explained.extend(records)
    explained.notes = conversion.notes
    explained.content_note = conversion.content_note
    explained.block = conversion.block
    explained.wire = made.facts.wire
    explained._fields = (data.name, data.id)
