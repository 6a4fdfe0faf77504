"""The ``anthropic`` client pointed at the loopback recorder (``OfficialClient.send``).

The SDK is an optional extra, so it is imported only when a round trip is sent.
"""

from __future__ import annotations

from typing import Any

__all__ = ["send"]


def send(model: str, messages: list[Any], base_url: str, timeout: float) -> None:
    """``client.messages.create`` with ``messages`` (``max_tokens`` is required there)."""
    import anthropic

    with (
        anthropic.DefaultHttpxClient(trust_env=False) as http_client,
        anthropic.Anthropic(
            api_key="roundtrip",
            base_url=base_url,
            max_retries=0,
            timeout=timeout,
            http_client=http_client,
        ) as client,
    ):
        client.messages.create(model=model, max_tokens=64, messages=messages)
