"""Reading logged tool results: files, tables and iterables, as parts that stream records.

A *part* is a piece of the input that one worker reads start to end: a file, a byte range
of a plain JSON Lines file, some row groups of a Parquet file, or a slice of rows held in
memory. Parts stream: nothing holds more than one record of a file at a time. Each part
numbers its lines from 1; :func:`line_offsets` turns those into the file's own line
numbers once every part has been read (a part in the middle of a file does not know how
many lines came before it).

A *record* is what :func:`read_record` accepts: an MCP ``CallToolResult`` object with
optional ``name`` and ``id`` (a JSON-RPC response is unwrapped), or a ``ToolResult``.
Anything else is a :class:`BadRecord`, counted by the audit and never fatal.
"""

from __future__ import annotations

import glob
import gzip
import io
import json
import math
import os
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

import numpy as np
import pandas as pd

from .encoding import text_field
from .readback import read_fields
from .result import ToolResult
from .transcript import READ_DEFAULTS
from .wires import read_request

__all__ = [
    "BadRecord",
    "BadRecordError",
    "FilePart",
    "MemoryPart",
    "Part",
    "PartReader",
    "file_parts",
    "line_offsets",
    "memory_parts",
    "read_record",
]

FileFormat = Literal["jsonl", "gzip", "parquet"]

_ENVELOPE: Final = frozenset({"jsonrpc", "id", "result"})
_RESULT_FIELDS: Final = ("content", "structuredContent", "structured_content")
_JSON_TEXT_COLUMNS: Final = frozenset(_RESULT_FIELDS)
_FLAG_COLUMNS: Final = frozenset({"isError", "is_error"})
_GLOB_CHARACTERS: Final = frozenset("*?[")
_READ_ERRORS: Final = (EOFError, OSError, zlib.error)


class BadRecord(Exception):
    """A line or row that is not a tool result; the message says why (for counting)."""


class BadRecordError(ValueError):
    """``strict=True``: the first bad record, with where it is."""

    def __init__(self, file: str, line: int, reason: str) -> None:
        super().__init__(f"{file}:{line}: {reason}")
        self.file = file
        self.line = line
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:
        return (BadRecordError, (self.file, self.line, self.reason))


# -- records ------------------------------------------------------------------------


def _json_type(value: object) -> str:
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if value is None:
        return "null"
    return f"a {type(value).__name__}"


def group_text(value: Any) -> str:
    """A ``by`` value as the text it groups under: ``""`` when absent or null."""
    return "" if value is None else text_field(value)


def read_record(value: Any, by: tuple[str, ...]) -> tuple[ToolResult, tuple[str, ...]]:
    """The result a record holds, and its values of the ``by`` keys.

    A JSON-RPC response is unwrapped: its ``result`` is the record, and its other
    top-level keys (not ``jsonrpc`` or ``id``: the JSON-RPC id is not the call id) stay
    available to ``by`` and ``name``. ``None`` for ``name`` or ``id`` means absent,
    as ``from_mcp`` reads ``isError`` and ``structuredContent``.

    :raises BadRecord: not an object, not a tool result, or a field of the wrong type.
    """
    if isinstance(value, ToolResult):
        fields = {"name": value.name, "id": value.id}
        return value, tuple([group_text(fields.get(key)) for key in by])
    if not isinstance(value, dict):
        raise BadRecord(f"not a JSON object but {_json_type(value)}")
    record = value
    if "jsonrpc" in value:
        result = value.get("result")
        if not isinstance(result, dict):
            if "error" in value:
                raise BadRecord("a JSON-RPC error response, not a tool result")
            if "method" in value:
                raise BadRecord("a JSON-RPC request or notification, not a tool result")
            raise BadRecord("a JSON-RPC response whose result is not an object")
        extra = {key: item for key, item in value.items() if key not in _ENVELOPE}
        record = {**extra, **result} if extra else result
    if not ("content" in record or "structuredContent" in record or "structured_content" in record):
        raise BadRecord("no content or structuredContent: not a tool result")
    name = record.get("name")
    call_id = record.get("id")
    try:
        result = ToolResult.from_mcp(
            record, name="" if name is None else name, id="" if call_id is None else call_id
        )
    except (TypeError, ValueError) as error:
        raise BadRecord(str(error)) from None
    return result, tuple([group_text(record.get(key)) for key in by])


