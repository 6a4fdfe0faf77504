"""Token budgets (issue 27): ``to(wire, max_tokens=N)`` and friends, exact blocks and markers.

Every figure here is the estimate of ``estimate_tokens`` (the wire's own rules); the
properties over random results are in ``test_fitting_properties.py``.
"""

from __future__ import annotations

import base64
import json
import sys

import pytest
from helpers import jpeg_base64

from toolresult_lab import WIRES, ToolResult
from toolresult_lab.budgets.costs import estimate_tokens
from toolresult_lab.budgets.cutting import cut_plain, plain_marker, text_piece
from toolresult_lab.budgets.shares import share

LINES = "".join(f"line {i:03d}\n" for i in range(100))  # 900 characters
PLAIN = ToolResult(id="c1", name="log", content=[{"type": "text", "text": LINES}])
HITS = [{"id": i, "title": f"hit {i}"} for i in range(50)]
SEARCH = ToolResult(id="c1", name="search", content=[{"type": "text", "text": json.dumps(HITS)}])
HITS_CUT = (
    '[{"id":0,"title":"hit 0"},{"id":1,"title":"hit 1"},"[… 46 items left out …]",'
    '{"id":48,"title":"hit 48"},{"id":49,"title":"hit 49"}]'
)
# per wire: (tokens before, tokens after, characters left out of LINES at max_tokens=60)
PLAIN_FIGURES = {
    "openai": (262, 60, 760),
    "anthropic": (270, 60, 788),
    "gemini": (268, 60, 781),
    "ollama": (267, 60, 777),
    "responses": (265, 60, 770),
    "hermes": (265, 60, 771),
    "bedrock": (265, 60, 770),
}
SEARCH_FIGURES = {
    "openai": (470, 52),
    "anthropic": (478, 60),
    "gemini": (477, 58),
    "ollama": (476, 57),
    "responses": (473, 54),
    "hermes": (474, 56),
    "bedrock": (473, 54),
}


def _plain_cut(left_out: int) -> str:
    ends = len(LINES) - left_out
    head, tail = ends - ends // 2, ends // 2
    return LINES[:head] + plain_marker(left_out) + LINES[len(LINES) - tail :]


@pytest.mark.parametrize("wire", WIRES)
def test_plain_text_keeps_its_head_and_tail_on_every_wire(wire):
    before, after, left_out = PLAIN_FIGURES[wire]
    assert estimate_tokens(PLAIN, wire).total == before
    assert estimate_tokens(PLAIN, wire, max_tokens=60).total == after
    (record,) = PLAIN.explain(wire, max_tokens=60)
    expected = _plain_cut(left_out)
    assert record.texts == (expected,)
    assert record.outcome == "truncated"
    ends = len(expected) - len(plain_marker(left_out))
    assert record.reason == (
        f"cut to fit max_tokens=60 (≈ {before} tokens before): kept the first "
        f"{ends - ends // 2} and last {ends // 2} of 900 characters around a marker, "
        f"left out {left_out} (≈ 225 → {-(-len(expected) // 4)} tokens)"
    )
    assert PLAIN.to(wire, max_tokens=60) == PLAIN.explain(wire, max_tokens=60).block


def test_the_plain_cut_block_on_openai_exactly():
    assert PLAIN.to("openai", max_tokens=60) == {
        "role": "tool",
        "tool_call_id": "c1",
        "content": "line 000\nline 001\nline 002\nline 003\nline 004\nline 005\nline 006\nline 00"
        "\n[… 760 characters left out …]\n"
        "ne 092\nline 093\nline 094\nline 095\nline 096\nline 097\nline 098\nline 099\n",
    }


@pytest.mark.parametrize("wire", WIRES)
def test_a_json_array_keeps_head_and_tail_items_on_every_wire(wire):
    before, after = SEARCH_FIGURES[wire]
    assert estimate_tokens(SEARCH, wire).total == before
    assert estimate_tokens(SEARCH, wire, max_tokens=60).total == after
    (record,) = SEARCH.explain(wire, max_tokens=60)
    assert record.texts == (HITS_CUT,)
    assert json.loads(HITS_CUT)[2] == "[… 46 items left out …]"
    assert record.outcome == "truncated"
    assert record.reason == (
        f"cut to fit max_tokens=60 (≈ {before} tokens before): kept 131 of 1,530 characters "
        "as valid JSON, left out 46 array items (≈ 383 → 33 tokens)"
    )


