"""A whole request body, checked strictly against the official SDK request type of its wire
(issue 26: "Outputs validate against the official SDK types and botocore's own validator").

- anthropic: ``MessageCreateParamsNonStreaming``; openai and hermes (an OpenAI chat body):
  ``CompletionCreateParamsNonStreaming``; responses: ``ResponseCreateParamsNonStreaming``.
  Each by ``validate_typeddict`` (pydantic strict, then no undeclared key at any level).
- gemini: the REST ``GenerateContentRequest`` body, each top-level field by its google-genai
  model (``Content``, ``Tool``, ``ToolConfig``, ``GenerationConfig``, ...), validated and
  with every key a declared camelCase alias (``check_model_keys``).
- ollama: ``ollama._types.ChatRequest`` with every nested model's keys declared, each message as
  ``StrictOllamaMessage``.
- bedrock: botocore's validator and the service model (``bedrock_strict.check_body``).

``ALLOWANCES`` names, with the provider's page and the day it was read, each place where the
installed SDK type is behind (or, for hermes, beside) what the provider takes; nothing else is
let through.
"""

from __future__ import annotations

import copy
from typing import Any, Final

import ollama
from anthropic.types.message_create_params import MessageCreateParamsNonStreaming
from bedrock_strict import check_body
from google.genai import types as gtypes
from ollama import _types as ollama_types
from openai.types.chat.completion_create_params import CompletionCreateParamsNonStreaming
from openai.types.responses.response_create_params import ResponseCreateParamsNonStreaming
from pydantic import ValidationError
from sdk_strict import (
    OLLAMA_LACKS_TOOL_CALL_ID,
    StrictError,
    StrictOllamaMessage,
    check_model_keys,
    validate_typeddict,
)

#: name -> (why the SDK type is not used as is there, the provider's page, the day read).
ALLOWANCES: Final[dict[str, tuple[str, str, str]]] = {
    "hermes-tool-message": (
        "a hermes tool message pairs with its call by order and has no tool_call_id, which"
        " OpenAI's ChatCompletionToolMessageParam requires; checked by shape instead",
        "https://github.com/NousResearch/Hermes-Function-Calling (tool_response turns)",
        "2026-12-02",
    ),
    "anthropic-sampling": (
        "temperature, top_p and top_k are Messages API parameters (Anthropic accepted"
        " temperature and top_k from claude-haiku-4-5 in corpus record pai-b4f278385064); the"
        " installed anthropic SDK's MessageCreateParams no longer declares them",
        "https://docs.anthropic.com/en/api/messages",
        "2026-12-02",
    ),
    "ollama-tool-schema": (
        "a tool's parameters are JSON Schema, which Ollama hands to the model's template;"
        " ollama's Tool.Function.Parameters declares five of its keywords (no description,"
        " title, additionalProperties, nested properties): validated by the type, keys not"
        " checked inside it",
        "https://docs.ollama.com/capabilities/tool-calling",
        "2026-12-02",
    ),
    "ollama-tool-call-id": (
        "Ollama's /api/chat takes tool_call_id on a tool message (and an id on a tool call);"
        " the installed ollama.Message does not declare them: checked as strings, then removed",
        "https://docs.ollama.com/api/chat",
        "2026-12-02",
    ),
}

#: The REST ``GenerateContentRequest`` fields (https://ai.google.dev/api/generate-content,
#: read 2026-12-02) -> the google-genai model of one value (``None``: a string).
GEMINI_BODY: Final[dict[str, tuple[type | None, bool]]] = {
    "contents": (gtypes.Content, True),
    "systemInstruction": (gtypes.Content, False),
    "tools": (gtypes.Tool, True),
    "toolConfig": (gtypes.ToolConfig, False),
    "safetySettings": (gtypes.SafetySetting, True),
    "generationConfig": (gtypes.GenerationConfig, False),
    "cachedContent": (None, False),
}


_SAMPLING: Final = frozenset({"temperature", "top_p", "top_k"})


def _number(value: Any) -> bool:
    return type(value) in (int, float)


def _gemini(body: dict[str, Any]) -> None:
    undeclared = sorted(set(body) - set(GEMINI_BODY))
    if undeclared:
        raise StrictError(f"$: key(s) {undeclared} are not GenerateContentRequest fields")
    for key, value in body.items():
        model, many = GEMINI_BODY[key]
        if model is None:
            if not isinstance(value, str):
                raise StrictError(f"$.{key}: expected a string")
            continue
        if many and not isinstance(value, list):
            raise StrictError(f"$.{key}: expected a list")
        for index, item in enumerate(value if many else [value]):
            path = f"$.{key}[{index}]" if many else f"$.{key}"
            try:
                model.model_validate(item)
            except ValidationError as exc:
                raise StrictError(
                    f"{path}: google-genai {model.__name__} rejects it:\n{exc}"
                ) from None
            check_model_keys(item, model, path)


