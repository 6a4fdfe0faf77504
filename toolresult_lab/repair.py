"""Repair a request before it is sent (SPEC 8 "Repair"): make the changes that can be made
safely, and say what was changed.

``repair(wire, request)`` lints the request (``lint.checked``: the findings and the pairing of
calls and results) and fixes what SPEC 8 lists, in three rounds that each start from a fresh
read: ids first (so pairing sees the ids the provider will), then where results sit, then what
blocks hold. It never mutates its input: it works on a JSON copy (an SDK object is dumped
first) and returns the same form (a body or a bare list). Every change names its place in the
request as given, whichever round made it, and the changes come in request order. Limits,
``bad-base64``, ``shape``, ``user-after-tool`` and a prefill without trailing whitespace are
reported by ``lint`` only.
"""

from __future__ import annotations

import copy
import hashlib
import re
import sys
from bisect import bisect_left, bisect_right
from typing import Any, Final

from .b64 import decoded_size
from .findings import Change, Repaired
from .imagesize import image_size
from .lint import Context, _order, checked, context
from .pairing import Checked
from .request_fit import fit_request
from .rules import GEMINI_IMAGE_MIMES
from .text import placeholder
from .wires import (
    CallPart,
    DocumentPart,
    ImagePart,
    OpaquePart,
    Part,
    ReadRequest,
    ResultPart,
    document_name_of,
    function_response,
    hoist_text,
    in_response_parts,
    is_document,
    is_result_block,
    is_result_entry,
    media_placeholder,
    missing_result,
    opaque_text,
    read_request,
    rename_document,
    set_declared_mime,
    set_id,
    set_signature,
    strip_removed,
    text_block,
    turn_shape,
    wire_facts,
)

__all__ = ["MISSING_RESULT", "repair"]

#: The text of a result ``repair`` adds for a call nothing answered (marked as an error).
MISSING_RESULT: Final = "No result was recorded for this call."
#: Google's value for a history no Gemini 3 model produced (Gemini API "Thought signatures").
SKIP_SIGNATURE: Final = "skip_thought_signature_validator"
_INDEX: Final = re.compile(r"\[(\d+)\]$")
_ALPHANUMERIC: Final = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
#: The wires whose results are blocks inside a user message (not messages of their own).
_BLOCK_WIRES: Final = frozenset({"anthropic", "gemini", "bedrock"})


def repair(
    wire: object,
    request: Any,
    *,
    profile: str | None = None,
    vision: bool | None = None,
    max_tokens: int | None = None,
) -> Repaired:
    """``request`` with every repairable finding of SPEC 8 fixed, and the changes made;
    with ``max_tokens``, its tool results' texts cut, the largest first, until its
    estimate fits (``request_fit``; without it nothing is cut).

    :raises TypeError: the request is neither a dict nor a list; a bad ``profile`` or
        ``vision`` type.
    :raises ValueError: unknown wire; unknown profile, or one of another wire; a request
        nested deeper than Python can copy (never a ``RecursionError``); ``max_tokens``
        below the fewest tokens the request takes with its results cut (named).
    """
    ctx = context(wire, profile, vision)
    given = read_request(ctx.wire, request).raw
    copied: dict[int, Any] = {}  # id of a given object -> its copy (deepcopy's memo)
    try:
        fixed = copy.deepcopy(given, copied)
    except RecursionError:
        raise ValueError(
            "the request is nested too deeply to repair (its copy passes Python's recursion"
            f" limit of {sys.getrecursionlimit()} levels); lint reads it"
        ) from None
    changes: list[Change] = []
    origins: _Origins | None = None
    for step in (_ids, _placement, _contents):
        read = read_request(ctx.wire, fixed)
        # the paths of this round's read, in the request as given (a round that reads an
        # unchanged copy reads the given paths)
        given_paths = None
        if changes:
            origins = origins or _Origins(given, copied, read.key)
            given_paths = origins.paths(fixed)
        first = len(changes)
        fixed = step(_Edit(read, checked(read, ctx), ctx, fixed), changes)
        if given_paths is not None:
            changes[first:] = [
                Change(c.rule, _given_path(given_paths, c.path), c.action) for c in changes[first:]
            ]
    changes += fit_request(ctx.wire, fixed, max_tokens, given, copied)
    # in request order (SPEC 8); the changes at one place in the order the rounds made them
    key = read.key
    changes.sort(key=lambda change: _order(change.path, key))
    return Repaired(fixed, tuple(changes), given, ctx.wire)


