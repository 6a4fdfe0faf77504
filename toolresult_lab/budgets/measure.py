"""What a block carries natively, measured without decoding it, and the advice it draws.

Token rules and provider limits depend on what a payload *is*: an image's pixel size (read
from its header by ``imagesize``), a PDF's page count (``pdfpages``), its decoded size
(arithmetic on the base64). The payloads are those ``explain()`` reports per entry
(``Explanation.carried``, read back by the entry's wire) and each is measured once: a payload
is the same string on every wire, so a 50 MiB image is measured once however many cards show
it. :func:`block_warnings` holds the measurements
against the documented limits (``limits``) and the fields each wire needs; the block itself
never changes (the warnings are advice).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..conversion.b64 import decoded_size
from ..conversion.encoding import json_encode, json_string, json_string_chars
from ..conversion.facts import wire_facts
from ..conversion.imagesize import ImageSize, image_size
from ..conversion.pdfpages import PdfCount, count_pdf_pages
from ..conversion.steps import Carried, Explanation
from ..wires import block_payload_paths
from .provider_limits import (
    limits_for,
    media_warnings,
    request_warnings,
    sanity_warnings,
    text_warnings,
)
from .provider_warning import ProviderWarning

__all__ = [
    "Carried",
    "Measured",
    "ProviderWarning",
    "block_warnings",
    "longest_text",
    "measure",
    "payload_bytes",
    "utf8_size",
]

BIG_STRING: Final = 1 << 16  # strings this long are measured, not re-encoded into JSON
_CHUNK: Final = 1 << 20  # a big string is encoded this many characters at a time to be measured
_MAX_MEASURED: Final = 64  # payloads kept measured, at most ...
_MAX_KEPT_CHARS: Final = 32 * 1024 * 1024  # ... and at most this much base64 held alive
_MEASURED: dict[int, tuple[str, Measured]] = {}
_MEASURED_LOCK: Final = threading.Lock()  # threads measure at once (the cache is shared)
_kept_chars = 0  # the base64 the cache holds alive (under the lock)


@dataclass(frozen=True)
class Measured:
    """A payload's decoded size, and its pixel size or page count where they can be read.

    ``pdf`` is the page count of a PDF with its status (why there is none).
    """

    decoded_bytes: int
    size: ImageSize | None
    pages: int | None
    pdf: PdfCount | None = None


def measure(item: Carried) -> Measured | None:
    """The payload's measurements (kept for the next card); ``None`` for a fetched source."""
    data = item.data
    if data is None:
        return None
    global _kept_chars
    with _MEASURED_LOCK:
        kept = _MEASURED.get(id(data))
    if kept is not None and kept[0] is data:
        return kept[1]
    if item.media == "image":
        measured = Measured(decoded_size(data), image_size(data), None)
    else:
        pdf = count_pdf_pages(data)
        measured = Measured(decoded_size(data), None, pdf.pages, pdf)
    if len(data) > _MAX_KEPT_CHARS:  # never hold a big payload alive for the cache's sake
        return measured
    with _MEASURED_LOCK:  # measured outside it: two threads may measure one payload twice
        if len(_MEASURED) >= _MAX_MEASURED or _kept_chars + len(data) > _MAX_KEPT_CHARS:
            _MEASURED.clear()
            _kept_chars = 0
        if id(data) not in _MEASURED:
            _MEASURED[id(data)] = (data, measured)  # the payload is kept: its id stays unique
            _kept_chars += len(data)
    return measured


def _quoted_limit(warning: str) -> str:
    return warning.partition("; limit: ")[2]


