"""``ToolResult.explain()``: one record per content entry, with the outcome, the reason and
the part, taken from the same code path as ``to()``.

The reason strings are part of the contract people read (CLI, matrix, docs), so they are
compared exactly.
"""

from __future__ import annotations

import json

import pytest

from toolresult_lab import OUTCOMES, WIRES, Explanation, ToolResult
from toolresult_lab.views.probes import PROBES

PNG = "QUJD"  # canonical base64, 3 bytes
PDF = "JVBERg=="  # canonical base64, 4 bytes ("%PDF")
ONLY_ANTHROPIC = "(only anthropic passes Anthropic-native blocks through)"
BLANK = "the Messages API rejects blank text blocks"


def T(text, **kw):
    return {"type": "text", "text": text, **kw}


def img(mime="image/png", data=PNG, **kw):
    return {"type": "image", "mimeType": mime, "data": data, **kw}


def res(**resource):
    return {"type": "resource", "resource": resource}


def pdf(uri="file:///d/r.pdf", blob=PDF):
    return res(uri=uri, mimeType="application/pdf", blob=blob)


def R(*content, **kw):
    return ToolResult(name="t", id="i", content=list(content), **kw)


def one(block, wire, **opts):
    """The single explanation of a one-entry result, after checking it is the only one."""
    explanations = R(block).explain(wire, **opts)
    assert len(explanations) == 1
    return explanations[0]


def E(block_type, item_kind, outcome, reason, part, index=0):
    return Explanation(index, block_type, item_kind, outcome, reason, part)


def tx(text):
    return {"type": "text", "text": text}


def part_on(wire, text):
    """An entry sent as text, as ``wire`` places it: a text block on anthropic and bedrock,
    a string joined into the string form elsewhere."""
    if wire == "anthropic":
        return tx(text)
    if wire == "bedrock":
        return {"text": text}
    return text


NATIVE_IMAGE = {
    "type": "image",
    "source": {"type": "base64", "media_type": "image/png", "data": PNG},
}
NATIVE_DOC = {
    "type": "document",
    "source": {"type": "text", "media_type": "text/plain", "data": "doc text"},
}
NATIVE_PDF_DOC = {
    "type": "document",
    "source": {"type": "base64", "media_type": "application/pdf", "data": PDF},
}
NATIVE_SR = {
    "type": "search_result",
    "source": "https://e.com/q",
    "title": "Quelltown",
    "content": [T("Population 12")],
}
SR_TEXT = "[search_result] Quelltown <https://e.com/q>\nPopulation 12"
PDF_PH = "[resource] application/pdf <file:///d/r.pdf> (4 bytes)"


def test_outcomes_are_the_seven_in_order():
    assert OUTCOMES == (
        "native",
        "passthrough",
        "document",
        "text",
        "truncated",
        "placeholder",
        "degraded",
        "omitted",
    )


def test_explanation_is_frozen():
    e = one(T("hi"), "openai")
    with pytest.raises(AttributeError):
        e.outcome = "native"  # type: ignore[misc]


# -- text ------------------------------------------------------------------------------


def test_text_on_string_wires():
    for wire in ("openai", "ollama", "hermes", "responses", "gemini"):
        assert one(T("hi"), wire) == E("text", "text", "text", "text block sent as text", "hi")


def test_text_on_anthropic_keeps_only_text_and_cache_control():
    block = T("hi", annotations={"priority": 1}, cache_control={"type": "ephemeral"})
    assert one(block, "anthropic") == E(
        "text",
        "text",
        "text",
        "text block (only text and cache_control are kept)",
        {"type": "text", "text": "hi", "cache_control": {"type": "ephemeral"}},
    )
    assert one(T("hi", _meta={"a": 1}), "anthropic").part == tx("hi")


# -- document ----------------------------------------------------------------------------


def test_text_resource_is_a_document_on_anthropic():
    block = res(uri="file:///n.txt", mimeType="text/plain", text="Meeting at 10.")
    assert one(block, "anthropic") == E(
        "resource",
        "document",
        "document",
        "text resource sent as a text document block",
        {
            "type": "document",
            "source": {"type": "text", "media_type": "text/plain", "data": "Meeting at 10."},
        },
    )


