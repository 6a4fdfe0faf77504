"""A long JSON object whose long array member is read item by item (``json_array``).

``{"query": ..., "results": [30,000 hits], "total": ...}`` is as common a tool output as
the bare array, and ``json.loads`` of it builds every hit (about 115 ms for 10 MB) where a
fit keeps a few. :func:`read_object` builds the members before the array walking forward
and the members after it walking back from the final ``}`` (each comma a candidate, taken
when the members from it chain to the end: a comma inside a string or a nested value never
does, as ``json_array`` finds a tail item), and reads the array between with
:func:`~toolresult_lab.budgets.json_array.read_array`, which checks it whole. Every character is
checked by the C decoder or by simdjson, so a text is read where ``json.loads`` reads it
and built as it builds it (keys in order, a repeated key's last value). Anything else (no
long array member, an array that does not end where the members after it begin) gives
``None`` after at most two checks of the array, and the caller decodes the whole text.
"""

from __future__ import annotations

from typing import Any, Final

from .json_array import (
    WHITESPACE,
    LazyArray,
    Scan,
    decoder_for,
    failed_scan_cost,
    read_array,
    scan_budget,
    skip_space,
)

__all__ = ["read_object"]

_TRIES: Final = 2  # checks of a 10 MB array (12 ms each) spent before giving up
_COMMAS: Final = 1000  # commas tried walking back (inside a long array, none chains)
_HEAD: Final = 1000  # members built walking forward before the whole is left to json
_Member = tuple[str, Any]


def _key(text: str, at: int, build: Scan) -> tuple[str, int]:
    """The key of the member starting at ``at`` and where its value starts.

    :raises ValueError: (or ``StopIteration``, with where the scan stopped) no member
        starts there."""
    if not text.startswith('"', at):
        raise StopIteration(at)  # no member starts here: as the scanner says it
    key, end = build(text, at)
    colon = skip_space(text, end)
    if not text.startswith(":", colon):
        raise StopIteration(colon)
    return key, skip_space(text, colon + 1)


class _Tail:
    """The members at the end of the object, found walking back from its final ``}``:
    ``bounds`` holds where each found member's comma is, right to left."""

    def __init__(self, text: str, close: int, big: bool) -> None:
        self.text = text
        self._big = big
        self._build = decoder_for(big)[1]
        self.bounds = [close]  # the final ``}``, then each member's comma
        self.members: list[_Member] = []  # right to left, as found
        self._search = close  # the next comma is looked for before this
        self._budget = scan_budget(text)
        self._commas = _COMMAS

    def array(self, start: int) -> tuple[LazyArray, list[_Member]] | None:
        """The array starting at ``start`` and the members after it (in order), when the
        array ends where a member found from the back begins (or at the final ``}``)."""
        text, tries, found = self.text, 0, 0
        while tries < _TRIES:
            if found == len(self.bounds) and not self._more(start):
                return None
            end = self.bounds[found]
            while end > start and text[end - 1] in WHITESPACE:
                end -= 1
            if text[end - 1] == "]":  # cheap: only an array's end is checked
                tries += 1
                array = read_array(text[start:end], trying=True, big=self._big)
                if array is not None:
                    return array, self.members[:found][::-1]
            found += 1
        return None

    def _more(self, start: int) -> bool:
        """Find one more member, walking back from the last found (not before ``start``)."""
        text = self.text
        while self._budget >= 0 and self._commas > 0:
            comma = text.rfind(",", start, self._search)
            if comma < 0:
                return False
            self._search = comma
            self._commas -= 1
            at = skip_space(text, comma + 1)
            try:
                key, value_at = _key(text, at, self._build)
                value, end = self._build(text, value_at)
            except (ValueError, StopIteration, RecursionError) as error:
                self._budget -= failed_scan_cost(error, text, at)
                continue
            self._budget -= end - at
            if skip_space(text, end) == self.bounds[-1]:  # it chains to the last found
                self.bounds.append(comma)
                self.members.append((key, value))
                return True
        return False


def _ends_within(text: str, at: int, long: int, build: Scan) -> bool:
    """Whether the value at ``at`` ends within ``long`` characters (built from a window
    of that many: a JSON array or object ends at its closing bracket, so it is the same
    value as in the whole text, and a cut one does not parse)."""
    try:
        build(text[at : at + long], 0)
    except (ValueError, StopIteration, RecursionError):
        return False
    return True


def read_object(text: str, long: int, *, big: bool = False) -> dict[str, Any] | None:
    """``text`` as ``json.loads`` reads it, but for its first member whose value is an
    array longer than ``long`` characters, a :class:`~toolresult_lab.budgets.json_array.LazyArray`;
    ``None`` where that is not how to read it (the caller decodes the whole text, which
    then decides): not a JSON object, not strict JSON, no such member among the first
    1,000, or the array's end not found after two checks.

    Each member is decoded on its own, so one nested as deep as Python's recursion limit
    allows is read here where ``json.loads`` of the whole, one level deeper, would fail
    (as ``read_array`` reads what simdjson accepts)."""
    start = skip_space(text, 0)
    close = len(text.rstrip(WHITESPACE)) - 1
    if not text.startswith("{", start) or close <= start or text[close] != "}":
        return None
    members: list[_Member] = []
    at = skip_space(text, start + 1)
    build = decoder_for(big)[1]
    try:
        while len(members) < _HEAD:
            key, at = _key(text, at, build)
            if text.startswith("[", at) and not _ends_within(text, at, long, build):
                found = _Tail(text, close, big).array(at)
                if found is None:
                    return None
                array, after = found
                return dict([*members, (key, array), *after])
            value, end = build(text, at)
            members.append((key, value))
            at = skip_space(text, end)
            if not text.startswith(",", at):
                return None
            at = skip_space(text, at + 1)
        return None
    except (ValueError, StopIteration, RecursionError):
        return None
