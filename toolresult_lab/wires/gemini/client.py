"""The ``google-genai`` client pointed at the loopback recorder (``OfficialClient.send``),
and the model a Gemini request path names.

The SDK is an optional extra, so it is imported only when a round trip is sent.
"""

from __future__ import annotations

from typing import Any, Final
from urllib.parse import unquote

__all__ = ["answers", "path_model", "send"]

# Pinned: the client's default depends on its version and on GOOGLE_GENAI_API_VERSION.
_API_VERSION: Final = "v1beta"


def send(model: str, messages: list[Any], base_url: str, timeout: float) -> None:
    """``client.models.generate_content`` with ``messages`` as its ``contents``."""
    from google import genai
    from google.genai import types

    no_env = {"trust_env": False}
    options = types.HttpOptions(
        base_url=base_url,
        api_version=_API_VERSION,
        timeout=int(timeout * 1000),
        retry_options=types.HttpRetryOptions(attempts=1),
        client_args=no_env,
        async_client_args=no_env,
    )
    with genai.Client(api_key="roundtrip", vertexai=False, http_options=options) as client:
        client.models.generate_content(model=model, contents=messages)


def path_model(path: str) -> str | None:
    """The model named by a Gemini path ``.../models/{model}:{method}``, else ``None``."""
    _, sep, tail = path.partition("/models/")
    if not sep or ":" not in tail:
        return None
    return unquote(tail.rsplit(":", 1)[0])


def answers(path: str) -> bool:
    """A ``generateContent`` path naming its model."""
    return path_model(path) is not None and path.endswith(":generateContent")
