"""The anthropic wire's readers: its messages, content blocks and ``tool_result`` blocks,
and what a block placed in a ``tool_result`` holds (its texts and payloads), as neutral
parts (``ReadRequest``).
"""

from __future__ import annotations

from typing import Any, Final

from ...conversion.items import (
    PDF_MIME,
    MediaKind,
)
from ...conversion.steps import Carried
from .._read import (
    MISSING,
    CallPart,
    ContentForm,
    ContentPart,
    DocumentPart,
    ImagePart,
    Message,
    OpaquePart,
    Part,
    Reading,
    ReadRequest,
    ResultPart,
    Role,
    TextPart,
    ToolEntry,
    at_index,
    at_key,
    body_list,
)

_CALL_FIELDS: Final = ("type", "id", "name", "input")
#: ``system`` in ``messages``: a mid-conversation system message (Claude Opus 4.8 and later;
#: where it may stand is lint's ``system-message-placement``).
_ROLES: Final[dict[str, Role]] = {"user": "user", "assistant": "assistant", "system": "system"}


def ends_in_server_result(message: Any) -> bool:
    """An assistant message whose last block is a server tool's result
    (``web_search_tool_result`` and the like): a mid-conversation system message may follow
    it."""
    content = message.get("content") if isinstance(message, dict) else None
    last = content[-1] if isinstance(content, list) and content else None
    kind = last.get("type") if isinstance(last, dict) else None
    return isinstance(kind, str) and kind.endswith("_tool_result") and kind != "tool_result"


def read_call(reading: Reading, block: dict[str, Any], path: str) -> CallPart:
    """A ``tool_use`` block; ``extra``: its fields besides type, id, name and input."""
    extra = {key: value for key, value in block.items() if key not in _CALL_FIELDS}
    return CallPart(
        path,
        reading.call_id(block.get("id"), at_key(path, "id")),
        reading.call_name(block.get("name"), at_key(path, "name")),
        reading.arguments(block.get("input"), at_key(path, "input")),
        extra,
    )


def _source_part(
    reading: Reading, block: dict[str, Any], kind: str, path: str, nested: bool = True
) -> ContentPart:
    """An ``image`` or ``document`` block by its source (base64, url, text); another
    source is opaque (with the paths of its ``nested`` payloads)."""
    cache = block.get("cache_control", MISSING)
    source = reading.dict_at(block.get("source"), at_key(path, "source"))
    if source is None:
        return OpaquePart(path, "anthropic", kind, block)
    source_type = source.get("type")
    mime = source.get("media_type")
    declared = mime if isinstance(mime, str) else None
    title = block.get("title")
    name = title if isinstance(title, str) else None
    if source_type == "base64":
        data_path = at_key(at_key(path, "source"), "data")
        data = reading.text_at(source.get("data"), data_path)
        if kind == "image":
            return ImagePart(path, declared, data, None, None, cache, data_path)
        return DocumentPart(path, declared, data, None, name, None, cache, data_path)
    if source_type == "url":
        url = reading.text_at(source.get("url"), at_key(at_key(path, "source"), "url"))
        if kind == "image":
            return ImagePart(path, declared, None, url, None, cache)
        return DocumentPart(path, declared, None, url, name, None, cache)
    if source_type == "text" and kind == "document":
        data_path = at_key(at_key(path, "source"), "data")
        text = reading.text_at(source.get("data"), data_path)
        return DocumentPart(path, declared, None, None, name, text, cache)
    if not nested:
        return OpaquePart(path, "anthropic", kind, block)
    return _opaque(block, kind, path)  # file ids, content sources


def read_content(reading: Reading, block: Any, path: str, in_result: bool = False) -> Part:
    """One content block of a message (or, ``in_result``, of a ``tool_result``)."""
    found = reading.dict_at(block, path)
    if found is None:
        return OpaquePart(path, "anthropic", "(not an object)", block)
    kind = found.get("type")
    if kind == "text":
        text = reading.text_at(found.get("text"), at_key(path, "text"))
        return TextPart(path, text, found.get("cache_control", MISSING))
    if kind == "image" or kind == "document":
        return _source_part(reading, found, kind, path)
    if not in_result:
        if kind == "tool_use":
            return read_call(reading, found, path)
        if kind == "tool_result":
            return _result(reading, found, path)
    reading.typed(found, path)
    return _opaque(found, kind, path)


def _opaque(block: dict[str, Any], kind: Any, path: str) -> OpaquePart:
    """A block with no neutral form, with the paths of the payloads nested in it."""
    nested = tuple(
        [at_key(path, c.data_path) for c in block_contents(block)[1] if c.data is not None]
    )
    shown = kind if isinstance(kind, str) else "(no type)"
    return OpaquePart(path, "anthropic", shown, block, nested)


def _result(reading: Reading, block: dict[str, Any], path: str) -> ResultPart:
    content = block.get("content")
    parts: list[ContentPart] = []
    content_path = at_key(path, "content")
    if isinstance(content, str):
        parts.append(TextPart(content_path, content))
    else:
        for index, inner in enumerate(reading.list_at(content, content_path)):
            part = read_content(reading, inner, at_index(content_path, index), True)
            assert not isinstance(part, (CallPart, ResultPart))
            parts.append(part)
    return ResultPart(
        path,
        reading.call_id(block.get("tool_use_id"), at_key(path, "tool_use_id")),
        None,
        block.get("is_error") is True,
        tuple(parts),
        None,
        block,
    )


