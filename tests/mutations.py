"""Real requests, mutated: the inputs of the invariant properties (issue 36, item 4).

``seeds()`` picks a few accepted tool-turn requests of every corpus wire from the shared
corpus (``real_requests``), the smallest first, some with images or documents; ollama and
hermes, which the corpus lacks, get the openai seeds translated (the corpus test shows those
translations whole). ``cases()`` is a hypothesis strategy of ``Case``: a seed with one to
three mutations applied to a deep copy, each named in ``Case.mutations`` with its path, so a
failing example reads as one line (``Case.line``).

The mutations are what real clients and logs do to requests: messages dropped, duplicated,
reordered; blocks moved between messages; ids swapped; ``type`` removed or wrong; a key
dropped or its value of another type; SDK objects or their ``model_dump()`` dicts in place of
plain dicts; deep, shared and cyclic structures; lone surrogates; NaN and Infinity; huge
integers; base64 in another spelling, unpadded, cut or with whitespace; an empty conversation.
"""

from __future__ import annotations

import base64
import copy
import json
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import real_requests as rr
from hypothesis import strategies as st

#: The corpus wires (the corpus holds no ollama or hermes request).
CORPUS_WIRES = ("anthropic", "bedrock", "gemini", "openai", "responses")
#: Seeds per wire: the smallest tool-turn requests, and the smallest with a base64 payload.
PLAIN_SEEDS, MEDIA_SEEDS = 5, 3
#: Largest seed body (characters of JSON): keeps an example fast.
MAX_SEED_CHARS = 60_000

#: Keys whose string value is a call or result id.
ID_KEYS = frozenset({"id", "tool_use_id", "tool_call_id", "call_id", "toolUseId"})
#: Keys whose string value may be a base64 payload (or a data URL of one).
PAYLOAD_KEYS = frozenset({"data", "bytes", "blob", "url", "image_url", "file_data"})
#: Types a block or an item may wrongly carry (other wires' names, near misses, not a string).
WRONG_TYPES: tuple[Any, ...] = (
    "text", "output_text", "input_text", "image", "image_url", "input_image", "document",
    "tool_result", "tool_use", "function_call", "function_call_output", "thinking", "content",
    "audio", "input_audio",
    "", "TEXT", 7, None,
)  # fmt: skip
#: Depths of a nested value: within every limit, around the library's, past Python's.
DEPTHS = (40, 300, 1200, 5000)


@dataclass(frozen=True)
class Seed:
    """One request of the corpus (or translated from one) to mutate."""

    id: str
    wire: str
    request: Any
    model: str | None
    profile: str | None


class Case:
    """A mutated request: the seed, the request as mutated, what was done to it (a plain
    class: hypothesis prints a failing one by its ``repr``, one line, not the request)."""

    def __init__(self, seed: Seed, request: Any, mutations: list[str] | None = None) -> None:
        self.seed = seed
        self.request = request
        self.mutations: list[str] = mutations if mutations is not None else []

    @property
    def wire(self) -> str:
        return self.seed.wire

    @property
    def model(self) -> str | None:
        """The recorded model, for a body that names none (Gemini's and Bedrock's)."""
        body = self.request
        return None if isinstance(body, dict) and "model" in body else self.seed.model

    def line(self) -> str:
        """The case as one line: seed, wire, each mutation with its path."""
        done = "; ".join(self.mutations) or "unmutated"
        return f"{self.seed.id} ({self.wire}): {done}"

    def __repr__(self) -> str:  # hypothesis prints the falsifying example with it
        return f"Case<{self.line()}>"


# --------------------------------------------------------------------------------------------
# Seeds
# --------------------------------------------------------------------------------------------


def _size(record: dict[str, Any]) -> int:
    return len(json.dumps(record["request"]))


def _has_payload(record: dict[str, Any]) -> bool:
    """Whether the request holds a base64 payload (an image, a PDF, ...)."""
    return any(
        _is_payload(key, value) and not value.startswith("http")
        for _, key, value, _ in nodes(record["request"])
    )


