"""A JSON object whose long array member is read item by item (json_object): the same
value and the same failures as ``json.loads``, the same cuts as the object parsed whole,
bounded on hostile text, and the fit of a 10 MB listing under ``{"results": ...}``."""

from __future__ import annotations

import json
from typing import Any

import pytest
import simdjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_json_array import STRINGS, VALUES, broken_text, loads, spaced

from toolresult_lab import WIRES, ToolResult
from toolresult_lab.budgets import cutting
from toolresult_lab.budgets.json_array import LazyArray
from toolresult_lab.budgets.json_object import read_object

LONG = 8  # arrays this long are read lazily here (the fit: 64 KiB)


#: Every test twice: the array checked by simdjson and by the C decoder alone (conftest).
pytestmark = pytest.mark.usefixtures("checker")


def accepted(items: list[Any], checker: str) -> bool:
    """Whether the array's check takes it: simdjson refuses big integers, ``1e999`` and
    lone surrogates (then the whole object is decoded, as before)."""
    if checker == "json":
        return True
    try:
        simdjson.Parser().parse(json.dumps(items).encode("utf-8", "surrogatepass"))
    except (ValueError, RuntimeError):
        return False
    return True


def built(value: Any) -> Any:
    """``value`` with each lazy array built, its items taken from the back."""
    if isinstance(value, LazyArray):
        return [built(value.item(n)) for n in reversed(range(len(value)))][::-1]
    if isinstance(value, dict):
        return {key: built(item) for key, item in value.items()}
    return value


def check(text: str, *, lazy: str | None = None) -> None:
    """``read_object`` gives what ``json.loads`` gives (``None`` where it fails, or where
    the long array was not found); ``lazy``: the member that must be read lazily."""
    expected = loads(text)
    found = read_object(text, LONG)
    if not isinstance(expected, dict):
        assert found is None
        return
    if found is None:
        assert lazy is None, "the long array was not found"
        return
    assert list(found) == list(expected)
    assert built(found) == expected
    if lazy is not None:
        assert isinstance(found[lazy], LazyArray)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    head=st.dictionaries(STRINGS, VALUES, max_size=3),
    items=st.lists(VALUES, min_size=3, max_size=10),
    tail=st.dictionaries(STRINGS, VALUES, max_size=3),
    space=st.sampled_from(["", " ", "\n\t", "\r\n  "]),
)
def test_members_are_those_json_loads_builds(head, items, tail, space, checker):
    """The long array anywhere among members whose strings hold commas, brackets and
    escaped quotes (the traps of a walk back)."""
    key = "results"
    obj = {**{k: v for k, v in head.items() if k != key}, key: items}
    obj.update({k: v for k, v in tail.items() if k not in obj})
    text = spaced(json.dumps(obj, ensure_ascii=False), space)
    # read lazily for sure where no other member is an array (another one may be tried
    # first, or cost a check of the long one: the awkward cases below pin those down)
    others = sum(isinstance(value, list) for name, value in obj.items() if name != key)
    lazy = len(json.dumps(items)) >= LONG and not others and accepted(items, checker)
    check(text, lazy=key if lazy else None)


@settings(max_examples=60, deadline=None)
@given(items=st.lists(VALUES, min_size=3, max_size=8), data=st.data())
def test_a_broken_object_fails_where_json_loads_fails(items, data):
    text = json.dumps({"q": 'a,"b":1', "results": items, "total": [1, {"n": ","}]})
    broken = broken_text(text, data)
    expected = loads(broken)
    found = read_object(broken, LONG)
    if not isinstance(expected, dict):
        assert found is None
    elif found is not None:
        assert built(found) == expected


@pytest.mark.parametrize(
    ("text", "lazy"),
    [
        ('{"r": [1, 2, 3, 4, 5]}', "r"),
        ('{"r": [1, 2, 3, 4, 5], "n": 5}', "r"),
        ('{"q": "x", "r": [1, 2, 3, 4, 5], "t": [1, 2], "u": {"a": [3]}}', "r"),
        ('{"t": ["a"], "r": [1, 2, 3, 4, 5], "n": 1}', "r"),  # a short array before it
        ('{"r": [1, 2, 3, 4, {"n": 5}], "n": 5}', "r"),  # its last item has the next key
        ('{"r": ["a", "b", "c", "d,\\"n\\": 5"], "n": 5}', "r"),  # and its last string
        ('{"r": [1, 2, 3, 4, 5], "r": [6, 7, 8, 9, 10]}', None),  # the last value wins
        ('{"a": 1, "a": 2, "r": [1, 2, 3, 4, 5]}', "r"),
        ('{"r": [1, 2, 3, 4, 5], "n": ",],"}', "r"),
        ("{}", None),
        ('{"a": 1}', None),
        ('  {"r" :\n[ 1 ,2,3,4,5 ]\t,"n":null }  ', "r"),
    ],
)
def test_awkward_objects(text, lazy):
    check(text, lazy=lazy)


def test_not_objects_are_none():
    for text in ("[1, 2]", '"{}"', "", " ", "{", '{"a": 1', '{"a": [1, 2, 3, 4, 5, 6]} x'):
        assert read_object(text, LONG) is None, text


HITS = [
    {"id": i, "title": f"Result {i}, [x]", "snippet": '"quoted", ' * (i % 7), "n": [i] * 3}
    for i in range(3_000)
]


def test_cuts_are_those_of_the_object_parsed_whole():
    text = json.dumps({"query": "a, b", "results": HITS, "total": 3000, "facets": [1, 2]})
    lazy = cutting.text_piece(text)
    assert lazy is not None and isinstance(lazy.value["results"], LazyArray)
    eager = cutting.JsonPiece(json.loads(text), len(text), True)
    assert lazy.minimum() == eager.minimum()
    for limit in (10, 40, 400, 5_000, 60_000, 300_000, len(text) - 1, len(text) * 2):
        assert lazy.cut(limit) == eager.cut(limit)


@pytest.mark.parametrize("wire", WIRES)
def test_a_listing_under_results_fits_every_wire(wire, checker):
    """The fit of ``{"query", "results", "total"}``: valid JSON, every key kept, the hits
    cut around the marker, and explain says how many went."""
    text = json.dumps({"query": "q", "results": HITS, "total": 3000})
    result = ToolResult(id="c", name="search", content=[{"type": "text", "text": text}])
    explained = result.explain(wire, max_tokens=2000)
    (kept,) = explained[0].texts
    value = json.loads(kept)
    assert list(value) == ["query", "results", "total"]
    assert value["results"][0] == HITS[0] and value["results"][-1] == HITS[-1]
    left_out = 3000 - (len(value["results"]) - 1)
    assert value["results"][len(value["results"]) // 2] == f"[… {left_out:,} items left out …]"
    assert f"left out {left_out:,} array items" in explained[0].reason


def test_hostile_tails_are_bounded():
    """Many commas after the array (in a string, as members, in an array), 20 times what
    the walk back tries: it gives up after a bounded number of commas, and the text is
    decoded whole, as before."""
    array = json.dumps(list(range(20_000)))
    texts = [
        '{"r": ' + array + ', "s": "' + "," * 20_000 + '"}',
        '{"r": ' + array + "".join(f', "k{i}": {i}' for i in range(20_000)) + "}",
        '{"r": ' + array + ', "s": [' + ",".join(["1"] * 20_000) + "]}",
    ]
    for text in texts:  # how long it takes: benchmarks/bench_hostile.py, never asserted
        found = read_object(text, LONG)
        assert found is None or built(found) == json.loads(text)