class _Origins:
    """Where each object (dict, list) of the working copy sat in the request as given, so a
    change a later round makes is reported at a path of the given request (SPEC 8: a
    change's path points into the request the user gave). The rounds edit the copy in
    place and move objects rather than copying them, so an object keeps its origin; one a
    round adds has none, and is reported at the place it was inserted, relative to the
    given request (the index of the given element it went before)."""

    def __init__(self, given: Any, copied: dict[int, Any], key: str) -> None:
        self.key = key
        # id of a copy -> (the copy, kept alive so its id is not reused; its path as given)
        self.origin: dict[int, tuple[Any, str]] = {}
        self.lengths: dict[int, int] = {}  # a given list's length, by the id of its copy
        stack = [(given, key if isinstance(given, list) else "")]
        while stack:
            item, where = stack.pop()
            if not isinstance(item, (dict, list)) or id(item) not in copied:
                continue
            mine = copied[id(item)]
            self.origin[id(mine)] = (mine, where)
            if isinstance(item, dict):
                stack.extend((value, _at_key(where, str(k))) for k, value in item.items())
            else:
                self.lengths[id(mine)] = len(item)
                stack.extend((value, _at_index(where, n)) for n, value in enumerate(item))

    def _given(self, node: Any) -> str | None:
        found = self.origin.get(id(node))
        return found[1] if found is not None and found[0] is node else None

    def paths(self, root: Any) -> dict[str, str]:
        """Each object's path in ``root`` (the working copy now) -> its path as given."""
        out: dict[str, str] = {}
        start = self.key if isinstance(root, list) else ""
        stack = [(root, start, start)]
        while stack:
            item, here, there = stack.pop()
            out[here] = there
            if isinstance(item, dict):
                for k, value in item.items():
                    if isinstance(value, (dict, list)):
                        given = self._given(value)
                        mapped = given if given is not None else _at_key(there, str(k))
                        stack.append((value, _at_key(here, str(k)), mapped))
            elif isinstance(item, list):
                # from the end: an added element went before the next given one (or at the
                # end of the given list); in a list the rounds made, indices are its own
                known = self._given(item) is not None
                before = self.lengths.get(id(item), len(item))
                for n in range(len(item) - 1, -1, -1):
                    value = item[n]
                    if not isinstance(value, (dict, list)):
                        continue
                    given = self._given(value)
                    found = _INDEX.search(given) if given is not None else None
                    if found is not None and given is not None and given[: found.start()] == there:
                        before = int(found.group(1))  # a given element of this very list
                    elif given is None:
                        given = _at_index(there, before if known else n)
                    stack.append((value, _at_index(here, n), given))
        return out


def _at_key(prefix: str, key: str) -> str:
    return key if not prefix else f"{prefix}.{key}"


def _at_index(prefix: str, index: int) -> str:
    return f"{prefix}[{index}]"


def _given_path(given_paths: dict[str, str], path: str) -> str:
    """``path`` (in the working copy as a round read it) in the request as given: its
    longest prefix that names an object, mapped, and the rest as it is."""
    cut = len(path)
    while True:
        found = given_paths.get(path[:cut])
        if found is not None:
            return found + path[cut:]
        cut = max(path.rfind(".", 0, cut), path.rfind("[", 0, cut))
        if cut <= 0:
            return given_paths.get("", "") + path if "" in given_paths else path


