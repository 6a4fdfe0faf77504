"""SPEC 9: a whole request of one wire as neutral turns.

The wire's own reader (``wires.read_request``) finds messages, calls and results with
their paths; this module groups them into turns. Calls are read by the wire's call
reader (as ``ToolCall.from_wire`` reads them), results by ``readback.read_fields``
(as ``ToolResult.from_wire`` reads them). A user message that is exactly the message
``hoist_images`` builds after the results before it is hoisting, not a user turn.
"""

from __future__ import annotations

from typing import Any, Final

from ...conversion.calls import ToolCall
from ...conversion.imagesize import image_size
from ...conversion.items import PDF_MIME
from ...conversion.options import ConvertOptions
from ...conversion.readback import read_fields
from ...conversion.result import ToolResult
from ...conversion.tool_turns import build_turn
from ...wires import (
    MISSING,
    CallPart,
    DocumentPart,
    ImagePart,
    Message,
    OpaquePart,
    ReadRequest,
    ResultPart,
    TextPart,
    read_request,
    wire_facts,
    wire_module,
)
from .conversation import (
    AssistantTurn,
    CacheMark,
    Document,
    Image,
    Loss,
    Opaque,
    Part,
    Text,
    Thinking,
    ToolResults,
    Turn,
    UserTurn,
)
from .reencode import NOTE, standard_base64, standard_entries

__all__ = ["read_transcript"]


def _data(data: str | None, path: str, notes: list[Loss]) -> str | None:
    """``data`` in standard base64 (a note where it was re-encoded)."""
    fixed = standard_base64(data) if data is not None else None
    if fixed is None:
        return data
    notes.append(Loss(path, NOTE))
    return fixed


def sniff_mime(data: str) -> str | None:
    """The MIME of base64 media read from its first bytes: PNG, JPEG, GIF, WebP or PDF."""
    found = image_size(data)
    if found is not None:
        return found.mime
    return PDF_MIME if data.startswith("JVBER") else None  # b"%PDF-"


def _image_mime(declared: str | None, data: str | None, path: str, notes: list[Loss]) -> str | None:
    """The type an inline image is written with: its bytes' where they say another image
    type than the one declared (a wire that checks, as OpenAI and Anthropic do, refuses
    the declared one), a note; else the declared one."""
    found = sniff_mime(data) if data and declared else None
    if found is None or found == declared or not found.startswith("image/"):
        return declared
    notes.append(Loss(path, f"declared {declared}, its bytes are {found}: {found} written"))
    return found


def _given(message: Message | None, part: Any) -> Any:
    """The block ``part`` was read from in ``message`` (by the last index of its path), or
    ``None``: what stays the wire's own when its shape cannot rebuild it."""
    raw = message.raw if message is not None else None
    blocks = raw.get("content") if isinstance(raw, dict) else None
    index = _index(getattr(part, "path", ""))
    if not isinstance(blocks, list) or index is None or index >= len(blocks):
        return None
    return blocks[index]


def _has_more(wire: str, block: Any) -> bool:
    """``block`` (a text block) holds a field its wire's transcript does not read."""
    keys = wire_module(wire).reading.text_keys
    if keys is None or not isinstance(block, dict) or not isinstance(block.get("text"), str):
        return False
    return any(k not in keys and v not in (None, "", [], {}) for k, v in block.items())


