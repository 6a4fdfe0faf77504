"""The checks of OpenAI Responses' own shapes: a replayed reasoning item without the output
item that followed it, a call or reasoning item whose own id lacks its type's prefix, an
``input_file`` of a type the API does not read, the inline files of a request over 50 MB
together, and what a ``function_call_output`` may hold; and the calls a request answers
without holding them (a stored earlier response, other items with a ``call_id``).
:data:`CHECKS` is what ``lint`` reads."""

from __future__ import annotations

from collections.abc import Container, Iterator
from typing import Any, Final
from urllib.parse import urlsplit

from .._check import (
    Add,
    Check,
    PrefixFacts,
    Scope,
    WireChecks,
    items,
    short,
    typed_blocks,
)
from .._read import MISSING, ReadRequest, ResultPart
from . import model_checks
from .convert import FACTS
from .read import answerable_item_ids

__all__ = [
    "CHECKS",
    "FILES_MOST",
    "ID_PREFIXES",
    "IMAGE_TYPES",
    "ITEM_TYPES",
    "RESULT_TYPES",
    "file_type_problem",
    "held_call_ids",
    "input_kind",
    "pending_call_ids",
]

#: The image types the API reads in an ``input_image`` ("Images and vision", image input
#: requirements: PNG, JPEG, WEBP, non-animated GIF): the wire's native image types, one
#: declaration for its checks, its edits and its converter.
IMAGE_TYPES: Final = FACTS.image_mimes

#: The part types a ``function_call_output``'s ``output`` list takes (SPEC 8
#: ``tool-result-content``).
RESULT_TYPES: Final = frozenset({"input_text", "input_image", "input_file"})
#: The item types an input list takes: the openai SDK 3.57.0's ``ResponseInputItemParam``
#: union (checked 2026-12-02). An item without a type is a message.
ITEM_TYPES: Final = frozenset(
    {
        "additional_tools",
        "apply_patch_call",
        "apply_patch_call_output",
        "code_interpreter_call",
        "compaction",
        "compaction_trigger",
        "computer_call",
        "computer_call_output",
        "configuration_update",
        "custom_tool_call",
        "custom_tool_call_output",
        "file_search_call",
        "function_call",
        "function_call_output",
        "image_generation_call",
        "item_reference",
        "local_shell_call",
        "local_shell_call_output",
        "mcp_approval_request",
        "mcp_approval_response",
        "mcp_call",
        "mcp_list_tools",
        "message",
        "program",
        "program_output",
        "reasoning",
        "shell_call",
        "shell_call_output",
        "tool_search_call",
        "tool_search_output",
        "web_search_call",
    }
)
#: The prefix of an item's own ``id``, by item type, where the API's error names it
#: (``Expected an ID that begins with 'fc'``; rules ``item-id-prefix``).
ID_PREFIXES: Final = {"function_call": "fc", "reasoning": "rs"}
#: The most bytes the inline files of one request hold together: "The combined limit
#: across all files in the request is 50 MB" (File inputs, file size limits; 10^6 bytes a
#: MB, as ``limits.LIMITS`` reads OpenAI's pages; rules ``files-too-large``).
FILES_MOST: Final = 50 * 1_000_000
#: The most characters of a call item's own ``id``.
_ITEM_ID_LONGEST: Final = 64

#: The context-stuffing extensions the API lists in its error (2026 cassette; PDF is read
#: as a document, the rest as text).
_DOCUMENT_EXTENSIONS: Final = frozenset(
    [
        ".art",
        ".bat",
        ".brf",
        ".c",
        ".cls",
        ".css",
        ".csv",
        ".diff",
        ".doc",
        ".docx",
        ".dot",
        ".eml",
        ".es",
        ".h",
        ".hs",
        ".htm",
        ".html",
        ".hwp",
        ".hwpx",
        ".ics",
        ".ifb",
        ".java",
        ".js",
        ".json",
        ".keynote",
        ".ksh",
        ".ltx",
        ".mail",
        ".markdown",
        ".md",
        ".mht",
        ".mhtml",
        ".mjs",
        ".nws",
        ".odt",
        ".pages",
        ".patch",
        ".pdf",
        ".pl",
        ".pm",
        ".pot",
        ".ppa",
        ".pps",
        ".ppt",
        ".pptx",
        ".pwz",
        ".py",
        ".rst",
        ".rtf",
        ".scala",
        ".sh",
        ".shtml",
        ".srt",
        ".sty",
        ".svg",
        ".svgz",
        ".tex",
        ".text",
        ".txt",
        ".vcf",
        ".vtt",
        ".wiz",
        ".xla",
        ".xlb",
        ".xlc",
        ".xlm",
        ".xls",
        ".xlsx",
        ".xlt",
        ".xlw",
        ".xml",
        ".yaml",
        ".yml",
    ]
)
#: Extensions of media files (never read as a file input).
_MEDIA_EXTENSIONS: Final = frozenset(
    [
        ".mp3",
        ".wav",
        ".m4a",
        ".ogg",
        ".oga",
        ".flac",
        ".aac",
        ".opus",
        ".mp4",
        ".mov",
        ".webm",
        ".avi",
        ".mkv",
        ".m4v",
        ".jpg",
        ".jpeg",
        ".png",
        ".gif",
        ".webp",
        ".heic",
        ".bmp",
        ".tiff",
    ]
)
_MEDIA_TYPES: Final = ("audio/", "video/", "image/")


