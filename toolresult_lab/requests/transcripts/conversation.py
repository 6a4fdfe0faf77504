"""The neutral transcript's values (SPEC 9): turns and the parts of a message.

Immutable and JSON-able (``to_dict`` / ``from_dict``). Each value may carry ``path``,
where it was read from in the source request (``messages[3].content[1]``), so a
translation can name the element it lost; the path takes no part in equality.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ...conversion.calls import ToolCall
from ...conversion.encoding import clone, strict_copy
from ...conversion.result import ToolResult

__all__ = [
    "AssistantTurn",
    "CacheMark",
    "Document",
    "Image",
    "Loss",
    "Opaque",
    "Part",
    "Text",
    "Thinking",
    "ToolResults",
    "Turn",
    "UserTurn",
    "part_from_dict",
    "turn_from_dict",
]


def _need(owner: str, name: str, value: object, kind: type | tuple[type, ...], what: str) -> None:
    if not isinstance(value, kind):
        raise TypeError(f"{owner}.{name} must be {what}, not {type(value).__name__}")


@dataclass(frozen=True)
class Text:
    """Text the model reads."""

    text: str
    path: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        _need("Text", "text", self.text, str, "a str")

    def to_dict(self) -> dict[str, Any]:
        return {"type": "text", "text": self.text}


@dataclass(frozen=True)
class Image:
    """An image inline (``data``: base64, with its ``mime``) or by ``url``; ``detail`` as
    the Chat and Responses APIs give it."""

    mime: str | None
    data: str | None = None
    url: str | None = None
    detail: str | None = None
    path: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        for name in ("mime", "data", "url", "detail"):
            _need("Image", name, getattr(self, name), (str, type(None)), "a str or None")
        if (self.data is None) == (self.url is None):
            raise ValueError("Image needs exactly one of data and url")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "image", "mime": self.mime}
        out["data" if self.data is not None else "url"] = (
            self.data if self.data is not None else self.url
        )
        if self.detail is not None:
            out["detail"] = self.detail
        return out


@dataclass(frozen=True)
class Document:
    """A file (a PDF, ...) inline (``data``: base64) or by ``url``, with its ``name``."""

    mime: str | None
    data: str | None = None
    url: str | None = None
    name: str | None = None
    path: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        for key in ("mime", "data", "url", "name"):
            _need("Document", key, getattr(self, key), (str, type(None)), "a str or None")
        if (self.data is None) == (self.url is None):
            raise ValueError("Document needs exactly one of data and url")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "document", "mime": self.mime, "name": self.name}
        out["data" if self.data is not None else "url"] = (
            self.data if self.data is not None else self.url
        )
        return out


class Opaque:
    """What has no neutral form on ``wire`` (thinking blocks, reasoning items, server-tool
    items, ``cache_control``d blocks): written back in place on the same wire, dropped with
    a loss on any other. ``value`` hands out a copy.

    ``carried``: the neutral parts of it another wire still takes (a Responses output
    message's texts, its ``id`` and ``status`` its own), written there in its place;
    ``own``: the fields only ``wire`` holds, named in the loss there (the rest arrives)."""

    __slots__ = ("_value", "carried", "kind", "own", "path", "wire")

    def __init__(
        self,
        wire: str,
        value: Any,
        kind: str = "",
        path: str = "",
        carried: tuple[Part, ...] = (),
        own: tuple[str, ...] = (),
    ) -> None:
        _need("Opaque", "wire", wire, str, "a str")
        self.wire: Final = wire
        self._value: Final = strict_copy(value, "Opaque.value")
        self.kind: Final = kind
        self.path: Final = path
        self.carried: Final = tuple(carried)
        self.own: Final = tuple(own)

    @property
    def value(self) -> Any:
        return clone(self._value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Opaque):
            return NotImplemented
        return (self.wire, self._value) == (other.wire, other._value)

    def __hash__(self) -> int:
        return hash((self.wire, self.kind))

    def __repr__(self) -> str:
        return f"Opaque({self.wire!r}, <{self.kind or type(self._value).__name__}>)"

    def to_dict(self) -> dict[str, Any]:
        out = {"type": "opaque", "wire": self.wire, "kind": self.kind, "value": self.value}
        if self.carried:
            out["carried"] = [part.to_dict() for part in self.carried]
            out["own"] = list(self.own)
        return out


@dataclass(frozen=True)
class Thinking:
    """The model's reasoning beside its answer: ``text`` with the ``signature`` its
    provider checks on replay, or ``redacted`` (the provider's encrypted form, base64).
    A wire's own block is kept whole on its wire; this is what another wire that holds
    reasoning receives (Anthropic's ``thinking`` <-> Bedrock's ``reasoningContent``)."""

    text: str = ""
    signature: str | None = None
    redacted: str | None = None
    path: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        _need("Thinking", "text", self.text, str, "a str")
        for name in ("signature", "redacted"):
            _need("Thinking", name, getattr(self, name), (str, type(None)), "a str or None")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "thinking", "text": self.text}
        for name in ("signature", "redacted"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        return out


@dataclass(frozen=True)
class CacheMark:
    """A prompt-cache mark on what comes before it in the message (Anthropic's
    ``cache_control: {"type": "ephemeral"}`` on a block, Bedrock's ``cachePoint:
    {"type": "default"}`` block after it: five minutes each). ``name``: its field on the
    source wire, as a loss names it where the destination has none."""

    name: str = ""
    path: str = field(default="", compare=False, repr=False)
    #: The mark was on a text block (whose text arrives where the mark cannot).
    on_text: bool = field(default=False, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "cache", "name": self.name}


Part = Text | Image | Document | Opaque | Thinking | CacheMark


def part_from_dict(data: Any) -> Part:
    """A part from its :meth:`to_dict` form.

    :raises TypeError: not a dict, or a field of the wrong type.
    :raises ValueError: an unknown ``type``.
    """
    _need("Part", "dict", data, dict, "a dict")
    kind = data.get("type")
    if kind == "text":
        return Text(data.get("text"))
    if kind == "image":
        return Image(data.get("mime"), data.get("data"), data.get("url"), data.get("detail"))
    if kind == "document":
        return Document(data.get("mime"), data.get("data"), data.get("url"), data.get("name"))
    if kind == "cache":
        return CacheMark(data.get("name") or "")
    if kind == "thinking":
        return Thinking(data.get("text", ""), data.get("signature"), data.get("redacted"))
    if kind == "opaque":
        carried = tuple(part_from_dict(p) for p in data.get("carried") or ())
        own = tuple(data.get("own") or ())
        return Opaque(data.get("wire"), data.get("value"), data.get("kind") or "", "", carried, own)
    raise ValueError(f"unknown part type {kind!r}: text, image, document, thinking or opaque")


def _parts(owner: str, parts: Any) -> tuple[Part, ...]:
    _need(owner, "parts", parts, (list, tuple), "a list of parts")
    for part in parts:
        kinds = (Text, Image, Document, Opaque, Thinking, CacheMark)
        _need(owner, "parts[]", part, kinds, "a part")
    return tuple(parts)


@dataclass(frozen=True)
class UserTurn:
    """What the user said: text, images, documents."""

    parts: tuple[Part, ...]
    path: str = field(default="", compare=False, repr=False)
    #: The message's fields no turn holds (a chat message's ``name``), its wire's own:
    #: written back on that wire, a loss on another.
    own: Opaque | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "parts", _parts("UserTurn", self.parts))

    def to_dict(self) -> dict[str, Any]:
        return {"type": "user", "parts": [part.to_dict() for part in self.parts]}


@dataclass(frozen=True)
class AssistantTurn:
    """What the model said (``parts``) and the tools it called (``calls``, in order)."""

    parts: tuple[Part, ...] = ()
    calls: tuple[ToolCall, ...] = ()
    path: str = field(default="", compare=False, repr=False)
    call_paths: tuple[str, ...] = field(default=(), compare=False, repr=False)
    #: As :attr:`UserTurn.own` (an OpenAI-compatible assistant message's ``prefix``).
    own: Opaque | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "parts", _parts("AssistantTurn", self.parts))
        _need("AssistantTurn", "calls", self.calls, (list, tuple), "a list of ToolCall")
        for call in self.calls:
            _need("AssistantTurn", "calls[]", call, ToolCall, "a ToolCall")
        object.__setattr__(self, "calls", tuple(self.calls))

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "assistant",
            "parts": [part.to_dict() for part in self.parts],
            "calls": [_call_dict(call) for call in self.calls],
        }


def _call_dict(call: ToolCall) -> dict[str, Any]:
    out: dict[str, Any] = {"id": call.id, "name": call.name, "arguments": call.arguments}
    if call.extra:
        out["extra"] = call.extra
    return out


@dataclass(frozen=True)
class ToolResults:
    """The tools' answers, each with its call's id and name."""

    results: tuple[ToolResult, ...]
    path: str = field(default="", compare=False, repr=False)
    result_paths: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        _need("ToolResults", "results", self.results, (list, tuple), "a list of ToolResult")
        for result in self.results:
            _need("ToolResults", "results[]", result, ToolResult, "a ToolResult")
        object.__setattr__(self, "results", tuple(self.results))

    def to_dict(self) -> dict[str, Any]:
        return {"type": "results", "results": [result.to_dict() for result in self.results]}


Turn = UserTurn | AssistantTurn | ToolResults


def turn_from_dict(data: Any) -> Turn:
    """A turn from its :meth:`to_dict` form.

    :raises TypeError: not a dict, or a field of the wrong type.
    :raises ValueError: an unknown ``type``.
    """
    _need("Turn", "dict", data, dict, "a dict")
    kind = data.get("type")
    if kind == "user":
        return UserTurn(tuple(part_from_dict(p) for p in data.get("parts", [])))
    if kind == "assistant":
        calls = tuple(ToolCall(**call) for call in data.get("calls", []))
        parts = tuple(part_from_dict(p) for p in data.get("parts", []))
        return AssistantTurn(parts, calls)
    if kind == "results":
        return ToolResults(tuple(ToolResult.from_dict(r) for r in data.get("results", [])))
    raise ValueError(f"unknown turn type {kind!r}: user, assistant or results")


@dataclass(frozen=True)
class Loss:
    """What did not arrive whole: ``path`` of the element in the source request (SPEC 8
    paths), ``what`` became of it (dropped, placeholder instead of native, id made, ...)."""

    path: str
    what: str

    def __str__(self) -> str:
        return f"{self.path or '(the request)'}: {self.what}"
