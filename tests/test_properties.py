"""Property tests for ``ToolResult.to()`` over arbitrary JSON-like content (hypothesis).

Deterministic: every test uses ``DETERMINISTIC`` (derandomize, fixed example count, no deadline,
no example database), so a run is reproducible and the suite's time is bounded.

Properties, on every wire and for random options:
- ``to()`` never raises (SPEC: nothing inside ``content`` is ever an error);
- the output is plain JSON (hermes: a ``str``) and survives a JSON round trip unchanged;
- no base64 payload of the input leaks into the text a model reads (see ``leaked_payloads``);
- the input is not mutated, and mutating it afterwards changes nothing;
- two calls give equal results, and so does an equal, separately built ``ToolResult``;
- mutating a returned block (deeply) does not change the next call's result.
"""

from __future__ import annotations

import base64
import copy
import json
import string
import urllib.parse
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolresult_lab import WIRES, ToolResult

DETERMINISTIC = settings(
    derandomize=True,
    max_examples=200,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# --------------------------------------------------------------------------------------------
# Strategies
# --------------------------------------------------------------------------------------------

SHORT_TEXT = st.text(max_size=12)
JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**53), max_value=2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | SHORT_TEXT
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(SHORT_TEXT, children, max_size=3)
    ),
    max_leaves=6,
)

MIMES = st.sampled_from(
    [
        "image/png",
        "image/jpeg",
        "image/gif",
        "image/webp",
        "image/bmp",
        "IMAGE/PNG",
        "application/pdf",
        "text/plain",
        "text/csv",
        "text/",
        "application/json",
        "application/zip",
        "audio/wav",
        "",
    ]
)
URIS = st.sampled_from(
    [
        "file:///docs/my%20report.pdf",
        "file:///docs/K%C3%B6ln",
        "https://x.test/api/doc/42?v=1#p2",
        "https://x.test",
        "https://x.test/",
        "urn:uuid:1234",
        "data:,x",
        "mailto:a@b.c",
        "foo:bar/baz.pdf",
        "report",
        "file:///A/SCAN.PDF",
        "http://[::1/x.pdf",
        "/%ff%fe%zz.pdf",
        "",
    ]
)
# Characters that the payload generator may insert. None of them is one of the characters the
# library's own wrappers use ("[]<>() :;,\"\\"), which keeps ``leaked_payloads`` exact.
WHITESPACE = " \n\t\r\x0b\x0c\u2003\x1c\x1f"
INVALID = "!*-_.~%$#"
B64_ALPHABET = string.ascii_letters + string.digits + "+/="


@st.composite
def payloads(draw: st.DrawFn) -> str:
    """base64 of random bytes; sometimes with whitespace, invalid characters or bad padding."""
    raw = draw(st.binary(min_size=12, max_size=48) | st.binary(max_size=6))
    text = base64.b64encode(raw).decode("ascii")
    mode = draw(st.sampled_from(["plain", "plain", "ws", "invalid", "unpadded", "garbage"]))
    if mode == "ws" or mode == "invalid":
        chars = list(text)
        pool = WHITESPACE if mode == "ws" else INVALID
        for _ in range(draw(st.integers(1, 4))):
            pos = draw(st.integers(0, len(chars)))
            chars.insert(pos, draw(st.sampled_from(pool)))
        text = "".join(chars)
    elif mode == "unpadded":
        text = text.rstrip("=")
    elif mode == "garbage":
        text = draw(st.text(alphabet=B64_ALPHABET + INVALID + WHITESPACE, max_size=40))
    return text


JSON_CONTAINERS = st.lists(JSON_VALUES, min_size=1, max_size=3) | st.dictionaries(
    SHORT_TEXT, JSON_VALUES, min_size=1, max_size=3
)


def sometimes(strategy: st.SearchStrategy) -> st.SearchStrategy:
    """A field value: usually from ``strategy``, else a JSON scalar (None too) or container."""
    return st.one_of(strategy, strategy, strategy, strategy, JSON_SCALARS, JSON_CONTAINERS)


EXTRA_KEYS = st.dictionaries(
    st.sampled_from(["annotations", "_meta", "title", "x", "size", "cache_control"]),
    JSON_VALUES,
    max_size=2,
)


