"""The hook for a boto3 / botocore ``bedrock-runtime`` client: ``converse`` and
``converse_stream``.

A handler on the client's own ``before-parameter-build.bedrock-runtime.Converse`` and
``...ConverseStream`` events (``client.meta.events``) receives the call's parameters before
validation and serialization; botocore's retries only wrap the HTTP send that comes later,
so a ``GuardError`` raised here reaches the caller as it is, and a repaired body replaces
the parameters once. The parameters are boto3's form: payloads as ``bytes`` and the model
as ``modelId``; the checks read the wire's JSON form (base64 text, the model beside it), so
the body is converted on the way in and back (``for_boto3``) on the way out. The path the
checks and the record name is the REST path the call goes to.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from ..wires import for_boto3
from .inspection import Slot, failed_open

__all__ = ["hook_botocore", "is_bedrock_runtime"]

_OPERATIONS = ("Converse", "ConverseStream")
_UNIQUE = "toolresult_lab.guard"
_ATTRIBUTE = "_toolresult_lab_guard"


def is_bedrock_runtime(target: object) -> bool:
    """Whether ``target`` is a botocore client of the ``bedrock-runtime`` service."""
    meta = getattr(target, "meta", None)
    model = getattr(meta, "service_model", None)
    return getattr(model, "service_name", None) == "bedrock-runtime" and hasattr(meta, "events")


def _as_json(value: Any) -> Any:
    """boto3's parameters as the wire's JSON: ``bytes`` as base64 text."""
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, Mapping):
        return {key: _as_json(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_as_json(item) for item in value]
    return value


def _in_uri(operation: Any) -> tuple[str, ...]:
    """The parameters botocore puts in the URL, not the body (Converse: the model id):
    read from the operation's own model, so no field name is restated here."""
    return tuple(
        name
        for name, shape in operation.input_shape.members.items()
        if shape.serialization.get("location") == "uri"
    )


def _handler(slot: Slot) -> Any:
    def check(params: dict[str, Any], model: Any, **_: Any) -> None:
        try:
            in_uri = _in_uri(model)
            path = str(model.http["requestUri"])
            for name in in_uri:
                path = path.replace(f"{{{name}}}", quote(str(params.get(name, "")), safe=""))
            named = [params[name] for name in in_uri if isinstance(params.get(name), str)]
            model_id = named[0] if len(named) == 1 else None
            body = _as_json({key: item for key, item in params.items() if key not in in_uri})
        except Exception as error:
            failed_open("bedrock-runtime", error)
            return
        sent = slot.guard.inspect(path, {}, body, model_id)
        if sent is None:
            return
        try:
            replaced = for_boto3(dict(sent))
            replaced.update({name: params[name] for name in in_uri if name in params})
        except Exception as error:
            failed_open(path, error)
            return
        params.clear()
        params.update(replaced)

    return check


def hook_botocore(client: Any, slot: Slot) -> None:
    """Guard ``client`` in place with the guard in ``slot``."""
    existing = client.__dict__.get(_ATTRIBUTE)
    if isinstance(existing, Slot):
        existing.guard = slot.guard
        return
    for name in _OPERATIONS:
        client.meta.events.register(
            f"before-parameter-build.bedrock-runtime.{name}",
            _handler(slot),
            unique_id=f"{_UNIQUE}.{name}.{id(client)}",
        )
    setattr(client, _ATTRIBUTE, slot)
