"""responses: an OpenAI Responses ``function_call_output`` input item (no ``role``).

``output`` is the string form, unless an image (``image_input``) or a PDF
(``native_pdf``) is carried natively: then a list of parts in content order.
"""

from __future__ import annotations

from typing import Any

from ..carriage import Native
from ..facts import WireFacts
from ..filenames import pdf_filename
from ..items import Item
from ..options import Options
from ..text import join_texts
from ._base import Source, Step, decide


def _native_step(item: Item, native: Native) -> Step:
    url = f"data:{native.mime};base64,{native.data}"
    if native.media == "image":
        return ({"type": "input_image", "image_url": url}, "native", "image sent as input_image")
    part = {
        "type": "input_file",
        "filename": pdf_filename(getattr(item, "uri", None)),
        "file_data": url,
    }
    return (part, "native", "PDF sent as input_file")


def convert(source: Source, facts: WireFacts, options: Options) -> tuple[Any, list[Step]]:
    steps: list[Step] = []
    any_native = False
    for item in source._neutral_items:
        decision = decide(item, facts, options)
        if isinstance(decision, Native):
            any_native = True
            steps.append(_native_step(item, decision))
        else:
            steps.append(decision)
    output: Any
    if any_native:
        steps = [
            step
            if step[1] == "native"
            else ({"type": "input_text", "text": step[0]}, step[1], step[2])
            for step in steps
        ]
        output = [step[0] for step in steps]
    else:
        output = join_texts([step[0] for step in steps], source._structured_value)
    return {"type": "function_call_output", "call_id": source.id, "output": output}, steps
