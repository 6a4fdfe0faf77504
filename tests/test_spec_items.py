"""SPEC.md section 2: normalisation into neutral items (table, resource rules, text fields,
placeholders, size arithmetic, lenient base64)."""

from __future__ import annotations

import pytest

from toolresult_lab import ToolResult


def s(*content, **kw):
    """String form of the given content (read through the openai wire)."""
    return ToolResult(content=list(content), **kw).to("openai")["content"]


def anth(*content, **opts):
    return ToolResult(content=list(content)).to("anthropic", **opts)["content"]


def T(text):
    return {"type": "text", "text": text}


def res(**resource):
    return {"type": "resource", "resource": resource}


# --------------------------------------------------------------------------- row: not a dict


@pytest.mark.parametrize("block", [42, "text", None, [1, 2], ["a"], True, 1.5, ("t",)])
def test_non_dict_is_unsupported_note(block):
    assert s(block) == "[unsupported]"
    assert anth(block) == [T("[unsupported]")]


# --------------------------------------------------------------------------- row: text


@pytest.mark.parametrize(
    "block, expected",
    [
        ({"type": "text", "text": "hello"}, "hello"),
        ({"type": "text", "text": "line1\nline2"}, "line1\nline2"),
        ({"type": "text"}, ""),
        ({"type": "text", "text": None}, ""),
        ({"type": "text", "text": 42}, "42"),
        ({"type": "text", "text": 1.5}, "1.5"),
        ({"type": "text", "text": True}, "true"),
        ({"type": "text", "text": False}, "false"),
        ({"type": "text", "text": [1, "a"]}, '[1,"a"]'),
        ({"type": "text", "text": {"b": 1, "a": "é/x"}}, '{"a":"é/x","b":1}'),
        ({"type": "text", "text": {}}, "{}"),
        ({"type": "text", "text": "x", "mimeType": "image/png", "data": "QUJD"}, "x"),
    ],
)
def test_text_item(block, expected):
    assert s(block) == expected


def test_text_item_anthropic_keeps_cache_control():
    block = {"type": "text", "text": "hi", "cache_control": {"type": "ephemeral"}}
    assert anth(block) == [{"type": "text", "text": "hi", "cache_control": {"type": "ephemeral"}}]


def test_text_item_cache_control_kept_when_key_exists_even_none():
    block = {"type": "text", "text": "hi", "cache_control": None}
    assert anth(block) == [{"type": "text", "text": "hi", "cache_control": None}]


def test_text_item_non_str_text_anthropic():
    assert anth({"type": "text", "text": {"z": 1, "a": [True, None]}}) == [
        T('{"a":[true,null],"z":1}')
    ]


# --------------------------------------------------------------------------- row: native


NATIVE_IMAGE = {
    "type": "image",
    "source": {"type": "base64", "media_type": "image/png", "data": "QUJD"},
}
NATIVE_DOC = {
    "type": "document",
    "title": "T",
    "custom": 1,
    "source": {"type": "text", "media_type": "text/plain", "data": "doc text"},
}
NATIVE_SR = {
    "type": "search_result",
    "source": "https://e.com/q",
    "title": "Quelltown",
    "content": [T("Population 12")],
    "citations": {"enabled": True},
}


@pytest.mark.parametrize(
    "block",
    [
        NATIVE_IMAGE,
        NATIVE_DOC,
        NATIVE_SR,
        {"type": "image", "source": {}},
        {"type": "search_result"},
    ],
)
def test_native_block_passes_through_anthropic(block):
    assert anth(block) == [block]


@pytest.mark.parametrize(
    "block, expected",
    [
        (NATIVE_IMAGE, "[image] image/png"),
        (NATIVE_DOC, "doc text"),
        (NATIVE_SR, "[search_result] Quelltown <https://e.com/q>\nPopulation 12"),
        ({"type": "image", "source": {}}, "[image]"),
        ({"type": "search_result"}, "[search_result]"),
    ],
)
def test_native_block_string_form(block, expected):
    assert s(block) == expected


@pytest.mark.parametrize(
    "block, expected",
    [
        (
            {"type": "image", "source": "https://e.com/a.png", "mimeType": "image/png"},
            "[image] image/png",
        ),
        ({"type": "image", "source": None}, "[image]"),
        ({"type": "document", "source": ["x"]}, "[document]"),
        ({"type": "document"}, "[document]"),
        (
            {"type": "image", "mimeType": "image/png", "data": "QUJD", "source": 5},
            "[image] image/png (3 bytes)",
        ),
    ],
)
def test_image_or_document_without_dict_source_is_blob(block, expected):
    assert s(block) == expected
    assert anth(block) == [T(expected)]


