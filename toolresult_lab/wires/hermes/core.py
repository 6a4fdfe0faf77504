"""hermes: ``<tool_response>`` text around a JSON object, for Hermes-style templates.

Every ``</`` in the JSON is written ``<\\/`` (the same JSON value), so text from a
tool cannot close the block early (SPEC section 6).

The turn (SPEC 7): one assistant message of ``<tool_call>`` blocks, each holding
``{"name", "arguments"}`` as compact JSON in that order (``</`` written ``<\\/`` here
too), then one ``tool`` message per result.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final, cast

from ...conversion.encoding import json_string, json_string_chars
from ...conversion.steps import Conversion
from .._common import Converter, Source, WireFacts, exhausted
from .._read import (
    CallPart,
    ContentPart,
    Message,
    OpaquePart,
    Part,
    Reading,
    ReadRequest,
    ResultPart,
    Role,
    TextPart,
    at_index,
    at_key,
    body_list,
)
from .._turn import CallData, ReadCall, TurnShape, malformed
from .._write import RequestShape, TextOnlyShape
from .shapes import HermesBody, HermesMessage

FACTS: Final[WireFacts] = WireFacts(
    "hermes", "Hermes <tool_response> text", reads=frozenset({"response_tag"}), has_id_field=False
)


def unclosable(json_text: str) -> str:
    """``json_text`` with every ``</`` written ``<\\/`` (the same JSON value), so no text
    inside it can close the block it sits in (SPEC 6, and SPEC 7 for the echo)."""
    if "<" not in json_text:  # one memchr pass: 3x faster than a replace that finds none
        return json_text
    return json_text.replace("</", "<\\/")


def text_chars(text: str) -> int:
    """The characters ``text`` takes in a block: its JSON string's (quotes left out), one
    more for each ``</`` (written ``<\\/``). JSON escapes neither ``<`` nor ``/``, so the
    pairs of the text are the pairs of its JSON; the fit measures a 10 MB text this way
    instead of building the block around it."""
    pairs = text.count("</") if "<" in text else 0
    return json_string_chars(text) + pairs


class HermesConverter(Converter):
    """``<tag>\\n{"content": <string form>, "name": name}\\n</tag>`` (a ``str``)."""

    def convert(self, data: Source) -> Conversion:
        content, steps, notes, content_note = self.string_form(data)
        # json_encode({"content": ..., "name": ...}) with its keys already in sorted order,
        # made unclosable piece by piece (no ``</`` spans two pieces: they meet at quotes)
        # and joined once: a 10 MB content is copied once, not three times
        tag = self.options.response_tag
        block = "".join(
            (
                f'<{tag}>\n{{"content":',
                unclosable(json_string(content)),
                ',"name":',
                unclosable(json_string(data.name)),
                f"}}\n</{tag}>",
            )
        )
        return Conversion(block, steps, notes, content_note)


#: A ``<tool_call>`` block; the last one may be left unclosed (a model stopped at its stop
#: token), as Hermes-style servers accept it.
_TOOL_CALL: Final = re.compile(r"<tool_call>(.*?)</tool_call>|<tool_call>(.*)\Z", re.DOTALL)


class HermesTurn(TurnShape):
    """Echo ``{"role": "assistant", "content": "<tool_call>...</tool_call>..."}``; results
    ``{"role": "tool", "content": <tool_response> text}`` each."""

    def echo(self, calls: list[CallData]) -> list[HermesMessage]:
        blocks = []
        for call in calls:
            block = call.memo.get("hermes")
            if block is None:
                # ordered_json({"name": ..., "arguments": args}), from the parts made once
                body = '{"name":' + json_string(call.name) + ',"arguments":' + call.args_json + "}"
                block = "<tool_call>\n" + unclosable(body) + "\n</tool_call>"
                call.memo["hermes"] = block
            blocks.append(block)
        return [{"role": "assistant", "content": "\n".join(blocks)}]

    def results(self, blocks: list[Any]) -> list[HermesMessage]:
        return [{"role": "tool", "content": block} for block in blocks]

    def read(self, message: Any) -> list[ReadCall]:
        """The assistant's text (or a message whose ``content`` is that text)."""
        if isinstance(message, dict):
            message = message.get("content")
            if message is None:
                return []
        if not isinstance(message, str):
            raise malformed("hermes", "message", "expected the assistant's text")
        calls = []
        for number, (at, body) in enumerate(_call_bodies(message)):
            reading = Reading("hermes")
            where = f"<tool_call> #{number + 1} (at character {at})"
            call = _call(reading, body, where, where)
            reading.raise_first()
            assert call is not None
            calls.append(ReadCall(call.path, "", call.name, call.arguments))
        return calls


TURN: Final[TurnShape] = HermesTurn(
    "hermes", results_zone="later", results_where="a tool message after it"
)


# ------------------------------------------------------------------------------------------
# Reading hermes shapes: <tool_call> JSON in assistant text, <tag> results
# ------------------------------------------------------------------------------------------

_ROLES: Final[dict[str, Role]] = {
    "system": "system",
    "user": "user",
    "assistant": "assistant",
    "tool": "tool",
}
#: A result block, whatever its tag: ``<tag>`` JSON ``</tag>`` (the JSON writes ``</`` as
#: ``<\/``, so the first closing tag of the same name ends it).
RESULT_BLOCK: Final = re.compile(r"<([A-Za-z_][\w.-]*)>\s*(\{.*?\})\s*</\1>", re.DOTALL)


def _call_bodies(text: str) -> list[tuple[int, str]]:
    """``(character position, JSON text)`` of each ``<tool_call>`` in ``text``."""
    found = []
    for match in _TOOL_CALL.finditer(text):
        body = match.group(1) if match.group(1) is not None else match.group(2)
        found.append((match.start(), body))
    return found


