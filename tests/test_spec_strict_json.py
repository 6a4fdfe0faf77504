"""SPEC section 6, last two bullets: strict JSON and valid UTF-8 on every input; deep nesting
is a clear error.

Every block is strict JSON that encodes as UTF-8: NaN and +-Infinity become ``null``; a lone
surrogate (U+D800..U+DFFF) in any string becomes U+FFFD; bytes are decoded as UTF-8 with
replacement; any other non-JSON value is ``"[unsupported]"``, never a ``repr``. Content or
structured content nested deeper than the toolkit supports is a ``ValueError`` naming the
field at construction; at least 200 levels are accepted.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolresult_lab import WIRES, ToolResult
from toolresult_lab.conversion.encoding import MAX_DEPTH

DETERMINISTIC = settings(
    derandomize=True,
    max_examples=300,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"image_input": True, "native_pdf": True},
    {"image_input": True, "native_pdf": False, "source_blocks": False},
]


def strict(block: Any) -> bytes:
    """What the SPEC promises of every block: strict JSON text that encodes as UTF-8."""
    return json.dumps(block, allow_nan=False).encode("utf-8")


def every_block(result: ToolResult) -> list[Any]:
    return [result.to(wire, **options) for wire in WIRES for options in OPTION_SETS]


def T(text: Any) -> dict[str, Any]:
    return {"type": "text", "text": text}


# -- NaN and Infinity become null ------------------------------------------------------------


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_non_finite_floats_become_null_in_structured_content(value):
    r = ToolResult(name="n", structured_content={"v": value, "ok": 1.5})
    assert r.structured_content == {"v": None, "ok": 1.5}
    assert r.to("gemini")["functionResponse"]["response"] == {"v": None, "ok": 1.5}
    assert r.to("openai")["content"] == '{"ok":1.5,"v":null}'
    assert r.to("anthropic")["content"] == '{"ok":1.5,"v":null}'
    assert r.to("hermes") == (
        '<tool_response>\n{"content":"{\\"ok\\":1.5,\\"v\\":null}","name":"n"}\n</tool_response>'
    )
    for block in every_block(r):
        strict(block)


def test_non_finite_floats_inside_content_become_null():
    native = {
        "type": "search_result",
        "title": "t",
        "source": "s",
        "content": [T("x")],
        "score": math.nan,
    }
    r = ToolResult(content=[native, T(math.inf)])
    assert r.to("anthropic")["content"][0]["score"] is None
    # the value is null from the start, and a text block whose text is null sends "" (SPEC 2)
    assert r.content[1] == {"type": "text", "text": None}
    assert r.to("openai")["content"] == "[search_result] t <s>\nx\n"
    for block in every_block(r):
        strict(block)


def test_a_bare_non_finite_structured_value_is_null():
    r = ToolResult(structured_content=math.nan)
    assert r.structured_content is None  # None means absent: NaN was not a value
    assert r.to("openai")["content"] == ""


# -- lone surrogates become U+FFFD -----------------------------------------------------------


def test_lone_surrogates_in_text_become_replacement_characters():
    r = ToolResult(name="t\udc80", id="c\ud800", content=[T("a\ud800b"), T("\udfff")])
    assert r.name == "t\ufffd"
    assert r.id == "c\ufffd"
    assert r.to("openai")["content"] == "a\ufffdb\n\ufffd"
    assert r.to("anthropic")["content"] == [T("a\ufffdb"), T("\ufffd")]
    for block in every_block(r):
        strict(block)


def test_a_surrogate_pair_written_as_two_code_points_is_two_replacements():
    # SPEC 7 edge cases: any code point U+D800..U+DFFF in a Python str
    r = ToolResult(content=[T("\ud83d\ude00")])
    assert r.to("openai")["content"] == "\ufffd\ufffd"


def test_surrogates_in_keys_and_nested_values():
    r = ToolResult(structured_content={"k\ud800": ["v\udc00", {"x": "\ud800"}]})
    assert r.structured_content == {"k\ufffd": ["v\ufffd", {"x": "\ufffd"}]}
    for block in every_block(r):
        strict(block)


def test_escaped_surrogates_in_text_are_text_and_stay():
    r = ToolResult(content=[T('{"s": "\\ud800"}')])
    assert r.to("openai")["content"] == '{"s": "\\ud800"}'


# -- bytes are decoded, anything else is [unsupported] ------------------------------------------


def test_bytes_are_decoded_as_utf8_with_replacement():
    r = ToolResult(content=[T(b"\xff\xfehello"), T(bytearray(b"K\xc3\xb6ln"))])
    assert r.to("openai")["content"] == "\ufffd\ufffdhello\nKöln"
    assert "b'" not in r.to("hermes")
    r = ToolResult(structured_content={"raw": b"abc"})
    assert r.structured_content == {"raw": "abc"}


@pytest.mark.parametrize("value", [{1, 2}, frozenset(), object(), 3 + 4j, Ellipsis])
def test_other_non_json_values_are_unsupported_never_a_repr(value):
    r = ToolResult(content=[T(value)], structured_content={"v": value})
    assert r.structured_content == {"v": "[unsupported]"}
    assert r.to("openai")["content"] == "[unsupported]"
    for block in every_block(r):
        assert repr(value) not in json.dumps(block)
        strict(block)


def test_non_str_keys_are_written_as_json_writes_them():
    r = ToolResult(structured_content={1: "a", None: "b", False: "c", 2.5: "d"})
    assert r.structured_content == {"1": "a", "null": "b", "false": "c", "2.5": "d"}


def test_tuples_are_lists():
    r = ToolResult(content=[T("a")], structured_content={"t": (1, (2, 3))})
    assert r.structured_content == {"t": [1, [2, 3]]}


def test_strict_values_are_also_what_content_returns():
    r = ToolResult(content=[{"type": "image", "data": b"QUJD", "mimeType": "image/png"}])
    assert r.content == [{"type": "image", "data": "QUJD", "mimeType": "image/png"}]
    assert r.to("anthropic", image_input=True)["content"][0]["type"] == "image"


# -- deep nesting ----------------------------------------------------------------------------------


def nested(depth: int, leaf: Any = "x") -> Any:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def test_at_least_200_levels_are_accepted():
    """MAX_DEPTH containers, the field's own list or dict counted as the first."""
    assert MAX_DEPTH >= 200
    deep = nested(MAX_DEPTH)
    entry = {"type": "text", "text": "a", "extra": nested(MAX_DEPTH - 2)}  # list, dict, 254
    r = ToolResult(content=[entry], structured_content=deep)
    assert r.structured_content == deep
    for block in every_block(r):
        strict(block)


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5_000])
def test_deeper_content_is_a_value_error_naming_the_field(depth):
    with pytest.raises(ValueError, match=r"ToolResult\.content is nested deeper than 256 levels"):
        ToolResult(content=[{"type": "text", "text": "a", "extra": nested(depth - 2)}])
    with pytest.raises(
        ValueError, match=r"ToolResult\.structured_content is nested deeper than 256 levels"
    ):
        ToolResult(structured_content=nested(depth))