# --------------------------------------------------------------------------- row: resource_link


@pytest.mark.parametrize(
    "block, expected",
    [
        (
            {"type": "resource_link", "name": "a", "uri": "file:///x"},
            "[resource_link] a <file:///x>",
        ),
        ({"type": "resource_link", "uri": "file:///x"}, "[resource_link] <file:///x>"),
        ({"type": "resource_link", "name": "", "uri": "file:///x"}, "[resource_link] <file:///x>"),
        (
            {"type": "resource_link", "name": None, "uri": "file:///x"},
            "[resource_link] <file:///x>",
        ),
        ({"type": "resource_link", "name": "a"}, "[resource_link] a"),
        ({"type": "resource_link", "name": "a", "uri": None}, "[resource_link] a"),
        ({"type": "resource_link", "name": "a", "uri": ""}, "[resource_link] a <>"),
        ({"type": "resource_link", "uri": ""}, "[resource_link] <>"),
        ({"type": "resource_link"}, "[resource_link]"),
        ({"type": "resource_link", "name": 42, "uri": 7}, "[resource_link] 42 <7>"),
        ({"type": "resource_link", "name": False, "uri": False}, "[resource_link] false <false>"),
        ({"type": "resource_link", "name": [], "uri": {}}, "[resource_link] [] <{}>"),
        (
            {
                "type": "resource_link",
                "name": "a",
                "uri": "file:///x",
                "mimeType": "text/plain",
                "title": "Title",
                "size": 12,
                "description": "d",
            },
            "[resource_link] a <file:///x>",
        ),
    ],
)
def test_resource_link_note(block, expected):
    assert s(block) == expected
    assert anth(block) == [T(expected)]


# --------------------------------------------------------------------------- row: blob


@pytest.mark.parametrize(
    "block, expected",
    [
        # spec examples
        (
            {"type": "image", "mimeType": "image/png", "data": "iVBORw0KGgoAAAANSUhEUgAA"},
            "[image] image/png (18 bytes)",
        ),
        (
            res(uri="file:///a.zip", mimeType="application/zip", blob="QUJDRA=="),
            "[resource] application/zip <file:///a.zip> (4 bytes)",
        ),
        (
            {"type": "audio", "mimeType": "audio/wav", "data": "QUJDRA=="},
            "[audio] audio/wav (4 bytes)",
        ),
        (
            {"type": "image", "mimeType": "image/png", "uri": "file:///a.png"},
            "[image] image/png <file:///a.png>",
        ),
        # type
        ({"data": "QUJD"}, "[unsupported] (3 bytes)"),
        ({"type": None, "data": "QUJD"}, "[unsupported] (3 bytes)"),
        ({"type": "", "data": "QUJD"}, "[unsupported] (3 bytes)"),
        ({}, "[unsupported]"),
        ({"type": "video", "mimeType": "video/mp4"}, "[video] video/mp4"),
        ({"type": "Text", "text": "x"}, "[Text]"),
        ({"type": 7}, "[7]"),
        ({"type": 0}, "[0]"),
        ({"type": True}, "[true]"),
        ({"type": False}, "[false]"),
        ({"type": ["a"]}, '[["a"]]'),
        ({"type": {"k": "é/"}}, '[{"k":"é/"}]'),
        ({"type": []}, "[[]]"),
        # mime
        ({"type": "image", "mimeType": ""}, "[image]"),
        ({"type": "image", "mimeType": None}, "[image]"),
        ({"type": "image", "mimeType": 5}, "[image] 5"),
        ({"type": "image", "mimeType": []}, "[image] []"),
        ({"type": "image", "mimeType": {"a": 1}}, '[image] {"a":1}'),
        ({"type": "image", "mimeType": False}, "[image] false"),
        # uri
        ({"type": "image", "uri": ""}, "[image] <>"),
        ({"type": "image", "uri": None}, "[image]"),
        ({"type": "image", "uri": 0}, "[image] <0>"),
        ({"type": "image", "uri": False}, "[image] <false>"),
        ({"type": "image", "uri": ["u"]}, '[image] <["u"]>'),
        (
            {"type": "image", "mimeType": "image/png", "uri": "", "data": ""},
            "[image] image/png <> (0 bytes)",
        ),
        # data
        ({"type": "image", "data": 123}, "[image]"),
        ({"type": "image", "data": None}, "[image]"),
        ({"type": "image", "data": ["QUJD"]}, "[image]"),
        ({"type": "image", "data": {"b": "QUJD"}}, "[image]"),
        ({"type": "image", "data": ""}, "[image] (0 bytes)"),
        # mimeType spelling only (media_type is not the blob's MIME)
        ({"type": "audio", "media_type": "audio/wav", "data": "QUJD"}, "[audio] (3 bytes)"),
    ],
)
def test_blob_placeholder(block, expected):
    assert s(block) == expected
    assert anth(block) == [T(expected)]


