"""The lines of a log file, plain or gzip, in bounded memory whatever the bytes hold.

A log is written by anything, so a reader of it must not trust it: a gzip member that
inflates to gigabytes of one line, a file with no newline at all, a truncated or padded gzip
file, trailing garbage. :func:`bounded_lines` never holds more than ``max_line`` bytes of a
line (a longer one is reported as a :class:`LineTooLong` and skipped in pieces), and
:class:`GzipMembers` inflates every member of a gzip file at most one buffer at a time, the
way Python's ``gzip`` module reads it (zero padding between members skipped, anything else
after a member an error), whichever inflater does the work: ISA-L's when the audit extra
brings it (faster), zlib's otherwise, with the same bytes out and the same errors.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Final

__all__ = [
    "DEFAULT_MAX_LINE",
    "GzipError",
    "GzipMembers",
    "LineTooLong",
    "bounded_lines",
    "inflater",
    "open_gzip",
]

#: The longest line read (bytes, newline excluded): a record with a 48 MiB image as base64.
DEFAULT_MAX_LINE: Final = 64 * 1024 * 1024
_CHUNK: Final = 1 << 16  # compressed bytes read at a time
_SKIP: Final = 1 << 20  # bytes of an over-long line read at a time while skipping it
_GZIP_MAGIC: Final = b"\x1f\x8b"
_GZIP_WBITS: Final = 31  # a gzip header and trailer around a deflate stream

Inflater = Callable[[int], Any]


def _zlib_inflater(wbits: int) -> Any:
    return zlib.decompressobj(wbits)


def _default_inflater() -> Inflater:
    try:  # ISA-L inflates 2.5x faster than zlib; same format, same output
        from isal.isal_zlib import decompressobj
    except ImportError:  # pragma: no cover - isal comes with the audit extra
        return _zlib_inflater
    fast: Inflater = decompressobj
    return fast


#: Makes a decompressor for one gzip member (``zlib.decompressobj``'s interface).
inflater: Inflater = _default_inflater()


class GzipError(OSError):
    """A gzip file that cannot be read further; the message says why, the same whichever
    inflater read it."""


@dataclass(frozen=True)
class LineTooLong:
    """A line longer than the limit: skipped, never held whole. ``size`` is its length."""

    size: int


class GzipMembers(io.RawIOBase):
    """The inflated bytes of every gzip member of ``raw``, one member after the other."""

    def __init__(self, raw: io.BufferedIOBase, make: Inflater | None = None) -> None:
        super().__init__()
        self._raw = raw
        self._make = make if make is not None else inflater
        self._member: Any = None
        self._input = b""
        self._held = b""  # what a truncated member's inflater gave at the end ...
        self._error = ""  # ... and the error that follows it
        self._done = False

    def readable(self) -> bool:
        return True

    def _next_member(self) -> bool:
        """Start the next member (zero padding before it skipped); ``False`` at the end."""
        while True:
            self._input = self._input.lstrip(b"\0")
            if len(self._input) >= len(_GZIP_MAGIC):
                break
            more = self._raw.read(_CHUNK)
            if not more:
                if not self._input:
                    return False
                break
            self._input += more
        if not self._input.startswith(_GZIP_MAGIC):
            raise GzipError("trailing data after the last gzip member is not gzip")
        self._member = self._make(_GZIP_WBITS)
        return True

    def readinto(self, buffer: Any) -> int:
        size = len(buffer)
        while self._held or self._error or not self._done:
            if self._held:
                out, self._held = self._held[:size], self._held[size:]
                buffer[: len(out)] = out
                return len(out)
            if self._error:
                raise GzipError(self._error)
            if self._member is None and not self._next_member():
                self._done = True
                break
            if not self._input:
                self._input = self._raw.read(_CHUNK)
                if not self._input:
                    self._truncated()
                    continue
            try:
                out = self._member.decompress(self._input, size)
            except Exception as error:  # zlib.error, or isal's IsalError: one message for both
                raise GzipError(f"corrupt gzip data ({_kind(error)})") from None
            if self._member.eof:
                self._input = self._member.unused_data
                self._member = None
            else:
                self._input = self._member.unconsumed_tail
            if out:
                buffer[: len(out)] = out
                return len(out)
        return 0

    def _truncated(self) -> None:
        """The file ends inside a member: what the inflater still holds is handed out first
        (ISA-L holds back more than zlib until asked), then the error."""
        try:
            self._held = self._member.flush()
        except Exception:  # the held-back bytes are not valid either
            self._held = b""
        self._member = None
        self._error = "Compressed file ended before the end-of-stream marker was reached"


def _kind(error: Exception) -> str:
    """What went wrong, in words both inflaters agree on."""
    text = str(error).lower()
    if "check" in text or "checksum" in text or "crc" in text:
        return "a checksum does not match"
    if "header" in text:
        return "a bad gzip header"
    if "length" in text or "size" in text:
        return "a length does not match"
    return "invalid deflate data"


def open_gzip(raw: io.BufferedIOBase, make: Inflater | None = None) -> io.BufferedReader:
    """A buffered reader of the inflated bytes of every member of ``raw``."""
    return io.BufferedReader(GzipMembers(raw, make), buffer_size=_CHUNK)


def bounded_lines(
    stream: io.BufferedIOBase, max_line: int, stop: Callable[[], bool] | None = None
) -> Iterator[bytes | LineTooLong]:
    """Every line of ``stream`` (newline kept), or a :class:`LineTooLong` for one longer
    than ``max_line`` bytes, read in pieces and dropped; ``stop()`` ends the lines early
    (checked before each)."""
    while stop is None or not stop():
        line = stream.readline(max_line + 1)
        if not line:
            return
        if len(line) <= max_line or line.endswith(b"\n"):
            yield line
            continue
        size = len(line)
        del line
        while True:
            rest = stream.readline(_SKIP)
            size += len(rest)
            if not rest or rest.endswith(b"\n"):
                break
        yield LineTooLong(size - 1 if rest.endswith(b"\n") else size)
