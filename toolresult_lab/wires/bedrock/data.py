"""What the bedrock wire declares for the layers above it (``wires/_data.py``)."""

from __future__ import annotations

from typing import Any, Final

from .._data import ApiPaths, OfficialClient, TokenRules
from .client import send

__all__ = ["CLIENT", "PATHS", "TOKENS", "call_reply", "reply"]

#: Bedrock documents no image rule of its own: Claude's applies there.
TOKENS: Final = TokenRules(
    image="claude_patches_on_bedrock",
    pdf_note="Bedrock documents no per-page figure for Converse: on Claude each page costs "
    "its extracted text plus a page image, as on anthropic (measure it with token counting)",
)


def reply(model: str, text: str) -> dict[str, Any]:
    """A minimal valid Converse response answering ``text`` (it names no model): what the
    loopback recorder (``roundtrip``) answers the ``boto3`` client."""
    return {
        "output": {"message": {"role": "assistant", "content": [{"text": text}]}},
        "stopReason": "end_turn",
        "usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2},
        "metrics": {"latencyMs": 1},
    }


def call_reply(model: str, echo: list[Any]) -> dict[str, Any]:
    """A Converse response whose message is ``echo`` (``tool_turn``'s echo: one assistant
    message of ``toolUse`` blocks). What the loopback recorder answers a tool loop with."""
    body = reply(model, "")
    [message] = echo
    body["output"]["message"], body["stopReason"] = message, "tool_use"
    return body


#: The request paths of its API, the model named in the path (the guard reads them).
PATHS: Final = ApiPaths(model_marker="/model/", model_methods=("/converse", "/converse-stream"))


def _path_model(path: str) -> str | None:
    """The model a request path of its API names, else ``None``."""
    found = PATHS.match(path)
    return found.model if found is not None else None


def _recorded(path: str) -> bool:
    """A request the recorder answers: the non-streaming method, its model named."""
    return path.partition("?")[0].endswith("/converse") and _path_model(path) is not None


#: How the round trip sends through its official client, and what the recorder answers.
CLIENT: Final = OfficialClient(
    model="anthropic.claude-roundtrip",
    call="boto3: client('bedrock-runtime').converse (payloads through for_boto3)",
    endpoint="/model/{model}/converse",
    send=send,
    answers=_recorded,
    path_model=_path_model,
    reply=reply,
    call_reply=call_reply,
)
