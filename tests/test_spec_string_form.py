"""SPEC.md section 3: the string form (native blocks, search_result, content documents, parts,
joining, structured_content fallback, JSON encoding)."""

from __future__ import annotations

import pytest

from toolresult_lab import ToolResult

STRING_WIRES = ("openai", "responses", "ollama", "gemini", "hermes")


def T(text):
    return {"type": "text", "text": text}


def s(*content, **kw):
    """String form read through the openai wire."""
    return ToolResult(content=list(content), **kw).to("openai")["content"]


def string_via(wire, r):
    """Extract the string form from each string wire's block."""
    out = r.to(wire)
    if wire in ("openai", "ollama"):
        return out["content"]
    if wire == "responses":
        return out["output"]
    if wire == "gemini":
        return out["functionResponse"]["response"]["result"]
    assert wire == "hermes"
    return out


def doc_content(content):
    return {"type": "document", "source": {"type": "content", "content": content}}


IMG_SRC = {"type": "base64", "media_type": "image/png", "data": "QUJD"}


# --------------------------------------------------------------------------- spec examples


def test_example_search_result():
    block = {
        "type": "search_result",
        "title": "Quelltown",
        "source": "https://e.com/q",
        "content": [T("Population 12")],
    }
    assert s(block) == "[search_result] Quelltown <https://e.com/q>\nPopulation 12"


def test_example_content_document_text_image_text():
    block = doc_content([T("part one"), {"type": "image", "source": IMG_SRC}, T("part two")])
    assert s(block) == "part one\n[image] image/png\npart two"


def test_example_empty_content_document():
    assert s(doc_content([])) == "[document]"


def test_example_empty_text_item_still_joined():
    assert s(T("a"), T(""), T("b")) == "a\n\nb"


# --------------------------------------------------------------------------- native top level


@pytest.mark.parametrize(
    "block, expected",
    [
        ({"type": "image", "source": IMG_SRC}, "[image] image/png"),
        (
            {"type": "image", "source": {"type": "url", "url": "https://e.com/a.png"}},
            "[image] <https://e.com/a.png>",
        ),
        ({"type": "image", "source": {"type": "url", "url": ""}}, "[image] <>"),
        (
            {"type": "image", "source": {"type": "url", "url": None, "media_type": "image/gif"}},
            "[image] image/gif",
        ),
        (
            {"type": "image", "source": {"media_type": "image/png", "url": "u"}},
            "[image] image/png <u>",
        ),
        ({"type": "image", "source": {"media_type": ""}}, "[image]"),
        (
            {"type": "image", "source": {"type": "text", "data": "an image as text?"}},
            "an image as text?",
        ),
        (
            {
                "type": "document",
                "source": {"type": "text", "media_type": "text/plain", "data": "doc text"},
            },
            "doc text",
        ),
        ({"type": "document", "source": {"type": "text", "data": ""}}, ""),
        (
            {"type": "document", "source": {"type": "text", "media_type": "text/plain"}},
            "[document] text/plain",
        ),
        (
            {
                "type": "document",
                "source": {"type": "text", "media_type": "text/plain", "data": None},
            },
            "[document] text/plain",
        ),
        (
            {
                "type": "document",
                "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERg=="},
            },
            "[document] application/pdf",
        ),
        (
            {"type": "document", "source": {"type": "url", "url": "https://e.com/a.pdf"}},
            "[document] <https://e.com/a.pdf>",
        ),
        ({"type": "document", "source": {"type": "file", "file_id": "f1"}}, "[document]"),
        ({"type": "document", "source": {}}, "[document]"),
        (
            {"type": "document", "source": {"type": "content", "content": "plain string"}},
            "plain string",
        ),
        ({"type": "document", "source": {"type": "content", "content": ""}}, ""),
        ({"type": "document", "source": {"type": "content", "content": 42}}, "[document]"),
        ({"type": "document", "source": {"type": "content", "content": None}}, "[document]"),
        (
            {
                "type": "document",
                "source": {"type": "content", "content": {"type": "text", "text": "x"}},
            },
            "[document]",
        ),
        ({"type": "document", "source": {"type": "content"}}, "[document]"),
        (
            {
                "type": "document",
                "source": {"type": "content", "content": [], "media_type": "text/plain"},
            },
            "[document] text/plain",
        ),
    ],
)
def test_native_string_form(block, expected):
    assert s(block) == expected