class _Edit:
    """One round of changes to a copy of the request."""

    def __init__(self, read: ReadRequest, check: Checked, ctx: Context, request: Any) -> None:
        self.read = read
        self.pairing = check.pairing
        self.ctx = ctx
        self.wire = ctx.wire
        self.request = request
        if isinstance(request, list):
            self.entries: list[Any] = request
        elif isinstance(request, dict) and isinstance(request.get(read.key), list):
            self.entries = request[read.key]
        else:
            self.entries = []
        self.findings = check.found
        #: the messages a removal took a block from (only these may be dropped as emptied)
        self.touched: set[int] = set()
        #: each message's read position by its path (made when :func:`_message_pos` first asks)
        self.message_positions: dict[str, int] | None = None

    def raw_index(self, pos: int) -> int:
        """The index in the request's list of the message at read position ``pos``."""
        found = _INDEX.search(self.read.messages[pos].path)
        return int(found.group(1)) if found else -1

    def rules(self, rule: str, *, errors_only: bool = False) -> list[str]:
        return [
            f.path
            for f in self.findings
            if f.rule == rule and (not errors_only or f.severity == "error")
        ]


# -- round 1: ids --------------------------------------------------------------------------


def new_call_id(wire: str, profile: str | None, old: str, taken: set[str], salt: str = "") -> str:
    """A valid id for ``old`` on ``wire`` (with ``profile``), deterministic and unused
    (``taken`` is updated): how repair maps ids, and translate too (SPEC 9)."""
    attempt = 0
    while True:
        digest = hashlib.sha256(f"{old}\x00{salt}\x00{attempt}".encode()).digest()
        if profile == "mistral":
            new = "".join(_ALPHANUMERIC[b % len(_ALPHANUMERIC)] for b in digest[:9])
        elif wire == "anthropic":
            cleaned = re.sub(r"[^a-zA-Z0-9_-]", "_", old)[:40] if not salt else ""
            new = cleaned if cleaned and attempt == 0 else "toolu_" + digest.hex()[:24]
        else:
            new = "call_" + digest.hex()[:24]
        if new not in taken:
            taken.add(new)
            return new
        attempt += 1


def _set_id(edit: _Edit, part: CallPart | ResultPart, new: str) -> None:
    """Write ``new`` as the id of a call or result, in the wire's field."""
    target = _element(edit, part.path)
    if isinstance(target, dict):
        set_id(edit.wire, target, isinstance(part, CallPart), new)


def _element(edit: _Edit, path: str) -> Any:
    """The element at ``path`` (``messages[3].content[1]``, ``contents[2].parts[0]``) of the
    request copy; ``None`` when the path does not lead to one."""
    node: Any = edit.request
    for index, key in re.findall(r"\[(\d+)\]|([^.\[\]]+)", path):
        if key:
            if isinstance(node, list) and key == edit.read.key:
                continue  # a bare list: its paths start with the body's key
            node = node.get(key) if isinstance(node, dict) else None
        else:
            node = node[int(index)] if isinstance(node, list) and int(index) < len(node) else None
        if node is None:
            return None
    return node


def _ids(edit: _Edit, changes: list[Change]) -> Any:
    pairing = edit.pairing
    calls = pairing.calls
    taken = {call.id for _, call in calls if call.id} | {r.id for r in edit.read.results if r.id}
    results = [(pos, r) for pos, m in enumerate(edit.read.messages) for r in m.results]
    bad_format = set(edit.rules("call-id-format", errors_only=True))
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
    # a result without id that answers a call with one by position takes the call's id
    answers_by_place = {
        result.path: call
        for index, result in pairing.claimed.items()
        if not result.id and (call := calls[index][1]).id
    }
    for index, (pos, call) in enumerate(calls):
        if call.path in duplicates and call.id:
            done.add(call.path)
            new = new_call_id(edit.wire, edit.ctx.profile, call.id, taken, call.path)
            _set_id(edit, call, new)
            changes.append(
                Change("duplicate-call-id", call.path, f"call id {call.id!r} -> {new!r}")
            )
            partner = pairing.claimed.get(index)
            if partner is not None and partner.path in answers_by_place:
                del answers_by_place[partner.path]
                _set_id(edit, partner, new)
                changes.append(
                    Change("missing-call-id", partner.path, f"gave the result the id {new!r}")
                )
            else:
                _answer_renamed(edit, call.id, index, pos, new, calls_by_id, results_by_id, done)
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
                _set_id(edit, call, new)
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
            new = new_call_id(edit.wire, edit.ctx.profile, seed, taken)
            _set_id(edit, call, new)
            action = f"gave the call the id {new!r}"
            if partner is not None:
                _set_id(edit, partner, new)
                done.add(partner.path)
                action = f"gave the call and {partner.path} the id {new!r}"
            changes.append(Change("missing-call-id", call.path, action))
    if edit.wire == "responses":
        for _, call in calls:
            item_id = call.extra.get("id")
            target = _element(edit, call.path)
            if isinstance(item_id, str) and len(item_id) > 64 and isinstance(target, dict):
                new = "fc_" + hashlib.sha256(item_id.encode()).hexdigest()[:32]
                target["id"] = new
                changes.append(
                    Change("call-id-format", call.path, f"item id {item_id!r} -> {new!r}")
                )
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
                new = new_call_id(edit.wire, edit.ctx.profile, part.id, taken)
                renamed[part.id] = new
            _set_id(edit, part, new)
            changes.append(Change("call-id-format", part.path, f"id {part.id!r} -> {new!r}"))
        elif part.id in renamed:
            _set_id(edit, part, renamed[part.id])
            changes.append(
                Change("call-id-format", part.path, f"id {part.id!r} -> {renamed[part.id]!r}")
            )
        elif part.path in answers_by_place:
            call = answers_by_place[part.path]
            given = call.id or ""  # the map holds only calls with an id
            new = renamed.get(given, given)
            _set_id(edit, part, new)
            changes.append(
                Change(
                    "missing-call-id", part.path, f"gave the result the id {new!r} of {call.path}"
                )
            )
    for orphan in reversed(pairing.orphans):
        _remove(edit, orphan.path)
        changes.append(
            Change(
                "missing-call-id", orphan.path, "removed a result without id that answers no call"
            )
        )
    _drop_emptied(edit)
    return edit.request


