"""SPEC 9 "Writing": neutral turns as one wire's request body, and what was lost.

Tool turns go through section 7 (``turns.build_turn``, the converters' ``to()``); this
module writes only what section 7 does not: the system text, user turns, the assistant's
own parts beside its calls, and call ids the destination needs or would reject.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any, Final

from .calls import ToolCall
from .conversation import (
    AssistantTurn,
    Document,
    Image,
    Loss,
    Opaque,
    Part,
    Text,
    ToolResults,
    Turn,
    UserTurn,
)
from .options import ConvertOptions
from .result import ToolResult
from .turns import build_turn
from .wires import turn_shape, wire_facts

__all__ = ["write_transcript"]

_LOST: Final = frozenset({"placeholder", "degraded", "omitted"})
#: Ids the destination rejects (SPEC 8 ``call-id-format``, the error cases).
_ANTHROPIC_ID: Final = re.compile(r"^[a-zA-Z0-9_-]+$")
_MAX_ID: Final = 64


def made_id(position: int, name: str) -> str:
    """``call_`` + 24 hex digits of a hash of the call's position and name (SPEC 9)."""
    digest = hashlib.sha256(f"{position}:{name}".encode()).hexdigest()
    return "call_" + digest[:24]


def _rejected(wire: str, call_id: str) -> bool:
    if wire == "anthropic":
        return _ANTHROPIC_ID.match(call_id) is None
    if wire in ("openai", "responses"):
        return len(call_id) > _MAX_ID
    return False


def _mapped_id(call_id: str) -> str:
    """A valid id for one the destination rejects: deterministic, the same for a call and
    its results (the shape section 8's repair gives; see the report on issue 16)."""
    return "call_" + hashlib.sha256(call_id.encode("utf-8", "replace")).hexdigest()[:24]


