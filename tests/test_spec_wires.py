"""SPEC.md section 4: the six wires, their options, the responses filename rules, gemini parts and
R, anthropic block mapping."""

from __future__ import annotations

import pytest

from toolresult_lab import ToolResult

PNG = "QUJD"  # canonical, 3 bytes
PDF = "JVBERg=="  # canonical, 4 bytes


def T(text):
    return {"type": "text", "text": text}


def img(mime="image/png", data=PNG, **kw):
    return {"type": "image", "mimeType": mime, "data": data, **kw}


def res(**resource):
    return {"type": "resource", "resource": resource}


def pdf(uri="file:///d/r.pdf", blob=PDF):
    return res(uri=uri, mimeType="application/pdf", blob=blob)


def R(*content, name="t", id="i", **kw):
    return ToolResult(name=name, id=id, content=list(content), **kw)


NATIVE_IMAGE = {
    "type": "image",
    "source": {"type": "base64", "media_type": "image/png", "data": PNG},
}
NATIVE_DOC = {
    "type": "document",
    "title": "kept",
    "context": "also kept",
    "source": {"type": "text", "media_type": "text/plain", "data": "doc text"},
}
NATIVE_SR = {
    "type": "search_result",
    "source": "https://e.com/q",
    "title": "Quelltown",
    "content": [T("Population 12")],
    "citations": {"enabled": True},
}
PDF_PH = "[resource] application/pdf <file:///d/r.pdf> (4 bytes)"
DOC_TEXT = res(uri="file:///a.txt", mimeType="text/plain", text="doc")


# =========================================================================== openai


@pytest.mark.parametrize(
    "r, expected",
    [
        (
            R(T("Sunny"), name="get_weather", id="call_abc"),
            {"role": "tool", "tool_call_id": "call_abc", "content": "Sunny"},
        ),
        (R(T("x"), id=""), {"role": "tool", "tool_call_id": "", "content": "x"}),
        (R(), {"role": "tool", "tool_call_id": "i", "content": ""}),
        (R(is_error=True), {"role": "tool", "tool_call_id": "i", "content": ""}),
        (
            R(structured_content={"a": 1}),
            {"role": "tool", "tool_call_id": "i", "content": '{"a":1}'},
        ),
    ],
)
def test_openai_shape(r, expected):
    assert r.to("openai") == expected


@pytest.mark.parametrize("wire", ["openai", "ollama", "hermes"])
def test_no_native_form_on_openai_ollama_hermes(wire):
    r = R(img(), pdf(), NATIVE_IMAGE, name="t", id="i")
    expected = "[image] image/png (3 bytes)\n" + PDF_PH + "\n[image] image/png"
    out = r.to(wire, image_input=True, native_pdf=True, source_blocks=True)
    if wire == "openai":
        assert out == {"role": "tool", "tool_call_id": "i", "content": expected}
    elif wire == "ollama":
        assert out == {"role": "tool", "tool_name": "t", "tool_call_id": "i", "content": expected}
    else:
        assert out == (
            '<tool_response>\n{"content":"[image] image/png (3 bytes)\\n'
            '[resource] application/pdf <file:///d/r.pdf> (4 bytes)\\n[image] image/png",'
            '"name":"t"}\n</tool_response>'
        )


# =========================================================================== ollama


@pytest.mark.parametrize(
    "r, expected",
    [
        (
            R(T("x"), name="get_weather", id="call_1"),
            {"role": "tool", "tool_name": "get_weather", "tool_call_id": "call_1", "content": "x"},
        ),
        (
            R(T("x"), name="get_weather", id=""),
            {"role": "tool", "tool_name": "get_weather", "content": "x"},
        ),
        (R(T("x"), name="", id=""), {"role": "tool", "tool_name": "", "content": "x"}),
        (
            R(name="n", id="", structured_content=[1]),
            {"role": "tool", "tool_name": "n", "content": "[1]"},
        ),
    ],
)
def test_ollama_shape(r, expected):
    assert r.to("ollama") == expected


# =========================================================================== hermes


