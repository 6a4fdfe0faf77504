"""Read an image's format, width and height from its first bytes, without decoding the image.

Token rules of every provider depend on pixel dimensions, and a tool result carries images
as base64 text that can be many megabytes long. ``image_size`` decodes only the few header
bytes it needs: a short prefix for PNG, GIF and WebP, and for JPEG one small window per
segment marker (each segment body is skipped, not decoded) until a start-of-frame marker.
The walk is capped (``MAX_SCAN_BYTES``, ``MAX_SEGMENTS``), so a 50 MiB payload costs a few
kilobytes of work. Anything unreadable gives ``None``; content never raises.
"""

from __future__ import annotations

import binascii
import re
from dataclasses import dataclass
from typing import Literal

__all__ = ["MAX_SCAN_BYTES", "MAX_SEGMENTS", "ImageFormat", "ImageSize", "image_size"]

ImageFormat = Literal["png", "jpeg", "gif", "webp"]

#: How far into the decoded image the JPEG marker walk may look for a start-of-frame marker.
MAX_SCAN_BYTES = 8 * 1024 * 1024
#: How many JPEG segments the walk may step over before giving up.
MAX_SEGMENTS = 4096

_MIMES: dict[ImageFormat, str] = {
    "png": "image/png",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "webp": "image/webp",
}
_NOISE_RE = re.compile(r"[^A-Za-z0-9+/]")
_NOT_SYMBOL_RE = re.compile(r"[^A-Za-z0-9+/]+")
_MAX_SYMBOLS = -(-(MAX_SCAN_BYTES + 16) // 3) * 4
_SLOW_CHUNK = 1 << 14
# Start-of-frame markers: C0-CF except DHT (C4), JPG (C8) and DAC (CC).
_SOF_MARKERS = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
# Markers that stand alone, without a length field: TEM and RST0-RST7.
_BARE_MARKERS = frozenset({0x01, *range(0xD0, 0xD8)})


@dataclass(frozen=True)
class ImageSize:
    """An image's format and its stored pixel dimensions (EXIF orientation is not applied)."""

    format: ImageFormat
    width: int
    height: int

    @property
    def mime(self) -> str:
        """The MIME type that matches ``format``."""
        return _MIMES[self.format]


class _Reader:
    """Random access to the decoded bytes of raw ``bytes`` or of base64 text.

    Clean base64 (nothing but the alphabet before the final padding, checked in place as far
    as the reads reach) is read by slicing the text at ``4 * offset // 3``.
    Text with whitespace or other noise is read by a cursor that strips it chunk by chunk;
    the JPEG walk only moves forward, so each symbol is looked at about once.
    """

    def __init__(self, data: str | bytes) -> None:
        self._raw = data if isinstance(data, bytes) else None
        self._text = data if isinstance(data, str) else ""
        end = len(self._text)
        while end and self._text[end - 1] == "=":
            end -= 1
        self._end = end  # where the final padding starts
        self._checked = 0  # the text before this is known to hold only the alphabet
        self._noisy = False
        self._pos = 0  # slow cursor: where the next chunk of the text to strip starts ...
        self._kept = ""  # ... the stripped symbols before it that later reads may need ...
        self._kept_at = 0  # ... and the index of the first of them

    def read(self, offset: int, size: int) -> bytes:
        """Up to ``size`` decoded bytes at ``offset`` (fewer at the end or on bad base64)."""
        if self._raw is not None:
            return self._raw[offset : offset + size]
        first, last = offset // 3 * 4, -(-(offset + size) // 3) * 4
        if not self._noisy and last > self._checked:
            stop = min(last, self._end)
            if stop > self._checked and _NOISE_RE.search(self._text, self._checked, stop):
                self._noisy = True
            self._checked = last
        window = self._read_slowly(first, last) if self._noisy else self._text[first:last]
        return _decode(window)[offset - first // 4 * 3 :][:size]

    def _read_slowly(self, first: int, last: int) -> str:
        """Symbols ``first`` to ``last`` of the text with its noise removed.

        The stripped symbols are kept in a window (``_kept``, starting at symbol
        ``_kept_at``) that only moves forward, so each chunk of the text is stripped once
        however many reads fall into it (a JPEG of thousands of tiny segments).
        """
        if last > _MAX_SYMBOLS:
            return ""
        if first < self._kept_at:  # a read behind the window: start again
            self._pos, self._kept, self._kept_at = 0, "", 0
        drop = min(first - self._kept_at, len(self._kept))
        if drop == len(self._kept) or drop > _SLOW_CHUNK:  # what no later read needs
            self._kept = self._kept[drop:]
            self._kept_at += drop
        text = self._text
        while self._kept_at + len(self._kept) < last and self._pos < len(text):
            chunk = text[self._pos : self._pos + _SLOW_CHUNK]
            padding = chunk.find("=")
            symbols = _NOT_SYMBOL_RE.sub("", chunk if padding < 0 else chunk[:padding])
            self._pos = len(text) if padding >= 0 else self._pos + len(chunk)
            end = self._kept_at + len(self._kept) + len(symbols)
            if end <= first:  # wholly before this read: never kept
                self._kept, self._kept_at = "", end
            else:
                self._kept += symbols
        return self._kept[max(first - self._kept_at, 0) : last - self._kept_at]


def _decode(window: str) -> bytes:
    """Decode a run of base64 symbols that starts on a group boundary; never raises."""
    window = window.rstrip("=")
    tail = len(window) % 4
    if tail == 1:
        window = window[:-1]
    elif tail:
        window += "=" * (4 - tail)
    try:
        return binascii.a2b_base64(window)
    except (binascii.Error, ValueError):
        return b""


def image_size(data: str | bytes) -> ImageSize | None:
    """Format and dimensions of a PNG, JPEG, GIF or WebP given as base64 text or raw bytes.

    Only header bytes are decoded, so measuring a huge payload is cheap; ``None`` for any
    other format, a truncated header or a zero dimension.
    """
    if not isinstance(data, (str, bytes)):
        return None
    reader = _Reader(data)
    head = reader.read(0, 32)
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return _png(head)
    if head.startswith((b"GIF87a", b"GIF89a")):
        return _sized("gif", _le(head, 6, 2), _le(head, 8, 2))
    if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
        return _webp(head)
    if head.startswith(b"\xff\xd8"):
        return _jpeg(reader)
    return None


def _le(data: bytes, offset: int, size: int) -> int:
    chunk = data[offset : offset + size]
    return int.from_bytes(chunk, "little") if len(chunk) == size else 0


def _be(data: bytes, offset: int, size: int) -> int:
    chunk = data[offset : offset + size]
    return int.from_bytes(chunk, "big") if len(chunk) == size else 0


def _sized(fmt: ImageFormat, width: int, height: int) -> ImageSize | None:
    return ImageSize(fmt, width, height) if width > 0 and height > 0 else None


def _png(head: bytes) -> ImageSize | None:
    if head[12:16] != b"IHDR":
        return None
    return _sized("png", _be(head, 16, 4), _be(head, 20, 4))


def _webp(head: bytes) -> ImageSize | None:
    chunk = head[12:16]
    if chunk == b"VP8 " and head[23:26] == b"\x9d\x01\x2a":
        return _sized("webp", _le(head, 26, 2) & 0x3FFF, _le(head, 28, 2) & 0x3FFF)
    if chunk == b"VP8L" and head[20:21] == b"\x2f" and len(head) >= 25:
        bits = _le(head, 21, 4)
        return _sized("webp", (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    if chunk == b"VP8X" and len(head) >= 30:
        return _sized("webp", _le(head, 24, 3) + 1, _le(head, 27, 3) + 1)
    return None


def _jpeg(reader: _Reader) -> ImageSize | None:
    """Walk the segment markers after SOI until a start-of-frame marker gives the size."""
    offset = 2
    for _ in range(MAX_SEGMENTS):
        if offset > MAX_SCAN_BYTES:
            return None
        header = reader.read(offset, 9)
        if len(header) < 2 or header[0] != 0xFF:
            return None
        marker = header[1]
        if marker == 0xFF:  # fill byte before the marker
            offset += 1
            continue
        if marker in _BARE_MARKERS:
            offset += 2
            continue
        if marker in (0xD9, 0xDA):  # end of image, or scan data before any frame header
            return None
        if marker in _SOF_MARKERS:
            return _sized("jpeg", _be(header, 7, 2), _be(header, 5, 2))
        length = _be(header, 2, 2)
        if length < 2:
            return None
        offset += 2 + length
    return None
