"""Part of round 2 of ``repair``: results the pairing leaves out keep their output (issue 25,
a deliberate deviation from SPEC 8, which removed them: docs/repair.md, 2026-12-02).

A second result for one call is merged into the first (:meth:`RequestEdits.merge_output
<toolresult_lab.wires.RequestEdits.merge_output>`). A result that answers no call becomes
user content saying so (:meth:`~toolresult_lab.wires.RequestEdits.kept_output`): where
results are blocks, blocks at the end of its own user message; where they are messages, a
user message after the run of results it sat in, or (a wire that takes no user message
there: Mistral) text added to the last result of that run. A result that comes before the
call with its id is moved after that call instead (:func:`answered_later`)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from ...wires import ResultPart
from ..findings import Change
from .edit import Edit
from .outputs import part_payloads, writes_payload_in_text
from .paths import INDEX, request_order

__all__ = ["Later", "answered_later", "keep_outputs", "place_kept"]

#: Why a result that answers no call stays where it is, where no user message may follow
#: its run (Mistral) and its output holds media a tool message's text cannot carry.
_NO_PLACE: Final = (
    "left as it is: no user message may follow the tool messages here, and its media would"
    " become placeholder text in the tool result before it (a tool output is never removed)"
)
#: Why a result that answers no call stays where it is (its payload cannot be user content).
_NOT_KEPT: Final = (
    "left as it is: it carries a payload a user message does not take, which would go"
    " into a text (a tool output is never removed, and no text holds a payload)"
)

#: A kept user message waiting for its place: the entry it follows (``None``: the start),
#: the message, the text it is where no user message may go, the change's rule and path,
#: and what became placeholder text.
Later = tuple[Any, Any, str, str, str, tuple[str, ...]]


def orphan_header(result: ResultPart) -> str:
    """The first line of a kept output: whose output it is, and that no call made it."""
    who = f"tool call {result.id}" if result.id else f"a {result.name or 'tool'} call"
    error = ", marked as an error" if result.is_error else ""
    return f"[output of {who} that no call in this request made{error}]"


def duplicate_header(result: ResultPart) -> str:
    """The line between a call's first output and a second one merged into it."""
    error = ", marked as an error" if result.is_error else ""
    return f"[another result for the call {result.id or result.name or ''}{error}]"


def answered_later(edit: Edit) -> dict[int, ResultPart]:
    """By call index, a result that answers no call before it but carries the id of a call
    after it nothing answers (an output placed before its call): it moves there."""
    pairing = edit.pairing
    open_by_id: dict[str, list[int]] = {}
    for index in pairing.unanswered:
        call_id = pairing.calls[index][1].id
        if call_id:
            open_by_id.setdefault(call_id, []).append(index)
    if not open_by_id:
        return {}
    cursors: dict[str, int] = {}
    found: dict[int, ResultPart] = {}
    for dropped in pairing.dropped:
        result = dropped.result
        if dropped.rule != "result-without-call" or not result.id:
            continue
        queue = open_by_id.get(result.id, [])
        cursor = cursors.get(result.id, 0)
        while cursor < len(queue) and pairing.calls[queue[cursor]][0] <= dropped.position:
            cursor += 1
        if cursor < len(queue):
            found[queue[cursor]] = result
            cursor += 1
        cursors[result.id] = cursor
    return found


