"""Gemini's two spellings of a key: REST camelCase (``functionCall``, ``inlineData``,
``thoughtSignature``) and the snake_case google-genai's objects dump to (``function_call``,
...). Every reader, edit and check of the wire asks here, so the pairs are written once."""

from __future__ import annotations

from typing import Any, Final

__all__ = ["SNAKE", "dict_field", "field_of", "keyed", "spelled", "spellings"]

#: The snake_case spelling google-genai's objects dump to, by REST name.
SNAKE: Final = {
    "functionCall": "function_call",
    "functionResponse": "function_response",
    "inlineData": "inline_data",
    "fileData": "file_data",
    "mimeType": "mime_type",
    "fileUri": "file_uri",
    "displayName": "display_name",
    "thoughtSignature": "thought_signature",
    "partMetadata": "part_metadata",
    "systemInstruction": "system_instruction",
    "executableCode": "executable_code",
    "codeExecutionResult": "code_execution_result",
    "videoMetadata": "video_metadata",
    "mediaResolution": "media_resolution",
    "functionDeclarations": "function_declarations",
    "parametersJsonSchema": "parameters_json_schema",
}


def spellings(*names: str) -> tuple[str, ...]:
    """Each REST name of ``names`` followed by its snake_case spelling, in order
    (``("inlineData", "inline_data", ...)``): the keys to try, camelCase first."""
    return tuple(key for name in names for key in (name, SNAKE.get(name, name)))


def field_of(value: dict[str, Any], name: str) -> Any:
    """``value[name]`` in REST camelCase, else in snake_case (``None`` when neither)."""
    found = value.get(name)
    if found is None:
        snake = SNAKE.get(name)
        if snake is not None:
            found = value.get(snake)
    return found


def keyed(value: dict[str, Any], name: str) -> Any:
    """``value`` under the camelCase key when it has that key (whatever its value), else
    under the snake_case one (``None``: neither)."""
    return value[name] if name in value else value.get(SNAKE.get(name, name))


def dict_field(value: Any, name: str) -> dict[str, Any] | None:
    """The first spelling of ``name`` in ``value`` whose value is an object (``None``:
    neither is, or ``value`` is no object)."""
    if not isinstance(value, dict):
        return None
    for key in spellings(name):
        found = value.get(key)
        if isinstance(found, dict):
            return found
    return None


def spelled(value: dict[str, Any], name: str) -> str:
    """The key ``name`` has in ``value`` (its snake_case spelling when that is the one)."""
    if name in value:
        return name
    return SNAKE.get(name, name)
