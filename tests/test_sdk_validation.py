"""Every block `ToolResult.to()` builds must be accepted by the official SDK types, strictly.

For a catalogue of inputs covering every block kind of SPEC section 2 (plus mixtures and edge
cases), every option combination (image_input x native_pdf x source_blocks, each None/False/True)
and every wire, the produced block is validated against:

- anthropic: ``anthropic.types.ToolResultBlockParam``
- openai:    ``openai.types.chat.ChatCompletionToolMessageParam``
- responses: ``openai.types.responses.response_input_param.FunctionCallOutput``
- gemini:    ``google.genai.types.FunctionResponse`` (a pydantic model, extra keys forbidden)
- ollama:    ``ollama.Message`` (a pydantic model, re-configured to forbid extra keys)
- hermes:    a string; its shape is checked by hand.

TypedDicts accept undeclared keys, and pydantic validates ``Iterable[...]`` fields lazily, so a
plain ``TypeAdapter(T).validate_python`` proves little. Each TypedDict block therefore goes through
two checks: pydantic's ``TypeAdapter`` in strict mode with every lazy iterator consumed, and
``check_strict`` (in ``sdk_strict.py``, shared with the tool-turn tests), a small recursive
checker that walks the annotations itself and fails on any key the matched TypedDict does not
declare, at every nesting level. The checker is tested on its own at the bottom of this file.

Deliberate exceptions (each named where it is made):
- ollama ``tool_call_id``: Ollama's server reads it from a tool message, but the installed client
  type ``ollama.Message`` does not declare it (see ``test_ollama_message_lacks_tool_call_id``), so
  it is asserted to be the result id and removed before strict validation.
- A caller-built Anthropic-native block passes through as given (SPEC section 2/4), so one that
  carries unknown keys would fail strict validation through no fault of the library; such probes
  live in ``test_native_block_with_unknown_keys_passes_through_unchanged`` and assert pass-through
  instead of validity.
"""

from __future__ import annotations

import base64
import copy
import itertools
import json
import re
import struct
import typing
import zlib
from typing import Any

import anthropic.types
import ollama
import pytest
from google.genai import types as gtypes
from openai.types.chat import ChatCompletionToolMessageParam
from openai.types.responses.response_input_param import FunctionCallOutput
from pydantic import ValidationError
from sdk_strict import (
    OLLAMA_LACKS_TOOL_CALL_ID,
    StrictError,
    StrictOllamaMessage,
    _adapter,
    _fields,
    check_model_keys,
    check_strict,
    is_canonical_b64,
    validate_typeddict,
)

from toolresult_lab import ToolResult

ToolResultBlockParam = anthropic.types.ToolResultBlockParam

# --------------------------------------------------------------------------------------------
# The catalogue
# --------------------------------------------------------------------------------------------


def _png_bytes() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    ihdr = struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0)
    idat = zlib.compress(b"\x00\xff\x00\x00\xff")
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