def _extension(path: str) -> str:
    name = path.rsplit("/", 1)[-1].lower()
    return "." + name.rsplit(".", 1)[1] if "." in name else ""


def file_type_problem(part: dict[str, Any]) -> str | None:
    """Why the API refuses this ``input_file`` (``None``: nothing known against it): a
    ``file_data`` data URL of an audio, video or image type; a ``file_url`` whose name is
    a known file type other than PDF (the API fetches PDFs only)."""
    data = part.get("file_data")
    if isinstance(data, str) and data.startswith("data:"):
        mime = data[5:].partition(";")[0].partition(",")[0].lower()
        if mime.startswith(_MEDIA_TYPES):
            return f"its file_data is {mime}, which the API does not read as a file"
    url = part.get("file_url")
    if isinstance(url, str):
        extension = _extension(urlsplit(url).path)
        known = _DOCUMENT_EXTENSIONS | _MEDIA_EXTENSIONS
        if extension in known and extension != ".pdf":
            return f"its file_url names a {extension} file, and file URLs are read as PDF only"
    return None


def _input_files(read: ReadRequest) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(path, part)`` of each ``input_file`` part, in a message's ``content`` or a
    ``function_call_output``'s ``output``, in request order."""
    for index, item in enumerate(items(read)):
        if not isinstance(item, dict):
            continue
        for member in ("content", "output"):
            parts = item.get(member)
            for position, part in enumerate(parts if isinstance(parts, list) else []):
                if isinstance(part, dict) and part.get("type") == "input_file":
                    yield f"{read.key}[{index}].{member}[{position}]", part


def input_file_type(read: ReadRequest, scope: Scope, add: Add) -> None:
    """An ``input_file`` (in a message or a ``function_call_output``) the API refuses."""
    for path, part in _input_files(read):
        problem = file_type_problem(part)
        if problem is not None:
            add("input-file-type", path, f"An input_file the API does not take: {problem}.", "")


def _decoded_bytes(data: str) -> int:
    """The bytes base64 text of this length decodes to (its padding not counted)."""
    body = data.rstrip("=")
    return len(body) * 3 // 4


def files_too_large(read: ReadRequest, scope: Scope, add: Add) -> None:
    """The ``file_data`` of the request's ``input_file`` parts (messages and
    ``function_call_output`` items) summed against :data:`FILES_MOST`; the finding is at
    the file that crosses it."""
    total = 0
    crossing = ""
    for path, part in _input_files(read):
        data = part.get("file_data")
        if not isinstance(data, str):
            continue
        size = _decoded_bytes(data.partition(",")[2] if data.startswith("data:") else data)
        if not crossing and total + size > FILES_MOST:
            crossing = path
        total += size
    if crossing:
        add(
            "files-too-large",
            crossing,
            f"The request's inline files hold {total:,} bytes together (at most {FILES_MOST:,}).",
            "",
        )


