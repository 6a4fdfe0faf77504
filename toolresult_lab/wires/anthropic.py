"""anthropic: a Messages ``tool_result`` block holding one block per content entry.

Options: ``image_input`` (off by default), ``native_pdf`` and ``source_blocks``
(both on by default). Blank text never becomes a block: the API rejects it.
"""

from __future__ import annotations

from typing import Any

from ..carriage import Native, carry
from ..encoding import clone
from ..facts import WireFacts
from ..items import BlobItem, DocumentItem, Item, NativeItem, TextItem
from ..options import Options
from ..text import empty_content_text, native_text_form
from ._base import Source, Step, blank, string_step

_OMITTED = "the Messages API rejects blank text blocks"


def _text(text: str, outcome: Any, reason: str) -> Step:
    if blank(text):
        return Step(None, "omitted", f"{_OMITTED} ({reason})")
    return Step({"type": "text", "text": text}, outcome, reason)


def _native(item: NativeItem, options: Options) -> Step:
    block = item.block
    kind = block.get("type")
    if options.source_blocks or kind == "image":
        return Step(clone(block), "passthrough", f"Anthropic-native {kind} passed through")
    text, is_placeholder = native_text_form(block)
    return _text(
        text,
        "placeholder" if is_placeholder else "text",
        f"source_blocks {options.state('source_blocks')}: native {kind} sent as text",
    )


def _step(item: Item, facts: WireFacts, options: Options) -> Step:
    if isinstance(item, TextItem):
        step = _text(item.text, "text", "text block")
        if item.has_cache_control and step.part is not None:
            step.part["cache_control"] = clone(item.cache_control)
        return step
    if isinstance(item, DocumentItem):
        if not options.source_blocks:
            return _text(
                item.text, "text", f"source_blocks {options.state('source_blocks')}: document"
                " sent as text"
            )
        if blank(item.text):
            return Step(None, "omitted", f"{_OMITTED} (blank {item.origin})")
        return Step(
            {"type": "document", "source": {"type": "text", "media_type": "text/plain",
                                            "data": item.text}},
            "document",
            f"{item.origin} sent as a text document block",
        )
    if isinstance(item, NativeItem):
        return _native(item, options)
    if isinstance(item, BlobItem):
        decision = carry(item, facts, options)
        if isinstance(decision, Native):
            block_type = "image" if decision.media == "image" else "document"
            source = {"type": "base64", "media_type": decision.mime, "data": decision.data}
            return Step(
                {"type": block_type, "source": source},
                "native",
                f"{decision.media} sent as a base64 {block_type} block",
            )
    step = string_step(item, facts, options)
    return Step({"type": "text", "text": step.part}, step.outcome, step.reason)


def convert(source: Source, facts: WireFacts, options: Options) -> tuple[Any, list[Step]]:
    steps = [_step(item, facts, options) for item in source.items]
    blocks = [step.part for step in steps if step.part is not None]
    block: dict[str, Any] = {
        "type": "tool_result",
        "tool_use_id": source.id,
        "content": blocks if blocks else empty_content_text(source.structured_value),
    }
    if source.is_error:
        block["is_error"] = True
    return block, steps
