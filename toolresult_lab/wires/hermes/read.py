"""The hermes wire's readers: ``<tool_call>`` JSON in assistant text and ``<tag>`` results,
as neutral parts (``ReadRequest``).
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

from .._common import exhausted
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

#: A ``<tool_call>`` block; the last one may be left unclosed (a model stopped at its stop
#: token), as Hermes-style servers accept it.
_TOOL_CALL: Final = re.compile(r"<tool_call>(.*?)</tool_call>|<tool_call>(.*)\Z", re.DOTALL)


_ROLES: Final[dict[str, Role]] = {
    "system": "system",
    "user": "user",
    "assistant": "assistant",
    "tool": "tool",
}
#: A result block, whatever its tag: ``<tag>`` JSON ``</tag>`` (the JSON writes ``</`` as
#: ``<\/``, so the first closing tag of the same name ends it).
RESULT_BLOCK: Final = re.compile(r"<([A-Za-z_][\w.-]*)>\s*(\{.*?\})\s*</\1>", re.DOTALL)


def call_bodies(text: str) -> list[tuple[int, str]]:
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


def read_call(reading: Reading, body: str, path: str, where: str) -> CallPart | None:
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
        bodies = list(call_bodies(text))
        for at, body in bodies:
            call = read_call(reading, body, path, f"{content_path} (<tool_call> at {at})")
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
