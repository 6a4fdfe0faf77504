"""SPEC 9 "Reading results back": a wire's tool-result block as the fields of a result.

The inverse of ``to()`` wherever the block says enough. The wire's own reader
(``wires.read_block``) finds the parts; this module only says which MCP entry each
part stands for. On anthropic, an ``image`` or ``document`` block becomes an MCP entry
only when the converter makes exactly that block from the entry under the same options
(asked of the converter, not restated here); any other Anthropic-native block is kept
as it is, a pass-through entry that writes back unchanged.
"""

from __future__ import annotations

import json
from typing import Any, Final
from urllib.parse import quote

from ..wires import (
    MISSING,
    ContentPart,
    DocumentPart,
    ImagePart,
    OpaquePart,
    ResultPart,
    TextPart,
    converter,
    exhausted,
    prepare,
    read_block,
    wire_facts,
    wire_module,
)
from .encoding import json_encode
from .filenames import DEFAULT_PDF_NAME
from .items import PDF_MIME, text_entry
from .options import DEFAULT_RESPONSE_TAG, ConvertOptions

__all__ = ["ResultFields", "part_entry", "read_fields", "result_fields"]

#: ``ToolResult`` keyword arguments: name, id, content, is_error, structured_content.
ResultFields = dict[str, Any]

_DEFAULT_TAG: Final = DEFAULT_RESPONSE_TAG


def _text_entry(part: TextPart) -> dict[str, Any]:
    cached = part.cache is not MISSING
    return text_entry(part.text, part.cache if cached else None, cached)


def _pdf_uri(name: str | None) -> str | None:
    """A URI whose filename (``filenames.pdf_filename``) is ``name``; none for the default."""
    if not name or name == DEFAULT_PDF_NAME:
        return None
    return "file:///" + quote(name, safe="")


def part_entry(part: ContentPart) -> Any:
    """The MCP content entry one read part stands for (no wire's block check)."""
    if isinstance(part, TextPart):
        return _text_entry(part)
    if isinstance(part, ImagePart):
        if part.data is not None:
            return {"type": "image", "data": part.data, "mimeType": part.mime or ""}
        link: dict[str, Any] = {"type": "resource_link", "uri": part.url or "", "name": "image"}
        if part.mime:
            link["mimeType"] = part.mime
        return link
    if isinstance(part, DocumentPart):
        if part.text is not None:
            resource: dict[str, Any] = {"uri": "", "mimeType": part.mime or "text/plain"}
            resource["text"] = part.text
            return {"type": "resource", "resource": resource}
        if part.data is not None:
            blob: dict[str, Any] = {"mimeType": part.mime or PDF_MIME, "blob": part.data}
            uri = _pdf_uri(part.name)
            if uri is not None:
                blob["uri"] = uri
            return {"type": "resource", "resource": blob}
        link = {"type": "resource_link", "uri": part.url or "", "name": part.name or "document"}
        if part.mime:
            link["mimeType"] = part.mime
        return link
    if isinstance(part, OpaquePart):
        return part.value
    exhausted(part)


def _native_entry(wire: str, element: Any, part: Any, options: ConvertOptions) -> Any:
    """One block of a result whose blocks may be the provider's own: the MCP entry when
    ``to()`` makes exactly this block from it under ``options``, else the block itself (a
    pass-through entry)."""
    if isinstance(part, TextPart):
        return _text_entry(part)
    if isinstance(part, (ImagePart, DocumentPart)):
        candidate = part_entry(part)
        data = prepare("", "", False, [candidate], None)
        made = converter(wire, options).convert(data).block.get("content")
        if made == [element]:
            return candidate
    return element


def _structured_string(content: Any) -> Any:
    """Anthropic writes a result with no content as a string: ``""``, or the JSON of its
    ``structured_content``. ``None`` when ``content`` is not such a string."""
    if not isinstance(content, str) or not content:
        return None
    try:
        value = json.loads(content)
    except (ValueError, RecursionError):
        return None
    return value if json_encode(value) == content else None


def _tagged_block(block: Any, options: ConvertOptions) -> Any:
    """A block of text in the ``response_tag`` option's tag (hermes), written under the
    default tag, so the reader finds it whatever the tag's spelling (an empty or unusual
    tag included)."""
    tag = options.get("response_tag")
    if not isinstance(block, str) or not isinstance(tag, str) or tag == _DEFAULT_TAG:
        return block
    head, tail = f"<{tag}>\n", f"\n</{tag}>"
    if block.startswith(head) and block.endswith(tail) and len(block) >= len(head) + len(tail):
        inner = block[len(head) : len(block) - len(tail)]
        return f"<{_DEFAULT_TAG}>\n{inner}\n</{_DEFAULT_TAG}>"
    return block


def result_fields(wire: str, block: Any, options: ConvertOptions) -> ResultFields:
    """The ``ToolResult`` fields a block of ``wire`` says (SPEC 9 "Reading results back").

    :raises ValueError: unknown wire.
    :raises TypeError: unknown option (as ``to()``).
    """
    facts = wire_facts(wire)
    converter(facts.wire, options)  # checks the options as to() does
    if wire_module(facts.wire).readback == "tagged_text":
        block = _tagged_block(block, options)
    return read_fields(facts.wire, read_block(facts.wire, block), options)


def read_fields(wire: str, read: ResultPart, options: ConvertOptions) -> ResultFields:
    """The ``ToolResult`` fields of a result a wire's reader found (in a block or a request)."""
    structured = read.structured
    content: list[Any]
    if wire_module(wire).readback == "native_blocks":
        raw = read.raw if isinstance(read.raw, dict) else {}
        given = raw.get("content")
        if isinstance(given, str):
            found = _structured_string(given)
            content = (
                [] if (given == "" or found is not None) else [{"type": "text", "text": given}]
            )
            structured = found
        else:
            elements = given if isinstance(given, list) else []
            content = [
                _native_entry(wire, element, part, options)
                for element, part in zip(elements, read.parts, strict=True)
            ]
    else:
        content = [part_entry(part) for part in read.parts]
    return {
        "name": read.name or "",
        "id": read.id or "",
        "content": content,
        "is_error": read.is_error,
        "structured_content": structured,
    }
