"""SPEC.md section 1: the value object (construction, immutability, equality, options, I/O)."""

from __future__ import annotations

import base64
import contextlib
import copy
import json

import pytest

from toolresult_lab import WIRES, ToolResult

ALL_WIRES = ("openai", "anthropic", "gemini", "ollama", "responses", "hermes", "bedrock")
PNG = "QUJD"  # canonical base64 of b"ABC" (3 bytes)
PDF = "JVBERg=="  # canonical base64 of b"%PDF" (4 bytes)
BIG = base64.b64encode(bytes(range(256)) * 12).decode()  # 4096 chars


def weather() -> ToolResult:
    return ToolResult(
        name="get_weather",
        id="call_abc",
        content=[{"type": "text", "text": "Sunny, 22C"}],
        is_error=False,
        structured_content=None,
    )


# --------------------------------------------------------------------------- surface


def test_wires_constant():
    assert WIRES == ALL_WIRES
    assert isinstance(WIRES, tuple)


def test_defaults():
    r = ToolResult()
    assert r.name == ""
    assert r.id == ""
    assert list(r.content) == []
    assert r.is_error is False
    assert r.structured_content is None


def test_attributes_as_given():
    r = ToolResult(
        name="n",
        id="i",
        content=[{"type": "text", "text": "x"}, 5],
        is_error=True,
        structured_content={"a": [1]},
    )
    assert r.name == "n"
    assert r.id == "i"
    assert list(r.content) == [{"type": "text", "text": "x"}, 5]
    assert r.is_error is True
    assert r.structured_content == {"a": [1]}


def test_spec_intro_example_anthropic():
    assert weather().to("anthropic") == {
        "type": "tool_result",
        "tool_use_id": "call_abc",
        "content": [{"type": "text", "text": "Sunny, 22C"}],
    }


def test_spec_intro_example_responses_with_options():
    assert weather().to("responses", image_input=True, native_pdf=True) == {
        "type": "function_call_output",
        "call_id": "call_abc",
        "output": "Sunny, 22C",
    }


def test_spec_intro_example_hermes_tag():
    assert weather().to("hermes", response_tag="fn_response") == (
        '<fn_response>\n{"content":"Sunny, 22C","name":"get_weather"}\n</fn_response>'
    )


def test_spec_intro_example_facts():
    assert ToolResult.carries_native("gemini", "image") is True
    assert ToolResult.native_needs_vision("anthropic", "pdf") is False


@pytest.mark.parametrize("value", [[], [1], "x", 3.5, True, False, 0, "", {}])
def test_structured_content_any_json_value_kept(value):
    assert ToolResult(structured_content=value).structured_content == value


# --------------------------------------------------------------------------- construction errors


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"content": "text"}, "content"),
        ({"content": {"type": "text", "text": "x"}}, "content"),
        ({"content": ({"type": "text", "text": "x"},)}, "content"),
        ({"content": None}, "content"),
        ({"content": 5}, "content"),
        ({"name": 1}, "name"),
        ({"name": None}, "name"),
        ({"name": b"n"}, "name"),
        ({"id": 7}, "id"),
        ({"id": None}, "id"),
        ({"is_error": 1}, "is_error"),
        ({"is_error": 0}, "is_error"),
        ({"is_error": "yes"}, "is_error"),
        ({"is_error": None}, "is_error"),
    ],
)
def test_bad_construction_input_type_error_names_field(kwargs, field):
    with pytest.raises(TypeError, match=field):
        ToolResult(**kwargs)


@pytest.mark.parametrize(
    "content",
    [
        [None, 1, "x", [], {}, {"type": None}, {"type": "resource", "resource": 5}],
        [{"type": "image", "data": 12, "mimeType": ["x"]}],
        [{"type": "text", "text": {"deep": [1, 2]}}],
    ],
)
def test_nothing_inside_content_is_an_error(content):
    r = ToolResult(content=content)
    for wire in ALL_WIRES:
        r.to(wire, image_input=True, native_pdf=True, source_blocks=True)


