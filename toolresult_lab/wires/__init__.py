"""The wire registry: one converter module per wire, looked up by name.

Each module (``openai``, ``anthropic``, ``gemini``, ``ollama``, ``responses``,
``hermes``, ``bedrock``) declares its facts and owns its rules, for the block and for the tool turn
around it; this module only finds them and keeps one configured converter per (wire,
option set).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from ..options import ConvertOptions, Resolved, options_key
from . import anthropic, bedrock, gemini, hermes, ollama, openai, responses
from ._check import (
    Add,
    Check,
    ModelView,
    ProfileView,
    ResultCheck,
    Scope,
    WireChecks,
    blocks,
    entries,
    items,
    named,
    parts_of,
    short,
)
from ._common import WIRES, Converter, RequiredField, Source, Wire, WireFacts, prepare
from ._edit import (
    HEADS,
    SIGNATURE_FIELD,
    cached,
    document_name_of,
    function_response,
    in_response_parts,
    is_document,
    is_result_block,
    is_result_entry,
    media_placeholder,
    missing_result,
    opaque_text,
    rename_document,
    set_declared_mime,
    set_id,
    set_signature,
    strip_removed,
    text_block,
)
from ._fields import FIELDS, Fields
from ._protocol import WireModule
from ._read import (
    MISSING,
    CallPart,
    ContentPart,
    DocumentPart,
    ImagePart,
    Message,
    Missing,
    OpaquePart,
    Part,
    Problem,
    Reading,
    ReadRequest,
    ResultPart,
    TextPart,
    ToolEntry,
    payload_paths,
)
from ._turn import (
    CallData,
    TurnParts,
    TurnShape,
    assemble,
    hoist_text,
    make_call,
    neutral_calls,
    neutral_results,
)
from ._write import RequestShape
from .anthropic import ends_in_server_result
from .bedrock import MAX_DOCUMENTS as BEDROCK_MAX_DOCUMENTS
from .bedrock import for_boto3
from .gemini.checks import IMAGE_TYPES as GEMINI_IMAGE_MIMES
from .gemini.checks import RESPONSE_TYPES as GEMINI_RESPONSE_MIMES
from .responses import answerable_item_ids
from .settings import Note, write_settings

__all__ = [
    "BEDROCK_MAX_DOCUMENTS",
    "FACTS",
    "FIELDS",
    "GEMINI_IMAGE_MIMES",
    "GEMINI_RESPONSE_MIMES",
    "HEADS",
    "MISSING",
    "RESULT_BLOCK_TYPES",
    "SIGNATURE_FIELD",
    "WIRES",
    "Add",
    "CallData",
    "CallPart",
    "Check",
    "ContentPart",
    "Converter",
    "DocumentPart",
    "Fields",
    "ImagePart",
    "Message",
    "Missing",
    "ModelView",
    "Note",
    "OpaquePart",
    "Part",
    "Problem",
    "ProfileView",
    "ReadRequest",
    "RequestShape",
    "RequiredField",
    "ResultCheck",
    "ResultPart",
    "Scope",
    "Source",
    "TextPart",
    "ToolEntry",
    "TurnParts",
    "TurnShape",
    "Wire",
    "WireChecks",
    "WireFacts",
    "answerable_item_ids",
    "block_payload_paths",
    "blocks",
    "cached",
    "converter",
    "document_name_of",
    "ends_in_server_result",
    "entries",
    "for_boto3",
    "function_response",
    "hoist_text",
    "in_response_parts",
    "is_document",
    "is_result_block",
    "is_result_entry",
    "items",
    "make_call",
    "media_placeholder",
    "missing_result",
    "named",
    "neutral_calls",
    "neutral_results",
    "opaque_text",
    "parts_of",
    "payload_paths",
    "prepare",
    "read_block",
    "read_native_block",
    "read_request",
    "rename_document",
    "request_payload_paths",
    "request_shape",
    "set_declared_mime",
    "set_id",
    "set_signature",
    "short",
    "strip_removed",
    "text_block",
    "turn",
    "turn_messages",
    "turn_shape",
    "wire_checks",
    "wire_facts",
    "write_settings",
]

#: Every wire, whole (``wires/<wire>/__init__.py`` defines each one's ``WIRE``).
_MODULES: Final[dict[str, WireModule]] = {
    module.WIRE.name: module.WIRE
    for module in (openai, anthropic, gemini, ollama, responses, hermes, bedrock)
}
_CLASSES: Final[dict[str, tuple[WireFacts, type[Converter], TurnShape]]] = {
    name: (wire.facts, wire.converter, wire.turn) for name, wire in _MODULES.items()
}
#: Each wire's readers: a tool-result block, a whole request.
_READERS: Final[dict[str, tuple[Callable[[Any], ResultPart], Callable[[Any], ReadRequest]]]] = {
    name: (wire.read_block, wire.read_request) for name, wire in _MODULES.items()
}
#: How each wire writes a whole request around its tool turns (SPEC 9).
_REQUESTS: Final[dict[str, RequestShape]] = {name: wire.request for name, wire in _MODULES.items()}
#: The block types a tool result may hold, by the wires that check them (SPEC 8
#: ``tool-result-content``; each wire's ``checks.result_blocks``).
RESULT_BLOCK_TYPES: Final[Mapping[str, frozenset[str]]] = {
    name: wire.checks.result_blocks for name, wire in _MODULES.items() if wire.checks.result_blocks
}
#: Every wire's facts, by name, in SPEC order.
FACTS: Final[Mapping[str, WireFacts]] = {wire: _CLASSES[wire][0] for wire in WIRES}

_MADE: Final[dict[tuple[Any, ...], Converter]] = {}
_MAX_MADE: Final = 1024
#: Each wire's last options (a copy) and their converter: what :func:`converter` tries first.
_LAST: Final[dict[str, tuple[dict[str, Any], Converter]]] = {}


def wire_facts(wire: object) -> WireFacts:
    """The facts of ``wire``; ``ValueError`` naming it and listing the known wires."""
    found = _CLASSES.get(wire) if isinstance(wire, str) else None
    if found is None:
        raise ValueError(f"unknown wire {wire!r}; known wires: {', '.join(WIRES)}")
    return found[0]


_ABSENT: Final = object()


def converter(wire: object, options: ConvertOptions) -> Converter:
    """The converter of ``wire`` configured for ``options`` (made once per option set).

    :raises ValueError: unknown wire, or a ``response_tag`` that is not a plain tag name.
    :raises TypeError: unknown option, or ``response_tag`` not a ``str``.
    """
    # ``to()`` asks on every call, mostly with the options of the call before: each
    # wire's last options (a copy) and converter are tried first, one dict comparison.
    last = _LAST.get(wire) if isinstance(wire, str) else None
    if last is not None:
        try:
            if last[0] == options:
                return last[1]
        except Exception:  # an option value whose == raises: looked up below
            pass
    # The options as given, and how many there are: equal keys mean the same options,
    # all of them known (a dict with an unknown name is never cached, so it never hits).
    key = (
        wire,
        options.get("image_input", _ABSENT),
        options.get("native_pdf", _ABSENT),
        options.get("source_blocks", _ABSENT),
        options.get("response_tag", _ABSENT),
        options.get("audience", _ABSENT),
        len(options),
    )
    try:
        made = _MADE[key]
    except (KeyError, TypeError):  # TypeError: an unhashable value (not kept)
        facts = wire_facts(wire)
        made = _CLASSES[facts.wire][1](facts, Resolved(options_key(options), facts.defaults))
        try:
            if len(_MADE) >= _MAX_MADE:
                _MADE.clear()
            _MADE[key] = made
        except TypeError:
            return made
    _LAST[made.facts.wire] = (dict(options), made)
    return made


def wire_checks(wire: object) -> WireChecks:
    """What ``lint`` knows of ``wire``: its own checks and the data the generic checks
    read; ``ValueError`` for an unknown wire."""
    return _MODULES[wire_facts(wire).wire].checks


def turn_shape(wire: object) -> TurnShape:
    """How ``wire`` puts a tool turn into messages; ``ValueError`` for an unknown wire."""
    return _CLASSES[wire_facts(wire).wire][2]


def turn(
    wire: object,
    options: ConvertOptions,
    calls: object,
    results: object,
    echo: object,
    hoist: object,
    function: str = "tool_turn",
) -> TurnParts:
    """One tool turn on ``wire`` (SPEC 7), its results converted as ``to()`` does.

    ``calls`` and ``results`` are the caller's lists of ``ToolCall`` and ``ToolResult``.

    :raises ValueError: unknown wire, a pairing problem, hoisting without ``image_input``.
    :raises TypeError: an entry of the wrong type, ``echo`` or ``hoist`` not a ``bool``
        (naming ``function``'s argument); an unknown option, or ``response_tag`` not a ``str``.
    """
    neutral = neutral_calls(calls, function)
    given = neutral_results(results, function)
    if not isinstance(echo, bool):
        raise TypeError(f"{function}: echo must be a bool, not {type(echo).__name__}")
    if not isinstance(hoist, bool):
        raise TypeError(f"{function}: hoist_images must be a bool, not {type(hoist).__name__}")
    made = converter(wire, options)
    return assemble(_CLASSES[made.facts.wire][2], made, neutral, given, echo, hoist)


def turn_messages(
    wire: object,
    options: ConvertOptions,
    calls: object,
    results: object,
    echo: object,
    hoist: object,
) -> list[Any]:
    """:func:`turn` as the one list ``tool_turn`` returns."""
    parts = turn(wire, options, calls, results, echo, hoist)
    return parts.echo + parts.results + parts.hoisted


#: How deep :func:`_plain` looks for SDK objects: far below any request's own nesting,
#: far above what a client library builds (a message's block's source), and within
#: Python's recursion limit; deeper values are read as they are.
PLAIN_DEPTH: Final = 200


def _plain(value: Any, depth: int = 0) -> Any:
    """``value`` with every SDK object in it, at any depth (to :data:`PLAIN_DEPTH`), as the
    JSON its client sends: ``model_dump(mode="json", by_alias=True, exclude_none=True)``.
    A container holding none is returned as it is; one holding some is copied, so the
    caller's containers are never mutated."""
    dump = getattr(value, "model_dump", None)
    if callable(dump) and not isinstance(value, (dict, list, str)):
        return dump(mode="json", by_alias=True, exclude_none=True)
    if depth >= PLAIN_DEPTH:
        return value
    if isinstance(value, dict):
        changed: dict[Any, Any] | None = None
        for key, item in value.items():
            plain = _plain(item, depth + 1)
            if plain is not item and changed is None:
                changed = dict(value)
            if changed is not None:
                changed[key] = plain
        return value if changed is None else changed
    if isinstance(value, (list, tuple)):
        items = [_plain(item, depth + 1) for item in value]
        if isinstance(value, list) and all(a is b for a, b in zip(items, value, strict=True)):
            return value
        return items
    return value


def read_block(wire: object, block: Any) -> ResultPart:
    """One tool-result block of ``wire`` as a neutral :class:`ResultPart` (paths from the
    block). Never raises for a malformed block: what cannot be read is left out.

    :raises ValueError: unknown wire.
    """
    return _READERS[wire_facts(wire).wire][0](_plain(block))


def read_request(wire: object, request: Any) -> ReadRequest:
    """A whole request of ``wire`` (its body, or just its list of messages, contents or
    input items; an SDK object is read through ``model_dump``) as a :class:`ReadRequest`.
    Malformed insides are ``problems``, never exceptions.

    :raises ValueError: unknown wire.
    :raises TypeError: the request is neither a dict nor a list.
    """
    return _READERS[wire_facts(wire).wire][1](_plain(request))


def block_payload_paths(wire: object, block: Any) -> frozenset[str]:
    """The paths (from the block) of every inline payload string in one of ``wire``'s
    tool-result blocks, as its reader finds them: what a view elides."""
    return frozenset(payload_paths(list(read_block(wire, block).parts)))


def request_payload_paths(wire: object, request: Any) -> frozenset[str]:
    """The paths (from the body: ``messages[2].images[0]``) of every inline payload string
    in a request of ``wire`` or its list of messages, as its reader finds them."""
    read = read_request(wire, request)
    return frozenset(
        [path for message in read.messages for path in payload_paths(list(message.parts))]
    )


def read_native_block(block: Any) -> Part:
    """An Anthropic-native block a caller put in MCP content (SPEC 2), read by the
    anthropic reader as one block of a ``tool_result`` (paths from the block)."""
    return anthropic.read_content(Reading("anthropic"), block, "", True)


def request_shape(wire: object) -> RequestShape:
    """How ``wire`` writes user messages, assistant messages and the body (SPEC 9);
    ``ValueError`` for an unknown wire."""
    return _REQUESTS[wire_facts(wire).wire]
