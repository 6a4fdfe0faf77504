"""Bedrock Converse checks: a document needs a text block beside it, tool blocks need
``toolConfig``, and the S3 sources Claude and Nova do not take where they sit."""

from __future__ import annotations

from typing import Any, Final

from ..wires import ReadRequest
from ._scope import Add, Check, Scope, blocks, entries

__all__ = ["CHECKS", "family"]

#: The media members of a content block (and of a tool result's content).
_MEDIA: Final = ("image", "document", "video")


def family(scope: Scope) -> str | None:
    """``claude`` or ``nova`` from the model id (else the profile), or ``None``."""
    model = scope.model.model if scope.model is not None else ""
    if "anthropic." in model or scope.profile == "bedrock-claude":
        return "claude"
    if "amazon.nova" in model or scope.profile == "bedrock-nova":
        return "nova"
    return None


def document_needs_text(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A message with a ``document`` block and no ``text`` block beside it (a document in a
    ``toolResult`` needs none: the corpus has such messages accepted)."""
    for index, _, content in entries(read, "content"):
        found = [i for i, block in blocks(content) if "document" in block]
        if found and not any("text" in block for _, block in blocks(content)):
            add(
                "document-needs-text",
                f"{read.key}[{index}].content[{found[0]}]",
                "The message holds a document but no text block; Bedrock takes a document"
                " only beside a text block.",
                "",
            )


def tool_config_required(read: ReadRequest, scope: Scope, add: Add) -> None:
    """``toolUse`` / ``toolResult`` blocks in a request body without ``toolConfig``. A body
    of only ``messages`` and ``system`` reads as the bare list: boto3's ``converse`` takes
    them and ``toolConfig`` as separate arguments, so such a body is often one part of the
    call (``translate`` writes one)."""
    raw = read.raw
    if not isinstance(raw, dict) or "toolConfig" in raw or set(raw) <= {read.key, "system"}:
        return
    for index, _, content in entries(read, "content"):
        for position, block in blocks(content):
            if "toolUse" in block or "toolResult" in block:
                add(
                    "tool-config-required",
                    f"{read.key}[{index}].content[{position}]",
                    "The request holds toolUse / toolResult blocks but no toolConfig.",
                    "",
                )
                return


def _s3(media: Any) -> bool:
    source = media.get("source") if isinstance(media, dict) else None
    return isinstance(source, dict) and "s3Location" in source


def s3_sources(read: ReadRequest, scope: Scope, add: Add) -> None:
    """S3 sources a model family refuses: Claude an S3 image anywhere and an S3 document
    outside a tool result; Nova an S3 document or video inside a tool result. (Video on
    Claude is the model-capability check's.)"""
    kind = family(scope)
    if kind is None:
        return
    for index, _, content in entries(read, "content"):
        for position, block in blocks(content):
            path = f"{read.key}[{index}].content[{position}]"
            if kind == "claude":
                for member in ("image", "document"):
                    if _s3(block.get(member)):
                        _report(add, path, member, "Claude")
            result = block.get("toolResult")
            inner = result.get("content") if isinstance(result, dict) else None
            for number, part in blocks(inner if isinstance(inner, list) else []):
                for member in _MEDIA:
                    refused = (
                        member == "image" if kind == "claude" else member in ("document", "video")
                    )
                    if refused and _s3(part.get(member)):
                        _report(
                            add,
                            f"{path}.toolResult.content[{number}]",
                            member,
                            "Claude" if kind == "claude" else "Nova",
                        )


def _report(add: Add, path: str, member: str, model: str) -> None:
    add(
        "s3-source-unsupported",
        path,
        f"An S3-located {member} here, which {model} on Bedrock does not take; send its bytes.",
        "",
    )


CHECKS: Final[tuple[Check, ...]] = (document_needs_text, tool_config_required, s3_sources)
