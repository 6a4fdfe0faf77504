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
import io
import json
import math
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

import numpy as np
import pandas as pd

from ..conversion.encoding import MAX_DEPTH, json_type, text_field
from ..conversion.mcp_input import not_a_result
from ..conversion.readback import read_fields
from ..conversion.result import ToolResult
from ..requests.transcripts import READ_DEFAULTS
from ..wires import read_request
from .linereader import DEFAULT_MAX_LINE, LineTooLong, bounded_lines, open_gzip
from .parquet_rows import RowTooLarge, open_parquet, parquet_rows

__all__ = [
    "BadRecord",
    "BadRecordError",
    "FilePart",
    "MemoryPart",
    "Part",
    "PartReader",
    "bad_records",
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
_READ_ERRORS: Final = (EOFError, OSError)


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
        raise BadRecord(f"not a JSON object but {json_type(value)}")
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
    problem = not_a_result(record)
    if problem is not None:
        raise BadRecord(problem)
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

    A record may also be the envelope ``lint_log`` reads, ``{"request": ..., "wire"?: ...}``
    (``guard``'s ``record=`` writes it): its request is audited, a record naming another
    wire is a bad record, and ``by`` reads the envelope's keys (``model``, ``outcome``)
    before the request's.

    :raises BadRecord: not a request of the wire, or a malformed inside (naming its path).
    """
    envelope: dict[str, Any] = {}
    if isinstance(value, dict) and "request" in value:
        envelope, value = value, value["request"]
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except (ValueError, RecursionError) as error:
                raise BadRecord(f"request is not valid JSON text: {error}") from None
        named = envelope.get("wire", wire)
        if named != wire:
            raise BadRecord(f"a request of the {named!r} wire, not {wire}")
    if not isinstance(value, (dict, list)):
        raise BadRecord(f"not a request (an object or a list) but {json_type(value)}")
    read = read_request(wire, value)
    if read.problems:
        raise BadRecord(f"not a {wire} request: {read.problems[0]}")
    group = tuple(
        [
            group_text(
                envelope[key]
                if key in envelope
                else value.get(key)
                if isinstance(value, dict)
                else None
            )
            for key in by
        ]
    )
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


def _plain(value: Any, depth: int = 0) -> Any:
    """A table cell as plain JSON values: arrays become lists, numpy scalars Python ones,
    and a struct's null fields are dropped (Arrow gives every struct every field).

    :raises BadRecord: the cell is nested deeper than a result may be (``MAX_DEPTH``).
    """
    if isinstance(value, (dict, list, tuple, np.ndarray)):
        if depth > MAX_DEPTH:
            raise BadRecord(f"a cell is nested deeper than {MAX_DEPTH} levels")
        depth += 1
        if isinstance(value, dict):
            return {str(k): _plain(item, depth) for k, item in value.items() if item is not None}
        if isinstance(value, np.ndarray):
            value = value.tolist()
        return [_plain(item, depth) for item in value]
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
            except RecursionError:
                raise BadRecord(f"{name} is JSON nested too deeply to read") from None
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


def _utf8_loads(line: bytes) -> Any:
    """``json.loads`` of UTF-8 only (given bytes, it would also take UTF-16 and UTF-32)."""
    return json.loads(line.decode("utf-8"))


_fast_loads: Callable[[bytes], Any]
try:  # 5x faster than json, UTF-8 only; json decides what orjson refuses (NaN, big ints)
    from orjson import loads as _fast_loads
except ImportError:  # pragma: no cover - orjson comes with the audit extra
    _fast_loads = _utf8_loads


def _parse(line: bytes | LineTooLong, max_line: int = DEFAULT_MAX_LINE) -> Any:
    """A JSON line's value, ``None`` for a blank line, or a :class:`BadRecord`.

    A line is UTF-8 (a byte order mark is skipped) or a bad record.
    """
    if isinstance(line, LineTooLong):
        return BadRecord(f"a line of {line.size:,} bytes, over the {max_line:,}-byte limit")
    try:
        return _fast_loads(line)
    except ValueError:
        pass
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return BadRecord("not UTF-8 text")
    try:
        return json.loads(text.removeprefix("\ufeff"))
    except ValueError as error:
        if not line.strip():
            return None
        message = getattr(error, "msg", str(error))
        column = getattr(error, "colno", None)
        where = f" (column {column})" if column is not None else ""
        return BadRecord(f"invalid JSON: {message}{where}")
    except RecursionError:
        return BadRecord("invalid JSON: nested too deeply")


def _json_lines(stream: Iterable[bytes | LineTooLong], max_line: int) -> Iterator[tuple[int, Any]]:
    """Every line (``None`` for a blank one, so that lines are counted)."""
    line = 0
    try:
        for line, raw in enumerate(stream, 1):
            yield line, _parse(raw, max_line)
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
    max_line: int = DEFAULT_MAX_LINE
    """The longest line read (bytes), and the most a Parquet row may hold once read; a
    longer one is one bad record."""

    @property
    def label(self) -> str:
        return self.path

    def reader(self) -> PartReader:
        if self.format == "parquet":
            return self._parquet()
        raw = open(self.path, "rb")  # noqa: SIM115 - closed when the lines are exhausted
        if self.format == "gzip":
            lines = bounded_lines(open_gzip(raw), self.max_line)
            return PartReader(_closing(_json_lines(lines, self.max_line), raw), raw.tell)
        start, stop = self.start, self.stop
        if start > 0:
            raw.seek(start - 1)
            for _ in bounded_lines(raw, self.max_line):  # the rest of a line of the part before
                break
        begin = raw.tell()
        done = None if stop is None else (lambda: raw.tell() >= stop)
        lines = bounded_lines(raw, self.max_line, done)
        return PartReader(
            _closing(_json_lines(lines, self.max_line), raw), lambda: raw.tell() - begin
        )

    def _parquet(self) -> PartReader:
        read = [0]
        total = [1]

        def rows() -> Iterator[tuple[int, Any]]:
            line = 0
            try:  # pyarrow's errors on a broken file are of many types: each is a bad record
                file = open_parquet(self.path)
            except Exception as error:
                yield 1, BadRecord(f"not a readable Parquet file: {error}")
                return
            try:
                stop = file.num_row_groups if self.stop is None else self.stop
                groups = list(range(self.start, stop))
                total[0] = sum(file.metadata.row_group(g).num_rows for g in groups) or 1
                for row in parquet_rows(file, groups, self.max_line):
                    line += 1
                    read[0] = line
                    if isinstance(row, RowTooLarge):
                        yield line, BadRecord(str(row))
                        continue
                    try:
                        yield line, table_record(row)
                    except BadRecord as bad:
                        yield line, bad
            except Exception as error:
                yield line + 1, BadRecord(f"the file cannot be read past this row: {error}")
            finally:
                file.close()

        return PartReader(rows(), lambda: self.size * read[0] // total[0])


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
                # a frame of rows without columns: pandas 2's itertuples yields no row at all
                rows: Iterable[tuple[Any, ...]] = (
                    self.rows.itertuples(index=False, name=None)
                    if columns
                    else [() for _ in range(len(self.rows))]
                )
                for line, cells in enumerate(rows, 1):
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


def _regular(path: str) -> str:
    """``path`` when it is a regular file: a FIFO or a device would block or never end."""
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        kind = (
            "a FIFO"
            if stat.S_ISFIFO(mode)
            else "a device"
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket"
            if stat.S_ISSOCK(mode)
            else "not a regular file"
        )
        raise ValueError(f"{path} is {kind}: the audit reads regular files only")
    return path


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
        return [_regular(pattern)]
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


def file_parts(
    paths: Sequence[str], blocksize: int | None, max_line: int = DEFAULT_MAX_LINE
) -> list[FilePart]:
    """One part per file, or (``blocksize`` bytes) per byte range of a plain JSON Lines
    file and per row groups of a Parquet file. A gzip file is always one part: it can
    only be read from its start. ``max_line``: the longest line read."""
    parts: list[FilePart] = []
    for path in paths:
        fmt = _format(path)
        size = os.path.getsize(path)
        if blocksize is None or fmt == "gzip" or size <= blocksize:
            parts.append(FilePart(path, fmt, size=size, max_line=max_line))
        elif fmt == "jsonl":
            for start in range(0, size, blocksize):
                stop = min(start + blocksize, size)
                parts.append(FilePart(path, fmt, start, stop, stop - start, max_line))
        else:
            parts.extend(_parquet_parts(path, size, blocksize))
    return parts


def _parquet_parts(path: str, size: int, blocksize: int) -> list[FilePart]:
    import pyarrow.parquet as pq

    try:
        metadata = pq.ParquetFile(path).metadata
    except Exception:  # unreadable: one part, which reads as one bad record naming the file
        return [FilePart(path, "parquet", size=size)]
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


def bad_records(
    parts: Sequence[Part],
    lines: Sequence[int],
    examples: Sequence[Sequence[tuple[int, str]]],
    most: int,
    strict: bool,
) -> list[tuple[str, int, str]]:
    """The bad records the parts' readers met, as (file, line in the whole file, reason),
    the first ``most`` of them; with ``strict``, the first one raises
    :class:`BadRecordError`. The audit and ``lint_log`` merge their tallies' examples so."""
    offsets = line_offsets(parts[: len(lines)], lines)
    found = [
        (part.label, offset + line, reason)
        for part, part_examples, offset in zip(parts, examples, offsets, strict=False)
        for line, reason in part_examples
    ][:most]
    if strict and found:
        raise BadRecordError(*found[0])
    return found


def line_offsets(parts: Sequence[Part], lines: Sequence[int]) -> list[int]:
    """For each part, the lines of its file (or source) read by the parts before it."""
    seen: dict[str, int] = {}
    offsets: list[int] = []
    for part, count in zip(parts, lines, strict=True):
        offset = seen.get(part.label, 0)
        offsets.append(offset)
        seen[part.label] = offset + count
    return offsets