@pytest.mark.parametrize(
    "r, opts, expected",
    [
        (
            R(T("Sunny, 22C"), name="get_weather"),
            {},
            '<tool_response>\n{"content":"Sunny, 22C","name":"get_weather"}\n</tool_response>',
        ),
        (
            R(T("Sunny"), name="get_weather"),
            {"response_tag": "fn_response"},
            '<fn_response>\n{"content":"Sunny","name":"get_weather"}\n</fn_response>',
        ),
        (
            R(T("x"), name="t"),
            {"response_tag": None},
            '<tool_response>\n{"content":"x","name":"t"}\n</tool_response>',
        ),
        (
            R(T("x"), name="t"),
            {"response_tag": "a.b-c"},
            '<a.b-c>\n{"content":"x","name":"t"}\n</a.b-c>',
        ),
        (R(name=""), {}, '<tool_response>\n{"content":"","name":""}\n</tool_response>'),
        (
            R(T("Köln 日本 😀 a/b"), name="wé"),
            {},
            '<tool_response>\n{"content":"Köln 日本 😀 a/b","name":"wé"}\n</tool_response>',
        ),
        (
            R(T('q"\\\n\t'), name="t"),
            {},
            '<tool_response>\n{"content":"q\\"\\\\\\n\\t","name":"t"}\n</tool_response>',
        ),
        (
            R(T("a"), T("b"), name="t", id="ignored", is_error=True),
            {},
            '<tool_response>\n{"content":"a\\nb","name":"t"}\n</tool_response>',
        ),
    ],
)
def test_hermes_shape(r, opts, expected):
    out = r.to("hermes", **opts)
    assert isinstance(out, str)
    assert out == expected


# =========================================================================== responses


def test_responses_string_output_without_options():
    r = R(T("a"), img(), pdf(), name="t", id="call_9")
    assert r.to("responses") == {
        "type": "function_call_output",
        "call_id": "call_9",
        "output": "a\n[image] image/png (3 bytes)\n" + PDF_PH,
    }


def test_responses_empty_id_still_present():
    assert R(T("x"), id="").to("responses") == {
        "type": "function_call_output",
        "call_id": "",
        "output": "x",
    }


def test_responses_no_role_key_and_no_error_flag():
    out = R(T("x"), is_error=True).to("responses", image_input=True)
    assert out == {"type": "function_call_output", "call_id": "i", "output": "x"}


@pytest.mark.parametrize("mime", ["image/jpeg", "image/png", "image/gif", "image/webp"])
@pytest.mark.parametrize("kind", ["image", "resource"])
def test_responses_image_input_carries_images(mime, kind):
    block = img(mime) if kind == "image" else res(uri="file:///p", mimeType=mime, blob=PNG)
    out = R(T("see"), block).to("responses", image_input=True)
    assert out == {
        "type": "function_call_output",
        "call_id": "i",
        "output": [
            {"type": "input_text", "text": "see"},
            {"type": "input_image", "image_url": f"data:{mime};base64,QUJD"},
        ],
    }


@pytest.mark.parametrize(
    "block, placeholder",
    [
        (img("image/bmp"), "[image] image/bmp (3 bytes)"),
        (img("image/svg+xml"), "[image] image/svg+xml (3 bytes)"),
        (img("image/jpg"), "[image] image/jpg (3 bytes)"),
        (img("application/pdf"), "[image] application/pdf (3 bytes)"),
        (img(data=None), "[image] image/png"),
        (img(data=123), "[image] image/png"),
        ({"type": "audio", "mimeType": "image/png", "data": PNG}, "[audio] image/png (3 bytes)"),
        (
            {"type": "document", "mimeType": "image/png", "data": PNG},
            "[document] image/png (3 bytes)",
        ),
        (NATIVE_IMAGE, "[image] image/png"),
        (res(uri="u", mimeType="image/png", blob=12), "[resource] image/png <u>"),
    ],
)
def test_responses_image_input_not_carried(block, placeholder):
    out = R(block).to("responses", image_input=True)
    assert out == {"type": "function_call_output", "call_id": "i", "output": placeholder}


def test_responses_image_data_whitespace_stripped():
    out = R(img(data=" QU\nJD\t")).to("responses", image_input=True)
    assert out["output"] == [{"type": "input_image", "image_url": "data:image/png;base64,QUJD"}]


def test_responses_pdf_native():
    out = R(T("here"), pdf("file:///docs/my%20report.pdf")).to("responses", native_pdf=True)
    assert out == {
        "type": "function_call_output",
        "call_id": "i",
        "output": [
            {"type": "input_text", "text": "here"},
            {
                "type": "input_file",
                "filename": "my report.pdf",
                "file_data": "data:application/pdf;base64,JVBERg==",
            },
        ],
    }


def test_responses_pdf_data_whitespace_stripped():
    out = R(pdf(blob="JVBE\r\nRg==\n")).to("responses", native_pdf=True)
    assert out["output"] == [
        {
            "type": "input_file",
            "filename": "r.pdf",
            "file_data": "data:application/pdf;base64,JVBERg==",
        }
    ]


