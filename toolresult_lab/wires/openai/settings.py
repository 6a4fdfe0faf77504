"""The openai wire's settings: the Chat Completions shape (``wires/_chat_settings.py``) and
its own table beyond it: ``parallel_tool_calls``, an ``allowed_tools`` tool choice, ``n``,
``response_format`` and ``verbosity`` (Chat Completions API reference,
https://platform.openai.com/docs/api-reference/chat/create, read 2026-12-07, and the
openai SDK's ``CompletionCreateParams``)."""

from __future__ import annotations

from typing import Any, Final

from ...conversion.encoding import strict_copy
from .._chat_settings import ChatKeys, ChatSettings
from .._settings import Note, Settings, SettingSource, SettingsReader, ToolNames, number

__all__ = ["KEYS", "SETTINGS", "TOOL_NAMES", "OpenAISettings", "chat_format", "flat_format"]

#: The keys of its Chat Completions body (:class:`ChatKeys`).
KEYS: Final = ChatKeys(
    limits=("max_tokens", "max_completion_tokens"),
    numbers=(("temperature", "temperature"), ("top_p", "top_p")),
    choice=("tool_choice", "tool_choice"),
    effort=("reasoning_effort", "reasoning_effort"),
)
_ALLOWED: Final = "allowed_tools"
_MODES: Final = frozenset({"auto", "required"})
_SCHEMA: Final = "json_schema"
#: The fields of its ``json_schema`` (the SDK's ``JSONSchema``).
_SCHEMA_KEYS: Final = frozenset({"name", "description", "schema", "strict"})
_TABLE: Final = SettingSource(
    "table",
    "Chat Completions: parallel_tool_calls (bool), tool_choice {type allowed_tools,"
    " allowed_tools {mode auto|required, tools}}, n, response_format {type json_schema,"
    " json_schema {name, description, schema, strict}} | json_object | text, verbosity",
    "https://platform.openai.com/docs/api-reference/chat/create",
    "2026-12-07",
)


def flat_format(given: Any) -> dict[str, Any] | None:
    """A ``response_format`` in the neutral (Responses ``text.format``) form: a JSON schema's
    fields beside its ``type``; ``None`` when it is of no form known."""
    if not isinstance(given, dict) or not isinstance(given.get("type"), str):
        return None
    if given["type"] == _SCHEMA:
        inner = given.get(_SCHEMA)
        if set(given) != {"type", _SCHEMA} or not isinstance(inner, dict):
            return None
        if not set(inner) <= _SCHEMA_KEYS or "name" not in inner:
            return None
        return {"type": _SCHEMA, **inner}
    return dict(given) if set(given) == {"type"} else None


def chat_format(neutral: Any) -> dict[str, Any]:
    """The neutral form of :func:`flat_format` as a ``response_format``."""
    if neutral.get("type") == _SCHEMA:
        return {"type": _SCHEMA, _SCHEMA: {k: v for k, v in neutral.items() if k != "type"}}
    return dict(neutral)


class OpenAISettings(ChatSettings):
    """OpenAI's Chat Completions settings with its own table (:attr:`takes`)."""

    def read_own(self, reader: SettingsReader, body: dict[str, Any]) -> None:
        if isinstance(body.get("parallel_tool_calls"), bool):
            reader.take("parallel_tool_calls", "parallel_calls", body["parallel_tool_calls"])
        n = body.get("n")
        if isinstance(n, int) and number(n) is not None:
            reader.take("n", "candidates", n)
        found = flat_format(body.get("response_format"))
        reader.take("response_format", "output_format", found)
        if isinstance(body.get("verbosity"), str):
            reader.take("verbosity", "verbosity", body["verbosity"])
        choice = body.get("tool_choice")
        allowed = choice.get(_ALLOWED) if isinstance(choice, dict) else None
        if isinstance(choice, dict) and choice.get("type") == _ALLOWED and set(choice) == {
            "type", _ALLOWED
        } and isinstance(allowed, dict):  # fmt: skip
            names = _names(allowed.get("tools"))
            mode = allowed.get("mode")
            if names is not None and mode in _MODES and set(allowed) == {"mode", "tools"}:
                reader.choice("tool_choice", mode, "tool_choice")
                reader.take("tool_choice", "allowed_tools", names)

    def write_own(self, settings: Settings, body: dict[str, Any], losses: list[Note]) -> None:
        s = settings
        if s.candidates is not None:
            body["n"] = s.candidates
        if s.output_format is not None:
            body["response_format"] = chat_format(strict_copy(s.output_format, "response_format"))
        if s.verbosity is not None:
            body["verbosity"] = s.verbosity
        for value, name, key in (
            (s.parallel_calls, "parallel_calls", "parallel_tool_calls"),
            (s.allowed_tools, "allowed_tools", "tool_choice"),
        ):
            if value is not None and "tools" not in body:  # both only beside tools
                losses.append((s.paths[name], "no tools are given: dropped"))
            elif value is not None and name == "parallel_calls":
                body[key] = value
        if s.allowed_tools is not None and "tools" in body:
            mode = s.tool_choice if s.tool_choice in _MODES else "auto"
            tools = [{"type": "function", "function": {"name": n}} for n in s.allowed_tools]
            body["tool_choice"] = {"type": _ALLOWED, _ALLOWED: {"mode": mode, "tools": tools}}


def _names(tools: Any) -> tuple[str, ...] | None:
    """The function names of an ``allowed_tools`` list (``None``: an entry of another form)."""
    names = []
    for tool in tools if isinstance(tools, list) else [None]:
        fn = tool.get("function") if isinstance(tool, dict) else None
        if not (
            isinstance(tool, dict)
            and tool.get("type") == "function"
            and set(tool) == {"type", "function"}
            and isinstance(fn, dict)
            and set(fn) == {"name"}
            and isinstance(fn.get("name"), str)
        ):
            return None
        names.append(fn["name"])
    return tuple(names)


#: A function's name: a-z, A-Z, 0-9, ``_`` and ``-``, at most 64 characters.
TOOL_NAMES: Final = ToolNames(
    "a-zA-Z0-9_-",
    64,
    SettingSource(
        "tool names",
        'openai-python 3.63.0 FunctionDefinition.name ("Must be a-z, A-Z, 0-9, or contain'
        ' underscores and dashes, with a maximum length of 64"); the API: Invalid'
        " 'tools[0].function.name': string does not match pattern. Expected a string that"
        " matches the pattern '^[a-zA-Z0-9_-]+$'.",
        "https://github.com/openai/openai-python/blob/main/src/openai/types/shared_params/function_definition.py",
        "2026-12-07",
    ),
)
#: A function's ``parameters`` is a JSON Schema whose root is an object.
OBJECT_SCHEMA: Final = SettingSource(
    "tool schema root",
    "openai-python FunctionDefinition.parameters: 'described as a JSON Schema object'; the"
    " 400 'Invalid schema for function ...: schema must be a JSON Schema of"
    " 'type: \"object\"', got 'type: \"string\"''",
    "https://github.com/openai/openai-python/blob/main/src/openai/types/shared_params/"
    "function_definition.py",
    "2026-12-07",
)

SETTINGS: Final = OpenAISettings(
    "openai",
    KEYS,
    strict=True,
    tool_names=TOOL_NAMES,
    object_schema=OBJECT_SCHEMA,
    takes=frozenset(
        {"parallel_calls", "allowed_tools", "candidates", "output_format", "verbosity"}
    ),
    sources=(_TABLE,),
)
