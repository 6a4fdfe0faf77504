"""Count a PDF's pages with pypdf, inside a size and a time budget.

Gemini's per-page token rule and the per-request page limits need the page count, and a tool
result carries a PDF as base64 text that can be many megabytes long, written by anything:
incremental updates, object streams, cross-reference streams, linearised files, strings and
comments that look like dictionaries. A PDF reader gets those right where a scan for
``/Type /Pages`` does not (the in-house scan this replaced missed appended updates, took
``(/Count 99)`` in a string for the count, and went quadratic on hostile input; figures in
``docs/costs-and-limits.md``). pypdf is pure Python, maintained and fuzzed upstream, and
bounds its own decompression; this module adds the budget around it:

- at most ``MAX_PDF_BYTES`` decoded bytes are read (a larger PDF's page count is unknown);
- at most ``MAX_INFLATED_BYTES`` inflated per stream (pypdf's ``zlib_maximum_output_length``),
  and at most ``MAX_TOTAL_INFLATED`` for the whole file: the per-stream cap is that total
  shared by the streams the file can hold (each starts with the keyword ``stream``, which no
  escape can hide). Without it, a 4 MiB file of 110-291 object streams that each inflate to
  just under 16 MiB made pypdf inflate 2-4 GB while rebuilding its cross-reference table,
  more than 2 s between two reads of the file (where the clock is checked);
- at most ``TIME_BUDGET`` seconds: every read of the file checks the clock, and past it the
  count is unknown (pypdf reads through the file object for all it parses).

Anything it cannot read gives a :class:`PdfCount` that says why; content never raises.
"""

from __future__ import annotations

import binascii
import io
import logging
import sys
import threading
import time
import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

if TYPE_CHECKING:
    from pypdf import PdfReader

__all__ = [
    "MAX_INFLATED_BYTES",
    "MAX_PDF_BYTES",
    "MAX_TOTAL_INFLATED",
    "TIME_BUDGET",
    "PdfCount",
    "count_pdf_pages",
    "pdf_pages",
]

#: A larger PDF is not read at all: its page count stays unknown.
MAX_PDF_BYTES: Final = 64 * 1024 * 1024
#: Bytes one compressed stream (an object or cross-reference stream) may inflate to.
MAX_INFLATED_BYTES: Final = 16 * 1024 * 1024
#: Bytes all the streams of one file may inflate to together (see the module's docstring).
MAX_TOTAL_INFLATED: Final = 256 * 1024 * 1024
#: Seconds one count may take; past them the page count is unknown.
TIME_BUDGET: Final = 2.0

_PDF_HEAD: Final = b"%PDF-"
_TAIL: Final = 1024  # where pypdf looks for ``startxref``
#: Appended to a file without ``startxref`` (minimal writers leave the cross-reference table
#: out): pointing at offset 0 makes pypdf rebuild the table from the objects, as viewers do.
_NO_XREF: Final = b"\nstartxref\n0\n%%EOF\n"
_quiet = threading.local()  # set while this module reads: pypdf's complaints are not the user's

PdfStatus = Literal["counted", "not_pdf", "unreadable", "over_budget"]


@dataclass(frozen=True)
class PdfCount:
    """The page count of a payload, or why there is none.

    ``status``: ``counted`` (``pages`` holds the count), ``not_pdf`` (no ``%PDF-`` header),
    ``unreadable`` (a PDF header, but no page tree pypdf can read: ``reason`` says what
    failed) or ``over_budget`` (larger than ``MAX_PDF_BYTES``, or slower than
    ``TIME_BUDGET``: the file may be fine, its count is just not known here).
    """

    status: PdfStatus
    pages: int | None = None
    reason: str = ""


class _OverBudget(Exception):
    """Raised from inside pypdf's reads when the time budget is spent."""


class _Budgeted(io.BytesIO):
    """The PDF's bytes, refusing every read after the deadline."""

    def __init__(self, data: bytes, deadline: float) -> None:
        super().__init__(data)
        self._deadline = deadline

    def read(self, size: int | None = -1) -> bytes:
        if time.monotonic() > self._deadline:
            raise _OverBudget
        return super().read(size)

    def readline(self, size: int | None = -1) -> bytes:
        if time.monotonic() > self._deadline:
            raise _OverBudget
        return super().readline(size)