def _part(wire: str, part: Any, notes: list[Loss], message: Message | None = None) -> Part:
    """One neutral part (a part the neutral model has no form for stays opaque: a text
    with cache settings, a text document, a thinking block, ...). What the wire's shape
    cannot rebuild stays opaque as ``message`` gave it (a Bedrock ``txt`` document):
    never a ``null`` in its place."""
    if isinstance(part, TextPart) and _has_more(wire, _given(message, part)):
        # a text with fields of its own (citations): whole on its wire, its text elsewhere
        return Opaque(wire, _given(message, part), "text", part.path)
    if isinstance(part, TextPart) and part.cache is MISSING:
        return Text(part.text, part.path)
    if isinstance(part, (ImagePart, DocumentPart)) and part.data is not None and not part.mime:
        # inline media without a type (ollama's images, a gemini inlineData without
        # mimeType): read from its bytes, never guessed; unknown, it stays the wire's own
        inline = _data(part.data, part.path, notes) or ""
        mime = sniff_mime(inline)
        if mime is None and isinstance(part, DocumentPart):
            rebuilt = wire_module(wire).request.rebuild(part)
            if rebuilt is None:
                rebuilt = _given(message, part)
            return Opaque(wire, rebuilt, "media of unknown type", part.path)
        if mime is None or mime.startswith("image/"):  # an image still: its writer decides
            return Image(mime, inline, None, None, part.path)
        name = part.name if isinstance(part, DocumentPart) else None
        return Document(mime, inline, None, name, part.path)
    if isinstance(part, ImagePart) and (part.data is not None or part.url is not None):
        detail = part.detail if isinstance(part.detail, str) else None
        data = _data(part.data, part.path, notes)
        return Image(
            _image_mime(part.mime or None, data, part.path, notes),
            data,
            part.url,
            detail,
            part.path,
        )
    if isinstance(part, DocumentPart) and (part.data is not None or part.url is not None):
        data = _data(part.data, part.path, notes)
        return Document(part.mime or None, data, part.url, part.name, part.path)
    reading = wire_module(wire).reading
    if isinstance(part, OpaquePart):
        if reading.cache_point() is not None and part.value == reading.cache_point():
            carried: tuple[Part, ...] = (CacheMark(part.kind, part.path),)
            return Opaque(wire, part.value, part.kind, part.path, carried)
        found = reading.thinking(part.value)
        carried = (Thinking(*found, path=part.path),) if found is not None else ()
        return Opaque(wire, part.value, part.kind, part.path, carried)
    mark_value = reading.cache_mark()
    if isinstance(part, TextPart) and mark_value is not None and part.cache == mark_value:
        # a text with the shared cache mark: whole on its wire; elsewhere the text, and
        # the mark where the destination has one
        carried = (Text(part.text, part.path), CacheMark(_CACHE_FIELD, part.path, True))
        return Opaque(wire, wire_module(wire).request.rebuild(part), "text", part.path, carried)
    if isinstance(part, ImagePart):  # neither bytes nor a URL (an image_url of [] or {})
        return Opaque(wire, _given(message, part), "image", part.path)
    kind = "text" if isinstance(part, TextPart) else "document"
    rebuilt = wire_module(wire).request.rebuild(part)
    return Opaque(wire, _given(message, part) if rebuilt is None else rebuilt, kind, part.path)


def _calls(wire: str, message: Message) -> tuple[ToolCall, ...]:
    """The message's calls exactly as ``ToolCall.from_wire`` reads them."""
    try:
        return ToolCall.from_wire(wire, wire_module(wire).reading.calls_source(message.raw))
    except (TypeError, ValueError) as error:
        raise ValueError(f"{message.path}: {error}") from None


def _unkept(
    wire: str, parts: tuple[CallPart, ...], calls: tuple[ToolCall, ...], lost: list[Loss]
) -> None:
    """Each field of a call item no ``ToolCall`` keeps (a Responses item's own ``id`` and
    ``status``): a loss at the call."""
    for part, call in zip(parts, calls, strict=False):
        kept = call.extra.get(wire, {})
        gone = sorted(key for key in part.extra if key not in kept)
        if gone:
            lost.append(Loss(part.path, f"{wire} call fields dropped ({', '.join(gone)})"))


def _server_items(wire: str, message: Message) -> Message:
    """``message`` (the model's own) with each call answered by a result in the same
    message, and that result, as opaque parts in place: a server tool's items (Bedrock
    Nova's code interpreter), the provider's own, kept on its wire only."""
    answered = {result.id for result in message.results if result.id}
    raw = message.raw
    blocks = raw.get("content") if isinstance(raw, dict) else None
    read_as_server = [p for p in message.parts if isinstance(p, OpaquePart) and p.kind in _SERVER]
    if not (answered or read_as_server) or not isinstance(blocks, list):
        return message
    parts: list[Any] = []
    kept: list[Any] = []
    for part in message.parts:
        if isinstance(part, OpaquePart) and part.kind in _SERVER:  # the reader knew it
            parts.append(part)
            continue
        server = isinstance(part, ResultPart) or (
            isinstance(part, CallPart) and part.id in answered
        )
        index = _index(part.path)
        if server and index is not None and index < len(blocks):
            kind = "server tool result" if isinstance(part, ResultPart) else "server tool call"
            parts.append(OpaquePart(part.path, wire, kind, blocks[index]))
        else:
            parts.append(part)
            if index is not None and index < len(blocks):
                kept.append(blocks[index])
    return Message(
        message.path, message.role, tuple(parts), {**raw, "content": kept}, message.content_form
    )