def test_the_json_cut_block_on_hermes_exactly():
    escaped = HITS_CUT.replace('"', '\\"')
    assert SEARCH.to("hermes", max_tokens=60) == (
        f'<tool_response>\n{{"content":"{escaped}","name":"search"}}\n</tool_response>'
    )


def test_long_strings_inside_json_keep_their_head_and_tail():
    piece = text_piece(json.dumps({"title": "t", "body": "a" * 500 + "b" * 500}))
    assert piece is not None
    value, cut = piece.cut(120)
    assert value == {"title": "t", "body": "a" * 32 + "[… 936 characters left out …]" + "b" * 32}
    assert len(cut.text) <= 120
    assert cut.describe() == (
        "kept 116 of 1,026 characters as valid JSON, left out 936 characters of strings"
    )


def test_objects_keep_their_first_keys_and_a_marker_key():
    piece = text_piece(json.dumps({f"k{i}": i for i in range(40)}))
    assert piece is not None
    value, cut = piece.cut(40)
    assert value == {"k0": 0, "k1": 1, "[…]": "38 keys left out"}
    assert cut.keys == 38


def test_json_too_big_for_its_shape_becomes_one_json_string():
    piece = text_piece(json.dumps([[i] * 3 for i in range(10_000)]))
    assert piece is not None
    assert piece.minimum() == '["[… 10,000 items left out …]"]'
    value, cut = piece.cut(10)  # below the minimum: the minimum
    assert json.loads(cut.text) == value


def test_plain_cut_below_the_marker_is_the_marker():
    assert cut_plain("x" * 1000, 5).text == plain_marker(1000)
    assert cut_plain("short", 5).text == "short"


def test_an_image_is_kept_whole_or_replaced_whole():
    image = jpeg_base64(64, 48)
    result = ToolResult(
        id="c1",
        content=[
            {"type": "text", "text": "x" * 2000},
            {"type": "image", "mimeType": "image/jpeg", "data": image},
        ],
    )
    opts = {"image_input": True}
    assert estimate_tokens(result, "anthropic", **opts).total == 546
    # keep="text" (default): the image goes first, then the text is cut
    text_first = result.explain("anthropic", max_tokens=400, **opts)
    assert [r.outcome for r in text_first] == ["truncated", "placeholder"]
    placeholder = f"[image] image/jpeg ({len(base64.b64decode(image))} bytes)"  # a noisy JPEG
    assert text_first.block["content"][1] == {"type": "text", "text": placeholder}
    assert text_first[1].reason == (
        "replaced whole by its placeholder to fit max_tokens=400 (≈ 546 tokens before): "
        f"the payload is never cut ({placeholder})"
    )
    # keep="media": the text is cut, the image goes whole
    media_first = result.explain("anthropic", max_tokens=400, keep="media", **opts)
    assert [r.outcome for r in media_first] == ["truncated", "native"]
    assert media_first.block["content"][1]["source"]["data"] == image
    fitted = estimate_tokens(result, "anthropic", max_tokens=400, keep="media", **opts).total
    assert 400 - 400 // 64 <= fitted <= 400  # within 1/64 of the budget: close enough


def test_structured_content_is_cut_like_json_and_noted():
    result = ToolResult(
        id="c1",
        name="f",
        structured_content={"rows": [{"n": i} for i in range(100)], "total": 100},
    )
    explained = result.explain("gemini", max_tokens=40)
    assert explained.block == {
        "functionResponse": {
            "name": "f",
            "id": "c1",
            "response": {
                "rows": [
                    *({"n": n} for n in (0, 1, 2)),
                    "[… 94 items left out …]",
                    *({"n": n} for n in (97, 98, 99)),
                ],
                "total": 100,
            },
        }
    }
    assert explained.notes[-1].field == "structured_content"
    assert explained.notes[-1].outcome == "truncated"
    assert explained.notes[-1].reason == (
        "cut to fit max_tokens=40 (≈ 242 tokens before): kept 99 of 912 characters as "
        "valid JSON, left out 94 array items"
    )
    assert result.to("openai", max_tokens=40)["content"] == (
        '{"rows":[{"n":0},{"n":1},"[… 96 items left out …]",{"n":98},{"n":99}],"total":100}'
    )


