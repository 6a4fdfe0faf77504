"""Count a PDF's pages from its page tree, decoding as little of the payload as it can.

Gemini's per-page token rule and the per-request page limits need the page count, and a tool
result carries a PDF as base64 text that can be many megabytes long. The count is the
``/Count`` of the page tree's root (the ``/Type /Pages`` dictionary without a ``/Parent``).
Writers put that object near the start or near the end of the file, so ``pdf_pages`` decodes
the first and the last ``WINDOW`` bytes and looks there; only when the root is in neither does
it decode the whole file (at most ``MAX_PDF_BYTES``) and, where the root sits in a compressed
object stream, inflate those streams. Anything it cannot read gives ``None`` (the page count is
unknown, and callers say so); content never raises.
"""

from __future__ import annotations

import binascii
import re
import zlib

__all__ = ["MAX_PDF_BYTES", "WINDOW", "pdf_pages"]

#: Bytes decoded at the start and at the end of the file before anything else.
WINDOW = 256 * 1024
#: A larger PDF is never decoded whole (its page count stays unknown if the windows miss it).
MAX_PDF_BYTES = 64 * 1024 * 1024
_MAX_BACK = 64 * 1024  # how far back from "/Type /Pages" its dictionary may start
_MAX_INFLATED = 16 * 1024 * 1024  # per object stream

_PAGES_RE = re.compile(rb"/Type\s*/Pages(?![A-Za-z0-9])")
_COUNT_RE = re.compile(rb"/Count\s+(\d{1,9})(?!\d)")
_PARENT_RE = re.compile(rb"/Parent(?![A-Za-z0-9])")
_OBJSTM_RE = re.compile(rb"/Type\s*/ObjStm(?![A-Za-z0-9])")
_STREAM_RE = re.compile(rb"stream\r?\n")
_PDF_HEAD = b"%PDF-"


def _dict_around(data: bytes, at: int) -> bytes | None:
    """The top level of the dictionary that contains position ``at`` (nested ones removed)."""
    depth, i, low = 0, at, max(0, at - _MAX_BACK)
    while i > low:  # back to the unmatched "<<"
        i -= 1
        pair = data[i - 1 : i + 1]
        if pair == b">>":
            depth += 1
            i -= 1
        elif pair == b"<<":
            if depth == 0:
                break
            depth -= 1
            i -= 1
    else:
        return None
    start = i + 1  # just after "<<"
    depth, j, kept, run = 0, start, [], start
    while j < len(data) - 1:
        pair = data[j : j + 2]
        if pair == b"<<":
            if depth == 0:
                kept.append(data[run:j])
            depth += 1
            j += 2
        elif pair == b">>":
            if depth == 0:
                kept.append(data[run:j])
                return b"".join(kept)
            depth -= 1
            j += 2
            if depth == 0:
                run = j
        else:
            j += 1
    return None


def _root_count(data: bytes) -> int | None:
    """``/Count`` of a ``/Type /Pages`` dictionary without ``/Parent`` in ``data``."""
    for match in _PAGES_RE.finditer(data):
        top = _dict_around(data, match.start())
        if top is None or _PARENT_RE.search(top):
            continue
        count = _COUNT_RE.search(top)
        if count is not None:
            return int(count.group(1))
    return None


def _in_object_streams(data: bytes) -> int | None:
    """The root's count inside a Flate-compressed object stream (PDF 1.5 and later)."""
    for match in _OBJSTM_RE.finditer(data):
        stream = _STREAM_RE.search(data, match.end(), match.end() + 4096)
        if stream is None:
            continue
        try:
            inflated = zlib.decompressobj().decompress(data[stream.end() :], _MAX_INFLATED)
        except zlib.error:
            continue
        found = _root_count(inflated)
        if found is not None:
            return found
    return None


def _decode(text: str) -> bytes:
    """Decode base64 text; characters outside the alphabet are skipped, never an error."""
    try:
        return binascii.a2b_base64(text)
    except (binascii.Error, ValueError):
        return b""


def pdf_pages(data: str | bytes) -> int | None:
    """The page count of a PDF given as base64 text (without whitespace) or as raw bytes.

    ``None`` when the data is not a PDF, its page tree cannot be found, or the file is larger
    than ``MAX_PDF_BYTES`` and the page tree's root is not in its first or last ``WINDOW`` bytes.
    """
    if isinstance(data, bytes):
        if not data.startswith(_PDF_HEAD):
            return None
        size, head, tail = len(data), data[:WINDOW], data[-WINDOW:]
    elif isinstance(data, str):
        if not data.startswith("JVBERi0"):  # "%PDF-"
            return None
        symbols = WINDOW // 3 * 4
        size = len(data) // 4 * 3
        head = _decode(data[:symbols])
        tail = _decode(data[max(0, len(data) - symbols) // 4 * 4 :])
    else:
        return None
    for window in (head, tail):
        found = _root_count(window)
        if found is not None:
            return found
    if size > MAX_PDF_BYTES:
        return None
    document = data if isinstance(data, bytes) else _decode(data)
    if size > 2 * WINDOW:  # the windows did not cover the whole file
        found = _root_count(document)
        if found is not None:
            return found
    return _in_object_streams(document)
