"""The wire registry: one converter module per wire, looked up by name.

Each module (``openai``, ``anthropic``, ``gemini``, ``ollama``, ``responses``,
``hermes``, ``bedrock``) declares its facts and owns its rules, for the block and for the tool turn
around it; this module only finds them and keeps one configured converter per (wire,
option set).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Set
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Final

from ..conversion.nesting import check_nesting
from ..conversion.options import ConvertOptions, Resolved, options_key
from . import anthropic, bedrock, gemini, hermes, ollama, openai, responses
from ._check import (
    Add,
    Check,
    ModelView,
    PrefixFacts,
    Scope,
    WireChecks,
    body_value,
    items,
    named,
    parts_of,
    short,
)
from ._common import WIRES, Converter, RequiredField, Source, Wire, WireFacts, exhausted, prepare
from ._data import Alteration, ApiPaths, ImageTokenRule, OfficialClient, TokenRules
from ._edit import IdFormat, IdStyle, RequestEdits, made_id
from ._fix import Stage
from ._limits import Limit, LimitScope, Measure
from ._live import LiveMapping, LiveSet
from ._plain import plain as _plain
from ._protocol import WireModule
from ._read import (
    MISSING,
    CallPart,
    ContentPart,
    DocumentPart,
    ImagePart,
    Message,
    OpaquePart,
    Part,
    Problem,
    Reading,
    ReadRequest,
    ResultPart,
    TextPart,
    payload_paths,
    split_data_url,
)
from ._settings import Note, Settings, SettingsShape, ToolNames, ToolSpec, all_lost, read_settings
from ._settings import write_settings as _write_settings
from ._tool_defs import ToolDefs
from ._turn import (
    CallData,
    ReadCall,
    TurnParts,
    TurnShape,
    assemble,
    hoist_text,
    make_call,
    neutral_calls,
    neutral_results,
)
from ._write import RequestShape
from .anthropic.blocks import AnthropicToolResult
from .bedrock import MAX_DOCUMENTS as BEDROCK_MAX_DOCUMENTS
from .bedrock import for_boto3
from .bedrock.blocks import BedrockToolResult, BedrockToolResultBody
from .gemini.blocks import (
    GeminiFunctionResponse,
    GeminiFunctionResponsePart,
    GeminiInlineData,
    GeminiInlinePart,
)
from .gemini.checks import IMAGE_TYPES as GEMINI_IMAGE_MIMES
from .gemini.checks import RESPONSE_TYPES as GEMINI_RESPONSE_MIMES
from .gemini.signatures import SIGNATURE_FIELD, SKIP_SIGNATURE
from .ollama.blocks import OllamaToolMessage
from .openai.blocks import OpenAIToolMessage
from .responses.blocks import (
    ResponsesFunctionCallOutput,
    ResponsesInputFile,
    ResponsesInputImage,
    ResponsesInputText,
)

__all__ = [
    "BEDROCK_MAX_DOCUMENTS",
    "FACTS",
    "GEMINI_IMAGE_MIMES",
    "GEMINI_RESPONSE_MIMES",
    "HEADS",
    "ID_FORMATS",
    "MISSING",
    "RESULT_BLOCK_TYPES",
    "SIGNATURE_FIELD",
    "SKIP_SIGNATURE",
    "WIRES",
    "Add",
    "Alteration",
    "AnthropicToolResult",
    "ApiPaths",
    "BedrockToolResult",
    "BedrockToolResultBody",
    "CallData",
    "CallPart",
    "Check",
    "ContentPart",
    "Converter",
    "DocumentPart",
    "GeminiFunctionResponse",
    "GeminiFunctionResponsePart",
    "GeminiInlineData",
    "GeminiInlinePart",
    "IdFormat",
    "IdStyle",
    "ImagePart",
    "ImageTokenRule",
    "Limit",
    "LimitScope",
    "Measure",
    "Message",
    "ModelView",
    "Note",
    "OfficialClient",
    "OllamaToolMessage",
    "OpaquePart",
    "OpenAIToolMessage",
    "Part",
    "PrefixFacts",
    "Problem",
    "ReadCall",
    "ReadRequest",
    "Reading",
    "RequestEdits",
    "RequestShape",
    "RequiredField",
    "ResponsesFunctionCallOutput",
    "ResponsesInputFile",
    "ResponsesInputImage",
    "ResponsesInputText",
    "ResultPart",
    "Scope",
    "Settings",
    "Source",
    "Stage",
    "TextPart",
    "TokenRules",
    "ToolNames",
    "ToolSpec",
    "TurnShape",
    "Wire",
    "WireChecks",
    "WireFacts",
    "WireModule",
    "block_payload_paths",
    "body_value",
    "check_request",
    "converter",
    "exhausted",
    "for_boto3",
    "hoist_text",
    "id_format_for",
    "is_document",
    "items",
    "list_key",
    "made_id",
    "make_call",
    "named",
    "neutral_calls",
    "neutral_results",
    "new_call_id",
    "parts_of",
    "payload_paths",
    "plain_request",
    "prepare",
    "read_block",
    "read_native_block",
    "read_request",
    "register",
    "registered",
    "settings_of",
    "settings_shape",
    "short",
    "split_data_url",
    "tool_defs",
    "turn",
    "turn_messages",
    "unregister",
    "wire_facts",
    "wire_module",
    "write_settings",
]

#: Every wire, whole (``wires/<wire>/__init__.py`` defines each one's ``WIRE``), in SPEC
#: order, then any :func:`register` added: the registry's one table; everything else
#: here is read from it.
_MODULES: Final[dict[str, WireModule]] = {
    module.WIRE.name: module.WIRE
    for module in (openai, anthropic, gemini, ollama, responses, hermes, bedrock)
}


class _Facts(Mapping[str, WireFacts]):
    """Every registered wire's facts by name: a live view of :data:`_MODULES`."""

    def __getitem__(self, name: str) -> WireFacts:
        return _MODULES[name].facts

    def __iter__(self) -> Iterator[str]:
        return iter(_MODULES)

    def __len__(self) -> int:
        return len(_MODULES)

    def __repr__(self) -> str:
        return f"FACTS({list(_MODULES)!r})"