@pytest.mark.parametrize(
    "block, placeholder",
    [
        (img("application/pdf", PDF), "[image] application/pdf (4 bytes)"),
        (
            {"type": "document", "mimeType": "application/pdf", "data": PDF},
            "[document] application/pdf (4 bytes)",
        ),
        (res(uri="u", mimeType="application/pdf", blob=5), "[resource] application/pdf <u>"),
        (
            res(uri="u", mimeType="application/PDF", blob=PDF),
            "[resource] application/PDF <u> (4 bytes)",
        ),
        (
            res(uri="u", mimeType="application/x-pdf", blob=PDF),
            "[resource] application/x-pdf <u> (4 bytes)",
        ),
        (res(uri="u", mimeType="application/pdf", text="pdf as text"), "pdf as text"),
        (
            {
                "type": "document",
                "source": {"type": "base64", "media_type": "application/pdf", "data": PDF},
            },
            "[document] application/pdf",
        ),
    ],
)
def test_responses_native_pdf_not_carried(block, placeholder):
    out = R(block).to("responses", native_pdf=True)
    assert out == {"type": "function_call_output", "call_id": "i", "output": placeholder}


def test_responses_each_option_carries_only_its_own_kind():
    r = R(img(), pdf())
    assert r.to("responses", native_pdf=True)["output"] == [
        {"type": "input_text", "text": "[image] image/png (3 bytes)"},
        {
            "type": "input_file",
            "filename": "r.pdf",
            "file_data": "data:application/pdf;base64,JVBERg==",
        },
    ]
    assert r.to("responses", image_input=True)["output"] == [
        {"type": "input_image", "image_url": "data:image/png;base64,QUJD"},
        {"type": "input_text", "text": PDF_PH},
    ]
    assert r.to("responses")["output"] == "[image] image/png (3 bytes)\n" + PDF_PH
    # PDF only, image_input only -> exactly the string form
    assert R(pdf()).to("responses", image_input=True)["output"] == PDF_PH
    assert R(img()).to("responses", native_pdf=True)["output"] == "[image] image/png (3 bytes)"


def test_responses_list_in_content_order_with_every_item_kind():
    content = [
        T("first"),
        pdf(),
        NATIVE_IMAGE,
        T(""),
        img("image/webp"),
        DOC_TEXT,
        NATIVE_SR,
        {"type": "resource_link", "name": "l", "uri": "u"},
        {"type": "audio", "mimeType": "audio/wav", "data": "QUJDRA=="},
        9,
        NATIVE_DOC,
    ]
    out = R(*content).to("responses", image_input=True, native_pdf=True)
    assert out == {
        "type": "function_call_output",
        "call_id": "i",
        "output": [
            {"type": "input_text", "text": "first"},
            {
                "type": "input_file",
                "filename": "r.pdf",
                "file_data": "data:application/pdf;base64,JVBERg==",
            },
            {"type": "input_text", "text": "[image] image/png"},
            {"type": "input_text", "text": ""},
            {"type": "input_image", "image_url": "data:image/webp;base64,QUJD"},
            {"type": "input_text", "text": "doc"},
            {
                "type": "input_text",
                "text": "[search_result] Quelltown <https://e.com/q>\nPopulation 12",
            },
            {"type": "input_text", "text": "[resource_link] l <u>"},
            {"type": "input_text", "text": "[audio] audio/wav (4 bytes)"},
            {"type": "input_text", "text": "[unsupported]"},
            {"type": "input_text", "text": "doc text"},
        ],
    }


def test_responses_only_anthropic_native_blocks_stay_string():
    r = R(NATIVE_IMAGE, NATIVE_SR)
    assert r.to("responses", image_input=True, native_pdf=True)["output"] == (
        "[image] image/png\n[search_result] Quelltown <https://e.com/q>\nPopulation 12"
    )


def test_responses_options_without_media_stay_string():
    assert R(T("a"), T("b")).to("responses", image_input=True, native_pdf=True) == {
        "type": "function_call_output",
        "call_id": "i",
        "output": "a\nb",
    }
    assert R(structured_content={"a": 1}).to("responses", image_input=True) == {
        "type": "function_call_output",
        "call_id": "i",
        "output": '{"a":1}',
    }


# --------------------------------------------------------------------------- filename rules