#: The kinds of a server tool's opaque items, as this module and the readers name them.
_SERVER: Final = frozenset({"server tool call", "server tool result"})


def _index(path: str) -> int | None:
    """The last index of a path (``messages[1].content[2]`` -> 2)."""
    head, _, tail = path.rpartition("[")
    return int(tail[:-1]) if head and tail[:-1].isdigit() else None


def _typed_entries(content: list[Any], parts: Any, path: str, lost: list[Loss]) -> list[Any]:
    """The entries of a result's parts, each inline one whose part had no MIME typed from
    its bytes (an image entry for an image, a blob for a PDF), or a text entry saying
    what it was (a loss): the reader of results would otherwise call it a PDF."""
    out = list(content)
    for index, part in enumerate(parts):
        if index >= len(out) or not isinstance(part, (ImagePart, DocumentPart)):
            continue
        if part.data is None or part.mime:
            continue
        mime = sniff_mime(part.data)
        if mime is not None and mime.startswith("image/"):
            out[index] = {"type": "image", "data": part.data, "mimeType": mime}
        elif mime is None:
            lost.append(Loss(path, f"content[{index}]: media of unknown type: dropped"))
            out[index] = {"type": "text", "text": "[media of unknown type]"}
    return out


def _result(
    wire: str, part: ResultPart, options: ConvertOptions, notes: list[Loss], lost: list[Loss]
) -> ToolResult:
    try:
        fields = read_fields(wire, part, options)
        # one entry per part: a MIME the part lacked is read
        if wire_module(wire).reading.typed_entries:
            fields["content"] = _typed_entries(fields["content"], part.parts, part.path, lost)
        fields["content"] = standard_entries(fields["content"], part.path, notes)
        return ToolResult(**fields)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{wire}: {part.path}: {error}") from None


def _is_hoisted(wire: str, message: Message, turns: list[Turn], options: ConvertOptions) -> bool:
    """``message`` is exactly what ``hoist_images`` builds after the last two turns."""
    if len(turns) < 2 or message.role != "user":
        return False
    asked, answered = turns[-2], turns[-1]
    if not isinstance(asked, AssistantTurn) or not isinstance(answered, ToolResults):
        return False
    if not asked.calls or len(asked.calls) != len(answered.results):
        return False
    hoisting: ConvertOptions = {**options, "image_input": True}
    try:
        made = build_turn(wire, asked.calls, answered.results, hoist_images=True, **hoisting)
    except (TypeError, ValueError):
        return False
    return made.hoisted == [message.raw]


def _system(read: ReadRequest, wire: str, lost: list[Loss]) -> tuple[str | None, int]:
    """The system text and how many leading messages it came from. It is one text: what
    it cannot hold is a loss (a block's cache mark, a message's own field, texts joined)."""
    reading = wire_module(wire).reading
    parts = [part for part in read.system if isinstance(part, TextPart)]
    skip = 0
    if not parts:
        for message in read.messages:
            if message.role != "system":
                break
            parts.extend(p for p in message.parts if isinstance(p, TextPart))
            for key in reading.message_fields(message):
                lost.append(Loss(f"{message.path}.{key}", _SYSTEM_FIELD))
            skip += 1
    for part in parts:
        if part.cache is not MISSING:
            lost.append(Loss(part.path, "the system is one text: its cache mark dropped"))
    for other in read.system:  # a Bedrock cachePoint, ...: no form in one text
        if not isinstance(other, TextPart):
            kind = getattr(other, "kind", "") or type(other).__name__
            lost.append(Loss(other.path, f"the system is one text: {kind} dropped"))
    if len(parts) > 1:
        lost.append(
            Loss(parts[0].path, f"{len(parts)} system texts joined with line breaks into one")
        )
    texts = [part.text for part in parts]
    return ("\n".join(texts) if texts else None), skip


#: What a loss calls a text's cache mark (the one wire whose texts carry one names it so).
_CACHE_FIELD: Final = "cache mark"
_MERGED_FIELD: Final = (
    "a field of a message read with the one before it, which has its own: dropped"
)
_SYSTEM_FIELD: Final = "the system is one text: this field of it dropped"
_MERGED: Final = "read with the assistant message before it (one turn: its calls' results follow)"
_JOINED: Final = "results read with the message before it (the provider combines the two)"
_SYSTEM: Final = "a system message mid-conversation: its content carried as a user turn"
_CALL_ELSEWHERE: Final = "a tool call outside an assistant message (only the model calls): dropped"
_CALL_WITH_RESULTS: Final = "a tool call in a message that holds tool results: dropped"


