"""One result within a token budget on one wire (``to(wire, max_tokens=N)``).

The budget is held against :func:`~toolresult_lab.budgets.costs.estimate_explained`, the same
estimate ``estimate_tokens`` gives, so a fitted block's estimate is at most the budget by
the wire's own rules. What is cut: the texts of text entries and text resources (JSON text
stays JSON: ``cutting``) and ``structured_content`` where the block carries it; an image or
PDF sent natively is never cut, only kept whole or replaced whole by its placeholder
(``keep`` says what goes first). Each entry cut is reported by ``explain()`` (outcome
``truncated``, or ``placeholder`` for media), with what was kept and dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..conversion.encoding import json_encode
from ..conversion.explain import Explanations
from ..conversion.items import BlobItem
from ..conversion.options import KEEP_CHOICES, ConvertOptions, Keep
from ..conversion.pipeline import explain_into, owned_source
from ..conversion.steps import Outcome, ResultNote
from ..wires import Source, wire_module
from .costs import StandIns, TokenEstimate, estimate_explained, estimate_standing_in
from .cutting import Cut, JsonPiece, cut_plain, plain_marker, text_piece
from .shares import share
from .tokens import TokenFigure, text_tokens

__all__ = ["FIT", "check_budget", "fit_explained", "fit_source", "minimum_tokens"]

_TRIES: Final = 12  # conversions spent closing in on the budget before the minimum is used
_CLOSE: Final = 64  # a cut within 1/64 of the budget is close enough (each try costs a build)
_STRUCTURED: Final = -1  # the piece index of structured_content
_STAND_IN_FROM: Final = 1 << 16  # texts this long are measured, not built into the block


def check_budget(max_tokens: object, keep: object) -> int:
    """``max_tokens`` as an ``int`` (``TypeError``/``ValueError`` naming it), ``keep`` checked."""
    if isinstance(max_tokens, bool) or not isinstance(max_tokens, int):
        raise TypeError(f"max_tokens must be an int, not {type(max_tokens).__name__}")
    if max_tokens < 0:
        raise ValueError(f"max_tokens must not be negative, got {max_tokens}")
    if keep not in KEEP_CHOICES:
        raise ValueError(f"keep must be one of {', '.join(KEEP_CHOICES)}; got {keep!r}")
    return max_tokens


class _Piece:
    """One text (or ``structured_content``) the fitting may cut."""

    __slots__ = ("_json", "index", "minimum", "size", "text", "value")

    def __init__(self, index: int, text: str, value: Any = None) -> None:
        self.index = index
        self.text = text
        self.value = value
        self._json: JsonPiece | None
        if index == _STRUCTURED:
            self._json = JsonPiece(value, len(text), False)
        else:
            self._json = text_piece(text)
        self.size = len(text)
        smallest = self._json.minimum() if self._json is not None else plain_marker(len(text))
        self.minimum = min(len(smallest), self.size)

    def cut(self, limit: int) -> tuple[Any, Cut]:
        """The value (structured) or text (an entry) in ``limit`` characters."""
        if limit >= self.size:
            return (self.value if self.index == _STRUCTURED else self.text), Cut(
                self.text, self.size, self._json is not None
            )
        if self._json is None:
            cut = cut_plain(self.text, limit)
            return cut.text, cut
        value, cut = self._json.cut(limit)
        return (value if self.index == _STRUCTURED else cut.text), cut


def _text_of(entry: Any) -> str | None:
    """The text an entry's model-facing text lives in (a text block, a text resource)."""
    if not isinstance(entry, dict):
        return None
    if entry.get("type") == "text":
        text = entry.get("text")
        return text if isinstance(text, str) else None
    resource = entry.get("resource")
    if entry.get("type") == "resource" and isinstance(resource, dict):
        text = resource.get("text")
        return text if isinstance(text, str) else None
    return None


def _with_text(entry: dict[str, Any], text: str) -> dict[str, Any]:
    if entry.get("type") == "text":
        return {**entry, "text": text}
    return {**entry, "resource": {**entry["resource"], "text": text}}


class _Fit:
    """The fitting of one result on one wire: candidates built, explained, estimated."""

    def __init__(self, data: Source, wire: str, options: ConvertOptions, budget: int) -> None:
        self.data = data
        self.wire = wire
        self.options = options
        self.budget = budget

    def explain(self, data: Source) -> Explanations:
        explained = Explanations()
        explain_into(explained, data, self.wire, self.options)
        return explained

    def build(
        self, pieces: list[_Piece], limits: list[int], dropped: set[int]
    ) -> tuple[Source, dict[int, Cut], Cut | None]:
        data = self.data
        content = list(data.content)
        structured = data.structured
        cuts: dict[int, Cut] = {}
        structured_cut = None
        for piece, limit in zip(pieces, limits, strict=True):
            new, cut = piece.cut(limit)
            if piece.index == _STRUCTURED:
                if cut.changed:
                    structured, structured_cut = new, cut
            elif new != piece.text:
                content[piece.index] = _with_text(content[piece.index], new)
                cuts[piece.index] = cut
        for index in dropped:
            content[index] = {"type": "text", "text": data.items[index].text}
        source = owned_source(data.name, data.id, data.is_error, content, structured)
        return source, cuts, structured_cut

    def tokens(self, source: Source) -> int:
        return estimate_explained(self.explain(source), above=self.budget).total


