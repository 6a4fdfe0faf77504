"""A Parquet row is bounded by the Python values it becomes, not only by its Arrow bytes: a
``list<null>`` of millions of entries is a few bytes of Arrow (and of file) and millions of
Python values. Each row's values are counted from the lists' lengths before any is built;
a row over the budget is one bad record, never made Python values."""

from __future__ import annotations

import tracemalloc
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from toolresult_lab.logs.parquet_rows import (
    _VALUE_BYTES,
    RowTooLarge,
    _values,
    open_parquet,
    parquet_rows,
)


def python_values(value: Any) -> int:
    """The values ``to_pylist`` makes of one cell: itself, and each item or field inside."""
    if isinstance(value, dict):
        return 1 + sum(python_values(item) for item in value.values())
    if isinstance(value, list):
        return 1 + sum(python_values(item) for item in value)
    if isinstance(value, tuple):  # a map's (key, value) pair
        return 1 + sum(python_values(item) for item in value)
    return 1


COLUMNS = {
    "list<null>": pa.array([[None] * 5, [], None, [None]], type=pa.list_(pa.null())),
    "list<int>": pa.array([[1, 2, 3], None, [4]], type=pa.list_(pa.int64())),
    "large_list<str>": pa.array([["a", "b"], []], type=pa.large_list(pa.string())),
    "fixed<int>": pa.array([[1, 2], [3, 4], None], type=pa.list_(pa.int8(), 2)),
    "list<list<int>>": pa.array([[[1, 2], [], None], [[3]], None, []]),
    "list<struct>": pa.array(
        [[{"a": 1, "b": [1, 2]}, {"a": None, "b": None}], [], None],
        type=pa.list_(pa.struct([("a", pa.int64()), ("b", pa.list_(pa.int64()))])),
    ),
    "struct<list>": pa.array([{"x": [1, 2, 3], "y": "s"}, {"x": None, "y": None}]),
    "int": pa.array([1, None, 3]),
}


@pytest.mark.parametrize("name", COLUMNS)
def test_the_values_counted_are_those_to_pylist_makes(name):
    column = COLUMNS[name]
    for array in (column, column.slice(1)):
        counted = _values(array).tolist()
        assert counted == [python_values(value) for value in array.to_pylist()]


def test_a_map_counts_each_pair_as_a_struct_of_two():
    column = pa.array([[("k", 1), ("j", 2)], []], type=pa.map_(pa.string(), pa.int64()))
    assert _values(column).tolist() == [1 + 2 * 3, 1]


def write(path: Path, column: str, cells: pa.Array) -> Path:
    pq.write_table(pa.table({column: cells}), path, compression="zstd")
    return path


def read(path: Path, budget: int) -> list[Any]:
    file = open_parquet(str(path))
    try:
        return list(parquet_rows(file, list(range(file.num_row_groups)), budget))
    finally:
        file.close()


@pytest.mark.parametrize(
    "cells",
    [
        pa.array([[None] * 200_000], type=pa.list_(pa.null())),
        pa.array([[{"a": None}] * 100_000], type=pa.list_(pa.struct([("a", pa.null())]))),
        pa.array([[[None] * 1_000] * 200], type=pa.list_(pa.list_(pa.null()))),
    ],
    ids=["list<null>", "list<struct>", "list<list<null>>"],
)
def test_a_row_of_more_values_than_its_budget_is_one_bad_record(tmp_path, cells):
    small = pa.array([[None] * 10], type=cells.type)
    path = write(tmp_path / "rows.parquet", "content", pa.concat_arrays([small, cells, small]))
    assert path.stat().st_size < 4_000
    budget = 1 << 20  # 16,384 values of 64 bytes
    rows = read(path, budget)
    assert [type(row).__name__ for row in rows] == ["dict", "RowTooLarge", "dict"]
    too_large = rows[1]
    assert isinstance(too_large, RowTooLarge)
    assert too_large.size >= _VALUE_BYTES * python_values(cells.to_pylist()[0])
    assert rows[0] == rows[2] == {"content": small.to_pylist()[0]}


def test_a_row_of_millions_of_entries_is_never_built(tmp_path):
    """A 5,000,000-entry ``list<null>`` row in a file of a few hundred bytes: the default
    budget refuses it before a Python value is made (to_pylist: a 40 MB list of None)."""
    path = write(tmp_path / "bomb.parquet", "content", pa.array([[None] * 5_000_000]))
    assert path.stat().st_size < 2_000
    tracemalloc.start()
    try:
        rows = read(path, 64 << 20)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [type(row).__name__ for row in rows] == ["RowTooLarge"]
    assert peak < 4 << 20, f"{peak:,} bytes"
