"""What the responses wire declares for the layers above it (``wires/_data.py``)."""

from __future__ import annotations

from typing import Any, Final

from .._data import ApiPaths, OfficialClient, TokenRules
from .._openai_client import send_responses

__all__ = ["CLIENT", "PATHS", "TOKENS", "call_reply", "reply"]

TOKENS: Final = TokenRules(
    image="openai_tiles",
    pdf_note="OpenAI documents no per-page figure: the model receives each page's "
    "extracted text and an image of each page",
    text="openai_tokens",
    encoding="o200k_base",  # every model Responses serves (gpt-4o, 4.1, 5, o-series)
    model_images=True,  # GPT-5.5 and later: 32 px patches (the model table)
)


def reply(model: str, text: str) -> dict[str, Any]:
    """A minimal valid Responses API response, ``model`` answering ``text``: what the loopback
    recorder (``roundtrip``) answers the ``openai`` client's ``responses.create``."""
    return {
        "id": "resp_roundtrip",
        "object": "response",
        "created_at": 0,
        "status": "completed",
        "model": model,
        "output": [
            {
                "type": "message",
                "id": "msg_roundtrip",
                "status": "completed",
                "role": "assistant",
                "content": [{"type": "output_text", "text": text, "annotations": []}],
            }
        ],
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
        "error": None,
        "incomplete_details": None,
        "instructions": None,
        "metadata": {},
        "temperature": None,
        "top_p": None,
    }


def call_reply(model: str, echo: list[Any]) -> dict[str, Any]:
    """A Responses API response whose output is ``echo`` (``tool_turn``'s echo: the
    ``function_call`` items), each with the ``fc_`` id and status the API gives. What the
    loopback recorder answers a tool loop with."""
    body = reply(model, "")
    body["output"] = [
        {**item, "id": f"fc_{index}", "status": "completed"} for index, item in enumerate(echo)
    ]
    return body


#: The request paths of the Responses API.
PATHS: Final = ApiPaths(("/responses",))


#: How the round trip sends through its official client, and what the recorder answers.
CLIENT: Final = OfficialClient(
    model="gpt-roundtrip",
    call="openai: client.responses.create",
    endpoint="/v1/responses",
    send=send_responses,
    answers=PATHS.answers,
    reply=reply,
    call_reply=call_reply,
)