def test_constructor_is_keyword_only():
    with pytest.raises(TypeError):
        ToolResult("get_weather")  # type: ignore[misc]


# --------------------------------------------------------------------------- immutability


def test_frozen_attributes():
    r = weather()
    for attr, value in [("name", "x"), ("id", "y"), ("content", []), ("is_error", True)]:
        with pytest.raises((AttributeError, TypeError)):
            setattr(r, attr, value)
    with pytest.raises((AttributeError, TypeError)):
        r.structured_content = {"a": 1}


def test_mutating_input_after_construction_changes_nothing():
    block = {"type": "text", "text": "Sunny", "cache_control": {"type": "ephemeral"}}
    content = [block]
    structured = {"temp": {"c": 22}}
    r = ToolResult(name="w", id="c", content=content, structured_content=structured)
    block["text"] = "Rain"
    block["cache_control"]["type"] = "changed"
    content.append({"type": "text", "text": "more"})
    structured["temp"]["c"] = 99
    structured["new"] = 1
    assert r == ToolResult(
        name="w",
        id="c",
        content=[{"type": "text", "text": "Sunny", "cache_control": {"type": "ephemeral"}}],
        structured_content={"temp": {"c": 22}},
    )
    assert r.to("anthropic") == {
        "type": "tool_result",
        "tool_use_id": "c",
        "content": [{"type": "text", "text": "Sunny", "cache_control": {"type": "ephemeral"}}],
    }
    assert r.to("gemini") == {
        "functionResponse": {"name": "w", "id": "c", "response": {"temp": {"c": 22}}}
    }


def test_mutating_native_block_input_after_construction_changes_nothing():
    native = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}
    r = ToolResult(content=[native])
    native["source"]["data"] = "ZZZZ"
    native["extra"] = 1
    assert r.to("anthropic")["content"] == [
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}
    ]


def test_mutating_returned_blocks_does_not_affect_later_calls():
    native = {
        "type": "document",
        "source": {"type": "text", "media_type": "text/plain", "data": "doc"},
    }
    cached = {"type": "text", "text": "t", "cache_control": {"type": "ephemeral"}}
    r = ToolResult(id="i", content=[cached, native], structured_content={"k": {"v": 1}})
    expected_anthropic = copy.deepcopy(r.to("anthropic"))
    expected_gemini = copy.deepcopy(r.to("gemini"))

    out = r.to("anthropic")
    out["content"][0]["text"] = "mutated"
    out["content"][0]["cache_control"]["type"] = "mutated"
    out["content"][1]["source"]["data"] = "mutated"
    out["content"].append("junk")
    out["tool_use_id"] = "x"
    assert r.to("anthropic") == expected_anthropic

    g = r.to("gemini")
    g["functionResponse"]["response"]["k"]["v"] = 2
    g["functionResponse"]["name"] = "zzz"
    assert r.to("gemini") == expected_gemini
    assert r.structured_content == {"k": {"v": 1}}
    assert list(r.content) == [
        {"type": "text", "text": "t", "cache_control": {"type": "ephemeral"}},
        native,
    ]


def test_mutating_returned_responses_parts_does_not_affect_later_calls():
    r = ToolResult(content=[{"type": "image", "mimeType": "image/png", "data": PNG}])
    out = r.to("responses", image_input=True)
    out["output"][0]["image_url"] = "x"
    out["output"].append(1)
    assert r.to("responses", image_input=True)["output"] == [
        {"type": "input_image", "image_url": "data:image/png;base64,QUJD"}
    ]


# --------------------------------------------------------------------------- equality / hash / repr