def test_deep_nesting_of_dicts_counts_too():
    value: Any = "x"
    for _ in range(1_000):
        value = {"k": value}
    with pytest.raises(ValueError, match="structured_content"):
        ToolResult(structured_content=value)


# -- the property: every block of every wire is strict JSON, for arbitrary Python input -----------

ANY_TEXT = st.text(alphabet=st.characters(codec=None, min_codepoint=0), max_size=8)
LEAVES = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()  # NaN and infinities included
    | ANY_TEXT  # lone surrogates included
    | st.binary(max_size=8)
    | st.builds(set)
    | st.builds(object)
)
VALUES = st.recursive(
    LEAVES,
    lambda children: (
        st.lists(children, max_size=3)
        | st.tuples(children, children)
        | st.dictionaries(ANY_TEXT | st.integers(), children, max_size=3)
    ),
    max_leaves=8,
)
BLOCK_TYPES = st.sampled_from(
    ["text", "image", "audio", "resource", "resource_link", "document", "search_result", "x"]
)


@st.composite
def blocks(draw: st.DrawFn) -> Any:
    """MCP-shaped blocks whose every field may be any Python value (and some that are not
    blocks at all), wrapped in nesting now and then."""
    if draw(st.booleans()):
        return draw(VALUES)
    block: dict[Any, Any] = {"type": draw(BLOCK_TYPES | VALUES)}
    for key in draw(
        st.lists(
            st.sampled_from(
                [
                    "text",
                    "data",
                    "mimeType",
                    "uri",
                    "name",
                    "title",
                    "source",
                    "content",
                    "resource",
                    "cache_control",
                    "annotations",
                ]
            ),
            max_size=5,
        )
    ):
        block[key] = draw(VALUES)
    if block["type"] == "resource" and draw(st.booleans()):
        block["resource"] = {
            "uri": draw(VALUES),
            "mimeType": draw(VALUES | st.just("text/plain")),
            draw(st.sampled_from(["text", "blob"])): draw(VALUES),
        }
    return block


@DETERMINISTIC
@given(
    content=st.lists(blocks(), max_size=4),
    structured=VALUES | st.none(),
    name=ANY_TEXT,
    call_id=ANY_TEXT,
    depth=st.integers(0, 40),
)
def test_every_block_of_every_wire_is_strict_json(content, structured, name, call_id, depth):
    r = ToolResult(
        name=name,
        id=call_id,
        content=[nested(depth, c) for c in content],
        structured_content=structured,
    )
    for wire in WIRES:
        for options in OPTION_SETS:
            strict(r.to(wire, **options))
            for e in r.explain(wire, **options):
                strict(e.part)
