"""Rows of a Parquet file as Python values, inside a memory budget.

Parquet stores a repeated value once (a dictionary page) and each row as a small index into
it, so a 651-byte file can hold 1,024 rows of one 4 MiB string: read as pyarrow reads by
default (each batch of rows expanded, then turned into Python objects) it took 4.2 GiB and
69 s (issue 28, item 9). A log that repeats the conversation history in every row has the
same shape honestly. Here:

- text and bytes columns stay dictionary-encoded in Arrow (``read_dictionary``), so a batch
  costs its dictionary once, not once per row;
- each row's size is computed from the Arrow lengths before any Python object is made (its
  text's bytes; its other columns' Arrow bytes and :data:`_VALUE_BYTES` for each Python
  value they become: a list's entries, a struct's fields, counted from the lists' lengths),
  and a row over the budget is one bad record (its line is its row number), never read;
- rows become Python objects a few at a time, at most ``budget`` bytes of them at once;
- a batch holds at most ``budget`` bytes of the other columns (lists, structs, numbers), as
  far as the file's metadata can bound one row of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

__all__ = ["RowTooLarge", "open_parquet", "parquet_rows"]

#: Rows per batch when nothing bounds them lower (pyarrow's reads are per batch).
_BATCH_ROWS: Final = 1024
#: What one Python value a row becomes is charged against the row's budget, beside its
#: Arrow bytes: an object and the slot that holds it (``None`` alone: 16 + 8 bytes), and
#: its place in what reads the record next (a content entry, a message).
_VALUE_BYTES: Final = 64


class RowTooLarge:
    """A row read only as far as its size: more than the budget."""

    def __init__(self, size: int, budget: int) -> None:
        self.size = size
        self.budget = budget

    def __str__(self) -> str:
        return f"a row of {self.size:,} bytes, over the {self.budget:,}-byte limit"


def _is_text(kind: Any) -> bool:
    import pyarrow as pa

    return bool(
        pa.types.is_string(kind)
        or pa.types.is_large_string(kind)
        or pa.types.is_binary(kind)
        or pa.types.is_large_binary(kind)
    )


def _row_sizes(batch: Any) -> list[int]:
    """Bytes each row of ``batch`` holds once made Python values (text by its length, other
    columns by their Arrow size)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    sizes = [0] * batch.num_rows
    for column in batch.columns:
        kind = column.type
        if pa.types.is_dictionary(kind) and _is_text(kind.value_type):
            lengths = pc.take(pc.binary_length(column.dictionary), column.indices)
        elif _is_text(kind):
            lengths = pc.binary_length(column)
        else:
            lengths = pa.array([column.slice(n, 1).nbytes for n in range(len(column))])
            values = _values(column)
            for n, count in enumerate(values.tolist()):
                sizes[n] += _VALUE_BYTES * int(count)
        for n, length in enumerate(pc.fill_null(lengths, 0).to_pylist()):
            sizes[n] += int(length)
    return sizes


def _values(array: Any) -> Any:
    """The Python values each row of ``array`` becomes (a numpy array, one count a row):
    a list's items and a struct's fields each one value, and their own values. Read from
    the lists' lengths, never from the values: a ``list<null>`` of 12,000,000 entries is 4
    bytes of Arrow and 12,000,000 Python values (issue 36)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    counts = np.ones(len(array), dtype=np.int64)
    if isinstance(array, (pa.ListArray, pa.LargeListArray, pa.FixedSizeListArray)):  # a map too
        child = array.values.type  # a map's: the struct of its key and item
        if not pa.types.is_nested(child):  # a leaf's items: the lengths say how many
            lengths = pc.fill_null(pc.list_value_length(array), 0)
            counts += lengths.to_numpy(zero_copy_only=False).astype(np.int64)
        elif isinstance(array, pa.FixedSizeListArray):
            flat = array.flatten()
            if len(flat):
                parents = pc.list_parent_indices(array).to_numpy(zero_copy_only=False)
                inner = np.bincount(parents, weights=_values(flat), minlength=len(array))
                counts += inner.astype(np.int64)
        else:  # a row's items lie between its offsets (a map has no list_flatten kernel)
            offsets = array.offsets.to_numpy(zero_copy_only=False).astype(np.int64)
            offsets -= offsets[0]
            flat = array.values.slice(int(array.offsets[0].as_py()), int(offsets[-1]))
            inner = np.zeros(len(flat) + 1, dtype=np.int64)
            np.cumsum(_values(flat), out=inner[1:])
            counts += inner[offsets[1:]] - inner[offsets[:-1]]
    elif isinstance(array, pa.StructArray):
        for field in array.flatten():
            counts += _values(field)
    return counts


def _other_row_bound(file: Any, group: int, text: set[str]) -> int:
    """The most bytes one row of the group's other (non-text) columns can decode to: its
    width for a fixed-width column (numbers, flags, times), else the column's chunks'
    uncompressed size (a row's values lie inside them: lists, structs, maps)."""
    import pyarrow as pa

    metadata = file.metadata.row_group(group)
    chunks: dict[str, int] = {}
    for n in range(metadata.num_columns):
        chunk = metadata.column(n)
        top = chunk.path_in_schema.split(".")[0]
        chunks[top] = chunks.get(top, 0) + chunk.total_uncompressed_size
    total = 0
    for field in file.schema_arrow:
        if field.name in text:
            continue
        if pa.types.is_boolean(field.type) or pa.types.is_null(field.type):
            total += 1
        elif pa.types.is_primitive(field.type):
            total += max(1, field.type.bit_width // 8)
        else:
            total += chunks.get(field.name, 0)
    return total


def _text_columns(file: Any) -> set[str]:
    """The top-level text and bytes columns (dictionary-encoded ones once opened so)."""
    import pyarrow as pa

    return {
        field.name
        for field in file.schema_arrow
        if _is_text(field.type)
        or (pa.types.is_dictionary(field.type) and _is_text(field.type.value_type))
    }


def open_parquet(path: str) -> Any:
    """``pyarrow.parquet.ParquetFile`` of ``path``, its text columns read dictionary-encoded."""
    import pyarrow.parquet as pq

    file = pq.ParquetFile(path)
    text = _text_columns(file)
    if not text:
        return file
    file.close()
    return pq.ParquetFile(path, read_dictionary=sorted(text))


def parquet_rows(
    file: Any, groups: list[int], budget: int
) -> Iterator[dict[str, Any] | RowTooLarge]:
    """Each row of ``groups`` of a file from :func:`open_parquet`, as a dict of its columns,
    or a :class:`RowTooLarge` for a row over ``budget`` bytes."""
    text = _text_columns(file)
    for group in groups:
        bound = _other_row_bound(file, group, text)
        rows = max(1, min(_BATCH_ROWS, budget // max(1, bound)))
        batches = file.iter_batches(batch_size=rows, row_groups=[group])
        for batch in batches:
            start, held = 0, 0
            sizes = _row_sizes(batch)
            for n, size in enumerate(sizes):
                if size > budget or held + size > budget:
                    yield from batch.slice(start, n - start).to_pylist()
                    start, held = n, 0
                if size > budget:
                    yield RowTooLarge(size, budget)
                    start = n + 1
                    continue
                held += size
            yield from batch.slice(start, len(sizes) - start).to_pylist()