def _answer_renamed(
    edit: _Edit,
    old: str,
    index: int,
    pos: int,
    new: str,
    calls_by_id: dict[str, list[int]],
    results_by_id: dict[str, tuple[list[int], list[ResultPart]]],
    done: set[str],
) -> None:
    """Give ``new``, the id of the duplicate call ``index`` (at message ``pos``) renamed
    from ``old``, to the first result after the call that carries ``old``, unless that
    result comes after the next call with ``old``."""
    same_id = calls_by_id.get(old, [])
    following = bisect_right(same_id, index)
    # the calls of this id earlier in the same message take the answers before this one's
    calls = edit.pairing.calls
    rank = following - 1 - bisect_left(same_id, pos, key=lambda other: calls[other][0])
    until = None
    if following < len(same_id):
        until = edit.pairing.calls[same_id[following]][1].path
    positions, carrying = results_by_id.get(old, ([], []))
    first = bisect_right(positions, pos) + rank
    if first >= len(positions):
        return
    result = carrying[first]
    if until is not None and _after(edit, result.path, until):
        return
    _set_id(edit, result, new)
    done.add(result.path)


def _after(edit: _Edit, path: str, other: str) -> bool:
    return _order(path, edit.read.key) > _order(other, edit.read.key)


# -- round 2: where results sit -----------------------------------------------------------


def _placement(edit: _Edit, changes: list[Change]) -> Any:
    pairing = edit.pairing
    wire = edit.wire
    if not (pairing.dropped or pairing.misplaced or pairing.unanswered):
        return edit.request
    # what goes where, by read position of the call's message
    drop: set[str] = set()
    for dropped in pairing.dropped:
        result = dropped.result
        drop.add(result.path)
        changes.append(
            Change(
                dropped.rule,
                result.path,
                f"removed the result for {result.id or result.name or 'a call'}",
            )
        )
    moved: dict[int, list[tuple[CallPart, Any]]] = {}
    for index in sorted({*pairing.misplaced, *pairing.unanswered}):
        call_pos, call = pairing.calls[index]
        if index in pairing.misplaced:
            _, result = pairing.misplaced[index]
            drop.add(result.path)
            block = _element(edit, result.path)  # moved, not copied: it keeps its origin
            changes.append(
                Change(
                    "results-not-next",
                    result.path,
                    f"moved the result for {call.id or call.name} after its call",
                )
            )
        else:
            block = _missing_result(wire, call)
            changes.append(
                Change(
                    "call-without-result",
                    call.path,
                    f"added an error result for {call.id or call.name}",
                )
            )
        moved.setdefault(call_pos, []).append((call, block))
    for path in sorted(drop, key=lambda p: _sort_key(edit, p), reverse=True):
        _remove(edit, path)
    if wire in _BLOCK_WIRES:
        # insert from the last message backwards, so earlier positions stay valid
        for call_pos in sorted(moved, reverse=True):
            _insert(edit, call_pos, [block for _, block in moved[call_pos]])
    else:
        _insert_after_runs(edit, {pos: [block for _, block in moved[pos]] for pos in moved})
    _drop_emptied(edit)
    return edit.request


