"""What ``ToolResult.explain()`` returns: one record per content entry.

The records are the converters' own steps (the same call that builds the block),
so an explanation can never disagree with the conversion.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .encoding import text_field
from .facts import wire_facts
from .items import ItemKind, Outcome

__all__ = [
    "OUTCOMES",
    "OUTCOME_COLOURS",
    "Explanation",
    "block_type_label",
    "explain_empty_content",
]

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

#: One colour per outcome (white text on it), shared by the matrix Styler and the cards.
OUTCOME_COLOURS: dict[Outcome, str] = {
    "native": "#1a7f37",
    "passthrough": "#0f7b7b",
    "document": "#1f5fbf",
    "text": "#6e7781",
    "placeholder": "#b7791f",
    "degraded": "#c62828",
    "omitted": "#7b4fa8",
}


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


def explain_empty_content(wire: str, structured_content: Any) -> tuple[Outcome, str]:
    """What a wire sends for a result without content entries, and why."""
    facts = wire_facts(wire)
    if structured_content is None:
        return "omitted", "no content and no structured_content: an empty string is sent"
    if facts.structured_response and isinstance(structured_content, dict):
        return "passthrough", f"{facts.wire} sends the structured_content object as the response"
    return "text", "no content: structured_content sent as JSON text"


def block_type_label(block: Any) -> str:
    """The input block's type as a label for people."""
    if not isinstance(block, dict):
        return "(not an object)"
    kind = block.get("type")
    if kind is None or kind == "":
        return "(no type)"
    return text_field(kind)