def request_records(
    value: Any, by: tuple[str, ...], wire: str
) -> list[tuple[ToolResult, tuple[str, ...]]]:
    """The tool results of one logged request of ``wire`` (SPEC 9: each read back as
    ``ToolResult.from_wire`` reads it, images and PDFs native), each with the request's
    values of the ``by`` keys.

    :raises BadRecord: not a request of the wire, or a malformed inside (naming its path).
    """
    if not isinstance(value, (dict, list)):
        raise BadRecord(f"not a request (an object or a list) but {_json_type(value)}")
    read = read_request(wire, value)
    if read.problems:
        raise BadRecord(f"not a {wire} request: {read.problems[0]}")
    group = tuple([group_text(value.get(key) if isinstance(value, dict) else None) for key in by])
    found = []
    for part in read.results:
        try:
            found.append((ToolResult(**read_fields(wire, part, READ_DEFAULTS)), group))
        except (TypeError, ValueError) as error:
            raise BadRecord(f"{part.path}: {error}") from None
    return found


def _missing(value: Any) -> bool:
    return (
        value is None
        or value is pd.NA
        or value is pd.NaT
        or (isinstance(value, (float, np.floating)) and math.isnan(value))
    )


def _plain(value: Any) -> Any:
    """A table cell as plain JSON values: arrays become lists, numpy scalars Python ones,
    and a struct's null fields are dropped (Arrow gives every struct every field)."""
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items() if item is not None}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, np.ndarray):
        return [_plain(item) for item in value.tolist()]
    if isinstance(value, np.generic):
        return value.item()
    return value


def table_record(row: Mapping[Any, Any]) -> dict[str, Any]:
    """One row of a DataFrame or Parquet file as a record.

    Missing cells (null, NaN) are absent keys. ``content`` and ``structuredContent`` may
    hold JSON text, the usual way to keep them in a table; a string there is parsed. An
    ``isError`` of 0.0 or 1.0 is a bool: pandas stores a bool column with gaps as floats.

    :raises BadRecord: such a cell is not valid JSON text.
    """
    record: dict[str, Any] = {}
    for key, value in row.items():
        if _missing(value):
            continue
        name = str(key)
        if name in _FLAG_COLUMNS and isinstance(value, (float, np.floating)) and value in (0, 1):
            value = bool(value)
        elif name in _JSON_TEXT_COLUMNS and isinstance(value, str):
            try:
                value = json.loads(value)
            except ValueError as error:
                raise BadRecord(f"{name} is not valid JSON text: {error}") from None
        else:
            value = _plain(value)
        record[name] = value
    return record


# -- parts --------------------------------------------------------------------------


class PartReader:
    """Iterates over one part: ``(line, value)``, value a record, a :class:`BadRecord`,
    or ``None`` for a blank line (skipped, but counted so that line numbers are right).

    ``lines`` counts the lines (rows) read so far, blank ones included; ``position()``
    says how far into the file the reader is, in the units of ``Part.size``.
    """

    def __init__(self, lines: Iterator[tuple[int, Any]], position: Any) -> None:
        self._lines = lines
        self._position = position
        self.lines = 0

    def __iter__(self) -> Iterator[tuple[int, Any]]:
        for line, value in self._lines:
            self.lines = line
            yield line, value

    def position(self) -> int:
        return int(self._position())


_GzipFile: type[gzip.GzipFile]
try:  # ISA-L inflates 2.5x faster than zlib; same file format, same errors
    from isal.igzip import IGzipFile as _GzipFile
except ImportError:  # pragma: no cover - isal comes with the audit extra
    _GzipFile = gzip.GzipFile

_fast_loads: Callable[[bytes], Any]
try:  # 5x faster than json; json decides whatever orjson does not accept (NaN, big ints)
    from orjson import loads as _fast_loads
except ImportError:  # pragma: no cover - orjson comes with the audit extra
    _fast_loads = json.loads


