"""Round 1 of ``repair``: ids, so pairing in the next rounds sees the ids the provider
will. A reused id is renamed where a provider rejects it, a missing one is given (the
partner's, or a new one), an id of the wrong format is mapped; a result without id that
answers no call is left to round 2, which keeps its output (issue 25, not SPEC 8's
removal). New ids are made by the wire's
:class:`~toolresult_lab.wires.IdStyle` (:func:`~toolresult_lab.wires.new_call_id`)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Any

from ...wires import CallPart, ResultPart, new_call_id
from ..findings import Change
from .edit import Edit
from .paths import request_order
from .wire_fixes import run_fixes

__all__ = ["fix_ids"]


def fix_ids(edit: Edit, changes: list[Change]) -> Any:
    """Round 1 on ``edit``'s copy; the changes are appended to ``changes``."""
    pairing = edit.pairing
    calls = pairing.calls
    wire, profile = edit.wire, edit.ctx.profile
    taken = {call.id for _, call in calls if call.id} | {r.id for r in edit.read.results if r.id}
    results = [(pos, r) for pos, m in enumerate(edit.read.messages) for r in m.results]
    bad_format = set(edit.rules("call-id-format", errors_only=True))
    # a result whose id no call has keeps that id: round 2 keeps its output as user text
    # that names the id as given (renaming it would name an id made up here)
    call_ids = {call.id for _, call in calls}
    bad_format -= {
        dropped.result.path
        for dropped in pairing.dropped
        if dropped.rule == "result-without-call" and dropped.result.id not in call_ids
    }
    # a reused id is renamed where a provider rejects it (one message holding it twice on
    # anthropic and bedrock) or where it leaves a call without its own answer; separate,
    # well-formed pairs are accepted as they are
    troubled = {calls[index][1].id for index in (*pairing.unanswered, *pairing.misplaced)}
    troubled.update(dropped.result.id for dropped in pairing.dropped)
    rejected = set(edit.rules("duplicate-call-id", errors_only=True))
    flagged = set(edit.rules("duplicate-call-id"))
    duplicates = {
        call.path
        for _, call in calls
        if call.path in rejected or (call.path in flagged and call.id in troubled)
    }
    missing = set(edit.rules("missing-call-id"))
    renamed: dict[str, str] = {}
    done: set[str] = set()
    taken_by_calls = {call.id for _, call in calls if call.id}
    # per id, the calls (by index) and the results (by message position) that carry it, in
    # request order: a reused id finds its next call and its answer by bisection, not by a
    # scan of every call and result per duplicate (a log reusing one id 20,000 times)
    reused = {call.id for _, call in calls if call.id and call.path in duplicates}
    calls_by_id: dict[str, list[int]] = {}
    for index, (_, call) in enumerate(calls):
        if call.id in reused:
            calls_by_id.setdefault(call.id, []).append(index)
    results_by_id: dict[str, tuple[list[int], list[ResultPart]]] = {}
    for rpos, result in results:
        if result.id in calls_by_id:
            positions, carrying = results_by_id.setdefault(result.id, ([], []))
            positions.append(rpos)
            carrying.append(result)
    # per message, where its run of call items starts (responses: parallel calls are
    # consecutive items of the run after a call); elsewhere each message is its own
    messages = edit.read.messages
    in_run = edit.edits.is_result_entry
    run_start = list(range(len(messages)))
    for mpos in range(1, len(run_start)):
        here, before = messages[mpos], messages[mpos - 1]
        if here.calls and before.calls and in_run(here.raw) and in_run(before.raw):
            run_start[mpos] = run_start[mpos - 1]
    run_end = list(range(len(messages)))
    for mpos in range(len(run_end) - 2, -1, -1):
        if run_start[mpos + 1] == run_start[mpos]:
            run_end[mpos] = run_end[mpos + 1]
    runs = list(zip(run_start, run_end, strict=True))
    # a result without id that answers a call with one by position takes the call's id
    answers_by_place = {
        result.path: call
        for index, result in pairing.claimed.items()
        if not result.id and (call := calls[index][1]).id
    }
    for index, (pos, call) in enumerate(calls):
        if call.path in duplicates and call.id:
            done.add(call.path)
            new = new_call_id(wire, profile, call.id, taken, call.path)
            edit.set_id(call, new)
            changes.append(
                Change("duplicate-call-id", call.path, f"call id {call.id!r} -> {new!r}")
            )
            partner = pairing.claimed.get(index)
            if partner is not None and partner.path in answers_by_place:
                del answers_by_place[partner.path]
                edit.set_id(partner, new)
                changes.append(
                    Change("missing-call-id", partner.path, f"gave the result the id {new!r}")
                )
            else:
                _answer_renamed(
                    edit, call.id, index, pos, new, calls_by_id, results_by_id, done, runs
                )
        elif call.path in missing and not call.id:
            partner = pairing.claimed.get(index)
            if (
                partner is not None
                and partner.id
                and partner.id not in taken_by_calls
                and partner.path not in bad_format
            ):
                new = partner.id
                taken_by_calls.add(new)
                edit.set_id(call, new)
                changes.append(
                    Change(
                        "missing-call-id",
                        call.path,
                        f"gave the call the id {new!r} of {partner.path}",
                    )
                )
                continue
            # a partner's id of the wrong format is mapped as call-id-format maps it
            seed = partner.id if partner is not None and partner.id else call.path
            new = new_call_id(wire, profile, seed, taken)
            edit.set_id(call, new)
            action = f"gave the call the id {new!r}"
            if partner is not None:
                edit.set_id(partner, new)
                done.add(partner.path)
                action = f"gave the call and {partner.path} the id {new!r}"
            changes.append(Change("missing-call-id", call.path, action))
    run_fixes("ids", edit, changes)  # the wire's own (a call item's id: responses)
    parts: list[CallPart | ResultPart] = [c for _, c in calls]
    parts.extend(r for _, r in results)
    for part in parts:
        if part.path in done:
            continue
        if part.path in bad_format and part.id:
            found = renamed.get(part.id)
            if found is not None:
                new = found
            else:
                new = new_call_id(wire, profile, part.id, taken)
                renamed[part.id] = new
            edit.set_id(part, new)
            changes.append(Change("call-id-format", part.path, f"id {part.id!r} -> {new!r}"))
        elif part.id in renamed:
            edit.set_id(part, renamed[part.id])
            changes.append(
                Change("call-id-format", part.path, f"id {part.id!r} -> {renamed[part.id]!r}")
            )
        elif part.path in answers_by_place:
            call = answers_by_place[part.path]
            given = call.id or ""  # the map holds only calls with an id
            new = renamed.get(given, given)
            edit.set_id(part, new)
            changes.append(
                Change(
                    "missing-call-id", part.path, f"gave the result the id {new!r} of {call.path}"
                )
            )
    # a result without id that answers no call is kept (round 2 keeps its output as text)
    edit.drop_emptied()
    return edit.request


