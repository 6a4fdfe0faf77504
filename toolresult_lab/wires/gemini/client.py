"""The ``google-genai`` client pointed at the loopback recorder (``OfficialClient.send``),
(the model a request path names is the wire's ``PATHS``, in ``data.py``).

The SDK is an optional extra, so it is imported only when a round trip is sent.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["send"]

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