def _parse(line: bytes) -> Any:
    """A JSON line's value, ``None`` for a blank line, or a :class:`BadRecord`."""
    try:
        return _fast_loads(line)
    except ValueError:
        pass
    try:
        return json.loads(line)
    except UnicodeDecodeError:
        return BadRecord("not UTF-8 text")
    except ValueError as error:
        if not line.strip():
            return None
        message = getattr(error, "msg", str(error))
        column = getattr(error, "colno", None)
        where = f" (column {column})" if column is not None else ""
        return BadRecord(f"invalid JSON: {message}{where}")
    except RecursionError:
        return BadRecord("invalid JSON: nested too deeply")


def _json_lines(stream: Iterable[bytes]) -> Iterator[tuple[int, Any]]:
    """Every line (``None`` for a blank one, so that lines are counted)."""
    line = 0
    try:
        for line, raw in enumerate(stream, 1):
            yield line, _parse(raw)
    except _READ_ERRORS as error:  # a truncated or corrupt gzip file: say so, go on
        yield line + 1, BadRecord(f"the file cannot be read past this line: {error}")


@dataclass(frozen=True)
class FilePart:
    """A file, or a piece of one: a byte range of a plain JSON Lines file (lines that
    start in ``[start, stop)``), or row groups ``[start, stop)`` of a Parquet file."""

    path: str
    format: FileFormat
    start: int = 0
    stop: int | None = None
    size: int = 0
    """The bytes this part covers (for progress)."""

    @property
    def label(self) -> str:
        return self.path

    def reader(self) -> PartReader:
        if self.format == "parquet":
            return self._parquet()
        raw = open(self.path, "rb")  # noqa: SIM115 - closed when the lines are exhausted
        if self.format == "gzip":
            stream: io.BufferedIOBase = _GzipFile(fileobj=raw, mode="rb")
            return PartReader(_closing(_json_lines(stream), raw), raw.tell)
        start, stop = self.start, self.stop
        if start > 0:
            raw.seek(start - 1)
            raw.readline()  # the rest of a line that started in the part before
        begin = raw.tell()
        return PartReader(_closing(_json_lines(_until(raw, stop)), raw), lambda: raw.tell() - begin)

    def _parquet(self) -> PartReader:
        import pyarrow.parquet as pq

        file = pq.ParquetFile(self.path)
        groups = list(range(self.start, file.num_row_groups if self.stop is None else self.stop))
        total = sum(file.metadata.row_group(g).num_rows for g in groups) or 1
        read = [0]

        def rows() -> Iterator[tuple[int, Any]]:
            line = 0
            try:
                for batch in file.iter_batches(batch_size=1024, row_groups=groups):
                    for row in batch.to_pylist():
                        line += 1
                        read[0] = line
                        try:
                            yield line, table_record(row)
                        except BadRecord as bad:
                            yield line, bad
            except (OSError, ValueError) as error:  # pyarrow's errors derive from these
                yield line + 1, BadRecord(f"the file cannot be read past this row: {error}")
            finally:
                file.close()

        return PartReader(rows(), lambda: self.size * read[0] // total)


def _until(raw: io.BufferedReader, stop: int | None) -> Iterator[bytes]:
    """Lines of ``raw`` that start before ``stop``."""
    if stop is None:
        yield from raw
        return
    while raw.tell() < stop:
        line = raw.readline()
        if not line:
            return
        yield line


def _closing(lines: Iterator[tuple[int, Any]], raw: io.BufferedReader) -> Iterator[tuple[int, Any]]:
    try:
        yield from lines
    finally:
        raw.close()


@dataclass(frozen=True)
class MemoryPart:
    """Rows held in memory: a DataFrame slice, or a slice (or the whole) of an iterable."""

    label: str
    rows: Any
    size: int = 0
    """The rows in this part, when known (for progress)."""

    def reader(self) -> PartReader:
        read = [0]

        def values() -> Iterator[tuple[int, Any]]:
            if isinstance(self.rows, pd.DataFrame):
                columns = [str(c) for c in self.rows.columns]
                for line, cells in enumerate(self.rows.itertuples(index=False, name=None), 1):
                    read[0] = line
                    try:
                        yield line, table_record(dict(zip(columns, cells, strict=True)))
                    except BadRecord as bad:
                        yield line, bad
                return
            for line, value in enumerate(self.rows, 1):
                read[0] = line
                yield line, value

        return PartReader(values(), lambda: read[0])


Part = FilePart | MemoryPart


def _format(path: str) -> FileFormat:
    with open(path, "rb") as file:
        head = file.read(4)
    if head[:2] == b"\x1f\x8b":
        return "gzip"
    if head == b"PAR1":
        return "parquet"
    return "jsonl"


def _expand(pattern: str) -> list[str]:
    if os.path.exists(pattern) or not (_GLOB_CHARACTERS & set(pattern)):
        if os.path.isdir(pattern):
            example = os.path.join(pattern, "*.jsonl.gz")
            raise IsADirectoryError(f"{pattern} is a directory: give its files, e.g. {example}")
        if not os.path.exists(pattern):
            raise FileNotFoundError(f"no such file: {pattern}")
        return [pattern]
    found = sorted(path for path in glob.glob(pattern, recursive=True) if os.path.isfile(path))
    if not found:
        raise FileNotFoundError(f"no files match {pattern}")
    return found


def file_paths(sources: Sequence[str | os.PathLike[str]]) -> list[str]:
    """Every file the paths and globs name, in the order given (each glob sorted)."""
    paths: list[str] = []
    for source in sources:
        paths.extend(_expand(os.fspath(source)))
    return paths


def file_parts(paths: Sequence[str], blocksize: int | None) -> list[FilePart]:
    """One part per file, or (``blocksize`` bytes) per byte range of a plain JSON Lines
    file and per row groups of a Parquet file. A gzip file is always one part: it can
    only be read from its start."""
    parts: list[FilePart] = []
    for path in paths:
        fmt = _format(path)
        size = os.path.getsize(path)
        if blocksize is None or fmt == "gzip" or size <= blocksize:
            parts.append(FilePart(path, fmt, size=size))
        elif fmt == "jsonl":
            for start in range(0, size, blocksize):
                stop = min(start + blocksize, size)
                parts.append(FilePart(path, fmt, start, stop, stop - start))
        else:
            parts.extend(_parquet_parts(path, size, blocksize))
    return parts


def _parquet_parts(path: str, size: int, blocksize: int) -> list[FilePart]:
    import pyarrow.parquet as pq

    metadata = pq.ParquetFile(path).metadata
    groups = [metadata.row_group(g).total_byte_size for g in range(metadata.num_row_groups)]
    total = sum(groups) or 1
    parts: list[FilePart] = []
    start = taken = 0
    for group, group_bytes in enumerate(groups):
        taken += group_bytes
        if taken >= blocksize or group == len(groups) - 1:
            parts.append(FilePart(path, "parquet", start, group + 1, size * taken // total))
            start, taken = group + 1, 0
    return parts or [FilePart(path, "parquet", size=size)]


def memory_parts(rows: Any, label: str, rows_per_part: int | None) -> list[MemoryPart]:
    """A DataFrame or an iterable as one part (streamed, never copied), or as parts of
    ``rows_per_part`` rows (an iterable that is not a sequence is read into a list)."""
    if rows_per_part is None:
        size = len(rows) if hasattr(rows, "__len__") else 0
        return [MemoryPart(label, rows, size)]
    if isinstance(rows, pd.DataFrame):
        return [
            MemoryPart(
                label,
                rows.iloc[start : start + rows_per_part],
                min(rows_per_part, len(rows) - start),
            )
            for start in range(0, len(rows), rows_per_part)
        ] or [MemoryPart(label, rows, 0)]
    items = rows if isinstance(rows, Sequence) else list(rows)
    return [
        MemoryPart(
            label, items[start : start + rows_per_part], len(items[start : start + rows_per_part])
        )
        for start in range(0, len(items), rows_per_part)
    ] or [MemoryPart(label, [], 0)]


def line_offsets(parts: Sequence[Part], lines: Sequence[int]) -> list[int]:
    """For each part, the lines of its file (or source) read by the parts before it."""
    seen: dict[str, int] = {}
    offsets: list[int] = []
    for part, count in zip(parts, lines, strict=True):
        offset = seen.get(part.label, 0)
        offsets.append(offset)
        seen[part.label] = offset + count
    return offsets
