"""Claude on Amazon Bedrock's Messages API and on Google Cloud: anthropic-wire profiles with
their platforms' own limits (20 MB / 30 MB per request, 5 MB per image) and base64 sources
only; the wire's figures stay the Claude API's without them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from toolresult_lab import lint
from toolresult_lab.budgets.provider_limits import limits_for
from toolresult_lab.conversion.profiles import PROFILES

MB = 1_000_000
MIB = 1024 * 1024


def _seen(request: Any, profile: str | None) -> list[tuple[str, str, str]]:
    return [(f.rule, f.severity, f.path) for f in lint("anthropic", request, profile=profile)]


def _sized(total: int) -> dict[str, Any]:
    """A body whose JSON is exactly ``total`` bytes (no model: its context window is not
    what is tested)."""
    body: dict[str, Any] = {
        "max_tokens": 5,
        "messages": [{"role": "user", "content": ""}],
    }
    empty = len(json.dumps(body, ensure_ascii=False).encode())
    body["messages"][0]["content"] = "x" * (total - empty)
    assert len(json.dumps(body, ensure_ascii=False).encode()) == total
    return body


@pytest.mark.parametrize(
    ("profile", "most"), [("anthropic-bedrock", 20 * MB), ("anthropic-google-cloud", 30 * MB)]
)
def test_the_platform_request_size(profile: str, most: int) -> None:
    assert _seen(_sized(most), profile) == []
    found = lint("anthropic", _sized(most + 1), profile=profile)
    assert [(f.rule, f.severity, f.path) for f in found] == [("request-too-large", "error", "")]
    assert found[0].message == f"The request's JSON is {most + 1:,} bytes (at most {most:,})."
    # the Claude API takes it
    assert _seen(_sized(most + 1), "anthropic") == []
    assert _seen(_sized(most + 1), None) == []


def _image(data: str) -> list[Any]:
    block = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": data}}
    return [{"role": "user", "content": [block]}]


@pytest.mark.parametrize("profile", ["anthropic-bedrock", "anthropic-google-cloud"])
def test_the_platform_image_size_is_an_error(profile: str) -> None:
    at = _image("A" * (5 * MIB))
    over = _image("A" * (5 * MIB + 4))
    assert _seen(at, profile) == []
    assert _seen(over, profile) == [("image-too-large", "error", "messages[0].content[0]")]
    message = lint("anthropic", over, profile=profile)[0].message
    assert message == f"The image's base64 is {5 * MIB + 4:,} characters (at most {5 * MIB:,})."
    # on the Claude API a warning only (its limit is 10 MB)
    assert _seen(over, None) == [("image-too-large", "warning", "messages[0].content[0]")]


def test_base64_only_is_checked_inside_tool_results_too() -> None:
    result = {
        "type": "tool_result",
        "tool_use_id": "toolu_1",
        "content": [{"type": "document", "source": {"type": "url", "url": "https://x/a.pdf"}}],
    }
    call = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}
    request = [
        {"role": "user", "content": "go"},
        {"role": "assistant", "content": [call]},
        {"role": "user", "content": [result]},
    ]
    found = lint("anthropic", request, profile="anthropic-google-cloud")
    assert [(f.rule, f.path) for f in found] == [
        ("base64-sources-only", "messages[2].content[0].content[0].source")
    ]
    assert found[0].message == (
        "The document block's source is of type 'url'; Claude on Google Cloud (Vertex AI)"
        " takes only base64 sources."
    )
    assert _seen(request, "anthropic") == []


def test_the_profiles_limits_are_their_own() -> None:
    assert PROFILES["anthropic-bedrock"].wire == "anthropic"
    assert PROFILES["anthropic-bedrock"].base64_only
    assert not PROFILES["anthropic"].base64_only
    mine = {(x.scope, x.measure, x.value) for x in limits_for("anthropic", "anthropic-bedrock")}
    assert ("request", "bytes", 20 * MB) in mine
    assert ("request", "bytes", 32 * MIB) not in mine
    assert ("image", "base64_bytes", 10 * MIB) not in mine
    wire = {(x.scope, x.measure, x.value) for x in limits_for("anthropic")}
    assert ("request", "bytes", 20 * MB) not in wire
    assert ("request", "bytes", 32 * MIB) in wire
    assert "Opus 4.6 and earlier" in PROFILES["bedrock-claude"].label


def _png(width: int, height: int) -> str:
    """A PNG header of ``width`` x ``height`` (all ``image_size`` reads)."""
    import base64
    import struct
    import zlib

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    body = struct.pack(">I", len(ihdr)) + chunk + struct.pack(">I", zlib.crc32(chunk))
    return base64.b64encode(b"\x89PNG\r\n\x1a\n" + body).decode()


def _deepseek(*urls: str) -> dict[str, Any]:
    parts = [{"type": "image_url", "image_url": {"url": url}} for url in urls]
    return {
        "model": "deepseek-v4-flash-vision-exp",
        "messages": [{"role": "user", "content": parts}],
    }


def _ds_seen(request: Any, profile: str | None = "deepseek") -> list[tuple[str, str, str]]:
    found = lint("openai", request, profile=profile, vision=True)
    # the catalog serves no DeepSeek model on the openai wire: one model-unknown note
    assert [f.rule for f in found.infos] == ["model-unknown"]
    return [(f.rule, f.severity, f.path) for f in found if f.rule not in _NOT_TESTED]


_NOT_TESTED = ("media-type", "model-unknown")


def test_deepseek_image_size_and_count() -> None:
    small = "data:image/png;base64," + _png(64, 64)
    assert _ds_seen(_deepseek(*[small] * 600)) == []
    assert _ds_seen(_deepseek(*[small] * 601)) == [
        ("too-much-media", "error", "messages[0].content[600]")
    ]
    assert _ds_seen(_deepseek(*[small] * 601), None) == []  # OpenAI documents no count
    big = "data:image/png;base64," + "A" * (32 * MIB + 4)
    at = "data:image/png;base64," + "A" * (32 * MIB)
    assert _ds_seen(_deepseek(at)) == []
    assert _ds_seen(_deepseek(big)) == [("image-too-large", "error", "messages[0].content[0]")]
    assert _ds_seen(_deepseek(big), None) == []


def test_deepseek_image_sides_drop_to_4096_from_15_images() -> None:
    small = "data:image/png;base64," + _png(64, 64)
    wide = "data:image/png;base64," + _png(4097, 100)
    assert _ds_seen(_deepseek(wide, *[small] * 13)) == []  # 14 images: 8192 px
    found = lint("openai", _deepseek(wide, *[small] * 14), profile="deepseek", vision=True)
    sized = [f for f in found if f.rule == "image-too-large"]
    assert [(f.severity, f.path) for f in sized] == [("error", "messages[0].content[0]")]
    assert sized[0].message == (
        "The image is 4097x100 px (at most 4096 px a side in a request with more than 14 images)."
    )
    huge = "data:image/png;base64," + _png(8193, 100)
    assert _ds_seen(_deepseek(huge)) == [("image-too-large", "error", "messages[0].content[0]")]
    assert _ds_seen(_deepseek("data:image/png;base64," + _png(8192, 100))) == []


def test_deepseek_request_body() -> None:
    def body(total: int) -> dict[str, Any]:
        request: dict[str, Any] = {
            "model": "deepseek-chat",
            "messages": [{"role": "user", "content": ""}],
        }
        empty = len(json.dumps(request, ensure_ascii=False).encode())
        request["messages"][0]["content"] = "x" * (total - empty)
        return request

    most = 48 * MIB
    seen = [r for r in _ds_seen(body(most)) if r[0] != "text-too-long"]
    assert seen == []
    seen = [r for r in _ds_seen(body(most + 1)) if r[0] != "text-too-long"]
    assert seen == [("request-too-large", "error", "")]
    assert [r for r in _ds_seen(body(most + 1), None) if r[0] != "text-too-long"] == []
