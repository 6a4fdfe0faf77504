"""Huge text meets the documented limits too (issue 18, item 3): the per-string limit of
openai and responses, and the per-request byte limits of anthropic and gemini, held against
a result of text alone, exactly at each limit (no warning) and one over (the warning)."""

from __future__ import annotations

import json

import pytest

from toolresult_lab import ToolResult
from toolresult_lab.budgets.measure import longest_text, payload_bytes, utf8_size
from toolresult_lab.conversion.encoding import json_encode

STRING_LIMIT = 10_485_760
OPENAI_PAGE = (
    "string_above_max_length - OpenAI API error answer (Responses input, 2025-11-05)"
    " <https://github.com/VectorlyApp/bluebox/issues/31>"
)


def _text(chars: int) -> ToolResult:
    return ToolResult(name="t", id="c", content=[{"type": "text", "text": "a" * chars}])


def _warnings(result: ToolResult, wire: str) -> list[str]:
    return [str(warning) for warning in result.explain(wire).warnings]


@pytest.mark.parametrize("wire", ["openai", "responses"])
def test_a_text_string_at_and_past_the_openai_limit(wire: str) -> None:
    assert _warnings(_text(STRING_LIMIT), wire) == []
    assert _warnings(_text(STRING_LIMIT + 1), wire) == [
        f"{wire}: a text string in the block is 10,485,761 characters; limit: 10,485,760"
        f" characters per string ({OPENAI_PAGE})"
    ]


def test_the_string_limit_holds_the_joined_text_not_each_entry() -> None:
    half = STRING_LIMIT // 2
    content = [{"type": "text", "text": "a" * half}, {"type": "text", "text": "b" * half}]
    result = ToolResult(name="t", id="c", content=content)
    # openai joins the entries with a newline into one string: one character over
    assert _warnings(result, "openai") == [
        "openai: a text string in the block is 10,485,761 characters; limit: 10,485,760"
        f" characters per string ({OPENAI_PAGE})"
    ]


def test_a_payload_is_no_text_string() -> None:
    # a 12 MB image goes to responses as a data URL of 16 M characters: its limit is the
    # request's 512 MB, not the per-string one
    data = "A" * 16_000_000
    content = [{"type": "image", "mimeType": "image/png", "data": data}]
    block = ToolResult(name="t", id="c", content=content).to("responses", image_input=True)
    assert longest_text("responses", block) == len("function_call_output")


def _over_bytes(wire: str, limit: int) -> tuple[ToolResult, ToolResult]:
    """Results of text alone whose block is exactly ``limit`` bytes, and one byte more."""
    overhead = payload_bytes(_text(1).to(wire)) - 1  # (an empty text is no entry on anthropic)
    return _text(limit - overhead), _text(limit - overhead + 1)


def test_anthropic_32_mb_per_request_holds_text() -> None:
    at, over = _over_bytes("anthropic", 32 * 1024 * 1024)
    assert _warnings(at, "anthropic") == []
    assert _warnings(over, "anthropic") == [
        "anthropic: the request is 33,554,433 bytes; limit: 32 MB per request on standard"
        " endpoints (lower on some platforms) (PDF support - Claude Docs"
        " <https://platform.claude.com/docs/en/build-with-claude/pdf-support>)"
    ]


def test_gemini_100_mb_inline_request_holds_text() -> None:
    at, over = _over_bytes("gemini", 100_000_000)
    assert _warnings(at, "gemini") == []
    assert _warnings(over, "gemini") == [
        "gemini: the request is 100,000,001 bytes; limit: 100 MB per request for inline data"
        " (base64-encoded), prompt included (larger files go through the Files API) (Gemini"
        " API: new file limits (inline data from 20 MB to 100 MB), 2026-01-12"
        " <https://blog.google/innovation-and-ai/technology/developers-tools/"
        "gemini-api-new-file-limits>)"
    ]


def test_responses_image_bytes_are_not_text() -> None:
    # 51 MB of text: past the per-string limit, but no image bytes at all
    warnings = _warnings(_text(51_000_000), "responses")
    assert len(warnings) == 1 and "characters per string" in warnings[0]


def test_ollama_and_hermes_document_no_limit() -> None:
    big = _text(STRING_LIMIT + 1)
    assert _warnings(big, "ollama") == [] and _warnings(big, "hermes") == []


@pytest.mark.parametrize(
    "text",
    [
        "é" * 70_000,
        'quote " and \\ backslash\n\t\x01 ' * 5_000,
        ("😀 \u2028 ascii \x7f" * 200_000),
        "a" * 70_000 + "\n",
    ],
    ids=["accents", "escapes", "astral", "ascii-newline"],
)
def test_payload_bytes_of_a_big_text_equals_its_json(text: str) -> None:
    block = {"role": "tool", "content": text, "list": [text, {"k": text}]}
    assert payload_bytes(block) == len(json_encode(block).encode("utf-8"))
    assert payload_bytes(text) == utf8_size(text) == len(text.encode("utf-8"))
    assert json.loads(json_encode(block))["content"] == text


def test_utf8_size_across_chunk_boundaries() -> None:
    # 2-, 3- and 4-byte characters straddling the 1 MiB chunks
    text = "x" + "é€😀" * 400_000
    assert utf8_size(text) == len(text.encode("utf-8")) == 1 + 9 * 400_000