def test_an_impossible_budget_names_the_minimum():
    result = ToolResult(id="c1", name="f", structured_content={"rows": list(range(100))})
    with pytest.raises(ValueError, match=r"max_tokens=3 is below the minimum of 23 tokens"):
        result.to("gemini", max_tokens=3)


@pytest.mark.parametrize(
    ("value", "error"),
    [(1.5, TypeError), (True, TypeError), ("8000", TypeError), (-1, ValueError)],
)
def test_a_bad_budget_is_a_clear_error(value, error):
    with pytest.raises(error, match="max_tokens"):
        PLAIN.to("openai", max_tokens=value)


def test_a_bad_keep_is_a_clear_error():
    with pytest.raises(ValueError, match="keep must be one of text, media"):
        PLAIN.to("openai", max_tokens=60, keep="images")  # type: ignore[arg-type]


@pytest.mark.parametrize("wire", WIRES)
def test_a_block_that_fits_is_unchanged(wire):
    fits = estimate_tokens(SEARCH, wire).total
    assert SEARCH.to(wire, max_tokens=fits) == SEARCH.to(wire)
    assert SEARCH.explain(wire, max_tokens=fits) == SEARCH.explain(wire)


def test_to_all_fits_every_wire():
    blocks = SEARCH.to_all(max_tokens=60)
    assert blocks == {wire: SEARCH.to(wire, max_tokens=60) for wire in WIRES}
    assert SEARCH.to_all() == {wire: SEARCH.to(wire) for wire in WIRES}


def test_share_gives_floors_then_proportions():
    assert share([100, 300], 200) == [50, 150]
    assert share([100, 300], 200, floors=[80, 0]) == [87, 112]
    assert share([100, 300], 1000) == [100, 300]
    assert share([100, 300], 50, floors=[40, 40]) == [40, 40]


DEEP = "[" * 900 + "]" * 900  # within simdjson's 1,024 levels: read, built with room


@pytest.mark.parametrize("wire", WIRES)
@pytest.mark.parametrize(
    "text",
    [
        "[" + ",".join([DEEP] * 200) + "]",
        '{"r": [' + ",".join([DEEP] * 200) + '], "t": ' + DEEP + "}",
        "[" * 950 + '"' + "x" * 300_000 + '"' + "]" * 950,  # no cut at all can walk it
    ],
    ids=["array", "object", "one-deep-string"],
)
def test_json_nested_deeper_than_the_cut_walks_degrades(wire, text):
    """900 levels and more, which Python's recursion may not walk to cut (it raised
    RecursionError out of ``to()`` at 60,000 tokens): a cut that cannot be walked counts as
    too long, and where none can, the text is replaced whole by its marker, still JSON.
    Python 3.12+ inlines list comprehensions (PEP 709), one frame a level instead of two, so
    it walks 950 levels and cuts the string inside; 3.10 and 3.11 replace the text whole."""
    result = ToolResult(id="c", content=[{"type": "text", "text": text}])
    for budget in (2_000, 60_000):
        explained = result.explain(wire, max_tokens=budget)
        (kept,) = explained[0].texts
        value = json.loads(kept)
        assert estimate_tokens(result, wire, max_tokens=budget).total <= budget
        if not text.startswith("[" * 950):
            continue
        if sys.version_info < (3, 12):
            assert value == f"[JSON array of {len(text):,} characters left out]"
            assert "replaced all" in explained[0].reason
        else:
            for _ in range(950):
                (value,) = value
            assert isinstance(value, str) and value.startswith("xxx") and len(value) < 300_000
            assert "characters of strings" in explained[0].reason
