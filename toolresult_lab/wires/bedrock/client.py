"""The ``boto3`` client pointed at the loopback recorder (``OfficialClient.send``), and
the model a Converse request path names.

The SDK is an optional extra, so it is imported only when a round trip is sent.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

from .boto3_bytes import for_boto3

__all__ = ["answers", "path_model", "send"]


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


def path_model(path: str) -> str | None:
    """The model named by a Bedrock path ``/model/{modelId}/converse``, else ``None``."""
    head, sep, tail = path.partition("/model/")
    if head or not sep or not tail.endswith("/converse"):
        return None
    return unquote(tail[: -len("/converse")])


def answers(path: str) -> bool:
    """A Converse path."""
    return path_model(path) is not None