def read_block(block: Any) -> ResultPart:
    """A ``tool_result`` block (paths from the block: ``content[1]``)."""
    reading = Reading("anthropic")
    found = reading.dict_at(block, "")
    return _result(reading, found if found is not None else {}, "")


def _parts(reading: Reading, content: Any, path: str) -> tuple[list[Part], ContentForm]:
    """A message's ``content`` (a string or a list of blocks) and its form."""
    if isinstance(content, str):
        return [TextPart(path, content)], "string"
    if content is None:
        reading.problem(path, "expected the content (a string or a list of blocks)")
        return [], "none"
    parts = [
        read_content(reading, block, at_index(path, index))
        for index, block in enumerate(reading.list_at(content, path))
    ]
    return parts, "list"


def read_request(request: Any) -> ReadRequest:
    """A Messages request body (``messages``, ``system``, ``tools``) or its messages list."""
    reading = Reading("anthropic")
    form, entries, body = body_list(reading, request, "messages")
    messages = []
    for index, entry in enumerate(entries):
        path = at_index("messages", index)
        message = reading.dict_at(entry, path)
        if message is None:
            continue
        role = reading.role(message.get("role"), at_key(path, "role"), _ROLES)
        if role is None:
            continue
        parts, content_form = _parts(reading, message.get("content"), at_key(path, "content"))
        messages.append(Message(path, role, tuple(parts), message, content_form))
    system: list[Part] = []
    if "system" in body:
        system, _ = _parts(reading, body["system"], "system")
    tools = []
    for index, tool in enumerate(reading.list_at(body.get("tools"), "tools")):
        path = at_index("tools", index)
        found = reading.dict_at(tool, path)
        if found is not None:
            tools.append(ToolEntry(path, found.get("name"), found.get("cache_control", MISSING)))
    return reading.request(form, "messages", messages, system, request, MISSING, tuple(tools))


# ------------------------------------------------------------------------------------------
# What a block placed in a tool_result holds: its texts and payloads
# ------------------------------------------------------------------------------------------

#: Keys whose strings name a shape, not text the model reads.
_NAME_KEYS: Final = frozenset({"type", "media_type"})


def _media_of(mime: str | None, kind: Any) -> MediaKind | None:
    """What a source holds: by its MIME type, or (a URL without one) by the block's type."""
    if mime is None:
        return "image" if kind == "image" else "pdf" if kind == "document" else None
    if mime.startswith("image/"):
        return "image"
    return "pdf" if mime == PDF_MIME else None


def _carried(part: ContentPart, kind: Any) -> Carried | None:
    """The payload an image or document block carries (by its source), if any."""
    if not isinstance(part, (ImagePart, DocumentPart)):
        return None
    mime = part.mime
    if part.data is not None:
        media = None if mime is None else _media_of(mime, kind)
        if media is None or mime is None:
            return None
        return Carried(media, mime, part.data, "passthrough", "", part.data_path)
    if part.url is not None:
        media = _media_of(mime, kind)
        if media is None:
            return None
        return Carried(media, mime or str(kind), None, "passthrough", part.url)
    return None


def block_contents(block: Any) -> tuple[tuple[str, ...], tuple[Carried, ...]]:
    """The text the model reads in a block placed in a ``tool_result`` (an Anthropic-native
    block passed through included, with its nested blocks) and the images and PDFs it
    carries: every string but the names of shapes (``type``, ``media_type``), the payloads
    and the URLs of fetched sources."""
    texts: list[str] = []
    carried: list[Carried] = []
    _walk(block, None, "", texts, carried)
    return tuple(texts), tuple(carried)


def _walk(value: Any, key: object, path: str, texts: list[str], carried: list[Carried]) -> None:
    if isinstance(value, str):
        if key not in _NAME_KEYS:
            texts.append(value)
        return
    if isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, str):
                if key not in _NAME_KEYS:
                    texts.append(item)
            else:
                _walk(item, key, at_index(path, index), texts, carried)
        return
    if not isinstance(value, dict):
        return
    skip = ""
    source = value.get("source")
    if isinstance(source, dict):
        kind = value.get("type")
        part = _source_part(Reading("anthropic"), value, "document", path, False)
        found = _carried(part, kind)
        if found is not None:
            carried.append(found)
            skip = "data" if found.data is not None else "url"
    fetched = value.get("type") == "url"
    for name, item in value.items():
        if fetched and name == "url":
            continue
        if isinstance(item, str):  # a leaf: no path needed
            if name not in _NAME_KEYS:
                texts.append(item)
            continue
        if name == "source" and skip and isinstance(item, dict):
            inner = {k: v for k, v in item.items() if k != skip}
            _walk(inner, name, at_key(path, name), texts, carried)
            continue
        _walk(item, name, at_key(path, name), texts, carried)
