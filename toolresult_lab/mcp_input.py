"""Reading results of the official MCP Python SDK without importing it.

``mcp.types.CallToolResult`` spells its fields ``isError`` / ``structuredContent``
as attributes in SDK 1.x and ``is_error`` / ``structured_content`` (with camelCase
aliases) in 2.x. Both dump to the same JSON with ``model_dump(by_alias=True)``,
which is the form this module reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

__all__ = ["mcp_result_dict"]

_FIELDS: Final = (
    ("content", ("content",)),
    ("is_error", ("isError", "is_error")),
    ("structured_content", ("structuredContent", "structured_content")),
)


def _as_json(obj: Any) -> Any:
    dump = getattr(obj, "model_dump", None)
    if callable(dump):
        return dump(by_alias=True, mode="json", exclude_none=True)
    return obj


def mcp_result_dict(result: Any) -> dict[str, Any]:
    """``content`` / ``is_error`` / ``structured_content`` of a CallToolResult or its dict.

    Unknown envelope fields (``_meta``, ``resultType``, ...) are left out: they are
    for the client, not for the model.
    """
    data = _as_json(result)
    if not isinstance(data, Mapping):
        # an object that is neither a pydantic model nor a mapping: read its attributes
        data = {
            spelling: getattr(result, spelling)
            for _, spellings in _FIELDS
            for spelling in spellings
            if hasattr(result, spelling)
        }
        if not data:
            raise TypeError(
                "from_mcp expects an mcp.types.CallToolResult or its dict form, "
                f"not {type(result).__name__}"
            )
    out: dict[str, Any] = {}
    for field, spellings in _FIELDS:
        for spelling in spellings:
            if spelling in data and data[spelling] is not None:
                out[field] = _as_json(data[spelling])
                break
    if "content" in out and isinstance(out["content"], list):
        out["content"] = [_as_json(block) for block in out["content"]]
    return out