def test_image_blob_without_data_anthropic_image_input_is_placeholder():
    block = {"type": "image", "mimeType": "image/png", "uri": "file:///a.png"}
    assert anth(block, image_input=True) == [T("[image] image/png <file:///a.png>")]


def test_base64_payload_never_in_placeholder():
    payload = "iVBORw0KGgoAAAANSUhEUgAA" * 50
    out = s({"type": "image", "mimeType": "image/png", "data": payload})
    assert out == "[image] image/png (900 bytes)"


# --------------------------------------------------------------------------- size arithmetic


@pytest.mark.parametrize(
    "data, n",
    [
        ("QUJD", 3),
        ("QUJDRA==", 4),
        ("QUJDRE8=", 5),
        ("", 0),
        ("A", 0),
        ("AB", 1),
        ("ABC", 2),
        ("ABCDE", 3),  # floor(15/4)
        ("=", 0),
        ("==", 0),
        ("====", 0),  # max(0, 3 - 4)
        ("QQ==QUJD", 4),  # '=' counted anywhere
        ("Q=U=J=D=", 2),  # 6 - 4
        # whitespace dropped
        ("QU JD\nRA==\t", 4),
        ("QUJD\r\n", 3),
        (" \t\n\r\x0b\x0c", 0),
        ("QUJD\u00a0\u2003\u3000\x85", 3),
        ("QUJD\u2028\u2029", 3),
        # U+001C..U+001F are not whitespace here: they count
        ("QUJD\x1c\x1d\x1e\x1f", 6),
        ("QUJD\x1c", 3),  # floor(15/4)
        ("\x1c\x1d\x1e\x1f", 3),
        # characters outside the alphabet still count
        ("QUJD!!!!", 6),
        ("QU-_", 3),
        ("€€€€", 3),
        ("QUJD\u200b\u200b\u200b\u200b", 6),  # zero width space is not str.isspace
        ("iVBORw0KGgoAAAANSUhEUgAA", 18),
    ],
)
def test_blob_size_arithmetic(data, n):
    assert s({"type": "audio", "mimeType": "audio/wav", "data": data}) == (
        f"[audio] audio/wav ({n} bytes)"
    )
    assert s(res(mimeType="application/zip", blob=data)) == (
        f"[resource] application/zip ({n} bytes)"
    )


# --------------------------------------------------------------------------- resource rules


