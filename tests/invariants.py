"""The invariants of issue 36 (items 1-3), each a check of one ``Case`` (``mutations``).

Each ``check_*`` raises ``AssertionError`` naming what broke, and returns quietly when the
invariant holds or does not apply (a request the call refused with a clear error has no
output to check: ``check_*_raises_clearly`` judges the refusal). The property tests
(``test_invariants_*.py``) and ``scripts/long_properties.py`` run the same checks, so the
CI run and the long run judge alike; ``PROPERTIES`` lists them by API.

Every walk here is iterative: a mutated request may be 5,000 levels deep or hold itself.
"""

from __future__ import annotations

import base64
import binascii
import cProfile
import json
import math
import re
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from mutations import ID_KEYS, PAYLOAD_KEYS, Case, conversation, nodes
from pydantic import BaseModel
from request_strict import check_request_body
from silent_loss import definitions_lost, silently_lost

from toolresult_lab import WIRES, lint, repair, translate
from toolresult_lab.requests.rules import RULES


class Cyclic(Exception):
    """The value holds itself: it has no plain JSON form."""


# --------------------------------------------------------------------------------------------
# Plain values, fingerprints, strict JSON
# --------------------------------------------------------------------------------------------


def _dump(model: BaseModel) -> Any:
    """An SDK object as the JSON its client sends."""
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


def plain(value: Any) -> Any:
    """A JSON-like copy of ``value`` (SDK objects as their dumps); ``Cyclic`` if it holds
    itself."""
    root: dict[str, Any] = {}
    stack: list[tuple[bool, Any, Any, Any]] = [(True, value, root, "v")]
    open_ids: set[int] = set()
    while stack:
        enter, node, parent, key = stack.pop()
        if not enter:
            open_ids.discard(id(node))
            continue
        if isinstance(node, BaseModel):
            node = _dump(node)
        if isinstance(node, (dict, list, tuple)):
            if id(node) in open_ids:
                raise Cyclic
            open_ids.add(id(node))
            stack.append((False, node, None, None))
            if isinstance(node, dict):
                made: Any = {}
                items = list(node.items())
            else:
                made = [None] * len(node)
                items = list(enumerate(node))
            parent[key] = made
            for k, item in reversed(items):
                stack.append((True, item, made, k))
        else:
            parent[key] = node
    return root["v"]


def fingerprint(value: Any) -> list[Any]:
    """A flat, comparable record of ``value`` and everything under it (objects by identity
    on a cycle, floats by ``repr`` so NaN equals itself, SDK objects by their dumps)."""
    out: list[Any] = []
    stack: list[tuple[bool, Any]] = [(True, value)]
    open_ids: set[int] = set()
    while stack:
        enter, node = stack.pop()
        if not enter:
            open_ids.discard(id(node))
            out.append(")")
            continue
        if isinstance(node, BaseModel):
            out.append(("model", type(node).__name__))
            node = node.model_dump()
        if isinstance(node, (dict, list, tuple)):
            if id(node) in open_ids:
                out.append(("cycle",))
                continue
            open_ids.add(id(node))
            out.append((type(node).__name__, len(node)))
            stack.append((False, node))
            items = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
            for key, item in reversed(items):
                stack.append((True, item))
                stack.append((True, key) if isinstance(node, dict) else (True, None))
        elif isinstance(node, float):
            out.append(("float", repr(node)))
        else:
            out.append((type(node).__name__, node))
    return out


#: The deepest output Python's ``json.dumps`` writes (deeper: ``RecursionError``, at the
#: default recursion limit of 1,000): a body the caller cannot send.
MAX_OUTPUT_DEPTH = 990
#: Python's ``json`` writes and reads integers of at most this many digits.
MAX_INT_DIGITS = 4300