PNG = _b64(_png_bytes())
JPEG = _b64(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9")
GIF = _b64(
    b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00"
    b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"
)
WEBP = _b64(b"RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00/\x00\x00\x00\x10\x07\x10\x11\x11\x88")
BMP = _b64(b"BM:\x00\x00\x00\x00\x00\x00\x006\x00\x00\x00(\x00\x00\x00\x01\x00\x00\x00\x01\x00")
PDF = _b64(b"%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")
ZIP = _b64(b"PK\x05\x06" + b"\x00" * 18)
WAV = _b64(b"RIFF$\x00\x00\x00WAVEfmt ")
PNG_WRAPPED = "\n".join(PNG[i : i + 16] for i in range(0, len(PNG), 16)) + " \t\r\n"


def img(mime: Any, data: Any = PNG, **extra: Any) -> dict:
    block = {"type": "image", "mimeType": mime, "data": data}
    block.update(extra)
    return block


def res(**resource: Any) -> dict:
    return {"type": "resource", "resource": resource}


TEXT_CC = {
    "type": "text",
    "text": "cached",
    "cache_control": {"type": "ephemeral"},
    "annotations": {"audience": ["user"], "priority": 0.5},
    "_meta": {"k": 1},
}
N_IMAGE_B64 = {
    "type": "image",
    "source": {"type": "base64", "media_type": "image/png", "data": PNG},
}
N_IMAGE_URL = {"type": "image", "source": {"type": "url", "url": "https://e.test/a.png"}}
N_TEXT_DOC = {
    "type": "document",
    "source": {"type": "text", "media_type": "text/plain", "data": "Native text doc"},
    "title": "Notes",
    "context": "ctx",
    "citations": {"enabled": True},
}
N_CONTENT_DOC = {
    "type": "document",
    "source": {
        "type": "content",
        "content": [
            {"type": "text", "text": "part one"},
            N_IMAGE_B64,
            {"type": "text", "text": "part two"},
        ],
    },
}
N_PDF_DOC = {
    "type": "document",
    "source": {"type": "base64", "media_type": "application/pdf", "data": PDF},
    "title": "Scan",
}
N_SEARCH = {
    "type": "search_result",
    "source": "https://e.test/q",
    "title": "Quelltown",
    "content": [{"type": "text", "text": "Population 12"}],
    "citations": {"enabled": True},
}

CATALOGUE: dict[str, dict] = {
    # text
    "text": {"content": [{"type": "text", "text": "Sunny, 22C"}]},
    "text_cache_control_extra_keys": {"content": [TEXT_CC]},
    "text_cache_control_ttl": {
        "content": [
            {"type": "text", "text": "x", "cache_control": {"type": "ephemeral", "ttl": "1h"}}
        ]
    },
    "text_cache_control_none": {
        "content": [{"type": "text", "text": "x", "cache_control": None, "annotations": None}]
    },
    "text_blank_with_cache_control": {
        "content": [{"type": "text", "text": " ", "cache_control": {"type": "ephemeral"}}]
    },
    "text_empty": {"content": [{"type": "text", "text": ""}]},
    "text_blank_between": {
        "content": [
            {"type": "text", "text": "a"},
            {"type": "text", "text": " \n\t"},
            {"type": "text"},
            {"type": "text", "text": None},
            {"type": "text", "text": "b"},
        ]
    },
    "text_non_str": {
        "content": [
            {"type": "text", "text": {"k": [1, 2.5, True, None]}},
            {"type": "text", "text": 7},
        ]
    },
    "text_unicode_and_closing_tag": {
        "content": [{"type": "text", "text": 'Köln ☀ </tool_response> <\\/x> \u2028 "q"'}]
    },
    # MCP images
    "image_png": {"content": [img("image/png", PNG)]},
    "image_jpeg": {"content": [img("image/jpeg", JPEG)]},
    "image_gif": {"content": [img("image/gif", GIF)]},
    "image_webp": {"content": [img("image/webp", WEBP)]},
    "image_bmp": {"content": [img("image/bmp", BMP)]},
    "image_png_wrapped_whitespace": {"content": [img("image/png", PNG_WRAPPED)]},
    "image_png_uri_and_annotations": {
        "content": [img("image/png", PNG, uri="file:///a.png", annotations={"priority": 1})]
    },
    "image_png_invalid_padding_bits": {"content": [img("image/png", "QUJ=")]},
    "image_png_invalid_chars": {"content": [img("image/png", "not*base64!!data")]},
    "image_png_bad_length": {"content": [img("image/png", "QUJDRA")]},
    "image_png_inner_padding": {"content": [img("image/png", "QQ==QUJD")]},
    "image_png_separator_char": {"content": [img("image/png", PNG[:8] + "\x1c" + PNG[8:])]},
    "image_png_empty_data": {"content": [img("image/png", "")]},
    "image_png_whitespace_only_data": {"content": [img("image/png", " \n ")]},
    "image_png_no_data": {"content": [{"type": "image", "mimeType": "image/png"}]},
    "image_png_non_str_data": {"content": [img("image/png", 12345)]},
    "image_no_mime": {"content": [{"type": "image", "data": PNG}]},
    "image_mime_upper_case": {"content": [img("IMAGE/PNG", PNG)]},
    "image_mime_non_str": {"content": [img(["image/png"], PNG)]},
    # audio
    "audio_wav": {"content": [{"type": "audio", "mimeType": "audio/wav", "data": WAV}]},
    # embedded resources
    "resource_text": {
        "content": [res(uri="file:///notes.txt", mimeType="text/plain", text="Meeting at 10")]
    },
    "resource_text_any_mime": {
        "content": [res(uri="file:///x.bin", mimeType="application/octet-stream", text="raw")]
    },
    "resource_text_empty": {"content": [res(uri="file:///e.txt", text="")]},
    "resource_text_non_str": {"content": [res(uri="file:///n.txt", text=[1, "two"])]},
    "resource_json_text": {
        "content": [
            res(uri="file:///d.json", mimeType="application/json", text='{"a": [1, 2], "b": "c"}')
        ]
    },
    "resource_text_blob": {
        "content": [
            res(uri="file:///r.txt", mimeType="text/plain", blob=_b64("héllo\nwörld".encode()))
        ]
    },
    "resource_csv_blob": {
        "content": [res(uri="file:///t.csv", mimeType="text/csv", blob=_b64(b"a,b\n1,2\n"))]
    },
    "resource_text_blob_invalid": {
        "content": [res(uri="file:///bad.txt", mimeType="text/plain", blob="QQ==QUJD!!\xff")]
    },
    "resource_text_blob_invalid_utf8": {
        "content": [res(mimeType="text/plain", blob=_b64(b"ok \xff\xfe end"))]
    },
    "resource_pdf": {
        "content": [res(uri="file:///docs/my%20report.pdf", mimeType="application/pdf", blob=PDF)]
    },
    "resource_pdf_no_uri": {"content": [res(mimeType="application/pdf", blob=PDF)]},
    "resource_pdf_urn_uri": {
        "content": [res(uri="urn:uuid:1234", mimeType="application/pdf", blob=PDF)]
    },
    "resource_pdf_int_uri": {"content": [res(uri=42, mimeType="application/pdf", blob=PDF)]},
    "resource_pdf_weird_uri": {
        "content": [res(uri="http://[::1/x.pdf", mimeType="application/pdf", blob=PDF)]
    },
    "resource_pdf_query_uri": {
        "content": [
            res(uri="https://x.test/api/doc/42?v=1#p2", mimeType="application/pdf", blob=PDF)
        ]
    },
    "resource_pdf_upper_ext": {
        "content": [res(uri="file:///A/SCAN.PDF", mimeType="application/pdf", blob=PDF)]
    },
    "resource_pdf_wrapped": {
        "content": [
            res(uri="file:///w.pdf", mimeType="application/pdf", blob=PDF[:20] + "\n" + PDF[20:])
        ]
    },
    "resource_pdf_invalid_b64": {
        "content": [res(uri="file:///b.pdf", mimeType="application/pdf", blob="QUJ=")]
    },
    "resource_pdf_empty_blob": {"content": [res(mimeType="application/pdf", blob="")]},
    "resource_png_blob": {"content": [res(uri="file:///p.png", mimeType="image/png", blob=PNG)]},
    "resource_zip": {"content": [res(uri="file:///a.zip", mimeType="application/zip", blob=ZIP)]},
    "resource_blob_non_str": {
        "content": [res(uri="file:///n", mimeType="application/pdf", blob=7)]
    },
    "resource_mime_non_str": {"content": [res(uri="file:///m", mimeType={"a": 1}, blob=PDF)]},
    "resource_uri_non_str": {"content": [res(uri=["x"], mimeType="application/pdf", blob=PDF)]},
    "resource_not_a_dict": {"content": [{"type": "resource", "resource": "nope"}]},
    "resource_missing": {"content": [{"type": "resource"}]},
    # resource_link
    "resource_link": {
        "content": [{"type": "resource_link", "uri": "file:///a.txt", "name": "a.txt"}]
    },
    "resource_link_no_name_empty_uri": {"content": [{"type": "resource_link", "uri": ""}]},
    "resource_link_bare": {"content": [{"type": "resource_link"}]},
    # Anthropic-native blocks (caller-built)
    "native_image_base64": {"content": [N_IMAGE_B64]},
    "native_image_url": {"content": [N_IMAGE_URL]},
    "native_text_document": {"content": [N_TEXT_DOC]},
    "native_content_document": {"content": [N_CONTENT_DOC]},
    "native_content_document_str": {
        "content": [{"type": "document", "source": {"type": "content", "content": "just text"}}]
    },
    "native_content_document_empty": {
        "content": [{"type": "document", "source": {"type": "content", "content": []}}]
    },
    "native_blank_text_document": {
        "content": [
            {
                "type": "document",
                "source": {"type": "text", "media_type": "text/plain", "data": " "},
            }
        ]
    },
    "native_pdf_document": {"content": [N_PDF_DOC]},
    "native_pdf_url_document": {
        "content": [{"type": "document", "source": {"type": "url", "url": "https://e.test/a.pdf"}}]
    },
    "search_result": {"content": [N_SEARCH]},
    "search_result_many_parts": {
        "content": [
            {
                "type": "search_result",
                "source": "",
                "title": "",
                "content": [{"type": "text", "text": "one"}, {"type": "text", "text": "two"}],
            }
        ]
    },
    # degenerate entries
    "non_dict_entries": {"content": ["just a string", 42, None, ["a", "list"], 1.5, True]},
    "unknown_type": {"content": [{"type": "widget", "mimeType": "x/y", "data": ZIP, "uri": "w:1"}]},
    "unknown_type_non_str": {"content": [{"type": 5, "data": "AAAA"}]},
    "missing_type": {"content": [{"data": ZIP, "mimeType": "application/zip"}]},
    "type_none_and_empty": {"content": [{"type": None}, {"type": ""}, {}]},
    "image_without_dict_source": {"content": [{"type": "image", "source": "x", "data": PNG}]},
    "document_without_source": {"content": [{"type": "document", "title": "t"}]},
    # mixtures
    "mixture_everything": {
        "content": [
            {"type": "text", "text": "Report:"},
            img("image/png", PNG),
            img("image/gif", GIF),
            res(uri="file:///docs/r.pdf", mimeType="application/pdf", blob=PDF),
            res(uri="file:///n.txt", mimeType="text/plain", text="notes"),
            {"type": "resource_link", "uri": "file:///more", "name": "more"},
            N_SEARCH,
            N_TEXT_DOC,
            N_IMAGE_URL,
            {"type": "audio", "mimeType": "audio/wav", "data": WAV},
            "stray",
            {"type": "text", "text": ""},
        ],
        "structured_content": {"temp": 22},
    },
    "mixture_invalid_payloads": {
        "content": [
            img("image/png", "QUJ="),
            res(mimeType="application/pdf", blob="%%%"),
            img("image/jpeg", JPEG),
        ]
    },
    "mixture_only_blank": {
        "content": [{"type": "text", "text": ""}, {"type": "text", "text": "  "}],
        "structured_content": {"ok": True},
    },
    # structured content, errors, ids
    "empty": {"content": []},
    "structured_dict": {
        "content": [{"type": "text", "text": "22C"}],
        "structured_content": {"temp": 22, "unit": "C", "tags": ["a", "é"], "url": "https://x/y"},
    },
    "structured_list": {"content": [{"type": "text", "text": "x"}], "structured_content": [1, "a"]},
    "only_structured_dict": {"structured_content": {"temp": 22, "nested": {"b": [None, 1.5]}}},
    "only_structured_list": {"structured_content": [{"b": 1, "a": 2}, "x"]},
    "only_structured_str": {"structured_content": "plain"},
    "only_structured_number": {"structured_content": 3.25},
    "only_structured_bool": {"structured_content": False},
    "is_error": {"content": [{"type": "text", "text": "boom"}], "is_error": True},
    "is_error_empty": {"is_error": True},
    "is_error_image": {"content": [img("image/png", PNG)], "is_error": True},
    "empty_id_and_name": {"content": [{"type": "text", "text": "x"}], "name": "", "id": ""},
    # MCP annotations.audience (issue 18): kept by default, left out with audience="assistant"
    "audience_mixed": {
        "content": [
            {"type": "text", "text": "for the model", "annotations": {"audience": ["assistant"]}},
            img("image/png", PNG, annotations={"audience": ["user"]}),
            res(mimeType="application/pdf", blob=PDF) | {"annotations": {"audience": ["user"]}},
            {"type": "text", "text": "both", "annotations": {"audience": ["user", "assistant"]}},
        ]
    },
    "audience_all_for_the_user": {
        "content": [{"type": "text", "text": "x", "annotations": {"audience": ["user"]}}],
        "structured_content": {"temp": 22},
    },
}

WIRES = ("openai", "anthropic", "gemini", "ollama", "responses", "hermes")
OPTION_VALUES = (None, False, True)
OPTION_COMBOS = list(itertools.product(OPTION_VALUES, OPTION_VALUES, OPTION_VALUES))


def make(case: str) -> Any:
    kwargs = {"name": "get_weather", "id": "call_abc"}
    kwargs.update(copy.deepcopy(CATALOGUE[case]))
    return ToolResult(**kwargs)


def native_inputs(result_kwargs: dict) -> list:
    """The caller-built Anthropic-native blocks of an input (they pass through as given)."""
    out = []
    for b in result_kwargs.get("content", []):
        if not isinstance(b, dict):
            continue
        t = b.get("type")
        if (t in ("image", "document") and isinstance(b.get("source"), dict)) or (
            t == "search_result"
        ):
            out.append(b)
    return out


# --------------------------------------------------------------------------------------------
# Per-wire validation
# --------------------------------------------------------------------------------------------


def validate_anthropic(block: Any, kwargs: dict) -> None:
    validate_typeddict(block, ToolResultBlockParam)
    assert block["tool_use_id"] == kwargs.get("id", "call_abc")
    if kwargs.get("is_error"):
        assert block.get("is_error") is True
    else:
        assert "is_error" not in block
    content = block["content"]
    if isinstance(content, str):
        return
    # Not SDK-enforced, but SPEC section 6: the Messages API rejects blank text blocks.
    assert content, "anthropic content list must not be empty (use the empty-content rule)"
    natives = native_inputs(kwargs)
    for part in content:
        if part["type"] == "text":
            assert part["text"].strip(), f"blank text block on anthropic: {part!r}"
        elif part in natives:
            continue  # caller-built block, passed through as given
        elif part["type"] in ("image", "document"):
            src = part["source"]
            assert src["type"] in ("base64", "text"), part
            if src["type"] == "base64":
                assert is_canonical_b64(src["data"]), f"non-canonical base64 sent natively: {src}"


DATA_URL_RE = re.compile(r"data:([a-z/]+);base64,(.*)", re.S)


def validate_responses(block: Any, kwargs: dict) -> None:
    validate_typeddict(block, FunctionCallOutput)
    assert block["type"] == "function_call_output"
    assert block["call_id"] == kwargs.get("id", "call_abc")
    output = block["output"]
    if isinstance(output, str):
        return
    kinds = [p["type"] for p in output]
    assert {"input_image", "input_file"} & set(kinds), (
        "a list output needs a natively carried item, else it must be the string form"
    )
    for part in output:
        if part["type"] == "input_image":
            assert set(part) == {"type", "image_url"}, part
            m = DATA_URL_RE.fullmatch(part["image_url"])
            assert m and m.group(1) in ("image/jpeg", "image/png", "image/gif", "image/webp")
            assert is_canonical_b64(m.group(2)), part["image_url"][:80]
        elif part["type"] == "input_file":
            assert set(part) == {"type", "filename", "file_data"}, part
            m = DATA_URL_RE.fullmatch(part["file_data"])
            assert m and m.group(1) == "application/pdf"
            assert is_canonical_b64(m.group(2)), part["file_data"][:80]
            assert isinstance(part["filename"], str) and part["filename"].lower().endswith(".pdf")
            assert len(part["filename"]) > 4
        else:
            assert set(part) == {"type", "text"}, part


def validate_openai(block: Any, kwargs: dict) -> None:
    validate_typeddict(block, ChatCompletionToolMessageParam)
    assert block["role"] == "tool"
    assert block["tool_call_id"] == kwargs.get("id", "call_abc")
    assert isinstance(block["content"], str)  # SPEC: the string form, never a parts list


def validate_gemini(block: Any, kwargs: dict) -> None:
    assert isinstance(block, dict) and set(block) == {"functionResponse"}, block
    fr = block["functionResponse"]
    check_model_keys(fr, gtypes.FunctionResponse)
    try:
        model = gtypes.FunctionResponse.model_validate(fr)
        model_json = gtypes.FunctionResponse.model_validate_json(json.dumps(fr))
    except ValidationError as exc:
        raise StrictError(f"google-genai rejects the functionResponse:\n{exc}") from None
    assert model.name == kwargs.get("name", "get_weather")
    rid = kwargs.get("id", "call_abc")
    if rid:
        assert fr["id"] == rid
    else:
        assert "id" not in fr
    assert isinstance(fr["response"], dict)
    sc = kwargs.get("structured_content")
    if isinstance(sc, dict):
        assert fr["response"] == sc
    else:
        assert set(fr["response"]) == {"result"} and isinstance(fr["response"]["result"], str)
    if "parts" in fr:
        assert fr["parts"], "parts only when non-empty"
        for i, part in enumerate(fr["parts"]):
            assert set(part) == {"inlineData"}, part
            blob = part["inlineData"]
            assert set(blob) == {"mimeType", "data"}, blob
            assert blob["mimeType"] in ("image/jpeg", "image/png", "image/webp", "application/pdf")
            assert is_canonical_b64(blob["data"]), blob["data"][:80]
            raw = base64.b64decode(blob["data"], validate=True)
            # The camelCase keys really reached the fields (aliases), and the data decodes.
            for m in (model, model_json):
                assert m.parts[i].inline_data is not None
                assert m.parts[i].inline_data.mime_type == blob["mimeType"]
                assert m.parts[i].inline_data.data == raw


def validate_ollama(block: Any, kwargs: dict) -> None:
    assert isinstance(block, dict)
    block = dict(block)
    rid = kwargs.get("id", "call_abc")
    if "tool_call_id" in block and OLLAMA_LACKS_TOOL_CALL_ID:
        # Deliberate exception: Ollama's server accepts `tool_call_id` on a tool message, but the
        # installed client type ollama.Message does not declare it (see
        # test_ollama_message_lacks_tool_call_id), so it is checked here and removed before
        # strict validation.
        assert isinstance(block["tool_call_id"], str) and block["tool_call_id"]
        assert block["tool_call_id"] == rid
        del block["tool_call_id"]
    else:
        assert block.get("tool_call_id") == (rid or None), "tool_call_id iff the id is non-empty"
    try:
        StrictOllamaMessage.model_validate(block)
    except ValidationError as exc:
        raise StrictError(f"ollama.Message (extra forbidden) rejects the block:\n{exc}") from None
    assert block["role"] == "tool"
    assert isinstance(block["content"], str)
    assert block["tool_name"] == kwargs.get("name", "get_weather")


def validate_hermes(out: Any, kwargs: dict) -> None:
    assert isinstance(out, str)
    head, tail = "<tool_response>\n", "\n</tool_response>"
    assert out.startswith(head) and out.endswith(tail), out[:200]
    middle = out[len(head) : -len(tail)]
    payload = json.loads(middle)
    assert isinstance(payload, dict) and set(payload) == {"content", "name"}, payload
    assert isinstance(payload["content"], str)
    assert payload["name"] == kwargs.get("name", "get_weather")
    assert "</" not in middle  # SPEC section 6: cannot be closed from inside


VALIDATORS = {
    "openai": validate_openai,
    "anthropic": validate_anthropic,
    "gemini": validate_gemini,
    "ollama": validate_ollama,
    "responses": validate_responses,
    "hermes": validate_hermes,
}


def _opt_id(combo: tuple) -> str:
    return "ii={}-pdf={}-sb={}".format(*combo)


@pytest.mark.parametrize("wire", WIRES)
@pytest.mark.parametrize("case", sorted(CATALOGUE))
def test_block_validates_against_sdk_type(case: str, wire: str) -> None:
    """One test per (input, wire); all 27 option combinations run inside, failures collected."""
    kwargs = {"name": "get_weather", "id": "call_abc", **CATALOGUE[case]}
    result = make(case)
    failures = []
    for combo in OPTION_COMBOS:
        image_input, native_pdf, source_blocks = combo
        try:
            out = result.to(
                wire, image_input=image_input, native_pdf=native_pdf, source_blocks=source_blocks
            )
        except Exception as exc:  # SPEC: nothing inside content is ever an error
            failures.append(f"--- {_opt_id(combo)}: to() raised {exc!r}")
            continue
        try:
            VALIDATORS[wire](out, kwargs)
        except AssertionError as exc:  # StrictError and the plain asserts alike
            failures.append(f"--- {_opt_id(combo)}:\n{exc}\nblock: {_short(out)}")
    if failures:
        head = f"{case} on {wire}: {len(failures)}/27 option sets fail\n"
        pytest.fail(head + "\n".join(failures))


def _short(value: Any, limit: int = 1500) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
    return text if len(text) <= limit else text[:limit] + "..."


def test_catalogue_exercises_the_native_forms() -> None:
    """The catalogue is not vacuous: every native output form is produced at least once."""
    seen = set()
    for case in CATALOGUE:
        r = make(case)
        try:
            a = r.to("anthropic", image_input=True)
            r.to("responses", image_input=True, native_pdf=True)
            r.to("gemini", image_input=True, native_pdf=True)
        except Exception:  # reported by test_block_validates_against_sdk_type
            continue
        if isinstance(a["content"], list):
            for p in a["content"]:
                src = p.get("source")
                kind = src.get("type") if isinstance(src, dict) else None
                seen.add(("anthropic", p["type"], kind))
        o = r.to("responses", image_input=True, native_pdf=True)["output"]
        if isinstance(o, list):
            seen.update(("responses", p["type"], None) for p in o)
        g = r.to("gemini", image_input=True, native_pdf=True)["functionResponse"]
        for p in g.get("parts", []):
            seen.add(("gemini", p["inlineData"]["mimeType"], None))
    expected = {
        ("anthropic", "text", None),
        ("anthropic", "image", "base64"),
        ("anthropic", "image", "url"),
        ("anthropic", "document", "base64"),
        ("anthropic", "document", "text"),
        ("anthropic", "document", "content"),
        ("anthropic", "search_result", None),
        ("responses", "input_image", None),
        ("responses", "input_file", None),
        ("responses", "input_text", None),
        ("gemini", "image/png", None),
        ("gemini", "image/jpeg", None),
        ("gemini", "image/webp", None),
        ("gemini", "application/pdf", None),
    }
    assert expected <= seen, expected - seen


# --------------------------------------------------------------------------------------------
# Deliberate exception: caller-built native blocks pass through as given
# --------------------------------------------------------------------------------------------

NATIVE_WITH_UNKNOWN_KEYS = [
    {**N_IMAGE_B64, "x_custom": 1},
    {
        "type": "image",
        "source": {"type": "base64", "media_type": "image/bmp", "data": BMP, "extra": True},
    },
    {**N_TEXT_DOC, "x_custom": {"a": 1}},
    {**N_SEARCH, "x_custom": []},
]


@pytest.mark.parametrize("native", NATIVE_WITH_UNKNOWN_KEYS, ids=lambda b: b["type"])
def test_native_block_with_unknown_keys_passes_through_unchanged(native: dict) -> None:
    # A caller-built Anthropic-native block is passed through unchanged (SPEC section 4), even
    # when the SDK type would reject it: the library does not second-guess the caller. With
    # source_blocks on (default), or always for an image, the block is exactly the input.
    r = ToolResult(name="t", id="i", content=[copy.deepcopy(native)])
    for combo in OPTION_COMBOS:
        image_input, native_pdf, source_blocks = combo
        block = r.to(
            "anthropic",
            image_input=image_input,
            native_pdf=native_pdf,
            source_blocks=source_blocks,
        )
        if native["type"] == "image" or source_blocks is not False:
            assert block["content"] == [native], _opt_id(combo)
            with pytest.raises(StrictError):
                check_strict(block, ToolResultBlockParam)
        else:
            assert [p["type"] for p in block["content"]] == ["text"], _opt_id(combo)
            validate_anthropic(block, {"id": "i", "content": [native]})


@pytest.mark.parametrize("cache_control", ["bogus", {"type": "persistent"}, {"ttl": "5m"}, 1])
def test_caller_cache_control_passes_through_unchanged(cache_control: Any) -> None:
    # Deliberate exception: SPEC section 4 keeps a text block's `cache_control` whenever the key
    # exists, as the caller gave it; an invalid one is the caller's to fix, so the block may fail
    # strict validation. Assert the pass-through, and that the checker does notice.
    r = ToolResult(id="i", content=[{"type": "text", "text": "x", "cache_control": cache_control}])
    for combo in OPTION_COMBOS:
        image_input, native_pdf, source_blocks = combo
        block = r.to(
            "anthropic",
            image_input=image_input,
            native_pdf=native_pdf,
            source_blocks=source_blocks,
        )
        assert block["content"] == [
            {"type": "text", "text": "x", "cache_control": cache_control}
        ], _opt_id(combo)
        with pytest.raises(StrictError):
            check_strict(block, ToolResultBlockParam)


# --------------------------------------------------------------------------------------------
# SDK facts this file relies on
# --------------------------------------------------------------------------------------------


def test_ollama_message_lacks_tool_call_id() -> None:
    """The reason for the ollama exception: the client type has no `tool_call_id` field."""
    assert "tool_call_id" not in ollama.Message.model_fields
    assert "tool_name" in ollama.Message.model_fields
    # and ollama.Message itself ignores unknown keys, which is why StrictOllamaMessage exists
    assert ollama.Message.model_validate({"role": "tool", "bogus": 1}).role == "tool"
    with pytest.raises(ValidationError):
        StrictOllamaMessage.model_validate({"role": "tool", "bogus": 1})


def test_google_genai_models_forbid_extra_and_accept_aliases() -> None:
    for model in (
        gtypes.FunctionResponse,
        gtypes.FunctionResponsePart,
        gtypes.FunctionResponseBlob,
    ):
        assert model.model_config.get("extra") == "forbid", model
    fr = {
        "name": "n",
        "response": {"result": "r"},
        "parts": [{"inlineData": {"mimeType": "image/png", "data": PNG}}],
    }
    m = gtypes.FunctionResponse.model_validate(fr)
    assert m.parts[0].inline_data.mime_type == "image/png"
    assert m.parts[0].inline_data.data == base64.b64decode(PNG)
    with pytest.raises(ValidationError):
        gtypes.FunctionResponse.model_validate({**fr, "bogus": 1})
    with pytest.raises(ValidationError):
        gtypes.FunctionResponse.model_validate(
            {"parts": [{"inlineData": {"mimeType": "image/png", "data": PNG, "bogus": 1}}]}
        )
    # snake_case is accepted by the SDK too (populate_by_name), but is not the wire spelling
    with pytest.raises(StrictError):
        check_model_keys(
            {"parts": [{"inline_data": {"mime_type": "x", "data": ""}}]}, gtypes.FunctionResponse
        )


def test_sdk_typeddicts_lose_required_keys() -> None:
    """Why _fields reads requiredness from the hints: __required_keys__ is empty in the SDKs."""
    assert ToolResultBlockParam.__required_keys__ == frozenset()
    assert _fields(ToolResultBlockParam)[1] == {"tool_use_id", "type"}
    assert _fields(FunctionCallOutput)[1] == {"output", "type"}
    assert _fields(ChatCompletionToolMessageParam)[1] == {"content", "role", "tool_call_id"}


def test_pydantic_alone_is_not_strict_enough() -> None:
    """TypeAdapter ignores undeclared keys and validates Iterable fields lazily."""
    block = {"type": "tool_result", "tool_use_id": "x", "content": [{"type": "text", "text": 1}]}
    _adapter(ToolResultBlockParam).validate_python(block, strict=True)  # lazy: no error yet
    with pytest.raises(StrictError):
        validate_typeddict(block, ToolResultBlockParam)
    extra = {"type": "tool_result", "tool_use_id": "x", "content": "", "role": "user"}
    _adapter(ToolResultBlockParam).validate_python(extra, strict=True)  # extra key ignored
    with pytest.raises(StrictError, match="undeclared"):
        validate_typeddict(extra, ToolResultBlockParam)


# --------------------------------------------------------------------------------------------
# The strict checker itself
# --------------------------------------------------------------------------------------------

GOOD_ANTHROPIC = {
    "type": "tool_result",
    "tool_use_id": "t1",
    "is_error": True,
    "content": [
        {"type": "text", "text": "hi", "cache_control": {"type": "ephemeral", "ttl": "5m"}},
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}},
        N_CONTENT_DOC,
        N_SEARCH,
        N_PDF_DOC,
    ],
}


