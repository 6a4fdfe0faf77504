"""The conversion pipeline, end to end (compiled with mypyc where possible).

content -> strict JSON copy (``encoding``) -> neutral items (``items``) -> a
:class:`~toolresult_lab.wires.Source` -> one wire's configured converter (``wires``)
-> :class:`~toolresult_lab.steps.Conversion`: the block, a step per entry, notes on the
result -> for ``explain()``, one :class:`~toolresult_lab.steps.Explanation` per entry.
``ToolResult`` is the public face of these functions.
"""

from __future__ import annotations

from typing import Any

from .encoding import CONTENT, STRUCTURED, strict_copy, strict_text
from .options import ConvertOptions
from .steps import Conversion, Explanation
from .wires import Source, converter, prepare

__all__ = ["CONTENT", "STRUCTURED", "explain", "owned_source", "source"]


def source(name: str, id: str, is_error: bool, content: list[Any], structured: Any) -> Source:
    """The converters' view of a result, from the caller's (already type-checked) values.

    Copies ``content`` and ``structured_content`` as strict JSON (SPEC 6) and normalises
    the entries (SPEC 2) once; every conversion of the result reads this.

    :raises ValueError: nesting deeper than the toolkit supports (naming the field).
    """
    owned: list[Any] = strict_copy(content, CONTENT)
    return owned_source(name, id, is_error, owned, strict_copy(structured, STRUCTURED))


def owned_source(name: str, id: str, is_error: bool, content: list[Any], structured: Any) -> Source:
    """:func:`source` for ``content`` and ``structured_content`` that are strict-JSON
    copies already, which the result owns (``from_mcp`` copies them as it reads)."""
    return prepare(strict_text(name), strict_text(id), is_error, content, structured)


def explain(
    data: Source, wire: object, options: ConvertOptions
) -> tuple[list[Explanation], Conversion]:
    """One conversion and a record per content entry, made from its steps."""
    made = converter(wire, options)
    conversion = made.convert(data)
    steps = conversion.steps
    records = []
    for index, item in enumerate(data.items):  # steps are aligned with items
        step = made.noted(data, index, steps[index])
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
    return records, conversion
