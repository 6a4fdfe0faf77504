"""What every wire converter shares: its input, its per-entry steps, the text path."""

from __future__ import annotations

from typing import Any, Protocol

from ..carriage import Native, carry
from ..facts import WireFacts
from ..items import BlobItem, Item, Outcome, TextStep
from ..options import Options

__all__ = ["Converter", "Outcome", "Source", "Step", "blank", "decide", "text_steps"]

#: How one content entry went out: (the part placed in the block, the outcome, why).
#: The part is a dict, or a ``str`` joined into the string form; ``None`` when the
#: entry produced nothing. A plain tuple: a converter makes one per entry per call.
Step = tuple[Any, Outcome, str]


class Source(Protocol):
    """The parts of a tool result a converter reads (a :class:`ToolResult` is one)."""

    @property
    def name(self) -> str: ...
    @property
    def id(self) -> str: ...
    @property
    def is_error(self) -> bool: ...
    @property
    def _neutral_items(self) -> tuple[Item, ...]: ...
    @property
    def _structured_value(self) -> Any: ...


class Converter(Protocol):
    """A wire converter: one block and one step per content entry, from one code path."""

    def __call__(
        self, source: Source, facts: WireFacts, options: Options
    ) -> tuple[Any, list[Step]]: ...


def blank(text: str) -> bool:
    """Text the Anthropic Messages API rejects as a block: empty or whitespace only."""
    return not text.strip()


def decide(item: Item, facts: WireFacts, options: Options) -> Native | TextStep:
    """The native form of an item on this wire, or the step that sends it as text."""
    return carry(item, facts, options) if isinstance(item, BlobItem) else item.text_step


def text_steps(items: tuple[Item, ...], facts: WireFacts, options: Options) -> list[TextStep]:
    """The steps of items on a wire that carries nothing natively (so every step is text)."""
    if facts.carries_image or facts.carries_pdf:
        raise ValueError(f"{facts.wire} carries media natively: use decide()")
    return [
        carry(item, facts, options) if isinstance(item, BlobItem) else item.text_step  # type: ignore[misc]
        for item in items
    ]