def test_equality_and_hash_by_value():
    a = ToolResult(
        name="n",
        id="i",
        content=[{"type": "text", "text": "x", "m": {"a": 1, "b": 2}}],
        is_error=True,
        structured_content={"a": [1, {"b": 2}]},
    )
    b = ToolResult(
        name="n",
        id="i",
        content=[{"m": {"b": 2, "a": 1}, "text": "x", "type": "text"}],
        is_error=True,
        structured_content={"a": [1, {"b": 2}]},
    )
    assert a == b
    assert (a != b) is False
    assert hash(a) == hash(b)
    assert len({a, b}) == 1


@pytest.mark.parametrize(
    "other",
    [
        {"name": "m"},
        {"id": "j"},
        {"content": [{"type": "text", "text": "y"}]},
        {"content": []},
        {"is_error": True},
        {"structured_content": {"a": 1}},
    ],
)
def test_inequality_by_value(other):
    base = {"name": "n", "id": "i", "content": [{"type": "text", "text": "x"}]}
    a = ToolResult(**base)
    b = ToolResult(**{**base, **other})
    assert a != b
    assert (a == b) is False


def test_structured_content_none_equals_absent():
    assert ToolResult(structured_content=None) == ToolResult()
    assert hash(ToolResult(structured_content=None)) == hash(ToolResult())


def test_not_equal_to_other_types():
    assert weather() != "get_weather"
    assert weather() != weather().to_dict()


def test_hashable_with_unhashable_content():
    r = ToolResult(content=[{"type": "text", "text": "x"}, [1, 2]], structured_content=[{"a": 1}])
    assert isinstance(hash(r), int)


@pytest.mark.parametrize(
    "content",
    [
        [{"type": "image", "mimeType": "image/png", "data": BIG}],
        [
            {
                "type": "resource",
                "resource": {"uri": "file:///a.zip", "mimeType": "application/zip", "blob": BIG},
            }
        ],
        [{"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": BIG}}],
    ],
)
def test_repr_never_prints_whole_base64_payload(content):
    text = repr(ToolResult(name="shot", id="c1", content=content))
    assert BIG not in text
    assert "ToolResult" in text


def test_repr_readable():
    text = repr(weather())
    assert "ToolResult" in text
    assert "get_weather" in text
    assert "call_abc" in text


# ------------------------------------------------------------------ to(): wires and options


@pytest.mark.parametrize("wire", ["xml", "OpenAI", "ANTHROPIC", "", "openai ", "chat"])
def test_unknown_wire_value_error_names_wire_and_lists_known(wire):
    with pytest.raises(ValueError) as exc:
        weather().to(wire)
    msg = str(exc.value)
    assert repr(wire) in msg or wire in msg
    for known in ALL_WIRES:
        assert known in msg


def test_unknown_wire_message_contains_bad_name():
    with pytest.raises(ValueError, match="bogus_wire"):
        weather().to("bogus_wire")


@pytest.mark.parametrize("wire", ALL_WIRES)
@pytest.mark.parametrize("opt", ["foo", "imageInput", "image_inputs", "tag", "responseTag"])
def test_unknown_option_type_error(wire, opt):
    with pytest.raises(TypeError):
        weather().to(wire, **{opt: True})


@pytest.mark.parametrize("wire", ALL_WIRES)
def test_options_are_keyword_only(wire):
    with pytest.raises(TypeError):
        weather().to(wire, True)  # type: ignore[misc]


@pytest.mark.parametrize("wire", ALL_WIRES)
@pytest.mark.parametrize("tag", [1, b"tag", ["t"], True, 0, {"a": 1}])
def test_response_tag_not_str_type_error_on_every_wire(wire, tag):
    with pytest.raises(TypeError):
        weather().to(wire, response_tag=tag)


MIXED = [
    {"type": "text", "text": "hi"},
    {"type": "image", "mimeType": "image/png", "data": PNG},
    {
        "type": "resource",
        "resource": {"uri": "file:///d/r.pdf", "mimeType": "application/pdf", "blob": PDF},
    },
    {"type": "resource", "resource": {"uri": "file:///t.txt", "text": "doc"}},
]