def test_text_blob_is_decoded_into_a_document_on_anthropic():
    block = res(uri="file:///d.csv", mimeType="text/csv", blob="QUJD")  # "ABC"
    assert one(block, "anthropic") == E(
        "resource",
        "document",
        "document",
        "text/* blob sent as a text document block",
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "ABC"}},
    )


def test_documents_as_text_with_source_blocks_off():
    text_res = res(mimeType="text/plain", text="Meeting at 10.")
    blob_res = res(mimeType="text/csv", blob="QUJD")
    assert one(text_res, "anthropic", source_blocks=False) == E(
        "resource",
        "document",
        "text",
        "source_blocks off: text resource sent as text",
        tx("Meeting at 10."),
    )
    assert one(blob_res, "anthropic", source_blocks=0) == E(
        "resource", "document", "text", "source_blocks off: text/* blob sent as text", tx("ABC")
    )


def test_documents_on_string_wires_are_text():
    text_res = res(mimeType="application/json", text='{"a": 1}')
    blob_res = res(mimeType="text/plain", blob="QUJD")
    for wire in ("openai", "gemini", "responses", "ollama", "hermes"):
        assert one(text_res, wire) == E(
            "resource", "document", "text", "text resource sent as its text", '{"a": 1}'
        )
        assert one(blob_res, wire) == E(
            "resource", "document", "text", "text/* blob sent as its text", "ABC"
        )


# -- placeholder ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("block", "wire", "opts", "reason", "text"),
    [
        (img(), "anthropic", {}, "image_input not set", "[image] image/png (3 bytes)"),
        (
            img(),
            "anthropic",
            {"image_input": False},
            "image_input off",
            "[image] image/png (3 bytes)",
        ),
        (
            img(),
            "responses",
            {"native_pdf": True},
            "image_input not set",
            "[image] image/png (3 bytes)",
        ),
        (img(), "gemini", {"image_input": 0}, "image_input off", "[image] image/png (3 bytes)"),
        (
            img(),
            "openai",
            {"image_input": True},
            "openai has no native image form in a tool message"
            " (tool_turn's hoist_images sends images in a user message after it)",
            "[image] image/png (3 bytes)",
        ),
        (
            img(),
            "ollama",
            {"image_input": True},
            "ollama has no native image form in a tool message"
            " (tool_turn's hoist_images sends images in a user message after it)",
            "[image] image/png (3 bytes)",
        ),
        (
            img(),
            "hermes",
            {"image_input": True},
            "hermes has no native image form",
            "[image] image/png (3 bytes)",
        ),
        (
            img("image/bmp"),
            "anthropic",
            {"image_input": True},
            "image/bmp is not an image type anthropic carries",
            "[image] image/bmp (3 bytes)",
        ),
        (
            img("image/bmp"),
            "responses",
            {"image_input": True},
            "image/bmp is not an image type responses carries",
            "[image] image/bmp (3 bytes)",
        ),
        (
            img("image/gif"),
            "gemini",
            {"image_input": True},
            "image/gif is not an image type gemini carries",
            "[image] image/gif (3 bytes)",
        ),
        (
            {"type": "image", "data": PNG},
            "anthropic",
            {"image_input": True},
            "no MIME type is not an image type anthropic carries",
            "[image] (3 bytes)",
        ),
        (
            img(data=None, uri="file:///a.png"),
            "anthropic",
            {"image_input": True},
            "no inline data to send natively",
            "[image] image/png <file:///a.png>",
        ),
        (
            img("audio/wav") | {"type": "audio"},
            "anthropic",
            {"image_input": True},
            "no wire carries audio natively",
            "[audio] audio/wav (3 bytes)",
        ),
        (
            img("audio/wav") | {"type": "audio"},
            "gemini",
            {},
            "no wire carries audio natively",
            "[audio] audio/wav (3 bytes)",
        ),
        (pdf(), "responses", {}, "native_pdf not set", PDF_PH),
        (pdf(), "responses", {"native_pdf": False}, "native_pdf off", PDF_PH),
        (pdf(), "gemini", {"image_input": True}, "native_pdf not set", PDF_PH),
        (pdf(), "anthropic", {"native_pdf": False}, "native_pdf off", PDF_PH),
        (
            pdf(),
            "anthropic",
            {"source_blocks": False},
            "source_blocks off: PDF not sent as a document",
            PDF_PH,
        ),
        (
            pdf(),
            "anthropic",
            {"source_blocks": False, "native_pdf": True},
            "source_blocks off: PDF not sent as a document",
            PDF_PH,
        ),
        (pdf(), "openai", {"native_pdf": True}, "openai has no native PDF form", PDF_PH),
        (pdf(), "hermes", {"native_pdf": True}, "hermes has no native PDF form", PDF_PH),
        (
            res(uri="file:///a.zip", mimeType="application/zip", blob="QUJD"),
            "anthropic",
            {},
            "application/zip has no native form on any wire",
            "[resource] application/zip <file:///a.zip> (3 bytes)",
        ),
        (
            res(blob="QUJD"),
            "gemini",
            {"image_input": True, "native_pdf": True},
            "a resource without MIME type has no native form on any wire",
            "[resource] (3 bytes)",
        ),
        (
            res(uri="file:///c.png", mimeType="image/png", blob=PNG),
            "openai",
            {},
            "openai has no native image form in a tool message"
            " (tool_turn's hoist_images sends images in a user message after it)",
            "[resource] image/png <file:///c.png> (3 bytes)",
        ),
    ],
)
def test_placeholder_reasons(block, wire, opts, reason, text):
    e = one(block, wire, **opts)
    assert (e.outcome, e.reason) == ("placeholder", reason)
    assert e.item_kind == "blob"
    assert e.part == (part_on(wire, text))