@cache
def seeds() -> tuple[Seed, ...]:
    """The seeds, in a fixed order (sorted by wire, size and id: a CI run is reproducible)."""
    chosen: list[Seed] = []
    for wire in CORPUS_WIRES:
        records = sorted(
            (r for r in rr.accepted() if r["wire"] == wire and r["tool_turns"]),
            key=lambda r: (_size(r), r["id"]),
        )
        records = [r for r in records if _size(r) <= MAX_SEED_CHARS]
        plain = [r for r in records if not _has_payload(r)][:PLAIN_SEEDS]
        media = [r for r in records if _has_payload(r)][:MEDIA_SEEDS]
        for record in plain + media:
            chosen.append(
                Seed(
                    record["id"],
                    wire,
                    record["request"],
                    record["model"],
                    rr.profile_of(record),
                )
            )
    chosen += _translated_seeds(chosen)
    chosen += [
        Seed(
            f"{seed.id}+blocks",
            seed.wire,
            as_blocks(seed.request, seed.wire),
            seed.model,
            seed.profile,
        )
        for seed in chosen
        if seed.wire in BLOCK_TEXT and "+" not in seed.id and ">" not in seed.id
    ]
    return tuple(chosen)


#: The text block of each wire whose contents may be a string or a list of blocks (a tool
#: output's too), by the key that holds the contents: what the SDKs' typed params write.
BLOCK_TEXT: dict[str, dict[str, str]] = {
    "anthropic": {"content": "text"},
    "openai": {"content": "text"},
    "responses": {"content": "input_text", "output": "input_text"},
}


def as_blocks(request: Any, wire: str) -> Any:
    """A copy of ``request`` with each text content (and tool output) a list of one text
    block, as the SDKs' typed params write them: a ``type`` to remove or get wrong."""
    body = copy.deepcopy(request)
    for parent, key, value, _ in list(nodes(body)):
        if not isinstance(value, str) or not value or not isinstance(parent, dict):
            continue
        kind = BLOCK_TEXT[wire].get(key)
        if kind is None or parent.get("role") == "system" or parent.get("role") == "assistant":
            continue
        parent[key] = [{"type": kind, "text": value}]
    return body


def _translated_seeds(corpus: list[Seed]) -> list[Seed]:
    """ollama and hermes seeds: the openai seeds translated (no Loss expected there)."""
    from toolresult_lab import translate

    made = []
    for seed in corpus:
        if seed.wire != "openai":
            continue
        for wire in ("ollama", "hermes"):
            body = translate("openai", wire, seed.request).request
            made.append(Seed(f"{seed.id}>{wire}", wire, body, seed.model, None))
    return made


# --------------------------------------------------------------------------------------------
# Walking a request (iteratively: a mutated request may be 5,000 levels deep or hold itself)
# --------------------------------------------------------------------------------------------


def _child_path(path: str, key: Any) -> str:
    return f"{path}[{key}]" if isinstance(key, int) else (f"{path}.{key}" if path else str(key))


def nodes(value: Any, limit: int = 20_000) -> Iterator[tuple[Any, Any, Any, str]]:
    """(parent, key, value, path) of every value under ``value`` (not itself), each object
    once (shared or cyclic ones too), at most ``limit``."""
    seen: set[int] = set()
    stack: list[tuple[Any, str]] = [(value, "")]
    count = 0
    while stack and count < limit:
        node, path = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        items: list[tuple[Any, Any]]
        if isinstance(node, dict):
            items = list(node.items())
        elif isinstance(node, list):
            items = list(enumerate(node))
        else:
            continue
        for key, item in reversed(items):
            count += 1
            where = _child_path(path, key)
            yield node, key, item, where
            stack.append((item, where))


def conversation(request: Any) -> tuple[list[Any] | None, str]:
    """The list of messages (contents, input items) and its path, where there is one."""
    if isinstance(request, list):
        return request, "messages"
    if isinstance(request, dict):
        for key in ("messages", "contents", "input"):
            if isinstance(request.get(key), list):
                return request[key], key
    return None, ""


def _block_lists(conv: list[Any], at: str) -> list[tuple[list[Any], str]]:
    """The lists of blocks inside the conversation's messages, with their paths."""
    found = []
    for index, message in enumerate(conv):
        if not isinstance(message, dict):
            continue
        for key in ("content", "parts", "output"):
            if isinstance(message.get(key), list):
                found.append((message[key], f"{at}[{index}].{key}"))
    return found


# --------------------------------------------------------------------------------------------
# Mutations: each takes the request (a deep copy of the seed, mutated in place) and a draw,
# and returns what it did with the path, or None where it does not apply.
# --------------------------------------------------------------------------------------------

Mutation = Callable[[Any, st.DrawFn], "str | None"]


def _pick(draw: st.DrawFn, items: list[Any]) -> Any:
    return items[draw(st.integers(0, len(items) - 1))]