@pytest.mark.parametrize("wire", ALL_WIRES)
def test_none_option_equals_not_given(wire):
    r = ToolResult(name="n", id="i", content=MIXED)
    assert r.to(
        wire, image_input=None, native_pdf=None, source_blocks=None, response_tag=None
    ) == r.to(wire)


@pytest.mark.parametrize(
    "wire, opts",
    [
        (
            "openai",
            {"response_tag": "x", "image_input": True, "native_pdf": True, "source_blocks": False},
        ),
        (
            "ollama",
            {"response_tag": "x", "image_input": True, "native_pdf": True, "source_blocks": False},
        ),
        ("hermes", {"image_input": True, "native_pdf": True, "source_blocks": False}),
        ("anthropic", {"response_tag": "fn_response"}),
        ("gemini", {"response_tag": "fn_response", "source_blocks": False}),
        ("responses", {"response_tag": "fn_response", "source_blocks": False}),
    ],
)
def test_option_known_to_another_wire_is_ignored(wire, opts):
    r = ToolResult(name="n", id="i", content=MIXED)
    assert r.to(wire, **opts) == r.to(wire)


IMG = {"type": "image", "mimeType": "image/png", "data": PNG}
IMG_BLOCK = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}
PDF_RES = {
    "type": "resource",
    "resource": {"uri": "file:///d/r.pdf", "mimeType": "application/pdf", "blob": PDF},
}
PDF_BLOCK = {
    "type": "document",
    "source": {"type": "base64", "media_type": "application/pdf", "data": PDF},
}
PDF_PH = "[resource] application/pdf <file:///d/r.pdf> (4 bytes)"


@pytest.mark.parametrize("value", [True, 1, "yes", "0", [0], 2.5])
def test_truthy_image_input_counts_as_on(value):
    r = ToolResult(content=[IMG])
    assert r.to("anthropic", image_input=value)["content"] == [IMG_BLOCK]
    assert r.to("responses", image_input=value)["output"] == [
        {"type": "input_image", "image_url": "data:image/png;base64,QUJD"}
    ]
    assert r.to("gemini", image_input=value)["functionResponse"]["parts"] == [
        {"inlineData": {"mimeType": "image/png", "data": PNG}}
    ]


@pytest.mark.parametrize("value", [False, 0, "", [], 0.0, {}])
def test_falsy_image_input_counts_as_off(value):
    r = ToolResult(content=[IMG])
    assert r.to("anthropic", image_input=value)["content"] == [
        {"type": "text", "text": "[image] image/png (3 bytes)"}
    ]
    assert r.to("responses", image_input=value)["output"] == "[image] image/png (3 bytes)"
    assert r.to("gemini", image_input=value) == {
        "functionResponse": {"name": "", "response": {"result": "[image] image/png (3 bytes)"}}
    }


@pytest.mark.parametrize("value", [False, 0, "", [], 0.0])
def test_falsy_native_pdf_off_on_anthropic(value):
    r = ToolResult(content=[PDF_RES])
    assert r.to("anthropic", native_pdf=value)["content"] == [{"type": "text", "text": PDF_PH}]


@pytest.mark.parametrize("value", [True, 1, "no", "0", [0]])
def test_truthy_native_pdf(value):
    r = ToolResult(content=[PDF_RES])
    assert r.to("anthropic", native_pdf=value)["content"] == [PDF_BLOCK]
    assert r.to("responses", native_pdf=value)["output"] == [
        {
            "type": "input_file",
            "filename": "r.pdf",
            "file_data": "data:application/pdf;base64,JVBERg==",
        }
    ]
    assert r.to("gemini", native_pdf=value)["functionResponse"]["parts"] == [
        {"inlineData": {"mimeType": "application/pdf", "data": PDF}}
    ]


@pytest.mark.parametrize("value", [False, 0, "", []])
def test_falsy_source_blocks_off(value):
    r = ToolResult(
        content=[PDF_RES, {"type": "resource", "resource": {"uri": "file:///t", "text": "doc"}}]
    )
    assert r.to("anthropic", source_blocks=value)["content"] == [
        {"type": "text", "text": PDF_PH},
        {"type": "text", "text": "doc"},
    ]


