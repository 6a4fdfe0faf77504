"""The bedrock wire's request edits (SPEC 8): ``toolResult`` blocks in a user message,
``toolUseId``, ``{"text": ...}`` blocks, an image's ``format``, and document names (unique
in the request, as Bedrock takes them: :class:`~.documents.DocumentNames`)."""

from __future__ import annotations

from typing import Any, Final

from ...conversion.filenames import document_name
from .._edit import IdFormat, RequestEdits, as_json_text
from .._fix import Fix, FixSite
from .._read import DocumentPart, OpaquePart
from .convert import FACTS
from .documents import DocumentNames
from .shapes import BedrockErrorResult, BedrockMessage, BedrockText

__all__ = ["EDITS", "BedrockEdits"]

#: The characters a ``toolUseId`` may hold.
_ID_CHARS: Final = "a-zA-Z0-9_.:-"
#: The ``ToolResultContentBlock`` members a user message takes as they are.
_USER_BLOCKS: Final = frozenset({"text", "image", "document", "video"})


def _rename(target: dict[str, Any], names: DocumentNames, clean: bool) -> str | None:
    """Give a document block a name no other document has: ``name (2)``, ``name (3)``, ...
    as the converter de-duplicates; ``clean``: first as the converter names a document
    from a file name (its extension dropped, then only what Bedrock takes: q3_report.pdf
    is q3report either way). The new name; ``None`` when ``target`` is no named document."""
    document = target.get("document")
    if not isinstance(document, dict) or not isinstance(document.get("name"), str):
        return None
    given: str = document["name"]
    name = names.take(document_name(given) if clean else given)
    document["name"] = name
    return name


def _is_opaque_document(part: OpaquePart) -> bool:
    """A ``document`` read as opaque (an S3 or text source): a document all the same."""
    return part.kind == "document"


def _opaque_name(part: OpaquePart) -> str | None:
    body = part.value.get("document") if isinstance(part.value, dict) else None
    name = body.get("name") if isinstance(body, dict) else None
    return name if isinstance(name, str) else None


def _fix_names(site: FixSite) -> None:
    """Document names Bedrock rejects: each one cleaned as the converter names documents,
    then each later one of a name another document has renamed (before any block
    moves)."""
    names = {
        path: part.name if isinstance(part, DocumentPart) else _opaque_name(part)
        for path, part in site.parts.items()
        if isinstance(part, DocumentPart)
        or (isinstance(part, OpaquePart) and _is_opaque_document(part))
    }
    taken = DocumentNames(name for name in names.values() if name is not None)
    renamed: set[str] = set()
    for rule in ("document-name", "duplicate-document-name"):
        # an underscore (a warning: accepted in practice) is left as written
        for path in site.rules(rule, errors_only=rule == "document-name"):
            old = names.get(path)
            target = site.element(path)
            if old is None or path in renamed or not isinstance(target, dict):
                continue
            new = _rename(target, taken, rule == "document-name")
            if new is not None:
                renamed.add(path)
                site.change(rule, path, f"document name {old!r} -> {new!r}")


#: Repair's fix of Bedrock's document names (``duplicate-document-name`` too).
_FIX: Final = Fix("document-name", "names", _fix_names)


class BedrockEdits(RequestEdits):
    """``{"toolResult": {"toolUseId": ..., "content": [...], "status": "error"}}``; ids
    ``call_...``."""

    wire = "bedrock"
    result_blocks = True
    #: The members of ``ToolResultContentBlock`` (a union; botocore 1.44.8's service model).
    heads = frozenset({"system"})
    image_mimes = FACTS.image_mimes
    #: Document names (two document-name rules, one fix: names are unique together).
    fixes = (_FIX,)
    #: botocore 1.44.8's service model (bedrock-runtime 2023-09-30): ToolUseId, min 1,
    #: max 64 (docs/research/bedrock-sources.md).
    id_format = IdFormat(f"[{_ID_CHARS}]+", 64, f"does not match ^[{_ID_CHARS}]+$")

    def is_result_block(self, block: Any) -> bool:
        return isinstance(block, dict) and "toolResult" in block

    def is_opaque_document(self, part: OpaquePart) -> bool:
        return _is_opaque_document(part)

    def document_name(self, part: OpaquePart) -> str | None:
        return _opaque_name(part)

    def opaque_text(self, part: OpaquePart) -> str | None:
        """A string member (``{"kind": "text"}``), or a ``text`` string one or two levels
        in (``{"guardContent": {"text": {"text": ...}}}``), else a ``text`` member beside
        others (``{"type": "text", "text": ...}``); ``None`` when it holds none."""
        if not isinstance(part.value, dict) or len(part.value) != 1:
            return super().opaque_text(part)
        inner = next(iter(part.value.values()))
        for _ in range(2):
            if isinstance(inner, str):
                return inner if inner.strip() else None
            if not isinstance(inner, dict):
                return None
            inner = inner.get("text")
        return inner if isinstance(inner, str) and inner.strip() else None

    def text_block(self, text: str) -> BedrockText:
        return {"text": text}

    def kept_output(self, target: dict[str, Any], header: str) -> tuple[Any, tuple[str, ...]]:
        """A text block for the header; text, image, document and video blocks as they are
        (a user message takes them); a ``json`` block (or another) as its JSON text."""
        result = target.get("toolResult")
        content = result.get("content") if isinstance(result, dict) else None
        blocks: list[Any] = [self.text_block(header)]
        for block in content if isinstance(content, list) else []:
            if isinstance(block, dict) and len(block) == 1 and next(iter(block)) in _USER_BLOCKS:
                blocks.append(block)
            elif isinstance(block, dict) and "json" in block and len(block) == 1:
                blocks.append(self.text_block(as_json_text(block["json"])))
            else:
                blocks.append(self.text_block(as_json_text(block)))
        return blocks, ()

    def merge_output(self, kept: dict[str, Any], other: dict[str, Any], header: str) -> None:
        """The second result's content blocks after the first's, a text block between."""
        first = kept.get("toolResult")
        second = other.get("toolResult")
        if not isinstance(first, dict) or not isinstance(second, dict):
            return
        more = second.get("content")
        first["content"] = [
            *(first.get("content") or []),
            self.text_block(header),
            *(more if isinstance(more, list) else []),
        ]

    def missing_result(self, call_id: str | None, name: str, text: str) -> BedrockErrorResult:
        content = [self.text_block(text)]
        return {"toolResult": {"toolUseId": call_id, "content": content, "status": "error"}}

    def user_message(self, blocks: list[Any]) -> BedrockMessage:
        return {"role": "user", "content": blocks}

    def call_message(self, blocks: list[Any]) -> BedrockMessage:
        return {"role": "assistant", "content": blocks}

    def set_id(self, target: dict[str, Any], is_call: bool, new: str) -> None:
        body = target.get("toolUse" if is_call else "toolResult")
        if isinstance(body, dict):
            body["toolUseId"] = new

    def set_declared_mime(self, target: dict[str, Any], mime: str, data: str) -> bool:
        image = target.get("image")
        if isinstance(image, dict):
            image["format"] = mime.partition("/")[2]  # png, jpeg, gif, webp: the MIME's name
            return True
        return False


EDITS: Final = BedrockEdits()