def test_checker_accepts_a_valid_block() -> None:
    validate_typeddict(GOOD_ANTHROPIC, ToolResultBlockParam)
    validate_typeddict(
        {
            "type": "function_call_output",
            "call_id": "c",
            "output": [
                {"type": "input_text", "text": "a"},
                {"type": "input_image", "image_url": "data:image/png;base64," + PNG},
                {"type": "input_file", "filename": "a.pdf", "file_data": "data:..."},
            ],
        },
        FunctionCallOutput,
    )
    validate_typeddict(
        {"role": "tool", "tool_call_id": "", "content": ""}, ChatCompletionToolMessageParam
    )


def _mutated(path: list, fn: Any) -> dict:
    block = copy.deepcopy(GOOD_ANTHROPIC)
    target = block
    for key in path:
        target = target[key]
    fn(target)
    return block


@pytest.mark.parametrize(
    ("mutation", "message"),
    [
        (([], lambda d: d.update(role="user")), "undeclared"),
        ((["content", 0], lambda d: d.update(annotations={})), "undeclared"),
        ((["content", 0, "cache_control"], lambda d: d.update(scope="x")), "undeclared"),
        ((["content", 1, "source"], lambda d: d.update(uri="file:///a")), "undeclared"),
        ((["content", 2, "source", "content", 1, "source"], lambda d: d.update(x=1)), "undeclared"),
        ((["content", 3, "content", 0], lambda d: d.update(_meta={})), "undeclared"),
        (([], lambda d: d.update(type="tool_use")), "Literal"),
        ((["content", 1, "source"], lambda d: d.update(media_type="image/bmp")), "Literal"),
        ((["content", 0, "cache_control"], lambda d: d.update(ttl="2h")), "Literal"),
        ((["content", 0], lambda d: d.update(type="txt")), "no union member"),
        ((["content", 4, "source"], lambda d: d.update(type="pdf")), "no union member"),
        (([], lambda d: d.pop("tool_use_id")), "missing required"),
        ((["content", 0], lambda d: d.pop("text")), "missing required"),
        ((["content", 3], lambda d: d.pop("title")), "missing required"),
        ((["content", 1, "source"], lambda d: d.pop("data")), "missing required"),
        ((["content", 0], lambda d: d.update(text=5)), "expected str"),
        (([], lambda d: d.update(is_error=1)), "expected bool"),
    ],
)
def test_checker_rejects(mutation: tuple, message: str) -> None:
    path, fn = mutation
    block = _mutated(path, fn)
    with pytest.raises(StrictError, match=message):
        check_strict(block, ToolResultBlockParam)


