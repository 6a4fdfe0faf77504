"""The settings of an OpenAI Responses request (SPEC 9): ``model``,
``max_output_tokens``, ``temperature``, ``top_p``, flat function ``tools`` and
``tool_choice``; Responses has no stop sequences. A function tool always says ``strict``
(the SDK's ``FunctionToolParam`` requires it): as the source says, else ``false``, as a
Chat Completions, Anthropic or Bedrock tool that does not say is."""

from __future__ import annotations

from typing import Any, Final

from .._chat_settings import function_tools
from .._settings import (
    Note,
    Settings,
    SettingSource,
    SettingsReader,
    SettingsShape,
    described,
    number,
    schemas,
    thinking_lost,
)
from .._tool_defs import ToolDefs

__all__ = ["SETTINGS", "TOOL_DEFS", "ResponsesSettings"]

_OBJECT: Final = {"type": "object", "properties": {}}
_CHOICES: Final = frozenset({"auto", "none", "required"})
SOURCES: Final = (
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


class ResponsesSettings(SettingsShape):
    conversation_keys = frozenset({"input", "instructions"})
    sources = SOURCES
    takes_strict = True

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
        reasoning = body.get("reasoning")
        if isinstance(reasoning, dict):
            reader.taken.add("reasoning")
            for key, value in reasoning.items():
                if key == "effort" and isinstance(value, str):
                    reader.take("reasoning.effort", "reasoning_effort", value)
                elif value is not None:
                    reader.lose(f"reasoning.{key}", value)
        return reader.done()

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
            body["reasoning"] = {"effort": s.reasoning_effort}
        losses.extend(thinking_lost(s, self.wire, budget=False, effort=True))
        if s.stop is not None:
            losses.append((s.paths["stop"], "responses has no stop sequences: dropped"))
        if not s.tools:
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


SETTINGS: Final = ResponsesSettings()

#: What ``tools_for`` needs beside the settings shape: OpenAI's name rule and strict subset,
#: the openai wire's (the same provider's function tools; Structured Outputs covers both).
TOOL_DEFS: Final = ToolDefs(None, same_as="openai")
