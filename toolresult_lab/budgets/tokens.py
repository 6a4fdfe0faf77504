"""Token figures per provider, each naming the documented rule that produced it.

A bytes/4 guess over a block's JSON counts base64 as text: a 1024x768 JPEG sent natively to
Anthropic reads as ~200,000 tokens where the provider's rule gives about a thousand. These
functions apply each provider's own rule to what the block carries instead: images by pixel
size, PDFs by page where a per-page rule is documented, text by an exact count in OpenAI's
encoding where one applies and the ``exact`` extra is installed (``tokenizer``), else by an
approximation that says so. Every number comes from a page listed in ``doc_pages`` (see
docs/costs-and-limits.md), and every figure says whether it is ``exact``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import isqrt
from typing import Final, Literal, get_args

from ..conversion.facts import wire_facts
from ..wires import ImageTokenRule, wire_module
from . import doc_pages
from .tokenizer import MODEL_ENCODINGS_SOURCE, count, counter_name, lower_bound, model_encoding

__all__ = [
    "GEMINI_RESOLUTION_TOKENS",
    "OPENAI_PATCH_MULTIPLIERS",
    "GeminiResolution",
    "OpenAIDetail",
    "TokenFigure",
    "anthropic_pixel_tokens",
    "chars_tokens",
    "check_image_options",
    "image_rule_tokens",
    "image_tokens",
    "openai_model_patches",
    "openai_patch_tokens",
    "pdf_note",
    "pdf_page_tokens",
    "pdf_tokens",
    "text_encoding",
    "text_tokens",
]

OpenAIDetail = Literal["auto", "low", "high"]
GeminiResolution = Literal["low", "medium", "high", "ultra_high"]

#: Gemini 3 ``media_resolution``: the most tokens one image (or PDF page) may take.
GEMINI_RESOLUTION_TOKENS: dict[GeminiResolution, int] = {
    "low": 280,
    "medium": 560,
    "high": 1120,
    "ultra_high": 2240,
}
#: OpenAI models billed by 32 px patches multiply the patch count by these factors.
OPENAI_PATCH_MULTIPLIERS: dict[str, float] = {"gpt-4.1-mini": 1.62, "gpt-4.1-nano": 2.46}

_FACTS_SOURCE = "toolresult_lab facts (SPEC section 5): which wires carry images and PDFs"


@dataclass(frozen=True)
class TokenFigure:
    """A token count together with the rule that produced it and the page that rule is from."""

    tokens: int
    rule: str
    source: str
    name: str = ""
    """The rule in a few words, for a table column (``rule`` is the whole sentence)."""
    exact: bool = False
    """True for a count (text in OpenAI's encoding, ``tokenizer``); False for an estimate."""


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _check_size(width: int, height: int) -> None:
    if width <= 0 or height <= 0:
        raise ValueError(f"image size must be positive, got {width}x{height}")


def check_image_options(detail: str, media_resolution: str | None) -> None:
    """``ValueError`` for a ``detail`` or ``media_resolution`` no provider documents."""
    if detail not in get_args(OpenAIDetail):
        raise ValueError(f"unknown detail {detail!r}; known: {', '.join(get_args(OpenAIDetail))}")
    if media_resolution is not None:
        _check_resolution(media_resolution)


def image_tokens(
    wire: str,
    width: int,
    height: int,
    *,
    detail: OpenAIDetail = "auto",
    media_resolution: GeminiResolution | None = None,
) -> TokenFigure:
    """Tokens one image costs when ``wire`` carries it natively; 0 where the wire has no image
    form (openai chat, ollama, hermes), since the block then holds text, not an image.

    ``detail`` applies to responses, ``media_resolution`` (Gemini 3) to gemini.
    """
    facts = wire_facts(wire)
    _check_size(width, height)
    check_image_options(detail, media_resolution)
    if not facts.carries_image:
        rule = f"{wire}: {facts.title} carries no image; its text is counted by text_tokens()"
        return TokenFigure(0, rule, _FACTS_SOURCE, f"{wire}: no image form")
    image_rule = wire_module(wire).tokens.image
    if image_rule is None:
        raise ValueError(f"{wire}: {facts.title} declares no documented image token rule")
    return _IMAGE_RULES[image_rule](width, height, detail, media_resolution)


def image_rule_tokens(
    rule: ImageTokenRule,
    width: int,
    height: int,
    *,
    detail: OpenAIDetail = "auto",
    media_resolution: GeminiResolution | None = None,
) -> TokenFigure:
    """Tokens one image costs under the image rule ``rule`` (what a wire declares in its
    ``TokenRules``: ``image``, or ``hoisted_image`` for an image in a user message).

    :raises ValueError: an unknown rule, a size or option no provider documents.
    """
    if rule not in _IMAGE_RULES:
        raise ValueError(f"unknown image token rule {rule!r}; known: {', '.join(_IMAGE_RULES)}")
    _check_size(width, height)
    check_image_options(detail, media_resolution)
    return _IMAGE_RULES[rule](width, height, detail, media_resolution)


# Anthropic, current rule: 28 px patches within the standard tier's limits.
_PATCH = 28
_EDGE = 1568
_PATCH_BUDGET = 1568


def _patches(width: int, height: int, patch: int) -> int:
    return _ceil_div(width, patch) * _ceil_div(height, patch)


def _fit_patches(width: int, height: int) -> tuple[int, int]:
    """The largest aspect-preserving size within the long-edge limit and the patch budget."""
    if max(width, height) <= _EDGE and _patches(width, height, _PATCH) <= _PATCH_BUDGET:
        return width, height
    long_side, short_side = max(width, height), min(width, height)

    def size(edge: int) -> tuple[int, int]:
        short = max(1, short_side * edge // long_side)
        return (edge, short) if width >= height else (short, edge)

    low, high = 1, min(long_side, _EDGE)
    while low < high:
        mid = (low + high + 1) // 2
        if _patches(*size(mid), _PATCH) <= _PATCH_BUDGET:
            low = mid
        else:
            high = mid - 1
    return size(low)


def _anthropic_patches(width: int, height: int) -> TokenFigure:
    fitted = _fit_patches(width, height)
    resized = (
        ""
        if fitted == (width, height)
        else f"; resized {width}x{height} to {fitted[0]}x{fitted[1]}"
    )
    rule = (
        f"anthropic image: ceil(w/28) x ceil(h/28) visual tokens, after fitting {_EDGE} px "
        f"and {_PATCH_BUDGET} visual tokens (standard tier){resized}"
    )
    source = f"{doc_pages.ANTHROPIC_VISION.cite()}; {doc_pages.ANTHROPIC_VISION_COORDINATES.cite()}"
    name = "anthropic image: 28 px patches" + (" (resized)" if resized else "")
    return TokenFigure(_patches(*fitted, _PATCH), rule, source, name)


def anthropic_pixel_tokens(width: int, height: int) -> TokenFigure:
    """Anthropic's 2025 rule, ``w*h/750`` after scaling down to 1568 px and ~1,600 tokens.

    Superseded by the patch rule that ``image_tokens`` applies; kept because it is the rule
    most tools still quote and because its worked examples are documented.
    """
    _check_size(width, height)
    w, h = width, height
    if max(w, h) > _EDGE:
        w, h = w * _EDGE // max(width, height), h * _EDGE // max(width, height)
    if w * h > 1600 * 750:
        scale = isqrt(1600 * 750 * 10**6 // (w * h))  # sqrt of the area ratio, x1000
        w, h = w * scale // 1000, h * scale // 1000
    rule = "anthropic image (2025 rule): w*h/750 after scaling to fit 1568 px and ~1,600 tokens"
    source = doc_pages.ANTHROPIC_VISION_2025.cite()
    return TokenFigure(_ceil_div(w * h, 750), rule, source, "anthropic image (2025): w*h/750")


def _openai_tiles(width: int, height: int, detail: OpenAIDetail) -> TokenFigure:
    """OpenAI's tile rule for GPT-4o, GPT-4.1 and GPT-4.5 (base 85, 170 per 512 px tile)."""
    source = doc_pages.OPENAI_VISION.cite()
    if detail == "low":
        rule = "responses image, detail low: 85 tokens whatever the size"
        return TokenFigure(85, rule, source, "responses image: detail low, 85")
    w, h = width, height
    if max(w, h) > 2048:
        w, h = w * 2048 // max(width, height), h * 2048 // max(width, height)
    if min(w, h) > 768:
        shortest = min(w, h)
        w, h = w * 768 // shortest, h * 768 // shortest
    tiles = _ceil_div(w, 512) * _ceil_div(h, 512)
    chosen = "high" if detail == "high" else "auto (the model picks low or high; high shown)"
    rule = (
        f"responses image, detail {chosen}: 85 + 170 per 512 px tile after fitting 2048 px "
        f"and a 768 px shortest side (GPT-4o/4.1/4.5 rule; {tiles} tiles)"
    )
    name = f"responses image: 512 px tiles, detail {detail}"
    return TokenFigure(85 + 170 * tiles, rule, source, name)


def openai_patch_tokens(width: int, height: int, *, multiplier: float = 1.0) -> TokenFigure:
    """OpenAI's patch rule (gpt-4.1-mini, gpt-4.1-nano and similar): 32 px patches, at most
    1536, times the model's multiplier (``OPENAI_PATCH_MULTIPLIERS``)."""
    _check_size(width, height)
    patches = _patches(width, height, 32)
    if patches > 1536:
        shrink = (1536 * 32 * 32 / (width * height)) ** 0.5
        w, h = width * shrink, height * shrink
        fit = int(w / 32) / (w / 32)  # whole patches across the width
        patches = min(1536, _patches(max(1, int(w * fit)), max(1, int(h * fit)), 32))
    rule = f"openai patches: ceil(w/32) x ceil(h/32), capped at 1536, x {multiplier:g}"
    source = doc_pages.OPENAI_VISION.cite()
    return TokenFigure(round(patches * multiplier), rule, source, "openai image: 32 px patches")


def openai_model_patches(
    width: int,
    height: int,
    *,
    budget: int,
    multiplier: float,
    model: str = "",
    detail: str = "auto/original",
) -> TokenFigure:
    """OpenAI's rule for GPT-5.5 and later at detail ``auto`` / ``original`` (or none sent):
    32 px patches of the image as it is, scaled down only past ``budget`` patches, times
    ``multiplier`` tokens each (the model's facts: ``models.ModelFacts.image_patches``)."""
    _check_size(width, height)
    if budget <= 0 or multiplier <= 0:
        raise ValueError(f"budget and multiplier must be positive, got {budget}, {multiplier}")
    patches = _patches(width, height, 32)
    scaled = ""
    if patches > budget:
        shrink = (budget * 32 * 32 / (width * height)) ** 0.5
        w, h = max(1, int(width * shrink)), max(1, int(height * shrink))
        while _patches(w, h, 32) > budget:  # partial patches round up: a pixel less each time
            w = max(1, w - 1)
            h = max(1, height * w // width)
        patches = _patches(w, h, 32)
        scaled = f", scaled to {w}x{h} to fit {budget:,} patches"
    for_model = f" ({model})" if model else ""
    rule = (
        f"openai image{for_model}, detail {detail}: ceil(w/32) x ceil(h/32) patches"
        f" x {multiplier:g} ({patches:,} patches{scaled}; GPT-5.5 and later)"
    )
    source = doc_pages.OPENAI_VISION.cite()
    tokens = _ceil_div(round(patches * multiplier * 1000), 1000)
    return TokenFigure(tokens, rule, source, "openai image: 32 px patches (GPT-5.5+)")


def _gemini_image(width: int, height: int, resolution: GeminiResolution | None) -> TokenFigure:
    if resolution is not None:
        return _gemini_budget("image", resolution, 1)
    if width <= 384 and height <= 384:
        tokens, tiles = 258, "both sides <= 384 px"
    else:
        count = _ceil_div(width, 768) * _ceil_div(height, 768)
        tokens, tiles = 258 * count, f"{count} tiles of 768 px"
    rule = f"gemini image: 258 tokens per 768 px tile, 258 if both sides <= 384 px ({tiles})"
    name = "gemini image: 258 per 768 px tile"
    return TokenFigure(tokens, rule, doc_pages.GEMINI_TOKENS.cite(), name)


def _check_resolution(resolution: str) -> None:
    if resolution not in GEMINI_RESOLUTION_TOKENS:
        known = ", ".join(GEMINI_RESOLUTION_TOKENS)
        raise ValueError(f"unknown media_resolution {resolution!r}; known: {known}")


def _gemini_budget(kind: str, resolution: GeminiResolution, count: int) -> TokenFigure:
    _check_resolution(resolution)
    each = GEMINI_RESOLUTION_TOKENS[resolution]
    rule = f"gemini 3 {kind}, media_resolution {resolution}: at most {each} tokens each (a cap)"
    name = f"gemini 3 {kind}: media_resolution {resolution} cap"
    return TokenFigure(each * count, rule, doc_pages.GEMINI_MEDIA_RESOLUTION.cite(), name)


def pdf_tokens(
    wire: str, pages: int, *, media_resolution: GeminiResolution | None = None
) -> TokenFigure | None:
    """Tokens for a PDF of ``pages`` pages where the provider documents a per-page rule
    (gemini only); ``None`` elsewhere, with the reason in ``pdf_note(wire)``."""
    wire_facts(wire)
    if pages < 0:
        raise ValueError(f"pages must not be negative, got {pages}")
    rule = wire_module(wire).tokens.pdf
    if rule is None:
        return None
    return _PDF_RULES[rule](pages, media_resolution)


def pdf_page_tokens(wire: str) -> int | None:
    """The tokens one PDF page costs on ``wire`` where a per-page rule is documented
    (without ``media_resolution``); ``None`` elsewhere."""
    rule = wire_module(wire).tokens.pdf
    return None if rule is None else _PDF_PAGE_TOKENS[rule]


_GEMINI_PAGE: Final = 258  # tokens per PDF page (Gemini's document page)


def _gemini_pages(pages: int, media_resolution: GeminiResolution | None) -> TokenFigure:
    if media_resolution is not None:
        return _gemini_budget("PDF page", media_resolution, pages)
    rule = "gemini PDF: 258 tokens per page"
    name = "gemini PDF: 258 per page"
    return TokenFigure(_GEMINI_PAGE * pages, rule, doc_pages.GEMINI_DOCUMENTS.cite(), name)


def pdf_note(wire: str) -> str:
    """What the provider documents about a PDF's token cost on ``wire``, in one sentence."""
    facts = wire_facts(wire)
    if not facts.carries_pdf:
        return f"{wire}: {facts.title} carries no PDF; its text is counted by text_tokens()"
    return wire_module(wire).tokens.pdf_note or f"{wire}: {facts.title} documents no PDF rule"


def text_encoding(wire: str, model: str | None = None) -> str | None:
    """The encoding text is counted in on ``wire``: ``model``'s where it is an OpenAI model
    with an o200k or cl100k encoding (``None`` for any other named model), else the wire's
    own (``TokenRules.encoding``: o200k_base on openai and responses; ``None`` elsewhere)."""
    if model:
        return model_encoding(model)
    return wire_module(wire).tokens.encoding


def text_tokens(
    text: str, wire: str, *, model: str | None = None, above: int | None = None
) -> TokenFigure:
    """Tokens for ``text`` on ``wire`` (sent to ``model``, if named): an exact count where
    :func:`text_encoding` names an encoding and the ``exact`` extra is installed, else about
    4 characters per token, a labelled approximation (``exact`` says which).

    ``above``: a caller that only needs to know whether the text is over this many tokens;
    a text whose least possible count is already over it is estimated, not counted (a 10 MB
    text against an 8,000-token budget costs no count).
    """
    encoding = text_encoding(wire, model)
    if encoding is not None and (above is None or lower_bound(text) <= above):
        counted = count(text, encoding)
        if counted is not None:
            return TokenFigure(counted, *_exact_rule(encoding), exact=True)
    return chars_tokens(len(text), wire)


def chars_tokens(chars: int, wire: str) -> TokenFigure:
    """The approximation of :func:`text_tokens` for a text of ``chars`` characters (its
    length is all the rule reads: a caller that knows only the length builds no text)."""
    return TokenFigure(_ceil_div(chars, 4), *_text_rule(wire))


_EXACT_RULES: dict[str, tuple[str, str, str]] = {}


def _exact_rule(encoding: str) -> tuple[str, str, str]:
    """Rule, source and name of an exact count in ``encoding`` (made once per encoding)."""
    found = _EXACT_RULES.get(encoding)
    if found is None:
        counter = counter_name()
        rule = f"exact count in {encoding} ({counter}, offline)"
        source = f"{MODEL_ENCODINGS_SOURCE}; counted by {counter}"
        found = _EXACT_RULES[encoding] = (rule, source, f"text: {encoding} count")
    return found


_TEXT_RULES: dict[str, tuple[str, str, str]] = {}


def _text_rule(wire: str) -> tuple[str, str, str]:
    """Rule, source and name of the text approximation on ``wire`` (made once per wire)."""
    found = _TEXT_RULES.get(wire)
    if found is not None:
        return found
    kind = wire_module(wire).tokens.text
    if kind == "gemini_tokens":
        source = doc_pages.GEMINI_TOKENS.cite()
    elif kind == "openai_tokens":
        source = doc_pages.OPENAI_TOKENS_HELP.cite()
    else:
        source = f"{doc_pages.OPENAI_TOKENS_HELP.cite()} (a rule of thumb; {wire} documents none)"
    rule = "≈ 4 characters per token (approximation; no offline tokenizer)"
    found = _TEXT_RULES[wire] = (rule, source, "text: ≈ 4 characters per token")
    return found


def _claude_on_bedrock(
    width: int, height: int, detail: OpenAIDetail, resolution: GeminiResolution | None
) -> TokenFigure:
    """Bedrock documents no image rule of its own: Claude's applies there."""
    claude = _anthropic_patches(width, height)
    rule = f"bedrock: Claude's rule (other families on Bedrock differ); {claude.rule}"
    return TokenFigure(claude.tokens, rule, claude.source, f"bedrock (Claude) {claude.name}")


def _claude(
    width: int, height: int, detail: OpenAIDetail, resolution: GeminiResolution | None
) -> TokenFigure:
    return _anthropic_patches(width, height)


def _gemini_tiles(
    width: int, height: int, detail: OpenAIDetail, resolution: GeminiResolution | None
) -> TokenFigure:
    return _gemini_image(width, height, resolution)


def _openai_512_tiles(
    width: int, height: int, detail: OpenAIDetail, resolution: GeminiResolution | None
) -> TokenFigure:
    return _openai_tiles(width, height, detail)


#: Each image rule a wire may declare (``wires/_data.py``), by rule kind.
_IMAGE_RULES: Final[
    dict[str, Callable[[int, int, OpenAIDetail, GeminiResolution | None], TokenFigure]]
] = {
    "claude_patches": _claude,
    "claude_patches_on_bedrock": _claude_on_bedrock,
    "gemini_tiles": _gemini_tiles,
    "openai_tiles": _openai_512_tiles,
}
#: Each per-page PDF rule a wire may declare, by rule kind.
_PDF_RULES: Final[dict[str, Callable[[int, GeminiResolution | None], TokenFigure]]] = {
    "gemini_pages": _gemini_pages,
}
#: What one page costs under each per-page PDF rule (no ``media_resolution``).
_PDF_PAGE_TOKENS: Final[dict[str, int]] = {"gemini_pages": _GEMINI_PAGE}
