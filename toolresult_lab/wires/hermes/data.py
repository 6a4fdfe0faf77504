"""What the hermes wire declares for the layers above it (``wires/_data.py``): its round
trip, through the ``openai`` chat client, as Hermes-style servers (vLLM, SGLang,
llama.cpp) speak the OpenAI chat API, which therefore answers it."""

from __future__ import annotations

from typing import Final

from .._data import OfficialClient
from .._openai_client import send_chat

__all__ = ["CLIENT"]

#: How the round trip sends through its official client; the openai wire's API answers it.
CLIENT: Final = OfficialClient(
    model="hermes-roundtrip",
    call="openai: client.chat.completions.create",
    endpoint="/v1/chat/completions",
    send=send_chat,
    answered_by="openai",
)
