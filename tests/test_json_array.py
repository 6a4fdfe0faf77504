"""A long JSON array read item by item (json_array): the same items and the same failures
as ``json.loads``, the same cuts as the array parsed whole, bounded on hostile text."""

from __future__ import annotations

import json
import sys
import threading
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolresult_lab import ToolResult
from toolresult_lab.budgets import cutting, json_array
from toolresult_lab.budgets.json_array import read_array, reject_constant

# Values whose texts hold every trap of a backwards walk: commas, brackets and escaped
# quotes inside strings, nested arrays and objects, whitespace of every JSON kind.
TRAPS = st.sampled_from(['",', "[", "]", "{", "}", ":", '\\"', "\\\\", ", ", '"], ["'])
STRINGS = st.lists(st.one_of(TRAPS, st.text(max_size=4)), max_size=6).map("".join)
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=False), STRINGS
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(STRINGS, inner, max_size=4)
    ),
    max_leaves=20,
)


#: Every test twice: the text checked by simdjson and by the C decoder alone (conftest).
pytestmark = pytest.mark.usefixtures("checker")


def spaced(text: str, space: str) -> str:
    """``text`` with JSON whitespace after each structural character outside strings."""
    out, inside, escaped = [], False, False
    for char in text:
        out.append(char)
        if inside:
            inside = escaped or char != '"'
            escaped = not escaped and char == "\\"
        elif char == '"':
            inside = True
        elif char in "[]{},:":
            out.append(space)
    return "".join(out)


def broken_text(text: str, data: st.DataObject) -> str:
    """``text`` broken one way or another: cut short, a character lost or put in, something
    after it, a byte-order mark before it, a ``NaN``."""
    at = data.draw(st.integers(0, len(text) - 1))
    return data.draw(
        st.sampled_from(
            [
                text[:at],  # unterminated
                text[:at] + text[at + 1 :],  # a character lost
                text[:at] + data.draw(st.sampled_from(list('",[]{}:\\ x0\x01'))) + text[at:],
                text + data.draw(st.sampled_from(["", " ", ",", "]", "}", "x", "\v"])),
                "\ufeff" + text,
                text.replace("1", "NaN", 1),
            ]
        )
    )


def loads(text: str) -> object:
    try:
        return json.loads(text, parse_constant=reject_constant)
    except (ValueError, RecursionError):
        return None


def check_items(text: str, order: list[int]) -> None:
    expected = loads(text)
    array = read_array(text)
    if not isinstance(expected, list):
        assert array is None
        return
    assert array is not None and len(array) == len(expected)
    for number in order:
        if number < len(expected):
            assert array.item(number) == expected[number]
    assert [array.item(n) for n in reversed(range(len(array)))] == expected[::-1]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(VALUES, max_size=12),
    st.sampled_from(["", " ", "\n\t", "\r\n  "]),
    st.lists(st.integers(0, 12), max_size=6),
)
def test_items_are_those_json_loads_builds(items, space, order):
    check_items(spaced(json.dumps(items, ensure_ascii=False), space), order)


@settings(max_examples=100, deadline=None)
@given(st.lists(VALUES, min_size=1, max_size=8), st.data())
def test_a_broken_array_fails_where_json_loads_fails(items, data):
    broken = broken_text(json.dumps(items), data)
    check_items(broken, data.draw(st.lists(st.integers(0, 8), max_size=4)))


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        " [ ] ",
        '["a,", ",b"]',
        '["x\\", 2, \\"y", 1]',
        '[1, ["a", 1], 2]',
        "[[1, [2, [3, [4]]]], [5]]",
        '[{"a": [1, 2], "b": "], [\\""}, 3, "]"]',
        "[1,2,\n3\t,\r4 ]\n",
    ],
)
def test_items_of_awkward_arrays(text):
    check_items(text, [0, 3, 1])


def test_cuts_are_those_of_the_array_parsed_whole(monkeypatch):
    hits = [
        {"id": i, "title": f"Result {i}, [x]", "snippet": '"quoted", ' * (i % 7), "n": [i] * 3}
        for i in range(3_000)
    ]
    text = json.dumps(hits)
    lazy = cutting.text_piece(text)
    monkeypatch.setattr(cutting, "_LAZY_FROM", len(text) + 1)
    eager = cutting.text_piece(text)
    assert lazy is not None and eager is not None
    assert isinstance(lazy.value, cutting.LazyArray) and isinstance(eager.value, list)
    assert lazy.minimum() == eager.minimum() == '["[… 3,000 items left out …]"]'
    for limit in (10, 40, 400, 5_000, 60_000, 300_000, len(text) - 1, len(text) * 2):
        assert lazy.cut(limit) == eager.cut(limit)
    result = ToolResult(id="c", name="s", content=[{"type": "text", "text": text}])
    cut = result.to("openai", max_tokens=2_000)
    monkeypatch.setattr(cutting, "_LAZY_FROM", 1)
    assert result.to("openai", max_tokens=2_000) == cut


