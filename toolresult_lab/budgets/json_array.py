"""A long JSON array read item by item: checked whole, built only where a cut keeps items.

Fitting a 10 MB JSON array into a few thousand tokens keeps its first and last items; the
time went to ``json.loads`` building every one of its 30,000 objects (and freeing them).
:func:`read_array` checks the whole text with the same C decoder, but one that turns each
object into its size (never a dict), so it fails exactly where ``json.loads`` fails; the
items a cut keeps are then built one by one, as ``json.loads`` builds them, from where
they start: the head found by walking forward, the tail by walking back from the end.

Walking back: each comma before the end is a candidate separator; the value after it is
an item of the array when the items from it chain (value, comma, value ...) to the final
``]``. A comma inside a string or a nested value never chains there (a chain started
inside a string sees every later quote the other way round; one started inside a nested
value closes before the end): a candidate is an item when its value ends just before the
item found last, so each comma costs one scan of one value. The walk gives up after
scanning twice the text's length (hostile nesting; a scan that fails is charged what it
read, as one that succeeds), and the items are then found walking forward.

With the ``fast`` extra, pysimdjson checks the text instead (RFC 8259 JSON at gigabytes a
second; the C decoder's check was most of a fit's time). Where it accepts a text,
``json.loads`` accepts it too, but for nesting between Python's recursion limit and
simdjson's 1,024 levels: the items of such a text are built with the limit raised by as
much. Where it refuses one (big integers, ``1e999``, an escaped lone surrogate, which
``json.loads`` takes), the C decoder's check decides, as without it.
"""

from __future__ import annotations

import json
import re
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from json.scanner import make_scanner
from typing import Any, Final

try:  # the `fast` extra
    import simdjson as _simdjson
except ImportError:  # pragma: no cover - the test extra installs it
    _simdjson = None  # type: ignore[assignment]

__all__ = [
    "BIG_DECODER",
    "BUILD",
    "DECODER",
    "SCAN_BUDGET",
    "SCAN_FLOOR",
    "WHITESPACE",
    "BigNumber",
    "LazyArray",
    "Scan",
    "decoder_for",
    "failed_scan_cost",
    "read_array",
    "scan_budget",
    "skip_space",
]


def reject_constant(name: str) -> Any:
    """``parse_constant`` of strict JSON: ``NaN`` and ``Infinity`` are refused."""
    raise ValueError(f"{name} is not strict JSON")


class BigNumber(float):
    """A JSON number past a double's range (``1e400``: JSON by RFC 8259's grammar), kept as
    written: ``json.loads`` reads it as ``inf``, which ``json.dumps`` writes as the bare word
    ``Infinity`` (not JSON). It equals what ``json.loads`` reads; a cut writes ``text``."""

    text: str

    def __new__(cls, text: str) -> BigNumber:
        number = super().__new__(cls, text)
        number.text = text
        return number


def _float(text: str) -> float:
    number = float(text)
    return number if number - number == 0 else BigNumber(text)


#: ``json.loads(text, parse_constant=reject_constant)``'s decoder, for the kept items.
DECODER: Final = json.JSONDecoder(parse_constant=reject_constant)
#: The same, a number past a double's range read as a :class:`BigNumber`: for a text whose
#: cut ``json.dumps`` refused (a Python call per float: twice the time of an array of
#: floats, and a scan for where such a number may be costs 70 ns a character).
BIG_DECODER: Final = json.JSONDecoder(parse_constant=reject_constant, parse_float=_float)
#: The same grammar, each object read as its number of keys: it checks, builds no dict.
_CHECKER: Final = json.JSONDecoder(object_pairs_hook=len, parse_constant=reject_constant)
Scan = Callable[[str, int], "tuple[Any, int]"]
#: One value at an index, built (the kept items) or only checked: ``(value, end)``.
BUILD: Final[Scan] = make_scanner(DECODER)  # type: ignore[arg-type]  # typeshed: a class
_BIG_BUILD: Final[Scan] = make_scanner(BIG_DECODER)  # type: ignore[arg-type]
_CHECK: Final[Scan] = make_scanner(_CHECKER)  # type: ignore[arg-type]
WHITESPACE: Final = " \t\n\r"  # JSON's whitespace (str.isspace knows more)
_SPACE: Final = re.compile(r"[ \t\n\r]+")
_MISSING: Final = object()
SCAN_BUDGET: Final = 2  # characters a walk back may scan, in lengths of the text
SCAN_FLOOR: Final = 4096  # characters any walk back may scan (a short text's few traps)
_LINES_PER_SCAN: Final = 4  # characters a decode error's line count reads per one scanned
_SIMDJSON_DEPTH: Final = 1024  # the deepest nesting simdjson accepts
_WALK: Final = 4096  # items walked past to reach one, beyond which all are built at once


