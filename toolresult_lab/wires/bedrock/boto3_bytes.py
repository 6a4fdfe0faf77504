"""Bedrock's requests in boto3's form: boto3 takes a media block's ``source.bytes`` as
``bytes`` and base64-encodes them itself, while the wire (the HTTP API's JSON) writes them
as base64 text; :func:`for_boto3` converts one to the other."""

from __future__ import annotations

import base64
from typing import Any, Final

from .._read import at_index, at_key

__all__ = ["for_boto3"]

#: The blocks whose ``source.bytes`` is a blob (the service model's ``ImageSource``,
#: ``DocumentSource``, ``VideoSource``, ``AudioSource``).
_MEDIA_KEYS: Final = frozenset({"image", "document", "video", "audio"})


def for_boto3(value: Any) -> Any:
    """A copy of a bedrock block, message, content list or request with every media
    ``source.bytes`` decoded from base64 text to ``bytes``: boto3 takes payloads as
    bytes and base64-encodes them itself (given the text, it would encode it again).

    :raises ValueError: a ``source.bytes`` text that is not base64, naming its path.
    """
    return _decoded(value, "", False)


def _decoded(value: Any, path: str, in_media: bool) -> Any:
    if isinstance(value, list):
        return [_decoded(entry, at_index(path, index), False) for index, entry in enumerate(value)]
    if not isinstance(value, dict):
        return value
    copy: dict[str, Any] = {}
    for key, entry in value.items():
        at = at_key(path, str(key))
        if in_media and key == "source" and isinstance(entry, dict):
            source = {
                name: field if name == "bytes" else _decoded(field, at_key(at, name), False)
                for name, field in entry.items()
            }
            data = source.get("bytes")
            if isinstance(data, str):
                try:
                    source["bytes"] = base64.b64decode(data, validate=True)
                except ValueError:
                    raise ValueError(f"for_boto3: {at}.bytes is not base64 text") from None
            copy[key] = source
        else:
            copy[key] = _decoded(entry, at, key in _MEDIA_KEYS)
    return copy
