"""Tool turns (SPEC 7): what every wire's turn shape shares.

A tool turn is the assistant's echo of its calls followed by the results, in the wire's
own messages. Each wire module declares a :class:`TurnShape` beside its block converter:
how it echoes calls, how its result blocks sit in messages, how it reads the calls of
the provider's assistant turn (``ToolCall.from_wire``) and, on openai and ollama, the
user message that hoists images. This module holds what is the same on every wire: the
neutral call (:class:`CallData`, which owns the argument rule), the merge of ``extra``,
the pairing of results with calls, the hoisted message's text, and the assembly of a
turn. ``ToolCall`` and ``tool_turn`` (pure Python: ``calls``, ``turns``) are its face.
"""

from __future__ import annotations

import json
from typing import Any, Final, Literal

from mypy_extensions import mypyc_attr

from ..conversion.encoding import MAX_DEPTH, clone, strict_copy, strict_text
from ..conversion.options import Resolved
from ._common import Converter, Source, hoistable_images
from ._read import CallPart, Reading, at_index, at_key

__all__ = [
    "CallData",
    "ReadCall",
    "TurnParts",
    "TurnShape",
    "assemble",
    "function_calls",
    "hoist_text",
    "make_call",
    "malformed",
    "neutral_calls",
    "neutral_results",
    "ordered_json",
    "pair",
    "read_arguments",
    "read_dict",
    "read_function_calls",
    "read_id",
    "read_list",
    "read_name",
    "with_extra",
]

_ENTRY_FIELDS: Final = ("id", "type", "function")
_TOO_DEEP: Final = f"ToolCall.arguments is nested deeper than {MAX_DEPTH} levels"
_ORDERED: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def ordered_json(value: Any) -> str:
    """Compact JSON that keeps key order and non-ASCII characters (the SPEC 7 ``argtext``
    of object arguments, and the hermes echo): unlike section 3's JSON, not sorted."""
    return _ORDERED.encode(value)


# ------------------------------------------------------------------------------------------
# The neutral call
# ------------------------------------------------------------------------------------------


class CallData:
    """One tool call as every wire reads it: strict JSON, owned, never handed out.

    ``args`` is the arguments as an object and ``argtext`` as text (SPEC 7): a ``str``
    of arguments is ``argtext`` verbatim and parsed for ``args`` (``{}`` when it is not
    a JSON object); object arguments are ``args`` and their compact JSON ``argtext``.
    ``args_json`` is :func:`ordered_json` of ``args`` (made once: hermes echoes it).
    """

    __slots__ = ("args", "args_json", "argtext", "arguments", "extra", "flat", "id", "memo", "name")

    def __init__(
        self,
        id: str,
        name: str,
        arguments: dict[str, Any] | str,
        args: dict[str, Any],
        argtext: str,
        args_json: str,
        extra: dict[str, dict[str, Any]],
    ) -> None:
        self.id: Final = id
        self.name: Final = name
        self.arguments: Final = arguments
        """The arguments as given: a ``dict``, or the ``str`` the model wrote."""
        self.args: Final = args
        self.argtext: Final = argtext
        self.args_json: Final = args_json
        self.extra: Final = extra
        """Wire name -> provider fields for that wire's echo (empty dicts left out)."""
        flat = True
        for value in args.values():
            if isinstance(value, (dict, list)):
                flat = False
                break
        self.flat: Final = flat
        self.memo: Final[dict[str, str]] = {}
        """Text a wire's echo makes of this call alone, kept by wire name (made once: a
        ``str`` is immutable, so a turn can share it)."""

    def fresh_args(self) -> dict[str, Any]:
        """A copy of ``args`` for one echo, which its caller may change (a flat object is
        copied in one step)."""
        if self.flat:
            return self.args.copy()
        fresh: dict[str, Any] = clone(self.args)
        return fresh


