"""The settings of an OpenAI Responses request (SPEC 9): ``model``,
``max_output_tokens``, ``temperature``, ``top_p``, flat function ``tools`` and
``tool_choice``; Responses has no stop sequences. A function tool always says ``strict``
(the SDK's ``FunctionToolParam`` requires it): as the source says, else ``false``, as a
Chat Completions, Anthropic or Bedrock tool that does not say is."""

from __future__ import annotations

from typing import Any, Final

from ...conversion.encoding import strict_copy
from .._chat_settings import function_tools
from .._settings import (
    Note,
    Settings,
    SettingSource,
    SettingsReader,
    SettingsShape,
    ToolNames,
    described,
    number,
    schemas,
    thinking_lost,
)
from .._tool_defs import ToolDefs
from .shapes import ResponsesReasoning

__all__ = ["SETTINGS", "TOOL_DEFS", "ResponsesSettings"]

_OBJECT: Final = {"type": "object", "properties": {}}
_CHOICES: Final = frozenset({"auto", "none", "required"})
_ALLOWED: Final = "allowed_tools"
_MODES: Final = frozenset({"auto", "required"})
#: The fields of a ``json_schema`` text format (the SDK's ResponseFormatTextJSONSchemaConfigParam).
_SCHEMA_KEYS: Final = frozenset({"type", "name", "schema", "description", "strict"})
SOURCES: Final = (
    SettingSource(
        "table",
        "Responses: parallel_tool_calls, tool_choice {type allowed_tools, mode auto|required,"
        " tools}, text {format (text | json_object | json_schema with name, schema,"
        " description, strict), verbosity}; no n, no top_k",
        "https://platform.openai.com/docs/api-reference/responses/create",
        "2026-12-07",
    ),
    SettingSource(
        "thinking",
        "Responses: reasoning.effort, an effort level; no token budget",
        "https://platform.openai.com/docs/api-reference/responses/create",
        "2026-12-02",
    ),
    SettingSource(
        "strict",
        "Responses: a function tool's strict, strict parameter validation (FunctionToolParam"
        " requires it)",
        "https://platform.openai.com/docs/api-reference/responses/create",
        "2026-12-03",
    ),
)
#: A function tool's name: a-z, A-Z, 0-9, ``_`` and ``-`` (no length documented here).
TOOL_NAMES: Final = ToolNames(
    "a-zA-Z0-9_-",
    None,
    SettingSource(
        "tool names",
        "The Responses API: Invalid 'tools[16].name': string does not match pattern. Expected"
        " a string that matches the pattern '^[a-zA-Z0-9_-]+$'. (justrach/codegraff#930;"
        " openai/codex#8694 renames MCP tool names for it)",
        "https://github.com/openai/codex/pull/8694",
        "2026-12-07",
    ),
    written=64,  # OpenAI's chat limit: tools_for writes names both APIs take
)