def drop_message(request: Any, draw: st.DrawFn) -> str | None:
    conv, at = conversation(request)
    if not conv:
        return None
    i = draw(st.integers(0, len(conv) - 1))
    del conv[i]
    return f"dropped {at}[{i}]"


def duplicate_message(request: Any, draw: st.DrawFn) -> str | None:
    conv, at = conversation(request)
    if not conv:
        return None
    i = draw(st.integers(0, len(conv) - 1))
    conv.insert(i + 1, copy.deepcopy(conv[i]))
    return f"duplicated {at}[{i}]"


def reorder_messages(request: Any, draw: st.DrawFn) -> str | None:
    conv, at = conversation(request)
    if not conv or len(conv) < 2:
        return None
    i = draw(st.integers(0, len(conv) - 1))
    j = draw(st.integers(0, len(conv) - 1).filter(lambda j: j != i))
    conv.insert(j, conv.pop(i))
    return f"moved {at}[{i}] to {at}[{j}]"


def move_block(request: Any, draw: st.DrawFn) -> str | None:
    conv, at = conversation(request)
    if not conv:
        return None
    lists = _block_lists(conv, at)
    sources = [(blocks, where) for blocks, where in lists if blocks]
    if not sources or len(lists) < 2:
        return None
    blocks, where = _pick(draw, sources)
    i = draw(st.integers(0, len(blocks) - 1))
    target, there = _pick(draw, lists)
    block = blocks.pop(i)
    j = draw(st.integers(0, len(target)))
    target.insert(j, block)
    return f"moved block {where}[{i}] to {there}[{j}]"


def swap_ids(request: Any, draw: st.DrawFn) -> str | None:
    ids = [
        (parent, key, value, path)
        for parent, key, value, path in nodes(request)
        if key in ID_KEYS and isinstance(value, str)
    ]
    if len(ids) < 2:
        return None
    first = _pick(draw, ids)
    others = [entry for entry in ids if entry[2] != first[2]]
    if not others:
        return None
    second = _pick(draw, others)
    first[0][first[1]], second[0][second[1]] = second[2], first[2]
    return f"swapped ids {first[3]}={first[2]!r} and {second[3]}={second[2]!r}"


def _typed(request: Any) -> list[tuple[Any, Any, Any, str]]:
    return [
        (parent, key, value, path)
        for parent, key, value, path in nodes(request)
        if isinstance(value, dict) and "type" in value
    ]


def remove_type(request: Any, draw: st.DrawFn) -> str | None:
    typed = _typed(request)
    if not typed:
        return None
    _, _, value, path = _pick(draw, typed)
    del value["type"]
    return f"removed {path}.type"


def wrong_type(request: Any, draw: st.DrawFn) -> str | None:
    typed = _typed(request)
    if not typed:
        return None
    _, _, value, path = _pick(draw, typed)
    new = draw(st.sampled_from([t for t in WRONG_TYPES if t != value["type"]]))
    value["type"] = new
    return f"set {path}.type={new!r}"


def drop_key(request: Any, draw: st.DrawFn) -> str | None:
    dicts = [(v, p) for _, _, v, p in nodes(request) if isinstance(v, dict) and v]
    if isinstance(request, dict) and request:
        dicts.append((request, ""))
    if not dicts:
        return None
    value, path = _pick(draw, dicts)
    key = draw(st.sampled_from(sorted(value)))
    del value[key]
    return f"dropped key {_child_path(path, key)}"


OTHER_VALUES: tuple[Any, ...] = (None, 0, -1, "", "x", [], {}, [1], {"a": None}, True)


def wrong_value(request: Any, draw: st.DrawFn) -> str | None:
    leaves = list(nodes(request))
    if not leaves:
        return None
    parent, key, value, path = _pick(draw, leaves)
    new = draw(st.sampled_from([v for v in OTHER_VALUES if type(v) is not type(value)]))
    parent[key] = copy.deepcopy(new)
    return f"set {path}={new!r} (was a {type(value).__name__})"


def empty_conversation(request: Any, draw: st.DrawFn) -> str | None:
    conv, at = conversation(request)
    if conv is None:
        return None
    conv.clear()
    return f"emptied {at}"


