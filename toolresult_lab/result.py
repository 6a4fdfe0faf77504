"""The value object: one tool's result, immutable, convertible to every wire."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NoReturn

from .encoding import clone, json_encode
from .explain import Explanation, block_type_label
from .facts import WIRES, Wire, WireFacts, carries_native, native_needs_vision, wire_facts
from .items import BlobItem, Item, NoteItem, normalize
from .mcp_input import mcp_result_dict
from .options import Options, resolve_options
from .wires import CONVERTERS, Converter

__all__ = ["ToolResult"]

_DICT_FIELDS = {
    "name": "name",
    "id": "id",
    "content": "content",
    "is_error": "is_error",
    "isError": "is_error",
    "structured_content": "structured_content",
    "structuredContent": "structured_content",
}
_REPR_TEXT = 40
#: (wire, options as given) -> what to call: skips validation on repeated option sets.
_NO_CONTENT: list[Any] = []  # the default; never mutated (the instance owns a copy)


def _require(field: str, value: Any, kind: type | tuple[type, ...], expected: str) -> None:
    if not isinstance(value, kind):
        raise TypeError(f"ToolResult.{field} must be {expected}, not {type(value).__name__}")


class ToolResult:
    """The canonical, provider-neutral result of one tool call.

    ``content`` is the MCP content list; anything inside it is accepted and degrades
    to a placeholder where a wire cannot carry it (nothing dies inside a tool loop).
    Instances are immutable and own a private copy of their content: the
    ``content`` and ``structured_content`` attributes return fresh copies.

    >>> r = ToolResult(name="get_weather", id="call_abc",
    ...                content=[{"type": "text", "text": "Sunny, 22C"}])
    >>> r.to("openai")
    {'role': 'tool', 'tool_call_id': 'call_abc', 'content': 'Sunny, 22C'}
    """

    __slots__ = ("_content", "_id", "_is_error", "_items", "_name", "_structured")
    _name: str
    _id: str
    _content: list[Any]
    _is_error: bool
    _structured: Any
    _items: tuple[Item, ...] | None

    #: The wire formats ``to()`` accepts.
    WIRES: tuple[Wire, ...] = WIRES

    def __init__(
        self,
        *,
        name: str = "",
        id: str = "",
        content: list[Any] = _NO_CONTENT,
        is_error: bool = False,
        structured_content: Any = None,
    ) -> None:
        _require("name", name, str, "a str")
        _require("id", id, str, "a str")
        _require("content", content, list, "a list of content blocks")
        _require("is_error", is_error, bool, "a bool")
        init = object.__setattr__
        init(self, "_name", name)
        init(self, "_id", id)
        init(self, "_content", clone(content))
        init(self, "_is_error", is_error)
        init(self, "_structured", clone(structured_content))
        init(self, "_items", None)

    # -- immutability ---------------------------------------------------------

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError(f"ToolResult is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"ToolResult is immutable: cannot delete {name!r}")

    def __copy__(self) -> ToolResult:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ToolResult:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (ToolResult.from_dict, (self.to_dict(),))

    # -- fields ---------------------------------------------------------------

    @property
    def name(self) -> str:
        """The tool's name (used by gemini, hermes and ollama's ``tool_name``)."""
        return self._name

    @property
    def id(self) -> str:
        """The provider call id this result answers; may be empty."""
        return self._id

    @property
    def content(self) -> list[Any]:
        """A copy of the MCP content list."""
        return clone(self._content)  # type: ignore[no-any-return]

    @property
    def is_error(self) -> bool:
        """True when the tool failed (anthropic sends ``is_error``)."""
        return self._is_error

    @property
    def structured_content(self) -> Any:
        """A copy of the MCP ``structuredContent``; ``None`` when absent."""
        return clone(self._structured)

    # The converters' view (the ``Source`` protocol of ``wires``): internal, not copied,
    # so not public. Nothing outside the package may mutate what these return.

    @property
    def _structured_value(self) -> Any:
        return self._structured

    @property
    def _neutral_items(self) -> tuple[Item, ...]:
        """The neutral items (SPEC section 2), computed once."""
        items = self._items
        if items is None:
            items = normalize(self._content)
            object.__setattr__(self, "_items", items)
        return items

    # -- conversion -----------------------------------------------------------

    def to(
        self,
        wire: str,
        *,
        image_input: Any = None,
        native_pdf: Any = None,
        source_blocks: Any = None,
        response_tag: str | None = None,
    ) -> Any:
        """The result block for ``wire`` (a dict; a ``str`` for hermes).

        Options a wire does not read are ignored, so one option set fits every wire.
        ``None`` means "not given"; any other value counts by its truthiness.

        :param image_input: send images natively (anthropic, responses, gemini).
        :param native_pdf: send PDFs natively (responses, gemini; on by default on anthropic).
        :param source_blocks: anthropic may send document/search_result blocks (default on).
        :param response_tag: the hermes tag (default ``tool_response``).
        :raises ValueError: unknown wire.
        :raises TypeError: ``response_tag`` is not a ``str``.
        """
        converter, facts, options = _dispatch(
            (wire, image_input, native_pdf, source_blocks, response_tag)
        )
        return converter(self, facts, options)[0]

    def explain(
        self,
        wire: str,
        *,
        image_input: Any = None,
        native_pdf: Any = None,
        source_blocks: Any = None,
        response_tag: str | None = None,
    ) -> list[Explanation]:
        """One :class:`Explanation` per content entry: what ``to()`` did with it, and why."""
        converter, facts, options = _dispatch(
            (wire, image_input, native_pdf, source_blocks, response_tag)
        )
        _, steps = converter(self, facts, options)
        return [
            Explanation(index, block_type_label(block), item.kind, step[1], step[2], step[0])
            for index, (block, item, step) in enumerate(
                zip(self._content, self._neutral_items, steps, strict=True)
            )
        ]

    def _repr_html_(self) -> str:
        """The notebook view: content table and one card per wire (built lazily by ``render``)."""
        from .render import result_html

        return result_html(self)

    carries_native = staticmethod(carries_native)
    native_needs_vision = staticmethod(native_needs_vision)

    # -- constructors and dict form ------------------------------------------

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ToolResult:
        """Build from :meth:`to_dict` output; MCP spellings ``isError`` and
        ``structuredContent`` are accepted too.

        :raises TypeError: ``data`` is not a mapping, or a field has the wrong type.
        :raises ValueError: an unknown key, or one field given in both spellings.
        """
        if not isinstance(data, Mapping):
            raise TypeError(f"ToolResult.from_dict expects a mapping, not {type(data).__name__}")
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            field = _DICT_FIELDS.get(key)
            if field is None:
                known = ", ".join(_DICT_FIELDS)
                raise ValueError(f"ToolResult.from_dict: unknown key {key!r}; known keys: {known}")
            if field in kwargs:
                raise ValueError(f"ToolResult.from_dict: {field!r} is given twice")
            kwargs[field] = value
        return cls(**kwargs)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; ``structured_content`` only when present."""
        data: dict[str, Any] = {
            "name": self._name,
            "id": self._id,
            "content": clone(self._content),
            "is_error": self._is_error,
        }
        if self._structured is not None:
            data["structured_content"] = clone(self._structured)
        return data

    @classmethod
    def from_mcp(cls, result: Any, *, name: str = "", id: str = "") -> ToolResult:
        """Build from an ``mcp.types.CallToolResult`` (SDK 1.x or 2.x) or its JSON dict.

        The MCP SDK is not needed to call this: the result is read through
        ``model_dump(by_alias=True)`` or as a plain dict.
        """
        return cls(name=name, id=id, **mcp_result_dict(result))

    # -- value semantics --------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return (self._name, self._id, self._is_error, self._content, self._structured)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ToolResult):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        # Coarse but consistent with ==: content may hold unhashable values, and
        # 1 == 1.0 == True must not split equal results into different buckets.
        return hash((self._name, self._id, self._is_error, len(self._content)))

    def __repr__(self) -> str:
        parts = [f"name={self._name!r}", f"id={self._id!r}"]
        parts.append("content=[" + ", ".join(_summary(item) for item in self._neutral_items) + "]")
        if self._is_error:
            parts.append("is_error=True")
        if self._structured is not None:
            parts.append(f"structured_content={_shorten(json_encode(self._structured))}")
        return f"ToolResult({', '.join(parts)})"


