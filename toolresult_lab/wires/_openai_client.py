"""The ``openai`` client pointed at the loopback recorder: how the openai, responses and
hermes wires send a round trip (``OfficialClient.send``; hermes speaks the chat API).

The SDK is an optional extra, so it is imported only when a round trip is sent.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["send_chat", "send_responses"]


@contextmanager
def _openai_client(base_url: str, timeout: float) -> Iterator[Any]:
    import openai

    with (
        openai.DefaultHttpxClient(trust_env=False) as http_client,
        openai.OpenAI(
            api_key="roundtrip",
            base_url=f"{base_url}/v1",
            max_retries=0,
            timeout=timeout,
            http_client=http_client,
        ) as client,
    ):
        yield client


def send_chat(model: str, messages: list[Any], base_url: str, timeout: float) -> None:
    """``client.chat.completions.create`` with ``messages``."""
    with _openai_client(base_url, timeout) as client:
        client.chat.completions.create(model=model, messages=messages)


def send_responses(model: str, messages: list[Any], base_url: str, timeout: float) -> None:
    """``client.responses.create`` with ``messages`` as its ``input``."""
    with _openai_client(base_url, timeout) as client:
        client.responses.create(model=model, input=messages)