@pytest.mark.parametrize(
    "uri, filename",
    [
        # spec examples
        ("file:///docs/my%20report.pdf", "my report.pdf"),
        ("file:///docs/K%C3%B6ln", "Köln.pdf"),
        ("https://x.test/api/doc/42?v=1#p2", "42.pdf"),
        ("https://x.test", "document.pdf"),
        ("https://x.test/", "document.pdf"),
        ("report", "report.pdf"),
        ("file:///A/SCAN.PDF", "SCAN.PDF"),
        (42, "42.pdf"),
        ("urn:uuid:123e4567-e89b-12d3-a456-426614174000", "document.pdf"),
        ("data:application/pdf;base64,JVBERg==", "document.pdf"),
        ("foo:bar/baz.pdf", "document.pdf"),
        # missing / empty
        (None, "document.pdf"),
        ("", "document.pdf"),
        # never hierarchical schemes even with a / path
        ("urn:/a/b.pdf", "document.pdf"),
        ("data:/a/b.pdf", "document.pdf"),
        ("mailto:/a/b.pdf", "document.pdf"),
        ("mailto:someone@x.test", "document.pdf"),
        ("URN:/a/b.pdf", "document.pdf"),  # urlsplit lower-cases the scheme
        # hierarchical
        ("foo:/a/b.pdf", "b.pdf"),
        ("s3://bucket/key/r.pdf", "r.pdf"),
        ("//host/dir/x", "x.pdf"),
        ("/abs/path/y.pdf", "y.pdf"),
        ("dir/sub/x", "x.pdf"),
        ("C:/docs/a.pdf", "a.pdf"),
        ("https://x.test/a/b.pdf?download=1", "b.pdf"),
        ("https://x.test/a/b#frag", "b.pdf"),
        ("https://user:pw@x.test:8080/p/q", "q.pdf"),
        # opaque (scheme, path not starting with /)
        ("file:x.pdf", "document.pdf"),
        ("news:comp.lang", "document.pdf"),
        # empty last segment
        ("file:///docs/", "document.pdf"),
        ("a/b/", "document.pdf"),
        ("?q=1", "document.pdf"),
        ("#frag", "document.pdf"),
        ("https://x.test?x=a.pdf", "document.pdf"),
        # .pdf suffix, any case
        ("file:///x.Pdf", "x.Pdf"),
        ("file:///x.pdf.bak", "x.pdf.bak.pdf"),
        ("file:///xpdf", "xpdf.pdf"),
        ("file:///.pdf", ".pdf"),
        ("file:///x%2Epdf", "x.pdf"),
        # percent decoding
        ("file:///a/%FF.pdf", "\ufffd.pdf"),
        ("file:///a/b%zz", "b%zz.pdf"),
        ("file:///a/100%", "100%.pdf"),
        ("file:///a/b%2Fc.pdf", "b/c.pdf"),
        ("file:///a/a+b", "a+b.pdf"),
        ("file:///a/%E2%82%AC", "€.pdf"),
        ("file:///a/%C3", "\ufffd.pdf"),
        ("file:///a/%41%42", "AB.pdf"),
        # split exactly as urlsplit does (leading blanks stripped, tab/newline removed)
        (" file:///a/x.pdf", "x.pdf"),
        ("file:///a/x\ny", "xy.pdf"),
        # urlsplit raising ValueError
        ("http://[::1/a.pdf", "document.pdf"),
        # non-str uri -> its JSON encoding
        (True, "true.pdf"),
        (1.5, "1.5.pdf"),
    ],
)
def test_responses_pdf_filename(uri, filename):
    resource = {"mimeType": "application/pdf", "blob": PDF}
    if uri is not None:
        resource["uri"] = uri
    out = R(res(**resource)).to("responses", native_pdf=True)
    assert out["output"] == [
        {
            "type": "input_file",
            "filename": filename,
            "file_data": "data:application/pdf;base64,JVBERg==",
        }
    ]


def test_responses_pdf_filename_uri_none_explicit():
    out = R(res(uri=None, mimeType="application/pdf", blob=PDF)).to("responses", native_pdf=True)
    assert out["output"][0]["filename"] == "document.pdf"


# =========================================================================== gemini


@pytest.mark.parametrize(
    "r, expected",
    [
        (
            R(T("Sunny"), name="get_weather", id="call_1"),
            {
                "functionResponse": {
                    "name": "get_weather",
                    "id": "call_1",
                    "response": {"result": "Sunny"},
                }
            },
        ),
        (
            R(T("Sunny"), name="get_weather", id=""),
            {"functionResponse": {"name": "get_weather", "response": {"result": "Sunny"}}},
        ),
        (R(name="", id=""), {"functionResponse": {"name": "", "response": {"result": ""}}}),
        (
            R(T("x"), structured_content={"temp": 22}),
            {"functionResponse": {"name": "t", "id": "i", "response": {"temp": 22}}},
        ),
        (
            R(structured_content={"temp": 22}),
            {"functionResponse": {"name": "t", "id": "i", "response": {"temp": 22}}},
        ),
        (
            R(T("x"), structured_content={}),
            {"functionResponse": {"name": "t", "id": "i", "response": {}}},
        ),
        (
            R(T("x"), structured_content=[1, 2]),
            {"functionResponse": {"name": "t", "id": "i", "response": {"result": "x"}}},
        ),
        (
            R(structured_content=[1, 2]),
            {"functionResponse": {"name": "t", "id": "i", "response": {"result": "[1,2]"}}},
        ),
        (
            R(structured_content="s"),
            {"functionResponse": {"name": "t", "id": "i", "response": {"result": '"s"'}}},
        ),
        (
            R(structured_content=False),
            {"functionResponse": {"name": "t", "id": "i", "response": {"result": "false"}}},
        ),
        (
            R(T("x"), is_error=True),
            {"functionResponse": {"name": "t", "id": "i", "response": {"result": "x"}}},
        ),
    ],
)
def test_gemini_shape_and_R(r, expected):
    assert r.to("gemini") == expected