_Dispatch = tuple[Converter, WireFacts, Options]


def _lookup(key: tuple[Any, Any, Any, Any, Any]) -> _Dispatch:
    """The converter, facts and resolved options of ``(wire, *options)``.

    :raises ValueError: unknown wire.
    :raises TypeError: ``response_tag`` not a ``str``.
    """
    wire, image_input, native_pdf, source_blocks, response_tag = key
    facts = wire_facts(wire)
    options = resolve_options(facts, image_input, native_pdf, source_blocks, response_tag)
    return CONVERTERS[facts.wire], facts, options


# Keys compare by ``==``, so ``1`` and ``True`` share an entry: they have the same truthiness.
_cached_lookup = lru_cache(maxsize=512)(_lookup)


def _dispatch(key: tuple[Any, Any, Any, Any, Any]) -> _Dispatch:
    """:func:`_lookup`, cached for the option sets seen before (the hot path of ``to()``)."""
    try:
        return _cached_lookup(key)
    except TypeError:
        return _lookup(key)  # an unhashable option value (or a wrong response_tag: re-raised)


def _shorten(text: str, limit: int = _REPR_TEXT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _summary(item: Item) -> str:
    """One entry for ``repr``: its string form (never a payload), shortened."""
    text = item.text
    if isinstance(item, (BlobItem, NoteItem)):  # "[type] mime <uri> (N bytes)": shown bare
        return _shorten(text)
    first = text.splitlines()[0] if text else ""
    return repr(_shorten(first) + ("…" if "\n" in text and len(first) < _REPR_TEXT else ""))
