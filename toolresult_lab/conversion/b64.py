"""Base64 helpers that never leak, never raise, and never decode what they only measure.

Placeholders report a payload's decoded size computed arithmetically (one pass per
distinct whitespace character actually present, plus one count of ``=``), so a 50 MiB
image costs a placeholder about as much as ``payload.count("=")``.
"""

from __future__ import annotations

import binascii
import re
from typing import Final

__all__ = [
    "FROM_URLSAFE",
    "TO_URLSAFE",
    "WHITESPACE",
    "decoded_size",
    "is_canonical",
    "lenient_decode",
    "strip_whitespace",
    "whitespace_in",
]

#: Characters that ``str.isspace`` accepts, minus the separators U+001C..U+001F,
#: which the SPEC does not treat as whitespace.
#: (Spelled out rather than computed at import; a test checks it against ``str.isspace``.)
WHITESPACE: Final = (
    "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
#: URL-safe base64 (RFC 4648 section 5) differs from the standard alphabet in two letters
#: only: these tables translate between the two (``str.translate``), built here once.
_URLSAFE_LETTERS: Final = "-_"
_STANDARD_LETTERS: Final = "+/"
FROM_URLSAFE: Final = str.maketrans(_URLSAFE_LETTERS, _STANDARD_LETTERS)
TO_URLSAFE: Final = str.maketrans(_STANDARD_LETTERS, _URLSAFE_LETTERS)
_ASCII_WHITESPACE: Final = "".join(ch for ch in WHITESPACE if ch.isascii())
_ASCII_WHITESPACE_BYTES: Final = _ASCII_WHITESPACE.encode("ascii")
_WHITESPACE_RE: Final = re.compile("[" + re.escape(WHITESPACE) + "]+")
_NOT_ALPHABET_RE: Final = re.compile(r"[^A-Za-z0-9+/=]+")
_is_ascii: Final = str.isascii  # bound once: no method lookup per call when compiled
_a2b_base64: Final = binascii.a2b_base64
_CHUNK: Final = 1 << 20
_LOW_2_BITS_ZERO: Final = frozenset("AEIMQUYcgkosw048")
_LOW_4_BITS_ZERO: Final = frozenset("AQgw")
_ALPHABET_BYTES: Final = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
#: Every byte of the alphabet and "=" to itself, any other to 0.
_ALPHABET_TABLE: Final = bytes([b if b in _ALPHABET_BYTES + b"=" else 0 for b in range(256)])


def whitespace_in(data: str) -> list[str]:
    """The whitespace characters that occur in ``data``: one fast ``in`` per candidate.

    Payloads are ASCII, so six ``memchr``-like scans, whatever the length.
    """
    candidates = _ASCII_WHITESPACE if _is_ascii(data) else WHITESPACE
    return [ch for ch in candidates if ch in data]


def strip_whitespace(data: str, present: list[str] | None = None) -> str:
    """``data`` without whitespace; the same object when there is none (no copy).

    ``present`` is :func:`whitespace_in` of ``data`` when the caller has it already.
    """
    if present is None:
        present = whitespace_in(data)
    if not present:
        return data
    if _is_ascii(data):
        return data.encode("ascii").translate(None, _ASCII_WHITESPACE_BYTES).decode("ascii")
    return _WHITESPACE_RE.sub("", data)


def decoded_size(data: str, present: list[str] | None = None) -> int:
    """Decoded byte size of a base64 string, by arithmetic only (SPEC section 2).

    ``max(0, floor(len * 3 / 4) - count("="))`` over the string without whitespace;
    characters outside the base64 alphabet still count.
    """
    length = len(data)
    for ch in whitespace_in(data) if present is None else present:
        length -= data.count(ch)
    size = length * 3 // 4 - data.count("=")
    return size if size > 0 else 0  # not max(): compiled, a generic call


def lenient_decode(data: str) -> bytes:
    """Decode base64 the forgiving way of the reference implementation; never raises.

    Characters outside ``A-Za-z0-9+/=`` are ignored; symbols are read in groups of
    four; a ``=`` in the first or second place of a group ends decoding, in the third
    or fourth place it yields the group's one or two bytes and ends decoding; a final
    incomplete group of 2 or 3 symbols yields 1 or 2 bytes, of 1 symbol nothing.
    """
    symbols = _NOT_ALPHABET_RE.sub("", data)
    end = symbols.find("=")
    if end != -1:
        place = end % 4
        symbols = symbols[: end - place] if place < 2 else symbols[:end]
    tail = len(symbols) % 4
    if tail == 1:
        symbols = symbols[:-1]
    elif tail:
        symbols += "=" * (4 - tail)
    return _a2b_base64(symbols)


def is_canonical(data: str) -> bool:
    """True when ``data`` is non-empty canonical standard base64 (SPEC section 6).

    Alphabet ``A-Za-z0-9+/``, length a multiple of 4, ``=`` only as final padding,
    and no stray bits in the padding (``b64encode(b64decode(s)) == s``). Only the last
    group is decoded: the rest is checked by deleting the alphabet from byte copies of
    1 MiB slices, so a 50 MiB payload never costs a second 50 MiB.
    """
    if not data or len(data) % 4 or not _is_ascii(data):
        return False
    padding = 0 if data[-1] != "=" else 2 if data[-2] == "=" else 1
    body = len(data) - padding
    if body <= _CHUNK:
        # each byte outside the alphabet and "=" mapped to 0 by a fixed table, which costs
        # less than deleting the alphabet for a small payload; "=" only as the padding
        if 0 in data.encode("ascii").translate(_ALPHABET_TABLE) or data.count("=") != padding:
            return False
    else:
        for start in range(0, body, _CHUNK):
            chunk = data[start : min(start + _CHUNK, body)].encode("ascii")
            if chunk.translate(None, _ALPHABET_BYTES):
                return False
    # No stray bits: the symbol before the padding must end in 2 (for "=") or 4 ("==")
    # zero bits, which is what b64encode(b64decode(s)) == s asks of the last group.
    if padding == 1:
        return data[-2] in _LOW_2_BITS_ZERO
    if padding == 2:
        return data[-3] in _LOW_4_BITS_ZERO
    return True