@pytest.mark.parametrize("mime", ["image/jpeg", "image/png", "image/webp"])
@pytest.mark.parametrize("kind", ["image", "resource"])
def test_gemini_image_moves_to_parts(mime, kind):
    block = img(mime) if kind == "image" else res(uri="file:///p", mimeType=mime, blob=PNG)
    assert R(T("a"), block, T("b")).to("gemini", image_input=True) == {
        "functionResponse": {
            "name": "t",
            "id": "i",
            "response": {"result": "a\nb"},
            "parts": [{"inlineData": {"mimeType": mime, "data": PNG}}],
        }
    }


@pytest.mark.parametrize("kind", ["image", "resource"])
def test_gemini_no_gif(kind):
    block = img("image/gif") if kind == "image" else res(mimeType="image/gif", blob=PNG)
    expected = (
        "[image] image/gif (3 bytes)" if kind == "image" else "[resource] image/gif (3 bytes)"
    )
    assert R(T("a"), block).to("gemini", image_input=True, native_pdf=True) == {
        "functionResponse": {"name": "t", "id": "i", "response": {"result": "a\n" + expected}}
    }


def test_gemini_pdf_moves_to_parts():
    assert R(T("a"), pdf(blob="JVBE Rg==\n")).to("gemini", native_pdf=True) == {
        "functionResponse": {
            "name": "t",
            "id": "i",
            "response": {"result": "a"},
            "parts": [{"inlineData": {"mimeType": "application/pdf", "data": PDF}}],
        }
    }


def test_gemini_image_data_whitespace_stripped():
    out = R(img(data="Q U\nJ\tD")).to("gemini", image_input=True)
    assert out["functionResponse"]["parts"] == [
        {"inlineData": {"mimeType": "image/png", "data": PNG}}
    ]


def test_gemini_each_option_only_its_own_kind():
    r = R(img(), pdf())
    assert r.to("gemini", image_input=True) == {
        "functionResponse": {
            "name": "t",
            "id": "i",
            "response": {"result": PDF_PH},
            "parts": [{"inlineData": {"mimeType": "image/png", "data": PNG}}],
        }
    }
    assert r.to("gemini", native_pdf=True) == {
        "functionResponse": {
            "name": "t",
            "id": "i",
            "response": {"result": "[image] image/png (3 bytes)"},
            "parts": [{"inlineData": {"mimeType": "application/pdf", "data": PDF}}],
        }
    }
    assert r.to("gemini") == {
        "functionResponse": {
            "name": "t",
            "id": "i",
            "response": {"result": "[image] image/png (3 bytes)\n" + PDF_PH},
        }
    }


def test_gemini_parts_in_content_order():
    r = R(pdf(), T("x"), img("image/webp"), img("image/jpeg", "QUI="), pdf(blob="QUJDRA=="))
    assert r.to("gemini", image_input=True, native_pdf=True) == {
        "functionResponse": {
            "name": "t",
            "id": "i",
            "response": {"result": "x"},
            "parts": [
                {"inlineData": {"mimeType": "application/pdf", "data": PDF}},
                {"inlineData": {"mimeType": "image/webp", "data": PNG}},
                {"inlineData": {"mimeType": "image/jpeg", "data": "QUI="}},
                {"inlineData": {"mimeType": "application/pdf", "data": "QUJDRA=="}},
            ],
        }
    }


@pytest.mark.parametrize(
    "structured, response",
    [
        (None, {"result": ""}),
        ([1], {"result": "[1]"}),
        ({"b": 2, "a": 1}, {"b": 2, "a": 1}),
        ("x", {"result": '"x"'}),
        (0, {"result": "0"}),
    ],
)
def test_gemini_none_left_after_moving(structured, response):
    r = R(img(), pdf(), structured_content=structured)
    assert r.to("gemini", image_input=True, native_pdf=True) == {
        "functionResponse": {
            "name": "t",
            "id": "i",
            "response": response,
            "parts": [
                {"inlineData": {"mimeType": "image/png", "data": PNG}},
                {"inlineData": {"mimeType": "application/pdf", "data": PDF}},
            ],
        }
    }


