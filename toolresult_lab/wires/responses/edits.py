"""The responses wire's request edits (SPEC 8): ``function_call_output`` items after their
``function_call``, ``call_id``, ``input_text`` parts, an ``input_image``'s declared type,
and a call item's own ``id`` when it is too long."""

from __future__ import annotations

from typing import Any, Final

from .._edit import IdFormat, RequestEdits, as_json_text, item_id, joined_output
from .._fix import Fix, FixSite
from .blocks import ResponsesInputText
from .convert import FACTS
from .shapes import ResponsesErrorOutput

__all__ = ["EDITS", "ResponsesEdits"]

#: The longest item id the Responses API takes.
MAX_ITEM_ID: Final = 64
_RULE: Final = "call-id-format"


def _fix_item_ids(site: FixSite) -> None:
    """A call item's own ``id`` too long for the API: a short one for it (round 1)."""
    for call in site.calls:
        found = call.extra.get("id")
        target = site.element(call.path) if isinstance(found, str) else None
        if isinstance(found, str) and len(found) > MAX_ITEM_ID and isinstance(target, dict):
            new = target["id"] = item_id(found, "fc_")
            site.change(_RULE, call.path, f"item id {found!r} -> {new!r}")


#: Repair's fix of a call item's own id (``call-id-format``).
_FIX: Final = Fix(_RULE, "ids", _fix_item_ids)


class ResponsesEdits(RequestEdits):
    """Result items in the ``input`` list; ids ``call_...``, item ids ``fc_...``."""

    wire = "responses"
    #: ``function_call_output.output`` parts (SPEC 8 ``tool-result-content``).
    heads = frozenset({"instructions"})
    image_mimes = FACTS.image_mimes
    fixes = (_FIX,)
    id_format = IdFormat(None, 64, "")

    def is_result_entry(self, entry: Any) -> bool:
        """A call or output item: the run after a call holds both."""
        return isinstance(entry, dict) and entry.get("type") in (
            "function_call_output",
            "function_call",
        )

    def text_block(self, text: str) -> ResponsesInputText:
        return {"type": "input_text", "text": text}

    def kept_output(self, target: dict[str, Any], header: str) -> tuple[Any, tuple[str, ...]]:
        """A user message item: the header, then the output's text, or its parts (a user
        message takes ``input_text``, ``input_image`` and ``input_file`` parts too)."""
        output = target.get("output")
        if isinstance(output, list):
            # a message's input_image requires ``detail`` (the SDK's ResponseInputImageParam;
            # a tool output's may omit it): "auto", the API's default
            content = [self.text_block(header), *(_with_detail(part) for part in output)]
        else:
            text = output if isinstance(output, str) or output is None else as_json_text(output)
            content = [self.text_block("\n".join(x for x in (header, text) if x))]
        return {"type": "message", "role": "user", "content": content}, ()

    def merge_output(self, kept: dict[str, Any], other: dict[str, Any], header: str) -> None:
        kept["output"] = joined_output(
            kept.get("output"), other.get("output"), header, self.text_block
        )

    def missing_result(self, call_id: str | None, name: str, text: str) -> ResponsesErrorOutput:
        return {"type": "function_call_output", "call_id": call_id, "output": text}

    def set_id(self, target: dict[str, Any], is_call: bool, new: str) -> None:
        target["call_id"] = new

    def set_declared_mime(self, target: dict[str, Any], mime: str, data: str) -> bool:
        target["image_url"] = f"data:{mime};base64,{data}"
        return True


def _with_detail(part: Any) -> Any:
    """An ``input_image`` part with ``detail`` ("auto" when it has none); another as it is."""
    if isinstance(part, dict) and part.get("type") == "input_image" and "detail" not in part:
        return {**part, "detail": "auto"}
    return part


EDITS: Final = ResponsesEdits()
