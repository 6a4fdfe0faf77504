"""The google-genai SDK's call shape, ``generate_content(model=, contents=, config=)``, as
the REST ``generateContent`` body it sends: a ``GenerateContentConfig`` holds, beside the
generation settings, the system instruction, the tools, the tool config and the safety
settings, which the REST body holds at its top level (google-genai ``models.py``, its
``_GenerateContentConfig_to_mldev``, and https://ai.google.dev/api/generate-content, read
2026-12-07). Without this, a ``config`` read as a field no wire has lost all of them.

A config given as the SDK's pydantic object is read as its JSON dump without ``None``
fields. Keys the SDK handles on the client only (``http_options``,
``automatic_function_calling``, ...) stay under ``config``: a loss at that path.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["rest_body"]

#: Config fields the REST body holds at its top level, by either spelling.
_LIFTED: Final = {
    "system_instruction": "systemInstruction",
    "tools": "tools",
    "tool_config": "toolConfig",
    "safety_settings": "safetySettings",
    "cached_content": "cachedContent",
    "labels": "labels",
    "model_armor_config": "modelArmorConfig",
}
#: Config fields the SDK keeps on the client (none of them goes in the body).
_CLIENT: Final = frozenset(
    {"http_options", "automatic_function_calling", "should_return_http_response"}
)
#: Nested objects whose own keys are snake_case in the SDK's dump (their values are
#: settings, never a schema: a schema's property names are the caller's own).
_NESTED: Final = frozenset(
    {
        "thinking_config",
        "function_calling_config",
        "speech_config",
        "image_config",
        "retrieval_config",
    }
)


def _camel(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(word[:1].upper() + word[1:] for word in rest)


def _snake(key: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in key)


def _dumped(config: Any) -> Any:
    """A pydantic config as its JSON dump without ``None`` fields; anything else as given."""
    dump = getattr(config, "model_dump", None)
    if callable(dump) and not isinstance(config, dict):
        return dump(mode="json", exclude_none=True)
    return config


def _keys_camel(value: Any) -> Any:
    """One level of a settings object's keys in camelCase (``thinking_budget``)."""
    if not isinstance(value, dict):
        return value
    return {_camel(k): _keys_camel(v) if _snake(k) in _NESTED else v for k, v in value.items()}


def _tools(value: Any) -> Any:
    """Tools in REST camelCase: each tool's keys, and each function declaration's (its
    schema, the caller's own, as given)."""
    if not isinstance(value, list):
        return value
    out = []
    for tool in value:
        if not isinstance(tool, dict):
            out.append(tool)
            continue
        made = {}
        for key, inner in tool.items():
            if _snake(key) == "function_declarations" and isinstance(inner, list):
                inner = [
                    {_camel(k): v for k, v in fn.items()} if isinstance(fn, dict) else fn
                    for fn in inner
                ]
            made[_camel(key)] = inner
        out.append(made)
    return out


def _system(value: Any) -> Any:
    """A system instruction: the SDK takes a plain string for one text part."""
    return {"parts": [{"text": value}]} if isinstance(value, str) else value


def rest_body(request: Any) -> Any:
    """``request`` in the REST shape when it is the SDK's call shape (a dict with
    ``contents`` and ``config``); anything else as it is (a copy, never the caller's)."""
    if not isinstance(request, dict) or "config" not in request or "contents" not in request:
        return request
    config = _dumped(request["config"])
    if not isinstance(config, dict):
        return request
    body = {k: v for k, v in request.items() if k != "config"}
    generation: dict[str, Any] = {}
    client: dict[str, Any] = {}
    for key, value in config.items():
        snake = _snake(key)
        if value is None:
            continue
        if snake in _LIFTED:
            lifted = _LIFTED[snake]
            if snake == "system_instruction":
                value = _system(value)
            elif snake == "tool_config":
                value = _keys_camel(value)
            elif snake == "tools":
                value = _tools(value)
            body.setdefault(lifted, value)
        elif snake in _CLIENT:
            client[key] = value
        else:
            generation[_camel(key)] = _keys_camel(value) if snake in _NESTED else value
    if generation:
        given = body.get("generationConfig")
        body["generationConfig"] = {**generation, **(given if isinstance(given, dict) else {})}
    if client:
        body["config"] = client
    return body