def strict_json_faults(value: Any) -> list[str]:
    """Where ``value`` is not strict JSON in UTF-8 (SPEC 6): a type JSON has not (a tuple,
    an object, a ``str`` subclass), a non-string key, NaN or Infinity, a lone surrogate,
    an integer or a nesting ``json.dumps`` cannot write, a cycle."""
    faults: list[str] = []
    stack: list[tuple[bool, Any, str, int]] = [(True, value, "$", 0)]
    open_ids: set[int] = set()
    while stack and len(faults) < 5:
        enter, node, path, depth = stack.pop()
        if not enter:
            open_ids.discard(id(node))
            continue
        kind = type(node)
        if kind in (dict, list):
            if id(node) in open_ids:
                faults.append(f"{path}: holds itself (a cycle)")
                continue
            if depth > MAX_OUTPUT_DEPTH:
                faults.append(f"{path}: nested deeper than json.dumps writes")
                continue
            open_ids.add(id(node))
            stack.append((False, node, path, depth))
            if kind is dict:
                for key, item in node.items():
                    if type(key) is not str:
                        faults.append(f"{path}: key {key!r} is not a string")
                    elif not _utf8(key):
                        faults.append(f"{path}: key {key!r} is not UTF-8 (lone surrogate)")
                    stack.append((True, item, f"{path}.{key}", depth + 1))
            else:
                for index, item in enumerate(node):
                    stack.append((True, item, f"{path}[{index}]", depth + 1))
        elif kind is str:
            if not _utf8(node):
                faults.append(f"{path}: a lone surrogate ({_surrogate(node)}) is not UTF-8")
        elif kind is float:
            if not math.isfinite(node):
                faults.append(f"{path}: {node} is not JSON")
        elif kind is int:
            if node.bit_length() > MAX_INT_DIGITS * 3.32:
                faults.append(f"{path}: an integer of over {MAX_INT_DIGITS} digits")
        elif node is not None and kind is not bool:
            faults.append(f"{path}: a {kind.__name__} is not JSON")
    return faults


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _surrogate(text: str) -> str:
    found = re.search("[\ud800-\udfff]", text)
    return repr(found.group()) if found else "?"


# --------------------------------------------------------------------------------------------
# Tool outputs, payloads and texts of a request
# --------------------------------------------------------------------------------------------

#: Keys whose strings are the shape of a block, not what a tool returned.
STRUCTURAL = frozenset(
    {
        "type", "media_type", "mimeType", "mime_type", "format", "detail", "name", "id",
        "status", "role", "cache_control", "cachePoint", "filename", "title", "tool_use_id",
        "tool_call_id", "call_id", "toolUseId", "is_error", "isError", "displayName",
    }
)  # fmt: skip


def _output_holders(request: Any) -> Iterator[tuple[Any, str]]:
    """(what a tool returned, its path) for each tool result of ``request``, found by the
    keys that make a result on each wire (a ``type`` removed or wrong leaves it a result)."""
    for parent, key, value, path in nodes(request):
        if not isinstance(value, dict):
            continue
        if "tool_use_id" in value and "content" in value:  # anthropic
            yield value["content"], f"{path}.content"
        elif "toolResult" in value and isinstance(value["toolResult"], dict):  # bedrock
            yield value["toolResult"].get("content"), f"{path}.toolResult.content"
        elif isinstance(value.get("functionResponse"), dict):  # gemini
            response = value["functionResponse"]
            yield response.get("response"), f"{path}.functionResponse.response"
            yield response.get("parts"), f"{path}.functionResponse.parts"
        elif isinstance(value.get("function_response"), dict):  # gemini, snake_case
            response = value["function_response"]
            yield response.get("response"), f"{path}.function_response.response"
            yield response.get("parts"), f"{path}.function_response.parts"
        elif "call_id" in value and "output" in value:  # responses
            yield value["output"], f"{path}.output"
        elif value.get("role") == "tool" and "content" in value:  # openai, ollama, hermes
            yield value["content"], f"{path}.content"
        del parent, key


def tool_outputs(request: Any) -> list[tuple[str, str]]:
    """(path, string) of every text and payload a tool returned in ``request``."""
    found = []
    for holder, at in _output_holders(request):
        if isinstance(holder, str):
            if holder.strip():
                found.append((at, holder))
            continue
        for _, key, value, path in nodes(holder):
            if key in STRUCTURAL:
                continue
            if isinstance(value, str) and value.strip():
                found.append((f"{at}{'' if path.startswith('[') else '.'}{path}", value))
    return found


