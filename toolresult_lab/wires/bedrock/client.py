"""The ``boto3`` client pointed at the loopback recorder (``OfficialClient.send``).

The SDK is an optional extra, so it is imported only when a round trip is sent.
"""

from __future__ import annotations

from typing import Any

from .boto3_bytes import for_boto3

__all__ = ["send"]


def send(model: str, messages: list[Any], base_url: str, timeout: float) -> None:
    """``client('bedrock-runtime').converse`` with ``messages``, their payloads as bytes
    (:func:`for_boto3`), as boto3 takes them."""
    import boto3
    from botocore.config import Config

    config = Config(
        retries={"max_attempts": 1, "mode": "standard"},
        connect_timeout=timeout,
        read_timeout=timeout,
        proxies={"http": "", "https": ""},  # never a proxy from the environment
    )
    client = boto3.client(
        "bedrock-runtime",
        endpoint_url=base_url,
        region_name="us-east-1",
        aws_access_key_id="roundtrip",
        aws_secret_access_key="roundtrip",
        config=config,
    )
    try:
        client.converse(modelId=model, messages=for_boto3(messages))
    finally:
        client.close()