def test_resource_link_is_a_reference_line():
    block = {"type": "resource_link", "name": "big", "uri": "file:///big.parquet"}
    for wire in WIRES:
        e = one(block, wire)
        text = "[resource_link] big <file:///big.parquet>"
        assert e == E(
            "resource_link",
            "note",
            "placeholder",
            "resource_link sent as a reference line",
            part_on(wire, text),
        )


def test_native_blocks_without_text_are_placeholders_off_anthropic():
    reason = f"document has no text: sent as a placeholder {ONLY_ANTHROPIC}"
    assert one(NATIVE_PDF_DOC, "openai") == E(
        "document", "native", "placeholder", reason, "[document] application/pdf"
    )
    assert one(NATIVE_IMAGE, "gemini", image_input=True) == E(
        "image",
        "native",
        "placeholder",
        f"image has no text: sent as a placeholder {ONLY_ANTHROPIC}",
        "[image] image/png",
    )


def test_native_blocks_with_text_are_text_off_anthropic():
    assert one(NATIVE_DOC, "responses") == E(
        "document", "native", "text", f"document sent as its text {ONLY_ANTHROPIC}", "doc text"
    )
    assert one(NATIVE_SR, "ollama") == E(
        "search_result",
        "native",
        "text",
        f"search_result sent as its text {ONLY_ANTHROPIC}",
        SR_TEXT,
    )


# -- native --------------------------------------------------------------------------------


def test_native_image_on_the_three_wires():
    block = img(data=" QU\nJD ")  # whitespace is stripped before sending
    assert one(block, "anthropic", image_input=True) == E(
        "image",
        "blob",
        "native",
        "image sent as a base64 image block",
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}},
    )
    assert one(block, "responses", image_input="yes") == E(
        "image",
        "blob",
        "native",
        "image sent as input_image",
        {"type": "input_image", "image_url": "data:image/png;base64,QUJD"},
    )
    assert one(block, "gemini", image_input=True) == E(
        "image",
        "blob",
        "native",
        "image sent in parts[].inlineData",
        {"inlineData": {"mimeType": "image/png", "data": PNG}},
    )


def test_native_image_resource():
    block = res(uri="file:///c.gif", mimeType="image/gif", blob=PNG)
    assert one(block, "responses", image_input=True) == E(
        "resource",
        "blob",
        "native",
        "image sent as input_image",
        {"type": "input_image", "image_url": "data:image/gif;base64,QUJD"},
    )


