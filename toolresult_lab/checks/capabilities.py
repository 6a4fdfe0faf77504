"""Model capability: an image, audio or video input sent to a model that does not take it.

The model's facts come from ``models.model_facts`` (the models.dev catalog, plus a dated
override table); an unknown model has none, and then nothing is reported. PDFs are not
checked: the catalog leaves ``pdf`` off models that take PDF input files (gpt-5-mini reads
them on the Responses API in the corpus of real requests).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from ..wires import FIELDS, ReadRequest
from ._scope import Add, Scope, items

__all__ = ["check", "input_kind"]

#: The part ``type`` that carries each kind of input, by wire.
_TYPED: Final = {
    "openai": {"input_audio": "audio", FIELDS.image_url: "image"},
    "responses": {FIELDS.input_image: "image"},
}
#: Bedrock's media members.
_BEDROCK: Final = {"image": "image", "video": "video"}
_GEMINI_DATA: Final = FIELDS.gemini_media
_NAMES: Final = {"image": "images", "audio": "audio", "video": "video"}


def input_kind(wire: str, node: dict[str, Any]) -> str | None:
    """``image``, ``audio`` or ``video`` when ``node`` is an input of that kind on
    ``wire`` (else ``None``)."""
    if wire in _TYPED:
        kind = node.get("type")
        return _TYPED[wire].get(kind) if isinstance(kind, str) else None
    if wire == "bedrock":
        for member, kind in _BEDROCK.items():
            if isinstance(node.get(member), dict):
                return kind
        return None
    if wire == "gemini":
        for member in _GEMINI_DATA:
            data = node.get(member)
            if isinstance(data, dict):
                mime = _first(data, FIELDS.gemini_mime)
                major = mime.partition("/")[0] if isinstance(mime, str) else ""
                return major if major in _NAMES else None
    return None


def _first(data: dict[str, Any], names: tuple[str, ...]) -> Any:
    """The value of the first of ``names`` that ``data`` holds (``None``: none)."""
    return next((data[name] for name in names if name in data), None)


def _walk(value: Any, path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object under ``value`` with its path, depth-first without recursion."""
    stack: list[tuple[str, Any]] = [(path, value)]
    while stack:
        here, node = stack.pop()
        if isinstance(node, dict):
            yield here, node
            stack.extend((f"{here}.{key}", item) for key, item in reversed(node.items()))
        elif isinstance(node, list):
            stack.extend((f"{here}[{i}]", item) for i, item in reversed(list(enumerate(node))))


def check(read: ReadRequest, scope: Scope, add: Add) -> None:
    """Each input of a kind the model does not take (nothing without the model's facts)."""
    facts = scope.model
    if facts is None:
        return
    for index, entry in enumerate(items(read)):
        for path, node in _walk(entry, f"{read.key}[{index}]"):
            kind = input_kind(scope.wire, node)
            if kind is not None and not facts.takes(kind):
                add(
                    "input-unsupported",
                    path,
                    f"The model {facts.model!r} takes no {_NAMES[kind]} input (its inputs:"
                    f" {', '.join(sorted(facts.inputs))}; {facts.source}).",
                    kind,
                )