def _parse(reading: Reading, body: str, where: str) -> dict[str, Any] | None:
    try:
        parsed = json.loads(body)
    except ValueError as error:
        reading.problem(where, f"the JSON does not parse ({error})")
        return None
    except RecursionError:
        reading.problem(where, "the JSON is nested too deeply")
        return None
    return reading.dict_at(parsed, where)


def _call(reading: Reading, body: str, path: str, where: str) -> CallPart | None:
    """One ``<tool_call>``'s ``{"name", "arguments"}`` (problems reported at ``where``)."""
    parsed = _parse(reading, body, where)
    if parsed is None:
        return None
    return CallPart(
        path,
        None,
        reading.call_name(parsed.get("name"), where),
        reading.arguments(parsed.get("arguments"), where),
        {},
    )


def _result(reading: Reading, body: str, path: str, text_path: str, raw: Any) -> ResultPart | None:
    """One result block's ``{"content", "name"}``; ``None`` when it is not one."""
    parsed = _parse(reading, body, path)
    if parsed is None:
        return None
    content = parsed.get("content")
    parts: tuple[ContentPart, ...] = ()
    if isinstance(content, str):
        parts = (TextPart(text_path, content),)
    elif content is not None:
        parts = (OpaquePart(text_path, "hermes", "content", content),)
    name = parsed.get("name")
    return ResultPart(path, None, name if isinstance(name, str) else None, False, parts, None, raw)


def read_block(block: Any) -> ResultPart:
    """A result block (a ``str``), whatever its tag."""
    reading = Reading("hermes")
    text = reading.text_at(block, "")
    match = RESULT_BLOCK.search(text)
    if match is not None:
        result = _result(reading, match.group(2), "", "content", block)
        if result is not None:
            return result
    return ResultPart("", None, None, False, (TextPart("", text),), None, block)


def _results_in(reading: Reading, text: str, path: str, raw: Any) -> list[ResultPart]:
    """The result blocks inside a message's text (each pointed at by the message's path)."""
    found = []
    for match in RESULT_BLOCK.finditer(text):
        start = len(reading.problems)
        result = _result(reading, match.group(2), path, at_key(path, "content"), raw)
        del reading.problems[start:]  # a tag around other JSON is text, not a result
        if result is not None and result.parts:
            found.append(result)
    return found


def read_request(request: Any) -> ReadRequest:
    """A chat body (``messages``) or its messages list: calls as ``<tool_call>`` JSON in
    assistant text, results as ``tool`` messages or result tags in a user message."""
    reading = Reading("hermes")
    form, entries, _ = body_list(reading, request, "messages")
    messages = []
    for index, entry in enumerate(entries):
        found = _message(reading, entry, at_index("messages", index))
        if found is not None:
            messages.append(found)
    return reading.request(form, "messages", messages, [], request)


def _message(reading: Reading, entry: Any, path: str) -> Message | None:
    """One chat message, read on its own (a function per message: its locals end with it)."""
    message = reading.dict_at(entry, path)
    if message is None:
        return None
    role = reading.role(message.get("role"), at_key(path, "role"), _ROLES)
    if role is None:
        return None
    content_path = at_key(path, "content")
    content = message.get("content")
    text = reading.text_at("" if content is None and role == "assistant" else content, content_path)
    parts: list[Part] = []
    if role == "assistant":
        bodies = list(_call_bodies(text))
        for at, body in bodies:
            call = _call(reading, body, path, f"{content_path} (<tool_call> at {at})")
            if call is not None:
                parts.append(call)
        # the text beside calls is read trimmed (the writer puts a line break before
        # them; the reading says when more went); a text alone is read as it is
        rest = _TOOL_CALL.sub("", text).strip() if bodies else text
        if rest:
            parts.insert(0, TextPart(content_path, rest))
    elif role == "tool":
        result = read_block(text)
        texts = tuple([TextPart(content_path, t) for t in result.texts])
        parts.append(ResultPart(path, None, result.name, False, texts, None, message))
    elif role == "user" or role == "system":
        results = _results_in(reading, text, path, message) if role == "user" else []
        parts.extend(results)
        if not results:
            parts.append(TextPart(content_path, text))
    else:
        exhausted(role)
    return Message(path, role, tuple(parts), message, "string")


# ------------------------------------------------------------------------------------------
# Writing a whole request (SPEC 9)
# ------------------------------------------------------------------------------------------


class HermesRequest(TextOnlyShape):
    """Text only: user and assistant ``content`` strings (the assistant's text before its
    ``<tool_call>`` blocks); system as the first message."""

    def user(self, parts: list[ContentPart]) -> tuple[list[HermesMessage], list[ContentPart]]:
        text, lost = self.joined(parts)
        return [{"role": "user", "content": text}], lost

    def assistant(
        self, parts: list[ContentPart], echo: list[Any]
    ) -> tuple[list[HermesMessage], list[ContentPart]]:
        text, lost = self.joined(parts)
        if not echo:
            return [{"role": "assistant", "content": text}], lost
        first = cast(HermesMessage, dict(echo[0]))  # the echo is TURN.echo's
        if text:
            first["content"] = text + "\n" + first["content"]
        return [first, *echo[1:]], lost

    def body(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        typed: list[HermesMessage] = messages
        if system is not None:
            typed = [{"role": "system", "content": system}, *messages]
        body: HermesBody = {"messages": typed}
        return cast(dict[str, Any], body)  # JSON from here: settings and lint edit it


REQUEST: Final[RequestShape] = HermesRequest("hermes")
