"""Fuzzing every parser of bytes a tool or a log supplies (issue 17): image headers, PDFs, JSON
lines (plain and gzip) and Parquet/DataFrame rows. Each takes arbitrary input and answers
with a value or a bad record, never an exception; a bounded number of examples, derandomized
so that CI runs the same ones."""

from __future__ import annotations

import base64
import gzip
import io
import json
import zlib

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from isal import isal_zlib
from pdf_corpus import fpdf_document, reportlab_document

from toolresult_lab.conversion.imagesize import ImageSize, image_size
from toolresult_lab.conversion.pdfpages import count_pdf_pages
from toolresult_lab.logs import linereader
from toolresult_lab.logs.auditing import audit
from toolresult_lab.logs.linereader import LineTooLong, bounded_lines, open_gzip
from toolresult_lab.logs.log_parts import BadRecord, table_record

FUZZ = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
AUDIT_FUZZ = settings(FUZZ, max_examples=40)  # each example runs a whole audit
SLACK = 600.0  # the PDF time budget is not what these tests are about

HEADS = [
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
    b"\xff\xd8",
    b"\xff\xd8\xff\xe0\x00\x10JFIF\x00",
    b"GIF89a",
    b"RIFF\x00\x00\x00\x00WEBPVP8 ",
    b"RIFF\x00\x00\x00\x00WEBPVP8L",
    b"RIFF\x00\x00\x00\x00WEBPVP8X",
]


# -- image headers -------------------------------------------------------------------------


@FUZZ
@given(head=st.sampled_from(HEADS), body=st.binary(max_size=600), wrap=st.integers(1, 80))
def test_image_headers_of_any_bytes(head: bytes, body: bytes, wrap: int) -> None:
    raw = head + body
    found = image_size(raw)
    assert found is None or (isinstance(found, ImageSize) and found.width > 0 and found.height > 0)
    text = base64.b64encode(raw).decode()
    assert image_size(text) == found
    wrapped = "\n".join(text[i : i + wrap] for i in range(0, len(text), wrap))
    assert image_size(wrapped) == found  # line breaks change nothing


@FUZZ
@given(text=st.text(alphabet="ABCDEFGHabcdef0123456789+/=\n\r \t", max_size=400))
def test_image_headers_of_any_base64_text(text: str) -> None:
    found = image_size(text)
    assert found is None or (found.width > 0 and found.height > 0)


# -- PDFs ------------------------------------------------------------------------------------

REAL_PDFS = [fpdf_document(2), reportlab_document(3)]


@FUZZ
@given(
    which=st.integers(0, len(REAL_PDFS) - 1),
    edits=st.lists(st.tuples(st.floats(0, 1), st.binary(min_size=1, max_size=8)), max_size=6),
    cut=st.floats(0.05, 1.0),
)
def test_pdfs_edited_anywhere(which: int, edits: list[tuple[float, bytes]], cut: float) -> None:
    data = bytearray(REAL_PDFS[which])
    for where, replacement in edits:
        at = int(where * (len(data) - 1))
        data[at : at + len(replacement)] = replacement
    data = data[: max(5, int(len(data) * cut))]
    found = count_pdf_pages(bytes(data), budget=SLACK)
    assert found.status in ("counted", "not_pdf", "unreadable")
    if found.status == "counted":
        assert isinstance(found.pages, int) and found.pages >= 0
    else:
        assert found.pages is None


@FUZZ
@given(body=st.binary(max_size=2000))
def test_pdfs_of_any_bytes(body: bytes) -> None:
    found = count_pdf_pages(b"%PDF-1.7\n" + body, budget=SLACK)
    assert found.status in ("counted", "unreadable")


# -- JSON lines ------------------------------------------------------------------------------

LINE = st.one_of(
    st.binary(max_size=120),
    st.builds(
        lambda text: json.dumps({"content": [{"type": "text", "text": text}]}).encode(),
        st.text(max_size=40),
    ),
    st.sampled_from([b"", b"   ", b"{}", b"[]", b"\xef\xbb\xbf{}", b'{"content": 5}']),
)


