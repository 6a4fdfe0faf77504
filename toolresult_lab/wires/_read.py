"""The neutral read model: what a wire's reader makes of a provider's own shapes.

Each ``wires/<wire>/`` reads its own tool-result blocks, assistant turns and whole
requests into these small immutable records, each with the JSON path where it sits
(``messages[3].content[1]``, ``contents[2].parts[0]``, ``input[5]``; for a block read
alone, from the block: ``content[1]``, ``functionResponse.parts[0]``, ``output[2]``).
Request checks (SPEC 8), transcripts (SPEC 9), views and the token estimate read these
records instead of walking provider dicts by key names.

Reading never raises for malformed insides: what does not have the wire's shape is a
:class:`Problem` (the path and what was expected) and the reader goes on.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from ..conversion.encoding import json_type
from ._common import exhausted

__all__ = [
    "MISSING",
    "CallPart",
    "ContentForm",
    "ContentPart",
    "DocumentPart",
    "ImagePart",
    "Message",
    "Missing",
    "OpaquePart",
    "Part",
    "Problem",
    "ReadRequest",
    "Reading",
    "RequestForm",
    "ResultPart",
    "Role",
    "TextPart",
    "ToolEntry",
    "at_index",
    "at_key",
    "body_list",
    "payload_paths",
    "split_data_url",
]

Role = Literal["system", "user", "assistant", "tool"]
RequestForm = Literal["body", "list"]
ContentForm = Literal["string", "list", "none"]


class Missing:
    """The value of a field whose key is absent (``None`` is a value some fields take)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"

    def __bool__(self) -> bool:
        return False


#: A field whose key is absent (anthropic's ``cache_control``, responses'
#: ``previous_response_id``).
MISSING: Final = Missing()


def at_key(prefix: str, key: str) -> str:
    """``prefix.key`` (``key`` alone at the top)."""
    return key if not prefix else prefix + "." + key


def at_index(prefix: str, index: int) -> str:
    """``prefix[index]``."""
    return prefix + "[" + str(index) + "]"


def split_data_url(url: str) -> tuple[str, str] | None:
    """``(mime, base64)`` of a ``data:<mime>;base64,<data>`` URL, else ``None``."""
    if not url.startswith("data:"):
        return None
    comma = url.find(",", 0, 512)
    if comma < 0:
        return None
    head = url[5:comma]
    if not head.endswith(";base64"):
        return None
    return head[: -len(";base64")], url[comma + 1 :]


class _Record:
    """Equality and ``repr`` by the record's fields (``_key``)."""

    __slots__ = ()

    def _key(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Record)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((type(self).__name__, len(self._key())))

    def __repr__(self) -> str:
        shown = []
        for value in self._key():
            if isinstance(value, str) and len(value) > 60:
                shown.append(f"<{len(value)} chars>")
            else:
                shown.append(repr(value))
        return f"{type(self).__name__}({', '.join(shown)})"


class TextPart(_Record):
    """Text the model reads. ``cache``: its cache mark (anthropic's ``cache_control``), or
    :data:`MISSING` when the key is absent (only anthropic has it)."""

    __slots__ = ("cache", "path", "text")

    def __init__(self, path: str, text: str, cache: Any = MISSING) -> None:
        self.path: Final = path
        self.text: Final = text
        self.cache: Final = cache

    def _key(self) -> tuple[Any, ...]:
        return (self.path, self.text, self.cache)


class ImagePart(_Record):
    """An image: inline (``data``: the base64 exactly as written, ``mime`` as declared,
    ``None`` when absent) or fetched by ``url``. A ``data:`` URL is split into ``mime``
    and ``data`` (``url`` is then ``None``). ``data_path`` is the path of the string that
    holds the payload (``content[0].source.data``, ``image_url.url``), so a view can
    elide it by path. ``detail`` as the Chat and Responses APIs give it."""

    __slots__ = ("cache", "data", "data_path", "detail", "mime", "path", "url")

    def __init__(
        self,
        path: str,
        mime: str | None,
        data: str | None,
        url: str | None = None,
        detail: Any = None,
        cache: Any = MISSING,
        data_path: str = "",
    ) -> None:
        self.path: Final = path
        self.mime: Final = mime
        self.data: Final = data
        self.url: Final = url
        self.detail: Final = detail
        self.cache: Final = cache
        self.data_path: Final = data_path

    def _key(self) -> tuple[Any, ...]:
        return (self.path, self.mime, self.data, self.url, self.detail, self.cache)