#: Every wire's facts, by name, in SPEC order (then any :func:`register` added).
FACTS: Final[Mapping[str, WireFacts]] = _Facts()
#: What is read from every registered wire at once (:data:`HEADS`,
#: :data:`RESULT_BLOCK_TYPES`), made on first use and again only after :func:`register` or
#: :func:`unregister` changed the table (they empty it): no cost per lookup beyond a dict's.
_DERIVED: Final[dict[str, Any]] = {}


def _heads() -> frozenset[str]:
    found: frozenset[str] | None = _DERIVED.get("heads")
    if found is None:
        found = _DERIVED["heads"] = frozenset().union(
            *(wire.edits.heads for wire in _MODULES.values())
        )
    return found


def _id_formats() -> dict[str, IdFormat]:
    found: dict[str, IdFormat] | None = _DERIVED.get("id_formats")
    if found is None:
        found = _DERIVED["id_formats"] = {
            p: f for w in _MODULES.values() for p, (_, f) in w.edits.profile_ids.items()
        } | {n: w.edits.id_format for n, w in _MODULES.items() if w.edits.id_format is not None}
    return found


def _result_block_types() -> dict[str, frozenset[str]]:
    found: dict[str, frozenset[str]] | None = _DERIVED.get("result_blocks")
    if found is None:
        found = _DERIVED["result_blocks"] = {
            name: wire.checks.result_blocks
            for name, wire in _MODULES.items()
            if wire.checks.result_blocks
        }
    return found


#: The body keys that come before the message list in request order (system parts), on
#: every registered wire (one :func:`register` added counts).
HEADS: Final[Set[str]] = LiveSet("HEADS", _heads)
#: ``call-id-format``'s data, by profile or wire (a profile's entry wins over its wire's):
#: each wire's own declaration (``RequestEdits.id_format``, ``profile_ids``), gathered.
ID_FORMATS: Final[Mapping[str, IdFormat]] = LiveMapping("ID_FORMATS", _id_formats)
#: The block types a tool result may hold, by the registered wires that check them (SPEC 8
#: ``tool-result-content``; each wire's ``checks.result_blocks``).
RESULT_BLOCK_TYPES: Final[Mapping[str, frozenset[str]]] = LiveMapping(
    "RESULT_BLOCK_TYPES", _result_block_types
)

# Caches keyed by wire name keep the module they were made from, and serve only while that
# module is still the one registered: a wire registered again never gets its old entries.
#: Each wire's name for the list a bare request is (read once, from an empty list).
_LIST_KEYS: Final[dict[str, tuple[WireModule, str]]] = {}
_MADE: Final[dict[tuple[Any, ...], tuple[WireModule, Converter]]] = {}
_MAX_MADE: Final = 1024
#: Each wire's last options (a copy) and their converter: what :func:`converter` tries first.
_LAST: Final[dict[str, tuple[WireModule, dict[str, Any], Converter]]] = {}