class _QuietWhileCounting(logging.Filter):
    """Drops pypdf's log records about a payload while this module reads it (only then, and
    only in the reading thread: a caller's own use of pypdf logs as usual)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not getattr(_quiet, "active", False)


_FILTER: Final = _QuietWhileCounting()
_filtered: set[str] = set()


def _quiet_pypdf() -> None:
    """Put the filter on every pypdf module's logger (pypdf logs under each module's name,
    and a logger's filter does not see its children's records)."""
    for name in [name for name in sys.modules if name.startswith("pypdf")]:
        if name not in _filtered:
            logging.getLogger(name).addFilter(_FILTER)
            _filtered.add(name)


def _decode(text: str) -> bytes | None:
    """Decode base64 text; ``None`` when it is not base64."""
    try:
        return binascii.a2b_base64(text)
    except (binascii.Error, ValueError):
        return None


def _decoded_size(text: str) -> int:
    return len(text) // 4 * 3


def _root_count(reader: PdfReader) -> int:
    """``/Count`` of the page tree's root as the last update left it (what viewers show,
    read without walking every page); the tree walked when the count is not a whole number."""
    count = reader.root_object["/Pages"].get_object()["/Count"]  # type: ignore[index]
    count = count.get_object() if hasattr(count, "get_object") else count
    if isinstance(count, int) and not isinstance(count, bool) and count >= 0:
        return int(count)
    return reader.get_num_pages()


def _stream_cap(data: bytes) -> int:
    """Bytes one stream may inflate to: ``MAX_TOTAL_INFLATED`` shared by every stream the
    file may hold (``stream`` begins each; ``endstream`` ends most, so this errs low)."""
    streams = max(1, data.count(b"stream") // 2)
    return max(1, min(MAX_INFLATED_BYTES, MAX_TOTAL_INFLATED // streams))


def _count(data: bytes, budget: float) -> PdfCount:
    from pypdf import PdfReader, apply_configuration  # 150 ms to import: only when needed
    from pypdf.errors import LimitReachedError

    _quiet_pypdf()
    deadline = time.monotonic() + budget
    cap = _stream_cap(data)
    _quiet.active = True
    try:
        with (
            warnings.catch_warnings(),
            apply_configuration(zlib_maximum_output_length=cap),
        ):
            warnings.simplefilter("ignore")
            reader = PdfReader(_Budgeted(data, deadline))
            pages = _root_count(reader)
    except _OverBudget:
        return PdfCount("over_budget", reason=f"not read within {budget:g} s")
    except LimitReachedError:
        return PdfCount("over_budget", reason=f"a stream inflates past {cap:,} bytes")
    except Exception as error:  # pypdf's errors on a broken file are of many types
        return PdfCount("unreadable", reason=f"{type(error).__name__}: {error}"[:200])
    finally:
        _quiet.active = False
    if time.monotonic() > deadline:  # the last step ran past the deadline without a read
        return PdfCount("over_budget", reason=f"not read within {budget:g} s")
    return PdfCount("counted", pages)


def count_pdf_pages(data: str | bytes, *, budget: float = TIME_BUDGET) -> PdfCount:
    """The page count of a PDF given as base64 text (without whitespace) or as raw bytes.

    The count is the number of pages in the document's page tree as the last update left
    it (what a reader shows), read by pypdf within ``MAX_PDF_BYTES`` and ``budget`` seconds.
    """
    if isinstance(data, str):
        if not data.startswith("JVBERi0"):  # "%PDF-"
            return PdfCount("not_pdf")
        if _decoded_size(data) > MAX_PDF_BYTES:
            return PdfCount("over_budget", reason=f"larger than {MAX_PDF_BYTES:,} bytes")
        decoded = _decode(data)
        if decoded is None:
            return PdfCount("unreadable", reason="not base64")
        data = decoded
    elif not isinstance(data, bytes):
        return PdfCount("not_pdf")
    if not data.startswith(_PDF_HEAD):
        return PdfCount("not_pdf")
    if len(data) > MAX_PDF_BYTES:
        return PdfCount("over_budget", reason=f"larger than {MAX_PDF_BYTES:,} bytes")
    if b"startxref" not in data[-_TAIL:]:
        data += _NO_XREF
    return _count(data, budget)


def pdf_pages(data: str | bytes) -> int | None:
    """The page count, or ``None`` when :func:`count_pdf_pages` has none."""
    return count_pdf_pages(data).pages
