"""The checks of Bedrock Converse's own shapes: a document name Bedrock takes, a document
needs a text block beside it, tool blocks need ``toolConfig``, no empty message, the S3
sources Claude and Nova do not take where they sit, a prefill with tools, media formats as
the enums spell them, and what a ``toolResult`` may hold; the document cap.
:data:`CHECKS` is what ``lint`` reads."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Final

from .._check import Add, Check, PrefixFacts, Scope, WireChecks, blocks, entries, short
from .._read import ImagePart, ReadRequest, ResultPart
from . import model_checks
from .convert import FACTS, IMAGE_FORMATS
from .document_checks import documents

__all__ = ["CHECKS", "RESULT_MEMBERS", "family", "input_kind"]

#: The media members of a content block (and of a tool result's content).
_MEDIA: Final = ("image", "document", "video")
#: The ``format`` each media member takes, exactly as spelled (lower case): botocore
#: 1.44.18's service model, ``ImageFormat`` and ``DocumentFormat`` (checked 2026-12-07).
FORMATS: Final = {
    "image": frozenset(IMAGE_FORMATS.values()),
    "document": frozenset({"pdf", "csv", "doc", "docx", "xls", "xlsx", "html", "txt", "md"}),
}
#: The members a ``toolResult``'s content blocks take (``ToolResultContentBlock``, a union:
#: its members in botocore 1.44.8's service model; SPEC 8 ``tool-result-content``).
RESULT_MEMBERS: Final = frozenset({"json", "text", "image", "document", "video", "searchResult"})
#: The members a message's content blocks take: botocore 1.44.8's service model
#: (bedrock-runtime 2023-09-30), ``ContentBlock`` (checked 2026-12-02).
BLOCK_MEMBERS: Final = frozenset(
    {
        "audio",
        "cachePoint",
        "citationsContent",
        "document",
        "guardContent",
        "image",
        "reasoningContent",
        "searchResult",
        "text",
        "toolAddition",
        "toolRemoval",
        "toolResult",
        "toolUse",
        "video",
    }
)
#: The input kind of each media member (the model-capability check).
_INPUTS: Final = {"image": "image", "video": "video"}


def family(scope: Scope) -> str | None:
    """``claude`` or ``nova`` from the model id (else the profile), or ``None``."""
    model = scope.model.model if scope.model is not None else ""
    if "anthropic." in model or scope.profile == "bedrock-claude":
        return "claude"
    if "amazon.nova" in model or scope.profile == "bedrock-nova":
        return "nova"
    return None


def known_blocks(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A content block whose one member botocore does not know (a block of two members
    is the reader's ``shape`` finding already)."""
    for index, _, content in entries(read, "content"):
        for position, block in blocks(content):
            if len(block) == 1:
                member = next(iter(block))
                if member not in BLOCK_MEMBERS:
                    add(
                        "shape",
                        f"{read.key}[{index}].content[{position}]",
                        f"a content block keyed {short(member)}, which the Converse API does"
                        " not take.",
                        "",
                    )


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
    """``toolUse`` / ``toolResult`` blocks in a request body without ``toolConfig``. A
    bare list of messages is one part of the call (boto3's ``converse`` takes the messages
    and ``toolConfig`` as separate arguments); a body is the request, whatever it holds."""
    raw = read.raw
    if not isinstance(raw, dict) or "toolConfig" in raw:
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


