"""The checks of OpenAI Chat Completions' own shapes: a content part of a type the SDK does
not type (a warning: gateways take their own), a ``file`` content part with a member the
API does not know, and a tool message's parts (text only). :data:`CHECKS` is what ``lint``
reads."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Final

from .._check import Add, Check, PrefixFacts, Scope, WireChecks, blocks, entries, short
from .._read import ImagePart, OpaquePart, Part, ReadRequest, ResultPart, TextPart
from . import model_checks

__all__ = ["CHECKS", "IMAGE_TYPES", "PART_TYPES", "input_kind"]

#: The members of a ``file`` part's ``file`` object (the API reference's ``File``).
_FILE_MEMBERS: Final = frozenset({"file_data", "file_id", "filename"})
#: The content part types the openai SDK 3.57.0 types: ``ChatCompletionContentPartParam``
#: (text, image_url, input_audio, file) and the assistant's refusal part (checked
#: 2026-12-02). Accepted requests to Mistral and OpenRouter carry others (``document_url``,
#: ``thinking``, ``video_url``), so another type is a warning.
PART_TYPES: Final = frozenset({"text", "image_url", "input_audio", "file", "refusal"})
_PART_TYPES_SHOWN: Final = ", ".join(repr(kind) for kind in sorted(PART_TYPES))
#: The image types the API reads ("Images and vision", image input requirements: PNG,
#: JPEG, WEBP, non-animated GIF; the same set as the Responses API's).
IMAGE_TYPES: Final = frozenset({"image/png", "image/jpeg", "image/webp", "image/gif"})
#: The input kind a content part of each ``type`` carries (the model-capability check).
_INPUTS: Final = {"input_audio": "audio", "image_url": "image"}


def known_parts(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A content part (outside a tool message: tool-result-content's) of a type the SDK
    does not type: a ``shape`` warning (case ``unknown-part``)."""
    for index, entry, content in entries(read, "content"):
        if entry.get("role") == "tool":
            continue
        for position, part in blocks(content):
            kind = part.get("type")
            if isinstance(kind, str) and kind not in PART_TYPES:
                add(
                    "shape",
                    f"{read.key}[{index}].content[{position}]",
                    f"a content part of type {short(kind)}, which the openai SDK does not type"
                    f" (it types {_PART_TYPES_SHOWN}); a gateway may take it, the API reference"
                    " lists only those.",
                    "unknown-part",
                )


def file_members(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A ``file`` part whose ``file`` object has a member other than ``file_data``,
    ``file_id``, ``filename``."""
    for index, _, content in entries(read, "content"):
        for position, part in blocks(content):
            found = part.get("file") if part.get("type") == "file" else None
            if not isinstance(found, dict):
                continue
            for member in found:
                if member not in _FILE_MEMBERS:
                    add(
                        "file-part-member",
                        f"{read.key}[{index}].content[{position}].file.{member}",
                        f"The file part has the member {member!r}; the API takes file_data,"
                        " file_id and filename.",
                        "",
                    )


def _kind(part: Part) -> str:
    """``part``'s kind with its article (``"an image"``, ``"a 'input_audio'"``)."""
    if isinstance(part, OpaquePart):
        return "a " + short(part.kind)
    return "an image" if isinstance(part, ImagePart) else "a file"


def result_content(result: ResultPart, scope: Scope, add: Add) -> None:
    """A tool message takes text parts only."""
    for part in result.parts:
        if not isinstance(part, TextPart):
            add(
                "tool-result-content",
                part.path,
                f"A tool message holds {_kind(part)} part; it takes text only.",
                "",
            )


def input_kind(node: dict[str, Any]) -> str | None:
    """``audio`` or ``image`` when ``node`` is a content part of that input."""
    kind = node.get("type")
    return _INPUTS.get(kind) if isinstance(kind, str) else None


RULES: Final[tuple[Check, ...]] = (known_parts, file_members, model_checks.tools_with_reasoning)

#: OpenAI-compatible gateways (OpenRouter, LiteLLM) pass Anthropic's cache_control through.
PREFIX: Final = PrefixFacts(
    fields=(("model", "model"), ("tools", "tools"), ("functions", "tools")),
    marker_keys=frozenset({"cache_control"}),
)

CHECKS: Final = WireChecks(
    # over 64 characters an error, over 40 a warning (the rule's notes give the sources)
    prefix=PREFIX,
    rules=RULES,
    sampling=model_checks.SAMPLING,
    effort=model_checks.EFFORT,
    result_content=result_content,
    input_kind=input_kind,
    image_types=IMAGE_TYPES,
    # "You uploaded an unsupported image. Please make sure your image is valid."
    # (marketing-factory/ai-filemetadata#26, 2025-06-04)
    image_bytes_read=True,
    reports=frozenset({"tool-result-content", "file-part-member", "chat-tools-with-reasoning"}),
    # where its severities differ (the rules' notes give each source): an id over 40
    # characters, which some gateways still refuse; bytes that are no image, known from a
    # user report only; a part type the SDK does not type, which gateways took
    severities=MappingProxyType(
        {
            "call-id-format:over-40": "warning",
            "media-type:not-an-image": "warning",
            "shape:unknown-part": "warning",
        }
    ),
    call_ids=True,
    base64_media=True,
    media_limits=True,
    models=model_checks.MODELS,
    empty_rejected=True,
)