def _sort_key(edit: _Edit, path: str) -> tuple[Any, ...]:
    return _order(path, edit.read.key)


def _missing_result(wire: str, call: CallPart) -> Any:
    """The error result ``repair`` adds for ``call`` (a message, block or part)."""
    return missing_result(wire, call.id, call.name, MISSING_RESULT)


_EMPTIED: Final = object()
#: A block removed in this round (dropped from its list by :func:`_strip_none`).
_REMOVED: Final = object()


def _remove(edit: _Edit, path: str) -> None:
    """Remove the result at ``path``: its block, or (a tool message, an item) its message;
    a message left without blocks is marked and removed by :func:`_drop_emptied`."""
    found = _INDEX.search(path)
    if found is None:
        return
    parent_path = path[: found.start()]
    parent = _element(edit, parent_path) if parent_path != edit.read.key else edit.entries
    if isinstance(parent, list) and int(found.group(1)) < len(parent):
        if parent is edit.entries:
            parent[int(found.group(1))] = _EMPTIED
        else:
            del parent[int(found.group(1))]
            edit.touched.add(id(_element(edit, path.split(".", 1)[0])))


def _drop_emptied(edit: _Edit) -> None:
    """Remove messages a removal marked, or left without blocks (anthropic, gemini,
    bedrock)."""
    keep = [entry for entry in edit.entries if entry is not _EMPTIED]
    if edit.wire in _BLOCK_WIRES:
        key = "parts" if edit.wire == "gemini" else "content"
        last = len(keep) - 1
        keep = [
            entry
            for index, entry in enumerate(keep)
            if not (
                isinstance(entry, dict)
                and id(entry) in edit.touched
                and entry.get(key) == []
                and not (
                    edit.wire == "anthropic" and index == last and entry.get("role") == "assistant"
                )
            )
        ]
    edit.entries[:] = keep


def _insert(edit: _Edit, call_pos: int, blocks: list[Any]) -> None:
    """Put ``blocks`` (the results of the calls of the message at ``call_pos``) where the
    wire needs them."""
    wire = edit.wire
    entries = edit.entries
    at = edit.raw_index(call_pos)
    if wire in _BLOCK_WIRES:
        key = "parts" if wire == "gemini" else "content"
        after = entries[at + 1] if at + 1 < len(entries) else None
        # a gemini content without role is the user's; elsewhere a message needs its role
        if (
            isinstance(after, dict)
            and after.get("role", "user" if wire == "gemini" else None) == "user"
            and _holds_results(wire, after)
        ):
            content = after.get(key)
            if isinstance(content, str):
                content = [{"type": "text", "text": content}]
            assert isinstance(content, list)
            first_other = next(
                (i for i, b in enumerate(content) if not is_result_block(wire, b)), len(content)
            )
            after[key] = content[:first_other] + blocks + content[first_other:]
        elif wire != "gemini" and isinstance(after, dict) and after.get("role") == "user":
            content = after.get("content")
            if isinstance(content, str):
                content = [{"type": "text", "text": content}] if content else []
            after["content"] = blocks + (content if isinstance(content, list) else [])
        else:
            entries.insert(at + 1, {"role": "user", key: blocks})
        return
    _insert_after_runs(edit, {call_pos: blocks})


def _insert_after_runs(edit: _Edit, blocks_by_call: dict[int, list[Any]]) -> None:
    """openai, ollama, hermes, responses: each message's (or call item's) results after the
    run of results (or calls) that follows it, all in one pass over the list (an insert
    and a scan per call made 10,000 unanswered calls quadratic)."""
    entries = edit.entries
    run_end = [0] * (len(entries) + 1)  # index -> the first index at or after it not a result
    run_end[len(entries)] = len(entries)
    for index in range(len(entries) - 1, -1, -1):
        result = is_result_entry(edit.wire, entries[index])
        run_end[index] = run_end[index + 1] if result else index
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


