"""SPEC 9 "Writing": neutral turns as one wire's request body, and what was lost.

Tool turns go through section 7 (``turns.build_turn``, the converters' ``to()``); this
module writes only what section 7 does not: the system text, user turns, the assistant's
own parts beside its calls, and call ids the destination needs or would reject.
"""

from __future__ import annotations

from typing import Any, Final

from ...conversion.calls import ToolCall
from ...conversion.options import ConvertOptions
from ...conversion.result import ToolResult
from ...conversion.tool_turns import build_turn, tool_echo
from ...wires import (
    ContentPart,
    DocumentPart,
    ImagePart,
    OpaquePart,
    TextPart,
    exhausted,
    is_document,
    made_id,
    new_call_id,
    wire_facts,
    wire_module,
)
from ..checks.ids import id_rejected
from ..repairing.placement import MISSING_RESULT
from ..rules import RULES
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

__all__ = ["write_transcript"]

_LOST: Final = frozenset({"placeholder", "degraded", "omitted"})
_KINDS: Final = {"TextPart": "text", "ImagePart": "image", "DocumentPart": "document"}
#: Ids the destination rejects (SPEC 8 ``call-id-format``, the error cases).


#: The rule of a call that no result answers (its severity says whether a wire refuses it).
_NO_RESULT: Final = "call-without-result"


