"""The responses wire's request edits (SPEC 8): ``function_call_output`` items after their
``function_call``, ``call_id``, ``input_text`` parts, an ``input_image``'s declared type,
and a call item's own ``id`` when it is too long."""

from __future__ import annotations

from typing import Any, Final

from .._edit import RequestEdits, item_id
from .core import FACTS

__all__ = ["EDITS", "ResponsesEdits"]

#: The longest item id the Responses API takes.
MAX_ITEM_ID: Final = 64


class ResponsesEdits(RequestEdits):
    """Result items in the ``input`` list; ids ``call_...``, item ids ``fc_...``."""

    wire = "responses"
    #: ``function_call_output.output`` parts (SPEC 8 ``tool-result-content``).
    heads = frozenset({"instructions"})
    image_mimes = FACTS.image_mimes

    def is_result_entry(self, entry: Any) -> bool:
        """A call or output item: the run after a call holds both."""
        return isinstance(entry, dict) and entry.get("type") in (
            "function_call_output",
            "function_call",
        )

    def text_block(self, text: str) -> Any:
        return {"type": "input_text", "text": text}

    def missing_result(self, call_id: str | None, name: str, text: str) -> Any:
        return {"type": "function_call_output", "call_id": call_id, "output": text}

    def set_id(self, target: dict[str, Any], is_call: bool, new: str) -> None:
        target["call_id"] = new

    def item_id(self, target: dict[str, Any]) -> str | None:
        found = target.get("id")
        return found if isinstance(found, str) and len(found) > MAX_ITEM_ID else None

    def set_item_id(self, target: dict[str, Any], old: str) -> str:
        new = target["id"] = item_id(old, "fc_")
        return new

    def set_declared_mime(self, target: dict[str, Any], mime: str, data: str) -> bool:
        target["image_url"] = f"data:{mime};base64,{data}"
        return True


EDITS: Final = ResponsesEdits()