class DocumentPart(_Record):
    """A file: a PDF or other file inline (``data`` base64), by URL or file id (``url``),
    or a text document (``text``: anthropic's text source). ``name``: its filename or
    title where the wire gives one. ``data_path`` as on :class:`ImagePart`."""

    __slots__ = ("cache", "data", "data_path", "mime", "name", "path", "text", "url")

    def __init__(
        self,
        path: str,
        mime: str | None,
        data: str | None = None,
        url: str | None = None,
        name: str | None = None,
        text: str | None = None,
        cache: Any = MISSING,
        data_path: str = "",
    ) -> None:
        self.path: Final = path
        self.mime: Final = mime
        self.data: Final = data
        self.url: Final = url
        self.name: Final = name
        self.text: Final = text
        self.cache: Final = cache
        self.data_path: Final = data_path

    def _key(self) -> tuple[Any, ...]:
        return (self.path, self.mime, self.data, self.url, self.name, self.text, self.cache)


class OpaquePart(_Record):
    """Something with no neutral form: thinking blocks, reasoning items, server-tool items,
    a block type the wire does not take where it sits. ``kind``: its type (or key);
    ``value``: the element as given."""

    __slots__ = ("kind", "path", "payload_paths", "value", "wire")

    def __init__(
        self, path: str, wire: str, kind: str, value: Any, payload_paths: tuple[str, ...] = ()
    ) -> None:
        self.path: Final = path
        self.wire: Final = wire
        self.kind: Final = kind
        self.value: Final = value
        self.payload_paths: Final = payload_paths
        """Paths of payload strings nested inside (an anthropic content document's images)."""

    def _key(self) -> tuple[Any, ...]:
        return (self.path, self.wire, self.kind, self.value)


#: What a tool result's content reads as.
ContentPart = TextPart | ImagePart | DocumentPart | OpaquePart


class CallPart(_Record):
    """A tool call: ``id`` ``None`` when absent (``""`` when empty); ``arguments`` as
    written (an object or JSON text; ``None`` when absent); ``extra`` the wire's other
    fields of the call, kept for its echo (gemini ``thoughtSignature`` as standard base64
    text, ...). On hermes the path is the assistant message's."""

    __slots__ = ("arguments", "extra", "id", "name", "path", "payload_paths")

    def __init__(
        self,
        path: str,
        id: str | None,
        name: str,
        arguments: Any,
        extra: dict[str, Any],
        payload_paths: tuple[str, ...] = (),
    ) -> None:
        self.path: Final = path
        self.id: Final = id
        self.name: Final = name
        self.arguments: Final = arguments
        self.extra: Final = extra
        self.payload_paths: Final = payload_paths
        """Paths of payload strings among the call's fields (a gemini thought signature)."""

    def _key(self) -> tuple[Any, ...]:
        return (self.path, self.id, self.name, self.arguments, self.extra)


class ResultPart(_Record):
    """A tool result: ``id`` and ``name`` ``None`` where absent; ``is_error`` where the wire
    carries it (else ``False``); ``parts`` its content; ``structured`` gemini's ``response``
    object when it is not the ``{"result": <text>}`` string form; ``raw`` the block."""

    __slots__ = ("id", "is_error", "name", "parts", "path", "raw", "structured")

    def __init__(
        self,
        path: str,
        id: str | None,
        name: str | None,
        is_error: bool,
        parts: tuple[ContentPart, ...],
        structured: Any,
        raw: Any,
    ) -> None:
        self.path: Final = path
        self.id: Final = id
        self.name: Final = name
        self.is_error: Final = is_error
        self.parts: Final = parts
        self.structured: Final = structured
        self.raw: Final = raw

    @property
    def texts(self) -> tuple[str, ...]:
        """The text parts' texts, in order."""
        return tuple([part.text for part in self.parts if isinstance(part, TextPart)])

    def _key(self) -> tuple[Any, ...]:
        return (self.path, self.id, self.name, self.is_error, self.parts, self.structured)


#: Any part of a message.
Part = TextPart | ImagePart | DocumentPart | CallPart | ResultPart | OpaquePart


class Message(_Record):
    """One message (content, input item) of a request: ``role`` ``system``, ``user``,
    ``assistant`` or ``tool`` (gemini ``model`` reads as ``assistant``; a gemini content
    of ``functionResponse`` parts keeps its role ``user``). ``content_form``: whether its
    content was a ``string``, a ``list``, or ``none`` (absent, or an item with no content
    field); ``raw``: the message as given."""

    __slots__ = ("content_form", "parts", "path", "raw", "role")

    def __init__(
        self,
        path: str,
        role: Role,
        parts: tuple[Part, ...],
        raw: Any,
        content_form: ContentForm = "list",
    ) -> None:
        self.path: Final = path
        self.role: Final = role
        self.parts: Final = parts
        self.raw: Final = raw
        self.content_form: Final = content_form

    @property
    def calls(self) -> tuple[CallPart, ...]:
        return tuple([part for part in self.parts if isinstance(part, CallPart)])

    @property
    def results(self) -> tuple[ResultPart, ...]:
        return tuple([part for part in self.parts if isinstance(part, ResultPart)])

    @property
    def only_results(self) -> bool:
        """It holds results and nothing else."""
        parts = self.parts
        return bool(parts) and all(isinstance(part, ResultPart) for part in parts)

    def _key(self) -> tuple[Any, ...]:
        return (self.path, self.role, self.parts, self.content_form)