@contextmanager
def _deep_enough() -> Iterator[None]:
    """Python's recursion limit raised by simdjson's depth while a checked item is built:
    the C decoder counts its nesting against it (Python 3.10 and 3.11)."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(old + _SIMDJSON_DEPTH)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


class _Parsers:
    """One simdjson parser kept for texts up to ``KEEP`` bytes, lent to one caller at a
    time (another thread meanwhile gets a new one). A new parser allocates its buffers
    afresh, and the kernel maps each page in: 36 ms of a 10 MB check against 12 ms on a
    kept one (2026-12-02). What it keeps is about 2.6x the largest text it read (~42 MB
    at most); a longer text gets a parser of its own, freed with it."""

    KEEP: Final = 16 << 20

    def __init__(self) -> None:
        self._kept: Any = None
        self._lock = threading.Lock()

    def length(self, data: bytes) -> int | None:
        """The number of items of the array ``data``; ``None``: not an array, or refused."""
        if len(data) > self.KEEP or not self._lock.acquire(blocking=False):
            return self._length(_simdjson.Parser(), data)
        try:
            if self._kept is None:
                self._kept = _simdjson.Parser()
            return self._length(self._kept, data)
        finally:
            self._lock.release()

    @staticmethod
    def _length(parser: Any, data: bytes) -> int | None:
        try:
            document = parser.parse(data)
        except (ValueError, RuntimeError, MemoryError):
            return None
        # the document must be gone before the parser reads again (pysimdjson's rule)
        length = len(document) if isinstance(document, _simdjson.Array) else None
        del document
        return length


_PARSERS: Final = _Parsers()


def _simdjson_length(text: str) -> int | None:
    """The number of items of the JSON array ``text`` where simdjson accepts it, else
    ``None`` (no simdjson, not an array, or a text only ``json.loads`` decides)."""
    if _simdjson is None:
        return None
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate in the text itself
        return None
    return _PARSERS.length(data)


def decoder_for(big: bool) -> tuple[json.JSONDecoder, Scan]:
    """The decoder (and its one-value scanner) that reads a text for a cut: ``big``, numbers
    past a double's range as :class:`BigNumber` (for a text a cut found one in), else
    ``DECODER``."""
    return (BIG_DECODER, _BIG_BUILD) if big else (DECODER, BUILD)


def scan_budget(text: str) -> int:
    """The characters a walk back over ``text`` may scan before it gives up: linear in the
    text, with a floor for short texts whose strings hold a few traps."""
    return SCAN_BUDGET * len(text) + SCAN_FLOOR


def failed_scan_cost(error: BaseException, text: str, start: int) -> int:
    """The characters a scan from ``start`` read before it failed with ``error``, charged to
    a walk's budget: a failed scan costs as much as one that succeeds (a string of
    ``"[1, [1, ...`` makes each comma inside it scan to its end, or 1,000 levels deep).

    The decoder says where it stopped (a nested value that does not start: the
    ``StopIteration``'s index), but for a string it reads to the text's end looking for the
    closing quote, and a ``JSONDecodeError`` reads the text before where it stopped once
    more to say the line and column (counting newlines: about four times as fast as a
    scan, 2026-12-07, bench_hostile's fit cases). A nesting too deep for Python, or a
    refused ``NaN``, says nothing: each is charged the rest of the text."""
    if isinstance(error, json.JSONDecodeError):
        unterminated = error.msg.startswith("Unterminated")
        scanned = max(1, (len(text) if unterminated else error.pos) - start)
        return scanned + error.pos // _LINES_PER_SCAN
    if isinstance(error, StopIteration) and isinstance(error.value, int):
        return max(1, error.value - start)
    return max(1, len(text) - start)


def skip_space(text: str, at: int) -> int:
    """The first position from ``at`` that is not JSON whitespace."""
    if text[at : at + 1] not in WHITESPACE:
        return at
    found = _SPACE.match(text, at)
    return at if found is None else found.end()


class LazyArray:
    """A JSON array checked whole, its items built on demand (each once)."""

    __slots__ = (
        "_all",
        "_back",
        "_build",
        "_built",
        "_close",
        "_decoder",
        "_deep",
        "_head",
        "_tail",
        "length",
        "notes",
        "text",
    )

    def __init__(
        self,
        text: str,
        length: int,
        first: int,
        close: int,
        *,
        deep: bool = False,
        big: bool = False,
    ) -> None:
        self.text = text
        self._decoder, self._build = decoder_for(big)
        self._deep = deep  # checked by simdjson: items may nest past Python's limit
        self.length = length
        """The number of items."""
        self._close = close  # where the final ``]`` is
        self._head = [first] if length else []  # where items 0, 1, ... start
        self._tail: list[int] = []  # where items length-1, length-2, ... start
        # the walk back's budget left (characters to scan) and where it looks next
        self._back = (scan_budget(text), close)
        self._built: dict[int, Any] = {}
        self._all: list[Any] | None = None
        self.notes: dict[int, int] = {}
        """A figure per item its user keeps (the cutting: the size that keeps it whole)."""

    def __len__(self) -> int:
        return self.length

    def item(self, number: int) -> Any:
        """Item ``number`` (``0 <= number < len``) as ``json.loads`` builds it. One more
        than ``_WALK`` items from either end known so far is taken from the whole array
        built once: a walk item by item to the middle of a million items took 7.4 s, the
        C decoder builds them all in about one."""
        if self._all is not None:
            return self._all[number]
        found = self._built.get(number, _MISSING)
        if found is _MISSING:
            ahead = number - len(self._head) + 1
            behind = self.length - number - len(self._tail)
            if min(ahead, behind) > _WALK:
                return self.items()[number]
            with self._room():
                found = self._built[number] = self._build(self.text, self._start(number))[0]
        return found

    def _room(self) -> Any:
        """Room for the nesting simdjson accepted (:func:`_deep_enough`), else nothing."""
        return _deep_enough() if self._deep else nullcontext()

    def _start(self, number: int) -> int:
        back = self.length - 1 - number
        if back < len(self._tail):
            return self._tail[back]
        if number >= len(self._head) and back < number and self._walk_back(back + 1):
            return self._tail[back]
        return self._walk_forward(number)

    def _walk_forward(self, number: int) -> int:
        head, text, scan = self._head, self.text, _CHECK
        while len(head) <= number:
            end = skip_space(text, scan(text, head[-1])[1])  # a checked text: a comma follows
            head.append(skip_space(text, end + 1))
        return head[number]

    def _walk_back(self, count: int) -> bool:
        """Find where the last ``count`` items start; False past the scan budget. The
        budget is the array's, not the call's: a walk goes on where the last one stopped,
        and one that gave up is not tried again (each item a cut keeps asks)."""
        text, tail, close, scan = self.text, self._tail, self._close, _CHECK
        budget, at = self._back
        while len(tail) < count and budget >= 0:
            at = text.rfind(",", 0, at)
            if at < 0:  # not reached for the back half of a checked array
                self._back = (-1, at)
                return False
            start = skip_space(text, at + 1)
            try:
                end = scan(text, start)[1]
            except (ValueError, StopIteration, RecursionError) as error:
                budget -= failed_scan_cost(error, text, start)
                continue
            budget -= end - start
            after = skip_space(text, end)
            # an item's chain ends on the next item found (or on the final ``]``)
            if (after == close and not tail) or (
                tail and text.startswith(",", after) and skip_space(text, after + 1) == tail[-1]
            ):
                tail.append(start)
        self._back = (budget, at)
        return len(tail) >= count

    def items(self) -> list[Any]:
        """Every item (``json.loads`` of the whole text, once: a cut that keeps them all)."""
        if self._all is None:
            with self._room():
                self._all = self._decoder.decode(self.text)
        return self._all


def read_array(text: str, *, trying: bool = False, big: bool = False) -> LazyArray | None:
    """``text`` as a :class:`LazyArray` when it is a JSON array; ``None`` where it is not
    strict JSON (where ``json.loads(text)`` fails, deep nesting included).

    ``trying``: a caller trying where an array ends (``json_object``), who decodes the
    whole text itself when no try is taken: where simdjson is installed and refuses the
    text, ``None`` at once (the C decoder's check of a wrong try reads the whole array
    before it fails: 45 ms of a 10 MB text)."""
    first = skip_space(text, 0)
    if not text.startswith("[", first):
        return None
    length = _simdjson_length(text)
    deep = length is not None
    if length is None and trying and _simdjson is not None:
        return None
    if length is None:
        try:
            length = len(_CHECKER.decode(text))
        except (ValueError, RecursionError):
            return None
    close = len(text.rstrip(WHITESPACE)) - 1
    return LazyArray(text, length, skip_space(text, first + 1), close, deep=deep, big=big)
