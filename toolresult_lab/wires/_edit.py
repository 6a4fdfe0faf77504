"""What ``lint`` and ``repair`` (SPEC 8) need to know of each wire's request shapes: which
blocks a tool result may hold, where a gemini response, a thought signature or a cache
breakpoint sits, and how to write a result, an id, a declared image type or placeholder text
back into a request. Kept here, beside the readers, so ``lint.py`` and ``repair.py`` hold only
neutral logic (no provider field names outside ``wires/``).
"""

from __future__ import annotations

import json
from typing import Any, Final

from ..b64 import decoded_size
from ..filenames import document_name
from ..text import placeholder
from ._read import DocumentPart, OpaquePart, Part
from .bedrock import unique_name

__all__ = [
    "HEADS",
    "RESULT_BLOCK_TYPES",
    "SIGNATURE_FIELD",
    "cached",
    "document_name_of",
    "function_response",
    "in_response_parts",
    "is_document",
    "is_result_block",
    "is_result_entry",
    "media_placeholder",
    "missing_result",
    "opaque_text",
    "raw_block_type",
    "rename_document",
    "set_declared_mime",
    "set_id",
    "set_signature",
    "strip_removed",
    "text_block",
]

#: The block types a tool result may hold where the wire checks them (SPEC 8
#: ``tool-result-content``): anthropic ``tool_result`` content, responses
#: ``function_call_output.output``, and the keys of bedrock's ``toolResult`` content
#: (``ToolResultContentBlock``, a union: its members in botocore 1.44.8's service model).
RESULT_BLOCK_TYPES: Final[dict[str, frozenset[str]]] = {
    "anthropic": frozenset(
        {"text", "image", "document", "search_result", "tool_reference", "browser_state"}
    ),
    "responses": frozenset({"input_text", "input_image", "input_file"}),
    "bedrock": frozenset({"json", "text", "image", "document", "video", "searchResult"}),
}
#: The body keys that come before the message list in request order (system parts).
HEADS: Final = frozenset({"system", "systemInstruction", "system_instruction", "instructions"})
#: The key the readers keep a gemini call's signature under in ``CallPart.extra``.
SIGNATURE_FIELD: Final = "thoughtSignature"
_CACHE: Final = "cache_control"
_RESPONSE_KEYS: Final = ("functionResponse", "function_response")
_CALL_KEYS: Final = ("functionCall", "function_call")
_INLINE_KEYS: Final = ("inlineData", "inline_data")
_MEDIA_KEYS: Final = ("inlineData", "inline_data", "fileData", "file_data")


def raw_block_type(block: Any) -> Any:
    """A content block's ``type`` (``None`` when it is not an object)."""
    return block.get("type") if isinstance(block, dict) else None


def cached(value: Any) -> bool:
    """Whether a block (or call's extra fields) carries a ``cache_control`` breakpoint."""
    return isinstance(value, dict) and value.get(_CACHE) is not None


def function_response(part: Any) -> dict[str, Any] | None:
    """The ``functionResponse`` body of a gemini part (either spelling)."""
    if not isinstance(part, dict):
        return None
    for key in _RESPONSE_KEYS:
        body = part.get(key)
        if isinstance(body, dict):
            return body
    return None


def in_response_parts(path: str) -> bool:
    """Whether ``path`` points inside a ``functionResponse``'s own parts."""
    return any(f".{key}.parts[" in path for key in _RESPONSE_KEYS)


def is_result_block(wire: str, block: Any) -> bool:
    """A result block inside a message: anthropic ``tool_result``, gemini
    ``functionResponse``, bedrock ``toolResult``."""
    if wire == "anthropic":
        return bool(raw_block_type(block) == "tool_result")
    if wire == "bedrock":
        return isinstance(block, dict) and "toolResult" in block
    return function_response(block) is not None


def is_result_entry(wire: str, entry: Any) -> bool:
    """A message of a run of results after a call (responses: call and output items)."""
    if not isinstance(entry, dict):
        return False
    if wire == "responses":
        return bool(entry.get("type") in ("function_call_output", "function_call"))
    return bool(entry.get("role") == "tool")


def text_block(wire: str, text: str) -> Any:
    """A text block of ``wire`` holding ``text``."""
    if wire in ("gemini", "bedrock"):
        return {"text": text}
    if wire == "responses":
        return {"type": "input_text", "text": text}
    return {"type": "text", "text": text}


def missing_result(wire: str, call_id: str | None, name: str, text: str) -> Any:
    """The error result for a call nothing answered: a block (anthropic, gemini part) or a
    message (input item)."""
    if wire == "anthropic":
        return {"type": "tool_result", "tool_use_id": call_id, "content": text, "is_error": True}
    if wire == "bedrock":
        result: dict[str, Any] = {
            "toolUseId": call_id,
            "content": [{"text": text}],
            "status": "error",
        }
        return {"toolResult": result}
    if wire == "gemini":
        response: dict[str, Any] = {"name": name, "response": {"error": text}}
        if call_id:
            response["id"] = call_id
        return {"functionResponse": response}
    if wire == "responses":
        return {"type": "function_call_output", "call_id": call_id, "output": text}
    if wire == "hermes":
        body = json.dumps({"name": name, "content": text}).replace("</", "<\\/")
        return {"role": "tool", "content": f"<tool_response>\n{body}\n</tool_response>"}
    message: dict[str, Any] = {"role": "tool", "content": text}
    if call_id:
        message["tool_call_id"] = call_id
    if wire == "ollama":
        message["tool_name"] = name
    return message