def test_gemini_empty_text_left_is_not_none_left():
    r = R(T(""), img(), structured_content=[1])
    assert r.to("gemini", image_input=True) == {
        "functionResponse": {
            "name": "t",
            "id": "i",
            "response": {"result": ""},
            "parts": [{"inlineData": {"mimeType": "image/png", "data": PNG}}],
        }
    }


@pytest.mark.parametrize(
    "block, text",
    [
        (NATIVE_IMAGE, "[image] image/png"),
        (
            {
                "type": "document",
                "source": {"type": "base64", "media_type": "application/pdf", "data": PDF},
            },
            "[document] application/pdf",
        ),
        (NATIVE_SR, "[search_result] Quelltown <https://e.com/q>\nPopulation 12"),
        (img("application/pdf", PDF), "[image] application/pdf (4 bytes)"),
        (img("image/bmp"), "[image] image/bmp (3 bytes)"),
        (img(data=None), "[image] image/png"),
        (res(mimeType="application/pdf", blob=None), "[resource] application/pdf"),
    ],
)
def test_gemini_not_carried(block, text):
    assert R(block).to("gemini", image_input=True, native_pdf=True) == {
        "functionResponse": {"name": "t", "id": "i", "response": {"result": text}}
    }


# =========================================================================== anthropic


def test_anthropic_shape():
    assert R(T("Sunny, 22C"), name="get_weather", id="call_abc").to("anthropic") == {
        "type": "tool_result",
        "tool_use_id": "call_abc",
        "content": [{"type": "text", "text": "Sunny, 22C"}],
    }


def test_anthropic_is_error_only_when_true():
    assert R(T("boom"), is_error=True).to("anthropic") == {
        "type": "tool_result",
        "tool_use_id": "i",
        "content": [T("boom")],
        "is_error": True,
    }
    assert "is_error" not in R(T("ok"), is_error=False).to("anthropic")


ERROR_TEXT = "is_error: the Messages API takes only text blocks in an error result"


def test_anthropic_error_result_is_text_only():
    """SPEC 6: with is_error, every entry that would be a non-text block goes as its string
    form in a text block (a placeholder for media, the text of documents and native blocks)."""
    blank_doc = res(uri="file:///b.txt", text="  ")
    r = R(T("boom"), img(), pdf(), DOC_TEXT, NATIVE_IMAGE, NATIVE_DOC, NATIVE_SR, blank_doc,
          is_error=True)  # fmt: skip
    assert r.to("anthropic", image_input=True) == {
        "type": "tool_result",
        "tool_use_id": "i",
        "content": [
            T("boom"),
            T("[image] image/png (3 bytes)"),
            T(PDF_PH),
            T("doc"),
            T("[image] image/png"),
            T("doc text"),
            T("[search_result] Quelltown <https://e.com/q>\nPopulation 12"),
        ],
        "is_error": True,
    }
    assert [(e.outcome, e.reason) for e in r.explain("anthropic", image_input=True)] == [
        ("text", "text block (only text and cache_control are kept)"),
        ("placeholder", f"{ERROR_TEXT}: image sent as placeholder"),
        ("placeholder", f"{ERROR_TEXT}: PDF sent as placeholder"),
        ("text", f"{ERROR_TEXT}: text resource sent as text"),
        ("placeholder", f"{ERROR_TEXT}: native image sent as text"),
        ("text", f"{ERROR_TEXT}: native document sent as text"),
        ("text", f"{ERROR_TEXT}: native search_result sent as text"),
        ("omitted", "the Messages API rejects blank text blocks (blank text resource)"),
    ]


def test_anthropic_error_result_keeps_cache_control_and_other_wires_unchanged():
    cached = {**T("boom"), "cache_control": {"type": "ephemeral"}}
    r = R(cached, img(), is_error=True)
    assert r.to("anthropic", image_input=True)["content"] == [
        cached,
        T("[image] image/png (3 bytes)"),
    ]
    # Only anthropic has the rule: the same error result keeps its image elsewhere.
    assert r.to("responses", image_input=True)["output"][1]["type"] == "input_image"
    assert "parts" in r.to("gemini", image_input=True)["functionResponse"]


def test_anthropic_error_result_of_only_media_has_text_blocks():
    assert R(img(), is_error=True).to("anthropic", image_input=True)["content"] == [
        T("[image] image/png (3 bytes)")
    ]
    assert R(NATIVE_DOC, is_error=False).to("anthropic")["content"] == [NATIVE_DOC]


