"""The structured difference of two successive requests of one wire (issue 38).

:func:`diff_requests` says where the later request first stops repeating the earlier one
(the model, a tool definition, the system prompt, message *i*, block *j*), what changed
there in words (a tool result cut shorter, a call id renamed, a thinking block left out,
moved or altered, ...), what the provider binds after it (signed thinking blocks, reasoning
items) and about how many input tokens follow it: the tokens a prompt cache bills again.
``lint(wire, request, previous=earlier)`` reports it as ``prefix-changed``; a notebook
shows the two requests side by side with the change marked.

Appending (the earlier request's messages repeated as they were, new ones after them) is
no change. Neither is a later request that stops short of the earlier one's end (a rewind:
nothing it holds differs from what was sent); ``dropped`` counts what it left off.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ...budgets.request_tokens import read_tokens, request_tokens
from ...wires import (
    MISSING,
    Message,
    Part,
    PrefixFacts,
    ReadRequest,
    ResultPart,
    plain_request,
    read_request,
    wire_module,
)
from .bound import bound_after, reasoning_after
from .raw_walk import Spot, first_difference, same
from .returned import plain_response, returned_change
from .words import describe

__all__ = ["PrefixChange", "RequestDiff", "diff_reads", "diff_requests"]


@dataclass(frozen=True)
class PrefixChange:
    """The first change: its ``kind`` (``model``, ``tools``, ``system``,
    ``message-removed``, ``message-inserted``, ``role``, ``result-shortened``,
    ``result-changed``, ``call-id``, ``call-changed``, ``thinking-removed``,
    ``thinking-moved``, ``thinking-altered``, ``thinking-inserted``, ``block-removed``,
    ``block-inserted``, ``text-changed``, ``changed``), where it is in the later request
    (``path``; where the earlier request's element was, when it is gone) and in the earlier
    one (``old_path``), what changed in words, and the message it is in (``index``;
    ``None`` before the messages)."""

    kind: str
    path: str
    old_path: str
    what: str
    index: int | None

    def __str__(self) -> str:
        return f"{self.path}: {self.what}"


@dataclass(frozen=True)
class RequestDiff:
    """What changed between two successive requests of one wire.

    - ``change``: the first change (``None``: the later request only appends).
    - ``kept``: the earlier request's messages repeated unchanged before the change (all of
      them when there is none); ``appended``: the messages after them (when nothing
      changed); ``dropped``: the earlier request's last messages the later one leaves off
      (a rewind, not a change: nothing sent differs).
    - ``tokens_after``: about how many input tokens of the later request follow the change
      (the prompt cache bills them again; ``None``: no change).
    - ``bound``: the signed thinking blocks of the later request at or after the change
      (Anthropic ``thinking`` / ``redacted_thinking``, Bedrock ``reasoningContent``);
      ``reasoning``: its Responses reasoning items after the change.
    - ``continues``: the later request continues a stored response
      (``previous_response_id`` / ``conversation``): its list holds only new items, so only
      the fields before the messages are compared.
    - ``before`` / ``after``: both requests as JSON (SDK objects dumped).
    """

    wire: str
    key: str
    change: PrefixChange | None
    kept: int
    appended: int
    dropped: int
    tokens_after: int | None
    bound: tuple[str, ...]
    reasoning: tuple[str, ...]
    continues: bool
    before: Any
    after: Any

    #: The notebook view (``render_diff`` registers it when the package is imported).
    html_view: ClassVar[Callable[[RequestDiff], str] | None] = None

    @property
    def append_only(self) -> bool:
        """The later request repeats everything the earlier one held (markers aside)."""
        return self.change is None

    def __str__(self) -> str:
        if self.change is None:
            tail = f"; {self.dropped} dropped from the end" if self.dropped else ""
            return f"append-only: {self.kept} kept, {self.appended} appended{tail}"
        lines = [str(self.change), f"about {self.tokens_after:,} input tokens from there on"]
        if self.bound:
            lines.append(f"signed thinking after it: {', '.join(self.bound)}")
        if self.reasoning:
            lines.append(f"reasoning items after it: {', '.join(self.reasoning)}")
        return "\n".join(lines)

    def __repr__(self) -> str:  # short: the requests may hold megabytes of base64
        shown = (
            "append-only" if self.change is None else f"{self.change.kind} at {self.change.path}"
        )
        return f"RequestDiff({self.wire}: {shown})"

    def _repr_html_(self) -> str | None:
        view = RequestDiff.html_view
        return None if view is None else view(self)


def diff_requests(
    wire: object,
    a: Any,
    b: Any,
    *,
    model: str | None = None,
    previous_response: Any = None,
) -> RequestDiff:
    """Where ``b`` (the later request of a conversation) stops repeating ``a`` (the one
    sent before it), both of ``wire``: bodies or bare lists, JSON values or SDK objects.
    ``model`` (else ``b``'s own) only picks the token count's encoding.
    ``previous_response``: the provider's answer to ``a`` (a dict or an SDK object), whose
    returned signed thinking blocks (Anthropic, Bedrock Converse) or reasoning items
    (Responses) ``b`` must replay as returned, after ``a``'s messages.

    :raises ValueError: unknown wire; a request too deep or too large to read.
    :raises TypeError: ``a`` or ``b`` neither a dict nor a list; ``model`` not a ``str``.

    >>> sent = [{"role": "user", "content": "hi"}]
    >>> diff_requests("openai", sent, [*sent, {"role": "assistant", "content": "hello"}])
    RequestDiff(openai: append-only)
    >>> diff_requests("openai", sent, [{"role": "user", "content": "hey"}]).change.path
    'messages[0].content'
    """
    if model is not None and not isinstance(model, str):
        raise TypeError(f"model must be a str or None, not {type(model).__name__}")
    return diff_reads(
        plain_request(wire, a), read_request(wire, b), model=model, response=previous_response
    )


def _items(read: ReadRequest) -> list[Any]:
    return _list(read.raw, read.key)


def _list(raw: Any, key: str) -> list[Any]:
    found = raw.get(key) if isinstance(raw, dict) else raw
    return found if isinstance(found, list) else []


def diff_reads(
    a: Any, b: ReadRequest, *, model: str | None = None, response: Any = None
) -> RequestDiff:
    """:func:`diff_requests` of ``a`` as JSON (``wires.plain_request``: it is not read,
    only the message where it differs) and ``b`` already read; ``response``: the
    provider's answer to ``a``."""
    wire, key = b.wire, b.key
    facts = wire_module(wire).checks.prefix
    old, new = _list(a, key), _items(b)
    continues = b.previous is not MISSING
    change = _field_change(facts, a, b.raw)
    kept = dropped = appended = 0
    if change is None and not continues:
        change, kept = _message_change(b, old, new, facts)
        if change is None and response is not None and len(new) > len(old):
            found = returned_change(facts, key, new, len(old), plain_response(response))
            if found is not None:
                kind, path, what, index = found
                change = PrefixChange(kind, path, path, what, index)
        if change is None:
            dropped = max(0, len(old) - len(new))
            appended = max(0, len(new) - len(old))
    if change is None:
        return RequestDiff(
            wire, key, None, kept, appended, dropped, None, (), (), continues, a, b.raw
        )
    if change.index is None:
        tokens = read_tokens(b, model=model).total
        start: tuple[int, int] | None = None
        first = 0
    else:
        first = change.index
        tokens = request_tokens(wire, new[first:], model=model).total if first < len(new) else 0
        start = (first, _block_index(change.path, key, first))
    bound = bound_after(facts, new, key, start)
    reasoning = reasoning_after(facts, new, key, first)
    return RequestDiff(wire, key, change, kept, 0, 0, tokens, bound, reasoning, continues, a, b.raw)


def _block_index(path: str, key: str, index: int) -> int:
    found = re.match(re.escape(f"{key}[{index}]") + r"\.content\[(\d+)\]", path)
    return int(found.group(1)) if found else 0


_ABSENT = object()


def _field_change(facts: PrefixFacts, a: Any, b: Any) -> PrefixChange | None:
    """The first change among the fields read before the messages (bodies only)."""
    if not isinstance(a, dict) or not isinstance(b, dict):
        return None
    for field, kind in facts.fields:
        x, y = a.get(field, _ABSENT), b.get(field, _ABSENT)
        if x is _ABSENT and y is _ABSENT:
            continue
        noun = _NOUNS[kind]
        if x is _ABSENT or y is _ABSENT:
            verb = "added" if x is _ABSENT else "removed"
            return PrefixChange(kind, field, field, f"The {noun} was {verb}", None)
        if kind == "model":
            if x != y:
                what = f"The model changed from {x!r} to {y!r}: a prompt cache is per model"
                return PrefixChange("model", field, field, what, None)
            continue
        spot = first_difference(x, y, field, facts)
        if spot is not None:
            what = f"The {noun} changed at {spot.path}"
            if spot.how != "differs":
                what = f"The {noun} changed: {spot.path} was {spot.how}"
            return PrefixChange(kind, spot.path, spot.old_path, what, None)
    return None


_NOUNS = {"model": "model", "tools": "tool definitions", "system": "system prompt"}


def _message_change(
    b: ReadRequest, old: list[Any], new: list[Any], facts: PrefixFacts
) -> tuple[PrefixChange | None, int]:
    """The first message of ``new`` that does not repeat ``old``'s, and how many did."""
    key = b.key
    for index in range(min(len(old), len(new))):
        x, y = old[index], new[index]
        if x is y or same(x, y, facts):
            continue
        here = f"{key}[{index}]"
        if index + 1 < len(old) and same(old[index + 1], y, facts):
            if facts.reasoning is not None and facts.reasoning(x):
                what = f"The reasoning item sent at {here} is left out"
                return PrefixChange("thinking-removed", here, here, what, index), index
            what = f"The message sent at {here} is left out"
            return PrefixChange("message-removed", here, here, what, index), index
        if index + 1 < len(new) and same(x, new[index + 1], facts):
            what = f"A message was inserted at {here}, before what was sent"
            return PrefixChange("message-inserted", here, here, what, index), index
        spot = first_difference(x, y, here, facts) or Spot(here, here, "differs")
        # the earlier request is not read: only its message that differs, alone (its paths
        # start at [0], mapped back to its place)
        alone = f"{key}[0]"
        local = Spot(spot.path, alone + spot.old_path[len(here) :], spot.how)
        earlier = _message(read_request(b.wire, [x]), 0)
        kind, what, path, old_path = describe(local, earlier, _message(b, index), x, y, facts)
        if index:  # only the earlier message's paths start at [0] then
            what = what.replace(alone, here)
            path, old_path = (
                here + p[len(alone) :] if p.startswith(alone) else p for p in (path, old_path)
            )
        return PrefixChange(kind, path, old_path, what, index), index
    return None, min(len(old), len(new))


def _message(read: ReadRequest, index: int) -> Message | None:
    path = f"{read.key}[{index}]"
    if index < len(read.messages) and read.messages[index].path == path:
        return read.messages[index]
    return next((m for m in read.messages if m.path == path), None)


def parts_at(message: Message | None) -> list[Part]:
    """A message's parts, results' contents after their result."""
    if message is None:
        return []
    found: list[Part] = []
    for part in message.parts:
        found.append(part)
        if isinstance(part, ResultPart):
            found.extend(part.parts)
    return found
