"""Cutting one text, or one JSON value, down to a number of characters, saying what went.

Plain text keeps its head and tail around a marker (``[… 1,234 characters left out …]``).
JSON text stays JSON: arrays keep their first and last items around a marker item, objects
their first keys and a marker key, long strings their head and tail; everything is cut
at once by one size parameter, so a short budget keeps the shape (keys, the first and
last items) before the detail (long strings, more items). The fitting (``fitting``)
decides how many characters each text gets; this module only cuts.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from .json_array import BigNumber, LazyArray, decoder_for, read_array
from .json_object import read_object

__all__ = ["Cut", "JsonPiece", "TextCutter", "cut_plain", "plain_marker", "text_piece"]

#: The key an object's marker goes under (a key no tool is likely to use).
MARKER_KEY: Final = "[…]"
_LAZY_FROM: Final = 1 << 16  # arrays this long are read item by item (LazyArray)
_STRING_STEP: Final = 16  # characters of a string kept per step of the size parameter
_COMPACT: Final = {"ensure_ascii": False, "separators": (",", ":")}


def plain_marker(left_out: int) -> str:
    """The marker that stands where ``left_out`` characters of plain text were."""
    return f"\n[… {left_out:,} characters left out …]\n"


def _items_marker(left_out: int) -> str:
    return f"[… {left_out:,} items left out …]"


def _keys_marker(left_out: int) -> str:
    return f"{left_out:,} keys left out"


def _string_marker(left_out: int) -> str:
    return f"[… {left_out:,} characters left out …]"


@dataclass(frozen=True)
class Cut:
    """A text as cut: the new text and what was left out of it."""

    text: str
    original: int
    """Characters of the text before the cut."""
    json: bool
    """True when the text was JSON and still is."""
    items: int = 0
    """Array items left out (JSON)."""
    keys: int = 0
    """Object keys left out (JSON)."""
    chars: int = 0
    """Characters left out: of the text (plain) or of its strings (JSON)."""
    whole: bool = False
    """True when the JSON was replaced whole by a JSON string saying its size."""

    @property
    def changed(self) -> bool:
        """False when nothing was left out."""
        return self.whole or self.items > 0 or self.keys > 0 or self.chars > 0

    def describe(self) -> str:
        """What was kept and dropped, in words (for ``explain()``'s reason)."""
        if self.whole:
            return f"replaced all {self.original:,} characters by a JSON string saying so"
        if not self.json:
            ends = max(0, len(self.text) - len(plain_marker(self.chars)))
            return (
                f"kept the first {ends - ends // 2:,} and last {ends // 2:,} of "
                f"{self.original:,} characters around a marker, left out {self.chars:,}"
            )
        dropped = [
            f"{count:,} {what}"
            for count, what in (
                (self.items, "array items"),
                (self.keys, "object keys"),
                (self.chars, "characters of strings"),
            )
            if count
        ]
        left_out = f", left out {' and '.join(dropped)}" if dropped else " (re-encoded compactly)"
        return f"kept {len(self.text):,} of {self.original:,} characters as valid JSON{left_out}"


def cut_plain(text: str, limit: int) -> Cut:
    """``text`` in at most ``limit`` characters (its head and tail around the marker), or
    the marker alone where ``limit`` is below it; ``text`` itself when it fits."""
    size = len(text)
    if size <= limit:
        return Cut(text, size, False)
    keep = max(0, limit - len(plain_marker(size)))
    left_out = size - keep
    tail = keep // 2
    head = keep - tail
    return Cut(
        text[:head] + plain_marker(left_out) + text[size - tail :], size, False, chars=left_out
    )


class _Counts:
    __slots__ = ("chars", "items", "keys")

    def __init__(self) -> None:
        self.items = 0
        self.keys = 0
        self.chars = 0


def _whole_from(value: Any) -> int:
    """The least size at which :func:`_shrink` cuts nothing of ``value``."""
    if isinstance(value, str):
        over = len(value) - len(_string_marker(len(value)))
        return max(0, -(-over // _STRING_STEP))
    if isinstance(value, list):
        return max((len(value) // 2, *map(_whole_from, value)))
    if isinstance(value, dict):
        return max((len(value) // 2, *map(_whole_from, value.values())))
    return 0


def _kept_item(array: LazyArray, number: int, size: int, counts: _Counts) -> Any:
    """Item ``number`` of ``array`` shrunk to ``size``: the item itself (built by the array
    for the cutting alone) from the size that cuts nothing of it, as most sizes tried do."""
    item = array.item(number)
    whole = array.notes.get(number)
    if whole is None:
        whole = array.notes[number] = _whole_from(item)
    return item if size >= whole else _shrink(item, size, counts)


def _shrink(value: Any, size: int, counts: _Counts) -> Any:
    """``value`` with each array past ``2*size+1`` items, object past ``2*size+1`` keys
    and string past its share cut (only the kept parts are visited)."""
    if isinstance(value, LazyArray):
        total = len(value)
        if total <= 2 * size + 1:
            return [_shrink(item, size, counts) for item in value.items()]
        counts.items += total - 2 * size
        kept = [_kept_item(value, number, size, counts) for number in range(size)]
        kept.append(_items_marker(total - 2 * size))
        last = range(total - size, total)
        kept.extend(_kept_item(value, number, size, counts) for number in last)
        return kept
    if isinstance(value, str):
        keep = _STRING_STEP * size
        if len(value) <= keep + len(_string_marker(len(value))):
            return value
        left_out = len(value) - keep
        counts.chars += left_out
        tail = keep // 2
        return value[: keep - tail] + _string_marker(left_out) + value[len(value) - tail :]
    if isinstance(value, list):
        if len(value) <= 2 * size + 1:
            return [_shrink(item, size, counts) for item in value]
        left_out = len(value) - 2 * size
        counts.items += left_out
        kept = [_shrink(item, size, counts) for item in value[:size]]
        kept.append(_items_marker(left_out))
        kept.extend(_shrink(item, size, counts) for item in value[len(value) - size :])
        return kept
    if isinstance(value, dict):
        if len(value) <= 2 * size + 1:
            return {key: _shrink(item, size, counts) for key, item in value.items()}
        out: dict[str, Any] = {}
        for number, (key, item) in enumerate(value.items()):
            if number == 2 * size:
                break
            out[key] = _shrink(item, size, counts)
        left_out = len(value) - 2 * size
        counts.keys += left_out
        out[MARKER_KEY] = _keys_marker(left_out)
        return out
    return value


def _encode(value: Any, big: bool = False) -> str:
    """``value``'s compact JSON, strict: ``ValueError`` for a number past a double's range
    read as ``inf`` (``json.dumps`` would write ``Infinity``: the piece is then read again
    with ``big``), and each :class:`BigNumber` written as it was read (:func:`_write`)."""
    try:
        return json.dumps(value, allow_nan=False, **_COMPACT)  # type: ignore[arg-type]
    except ValueError:
        if not big:
            raise
    out: list[str] = []
    _write(value, out)
    return "".join(out)


def _write(value: Any, out: list[str]) -> None:
    """``value``'s compact JSON into ``out``, each :class:`BigNumber` as its text."""
    if isinstance(value, BigNumber):
        out.append(value.text)
    elif isinstance(value, dict):
        out.append("{")
        for number, (key, item) in enumerate(value.items()):
            out.append(("," if number else "") + json.dumps(key, ensure_ascii=False) + ":")
            _write(item, out)
        out.append("}")
    elif isinstance(value, list):
        out.append("[")
        for number, item in enumerate(value):
            if number:
                out.append(",")
            _write(item, out)
        out.append("]")
    else:
        out.append(json.dumps(value, allow_nan=False, **_COMPACT))  # type: ignore[arg-type]


class JsonPiece:
    """One JSON value to cut again and again (the fitting tries several lengths): parsed
    once, each cut visiting only what it keeps."""

    __slots__ = ("_big", "_text", "_tried", "original", "value", "whole")

    def __init__(
        self, value: Any, original: int, whole: bool, text: str | None = None, big: bool = False
    ) -> None:
        self.value: Any = value
        self._text = text  # the text it was read from (read again where it holds 1e400)
        self._big = big
        self.original = original
        """Characters of the text (or of the value's compact JSON)."""
        self.whole = whole
        """True when the minimum may replace the value by a JSON string (a text); False
        keeps its type (``structured_content``, a gemini ``response`` object)."""
        self._tried: dict[int, tuple[Any, str, _Counts] | None] = {}

    def minimum(self) -> str:
        """The shortest form this piece is cut to (a text nested deeper than Python can
        walk, within the 1,024 levels simdjson reads: its marker alone)."""
        smallest = self._attempt(0)
        if smallest is None and not self.whole:  # strict copies stop at 256 levels
            raise RecursionError("structured content nested too deeply to cut")
        kind = "array" if isinstance(self.value, (list, LazyArray)) else "object"
        marker = _encode(f"[JSON {kind} of {self.original:,} characters left out]")
        if smallest is None:
            return marker
        if not self.whole:
            return smallest[1]
        return marker if len(marker) < len(smallest[1]) else smallest[1]

    def cut(self, limit: int) -> tuple[Any, Cut]:
        """The largest cut within ``limit`` characters (the minimum where none is): the
        value and the :class:`Cut` of its compact JSON. Sizes are searched by doubling,
        then halving: each try visits only what it keeps. A size whose cut nests deeper
        than Python can walk counts as too long (content degrades, never an error)."""
        best = self._attempt(0)
        if best is None or len(best[1]) > limit:
            if best is not None and not self.whole:
                return self._result(best)
            text = self.minimum()  # raises for structured content nested too deeply
            return json.loads(text), Cut(text, self.original, True, chars=self.original, whole=True)
        low, high = 0, -1  # high < 0: no size found yet that is too long
        while _cuts(best[2]):
            size = low * 2 + 1 if high < 0 else (low + high) // 2
            if high >= 0 and high - low <= 1:
                break
            found = self._attempt(size)
            if found is not None and len(found[1]) <= limit:
                best, low = found, size
            else:
                high = size
        return self._result(best)

    def _attempt(self, size: int) -> tuple[Any, str, _Counts] | None:
        """The cut at ``size`` (``None``: it nests deeper than Python can walk)."""
        if size in self._tried:  # the fitting cuts one piece to several lengths
            return self._tried[size]
        counts = _Counts()
        try:
            shrunk = _shrink(self.value, size, counts)
            found: tuple[Any, str, _Counts] | None = (shrunk, _encode(shrunk, self._big), counts)
        except RecursionError:
            found = None
        except ValueError:  # a number past a double's range: read the text again, keeping it
            again = None if self._big or self._text is None else text_piece(self._text, True)
            if again is None:
                raise
            self.value, self._big, self._tried = again.value, True, {}
            return self._attempt(size)
        self._tried[size] = found
        return found

    def _result(self, found: tuple[Any, str, _Counts]) -> tuple[Any, Cut]:
        shrunk, text, counts = found
        return shrunk, Cut(text, self.original, True, counts.items, counts.keys, counts.chars)


def _cuts(counts: _Counts) -> bool:
    return bool(counts.items or counts.keys or counts.chars)


def text_piece(text: str, big: bool = False) -> JsonPiece | None:
    """A :class:`JsonPiece` when ``text`` is a JSON array or object (strict JSON: no
    ``NaN``), else ``None`` (the text is cut as plain text). ``big``: numbers past a
    double's range read as :class:`~toolresult_lab.budgets.json_array.BigNumber` (a piece reads its
    text so again where a cut finds one)."""
    start = text.lstrip()[:1]
    if start not in ("[", "{"):
        return None
    if start == "[" and len(text) >= _LAZY_FROM:
        array = read_array(text, big=big)
        return None if array is None else JsonPiece(array, len(text), True, text, big)
    if len(text) >= _LAZY_FROM:  # an object: its long array member read lazily, if any
        found = read_object(text, _LAZY_FROM, big=big)
        if found is not None:
            return JsonPiece(found, len(text), True, text, big)
    try:
        value = decoder_for(big)[0].decode(text)
    except (ValueError, RecursionError):
        return None
    return JsonPiece(value, len(text), True, text, big)


class TextCutter:
    """One text to cut to several lengths: as JSON where it is a JSON array or object
    (parsed once), else as plain text. ``minimum`` is the shortest text it is cut to."""

    __slots__ = ("_json", "minimum", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self._json = text_piece(text)
        smallest = self._json.minimum() if self._json is not None else plain_marker(len(text))
        self.minimum = min(len(smallest), len(text))

    def cut(self, limit: int) -> Cut:
        """The text in at most ``limit`` characters (its minimum where that is more);
        the text itself, unchanged, where it fits."""
        if limit >= len(self.text):
            return Cut(self.text, len(self.text), self._json is not None)
        if self._json is None:
            return cut_plain(self.text, limit)
        return self._json.cut(limit)[1]
