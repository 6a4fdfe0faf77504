"""Issue 17, findings 4-9: the audit reads any log in bounded memory, the same records whichever
inflater is installed, and turns what it cannot read into bad records that name their file."""

from __future__ import annotations

import gzip
import io
import json
import os
import zlib
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from isal import isal_zlib

from toolresult_lab import audit
from toolresult_lab.logs import linereader
from toolresult_lab.logs.linereader import LineTooLong, bounded_lines, open_gzip

RECORD = {"name": "t", "id": "c", "content": [{"type": "text", "text": "hello"}]}
LINE = json.dumps(RECORD).encode() + b"\n"
INFLATERS = {"isal": isal_zlib.decompressobj, "zlib": zlib.decompressobj}


def attrs(source, **kwargs) -> dict:
    return audit(source, wires="openai", progress=False, **kwargs).attrs


class Widest(io.BufferedReader):
    """Records the longest piece any read handed out (what was held at once)."""

    widest = 0

    def readline(self, size: int | None = -1) -> bytes:
        line = super().readline(size)
        Widest.widest = max(Widest.widest, len(line))
        return line


# -- finding 4: a maximum line length ------------------------------------------------------


def test_an_over_long_line_is_one_bad_record_and_never_held_whole(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    long_line = b'{"content": [{"type": "text", "text": "' + b"x" * 3_000_000 + b'"}]}\n'
    path.write_bytes(LINE + long_line + LINE)
    found = attrs(path, max_line_bytes=100_000)
    assert found == {
        "records": 2,
        "bad_records": 1,
        "bad_examples": [
            (str(path), 2, f"a line of {len(long_line) - 1:,} bytes, over the 100,000-byte limit")
        ],
    }
    assert attrs(path)["records"] == 3  # the default limit, 64 MiB, reads it
    Widest.widest = 0
    with open(path, "rb", buffering=0) as raw:
        lines = list(bounded_lines(Widest(raw), 100_000))
    assert lines == [LINE, LineTooLong(len(long_line) - 1), LINE]
    assert Widest.widest <= 1 << 20  # skipped in pieces of at most 1 MiB


def test_a_gzip_bomb_of_one_endless_line_is_read_in_bounded_pieces(tmp_path: Path) -> None:
    path = tmp_path / "bomb.jsonl.gz"
    zeros = zlib.compressobj(1, zlib.DEFLATED, 31)
    with open(path, "wb") as out:
        for _ in range(64):  # 64 MiB of zeros, no newline: about 260 KB compressed
            out.write(zeros.compress(bytes(1 << 20)))
        out.write(zeros.flush())
    assert path.stat().st_size < 1 << 20
    found = attrs(path, max_line_bytes=1 << 20)
    assert found["records"] == 0
    assert found["bad_examples"] == [
        (str(path), 1, f"a line of {64 << 20:,} bytes, over the {1 << 20:,}-byte limit")
    ]
    Widest.widest = 0
    with open(path, "rb") as raw:
        assert list(bounded_lines(Widest(linereader.GzipMembers(raw)), 1 << 20)) == [
            LineTooLong(64 << 20)
        ]
    assert Widest.widest <= (1 << 20) + 1


def test_max_line_bytes_must_be_a_positive_int(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    path.write_bytes(LINE)
    for wrong in (0, -1, 1.5, "1"):
        with pytest.raises(ValueError, match="max_line_bytes must be a positive int"):
            attrs(path, max_line_bytes=wrong)


def test_dask_byte_ranges_honour_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "ranges.jsonl"
    long_line = b'{"content": "' + b"y" * 50_000 + b'"}\n'
    path.write_bytes((LINE * 50 + long_line) * 4)
    found = audit(
        path, wires="openai", progress=False, engine="dask", blocksize=20_000, max_line_bytes=10_000
    ).attrs
    assert (found["records"], found["bad_records"]) == (200, 4)
    assert [line for _, line, _ in found["bad_examples"]] == [51, 102, 153, 204]


# -- finding 5: only regular files ----------------------------------------------------------


def test_a_fifo_or_a_device_is_a_clear_error_naming_it(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match=f"^{fifo} is a FIFO: the audit reads regular files only"):
        attrs(fifo)
    with pytest.raises(ValueError, match=r"^/dev/zero is a device: the audit reads regular files"):
        attrs("/dev/zero")
    good = tmp_path / "good.jsonl"
    good.write_bytes(LINE)
    with pytest.raises(ValueError, match="/dev/null is a device"):
        attrs([str(good), "/dev/null"])
    assert attrs(str(tmp_path / "*.jsonl"))["records"] == 1  # a glob takes regular files only


# -- finding 6: the same records whichever inflater is installed -----------------------------


def _lines(count: int) -> bytes:
    return b"".join(
        json.dumps({"content": [{"type": "text", "text": f"line {n} " + "z" * (n % 97)}]}).encode()
        + b"\n"
        for n in range(count)
    )


def _gzip_cases() -> dict[str, tuple[bytes, int | None]]:
    """Name -> (file, the records Python's gzip module reads before it stops; None: all)."""
    one = gzip.compress(_lines(10_000), 6)
    two = gzip.compress(_lines(5_000), 1)
    corrupt = bytearray(one)
    corrupt[len(one) // 2] ^= 0x55
    return {
        "truncated": (one[: len(one) * 2 // 3], None),
        "trailing-garbage": (one + b"garbage after the member", None),
        "padding-then-member": (one + bytes(1000) + two, None),
        "two-members": (one + two, None),
        "corrupt-middle": (bytes(corrupt), None),
        "trailer-cut": (one[:-3], None),
    }


def _python_gzip_lines(data: bytes) -> int:
    count = 0
    with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
        try:
            for _ in stream:
                count += 1
        except (EOFError, OSError, zlib.error):
            pass
    return count


@pytest.mark.parametrize("case", list(_gzip_cases()))
def test_records_do_not_depend_on_the_inflater(tmp_path: Path, monkeypatch, case: str) -> None:
    data, _ = _gzip_cases()[case]
    path = tmp_path / f"{case}.jsonl.gz"
    path.write_bytes(data)
    seen = {}
    for name, make in INFLATERS.items():
        monkeypatch.setattr(linereader, "inflater", make)
        df = audit(path, wires="openai", progress=False)
        seen[name] = (df.attrs, df.to_dict("records"))
    assert seen["isal"] == seen["zlib"]
    found = seen["zlib"][0]
    readable = _python_gzip_lines(data)  # the lines Python's own gzip module reads
    if case in ("padding-then-member", "two-members"):
        assert (found["records"], found["bad_records"]) == (15_000, 0) == (readable, 0)
        return
    lines = found["records"] + found["bad_records"] - 1
    if case == "corrupt-middle":  # the checksum fails at the member's end; the data before
        assert readable - 1000 < lines <= readable  # it is read in other pieces than gzip's
    else:  # every line Python's gzip reads, then one bad record for the rest of the file
        assert lines == readable, found
        [(_, line, reason)] = found["bad_examples"]
        assert line == readable + 1
        assert reason.startswith("the file cannot be read past this line: ")
        assert "decompressobj" not in reason and "Error -" not in reason  # the inflater's words


def test_the_fallback_is_zlib_when_isal_is_missing(monkeypatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_isal(name, *args, **kwargs):
        if name.startswith("isal"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_isal)
    make = linereader._default_inflater()
    assert make is linereader._zlib_inflater
    stream = open_gzip(io.BytesIO(gzip.compress(LINE * 3)), make)
    assert stream.read() == LINE * 3


# -- finding 7: unreadable Parquet files ----------------------------------------------------


def _parquet(path: Path, rows: int) -> None:
    frame = pd.DataFrame({"content": [json.dumps(RECORD["content"])] * rows, "name": "t"})
    frame.to_parquet(path)


def _deep_parquet(path: Path, depth: int) -> None:
    kind, value = pa.int64(), 1
    for _ in range(depth):
        kind, value = pa.list_(kind), [value]
    pq.write_table(pa.table({"content": pa.array([value], type=kind)}), path)


@pytest.mark.parametrize("engine", ["pandas", "dask"])
def test_an_unreadable_parquet_file_is_a_bad_record_naming_it(tmp_path: Path, engine) -> None:
    good = tmp_path / "a-good.parquet"
    _parquet(good, 30)
    broken = tmp_path / "b-broken.parquet"
    broken.write_bytes(b"PAR1 this is not really parquet at all PAR1")
    deep = tmp_path / "c-deep.parquet"
    _deep_parquet(deep, 120)  # valid, but past pyarrow's schema depth limit
    found = audit(
        [str(good), str(broken), str(deep), str(good)],
        wires="openai",
        progress=False,
        engine=engine,
        blocksize=1,
    ).attrs
    if _pyarrow_reads(deep):  # pyarrow before 26 reads a schema this deep: one more record
        assert (found["records"], found["bad_records"]) == (61, 1)
        [(first, line1, why1)] = found["bad_examples"]
    else:
        assert (found["records"], found["bad_records"]) == (60, 2)
        [(first, line1, why1), (second, line2, why2)] = found["bad_examples"]
        assert (second, line2) == (str(deep), 1)
        assert "deeply nested" in why2
    assert (first, line1) == (str(broken), 1)
    assert why1.startswith("not a readable Parquet file: ")


def _pyarrow_reads(path: Path) -> bool:
    import pyarrow.parquet as pq

    try:
        pq.read_table(path)
    except (OSError, ValueError):
        return False
    return True


# -- finding 8: deep cells in a DataFrame -----------------------------------------------------


def test_a_dataframe_cell_nested_5000_deep_is_a_bad_record() -> None:
    deep: object = "x"
    for _ in range(5_000):
        deep = [deep]
    cells = pd.Series([json.dumps(RECORD["content"]), [deep]], dtype=object)
    frame = pd.DataFrame({"content": cells, "extra": [1, 2]})
    text_deep = pd.DataFrame({"content": ["[" * 100_000 + "]" * 100_000]})
    found = attrs(frame)
    assert (found["records"], found["bad_records"]) == (1, 1)
    assert found["bad_examples"][0][1:] == (2, "a cell is nested deeper than 256 levels")
    assert attrs(text_deep)["bad_examples"][0][1:] == (
        1,
        "content is JSON nested too deeply to read",
    )
    as_dicts = attrs([{"content": [deep]}])  # the same record as a dict: bad, as before
    assert as_dicts["bad_records"] == 1


# -- finding 9: lines are UTF-8 or bad --------------------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32", "latin-1"])
def test_lines_in_other_encodings_are_bad_records(tmp_path: Path, encoding: str) -> None:
    text = json.dumps({"content": [{"type": "text", "text": "Köln"}]}, ensure_ascii=False)
    path = tmp_path / f"{encoding}.jsonl"
    path.write_bytes(LINE + text.encode(encoding) + b"\n" + LINE)
    found = attrs(path)
    assert (found["records"], found["bad_records"]) == (2, 1)
    assert found["bad_examples"][0][1] == 2
    utf8 = tmp_path / "utf8.jsonl"
    utf8.write_bytes(b"\xef\xbb\xbf" + text.encode() + b"\n" + text.encode() + b"\n")
    assert attrs(utf8) == {"records": 2, "bad_records": 0, "bad_examples": []}  # a BOM is fine


def test_without_orjson_lines_are_utf8_too() -> None:
    from toolresult_lab.logs import log_parts as logs

    assert logs._utf8_loads(LINE) == RECORD
    with pytest.raises(UnicodeDecodeError):
        logs._utf8_loads(LINE.decode().encode("utf-16"))


def test_a_dataframe_of_rows_without_columns_counts_each_row() -> None:
    """pandas 2 yields no row from itertuples when a frame has rows but no columns; each
    row is still read (as a bad record: it holds no tool result)."""
    frame = pd.DataFrame([{}, {}], dtype=object)
    assert frame.shape == (2, 0)
    attrs = audit(frame, wires="openai", progress=False).attrs
    assert (attrs["records"], attrs["bad_records"]) == (0, 2)


# -- issue 28, item 9: Parquet decompression bombs ----------------------------------------------


def _bomb(path: Path, rows: int, value_bytes: int, small: int = 0) -> None:
    """``rows`` rows of one ``value_bytes`` text entry (stored once, a dictionary page), then
    ``small`` rows of a short one: a file of a few hundred bytes."""
    big = json.dumps([{"type": "text", "text": "x" * value_bytes}])
    column = pa.DictionaryArray.from_arrays(
        pa.array([0] * rows + [1] * small, pa.int32()),
        pa.array([big, json.dumps(RECORD["content"])]),
    )
    pq.write_table(pa.table({"content": column}), path, compression="zstd")


def test_a_parquet_row_over_the_budget_is_one_bad_record_with_its_row(tmp_path: Path) -> None:
    path = tmp_path / "bomb.parquet"
    _bomb(path, 3, 2 << 20, small=2)
    assert path.stat().st_size < 2_000
    found = attrs(str(path), max_line_bytes=1 << 20)
    assert (found["records"], found["bad_records"]) == (2, 3)
    size = len(json.dumps([{"type": "text", "text": "x" * (2 << 20)}]))
    assert found["bad_examples"] == [
        (str(path), row, f"a row of {size:,} bytes, over the 1,048,576-byte limit")
        for row in (1, 2, 3)
    ]
    assert attrs(str(path))["records"] == 5  # under the default 64 MiB, each row is read


PEAK_SCRIPT = """
import sys
from toolresult_lab import audit, lint_log
def status(field):  # VmHWM: this process's peak since exec (ru_maxrss may hold the parent's)
    with open("/proc/self/status") as lines:
        return next(int(l.split()[1]) for l in lines if l.startswith(field + ":")) * 1024
source = sys.argv[1]
audit(source + ".small", wires="openai", progress=False)  # imports and warms everything
before = status("VmHWM")
found = audit(source, wires="openai", progress=False).attrs
linted = lint_log(source, "openai").attrs
print(found["records"], linted["requests"], status("VmHWM") - before)
"""


def test_a_parquet_bomb_is_read_within_the_budget(tmp_path: Path) -> None:
    """512 rows of one 1 MiB string in a file of a few hundred bytes: a batch of 512 MiB
    was made Python strings at once; row by row within the budget, the peak grows by a few
    rows (measured in a fresh process, against the same process after a small file)."""
    import subprocess
    import sys

    path = tmp_path / "bomb.parquet"
    _bomb(path, 512, 1 << 20)
    _bomb(tmp_path / "bomb.parquet.small", 2, 1 << 10)
    done = subprocess.run(
        [sys.executable, "-c", PEAK_SCRIPT, str(path)], capture_output=True, text=True, check=True
    )
    records, requests, grown = map(int, done.stdout.split())
    assert (records, requests) == (512, 512)
    assert grown < 160 << 20, f"the peak grew by {grown:,} bytes"