@st.composite
def blocks_from(draw: st.DrawFn, fields: dict, required: tuple = (), **always: Any) -> dict:
    """A dict of ``fields`` (those in ``required`` always present, the others present or not),
    random extra keys, and the fixed ``always`` items."""
    block = dict(draw(EXTRA_KEYS))  # a fresh dict, so failing examples print as built
    for key, strategy in fields.items():
        if key in required or draw(st.booleans()):
            block[key] = draw(strategy)
    block.update(always)
    return block


TEXT_BLOCK = blocks_from(
    {
        "text": sometimes(st.text(max_size=30)),
        "cache_control": st.just({"type": "ephemeral"}) | JSON_VALUES,
        "data": payloads(),
    },
    type="text",
)
BLOB_BLOCK = blocks_from(
    {
        "type": sometimes(st.sampled_from(["image", "image", "audio", "widget", ""])),
        "mimeType": sometimes(MIMES),
        "data": sometimes(payloads()),
        "uri": sometimes(URIS),
        "name": sometimes(SHORT_TEXT),
    },
    required=("type", "data", "mimeType"),
)
RESOURCE = blocks_from(
    {
        "uri": sometimes(URIS),
        "mimeType": sometimes(MIMES),
        "text": st.none() | st.text(max_size=20) | JSON_VALUES,
        "blob": sometimes(payloads()),
    },
    required=("blob",),
)
RESOURCE_BLOCK = blocks_from(
    {"resource": sometimes(RESOURCE)}, required=("resource",), type="resource"
)
SOURCE = blocks_from(
    {
        "media_type": sometimes(MIMES),
        "data": sometimes(payloads()),
        "url": sometimes(URIS),
        "type": sometimes(st.sampled_from(["base64", "url", "text", "content", "file"])),
        "content": sometimes(
            st.lists(st.deferred(lambda: NATIVE_PART), max_size=3) | st.text(max_size=10)
        ),
    },
    required=("type", "data"),
)
NATIVE_SOURCED = st.builds(
    lambda block, kind: {**block, "type": kind},
    blocks_from({"source": SOURCE}),
    st.sampled_from(["image", "document"]),
)
NATIVE_PART = st.one_of(
    blocks_from({"text": sometimes(SHORT_TEXT)}, type="text"),
    NATIVE_SOURCED,
    JSON_SCALARS,
)
NATIVE_BLOCK = st.one_of(
    NATIVE_SOURCED,
    blocks_from(
        {
            "title": sometimes(SHORT_TEXT),
            "source": sometimes(URIS),
            "content": sometimes(st.lists(NATIVE_PART, max_size=3) | SHORT_TEXT),
        },
        type="search_result",
    ),
)
CONTENT_BLOCK = st.one_of(
    BLOB_BLOCK,
    RESOURCE_BLOCK,
    TEXT_BLOCK,
    BLOB_BLOCK,
    RESOURCE_BLOCK,
    NATIVE_BLOCK,
    blocks_from({"uri": sometimes(URIS), "name": SHORT_TEXT}, type="resource_link"),
    JSON_VALUES,  # non-dict entries, and dicts of any shape
)
OPTION_VALUES = st.sampled_from([None, False, True, 0, 1, ""])


@st.composite
def results(draw: st.DrawFn) -> tuple[dict, dict]:
    """(ToolResult keyword arguments, to() options)."""
    kwargs = {
        "name": draw(SHORT_TEXT),
        "id": draw(SHORT_TEXT),
        "content": draw(
            st.lists(CONTENT_BLOCK, min_size=1, max_size=5) | st.lists(CONTENT_BLOCK, max_size=2)
        ),
        "is_error": draw(st.booleans()),
        "structured_content": draw(st.none() | JSON_VALUES),
    }
    options = {
        "image_input": draw(OPTION_VALUES),
        "native_pdf": draw(OPTION_VALUES),
        "source_blocks": draw(OPTION_VALUES),
        # a plain tag name (issue 18: anything else is a ValueError, tested on its own)
        "response_tag": draw(st.from_regex(r"[A-Za-z_][A-Za-z0-9_.\-]{0,9}", fullmatch=True)),
    }
    return kwargs, options


def convert_all(result: ToolResult, options: dict) -> dict:
    return {wire: result.to(wire, **options) for wire in WIRES}


# --------------------------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------------------------


