"""Model capability: an image, audio or video input sent to a model that does not take it.

The model's facts come from ``models.model_facts`` (the models.dev catalog, plus a dated
override table); an unknown model has none, and then nothing is reported. PDFs are not
checked: the catalog leaves ``pdf`` off models that take PDF input files (gpt-5-mini reads
them on the Responses API in the corpus of real requests). What kind of input a JSON object
of the request is, each wire says (its checks' ``input_kind``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from ...wires import Add, ReadRequest, Scope, items, wire_module

__all__ = ["check"]

_NAMES: Final = {"image": "images", "audio": "audio", "video": "video"}


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
    input_kind = wire_module(scope.wire).checks.input_kind
    if facts is None or input_kind is None:
        return
    for index, entry in enumerate(items(read)):
        for path, node in _walk(entry, f"{read.key}[{index}]"):
            kind = input_kind(node)
            if kind is not None and not facts.takes(kind):
                add(
                    "input-unsupported",
                    path,
                    f"The model {facts.model!r} takes no {_NAMES[kind]} input (its inputs:"
                    f" {', '.join(sorted(facts.inputs))}; {facts.source}).",
                    kind,
                )