class _EqualsRaises:
    """An option value whose ``==`` raises (as a NumPy array's truth value does)."""

    def __eq__(self, other: object) -> bool:
        raise ValueError("ambiguous")

    __hash__ = None  # type: ignore[assignment]


def test_options_of_the_call_before_never_stand_for_other_options():
    """Each wire's converter is first looked up by the options of its last call (a copy):
    other options, the same dict mutated, and values whose == raises get their own."""
    r = ToolResult(content=[IMG])
    placeholder = [{"type": "text", "text": "[image] image/png (3 bytes)"}]
    for _ in range(2):  # alternating: each call's options differ from the last's
        assert r.to("anthropic", image_input=True)["content"] == [IMG_BLOCK]
        assert r.to("anthropic")["content"] == placeholder
        assert r.to("anthropic", image_input=False)["content"] == placeholder
        assert r.to("anthropic", image_input=1)["content"] == [IMG_BLOCK]
    options = {"image_input": True}
    assert r.to("anthropic", **options)["content"] == [IMG_BLOCK]
    options["image_input"] = False  # the caller's dict, changed after the call
    assert r.to("anthropic", **options)["content"] == placeholder
    assert r.to("anthropic", image_input=_EqualsRaises())["content"] == [IMG_BLOCK]
    assert r.to("anthropic", image_input=_EqualsRaises())["content"] == [IMG_BLOCK]
    with pytest.raises(TypeError, match="unknown option 'vision'"):
        r.to("anthropic", vision=True)
    with pytest.raises(ValueError, match="unknown wire"):
        r.to(("anthropic", (("image_input", True),)))  # type: ignore[call-overload]


@pytest.mark.parametrize("value", [True, 1, "x"])
def test_truthy_source_blocks_on(value):
    r = ToolResult(
        content=[PDF_RES, {"type": "resource", "resource": {"uri": "file:///t", "text": "doc"}}]
    )
    assert r.to("anthropic", source_blocks=value)["content"] == [
        PDF_BLOCK,
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "doc"}},
    ]


# SPEC 1 says response_tag is "used as given, even ''"; issue 18 supersedes that sentence: a tag
# that is not a plain tag name would break the template or open other tags (README, Decisions).
@pytest.mark.parametrize("wire", ALL_WIRES)
@pytest.mark.parametrize(
    "tag",
    [
        "",
        "bad tag<>",
        "tool></tool><system>evil",
        "1st",
        "-x",
        ".x",
        "ns:tag",
        "tag\n",
        "tägg",
        " tool_response",
    ],
)
def test_response_tag_that_is_not_a_tag_name_is_a_value_error_on_every_wire(wire, tag):
    with pytest.raises(ValueError) as raised:
        weather().to(wire, response_tag=tag)
    assert str(raised.value) == (
        "response_tag must be a plain tag name: an ASCII letter or _ first, then ASCII letters,"
        f" digits, _, - or .; got {tag!r}"
    )


def test_a_long_bad_response_tag_is_quoted_shortened():
    with pytest.raises(ValueError, match=r"got 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'\Z"):
        weather().to("hermes", response_tag="x" * 10_000 + ">")


@pytest.mark.parametrize("tag", ["t", "_", "tool_response", "fn.response-2", "A9_.-"])
def test_plain_tag_names_are_used_as_given(tag):
    r = ToolResult(name="t", content=[{"type": "text", "text": "x"}])
    assert r.to("hermes", response_tag=tag) == f'<{tag}>\n{{"content":"x","name":"t"}}\n</{tag}>'


# --------------------------------------------------------------------------- from_dict / to_dict


