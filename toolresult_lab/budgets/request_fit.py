"""A whole request within a token budget: ``repair(..., max_tokens=N)`` (issue 27).

The request's input is estimated as ``request_tokens`` estimates it (the figure lint's
``context-window`` holds against the model's window). Where it is over ``N``, the texts of
its tool results are cut, the largest first (the oldest first among equals), each as far
as it takes and no further: JSON text stays valid JSON (``cutting``), plain text keeps its
head and tail around a marker, a Gemini ``response`` object stays an object. Nothing else
is touched: no message, no call, no image or PDF (a payload is never cut), no tool result
removed. Each text cut is a :class:`~toolresult_lab.requests.findings.Change` of rule
``context-window`` at its place in the request as given, saying what it kept and dropped.

Each text is cut by its own count (what it takes in the request's JSON, counted as the
whole is), and the whole request is counted a bounded number of times after: the time is
linear in the request, the result within ``N`` by the same count (or every text at its
minimum), and a larger budget never keeps less.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from ..conversion.encoding import json_encode
from ..requests.findings import Change
from ..wires import ReadRequest, RequestEdits, ResultPart, TextPart, read_request, wire_module
from .cutting import Cut, JsonPiece, TextCutter
from .fitting import check_budget
from .request_tokens import read_tokens
from .tokens import text_tokens

__all__ = ["RULE", "fit_request"]

#: The rule a cut is reported under (the lint rule that finds a request over its window).
RULE: Final = "context-window"
#: Tokens a text is cut past the budget's deficit when the whole request, counted again
#: after the texts were cut by their own counts, is still over it (a count of the whole is
#: not the sum of its parts': tokens join across the seams); one count of the whole each.
_MARGINS: Final = (0, 2, 8, 32, 128, 512)
_STEP: Final = re.compile(r"\[(\d+)\]|\.?([^.\[\]]+)")


#: How a text held inside a string is written back (``RequestEdits.with_result_text``).
_Wrap = Callable[[str, str, str], "str | None"]


class _Text:
    """One text of a tool result that may be cut: where it sits (its holder and key in
    the working request, and, where the wire writes it inside a string there, how it is
    written back), its order in the request, and how to cut it."""

    __slots__ = (
        "cutter",
        "given",
        "holder",
        "key",
        "now",
        "order",
        "path",
        "size",
        "structured",
        "wrap",
    )

    def __init__(
        self, path: str, place: tuple[Any, Any, _Wrap | None], order: int, value: Any
    ) -> None:
        self.path = path
        self.holder, self.key, self.wrap = place
        self.given = self.holder[self.key]
        """What the holder had at the key (the text, or the string the text is inside)."""
        self.now = value
        """The text as last written (a wrapped text is found again by it)."""
        self.order = order
        self.structured = not isinstance(value, str)
        self.cutter: TextCutter | JsonPiece
        if isinstance(value, str):
            self.cutter = TextCutter(value)
            self.size = len(value)
        else:
            text = json_encode(value)
            self.cutter = JsonPiece(value, len(text), False)
            self.size = len(text)

    @property
    def minimum(self) -> int:
        cutter = self.cutter
        if isinstance(cutter, TextCutter):
            return cutter.minimum
        return min(self.size, len(cutter.minimum()))

    def original(self) -> Any:
        cutter = self.cutter
        return cutter.text if isinstance(cutter, TextCutter) else cutter.value

    def put(self, limit: int) -> Cut:
        """Write the text cut to ``limit`` characters into the request; its cut."""
        cutter = self.cutter
        if isinstance(cutter, TextCutter):
            cut = cutter.cut(limit)
            self.write(cut.text)
            return cut
        if limit >= self.size:
            self.holder[self.key] = cutter.value
            return Cut(json_encode(cutter.value), self.size, True)
        value, cut = cutter.cut(limit)
        self.holder[self.key] = value
        return cut

    def piece(self) -> str:
        """What the text, as now written, takes in the request's JSON (where the wire writes
        it inside a string, that whole string: its rest counts the same at every cut)."""
        return json_encode(self.holder[self.key])

    def tokens(self, measure: Callable[[str], int]) -> int:
        """The tokens of :meth:`piece`."""
        return measure(self.piece())

    def at_minimum(self) -> bool:
        """Whether the text is cut as far as it goes."""
        now = self.now if not self.structured else self.holder[self.key]
        return (len(now) if isinstance(now, str) else len(json_encode(now))) <= self.minimum

    def fit(self, tokens: int, measure: Callable[[str], int]) -> Cut:
        """Write the longest cut of the text whose :meth:`piece` takes at most ``tokens``
        (the minimum where none does), found by halving the characters kept: each try
        costs what it keeps, so the first few (the longest) cost about the text twice."""
        low, high = self.minimum, self.size
        cut = self.put(high)
        if self.tokens(measure) <= tokens:
            return cut
        cut = self.put(low)
        if self.tokens(measure) > tokens:
            return cut
        while high - low > 1:  # ``low`` fits, ``high`` does not
            middle = (low + high) // 2
            self.put(middle)
            if self.tokens(measure) <= tokens:
                low = middle
            else:
                high = middle
        return self.put(low)

    def write(self, text: str) -> None:
        """Write ``text`` where the text is (into the string that holds it, if wrapped)."""
        if self.wrap is None:
            self.holder[self.key] = text
        else:
            written = self.wrap(self.holder[self.key], self.now, text)
            if written is not None:
                self.holder[self.key] = written
        self.now = text

    def restore(self) -> None:
        """Put back what the holder had."""
        self.holder[self.key] = self.given
        self.now = self.original()


def fit_request(
    wire: str,
    request: Any,
    max_tokens: int | None,
    given_path: Callable[[Any], str | None] | None = None,
    start: int = 0,
) -> list[Change]:
    """Cut the tool results' texts of ``request`` (JSON values, edited in place) until its
    estimate is at most ``max_tokens``; the changes made (none where it fits already, or
    ``max_tokens`` is ``None``). ``given_path`` (an object of ``request`` -> its path in the
    request as the user gave it, ``None`` for one a repair made) lets each change name its
    place in the request as given, after other repairs moved things. ``start``: the first
    message whose results may be cut (those before it were sent already and are bound:
    a result is cut once, when it is first sent; issue 38).

    :raises TypeError: ``max_tokens`` is not an ``int``.
    :raises ValueError: ``max_tokens`` is negative, or below the fewest tokens the request
        takes with every tool result's text cut to its marker (named in the message).
    """
    if max_tokens is None:
        return []
    budget = check_budget(max_tokens, "text")
    read = read_request(wire, request)
    before = read_tokens(read).total
    if before <= budget:
        return []
    texts = _texts(read, wire_module(wire).edits)
    if start:
        texts = [t for t in texts if _message_index(t.path, read.key) >= start]
    least = _minimum(wire, request, texts)
    if least > budget:
        which = (
            f"every tool result's text from message {start} on (those before it were sent"
            " already: a result is cut once, when it is first sent)"
            if start
            else "every tool result's text"
        )
        raise ValueError(
            f"max_tokens={budget:,} is below the minimum of {least:,} tokens this request takes"
            f" on {wire} (≈ {before:,} now) with {which} cut to its marker:"
            " repair cuts only tool results, never a message, an image or a PDF"
        )
    measure = _measure(wire, read)
    order = sorted(texts, key=lambda t: (-t.size, t.order))
    cuts: dict[int, tuple[_Text, Cut]] = {}
    spent = before
    for text in order:  # each text as far as it takes, by its own count: linear in time
        if spent <= budget:
            break
        now = text.tokens(measure)
        cut = text.fit(now - (spent - budget), measure)
        spent += text.tokens(measure) - now
        if cut.changed:
            cuts[text.order] = (text, cut)
    spent = read_tokens(read_request(wire, request)).total
    for margin in _MARGINS:  # the whole counts a little otherwise than its parts (joins)
        left = [text for text in order if not text.at_minimum()]
        if spent <= budget or not left:
            break
        text = left[0]
        cuts[text.order] = (
            text,
            text.fit(text.tokens(measure) - (spent - budget) - margin, measure),
        )
        spent = read_tokens(read_request(wire, request)).total
    if spent > budget:  # the minimum fits (checked above): every text at it
        for text in texts:
            cuts[text.order] = (text, text.put(text.minimum))
    where = _origins(given_path)
    budget_said = f"to fit max_tokens={budget:,} (≈ {before:,} tokens before)"
    return [
        Change(RULE, where(text), f"cut the tool result's text {budget_said}: {cut.describe()}")
        for text, cut in sorted(cuts.values(), key=lambda found: found[0].order)
        if cut.changed
    ]


def _measure(wire: str, read: ReadRequest) -> Callable[[str], int]:
    """Tokens of a piece of the request's JSON, counted as ``read_tokens`` counts the whole
    (the request's model's encoding where it names one, else about 4 characters a token)."""
    model = read.raw.get("model") if isinstance(read.raw, dict) else None
    named = model if isinstance(model, str) else None
    return lambda piece: text_tokens(piece, wire, model=named).tokens


def _message_index(path: str, key: str) -> int:
    """The index of the message ``path`` is in (``-1``: none)."""
    if not path.startswith(key + "["):
        return -1
    return int(path[len(key) + 1 : path.index("]")])


def _texts(read: ReadRequest, edits: RequestEdits) -> list[_Text]:
    """Every text of a tool result (and each Gemini ``response`` object) the request holds
    as a string or object it can be cut in, in request order."""
    found: list[_Text] = []
    root = read.raw if isinstance(read.raw, dict) else {read.key: read.raw}
    for result in read.results:
        for part in result.parts:
            if isinstance(part, TextPart):
                place = _holder(root, part.path, part.text, edits)
                if place is not None:
                    found.append(_Text(part.path, place, len(found), part.text))
        structured = _structured(result)
        if structured is not None:
            found.append(_Text(result.path, (*structured, None), len(found), result.structured))
    return found


def _holder(
    root: Any, path: str, text: str, edits: RequestEdits
) -> tuple[Any, Any, _Wrap | None] | None:
    """The container and key that hold ``text`` at ``path``: the path names the string
    itself (or one the wire writes the text inside: ``edits.with_result_text``), or the
    block whose one member equal to ``text`` holds it."""
    parent: Any = None
    key: Any = None
    node = root
    for index, name in _STEP.findall(path):
        parent = node
        if index and isinstance(node, list) and int(index) < len(node):
            key = int(index)
        elif name and isinstance(node, dict) and name in node:
            key = name
        else:
            return None
        node = node[key]
    if isinstance(node, str) and parent is not None:
        if node == text:
            return parent, key, None
        if edits.with_result_text(node, text, text) is not None:
            return parent, key, edits.with_result_text
        return None
    if isinstance(node, dict):
        members = [member for member, value in node.items() if value == text]
        if len(members) == 1:
            return node, members[0], None
    return None


def _structured(result: ResultPart) -> tuple[Any, Any] | None:
    """Where a result's structured object (Gemini's ``response``) sits in its block."""
    value = result.structured
    if not isinstance(value, (dict, list)) or not isinstance(result.raw, dict):
        return None
    stack: list[dict[str, Any]] = [result.raw]
    for _ in range(3):  # the block, its function response, ... (a few levels at most)
        inner: list[dict[str, Any]] = []
        for node in stack:
            for key, member in node.items():
                if member is value:
                    return node, key
                if isinstance(member, dict):
                    inner.append(member)
        stack = inner
    return None


def _minimum(wire: str, request: Any, texts: list[_Text]) -> int:
    """The estimate with every text at its minimum (the texts are put back after)."""
    for text in texts:
        text.put(text.minimum)
    try:
        return read_tokens(read_request(wire, request)).total
    finally:
        for text in texts:
            text.restore()


def _origins(given_path: Callable[[Any], str | None] | None) -> Callable[[_Text], str]:
    """A text's path in the request as given: its holder's origin (the object it was
    copied from) and key; the path in the working request where it has none."""
    if given_path is None:
        return lambda text: text.path

    def where(text: _Text) -> str:
        holder = given_path(text.holder)
        if holder is None:
            return text.path
        return f"{holder}[{text.key}]" if isinstance(text.key, int) else f"{holder}.{text.key}"

    return where
