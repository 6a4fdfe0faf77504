"""Issue 24's four surviving mutants, each pinned by a test that fails on it.

- ``too-much-media`` counts a PDF's pages, not one per document;
- Gemini's URL-safe base64 is valid on gemini (and only there), with bytes whose base64
  holds ``+`` and ``/`` (the sample PNG has neither, so its URL-safe form is the same text);
- repair puts an added result at one exact place per wire;
- repair keeps an anthropic final assistant message a removal emptied (SPEC 8's
  ``empty-message`` exception), and nothing else it emptied.
"""

from __future__ import annotations

import base64
import struct
import zlib
from typing import Any

from google.genai import types as gtypes
from lint_fixtures import answer, ask, request, user
from pdf_corpus import fpdf_document

from toolresult_lab import ToolResult, lint, repair, translate
from toolresult_lab.views.probes import SAMPLE_IMAGES

PNG = SAMPLE_IMAGES["image/png"]


def _seen(found: Any) -> list[tuple[str, str, str]]:
    return [(f.rule, f.severity, f.path) for f in found]


# -- too-much-media: PDF pages count -------------------------------------------------------

IMAGE = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}
PDF_PAGES = 5
PDF = {
    "type": "document",
    "source": {
        "type": "base64",
        "media_type": "application/pdf",
        "data": base64.b64encode(fpdf_document(PDF_PAGES)).decode(),
    },
}


def _images_and_pdf(images: int) -> list[Any]:
    return [{"role": "user", "content": [IMAGE] * images + [PDF]}]


def test_too_much_media_counts_each_pdf_page() -> None:
    # 95 images + 5 pages = 100: at the limit; 96 + 5 = 101 crosses it at the PDF
    assert _seen(lint("anthropic", _images_and_pdf(95))) == []
    found = lint("anthropic", _images_and_pdf(96))
    assert _seen(found) == [("too-much-media", "warning", "messages[0].content[96]")]
    assert found[0].message == (
        "The request holds 101 images and PDF pages (at most 100 on 200k-context models)."
    )
    found = lint("anthropic", _images_and_pdf(596))
    assert _seen(found) == [("too-much-media", "error", "messages[0].content[596]")]
    assert found[0].message == "The request holds 601 images and PDF pages (at most 600)."


def test_too_much_media_counts_pages_of_a_pdf_inside_a_tool_result() -> None:
    messages = [
        {"role": "user", "content": [IMAGE] * 97},
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "c1", "name": "f", "input": {}}],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "c1", "content": [PDF]}],
        },
    ]
    found = lint("anthropic", messages)
    assert _seen(found) == [("too-much-media", "warning", "messages[2].content[0].content[0]")]
    assert "holds 102 images and PDF pages" in found[0].message


# -- Gemini's URL-safe base64 --------------------------------------------------------------