def block_warnings(
    wire: str, records: Sequence[Explanation], block: Any, name: str, id: str
) -> tuple[ProviderWarning, ...]:
    """What the documented limits of ``wire`` and the fields it needs say about one block.

    Each image or PDF it carries is held against the per-item limits; its longest text
    string against the per-string ones; the block as a whole against the per-request ones
    (a request holds at least this block, text included), leaving out a request limit that
    one item alone already met.
    """
    facts = wire_facts(wire)
    out: list[ProviderWarning] = []
    given = {"name": name, "id": id}
    for field, key in facts.requires.items():
        if not given[field]:
            what = "tool name" if field == "name" else "call id"
            text = f"{wire}: the {what} is empty; the provider rejects a block without {key}"
            out.append(ProviderWarning(None, text, field))
    images, largest, image_bytes = 0, 0, 0
    quoted: set[str] = set()
    for record in records:
        for item in record.carried:
            measured = measure(item)
            if measured is None:
                continue
            if item.media == "image":
                images += 1
                image_bytes += len(item.data or "")
                if measured.size is not None:
                    largest = max(largest, measured.size.width, measured.size.height)
            for text in media_warnings(
                wire, item.media, item.mime, measured.decoded_bytes, measured.size, measured.pages
            ):
                quoted.add(_quoted_limit(text))
                out.append(ProviderWarning(record.index, text))
            for text in sanity_warnings(
                wire, item.media, item.mime, measured.decoded_bytes, measured.size, measured.pdf
            ):
                out.append(ProviderWarning(record.index, text))
    if any(limit.scope == "string" for limit in limits_for(wire)):
        for text in text_warnings(wire, longest_text(wire, block)):
            out.append(ProviderWarning(None, text))
    total = payload_bytes(block)
    for text in request_warnings(
        wire, total, images, largest_edge=largest or None, image_bytes=image_bytes
    ):
        if _quoted_limit(text) not in quoted:
            out.append(ProviderWarning(None, text))
    return tuple(out)


def longest_text(wire: str, block: Any) -> int:
    """The characters of the longest string in one of ``wire``'s blocks that is not a
    payload (its readers' payload paths): what a per-string limit holds. Lengths only: no
    string is copied."""
    skip = block_payload_paths(wire, block)
    longest = 0
    stack: list[tuple[str, Any]] = [("", block)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            if len(value) > longest and path not in skip:
                longest = len(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                stack.append((f"{path}.{key}" if path else str(key), item))
        elif isinstance(value, (list, tuple)):
            for index, item in enumerate(value):
                stack.append((f"{path}[{index}]", item))
    return longest


def utf8_size(text: str) -> int:
    """``len(text.encode("utf-8", "surrogatepass"))``, encoding at most ``_CHUNK``
    characters at a time: a 200 MB text is never copied whole to be measured."""
    if text.isascii():
        return len(text)
    return sum(
        len(text[start : start + _CHUNK].encode("utf-8", "surrogatepass"))
        for start in range(0, len(text), _CHUNK)
    )


def _json_string_size(text: str) -> int:
    """UTF-8 size of ``text`` escaped as in a JSON string literal (quotes left out), escaped
    and encoded ``_CHUNK`` characters at a time (JSON escapes each character alone)."""
    return sum(
        utf8_size(json_string(text[start : start + _CHUNK])) - 2
        for start in range(0, len(text), _CHUNK)
    )


def json_leaving_out_big_strings(block: Any, size: Callable[[str], int]) -> tuple[str, int]:
    """The block's compact JSON with every string of 64 KiB or more written as ``""``, and
    the sum of ``size`` over those strings: one walk for every measure of a block as sent
    (:func:`payload_bytes` in bytes, ``costs`` in characters), so a 50 MiB payload is
    measured, never copied into the JSON that is built."""
    extra = 0

    def shrink(value: Any) -> Any:
        nonlocal extra
        if type(value) is str:
            if len(value) < BIG_STRING:
                return value
            extra += size(value)
            return ""
        if isinstance(value, dict):
            return {key: shrink(item) for key, item in value.items()}
        if isinstance(value, (list, tuple)):
            return [shrink(item) for item in value]
        return value

    return json_encode(shrink(block)), extra


def _big_string_bytes(text: str) -> int:
    """UTF-8 size of a long string's JSON escape (quotes left out)."""
    # an ASCII string's UTF-8 bytes are its characters
    return json_string_chars(text) if text.isascii() else _json_string_size(text)


def payload_bytes(block: Any) -> int:
    """UTF-8 size of the block as sent: its compact JSON, or the text itself for hermes.

    Equal to ``len(json_encode(block).encode())`` for a dict (and to the capability
    matrix's ``payload_bytes``), without building the JSON of big strings: a long
    printable ASCII string (a base64 payload) encodes to its length plus two quotes plus
    one backslash per ``"`` or ``\\``, so it is measured that way and left out of the JSON
    that is actually built; a 50 MiB image is never copied to be measured. Any other long
    string (a 200 MB text) is escaped and encoded a chunk at a time, never whole.
    """
    if isinstance(block, str):
        return utf8_size(block)
    text, extra = json_leaving_out_big_strings(block, _big_string_bytes)
    return len(text.encode("utf-8", "surrogatepass")) + extra