def _own(wire: str, fields: dict[str, Any], path: str, lost: list[Loss]) -> Opaque | None:
    """A message's own fields as the wire's own (``None``: it has none, or they nest deeper
    than a strict copy goes: the request guard lets 800 levels in, a carried value holds
    256, so such fields are dropped with a loss rather than failing the translation)."""
    if not fields:
        return None
    try:
        return Opaque(wire, fields, "message fields", path)
    except ValueError as error:
        lost.append(Loss(path, f"its own fields dropped: {error}"))
        return None


def _says(part: Part) -> bool:
    """``part`` is a text, or holds one another wire receives (its texts would be joined
    with another text of the turn there: a change, so such messages are turns of their own)."""
    return isinstance(part, Text) or (isinstance(part, Opaque) and any(map(_says, part.carried)))


class _Turns:
    """The turns read so far, the last one kept open (its parts, calls or results in
    lists) while the messages after it extend it: a run of 20,000 tool messages becomes
    one ``ToolResults`` built once, not 20,000 growing copies."""

    def __init__(self) -> None:
        self._closed: list[Turn] = []
        self._kind = ""  # "results", "assistant" or "" (nothing open)
        self._path = ""
        self._items: list[Any] = []  # results, or the assistant's parts
        self._calls: list[ToolCall] = []
        self._paths: list[str] = []  # result paths, or call paths
        self._own: Opaque | None = None  # the open assistant turn's own message fields

    def closed(self) -> list[Turn]:
        """Every turn, the open one closed."""
        if self._kind == "results":
            self._closed.append(ToolResults(tuple(self._items), self._path, tuple(self._paths)))
        elif self._kind == "assistant":
            turn = AssistantTurn(
                tuple(self._items), tuple(self._calls), self._path, tuple(self._paths), self._own
            )
            self._closed.append(turn)
        self._kind = ""
        return self._closed

    def _reopen(self, kind: str) -> bool:
        """Open the last closed turn again when it is of ``kind``."""
        last = self._closed[-1] if self._closed else None
        if kind == "results" and isinstance(last, ToolResults):
            self._items, self._calls = list(last.results), []
            self._paths = list(last.result_paths)
        elif kind == "assistant" and isinstance(last, AssistantTurn):
            self._items, self._calls = list(last.parts), list(last.calls)
            self._paths, self._own = list(last.call_paths), last.own
        else:
            return False
        self._closed.pop()
        self._kind, self._path = kind, last.path
        return True

    def add(self, turn: Turn) -> None:
        self.closed().append(turn)

    def results(self, made: list[ToolResult], path: str, paths: list[str], extend: bool) -> None:
        """Results of one message: added to the open run when ``extend`` (a tool message)."""
        if not (
            extend and (self._kind == "results" or (not self._kind and self._reopen("results")))
        ):
            self.closed()
            self._kind, self._path, self._items, self._calls, self._paths = (
                "results",
                path,
                [],
                [],
                [],
            )
        self._items.extend(made)
        self._paths.extend(paths)

    def open_results(self) -> bool:
        """The last turn is the results of a message (open again if it was closed)."""
        return self._kind == "results" or (not self._kind and self._reopen("results"))

    def open_assistant(self) -> tuple[bool, bool, bool] | None:
        """(has calls, has parts, has a text) of the last turn when it is the assistant's,
        else None."""
        if self._kind == "assistant" or (not self._kind and self._reopen("assistant")):
            return bool(self._calls), bool(self._items), any(map(_says, self._items))
        return None

    def assistant(
        self,
        parts: tuple[Part, ...],
        calls: tuple[ToolCall, ...],
        path: str,
        call_paths: list[str],
        merge: bool,
        own: Opaque | None = None,
        lost: list[Loss] | None = None,
    ) -> None:
        """One assistant message: merged into the open assistant turn, or a new turn.
        ``own``: its own fields; merged into a turn that has some, each a loss (``lost``)."""
        if not (merge and self._kind == "assistant"):
            self.closed()
            self._kind, self._path, self._items, self._calls, self._paths = (
                "assistant",
                path,
                [],
                [],
                [],
            )
            self._own = own
        elif own is not None and self._own is None:
            self._own = own
        elif own is not None and lost is not None:
            for key in own.value:
                lost.append(Loss(f"{own.path}.{key}", _MERGED_FIELD))
        self._items.extend(parts)
        self._calls.extend(calls)
        self._paths.extend(call_paths)