def content_none(request: Any, draw: st.DrawFn) -> str | None:
    conv, at = conversation(request)
    messages = [(i, m) for i, m in enumerate(conv or []) if isinstance(m, dict)]
    if not messages:
        return None
    i, message = _pick(draw, messages)
    key = "parts" if "parts" in message else "content"
    new = draw(st.sampled_from([None, "", [], "MISSING"]))
    if new == "MISSING":
        message.pop(key, None)
        return f"removed {at}[{i}].{key}"
    message[key] = new
    return f"set {at}[{i}].{key}={new!r}"


def _sdk_object(wire: str, value: Any) -> Any:
    """``value`` as the SDK's own response object, or None where none takes it."""
    from pydantic import BaseModel, TypeAdapter, ValidationError

    model: Any
    try:
        if wire in ("openai", "hermes") and value.get("role") == "assistant":
            import openai.types.chat as chat

            model = chat.ChatCompletionMessage
        elif wire == "anthropic" and "type" in value and "role" not in value:
            import anthropic.types as anthropic_types

            model = TypeAdapter(anthropic_types.ContentBlock)
            made = model.validate_python(value)
            return made if isinstance(made, BaseModel) else None
        elif wire == "responses" and value.get("type") == "function_call":
            import openai.types.responses as responses_types

            model = responses_types.ResponseFunctionToolCall
        elif wire == "gemini" and "parts" in value:
            from google.genai import types as genai_types

            model = genai_types.Content
        elif wire == "ollama" and "role" in value:
            import ollama

            model = ollama.Message
        else:
            return None
        return model.model_validate(value)
    except (ValidationError, TypeError, ValueError, AttributeError):
        return None


def _sdk_shaped(wire: str) -> Mutation:
    """A message or block as the SDK's object, or as that object's ``model_dump()`` (every
    optional field present as ``None``), as an agent loop appends them."""

    def mutate(request: Any, draw: st.DrawFn) -> str | None:
        candidates = []
        for parent, key, value, path in nodes(request):
            if isinstance(value, dict) and _sdk_object(wire, value) is not None:
                candidates.append((parent, key, value, path))
        if not candidates:
            return None
        parent, key, value, path = _pick(draw, candidates)
        made = _sdk_object(wire, value)
        if draw(st.booleans()):
            parent[key] = made
            return f"{path} as {type(made).__name__}"
        parent[key] = made.model_dump()
        return f"{path} as {type(made).__name__}.model_dump()"

    return mutate


def _nested(depth: int, kind: str) -> Any:
    value: Any = "bottom"
    for _ in range(depth):
        value = {"a": value} if kind == "dict" else [value]
    return value


def deep_value(request: Any, draw: st.DrawFn) -> str | None:
    leaves = list(nodes(request))
    if not leaves:
        return None
    parent, key, _, path = _pick(draw, leaves)
    depth = draw(st.sampled_from(DEPTHS))
    kind = draw(st.sampled_from(["dict", "list"]))
    parent[key] = _nested(depth, kind)
    return f"{path} nested {depth} {kind}s deep"


def shared_value(request: Any, draw: st.DrawFn) -> str | None:
    """One object at two places (a message or block appended twice by reference)."""
    conv, at = conversation(request)
    if not conv:
        return None
    i = draw(st.integers(0, len(conv) - 1))
    j = draw(st.integers(0, len(conv)))
    conv.insert(j, conv[i])
    return f"{at}[{i}] shared again at {at}[{j}]"


def cycle(request: Any, draw: st.DrawFn) -> str | None:
    containers = [(v, p) for _, _, v, p in nodes(request) if isinstance(v, (dict, list))]
    if not containers:
        return None
    value, path = _pick(draw, containers)
    if isinstance(value, dict):
        value["self"] = value
        return f"{path}.self holds {path}"
    value.append(value)
    return f"{path} holds itself"


SURROGATES = ("\ud83d", "\udfff", "\ud800x")


def lone_surrogate(request: Any, draw: st.DrawFn) -> str | None:
    strings = [
        (parent, key, value, path)
        for parent, key, value, path in nodes(request)
        if isinstance(value, str) and len(value) < 10_000
    ]
    if not strings:
        return None
    parent, key, value, path = _pick(draw, strings)
    half = draw(st.sampled_from(SURROGATES))
    at = draw(st.integers(0, len(value)))
    parent[key] = value[:at] + half + value[at:]
    return f"lone surrogate {half!r} in {path}"