def _holds_results(wire: str, message: dict[str, Any]) -> bool:
    content = message.get("parts" if wire == "gemini" else "content")
    return isinstance(content, list) and any(is_result_block(wire, b) for b in content)


# -- round 3: what blocks hold -------------------------------------------------------------


def _placeholder_of(part: Part) -> str:
    if isinstance(part, ImagePart):
        size = decoded_size(part.data) if part.data is not None else None
        return placeholder("image", part.mime, part.url, size)
    if isinstance(part, DocumentPart):
        size = decoded_size(part.data) if part.data is not None else None
        return placeholder("file", part.mime, part.url, size)
    if isinstance(part, OpaquePart):
        return opaque_text(part) or placeholder(part.kind, None, None, None)
    return placeholder("content", None, None, None)


def _contents(edit: _Edit, changes: list[Change]) -> Any:
    wire = edit.wire
    by_path: dict[str, Part] = {}
    for message in edit.read.messages:
        for part in message.parts:
            by_path[part.path] = part
            if isinstance(part, ResultPart):
                for inner in part.parts:
                    by_path[inner.path] = inner
    _fix_document_names(edit, by_path, changes)  # before any block moves
    hoist: dict[int, list[tuple[str, str, str]]] = {}
    text_rules = ("tool-result-content", "error-result-not-text", "images-unsupported")
    done: set[str] = set()
    for finding in edit.findings:
        if finding.rule not in text_rules or finding.path in done:
            continue
        done.add(finding.path)
        found_part = by_path.get(finding.path)
        target = _element(edit, finding.path)
        if target is None or found_part is None:
            continue
        part = found_part
        if (
            finding.rule == "tool-result-content"
            and wire == "openai"
            and isinstance(part, ImagePart)
            and part.data is not None
            and edit.ctx.vision
            and edit.ctx.profile != "mistral"
        ):
            pos = _message_pos(edit, finding.path)
            label = _label(edit, pos)
            hoist.setdefault(pos, []).append(
                (f"{label} {finding.path.split('.', 1)[1]}", part.mime or "image/png", part.data)
            )
        if wire == "ollama" and finding.path.rsplit(".", 1)[-1].startswith("images["):
            _replace(edit, finding.path, _REMOVED)
            message = _element(edit, finding.path.rsplit(".", 1)[0])
            if isinstance(message, dict):
                text = message.get("content") or ""
                message["content"] = (text + "\n" if text else "") + _placeholder_of(part)
            changes.append(Change(finding.rule, finding.path, "replaced by its placeholder text"))
            continue
        if wire == "gemini" and in_response_parts(finding.path):
            _gemini_response_text(edit, finding.path, _placeholder_of(part))
        else:
            _replace(edit, finding.path, text_block(wire, _placeholder_of(part)))
        held = isinstance(part, OpaquePart) and opaque_text(part) is not None
        what = "replaced by the text it holds" if held else "replaced by its placeholder text"
        changes.append(Change(finding.rule, finding.path, what))
    _strip_none(edit)
    for finding in edit.findings:
        if finding.rule == "empty-text" and finding.severity == "error":
            _replace(edit, finding.path, _REMOVED)
            edit.touched.add(id(_element(edit, finding.path.split(".", 1)[0])))
            changes.append(Change("empty-text", finding.path, "removed the empty text block"))
        elif finding.rule == "media-type":
            _fix_media_type(edit, finding.path, by_path.get(finding.path), changes)
    _strip_none(edit)
    _fix_order(edit, changes)
    _fix_signatures(edit, changes)
    _fix_response_parts(edit, by_path, changes)
    _fix_final(edit, changes)
    for path in reversed(edit.rules("empty-message")):
        _remove(edit, path)
        changes.append(Change("empty-message", path, "removed the empty message"))
    for pos in sorted(hoist, reverse=True):
        images = hoist[pos]
        message = turn_shape("openai").hoisted(
            hoist_text([label for label, _, _ in images]), [(m, d) for _, m, d in images]
        )
        end = edit.raw_index(pos) + 1
        while end < len(edit.entries) and is_result_entry(wire, edit.entries[end]):
            end += 1
        edit.entries.insert(end, message)
        changes.append(
            Change(
                "tool-result-content",
                edit.read.messages[pos].path,
                "hoisted its images into a user message after the tool messages",
            )
        )
    _drop_emptied(edit)
    return edit.request


