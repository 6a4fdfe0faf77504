"""The request sent before, per conversation: bounded, kept apart when interleaved.

An HTTP request carries no conversation id, so a conversation is recognised by its history.
The request sent before a new one is the remembered request (same wire) that shares the
**longest prefix** of messages with it (ties: the most recently used), where sharing counts
only if the shared prefix holds a reply of the model (an ``assistant`` / ``model`` message,
or a call item where the wire's calls have no role, as on Responses) or is the whole
remembered conversation (the new one continues it). Why:

- not "whose messages are a prefix of this one's" alone: the edits the history checks exist
  to catch (a shortened tool result, a dropped thinking block) break that prefix, and the
  request before them would never be found;
- not "any shared prefix": every conversation of an app starts with the same system
  message, and parallel agents often with the same task. Two independent conversations
  part at the model's first reply at the latest, so a shared reply means one conversation.
  The one edit this cannot tell from a new conversation is an edit before the model's
  first reply (the system prompt, the first question): no earlier request is given then.

A request with no conversation list (a Responses ``input`` string, a
``previous_response_id`` continuation) is neither matched nor remembered.

Memory is bounded: at most ``capacity`` conversations, the least recently used forgotten
first; each keeps only its last request (the body as sent: the repaired one in ``repair``).
The cost is one equality test of first messages per remembered conversation, then one per
shared message of the candidates (identical objects compare at once). Thread-safe.

>>> memory = Conversations(capacity=2)
>>> a1 = {"messages": [{"role": "user", "content": "a"}]}
>>> memory.previous("openai", a1) is None
True
>>> memory.remember("openai", a1, None)
>>> a2 = {"messages": [*a1["messages"], {"role": "assistant", "content": "x"}]}
>>> memory.previous("openai", a2) == a1
True
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any, Final

from ..wires import list_key
from .wire_paths import conversation_of

__all__ = ["DEFAULT_CAPACITY", "Conversations"]

#: How many conversations a guard remembers unless told otherwise.
DEFAULT_CAPACITY: Final = 64


@functools.cache
def _reply_marks(wire: str) -> frozenset[tuple[str, object]]:
    """The ``(key, value)`` pairs that mark a message the model wrote on ``wire``: the
    ``assistant`` and ``model`` roles, and the role (or, for an item without one, the type)
    of the call echo the wire's own turn shape writes (a Responses call item has no role).
    Read from the wire's writer, so no provider's field name is restated here."""
    from ..conversion.calls import ToolCall
    from ..conversion.result import ToolResult
    from ..conversion.tool_turns import tool_turn

    marks: set[tuple[str, object]] = {("role", "assistant"), ("role", "model")}
    calls = [ToolCall(id="call_1", name="f")]
    results = [ToolResult(id="call_1", content=[{"type": "text", "text": "x"}])]
    answers = tool_turn(wire, calls, results, echo=False)
    for item in tool_turn(wire, calls, results):
        if isinstance(item, Mapping) and item not in answers:
            marks.add(("role", item["role"]) if "role" in item else ("type", item.get("type")))
    return frozenset(marks)


def _first_reply(wire: str, messages: list[Any]) -> int | None:
    """The index of the first message the model wrote, or ``None``."""
    marks = _reply_marks(wire)
    for index, message in enumerate(messages):
        if isinstance(message, Mapping) and (
            ("role", message.get("role")) in marks or ("type", message.get("type")) in marks
        ):
            return index
    return None


def _shared(earlier: list[Any], later: list[Any]) -> int:
    """How many leading messages ``earlier`` and ``later`` have in common."""
    count = 0
    for old, new in zip(earlier, later, strict=False):
        if old is not new and old != new:
            break
        count += 1
    return count


class Conversations:
    """The last request of up to ``capacity`` conversations (LRU), found by shared history."""

    def __init__(self, capacity: int = DEFAULT_CAPACITY) -> None:
        if not isinstance(capacity, int) or isinstance(capacity, bool) or capacity < 1:
            raise ValueError(f"capacity must be a positive int, not {capacity!r}")
        self.capacity: Final = capacity
        self._lock = threading.Lock()
        self._next = 0
        # conversation number -> (wire, last body sent, its conversation list, first reply)
        self._held: OrderedDict[int, tuple[str, Mapping[str, Any], list[Any], int | None]] = (
            OrderedDict()
        )

    def __len__(self) -> int:
        return len(self._held)

    def _find(self, wire: str, messages: list[Any]) -> int | None:
        best: tuple[int, int] | None = None  # (shared messages, conversation number)
        for number in reversed(self._held):  # most recent first: it wins a tie
            held_wire, _, held, reply = self._held[number]
            if held_wire != wire or not held or not messages:
                continue
            if held[0] is not messages[0] and held[0] != messages[0]:
                continue
            shared = _shared(held, messages)
            if shared < len(held) and (reply is None or shared <= reply):
                continue  # parted before the model's first reply: another conversation
            if best is None or shared > best[0]:
                best = (shared, number)
        return None if best is None else best[1]

    def previous(self, wire: str, body: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """The request sent before ``body`` in its conversation, or ``None``."""
        messages = conversation_of(wire, body)
        if not messages:
            return None
        with self._lock:
            number = self._find(wire, messages)
            return None if number is None else self._held[number][1]

    def remember(
        self, wire: str, body: Mapping[str, Any], earlier: Mapping[str, Any] | None
    ) -> None:
        """Keep ``body`` (as sent) as its conversation's last request: the conversation whose
        last request was ``earlier`` (what :meth:`previous` gave), else a new one. The list
        is copied (not the messages): appending to it later leaves the memory alone."""
        messages = conversation_of(wire, body)
        if not messages:
            return
        # a shallow copy: a caller that appends to the list it sent must not change the past
        messages = list(messages)
        body = {**body, list_key(wire): messages}
        with self._lock:
            number = None
            if earlier is not None:
                number = next((n for n, held in self._held.items() if held[1] is earlier), None)
            if number is None:
                number = self._next
                self._next += 1
            self._held[number] = (wire, body, messages, _first_reply(wire, messages))
            self._held.move_to_end(number)
            while len(self._held) > self.capacity:
                self._held.popitem(last=False)
