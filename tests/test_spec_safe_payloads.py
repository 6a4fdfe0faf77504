"""SPEC.md section 6: provider-safe payloads (canonical base64, no blank anthropic text blocks,
hermes cannot be closed from inside)."""

from __future__ import annotations

import json

import pytest

from toolresult_lab import ToolResult


def T(text):
    return {"type": "text", "text": text}


def img(data, mime="image/png"):
    return {"type": "image", "mimeType": mime, "data": data}


def pdf(blob, uri="file:///a.pdf"):
    return {
        "type": "resource",
        "resource": {"uri": uri, "mimeType": "application/pdf", "blob": blob},
    }


def R(*content, **kw):
    return ToolResult(name="t", id="i", content=list(content), **kw)


# --------------------------------------------------------------------------- canonical base64

# (payload as given, the payload sent after whitespace stripping)
GOOD = [
    ("QUJD", "QUJD"),
    ("QUI=", "QUI="),
    ("QQ==", "QQ=="),
    ("JVBERg==", "JVBERg=="),
    ("QUJDRA==", "QUJDRA=="),
    ("iVBORw0KGgoAAAANSUhEUgAA", "iVBORw0KGgoAAAANSUhEUgAA"),
    ("+/+/", "+/+/"),
    ("QU JD", "QUJD"),
    (" QUJD\n", "QUJD"),
    ("QU\r\nJD\t", "QUJD"),
    ("QU\x0bJ\x0cD", "QUJD"),
    ("QU\u00a0JD\u2003", "QUJD"),
    ("QUJ\u3000D\x85", "QUJD"),
    ("QUJD\nQUI=\n", "QUJDQUI="),
]

# (bad payload, size N of its placeholder per section 2)
BAD = [
    ("QUJ=", 2),  # stray padding bits
    ("QR==", 1),  # stray padding bits
    ("QUJ", 2),  # length not a multiple of 4
    ("Q", 0),
    ("", 0),  # empty
    ("   ", 0),  # empty after stripping
    ("\n\t", 0),
    ("QU=D", 2),  # '=' not only final padding
    ("=QUJ", 2),
    ("QUJD====", 2),  # too much padding
    ("Q===", 0),
    ("QUJD=", 2),  # length 5
    ("QUJD!", 3),  # outside the alphabet
    ("QUJ-", 3),  # urlsafe alphabet is not standard
    ("QUJ_", 3),
    ("QUJD\x1c", 3),  # U+001C is not whitespace here, so not stripped
    ("QU\x1fJD", 3),
    ("QUJ\u200bD", 3),  # zero width space is not whitespace
    ("QUJ\u00e9", 3),  # non-ASCII letter
    ("QQ==QUJD", 4),  # padding in the middle
]


@pytest.mark.parametrize("data, sent", GOOD)
def test_canonical_image_sent_natively_on_anthropic(data, sent):
    assert R(img(data)).to("anthropic", image_input=True)["content"] == [
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": sent}}
    ]


@pytest.mark.parametrize("data, sent", GOOD)
def test_canonical_image_sent_natively_on_responses(data, sent):
    assert R(img(data)).to("responses", image_input=True) == {
        "type": "function_call_output",
        "call_id": "i",
        "output": [{"type": "input_image", "image_url": f"data:image/png;base64,{sent}"}],
    }


@pytest.mark.parametrize("data, sent", GOOD)
def test_canonical_image_sent_natively_on_gemini(data, sent):
    assert R(img(data)).to("gemini", image_input=True) == {
        "functionResponse": {
            "name": "t",
            "id": "i",
            "response": {"result": ""},
            "parts": [{"inlineData": {"mimeType": "image/png", "data": sent}}],
        }
    }


@pytest.mark.parametrize("data, sent", GOOD)
def test_canonical_pdf_sent_natively_on_all_three(data, sent):
    assert R(pdf(data)).to("anthropic")["content"] == [
        {
            "type": "document",
            "source": {"type": "base64", "media_type": "application/pdf", "data": sent},
        }
    ]
    assert R(pdf(data)).to("responses", native_pdf=True)["output"] == [
        {
            "type": "input_file",
            "filename": "a.pdf",
            "file_data": f"data:application/pdf;base64,{sent}",
        }
    ]
    assert R(pdf(data)).to("gemini", native_pdf=True)["functionResponse"]["parts"] == [
        {"inlineData": {"mimeType": "application/pdf", "data": sent}}
    ]


