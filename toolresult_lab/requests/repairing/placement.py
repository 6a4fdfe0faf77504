"""Round 2 of ``repair``: where results sit. A misplaced result moves after its call (one
placed before its call too), and a call nothing answered gets an error result
(:data:`MISSING_RESULT`), each put where the wire needs it: into the user message after the
call where results are blocks, else after the run of results that follows it. A second
result for a call, or one that answers no call, keeps its output (:mod:`.keep`)."""

from __future__ import annotations

from typing import Any, Final

from ...wires import CallPart
from ..findings import Change
from .edit import Edit
from .keep import answered_later, keep_outputs, place_kept
from .paths import request_order

__all__ = ["MISSING_RESULT", "fix_placement"]

#: The text of a result ``repair`` adds for a call nothing answered (marked as an error).
MISSING_RESULT: Final = "No result was recorded for this call."


def fix_placement(edit: Edit, changes: list[Change]) -> Any:
    """Round 2 on ``edit``'s copy; the changes are appended to ``changes``."""
    pairing = edit.pairing
    if not (pairing.dropped or pairing.misplaced or pairing.unanswered or pairing.orphans):
        return edit.request
    # what goes where, by read position of the call's message
    drop: set[str] = set()
    early = answered_later(edit)
    later = keep_outputs(edit, changes, drop, {result.path for result in early.values()})
    moved: dict[int, list[tuple[CallPart, Any]]] = {}
    for index in sorted({*pairing.misplaced, *pairing.unanswered}):
        call_pos, call = pairing.calls[index]
        if index in pairing.misplaced or index in early:
            rule = "results-not-next" if index in pairing.misplaced else "result-without-call"
            result = pairing.misplaced[index][1] if index in pairing.misplaced else early[index]
            drop.add(result.path)
            block = edit.element(result.path)  # moved, not copied: it keeps its origin
            changes.append(
                Change(
                    rule,
                    result.path,
                    f"moved the result for {call.id or call.name} after its call",
                )
            )
        else:
            block = edit.edits.missing_result(call.id, call.name, MISSING_RESULT)
            changes.append(
                Change(
                    "call-without-result",
                    call.path,
                    f"added an error result for {call.id or call.name}",
                )
            )
        moved.setdefault(call_pos, []).append((call, block))
    key = edit.read.key
    # calls a user message holds (taken before any removal shifts its blocks)
    in_user = _calls_in_user_messages(edit, moved, changes) if edit.edits.result_blocks else {}
    for path in sorted(drop, key=lambda p: request_order(p, key), reverse=True):
        edit.remove(path)
    if edit.edits.result_blocks:
        # after the run a call's message is in, where the wire combines a run of messages
        # into one turn (inserted inside the run, a result split it: the results of the
        # run's earlier calls were no longer next); from the last run backwards, so
        # earlier positions stay valid; in each, in the order of the calls
        by_run: dict[int, list[Any]] = {}
        for call_pos in sorted(moved):
            if call_pos not in in_user:
                blocks = [b for _, b in moved[call_pos]]
                by_run.setdefault(run_end(edit, call_pos), []).extend(blocks)
        for end in sorted({*by_run, *in_user}, reverse=True):
            if end in in_user:
                _answer_in_turn(edit, end, in_user[end], [b for _, b in moved[end]])
            else:
                insert_blocks(edit, end, by_run[end])
    else:
        insert_after_runs(edit, {pos: [block for _, block in moved[pos]] for pos in moved})
    edit.drop_emptied()
    place_kept(edit, later, changes)
    return edit.request


