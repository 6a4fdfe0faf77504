"""anthropic: a Messages ``tool_result`` block holding one block per content entry.

Options: ``image_input`` (off by default), ``native_pdf`` and ``source_blocks``
(both on by default); a PDF becomes a document block only with both on, and with
``source_blocks`` off documents and search results go as text. Blank text never
becomes a block, and an error result holds text blocks only: the API rejects both
(SPEC section 6).

The turn (SPEC 7): one assistant message of ``tool_use`` blocks, then one user message
holding every ``tool_result`` block.
"""

from __future__ import annotations

from typing import Any, Final

from ..encoding import clone
from ..items import BlobItem, DocumentItem, Item, Native, NativeItem, NoteItem, TextItem
from ..options import Resolved
from ..steps import Conversion, Outcome, Step
from ._common import IMAGE_MIMES, Converter, Source, WireFacts, empty_content, exhausted
from ._turn import (
    CallData,
    ReadCall,
    TurnShape,
    malformed,
    read_arguments,
    read_dict,
    read_id,
    read_list,
    read_name,
    with_extra,
)

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
        shared = data.shared  # aligned with the items
        entry = self.error_entry if data.is_error else self.entry
        steps = [entry(item, shared[index]) for index, item in enumerate(data.items)]
        blocks = [step.part for step in steps if step.part is not None]
        if blocks:
            content: Any = blocks
            notes = self.notes(data, True)
        else:
            content, note = empty_content(data.structured)
            notes = (note, *self.notes(data, False))
        block: dict[str, Any] = {"type": "tool_result", "tool_use_id": data.id, "content": content}
        if data.is_error:
            block["is_error"] = True
        return Conversion(block, steps, notes)

    def entry(self, item: Item, shared: Step | None) -> Step:
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
            reason = f"{item.origin} sent as a text document block"
            return Step({"type": "document", "source": source}, "document", reason)
        if isinstance(item, NativeItem):
            kind = item.block_type
            if self.source_blocks or kind == "image":
                reason = f"Anthropic-native {kind} passed through"
                return Step(clone(item.block), "passthrough", reason)
            assert shared is not None  # a native block's string form is the same everywhere
            reason = f"{self.source_blocks_off}: native {kind} sent as text"
            return _text(item.text, shared.outcome, reason)
        if isinstance(item, (BlobItem, NoteItem)):
            decision = shared if shared is not None else self.decide(item)
            if isinstance(decision, Native):
                block_type, reason = _NATIVE[decision.media]
                source = {"type": "base64", "media_type": decision.mime, "data": decision.data}
                return Step({"type": block_type, "source": source}, "native", reason, decision)
            return Step({"type": "text", "text": decision.part}, decision.outcome, decision.reason)
        exhausted(item)

    def error_entry(self, item: Item, shared: Step | None) -> Step:
        """One entry of an error result: any block but text goes as its string form."""
        step = self.entry(item, shared)
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
    """Text the Messages API rejects as a block: empty or whitespace only."""
    return not text.strip()


def _text(text: str, outcome: Outcome, reason: str) -> Step:
    if _blank(text):
        return Step(None, "omitted", f"{_BLANK} ({reason})")
    return Step({"type": "text", "text": text}, outcome, reason)


class AnthropicTurn(TurnShape):
    """Echo ``{"role": "assistant", "content": [tool_use, ...]}``; results
    ``{"role": "user", "content": [tool_result, ...]}``."""

    def echo(self, calls: list[CallData]) -> list[Any]:
        uses = [
            with_extra(
                {"type": "tool_use", "id": call.id, "name": call.name, "input": call.fresh_args()},
                call,
                "anthropic",
            )
            for call in calls
        ]
        return [{"role": "assistant", "content": uses}]

    def results(self, blocks: list[Any]) -> list[Any]:
        return [{"role": "user", "content": list(blocks)}]

    def read(self, message: Any) -> list[ReadCall]:
        """An assistant message or a Messages response (``content``), or the content list."""
        where = ""
        if isinstance(message, dict):
            message = message.get("content")
            where = "content"
            if isinstance(message, str):
                return []  # text only
        elif not isinstance(message, list):
            raise malformed("anthropic", "message", "expected a message or a content list")
        calls = []
        for index, block in enumerate(read_list(message, "anthropic", where or "content")):
            at = f"{where}[{index}]"
            block = read_dict(block, "anthropic", at)
            if block.get("type") != "tool_use":
                continue  # text, thinking, server tools
            calls.append(
                ReadCall(
                    at,
                    read_id(block.get("id"), "anthropic", at + ".id"),
                    read_name(block.get("name"), "anthropic", at + ".name"),
                    read_arguments(block.get("input"), "anthropic", at + ".input"),
                )
            )
        return calls


TURN: Final[TurnShape] = AnthropicTurn("anthropic", needs_call_ids=True)
