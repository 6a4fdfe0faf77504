"""What ``repair`` promises about tool outputs (issue 36), checked on what it built.

Every tool output of the request as given (each result's texts and payloads, found by the
wire's reader) must be in the repaired request, whole: kept where it stands, or moved,
merged or written into a user message with its text unchanged; and no base64 payload may
land inside a text. :func:`breaches` names each result whose output the repaired request
lost; ``repair`` then refuses the edits that did it (:mod:`.core`), so a breach never
reaches the user silently: its finding is reported unfixed, with the reason.

It reads both requests once and walks their strings once, so it costs one more read of a
request ``repair`` changed (an unchanged one is not checked).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Final

from ...wires import (
    DocumentPart,
    ImagePart,
    OpaquePart,
    Part,
    ReadRequest,
    ResultPart,
    TextPart,
    read_request,
    split_data_url,
)

__all__ = [
    "Breach",
    "Output",
    "breaches",
    "part_payloads",
    "tool_outputs",
    "writes_payload_in_text",
]

#: A run of base64 characters long enough to be a payload, not a word (64 characters: 48
#: bytes; a payload is found in a text by its first :data:`PROBE` characters).
PROBE: Final = 64
_RUN: Final = re.compile(r"[A-Za-z0-9+/_=-]{" + str(PROBE) + ",}")
#: The keys of an opaque block whose string is the text it holds (never a payload).
_TEXT_KEYS: Final = frozenset({"text"})
#: The keys under which the wires write a payload (any length: a short one is one too).
_DATA_KEYS: Final = frozenset({"data", "bytes"})
_BASE64: Final = re.compile(r"[A-Za-z0-9+/_=-]+")


@dataclass(frozen=True)
class Output:
    """One tool result's output: its path, its texts (non-blank) and its payloads."""

    path: str
    texts: tuple[str, ...]
    payloads: tuple[str, ...]


@dataclass(frozen=True)
class Breach:
    """A result whose output the repaired request lost: its path (in the request read),
    and what happened to it."""

    path: str
    what: str


def _strings(value: Any) -> list[tuple[str | None, str]]:
    """Every string of ``value`` at any depth, with the key it sits under (a stack, not
    recursion: a deep value never hits the recursion limit)."""
    found: list[tuple[str | None, str]] = []
    todo: list[tuple[str | None, Any]] = [(None, value)]
    while todo:
        key, node = todo.pop()
        if isinstance(node, str):
            found.append((key, node))
        elif isinstance(node, dict):
            todo.extend((str(k), v) for k, v in node.items())
        elif isinstance(node, (list, tuple)):
            todo.extend((key, v) for v in node)
    return found


def _is_payload(text: str) -> bool:
    """A string that is base64 and long enough to be a payload (a data URL's base64)."""
    split = split_data_url(text)
    data = split[1] if split is not None else text
    return len(data) >= PROBE and _RUN.fullmatch(data) is not None


def part_payloads(part: Part) -> list[str]:
    """The payloads (base64) one part of a result carries: an image's or a document's
    data, or (a block no reader takes apart: audio, video) a base64 string inside it."""
    if isinstance(part, (ImagePart, DocumentPart)):
        return [part.data] if part.data else []
    found: list[str] = []
    if isinstance(part, OpaquePart):
        for key, text in _strings(part.value):
            if (key in _DATA_KEYS and _BASE64.fullmatch(text)) or (
                key not in _TEXT_KEYS and _is_payload(text)
            ):
                split = split_data_url(text)
                found.append(split[1] if split is not None else text)
    return found


def _output(result: ResultPart) -> Output:
    texts: list[str] = []
    payloads: list[str] = []
    for part in result.parts:
        payloads += part_payloads(part)
        if isinstance(part, (TextPart, DocumentPart)):
            texts.append(part.text or "")  # a document's text, when it is a text document
        elif isinstance(part, OpaquePart):
            texts += [text for key, text in _strings(part.value) if key in _TEXT_KEYS]
    if result.structured is not None:
        texts.extend(text for _, text in _strings(result.structured))
    return Output(result.path, tuple(dict.fromkeys(t for t in texts if t.strip())), tuple(payloads))


