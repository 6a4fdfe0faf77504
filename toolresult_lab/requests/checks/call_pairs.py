"""SPEC 8's pairing rules: who answers whom in a request, and where.

:func:`pair` walks the calls and results once (linear in the request's size: see
:class:`_CallIndex`), reports ``missing-call-id``, ``result-without-call``,
``duplicate-result``, ``results-not-next`` and ``call-without-result`` (not for a call the
wire holds pending: an async call, whose output comes in a later request), and returns the
:class:`~toolresult_lab.requests.answers.Pairing` that ``repair`` works from. Where a wire pairs
differently it says so as data: its turn shape (``results_zone``, ``needs_call_ids``,
``merged_roles``, ``joined_results``) and its checks' data (``ids_advisory``, ``pairs_in_order``,
``held_call_ids``).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Container

from ...wires import (
    Add,
    CallPart,
    Message,
    ReadRequest,
    ResultPart,
    Scope,
    named,
    short,
    wire_module,
)
from ..answers import Dropped, Pairing

__all__ = ["pair"]


def pair(read: ReadRequest, scope: Scope, add: Add) -> Pairing:
    """Pair the calls and results of ``read``, reporting through ``add``."""
    pairer = _Pairer(read, scope, add)
    pairer.pairing()
    return Pairing(
        calls=tuple(pairer.calls),
        misplaced={index: found[0] for index, found in pairer.misplaced.items()},
        dropped=tuple(pairer.dropped),
        unanswered=tuple(pairer.unanswered),
        claimed=dict(pairer.claimed),
        orphans=tuple(pairer.orphans),
    )


class _Pairer:
    """One pass of pairing: the request, the wire's pairing facts, and what is found."""

    def __init__(self, read: ReadRequest, scope: Scope, add: Add) -> None:
        self.read = read
        self.wire = scope.wire
        self.report = add
        self.shape = wire_module(scope.wire).turn
        self.facts = wire_module(scope.wire).checks
        # The pairing (``pairing.Pairing``): the calls (message position, call), and by
        # call index its misplaced results; results to drop; calls no result answers.
        self.calls: list[tuple[int, CallPart]] = []
        self.misplaced: dict[int, list[tuple[int, ResultPart]]] = {}
        self.dropped: list[Dropped] = []
        self.unanswered: list[int] = []
        # calls without id and the result each answers by position; results without id
        # that answer nothing
        self.claimed: dict[int, ResultPart] = {}
        self.orphans: list[ResultPart] = []
        # per message, the messages whose calls its results may answer (``_places``)
        self.owners: list[range] = []
        # the ids of the calls that are pending (read once, when an unanswered call has one)
        self.pending_ids: Container[str] | None = None

    def add(self, rule: str, path: str, message: str) -> None:
        self.report(rule, path, message, "")

    def pairing(self) -> None:
        """Calls and results: who answers whom, and where (SPEC 8's pairing rules)."""
        messages = self.read.messages
        shape = self.shape
        zone = shape.results_zone
        owners = self.owners = _places(messages, zone, shape.merged_roles, shape.joined_results)
        calls: list[tuple[int, CallPart]] = [
            (pos, call) for pos, message in enumerate(messages) for call in message.calls
        ]
        self.calls = calls
        index_of = _CallIndex(calls)
        answered: dict[int, ResultPart] = {}
        misplaced = self.misplaced
        claimed = self.claimed
        needs_ids = shape.needs_call_ids
        all_ids = {call.id for _, call in calls if call.id}
        # results without id, paired by place once every result with an id has its call
        idless: list[tuple[int, ResultPart]] = []
        held_ids = self.facts.held_call_ids
        held: Container[str] | None = None  # the calls answered without being held
        # a result that names its call by id is paired first, and a result without id
        # (where ids are not needed) then by name or place among the calls left: an
        # id-less result never takes the call a later result names (ollama: "R1" without
        # id before "R2" for call a, with a second call without id)
        named_first = [(pos, r) for pos, m in enumerate(messages) for r in m.results]
        if not needs_ids:
            named_first = [x for x in named_first if x[1].id] + [
                x for x in named_first if not x[1].id
            ]
        for pos, result in named_first:
            if needs_ids and not result.id:
                self.add("missing-call-id", result.path, "A tool result has no call id.")
                idless.append((pos, result))
                continue
            index = self.match(index_of, answered, result, pos)
            if index is None:
                if self.positional(index_of, claimed, owners, pos, zone, result):
                    continue
                if held_ids is not None and result.id not in all_ids:
                    if held is None:
                        held = held_ids(self.read)
                    if result.id in held:
                        continue  # answers a call held elsewhere (a stored response)
                self.dropped.append(Dropped("result-without-call", pos, result))
                self.add(
                    "result-without-call",
                    result.path,
                    f"The result for {named(result)} answers no call before it.",
                )
                continue
            call_pos, call = calls[index]
            if call_pos in owners[pos]:
                if index in answered:
                    kept = answered[index]
                    self.dropped.append(Dropped("duplicate-result", pos, result, kept))
                    self.add(
                        "duplicate-result",
                        result.path,
                        f"A second result answers the call {short(call.id or call.name)}.",
                    )
                else:
                    answered[index] = result
            elif index in answered or index in misplaced:
                kept = answered[index] if index in answered else misplaced[index][0][1]
                self.dropped.append(Dropped("duplicate-result", pos, result, kept))
                self.add(
                    "duplicate-result",
                    result.path,
                    f"A second result answers the call {short(call.id or call.name)}.",
                )
            else:
                misplaced[index] = [(pos, result)]
        for pos, result in idless:
            if not self.positional(index_of, claimed, owners, pos, zone, result):
                index = self.open_call(index_of, answered, owners[pos], zone)
                if index is None:
                    self.orphans.append(result)
                else:
                    claimed[index] = result  # its missing-call-id stands for both
        for index, (_, call) in enumerate(calls):
            if needs_ids and not call.id:
                self.add("missing-call-id", call.path, f"The call to {call.name!r} has no id.")
            elif index in answered:
                continue
            elif index in misplaced:
                self.add(
                    "results-not-next",
                    call.path,
                    f"The result for the call {short(call.id or call.name)} is not where"
                    f" {self.wire} needs it ({shape.results_where}).",
                )
            elif index not in claimed and not self.pending(call):
                self.unanswered.append(index)
                self.add(
                    "call-without-result",
                    call.path,
                    f"No result answers the call {short(call.id or call.name)}"
                    f" ({shape.results_where}).",
                )

    def pending(self, call: CallPart) -> bool:
        """The call's output may come in a later request (an async call: the wire's
        ``pending_call_ids``): unanswered, it is pending, not missing."""
        pending_ids = self.facts.pending_call_ids
        if pending_ids is None or not call.id:
            return False
        if self.pending_ids is None:
            self.pending_ids = pending_ids(self.read)
        return call.id in self.pending_ids

    def match(
        self,
        calls: _CallIndex,
        answered: dict[int, ResultPart],
        result: ResultPart,
        pos: int,
    ) -> int | None:
        """The index of the call ``result`` answers: by id (the latest call before it with
        that id), else by name, else (ollama, hermes) the earliest unanswered call before it."""
        if result.id:
            index = calls.latest_with_id(result.id, pos)
            if index is not None:
                return index
            if not self.facts.ids_advisory:
                return None
        zone = self.shape.results_zone
        if zone != "next" and not self.facts.pairs_in_order:
            return None
        without_id = bool(result.id)
        if zone == "next":
            for owner in self.owners[pos]:
                index = calls.first_in(owner, result, without_id, answered, self.misplaced)
                if index is not None:
                    return index
        return calls.earliest(result, pos, without_id, answered, self.misplaced)

    def positional(
        self,
        calls: _CallIndex,
        claimed: dict[int, ResultPart],
        owners: list[range],
        pos: int,
        zone: str,
        result: ResultPart,
    ) -> bool:
        """A result with an unknown id answers the earliest unclaimed call without id in
        its place (that call's ``missing-call-id`` covers both): before it (``later``), or
        in the one message its zone allows."""
        if not self.shape.needs_call_ids:
            return False
        if zone == "later":
            index = calls.unclaimed(None, claimed)
            found = index is not None and calls.calls[index][0] < pos
        else:
            index = next(
                (i for o in owners[pos] if (i := calls.unclaimed(o, claimed)) is not None), None
            )
            found = index is not None
        if found and index is not None:
            claimed[index] = result
        return found

    def open_call(
        self,
        calls: _CallIndex,
        answered: dict[int, ResultPart],
        place: range,
        zone: str,
    ) -> int | None:
        """The first call in ``place`` (the messages a result's zone allows) that nothing
        answers or claims yet: what a result without id answers by position (SPEC 8: its
        ``missing-call-id`` is reported instead of that call's ``call-without-result``)."""
        if zone == "later":
            index = calls.open(None, answered, self.misplaced, self.claimed)
            return index if index is not None and calls.calls[index][0] in place else None
        for owner in place:
            index = calls.open(owner, answered, self.misplaced, self.claimed)
            if index is not None:
                return index
        return None