def test_native_pdf_on_the_three_wires():
    doc = {
        "type": "document",
        "source": {"type": "base64", "media_type": "application/pdf", "data": PDF},
    }
    assert one(pdf(), "anthropic") == E(
        "resource", "blob", "native", "PDF sent as a base64 document block", doc
    )
    assert one(pdf(), "anthropic", native_pdf=True, source_blocks=True) == E(
        "resource", "blob", "native", "PDF sent as a base64 document block", doc
    )
    assert one(pdf(), "responses", native_pdf=True) == E(
        "resource",
        "blob",
        "native",
        "PDF sent as input_file",
        {
            "type": "input_file",
            "filename": "r.pdf",
            "file_data": "data:application/pdf;base64,JVBERg==",
        },
    )
    assert one(pdf(), "gemini", native_pdf=True) == E(
        "resource",
        "blob",
        "native",
        "PDF sent in parts[].inlineData",
        {"inlineData": {"mimeType": "application/pdf", "data": PDF}},
    )


# -- passthrough -----------------------------------------------------------------------------


@pytest.mark.parametrize("block", [NATIVE_IMAGE, NATIVE_DOC, NATIVE_PDF_DOC, NATIVE_SR])
def test_anthropic_native_blocks_pass_through(block):
    kind = block["type"]
    assert one(block, "anthropic") == E(
        kind, "native", "passthrough", f"Anthropic-native {kind} passed through", block
    )


def test_native_image_passes_through_with_source_blocks_off():
    assert one(NATIVE_IMAGE, "anthropic", source_blocks=False) == E(
        "image", "native", "passthrough", "Anthropic-native image passed through", NATIVE_IMAGE
    )


def test_native_documents_as_text_with_source_blocks_off():
    assert one(NATIVE_DOC, "anthropic", source_blocks=False) == E(
        "document",
        "native",
        "text",
        "source_blocks off: native document sent as text",
        tx("doc text"),
    )
    assert one(NATIVE_SR, "anthropic", source_blocks=False) == E(
        "search_result",
        "native",
        "text",
        "source_blocks off: native search_result sent as text",
        tx(SR_TEXT),
    )
    assert one(NATIVE_PDF_DOC, "anthropic", source_blocks=False) == E(
        "document",
        "native",
        "placeholder",
        "source_blocks off: native document sent as text",
        tx("[document] application/pdf"),
    )


def test_passthrough_part_is_a_copy():
    r = R(NATIVE_DOC)
    e = r.explain("anthropic")[0]
    e.part["source"]["data"] = "changed"
    assert r.to("anthropic")["content"] == [NATIVE_DOC]


# -- degraded ----------------------------------------------------------------------------


@pytest.mark.parametrize("entry", [42, "text", None, ["a"], 1.5, True])
def test_non_object_entry(entry):
    for wire in WIRES:
        e = one(entry, wire, image_input=True, native_pdf=True)
        assert e == E(
            "(not an object)",
            "note",
            "degraded",
            "content entry is not a JSON object",
            part_on(wire, "[unsupported]"),
        )


def test_unknown_type():
    block = {"type": "video", "mimeType": "video/mp4", "data": "AAAA"}
    for wire in WIRES:
        e = one(block, wire, image_input=True)
        text = "[video] video/mp4 (3 bytes)"
        assert e == E(
            "video",
            "blob",
            "degraded",
            "unknown block type 'video'",
            part_on(wire, text),
        )


def test_non_string_type_is_labelled_by_its_json():
    e = one({"type": 5, "data": "AAAA"}, "openai")
    assert e == E("5", "blob", "degraded", "unknown block type '5'", "[5] (3 bytes)")


@pytest.mark.parametrize(
    "block", [{"data": "AAAA"}, {"type": None, "data": "AAAA"}, {"type": "", "data": "AAAA"}]
)
def test_untyped_block(block):
    assert one(block, "openai") == E(
        "(no type)", "blob", "degraded", "block has no type", "[unsupported] (3 bytes)"
    )
    assert one(block, "anthropic").part == tx("[unsupported] (3 bytes)")


@pytest.mark.parametrize("data", ["QUJ=", "QUJ", "QU=D", "QUJD=", "QUJD====", "Q!JD", "", "  "])
def test_non_canonical_base64_is_degraded_where_it_would_go_native(data):
    for wire in ("anthropic", "responses", "gemini"):
        e = one(img(data=data), wire, image_input=True)
        assert (e.outcome, e.reason) == (
            "degraded",
            "data is not canonical base64: sent as placeholder",
        )
        assert e.item_kind == "blob"
    e = one(pdf(blob=data), "responses", native_pdf=True)
    assert (e.outcome, e.reason) == (
        "degraded",
        "data is not canonical base64: sent as placeholder",
    )


