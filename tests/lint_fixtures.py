"""Small hand-written requests for every wire (SPEC 8), to build bad/good pairs from.

Each helper writes one message (content, input item) in the provider's own shape, so a
test reads like the request it sends: ``[user(w), ask(w, "c1"), answer(w, "c1")]``.
"""

from __future__ import annotations

import json
from typing import Any

from toolresult_lab import WIRES
from toolresult_lab.views.probes import SAMPLE_IMAGES

PNG = SAMPLE_IMAGES["image/png"]
JPEG = SAMPLE_IMAGES["image/jpeg"]
SIGNATURE = "Cv8B+/7x" + "QUJD" * 4 + "/+8="
__all__ = ["JPEG", "PNG", "SIGNATURE", "WIRES", "answer", "ask", "request", "turn", "user"]


def user(wire: str, text: str = "hi") -> Any:
    if wire == "gemini":
        return {"role": "user", "parts": [{"text": text}]}
    if wire == "responses":
        return {"type": "message", "role": "user", "content": text}
    if wire == "bedrock":
        return {"role": "user", "content": [{"text": text}]}
    return {"role": "user", "content": text}


def ask(wire: str, *ids: str, name: str = "f", signature: bool = True) -> Any:
    """An assistant message (a model content; on responses, one item per call) calling
    ``name`` once per id."""
    if wire in ("openai", "ollama"):
        calls = [
            {"id": i, "type": "function", "function": {"name": name, "arguments": "{}"}}
            for i in ids
        ]
        if wire == "ollama":
            calls = [{"id": i, "function": {"name": name, "arguments": {}}} for i in ids]
        return {
            "role": "assistant",
            "content": None if wire == "openai" else "",
            "tool_calls": calls,
        }
    if wire == "anthropic":
        blocks = [{"type": "tool_use", "id": i, "name": name, "input": {}} for i in ids]
        return {"role": "assistant", "content": blocks}
    if wire == "bedrock":
        uses = [{"toolUse": {"toolUseId": i, "name": name, "input": {}}} for i in ids]
        return {"role": "assistant", "content": uses}
    if wire == "gemini":
        parts: list[Any] = []
        for n, i in enumerate(ids):
            part: dict[str, Any] = {"functionCall": {"name": name, "args": {}, "id": i}}
            if signature and n == 0:
                part["thoughtSignature"] = SIGNATURE
            parts.append(part)
        return {"role": "model", "parts": parts}
    if wire == "responses":
        return [
            {"type": "function_call", "call_id": i, "name": name, "arguments": "{}"} for i in ids
        ]
    text = "\n".join(
        f"<tool_call>\n{json.dumps({'name': name, 'arguments': {}})}\n</tool_call>" for _ in ids
    )
    return {"role": "assistant", "content": text}


def answer(wire: str, *ids: str, name: str = "f", content: Any = "ok") -> Any:
    """The results for ``ids``: one user message (anthropic, bedrock), one content
    (gemini), one tool message or output item per id elsewhere (a list)."""
    if wire == "bedrock":
        inner = [{"text": content}] if isinstance(content, str) else content
        return {
            "role": "user",
            "content": [{"toolResult": {"toolUseId": i, "content": inner}} for i in ids],
        }
    if wire == "anthropic":
        return {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": i, "content": content} for i in ids],
        }
    if wire == "gemini":
        return {
            "role": "user",
            "parts": [
                {"functionResponse": {"name": name, "id": i, "response": {"result": content}}}
                for i in ids
            ],
        }
    if wire == "responses":
        return [{"type": "function_call_output", "call_id": i, "output": content} for i in ids]
    if wire == "ollama":
        return [
            {"role": "tool", "tool_call_id": i, "tool_name": name, "content": content} for i in ids
        ]
    if wire == "hermes":
        body = json.dumps({"name": name, "content": content})
        return [
            {"role": "tool", "content": f"<tool_response>\n{body}\n</tool_response>"} for _ in ids
        ]
    return [{"role": "tool", "tool_call_id": i, "content": content} for i in ids]


def request(*pieces: Any) -> list[Any]:
    """The message list of ``pieces`` (a list piece is spliced in)."""
    out: list[Any] = []
    for piece in pieces:
        if isinstance(piece, list):
            out.extend(piece)
        else:
            out.append(piece)
    return out


def turn(wire: str, *ids: str, **kwargs: Any) -> list[Any]:
    """A user message, a call per id, their results."""
    return request(user(wire), ask(wire, *ids, **kwargs), answer(wire, *ids))