def register(wire: object) -> None:
    """Add ``wire`` (a :class:`WireModule`) to the registry: a wire defined outside the
    package (one module and its data) is looked up by name like the seven. :data:`WIRES`
    keeps the seven. (``object``: the compiled build would check a ``WireModule`` parameter
    with mypyc's own message, not this one.)

    :raises TypeError: ``wire`` is not a :class:`WireModule`.
    :raises ValueError: a wire of that name is registered already.
    """
    if not isinstance(wire, WireModule):
        raise TypeError(f"register: expected a WireModule, not {type(wire).__name__}")
    name = wire.name
    if name in _MODULES:
        raise ValueError(f"register: a wire named {name!r} is registered already")
    _MODULES[name] = wire
    _DERIVED.clear()


def unregister(name: str) -> WireModule:
    """Remove the wire :func:`register` added as ``name``, and return it (the converters
    made for it are never served again: each cache entry keeps the module it came from).

    :raises ValueError: ``name`` is one of :data:`WIRES`, or no registered wire.
    """
    if name in WIRES:
        raise ValueError(f"unregister: {name!r} is one of the package's wires")
    if name not in _MODULES:
        raise ValueError(f"unregister: no wire named {name!r} is registered")
    _DERIVED.clear()
    return _MODULES.pop(name)


@contextmanager
def registered(wire: WireModule) -> Iterator[WireModule]:
    """``wire`` registered for the ``with`` block, unregistered after it (for tests)."""
    register(wire)
    try:
        yield wire
    finally:
        unregister(wire.name)


def wire_module(wire: object) -> WireModule:
    """The whole :class:`WireModule` of ``wire``: what callers ask instead of comparing
    wire names; ``ValueError`` naming it and listing the known wires."""
    found = _MODULES.get(wire) if isinstance(wire, str) else None
    if found is None:
        raise ValueError(f"unknown wire {wire!r}; known wires: {', '.join(_MODULES)}")
    return found


def wire_facts(wire: object) -> WireFacts:
    """The facts of ``wire``; ``ValueError`` naming it and listing the known wires."""
    return wire_module(wire).facts


_ABSENT: Final = object()


def converter(wire: object, options: ConvertOptions) -> Converter:
    """The converter of ``wire`` configured for ``options`` (made once per option set).

    :raises ValueError: unknown wire, or a ``response_tag`` that is not a plain tag name.
    :raises TypeError: unknown option, or ``response_tag`` not a ``str``.
    """
    # ``to()`` asks on every call, mostly with the options of the call before: each
    # wire's last options (a copy) and converter are tried first, one dict comparison.
    module = _MODULES.get(wire) if isinstance(wire, str) else None
    last = _LAST.get(module.name) if module is not None else None
    if last is not None and last[0] is module:
        try:
            if last[1] == options:
                return last[2]
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
        kept = _MADE[key]
    except (KeyError, TypeError):  # TypeError: an unhashable value (not kept)
        kept = None
    if kept is not None and kept[0] is module:
        made = kept[1]
    else:
        module = wire_module(wire)
        facts = module.facts
        made = module.converter(facts, Resolved(options_key(options), facts.defaults))
        try:
            if len(_MADE) >= _MAX_MADE:
                _MADE.clear()
            _MADE[key] = (module, made)
        except TypeError:
            return made
    _LAST[module.name] = (module, dict(options), made)
    return made


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
    return assemble(wire_module(wire).turn, made, neutral, given, echo, hoist)


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


def read_block(wire: object, block: Any) -> ResultPart:
    """One tool-result block of ``wire`` as a neutral :class:`ResultPart` (paths from the
    block). Never raises for a malformed block: what cannot be read is left out.

    :raises ValueError: unknown wire.
    """
    return wire_module(wire).read_block(_plain(block))


def read_request(wire: object, request: Any) -> ReadRequest:
    """A whole request of ``wire`` (its body, or just its list of messages, contents or
    input items; an SDK object is read through ``model_dump``) as a :class:`ReadRequest`.
    Malformed insides are ``problems``, never exceptions.

    :raises ValueError: unknown wire; a request too deep, holding itself or too large
        (:func:`check_request`, naming where).
    :raises TypeError: the request is neither a dict nor a list.
    """
    module = wire_module(wire)
    check_request(module.name, request)
    plain = _plain(request)
    if plain is not request:  # SDK objects dumped: what they hold is checked too
        check_request(module.name, plain)
    return module.read_request(plain)


def check_request(wire: object, request: Any) -> None:
    """The one guard every reader of a whole request goes through (``lint``, ``repair``,
    ``translate`` and the views read it through :func:`read_request`; ``translate`` asks
    first, before its own walk): :func:`~toolresult_lab.conversion.nesting.check_nesting`, its paths
    named as ``wire``'s (a bare list's start with ``messages``, ``contents``, ``input``).

    :raises ValueError: unknown wire; the request nested too deep, holding itself, or
        spelling too many values as JSON (naming where).
    """
    if isinstance(request, (list, tuple)):
        check_nesting(request, list_key(wire))
    else:
        wire_module(wire)  # an unknown wire is named first
        check_nesting(request)