def item_id_prefix(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A ``function_call`` or ``reasoning`` item whose own ``id`` does not begin with its
    type's prefix (:data:`ID_PREFIXES`)."""
    for index, item in enumerate(items(read)):
        if not isinstance(item, dict):
            continue
        kind = item.get("type")
        prefix = ID_PREFIXES.get(kind) if isinstance(kind, str) else None
        found = item.get("id")
        if prefix is not None and isinstance(found, str) and found and not found.startswith(prefix):
            add(
                "item-id-prefix",
                f"{read.key}[{index}].id",
                f"The {kind} item's id {short(found)} does not begin with {prefix!r}"
                " (its call_id is what pairs it with its output).",
                "",
            )


def known_items(read: ReadRequest, scope: Scope, add: Add) -> None:
    """An input item of a type the API does not know (``tool_result``: another wire's)."""
    for index, item in enumerate(items(read)):
        kind = item.get("type") if isinstance(item, dict) else None
        if isinstance(kind, str) and kind not in ITEM_TYPES:
            add(
                "shape",
                f"{read.key}[{index}]",
                f"an input item of type {short(kind)}, which the Responses API does not take.",
                "",
            )


def reasoning_without_item(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A ``reasoning`` item that is the last item, or is followed by a plain input message
    (no ``id``) instead of the output item it came with."""
    listed = items(read)
    for index, item in enumerate(listed):
        if not isinstance(item, dict) or item.get("type") != "reasoning":
            continue
        following = listed[index + 1] if index + 1 < len(listed) else None
        plain = (
            isinstance(following, dict)
            and following.get("type", "message") == "message"
            and "id" not in following
        )
        if following is None or plain:
            add(
                "reasoning-without-item",
                f"{read.key}[{index}]",
                f"The reasoning item {item.get('id')!r} is not followed by the item it was"
                " produced with (its message or call, with its id).",
                "",
            )


def result_content(result: ResultPart, scope: Scope, add: Add) -> None:
    """The part types a ``function_call_output``'s ``output`` list takes."""
    raw = result.raw if isinstance(result.raw, dict) else {}
    typed_blocks(raw.get("output"), result, RESULT_TYPES, "output", add)


def input_kind(node: dict[str, Any]) -> str | None:
    """``image`` when ``node`` is an ``input_image`` part."""
    return "image" if node.get("type") == "input_image" else None


class _Every:
    """Every id: the calls of a stored earlier response are not in the request."""

    def __contains__(self, value: object) -> bool:
        return True


def held_call_ids(read: ReadRequest) -> Container[str]:
    """The call ids a ``function_call_output`` may answer without a ``function_call`` in the
    request: any, when the request continues a stored response (``previous_response_id``);
    else the ``call_id`` of each other item (a ``tool_search_call``, ...)."""
    held = read.previous
    if held is not MISSING and held is not None:
        return _Every()
    return answerable_item_ids(read)


def pending_call_ids(read: ReadRequest) -> Container[str]:
    """The ``call_id`` of each ``function_call`` item that is async: it says
    ``async: true``, or says nothing and its function tool is declared ``async: true``.
    "Async tool calling" (developers.openai.com/api/docs/guides/async-tool-calling, read
    2026-12-07): the model keeps working after the call, and the output comes "in a later
    Responses request", matched by the original ``call_id``; the call items of an async tool
    "include async: true". Such a call without its output is pending, not missing."""
    tools = read.raw.get("tools") if isinstance(read.raw, dict) else None
    declared = {
        tool["name"]
        for tool in (tools if isinstance(tools, list) else [])
        if isinstance(tool, dict)
        and tool.get("async") is True
        and isinstance(tool.get("name"), str)
    }
    found: set[str] = set()
    for item in items(read):
        if not isinstance(item, dict) or item.get("type") != "function_call":
            continue
        call_id = item.get("call_id")
        flag = item.get("async")
        if isinstance(call_id, str) and (
            flag is True or (flag is None and item.get("name") in declared)
        ):
            found.add(call_id)
    return found


RULES: Final[tuple[Check, ...]] = (
    known_items,
    input_file_type,
    files_too_large,
    reasoning_without_item,
    item_id_prefix,
)


def _output(answer: Any) -> list[Any] | None:
    found = answer.get("output") if isinstance(answer, dict) else None
    return found if isinstance(found, list) else None


#: Newer models drop the reasoning items after a changed prefix; a response's output items
#: are what the next request's input replays.
PREFIX: Final = PrefixFacts(
    fields=(("model", "model"), ("tools", "tools"), ("instructions", "system")),
    reasoning=lambda item: isinstance(item, dict) and item.get("type") == "reasoning",
    answer=_output,
)

CHECKS: Final = WireChecks(
    prefix=PREFIX,
    rules=RULES,
    sampling=model_checks.SAMPLING,
    effort=model_checks.EFFORT,
    result_content=result_content,
    result_blocks=RESULT_TYPES,
    input_kind=input_kind,
    image_types=IMAGE_TYPES,
    held_call_ids=held_call_ids,
    pending_call_ids=pending_call_ids,
    item_id_longest=_ITEM_ID_LONGEST,
    reports=frozenset(
        {
            "item-id-prefix",
            "files-too-large",
            "input-file-type",
            "reasoning-without-item",
        }
    ),
    call_ids=True,
    base64_media=True,
    models=model_checks.MODELS,
    unchecked=frozenset({"foreign-encrypted-reasoning", "call-without-reasoning"}),
)