# --------------------------------------------------------------------------- parts / nested


@pytest.mark.parametrize(
    "parts, expected",
    [
        ([T("a")], "a"),
        ([T("a"), T("b")], "a\nb"),
        ([T("")], ""),
        ([T(""), T("")], "\n"),
        ([{"type": "text"}], ""),
        ([{"type": "text", "text": None}], ""),
        ([{}], "[]"),  # nested {} has type "" -> placeholder []
        ([{"text": "no type"}], "[]"),
        ([42], "[unsupported]"),
        ([None], "[unsupported]"),
        ([["x"]], "[unsupported]"),
        (["bare string"], "[unsupported]"),
        ([{"type": "image", "source": IMG_SRC}], "[image] image/png"),
        ([{"type": "image"}], "[image]"),
        ([{"type": "image", "source": "x"}], "[image]"),
        ([{"type": "image", "mimeType": "image/png", "data": "QUJD"}], "[image]"),
        ([{"type": "image", "source": {"type": "url", "url": ""}}], "[image] <>"),
        ([{"type": "audio", "source": {"media_type": "audio/wav"}}], "[audio] audio/wav"),
        ([{"type": 7}], "[7]"),
        ([{"type": "document", "source": {"type": "text", "data": "inner"}}], "inner"),
        ([doc_content([T("deep"), T("er")])], "deep\ner"),
        ([doc_content([])], "[document]"),
        (
            [{"type": "search_result", "title": "S", "source": "src", "content": [T("c")]}],
            "[search_result] S <src>\nc",
        ),
        ([T("x"), {}, 1, T("y")], "x\n[]\n[unsupported]\ny"),
        ([{"type": "text", "text": 5}], "5"),
    ],
)
def test_content_document_parts(parts, expected):
    assert s(doc_content(parts)) == expected


# --------------------------------------------------------------------------- search_result


@pytest.mark.parametrize(
    "block, expected",
    [
        (
            {
                "type": "search_result",
                "title": "Quelltown",
                "source": "https://e.com/q",
                "content": [T("Population 12")],
            },
            "[search_result] Quelltown <https://e.com/q>\nPopulation 12",
        ),
        (
            {"type": "search_result", "source": "https://e.com/q", "content": [T("p")]},
            "[search_result] <https://e.com/q>\np",
        ),
        ({"type": "search_result", "title": "Q", "content": [T("p")]}, "[search_result] Q\np"),
        (
            {"type": "search_result", "title": "", "source": "", "content": [T("p")]},
            "[search_result]\np",
        ),
        ({"type": "search_result", "title": "Q", "source": None}, "[search_result] Q"),
        ({"type": "search_result", "title": "Q", "source": 42}, "[search_result] Q"),
        ({"type": "search_result", "title": "Q", "source": {"url": "u"}}, "[search_result] Q"),
        ({"type": "search_result", "title": "Q", "source": ["u"]}, "[search_result] Q"),
        (
            {"type": "search_result", "title": "Q", "source": "s", "content": []},
            "[search_result] Q <s>",
        ),
        (
            {"type": "search_result", "title": "Q", "source": "s", "content": "text body"},
            "[search_result] Q <s>\ntext body",
        ),
        (
            {"type": "search_result", "title": "Q", "source": "s", "content": 7},
            "[search_result] Q <s>",
        ),
        (
            {
                "type": "search_result",
                "title": "Q",
                "source": "s",
                "content": [T("a"), T(""), {}, 3, {"type": "image", "source": IMG_SRC}],
            },
            "[search_result] Q <s>\na\n\n[]\n[unsupported]\n[image] image/png",
        ),
        (
            {
                "type": "search_result",
                "title": "Q",
                "source": "s",
                "content": [{"type": "search_result", "title": "inner", "content": [T("x")]}],
            },
            "[search_result] Q <s>\n[search_result] inner\nx",
        ),
        (
            {"type": "search_result", "title": "Q", "source": "s", "content": [T("")]},
            "[search_result] Q <s>\n",
        ),
        (
            {
                "type": "search_result",
                "source": "s",
                "title": "Q",
                "source_extra": "ignored",
                "citations": {"enabled": True},
                "content": [T("c")],
            },
            "[search_result] Q <s>\nc",
        ),
    ],
)
def test_search_result_string_form(block, expected):
    assert s(block) == expected


# --------------------------------------------------------------------------- join / fallback