def tool_outputs(read: ReadRequest) -> list[Output]:
    """The output of every tool result of ``read``, in request order."""
    return [_output(result) for result in read.results]


def _payloads_of(parts: tuple[Part, ...] | list[Part], into: set[str]) -> None:
    """The payload strings ``parts`` carry, as their readers find them."""
    for part in parts:
        if isinstance(part, ResultPart):
            into.update(_output(part).payloads)
        else:
            into.update(part_payloads(part))


def _texts_of(read: ReadRequest) -> set[str]:
    """Every text the reader finds in ``read`` (hermes: a result's text inside its tag)."""
    found: set[str] = set()
    for message in read.messages:
        for part in message.parts:
            if isinstance(part, TextPart):
                found.add(part.text)
            elif isinstance(part, ResultPart):
                found.update(p.text for p in part.parts if isinstance(p, TextPart))
    return found


def breaches(wire: str, given: ReadRequest, repaired: Any) -> list[Breach]:
    """The results of ``given`` whose output ``repaired`` lost (a text or payload no
    longer there whole) or wrote into a text (a payload inside a text)."""
    outputs = [output for output in tool_outputs(given) if output.texts or output.payloads]
    if not outputs:
        return []
    after = read_request(wire, repaired)
    before_strings = {text for _, text in _strings(given.raw)}
    strings = [text for _, text in _strings(after.raw)]
    read_texts = _texts_of(after)
    present = set(strings)
    present.update(read_texts)
    carried: set[str] = set()
    for message in after.messages:
        _payloads_of(message.parts, carried)
    for text in strings:
        split = split_data_url(text)
        if split is not None:
            carried.add(split[1])
    new = [text for text in strings if text not in before_strings]
    new += [text for text in read_texts if text not in before_strings]
    haystack: str | None = None
    found: list[Breach] = []
    probes: dict[str, str] = {}
    for output in outputs:
        lost = [text for text in output.texts if text not in present]
        if lost:
            if haystack is None:
                haystack = "\x00".join(new)
            lost = [text for text in lost if not _written_in(text, haystack)]
        if lost:
            found.append(Breach(output.path, f"its text {_short(lost[0])} is no longer there"))
            continue
        gone = [data for data in output.payloads if data not in carried]
        if gone:
            found.append(Breach(output.path, f"a payload of {len(gone[0]):,} characters is gone"))
            continue
        for data in output.payloads:
            probes.setdefault(data[:PROBE], output.path)
    if probes:
        written = _payload_in_text(new, carried, probes)
        found += [Breach(path, "its payload was written into a text") for path in written]
    return found


def _written_in(text: str, haystack: str) -> bool:
    """Whether ``text`` is in ``haystack`` as it is or as a JSON string writes it (kept as a
    response object's JSON text; hermes: inside a tag, ``</`` written ``<\\/``)."""
    if text in haystack:
        return True
    for written in (json.dumps(text)[1:-1], json.dumps(text, ensure_ascii=False)[1:-1]):
        if written in haystack or written.replace("</", "<\\/") in haystack:
            return True
    return False


def _payload_in_text(new: list[str], carried: set[str], probes: dict[str, str]) -> list[str]:
    """The paths (by payload probe) of the payloads that a new string holds as part of a
    text (a string that is the payload, or its data URL, carries it: not a text)."""
    hit: dict[str, None] = {}
    for text in new:
        if text in carried:
            continue
        split = split_data_url(text)
        if split is not None and split[1] in carried:
            continue
        for run in _RUN.findall(text):
            path = probes.get(run[:PROBE])
            if path is not None:
                hit[path] = None
    return list(hit)


def writes_payload_in_text(value: Any, payloads: list[str]) -> bool:
    """Whether ``value`` (blocks or a message repair is about to write) holds one of
    ``payloads`` inside a text (a string that is the payload, or its data URL, carries it)."""
    if not payloads:
        return False
    probes = {data[:PROBE]: "" for data in payloads}
    strings = [text for _, text in _strings(value)]
    return bool(_payload_in_text(strings, set(payloads), probes))


def _short(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")
