"""OpenAI Responses checks: a replayed reasoning item without the output item that followed
it, and an ``input_file`` of a type the API does not read."""

from __future__ import annotations

from typing import Any, Final
from urllib.parse import urlsplit

from ..wires import FIELDS, ReadRequest
from ._scope import Add, Check, Scope, items

__all__ = ["CHECKS", "file_type_problem"]

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
    data = part.get(FIELDS.file_data)
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


def input_file_type(read: ReadRequest, scope: Scope, add: Add) -> None:
    """An ``input_file`` (in a message or a ``function_call_output``) the API refuses."""
    for index, item in enumerate(items(read)):
        if not isinstance(item, dict):
            continue
        for member in ("content", "output"):
            parts = item.get(member)
            for position, part in enumerate(parts if isinstance(parts, list) else []):
                if isinstance(part, dict) and part.get("type") == FIELDS.input_file:
                    problem = file_type_problem(part)
                    if problem is not None:
                        add(
                            "input-file-type",
                            f"{read.key}[{index}].{member}[{position}]",
                            f"An input_file the API does not take: {problem}.",
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


CHECKS: Final[tuple[Check, ...]] = (input_file_type, reasoning_without_item)