def test_non_canonical_base64_exact_part():
    assert one(img(data="QUJ="), "anthropic", image_input=True).part == tx(
        "[image] image/png (2 bytes)"
    )
    # where the wire would not send it natively anyway, it is a plain placeholder
    assert one(img(data="QUJ="), "anthropic").outcome == "placeholder"
    assert one(img(data="QUJ="), "openai", image_input=True).reason == (
        "openai has no native image form in a tool message"
        " (tool_turn's hoist_images sends images in a user message after it)"
    )


# -- omitted -----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", " ", "\n\t ", None])
def test_blank_text_is_omitted_on_anthropic(text):
    r = R(T("a"), {"type": "text", "text": text}, T("b"))
    e = r.explain("anthropic")[1]
    assert e == E("text", "text", "omitted", f"{BLANK} (blank text block)", None, index=1)
    assert r.to("anthropic")["content"] == [tx("a"), tx("b")]
    # the string wires keep it (an empty item still counts)
    assert r.explain("openai")[1].outcome == "text"


def test_blank_documents_are_omitted_on_anthropic():
    blank_res = res(mimeType="text/plain", text="  ")
    blank_blob = res(mimeType="text/plain", blob="")
    assert one(blank_res, "anthropic") == E(
        "resource", "document", "omitted", f"{BLANK} (blank text resource)", None
    )
    assert one(blank_blob, "anthropic") == E(
        "resource", "document", "omitted", f"{BLANK} (blank text/* blob)", None
    )
    assert one(blank_res, "anthropic", source_blocks=False) == E(
        "resource",
        "document",
        "omitted",
        f"{BLANK} (source_blocks off: text resource sent as text)",
        None,
    )
    blank_native = {"type": "document", "source": {"type": "text", "data": " "}}
    assert one(blank_native, "anthropic", source_blocks=False) == E(
        "document",
        "native",
        "omitted",
        f"{BLANK} (source_blocks off: native document sent as text)",
        None,
    )


def test_all_blank_on_anthropic_falls_back_to_empty_content_rule():
    assert R(T(" ")).to("anthropic")["content"] == ""
    assert R(T(" "), structured_content={"b": 1, "a": "ü"}).to("anthropic")["content"] == (
        '{"a":"ü","b":1}'
    )


def test_gemini_text_beside_structured_object_is_omitted():
    r = R(T("hi"), img(), pdf(), 7, structured_content={"temp": 22})
    explained = r.explain("gemini", image_input=True)
    prefix = "gemini sends structured_content as the response, so this is not sent (as text: "
    assert explained == [
        E("text", "text", "omitted", prefix + "text block sent as text)", None, 0),
        E(
            "image",
            "blob",
            "native",
            "image sent in parts[].inlineData",
            {"inlineData": {"mimeType": "image/png", "data": PNG}},
            1,
        ),
        E("resource", "blob", "omitted", prefix + "native_pdf not set)", None, 2),
        E(
            "(not an object)",
            "note",
            "omitted",
            prefix + "content entry is not a JSON object)",
            None,
            3,
        ),
    ]
    assert r.to("gemini", image_input=True)["functionResponse"] == {
        "name": "t",
        "id": "i",
        "response": {"temp": 22},
        "parts": [{"inlineData": {"mimeType": "image/png", "data": PNG}}],
    }


def test_gemini_text_beside_structured_list_is_sent():
    r = R(T("hi"), structured_content=[1, 2])
    assert r.explain("gemini") == [E("text", "text", "text", "text block sent as text", "hi")]
    assert r.to("gemini")["functionResponse"]["response"] == {"result": "hi"}


