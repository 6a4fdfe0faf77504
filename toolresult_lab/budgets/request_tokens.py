"""What a whole request costs in input tokens on its wire, each figure naming its rule.

``estimate_tokens`` prices one tool-result block; a model's context window bounds the whole
request: system prompt, tool definitions, every message and every tool result. This module
prices a request as its wire reads it (``read_request``): each inline image by the
provider's documented rule from its real pixel size (``tokens.image_tokens``, the size read
from the header), a PDF by the per-page rule where one is documented (``tokens.pdf_tokens``),
and everything else, the JSON of the request without its payload strings, as text
(``tokens.text_tokens``: counted exactly in OpenAI's encoding where the model is an OpenAI
one, or the wire is openai or responses and names no other, and the ``exact`` extra is
installed; else about 4 characters per token). A payload with no documented figure
(audio, video, a PDF elsewhere, an image on a wire whose tool messages carry none, a
thought signature) is left out of the total, which then says it is a lower bound.

Every figure says whether it is ``exact`` (a count) or an estimate; none of a request's is
exact: its text figure, even counted in the model's encoding, counts the request's JSON,
not the model's own framing of the messages, and media figures are the providers'
documented rules. The lint rule
``context-window`` (``checks/context_window.py``) and ``repair(..., max_tokens=)`` read it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Final

from ..conversion.b64 import is_canonical
from ..conversion.steps import Carried
from ..wires import (
    CallPart,
    DocumentPart,
    ImagePart,
    OpaquePart,
    Part,
    ReadRequest,
    ResultPart,
    read_request,
    wire_module,
)
from .measure import measure
from .models import ModelFacts, model_facts
from .provider_limits import header_excess
from .tokens import (
    TokenFigure,
    chars_tokens,
    image_rule_tokens,
    image_tokens,
    openai_model_patches,
    pdf_tokens,
    text_encoding,
    text_tokens,
)

#: orjson's ``dumps`` once looked up (``[None]``: not installed); imported on first use, as
#: importing the package imports no optional dependency.
_ORJSON: list[Callable[[Any], bytes] | None] = []

__all__ = ["RequestFigure", "RequestTokens", "model_image_tokens", "read_tokens", "request_tokens"]

_TEXT: Final = "text"
_PAYLOAD: Final = 1024  # a base64 string this long in an unread block is a payload, not text
_NO_FIGURE: Final = "an inline payload with no documented token figure"
_STEP: Final = re.compile(r"\[(\d+)\]|\.?([^.\[\]]+)")


@dataclass(frozen=True)
class RequestFigure:
    """One figure of a request's estimate: where (``path``; ``""`` for the request's
    text), what it prices, the tokens (``None``: no documented figure), the rule, its
    source, and whether the figure is ``exact`` (a count) or an estimate."""

    path: str
    what: str
    tokens: int | None
    rule: str
    exact: bool
    source: str = ""


@dataclass(frozen=True)
class RequestTokens:
    """The input tokens of one request on one wire: a total and the figures it sums."""

    wire: str
    figures: tuple[RequestFigure, ...]

    @property
    def total(self) -> int:
        """The sum of the figures there are (a lower bound when ``complete`` is false)."""
        return sum(f.tokens for f in self.figures if f.tokens is not None)

    @property
    def complete(self) -> bool:
        """False when some payload has no documented figure."""
        return all(f.tokens is not None for f in self.figures)

    @property
    def exact(self) -> bool:
        """True only when every figure is a count (never: the text is the JSON's)."""
        return all(f.exact for f in self.figures)

    def label(self) -> str:
        """``~12,345 tokens``; ``≥ ~12,345`` when a figure is missing; no ``~`` when exact."""
        return f"{'' if self.complete else '≥ '}{'' if self.exact else '~'}{self.total:,} tokens"

    def describe(self) -> str:
        """One line per figure, for a tooltip or a CLI's detail."""
        lines = []
        for f in self.figures:
            shown = "no figure" if f.tokens is None else f"{f.tokens:,}"
            kind = "exact" if f.exact else "estimate"
            lines.append(f"{f.path or '(request)'} {f.what}: {shown} ({kind}; {f.rule})")
        return "\n".join(lines)


def request_tokens(wire: object, request: Any, *, model: str | None = None) -> RequestTokens:
    """The input tokens of ``request`` (a body, or its list of messages; JSON values or an
    SDK object) on ``wire``, sent to ``model`` (``None``: the body's own ``model``, if any).

    :raises ValueError: unknown wire.
    :raises TypeError: the request is neither a dict nor a list.

    >>> request_tokens("openai", [{"role": "user", "content": "Hello there"}]).label()
    '~11 tokens'
    """
    return read_tokens(read_request(wire, request), model=model)


def read_tokens(
    read: ReadRequest, *, model: str | None = None, within: int | None = None
) -> RequestTokens:
    """:func:`request_tokens` of a request already read (what lint's check has).

    ``within``: for a caller that only needs to know whether the request is over this many
    tokens (lint): text that cannot take it over (one token per UTF-8 byte at the most) is
    estimated, not counted.
    """
    wire = read.wire
    named = model
    if named is None and isinstance(read.raw, dict):
        own = read.raw.get("model")
        named = own if isinstance(own, str) else None
    facts = model_facts(wire, named)
    figures: list[RequestFigure] = []
    payloads: list[str] = []
    call_payloads: list[str] = []
    for part in _parts(read):
        if isinstance(part, (ImagePart, DocumentPart)):
            if part.data is not None:
                payloads.append(part.data)
                figures.append(_media(wire, part, part.data, facts))
            continue
        if isinstance(part, CallPart):
            extra = part.extra  # a call's payloads are its fields (a thought signature)
            for path in part.payload_paths:
                value = extra.get(path.rpartition(".")[2]) or _at(read, path)
                if isinstance(value, str):
                    payloads.append(value)
                    call_payloads.append(path)
        elif isinstance(part, OpaquePart):
            found = [(path, _at(read, path)) for path in part.payload_paths]
            if not found:  # a video, audio, ... block the reader has no part for
                found = list(_base64_in(part.value, part.path))
            for path, value in found:
                if isinstance(value, str):
                    payloads.append(value)
                    figures.append(RequestFigure(path, "payload", None, _NO_FIGURE, False))
    if call_payloads:  # one figure for all (a Gemini history has one per call)
        what = f"{len(call_payloads):,} payloads of calls (thought signatures)"
        figures.append(RequestFigure(call_payloads[0], what, None, _NO_FIGURE, False))
    text = _text(read, payloads, model, within, sum(f.tokens or 0 for f in figures))
    rule = f"{text.rule}: every message, tool result, tool definition and setting as JSON"
    if text.exact:  # a count of the JSON, not of what the model reads (no keys, its framing)
        rule += " (a count of the JSON text; the model reads the messages in its own framing)"
    figures.insert(0, RequestFigure("", _TEXT, text.tokens, rule, False, text.source))
    return RequestTokens(wire, tuple(figures))


def _text(
    read: ReadRequest, payloads: list[str], model: str | None, within: int | None, media: int
) -> TokenFigure:
    """The request's JSON without its payloads, counted where ``tokens.text_encoding``
    names an encoding (and ``within`` does not rule the count out), else estimated."""
    wire = read.wire
    named = model
    if named is None and isinstance(read.raw, dict):
        own = read.raw.get("model")
        named = own if isinstance(own, str) else None
    payload_chars = sum(map(len, payloads))
    if text_encoding(wire, named) is None:
        return chars_tokens(max(0, _json_chars(read.raw) - payload_chars), wire)
    text = _json_text(read.raw)
    if text is None:
        return chars_tokens(max(0, _walk_chars(read.raw) - payload_chars), wire)
    for payload in payloads:
        text = text.replace(payload, "", 1)  # priced by its rule (or none), not as text
    if within is not None and media + len(text.encode("utf-8", "surrogatepass")) <= within:
        return chars_tokens(len(text), wire)
    return text_tokens(text, wire, model=named)


#: The kinds of part that can hold a payload (text and a result's shell hold none: their
#: characters are the request's text).
_PAYLOAD_KINDS: Final = (ImagePart, DocumentPart, CallPart, OpaquePart)


def _parts(read: ReadRequest) -> list[Part]:
    """The parts of the request that can hold a payload, in order: system parts, messages'
    parts, results' contents (lint reads thousands of text parts, and a call without
    payload paths, for every request to a catalogued model)."""
    kinds = _PAYLOAD_KINDS
    found: list[Part] = [part for part in read.system if isinstance(part, kinds)]
    for message in read.messages:
        for part in message.parts:
            if isinstance(part, ResultPart):
                found.extend(inner for inner in part.parts if isinstance(inner, kinds))
            elif isinstance(part, CallPart):
                if part.payload_paths:
                    found.append(part)
            elif isinstance(part, kinds):
                found.append(part)
    return found


def _media(
    wire: str, part: ImagePart | DocumentPart, data: str, facts: ModelFacts | None = None
) -> RequestFigure:
    """An inline image or PDF priced by its provider's rule (``None`` where none is); an
    image by the model's own rule where its facts give one (GPT-5.5 and later), and on a
    wire whose tool messages carry no image (Chat Completions) by the rule for an image in
    a user message where the model is known."""
    path = part.data_path or part.path
    if isinstance(part, DocumentPart):
        if part.mime != "application/pdf" or pdf_tokens(wire, 0) is None:
            why = f"{wire}: no documented token figure for an inline {part.mime or 'file'}"
            return RequestFigure(path, "document", None, why, False)
        measured = measure(Carried("pdf", part.mime, data, "native"))
        pages = None if measured is None else measured.pages
        figure = None if pages is None else pdf_tokens(wire, pages)
        if figure is None:
            return RequestFigure(path, "PDF", None, "the PDF's pages cannot be counted", False)
        return _figure(path, f"PDF of {pages} pages", figure)
    measured = measure(Carried("image", part.mime or "image", data, "native"))
    size = None if measured is None else measured.size
    if measured is None or size is None:
        return RequestFigure(path, "image", None, "the image's size cannot be read", False)
    what = f"image {size.width}x{size.height} {size.format}"
    excess = header_excess(size, measured.decoded_bytes)
    if excess:
        return RequestFigure(path, what, None, f"{excess}; its token count is unknown", False)
    figure = _model_image(wire, size.width, size.height, part, facts)
    if figure is None:
        figure = image_tokens(wire, size.width, size.height)
    hoisted = wire_module(wire).tokens.hoisted_image
    if figure.tokens == 0 and hoisted is not None and facts is not None and facts.takes("image"):
        # the wire's tool messages carry no image, its user messages do: a known model
        # reading images reads this one by the rule for an image there
        low = part.detail == "low"
        figure = image_rule_tokens(
            hoisted, size.width, size.height, detail="low" if low else "high"
        )
    if figure.tokens == 0:  # the wire's tool messages carry no image: no rule of its own
        why = f"{wire}: no documented token rule for an image in a message ({figure.rule})"
        return RequestFigure(path, what, None, why, False)
    return _figure(path, what, figure)


def _model_image(
    wire: str, width: int, height: int, part: ImagePart, facts: ModelFacts | None
) -> TokenFigure | None:
    """The model's own image rule where the wire prices images by the model (``None``:
    the wire's rule)."""
    detail = part.detail if isinstance(part.detail, str) else None
    return model_image_tokens(wire, width, height, detail, facts)


def model_image_tokens(
    wire: str, width: int, height: int, detail: str | None, facts: ModelFacts | None
) -> TokenFigure | None:
    """An image of ``width`` x ``height`` sent with ``detail`` (``None``: none) priced by
    the model's own patch rule, where the wire prices images by the model and the model's
    facts give one (``None``: the wire's rule, or no figure of its own: ``low``)."""
    if facts is None or facts.image_patches is None or facts.patch_multiplier is None:
        return None
    if not wire_module(wire).tokens.model_images:
        return None
    # auto and none sent are original there (its budget); high is the standard 1,536-patch
    # cap (vybestack/llxprt-code#3477); low has no figure of its own
    budgets = {None: facts.image_patches, "auto": facts.image_patches}
    budgets["original"] = facts.image_patches
    budgets["high"] = min(1536, facts.image_patches)
    budget = budgets.get(detail)
    if budget is None:
        return None
    return openai_model_patches(
        width,
        height,
        budget=budget,
        multiplier=facts.patch_multiplier,
        model=facts.model,
        detail="high" if detail == "high" else "auto/original",
    )


def _figure(path: str, what: str, figure: TokenFigure) -> RequestFigure:
    return RequestFigure(path, what, figure.tokens, figure.rule, False, figure.source)


def _at(read: ReadRequest, path: str) -> Any:
    """The value at ``path`` (which starts with the request's list key) in the request."""
    node: Any = read.raw if isinstance(read.raw, dict) else {read.key: read.raw}
    for index, key in _STEP.findall(path):
        if index and isinstance(node, list) and int(index) < len(node):
            node = node[int(index)]
        elif key and isinstance(node, dict) and key in node:
            node = node[key]
        else:
            return None
    return node


def _orjson() -> Callable[[Any], bytes] | None:
    """orjson's ``dumps`` where the ``fast`` extra is installed (10x faster than json)."""
    if not _ORJSON:
        try:
            from orjson import dumps
        except ImportError:  # pragma: no cover - without the extra, json counts
            _ORJSON.append(None)
        else:
            _ORJSON.append(dumps)
    return _ORJSON[0]


def _base64_in(value: Any, path: str) -> Iterator[tuple[str, str]]:
    """Each long canonical base64 string under ``value`` (a block the wire's reader has
    no part for: a Bedrock video, ...), with its path; depth-first without recursion."""
    stack: list[tuple[str, Any]] = [(path, value)]
    while stack:
        here, node = stack.pop()
        if isinstance(node, dict):
            stack.extend((f"{here}.{key}", item) for key, item in node.items())
        elif isinstance(node, list):
            stack.extend((f"{here}[{i}]", item) for i, item in enumerate(node))
        elif isinstance(node, str) and len(node) >= _PAYLOAD and is_canonical(node):
            yield here, node


def _json_chars(raw: Any) -> int:
    """Characters of ``raw`` as compact JSON (non-JSON values as their ``str``): by orjson
    where it is installed and takes the value (10x faster: lint runs this on every request
    with a known model), else by ``json``; both write the same characters."""
    dumps = _orjson()
    if dumps is not None:
        try:
            encoded = dumps(raw)
        except (TypeError, ValueError):  # a non-str key, an int past 64 bits, a surrogate
            pass
        else:
            return len(encoded) if encoded.isascii() else len(encoded.decode("utf-8"))
    try:
        return len(json.dumps(raw, ensure_ascii=False, separators=(",", ":"), default=str))
    except (ValueError, TypeError, RecursionError):
        return _walk_chars(raw)


def _json_text(raw: Any) -> str | None:
    """``raw`` as the compact JSON :func:`_json_chars` measures (``None``: nested past the
    recursion limit, or not JSON at all), for a count of its tokens."""
    dumps = _orjson()
    if dumps is not None:
        try:
            return dumps(raw).decode("utf-8")
        except (TypeError, ValueError):
            pass
    try:
        return json.dumps(raw, ensure_ascii=False, separators=(",", ":"), default=str)
    except (ValueError, TypeError, RecursionError):
        return None


_LOG10_2: Final = 0.30102999566398120


def _digits(number: int) -> int:
    """Characters of ``number`` written out, even past the 4,300 digits ``str`` refuses
    (``ValueError``: lint raised on a 5,000-digit integer in a tool call's input)."""
    try:
        return len(str(number))
    except ValueError:
        pass
    size = abs(number)
    digits = int((size.bit_length() - 1) * _LOG10_2) + 1
    if size >= 10**digits:
        digits += 1
    return digits + (number < 0)


def _path(links: list[tuple[int, Any]], where: int) -> str:
    """The JSON path (``messages[1].content[0].input``) of the value at ``links[where]``."""
    keys: list[Any] = []
    while where >= 0:
        where, key = links[where]
        keys.append(key)
    path = ""
    for key in reversed(keys):
        path += f"[{key}]" if isinstance(key, int) else (f".{key}" if path else str(key))
    return path or "the request"


_LEAVE: Final = object()  # the stack's mark that a value's items are all walked


def _walk_chars(raw: Any) -> int:
    """:func:`_json_chars` without recursion (a request nested past the recursion limit, an
    integer past 4,300 digits, anything else ``json`` does not write).

    :raises ValueError: a value holds itself (no JSON has that size), naming where; a value
        met twice but not inside itself is counted each time, as JSON writes it."""
    total = 0
    links: list[tuple[int, Any]] = []  # each value's (parent's link, key): its path, on demand
    inside: set[int] = set()  # the lists and dicts the walk is within
    stack: list[tuple[Any, int]] = [(raw, -1)]
    while stack:
        node, where = stack.pop()
        if node is _LEAVE:
            inside.discard(where)
            continue
        if isinstance(node, (dict, list)):
            if id(node) in inside:
                raise ValueError(
                    f"{_path(links, where)} holds the value it is inside (a cycle): the"
                    " request is not JSON, and has no size"
                )
            inside.add(id(node))
            stack.append((_LEAVE, id(node)))
            total += 1 + max(1, len(node))  # brackets, and a comma between items
            items = node.items() if isinstance(node, dict) else enumerate(node)
            for key, value in items:
                if isinstance(node, dict):
                    total += len(str(key)) + 3
                links.append((where, key))
                stack.append((value, len(links) - 1))
        elif isinstance(node, str):
            total += len(node) + 2
        elif isinstance(node, int):
            total += _digits(node)
        else:
            total += len(str(node))
    return total