@DETERMINISTIC
@given(results())
def test_to_never_raises_and_output_is_plain_json(case: tuple[dict, dict]) -> None:
    kwargs, options = case
    result = ToolResult(**kwargs)
    for wire, out in convert_all(result, options).items():
        if wire == "hermes":
            assert type(out) is str
            continue
        assert type(out) is dict
        dumped = json.dumps(out, allow_nan=False, ensure_ascii=False)
        # exact: tuples, non-str keys or str subclasses would not survive the round trip
        assert json.loads(dumped) == out
        assert _only_plain_json(out), wire


def _only_plain_json(value: Any) -> bool:
    if type(value) is dict:
        return all(type(k) is str and _only_plain_json(v) for k, v in value.items())
    if type(value) is list:
        return all(_only_plain_json(v) for v in value)
    return value is None or type(value) in (str, int, float, bool)


@DETERMINISTIC
@given(results())
def test_input_is_not_mutated_and_not_shared(case: tuple[dict, dict]) -> None:
    kwargs, options = case
    before = copy.deepcopy(kwargs)
    result = ToolResult(**kwargs)
    first = convert_all(result, options)
    assert kwargs == before
    # the object owns a deep copy: mutating the caller's input afterwards changes nothing
    deep_mutate(kwargs["content"])
    deep_mutate(kwargs["structured_content"])
    assert convert_all(result, options) == first


@DETERMINISTIC
@given(results())
def test_conversion_is_deterministic(case: tuple[dict, dict]) -> None:
    kwargs, options = case
    result = ToolResult(**copy.deepcopy(kwargs))
    first = convert_all(result, options)
    assert convert_all(result, options) == first
    assert convert_all(ToolResult(**copy.deepcopy(kwargs)), options) == first


@DETERMINISTIC
@given(results())
def test_mutating_a_returned_block_changes_nothing(case: tuple[dict, dict]) -> None:
    kwargs, options = case
    result = ToolResult(**kwargs)
    for wire in WIRES:
        out = result.to(wire, **options)
        snapshot = copy.deepcopy(out)
        deep_mutate(out)
        assert result.to(wire, **options) == snapshot, wire
    assert convert_all(result, options) == convert_all(ToolResult(**kwargs), options)


def deep_mutate(value: Any) -> None:
    """Mutate every dict and list reachable from ``value``, in place (innermost first)."""
    if isinstance(value, dict):
        for v in list(value.values()):
            deep_mutate(v)
        for k in list(value):
            value[k] = "MUTATED"
        value["__mutated__"] = [1]
    elif isinstance(value, list):
        for v in value:
            deep_mutate(v)
        value[:] = ["MUTATED", *value]


# --------------------------------------------------------------------------------------------
# No base64 payload in the text a model reads
# --------------------------------------------------------------------------------------------

MIN_PAYLOAD = 16
_SEPARATORS = "\x1c\x1d\x1e\x1f"  # str.isspace, but not whitespace for SPEC section 2


def _is_native(block: Any) -> bool:
    if not isinstance(block, dict):
        return False
    t = block.get("type")
    return (t in ("image", "document") and isinstance(block.get("source"), dict)) or (
        t == "search_result"
    )


def payload_positions(content: list) -> list[tuple]:
    """Paths (tuples of keys) of every base64 payload in ``content`` that must never be shown.

    Structural, following SPEC section 2/3, so that a text that *is* shown is never mistaken for
    a payload: in an MCP block, ``data`` / ``blob`` at the top and ``data`` / ``blob`` inside
    ``resource`` (a resource ``text`` is shown, its ``blob`` at most decoded); in an
    Anthropic-native block, every ``source.data`` except that of a ``text`` source (shown as the
    block's text), recursively through ``source.content`` and ``search_result.content`` parts.
    """
    out: list[tuple] = []
    for i, block in enumerate(content):
        if not isinstance(block, dict):
            continue
        if _is_native(block):
            _native_positions(block, (i,), out)
            continue
        for key in ("data", "blob"):
            if isinstance(block.get(key), str):
                out.append((i, key))
        res = block.get("resource")
        if isinstance(res, dict):
            for key in ("data", "blob"):
                if isinstance(res.get(key), str):
                    out.append((i, "resource", key))
    return out