def _standard_b64(text: str) -> str | None:
    """The payload as canonical standard base64, where it decodes at all."""
    data = text.partition(";base64,")[2] if text.startswith("data:") else text
    data = "".join(data.split()).replace("-", "+").replace("_", "/")
    try:
        raw = base64.b64decode(data + "=" * (-len(data) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None
    return base64.b64encode(raw).decode("ascii")


def _surrogates_replaced(text: str) -> str:
    return re.sub("[\ud800-\udfff]", "\ufffd", text)


def found_in(text: str, haystack: str, escaped: str) -> bool:
    """Whether ``text`` is in the output: as it is, JSON-escaped once or twice (a hermes
    result is JSON in a string), with lone surrogates as U+FFFD, or, for a payload, as
    canonical base64."""
    candidates = {text, _surrogates_replaced(text)}
    if text.startswith("data:") and ";base64," in text:
        candidates.add(text.partition(";base64,")[2])
    if len(text) >= 32:
        standard = _standard_b64(text)
        if standard:
            candidates.add(standard)
    for candidate in candidates:
        if candidate in haystack:
            return True
        once = json.dumps(candidate, ensure_ascii=False)[1:-1]
        if once in escaped or json.dumps(once, ensure_ascii=False)[1:-1] in escaped:
            return True
    return False


def strings_of(value: Any) -> list[str]:
    return [v for _, _, v, _ in nodes(value, limit=200_000) if isinstance(v, str)]


def _is_payload_at(key: Any, value: Any) -> bool:
    if key not in PAYLOAD_KEYS or not isinstance(value, str) or len(value) < 64:
        return False
    if value.startswith("data:"):
        return ";base64," in value
    return not value.startswith(("http:", "https:", "gs:", "s3:", "file:"))


#: Characters of a payload window: long enough that no text holds one by chance.
WINDOW = 24


def payload_windows(request: Any) -> set[str]:
    """Three windows (head, middle, tail) of every base64 payload of ``request``, as given
    and as canonical base64, less those its texts already hold."""
    windows: set[str] = set()
    texts: list[str] = []
    for _, key, value, _ in nodes(request, limit=200_000):
        if _is_payload_at(key, value):
            for form in (value.partition(";base64,")[2] or value, _standard_b64(value)):
                if form and len(form) >= 3 * WINDOW:
                    form = "".join(form.split())
                    mid = len(form) // 2
                    windows |= {form[:WINDOW], form[mid : mid + WINDOW], form[-WINDOW - 4 : -4]}
        elif isinstance(value, str):
            texts.append(value)
    return {w for w in windows if not any(w in t for t in texts)}


def payloads_in_text(request: Any, windows: set[str]) -> list[str]:
    """Paths of strings of ``request`` that are not a payload yet hold a payload window."""
    leaks = []
    for _, key, value, path in nodes(request, limit=200_000):
        text = isinstance(value, str) and not _is_payload_at(key, value)
        if text and len(value) >= WINDOW and any(w in value for w in windows):
            leaks.append(path)
    return leaks


# --------------------------------------------------------------------------------------------
# Calls
# --------------------------------------------------------------------------------------------


def clear_error(error: BaseException, request: Any) -> str | None:
    """Why ``error`` is not a clear refusal (``None`` when it is): only a ``TypeError`` or
    ``ValueError`` (not a ``UnicodeError``, which names no field), saying where."""
    if isinstance(error, UnicodeError) or not isinstance(error, (TypeError, ValueError)):
        return f"raised {type(error).__name__}: {str(error)[:200]}"
    message = str(error)
    if not message.strip():
        return f"raised {type(error).__name__} with no message"
    if "Exceeds the limit" in message and "integer string conversion" in message:
        return f"raised Python's own {type(error).__name__} naming no field: {message[:120]}"
    return None


Outcome = tuple[Any, BaseException | None]

#: Seconds of CPU one call may take on a request of a few kilobytes (hundreds of times what
#: it needs): past it, the call does not return in bounded time (a hang on a cycle). CPU
#: time, not the clock's: a loaded machine does not make a call look hung.
BUDGET = 2.0


class TookTooLong(BaseException):
    """Raised into a call past ``BUDGET`` (a ``BaseException``: no ``except Exception`` in
    the library takes it for its own)."""


def _interrupt(signum: int, frame: Any) -> None:
    raise TookTooLong(f"did not return within {BUDGET:.0f} s of CPU")


@contextmanager
def bounded() -> Iterator[None]:
    """Interrupt the block after ``BUDGET`` seconds of CPU (main thread only: elsewhere
    unbounded)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGPROF, _interrupt)
    signal.setitimer(signal.ITIMER_PROF, BUDGET)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def call(run: Callable[[], Any], what: str) -> Outcome:
    """``run()``'s value, or what it raised. A call past ``BUDGET`` fails every property
    (``AssertionError``): it gave nothing to check, and a property stops at its first hang
    instead of paying for each."""
    try:
        with bounded():
            return run(), None
    except TookTooLong as error:
        raise AssertionError(f"{what} {error}") from None
    except Exception as error:  # the subject: judged by clear_error
        return None, error


def repair_of(case: Case) -> Outcome:
    return call(lambda: repair(case.wire, case.request, profile=case.seed.profile), "repair")


def translate_of(case: Case, dst: str) -> Outcome:
    return call(
        lambda: translate(case.wire, dst, case.request, model=case.model), f"translate to {dst}"
    )


def lint_of(case: Case) -> Outcome:
    return call(
        lambda: lint(case.wire, case.request, profile=case.seed.profile, model=None), "lint"
    )


# --------------------------------------------------------------------------------------------
# Repair
# --------------------------------------------------------------------------------------------


def check_repair_raises_clearly(case: Case) -> None:
    _, error = repair_of(case)
    if error is not None:
        why = clear_error(error, case.request)
        assert why is None, f"repair {why}"


def shared_with(output: Any, given: Any) -> list[str]:
    """Paths of the output's dicts and lists that are the caller's own objects (editing the
    output would edit the input)."""
    theirs = {id(v) for _, _, v, _ in nodes(given) if isinstance(v, (dict, list))}
    theirs.add(id(given))
    return [p for _, _, v, p in nodes(output) if isinstance(v, (dict, list)) and id(v) in theirs]


def check_repair_leaves_input(case: Case) -> None:
    """The input is not mutated, and the output shares no dict or list with it."""
    before = fingerprint(case.request)
    fixed, _ = repair_of(case)
    assert fingerprint(case.request) == before, "repair mutated its input"
    if fixed is not None:
        shared = shared_with(fixed.request, case.request)
        assert not shared, f"repair's output shares the input's objects at {shared[:3]}"


def check_repair_strict_json(case: Case) -> None:
    """repair makes no value that is not strict JSON: what the caller gave it keeps as it
    stands where no rule says otherwise (a lone surrogate in content, written as its
    ``\\u`` escape, is the same JSON value: ``cli/_json_out.py``; a NaN setting), where
    translate, which writes a new request, replaces or drops them with a loss."""
    fixed, _ = repair_of(case)
    if fixed is not None:
        given = {fault.split(": ", 1)[-1] for fault in strict_json_faults(case.request)}
        faults = [
            fault
            for fault in strict_json_faults(fixed.request)
            if fault.split(": ", 1)[-1] not in given
        ]
        assert not faults, f"repair's output is not strict JSON: {faults}"


def _plain_or_none(value: Any) -> Any:
    try:
        return plain(value)
    except Cyclic:
        return None


def check_repair_keeps_outputs(case: Case) -> None:
    """Every text and payload a tool returned is in the repaired request."""
    source = _plain_or_none(case.request)
    fixed, _ = repair_of(case)
    if fixed is None or source is None:
        return
    if case.wire == "hermes":
        source = hermes_unwrapped(source)
    haystack = "\u0000".join(strings_of(fixed.request))
    try:
        escaped = json.dumps(plain(fixed.request), ensure_ascii=False, default=str)
    except (ValueError, RecursionError, Cyclic):  # not JSON: judged by the strict check
        escaped = haystack
    lost = [
        f"{path}={text[:40]!r}"
        for path, text in tool_outputs(source)
        if not found_in(text, haystack, escaped)
    ]
    assert not lost, f"repair removed or replaced tool outputs: {lost[:3]}; {fixed.changes[:3]}"


def check_repair_no_payload_in_text(case: Case) -> None:
    source = _plain_or_none(case.request)
    fixed, _ = repair_of(case)
    if fixed is None or source is None:
        return
    leaks = payloads_in_text(fixed.request, payload_windows(source))
    assert not leaks, f"repair put a base64 payload into text at {leaks[:3]}"


def _repairable_errors(wire: str, request: Any, profile: str | None) -> list[str]:
    found, error = call(lambda: lint(wire, request, profile=profile), "lint of the repaired")
    if found is None:
        return [f"lint of the repaired request {clear_error(error, request) or error!r}"]
    return [
        f"{f.rule} at {f.path}"
        for f in found.errors
        if f.rule in RULES and RULES[f.rule].repair and f.rule != "shape"
    ]


def check_repair_settles(case: Case) -> None:
    """One pass: a second repair changes nothing and no error repair fixes is left; and an
    edit is never silent (a changed request has a change saying so)."""
    fixed, _ = repair_of(case)
    if fixed is None:
        return
    if not strict_json_faults(fixed.request):
        again, error = call(
            lambda: repair(case.wire, fixed.request, profile=case.seed.profile), "a second repair"
        )
        assert again is not None, f"a second repair {clear_error(error, None) or error!r}"
        assert not again.changes and fingerprint(again.request) == fingerprint(fixed.request), (
            f"a second repair changed {[str(c) for c in again.changes[:3]]}"
        )
        # a fix repair refused, reported in ``unfixed`` with why (it would have lost a tool
        # output), is the promise kept, not a repair left undone
        refused = {f"{change.rule} at {change.path}" for change in fixed.unfixed}
        left = [
            e
            for e in _repairable_errors(case.wire, fixed.request, case.seed.profile)
            if e not in refused
        ]
        assert not left, f"repair left errors it repairs: {left[:3]}"
    objects = any(m.startswith("sdk_shaped") for m in case.mutations)
    if not fixed.changes and not objects:
        assert fingerprint(fixed.request) == fingerprint(case.request), (
            "repair changed the request and reported no change"
        )


def _repeated(request: Any, times: int) -> Any:
    """``request`` with its conversation ``times`` over, each copy's ids made its own."""
    copies = []
    for n in range(times):
        body = plain(request)
        for parent, key, value, _ in nodes(body):
            if key in ID_KEYS and isinstance(value, str):
                parent[key] = f"{value}_{n}"
        conv, _ = conversation(body)
        copies.append(conv or [])
    body = plain(request)
    conv, _ = conversation(body)
    if conv is None:
        return None
    conv[:] = [message for copy_ in copies for message in copy_]
    return body


def calls_made(run: Callable[[], Any]) -> int:
    """Python and C function calls of ``run()``: a count, not a time, so the check says the
    same on a loaded machine."""
    profiler = cProfile.Profile()
    profiler.enable()
    try:
        call(run, "repair")  # what it raises is judged elsewhere; here only the work counts
    finally:
        profiler.disable()
    return sum(entry.callcount for entry in profiler.getstats())


#: A conversation this many times over takes at most SLACK times as many calls more.
TIMES, SLACK = 8, 1.5


def check_repair_linear(case: Case) -> None:
    try:
        # two copies against 2 x TIMES: a request that needs no change at all is repaired in
        # one cheap pass, its copies (which may need ids renamed) in more, a step, not a slope
        small, large = _repeated(case.request, 2), _repeated(case.request, 2 * TIMES)
    except Cyclic:
        return
    if small is None:
        return
    wire, profile = case.wire, case.seed.profile
    counts = [calls_made(lambda r=r: repair(wire, r, profile=profile)) for r in (small, large)]
    assert counts[1] <= counts[0] * TIMES * SLACK, (
        f"repair of the conversation {TIMES}x longer made {counts[1] / counts[0]:.1f}x the calls"
        f" ({counts[0]:,} -> {counts[1]:,})"
    )


# --------------------------------------------------------------------------------------------
# Translate (a case and a destination)
# --------------------------------------------------------------------------------------------


def check_translate_raises_clearly(case: Case, dst: str) -> None:
    _, error = translate_of(case, dst)
    if error is not None:
        why = clear_error(error, case.request)
        assert why is None, f"translate to {dst} {why}"


def check_translate_leaves_input(case: Case, dst: str) -> None:
    """The input is not mutated, and the output shares no dict or list with it."""
    before = fingerprint(case.request)
    out, _ = translate_of(case, dst)
    assert fingerprint(case.request) == before, f"translate to {dst} mutated its input"
    if out is not None:
        shared = shared_with(out.request, case.request)
        assert not shared, f"translate's output shares the input's objects at {shared[:3]}"


def check_translate_strict_json(case: Case, dst: str) -> None:
    out, _ = translate_of(case, dst)
    if out is not None:
        faults = strict_json_faults(out.request)
        assert not faults, f"translate to {dst} wrote what is not strict JSON: {faults}"


#: The source's conversation and tool definitions (``silent_loss`` walks them).
_WALKED = frozenset(
    {"messages", "contents", "input", "system", "systemInstruction", "instructions", "tools"}
)


def _covered(path: str, covers: list[str]) -> bool:
    return any(
        path == cover or (path.startswith(cover) and path[len(cover) : len(cover) + 1] in ".[")
        for cover in covers
    )


def _setting_leaves(source: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """(path, value) of each string and number of the source's settings (the fields beside
    its conversation and tool definitions)."""
    for key, value in source.items():
        if key in _WALKED:
            continue
        if not isinstance(value, (dict, list)):
            yield key, value
            continue
        for _, name, leaf, path in nodes(value):
            if not isinstance(leaf, (dict, list)) and name != "type":
                yield f"{key}{'' if path.startswith('[') else '.'}{path}", leaf


#: A word of an enumeration (``auto``, ``ANY``, ``required``): wires spell them differently.
_WORD = re.compile(r"[A-Za-z_]{1,20}")


def _carried(value: Any, written: set[Any]) -> bool:
    """Whether a setting's value is in the output (by value: its key may be renamed)."""
    if isinstance(value, bool) or value is None:
        return True  # a flag's meaning moves in shapes a value search cannot follow
    if isinstance(value, str):
        if not value.strip() or _WORD.fullmatch(value):
            return True
        return value in written or value.lower() in written
    if isinstance(value, float) and math.isnan(value):  # NaN equals nothing, itself neither
        return any(isinstance(w, float) and math.isnan(w) for w in written)
    if isinstance(value, (int, float)):
        return value in written or str(value) in written
    return True


_HERMES_TAG = re.compile(r"<(tool_call|tool_response)>\s*(.*?)\s*</\1>", re.S)


def hermes_unwrapped(source: Any) -> Any:
    """A hermes request with each ``<tool_call>`` / ``<tool_response>`` text as the JSON it
    wraps (the tags are the wire's structure, not the conversation's substance)."""
    conv, _ = conversation(source)
    for message in conv or []:
        content = message.get("content") if isinstance(message, dict) else None
        if not isinstance(content, str) or "<tool_" not in content:
            continue
        parsed = []
        for _, inner in _HERMES_TAG.findall(content):
            try:
                parsed.append(json.loads(inner))
            except ValueError:
                parsed.append(inner)
        rest = _HERMES_TAG.sub("", content).strip()
        message["content"] = [*([{"text": rest}] if rest else []), *parsed]
    return source


def check_translate_loses_nothing_silently(case: Case, dst: str) -> None:
    """Every text, id, argument, payload, tool definition and setting of the source is in
    the output or under a loss (or a note)."""
    source = _plain_or_none(case.request)
    out, _ = translate_of(case, dst)
    if out is None or source is None:
        return
    covers = [loss.path for loss in (*out.losses, *out.notes)]
    if case.wire == "hermes":
        source = hermes_unwrapped(source)
    lost = silently_lost(source, out.request, covers) + definitions_lost(
        source, out.request, covers
    )
    if isinstance(source, dict):
        written: set[Any] = set()
        for _, key, leaf, _ in nodes(out.request):
            if isinstance(key, str):
                written.add(key)
            if isinstance(leaf, (str, int, float)) and not isinstance(leaf, bool):
                written.add(leaf)
                if isinstance(leaf, str):
                    written.add(leaf.lower())
        lost += [
            f"{path}={value!r}"
            for path, value in _setting_leaves(source)
            if not _covered(path, covers) and not _carried(value, written)
        ]
    assert not lost, f"translate to {dst} lost without a Loss: {lost[:4]}"


_STEP = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")


def resolve(value: Any, path: str) -> tuple[bool, Any]:
    """The value at a SPEC 8 path (``messages[2].content[0]``, ``tool_choice.type``)."""
    for name, index in _STEP.findall(path):
        if index:
            if not isinstance(value, list) or int(index) >= len(value):
                return False, None
            value = value[int(index)]
        else:
            if not isinstance(value, dict) or name not in value:
                return False, None
            value = value[name]
    return True, value


def _key(name: str) -> str:
    return name.replace("_", "").lower()


def check_translate_no_false_loss(case: Case, dst: str) -> None:
    """Nothing the destination takes is called lost: a Loss whose value is written at the
    same path (A -> A), or a setting whose value the output holds under the same name
    (``top_k`` / ``topK``, ``parallel_tool_calls``), is a false Loss."""
    source = _plain_or_none(case.request)
    out, _ = translate_of(case, dst)
    if out is None or source is None or not isinstance(source, dict):
        return
    false = []
    conv_key = conversation(source)[1]
    for loss in out.losses:
        there, value = resolve(source, loss.path)
        if not there or loss.path == "":
            continue
        if case.wire == dst:
            here, written = resolve(out.request, loss.path)
            if here and fingerprint(written) == fingerprint(value):
                false.append(f"{loss} (written as it was)")
                continue
        if loss.path.split(".")[0].split("[")[0] in (conv_key, "system", "tools"):
            continue
        if isinstance(value, (dict, list)) or value is None:
            continue
        name = _key(re.split(r"[.\[]", loss.path)[-1] or loss.path)
        for _, key, written, _ in nodes(out.request):
            same = isinstance(key, str) and _key(key) == name and written == value
            if same and type(written) is type(value):
                false.append(f"{loss} (written as {key}={written!r})")
                break
    assert not false, f"translate to {dst} called carried fields lost: {false[:3]}"


def _errors(findings: Any) -> set[tuple[str, str]]:
    return {(f.rule, f.path) for f in findings.errors}


def check_translate_output_valid(case: Case, dst: str) -> None:
    """What lint calls an error on the destination is reported, never written silently;
    a source without lint errors gives an output without errors of rules its own lint did
    not already name, which the destination's SDK type (botocore for Bedrock) takes."""
    out, _ = translate_of(case, dst)
    if out is None or strict_json_faults(out.request):
        return
    again, _ = call(lambda: lint(dst, out.request), f"lint of the {dst} output")
    if again is not None:
        unreported = _errors(again) - _errors(out.findings)
        assert not unreported, (
            f"translate to {dst} wrote lint errors it did not report: {unreported}"
        )
    source, _ = call(
        lambda: lint(case.wire, case.request, profile=case.seed.profile), "lint of the source"
    )
    if source is None or source.errors:
        return
    # a rule the source's lint already names (a warning on its wire, an error on the
    # destination's: a trailing call without its result on hermes, then gemini) is the
    # request's own, carried and reported, not one translate made
    warned = {f.rule for f in source}
    errors = [str(f) for f in out.findings.errors if f.rule not in warned]
    assert not errors, f"a clean {case.wire} request translated to {dst} has errors: {errors[:2]}"
    try:  # the SDK types are stricter than some APIs (Gemini takes snake_case keys too):
        check_request_body(case.wire, case.request)  # a source they refuse proves nothing
    except Exception:
        return
    try:
        check_request_body(dst, out.request)
    except AssertionError as error:
        raise AssertionError(
            f"a clean {case.wire} request translated to {dst} is refused by {dst}'s SDK type:"
            f" {str(error)[:300]}"
        ) from None


# --------------------------------------------------------------------------------------------
# Lint
# --------------------------------------------------------------------------------------------


def check_lint_raises_clearly(case: Case) -> None:
    _, error = lint_of(case)
    if error is not None:
        why = clear_error(error, case.request)
        assert why is None, f"lint {why}"


def check_lint_leaves_input(case: Case) -> None:
    before = fingerprint(case.request)
    lint_of(case)
    assert fingerprint(case.request) == before, "lint mutated its input"


#: name -> (check, whether it takes a destination), by API: what the tests and the long
#: script run.
PROPERTIES: dict[str, tuple[Callable[..., None], bool]] = {
    "repair raises only a clear TypeError/ValueError": (check_repair_raises_clearly, False),
    "repair leaves its input as it was": (check_repair_leaves_input, False),
    "repair writes strict JSON in UTF-8": (check_repair_strict_json, False),
    "repair keeps every tool output": (check_repair_keeps_outputs, False),
    "repair puts no base64 payload in text": (check_repair_no_payload_in_text, False),
    "repair settles in one pass": (check_repair_settles, False),
    "repair is linear": (check_repair_linear, False),
    "translate raises only a clear TypeError/ValueError": (check_translate_raises_clearly, True),
    "translate leaves its input as it was": (check_translate_leaves_input, True),
    "translate writes strict JSON in UTF-8": (check_translate_strict_json, True),
    "translate loses nothing silently": (check_translate_loses_nothing_silently, True),
    "translate calls nothing carried lost": (check_translate_no_false_loss, True),
    "translate writes what the destination takes": (check_translate_output_valid, True),
    "lint raises only a clear TypeError/ValueError": (check_lint_raises_clearly, False),
    "lint leaves its input as it was": (check_lint_leaves_input, False),
}

#: Every wire, for a translation's destination.
DESTINATIONS: tuple[str, ...] = tuple(WIRES)