def _gemini_response_text(edit: _Edit, path: str, text: str) -> None:
    """Remove a part of a ``functionResponse`` and add its placeholder to the response's
    ``result`` text (a part there cannot be text)."""
    _replace(edit, path, _REMOVED)
    body = _element(edit, path.rsplit(".parts[", 1)[0])
    if not isinstance(body, dict):
        return
    response = body.get("response")
    if not isinstance(response, dict):
        response = body["response"] = {}
    old = response.get("result")
    response["result"] = f"{old}\n{text}" if isinstance(old, str) and old else text
    if all(entry is _REMOVED for entry in body.get("parts") or []):
        body.pop("parts", None)


def _message_pos(edit: _Edit, path: str) -> int:
    """The read position of the message that holds ``path`` (-1: none): looked up by the
    path's first step (``messages[3]`` of ``messages[3].content[1]``), once per finding."""
    by_path = edit.message_positions
    if by_path is None:
        by_path = edit.message_positions = {}
        for pos, message in enumerate(edit.read.messages):
            by_path.setdefault(message.path, pos)
    return by_path.get(path.split(".", 1)[0], -1)  # message paths hold no dot


def _label(edit: _Edit, pos: int) -> str:
    results = edit.read.messages[pos].results
    return (results[0].id or "result") if results else "result"


def _replace(edit: _Edit, path: str, value: Any) -> None:
    found = _INDEX.search(path)
    if found is None:
        parent = _element(edit, path.rsplit(".", 1)[0]) if "." in path else None
        if isinstance(parent, dict) and value is not None and value is not _REMOVED:
            parent[path.rsplit(".", 1)[1]] = value["text"] if isinstance(value, dict) else value
        return
    parent = _element(edit, path[: found.start()])
    if isinstance(parent, list) and int(found.group(1)) < len(parent):
        parent[int(found.group(1))] = value


def _strip_none(edit: _Edit) -> None:
    """Drop the blocks set to ``_REMOVED`` from every content list."""
    strip_removed(edit.entries, _REMOVED)


def _fix_media_type(edit: _Edit, path: str, part: Part | None, changes: list[Change]) -> None:
    if not isinstance(part, ImagePart) or not part.data:
        return
    size = image_size(part.data)
    if size is None:
        return
    allowed = (
        GEMINI_IMAGE_MIMES
        if edit.wire == "gemini"
        else wire_facts("bedrock" if edit.wire == "bedrock" else "anthropic").image_mimes
    )
    if size.mime not in allowed:
        return
    target = _element(edit, path)
    if not isinstance(target, dict):
        return
    if not set_declared_mime(edit.wire, target, size.mime, part.data):
        return
    changes.append(Change("media-type", path, f"declared type {part.mime!r} -> {size.mime!r}"))


def _fix_order(edit: _Edit, changes: list[Change]) -> None:
    """The result blocks first: of the message, or (where the wire combines consecutive
    messages of a role) of the run, moved into its first message in their order."""
    merged = turn_shape(edit.wire).merged_roles
    entries = edit.entries
    for path in edit.rules("results-after-other-content"):
        pos = edit.raw_index(_message_pos(edit, path))
        if not 0 <= pos < len(entries):
            continue
        first = last = pos
        role = entries[pos].get("role") if isinstance(entries[pos], dict) else None
        if role in merged:
            while first and _role_of(entries[first - 1]) == role:
                first -= 1
            while last + 1 < len(entries) and _role_of(entries[last + 1]) == role:
                last += 1
        run = [m for m in entries[first : last + 1] if isinstance(m, dict)]
        held = [m for m in run if isinstance(m.get("content"), list)]
        if not held:
            continue
        results = [b for m in held for b in m["content"] if is_result_block(edit.wire, b)]
        for message in held:
            message["content"] = [
                b for b in message["content"] if not is_result_block(edit.wire, b)
            ]
            edit.touched.add(id(message))
        text = run[0].get("content")
        if isinstance(text, str):  # a string content is one text block, after the results
            run[0]["content"] = [text_block(edit.wire, text)] if text else []
        run[0]["content"][:0] = results
        changes.append(
            Change("results-after-other-content", path, "moved the tool result blocks first")
        )