# -- block types and item kinds ----------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "block_type", "item_kind"),
    [
        (42, "(not an object)", "note"),
        ("x", "(not an object)", "note"),
        (T("hi"), "text", "text"),
        ({"type": "text"}, "text", "text"),
        (NATIVE_IMAGE, "image", "native"),
        ({"type": "image", "source": {}}, "image", "native"),
        ({"type": "image", "source": "https://x"}, "image", "blob"),
        (NATIVE_DOC, "document", "native"),
        ({"type": "document"}, "document", "blob"),
        (NATIVE_SR, "search_result", "native"),
        ({"type": "search_result"}, "search_result", "native"),
        (res(text="t"), "resource", "document"),
        (res(mimeType="image/png", text="t"), "resource", "document"),
        (res(mimeType="text/plain", blob="QUJD"), "resource", "document"),
        (res(mimeType="Text/plain", blob="QUJD"), "resource", "blob"),
        (res(mimeType="application/pdf", blob=PDF), "resource", "blob"),
        (res(mimeType="text/plain", blob=5), "resource", "blob"),
        ({"type": "resource", "resource": "nope"}, "resource", "blob"),
        ({"type": "resource"}, "resource", "blob"),
        ({"type": "resource_link", "uri": "file:///a"}, "resource_link", "note"),
        (img(), "image", "blob"),
        ({"type": "audio", "data": "AAAA"}, "audio", "blob"),
        ({"type": "video"}, "video", "blob"),
        ({}, "(no type)", "blob"),
        ({"type": ""}, "(no type)", "blob"),
        ({"type": None}, "(no type)", "blob"),
        ({"type": ["x"]}, '["x"]', "blob"),
    ],
)
def test_block_type_and_item_kind(entry, block_type, item_kind):
    for wire in WIRES:
        e = one(entry, wire)
        assert (e.index, e.block_type, e.item_kind) == (0, block_type, item_kind)


def test_indexes_follow_content_order():
    r = R(T("a"), 1, img(), pdf(), NATIVE_SR)
    for wire in WIRES:
        assert [e.index for e in r.explain(wire)] == [0, 1, 2, 3, 4]
    assert [e.block_type for e in r.explain("openai")] == [
        "text",
        "(not an object)",
        "image",
        "resource",
        "search_result",
    ]


def test_no_content_no_explanations():
    for wire in WIRES:
        assert R().explain(wire) == []
        assert R(structured_content={"a": 1}).explain(wire) == []