@pytest.mark.parametrize(
    "resource, expected",
    [
        # rule 1: text present and not None -> document (whatever MIME)
        ({"uri": "file:///a.txt", "mimeType": "text/plain", "text": "doc"}, "doc"),
        ({"uri": "file:///a.bin", "mimeType": "application/pdf", "text": "pdf text"}, "pdf text"),
        ({"text": "only"}, "only"),
        ({"text": "t", "blob": "QUJD", "mimeType": "application/zip"}, "t"),
        ({"text": "", "blob": "QUJD", "mimeType": "application/zip"}, ""),
        ({"text": 42}, "42"),
        ({"text": {"b": 2, "a": "ü"}}, '{"a":"ü","b":2}'),
        ({"text": False}, "false"),
        # text None -> rules 2/3
        ({"text": None, "blob": "aGVsbG8=", "mimeType": "text/plain"}, "hello"),
        (
            {"text": None, "blob": "QUJD", "mimeType": "application/zip"},
            "[resource] application/zip (3 bytes)",
        ),
        # rule 2: text/* blob decoded
        ({"uri": "file:///a.txt", "mimeType": "text/plain", "blob": "aGVsbG8="}, "hello"),
        ({"mimeType": "text/html", "blob": "PGI+aGk8L2I+"}, "<b>hi</b>"),
        ({"mimeType": "text/", "blob": "aGk="}, "hi"),
        ({"mimeType": "text/csv; charset=utf-8", "blob": "YSxi"}, "a,b"),
        ({"mimeType": "text/plain", "blob": "S8O2bG4="}, "Köln"),
        ({"mimeType": "text/plain", "blob": ""}, ""),
        # rule 2 is case-sensitive and needs str blob and str mimeType
        (
            {"uri": "file:///a", "mimeType": "Text/plain", "blob": "aGk="},
            "[resource] Text/plain <file:///a> (2 bytes)",
        ),
        ({"mimeType": "TEXT/PLAIN", "blob": "aGk="}, "[resource] TEXT/PLAIN (2 bytes)"),
        ({"mimeType": "application/text", "blob": "aGk="}, "[resource] application/text (2 bytes)"),
        ({"mimeType": " text/plain", "blob": "aGk="}, "[resource]  text/plain (2 bytes)"),
        (
            {"uri": "file:///a", "mimeType": "text/plain", "blob": 42},
            "[resource] text/plain <file:///a>",
        ),
        ({"mimeType": "text/plain", "blob": None}, "[resource] text/plain"),
        ({"mimeType": "text/plain"}, "[resource] text/plain"),
        ({"mimeType": ["text/plain"], "blob": "aGk="}, '[resource] ["text/plain"] (2 bytes)'),
        ({"mimeType": None, "blob": "aGk="}, "[resource] (2 bytes)"),
        ({"blob": "aGk="}, "[resource] (2 bytes)"),
        # rule 3: blob item
        (
            {"uri": "file:///a.zip", "mimeType": "application/zip", "blob": "QUJDRA=="},
            "[resource] application/zip <file:///a.zip> (4 bytes)",
        ),
        (
            {"uri": "", "mimeType": "application/zip", "blob": "QUJDRA=="},
            "[resource] application/zip <> (4 bytes)",
        ),
        (
            {"uri": None, "mimeType": "application/zip", "blob": "QUJDRA=="},
            "[resource] application/zip (4 bytes)",
        ),
        ({"uri": 5, "mimeType": 6, "blob": "QUJDRA=="}, "[resource] 6 <5> (4 bytes)"),
        (
            {"uri": "file:///p.png", "mimeType": "image/png", "blob": "QUJD"},
            "[resource] image/png <file:///p.png> (3 bytes)",
        ),
        ({}, "[resource]"),
        # the resource's own fields are used, not the outer block's
        (
            {"uri": "file:///in", "mimeType": "application/zip"},
            "[resource] application/zip <file:///in>",
        ),
    ],
)
def test_resource_rules(resource, expected):
    assert s(res(**resource)) == expected


@pytest.mark.parametrize("resource", ["x", None, 5, ["a"], True])
def test_resource_not_dict_treated_as_empty(resource):
    block = {
        "type": "resource",
        "resource": resource,
        "mimeType": "application/zip",
        "uri": "file:///outer",
        "data": "QUJD",
    }
    assert s(block) == "[resource]"
    assert anth(block) == [T("[resource]")]


def test_resource_missing_key():
    assert s({"type": "resource"}) == "[resource]"


def test_resource_outer_fields_ignored():
    block = {
        "type": "resource",
        "mimeType": "application/zip",
        "uri": "file:///outer",
        "data": "QUJD",
        "resource": {"uri": "file:///in", "mimeType": "image/gif", "blob": "QUJDRA=="},
    }
    assert s(block) == "[resource] image/gif <file:///in> (4 bytes)"


@pytest.mark.parametrize(
    "resource, data",
    [
        ({"uri": "file:///a.txt", "mimeType": "text/plain", "text": "doc"}, "doc"),
        ({"mimeType": "application/json", "text": '{"a":1}'}, '{"a":1}'),
        ({"mimeType": "text/markdown", "blob": "IyBI"}, "# H"),
        ({"text": 42}, "42"),
    ],
)
def test_document_item_on_anthropic(resource, data):
    assert anth(res(**resource)) == [
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": data}}
    ]
    assert anth(res(**resource), source_blocks=False) == [T(data)]


# --------------------------------------------------------------------------- lenient base64


@pytest.mark.parametrize(
    "blob, expected",
    [
        ("QQ==QUJD", "A"),  # spec example
        ("QUJ", "AB"),  # spec example
        ("QUJD", "ABC"),
        ("QUJDRA==", "ABCD"),
        ("QUJDREU=", "ABCDE"),
        ("Q", ""),  # final group of 1 symbol: nothing
        ("QQ", "A"),  # final group of 2 symbols: 1 byte
        ("QUJDQ", "ABC"),
        ("QUJDQQ", "ABCA"),
        ("=QUJD", ""),  # '=' first place ends decoding
        ("Q=JD", ""),  # '=' second place ends decoding
        ("QUJD=QUJD", "ABC"),
        ("QUJDQ=JD", "ABC"),
        ("QU=D", "A"),  # '=' third place: 1 byte, end
        ("QUJ=QUJD", "AB"),  # '=' fourth place: 2 bytes, end
        ("QU==QUJD", "A"),
        ("QUI=", "AB"),
        ("QR==", "A"),  # stray bits ignored
        ("Q U\nJ\tD", "ABC"),  # whitespace ignored
        ("Q-U_J!D", "ABC"),  # non-alphabet ignored
        ("QUJD\x1c", "ABC"),
        ("QU\u00e9JD", "ABC"),
        ("!!!!", ""),
        ("", ""),
        ("====", ""),
        ("/w==", "\ufffd"),  # b"\xff"
        ("Yf9i", "a\ufffdb"),  # b"a\xffb"
        ("ww==", "\ufffd"),  # b"\xc3" truncated sequence
        ("4oKs", "€"),
        ("8J+YgA==", "\U0001f600"),
    ],
)
def test_lenient_base64_text_blob(blob, expected):
    assert s(res(mimeType="text/plain", blob=blob)) == expected