def _ollama_message(message: Any, path: str) -> Any:
    """The message as ``ollama.Message`` takes it: ``tool_call_id`` and tool call ids checked
    and removed (allowance ``ollama-tool-call-id``), base64 images wrapped as the client
    does (``ollama._client._copy_messages``)."""
    if not isinstance(message, dict):
        raise StrictError(f"{path}: expected a dict")
    message = copy.copy(message)
    if (
        OLLAMA_LACKS_TOOL_CALL_ID
        and "tool_call_id" in message
        and not isinstance(message.pop("tool_call_id"), str)
    ):
        raise StrictError(f"{path}.tool_call_id: expected a string")
    if isinstance(message.get("tool_calls"), list):
        calls = []
        for call in message["tool_calls"]:
            if isinstance(call, dict) and "id" in call:
                call = {k: v for k, v in call.items() if k != "id"}
            calls.append(call)
        message["tool_calls"] = calls
    if isinstance(message.get("images"), list):
        message["images"] = [ollama.Image(value=image) for image in message["images"]]
    return message


def _ollama(body: dict[str, Any]) -> None:
    messages = body.get("messages")
    if not isinstance(messages, list):
        raise StrictError("$.messages: expected a list")
    taken = [_ollama_message(m, f"$.messages[{i}]") for i, m in enumerate(messages)]
    for index, message in enumerate(taken):
        try:
            StrictOllamaMessage.model_validate(message)
        except ValidationError as exc:
            raise StrictError(f"$.messages[{index}]: ollama.Message rejects it:\n{exc}") from None
    request = {**body, "messages": taken}
    try:
        ollama_types.ChatRequest.model_validate(request)
    except ValidationError as exc:
        raise StrictError(f"ollama_types.ChatRequest rejects it:\n{exc}") from None
    tools = request.get("tools")
    if isinstance(tools, list):  # allowance ollama-tool-schema: the schema's keys are open
        request["tools"] = [_without_schema(tool) for tool in tools]
    check_model_keys(request, ollama_types.ChatRequest)


def _without_schema(tool: Any) -> Any:
    function = tool.get("function") if isinstance(tool, dict) else None
    if not isinstance(function, dict) or "parameters" not in function:
        return tool
    return {**tool, "function": {k: v for k, v in function.items() if k != "parameters"}}


def _hermes(body: dict[str, Any]) -> None:
    """An OpenAI chat body whose tool messages are ``{"role": "tool", "content": str}``
    (allowance ``hermes-tool-message``)."""
    messages = body.get("messages")
    if isinstance(messages, list):
        for index, message in enumerate(messages):
            tool = isinstance(message, dict) and message.get("role") == "tool"
            if tool and (
                set(message) != {"role", "content"} or not isinstance(message["content"], str)
            ):
                raise StrictError(f"$.messages[{index}]: not a hermes tool message")
        others = [m for m in messages if not (isinstance(m, dict) and m.get("role") == "tool")]
        body = {**body, "messages": others}
    validate_typeddict(body, CompletionCreateParamsNonStreaming)


def check_request_body(wire: str, body: Any) -> None:
    """Raise ``StrictError`` (an ``AssertionError``) unless ``body`` is a request of ``wire``
    that its official SDK type (or botocore, for bedrock) takes strictly."""
    if not isinstance(body, dict):
        raise StrictError(f"$: expected a dict, got {type(body).__name__}")
    if wire == "anthropic":  # allowance anthropic-sampling
        body = {k: v for k, v in body.items() if k not in _SAMPLING or not _number(v)}
        validate_typeddict(body, MessageCreateParamsNonStreaming)
    elif wire == "openai":
        validate_typeddict(body, CompletionCreateParamsNonStreaming)
    elif wire == "hermes":
        _hermes(body)
    elif wire == "responses":
        validate_typeddict(body, ResponseCreateParamsNonStreaming)
    elif wire == "gemini":
        _gemini(body)
    elif wire == "ollama":
        _ollama(body)
    elif wire == "bedrock":
        check_body(body)
    else:
        raise AssertionError(f"no strict check for {wire!r}")