def _role_of(entry: Any) -> Any:
    return entry.get("role") if isinstance(entry, dict) else None


def _fix_document_names(edit: _Edit, by_path: dict[str, Part], changes: list[Change]) -> None:
    """Bedrock's document names: each one Bedrock rejects cleaned as the converter names
    documents, then each later one of a name another document has renamed."""
    names = {path: document_name_of(part) for path, part in by_path.items() if is_document(part)}
    taken = {name.lower() for name in names.values() if name is not None}
    renamed: set[str] = set()
    tried: dict[str, int] = {}  # per name, the next number to try (one scan per name)
    for rule in ("document-name", "duplicate-document-name"):
        # an underscore (a warning: accepted in practice) is left as written
        for path in edit.rules(rule, errors_only=rule == "document-name"):
            old = names.get(path)
            target = _element(edit, path)
            if old is None or path in renamed or not isinstance(target, dict):
                continue
            new = rename_document(target, taken, rule == "document-name", tried)
            if new is not None:
                renamed.add(path)
                changes.append(Change(rule, path, f"document name {old!r} -> {new!r}"))


def _fix_signatures(edit: _Edit, changes: list[Change]) -> None:
    # only where it is an error (Gemini 3): without a profile the request may be for a
    # model that needs no signature, and an accepted request is left as it is
    for path in edit.rules("missing-thought-signature", errors_only=True):
        target = _element(edit, path)
        if isinstance(target, dict):
            key = set_signature(target, SKIP_SIGNATURE)
            changes.append(
                Change("missing-thought-signature", path, f"set {key} to {SKIP_SIGNATURE!r}")
            )


def _fix_final(edit: _Edit, changes: list[Change]) -> None:
    for finding in edit.findings:
        if finding.rule != "final-assistant" or finding.severity != "error":
            continue
        message = _element(edit, finding.path)
        if not isinstance(message, dict):
            continue
        content = message.get("content")
        if isinstance(content, str):
            message["content"] = content.rstrip()
        elif isinstance(content, list):
            for block in reversed(content):
                if isinstance(block, dict) and block.get("type") == "text":
                    block["text"] = str(block.get("text", "")).rstrip()
                    break
        changes.append(Change("final-assistant", finding.path, "removed the trailing whitespace"))


def _fix_response_parts(edit: _Edit, by_path: dict[str, Part], changes: list[Change]) -> None:
    """Gemini 2.5: a ``functionResponse``'s parts move to a user content after the responses
    (section 7's hoisting), or become placeholder text in the response without vision."""
    hoisted: dict[int, list[Any]] = {}
    for path in edit.rules("function-response-parts"):
        part = by_path.get(path)
        target = _element(edit, path)
        if not isinstance(part, ResultPart) or not isinstance(target, dict):
            continue
        body = function_response(target)
        if body is None:
            continue
        media = body.pop("parts", [])
        label = part.id or part.name or "result"
        if edit.ctx.vision:
            pos = _message_pos(edit, path)
            hoisted.setdefault(pos, []).extend(media if isinstance(media, list) else [])
            action = "moved its parts to a user content after the responses"
        else:
            texts = [media_placeholder(entry) for entry in media if isinstance(entry, dict)]
            if not texts:
                continue
            response = body.get("response")
            if not isinstance(response, dict):
                response = body["response"] = {}
            shown = "\n".join(texts)
            old = response.get("result")
            response["result"] = f"{old}\n{shown}" if isinstance(old, str) and old else shown
            action = "its parts became placeholder text in the response"
        changes.append(Change("function-response-parts", path, action + f" ({label})"))
    for pos in sorted(hoisted, reverse=True):
        at = edit.raw_index(pos)
        text = {"text": "Media from the function responses above."}
        edit.entries.insert(at + 1, {"role": "user", "parts": [text, *hoisted[pos]]})