def keep_outputs(edit: Edit, changes: list[Change], drop: set[str], moved: set[str]) -> list[Later]:
    """Merge duplicates and keep the outputs of results that answer no call (``moved``:
    those :func:`answered_later` moves); the paths to remove go into ``drop``. Where
    results are messages, the kept messages to place once the list is final."""
    pairing = edit.pairing
    edits = edit.edits
    key = edit.read.key
    for dropped in pairing.dropped:
        if dropped.rule != "duplicate-result" or dropped.kept is None:
            continue
        result, first = dropped.result, dropped.kept
        target, into = edit.element(result.path), edit.element(first.path)
        if not isinstance(target, dict) or not isinstance(into, dict):
            continue
        edits.merge_output(into, target, duplicate_header(result))
        drop.add(result.path)
        changes.append(
            Change(
                "duplicate-result",
                result.path,
                f"merged its output into the first result for {first.id or first.name}"
                f" ({first.path})",
            )
        )
    orphans: list[tuple[str, ResultPart]] = [
        (d.rule, d.result)
        for d in pairing.dropped
        if d.rule == "result-without-call" and d.result.path not in moved
    ]
    orphans += [("missing-call-id", result) for result in pairing.orphans]
    orphans.sort(key=lambda found: request_order(found[1].path, key))
    # a path that holds several results (hermes: tags in one message) is kept whole only
    # when every one of them answers no call
    held = Counter(r.path for r in edit.read.results)
    left = Counter(result.path for _, result in orphans)
    later: list[Later] = []
    done: set[str] = set()
    for rule, result in orphans:
        path = result.path
        target = edit.element(path)
        if path in done or held[path] != left[path] or not isinstance(target, dict):
            continue
        done.add(path)
        kept, lost = edits.kept_output(target, orphan_header(result))
        if kept is None:
            continue
        payloads = [p for part in result.parts for p in part_payloads(part)]
        if writes_payload_in_text(kept, payloads):
            # a block user content does not take would go as its JSON, payload and all:
            # the result stays where it is (a payload never lands in a text)
            edit.unfixed.append(Change(rule, path, _NOT_KEPT))
            continue
        text, text_lost = ("", ()) if edits.result_blocks else _as_text(edit, target, "")
        if text_lost and payloads:
            # no user message may follow (Mistral): its media would become placeholder text
            edit.unfixed.append(Change(rule, path, _NO_PLACE))
            continue
        drop.add(path)
        if edits.result_blocks:
            message = edit.element(path.split(".", 1)[0])
            message[edits.content_key].extend(kept)
            changes.append(Change(rule, path, _action("kept its output as user text", lost)))
            continue
        text, text_lost = _as_text(edit, target, orphan_header(result))
        later.append((None, kept, text, rule, path, lost + text_lost))
    if later:
        later = _anchored(edit, later, drop)
    return later


def _as_text(edit: Edit, target: dict[str, Any], header: str) -> tuple[str, tuple[str, ...]]:
    """The output as text, for a wire with no user message after results (else unused)."""
    into = edit.edits.results_text(edit.ctx.profile)
    if into is None:
        return "", ()
    text, lost = into.text(target)
    return "\n".join(x for x in (header, text) if x), lost


def _anchored(edit: Edit, later: list[Later], drop: set[str]) -> list[Later]:
    """Each kept message with the entry it follows: the last entry before its result that
    stays in place (an entry's object keeps its identity through the round's inserts)."""
    key = edit.read.key
    gone = set()
    for path in drop:
        found = INDEX.search(path)
        if found is not None and path[: found.start()] in (key, ""):
            gone.add(int(found.group(1)))
    # for each index, the last index before it that stays (one pass, not a scan per result)
    stays_before = [-1] * (len(edit.entries) + 1)
    for n in range(1, len(stays_before)):
        stays_before[n] = n - 1 if n - 1 not in gone else stays_before[n - 1]
    out: list[Later] = []
    for _, kept, text, rule, path, lost in later:
        found = INDEX.search(path)
        at = min(int(found.group(1)) if found is not None else 0, len(edit.entries))
        before = stays_before[at]
        anchor = edit.entries[before] if before >= 0 else None
        out.append((anchor, kept, text, rule, path, lost))
    return out


def place_kept(edit: Edit, later: list[Later], changes: list[Change]) -> None:
    """Put each kept message after the run of results that follows its anchor, all in one
    pass over the list; where no user message may follow a result, its text goes into the
    last result of that run instead."""
    entries = edit.entries
    edits = edit.edits
    is_result = edits.is_result_entry
    into = edits.results_text(edit.ctx.profile)
    index_of = {id(entry): n for n, entry in enumerate(entries)}
    run_end = [0] * (len(entries) + 1)
    run_end[len(entries)] = len(entries)
    for n in range(len(entries) - 1, -1, -1):
        run_end[n] = run_end[n + 1] if is_result(entries[n]) else n
    at: dict[int, list[Any]] = {}
    for anchor, kept, text, rule, path, lost in later:
        start = index_of.get(id(anchor), -1) + 1 if anchor is not None else 0
        end = run_end[start]
        if into is not None and end > 0 and is_result(entries[end - 1]):
            into.append(entries[end - 1], text)
            what = "kept its output as text in the tool result before it"
            changes.append(Change(rule, path, _action(what, lost)))
            continue
        at.setdefault(end, []).append(kept)
        changes.append(
            Change(rule, path, _action("kept its output as a user message after the results", lost))
        )
    if not at:
        return
    rebuilt: list[Any] = []
    for n, entry in enumerate(entries):
        rebuilt.extend(at.get(n, ()))
        rebuilt.append(entry)
    rebuilt.extend(at.get(len(entries), ()))
    entries[:] = rebuilt


def _action(what: str, lost: tuple[str, ...]) -> str:
    if not lost:
        return what + " (it answers no call)"
    return what + f" (it answers no call); not carried, as placeholder text: {', '.join(lost)}"