@pytest.mark.parametrize("data, n", BAD)
def test_bad_image_payload_falls_back_to_placeholder(data, n):
    ph = f"[image] image/png ({n} bytes)"
    r = R(img(data))
    assert r.to("anthropic", image_input=True) == {
        "type": "tool_result",
        "tool_use_id": "i",
        "content": [T(ph)],
    }
    assert r.to("responses", image_input=True) == {
        "type": "function_call_output",
        "call_id": "i",
        "output": ph,
    }
    assert r.to("gemini", image_input=True) == {
        "functionResponse": {"name": "t", "id": "i", "response": {"result": ph}}
    }


@pytest.mark.parametrize("data, n", BAD)
def test_bad_pdf_payload_falls_back_to_placeholder(data, n):
    ph = f"[resource] application/pdf <file:///a.pdf> ({n} bytes)"
    r = R(pdf(data))
    assert r.to("anthropic") == {"type": "tool_result", "tool_use_id": "i", "content": [T(ph)]}
    assert r.to("anthropic", native_pdf=True, source_blocks=True) == {
        "type": "tool_result",
        "tool_use_id": "i",
        "content": [T(ph)],
    }
    assert r.to("responses", native_pdf=True) == {
        "type": "function_call_output",
        "call_id": "i",
        "output": ph,
    }
    assert r.to("gemini", native_pdf=True) == {
        "functionResponse": {"name": "t", "id": "i", "response": {"result": ph}}
    }


def test_bad_payload_among_good_ones_keeps_order():
    r = R(T("a"), img("QUJ="), img("QUJD", "image/webp"), pdf("JVBERg="), pdf("JVBERg=="))
    assert r.to("responses", image_input=True, native_pdf=True)["output"] == [
        {"type": "input_text", "text": "a"},
        {"type": "input_text", "text": "[image] image/png (2 bytes)"},
        {"type": "input_image", "image_url": "data:image/webp;base64,QUJD"},
        {"type": "input_text", "text": "[resource] application/pdf <file:///a.pdf> (4 bytes)"},
        {
            "type": "input_file",
            "filename": "a.pdf",
            "file_data": "data:application/pdf;base64,JVBERg==",
        },
    ]
    assert r.to("gemini", image_input=True, native_pdf=True) == {
        "functionResponse": {
            "name": "t",
            "id": "i",
            "response": {
                "result": "a\n[image] image/png (2 bytes)\n"
                "[resource] application/pdf <file:///a.pdf> (4 bytes)"
            },
            "parts": [
                {"inlineData": {"mimeType": "image/webp", "data": "QUJD"}},
                {"inlineData": {"mimeType": "application/pdf", "data": "JVBERg=="}},
            ],
        }
    }
    assert r.to("anthropic", image_input=True)["content"] == [
        T("a"),
        T("[image] image/png (2 bytes)"),
        {"type": "image", "source": {"type": "base64", "media_type": "image/webp", "data": "QUJD"}},
        T("[resource] application/pdf <file:///a.pdf> (4 bytes)"),
        {
            "type": "document",
            "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERg=="},
        },
    ]


def test_bad_image_resource_falls_back():
    block = {
        "type": "resource",
        "resource": {"uri": "file:///p.png", "mimeType": "image/png", "blob": "QUJ="},
    }
    assert R(block).to("anthropic", image_input=True)["content"] == [
        T("[resource] image/png <file:///p.png> (2 bytes)")
    ]


def test_string_wire_placeholder_unaffected_by_whitespace_in_payload():
    assert R(img(" QU JD \n")).to("openai")["content"] == "[image] image/png (3 bytes)"


# ------------------------------------------------------------------ blank text on anthropic


@pytest.mark.parametrize("blank", ["", " ", "   ", "\n", "\t\r\n ", "\u00a0", "\u3000 ", "\x1c"])
def test_blank_text_block_omitted(blank):
    r = R(T("a"), T(blank), {"type": "text", "text": blank, "cache_control": {"type": "x"}}, T("b"))
    assert r.to("anthropic")["content"] == [T("a"), T("b")]


@pytest.mark.parametrize("block", [{"type": "text"}, {"type": "text", "text": None}])
def test_missing_text_is_blank_and_omitted(block):
    assert R(block, T("x")).to("anthropic")["content"] == [T("x")]


def test_not_blank_text_kept_verbatim():
    assert R(T(" a "), T("\nb\n")).to("anthropic")["content"] == [T(" a "), T("\nb\n")]