def non_finite(request: Any, draw: st.DrawFn) -> str | None:
    numbers = [
        (parent, key, path)
        for parent, key, value, path in nodes(request)
        if type(value) in (int, float)
    ]
    new = draw(st.sampled_from([math.nan, math.inf, -math.inf]))
    if numbers and draw(st.booleans()):
        parent, key, path = _pick(draw, numbers)
        parent[key] = new
        return f"set {path}={new}"
    if isinstance(request, dict):
        key = draw(st.sampled_from(["temperature", "top_p", "max_tokens"]))
        request[key] = new
        return f"set {key}={new}"
    return None


HUGE: tuple[int, ...] = (2**64, -(2**63) - 1, 10**400, 10**5000)


def huge_int(request: Any, draw: st.DrawFn) -> str | None:
    leaves = [
        (parent, key, path)
        for parent, key, value, path in nodes(request)
        if not isinstance(value, (dict, list))
    ]
    if not leaves:
        return None
    parent, key, path = _pick(draw, leaves)
    new = draw(st.sampled_from(HUGE))
    parent[key] = new
    return f"set {path}={'10**5000' if new == 10**5000 else '10**400' if new == 10**400 else new}"


def _is_payload(key: Any, value: Any) -> bool:
    if key not in PAYLOAD_KEYS or not isinstance(value, str):
        return False
    return len(value) >= 32 and (value.startswith("data:") or " " not in value[:64])


def odd_base64(request: Any, draw: st.DrawFn) -> str | None:
    payloads = [
        (parent, key, value, path)
        for parent, key, value, path in nodes(request)
        if _is_payload(key, value)
    ]
    if not payloads:
        return None
    parent, key, value, path = _pick(draw, payloads)
    head, sep, data = value.partition(";base64,")
    if not sep:
        head, data = "", value
    how = draw(
        st.sampled_from(["urlsafe", "unpadded", "whitespace", "cut", "invalid", "empty", "tiny"])
    )
    if how == "urlsafe":
        try:
            data = base64.urlsafe_b64encode(base64.b64decode(data + "==")).decode()
        except ValueError:
            data = data.replace("+", "-").replace("/", "_")
    elif how == "unpadded":
        data = data.rstrip("=")
    elif how == "whitespace":
        data = "\n".join(data[k : k + 76] for k in range(0, len(data), 76))
    elif how == "cut":
        data = data[: max(1, len(data) - draw(st.integers(1, 3)))]
    elif how == "invalid":
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from(["!", "*", "%", "é"])) + data[at:]
    elif how == "empty":
        data = ""
    else:
        data = "AA=="
    parent[key] = f"{head};base64,{data}" if sep else data
    return f"{how} base64 at {path}"


def _mutations(wire: str) -> dict[str, Mutation]:
    return {
        "drop_message": drop_message,
        "duplicate_message": duplicate_message,
        "reorder_messages": reorder_messages,
        "move_block": move_block,
        "swap_ids": swap_ids,
        "remove_type": remove_type,
        "wrong_type": wrong_type,
        "drop_key": drop_key,
        "wrong_value": wrong_value,
        "empty_conversation": empty_conversation,
        "content_none": content_none,
        "sdk_shaped": _sdk_shaped(wire),
        "deep_value": deep_value,
        "shared_value": shared_value,
        "cycle": cycle,
        "lone_surrogate": lone_surrogate,
        "non_finite": non_finite,
        "huge_int": huge_int,
        "odd_base64": odd_base64,
    }


#: The mutation names, in the order a draw picks them from (shrinking goes to the first).
MUTATIONS: tuple[str, ...] = tuple(_mutations("openai"))
#: Mutations that leave a request JSON could hold (no object, cycle, NaN or surrogate).
JSON_MUTATIONS: tuple[str, ...] = tuple(
    name
    for name in MUTATIONS
    if name not in ("sdk_shaped", "cycle", "non_finite", "lone_surrogate", "shared_value")
)


@st.composite
def cases(
    draw: st.DrawFn,
    wires: tuple[str, ...] | None = None,
    kinds: tuple[str, ...] = MUTATIONS,
    max_mutations: int = 3,
) -> Case:
    """A seed of one of ``wires`` (all by default) with one to ``max_mutations`` of
    ``kinds`` applied (a mutation that does not apply to the request is skipped)."""
    pool = [s for s in seeds() if wires is None or s.wire in wires]
    seed = draw(st.sampled_from(pool))
    case = Case(seed, copy.deepcopy(seed.request))
    table = _mutations(seed.wire)
    for kind in draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=max_mutations)):
        done = table[kind](case.request, draw)
        if done is not None:
            case.mutations.append(f"{kind}: {done}")
    return case
