"""responses: an OpenAI Responses ``function_call_output`` input item (no ``role``).

``output`` is the string form, unless an image (``image_input``) or a PDF
(``native_pdf``) is carried natively: then a list of parts in content order.
"""

from __future__ import annotations

from typing import Any

from ..carriage import Native, carry
from ..facts import WireFacts
from ..filenames import pdf_filename
from ..items import BlobItem
from ..options import Options
from ..text import join_texts
from ._base import Source, Step, string_step


def _native_part(item: BlobItem, native: Native) -> dict[str, Any]:
    url = f"data:{native.mime};base64,{native.data}"
    if native.media == "image":
        return {"type": "input_image", "image_url": url}
    return {"type": "input_file", "filename": pdf_filename(item.uri), "file_data": url}


def convert(source: Source, facts: WireFacts, options: Options) -> tuple[Any, list[Step]]:
    steps: list[Step] = []
    any_native = False
    for item in source.items:
        if isinstance(item, BlobItem):
            decision = carry(item, facts, options)
            if isinstance(decision, Native):
                any_native = True
                reason = f"{decision.media} carried natively"
                steps.append(Step(_native_part(item, decision), "native", reason))
                continue
        steps.append(string_step(item, facts, options))
    if any_native:
        output: Any = [
            step.part
            if step.outcome == "native"
            else {"type": "input_text", "text": step.part}
            for step in steps
        ]
        steps = [
            step if step.outcome == "native" else step._replace(part=part)
            for step, part in zip(steps, output, strict=True)
        ]
    else:
        output = join_texts([step.part for step in steps], source.structured_value)
    return {"type": "function_call_output", "call_id": source.id, "output": output}, steps