@AUDIT_FUZZ
@given(lines=st.lists(LINE, max_size=30), limit=st.integers(8, 200), end=st.booleans())
def test_json_lines_of_any_bytes(
    tmp_path_factory, lines: list[bytes], limit: int, end: bool
) -> None:
    data = b"\n".join(lines) + (b"\n" if end else b"")
    path = tmp_path_factory.mktemp("fuzz") / "lines.jsonl"
    path.write_bytes(data)
    attrs = audit(path, wires="openai", progress=False, max_line_bytes=limit).attrs
    pieces = list(bounded_lines(io.BytesIO(data), limit))
    long = sum(isinstance(piece, LineTooLong) for piece in pieces)
    blank = sum(not isinstance(p, LineTooLong) and not p.strip() for p in pieces)
    assert attrs["records"] + attrs["bad_records"] + blank == len(pieces)
    assert attrs["bad_records"] >= long
    kept = b"".join(p for p in pieces if not isinstance(p, LineTooLong))
    assert len(kept) <= len(data)


@FUZZ
@given(
    lines=st.lists(LINE, max_size=40),
    level=st.integers(1, 9),
    cut=st.floats(0.0, 1.0),
    tail=st.sampled_from([b"", b"\0" * 10, b"garbage", b"\x1f\x8b\x08", b"\x1f"]),
)
def test_gzip_lines_read_the_same_with_either_inflater(
    lines: list[bytes], level: int, cut: float, tail: bytes
) -> None:
    packed = gzip.compress(b"\n".join(lines) + b"\n", level)
    data = packed[: int(len(packed) * cut)] if cut < 1.0 else packed + tail

    def read(make: linereader.Inflater) -> tuple[list[bytes | LineTooLong], str]:
        stream = open_gzip(io.BytesIO(data), make)
        got: list[bytes | LineTooLong] = []
        try:
            for piece in bounded_lines(stream, 64):
                got.append(piece)
        except OSError as error:
            return got, str(error)
        return got, ""

    assert read(isal_zlib.decompressobj) == read(zlib.decompressobj)


# -- Parquet / DataFrame rows ------------------------------------------------------------------

CELL = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**63), 2**63 - 1),
        st.floats(),
        st.text(max_size=20),
        st.binary(max_size=10),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(max_size=6), inner, max_size=4),
        st.lists(st.integers(-5, 5), max_size=4).map(np.array),
    ),
    max_leaves=20,
)
ROW = st.dictionaries(
    st.sampled_from(["content", "structuredContent", "isError", "name", "id", "server"]),
    st.one_of(CELL, st.text(max_size=30)),
    max_size=6,
)


@FUZZ
@given(row=ROW)
def test_table_rows_of_any_values(row: dict) -> None:
    try:
        record = table_record(row)
    except BadRecord as bad:
        assert str(bad)
        return
    assert isinstance(record, dict)


@AUDIT_FUZZ
@given(rows=st.lists(ROW, min_size=1, max_size=8))
def test_a_dataframe_of_any_rows_is_audited(rows: list[dict]) -> None:
    frame = pd.DataFrame(rows, dtype=object)
    attrs = audit(frame, wires=["openai", "gemini"], progress=False).attrs
    assert attrs["records"] + attrs["bad_records"] == len(rows)


@pytest.mark.parametrize("depth", [300, 3_000])
def test_a_parquet_text_cell_nested_deep_is_one_bad_record(tmp_path, depth: int) -> None:
    path = tmp_path / "deep.parquet"
    pd.DataFrame({"content": ["[" * depth + "]" * depth, "[]"]}).to_parquet(path)
    attrs = audit(path, wires="openai", progress=False).attrs
    assert (attrs["records"], attrs["bad_records"]) == (1, 1)
