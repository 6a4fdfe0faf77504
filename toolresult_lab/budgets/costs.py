"""What one block costs in tokens on its wire, each figure naming the rule that produced it.

A bytes/4 guess over a block's JSON counts base64 as text: a 1024x768 JPEG sent natively to
anthropic reads as ~200,000 tokens where Anthropic's rule gives about a thousand, which turns
the comparison "native image vs placeholder" upside down. :func:`estimate_tokens` reads what
the converter reported (``explain()``): an image or PDF sent in the provider's own form is
priced by that provider's documented rule (``tokens``) from its real pixel size or page count
(``measure``: read from the header, never decoding the image), everything else by the text
the block puts before the model, and the rest of the block (ids, names, keys, structured
content) as text too. Where a provider documents no figure (a PDF on anthropic or responses,
an image the provider fetches by URL), the entry has no figure and the total says it is a
lower bound. The rules and their sources: docs/costs-and-limits.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..conversion.encoding import json_encode, json_string_chars
from ..conversion.explain import Explanations
from ..conversion.facts import Wire
from ..conversion.options import ConvertOptions, Keep
from ..conversion.steps import Carried
from ..conversion.tool_turns import Turn
from ..wires import ImagePart, read_request, wire_module
from .measure import BIG_STRING, json_leaving_out_big_strings, measure
from .models import ModelFacts, model_facts
from .provider_limits import header_excess
from .request_tokens import model_image_tokens
from .tokens import (
    GeminiResolution,
    OpenAIDetail,
    TokenFigure,
    chars_tokens,
    check_image_options,
    image_rule_tokens,
    pdf_note,
    pdf_page_tokens,
    pdf_tokens,
    text_tokens,
)

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "EntryTokens",
    "StandIns",
    "TokenEstimate",
    "estimate_explained",
    "estimate_standing_in",
    "estimate_tokens",
    "estimate_turn",
]

_REST = "rest of the block"
_TURN_REST = "echo and messages"


class Explainable(Protocol):
    """What :func:`estimate_tokens` reads of a result (a ``ToolResult`` is one)."""

    def explain(
        self,
        wire: str,
        *,
        max_tokens: int | None = None,
        keep: Keep = "text",
        **options: Unpack[ConvertOptions],
    ) -> Explanations: ...


@dataclass(frozen=True)
class EntryTokens:
    """One figure of an estimate: what it prices, the tokens, and the rule.

    ``index`` is the content entry (``None``: the rest of the block); ``tokens`` is ``None``
    where the provider documents no rule (``rule`` then says so); ``exact``: a count (text
    in OpenAI's encoding with the ``exact`` extra), not an estimate.
    """

    index: int | None
    what: str
    tokens: int | None
    rule: str
    name: str
    source: str = ""
    exact: bool = False


@dataclass(frozen=True)
class TokenEstimate:
    """The tokens one block costs on one wire: a total and the figures it is the sum of."""

    wire: Wire
    entries: tuple[EntryTokens, ...]

    @property
    def total(self) -> int:
        """The sum of the figures there are (a lower bound when ``complete`` is false)."""
        return sum(e.tokens for e in self.entries if e.tokens is not None)

    @property
    def complete(self) -> bool:
        """False when some entry has no documented figure."""
        return all(e.tokens is not None for e in self.entries)

    @property
    def names(self) -> tuple[str, ...]:
        """The short names of the rules used, each once, in order."""
        return tuple(dict.fromkeys(e.name for e in self.entries))

    @property
    def exact(self) -> bool:
        """True only when every figure is a count (the rest of a block is always estimated)."""
        return all(e.exact for e in self.entries)

    def label(self) -> str:
        """``~1,036 tokens``, or ``≥ ~1,036 tokens`` when a figure is missing; no ``~`` when
        every figure is exact."""
        return f"{'' if self.complete else '≥ '}{'' if self.exact else '~'}{self.total:,} tokens"

    def describe(self) -> str:
        """One line per figure: ``#1 image 1024x768 jpeg: 1,036 (rule)``; for tooltips."""
        lines = []
        for e in self.entries:
            where = e.what if e.index is None else f"#{e.index} {e.what}"
            shown = "no figure" if e.tokens is None else f"{e.tokens:,}"
            kind = "exact; " if e.exact else ""
            lines.append(f"{where}: {shown} ({kind}{e.rule})")
        return "\n".join(lines)


def _figure(index: int | None, what: str, figure: TokenFigure) -> EntryTokens:
    return EntryTokens(
        index, what, figure.tokens, figure.rule, figure.name, figure.source, figure.exact
    )


def _media_entries(
    wire: Wire,
    index: int,
    items: tuple[Carried, ...],
    detail: OpenAIDetail,
    media_resolution: GeminiResolution | None,
    facts: ModelFacts | None = None,
) -> list[EntryTokens]:
    """The figures of the images and PDFs one entry carries (an image on an OpenAI wire by
    the model's own patch rule where its facts give one: GPT-5.5 and later)."""
    out: list[EntryTokens] = []
    for item in items:
        measured = measure(item)
        if item.media == "image":
            size = None if measured is None else measured.size
            if size is None:
                if measured is None:
                    why = f"an image fetched from {item.url}: its size is not known here"
                    name = "image by URL: size unknown"
                else:
                    why = f"{item.mime}: its size cannot be read from its header"
                    name = "image: size unreadable"
                out.append(EntryTokens(index, "image", None, why, name))
                continue
            what = f"image {size.width}x{size.height} {size.format}"
            excess = header_excess(size, measured.decoded_bytes) if measured else ""
            if excess:  # a size no real image has: no figure is better than an absurd one
                why = f"{item.mime}: {excess}; its token count is unknown"
                out.append(EntryTokens(index, what, None, why, "image: header not real"))
                continue
            patched = _model_patches(wire, size.width, size.height, detail, facts)
            if patched is not None:
                out.append(_figure(index, what, patched))
                continue
            rule = wire_module(wire).tokens.image
            if rule is None:  # a wire that carries images but documents no rule for them
                why = f"{wire}: no documented token rule for an image"
                out.append(EntryTokens(index, what, None, why, f"{wire}: no image rule"))
                continue
            figure = image_rule_tokens(
                rule, size.width, size.height, detail=detail, media_resolution=media_resolution
            )
            out.append(_figure(index, what, figure))
            continue
        pages = None if measured is None else measured.pages
        what = "PDF" if pages is None else f"PDF, {pages:,} page{'s' * (pages != 1)}"
        found = (
            None if pages is None else pdf_tokens(wire, pages, media_resolution=media_resolution)
        )
        if found is not None:
            out.append(_figure(index, what, found))
        elif pages is None and (per_page := pdf_page_tokens(wire)) is not None:
            why = f"{wire}: {per_page} tokens per page, but the page count cannot be read"
            out.append(EntryTokens(index, what, None, why, "PDF: pages unknown"))
        else:
            name = f"{wire} PDF: no per-page figure"
            out.append(EntryTokens(index, what, None, pdf_note(wire), name))
    return out


def _model_patches(
    wire: str, width: int, height: int, detail: OpenAIDetail, facts: ModelFacts | None
) -> TokenFigure | None:
    """An image priced by the model's patch rule where the wire prices images by the model
    (responses; ``None``: the wire's rule): ``request_tokens.model_image_tokens``."""
    return model_image_tokens(wire, width, height, detail, facts)


def _block_chars(block: Any) -> int:
    """Characters of the block's compact JSON (the text itself for hermes), without
    building the JSON of big strings (a base64 payload)."""
    if isinstance(block, str):
        return len(block)
    text, big = json_leaving_out_big_strings(block, json_string_chars)
    return len(text) + big


def _rest_chars(block: Any, payloads: int, texts: int, grown: int = 0) -> int:
    """Characters of the block that are neither a payload nor an entry's text.

    ``payloads`` is the JSON length of the payload strings the entries carry (read back by
    their wire), ``texts`` the length of their texts (what JSON adds to a text, its escapes,
    counts as the rest of the block); ``grown``: characters the block would have beyond its
    own (its texts standing in for longer ones)."""
    if isinstance(block, str):
        return max(0, len(block) + grown - texts)
    if not payloads and texts < BIG_STRING:  # nothing big to leave out of the JSON
        return max(0, len(json_encode(block)) + grown - texts)
    return max(0, _block_chars(block) + grown - payloads - texts)


@dataclass(frozen=True)
class StandIns:
    """Long texts a block was explained without (``fitting``): ``texts`` maps an entry's
    index to ``(stand-in, text)``; ``chars`` is the wire's ``text_chars``, the characters a
    text takes in the block."""

    texts: Mapping[int, tuple[str, str]]
    chars: Callable[[str], int]


def estimate_explained(
    explanations: Explanations,
    *,
    detail: OpenAIDetail = "auto",
    media_resolution: GeminiResolution | None = None,
    above: int | None = None,
    model: str | None = None,
) -> TokenEstimate:
    """The estimate of a block already explained (the cards and the matrix have the records).

    :param detail: the OpenAI ``detail`` of images on responses (``auto``: the API default).
    :param media_resolution: Gemini 3's ``media_resolution``; ``None``: the per-tile rule.
    :param above: for a caller that only needs to know whether the block is over this many
        tokens (fitting): a text that cannot be under it is estimated, not counted
        (``tokens.text_tokens``).
    :param model: the model the block is sent to: its images priced by its own rule where
        its facts give one (``models.model_facts``; GPT-5.5 and later on responses).
    """
    check_image_options(detail, media_resolution)
    if model is not None and not isinstance(model, str):
        raise TypeError(f"model must be a str or None, not {type(model).__name__}")
    facts = model_facts(explanations.wire, model) if model else None
    found = _estimate(explanations, detail, media_resolution, above, None, facts)
    assert found is not None  # only stand-ins can fail to be found
    return found


def estimate_standing_in(
    explanations: Explanations, stand_ins: StandIns, *, above: int | None = None
) -> TokenEstimate | None:
    """The estimate of the block ``explanations`` would be with each stand-in replaced by
    its text, made without that block (a 10 MB text is measured, not escaped into a block);
    ``None`` where a record's text is not its stand-in, whole (the caller builds the block).
    """
    return _estimate(explanations, "auto", None, above, stand_ins)


def _estimate(
    explanations: Explanations,
    detail: OpenAIDetail,
    media_resolution: GeminiResolution | None,
    above: int | None,
    stand_ins: StandIns | None,
    facts: ModelFacts | None = None,
) -> TokenEstimate | None:
    wire = explanations.wire
    entries: list[EntryTokens] = []
    payload_chars = 0
    text_chars = 0
    grown = 0
    for record in explanations:
        items = record.carried
        for item in items:
            if item.data is not None:
                payload_chars += json_string_chars(item.data)
        media = _media_entries(wire, record.index, items, detail, media_resolution, facts)
        texts = record.texts
        if record.part is None:
            entries.append(EntryTokens(record.index, "not sent", 0, record.reason, "not sent"))
        elif texts or not media:
            if stand_ins is not None and record.index in stand_ins.texts:
                stand_in, text = stand_ins.texts[record.index]
                if texts != (stand_in,):
                    return None
                texts = (text,)
                grown += stand_ins.chars(text) - stand_ins.chars(stand_in)
            text_chars += sum(len(t) for t in texts)
            figure = text_tokens("\n".join(texts), wire, above=above)
            entries.append(_figure(record.index, "text", figure))
        entries.extend(media)
    rest = _rest_chars(explanations.block, payload_chars, text_chars, grown)
    rest_figure = chars_tokens(rest, wire)
    rule = f"{rest_figure.rule}: the block's ids, name, keys and any structured_content"
    entries.append(
        EntryTokens(None, _REST, rest_figure.tokens, rule, rest_figure.name, rest_figure.source)
    )
    return TokenEstimate(wire, tuple(entries))


def estimate_tokens(
    result: Explainable,
    wire: str,
    *,
    detail: OpenAIDetail = "auto",
    media_resolution: GeminiResolution | None = None,
    max_tokens: int | None = None,
    keep: Keep = "text",
    model: str | None = None,
    **options: Unpack[ConvertOptions],
) -> TokenEstimate:
    """The tokens ``result``'s block costs on ``wire`` with ``options`` (those of ``to()``);
    with ``max_tokens`` (and ``keep``), the block ``to()`` cuts to that budget; with
    ``model``, its images by that model's own rule where its facts give one (GPT-5.5 and
    later on responses: 32 px patches, ``auto`` at the model's patch budget).

    Images and PDFs sent natively are priced by the provider's documented rule from their
    real size (read from the header); the entries' text on openai and responses by an exact
    count in o200k_base where the ``exact`` extra is installed, else (and the rest of the
    block always) at about 4 characters per token, a labelled approximation. Every figure
    names its rule and says whether it is exact; see docs/costs-and-limits.md.

    >>> from toolresult_lab import ToolResult
    >>> estimate_tokens(ToolResult(id="c", content=[{"type": "text", "text": "Sunny"}]),
    ...                 "openai").label()
    '~12 tokens'
    """
    explained = result.explain(wire, max_tokens=max_tokens, keep=keep, **options)
    return estimate_explained(
        explained, detail=detail, media_resolution=media_resolution, model=model
    )


# An image hoisted on a wire whose tool messages carry none (SPEC 7) is priced by the rule
# the wire declares (``TokenRules.hoisted_image``): OpenAI's vision guide gives one rule for
# Chat Completions and Responses; Ollama documents none, so its hoisted images have no figure.


def _hoisted_image(wire: str, part: ImagePart, data: str) -> EntryTokens:
    """One hoisted image, priced by the rule its wire declares for it, from its real size."""
    measured = measure(Carried("image", part.mime or "image", data, "native"))
    size = None if measured is None else measured.size
    if size is None:
        why = f"{wire}: the hoisted image's size cannot be read from its header"
        return EntryTokens(None, "hoisted image", None, why, "image: size unreadable")
    what = f"hoisted image {size.width}x{size.height} {size.format}"
    excess = header_excess(size, measured.decoded_bytes) if measured else ""
    if excess:
        why = f"{wire}: the hoisted {part.mime or 'image'}: {excess}; its token count is unknown"
        return EntryTokens(None, what, None, why, "image: header not real")
    rule = wire_module(wire).tokens.hoisted_image
    if rule is None:
        why = f"{wire}: no documented token rule for an image in a user message"
        return EntryTokens(None, what, None, why, f"{wire}: no image rule")
    return _figure(None, what, image_rule_tokens(rule, size.width, size.height))


def estimate_turn(turn: Turn) -> TokenEstimate:
    """The tokens a tool turn costs on its wire: the sum of its results' estimates (each by
    the rules of :func:`estimate_tokens`, as its result card shows), the hoisted images by
    the image rule, and the rest (the echo of the calls, the messages around the blocks,
    the hoisting message's text) as text."""
    wire = turn.wire
    entries: list[EntryTokens] = []
    priced = 0  # characters priced by the results' estimates and the image rule
    for position, (call, result) in enumerate(turn.pairs):
        explained = result.explain(wire, **turn.options)
        label = call.id or f"calls[{position}]"
        for e in estimate_explained(explained).entries:
            entries.append(
                EntryTokens(None, f"{label} {e.what}", e.tokens, e.rule, e.name, e.source)
            )
        priced += _block_chars(explained.block)
    if turn.hoisted:
        for message in read_request(wire, turn.hoisted).messages:
            for part in message.parts:
                if isinstance(part, ImagePart) and part.data is not None:
                    priced += json_string_chars(part.data)
                    entries.append(_hoisted_image(wire, part, part.data))
    rest = max(0, _block_chars(turn.messages) - priced)
    figure = chars_tokens(rest, wire)
    rule = f"{figure.rule}: the echo of the calls and the messages around the blocks"
    entries.append(EntryTokens(None, _TURN_REST, figure.tokens, rule, figure.name, figure.source))
    return TokenEstimate(wire, tuple(entries))
