"""What every wire converter shares: its input, its per-item steps, string parts."""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, Protocol

from ..carriage import Refusal, carry
from ..facts import WireFacts
from ..items import BlobItem, DocumentItem, Item, NoteItem, TextItem
from ..options import Options
from ..text import native_text_form, placeholder

__all__ = ["Converter", "Outcome", "Source", "Step", "blank", "string_step"]

Outcome = Literal["text", "native", "document", "placeholder", "passthrough", "degraded", "omitted"]


class Source(Protocol):
    """The parts of a tool result a converter reads (a :class:`ToolResult` is one)."""

    @property
    def name(self) -> str: ...
    @property
    def id(self) -> str: ...
    @property
    def is_error(self) -> bool: ...
    @property
    def items(self) -> tuple[Item, ...]: ...
    @property
    def structured_value(self) -> Any: ...


class Step(NamedTuple):
    """How one content entry went out: the part it became, the outcome, and why.

    ``part`` is the object placed in the block (a dict, or a ``str`` joined into the
    string form); ``None`` when the entry produced nothing.
    """

    part: Any
    outcome: Outcome
    reason: str


class Converter(Protocol):
    """A wire converter: one block and one step per content entry, from one code path."""

    def __call__(
        self, source: Source, facts: WireFacts, options: Options
    ) -> tuple[Any, list[Step]]: ...


def blank(text: str) -> bool:
    """Text the Anthropic Messages API rejects as a block: empty or whitespace only."""
    return not text.strip()


def string_step(item: Item, facts: WireFacts, options: Options) -> Step:
    """The step of an item that goes out as text (string wires, and text parts elsewhere)."""
    if isinstance(item, TextItem):
        return Step(item.text, "text", "text block sent as text")
    if isinstance(item, DocumentItem):
        return Step(item.text, "text", f"{item.origin} sent as its text")
    if isinstance(item, NoteItem):
        if item.origin == "resource_link":
            return Step(item.text, "placeholder", "resource_link sent as a reference line")
        return Step(item.text, "degraded", "content entry is not a JSON object")
    if isinstance(item, BlobItem):
        decision = carry(item, facts, options)
        refusal = (
            decision
            if isinstance(decision, Refusal)
            else Refusal("placeholder", f"{facts.wire} sends it as text here")
        )
        return Step(placeholder(item), refusal.outcome, refusal.reason)
    text, is_placeholder = native_text_form(item.block)
    kind = item.block.get("type")
    return Step(
        text,
        "placeholder" if is_placeholder else "text",
        f"Anthropic-native {kind} sent as {'a placeholder' if is_placeholder else 'its text'}"
        f" ({facts.wire} does not pass native blocks through)",
    )