class _Writer:
    def __init__(
        self, wire: str, options: ConvertOptions, hoist: bool, profile: str | None, taken: set[str]
    ) -> None:
        self.wire: Final = wire_facts(wire).wire
        self.profile: Final = profile
        self.taken: Final = taken  # every call id of the request, and each id made since
        self.options: Final = options
        self.hoist: Final = hoist
        self.losses: Final[list[Loss]] = []
        self.notes: Final[list[Loss]] = []
        self.needs_ids: Final = wire_module(self.wire).turn.needs_call_ids
        #: a call with no result is an error on the destination (not only a warning)
        self.needs_results: Final = RULES[_NO_RESULT].level(self.wire, profile) == "error"
        self.has_ids: Final = wire_facts(self.wire).has_id_field
        self.shape: Final = wire_module(self.wire).request
        self.position = 0
        # each document block written, in request order: its source path and where in
        # it (``content[1]`` of a result), for the wire's cap on documents per request
        self.documents: Final[list[tuple[str, str]]] = []

    def lose(self, path: str, what: str) -> None:
        self.losses.append(Loss(path, what))

    # -- ids ------------------------------------------------------------------------

    def ids(
        self, turn: AssistantTurn, results: ToolResults | None
    ) -> tuple[tuple[ToolCall, ...], tuple[ToolResult, ...]]:
        """The calls with ids the destination takes, and the results renamed to match."""
        renamed: dict[str, str] = {}
        calls = []
        for index, call in enumerate(turn.calls):
            path = turn.call_paths[index] if index < len(turn.call_paths) else turn.path
            new_id = call.id
            if not call.id and self.needs_ids:
                new_id = made_id(self.position, call.name)
                self.lose(path, f"call {call.name!r} had no id: id {new_id!r} made")
            elif call.id and id_rejected(self.wire, self.profile, call.id):
                new_id = new_call_id(self.wire, self.profile, call.id, self.taken)
                renamed[call.id] = new_id
                self.lose(path, f"id {call.id!r} is not valid on {self.wire}: mapped to {new_id!r}")
            elif call.id and not self.has_ids:
                self.lose(path, f"call id {call.id!r}: {self.wire} has no field for it: dropped")
            self.position += 1
            for wire, fields in call.extra.items():
                if wire != self.wire:
                    names = ", ".join(sorted(fields))
                    self.lose(path, f"{wire} call fields dropped ({names})")
            calls.append(call if new_id == call.id else _with_id(call, new_id))
        answers = results.results if results is not None else ()
        fixed = [_result_with_id(r, renamed[r.id]) if r.id in renamed else r for r in answers]
        for index, result in enumerate(answers):
            if result.id in renamed and results is not None:
                paths = results.result_paths
                where = paths[index] if index < len(paths) else results.path
                self.lose(
                    where, f"id {result.id!r} mapped to {renamed[result.id]!r}, as its call's"
                )
        with_ids = [r for r in fixed if r.id]
        if with_ids and len(with_ids) < len(fixed) and len(fixed) == len(calls):
            # some results carry their call's id and some not (ollama's optional
            # tool_call_id, gemini's id only where the call had one): pair them all
            # (by position, as tool_turn pairs results without ids: every one then does)
            fixed = [_result_with_id(r, "") for r in fixed]
        return tuple(calls), tuple(fixed)

    # -- parts ----------------------------------------------------------------------

    def read_parts(
        self, parts: tuple[Part, ...], into: list[ContentPart] | None = None
    ) -> list[ContentPart]:
        """The parts this wire can write, in the read model its shapes take (appended to
        ``into``, the parts of the message so far, where given); each part of another
        wire's own (``Opaque``) a loss, but what it carries."""
        kept: list[ContentPart] = [] if into is None else into
        for part in parts:
            if isinstance(part, Opaque):
                text = _marked_text(part)
                if part.wire != self.wire and part.carried:
                    # the element is its wire's own; what another wire takes arrives
                    if part.own:
                        own = ", ".join(part.own)
                        self.lose(
                            part.path,
                            f"{part.kind or 'block'} fields ({own}) have no form on"
                            f" {self.wire}: dropped (the rest kept)",
                        )
                    self.read_parts(part.carried, kept)
                    continue
                if text is not None and part.wire != self.wire:
                    # a text with cache settings: the text arrives, only the marker is lost
                    gone = ", ".join(sorted(k for k in part.value if k not in ("type", "text")))
                    self.lose(
                        part.path, f"{gone} has no form on {self.wire}: dropped (the text kept)"
                    )
                    if text:
                        kept.append(TextPart(part.path, text))
                    continue
                if part.wire != self.wire:
                    self.lose(
                        part.path, f"{part.kind or 'block'} has no form on {self.wire}: dropped"
                    )
                    continue
                if part.value is None:  # nothing to write back: never a null in its place
                    self.lose(part.path, f"{part.kind or 'block'} could not be kept: dropped")
                    continue
                kept.append(OpaquePart(part.path, part.wire, part.kind, part.value))
            elif isinstance(part, CacheMark):
                self.cache(part, kept)
            elif isinstance(part, Thinking):
                block = wire_module(self.wire).reading.thinking_block(
                    part.text, part.signature, part.redacted
                )
                if block is None:
                    self.lose(part.path, f"thinking has no form on {self.wire}: dropped")
                else:
                    kept.append(OpaquePart(part.path, self.wire, "thinking", block))
            elif isinstance(part, Text):
                if part.text:  # an empty text says nothing: no wire's block for it
                    kept.append(TextPart(part.path, part.text))
            elif isinstance(part, Image):
                kept.append(ImagePart(part.path, part.mime, part.data, part.url, part.detail))
            elif isinstance(part, Document):
                kept.append(DocumentPart(part.path, part.mime, part.data, part.url, part.name))
            else:
                exhausted(part)
        return kept

    def cache(self, mark: CacheMark, kept: list[ContentPart]) -> None:
        """A cache mark as the destination's: a block of its own after what it marks
        (Bedrock), or the mark on the text before it (Anthropic); else a loss."""
        reading = wire_module(self.wire).reading
        point = reading.cache_point()
        if point is not None:
            kept.append(OpaquePart(mark.path, self.wire, "cache mark", point))
            return
        value = reading.cache_mark()
        before = kept[-1] if kept else None
        if value is not None and isinstance(before, TextPart):
            rebuilt = self.shape.rebuild(TextPart(before.path, before.text, value))
            if rebuilt is not None:
                kept[-1] = OpaquePart(before.path, self.wire, "text", rebuilt)
                return
        kept_text = " (the text kept)" if mark.on_text else ""
        self.lose(mark.path, f"{mark.name} has no form on {self.wire}: dropped{kept_text}")

    def lost(
        self, written: tuple[list[Any], list[ContentPart]], where: str, parts: list[ContentPart]
    ) -> list[Any]:
        """The messages written of ``parts``; each part lost a loss, each document kept
        one of the request's documents."""
        messages, lost = written
        if self.shape.max_documents() is not None:
            gone = {id(part) for part in lost}
            self.documents.extend(
                (part.path, "") for part in parts if id(part) not in gone and is_document(part)
            )
        for part in lost:
            kind = _KINDS.get(type(part).__name__, "part")
            if isinstance(part, OpaquePart):
                kind = part.kind or kind
            if (
                isinstance(part, (ImagePart, DocumentPart))
                and part.data is None
                and part.url
                and wire_facts(self.wire).image_mimes
            ):
                # the wire takes the kind, only not by URL (Bedrock: inline bytes or S3)
                self.lose(
                    part.path, f"{kind} given by URL: {self.wire} takes no URL there, dropped"
                )
                continue
            self.lose(part.path, f"{kind} has no form in a {self.wire} {where} message: dropped")
        return messages

    def joined(self, parts: list[ContentPart], role: str, path: str) -> None:
        """A loss where the destination joins a message's texts into one string: each text
        arrives, but a line break now stands between them."""
        count = sum(1 for part in parts if isinstance(part, TextPart))
        if count > 1 and self.shape.joins_texts(role):
            self.lose(
                path,
                f"{count} texts joined with line breaks into one ({self.wire}'s {role} message"
                " holds one text)",
            )

    def own(self, own: Opaque | None, messages: list[Any]) -> list[Any]:
        """``messages`` with a turn's own message fields on the first, on their own wire;
        on another, each field a loss at its path."""
        if own is None:
            return messages
        first = messages[0] if messages else None
        if own.wire == self.wire and isinstance(first, dict):
            messages[0] = {**first, **{k: v for k, v in own.value.items() if k not in first}}
            return messages
        for key in own.value:
            self.lose(f"{own.path}.{key}", f"a message field with no form on {self.wire}: dropped")
        return messages

    def user(self, turn: UserTurn) -> list[Any]:
        parts = self.read_parts(turn.parts)
        self.joined(parts, "user", turn.path)
        return self.own(turn.own, self.lost(self.shape.user(parts), "user", parts))

    # -- assistant turns ------------------------------------------------------------

    def assistant(self, turn: AssistantTurn, results: ToolResults | None) -> list[Any]:
        if results is not None:
            turn = self.adopted(turn, results)
            results = self.answering(turn, results)
        calls, answers = self.ids(turn, results)
        parts = self.read_parts(turn.parts)
        rest: list[Any] = []
        echo: list[Any] = []
        documents: list[tuple[str, str]] = []
        if calls and results is not None:
            made = build_turn(self.wire, calls, answers, hoist_images=self.hoist, **self.options)
            documents = self.result_losses(made.pairs, results)
            echo = made.echo
            rest = made.results + made.hoisted
        elif calls:
            echo = tool_echo(self.wire, calls)
            for index, call in enumerate(calls):
                path = turn.call_paths[index] if index < len(turn.call_paths) else turn.path
                # the call is written as it was: a note, not a loss (nothing is dropped)
                self.notes.append(
                    Loss(path, f"call {call.id or call.name!r} has no result in the request")
                )
        self.joined(parts, "assistant", turn.path)
        messages = self.own(
            turn.own, self.lost(self.shape.assistant(parts, echo), "assistant", parts)
        )
        self.documents.extend(documents)  # the results follow the assistant's own blocks
        return messages + rest

    def missing(self, turn: AssistantTurn) -> ToolResults:
        """The results of a turn whose calls no result answers, followed by more of the
        conversation, where the destination refuses that: an error result each, as repair
        writes it (``MISSING_RESULT``), a note each (the call is kept; nothing is lost)."""
        results = []
        for index, call in enumerate(turn.calls):
            path = turn.call_paths[index] if index < len(turn.call_paths) else turn.path
            self.notes.append(
                Loss(
                    path,
                    f"call {call.id or call.name!r} has no result in the request, which"
                    f" {self.wire} requires: an error result {MISSING_RESULT!r} written",
                )
            )
            text = {"type": "text", "text": MISSING_RESULT}
            results.append(ToolResult(name=call.name, id=call.id, content=[text], is_error=True))
        return ToolResults(tuple(results), turn.path, ())

    def adopted(self, turn: AssistantTurn, results: ToolResults) -> AssistantTurn:
        """``turn`` with each call that has no id given the id of the result that answers
        it by name (the first such result whose id no call of the turn has): Ollama pairs
        a result with its call by ``tool_name``, and its SDK's ``Message`` keeps no call
        id, so a call can come without the id its result still names. The pair stays a
        pair (a note), instead of the result dropped as an orphan and the call left
        unanswered."""
        if all(call.id for call in turn.calls):
            return turn
        held = {call.id for call in turn.calls if call.id}
        free = [r for r in results.results if r.id and r.id not in held]
        calls = list(turn.calls)
        for index, call in enumerate(calls):
            match = next((r for r in free if r.name in (None, "", call.name)), None)
            if call.id or match is None:
                continue
            free.remove(match)
            calls[index] = _with_id(call, match.id or "")
            path = turn.call_paths[index] if index < len(turn.call_paths) else turn.path
            self.notes.append(
                Loss(path, f"call {call.name!r} had no id: its result's id {match.id!r} taken")
            )
        return AssistantTurn(turn.parts, tuple(calls), turn.path, turn.call_paths, turn.own)

    def answering(self, turn: AssistantTurn, results: ToolResults) -> ToolResults | None:
        """The results that answer this turn's calls: one with an id no call of the turn
        has answers a call held elsewhere (an orphan, lost)."""
        ids = {call.id for call in turn.calls}
        stray = tuple(i for i, r in enumerate(results.results) if r.id and r.id not in ids)
        if not stray:
            return results
        self.orphans(results, stray)
        kept = [i for i in range(len(results.results)) if i not in stray]
        if not kept:
            return None
        paths = results.result_paths
        return ToolResults(
            tuple(results.results[i] for i in kept),
            results.path,
            tuple(paths[i] for i in kept if i < len(paths)),
        )

    def result_losses(
        self, pairs: tuple[tuple[ToolCall, ToolResult], ...], results: ToolResults
    ) -> list[tuple[str, str]]:
        """Each result entry or field the destination does not carry whole; the documents
        the turn's results hold (source path, entry), in order."""
        documents: list[tuple[str, str]] = []
        for index, (_, result) in enumerate(pairs):
            path = results.result_paths[index] if index < len(results.result_paths) else ""
            explained = result.explain(self.wire, **self.options)
            for record in explained:
                # a blank text left out is nothing lost (anthropic takes no blank blocks)
                if record.outcome in _LOST and not (
                    record.item_kind == "text" and record.outcome == "omitted"
                ):
                    self.lose(path, f"content[{record.index}]: {record.reason}")
                elif record.outcome == "native" and self.shape.is_document_block(record.part):
                    self.result_document(path, f"content[{record.index}]", documents)
            for note in explained.notes:
                # the name rides on the call's echo; an empty content is no loss
                if note.outcome == "omitted" and note.field not in ("content", "name"):
                    self.lose(path, f"{note.field}: {note.reason}")
        return documents

    def result_document(self, path: str, where: str, documents: list[tuple[str, str]]) -> None:
        """A document of a turn's results: one of the request's, or past the wire's cap
        within the turn already (the turn sent its placeholder): a loss."""
        limit = self.shape.max_documents()
        if limit is not None and len(documents) >= limit:
            self.lose(path, f"{where}: {self.shape.documents_note()}")
        else:
            documents.append((path, where))

    def orphans(self, turn: ToolResults, results: tuple[int, ...] | None = None) -> None:
        """Results that answer no call of the request (the call is held on the server:
        ``previous_response_id``, a tool search, ...): no wire takes them, each a loss."""
        chosen = range(len(turn.results)) if results is None else results
        for index in chosen:
            path = turn.result_paths[index] if index < len(turn.result_paths) else turn.path
            result = turn.results[index]
            self.lose(
                path, f"result {result.id or result.name!r} answers no call in the request: dropped"
            )

    # -- the request ----------------------------------------------------------------

    def body(self, system: str | None, turns: list[Turn]) -> dict[str, Any]:
        messages: list[Any] = []
        index = 0
        while index < len(turns):
            turn = turns[index]
            following = turns[index + 1] if index + 1 < len(turns) else None
            if isinstance(turn, AssistantTurn):
                results = following if isinstance(following, ToolResults) else None
                if turn.calls and results is not None:
                    index += 1
                    written = self.assistant(turn, results)
                elif turn.calls and following is not None and self.needs_results:
                    written = self.assistant(turn, self.missing(turn))
                else:
                    written = self.assistant(turn, None)
                messages.extend(written)
            elif isinstance(turn, ToolResults):
                self.orphans(turn)
            elif isinstance(turn, UserTurn):
                messages.extend(self.user(turn))
            else:
                exhausted(turn)
            index += 1
        written = [m for m in messages if not _is_empty(m)]
        if self.shape.alternating:
            written = self.alternate(written)
        return self.wrap(system or None, written)  # an empty system says nothing

    def alternate(self, messages: list[Any]) -> list[Any]:
        """Consecutive messages of one role as one (their blocks in order), each merge a
        note: a tool's results and the user's next words, two assistant messages."""
        out: list[Any] = []
        for message in messages:
            last = out[-1] if out else None
            if isinstance(last, dict) and last.get("role") == message.get("role"):
                out[-1] = {**last, "content": [*_blocks(last), *_blocks(message)]}
                self.notes.append(
                    Loss(
                        "",
                        f"two {message.get('role')} messages in a row written as one"
                        f" ({self.wire} takes alternating roles)",
                    )
                )
            else:
                out.append(message)
        return out

    def wrap(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        limit = self.shape.max_documents()
        if limit is not None and len(self.documents) > limit:
            self.shape.cap_documents(messages, limit)
            note = self.shape.documents_note()
            for path, where in self.documents[limit:]:
                self.lose(path, f"{where}: {note}" if where else note)
        return self.shape.body(system, messages)


def _marked_text(part: Opaque) -> str | None:
    """The text of an opaque text block (a text with ``cache_control`` and the like)."""
    value = part.value
    if part.kind != "text" or not isinstance(value, dict):
        return None
    text = value.get("text")
    return text if isinstance(text, str) else None


def _blocks(message: dict[str, Any]) -> list[Any]:
    """A message's content as a list of blocks (a string as one text block)."""
    content = message.get("content")
    if isinstance(content, str):
        return [{"text": content}]
    return list(content) if isinstance(content, list) else []


def _is_empty(message: Any) -> bool:
    """A message with nothing in it (every part of it dropped): no wire takes one."""
    if not isinstance(message, dict) or "type" in message:
        return False
    if any(key not in ("role", "content", "parts") for key in message):
        return False
    return not message.get("content") and not message.get("parts")


def _with_id(call: ToolCall, new_id: str) -> ToolCall:
    return ToolCall(id=new_id, name=call.name, arguments=call.arguments, extra=call.extra or None)


def _result_with_id(result: ToolResult, new_id: str) -> ToolResult:
    data = result.to_dict()
    data["id"] = new_id
    return ToolResult.from_dict(data)


def write_transcript(
    wire: str,
    system: str | None,
    turns: list[Turn],
    options: ConvertOptions,
    hoist: bool,
    profile: str | None = None,
    notes: list[Loss] | None = None,
) -> tuple[dict[str, Any], list[Loss]]:
    """The request body of ``wire`` and the losses on the way (paths of the source);
    changes in form only (messages merged where the wire takes alternating roles) go
    to ``notes``.

    Ids the destination rejects (section 8's ``call-id-format``, with ``profile``) are
    mapped as section 8's repair maps them.

    :raises ValueError: unknown wire, a pairing problem (section 7), hoisting without
        ``image_input``.
    :raises TypeError: an unknown option.
    """
    taken = {c.id for t in turns if isinstance(t, AssistantTurn) for c in t.calls if c.id}
    writer = _Writer(wire, options, hoist, profile, taken)
    body = writer.body(system, turns)
    if notes is not None:
        notes.extend(writer.notes)
    return body, writer.losses