def test_an_array_too_long_to_keep_whole_is_read_lazily():
    text = json.dumps([{"k": i} for i in range(10_000)])
    piece = cutting.text_piece(text)
    assert piece is not None and isinstance(piece.value, cutting.LazyArray)
    value, cut = piece.cut(60)
    assert value == [{"k": 0}, "[… 9,998 items left out …]", {"k": 9_999}]
    assert cut.items == 9_998


def items_read(text: str) -> list[Any]:
    """The first, middle and last item of ``text`` as ``read_array`` gives them (its time on
    these inputs is ``benchmarks/bench_hostile.py``'s to print, never asserted here)."""
    array = read_array(text)
    if array is None:
        return []
    return [array.item(number) for number in (0, len(array) // 2, len(array) - 1)]


@pytest.mark.parametrize(
    "text",
    [
        "[" * 200_000,  # unterminated nesting past the recursion limit
        "[" * 100_000 + "]" * 100_000,  # closed, still too deep for json.loads
        '["' + "," * 2_000_000 + '"]',  # a huge string of commas: each a candidate
        '["' + "1," * 1_000_000 + '"]',
        "[1," + '"x",' * 300_000,  # unterminated after many items
        "[0, " + "[1, " * 900 + "2" + "]" * 900 + "]",  # the tail nests: walking back gives up
    ],
)
def test_hostile_arrays_are_read_in_bounded_time(text):
    expected = loads(text)
    array = read_array(text)
    assert (array is None) == (not isinstance(expected, list))
    if isinstance(expected, list) and expected:
        middle = expected[len(expected) // 2]
        assert items_read(text) == [expected[0], middle, expected[-1]]


def test_nesting_simdjson_accepts_past_python_s_limit_is_built_not_refused(checker: str) -> None:
    """1,000 levels: within simdjson's 1,024, past what ``json.loads`` reaches with Python's
    default recursion limit on 3.10 and 3.11. Checked by simdjson, the items are built with the
    limit raised for the build alone; the C decoder alone decides as ``json.loads`` does."""
    deep = "[" * 1_000 + "]" * 1_000
    text = f"[{deep}, 1]"
    limit = sys.getrecursionlimit()
    array = read_array(text)
    if checker == "json":  # as json.loads: refused on 3.10 and 3.11, read on 3.12 and later
        assert (array is None) == (loads(text) is None)
        if array is None:
            return
    assert array is not None and len(array) == 2
    first = array.item(0)
    depth = 0
    while isinstance(first, list) and first:
        first, depth = first[0], depth + 1
    assert (depth, first, array.item(1)) == (999, [], 1)
    assert sys.getrecursionlimit() == limit


def test_a_text_simdjson_refuses_is_left_to_json_s_check(checker: str) -> None:
    """Big integers, ``1e999`` and an escaped lone surrogate: ``json.loads`` takes them."""
    for text in ("[18446744073709551616, 2]", "[1e999, 2]", '["\\ud800", 2]'):
        array = read_array(text)
        assert array is not None and len(array) == 2
        assert array.item(0) == json.loads(text)[0] and array.item(1) == 2


def test_the_kept_parser_serves_threads_and_long_texts(
    checker: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """simdjson's parser is kept for texts up to ``KEEP`` bytes and lent to one thread at a
    time; a longer text, or a thread that finds it lent, gets a new one. Every array is
    read right whichever parser reads it, a broken one in between included."""
    texts = [json.dumps(list(range(n))) for n in (0, 1, 500, 20_000)]
    broken = texts[3][:-1]
    results: list[list[int | None]] = []

    def read_all() -> None:
        found = []
        for _ in range(20):
            for text in (*texts, broken):
                array = read_array(text)
                found.append(None if array is None else len(array))
        results.append(found)

    threads = [threading.Thread(target=read_all) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [[0, 1, 500, 20_000, None] * 20] * 4
    monkeypatch.setattr(json_array, "_PARSERS", json_array._Parsers())
    monkeypatch.setattr(json_array._Parsers, "KEEP", 1000)
    assert len(read_array(texts[3])) == 20_000  # type: ignore[arg-type]
    assert json_array._PARSERS._kept is None  # longer than KEEP: a parser of its own
    assert len(read_array(json.dumps(list(range(100))))) == 100  # type: ignore[arg-type]
    kept = json_array._PARSERS._kept is not None
    assert kept is (checker == "simdjson")


def test_an_item_far_from_both_ends_is_taken_from_the_array_built_whole() -> None:
    """An item more than ``_WALK`` items from the ends known so far comes from the array
    built once by the C decoder (a walk to the middle of a million items took 7.4 s);
    one within it is walked to, the rest never built."""
    values = [{"i": i, "s": f"{i}, ]"} for i in range(20_000)]
    text = json.dumps(values)
    near = read_array(text)
    assert near is not None
    assert near.item(json_array._WALK - 1) == values[json_array._WALK - 1]
    assert near.item(20_000 - json_array._WALK) == values[20_000 - json_array._WALK]
    assert near._all is None
    far = read_array(text)
    assert far is not None
    assert far.item(10_000) == values[10_000]
    assert far._all == values
    assert [far.item(n) for n in (0, 9_999, 19_999)] == [values[0], values[9_999], values[19_999]]
