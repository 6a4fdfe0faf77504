"""A cut of a JSON text is strict JSON: a number past a double's range (``1e400``, JSON by
RFC 8259's grammar, read by ``json.loads`` as ``inf``) is written back as it was written,
never as the bare word ``Infinity``, wherever it stands (a short text decoded whole, a long
array read item by item, an object's long array member, nested) and on every wire."""

from __future__ import annotations

import json
import math

import pytest

from toolresult_lab import WIRES, ToolResult
from toolresult_lab.budgets.cutting import TextCutter
from toolresult_lab.budgets.json_array import BigNumber, read_array

pytestmark = pytest.mark.usefixtures("checker")

BIG = ["1e400", "-1E+400", "2.5e0308", "1" * 310 + ".5"]


def refuse(word: str) -> None:
    raise ValueError(f"{word} is not JSON")


def strict(text: str) -> object:
    return json.loads(text, parse_constant=refuse)


def texts(big: str) -> dict[str, str]:
    many = ",".join(str(i) for i in range(20_000))  # past 64 KiB: read item by item
    return {
        "short array": f"[{big}, 1, 2, " + ", ".join(["3"] * 300) + "]",
        "long array, first": f"[{big},{many}]",
        "long array, last": f"[{many},{big}]",
        "object, long member": f'{{"a": {big}, "r": [{many}], "z": [{big}]}}',
        "nested": f'{{"k": [{{"v": {big}, "s": "{"x" * 4_000}"}}]}}',
    }


@pytest.mark.parametrize("big", BIG)
def test_a_cut_keeps_a_number_past_a_double_as_written(big):
    for name, text in texts(big).items():
        strict(text)  # the tool's text is strict JSON
        cut = TextCutter(text).cut(len(big) + 600)
        assert cut.json and cut.changed, name
        strict(cut.text)
        assert big in cut.text, name


@pytest.mark.parametrize("wire", WIRES)
def test_every_wire_s_fit_writes_strict_json(wire):
    text = "[1e400," + ",".join(str(i) for i in range(20_000)) + ",-1e400]"
    result = ToolResult(id="call_1", name="f", content=[{"type": "text", "text": text}])
    (record,) = result.explain(wire, max_tokens=300)
    (kept,) = record.texts
    value = strict(kept)
    assert isinstance(value, list)
    assert kept.startswith("[1e400,0,1,") and kept.endswith(",-1e400]")
    assert "as valid JSON" in record.reason


def test_a_big_number_equals_what_json_loads_reads():
    """Read again ``big`` (where a cut met ``inf``), a number past a double is kept as written
    and equals what ``json.loads`` reads; read first, it is what ``json.loads`` reads."""
    assert read_array("[1e400]").item(0) == math.inf  # type: ignore[union-attr]
    array = read_array("[1e400, -1e999, 2.5]", big=True)
    assert array is not None
    first, second, third = (array.item(n) for n in range(3))
    assert isinstance(first, BigNumber) and first.text == "1e400" and first == math.inf
    assert isinstance(second, BigNumber) and second == -math.inf
    assert third == 2.5 and not isinstance(third, BigNumber)
