"""What a translation must carry: every text, id and payload of the source request.

``carried(source, output, losses)`` walks the source request's conversation (not its
tools or settings) for the strings that are a conversation's substance (texts, call and
result ids, arguments, payloads and links) and returns those found neither in the
output (as they are, or JSON-escaped once or twice: a hermes result is JSON in a string)
nor under the path of a loss or a note. A test asserts the list is empty.

``definitions_lost(source, output, losses)`` does the same for the tool definitions: each
key and string of a definition (its name, description, schema and any other field) that a
definition's own structure does not explain must be in the output or under a loss.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

#: Keys whose string value is a conversation's substance.
SUBSTANCE = frozenset(
    {
        # texts
        "text", "content", "output", "thinking", "instructions", "system", "refusal",
        # ids
        "id", "tool_use_id", "tool_call_id", "call_id", "toolUseId",
        # arguments
        "arguments", "input", "args",
        # payloads and links
        "data", "bytes", "blob", "url", "image_url", "file_data", "file_url", "fileUri", "uri",
    }
)  # fmt: skip
#: Where the conversation is, per wire (settings and tool definitions are not walked here).
CONVERSATION = ("messages", "contents", "input", "system", "systemInstruction", "instructions")


def _leaves(value: Any, path: str, key: str | None) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        if key in ("arguments", "input", "args"):  # a JSON text: its values must arrive
            try:
                parsed = json.loads(value)
            except ValueError:
                parsed = value
            if not isinstance(parsed, str):
                yield from _values(parsed, path)
                return
        if value and key in SUBSTANCE:
            yield path, value
    elif key in ("arguments", "input", "args"):
        yield from _values(value, path)
    elif isinstance(value, dict):
        for name, item in value.items():
            yield from _leaves(item, f"{path}.{name}" if path else name, name)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _leaves(item, f"{path}[{index}]", key)


def _values(value: Any, path: str) -> Iterator[tuple[str, str]]:
    """Each string in call arguments (a key of the arguments counts as a string too)."""
    if isinstance(value, str):
        if value:
            yield path, value
    elif isinstance(value, dict):
        for name, item in value.items():
            yield from _values(name, path)
            yield from _values(item, f"{path}.{name}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _values(item, f"{path}[{index}]")


def substance(request: Any) -> Iterator[tuple[str, str]]:
    """(path, string) of each text, id, argument and payload of ``request``'s conversation."""
    if isinstance(request, list):
        yield from _leaves(request, "messages", None)
        return
    for name in CONVERSATION:
        if name in request:
            value = request[name]
            yield from _leaves(value, name, name if isinstance(value, str) else None)


def _covered(path: str, covers: list[str]) -> bool:
    return any(
        path == cover or (cover and path.startswith(cover) and path[len(cover)] in ".[")
        for cover in covers
    )


def _found(text: str, raw: str, once: str) -> bool:
    if text.startswith("data:") and ";base64," in text:  # a data URL: its payload
        text = text.partition(";base64,")[2]
    if text in raw:
        return True
    escaped = json.dumps(text, ensure_ascii=False)[1:-1]
    if escaped in once:
        return True
    return json.dumps(escaped, ensure_ascii=False)[1:-1] in once


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def silently_lost(source: Any, output: Any, covers: list[str]) -> list[str]:
    """Paths of the source's substance found neither in ``output`` nor under ``covers``
    (the paths of the translation's losses and notes)."""
    raw = "\u0000".join(_strings(output))
    once = json.dumps(output, ensure_ascii=False)
    return [
        path
        for path, text in substance(source)
        if not _covered(path, covers) and not _found(text, raw, once)
    ]


#: The keys of a tool definition's own structure on some wire (renamed from wire to wire, so
#: not looked for in the output): the name, description and schema around them are.
STRUCTURE = frozenset(
    {
        "type", "function", "name", "description", "parameters", "input_schema", "toolSpec",
        "inputSchema", "json", "functionDeclarations", "function_declarations",
        "parametersJsonSchema", "parameters_json_schema", "strict",
    }
)  # fmt: skip


#: The kind a definition names itself (``type``), which another wire's shape implies.
KINDS = frozenset({"function", "custom"})


#: A cache mark of the tools, which another wire spells its own way (Bedrock's
#: ``cachePoint: {"type": "default"}`` entry is Anthropic's ``cache_control:
#: {"type": "ephemeral"}``): whether it arrives is ``test_translate_setting_table``'s check.
CACHE_MARKS = frozenset({"cachePoint"})


def _definition_leaves(value: Any, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        if value and not (path.endswith(".type") and value in KINDS):
            yield path, value
    elif isinstance(value, dict):
        for name, item in value.items():
            where = f"{path}.{name}"
            if name in CACHE_MARKS and item == {"type": "default"}:
                continue
            if name not in STRUCTURE:
                yield where, name
            yield from _definition_leaves(item, where)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _definition_leaves(item, f"{path}[{index}]")


def _all_strings(value: Any) -> Iterator[str]:
    """Every key and string of ``value``."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for name, item in value.items():
            yield name
            yield from _all_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _all_strings(item)


def definitions_lost(source: Any, output: Any, covers: list[str]) -> list[str]:
    """Paths of the keys and strings of the source's tool definitions found neither in
    ``output`` (compared without case: Gemini's ``OBJECT`` is JSON Schema's ``object``) nor
    under ``covers``."""
    if not isinstance(source, dict):
        return []
    config = source.get("toolConfig")
    tools, at = source.get("tools"), "tools"
    if isinstance(config, dict) and "tools" in config:
        tools, at = config["tools"], "toolConfig.tools"
    if tools is None:
        return []
    found = {text.lower() for text in _all_strings(output)}
    return [
        path
        for path, text in _definition_leaves(tools, at)
        if not _covered(path, covers) and text.lower() not in found
    ]