def test_checker_rejects_bad_responses_and_openai_blocks() -> None:
    with pytest.raises(StrictError, match="undeclared"):
        check_strict(
            {"type": "function_call_output", "call_id": "c", "output": "", "role": "tool"},
            FunctionCallOutput,
        )
    with pytest.raises(StrictError, match="undeclared"):
        check_strict(
            {
                "type": "function_call_output",
                "output": [{"type": "input_text", "text": "a", "x": 1}],
            },
            FunctionCallOutput,
        )
    with pytest.raises(StrictError, match="no union member"):
        check_strict(
            {"type": "function_call_output", "output": [{"type": "output_text", "text": "a"}]},
            FunctionCallOutput,
        )
    with pytest.raises(StrictError, match="missing required"):
        check_strict({"role": "tool", "content": "x"}, ChatCompletionToolMessageParam)
    with pytest.raises(StrictError, match="Literal"):
        check_strict(
            {"role": "user", "content": "x", "tool_call_id": "c"}, ChatCompletionToolMessageParam
        )


def test_checker_refuses_unknown_annotations() -> None:
    with pytest.raises(TypeError, match="unsupported annotation"):
        check_strict(1, typing.Callable[[], int])


@pytest.mark.parametrize("wire", WIRES)
@pytest.mark.parametrize("case", ["audience_mixed", "audience_all_for_the_user"])
def test_blocks_without_the_users_entries_validate(case: str, wire: str) -> None:
    kwargs = {"name": "get_weather", "id": "call_abc", **CATALOGUE[case]}
    result = make(case)
    for image_input, native_pdf in itertools.product(OPTION_VALUES, OPTION_VALUES):
        out = result.to(wire, image_input=image_input, native_pdf=native_pdf, audience="assistant")
        VALIDATORS[wire](out, kwargs)
        records = result.explain(wire, image_input=image_input, audience="assistant")
        kept = [r.index for r in records if r.outcome != "omitted"]
        assert kept == ([0, 3] if case == "audience_mixed" else [])