def set_id(wire: str, target: dict[str, Any], is_call: bool, new: str) -> None:
    """Write ``new`` as the id of the call or result ``target`` (a block, part or message)."""
    if wire == "anthropic":
        target["id" if is_call else "tool_use_id"] = new
    elif wire == "bedrock":
        body = target.get("toolUse" if is_call else "toolResult")
        if isinstance(body, dict):
            body["toolUseId"] = new
    elif wire == "responses":
        target["call_id"] = new
    elif wire == "gemini":
        for key in (*_CALL_KEYS, *_RESPONSE_KEYS):
            if isinstance(target.get(key), dict):
                target[key]["id"] = new
                return
    elif is_call:
        target["id"] = new
    else:
        target["tool_call_id"] = new


def set_signature(target: dict[str, Any], value: str) -> str:
    """Set a gemini call part's thought signature (its own spelling); the key written."""
    key = "thought_signature" if "function_call" in target else "thoughtSignature"
    target[key] = value
    return key


def set_declared_mime(wire: str, target: dict[str, Any], mime: str, data: str) -> bool:
    """Correct an inline image's declared type; ``False`` when the block has no place for it."""
    if wire == "anthropic":
        source = target.get("source")
        if isinstance(source, dict):
            source["media_type"] = mime
            return True
    elif wire == "gemini":
        for key in _INLINE_KEYS:
            inline = target.get(key)
            if isinstance(inline, dict):
                inline["mimeType" if "mimeType" in inline else "mime_type"] = mime
                return True
    elif wire == "openai":
        image = target.get("image_url")
        if isinstance(image, dict):
            image["url"] = f"data:{mime};base64,{data}"
            return True
    elif wire == "responses":
        target["image_url"] = f"data:{mime};base64,{data}"
        return True
    elif wire == "bedrock":
        image = target.get("image")
        if isinstance(image, dict):
            image["format"] = mime.partition("/")[2]  # png, jpeg, gif, webp: the MIME's name
            return True
    return False


def rename_document(
    target: dict[str, Any],
    taken: set[str],
    clean: bool = False,
    tried: dict[str, int] | None = None,
) -> str | None:
    """Give a bedrock ``document`` block a name no other document has (``taken``: the
    names in lower case, updated), ``name (2)``, ``name (3)``, ... as the converter
    de-duplicates; ``clean``: first keep only the characters Bedrock takes, as the
    converter names documents; ``tried``: :func:`~toolresult_lab.wires.bedrock.unique_name`'s
    memo, kept across the calls of one repair. The new name, ``None`` when ``target`` is
    not a named document."""
    document = target.get("document")
    if not isinstance(document, dict) or not isinstance(document.get("name"), str):
        return None
    given: str = document["name"]
    # cleaned as the converter names a document from a file name: its extension dropped,
    # then only what Bedrock takes (one naming: q3_report.pdf is q3report either way)
    name = unique_name(document_name(given) if clean else given, taken, False, tried)
    taken.add(name.lower())
    document["name"] = name
    return name


def is_document(part: Part) -> bool:
    """A document block: an inline file, or a bedrock ``document`` read as opaque (an S3
    or text source: a document all the same, though no inline payload)."""
    if isinstance(part, DocumentPart):
        return True
    return isinstance(part, OpaquePart) and part.wire == "bedrock" and part.kind == "document"


def document_name_of(part: Part) -> str | None:
    """The name of a document block (:func:`is_document`), ``None`` when it has none."""
    if isinstance(part, DocumentPart):
        return part.name
    if isinstance(part, OpaquePart) and isinstance(part.value, dict):
        body = part.value.get("document")
        name = body.get("name") if isinstance(body, dict) else None
        return name if isinstance(name, str) else None
    return None


def opaque_text(part: OpaquePart) -> str | None:
    """The text a bedrock block holds where a text block could stand for it: a string
    member (``{"kind": "text"}``), or a ``text`` string one or two levels in
    (``{"guardContent": {"text": {"text": ...}}}``); ``None`` when it holds none."""
    if part.wire != "bedrock" or not isinstance(part.value, dict) or len(part.value) != 1:
        return None
    inner = next(iter(part.value.values()))
    for _ in range(2):
        if isinstance(inner, str):
            return inner if inner.strip() else None
        if not isinstance(inner, dict):
            return None
        inner = inner.get("text")
    return inner if isinstance(inner, str) and inner.strip() else None


def media_placeholder(part: dict[str, Any]) -> str:
    """The placeholder of a gemini media part (``inlineData`` or ``fileData``)."""
    for key in _MEDIA_KEYS:
        found = part.get(key)
        if isinstance(found, dict):
            mime = found.get("mimeType", found.get("mime_type"))
            data = found.get("data")
            uri = found.get("fileUri", found.get("file_uri"))
            size = decoded_size(data) if isinstance(data, str) else None
            kind = "image" if isinstance(mime, str) and mime.startswith("image/") else "file"
            return placeholder(kind, mime, uri, size)
    return placeholder("content", None, None, None)


def strip_removed(entries: list[Any], removed: object) -> None:
    """Drop the values set to ``removed`` from every list at any depth of ``entries``
    (a block of a message, of a tool result's content, of a function response's parts),
    whatever the wire calls the list."""
    todo: list[Any] = list(entries)
    while todo:  # a stack, not recursion: a deep request never hits the recursion limit
        node = todo.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if isinstance(value, list) and any(v is removed for v in value):
                    node[key] = value = [v for v in value if v is not removed]
                if isinstance(value, (dict, list)):
                    todo.append(value)
        elif isinstance(node, list):
            todo.extend(v for v in node if isinstance(v, (dict, list)))
