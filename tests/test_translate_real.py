"""SPEC 9 on real conversations (issue 26): what real clients send moves whole.

Each test is one finding of the corpus sweep or of the adversarial review, on a hand-made
request of the shape the corpus holds (``test_translate_corpus`` runs the corpus itself).
"""

from __future__ import annotations

import base64
import struct
import zlib
from typing import Any

from toolresult_lab import Loss, lint, translate
from toolresult_lab.reencode import NOTE, standard_base64


def png(red: int) -> bytes:
    """A valid 1x1 RGB PNG of the given red."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(bytes([0, red, 0, 0]))
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


#: A PNG whose standard base64 holds ``+`` or ``/`` (so its URL-safe spelling differs).
PNG_BYTES = next(
    image for image in map(png, range(256)) if set("+/") & set(base64.b64encode(image).decode())
)
PNG_B64 = base64.b64encode(PNG_BYTES).decode()


def errors(wire: str, body: dict[str, Any]) -> list[str]:
    return [str(f) for f in lint(wire, body) if f.severity == "error"]


# -- payloads: another spelling of base64 is the same bytes ---------------------------------


def test_standard_base64_reencodes_url_safe_unpadded_and_wrapped_payloads() -> None:
    raw = bytes(range(256)) * 3
    standard = base64.b64encode(raw).decode()
    url_safe = base64.urlsafe_b64encode(raw).decode()
    assert url_safe != standard
    assert standard_base64(url_safe) == standard
    assert standard_base64(url_safe.rstrip("=")) == standard
    wrapped = "\n".join(standard[i : i + 76] for i in range(0, len(standard), 76))
    assert standard_base64(wrapped) == standard
    assert standard_base64(standard) is None  # canonical already
    assert standard_base64("not base64 at all!") is None
    assert standard_base64("A") is None


def gemini_request(data: str) -> dict[str, Any]:
    return {
        "contents": [
            {
                "role": "user",
                "parts": [
                    {"text": "look"},
                    {"inlineData": {"mimeType": "image/png", "data": data}},
                ],
            },
            {
                "role": "model",
                "parts": [{"functionCall": {"id": "c1", "name": "shot", "args": {}}}],
            },
            {
                "role": "user",
                "parts": [
                    {
                        "functionResponse": {
                            "id": "c1",
                            "name": "shot",
                            "response": {"result": "here"},
                            "parts": [{"inlineData": {"mimeType": "image/png", "data": data}}],
                        }
                    }
                ],
            },
        ]
    }


def test_url_safe_base64_from_google_genai_arrives_as_standard_base64_with_notes() -> None:
    url_safe = base64.urlsafe_b64encode(PNG_BYTES).decode()  # as google-genai writes it
    assert url_safe != PNG_B64
    request = gemini_request(url_safe)
    assert errors("gemini", request) == []
    out = translate("gemini", "anthropic", request)
    assert errors("anthropic", out.request) == []
    user, _, results = out.request["messages"]
    assert user["content"][1]["source"] == {
        "type": "base64",
        "media_type": "image/png",
        "data": PNG_B64,
    }
    images = [b for b in results["content"][0]["content"] if b["type"] == "image"]
    assert images[0]["source"]["data"] == PNG_B64
    assert not [loss for loss in out.losses if "base64" in loss.what]
    assert out.notes == (
        Loss("contents[0].parts[1]", NOTE),
        Loss("contents[2].parts[0]", f"content[1]: {NOTE}"),
    )
