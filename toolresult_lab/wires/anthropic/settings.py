"""The settings of an Anthropic Messages request (SPEC 9): ``model``, ``max_tokens``,
``temperature``, ``top_p``, ``stop_sequences``, ``tools`` (``input_schema``) and
``tool_choice`` (``{"type": "auto" | "any" | "none" | "tool"}``)."""

from __future__ import annotations

from typing import Any, Final

from .._settings import (
    Note,
    Settings,
    SettingsReader,
    SettingsShape,
    ToolSpec,
    described,
    number,
    schemas,
    stops,
)

__all__ = ["SETTINGS", "AnthropicSettings"]

_OBJECT: Final = {"type": "object", "properties": {}}
#: Anthropic's ``tool_choice`` types and the neutral names (``any``: some tool must be called).
_CHOICES: Final = {"auto": "auto", "any": "required", "none": "none"}
_TYPES: Final = {neutral: own for own, neutral in _CHOICES.items()}


class AnthropicSettings(SettingsShape):
    conversation_keys = frozenset({"messages", "system"})

    @property
    def wire(self) -> str:
        return "anthropic"

    def read(self, body: dict[str, Any]) -> Settings:
        reader = SettingsReader(body)
        if isinstance(body.get("model"), str):
            reader.take("model", "model", body["model"])
        if isinstance(body.get("max_tokens"), int):
            reader.take("max_tokens", "max_tokens", body["max_tokens"])
        reader.take("temperature", "temperature", number(body.get("temperature")))
        reader.take("top_p", "top_p", number(body.get("top_p")))
        reader.take("stop_sequences", "stop", stops(body.get("stop_sequences")))
        if "tools" in body:
            tools = body["tools"]
            for index, tool in enumerate(tools if isinstance(tools, list) else []):
                if (
                    isinstance(tool, dict)
                    and "input_schema" in tool
                    and isinstance(tool.get("name"), str)
                ):
                    spec = ToolSpec(tool["name"], tool.get("description"), tool["input_schema"])
                    reader.settings.tools.append(spec)
                else:
                    reader.lose(f"tools[{index}]", tool)
            reader.taken.add("tools")
        choice = body.get("tool_choice")
        kind = choice.get("type") if isinstance(choice, dict) else None
        if kind == "tool" and isinstance(choice, dict) and isinstance(choice.get("name"), str):
            reader.choice(choice["name"], "tool_choice", named=True)
            reader.taken.add("tool_choice")
        elif isinstance(kind, str) and kind in _CHOICES:
            reader.choice(_CHOICES[kind], "tool_choice")
            reader.taken.add("tool_choice")
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
            ("max_tokens", s.max_tokens),
            ("temperature", s.temperature),
            ("top_p", s.top_p),
            ("stop_sequences", s.stop),
        ):
            if value is not None:
                body[key] = value
        if not s.tools:
            return
        body["tools"] = [
            described({"name": t.name}, t, "description") | {"input_schema": sc}
            for t, sc in zip(s.tools, schemas(s.tools, _OBJECT), strict=True)
        ]
        if s.tool_choice is not None:
            body["tool_choice"] = (
                {"type": "tool", "name": s.tool_choice}
                if s.choice_is_name
                else {"type": _TYPES.get(s.tool_choice, s.tool_choice)}
            )


SETTINGS: Final = AnthropicSettings()