def _native_positions(block: Any, path: tuple, out: list) -> None:
    if not isinstance(block, dict):
        return
    if isinstance(block.get("data"), str):
        out.append((*path, "data"))
    if block.get("type") == "text":
        return
    parts = block.get("content")
    src = block.get("source")
    if isinstance(src, dict):
        if isinstance(src.get("data"), str) and src.get("type") != "text":
            out.append((*path, "source", "data"))
        if isinstance(src.get("content"), list):
            for j, part in enumerate(src["content"]):
                _native_positions(part, (*path, "source", "content", j), out)
    if block.get("type") == "search_result" and isinstance(parts, list):
        for j, part in enumerate(parts):
            _native_positions(part, (*path, "content", j), out)


def lenient_b64decode(s: str) -> bytes:
    """SPEC section 2 lenient decoding (used only to widen the set of shown texts)."""
    symbols = [c for c in s if c in B64_ALPHABET]
    out = bytearray()
    for k in range(0, len(symbols), 4):
        group = symbols[k : k + 4]
        if "=" in group[:2]:
            break
        if "=" in group:
            good = group[: group.index("=")]
            out += base64.b64decode("".join(good) + "=" * (4 - len(good)))[: len(good) - 1]
            break
        if len(group) == 1:
            break
        out += base64.b64decode("".join(group) + "=" * (4 - len(group)))[: len(group) * 3 // 4]
    return bytes(out)


def _get(value: Any, path: tuple) -> Any:
    for key in path:
        value = value[key]
    return value


def payload_grams(payload: str) -> set[str]:
    """Every window of MIN_PAYLOAD characters that could show of a payload: taken from each
    whitespace-free run of it, from it with all whitespace removed, and from it stripped as
    SPEC section 2 strips (U+001C..U+001F kept). A partial leak is a leak too."""
    variants = [
        "".join(c for c in payload if not c.isspace()),
        "".join(c for c in payload if not c.isspace() or c in _SEPARATORS),
    ]
    run: list[str] = []
    for c in payload + " ":
        if c.isspace():
            variants.append("".join(run))
            run = []
        else:
            run.append(c)
    return {v[k : k + MIN_PAYLOAD] for v in variants for k in range(len(v) - MIN_PAYLOAD + 1)}


def shown_texts(kwargs: dict, options: dict, positions: list[tuple]) -> list[str]:
    """Every text the input may legitimately put before a model (the haystack).

    All strings of the input outside the payload positions; the JSON encoding (SPEC section 3)
    of every sub-value that holds no payload position; percent-decoded strings (PDF filenames);
    leniently decoded resource blobs (text/* documents); name, id and response_tag.
    """
    root = {"content": kwargs["content"], "sc": kwargs["structured_content"]}
    blocked = {("content", *p) for p in positions}
    prefixes = {p[:k] for p in blocked for k in range(len(p) + 1)}
    shown = [kwargs["name"], kwargs["id"], options["response_tag"]]

    def walk(value: Any, path: tuple) -> None:
        if path in blocked:
            return
        if path not in prefixes:
            shown.append(
                json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
            )
        if isinstance(value, str):
            decoded = urllib.parse.unquote(value, errors="replace")
            shown.extend((value, decoded, value + ".pdf", decoded + ".pdf"))
        elif isinstance(value, dict):
            for k, v in value.items():
                shown.append(k)
                walk(v, (*path, k))
        elif isinstance(value, list):
            for j, v in enumerate(value):
                walk(v, (*path, j))

    walk(root, ())
    for p in positions:
        if p[-1] == "blob":
            decoded = lenient_b64decode(_get(kwargs["content"], p))
            shown.append(decoded.decode("utf-8", "replace"))
    # as the raw hermes string shows them (JSON string escapes)
    shown += [json.dumps(t, ensure_ascii=False)[1:-1] for t in shown]
    return shown


def model_texts(kwargs: dict, outputs: dict, tag: str) -> dict[str, list[str]]:
    """The text a model reads, per wire (native payload parts excluded, they carry data)."""
    texts: dict[str, list[str]] = {}
    texts["openai"] = [outputs["openai"]["content"]]
    texts["ollama"] = [outputs["ollama"]["content"]]
    hermes = outputs["hermes"]
    # the body between "<tag>\n" and "\n</tag>" (the tag itself may hold a newline)
    middle = json.loads(hermes[len(tag) + 3 : len(hermes) - len(tag) - 4])
    texts["hermes"] = [middle["content"]]
    texts["hermes-raw"] = [hermes]
    output = outputs["responses"]["output"]
    if isinstance(output, str):
        texts["responses"] = [output]
    else:
        texts["responses"] = [p["text"] for p in output if p["type"] == "input_text"]
        texts["responses"] += [p["filename"] for p in output if p["type"] == "input_file"]
    response = outputs["gemini"]["functionResponse"]["response"]
    sc = kwargs["structured_content"]
    texts["gemini"] = [] if isinstance(sc, dict) else [response["result"]]
    content = outputs["anthropic"]["content"]
    if isinstance(content, str):
        texts["anthropic"] = [content]
    else:
        texts["anthropic"] = [b["text"] for b in content if b.get("type") == "text"] + [
            b["source"]["data"]
            for b in content
            if b.get("type") == "document" and b["source"].get("type") == "text"
        ]
    return texts


def leaked_payloads(kwargs: dict, options: dict, outputs: dict) -> tuple[list[str], int]:
    """(leaks found, number of payload windows checked).

    Exactness: a window is MIN_PAYLOAD characters from the base64 alphabet, INVALID and the
    U+001C..U+001F separators, never a space, newline or any of "[]<>():;,". The library joins
    texts with "\n" and builds its placeholders and JSON from those characters, so a window can
    only appear inside one text the library took from the input (or ``name + ".pdf"``). A window
    that occurs in any text the input may legitimately show (``shown_texts``) is not checked;
    every other occurrence is a leak: no false alarms, and partial leaks are caught.
    """
    positions = payload_positions(kwargs["content"])
    shown = shown_texts(kwargs, options, positions)
    grams: set[str] = set()
    for p in positions:
        grams |= payload_grams(_get(kwargs["content"], p))
    grams = {g for g in grams if not any(g in s for s in shown)}
    leaks = set()
    tag = options["response_tag"] if options.get("response_tag") is not None else "tool_response"
    for wire, texts in model_texts(kwargs, outputs, tag).items():
        for text in texts:
            for k in range(len(text) - MIN_PAYLOAD + 1):
                gram = text[k : k + MIN_PAYLOAD]
                if gram in grams:
                    leaks.add(f"{wire}: {gram!r}")
    return sorted(leaks), len(grams)


def test_no_payload_reaches_the_model_text() -> None:
    checked = []

    @DETERMINISTIC
    @given(results())
    def prop(case: tuple[dict, dict]) -> None:
        kwargs, options = case
        outputs = convert_all(ToolResult(**kwargs), options)
        leaks, n = leaked_payloads(kwargs, options, outputs)
        assert not leaks, leaks
        checked.append(n)

    prop()
    # not vacuous: many examples carry payload windows that really are checked
    assert sum(1 for n in checked if n) >= 25, checked


PNG_LIKE = base64.b64encode(bytes(range(40))).decode("ascii")


@pytest.mark.parametrize(
    "block",
    [
        {"type": "image", "mimeType": "image/png", "data": PNG_LIKE},
        {"type": "resource", "resource": {"mimeType": "application/zip", "blob": PNG_LIKE}},
        {"type": "resource", "resource": {"mimeType": "text/plain", "blob": PNG_LIKE}},
        {
            "type": "document",
            "source": {"type": "base64", "media_type": "application/pdf", "data": PNG_LIKE},
        },
    ],
)
def test_leak_detector_is_not_vacuous(block: dict) -> None:
    """The detector finds a payload that a (fake) conversion leaks, and only then."""
    kwargs = {"name": "n", "id": "i", "content": [block], "structured_content": None}
    options = {"response_tag": "tool_response"}
    outputs = convert_all(ToolResult(**kwargs), options)
    leaks, n = leaked_payloads(kwargs, options, outputs)
    assert n >= 1 and not leaks
    outputs["openai"]["content"] += "\n[x] " + PNG_LIKE[3:30] + " (1 bytes)"
    leaks, _ = leaked_payloads(kwargs, options, outputs)
    assert leaks and all(x.startswith("openai: ") for x in leaks), leaks
    # and a payload that is also shown as text elsewhere in the input is not counted
    kwargs["content"].append({"type": "text", "text": "see " + PNG_LIKE})
    assert leaked_payloads(kwargs, options, convert_all(ToolResult(**kwargs), options)) == ([], 0)
