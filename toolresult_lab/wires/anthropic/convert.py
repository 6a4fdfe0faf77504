"""anthropic: a Messages ``tool_result`` block holding one block per content entry.

Options: ``image_input`` (off by default), ``native_pdf`` and ``source_blocks`` (both on by
default); a PDF becomes a document block only with both on, and with ``source_blocks`` off
documents and search results go as text. Blank text never becomes a block, and an error
result holds text blocks only: the API rejects both (SPEC section 6).
"""

from __future__ import annotations

from typing import Any, Final

from ...conversion.encoding import clone
from ...conversion.items import (
    BlobItem,
    DocumentItem,
    Item,
    Native,
    NativeItem,
    NoteItem,
    TextItem,
)
from ...conversion.options import Resolved
from ...conversion.steps import Carried, Conversion, Outcome, ResultNote, Step
from .._common import (
    IMAGE_MIMES,
    Converter,
    Source,
    WireFacts,
    empty_content,
    exhausted,
    shared_step,
)
from .blocks import AnthropicToolResult
from .read import block_contents

FACTS: Final[WireFacts] = WireFacts(
    "anthropic",
    "Anthropic Messages tool_result block",
    image_mimes=IMAGE_MIMES,
    carries_pdf=True,
    pdf_needs_vision=False,
    reads=frozenset({"image_input", "native_pdf", "source_blocks"}),
    defaults={"native_pdf": True, "source_blocks": True},
    has_name_field=False,
    has_error_field=True,
    requires={"id": "tool_use_id"},
)

_BLANK: Final = "the Messages API rejects blank text blocks"
_ERROR_TEXT: Final = "is_error: the Messages API takes only text blocks in an error result"
_TEXT_BLOCK: Final = "text block (only text and cache_control are kept)"
_DOCUMENT: Final = {
    origin: f"{origin} sent as a text document block" for origin in ("text resource", "text/* blob")
}
_NATIVE: Final = {
    "image": ("image", "image sent as a base64 image block"),
    "pdf": ("document", "PDF sent as a base64 document block"),
}


class AnthropicConverter(Converter):
    """``{"type": "tool_result", "tool_use_id": id, "content": [blocks], "is_error": True}``."""

    def __init__(self, facts: WireFacts, options: Resolved) -> None:
        super().__init__(facts, options)
        self.source_blocks: Final = options.source_blocks
        self.source_blocks_off: Final = f"source_blocks {options.state('source_blocks')}"

    def image_refusal(self) -> str | None:
        return self.option_off("image_input")

    def pdf_refusal(self) -> str | None:
        if not self.options.source_blocks:
            state = self.options.state("source_blocks")
            return f"source_blocks {state}: PDF not sent as a document"
        return self.option_off("native_pdf")

    def convert(self, data: Source) -> Conversion:
        if self.options.audience is not None:  # entries not meant for the model left out
            entry = self.error_entry if data.is_error else self.entry
            steps = [
                self.left_out(data, index) or entry(item) for index, item in enumerate(data.items)
            ]
        elif data.is_error:  # two loops: compiled, a method called directly is the cheaper
            steps = [self.error_entry(item) for item in data.items]
        else:
            steps = [self.entry(item) for item in data.items]
        blocks = [step.part for step in steps if step.part is not None]
        content_note: ResultNote | None = None
        if blocks:
            content: Any = blocks
            notes = self.notes(data, True)
        else:
            content, content_note = empty_content(data.structured)
            notes = (content_note, *self.notes(data, False))
        block: AnthropicToolResult = {
            "type": "tool_result",
            "tool_use_id": data.id,
            "content": content,
        }
        if data.is_error:
            block["is_error"] = True
        return Conversion(block, steps, notes, content_note)

    def native_data_path(self, media: str) -> str:
        return "source.data"

    def part_contents(self, step: Step) -> tuple[tuple[str, ...], tuple[Carried, ...]]:
        texts, carried = block_contents(step.part)  # one walk for both
        return texts, carried if step.outcome == "passthrough" else ()

    def entry(self, item: Item) -> Step:
        """One content entry as one block (an exhaustive switch over the item kinds)."""
        if isinstance(item, TextItem):
            if _blank(item.text):
                return Step(None, "omitted", f"{_BLANK} (blank text block)")
            block = {"type": "text", "text": item.text}
            if item.has_cache_control:
                block["cache_control"] = clone(item.cache_control)
            return Step(block, "text", _TEXT_BLOCK)
        if isinstance(item, DocumentItem):
            if not self.source_blocks:
                reason = f"{self.source_blocks_off}: {item.origin} sent as text"
                return _text(item.text, "text", reason)
            if _blank(item.text):
                return Step(None, "omitted", f"{_BLANK} (blank {item.origin})")
            source = {"type": "text", "media_type": "text/plain", "data": item.text}
            return Step({"type": "document", "source": source}, "document", _DOCUMENT[item.origin])
        if isinstance(item, NativeItem):
            kind = item.block_type
            if self.source_blocks or kind == "image":
                reason = f"Anthropic-native {kind} passed through"
                return Step(clone(item.block), "passthrough", reason)
            shared = shared_step(item)  # a native block's string form is the same everywhere
            assert shared is not None
            reason = f"{self.source_blocks_off}: native {kind} sent as text"
            return _text(item.text, shared.outcome, reason)
        if isinstance(item, (BlobItem, NoteItem)):
            decision = self.decide(item)  # its shared step unless an image or PDF
            if isinstance(decision, Native):
                block_type, reason = _NATIVE[decision.media]
                source = {"type": "base64", "media_type": decision.mime, "data": decision.data}
                return Step({"type": block_type, "source": source}, "native", reason, decision)
            return Step({"type": "text", "text": decision.part}, decision.outcome, decision.reason)
        exhausted(item)

    def error_entry(self, item: Item) -> Step:
        """One entry of an error result: any block but text goes as its string form."""
        step = self.entry(item)
        part = step.part
        if part is None or part.get("type") == "text":
            return step
        if isinstance(item, BlobItem):  # an image or PDF that would go natively
            what = "PDF" if item.media == "pdf" else item.media
            reason = f"{_ERROR_TEXT}: {what} sent as placeholder"
            return Step({"type": "text", "text": item.text}, "placeholder", reason)
        if isinstance(item, DocumentItem):
            return _text(item.text, "text", f"{_ERROR_TEXT}: {item.origin} sent as text")
        if isinstance(item, NativeItem):
            outcome: Outcome = "placeholder" if item.text_is_placeholder else "text"
            reason = f"{_ERROR_TEXT}: native {item.block_type} sent as text"
            return _text(item.text, outcome, reason)
        raise AssertionError(f"unexpected block {part!r} for {item!r}")


def _blank(text: str) -> bool:
    """Text the Messages API rejects as a block: empty or whitespace only (asked without
    ``strip()``, which would copy a 200 MB text that ends in a newline)."""
    return not text or text.isspace()


def _text(text: str, outcome: Outcome, reason: str) -> Step:
    if _blank(text):
        return Step(None, "omitted", f"{_BLANK} ({reason})")
    return Step({"type": "text", "text": text}, outcome, reason)