def _media(explained: Explanations, estimate: TokenEstimate, data: Source) -> list[tuple[int, int]]:
    """``(index, tokens)`` of each blob sent natively, the largest first."""
    priced: dict[int, int] = {}
    for entry in estimate.entries:
        if entry.index is not None and entry.tokens is not None:
            priced[entry.index] = priced.get(entry.index, 0) + entry.tokens
    found = [
        (record.index, priced.get(record.index, 0))
        for record in explained
        if record.carried and isinstance(data.items[record.index], BlobItem)
    ]
    return sorted(found, key=lambda pair: -pair[1])


def _pieces(data: Source, explained: Explanations) -> list[_Piece]:
    pieces = []
    for index, entry in enumerate(data.content):
        text = _text_of(entry)
        if text is not None and explained[index].part is not None:
            pieces.append(_Piece(index, text))
    omitted = any(
        note.field == "structured_content" and note.outcome == "omitted" for note in explained.notes
    )
    if data.structured is not None and not omitted:
        pieces.append(_Piece(_STRUCTURED, json_encode(data.structured), data.structured))
    return pieces


def minimum_tokens(data: Source, wire: str, options: ConvertOptions) -> int:
    """The fewest tokens ``data``'s block can take on ``wire``: every text at its minimum,
    every image and PDF replaced by its placeholder."""
    fit = _Fit(data, wire, options, 0)
    explained = fit.explain(data)
    pieces = _pieces(data, explained)
    dropped = {index for index, _ in _media(explained, estimate_explained(explained), data)}
    source, _, _ = fit.build(pieces, [p.minimum for p in pieces], dropped)
    return fit.tokens(source)


def fit_explained(
    data: Source, wire: str, options: ConvertOptions, max_tokens: int, keep: Keep = "text"
) -> Explanations:
    """``explain()`` of ``data`` cut to at most ``max_tokens`` on ``wire``: the block
    unchanged where it fits already.

    :raises ValueError: ``max_tokens`` is below the block's minimum (named in the message).
    """
    found = _fitted(data, wire, options, max_tokens, keep)
    if isinstance(found, Explanations):
        return found
    return _explained(*found)


def fit_source(
    data: Source, wire: str, options: ConvertOptions, max_tokens: int, keep: Keep = "text"
) -> Source:
    """``data`` cut to at most ``max_tokens`` on ``wire`` (``data`` itself where it fits),
    for a caller that converts it again (a turn)."""
    found = _fitted(data, wire, options, max_tokens, keep)
    return data if isinstance(found, Explanations) else found[1]


_Found = tuple["_Fit", Source, tuple[dict[int, Cut], "Cut | None"], set[int], int]


def _fitted(
    data: Source, wire: str, options: ConvertOptions, max_tokens: int, keep: Keep
) -> Explanations | _Found:
    """The explanation of ``data`` where it fits, else the fitted source and its cuts."""
    budget = check_budget(max_tokens, keep)
    fit = _Fit(data, wire, options, budget)
    measured = _measured(fit, data)
    if measured is None:
        whole = fit.explain(data)
        estimate = estimate_explained(whole, above=budget)
    else:
        whole, estimate = measured
    before = estimate.total
    if before <= budget:
        return whole if measured is None else fit.explain(data)
    pieces = _pieces(data, whole)
    media = _media(whole, estimate, data)
    mins = [p.minimum for p in pieces]
    every = {index for index, _ in media}
    smallest, _, _ = fit.build(pieces, mins, every)
    least = fit.tokens(smallest)
    if least > budget:
        raise ValueError(
            f"max_tokens={budget:,} is below the minimum of {least:,} tokens this result "
            f"takes on {fit.wire} (every text cut to its marker, every image and PDF "
            f"replaced by its placeholder)"
        )
    dropped = _dropped(fit, pieces, media, before, keep)
    floor, cuts, structured_cut = fit.build(pieces, mins, dropped)
    low = fit.tokens(floor)
    if low > budget:  # the arithmetic of _dropped was short: every image and PDF goes
        dropped = every
        floor, cuts, structured_cut = smallest, *fit.build(pieces, mins, every)[1:]
        low = least
    chosen: tuple[Source, dict[int, Cut], Cut | None] = (floor, cuts, structured_cut)
    extra = [p.size - p.minimum for p in pieces]
    # the characters shared above the minimums: the most that fits, searched between a
    # slack that fits (``fits``, at first none) and one that does not (``over``), each try
    # where a straight line through the two (or the last) says the budget is, kept inside
    # the middle three quarters of the bracket (every try narrows it); a try over the
    # budget never loses what fits (it kept nothing where 4 characters a token overshot)
    fits, fits_spent = 0, low
    over, over_spent = sum(extra) + 1, before
    slack = min(over - 1, (budget - low) * 4)
    for _ in range(_TRIES):
        if not fits < slack < over:
            break
        limits = [m + s for m, s in zip(mins, share(extra, slack), strict=True)]
        source, cuts, structured_cut = fit.build(pieces, limits, dropped)
        spent = fit.tokens(source)
        if spent <= budget:
            chosen, fits, fits_spent = (source, cuts, structured_cut), slack, spent
            if budget - spent <= budget // _CLOSE:
                break
        else:
            over, over_spent = slack, spent
        slack = _next_slack(fits, fits_spent, over, over_spent, budget)
    return fit, chosen[0], (chosen[1], chosen[2]), dropped, before