def read_transcript(
    wire: str,
    request: Any,
    options: ConvertOptions,
    notes: list[Loss] | None = None,
    losses: list[Loss] | None = None,
) -> tuple[str | None, list[Turn], ReadRequest]:
    """The system text and the turns of ``request`` (and the wire's reading of it).

    Changes in form only are ``notes`` (a payload re-encoded as standard base64, two
    assistant messages read as one turn); what the neutral turns cannot hold as it was
    is a loss in ``losses`` (a system message mid-conversation, read as a user turn).

    :raises ValueError: unknown wire; a malformed inside (naming its path).
    :raises TypeError: the request is neither a dict nor a list.
    """
    known = wire_facts(wire).wire
    reading = wire_module(known).reading
    readable, systems = reading.relabelled(request)
    readable, untangled = reading.untangled(readable)
    noted_early = [Loss(path, what) for path, what in untangled]
    read = read_request(known, readable)
    if read.problems:
        first = read.problems[0]
        raise ValueError(f"{known}: {first.path or 'the request'}: {first.expected}")
    noted: list[Loss] = [] if notes is None else notes
    noted.extend(noted_early)
    lost: list[Loss] = [] if losses is None else losses
    system, skip = _system(read, known, lost)
    turns = _Turns()
    shape = wire_module(known).turn
    merged, joined_results = shape.merged_roles, shape.joined_results
    before: Message | None = None
    for message in read.messages[skip:]:
        # results in a message right after one of its role that the provider combines
        # with it (anthropic's user messages; gemini's contents of only responses) join
        # its results
        joins = (
            before is not None
            and before.role == message.role
            and (
                message.role in merged
                or (joined_results and before.only_results and message.only_results)
            )
        )
        before = message
        results = message.results
        calls = message.calls
        if message.role == "assistant":
            message = _server_items(known, message)
            results, calls = message.results, message.calls
        others = [p for p in message.parts if not isinstance(p, (CallPart, ResultPart))]
        if message.role != "assistant":  # a turn holds the assistant's calls only
            lost.extend(Loss(call.path, _CALL_ELSEWHERE) for call in message.calls)
        elif results:  # read as the results it holds: its calls have no turn to go in
            lost.extend(Loss(call.path, _CALL_WITH_RESULTS) for call in calls)
        if message.role == "tool" or results:
            made = [_result(known, result, options, noted, lost) for result in results]
            paths = [result.path for result in results]
            joined = joins and turns.open_results()
            if joined and results:
                noted.append(Loss(message.path, _JOINED))
            turns.results(made, message.path, paths, extend=message.role == "tool" or joined)
            if others:
                turns.add(
                    UserTurn(tuple(_part(known, p, noted, message) for p in others), message.path)
                )
        elif message.role == "assistant":
            # an empty text beside calls (ollama's echo writes "") says nothing
            said = [p for p in others if not (isinstance(p, TextPart) and p.text == "" and calls)]
            parts = tuple(_part(known, p, noted, message) for p in said)
            own = reading.own_fields(message, bool(calls))
            if own:  # kept whole on its wire; elsewhere its parts arrive, these fields lost
                parts = (Opaque(known, message.raw, "message", message.path, parts, own),)
            made_calls = _calls(known, message) if calls else ()
            _unkept(known, calls, made_calls, lost)
            lost.extend(
                Loss(*found) for found in reading.assistant_losses(message, said, bool(calls))
            )
            call_paths = [call.path for call in calls]
            merge, noted_merge = reading.merge(
                turns.open_assistant(), bool(parts), any(map(_says, parts))
            )
            if noted_merge:
                # two assistant messages in a row, the first one's calls answered after
                # the second: one turn, so each call meets its result
                noted.append(Loss(message.path, _MERGED))
            own_fields = _own(known, reading.message_fields(message), message.path, lost)
            turns.assistant(parts, made_calls, message.path, call_paths, merge, own_fields, lost)
        elif _is_hoisted(known, message, turns.closed(), options):
            continue
        else:
            if message.role == "system" or message.path in systems:  # mid-conversation
                lost.append(Loss(message.path, _SYSTEM))
            fields = _own(known, reading.message_fields(message), message.path, lost)
            read_parts = tuple(_part(known, p, noted, message) for p in others)
            turns.add(UserTurn(read_parts, message.path, fields))
    return system, turns.closed(), read
