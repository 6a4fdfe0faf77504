"""Issue 17, findings 1-3 and 14: PDF page counts are right on real PDFs and bounded on
hostile ones (pypdf inside a size and a time budget; see docs/costs-and-limits.md)."""

from __future__ import annotations

import base64
import io
import logging
import zlib

import pytest
from pdf_corpus import corpus
from pypdf import PdfReader

from toolresult_lab.conversion import pdfpages
from toolresult_lab.conversion.pdfpages import PdfCount, count_pdf_pages, pdf_pages

CORPUS = corpus()
SLACK = 600.0  # seconds: these tests assert what is read, not how fast (a loaded CI machine)


def handmade(*objects: bytes, root: int = 1) -> bytes:
    """A PDF of ``objects`` (numbered from 1) with a correct cross-reference table."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\n" % (len(objects) + 1, root)
    out += b"startxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


def pages_tree(count: bytes, extra: bytes = b"", before: bytes = b"") -> bytes:
    """Catalog (1), page tree (2) with ``count``, one page (3)."""
    return handmade(
        b"<< /Type /Catalog /Pages 2 0 R >>",
        before + b"<< /Type /Pages /Kids [3 0 R] " + extra + b" /Count " + count + b" >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>",
        b"7",
    )


class ReadCounter:
    """Counts the bytes pypdf reads through the budgeted file (the work done)."""

    def __init__(self, monkeypatch) -> None:
        self.bytes = 0
        original = pdfpages._Budgeted.read

        def read(stream, size=-1):
            data = original(stream, size)
            self.bytes += len(data)
            return data

        monkeypatch.setattr(pdfpages._Budgeted, "read", read)


@pytest.mark.parametrize("name", list(CORPUS))
def test_page_counts_of_real_pdfs(name):
    data, pages = CORPUS[name]
    assert count_pdf_pages(data, budget=SLACK) == PdfCount("counted", pages)
    assert count_pdf_pages(base64.b64encode(data).decode(), budget=SLACK).pages == pages
    assert len(PdfReader(io.BytesIO(data)).pages) == pages  # the corpus is right


@pytest.mark.parametrize(
    ("document", "pages"),
    [
        (pages_tree(b"4 0 R"), 7),  # an indirect /Count
        (pages_tree(b"1", extra=b"/Title (/Count 99)"), 1),  # a look-alike in a string
        (pages_tree(b"1", extra=b"/Title (a >> b << c)"), 1),  # brackets in a string
        (pages_tree(b"1", before=b"% << /Type /Pages /Count 50 >>\n"), 1),  # a comment
    ],
    ids=["indirect-count", "count-in-string", "brackets-in-string", "commented-dict"],
)
def test_what_a_scan_got_wrong_is_read_as_pdf_syntax(document, pages):
    assert count_pdf_pages(document, budget=SLACK) == PdfCount("counted", pages)


def test_an_incremental_update_redefining_the_page_tree_wins():
    data, pages = CORPUS["fpdf2 1 page + update of 1499"]
    assert data.count(b"%%EOF") == 2  # the original file, then the update appended
    assert count_pdf_pages(data, budget=SLACK).pages == pages == 1500


HOSTILE = {
    "pages-dicts": lambda n: b"%PDF-1.4\n" + b"<</Type/Pages " * n,  # finding 1
    "bare-pages": lambda n: b"%PDF-1.4\n" + b"/Type/Pages " * n,
    "garbage": lambda n: b"%PDF-1.7 garbage" * n,
    "deep": lambda n: b"%PDF-1.4\n" + b"[" * n,  # nesting past any recursion limit
    "bad-lengths": lambda n: b"%PDF-1.4\n" + b"1 0 obj << /Length 99999999 >> stream\n" * n,
    "many-objects": lambda n: (
        b"%PDF-1.4\n"
        + b"".join(b"%d 0 obj << /Type /Pages /Count 5 >> endobj\n" % i for i in range(n))
    ),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_pdfs_are_unreadable_after_linear_work(monkeypatch, name):
    make = HOSTILE[name]
    reads = ReadCounter(monkeypatch)
    found = count_pdf_pages(make(2000), budget=SLACK)
    assert (found.status, found.pages) == ("unreadable", None)
    assert found.reason
    small, reads.bytes = reads.bytes, 0
    assert count_pdf_pages(make(8000), budget=SLACK).status == "unreadable"
    assert reads.bytes <= 6 * small + 65_536  # 4x the input, about 4x the reading: not 16x


def test_object_stream_bombs_inflate_a_bounded_amount(monkeypatch):
    # Finding 2: 200 streams that each inflate to 16 MiB of zeros.
    bomb = zlib.compress(b"\0" * (16 << 20), 9)
    marker = b" 0 obj << /Type /ObjStm /N 1 /First 0 /Filter /FlateDecode /Length %d >>\nstream\n"
    data = b"%PDF-1.5\n" + b"".join(
        b"%d" % (n + 1) + marker % len(bomb) + bomb + b"\nendstream\nendobj\n" for n in range(200)
    )
    inflated = []
    original = zlib.decompressobj

    class Counting:
        def __init__(self, *args):
            self._inner = original(*args)

        def decompress(self, chunk, *limit):
            out = self._inner.decompress(chunk, *limit)
            inflated.append(len(out))
            return out

        def __getattr__(self, name):
            return getattr(self._inner, name)

    monkeypatch.setattr(zlib, "decompressobj", Counting)
    assert count_pdf_pages(data, budget=SLACK).status == "unreadable"
    assert sum(inflated) <= pdfpages.MAX_INFLATED_BYTES


def test_object_streams_share_one_inflation_budget(monkeypatch):
    # Issue 28, item 10: streams that each inflate to just under the per-stream cap, many of
    # them, made pypdf inflate 110 x 16 MiB while rebuilding the cross-reference table
    # (3.7 s, past the time budget: the clock is only checked between reads of the file).
    bomb = zlib.compress(bytes(pdfpages.MAX_INFLATED_BYTES - 4096), 9)
    marker = b" 0 obj << /Type /ObjStm /N 1 /First 0 /Filter /FlateDecode /Length %d >>\nstream\n"
    data = b"%PDF-1.5\n" + b"".join(
        b"%d" % (n + 1) + marker % len(bomb) + bomb + b"\nendstream\nendobj\n" for n in range(40)
    )
    inflated = []
    original = zlib.decompressobj

    class Counting:
        def __init__(self, *args):
            self._inner = original(*args)

        def decompress(self, chunk, *limit, **named):
            out = self._inner.decompress(chunk, *limit, **named)
            inflated.append(len(out))
            return out

        def __getattr__(self, name):
            return getattr(self._inner, name)

    monkeypatch.setattr(zlib, "decompressobj", Counting)
    assert count_pdf_pages(data, budget=SLACK).status in ("unreadable", "over_budget")
    assert 0 < sum(inflated) <= pdfpages.MAX_TOTAL_INFLATED


def test_the_size_and_time_budgets(monkeypatch):
    data, pages = CORPUS["fpdf2, 120 pages"]
    assert count_pdf_pages(data, budget=-1.0) == PdfCount(
        "over_budget", reason="not read within -1 s"
    )
    monkeypatch.setattr(pdfpages, "MAX_PDF_BYTES", len(data) - 1)
    over = PdfCount("over_budget", reason=f"larger than {len(data) - 1:,} bytes")
    assert count_pdf_pages(data) == over
    assert count_pdf_pages(base64.b64encode(data + b"\n\n\n\n").decode()) == over
    monkeypatch.setattr(pdfpages, "MAX_PDF_BYTES", len(data))
    assert count_pdf_pages(data, budget=SLACK) == PdfCount("counted", pages)


@pytest.mark.parametrize(
    ("data", "status"),
    [
        ("QUJD", "not_pdf"),
        ("", "not_pdf"),
        (b"", "not_pdf"),
        (b"GIF89a", "not_pdf"),
        (42, "not_pdf"),
        (None, "not_pdf"),
        (b"%PDF-1.4 no tree", "unreadable"),
        ("JVBERi0xLjQK", "unreadable"),
    ],
)
def test_no_count(data, status):
    found = count_pdf_pages(data)  # type: ignore[arg-type]
    assert (found.status, found.pages) == (status, None)
    assert pdf_pages(data) is None  # type: ignore[arg-type]


def test_pypdf_complaints_about_a_payload_are_not_logged(caplog):
    caplog.set_level(logging.WARNING)
    assert count_pdf_pages(b"%PDF-1.7 garbage").status == "unreadable"
    assert [r for r in caplog.records if r.name.startswith("pypdf")] == []
    with pytest.raises(Exception):  # noqa: B017 - pypdf's own error type does not matter
        PdfReader(io.BytesIO(b"%PDF-1.7 garbage"))
    assert [r.name for r in caplog.records if r.name.startswith("pypdf")]  # pypdf's own use logs
