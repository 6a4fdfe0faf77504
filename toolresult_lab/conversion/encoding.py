"""JSON encoding and copying of tool content: the one spelling every wire uses.

The SPEC fixes a single JSON form (sorted keys, compact separators, non-ASCII kept)
for everything that becomes a string, and every block must be strict JSON that encodes
as UTF-8 (SPEC section 6). :func:`strict_copy` is the one place that turns a caller's
value into such JSON (it runs once, when a value enters the toolkit); :func:`text_field`
is the one place that turns a JSON value into text for a model.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from json.encoder import encode_basestring, encode_basestring_ascii
from typing import Any, Final

__all__ = [
    "CONTENT",
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "STRUCTURED",
    "UNSUPPORTED",
    "Reader",
    "clone",
    "deeper",
    "is_ascii",
    "json_encode",
    "json_string",
    "json_string_chars",
    "json_type",
    "optional_text",
    "strict_copy",
    "strict_text",
    "text_field",
]

#: Nesting accepted in ``content`` / ``structured_content`` (SPEC 6: at least 200 levels).
#: The names copies of a result's two content fields give in their errors.
CONTENT: Final = "ToolResult.content"
STRUCTURED: Final = "ToolResult.structured_content"
MAX_DEPTH: Final = 256
#: Digits of the longest integer accepted: Python's default limit for turning an int into
#: text (``sys.get_int_max_str_digits``), past which ``json.dumps`` raises; converting such
#: an integer at all costs time quadratic in its length.
MAX_INT_DIGITS: Final = 4300
_INT_BITS: Final = 14284  # 2**14284 < 10**4300 < 2**14285
#: What a value that is not JSON at all becomes (never its Python ``repr``).
UNSUPPORTED: Final = "[unsupported]"

# Bound once: compiled code calls these without looking the method up each time.
is_ascii: Final = str.isascii
_isfinite: Final = math.isfinite
_encode_basestring: Final = encode_basestring
_encode_basestring_ascii: Final = encode_basestring_ascii

_SURROGATE: Final = re.compile(
    f"[{chr(0xD800)}-{chr(0xDFFF)}]"
)  # mypyc takes no surrogate literals


def _unsupported(value: object) -> str:
    """The JSON stand-in for a non-JSON value: decoded bytes, else ``[unsupported]``."""
    if isinstance(value, (bytes, bytearray)):
        return strict_text(bytes(value).decode("utf-8", "replace"))
    return UNSUPPORTED


_ENCODER: Final = json.JSONEncoder(
    ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=_unsupported
)


def json_encode(value: Any) -> str:
    """Encode ``value`` as the SPEC's canonical compact JSON.

    ``value`` is expected to be strict already (see :func:`strict_copy`); a non-JSON
    value that slips through is still never written as its ``repr``.
    """
    return _ENCODER.encode(value)


def json_string(text: str) -> str:
    """A ``str`` as a JSON string literal, exactly as :func:`json_encode` spells it.

    An ASCII text without DEL (which only the ASCII encoder escapes) goes through the ASCII
    encoder: the same literal, 1.6x faster on a 10 MB text (a hermes block is one)."""
    if is_ascii(text) and "\x7f" not in text:
        return _encode_basestring_ascii(text)
    return _encode_basestring(text)


#: The characters JSON spells as escapes (``"`` and ``\\`` aside), as bytes to delete.
_CONTROL: Final = bytes(range(32))
_MEASURE_FROM: Final = 1 << 12  # shorter texts are measured by encoding them
_PIECE: Final = 1 << 16  # a long text is read this many characters at a time (in cache)
#: The control bytes JSON writes as two characters; the others take six (``\u001f``).
_SHORT_ESCAPES: Final = (b"\n", b"\t", b"\r", b"\b", b"\f")


def json_string_chars(text: str) -> int:
    """``len(json_string(text)) - 2``: the characters of ``text`` as a JSON string, quotes
    left out. A long ASCII text (a base64 payload, most JSON text, indented or not) is
    measured, never encoded: two counts of the whole, and per 64 KiB piece one deletion of
    control bytes (and, in a piece that has some, a count of each two-character escape),
    3x faster than the C encoder and never a copy of the whole (a 10 MB result is measured
    on every fit, a 50 MiB image on every card)."""
    if len(text) >= _MEASURE_FROM and is_ascii(text):
        escaped = 0  # characters the control bytes' escapes add
        for start in range(0, len(text), _PIECE):
            piece = text[start : start + _PIECE].encode("ascii")
            controls = len(piece) - len(piece.translate(None, _CONTROL))
            if controls:  # indented JSON: newlines alone, most often
                short = piece.count(b"\n")
                if short < controls:
                    short += sum(piece.count(escape) for escape in _SHORT_ESCAPES[1:])
                escaped += short + 5 * (controls - short)  # \n: one more; \u0001: five
        backslashes = text.count("\\") if "\\" in text else 0
        return len(text) + text.count('"') + backslashes + escaped
    return sum(
        len(_encode_basestring(text[start : start + 16 * _PIECE])) - 2
        for start in range(0, max(1, len(text)), 16 * _PIECE)
    )


def optional_text(value: Any) -> str:
    """A text field that may be absent: ``""`` for ``None``, else :func:`text_field`."""
    return "" if value is None else text_field(value)


def text_field(value: Any) -> str:
    """A text field as sent to a model: a ``str`` as is, anything else as its JSON."""
    return value if isinstance(value, str) else _ENCODER.encode(value)


def strict_text(text: str) -> str:
    """``text`` with every lone surrogate (U+D800..U+DFFF) replaced by U+FFFD.

    ASCII text is recognised in constant time, so a 50 MiB base64 payload costs nothing.
    """
    if is_ascii(text) or _SURROGATE.search(text) is None:
        return text
    return _SURROGATE.sub("\ufffd", text)


def _ten_to(power: int) -> int:
    """``10 ** power``, computed at run time (mypyc would fold a 4,300-digit literal)."""
    result = 1
    for _ in range(power):
        result *= 10
    return result


def _check_int(value: object, field: str) -> None:
    """Refuse an integer JSON cannot be written with (see :data:`MAX_INT_DIGITS`).

    Takes ``object``: a caller narrowing its value to ``int`` would make mypyc turn a
    ``bool`` into ``0`` or ``1``.
    """
    if not isinstance(value, int):
        return
    bits = value.bit_length()
    if bits <= _INT_BITS:  # the common case: one cheap test
        return
    if bits > _INT_BITS + 1 or abs(value) >= _ten_to(MAX_INT_DIGITS):
        raise ValueError(
            f"{field} holds an integer of more than {MAX_INT_DIGITS} digits,"
            " which cannot be written as JSON"
        )


def _strict_key(key: object, field: str) -> str:
    """A dict key as JSON writes it (``1`` -> ``"1"``, ``None`` -> ``"null"``)."""
    if isinstance(key, str):
        return strict_text(key)
    _check_int(key, field)
    if key is None or isinstance(key, (bool, int, float)):
        return json_encode(_strict_scalar(key))
    return _unsupported(key)


def _strict_scalar(value: object) -> object:
    if isinstance(value, float) and not _isfinite(value):
        return None
    return value


def deeper(depth: int, field: str) -> int:
    """The depth of the members of a container at ``depth``.

    :raises ValueError: the container is nested deeper than :data:`MAX_DEPTH` (naming ``field``).
    """
    if depth >= MAX_DEPTH:
        raise ValueError(f"{field} is nested deeper than {MAX_DEPTH} levels")
    return depth + 1


#: Makes the strict-JSON copy of a value that is not JSON (an SDK object), its members at
#: the depth given; it copies them with :func:`strict_copy` (passing itself on).
Reader = Callable[[Any, str, int], Any]


def strict_copy(value: Any, field: str, depth: int = 0, read: Reader | None = None) -> Any:
    """A strict-JSON deep copy of a caller's value (SPEC sections 1 and 6).

    Dicts and lists are copied (tuples become lists), strings and numbers are shared.
    NaN and +-Infinity become ``None``; lone surrogates become U+FFFD; bytes are decoded
    as UTF-8 with replacement; any other non-JSON value becomes ``"[unsupported]"``, or,
    with ``read``, what ``read`` copies it as (how ``from_mcp`` reads SDK objects without
    dumping them first).
    One pass, and ASCII strings (payloads) cost nothing to check.

    :raises ValueError: naming ``field``: ``value`` is nested deeper than :data:`MAX_DEPTH`,
        holds an integer longer than :data:`MAX_INT_DIGITS` digits, or has two keys that
        JSON writes alike (``1`` and ``"1"``), which would silently lose one value.
    """
    if isinstance(value, str):
        return value if is_ascii(value) else strict_text(value)
    if value is None or isinstance(value, int):  # bool is an int (kept a bool: see _check_int)
        _check_int(value, field)
        return value
    if isinstance(value, float):
        return value if _isfinite(value) else None
    depth = deeper(depth, field)
    if isinstance(value, dict):
        copy: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str) or not is_ascii(key):
                key = _strict_key(key, field)
            if isinstance(item, str):
                copy[key] = item if is_ascii(item) else strict_text(item)
            elif item is None or isinstance(item, int):
                _check_int(item, field)
                copy[key] = item
            else:
                copy[key] = strict_copy(item, field, depth, read)
        if len(copy) != len(value):
            raise ValueError(_colliding(value, field))
        return copy
    if isinstance(value, (list, tuple)):
        return [strict_copy(item, field, depth, read) for item in value]
    if read is not None and not isinstance(value, (bytes, bytearray)):
        return read(value, field, depth)
    return _unsupported(value)


def _colliding(value: dict[Any, Any], field: str) -> str:
    """The message for a dict two of whose keys JSON writes alike (the error path only)."""
    seen: dict[str, object] = {}
    for key in value:
        written = _strict_key(key, field)
        if written in seen:
            return (
                f"{field} has keys {seen[written]!r} and {key!r} that JSON writes alike"
                f" ({json_string(written)}): one value would be lost"
            )
        seen[written] = key
    return f"{field} has keys that JSON writes alike"  # pragma: no cover - not reached


def clone(value: Any) -> Any:
    """Copy a JSON tree that is already strict: dicts and lists; other values are shared.

    Every block returned by ``to()`` is a fresh object, so the parts of it that come
    from the result's own content are cloned on the way out.
    """
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clone(v) for v in value]
    return value


def json_type(value: object) -> str:
    """The JSON name of a value's type, with its article (``null``, ``an array``, ...): what
    a message about the shape of JSON input names (never a Python class name)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "an array"
    return "an object"
