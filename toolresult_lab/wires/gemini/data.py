"""What the gemini wire declares for the layers above it (``wires/_data.py``): its token
rules, and what the ``google-genai`` client changes in the contents it sends."""

from __future__ import annotations

import copy
from typing import Any, Final

from ...conversion.b64 import TO_URLSAFE
from .._data import Alteration, ApiPaths, OfficialClient, TokenRules
from .client import send
from .signatures import SIGNATURE_FIELD
from .spelling import SNAKE, spellings

__all__ = ["ALTERATIONS", "CLIENT", "PATHS", "TOKENS", "call_reply", "reply"]

TOKENS: Final = TokenRules(
    image="gemini_tiles",
    pdf="gemini_pages",
    pdf_note="gemini: 258 tokens per page (pages scaled to between 768 and 3072 px)",
    text="gemini_tokens",
)


def _function_response_parts(messages: list[Any]) -> list[dict[str, Any]]:
    """Every part dict inside a ``functionResponse`` of ``messages`` (mutable, in place)."""
    found: list[dict[str, Any]] = []
    for content in messages:
        parts = content.get("parts") if isinstance(content, dict) else None
        for part in parts if isinstance(parts, list) else ():
            response = part.get("functionResponse") if isinstance(part, dict) else None
            inner = response.get("parts") if isinstance(response, dict) else None
            found.extend(
                p for p in (inner if isinstance(inner, list) else ()) if isinstance(p, dict)
            )
    return found


def _content_parts(messages: list[Any]) -> list[dict[str, Any]]:
    """Every part dict of the contents of ``messages`` (mutable, in place)."""
    found: list[dict[str, Any]] = []
    for content in messages:
        parts = content.get("parts") if isinstance(content, dict) else None
        found.extend(p for p in (parts if isinstance(parts, list) else ()) if isinstance(p, dict))
    return found


def _snake_case_response_parts(messages: list[Any]) -> list[Any]:
    out = copy.deepcopy(messages)
    for part in _content_parts(out):  # a content's own part keeps its key
        blob = part.get("inlineData")
        if isinstance(blob, dict) and "mimeType" in blob:
            blob[SNAKE["mimeType"]] = blob.pop("mimeType")
    for part in _function_response_parts(out):
        blob = part.pop("inlineData", None)
        if isinstance(blob, dict):
            if "mimeType" in blob:
                blob[SNAKE["mimeType"]] = blob.pop("mimeType")
            part[SNAKE["inlineData"]] = blob
    return out


def _urlsafe_bytes(messages: list[Any]) -> list[Any]:
    # The SDK decodes each bytes field and encodes it again with base64.urlsafe_b64encode; for
    # canonical standard base64 (SPEC section 6) that is exactly this translation.
    out = copy.deepcopy(messages)
    for content in out:
        parts = content.get("parts") if isinstance(content, dict) else None
        for part in parts if isinstance(parts, list) else ():
            signature = part.get(SIGNATURE_FIELD) if isinstance(part, dict) else None
            if isinstance(signature, str):
                part[SIGNATURE_FIELD] = signature.translate(TO_URLSAFE)
    for part in [*_function_response_parts(out), *_content_parts(out)]:
        for key in spellings("inlineData"):
            blob = part.get(key)
            if isinstance(blob, dict) and isinstance(blob.get("data"), str):
                blob["data"] = blob["data"].translate(TO_URLSAFE)
    return out


#: What ``client.models.generate_content`` changes, in the order it is applied.
ALTERATIONS: Final = (
    Alteration(
        "gemini",
        "snake_case_response_parts",
        "Inside functionResponse.parts, inlineData/mimeType are sent as inline_data/"
        "mime_type, and in a content's own parts inlineData's mimeType as mime_type (the "
        "SDK dumps those parts by Python field name); the API accepts both "
        "spellings, but a byte-exact comparison or a strict proxy sees a different body.",
        _snake_case_response_parts,
    ),
    Alteration(
        "gemini",
        "urlsafe_base64_bytes",
        "Bytes fields (a part's inline data, also in a functionResponse, a part's "
        "thoughtSignature) "
        "are decoded and re-encoded as URL-safe base64 ('+' -> '-', '/' -> '_'); the API "
        "accepts it, but the payload is no longer the text the caller gave.",
        _urlsafe_bytes,
    ),
)


def reply(model: str, text: str) -> dict[str, Any]:
    """A minimal valid ``generateContent`` response, ``model`` (the one its path names)
    answering ``text``: what the loopback recorder (``roundtrip``) answers the
    ``google-genai`` client."""
    return {
        "candidates": [
            {
                "content": {"role": "model", "parts": [{"text": text}]},
                "finishReason": "STOP",
                "index": 0,
            }
        ],
        "usageMetadata": {
            "promptTokenCount": 1,
            "candidatesTokenCount": 1,
            "totalTokenCount": 2,
        },
        "modelVersion": model,
    }


def call_reply(model: str, echo: list[Any]) -> dict[str, Any]:
    """A ``generateContent`` response whose candidate is ``echo`` (``tool_turn``'s echo:
    one model content of ``functionCall`` parts). What the loopback recorder answers a tool
    loop with."""
    body = reply(model, "")
    [content] = echo
    body["candidates"][0]["content"] = content
    return body


#: The request paths of its API, the model named in the path (the guard reads them).
PATHS: Final = ApiPaths(
    model_marker="models/", model_methods=(":generateContent", ":streamGenerateContent")
)


def _path_model(path: str) -> str | None:
    """The model a request path of its API names, else ``None``."""
    found = PATHS.match(path)
    return found.model if found is not None else None


def _recorded(path: str) -> bool:
    """A request the recorder answers: the non-streaming method, its model named."""
    return path.partition("?")[0].endswith(":generateContent") and _path_model(path) is not None


#: How the round trip sends through its official client, and what the recorder answers.
CLIENT: Final = OfficialClient(
    model="gemini-roundtrip",
    call="google-genai: client.models.generate_content",
    endpoint="/v1beta/models/{model}:generateContent",
    send=send,
    answers=_recorded,
    path_model=_path_model,
    reply=reply,
    call_reply=call_reply,
)