def list_key(wire: object) -> str:
    """The key of ``wire``'s conversation in a request body (``messages``, ``input``,
    ``contents``), as its reader names it; ``ValueError`` for an unknown wire."""
    module = wire_module(wire)
    kept = _LIST_KEYS.get(module.name)
    if kept is None or kept[0] is not module:
        kept = _LIST_KEYS[module.name] = (module, module.read_request([]).key)
    return kept[1]


def plain_request(wire: object, request: Any) -> Any:
    """``request`` as JSON (SDK objects dumped as their client sends them), checked as
    :func:`read_request` checks it, not read (``history`` reads only what differs).

    :raises ValueError: as :func:`check_request`. :raises TypeError: not a dict or a list.
    """
    name = wire_facts(wire).wire
    check_request(name, request)
    plain = _plain(request)
    if plain is not request:
        check_request(name, plain)
    if not isinstance(plain, (dict, list)):
        raise TypeError(f"a request must be a dict or a list, not {type(plain).__name__}")
    return plain


def block_payload_paths(wire: object, block: Any) -> frozenset[str]:
    """The paths (from the block) of every inline payload string in one of ``wire``'s
    tool-result blocks, as its reader finds them: what a view elides."""
    return frozenset(payload_paths(list(read_block(wire, block).parts)))


def read_native_block(block: Any) -> Part:
    """An Anthropic-native block a caller put in MCP content (SPEC 2), read by the
    anthropic reader as one block of a ``tool_result`` (paths from the block)."""
    return anthropic.read_content(Reading("anthropic"), block, "", True)


def id_format_for(wire: str, profile: str | None) -> IdFormat | None:
    """The id format on ``wire`` with ``profile`` (``None``: any id), as the wire declares it."""
    return wire_module(wire).edits.id_format_of(profile)


def new_call_id(wire: str, profile: str | None, old: str, taken: set[str], salt: str = "") -> str:
    """A valid id for ``old`` on ``wire`` (with ``profile``), deterministic and unused
    (``taken`` is updated): how repair maps ids, and translate too (SPEC 9)."""
    return wire_module(wire).edits.id_style(profile).make(old, taken, salt)


def is_document(part: Part) -> bool:
    """A document block: an inline file, or a block its wire reads as opaque that is a
    document all the same (a bedrock ``document`` with an S3 or text source)."""
    if isinstance(part, DocumentPart):
        return True
    found = _MODULES.get(part.wire) if isinstance(part, OpaquePart) else None
    return (
        found is not None and isinstance(part, OpaquePart) and found.edits.is_opaque_document(part)
    )


def settings_shape(wire: object) -> SettingsShape:
    """How ``wire`` holds a request's settings (SPEC 9); ``ValueError`` for an unknown wire
    or one without settings."""
    shape = wire_module(wire).settings
    if shape is None:
        raise ValueError(f"the {wire} wire reads and writes no request settings")
    return shape


def tool_defs(wire: object) -> tuple[SettingsShape, ToolDefs]:
    """What writes MCP tools as ``wire``'s definitions (issue 40: ``tools_for``): its
    settings shape and its :class:`ToolDefs`; ``ValueError`` for an unknown wire or one
    that writes none."""
    module = wire_module(wire)
    defs = module.tool_defs
    if module.settings is None or defs is None:
        raise ValueError(f"wire: the {wire} wire writes no tool definitions")
    if defs.same_as is not None:
        like = _MODULES[defs.same_as].tool_defs
        if like is not None:
            defs = replace(defs, strict=like.strict, sources=like.sources)
    return module.settings, defs


def settings_of(wire: object, request: Any) -> Settings | None:
    """The settings of a request body of ``wire``; None for a bare message list, a body
    that holds its conversation only, or a wire that declares no settings shape."""
    shape = wire_module(wire).settings
    return None if shape is None else read_settings(shape, request)


def write_settings(
    dst: str,
    settings: Settings | None,
    body: dict[str, Any],
    called: list[str],
    losses: list[Note],
    notes: list[Note],
    model: str | None = None,
    source: str = "",
) -> None:
    """``settings`` written into ``body`` (of ``dst``), each one with no counterpart a loss;
    see ``wires._settings.write_settings``."""
    shape = wire_module(dst).settings
    if shape is None:  # a wire that holds no settings: each one read is lost
        losses.extend(all_lost(settings, wire_facts(dst).wire))
        return
    models = wire_module(dst).checks.models
    _write_settings(shape, settings, body, called, losses, notes, model, source, models)