class _CallIndex:
    """The calls of a request looked up by id, by message position, and (for pairing by
    name or position) in order with a cursor past the taken ones, so pairing is linear in
    size: a call once answered or claimed stays so, and no lookup walks past it again."""

    def __init__(self, calls: list[tuple[int, CallPart]]) -> None:
        self.calls = calls
        self.by_id: dict[str, list[int]] = {}
        self.by_pos: dict[int, list[int]] = {}
        # (name or "", only calls without id) -> indices in order, and a cursor into them
        self.queues: dict[tuple[str, bool], list[int]] = {}
        self.cursors: dict[tuple[str, bool], int] = {}
        # the same within one message, built when first asked: (name or None for any,
        # only calls without id) -> indices in order, and a cursor into them
        self.in_message: dict[int, dict[tuple[str | None, bool], list[int]]] = {}
        self.message_cursors: dict[tuple[int, str | None, bool], int] = {}
        # calls without id (all, or by message position), and a cursor past the claimed
        self.idless: dict[int | None, list[int]] = {}
        self.idless_cursors: dict[int | None, int] = {}
        # calls open to a result without id (of a message, or of the request), a cursor
        self.open_cursors: dict[int | None, int] = {}
        for index, (pos, call) in enumerate(calls):
            if call.id:
                self.by_id.setdefault(call.id, []).append(index)
            self.by_pos.setdefault(pos, []).append(index)
            for key in ((call.name, False), ("", False)):
                self.queues.setdefault(key, []).append(index)
            if not call.id:
                for key in ((call.name, True), ("", True)):
                    self.queues.setdefault(key, []).append(index)
                self.idless.setdefault(None, []).append(index)
                self.idless.setdefault(pos, []).append(index)

    def latest_with_id(self, call_id: str, pos: int) -> int | None:
        """The latest call with ``call_id`` before message ``pos`` (a binary search: the
        calls of one id are in request order)."""
        found = self.by_id.get(call_id)
        if not found:
            return None
        before = bisect_left(found, pos, key=lambda index: self.calls[index][0])
        return found[before - 1] if before else None

    def first_in(
        self,
        pos: int,
        result: ResultPart,
        without_id: bool,
        answered: dict[int, ResultPart],
        misplaced: dict[int, list[tuple[int, ResultPart]]],
    ) -> int | None:
        """The first call of message ``pos`` not yet answered that ``result`` fits: of its
        name (any name when it has none), only calls without id when ``without_id``."""
        queues = self.in_message.get(pos)
        if queues is None:
            queues = self.in_message[pos] = {}
            for index in self.by_pos.get(pos, ()):
                call = self.calls[index][1]
                keys = [(call.name, False), (None, False)]
                if not call.id:
                    keys += [(call.name, True), (None, True)]
                for key in keys:
                    queues.setdefault(key, []).append(index)
        queue = queues.get((result.name, without_id), [])
        cursor_key = (pos, result.name, without_id)
        cursor = self.message_cursors.get(cursor_key, 0)
        while cursor < len(queue) and (queue[cursor] in answered or queue[cursor] in misplaced):
            cursor += 1
        self.message_cursors[cursor_key] = cursor
        return queue[cursor] if cursor < len(queue) else None

    def unclaimed(self, pos: int | None, claimed: dict[int, ResultPart]) -> int | None:
        """The first call without id not yet claimed: of message ``pos``, or of the
        request (``None``)."""
        queue = self.idless.get(pos, [])
        cursor = self.idless_cursors.get(pos, 0)
        while cursor < len(queue) and queue[cursor] in claimed:
            cursor += 1
        self.idless_cursors[pos] = cursor
        return queue[cursor] if cursor < len(queue) else None

    def open(
        self,
        pos: int | None,
        answered: dict[int, ResultPart],
        misplaced: dict[int, list[tuple[int, ResultPart]]],
        claimed: dict[int, ResultPart],
    ) -> int | None:
        """The first call of message ``pos`` (of the request: ``None``) that no result
        answers or claims yet (a cursor past the taken ones: they stay taken)."""
        queue = self.by_pos.get(pos, []) if pos is not None else range(len(self.calls))
        cursor = self.open_cursors.get(pos, 0)
        while cursor < len(queue) and (
            queue[cursor] in answered or queue[cursor] in misplaced or queue[cursor] in claimed
        ):
            cursor += 1
        self.open_cursors[pos] = cursor
        return queue[cursor] if cursor < len(queue) else None

    def earliest(
        self,
        result: ResultPart,
        pos: int,
        without_id: bool,
        answered: dict[int, ResultPart],
        misplaced: dict[int, list[tuple[int, ResultPart]]],
    ) -> int | None:
        """The earliest call before ``pos`` not yet answered, of the result's name."""
        key = (result.name or "", without_id)
        queue = self.queues.get(key, [])
        cursor = self.cursors.get(key, 0)
        while cursor < len(queue) and (queue[cursor] in answered or queue[cursor] in misplaced):
            cursor += 1
        self.cursors[key] = cursor
        if cursor < len(queue) and self.calls[queue[cursor]][0] < pos:
            return queue[cursor]
        return None