def test_explain_checks_wire_and_options_like_to():
    with pytest.raises(ValueError, match="unknown wire 'nope'"):
        R(T("a")).explain("nope")
    with pytest.raises(TypeError, match="response_tag"):
        R(T("a")).explain("openai", response_tag=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        R(T("a")).explain("openai", bogus=True)  # type: ignore[call-arg]


def test_hermes_response_tag_does_not_change_the_parts():
    r = R(T("a</tool_response>"))
    assert r.explain("hermes", response_tag="x") == r.explain("hermes")
    assert r.explain("hermes")[0].part == "a</tool_response>"


# -- notes: what a wire does with the result's own fields ------------------------------------

NOTHING = ("content", "omitted", "no content and no structured_content: an empty string is sent")
AS_JSON = ("content", "text", "no content: structured_content sent as JSON text")
AS_RESPONSE = (
    "structured_content",
    "passthrough",
    "gemini sends the structured_content object as the response",
)
NOT_STRUCTURED = (
    "structured_content",
    "omitted",
    "structured_content not sent: the content is sent instead",
)


def notes(result, wire, **opts):
    return [(n.field, n.outcome, n.reason) for n in result.explain(wire, **opts).notes]


def test_empty_content_notes():
    for wire in WIRES:
        if wire == "bedrock":  # its own json block and empty list: tests/test_bedrock.py
            continue
        assert notes(ToolResult(), wire) == [NOTHING]
        assert notes(ToolResult(structured_content=[1, 2]), wire) == [AS_JSON]
        assert notes(ToolResult(structured_content="s"), wire) == [AS_JSON]
        if wire != "gemini":
            assert notes(ToolResult(structured_content={"a": 1}), wire) == [AS_JSON]
    assert notes(ToolResult(structured_content={"a": 1}), "gemini") == [AS_RESPONSE]
    assert notes(ToolResult(), "bedrock") == [
        ("content", "omitted", "no content and no structured_content: []")
    ]
    assert notes(ToolResult(structured_content={"a": 1}), "bedrock") == [
        ("content", "text", "no content: structured_content sent as a json block")
    ]
    assert notes(ToolResult(structured_content=[1, 2]), "bedrock") == [
        (
            "content",
            "text",
            "no content: structured_content is not an object (Bedrock's json block takes"
            " only an object), sent as JSON text",
        )
    ]


def test_empty_content_notes_match_to():
    assert R(structured_content={"a": 1}).to("gemini")["functionResponse"]["response"] == {"a": 1}
    assert R(structured_content=[1, 2]).to("gemini")["functionResponse"]["response"] == {
        "result": "[1,2]"
    }
    assert R(structured_content={"a": 1}).to("openai")["content"] == '{"a":1}'
    assert R().to("anthropic")["content"] == ""


def test_anthropic_with_only_blank_entries_follows_the_empty_content_rule():
    r = ToolResult(content=[T(" "), res(text="")], structured_content={"k": 1})
    assert r.to("anthropic")["content"] == '{"k":1}'
    assert notes(r, "anthropic") == [AS_JSON]


def test_structured_content_beside_content_is_not_sent():
    r = ToolResult(content=[T("a")], structured_content={"k": 1})
    for wire in ("openai", "anthropic", "ollama", "responses", "hermes", "bedrock"):
        assert notes(r, wire) == [NOT_STRUCTURED], wire
    assert notes(r, "gemini") == [AS_RESPONSE]
    assert notes(ToolResult(content=[T("a")], structured_content=[1]), "gemini") == [NOT_STRUCTURED]


def test_gemini_with_every_entry_in_parts_loses_nothing():
    r = ToolResult(name="n", content=[img()], structured_content=[1])
    assert r.to("gemini", image_input=True)["functionResponse"]["response"] == {"result": "[1]"}
    assert notes(r, "gemini", image_input=True) == []


def test_error_flag_name_and_id_where_a_wire_has_no_field():
    r = ToolResult(name="get_weather", id="call_1", content=[T("boom")], is_error=True)
    no_error = {w: ("is_error", "omitted", f"{w} has no error field") for w in WIRES}
    no_name = {w: ("name", "omitted", f"{w} has no field for the tool name") for w in WIRES}
    assert notes(r, "anthropic") == [no_name["anthropic"]]
    assert notes(r, "openai") == [no_error["openai"], no_name["openai"]]
    assert notes(r, "responses") == [no_error["responses"], no_name["responses"]]
    assert notes(r, "gemini") == [no_error["gemini"]]
    assert notes(r, "ollama") == [no_error["ollama"]]
    assert notes(r, "hermes") == [
        no_error["hermes"],
        ("id", "omitted", "hermes has no field for the call id"),
    ]
    assert notes(r, "bedrock") == [no_name["bedrock"]]
    # nothing to lose, nothing said
    plain = ToolResult(content=[T("ok")])
    for wire in WIRES:
        assert notes(plain, wire) == []


def test_explanations_carry_the_block_of_the_same_call():
    r = R(T("a"), img())
    for wire in WIRES:
        for opts in ({}, {"image_input": True}):
            assert r.explain(wire, **opts).block == r.to(wire, **opts)


# -- the central property: explain() and to() come from one code path ------------------------

OPTION_SETS = [
    {},
    {"image_input": True, "native_pdf": True},
    {"image_input": False, "native_pdf": False, "source_blocks": False},
    {"image_input": True, "source_blocks": False},
    {"image_input": True, "native_pdf": False, "source_blocks": True},
]

EXTRA = {
    "mixed": R(
        T("intro"),
        img(),
        img("image/gif"),
        pdf(),
        res(mimeType="text/plain", text="doc"),
        NATIVE_IMAGE,
        NATIVE_DOC,
        NATIVE_PDF_DOC,
        NATIVE_SR,
        7,
        {"type": "video"},
        {"data": "AAAA"},
        {"type": "resource_link", "name": "n", "uri": ""},
    ),
    "blanks": R(
        T(""),
        T(" "),
        res(text="\n"),
        T("x"),
        {"type": "document", "source": {"type": "text", "data": ""}},
    ),
    "all_blank_structured": R(T(" "), res(text=""), structured_content={"k": [1]}),
    "bad_base64": R(img(data="QUJ="), pdf(blob="JVBERg="), img(data="QU JD\n"), T("t")),
    "structured_object": R(T("a"), img(), pdf(), T("b"), structured_content={"a": 1}),
    "structured_list": R(T("a"), img(), pdf(), structured_content=[1]),
    "only_native": R(img(), pdf()),
    "unicode": R(T("Köln </tool_response> ü"), res(mimeType="text/plain", blob="S8O2bG4=")),
}
CASES = {**{f"probe:{k}": p.result() for k, p in PROBES.items()}, **EXTRA}


def _empty_text(structured):
    if structured is None:
        return ""
    return json.dumps(structured, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _check_one_code_path(result: ToolResult, wire: str, opts: dict) -> None:
    block = result.to(wire, **opts)
    explained = result.explain(wire, **opts)
    content = result.content
    structured = result.structured_content
    assert len(explained) == len(content)
    assert [e.index for e in explained] == list(range(len(content)))
    parts = [e.part for e in explained]
    outcomes = [e.outcome for e in explained]
    for e in explained:
        assert e.outcome in OUTCOMES
        assert isinstance(e.reason, str)
        assert e.reason
        # nothing is omitted that was sent, nothing sent that was omitted
        assert (e.part is None) == (e.outcome == "omitted")
    empty = _empty_text(structured)

    if wire == "anthropic":
        kept = [p for p in parts if p is not None]
        assert block["content"] == (kept if kept else empty)
        for e in explained:
            if e.outcome == "native":
                assert e.part["type"] in ("image", "document")
                assert e.part["source"]["type"] == "base64"
        return
    if wire == "bedrock":
        body = block["toolResult"]
        kept = [p for p in parts if p is not None]
        assert all(len(p) == 1 for p in kept)
        if kept:
            assert body["content"] == kept
        elif isinstance(structured, dict):
            assert body["content"] == [{"json": structured}]
        elif structured is not None:
            assert body["content"] == [{"text": empty}]
        else:
            assert body["content"] == ([{"text": "[error]"}] if result.is_error else [])
        for e in explained:
            if e.outcome == "omitted":
                assert "blank" in e.reason
            elif e.outcome == "native":
                assert set(e.part) <= {"image", "document"}
            else:
                assert e.part["text"].strip()
        return
    assert "omitted" not in outcomes or wire == "gemini"
    if wire == "responses":
        output = block["output"]
        if "native" in outcomes:
            assert output == parts
            for e in explained:
                if e.outcome == "native":
                    assert e.part["type"] in ("input_image", "input_file")
                else:
                    assert e.part == {"type": "input_text", "text": e.part["text"]}
                    assert isinstance(e.part["text"], str)
        else:
            assert all(isinstance(p, str) for p in parts)
            assert output == ("\n".join(parts) if parts else empty)
        return
    if wire == "gemini":
        body = block["functionResponse"]
        native = [e.part for e in explained if e.outcome == "native"]
        assert body.get("parts", []) == native
        assert all(set(p) == {"inlineData"} for p in native)
        if isinstance(structured, dict):
            assert body["response"] == structured
            assert all(e.outcome in ("native", "omitted") for e in explained)
        else:
            assert "omitted" not in outcomes
            texts = [e.part for e in explained if e.outcome != "native"]
            assert all(isinstance(t, str) for t in texts)
            assert body["response"] == {"result": "\n".join(texts) if texts else empty}
        return
    # the string wires: openai, ollama, hermes
    assert "native" not in outcomes
    assert "passthrough" not in outcomes
    assert all(isinstance(p, str) for p in parts)
    joined = "\n".join(parts) if parts else empty
    if wire == "hermes":
        tag = opts.get("response_tag", "tool_response")
        head, tail = f"<{tag}>\n", f"\n</{tag}>"
        assert block.startswith(head)
        assert block.endswith(tail)
        body = json.loads(block[len(head) : -len(tail)])
        assert body == {"content": joined, "name": result.name}
    else:
        assert block["content"] == joined


@pytest.mark.parametrize("wire", WIRES)
@pytest.mark.parametrize("case", list(CASES))
def test_explain_and_to_come_from_one_code_path(case, wire):
    result = CASES[case]
    for opts in OPTION_SETS:
        _check_one_code_path(result, wire, opts)


def test_hermes_with_a_custom_tag_has_the_same_parts():
    _check_one_code_path(EXTRA["unicode"], "hermes", {"response_tag": "fn_response"})


def test_the_property_sees_every_outcome():
    """The cases above exercise every outcome (so the property is not vacuous)."""
    seen = {
        e.outcome
        for result in CASES.values()
        for wire in WIRES
        for opts in OPTION_SETS
        for e in result.explain(wire, **opts)
    }
    # "truncated" is the outcome of a cut to a token budget only (tests/test_fitting.py)
    assert seen == set(OUTCOMES) - {"truncated"}
