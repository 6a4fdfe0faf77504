"""botocore's own checks of a Bedrock Converse request, and the service model's enums,
patterns and lengths that botocore's validator leaves out (shared by the bedrock tests)."""

from __future__ import annotations

import re
from typing import Any

import botocore.session
from botocore.model import Shape
from botocore.validate import ParamValidator

from toolresult_lab import for_boto3

_MODEL = botocore.session.get_session().get_service_model("bedrock-runtime")
#: The input shape of ``Converse`` in the installed botocore's service model.
CONVERSE = _MODEL.operation_model("Converse").input_shape


def service_model_problems(value: Any, shape: Shape, path: str = "") -> list[str]:
    """The service model's ``enum``, ``pattern`` and ``max``/``min`` (strings, lists,
    blobs) that ``value`` breaks, walked from the model itself."""
    found: list[str] = []
    meta = shape.metadata
    if shape.type_name == "structure" and isinstance(value, dict):
        for key, entry in value.items():
            if key in shape.members:
                found += service_model_problems(entry, shape.members[key], f"{path}.{key}")
    elif shape.type_name == "list" and isinstance(value, list):
        for index, entry in enumerate(value):
            found += service_model_problems(entry, shape.member, f"{path}[{index}]")
    size: int | None = None
    if shape.type_name == "string" and isinstance(value, str):
        size = len(value)
        if shape.enum and value not in shape.enum:
            found.append(f"{path}: {value!r} not in {shape.enum}")
        if "pattern" in meta and not re.fullmatch(meta["pattern"], value):
            found.append(f"{path}: {value!r} does not match {meta['pattern']}")
    elif isinstance(value, (bytes, str, list)) and shape.type_name in ("blob", "list"):
        size = len(value)
    if size is not None:
        if "max" in meta and size > meta["max"]:
            found.append(f"{path}: length {size} > max {meta['max']}")
        if "min" in meta and size < meta["min"]:
            found.append(f"{path}: length {size} < min {meta['min']}")
    return found


def check_request(messages: list[Any], system: list[Any] | None = None) -> None:
    """botocore's own validation, then the service model's enums, patterns and lengths
    (of the messages, and the system blocks when given)."""
    params: dict[str, Any] = {
        "modelId": "anthropic.claude-roundtrip",
        "messages": for_boto3(messages),
    }
    if system is not None:
        params["system"] = system
    report = ParamValidator().validate(params, CONVERSE)
    if report.has_errors():
        raise AssertionError(report.generate_report())
    problems = service_model_problems(params, CONVERSE)
    if problems:
        raise AssertionError("; ".join(problems))


def check_body(body: dict[str, Any]) -> None:
    """A whole Converse body (``messages``, ``system``, ``toolConfig``, ``inferenceConfig``,
    ...) through botocore's validation and the service model's constraints."""
    params = {"modelId": "anthropic.claude-roundtrip", **for_boto3(body)}
    report = ParamValidator().validate(params, CONVERSE)
    if report.has_errors():
        raise AssertionError(report.generate_report())
    problems = service_model_problems(params, CONVERSE)
    if problems:
        raise AssertionError("; ".join(problems))