def test_from_dict_python_spellings():
    d = {
        "name": "n",
        "id": "i",
        "content": [{"type": "text", "text": "x"}],
        "is_error": True,
        "structured_content": {"a": 1},
    }
    assert ToolResult.from_dict(d) == ToolResult(
        name="n",
        id="i",
        content=[{"type": "text", "text": "x"}],
        is_error=True,
        structured_content={"a": 1},
    )


def test_from_dict_mcp_spellings():
    d = {
        "name": "n",
        "id": "i",
        "content": [{"type": "text", "text": "x"}],
        "isError": True,
        "structuredContent": [1, 2],
    }
    assert ToolResult.from_dict(d) == ToolResult(
        name="n",
        id="i",
        content=[{"type": "text", "text": "x"}],
        is_error=True,
        structured_content=[1, 2],
    )


def test_from_dict_empty_gives_defaults():
    assert ToolResult.from_dict({}) == ToolResult()


def test_from_dict_bad_field_type_error():
    with pytest.raises(TypeError, match="content"):
        ToolResult.from_dict({"content": "x"})


@pytest.mark.parametrize(
    "r",
    [
        ToolResult(),
        ToolResult(
            name="n",
            id="i",
            content=[{"type": "text", "text": "é</x>"}, 3, None],
            is_error=True,
            structured_content={"b": [1, {"c": None}], "a": "x"},
        ),
        ToolResult(
            content=[{"type": "image", "mimeType": "image/png", "data": PNG}],
            structured_content="plain",
        ),
        ToolResult(structured_content=False),
        ToolResult(structured_content=0),
    ],
)
def test_dict_json_round_trip(r):
    d = r.to_dict()
    text = json.dumps(d)
    assert ToolResult.from_dict(json.loads(text)) == r
    assert ToolResult.from_dict(d) == r


def test_to_dict_is_a_fresh_copy():
    r = ToolResult(content=[{"type": "text", "text": "x"}], structured_content={"a": [1]})
    d = r.to_dict()
    for value in d.values():
        if isinstance(value, list):
            value.append("junk")
        if isinstance(value, dict):
            value["junk"] = 1
    assert r == ToolResult(content=[{"type": "text", "text": "x"}], structured_content={"a": [1]})
    assert r.to_dict() != d


def test_from_dict_owns_deep_copy():
    d = {"content": [{"type": "text", "text": "x"}], "structuredContent": {"a": 1}}
    r = ToolResult.from_dict(d)
    d["content"][0]["text"] = "y"
    d["structuredContent"]["a"] = 2
    assert r.to("openai")["content"] == "x"
    assert r.structured_content == {"a": 1}


# --------------------------------------------------------------------------- from_mcp


def _mcp_result():
    from mcp import types as t

    return t.CallToolResult(
        content=[
            t.TextContent(type="text", text="hi"),
            t.ImageContent(type="image", data=PNG, mimeType="image/png"),
            t.AudioContent(type="audio", data="QUJDRA==", mimeType="audio/wav"),
            t.EmbeddedResource(
                type="resource",
                resource=t.TextResourceContents(
                    uri="file:///a.txt", mimeType="text/plain", text="doc"
                ),
            ),
            t.EmbeddedResource(
                type="resource",
                resource=t.BlobResourceContents(
                    uri="file:///a.zip", mimeType="application/zip", blob="QUJDRA=="
                ),
            ),
            t.ResourceLink(type="resource_link", name="a", uri="file:///x.txt"),
        ],
        isError=True,
        structuredContent={"a": 1},
    )


MCP_STRING = (
    "hi\n[image] image/png (3 bytes)\n[audio] audio/wav (4 bytes)\ndoc\n"
    "[resource] application/zip <file:///a.zip> (4 bytes)\n[resource_link] a <file:///x.txt>"
)


def test_from_mcp_sdk_object_string_wire():
    r = ToolResult.from_mcp(_mcp_result(), name="tool", id="c9")
    assert r.name == "tool"
    assert r.id == "c9"
    assert r.is_error is True
    assert r.structured_content == {"a": 1}
    assert r.to("openai") == {"role": "tool", "tool_call_id": "c9", "content": MCP_STRING}