class _Writer:
    def __init__(self, wire: str, options: ConvertOptions, hoist: bool) -> None:
        self.wire: Final = wire_facts(wire).wire
        self.options: Final = options
        self.hoist: Final = hoist
        self.losses: Final[list[Loss]] = []
        self.needs_ids: Final = turn_shape(self.wire).needs_call_ids
        self.position = 0

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
            elif call.id and _rejected(self.wire, call.id):
                new_id = _mapped_id(call.id)
                renamed[call.id] = new_id
                self.lose(path, f"id {call.id!r} is not valid on {self.wire}: mapped to {new_id!r}")
            self.position += 1
            calls.append(call if new_id == call.id else _with_id(call, new_id))
        answers = results.results if results is not None else ()
        fixed = [_result_with_id(r, renamed[r.id]) if r.id in renamed else r for r in answers]
        with_ids = [r for r in fixed if r.id]
        if with_ids and len(with_ids) < len(fixed) and len(fixed) == len(calls):
            # some results carry their call's id and some not (ollama's optional
            # tool_call_id, gemini's id only where the call had one): pair them all
            # (by position, as tool_turn pairs results without ids: every one then does)
            fixed = [_result_with_id(r, "") for r in fixed]
        return tuple(calls), tuple(fixed)

    # -- parts ----------------------------------------------------------------------

    def keep(self, parts: tuple[Part, ...]) -> list[Part]:
        """The parts this wire can write; each other one a loss."""
        kept: list[Part] = []
        for part in parts:
            if isinstance(part, Opaque) and part.wire != self.wire:
                self.lose(part.path, f"{part.kind or 'block'} has no form on {self.wire}: dropped")
                continue
            kept.append(part)
        return kept

    def user(self, turn: UserTurn) -> list[Any]:
        parts = self.keep(turn.parts)
        wire = self.wire
        if wire == "gemini":
            return [{"role": "user", "parts": self.gemini_parts(parts)}]
        if len(parts) == 1 and isinstance(parts[0], Text):
            return [{"role": "user", "content": parts[0].text}]
        if wire in ("ollama", "hermes"):
            texts, images = self.flat(parts)
            message: dict[str, Any] = {"role": "user", "content": "\n".join(texts)}
            if images:
                message["images"] = images
            return [message]
        content = [block for part in parts for block in self.block(part)]
        return [{"role": "user", "content": content}]

    def flat(self, parts: list[Part]) -> tuple[list[str], list[str]]:
        """Texts and (ollama) base64 images of a wire whose messages hold text only."""
        texts: list[str] = []
        images: list[str] = []
        for part in parts:
            if isinstance(part, Text):
                texts.append(part.text)
            elif isinstance(part, Image) and part.data is not None and self.wire == "ollama":
                images.append(part.data)
            elif isinstance(part, Opaque):
                if self.wire == "ollama" and part.kind == "thinking":
                    continue  # written back as the message's thinking field
                self.lose(part.path, f"{part.kind or 'block'} has no form on {self.wire}: dropped")
            else:
                kind = "image" if isinstance(part, Image) else "document"
                self.lose(part.path, f"{kind} has no form in a {self.wire} message: dropped")
        return texts, images

    def gemini_parts(self, parts: list[Part]) -> list[Any]:
        out: list[Any] = []
        for part in parts:
            if isinstance(part, Text):
                out.append({"text": part.text})
            elif isinstance(part, (Image, Document)):
                mime = part.mime or ("application/pdf" if isinstance(part, Document) else "")
                if part.data is not None:
                    out.append({"inlineData": {"mimeType": mime, "data": part.data}})
                else:
                    out.append({"fileData": {"mimeType": mime, "fileUri": part.url}})
            else:
                out.append(part.value)
        return out

    def block(self, part: Part) -> list[Any]:
        """One part as a content block of openai, anthropic or responses."""
        wire = self.wire
        if isinstance(part, Opaque):
            return [part.value]
        if isinstance(part, Text):
            kind = "input_text" if wire == "responses" else "text"
            return [{"type": kind, "text": part.text}]
        url = part.url
        if part.data is not None:
            url = f"data:{part.mime or 'application/octet-stream'};base64,{part.data}"
        if isinstance(part, Image):
            if wire == "anthropic":
                return [{"type": "image", "source": _source(part.mime, part.data, part.url)}]
            if wire == "responses":
                # the SDK's ResponseInputImageParam requires detail; "auto" is the API default
                detail = part.detail if part.detail is not None else "auto"
                return [{"type": "input_image", "image_url": url, "detail": detail}]
            image_url: dict[str, Any] = {"url": url}
            if part.detail is not None:
                image_url["detail"] = part.detail
            return [{"type": "image_url", "image_url": image_url}]
        if wire == "anthropic":
            document: dict[str, Any] = {
                "type": "document",
                "source": _source(part.mime, part.data, part.url),
            }
            if part.name:
                document["title"] = part.name
            return [document]
        name = part.name or "document.pdf"
        if wire == "responses":
            if part.data is None:
                return [{"type": "input_file", "file_url": part.url}]
            return [{"type": "input_file", "filename": name, "file_data": url}]
        if part.data is None:
            self.lose(part.path, "a document by URL has no form in an openai message: dropped")
            return []
        return [{"type": "file", "file": {"filename": name, "file_data": url}}]

    # -- assistant turns ------------------------------------------------------------

    def assistant(self, turn: AssistantTurn, results: ToolResults | None) -> list[Any]:
        calls, answers = self.ids(turn, results)
        parts = self.keep(turn.parts)
        if not calls:
            return self.assistant_text(parts)
        if results is not None:
            made = build_turn(self.wire, calls, answers, hoist_images=self.hoist, **self.options)
            self.result_losses(made.pairs, results)
            echo = made.echo
            rest = made.results + made.hoisted
        else:
            echo = turn_shape(self.wire).echo([call._data for call in calls])
            rest = []
            for index, call in enumerate(calls):
                path = turn.call_paths[index] if index < len(turn.call_paths) else turn.path
                self.lose(path, f"call {call.id or call.name!r} has no result in the request")
        return self.merge(echo, parts) + rest

    def assistant_text(self, parts: list[Part]) -> list[Any]:
        wire = self.wire
        if wire == "gemini":
            return [{"role": "model", "parts": self.gemini_parts(parts)}]
        if wire == "anthropic" and not (len(parts) == 1 and isinstance(parts[0], Text)):
            return [{"role": "assistant", "content": [b for p in parts for b in self.block(p)]}]
        if wire == "responses" and any(not isinstance(p, Text) for p in parts):
            items: list[Any] = []
            for part in parts:
                if isinstance(part, Opaque):
                    items.append(part.value)
                elif isinstance(part, Text):
                    items.append({"role": "assistant", "content": part.text})
            return items
        texts, _ = self.flat(parts)
        message: dict[str, Any] = {"role": "assistant", "content": "\n".join(texts)}
        self.ollama_thinking(parts, message)
        return [message]

    def ollama_thinking(self, parts: list[Part], message: dict[str, Any]) -> None:
        if self.wire == "ollama":
            for part in parts:
                if isinstance(part, Opaque) and part.kind == "thinking":
                    message["thinking"] = part.value

    def merge(self, echo: list[Any], parts: list[Part]) -> list[Any]:
        """The assistant's own parts put into section 7's echo (before its calls)."""
        if not parts:
            return echo
        wire = self.wire
        first = dict(echo[0])
        if wire == "gemini":
            first["parts"] = self.gemini_parts(parts) + first["parts"]
        elif wire == "anthropic":
            first["content"] = [b for p in parts for b in self.block(p)] + first["content"]
        elif wire == "responses":
            before: list[Any] = []
            for part in parts:
                if isinstance(part, Opaque):
                    before.append(part.value)
                elif isinstance(part, Text):
                    before.append({"role": "assistant", "content": part.text})
                else:
                    self.lose(part.path, "media in an assistant turn have no form on responses")
            return before + echo
        else:
            texts, _ = self.flat(parts)
            text = "\n".join(texts)
            if wire == "hermes":
                first["content"] = text + "\n" + first["content"] if text else first["content"]
            else:
                first["content"] = text
            self.ollama_thinking(parts, first)
        return [first, *echo[1:]]

    def result_losses(
        self, pairs: tuple[tuple[ToolCall, ToolResult], ...], results: ToolResults
    ) -> None:
        """Each result entry or field the destination does not carry whole."""
        for index, (_, result) in enumerate(pairs):
            path = results.result_paths[index] if index < len(results.result_paths) else ""
            explained = result.explain(self.wire, **self.options)
            for record in explained:
                # a blank text left out is nothing lost (anthropic takes no blank blocks)
                if record.outcome in _LOST and not (
                    record.item_kind == "text" and record.outcome == "omitted"
                ):
                    self.lose(path, f"content[{record.index}]: {record.reason}")
            for note in explained.notes:
                # the name rides on the call's echo; an empty content is no loss
                if note.outcome == "omitted" and note.field not in ("content", "name"):
                    self.lose(path, f"{note.field}: {note.reason}")

    def orphans(self, turn: ToolResults) -> list[Any]:
        for path in turn.result_paths or (turn.path,):
            self.lose(path, "a result that answers no call in the request")
        blocks = [result.to(self.wire, **self.options) for result in turn.results]
        messages: list[Any] = turn_shape(self.wire).results(blocks)
        return messages

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
                else:
                    written = self.assistant(turn, None)
                messages.extend(written)
            elif isinstance(turn, ToolResults):
                messages.extend(self.orphans(turn))
            else:
                messages.extend(self.user(turn))
            index += 1
        return self.wrap(system, messages)

    def wrap(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        wire = self.wire
        if wire == "anthropic":
            return {"system": system, "messages": messages} if system else {"messages": messages}
        if wire == "gemini":
            body: dict[str, Any] = {}
            if system:
                body["systemInstruction"] = {"parts": [{"text": system}]}
            body["contents"] = messages
            return body
        if wire == "responses":
            return {"instructions": system, "input": messages} if system else {"input": messages}
        if system:
            messages = [{"role": "system", "content": system}, *messages]
        return {"messages": messages}


def _source(mime: str | None, data: str | None, url: str | None) -> dict[str, Any]:
    if data is not None:
        return {"type": "base64", "media_type": mime, "data": data}
    return {"type": "url", "url": url}


def _with_id(call: ToolCall, new_id: str) -> ToolCall:
    return ToolCall(id=new_id, name=call.name, arguments=call.arguments, extra=call.extra or None)


def _result_with_id(result: ToolResult, new_id: str) -> ToolResult:
    data = result.to_dict()
    data["id"] = new_id
    return ToolResult.from_dict(data)


def write_transcript(
    wire: str, system: str | None, turns: list[Turn], options: ConvertOptions, hoist: bool
) -> tuple[dict[str, Any], list[Loss]]:
    """The request body of ``wire`` and the losses on the way (paths of the source).

    :raises ValueError: unknown wire, a pairing problem (section 7), hoisting without
        ``image_input``.
    :raises TypeError: an unknown option.
    """
    writer = _Writer(wire, options, hoist)
    body = writer.body(system, turns)
    return body, writer.losses