def test_anthropic_empty_id_still_present():
    assert R(T("x"), id="").to("anthropic") == {
        "type": "tool_result",
        "tool_use_id": "",
        "content": [T("x")],
    }


@pytest.mark.parametrize(
    "structured, content",
    [
        (None, ""),
        ({"b": 1, "a": "é/"}, '{"a":"é/","b":1}'),
        ([1], "[1]"),
        ("s", '"s"'),
        (False, "false"),
    ],
)
def test_anthropic_no_items_content(structured, content):
    assert R(structured_content=structured).to("anthropic") == {
        "type": "tool_result",
        "tool_use_id": "i",
        "content": content,
    }


def test_anthropic_text_drops_other_keys_keeps_cache_control():
    block = {
        "type": "text",
        "text": "hi",
        "annotations": {"audience": ["user"]},
        "_meta": {"x": 1},
        "extra": True,
        "cache_control": {"type": "ephemeral"},
    }
    assert R(block, T("plain")).to("anthropic")["content"] == [
        {"type": "text", "text": "hi", "cache_control": {"type": "ephemeral"}},
        {"type": "text", "text": "plain"},
    ]


def test_anthropic_text_without_cache_control_has_only_type_and_text():
    block = {"type": "text", "text": "hi", "annotations": None, "_meta": None}
    assert R(block).to("anthropic")["content"] == [{"type": "text", "text": "hi"}]


@pytest.mark.parametrize("source_blocks", [None, True, False])
def test_anthropic_native_image_always_passes(source_blocks):
    block = {**NATIVE_IMAGE, "cache_control": {"type": "ephemeral"}}
    assert R(block).to("anthropic", source_blocks=source_blocks)["content"] == [block]


def test_anthropic_native_blocks_pass_unchanged_by_default():
    assert R(NATIVE_DOC, NATIVE_SR, NATIVE_IMAGE).to("anthropic")["content"] == [
        NATIVE_DOC,
        NATIVE_SR,
        NATIVE_IMAGE,
    ]


def test_anthropic_native_blocks_pass_regardless_of_pdf_and_image_options():
    block = {
        "type": "document",
        "source": {"type": "base64", "media_type": "application/pdf", "data": PDF},
    }
    assert R(block, NATIVE_IMAGE).to("anthropic", native_pdf=False, image_input=False)[
        "content"
    ] == [block, NATIVE_IMAGE]


def test_anthropic_source_blocks_off_native_doc_and_search_result_become_text():
    content = [
        NATIVE_DOC,
        NATIVE_SR,
        NATIVE_IMAGE,
        {
            "type": "document",
            "source": {"type": "base64", "media_type": "application/pdf", "data": PDF},
        },
        {
            "type": "document",
            "source": {"type": "content", "content": [T("p1"), NATIVE_IMAGE, T("p2")]},
        },
    ]
    assert R(*content).to("anthropic", source_blocks=False)["content"] == [
        T("doc text"),
        T("[search_result] Quelltown <https://e.com/q>\nPopulation 12"),
        NATIVE_IMAGE,
        T("[document] application/pdf"),
        T("p1\n[image] image/png\np2"),
    ]


def test_anthropic_note_items():
    assert R(5, {"type": "resource_link", "name": "n", "uri": "u"}).to("anthropic")["content"] == [
        T("[unsupported]"),
        T("[resource_link] n <u>"),
    ]


def test_anthropic_document_item():
    r = R(DOC_TEXT, res(mimeType="text/csv", blob="YSxi"))
    assert r.to("anthropic")["content"] == [
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "doc"}},
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "a,b"}},
    ]
    assert r.to("anthropic", source_blocks=False)["content"] == [T("doc"), T("a,b")]


@pytest.mark.parametrize("mime", ["image/jpeg", "image/png", "image/gif", "image/webp"])
@pytest.mark.parametrize("kind", ["image", "resource"])
def test_anthropic_image_input(mime, kind):
    block = img(mime) if kind == "image" else res(uri="file:///p", mimeType=mime, blob=PNG)
    assert R(block).to("anthropic", image_input=True)["content"] == [
        {"type": "image", "source": {"type": "base64", "media_type": mime, "data": PNG}}
    ]
    expected_ph = (
        f"[image] {mime} (3 bytes)"
        if kind == "image"
        else f"[resource] {mime} <file:///p> (3 bytes)"
    )
    assert R(block).to("anthropic")["content"] == [T(expected_ph)]
    assert R(block).to("anthropic", image_input=False)["content"] == [T(expected_ph)]