def test_items_joined_with_newline_in_order():
    content = [
        T("one"),
        {"type": "image", "mimeType": "image/png", "data": "QUJD"},
        {"type": "resource", "resource": {"uri": "file:///a.txt", "text": "doc"}},
        {"type": "resource_link", "name": "l", "uri": "u"},
        7,
        {"type": "search_result", "title": "S", "content": [T("c")]},
        T("last"),
    ]
    assert s(*content) == (
        "one\n[image] image/png (3 bytes)\ndoc\n[resource_link] l <u>\n[unsupported]\n"
        "[search_result] S\nc\nlast"
    )


@pytest.mark.parametrize(
    "content, expected",
    [
        ([T(""), T("")], "\n"),
        ([T(""), T(""), T("")], "\n\n"),
        ([T("a"), T("")], "a\n"),
        ([T(""), T("a")], "\na"),
        ([T("")], ""),
    ],
)
def test_empty_items_still_count(content, expected):
    assert s(*content) == expected


def test_items_present_means_no_structured_fallback():
    assert s(T(""), structured_content={"a": 1}) == ""
    assert s(T("x"), structured_content={"a": 1}) == "x"


@pytest.mark.parametrize(
    "structured, expected",
    [
        (None, ""),
        ({"b": 1, "a": [1, 2]}, '{"a":[1,2],"b":1}'),
        ({"z": {"b": 1, "a": 2}, "a": None}, '{"a":null,"z":{"a":2,"b":1}}'),
        ({"city": "Köln", "jp": "日本", "e": "😀"}, '{"city":"Köln","e":"😀","jp":"日本"}'),
        ({"path": "a/b</c>"}, '{"path":"a/b</c>"}'),
        ({"q": 'say "hi"\\', "nl": "a\nb\tc"}, '{"nl":"a\\nb\\tc","q":"say \\"hi\\"\\\\"}'),
        ({"ctl": "\x01"}, '{"ctl":"\\u0001"}'),
        ({}, "{}"),
        ([1, "a", None, True], '[1,"a",null,true]'),
        ([], "[]"),
        ("hi", '"hi"'),
        ("", '""'),
        ("é/ü", '"é/ü"'),
        (5, "5"),
        (0, "0"),
        (1.5, "1.5"),
        (True, "true"),
        (False, "false"),
        ({"a": 1.0}, '{"a":1.0}'),
        ({"n": 10, "a": {"y": [{"d": 1, "c": 2}]}}, '{"a":{"y":[{"c":2,"d":1}]},"n":10}'),
    ],
)
def test_no_items_structured_content_fallback(structured, expected):
    assert s(structured_content=structured) == expected


@pytest.mark.parametrize("wire", ["openai", "responses", "ollama"])
def test_no_items_fallback_on_string_wires(wire):
    r = ToolResult(structured_content={"b": "/é", "a": 1})
    assert string_via(wire, r) == '{"a":1,"b":"/é"}'
    assert string_via(wire, ToolResult()) == ""


def test_no_items_fallback_gemini_non_dict():
    r = ToolResult(structured_content=["/é", {"b": 1, "a": 2}])
    assert string_via("gemini", r) == '["/é",{"a":2,"b":1}]'
    assert string_via("gemini", ToolResult()) == ""


def test_no_items_fallback_hermes():
    r = ToolResult(name="t", structured_content={"b": "é", "a": 1})
    assert r.to("hermes") == (
        '<tool_response>\n{"content":"{\\"a\\":1,\\"b\\":\\"é\\"}","name":"t"}\n</tool_response>'
    )


@pytest.mark.parametrize("wire", STRING_WIRES)
def test_same_string_form_on_every_string_wire(wire):
    content = [
        T("a"),
        T(""),
        {"type": "image", "mimeType": "image/png", "data": "QUJD"},
        {"type": "search_result", "title": "S", "source": "src", "content": [T("c")]},
    ]
    r = ToolResult(name="t", id="i", content=content)
    expected = "a\n\n[image] image/png (3 bytes)\n[search_result] S <src>\nc"
    if wire == "hermes":
        assert string_via(wire, r) == (
            '<tool_response>\n{"content":"a\\n\\n[image] image/png (3 bytes)\\n'
            '[search_result] S <src>\\nc","name":"t"}\n</tool_response>'
        )
    else:
        assert string_via(wire, r) == expected