def prefill_with_tools(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A final assistant message without calls (a prefill: a final call is
    call-without-result's) in a request that uses tools (a ``toolConfig``, or toolUse /
    toolResult blocks), unless the model is known not to be Claude's."""
    listed = read.messages
    last = listed[-1] if listed else None
    if last is None or last.role != "assistant" or last.calls:
        return
    if family(scope) not in (None, "claude"):
        return
    raw = read.raw
    tools = isinstance(raw, dict) and "toolConfig" in raw
    if tools or any(message.calls or message.results for message in listed):
        add(
            "prefill-with-tools",
            last.path,
            "The request ends with an assistant message and uses tools; Claude takes no"
            " prefill with tools.",
            "",
        )


def formats(read: ReadRequest, scope: Scope, add: Add) -> None:
    """An image's or document's ``format`` outside its enum (``JPEG``, ``jpg``), in a
    message or inside a ``toolResult``."""
    for index, _, content in entries(read, "content"):
        for position, block in blocks(content):
            path = f"{read.key}[{index}].content[{position}]"
            result = block.get("toolResult")
            inner = result.get("content") if isinstance(result, dict) else None
            if isinstance(inner, list):
                for at, nested in blocks(inner):
                    _format(nested, f"{path}.toolResult.content[{at}]", add)
            else:
                _format(block, path, add)


def _format(block: dict[str, Any], path: str, add: Add) -> None:
    for member, taken in FORMATS.items():
        media = block.get(member)
        fmt = media.get("format") if isinstance(media, dict) else None
        if isinstance(fmt, str) and fmt not in taken:
            add(
                "media-type",
                path,
                f"The {member} format {short(fmt)} is not one bedrock takes"
                f" ({', '.join(sorted(taken))}, in lower case).",
                "format",
            )


def messages(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A message with an empty content list: Converse takes none ("The content field in the
    Message object at messages.N is empty."). Two messages of one role in a row are the
    generic ``roles-not-alternating`` (the wire's request shape says it alternates)."""
    for index, entry, _ in entries(read, "content"):
        if entry.get("content") == []:
            add(
                "empty-message",
                f"{read.key}[{index}]",
                "The message has an empty content list.",
                "",
            )


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


def result_content(result: ResultPart, scope: Scope, add: Add) -> None:
    """Each member of a ``toolResult``'s content blocks the wire does not take there (each
    block is a union, keyed by its member); and an image there where the profile's models
    take none (``images="never"``: Bedrock's text families answer "This model doesn't
    support the image field"). A document there is accepted (Llama 4 and Pixtral took one
    in the real-requests corpus), so ``pdf="never"`` only keeps the converter from sending
    one."""
    raw = result.raw if isinstance(result.raw, dict) else {}
    content = raw.get("content")
    if isinstance(content, list):
        body = f"{result.path}.toolResult" if result.path else "toolResult"
        for index, block in enumerate(content):
            for key in block if isinstance(block, dict) else ():
                if key not in RESULT_MEMBERS:
                    add(
                        "tool-result-content",
                        f"{body}.content[{index}]",
                        f"The result for {short(result.id)} holds a block keyed {short(key)};"
                        f" it takes {', '.join(sorted(RESULT_MEMBERS))}.",
                        "",
                    )
    found = scope.profile_facts
    if found is None or found.images != "never":
        return
    for part in result.parts:
        if isinstance(part, ImagePart):
            add(
                "tool-result-content",
                part.path,
                f"The result for {short(result.id)} holds an image; {found.label} takes"
                " none in a tool result.",
                "never-image",
            )


def input_kind(node: dict[str, Any]) -> str | None:
    """``image`` or ``video`` when ``node`` is a content block of that media."""
    for member, kind in _INPUTS.items():
        if isinstance(node.get(member), dict):
            return kind
    return None


RULES: Final[tuple[Check, ...]] = (
    documents,
    known_blocks,
    messages,
    document_needs_text,
    tool_config_required,
    s3_sources,
    prefill_with_tools,
    formats,
    model_checks.forced_tool_choice,
)


def _message_content(answer: Any) -> list[Any] | None:
    output = answer.get("output") if isinstance(answer, dict) else None
    message = output.get("message") if isinstance(output, dict) else None
    found = message.get("content") if isinstance(message, dict) else None
    return found if isinstance(found, list) else None


#: Claude's reasoningContent is bound as Anthropic's thinking is; Converse's answer is
#: output.message; a cachePoint block is only a cache marker.
PREFIX: Final = PrefixFacts(
    fields=(("modelId", "model"), ("toolConfig", "tools"), ("system", "system")),
    marker_block="cachePoint",
    signed=lambda block: isinstance(block, dict) and "reasoningContent" in block,
    answer=_message_content,
)

CHECKS: Final = WireChecks(
    # botocore 1.44.8's service model (bedrock-runtime 2023-09-30): ToolUseId, min 1,
    # max 64 (docs/research/bedrock-sources.md)
    prefix=PREFIX,
    rules=RULES,
    sampling=model_checks.SAMPLING,
    result_content=result_content,
    result_blocks=RESULT_MEMBERS,
    input_kind=input_kind,
    image_types=FACTS.image_mimes,
    reports=frozenset(
        {
            "empty-message",
            "too-many-documents",
            "duplicate-document-name",
            "document-name",
            "document-needs-text",
            "tool-config-required",
            "prefill-with-tools",
            "s3-source-unsupported",
            "forced-tool-choice",
        }
    ),
    # where its severities differ (the rules' notes give each source): Converse speaks for
    # many providers' models, so what only Claude was seen refusing is a warning (results
    # after other content, bytes of another media type; an error with bedrock-claude);
    # an id twice in one message, a second result, an image in a result of a model that
    # takes none, a format outside botocore's enum and a changed prefix before signed
    # reasoning are errors; a schema root without type is a warning (user reports)
    severities=MappingProxyType(
        {
            "results-after-other-content": "warning",
            "duplicate-call-id:same-message": "error",
            "duplicate-result": "error",
            "tool-result-content:never-image": "error",
            "media-type": "warning",
            "media-type:format": "error",
            "tool-schema-root:untyped": "warning",
            "prefix-changed:bound": "error",
        }
    ),
    call_ids=True,
    base64_media=True,
    models=model_checks.MODELS,
    empty_text_rejected=True,
)