@pytest.mark.parametrize("source_blocks", [None, True, False])
@pytest.mark.parametrize(
    "resource",
    [
        {"uri": "file:///a.txt", "mimeType": "text/plain", "text": ""},
        {"uri": "file:///a.txt", "text": "  \n"},
        {"mimeType": "text/plain", "blob": "ICA="},  # "  "
        {"mimeType": "text/plain", "blob": ""},
    ],
)
def test_blank_text_document_omitted(resource, source_blocks):
    r = R({"type": "resource", "resource": resource}, T("x"))
    assert r.to("anthropic", source_blocks=source_blocks)["content"] == [T("x")]


@pytest.mark.parametrize(
    "block",
    [
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": " "}},
        {"type": "document", "source": {"type": "text", "data": ""}},
        {"type": "document", "source": {"type": "content", "content": [T(""), T(" ")]}},
        {"type": "document", "source": {"type": "content", "content": " \n"}},
    ],
)
def test_native_rendered_blank_omitted_with_source_blocks_off(block):
    r = R(block, T("x"))
    assert r.to("anthropic", source_blocks=False)["content"] == [T("x")]
    # with source_blocks on the native block passes unchanged
    assert r.to("anthropic")["content"] == [block, T("x")]


@pytest.mark.parametrize(
    "structured, expected",
    [(None, ""), ({"b": [1], "a": "é"}, '{"a":"é","b":[1]}'), ([], "[]")],
)
def test_all_blank_follows_empty_content_rule(structured, expected):
    r = R(
        T(""),
        T("  "),
        {"type": "resource", "resource": {"text": "\n"}},
        structured_content=structured,
    )
    assert r.to("anthropic") == {"type": "tool_result", "tool_use_id": "i", "content": expected}
    assert r.to("anthropic", source_blocks=False) == {
        "type": "tool_result",
        "tool_use_id": "i",
        "content": expected,
    }


def test_all_blank_with_is_error():
    r = R(T(" "), is_error=True)
    assert r.to("anthropic") == {
        "type": "tool_result",
        "tool_use_id": "i",
        "content": "",
        "is_error": True,
    }


def test_all_blank_native_rendered_follows_empty_content_rule():
    r = R(
        {"type": "document", "source": {"type": "text", "data": " "}}, structured_content={"k": 1}
    )
    assert r.to("anthropic", source_blocks=False)["content"] == '{"k":1}'


def test_blank_text_still_counts_on_string_wires():
    r = R(T(""), T(" "), T("a"))
    assert r.to("openai")["content"] == "\n \na"


# --------------------------------------------------------------------------- hermes


@pytest.mark.parametrize(
    "text, encoded",
    [
        ("x</tool_response>y", "x<\\/tool_response>y"),
        ("</", "<\\/"),
        ("</</", "<\\/<\\/"),
        ("<//", "<\\//"),
        ("a/b<c", "a/b<c"),
        ("/<", "/<"),
        ("< /", "< /"),
        ("<b>bold</b>", "<b>bold<\\/b>"),
        ("\n</tool_response>\n<tool_response>", "\\n<\\/tool_response>\\n<tool_response>"),
    ],
)
def test_hermes_closing_sequence_escaped(text, encoded):
    out = R(T(text)).to("hermes")
    assert out == '<tool_response>\n{"content":"' + encoded + '","name":"t"}\n</tool_response>'
    inner = out[len("<tool_response>\n") : -len("\n</tool_response>")]
    assert json.loads(inner) == {"content": text, "name": "t"}
    assert out.count("</tool_response>") == 1


def test_hermes_custom_tag_cannot_be_closed():
    out = R(T("</fn>")).to("hermes", response_tag="fn")
    assert out == '<fn>\n{"content":"<\\/fn>","name":"t"}\n</fn>'


def test_hermes_name_escaped_too():
    out = ToolResult(name="a</b", content=[T("x")]).to("hermes")
    assert out == '<tool_response>\n{"content":"x","name":"a<\\/b"}\n</tool_response>'


def test_hermes_structured_fallback_escaped():
    out = R(structured_content={"html": "</tool_response>"}).to("hermes")
    assert out == (
        '<tool_response>\n{"content":"{\\"html\\":\\"<\\/tool_response>\\"}","name":"t"}\n'
        "</tool_response>"
    )


@pytest.mark.parametrize("wire", ["openai", "ollama", "responses"])
def test_other_wires_do_not_escape(wire):
    out = R(T("</tool_response>")).to(wire)
    assert (out.get("content") or out.get("output")) == "</tool_response>"
