"""The checks of Gemini's own shapes: contents without parts, a ``functionResponse`` holding
parts (Gemini 3 only), the thought signature the first call of each step of the current turn
carries, a part-level ``mediaResolution`` (v1beta knows it only on the request's
``generationConfig``), and inline data encoded to base64 twice; and the image types Gemini
takes. :data:`CHECKS` is what ``lint`` reads."""

from __future__ import annotations

import base64
import binascii
import re
from types import MappingProxyType
from typing import Any, Final

from ...conversion.b64 import FROM_URLSAFE
from .._check import Add, Check, PrefixFacts, Scope, WireChecks, blocks, entries, named, short
from .._read import ReadRequest, ResultPart
from . import model_checks
from .convert import FACTS
from .signatures import SIGNATURE_FIELD
from .spelling import dict_field, spellings

__all__ = ["CHECKS", "IMAGE_TYPES", "PART_MEMBERS", "RESPONSE_TYPES", "encoded_twice", "input_kind"]

#: The image types Gemini reads in a content part (Vertex AI "Image understanding").
IMAGE_TYPES: Final = frozenset(
    {"image/png", "image/jpeg", "image/webp", "image/heic", "image/heif"}
)
#: The types of the non-image parts a ``functionResponse`` may hold (Gemini 3); its image
#: types are the wire's own (``FACTS.image_mimes``).
RESPONSE_TYPES: Final = frozenset({"application/pdf", "text/plain"})
#: The members a part takes, in both spellings: google-genai 3.6.1's ``types.Part`` (its
#: fields and their aliases, checked 2026-12-02).
PART_MEMBERS: Final = frozenset(
    {
        "audioMetadata",
        "audioTranscription",
        "codeExecutionResult",
        "documentMetadata",
        "executableCode",
        "fileData",
        "functionCall",
        "functionResponse",
        "inlineData",
        "mediaProcessing",
        "mediaResolution",
        "partMetadata",
        "speechMetadata",
        "spreadsheetMetadata",
        "text",
        "thought",
        "thoughtSignature",
        "toolCall",
        "toolResponse",
        "videoMetadata",
        "audio_metadata",
        "audio_transcription",
        "code_execution_result",
        "document_metadata",
        "executable_code",
        "file_data",
        "function_call",
        "function_response",
        "inline_data",
        "media_processing",
        "media_resolution",
        "part_metadata",
        "speech_metadata",
        "spreadsheet_metadata",
        "thought_signature",
        "tool_call",
        "tool_response",
        "video_metadata",
    }
)
#: The binary types whose bytes never start with base64 text.
_BINARY: Final = ("image/", "audio/", "video/", "application/pdf")
_B64_TEXT: Final = re.compile(rb"[A-Za-z0-9+/_-]{48}")
#: Enough of the payload to decode its first 48 bytes.
_HEAD: Final = 64
#: The members that carry a part's data, and its MIME type (either spelling).
_INLINE: Final = spellings("inlineData")
_MEDIA: Final = spellings("inlineData", "fileData")
_MIME: Final = spellings("mimeType")
#: The input kinds of the model-capability check, by a MIME type's major type.
_KINDS: Final = frozenset({"image", "audio", "video"})


def encoded_twice(data: str) -> bool:
    """True when ``data`` decodes to base64 text (its first 48 bytes all base64 letters),
    not to the bytes of a file."""
    head = data[:_HEAD].strip()
    head = head[: len(head) - len(head) % 4]
    try:
        decoded = base64.b64decode(head.translate(FROM_URLSAFE), validate=True)
    except (binascii.Error, ValueError):
        return False
    return _B64_TEXT.fullmatch(decoded[:48]) is not None


def _response_parts(part: Any) -> Any:
    """The ``parts`` of a part's ``functionResponse`` (``None``: none)."""
    body = dict_field(part, "functionResponse")
    return body.get("parts") if body is not None else None


