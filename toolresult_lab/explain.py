"""What ``ToolResult.explain()`` returns: one record per content entry.

The records are the converters' own steps (the same call that builds the block),
so an explanation can never disagree with the conversion.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .encoding import text_field
from .items import ItemKind, Outcome

__all__ = ["OUTCOMES", "Explanation", "block_type_label"]

#: Every outcome, from "the model gets the real thing" to "nothing is sent".
OUTCOMES: tuple[Outcome, ...] = (
    "native",
    "passthrough",
    "document",
    "text",
    "placeholder",
    "degraded",
    "omitted",
)


@dataclass(frozen=True)
class Explanation:
    """How one content entry went out on one wire."""

    index: int
    """Position of the entry in ``content``."""
    block_type: str
    """The input block's ``type`` (``"(not an object)"``, ``"(no type)"`` where absent)."""
    item_kind: ItemKind
    """The neutral item it became: text, document, blob, native or note."""
    outcome: Outcome
    """native, passthrough, document, text, placeholder, degraded or omitted."""
    reason: str
    """Why, in words a person understands."""
    part: Any
    """The rendered part: a block, a list part, or the text joined into the string."""


def block_type_label(block: Any) -> str:
    """The input block's type as a label for people."""
    if not isinstance(block, dict):
        return "(not an object)"
    kind = block.get("type")
    if kind is None or kind == "":
        return "(no type)"
    return text_field(kind)
