"""The wire registry: one converter module per wire, looked up by name.

Each module (``openai``, ``anthropic``, ``gemini``, ``ollama``, ``responses``,
``hermes``) declares its facts and owns its rules, for the block and for the tool turn
around it; this module only finds them and keeps one configured converter per (wire,
option set).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..options import ConvertOptions, Resolved, options_key
from . import anthropic, gemini, hermes, ollama, openai, responses
from ._common import WIRES, Converter, Source, Wire, WireFacts, prepare
from ._turn import CallData, TurnParts, TurnShape, assemble, neutral_calls, neutral_results

__all__ = [
    "FACTS",
    "WIRES",
    "CallData",
    "Converter",
    "Source",
    "TurnParts",
    "TurnShape",
    "Wire",
    "WireFacts",
    "converter",
    "prepare",
    "turn",
    "turn_messages",
    "turn_shape",
    "wire_facts",
]

_CLASSES: Final[dict[str, tuple[WireFacts, type[Converter], TurnShape]]] = {
    "openai": (openai.FACTS, openai.OpenAIConverter, openai.TURN),
    "anthropic": (anthropic.FACTS, anthropic.AnthropicConverter, anthropic.TURN),
    "gemini": (gemini.FACTS, gemini.GeminiConverter, gemini.TURN),
    "ollama": (ollama.FACTS, ollama.OllamaConverter, ollama.TURN),
    "responses": (responses.FACTS, responses.ResponsesConverter, responses.TURN),
    "hermes": (hermes.FACTS, hermes.HermesConverter, hermes.TURN),
}
#: Every wire's facts, by name, in SPEC order.
FACTS: Final[Mapping[str, WireFacts]] = {wire: _CLASSES[wire][0] for wire in WIRES}

_MADE: Final[dict[tuple[Any, ...], Converter]] = {}
_MAX_MADE: Final = 1024


def wire_facts(wire: object) -> WireFacts:
    """The facts of ``wire``; ``ValueError`` naming it and listing the known wires."""
    found = _CLASSES.get(wire) if isinstance(wire, str) else None
    if found is None:
        raise ValueError(f"unknown wire {wire!r}; known wires: {', '.join(WIRES)}")
    return found[0]


_ABSENT: Final = object()


def converter(wire: object, options: ConvertOptions) -> Converter:
    """The converter of ``wire`` configured for ``options`` (made once per option set).

    :raises ValueError: unknown wire.
    :raises TypeError: unknown option, or ``response_tag`` not a ``str``.
    """
    # The options as given, and how many there are: equal keys mean the same options,
    # all of them known (a dict with an unknown name is never cached, so it never hits).
    key = (
        wire,
        options.get("image_input", _ABSENT),
        options.get("native_pdf", _ABSENT),
        options.get("source_blocks", _ABSENT),
        options.get("response_tag", _ABSENT),
        len(options),
    )
    try:
        return _MADE[key]
    except (KeyError, TypeError):  # TypeError: an unhashable value (not kept)
        pass
    facts = wire_facts(wire)
    made = _CLASSES[facts.wire][1](facts, Resolved(options_key(options), facts.defaults))
    try:
        if len(_MADE) >= _MAX_MADE:
            _MADE.clear()
        _MADE[key] = made
    except TypeError:
        pass
    return made


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