# --------------------------------------------------------------------------- text fields


@pytest.mark.parametrize(
    "block, expected",
    [
        # native placeholder fields: type, media_type, url
        ({"type": "image", "source": {"media_type": 5, "url": 6}}, "[image] 5 <6>"),
        ({"type": "image", "source": {"media_type": "", "url": ""}}, "[image] <>"),
        ({"type": "image", "source": {"media_type": None, "url": None}}, "[image]"),
        ({"type": "image", "source": {"media_type": [], "url": []}}, "[image] [] <[]>"),
        (
            {"type": "image", "source": {"media_type": {"x": "é"}, "url": True}},
            '[image] {"x":"é"} <true>',
        ),
        # search_result title
        ({"type": "search_result", "title": 12}, "[search_result] 12"),
        ({"type": "search_result", "title": ""}, "[search_result]"),
        ({"type": "search_result", "title": None}, "[search_result]"),
        ({"type": "search_result", "title": [1]}, "[search_result] [1]"),
        # native text source data non-str
        ({"type": "document", "source": {"type": "text", "data": 42}}, "42"),
        (
            {"type": "document", "source": {"type": "text", "data": {"b": 1, "a": 2}}},
            '{"a":2,"b":1}',
        ),
        ({"type": "document", "source": {"type": "text", "data": False}}, "false"),
    ],
)
def test_text_fields_json_encoded_when_not_str(block, expected):
    assert s(block) == expected


# --------------------------------------------------------------------------- robustness


@pytest.mark.parametrize(
    "block, expected",
    [
        (
            {"type": "image", "mimeType": ["image/png"], "data": "QUJD"},
            '[image] ["image/png"] (3 bytes)',
        ),
        (
            {"type": "image", "mimeType": {"m": "image/png"}, "data": "QUJD"},
            '[image] {"m":"image/png"} (3 bytes)',
        ),
        (
            res(uri=["u"], mimeType=["application/pdf"], blob="JVBERg=="),
            '[resource] ["application/pdf"] <["u"]> (4 bytes)',
        ),
        (
            res(uri={"u": 1}, mimeType={"t": "text/plain"}, blob="aGk="),
            '[resource] {"t":"text/plain"} <{"u":1}> (2 bytes)',
        ),
        ({"type": ["image"], "source": {"type": "base64", "data": "QUJD"}}, '[["image"]]'),
        ({"type": {"t": "search_result"}}, '[{"t":"search_result"}]'),
    ],
)
def test_unhashable_field_values_degrade(block, expected):
    """Nothing inside content is ever an error, whatever the options."""
    r = ToolResult(content=[block])
    opts = {"image_input": True, "native_pdf": True}
    assert r.to("openai")["content"] == expected
    assert r.to("anthropic", **opts)["content"] == [T(expected)]
    assert r.to("responses", **opts)["output"] == expected
    assert r.to("gemini", **opts)["functionResponse"]["response"] == {"result": expected}


@pytest.mark.parametrize(
    "block, expected",
    [
        ({"type": "document", "source": {"type": ["text"], "data": "x"}}, "[document]"),
        ({"type": "document", "source": {"type": {"k": 1}, "content": [T("x")]}}, "[document]"),
        (
            {"type": "document", "source": {"type": "content", "content": [{"type": ["x"]}]}},
            '[["x"]]',
        ),
        (
            {"type": "search_result", "title": {"b": 1, "a": 2}, "source": ["s"]},
            '[search_result] {"a":2,"b":1}',
        ),
    ],
)
def test_unhashable_native_fields_degrade(block, expected):
    r = ToolResult(content=[block])
    assert r.to("openai")["content"] == expected
    assert r.to("anthropic", source_blocks=False)["content"] == [T(expected)]