def _png(red: int) -> bytes:
    """A valid 1x1 RGB PNG of the given red."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(bytes([0, red, 0, 0]))
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


#: A PNG whose standard base64 holds both ``+`` and ``/``: its URL-safe text differs in both.
RAW = next(
    image for image in map(_png, range(256)) if {"+", "/"} <= set(base64.b64encode(image).decode())
)
STANDARD = base64.b64encode(RAW).decode()
URL_SAFE = base64.urlsafe_b64encode(RAW).decode()


def test_the_fixture_differs_in_both_letters() -> None:
    assert "+" in STANDARD and "/" in STANDARD
    assert "-" in URL_SAFE and "_" in URL_SAFE and "+" not in URL_SAFE and "/" not in URL_SAFE
    assert URL_SAFE.translate(str.maketrans("-_", "+/")) == STANDARD


def _gemini_image(data: str) -> list[Any]:
    return [{"role": "user", "parts": [{"inlineData": {"mimeType": "image/png", "data": data}}]}]


def test_gemini_takes_url_safe_base64_and_no_other_wire_does() -> None:
    assert _seen(lint("gemini", _gemini_image(STANDARD))) == []
    assert _seen(lint("gemini", _gemini_image(URL_SAFE))) == []
    # unpadded, as google-genai may write it
    assert _seen(lint("gemini", _gemini_image(URL_SAFE.rstrip("=")))) == []
    assert _seen(lint("gemini", _gemini_image(URL_SAFE + "!"))) == [
        ("bad-base64", "error", "contents[0].parts[0]")
    ]
    image = {"type": "base64", "media_type": "image/png"}
    anthropic = [{"role": "user", "content": [{"type": "image", "source": {**image, "data": ""}}]}]
    anthropic[0]["content"][0]["source"]["data"] = URL_SAFE
    assert _seen(lint("anthropic", anthropic)) == [
        ("bad-base64", "error", "messages[0].content[0]")
    ]
    url = {"url": f"data:image/png;base64,{URL_SAFE}"}
    openai = [{"role": "user", "content": [{"type": "image_url", "image_url": url}]}]
    assert _seen(lint("openai", openai)) == [("bad-base64", "error", "messages[0].content[0]")]


def test_google_genai_reads_both_alphabets_and_writes_url_safe() -> None:
    """What the gemini wire accepts is what the SDK accepts: its JSON holds URL-safe text."""
    for text in (STANDARD, URL_SAFE):
        blob = gtypes.Blob.model_validate({"mimeType": "image/png", "data": text})
        assert blob.data == RAW
    dumped = gtypes.Blob(mime_type="image/png", data=RAW).model_dump(mode="json", by_alias=True)
    assert dumped["data"] == URL_SAFE
    assert _seen(lint("gemini", _gemini_image(dumped["data"]))) == []


def test_the_gemini_wire_writes_standard_base64_and_translate_makes_url_safe_standard() -> None:
    result = ToolResult(
        name="f", id="c1", content=[{"type": "image", "mimeType": "image/png", "data": STANDARD}]
    )
    written = result.to("gemini", image_input=True)
    assert written["functionResponse"]["parts"] == [
        {"inlineData": {"mimeType": "image/png", "data": STANDARD}}
    ]
    out = translate("gemini", "anthropic", _gemini_image(URL_SAFE))
    assert out.request["messages"][0]["content"][0]["source"]["data"] == STANDARD


# -- where repair inserts a result ---------------------------------------------------------


def _repaired(wire: str, given: Any) -> tuple[Any, list[tuple[str, str, str]]]:
    out = repair(wire, given)
    return out.request, [(c.rule, c.path, c.action) for c in out.changes]


ADDED = "No result was recorded for this call."


def test_anthropic_adds_a_result_after_the_results_before_the_other_blocks() -> None:
    given = request(
        user("anthropic"),
        ask("anthropic", "c1", "c2"),
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "c2", "content": "ok"},
                {"type": "text", "text": "and?"},
            ],
        },
    )
    fixed, changes = _repaired("anthropic", given)
    assert fixed == [
        given[0],
        given[1],
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "c2", "content": "ok"},
                {"type": "tool_result", "tool_use_id": "c1", "content": ADDED, "is_error": True},
                {"type": "text", "text": "and?"},
            ],
        },
    ]
    assert changes == [
        ("call-without-result", "messages[1].content[0]", "added an error result for c1")
    ]


def test_anthropic_adds_a_result_before_a_user_text_or_in_a_new_message() -> None:
    added = {"type": "tool_result", "tool_use_id": "c1", "content": ADDED, "is_error": True}
    given = request(user("anthropic"), ask("anthropic", "c1"), {"role": "user", "content": "go on"})
    fixed, changes = _repaired("anthropic", given)
    assert fixed == [
        given[0],
        given[1],
        {"role": "user", "content": [added, {"type": "text", "text": "go on"}]},
    ]
    # put first by the round that adds it, not moved there by a later round's reordering
    assert changes == [
        ("call-without-result", "messages[1].content[0]", "added an error result for c1")
    ]
    given = request(
        user("anthropic"), ask("anthropic", "c1"), {"role": "assistant", "content": "x"}
    )
    fixed, _ = _repaired("anthropic", given)
    # anthropic reads a run of assistant messages as one turn (issue 36, b20): the result
    # goes after the whole run, where lint looks for it
    assert fixed == [given[0], given[1], given[2], {"role": "user", "content": [added]}]
    assert lint("anthropic", fixed) == ()


def test_gemini_and_bedrock_add_a_result_after_the_results() -> None:
    given = request(
        user("gemini"),
        ask("gemini", "c1", "c2"),
        {
            "role": "user",
            "parts": [
                {"functionResponse": {"name": "f", "id": "c2", "response": {"result": "ok"}}},
                {"text": "and?"},
            ],
        },
    )
    fixed, _ = _repaired("gemini", given)
    assert fixed[2]["parts"] == [
        {"functionResponse": {"name": "f", "id": "c2", "response": {"result": "ok"}}},
        {"functionResponse": {"name": "f", "response": {"error": ADDED}, "id": "c1"}},
        {"text": "and?"},
    ]
    given = request(
        user("bedrock"),
        ask("bedrock", "c1", "c2"),
        {
            "role": "user",
            "content": [
                {"toolResult": {"toolUseId": "c2", "content": [{"text": "ok"}]}},
                {"text": "and?"},
            ],
        },
    )
    fixed, _ = _repaired("bedrock", given)
    assert fixed[2]["content"] == [
        {"toolResult": {"toolUseId": "c2", "content": [{"text": "ok"}]}},
        {"toolResult": {"toolUseId": "c1", "content": [{"text": ADDED}], "status": "error"}},
        {"text": "and?"},
    ]


def test_message_wires_add_a_result_after_the_run_of_results() -> None:
    given = request(
        user("openai"),
        ask("openai", "a1", "a2"),
        answer("openai", "a1"),
        ask("openai", "b1"),
        user("openai", "next"),
    )
    fixed, changes = _repaired("openai", given)
    assert fixed == [
        given[0],
        given[1],
        given[2],
        {"role": "tool", "content": ADDED, "tool_call_id": "a2"},
        given[3],
        {"role": "tool", "content": ADDED, "tool_call_id": "b1"},
        given[4],
    ]
    assert changes == [
        ("call-without-result", "messages[1].tool_calls[1]", "added an error result for a2"),
        ("call-without-result", "messages[3].tool_calls[0]", "added an error result for b1"),
    ]
    given = request(
        user("responses"),
        ask("responses", "c1", "c2"),
        answer("responses", "c1"),
        user("responses", "next"),
    )
    fixed, _ = _repaired("responses", given)
    assert fixed == [
        *given[:4],
        {"type": "function_call_output", "call_id": "c2", "output": ADDED},
        given[4],
    ]


def test_a_misplaced_result_moves_to_the_end_of_its_calls_run() -> None:
    late = {"role": "tool", "tool_call_id": "c2", "content": "late"}
    given = request(
        user("openai"), ask("openai", "c1", "c2"), answer("openai", "c1"), user("openai", "x"), late
    )
    fixed, changes = _repaired("openai", given)
    assert fixed == [given[0], given[1], given[2], late, given[3]]
    assert changes == [
        ("results-not-next", "messages[4]", "moved the result for c2 after its call")
    ]


# -- an emptied final anthropic assistant message ------------------------------------------


def test_repair_keeps_an_emptied_final_anthropic_assistant_message() -> None:
    given = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "text", "text": ""}]},
    ]
    fixed, changes = _repaired("anthropic", given)
    # SPEC 8: an anthropic final assistant message may be empty (empty-message excepts it)
    assert fixed == [{"role": "user", "content": "hi"}, {"role": "assistant", "content": []}]
    assert changes == [("empty-text", "messages[1].content[0]", "removed the empty text block")]
    assert "empty-message" not in lint("anthropic", fixed).rules
    assert repair("anthropic", fixed).changes == ()


def test_repair_drops_an_emptied_assistant_message_that_is_not_last_or_not_anthropic() -> None:
    given = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "text", "text": ""}]},
        {"role": "user", "content": "x"},
    ]
    fixed, _ = _repaired("anthropic", given)
    assert fixed == [given[0], given[2]]
    bedrock = [
        {"role": "user", "content": [{"text": "hi"}]},
        {"role": "assistant", "content": [{"text": ""}]},
    ]
    fixed, changes = _repaired("bedrock", bedrock)
    assert fixed == [bedrock[0]]
    assert changes == [("empty-text", "messages[1].content[0]", "removed the empty text block")]
