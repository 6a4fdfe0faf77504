"""OpenAI Chat checks: a ``file`` content part with a member the API does not know."""

from __future__ import annotations

from typing import Final

from ..wires import FIELDS, ReadRequest
from ._scope import Add, Check, Scope, blocks, entries

__all__ = ["CHECKS"]

#: The members of a ``file`` part's ``file`` object (the API reference's ``File``).
_FILE_MEMBERS: Final = frozenset({FIELDS.file_data, "file_id", "filename"})


def file_members(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A ``file`` part whose ``file`` object has a member other than ``file_data``,
    ``file_id``, ``filename``."""
    for index, _, content in entries(read, "content"):
        for position, part in blocks(content):
            found = part.get("file") if part.get("type") == "file" else None
            if not isinstance(found, dict):
                continue
            for member in found:
                if member not in _FILE_MEMBERS:
                    add(
                        "file-part-member",
                        f"{read.key}[{index}].content[{position}].file.{member}",
                        f"The file part has the member {member!r}; the API takes file_data,"
                        " file_id and filename.",
                        "",
                    )


CHECKS: Final[tuple[Check, ...]] = (file_members,)
