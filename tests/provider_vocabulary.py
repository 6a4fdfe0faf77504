"""The field names of each provider's API, read from the SDK types themselves.

A name is a provider's when it is a member of a type reachable from the request and
response types of the API a wire speaks:

- anthropic: ``MessageCreateParamsNonStreaming`` and ``Message``;
- openai: ``CompletionCreateParamsNonStreaming`` and ``ChatCompletion``;
- responses: ``ResponseCreateParamsNonStreaming`` and ``Response``;
- gemini: google-genai's ``Content``, ``GenerateContentConfig`` and
  ``GenerateContentResponse`` (each field by its name and its camelCase alias);
- ollama: ``ChatRequest`` and ``ChatResponse``;
- bedrock: every member of botocore's ``Converse`` input and output shapes.

A TypedDict's keys and a pydantic model's fields count, and so do the values of a ``type``
key's ``Literal`` (``"tool_result"``, ``"input_image"``: the block kinds).

Of these, a name is *distinctive* (:func:`distinctive`) when it is

1. compound: two words or more, joined snake_case or camelCase (``tool_use_id``,
   ``inlineData``, ``s3Location``). A one-word name (``text``, ``type``, ``name``,
   ``content``, ``image``, ``json``, ``status``) is ordinary vocabulary that neutral code
   uses for its own records and item kinds, so it says nothing about a provider;
2. not a member of MCP's own result and tool types (``mimeType``, ``isError``,
   ``structuredContent``, ``mime_type``): MCP content is the package's input (SPEC 2), read
   by the neutral layers by design;
3. not a name of the package's own public API (a parameter or field of what
   ``toolresult_lab`` exports: ``max_tokens``, ``media_resolution``): the package chose
   that word for itself, and its neutral code says it as its own.
"""

from __future__ import annotations

import functools
import inspect
import re
import typing
from typing import Any

import pydantic
import typing_extensions

__all__ = ["MCP_NAMES", "distinctive", "is_compound", "own_api_names", "provider_names"]

_COMPOUND = re.compile(r"[a-z0-9]_[A-Za-z0-9]|[a-z0-9][A-Z]")


def is_compound(name: str) -> bool:
    """Two words or more: snake_case (``tool_use_id``) or camelCase (``inlineData``)."""
    return _COMPOUND.search(name) is not None


def _literals(annotation: Any) -> set[str]:
    """The string values of a ``Literal`` annotation (through ``Optional``, ``Required``)."""
    if typing.get_origin(annotation) is typing.Literal:
        return {a for a in typing.get_args(annotation) if isinstance(a, str)}
    found: set[str] = set()
    for arg in typing.get_args(annotation):
        found |= _literals(arg)
    return found


def _reachable(*roots: Any) -> set[str]:
    """Every key and field name (and alias) of the TypedDicts and pydantic models reachable
    from ``roots`` through their annotations, and the values of each ``type`` key."""
    seen: dict[int, Any] = {}  # by id, holding each type (an id is reused once freed)
    names: set[str] = set()
    todo: list[Any] = list(roots)
    while todo:
        tp = todo.pop()
        if id(tp) in seen:
            continue
        seen[id(tp)] = tp
        if typing.get_origin(tp) is not None:
            todo.extend(typing.get_args(tp))
            continue
        if not isinstance(tp, type):
            continue
        members: dict[str, Any] = {}
        if typing_extensions.is_typeddict(tp):
            members = typing_extensions.get_type_hints(tp)
        elif issubclass(tp, pydantic.BaseModel):
            for field, info in tp.model_fields.items():
                members[field] = info.annotation
                if info.alias:
                    names.add(info.alias)
        for key, annotation in members.items():
            names.add(key)
            if key == "type":
                names |= _literals(annotation)
            todo.append(annotation)
    return names


def _botocore_members(operation: str) -> set[str]:
    import botocore.session

    model = botocore.session.get_session().get_service_model("bedrock-runtime")
    op = model.operation_model(operation)
    names: set[str] = set()
    seen: set[str] = set()
    todo = [op.input_shape, op.output_shape]
    while todo:
        shape = todo.pop()
        if shape is None or shape.name in seen:
            continue
        seen.add(shape.name)
        if shape.type_name == "structure":
            names.update(shape.members)
            todo.extend(shape.members.values())
        elif shape.type_name == "list":
            todo.append(shape.member)
        elif shape.type_name == "map":
            todo.extend([shape.key, shape.value])
    return names


@functools.cache
def provider_names() -> dict[str, frozenset[str]]:
    """Each wire's field names (all of them, one-word names too), from its SDK."""
    import anthropic.types
    import google.genai.types as genai
    import ollama._types as ollama
    import openai.types.chat
    import openai.types.responses
    from anthropic.types import message_create_params
    from openai.types.chat import completion_create_params
    from openai.types.responses import response_create_params

    return {
        "anthropic": frozenset(
            _reachable(
                message_create_params.MessageCreateParamsNonStreaming, anthropic.types.Message
            )
        ),
        "openai": frozenset(
            _reachable(
                completion_create_params.CompletionCreateParamsNonStreaming,
                openai.types.chat.ChatCompletion,
            )
        ),
        "responses": frozenset(
            _reachable(
                response_create_params.ResponseCreateParamsNonStreaming,
                openai.types.responses.Response,
            )
        ),
        "gemini": frozenset(
            _reachable(genai.Content, genai.GenerateContentConfig, genai.GenerateContentResponse)
        ),
        "ollama": frozenset(_reachable(ollama.ChatRequest, ollama.ChatResponse)),
        "bedrock": frozenset(_botocore_members("Converse")),
    }


@functools.cache
def _mcp_names() -> frozenset[str]:
    import mcp.types

    return frozenset(_reachable(mcp.types.CallToolResult, mcp.types.Tool))


MCP_NAMES = _mcp_names


@functools.cache
def own_api_names() -> frozenset[str]:
    """The parameter names of every callable ``toolresult_lab`` exports (a class's
    constructor and public methods included) and the fields of its exported dataclasses."""
    import toolresult_lab

    names: set[str] = set()
    for exported in toolresult_lab.__all__:
        value = getattr(toolresult_lab, exported)
        callables = [value]
        if inspect.isclass(value):
            names.update(getattr(value, "__dataclass_fields__", ()))
            callables += [value.__init__]
            callables += [m for n, m in vars(value).items() if callable(m) and n[0] != "_"]
        for function in callables:
            try:
                names.update(inspect.signature(function).parameters)
            except (TypeError, ValueError):  # a builtin without a signature
                continue
    return frozenset(names)


@functools.cache
def distinctive() -> frozenset[str]:
    """The provider field names that name a provider: compound, not MCP's, not the
    package's own."""
    every = frozenset().union(*provider_names().values())
    compound = frozenset(name for name in every if is_compound(name))
    return compound - _mcp_names() - own_api_names()
