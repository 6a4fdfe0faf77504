"""``toy``: an eighth wire, whole, in one module (issue 24: "a wire is one module plus data").

A made-up chat API: a tool result is ``{"role": "result", "ref": id, "tool": name, "body":
text}``; an assistant's calls are ``{"role": "assistant", "body": text, "calls": [{"ref":
id, "tool": name, "args": {...}}]}``; a request is ``{"turns": [...]}``. Its facts, its
converter, its turn shape, its readers and its request shape make :data:`WIRE`, which
``tests/test_toy_wire.py`` registers (``toolresult_lab.wires.registered``).
"""

from __future__ import annotations

from typing import Any, Final

from toolresult_lab.conversion.steps import Conversion
from toolresult_lab.wires import (
    CallData,
    CallPart,
    ContentPart,
    Converter,
    Message,
    ReadCall,
    Reading,
    ReadRequest,
    RequestEdits,
    RequestShape,
    ResultPart,
    Source,
    TextPart,
    TurnShape,
    WireChecks,
    WireFacts,
    WireModule,
)

NAME: Final = "toy"

# -- the wire, whole -----------------------------------------------------------------------

FACTS: Final = WireFacts(NAME, "Toy result message")  # type: ignore[arg-type]


class ToyConverter(Converter):
    """``{"role": "result", "ref": id, "tool": name, "body": <string form>}``."""

    def convert(self, data: Source) -> Conversion:
        content, steps, notes, content_note = self.string_form(data)
        block = {"role": "result", "ref": data.id, "tool": data.name, "body": content}
        return Conversion(block, steps, notes, content_note)


def _calls(reading: Reading, message: dict[str, Any], path: str) -> list[CallPart]:
    calls = []
    for index, entry in enumerate(reading.list_at(message.get("calls"), f"{path}.calls")):
        at = f"{path}.calls[{index}]"
        found = reading.dict_at(entry, at)
        if found is None:
            continue
        calls.append(
            CallPart(
                at,
                reading.call_id(found.get("ref"), f"{at}.ref"),
                reading.call_name(found.get("tool"), f"{at}.tool"),
                reading.arguments(found.get("args"), f"{at}.args"),
                {},
            )
        )
    return calls


class ToyTurn(TurnShape):
    """Echo one assistant message with ``calls``; each result one message of its own."""

    def echo(self, calls: list[CallData]) -> list[Any]:
        entries = [{"ref": c.id, "tool": c.name, "args": c.fresh_args()} for c in calls]
        return [{"role": "assistant", "body": "", "calls": entries}]

    def results(self, blocks: list[Any]) -> list[Any]:
        return list(blocks)

    def read(self, message: Any) -> list[ReadCall]:
        reading = Reading(NAME)
        found = reading.dict_at(message, "message") or {}
        calls = _calls(reading, found, "")
        reading.raise_first()
        return [ReadCall(c.path.lstrip("."), c.id or "", c.name, c.arguments, None) for c in calls]


TURN: Final = ToyTurn(
    NAME, results_zone="run", results_where="a result message right after it", needs_call_ids=True
)


def _result(reading: Reading, message: dict[str, Any], path: str) -> ResultPart:
    body = f"{path}.body" if path else "body"
    text = TextPart(body, reading.text_at(message.get("body"), body))
    return ResultPart(
        path,
        reading.call_id(message.get("ref"), f"{path}.ref" if path else "ref"),
        reading.optional_text(message.get("tool"), f"{path}.tool" if path else "tool"),
        False,
        (text,),
        None,
        message,
    )


def toy_read_block(block: Any) -> ResultPart:
    reading = Reading(NAME)
    return _result(reading, reading.dict_at(block, "") or {}, "")


_ROLES: Final = {"user": "user", "assistant": "assistant", "result": "tool", "system": "system"}


def toy_read_request(request: Any) -> ReadRequest:
    reading = Reading(NAME)
    if isinstance(request, dict):
        form, entries = "body", reading.list_at(request.get("turns"), "turns")
    else:
        form, entries = "list", reading.list_at(request, "turns")
    messages = []
    for index, entry in enumerate(entries):
        path = f"turns[{index}]"
        message = reading.dict_at(entry, path)
        if message is None:
            continue
        role = reading.role(message.get("role"), f"{path}.role", _ROLES)  # type: ignore[arg-type]
        if role is None:
            continue
        if role == "tool":
            parts: tuple[Any, ...] = (_result(reading, message, path),)
        else:
            text = TextPart(
                f"{path}.body", reading.text_at(message.get("body", ""), f"{path}.body")
            )
            parts = (text, *_calls(reading, message, path))
        messages.append(Message(path, role, parts, message, "string"))
    return reading.request(form, "turns", messages, [], request)  # type: ignore[arg-type]


class ToyRequest(RequestShape):
    """Text as ``body``; a request is ``{"turns": [...]}``; nothing else is carried."""

    def _text(self, parts: list[ContentPart]) -> tuple[str, list[ContentPart]]:
        texts = [p.text for p in parts if isinstance(p, TextPart)]
        return "\n".join(texts), [p for p in parts if not isinstance(p, TextPart)]

    def user(self, parts: list[ContentPart]) -> tuple[list[Any], list[ContentPart]]:
        text, lost = self._text(parts)
        return [{"role": "user", "body": text}], lost

    def assistant(
        self, parts: list[ContentPart], echo: list[Any]
    ) -> tuple[list[Any], list[ContentPart]]:
        text, lost = self._text(parts)
        first = dict(echo[0]) if echo else {"role": "assistant", "body": text}
        first["body"] = text
        return [first, *echo[1:]], lost

    def body(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        return {"turns": messages if system is None else [self.system(system), *messages]}

    def system(self, text: str) -> Any:
        return {"role": "system", "body": text}


class ToyEdits(RequestEdits):
    """The toy wire's request edits: none of its own (each edit raises, as the base says)."""

    wire = NAME


WIRE: Final = WireModule(
    facts=FACTS,
    converter=ToyConverter,
    turn=TURN,
    read_block=toy_read_block,
    read_request=toy_read_request,
    request=ToyRequest(NAME),
    edits=ToyEdits(),
    checks=WireChecks(),
)
