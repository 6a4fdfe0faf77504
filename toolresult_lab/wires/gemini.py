"""gemini: a ``functionResponse`` part; native images and PDFs ride in its ``parts``.

``response`` is ``structured_content`` when that is an object (the text is then not
sent, and ``explain()`` says so), else ``{"result": <string form of the rest>}``.
"""

from __future__ import annotations

from typing import Any

from ..carriage import Native, carry
from ..encoding import clone
from ..facts import WireFacts
from ..items import BlobItem
from ..options import Options
from ..text import join_texts
from ._base import Source, Step, string_step


def convert(source: Source, facts: WireFacts, options: Options) -> tuple[Any, list[Step]]:
    steps: list[Step] = []
    parts: list[dict[str, Any]] = []
    texts: list[str] = []
    structured = source.structured_value
    response_is_structured = isinstance(structured, dict)
    for item in source.items:
        if isinstance(item, BlobItem):
            decision = carry(item, facts, options)
            if isinstance(decision, Native):
                part = {"inlineData": {"mimeType": decision.mime, "data": decision.data}}
                parts.append(part)
                reason = f"{decision.media} carried in parts[].inlineData"
                steps.append(Step(part, "native", reason))
                continue
        step = string_step(item, facts, options)
        if response_is_structured:
            step = Step(
                None,
                "omitted",
                "gemini sends structured_content as the response; this text is not sent"
                f" (it would have been: {step.reason})",
            )
        else:
            texts.append(step.part)
        steps.append(step)
    response = (
        clone(structured) if response_is_structured else {"result": join_texts(texts, structured)}
    )
    body: dict[str, Any] = {"name": source.name}
    if source.id:
        body["id"] = source.id
    body["response"] = response
    if parts:
        body["parts"] = parts
    return {"functionResponse": body}, steps
