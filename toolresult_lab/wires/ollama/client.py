"""The ``ollama`` client pointed at the loopback recorder (``OfficialClient.send``).

The SDK is an optional extra, so it is imported only when a round trip is sent.
"""

from __future__ import annotations

from typing import Any

__all__ = ["send"]


def send(model: str, messages: list[Any], base_url: str, timeout: float) -> None:
    """``client.chat`` with ``messages``, not streamed."""
    import ollama

    client = ollama.Client(host=base_url, timeout=timeout, trust_env=False)
    with client:
        client.chat(model=model, messages=messages, stream=False)
