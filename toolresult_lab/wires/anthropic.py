"""anthropic: a Messages ``tool_result`` block holding one block per content entry.

Options: ``image_input`` (off by default), ``native_pdf`` and ``source_blocks``
(both on by default). Blank text never becomes a block: the API rejects it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..carriage import Native
from ..encoding import clone
from ..facts import WireFacts
from ..items import BlobItem, DocumentItem, NativeItem, NoteItem, Outcome, TextItem
from ..options import Options
from ..text import empty_content_text
from ._base import Source, Step, blank, decide

_BLANK = "the Messages API rejects blank text blocks"
_NATIVE_REASON = {
    "image": "image sent as a base64 image block",
    "pdf": "PDF sent as a base64 document block",
}


def _text(text: str, outcome: Outcome, reason: str) -> Step:
    if blank(text):
        return (None, "omitted", f"{_BLANK} ({reason})")
    return ({"type": "text", "text": text}, outcome, reason)


def _native_block(item: NativeItem, facts: WireFacts, options: Options) -> Step:
    kind = item.block_type
    if options.source_blocks or kind == "image":
        return (clone(item.block), "passthrough", f"Anthropic-native {kind} passed through")
    text, outcome, _ = item.text_step
    reason = f"source_blocks {options.state('source_blocks')}: native {kind} sent as text"
    return _text(text, outcome, reason)


def _document(item: DocumentItem, facts: WireFacts, options: Options) -> Step:
    if not options.source_blocks:
        reason = f"source_blocks {options.state('source_blocks')}: {item.origin} sent as text"
        return _text(item.text, "text", reason)
    if blank(item.text):
        return (None, "omitted", f"{_BLANK} (blank {item.origin})")
    source = {"type": "text", "media_type": "text/plain", "data": item.text}
    return (
        {"type": "document", "source": source},
        "document",
        f"{item.origin} sent as a text document block",
    )


def _text_block(item: TextItem, facts: WireFacts, options: Options) -> Step:
    if blank(item.text):
        return (None, "omitted", f"{_BLANK} (blank text block)")
    block = {"type": "text", "text": item.text}
    if item.has_cache_control:
        block["cache_control"] = clone(item.cache_control)
    return (block, "text", "text block (only text and cache_control are kept)")


def _blob_or_note(item: BlobItem | NoteItem, facts: WireFacts, options: Options) -> Step:
    decision = decide(item, facts, options)
    if isinstance(decision, Native):
        block_type = "image" if decision.media == "image" else "document"
        source = {"type": "base64", "media_type": decision.mime, "data": decision.data}
        return ({"type": block_type, "source": source}, "native", _NATIVE_REASON[decision.media])
    return ({"type": "text", "text": decision[0]}, decision[1], decision[2])


#: One handler per item kind (an exhaustive switch: every kind of ``items.Item``).
_HANDLERS: dict[type, Callable[[Any, WireFacts, Options], Step]] = {
    TextItem: _text_block,
    DocumentItem: _document,
    NativeItem: _native_block,
    NoteItem: _blob_or_note,
    BlobItem: _blob_or_note,
}


def convert(source: Source, facts: WireFacts, options: Options) -> tuple[Any, list[Step]]:
    steps = [_HANDLERS[type(item)](item, facts, options) for item in source._neutral_items]
    blocks = [step[0] for step in steps if step[0] is not None]
    block: dict[str, Any] = {
        "type": "tool_result",
        "tool_use_id": source.id,
        "content": blocks if blocks else empty_content_text(source._structured_value),
    }
    if source.is_error:
        block["is_error"] = True
    return block, steps