def _calls_in_user_messages(
    edit: Edit, moved: dict[int, list[tuple[CallPart, Any]]], changes: list[Change]
) -> dict[int, list[Any]]:
    """By read position, the blocks of the calls to answer that sit in a user message
    (a client put the model's call under the wrong role). No result can answer them there:
    one after it joins that user turn (Anthropic combines consecutive user messages) and
    moved first it came before its call, and each repair added one more. The calls move
    whole into an assistant message after theirs (:func:`_answer_in_turn`)."""
    found: dict[int, list[Any]] = {}
    for call_pos, answered in moved.items():
        if edit.read.messages[call_pos].role != "user":
            continue
        for call, _ in answered:
            block = edit.element(call.path)
            if block is not None:
                found.setdefault(call_pos, []).append(block)
                changes.append(
                    Change(
                        "call-without-result",
                        call.path,
                        f"moved the call {call.id or call.name} out of the user message, into"
                        " an assistant message after it",
                    )
                )
    return found


def _answer_in_turn(edit: Edit, pos: int, calls: list[Any], blocks: list[Any]) -> None:
    """Take ``calls`` out of the user message at read position ``pos`` into an assistant
    message after it, and their results (``blocks``) into a user message after that."""
    edits = edit.edits
    at = edit.raw_index(pos)
    message = edit.entries[at]
    content = message.get(edits.content_key)
    if isinstance(content, list):
        message[edits.content_key] = [b for b in content if not any(b is c for c in calls)]
        edit.touched.add(id(message))  # left without blocks, it goes (drop_emptied)
    edit.entries[at + 1 : at + 1] = [edits.call_message(calls), edits.user_message(blocks)]


def run_end(edit: Edit, pos: int) -> int:
    """The read position of the last message of the run the message at ``pos`` is in:
    itself, unless the wire combines consecutive messages of its role into one turn."""
    messages = edit.read.messages
    role = messages[pos].role
    if role not in edit.turn.merged_roles:
        return pos
    while pos + 1 < len(messages) and messages[pos + 1].role == role:
        pos += 1
    return pos


def insert_blocks(edit: Edit, call_pos: int, blocks: list[Any]) -> None:
    """Put ``blocks`` (the results of the calls of the message at ``call_pos``) first in the
    user message after it when that holds results (or, where the wire takes it, any user
    message), else in a new user message after it."""
    edits = edit.edits
    entries = edit.entries
    at = edit.raw_index(call_pos)
    key = edits.content_key
    after = entries[at + 1] if at + 1 < len(entries) else None
    if isinstance(after, dict) and edits.role_of(after) == "user" and edits.holds_results(after):
        content = after.get(key)
        if isinstance(content, str):
            content = [edits.text_block(content)]
        assert isinstance(content, list)
        first_other = next(
            (i for i, b in enumerate(content) if not edits.is_result_block(b)), len(content)
        )
        after[key] = content[:first_other] + blocks + content[first_other:]
    elif edits.joins_user_message and isinstance(after, dict) and after.get("role") == "user":
        content = after.get(key)
        if isinstance(content, str):
            content = [edits.text_block(content)] if content else []
        after[key] = blocks + (content if isinstance(content, list) else [])
    else:
        entries.insert(at + 1, edits.user_message(blocks))


def insert_after_runs(edit: Edit, blocks_by_call: dict[int, list[Any]]) -> None:
    """Where results are messages (or items): each call message's results after the run of
    results (or calls) that follows it, all in one pass over the list (an insert and a scan
    per call made 10,000 unanswered calls quadratic)."""
    entries = edit.entries
    is_result = edit.edits.is_result_entry
    run_end = [0] * (len(entries) + 1)  # index -> the first index at or after it not a result
    run_end[len(entries)] = len(entries)
    for index in range(len(entries) - 1, -1, -1):
        run_end[index] = run_end[index + 1] if is_result(entries[index]) else index
    at: dict[int, list[Any]] = {}
    for call_pos in sorted(blocks_by_call):  # at one place, the earlier call's first
        end = run_end[edit.raw_index(call_pos) + 1]
        at.setdefault(end, []).extend(blocks_by_call[call_pos])
    rebuilt: list[Any] = []
    for index, entry in enumerate(entries):
        rebuilt.extend(at.get(index, ()))
        rebuilt.append(entry)
    rebuilt.extend(at.get(len(entries), ()))
    entries[:] = rebuilt