class Problem(_Record):
    """Something inside a request that does not have the wire's shape: where, and what
    was expected there (SPEC 8's ``shape`` finding)."""

    __slots__ = ("expected", "path")

    def __init__(self, path: str, expected: str) -> None:
        self.path: Final = path
        self.expected: Final = expected

    def _key(self) -> tuple[Any, ...]:
        return (self.path, self.expected)

    def __str__(self) -> str:
        return f"{self.path or '(the request)'}: {self.expected}"


class ToolEntry(_Record):
    """A tool definition of the request (anthropic ``tools``): its name and its cache mark
    (``cache``: its ``cache_control``, :data:`MISSING` when absent), which counts as a cache
    breakpoint."""

    __slots__ = ("cache", "name", "path")

    def __init__(self, path: str, name: Any, cache: Any) -> None:
        self.path: Final = path
        self.name: Final = name
        self.cache: Final = cache

    def _key(self) -> tuple[Any, ...]:
        return (self.path, self.name, self.cache)


class ReadRequest(_Record):
    """A whole request as a wire reads it.

    ``form``: ``body`` (a dict) or ``list`` (just its messages); ``key``: the body's list
    key (``messages``, ``contents``, ``input``), which the paths start with either way;
    ``system``: the system parts (anthropic ``system``, gemini ``systemInstruction``,
    responses ``instructions``; openai and ollama system messages stay messages);
    ``previous``: the stored response or conversation it continues (responses'
    ``previous_response_id`` or ``conversation``; :data:`MISSING` when absent); ``tools``
    (anthropic tool definitions, for their cache marks); ``problems``: what does not have the
    wire's shape; ``raw``: the request as read (an SDK object dumped).
    """

    __slots__ = (
        "form",
        "key",
        "messages",
        "previous",
        "problems",
        "raw",
        "system",
        "tools",
        "wire",
    )

    def __init__(
        self,
        wire: str,
        form: RequestForm,
        key: str,
        messages: tuple[Message, ...],
        system: tuple[Part, ...],
        problems: tuple[Problem, ...],
        raw: Any,
        previous: Any = MISSING,
        tools: tuple[ToolEntry, ...] = (),
    ) -> None:
        self.wire: Final = wire
        self.form: Final = form
        self.key: Final = key
        self.messages: Final = messages
        self.system: Final = system
        self.problems: Final = problems
        self.raw: Final = raw
        self.previous: Final = previous
        self.tools: Final = tools

    @property
    def calls(self) -> tuple[CallPart, ...]:
        """Every call of the request, in order."""
        return tuple([call for message in self.messages for call in message.calls])

    @property
    def results(self) -> tuple[ResultPart, ...]:
        """Every result of the request, in order."""
        return tuple([result for message in self.messages for result in message.results])

    def _key(self) -> tuple[Any, ...]:
        return (
            self.wire,
            self.form,
            self.key,
            self.messages,
            self.system,
            self.problems,
            self.previous,
            self.tools,
        )