def _run_owners(messages: tuple[Message, ...]) -> list[int]:
    """For each message, the position of the message its run of tool messages follows
    (-1 for a message that is not a tool message, or a run at the start)."""
    owners = []
    owner = -1
    for pos, message in enumerate(messages):
        if message.role == "tool":
            owners.append(owner)
        else:
            owner = pos
            owners.append(-1)
    return owners


def _places(
    messages: tuple[Message, ...], zone: str, merged: frozenset[str], joined: bool = False
) -> list[range]:
    """For each message, the positions of the messages whose calls its results may answer:
    the message its run of tool messages follows (``run``), the message before it
    (``next``), or every message before it (``later``). On a wire that combines consecutive
    messages of a role in ``merged`` into one turn, "the message before" is that run, and
    a message of such a run answers what its run's first message answers; so does a
    message of only results after one of its role of only results, where ``joined``."""
    if zone == "run":
        return [range(o, o + 1) if o >= 0 else range(0) for o in _run_owners(messages)]
    if zone == "later":
        return [range(pos) for pos in range(len(messages))]
    places: list[range] = []
    for pos, message in enumerate(messages):
        before = messages[pos - 1].role if pos else None
        if before is None:
            places.append(range(0))
        elif message.role == before and (
            before in merged or (joined and message.only_results and messages[pos - 1].only_results)
        ):
            places.append(places[pos - 1])
        else:
            start = pos - 1
            while start and before in merged and messages[start - 1].role == before:
                start -= 1
            places.append(range(start, pos))
    return places