def _next_slack(fits: int, fits_spent: int, over: int, over_spent: int, budget: int) -> int:
    """The next slack to try: where the line through the two ends of the bracket meets the
    budget, inside its middle three quarters (rounded towards what fits)."""
    if over - fits <= 1:
        return fits
    rise = max(1, over_spent - fits_spent)
    guess = fits + (budget - fits_spent) * (over - fits) // rise
    margin = (over - fits) // 8
    return min(max(guess, fits + max(1, margin)), over - max(1, margin))


def _measured(fit: _Fit, data: Source) -> tuple[Explanations, TokenEstimate] | None:
    """The records and estimate of ``data`` made without building its block around its
    long texts, where the wire says what a text takes in its block (``text_chars``): a
    10 MB text escaped into a hermes block costs 45 ms, measured 25. The records stand in
    for the real ones (the same entries carried, each text's at its index); ``None``: no
    long text, or a wire that builds."""
    chars = wire_module(fit.wire).text_chars
    if chars is None:
        return None
    content = list(data.content)
    texts: dict[int, tuple[str, str]] = {}
    for index, entry in enumerate(content):
        text = _text_of(entry)
        if text is not None and len(text) >= _STAND_IN_FROM:
            stand_in = f"text {index} stands in"
            texts[index] = (stand_in, text)
            content[index] = _with_text(entry, stand_in)
    if not texts:
        return None
    shadow = owned_source(data.name, data.id, data.is_error, content, data.structured)
    explained = fit.explain(shadow)
    estimate = estimate_standing_in(explained, StandIns(texts, chars), above=fit.budget)
    return None if estimate is None else (explained, estimate)


def _dropped(
    fit: _Fit, pieces: list[_Piece], media: list[tuple[int, int]], before: int, keep: Keep
) -> set[int]:
    """The images and PDFs replaced by their placeholders: for ``keep="text"`` the largest
    until the whole texts fit (or none is left); for ``keep="media"`` only as many as it
    takes for the texts' minimum to fit."""
    dropped: set[int] = set()
    if not media:
        return dropped
    if keep == "text":
        spent = before
        for index, tokens in media:
            if spent <= fit.budget:
                break
            dropped.add(index)
            spent -= tokens
        return dropped
    mins = [p.minimum for p in pieces]
    for index, _ in media:
        source, _, _ = fit.build(pieces, mins, dropped)
        if fit.tokens(source) <= fit.budget:
            break
        dropped.add(index)
    return dropped


def _explained(
    fit: _Fit,
    source: Source,
    cuts: tuple[dict[int, Cut], Cut | None],
    dropped: set[int],
    before: int,
) -> Explanations:
    """The records of the fitted block, each cut entry saying what it kept and dropped."""
    entry_cuts, structured_cut = cuts
    budget = f"to fit max_tokens={fit.budget:,} (≈ {before:,} tokens before)"
    changes: dict[int, tuple[Outcome, str]] = {}
    for index, cut in entry_cuts.items():
        was = _text_of(fit.data.content[index]) or ""
        tokens = _change(_tokens(was, fit), _tokens(cut.text, fit))
        changes[index] = ("truncated", f"cut {budget}: {cut.describe()} ({tokens})")
    for index in dropped:
        text = fit.data.items[index].text
        changes[index] = (
            "placeholder",
            f"replaced whole by its placeholder {budget}: the payload is never cut ({text})",
        )
    explained = Explanations()
    explain_into(explained, source, fit.wire, fit.options, changes, fit.data)
    if structured_cut is not None:
        note = ResultNote(
            "structured_content", "truncated", f"cut {budget}: {structured_cut.describe()}"
        )
        explained.notes = (*explained.notes, note)
    return explained


def _tokens(text: str, fit: _Fit) -> TokenFigure:
    return text_tokens(text, fit.wire, above=fit.budget)


def _change(was: TokenFigure, now: TokenFigure) -> str:
    """``≈ 2,500 → 1,200 tokens`` (estimates); an exact count shows no ``≈`` and says so."""
    if not (was.exact or now.exact):
        return f"≈ {was.tokens:,} → {now.tokens:,} tokens"
    shown = [f"{'' if f.exact else '≈ '}{f.tokens:,}" for f in (was, now)]
    return f"{shown[0]} → {shown[1]} tokens; a figure without ≈ is an exact count"


#: What ``hooks`` calls: the fitting, registered by the package.
FIT: Final[Callable[[Source, str, ConvertOptions, int, Keep], Explanations]] = fit_explained