def _parsed(text: str) -> dict[str, Any]:
    """A ``str`` of arguments as an object: ``json.loads``, then strict; ``{}`` unless an object."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise ValueError(_TOO_DEEP) from None
    except ValueError:
        return {}
    if not isinstance(value, dict):
        return {}
    parsed: dict[str, Any] = strict_copy(value, "ToolCall.arguments")
    return parsed


def make_call(
    id: str, name: str, arguments: dict[str, Any] | str | None, extra: dict[str, Any] | None
) -> CallData:
    """The neutral call from a caller's values (their types already checked).

    Strings lose their lone surrogates; arguments and ``extra`` become strict JSON
    copies (SPEC 6 applies to them as to content).

    :raises ValueError: arguments or ``extra`` nested deeper than the toolkit supports.
    """
    fields: dict[str, dict[str, Any]] = {}
    if extra:
        for wire, given in extra.items():
            if given:
                fields[wire] = strict_copy(given, f"ToolCall.extra[{wire!r}]")
    id = strict_text(id)
    name = strict_text(name)
    if arguments is None:
        return CallData(id, name, {}, {}, "{}", "{}", fields)
    if isinstance(arguments, str):
        text = strict_text(arguments)
        args = _parsed(text)
        return CallData(id, name, text, args, text, ordered_json(args), fields)
    owned: dict[str, Any] = strict_copy(arguments, "ToolCall.arguments")
    argtext = ordered_json(owned)
    return CallData(id, name, owned, owned, argtext, argtext, fields)


def with_extra(entry: dict[str, Any], call: CallData, wire: str) -> dict[str, Any]:
    """``entry`` with ``call.extra[wire]`` merged in, never replacing a key it already has."""
    fields = call.extra.get(wire)
    if fields:
        for key, value in fields.items():
            if key not in entry:
                entry[key] = clone(value)
    return entry


# ------------------------------------------------------------------------------------------
# Reading the calls of an assistant turn
# ------------------------------------------------------------------------------------------


class ReadCall:
    """One call as read from a provider's message, before it becomes a ``ToolCall``."""

    __slots__ = ("arguments", "extra", "id", "name", "where")

    def __init__(
        self,
        where: str,
        id: str,
        name: str,
        arguments: Any,
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.where: Final = where
        """Where in the message the call was found (``tool_calls[1]``), for errors."""
        self.id: Final = id
        self.name: Final = name
        self.arguments: Final = arguments
        self.extra: Final = extra


def malformed(wire: str, where: str, problem: str) -> ValueError:
    """The error for a message a wire cannot read: ``"openai: tool_calls[0]: ..."``."""
    return ValueError(f"{wire}: {where}: {problem}")


def read_list(value: Any, wire: str, where: str) -> list[Any]:
    """A list field; absent (``None``) reads as empty."""
    if value is None:
        return []
    if isinstance(value, list):
        return value
    raise malformed(wire, where, f"expected a list, not {type(value).__name__}")


def read_dict(value: Any, wire: str, where: str) -> dict[str, Any]:
    """An object field."""
    if isinstance(value, dict):
        return value
    shown = "nothing" if value is None else type(value).__name__
    raise malformed(wire, where, f"expected an object, not {shown}")


def read_name(value: Any, wire: str, where: str) -> str:
    """A call's name: a non-empty ``str`` (a call without one is malformed)."""
    if isinstance(value, str) and value:
        return value
    if value is None or value == "":
        raise malformed(wire, where, "the call has no name")
    raise malformed(wire, where, f"the name must be a string, not {type(value).__name__}")


def read_id(value: Any, wire: str, where: str) -> str:
    """A call id: a ``str``; absent reads as ``""``."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    raise malformed(wire, where, f"the call id must be a string, not {type(value).__name__}")


def read_arguments(value: Any, wire: str, where: str) -> Any:
    """Arguments as a provider wrote them: an object, JSON text, or absent (``None``)."""
    if value is None or isinstance(value, (dict, str)):
        return value
    shown = type(value).__name__
    raise malformed(wire, where, f"arguments must be an object or JSON text, not {shown}")


def function_calls(
    reading: Reading, message: dict[str, Any], path: str, key: str
) -> list[CallPart]:
    """``message[key][i].function.{name, arguments}`` and ``.id``: the calls of an openai
    or ollama assistant message (``key``: the wire's, ``tool_calls``; a call whose ``type``
    is not ``function``, such as an OpenAI custom tool call, is skipped). ``extra``: an
    entry's other fields."""
    calls = []
    calls_path = at_key(path, key)
    for index, entry in enumerate(reading.list_at(message.get(key), calls_path)):
        at = at_index(calls_path, index)
        found = reading.dict_at(entry, at)
        if found is None:
            continue
        if found.get("type", "function") not in ("function", None):
            continue  # a custom tool call (free-form input) is not a function call
        function_path = at_key(at, "function")
        function = reading.dict_at(found.get("function"), function_path) or {}
        extra = {key: value for key, value in found.items() if key not in _ENTRY_FIELDS}
        calls.append(
            CallPart(
                at,
                reading.call_id(found.get("id"), at_key(at, "id")),
                reading.call_name(function.get("name"), at_key(function_path, "name")),
                reading.arguments(function.get("arguments"), function_path),
                extra,
            )
        )
    return calls


def read_function_calls(message: dict[str, Any], wire: str, where: str, key: str) -> list[ReadCall]:
    """:func:`function_calls` for ``ToolCall.from_wire``: strict (the first problem raises)."""
    reading = Reading(wire)
    calls = function_calls(reading, message, where.rstrip("."), key)
    reading.raise_first()
    return [ReadCall(call.path, call.id or "", call.name, call.arguments) for call in calls]


# ------------------------------------------------------------------------------------------
# A wire's turn shape
# ------------------------------------------------------------------------------------------


#: Where a call's results must sit: see :class:`TurnShape`.
ResultsZone = Literal["run", "next", "later"]


# A wire defined outside the package subclasses it (issue 24), on the compiled build too.
@mypyc_attr(allow_interpreted_subclasses=True)
class TurnShape:
    """How one wire puts a tool turn into messages (declared by its wire module).

    ``needs_call_ids``: the provider pairs results with calls by id only (openai,
    anthropic, responses, bedrock). ``hoists``: tool messages carry images only as
    placeholders, and a following user message can carry them (openai, ollama).
    Where a call's results must sit (SPEC 8's pairing rules, which lint checks):
    ``results_zone`` is ``"run"`` (the run of tool messages right after the call's
    message), ``"next"`` (the very next message) or ``"later"`` (anywhere after it);
    ``results_where`` says the same in words, for findings; ``results_first``: they come
    first in that next message, before any other block (anthropic, bedrock).
    ``merged_roles``: the roles whose consecutive messages the provider combines into one
    turn before it pairs (anthropic: user and assistant; gemini: model contents), so "the
    next message" after a run of them is the message after the run.
    ``joined_results``: consecutive messages of a role that hold only results answer the
    calls the first one answers (gemini: parallel responses one per user content).
    """

    def __init__(
        self,
        wire: str,
        *,
        results_zone: ResultsZone,
        results_where: str,
        needs_call_ids: bool = False,
        hoists: bool = False,
        results_first: bool = False,
        merged_roles: frozenset[str] = frozenset(),
        joined_results: bool = False,
    ) -> None:
        self.wire: Final = wire
        self.merged_roles: Final = merged_roles
        self.joined_results: Final = joined_results
        self.needs_call_ids: Final = needs_call_ids
        self.hoists: Final = hoists
        self.results_zone: Final = results_zone
        self.results_where: Final = results_where
        self.results_first: Final = results_first

    def echo(self, calls: list[CallData]) -> list[Any]:
        """The assistant's echo of ``calls``: its messages (or input items)."""
        raise NotImplementedError

    def results(self, blocks: list[Any]) -> list[Any]:
        """The result blocks, in call order, as this wire's messages."""
        raise NotImplementedError

    def hoisted(self, text: str, images: list[tuple[str, str]]) -> Any:
        """The user message carrying ``images`` (MIME type, base64) after the results."""
        raise AssertionError(f"{self.wire} does not hoist images")

    def read(self, message: Any) -> list[ReadCall]:
        """The calls of one assistant turn in this provider's response shape (plain JSON:
        SDK objects are dumped before), in order; other blocks are skipped.

        :raises ValueError: a malformed call or message, saying where.
        """
        raise NotImplementedError

    def check_extra(self, fields: dict[str, Any]) -> None:
        """Reject ``ToolCall.extra[wire]`` fields this wire's client cannot send."""


# ------------------------------------------------------------------------------------------
# Pairing and assembly
# ------------------------------------------------------------------------------------------


def _ids(ids: list[str]) -> str:
    return ", ".join([repr(i) for i in ids])


def _positions(field: str, positions: list[int]) -> str:
    return ", ".join([f"{field}[{p}]" for p in positions])


def _check_calls(shape: TurnShape, calls: list[CallData]) -> dict[str, int]:
    """Call ids are unique (and present where the wire needs them); id -> position."""
    if not calls:
        raise ValueError("tool_turn needs at least one call")
    positions: dict[str, int] = {}
    for index, call in enumerate(calls):
        call_id = call.id
        if call_id:
            first = positions.get(call_id)
            if first is not None:
                raise ValueError(
                    f"call id {call_id!r} is used by calls[{first}] and calls[{index}]:"
                    " call ids must be unique"
                )
            positions[call_id] = index
        elif shape.needs_call_ids:
            raise ValueError(
                f"{shape.wire} pairs results with calls by id, but calls[{index}]"
                f" ({call.name!r}) has no id"
            )
    return positions


def _by_id(calls: list[CallData], results: list[Source], positions: dict[str, int]) -> list[int]:
    """For each call, the position of the result that carries its id."""
    if len(positions) != len(calls):  # some call has no id
        lacking = [index for index, call in enumerate(calls) if not call.id]
        names = _ids([calls[index].name for index in lacking])
        raise ValueError(
            "the results carry call ids, so every call needs one:"
            f" {_positions('calls', lacking)} ({names}) have none"
        )
    answer = [-1] * len(calls)
    for index, result in enumerate(results):
        position = positions.get(result.id, -1)
        if position < 0:
            raise ValueError(
                f"results[{index}] answers call id {result.id!r}, which no call has"
                f" (call ids: {_ids([c.id for c in calls])})"
            )
        if answer[position] >= 0:
            raise ValueError(
                f"call id {result.id!r} is answered twice: results[{answer[position]}]"
                f" and results[{index}]"
            )
        answer[position] = index
    if len(results) != len(calls):
        missing = [calls[i].id for i in range(len(calls)) if answer[i] < 0]
        raise ValueError(f"no result answers call id {_ids(missing)}")
    return answer


def pair(shape: TurnShape, calls: list[CallData], results: list[Source]) -> list[Source]:
    """The results in call order, each under its call's name and id where it had none.

    Results pair by id when every one has an id, by position when none has (SPEC 7);
    a named result must carry its call's name.

    :raises ValueError: any pairing problem, naming the ids or positions.
    """
    positions = _check_calls(shape, calls)
    with_id = 0
    for result in results:
        if result.id:
            with_id += 1
    order: list[int] | None = None
    if with_id and with_id == len(results):
        order = _by_id(calls, results, positions)
    elif with_id:
        have = [index for index, result in enumerate(results) if result.id]
        lack = [index for index, result in enumerate(results) if not result.id]
        raise ValueError(
            f"{_positions('results', have)} carry call ids but {_positions('results', lack)}"
            " do not: give every result its call's id, or none (then results pair with calls"
            " by position)"
        )
    elif len(results) != len(calls):
        raise ValueError(
            f"{len(calls)} call(s) but {len(results)} result(s): results without call ids"
            " pair with calls by position, one result per call"
        )
    paired: list[Source] = []
    for index in range(len(calls)):
        call = calls[index]
        position = index if order is None else order[index]
        result = results[position]
        name = result.name
        if name and result.id:
            if name != call.name:
                raise _misnamed(position, name, index, call)
            paired.append(result)
        elif name and name != call.name:
            raise _misnamed(position, name, index, call)
        else:
            paired.append(result.renamed(name or call.name, result.id or call.id))
    return paired


def _misnamed(position: int, name: str, index: int, call: CallData) -> ValueError:
    label = f"call id {call.id!r}" if call.id else f"calls[{index}]"
    return ValueError(
        f"results[{position}] is named {name!r}, but it answers {label}, named {call.name!r}"
    )


def hoist_text(labels: list[str]) -> str:
    """The text of the hoisting user message: where each image came from, in order
    (``call_weather content[1]``: the call id, or its name, and the content index)."""
    return "Images from the tool results above: " + ", ".join(labels)


class TurnParts:
    """A turn in its parts: the echo, the result messages, the hoisting message (if any),
    the results as paired (call order, named), and where each hoisted image came from."""

    __slots__ = ("echo", "hoisted", "hoisted_from", "paired", "results")

    def __init__(
        self,
        echo: list[Any],
        results: list[Any],
        hoisted: list[Any],
        paired: list[Source],
        hoisted_from: list[tuple[int, int]],
    ) -> None:
        self.echo: Final = echo
        self.results: Final = results
        self.hoisted: Final = hoisted
        self.paired: Final = paired
        self.hoisted_from: Final = hoisted_from
        """(call position, content index) of each hoisted image, in order."""


def assemble(
    shape: TurnShape,
    convert: Converter,
    calls: list[CallData],
    results: list[Source],
    echo: bool,
    hoist: bool,
) -> TurnParts:
    """One tool turn: checked first (hoisting needs ``image_input``; pairing), then built.

    Each result block is what ``to()`` makes with the same options (``convert``).
    """
    options: Resolved = convert.options
    if hoist and not options.image_input:
        raise ValueError(
            "hoist_images=True needs image_input=True: hoisted images are for a model"
            " that reads images"
        )
    paired = pair(shape, calls, results)
    blocks = [convert.convert(source).block for source in paired]
    hoisted: list[Any] = []
    hoisted_from: list[tuple[int, int]] = []
    if hoist and shape.hoists:
        labels: list[str] = []
        images: list[tuple[str, str]] = []
        for position, source in enumerate(paired):
            call = calls[position]
            label = call.id or call.name
            for index, mime, data in hoistable_images(source):
                if convert.left_out(source, index) is not None:
                    continue  # not meant for the model (audience="assistant"): not hoisted
                labels.append(f"{label} content[{index}]")
                images.append((mime, data))
                hoisted_from.append((position, index))
        if images:
            hoisted.append(shape.hoisted(hoist_text(labels), images))
    return TurnParts(
        shape.echo(calls) if echo else [],
        shape.results(blocks),
        hoisted,
        paired,
        hoisted_from,
    )


def neutral_calls(calls: object, function: str) -> list[CallData]:
    """The converters' view of each of a list or tuple of ``ToolCall``.

    :raises TypeError: naming ``function``'s ``calls`` argument or the entry at fault.
    """
    return _neutral(calls, function, "calls", "ToolCall", CallData)


def neutral_results(results: object, function: str) -> list[Source]:
    """The converters' view of each of a list or tuple of ``ToolResult``.

    :raises TypeError: naming ``function``'s ``results`` argument or the entry at fault.
    """
    return _neutral(results, function, "results", "ToolResult", Source)


def _neutral(given: object, function: str, argument: str, public: str, neutral: type) -> list[Any]:
    """The ``_data`` of each public object in ``given`` (a list or tuple), checked by type.

    Only a ``ToolCall`` holds a ``CallData`` and only a ``ToolResult`` a ``Source``, so the
    type of ``_data`` identifies the public object without importing it (no import cycle).
    Checked here, compiled, because a turn's own cost should be little more than its
    ``to()`` calls.
    """
    if not isinstance(given, (list, tuple)):
        raise TypeError(
            f"{function}: {argument} must be a list or tuple of {public},"
            f" not {type(given).__name__}"
        )
    found: list[Any] = []
    for index, value in enumerate(given):
        data = getattr(value, "_data", None)
        if not isinstance(data, neutral):
            raise TypeError(
                f"{function}: {argument}[{index}] must be a {public}, not {type(value).__name__}"
            )
        found.append(data)
    return found