@pytest.mark.parametrize("source_blocks", [True, False])
def test_anthropic_image_input_independent_of_source_blocks(source_blocks):
    assert R(img()).to("anthropic", image_input=True, source_blocks=source_blocks)["content"] == [
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}
    ]


@pytest.mark.parametrize(
    "block, placeholder",
    [
        (img("image/bmp"), "[image] image/bmp (3 bytes)"),
        (img("application/pdf", PDF), "[image] application/pdf (4 bytes)"),
        (img(data=None), "[image] image/png"),
        ({"type": "audio", "mimeType": "image/png", "data": PNG}, "[audio] image/png (3 bytes)"),
        (
            {"type": "audio", "mimeType": "audio/wav", "data": "QUJDRA=="},
            "[audio] audio/wav (4 bytes)",
        ),
        (
            {"type": "document", "mimeType": "application/pdf", "data": PDF},
            "[document] application/pdf (4 bytes)",
        ),
        (
            res(uri="u", mimeType="application/zip", blob="QUJDRA=="),
            "[resource] application/zip <u> (4 bytes)",
        ),
        (res(uri="u", mimeType="application/pdf", blob=5), "[resource] application/pdf <u>"),
    ],
)
def test_anthropic_other_blobs_placeholder(block, placeholder):
    assert R(block).to("anthropic", image_input=True, native_pdf=True)["content"] == [
        T(placeholder)
    ]


PDF_DOC = {
    "type": "document",
    "source": {"type": "base64", "media_type": "application/pdf", "data": PDF},
}


@pytest.mark.parametrize(
    "opts, expected",
    [
        ({}, PDF_DOC),
        ({"native_pdf": None, "source_blocks": None}, PDF_DOC),
        ({"native_pdf": True}, PDF_DOC),
        ({"native_pdf": True, "source_blocks": True}, PDF_DOC),
        ({"native_pdf": False}, T(PDF_PH)),
        ({"source_blocks": False}, T(PDF_PH)),
        ({"native_pdf": True, "source_blocks": False}, T(PDF_PH)),
        ({"native_pdf": False, "source_blocks": False}, T(PDF_PH)),
        ({"image_input": True}, PDF_DOC),
    ],
)
def test_anthropic_pdf_defaults_on(opts, expected):
    assert R(pdf()).to("anthropic", **opts)["content"] == [expected]


def test_anthropic_native_pdf_off_leaves_text_documents_and_search_results():
    r = R(DOC_TEXT, NATIVE_SR, NATIVE_DOC, pdf())
    assert r.to("anthropic", native_pdf=False)["content"] == [
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "doc"}},
        NATIVE_SR,
        NATIVE_DOC,
        T(PDF_PH),
    ]


def test_anthropic_pdf_data_whitespace_stripped():
    assert R(pdf(blob="JVBE\nRg==  ")).to("anthropic")["content"] == [PDF_DOC]


def test_anthropic_mixed_content_in_order():
    content = [
        T("a"),
        img(),
        pdf(),
        DOC_TEXT,
        NATIVE_SR,
        1,
        {"type": "resource_link", "name": "l", "uri": "u"},
    ]
    assert R(*content).to("anthropic", image_input=True) == {
        "type": "tool_result",
        "tool_use_id": "i",
        "content": [
            T("a"),
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}},
            PDF_DOC,
            {
                "type": "document",
                "source": {"type": "text", "media_type": "text/plain", "data": "doc"},
            },
            NATIVE_SR,
            T("[unsupported]"),
            T("[resource_link] l <u>"),
        ],
    }


@pytest.mark.parametrize(
    "block, expected",
    [
        (
            {**res(uri="file:///a.txt", text="doc"), "cache_control": {"type": "ephemeral"}},
            {
                "type": "document",
                "source": {"type": "text", "media_type": "text/plain", "data": "doc"},
            },
        ),
        (
            {**img(), "cache_control": {"type": "ephemeral"}},
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}},
        ),
        ({**pdf(), "cache_control": {"type": "ephemeral"}}, PDF_DOC),
        (
            {"type": "resource_link", "name": "n", "uri": "u", "cache_control": {"type": "x"}},
            T("[resource_link] n <u>"),
        ),
        (
            {"type": "audio", "mimeType": "audio/wav", "cache_control": {"type": "x"}},
            T("[audio] audio/wav"),
        ),
    ],
)
def test_anthropic_cache_control_only_on_text_items(block, expected):
    assert R(block).to("anthropic", image_input=True)["content"] == [expected]


@pytest.mark.parametrize("wire", [None, 1, b"openai", ("openai",)])
def test_non_str_wire_is_unknown(wire):
    with pytest.raises(ValueError):
        R().to(wire)
