"""The value object: one tool's result, immutable, convertible to every wire."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal, overload

from ..wires import Source
from .block_types import (
    AnthropicToolResult,
    BedrockToolResult,
    Block,
    GeminiFunctionResponsePart,
    OllamaToolMessage,
    OpenAIToolMessage,
    ResponsesFunctionCallOutput,
)
from .encoding import clone, json_encode
from .explain import Explanations
from .facts import FACTS, WIRES, Wire, carries_native, native_needs_vision
from .hooks import fit, result_html
from .items import BlobItem, Item, NoteItem
from .options import ConvertOptions, Keep
from .pipeline import block, checked_source, explain_into, mcp_source
from .readback import result_fields

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["ToolResult", "result_of"]

_DICT_FIELDS: Final = {
    "name": "name",
    "id": "id",
    "content": "content",
    "is_error": "is_error",
    "isError": "is_error",
    "structured_content": "structured_content",
    "structuredContent": "structured_content",
}
_REPR_TEXT: Final = 40
_NO_CONTENT: Final[list[Any]] = []  # the default; never mutated (the instance owns a copy)


class ToolResult:
    """The canonical, provider-neutral result of one tool call.

    ``content`` is the MCP content list; anything inside it is accepted and degrades
    to a placeholder where a wire cannot carry it (nothing dies inside a tool loop).
    Instances are immutable and own a strict-JSON copy of their content (SPEC 6:
    NaN becomes ``null``, lone surrogates U+FFFD, bytes their UTF-8 text); the
    ``content`` and ``structured_content`` attributes return fresh copies.

    >>> r = ToolResult(name="get_weather", id="call_abc",
    ...                content=[{"type": "text", "text": "Sunny, 22C"}])
    >>> r.to("openai")
    {'role': 'tool', 'tool_call_id': 'call_abc', 'content': 'Sunny, 22C'}
    """

    __slots__ = ("_data",)

    #: The package's seven wire formats; ``to()`` also accepts a wire registered since
    #: (``wires.register``), and ``to_all()`` converts to every wire in ``facts.FACTS``.
    WIRES: ClassVar[tuple[Wire, ...]] = WIRES

    def __init__(
        self,
        *,
        name: str = "",
        id: str = "",
        content: list[Any] = _NO_CONTENT,
        is_error: bool = False,
        structured_content: Any = None,
    ) -> None:
        # types checked there, naming the field (TypeError)
        self._data: Source = checked_source(name, id, is_error, content, structured_content)

    # -- fields ---------------------------------------------------------------

    @property
    def name(self) -> str:
        """The tool's name (used by gemini, hermes and ollama's ``tool_name``)."""
        return self._data.name

    @property
    def id(self) -> str:
        """The provider call id this result answers; may be empty."""
        return self._data.id

    @property
    def content(self) -> list[Any]:
        """A copy of the MCP content list."""
        copy: list[Any] = clone(self._data.content)
        return copy

    @property
    def is_error(self) -> bool:
        """True when the tool failed (anthropic sends ``is_error``)."""
        return self._data.is_error

    @property
    def structured_content(self) -> Any:
        """A copy of the MCP ``structuredContent``; ``None`` when absent."""
        return clone(self._data.structured)

    @property
    def _items(self) -> tuple[Item, ...]:
        """The neutral items, one per content entry (package-internal: the audit reads them)."""
        return self._data.items

    def __copy__(self) -> ToolResult:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ToolResult:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_from_dict, (self.to_dict(),))

    # -- conversion -----------------------------------------------------------

    @overload
    def to(
        self,
        wire: Literal["openai"],
        *,
        max_tokens: int | None = None,
        keep: Keep = "text",
        **options: Unpack[ConvertOptions],
    ) -> OpenAIToolMessage: ...
    @overload
    def to(
        self,
        wire: Literal["anthropic"],
        *,
        max_tokens: int | None = None,
        keep: Keep = "text",
        **options: Unpack[ConvertOptions],
    ) -> AnthropicToolResult: ...
    @overload
    def to(
        self,
        wire: Literal["gemini"],
        *,
        max_tokens: int | None = None,
        keep: Keep = "text",
        **options: Unpack[ConvertOptions],
    ) -> GeminiFunctionResponsePart: ...
    @overload
    def to(
        self,
        wire: Literal["ollama"],
        *,
        max_tokens: int | None = None,
        keep: Keep = "text",
        **options: Unpack[ConvertOptions],
    ) -> OllamaToolMessage: ...
    @overload
    def to(
        self,
        wire: Literal["responses"],
        *,
        max_tokens: int | None = None,
        keep: Keep = "text",
        **options: Unpack[ConvertOptions],
    ) -> ResponsesFunctionCallOutput: ...
    @overload
    def to(
        self,
        wire: Literal["hermes"],
        *,
        max_tokens: int | None = None,
        keep: Keep = "text",
        **options: Unpack[ConvertOptions],
    ) -> str: ...
    @overload
    def to(
        self,
        wire: Literal["bedrock"],
        *,
        max_tokens: int | None = None,
        keep: Keep = "text",
        **options: Unpack[ConvertOptions],
    ) -> BedrockToolResult: ...
    @overload
    def to(
        self,
        wire: str,
        *,
        max_tokens: int | None = None,
        keep: Keep = "text",
        **options: Unpack[ConvertOptions],
    ) -> Block: ...
    def to(
        self,
        wire: str,
        *,
        max_tokens: int | None = None,
        keep: Keep = "text",
        **options: Unpack[ConvertOptions],
    ) -> Any:
        """The result block for ``wire`` (a dict; a ``str`` for hermes).

        Options a wire does not read are ignored, so one option set fits every wire.
        ``None`` means "not given"; any other value counts by its truthiness.

        :param image_input: send images natively (on the wires that carry them).
        :param native_pdf: send PDFs natively (on by default on anthropic only).
        :param source_blocks: anthropic may send document/search_result blocks (default on).
        :param response_tag: the hermes tag (default ``tool_response``): a plain tag name.
        :raises ValueError: unknown wire, or a ``response_tag`` that is not a plain tag name.
        :param max_tokens: a token budget: the block is cut to at most this many tokens
            by ``estimate_tokens``' rules for ``wire`` (JSON text stays JSON, images and
            PDFs are never cut; ``explain()`` says what was cut). ``None``: no budget.
        :param keep: with ``max_tokens``, what goes first: ``"text"`` (the default)
            replaces images and PDFs by their placeholders before cutting text,
            ``"media"`` cuts the texts to their minimum first.
        :raises ValueError: unknown wire, or a ``response_tag`` that is not a plain tag name;
            ``max_tokens`` below the least this result can take on ``wire`` (named).
        :raises TypeError: unknown option, or ``response_tag`` is not a ``str``.
        """
        if max_tokens is None:
            return block(self._data, wire, options)
        return fit(self._data, wire, options, max_tokens, keep).block

    def to_all(
        self,
        *,
        max_tokens: int | None = None,
        keep: Keep = "text",
        **options: Unpack[ConvertOptions],
    ) -> dict[str, Block]:
        """Every wire's block, by wire, for one option set (payloads whole); with
        ``max_tokens``, each cut to that budget on its wire (as :meth:`to`). Every wire
        is the registry's: the seven, then any registered (``wires.register``)."""
        data = self._data
        blocks: dict[str, Block] = {}
        for wire in tuple(FACTS):
            if max_tokens is None:
                blocks[wire] = block(data, wire, options)
            else:
                blocks[wire] = fit(data, wire, options, max_tokens, keep).block
        return blocks

    def explain(
        self,
        wire: str,
        *,
        max_tokens: int | None = None,
        keep: Keep = "text",
        **options: Unpack[ConvertOptions],
    ) -> Explanations:
        """One :class:`Explanation` per content entry: what ``to()`` did with it, and why.

        ``.notes`` says what the wire did with the result's own fields where something
        is lost or replaced (empty content, ``is_error``, the name, ``structured_content``);
        ``.block`` is the block ``to()`` returns for the same wire and options;
        ``.warnings`` the documented provider limits the block meets (advice).
        With ``max_tokens`` (and ``keep``, as for :meth:`to`), the records are those of the
        cut block: an entry cut has the outcome ``truncated`` (an image or PDF replaced,
        ``placeholder``) and its reason says what was kept and left out.
        """
        if max_tokens is not None:
            fitted: Explanations = fit(self._data, wire, options, max_tokens, keep)
            return fitted
        explained = Explanations()
        explain_into(explained, self._data, wire, options)
        return explained

    def _repr_html_(self) -> str:
        """The notebook view: content table and one card per wire (see ``render``)."""
        return result_html(self)

    @staticmethod
    def carries_native(wire: str | None, kind: str) -> bool:
        """True when ``wire`` has a native form for ``kind`` (``image`` or ``pdf``)."""
        return carries_native(wire, kind)

    @staticmethod
    def native_needs_vision(wire: str | None, kind: str) -> bool:
        """True when the native form of ``kind`` on ``wire`` reaches only a vision model."""
        return native_needs_vision(wire, kind)

    # -- constructors and dict form ------------------------------------------

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ToolResult:
        """Build from :meth:`to_dict` output; MCP spellings ``isError`` and
        ``structuredContent`` are accepted too.

        :raises TypeError: ``data`` is not a mapping, or a field has the wrong type.
        :raises ValueError: an unknown key, or one field given in both spellings.
        """
        return _from_dict(data)

    @classmethod
    def from_wire(cls, wire: str, block: Any, **options: Unpack[ConvertOptions]) -> ToolResult:
        """The result a wire's tool-result block says (SPEC 9): the inverse of :meth:`to`
        wherever the block says enough, so ``from_wire(w, r.to(w, **o), **o).to(w, **o)``
        equals ``r.to(w, **o)``. Text comes back as one text block (a string form is not
        split); native images and PDFs as MCP entries; the id, the name and ``is_error``
        where the wire carries them. An SDK object is read through ``model_dump()``.

        :raises ValueError: unknown wire.
        :raises TypeError: unknown option, as for :meth:`to`.
        """
        return cls(**result_fields(wire, block, options))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; ``structured_content`` only when present."""
        data = self._data
        out: dict[str, Any] = {
            "name": data.name,
            "id": data.id,
            "content": clone(data.content),
            "is_error": data.is_error,
        }
        if data.structured is not None:
            out["structured_content"] = clone(data.structured)
        return out

    @classmethod
    def from_mcp(cls, result: Any, *, name: str = "", id: str = "") -> ToolResult:
        """Build from an ``mcp.types.CallToolResult`` (SDK 1.x or 2.x) or its JSON dict.

        The MCP SDK is not needed to call this: an SDK result is read as its JSON dump
        (``model_dump(by_alias=True)``) reads, a dict as given.
        """
        made = cls.__new__(cls)  # result_of, inlined: the MCP path's own cost kept small
        made._data = mcp_source(result, name, id)  # strict copies, owned; types checked
        return made

    # -- value semantics --------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        data = self._data
        return (data.name, data.id, data.is_error, data.content, data.structured)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ToolResult):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        # Coarse but consistent with ==: content may hold unhashable values, and
        # 1 == 1.0 == True must not split equal results into different buckets.
        data = self._data
        return hash((data.name, data.id, data.is_error, len(data.content)))

    def __repr__(self) -> str:
        data = self._data
        parts = [f"name={data.name!r}", f"id={data.id!r}"]
        parts.append("content=[" + ", ".join(_summary(item) for item in data.items) + "]")
        if data.is_error:
            parts.append("is_error=True")
        if data.structured is not None:
            parts.append(f"structured_content={_shorten(json_encode(data.structured))}")
        return f"ToolResult({', '.join(parts)})"


def result_of(data: Source) -> ToolResult:
    """A :class:`ToolResult` for a view the toolkit made (a result renamed by a turn)."""
    result = ToolResult.__new__(ToolResult)
    result._data = data
    return result


def _from_dict(data: Mapping[str, Any]) -> ToolResult:
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
    return ToolResult(**kwargs)


def _shorten(text: str, limit: int = _REPR_TEXT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _summary(item: Item) -> str:
    """One entry for ``repr``: its string form (never a payload), shortened."""
    text = item.text
    if isinstance(item, (BlobItem, NoteItem)):  # "[type] mime <uri> (N bytes)": shown bare
        return _shorten(text)
    first = text.splitlines()[0] if text else ""
    return repr(_shorten(first) + ("…" if "\n" in text and len(first) < _REPR_TEXT else ""))
