"""gemini: a ``functionResponse`` part; native images and PDFs ride in its ``parts``.

``response`` is ``structured_content`` when that is an object (the text is then not
sent, and ``explain()`` says so), else ``{"result": <string form of the rest>}``.
"""

from __future__ import annotations

from typing import Any

from ..carriage import Native
from ..encoding import clone
from ..facts import WireFacts
from ..options import Options
from ..text import join_texts
from ._base import Source, Step, decide

_NATIVE_REASON = {
    "image": "image sent in parts[].inlineData",
    "pdf": "PDF sent in parts[].inlineData",
}
_REPLACED = "gemini sends structured_content as the response, so this is not sent"


def convert(source: Source, facts: WireFacts, options: Options) -> tuple[Any, list[Step]]:
    steps: list[Step] = []
    parts: list[dict[str, Any]] = []
    texts: list[str] = []
    structured = source._structured_value
    response_is_structured = facts.structured_response and isinstance(structured, dict)
    for item in source._neutral_items:
        decision = decide(item, facts, options)
        if isinstance(decision, Native):
            part = {"inlineData": {"mimeType": decision.mime, "data": decision.data}}
            parts.append(part)
            steps.append((part, "native", _NATIVE_REASON[decision.media]))
        elif response_is_structured:
            steps.append((None, "omitted", f"{_REPLACED} (as text: {decision[2]})"))
        else:
            texts.append(decision[0])
            steps.append(decision)
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