class Reading:
    """One reader's pass: the wire, and the problems found so far."""

    __slots__ = ("problems", "wire")

    def __init__(self, wire: str) -> None:
        self.wire: Final = wire
        self.problems: Final[list[Problem]] = []

    def problem(self, path: str, expected: str) -> None:
        self.problems.append(Problem(path, expected))

    def dict_at(self, value: Any, path: str) -> dict[str, Any] | None:
        """``value`` when it is an object, else a problem and ``None``."""
        if isinstance(value, dict):
            return value
        shown = "nothing" if value is None else type(value).__name__
        self.problem(path, f"expected an object, not {shown}")
        return None

    def list_at(self, value: Any, path: str) -> list[Any]:
        """``value`` when it is a list (absent reads as empty), else a problem and ``[]``."""
        if value is None:
            return []
        if isinstance(value, list):
            return value
        self.problem(path, f"expected a list, not {type(value).__name__}")
        return []

    def text_at(self, value: Any, path: str) -> str:
        """``value`` when it is a ``str``, else a problem and ``""``."""
        if isinstance(value, str):
            return value
        shown = "nothing" if value is None else type(value).__name__
        self.problem(path, f"expected a string, not {shown}")
        return ""

    def optional_text(self, value: Any, path: str) -> str | None:
        """``value`` when it is a ``str``, ``None`` when absent; anything else a problem."""
        if value is None or isinstance(value, str):
            return value
        self.problem(path, f"expected a string, not {type(value).__name__}")
        return None

    def role(self, value: Any, path: str, roles: dict[str, Role]) -> Role | None:
        """The neutral role of a wire's role name; a problem and ``None`` when unknown."""
        found = roles.get(value) if isinstance(value, str) else None
        if found is None:
            self.problem(path, "expected the role " + " or ".join(roles))
        return found

    def call_id(self, value: Any, path: str) -> str | None:
        """A call or result id: a ``str``, ``None`` when absent; anything else a problem."""
        if value is None or isinstance(value, str):
            return value
        self.problem(path, f"the call id must be a string, not {type(value).__name__}")
        return None

    def call_name(self, value: Any, path: str) -> str:
        """A call's name: a non-empty ``str``; ``""`` and a problem otherwise."""
        if isinstance(value, str) and value:
            return value
        if value is None or value == "":
            self.problem(path, "the call has no name")
        else:
            self.problem(path, f"the name must be a string, not {type(value).__name__}")
        return ""

    def arguments(self, value: Any, path: str) -> Any:
        """Arguments as written: an object, JSON text, or ``None`` when absent."""
        if value is None or isinstance(value, (dict, str)):
            return value
        shown = type(value).__name__
        self.problem(path, f"arguments must be an object or JSON text, not {shown}")
        return None

    def text_arguments(self, value: Any, path: str) -> None:
        """A wire whose call arguments are JSON text (openai, responses): an object there is
        what the SDK types and the API reject (``arguments`` is a string)."""
        if value is not None and not isinstance(value, str):
            self.problem(
                at_key(path, "arguments"),
                f"arguments must be JSON text (a string), not {json_type(value)}",
            )

    def typed(self, block: dict[str, Any], path: str) -> None:
        """A content block of a wire whose blocks are a union by ``type`` (anthropic, openai,
        responses) names its type, as a string."""
        kind = block.get("type")
        if kind is None:
            self.problem(path, "a content block needs its type; this one has none")
        elif not isinstance(kind, str):
            self.problem(at_key(path, "type"), f"a type is a string, not {json_type(kind)}")

    def raise_first(self, start: int = 0) -> None:
        """Raise the first problem found since ``start`` (a turn reader is strict).

        :raises ValueError: ``"<wire>: <path>: <what was expected>"``.
        """
        if len(self.problems) > start:
            found = self.problems[start]
            raise ValueError(f"{self.wire}: {found.path or 'message'}: {found.expected}")

    def request(
        self,
        form: RequestForm,
        key: str,
        messages: list[Message],
        system: list[Part],
        raw: Any,
        previous: Any = MISSING,
        tools: tuple[ToolEntry, ...] = (),
    ) -> ReadRequest:
        return ReadRequest(
            self.wire,
            form,
            key,
            tuple(messages),
            tuple(system),
            tuple(self.problems),
            raw,
            previous,
            tools,
        )


def body_list(
    reading: Reading, request: Any, key: str
) -> tuple[RequestForm, list[Any], dict[str, Any]]:
    """The request's form, its list under ``key`` (a problem when that is not a list) and
    its body (``{}`` for a bare list).

    :raises TypeError: the request is neither a dict nor a list.
    """
    if isinstance(request, list):
        return "list", request, {}
    if not isinstance(request, dict):
        raise TypeError(
            f"{reading.wire}: a request must be a dict (the body) or a list (its {key}),"
            f" not {type(request).__name__}"
        )
    value = request.get(key)
    if value is None:
        reading.problem(key, f"the body has no {key} list")
        return "body", [], request
    return "body", reading.list_at(value, key), request


def payload_paths(parts: tuple[Part, ...] | list[Part]) -> list[str]:
    """The paths of every inline payload string among ``parts`` (results' parts and call
    fields included), for a view that elides payloads by path."""
    found: list[str] = []
    for part in parts:
        if isinstance(part, (ImagePart, DocumentPart)):
            if part.data is not None and part.data_path:
                found.append(part.data_path)
        elif isinstance(part, ResultPart):
            found.extend(payload_paths(list(part.parts)))
        elif isinstance(part, (CallPart, OpaquePart)):
            found.extend(part.payload_paths)
        elif not isinstance(part, TextPart):  # a text holds no payload
            exhausted(part)
    return found