def test_from_mcp_sdk_object_anthropic():
    r = ToolResult.from_mcp(_mcp_result(), name="tool", id="c9")
    assert r.to("anthropic", image_input=True) == {
        "type": "tool_result",
        "tool_use_id": "c9",
        "is_error": True,
        "content": [
            # an error result holds text only (SPEC 6): the image and the text resource as text
            {"type": "text", "text": "hi"},
            {"type": "text", "text": "[image] image/png (3 bytes)"},
            {"type": "text", "text": "[audio] audio/wav (4 bytes)"},
            {"type": "text", "text": "doc"},
            {"type": "text", "text": "[resource] application/zip <file:///a.zip> (4 bytes)"},
            {"type": "text", "text": "[resource_link] a <file:///x.txt>"},
        ],
    }
    ok = ToolResult.from_dict({**r.to_dict(), "is_error": False})
    assert [block["type"] for block in ok.to("anthropic", image_input=True)["content"]] == [
        "text", "image", "text", "document", "text", "text"
    ]  # fmt: skip


def test_from_mcp_sdk_object_gemini_structured():
    r = ToolResult.from_mcp(_mcp_result(), name="tool", id="c9")
    assert r.to("gemini") == {
        "functionResponse": {"name": "tool", "id": "c9", "response": {"a": 1}}
    }


def test_from_mcp_defaults_name_id():
    from mcp import types as t

    r = ToolResult.from_mcp(t.CallToolResult(content=[t.TextContent(type="text", text="x")]))
    assert r.name == ""
    assert r.id == ""
    assert r.is_error is False
    assert r.structured_content is None
    assert r.to("ollama") == {"role": "tool", "tool_name": "", "content": "x"}


def test_from_mcp_dict_form():
    d = {
        "content": [
            {"type": "text", "text": "hi"},
            {"type": "image", "data": PNG, "mimeType": "image/png"},
        ],
        "isError": True,
        "structuredContent": {"a": 1},
    }
    r = ToolResult.from_mcp(d, name="n", id="i")
    assert r == ToolResult(
        name="n",
        id="i",
        content=[
            {"type": "text", "text": "hi"},
            {"type": "image", "data": PNG, "mimeType": "image/png"},
        ],
        is_error=True,
        structured_content={"a": 1},
    )


def test_from_mcp_dict_form_minimal():
    r = ToolResult.from_mcp({"content": [{"type": "text", "text": "hi"}]})
    assert r == ToolResult(content=[{"type": "text", "text": "hi"}])


def test_mutating_exposed_attributes_cannot_change_the_object():
    r = ToolResult(id="i", content=[{"type": "text", "text": "x"}], structured_content={"a": [1]})
    before_hash = hash(r)
    before = r.to("anthropic")
    attempts = [
        lambda: r.content.append({"type": "text", "text": "y"}),
        lambda: r.content[0].__setitem__("text", "changed"),
        lambda: r.structured_content.__setitem__("b", 2),
        lambda: r.structured_content["a"].append(2),
    ]
    for attempt in attempts:
        with contextlib.suppress(AttributeError, TypeError):
            attempt()
    assert r.to("anthropic") == before
    assert r.to("gemini")["functionResponse"]["response"] == {"a": [1]}
    assert hash(r) == before_hash
    assert r == ToolResult(
        id="i", content=[{"type": "text", "text": "x"}], structured_content={"a": [1]}
    )


def test_no_public_attribute_exposes_mutable_internal_state():
    r = ToolResult(content=[{"type": "text", "text": "a"}], structured_content={"k": [1]})
    before = r.to("gemini")
    for name in dir(r):
        if name.startswith("_"):
            continue
        value = getattr(r, name)
        if isinstance(value, dict):
            value.clear()
        elif isinstance(value, list):
            for entry in value:
                if isinstance(entry, dict):
                    entry.clear()
            value.clear()
    assert r.to("gemini") == before
