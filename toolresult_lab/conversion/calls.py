"""The tool calls of an assistant turn: what the model asked for, in any provider's shape.

:class:`ToolCall` is the public face of a neutral call (``wires._turn.CallData``, read by
every wire); :meth:`ToolCall.from_wire` reads the calls out of one assistant turn as a
provider sent it, each wire through its own reader (``wires/<wire>/``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..wires import CallData, make_call, wire_module
from .encoding import MAX_DEPTH, clone, json_encode
from .facts import FACTS

__all__ = ["ToolCall"]

_REPR_ARGUMENTS: Final = 60


def _require(field: str, value: object, kind: type | tuple[type, ...], expected: str) -> None:
    if not isinstance(value, kind):
        raise TypeError(f"ToolCall.{field} must be {expected}, not {type(value).__name__}")


class ToolCall:
    """One tool call the model made: its call id, the tool's name and the arguments.

    ``arguments`` is a ``dict`` or the JSON text the model wrote (kept verbatim where a
    wire echoes arguments as text); ``extra`` maps a wire name to provider fields kept
    for the echo on that wire, such as Gemini's ``thoughtSignature``. Immutable; owns
    strict-JSON copies of its values (SPEC 6), and hands out copies.

    >>> call = ToolCall(id="call_1", name="get_weather", arguments='{"city": "Köln"}')
    >>> call.args
    {'city': 'Köln'}
    >>> ToolCall(name="f", arguments="not json").args   # malformed: {} (the loop goes on)
    {}
    """

    __slots__ = ("_data",)

    def __init__(
        self,
        *,
        id: str = "",
        name: str,
        arguments: dict[str, Any] | str | None = None,
        extra: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        _require("id", id, str, "a str")
        _require("name", name, str, "a str")
        if not name:
            raise ValueError("ToolCall.name must not be empty")
        if arguments is not None:
            _require("arguments", arguments, (dict, str), "a dict or a str (the model's JSON)")
        fields: dict[str, Any] | None = None
        if extra is not None:
            _require("extra", extra, dict, "a dict of wire name -> dict of fields")
            fields = {}
            for wire, given in extra.items():
                if not isinstance(wire, str) or wire not in FACTS:  # a registered one too
                    raise ValueError(
                        f"ToolCall.extra: {wire!r} is not a wire; known wires: {', '.join(FACTS)}"
                    )
                if not isinstance(given, dict):
                    raise TypeError(
                        f"ToolCall.extra[{wire!r}] must be a dict, not {type(given).__name__}"
                    )
                wire_module(wire).turn.check_extra(given)
                fields[wire] = given
        self._data: CallData = make_call(id, name, arguments, fields)

    # -- fields ---------------------------------------------------------------

    @property
    def id(self) -> str:
        """The provider's call id; ``""`` where the provider gives none (ollama, hermes)."""
        return self._data.id

    @property
    def name(self) -> str:
        """The tool's name."""
        return self._data.name

    @property
    def arguments(self) -> dict[str, Any] | str:
        """The arguments as given: a copy of the ``dict``, or the model's text verbatim."""
        arguments: dict[str, Any] | str = clone(self._data.arguments)
        return arguments

    @property
    def args(self) -> dict[str, Any]:
        """The arguments as an object (a copy): the text parsed, ``{}`` when it is not a
        JSON object. What anthropic, gemini, ollama and hermes echo."""
        args: dict[str, Any] = clone(self._data.args)
        return args

    @property
    def argtext(self) -> str:
        """The arguments as text: the model's ``str`` verbatim, else compact JSON in key
        order. What openai and responses echo."""
        return self._data.argtext

    @property
    def extra(self) -> dict[str, dict[str, Any]]:
        """A copy of the provider fields by wire (wires without fields left out)."""
        extra: dict[str, dict[str, Any]] = clone(self._data.extra)
        return extra

    # -- reading a provider's assistant turn ------------------------------------

    @classmethod
    def from_wire(cls, wire: str, message: Any) -> tuple[ToolCall, ...]:
        """The calls of one assistant turn in ``wire``'s own response shape, in order.

        ``message`` is a dict (or list) as the provider's JSON has it, or an official SDK
        object (anything with ``model_dump()``): openai a message or ``ChatCompletion``;
        anthropic a message, ``Message`` or its content list; gemini a ``Content``,
        ``GenerateContentResponse`` or parts list; ollama a ``Message`` or ``ChatResponse``;
        responses a ``Response`` or its output items; hermes the assistant's text. Text,
        thinking and server-side tool blocks are skipped; no choices or candidates: ``()``.

        :raises ValueError: unknown wire; a malformed call or message, saying where.
        :raises TypeError: ``message`` is none of the above.
        """
        shape = wire_module(wire).turn
        plain = _plain(message, 0)
        if not isinstance(plain, (dict, list, str)):
            raise TypeError(
                f"ToolCall.from_wire({shape.wire!r}): message must be a dict, a list, a str or"
                f" an SDK object with model_dump(), not {type(message).__name__}"
            )
        calls = []
        for read in shape.read(plain):
            try:
                calls.append(
                    cls(id=read.id, name=read.name, arguments=read.arguments, extra=read.extra)
                )
            except (TypeError, ValueError) as error:
                raise ValueError(f"{shape.wire}: {read.where}: {error}") from None
        return tuple(calls)

    # -- value semantics --------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        data = self._data
        return (data.id, data.name, type(data.arguments), data.arguments, data.extra)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ToolCall):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self._data.id, self._data.name))

    def __copy__(self) -> ToolCall:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ToolCall:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        data = self._data
        return (_make, (data.id, data.name, data.arguments, data.extra or None))

    def __repr__(self) -> str:
        data = self._data
        arguments = data.arguments
        shown = json_encode(arguments) if isinstance(arguments, dict) else repr(arguments)
        if len(shown) > _REPR_ARGUMENTS:
            shown = shown[: _REPR_ARGUMENTS - 1] + "…"
        parts = [f"id={data.id!r}", f"name={data.name!r}", f"arguments={shown}"]
        if data.extra:  # field names only: a thought signature is a payload
            fields = ", ".join(f"{w!r}: {sorted(f)}" for w, f in data.extra.items())
            parts.append(f"extra={{{fields}}}")
        return f"ToolCall({', '.join(parts)})"


def _make(
    id: str, name: str, arguments: dict[str, Any] | str, extra: dict[str, Any] | None
) -> ToolCall:
    return ToolCall(id=id, name=name, arguments=arguments, extra=extra)


def _plain(value: Any, depth: int) -> Any:
    """``value`` with every SDK object dumped to its JSON field names (bytes kept as bytes:
    a gemini reader encodes a thought signature itself)."""
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(by_alias=True, exclude_none=True)
    if depth > MAX_DEPTH:  # left as it is: strict_copy reports the nesting
        return value
    if isinstance(value, dict):
        return {key: _plain(item, depth + 1) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item, depth + 1) for item in value]
    return value