def _answer_renamed(
    edit: Edit,
    old: str,
    index: int,
    pos: int,
    new: str,
    calls_by_id: dict[str, list[int]],
    results_by_id: dict[str, tuple[list[int], list[ResultPart]]],
    done: set[str],
    runs: list[tuple[int, int]],
) -> None:
    """Give ``new``, the id of the duplicate call ``index`` (at message ``pos``) renamed
    from ``old``, to the result after the call that carries ``old`` in the call's place
    among the calls of its run (``runs``: by message, where its run of call messages starts
    and ends), unless that result comes after the next call with ``old`` after the run."""
    same_id = calls_by_id.get(old, [])
    following = bisect_right(same_id, index)
    calls = edit.pairing.calls
    positions, carrying = results_by_id.get(old, ([], []))
    # the calls of this id earlier in this call's run (its message, or the run of call
    # items before the outputs: responses) take the answers before this one's, in order:
    # the second of two parallel calls gets the second output
    start, end = runs[pos]
    rank = following - 1 - bisect_left(same_id, start, key=lambda other: calls[other][0])
    # the next call with the id after this run: a result after it is that call's answer
    beyond = bisect_right(same_id, end, key=lambda other: calls[other][0])
    until = None
    if beyond < len(same_id):
        until = calls[same_id[beyond]][1].path
    first = bisect_right(positions, pos) + rank
    if first >= len(positions):
        return
    result = carrying[first]
    key = edit.read.key
    if until is not None and request_order(result.path, key) > request_order(until, key):
        return
    edit.set_id(result, new)
    done.add(result.path)