class ResponsesSettings(SettingsShape):
    conversation_keys = frozenset({"input", "instructions"})
    sources = SOURCES
    takes_strict = True
    takes = frozenset({"parallel_calls", "allowed_tools", "output_format", "verbosity"})
    tool_names = TOOL_NAMES
    object_schema = SettingSource(
        "tool schema root",
        "Responses function tools: parameters, 'A JSON schema object describing the"
        " parameters of the function'; the 400 'Invalid schema for function ...: schema must"
        " be a JSON Schema of 'type: \"object\"''",
        "https://github.com/openai/openai-python/blob/main/src/openai/types/responses/"
        "function_tool_param.py",
        "2026-12-07",
    )

    @property
    def wire(self) -> str:
        return "responses"

    def read(self, body: dict[str, Any]) -> Settings:
        reader = SettingsReader(body)
        if isinstance(body.get("model"), str):
            reader.take("model", "model", body["model"])
        if isinstance(body.get("max_output_tokens"), int):
            reader.take("max_output_tokens", "max_tokens", body["max_output_tokens"])
        reader.take("temperature", "temperature", number(body.get("temperature")))
        reader.take("top_p", "top_p", number(body.get("top_p")))
        if "tools" in body:
            function_tools(reader, body["tools"], flat=True)
        choice = body.get("tool_choice")
        if isinstance(choice, str) and choice in _CHOICES:
            reader.choice("tool_choice", choice, "tool_choice")
            reader.taken.add("tool_choice")
        elif (
            isinstance(choice, dict)
            and choice.get("type") == "function"
            and isinstance(choice.get("name"), str)
        ):
            reader.choice("tool_choice", choice["name"], "tool_choice", named=True)
            reader.taken.add("tool_choice")
        self._own(reader, body)
        reasoning = body.get("reasoning")
        if isinstance(reasoning, dict):
            reader.taken.add("reasoning")
            for key, value in reasoning.items():
                if key == "effort" and isinstance(value, str):
                    reader.take("reasoning.effort", "reasoning_effort", value)
                elif value is not None:
                    reader.lose(f"reasoning.{key}", value)
        return reader.done()

    @staticmethod
    def _own(reader: SettingsReader, body: dict[str, Any]) -> None:
        """Its table beyond the shared settings: ``parallel_tool_calls``, an
        ``allowed_tools`` choice of functions, ``text.format`` and ``text.verbosity`` (any
        other key of ``text`` a loss at its path)."""
        if isinstance(body.get("parallel_tool_calls"), bool):
            reader.take("parallel_tool_calls", "parallel_calls", body["parallel_tool_calls"])
        choice = body.get("tool_choice")
        if isinstance(choice, dict) and choice.get("type") == _ALLOWED:
            names = _names(choice.get("tools"))
            mode = choice.get("mode")
            if names is not None and mode in _MODES and set(choice) == {"type", "mode", "tools"}:
                reader.choice("tool_choice", mode, "tool_choice")
                reader.take("tool_choice", "allowed_tools", names)
        text = body.get("text")
        if not isinstance(text, dict):
            return
        reader.taken.add("text")
        for key, value in text.items():
            if key == "format" and _is_format(value):
                reader.take("text.format", "output_format", value)
            elif key == "verbosity" and isinstance(value, str):
                reader.take("text.verbosity", "verbosity", value)
            elif value is not None:
                reader.lose(f"text.{key}", value)

    def write(
        self,
        settings: Settings,
        body: dict[str, Any],
        called: list[str],
        losses: list[Note],
        notes: list[Note],
    ) -> None:
        s = settings
        if s.model is not None:
            body["model"] = s.model
        for key, value in (
            ("max_output_tokens", s.max_tokens),
            ("temperature", s.temperature),
            ("top_p", s.top_p),
        ):
            if value is not None:
                body[key] = value
        if s.reasoning_effort is not None:
            reasoning: ResponsesReasoning = {"effort": s.reasoning_effort}
            body["reasoning"] = reasoning
        text = {
            key: strict_copy(value, f"text.{key}")
            for key, value in (("format", s.output_format), ("verbosity", s.verbosity))
            if value is not None
        }
        if text:
            body["text"] = text
        losses.extend(thinking_lost(s, self.wire, budget=False, effort=True))
        if s.stop is not None:
            losses.append((s.paths["stop"], "responses has no stop sequences: dropped"))
        if not s.tools:
            for name in ("parallel_calls", "allowed_tools"):  # both only beside tools
                if getattr(s, name) is not None:
                    losses.append((s.paths[name], "no tools are given: dropped"))
            return
        body["tools"] = [
            described({"type": "function", "name": t.name}, t, "description")
            | {"parameters": sc, "strict": bool(t.strict)}
            for t, sc in zip(s.tools, schemas(s.tools, _OBJECT), strict=True)
        ]
        if s.tool_choice is not None:
            body["tool_choice"] = (
                {"type": "function", "name": s.tool_choice} if s.choice_is_name else s.tool_choice
            )
        if s.parallel_calls is not None:
            body["parallel_tool_calls"] = s.parallel_calls
        if s.allowed_tools is not None:
            mode = s.tool_choice if s.tool_choice in _MODES else "auto"
            tools = [{"type": "function", "name": name} for name in s.allowed_tools]
            body["tool_choice"] = {"type": _ALLOWED, "mode": mode, "tools": tools}


def _names(tools: Any) -> tuple[str, ...] | None:
    """The function names of an ``allowed_tools`` list (``None``: an entry of another form,
    a hosted tool)."""
    names = []
    for tool in tools if isinstance(tools, list) else [None]:
        if not (
            isinstance(tool, dict)
            and tool.get("type") == "function"
            and set(tool) == {"type", "name"}
            and isinstance(tool.get("name"), str)
        ):
            return None
        names.append(tool["name"])
    return tuple(names)


def _is_format(value: Any) -> bool:
    """A ``text.format`` of a form known: ``text``, ``json_object``, or ``json_schema``
    with a name and a schema."""
    if not isinstance(value, dict):
        return False
    kind = value.get("type")
    if kind in ("text", "json_object"):
        return set(value) == {"type"}
    return kind == "json_schema" and set(value) <= _SCHEMA_KEYS and "name" in value


SETTINGS: Final = ResponsesSettings()

#: What ``tools_for`` needs beside the settings shape: OpenAI's name rule and strict subset,
#: the openai wire's (the same provider's function tools; Structured Outputs covers both).
TOOL_DEFS: Final = ToolDefs(same_as="openai")