def messages(read: ReadRequest, scope: Scope, add: Add) -> None:
    """Contents without parts, ``functionResponse`` parts, responses split over contents
    of only responses, and the thought signature of
    the first call of each step of the current turn (after the last user content that is
    not only results)."""
    listed = read.messages
    for message in listed:
        raw = message.raw if isinstance(message.raw, dict) else {}
        if not raw.get("parts"):
            add("empty-message", message.path, "The content has no parts.", "")
        for result in message.results:
            if _response_parts(result.raw):
                add(
                    "function-response-parts",
                    result.path,
                    f"The functionResponse for {named(result)} holds parts; only Gemini 3"
                    " takes them.",
                    "",
                )
    for pos in range(1, len(listed)):
        message = listed[pos]
        if message.only_results and listed[pos - 1].only_results:
            add(
                "split-function-responses",
                message.results[0].path,
                f"The functionResponse for {named(message.results[0])} is in a second user"
                " content in a row; Gemini 3 and Vertex AI want a call turn's responses in"
                " one content.",
                "",
            )
    start = 0
    for pos, message in enumerate(listed):
        if message.role == "user" and any(
            not isinstance(part, ResultPart) for part in message.parts
        ):
            start = pos + 1
    for message in listed[start:]:
        calls = message.calls
        if message.role == "assistant" and calls and SIGNATURE_FIELD not in calls[0].extra:
            add(
                "missing-thought-signature",
                calls[0].path,
                f"The call to {calls[0].name!r} is the first of its step in the current turn"
                " and has no thoughtSignature.",
                "",
            )


def known_parts(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A part member the API does not know (``type``: another wire's block)."""
    for index, _, parts in entries(read, "parts"):
        for position, part in blocks(parts):
            for member in part:
                if member not in PART_MEMBERS:
                    add(
                        "shape",
                        f"{read.key}[{index}].parts[{position}]",
                        f"a part with the member {short(member)}, which the API's parts do"
                        " not have.",
                        "",
                    )
                    break


def part_media_resolution(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A part with its own ``mediaResolution``."""
    for index, _, parts in entries(read, "parts"):
        for position, part in blocks(parts):
            for member in spellings("mediaResolution"):
                if member in part:
                    add(
                        "part-media-resolution",
                        f"{read.key}[{index}].parts[{position}]",
                        f"The part sets {member}, which the API's v1beta parts do not have"
                        " (set it in generationConfig, or call v1alpha).",
                        "",
                    )


def double_base64(read: ReadRequest, scope: Scope, add: Add) -> None:
    """An inline image, PDF, audio or video whose data decodes to base64 text."""
    for index, _, parts in entries(read, "parts"):
        for position, part in blocks(parts):
            data = next((part[k] for k in _INLINE if k in part), None)
            if not isinstance(data, dict):
                continue
            mime = next((data[k] for k in _MIME if k in data), None)
            payload = data.get("data")
            if (
                isinstance(mime, str)
                and mime.startswith(_BINARY)
                and isinstance(payload, str)
                and encoded_twice(payload)
            ):
                add(
                    "double-base64",
                    f"{read.key}[{index}].parts[{position}]",
                    f"The {mime} data decodes to base64 text, not to the file's bytes: it was"
                    " encoded twice.",
                    "",
                )


def input_kind(node: dict[str, Any]) -> str | None:
    """``image``, ``audio`` or ``video`` when ``node`` is a part whose data (inline or a
    file) has a MIME type of that major type."""
    for member in _MEDIA:
        data = node.get(member)
        if isinstance(data, dict):
            mime = next((data[name] for name in _MIME if name in data), None)
            major = mime.partition("/")[0] if isinstance(mime, str) else ""
            return major if major in _KINDS else None
    return None


RULES: Final[tuple[Check, ...]] = (
    known_parts,
    messages,
    part_media_resolution,
    double_base64,
    model_checks.final_model_turn,
)

PREFIX: Final = PrefixFacts(
    fields=(
        ("model", "model"),
        ("tools", "tools"),
        *((key, "system") for key in spellings("systemInstruction")),
    ),
)

CHECKS: Final = WireChecks(
    prefix=PREFIX,
    rules=RULES,
    sampling=model_checks.SAMPLING,
    input_kind=input_kind,
    image_types=IMAGE_TYPES,
    result_types=FACTS.image_mimes | RESPONSE_TYPES,
    url_safe_base64=True,
    ids_advisory=True,
    reports=frozenset(
        {
            "split-function-responses",
            "empty-message",
            "missing-thought-signature",
            "function-response-parts",
            "part-media-resolution",
            "double-base64",
            "final-model-turn",
        }
    ),
    # where its severities differ (the rules' notes give each source): media-type is a
    # warning here; a schema root without type is a warning (user reports)
    severities=MappingProxyType({"media-type": "warning", "tool-schema-root:untyped": "warning"}),
    call_ids=True,
    base64_media=True,
    models=model_checks.MODELS,
    unchecked=frozenset({"foreign-thought-signature"}),
    empty_rejected=True,
)
