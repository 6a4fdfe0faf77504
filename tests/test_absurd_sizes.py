"""Issue 28, item 11: an image header no real image has (a WebP canvas past RFC 9649's
2^32 - 1 pixels, a PNG past its format or its bytes) is priced "unknown" on every wire that
sends the image, with the warning beside it, never a number."""

from __future__ import annotations

import base64
import struct
import zlib

import pytest

from toolresult_lab import ToolResult
from toolresult_lab.budgets.costs import estimate_tokens, estimate_turn
from toolresult_lab.budgets.doc_pages import PNG_SPEC, WEBP_SPEC
from toolresult_lab.conversion.calls import ToolCall
from toolresult_lab.conversion.tool_turns import build_turn

#: Every wire whose tool result carries an image natively, with the option that sends it.
NATIVE = {
    "anthropic": {"image_input": True},
    "responses": {"image_input": True},
    "gemini": {"image_input": True},
    "bedrock": {"image_input": True},
}


def webp_vp8x(width: int, height: int) -> bytes:
    """A WebP whose extended header (VP8X) claims a canvas of ``width`` x ``height``."""
    body = (
        b"\x00\x00\x00\x00" + (width - 1).to_bytes(3, "little") + (height - 1).to_bytes(3, "little")
    )
    chunk = b"VP8X" + struct.pack("<I", len(body)) + body
    return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk


def png_header(width: int, height: int) -> bytes:
    ihdr = struct.pack(">II", width, height) + b"\x08\x02\x00\x00\x00"
    crc = struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr + crc


def image(data: bytes, mime: str) -> ToolResult:
    content = [{"type": "image", "mimeType": mime, "data": base64.b64encode(data).decode()}]
    return ToolResult(id="c", name="t", content=content)


WEBP_EXCESS = (
    "its WebP header claims 16777216x16777216 px (281,474,976,710,656 px), past the"
    f" 4,294,967,295 px a WebP canvas may hold ({WEBP_SPEC.cite()})"
)
PNG_EXCESS = (
    "its PNG header claims 4294967295x4294967295 px, past the 2,147,483,647 px the PNG format"
    f" allows ({PNG_SPEC.cite()})"
)
CASES = [
    (webp_vp8x(16_777_216, 16_777_216), "image/webp", "16777216x16777216 webp", WEBP_EXCESS),
    (png_header(4294967295, 4294967295), "image/png", "4294967295x4294967295 png", PNG_EXCESS),
]


@pytest.mark.parametrize("wire", list(NATIVE))
@pytest.mark.parametrize(("data", "mime", "size", "excess"), CASES)
def test_an_absurd_header_has_no_token_figure_on_any_wire(wire, data, mime, size, excess):
    result = image(data, mime)
    estimate = estimate_tokens(result, wire, **NATIVE[wire])
    [figure] = [e for e in estimate.entries if e.index == 0]
    assert (figure.what, figure.tokens, figure.name) == (
        f"image {size}",
        None,
        "image: header not real",
    )
    assert figure.rule == f"{mime}: {excess}; its token count is unknown"
    assert not estimate.complete and estimate.label().startswith("≥ ~")
    warnings = [str(w) for w in result.explain(wire, **NATIVE[wire]).warnings]
    assert f"#0: {wire}: {mime}: {excess}; the figures read from it are not real" in warnings


def test_the_largest_webp_canvas_rfc_9649_allows_is_priced():
    result = image(webp_vp8x(65_535, 65_537), "image/webp")  # 4,294,901,795 px: allowed
    entries = estimate_tokens(result, "gemini", image_input=True).entries
    [figure] = [e for e in entries if e.index == 0]
    assert figure.tokens == 86 * 86 * 258  # 768 px tiles, 258 tokens each
    assert not [w for w in result.explain("gemini", image_input=True).warnings if "WebP" in str(w)]


def test_a_hoisted_absurd_image_has_no_figure():
    call = ToolCall(name="t", id="c", arguments={})
    result = image(webp_vp8x(16_777_216, 16_777_216), "image/webp")
    turn = build_turn("openai", [call], [result], hoist_images=True, image_input=True)
    hoisted = [e for e in estimate_turn(turn).entries if e.what.startswith("hoisted image")]
    assert [(e.what, e.tokens, e.name) for e in hoisted] == [
        ("hoisted image 16777216x16777216 webp", None, "image: header not real")
    ]
