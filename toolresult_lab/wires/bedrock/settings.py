"""The settings of a Bedrock Converse request (SPEC 9): ``inferenceConfig``
(``maxTokens``, ``temperature``, ``topP``, ``stopSequences``) and ``toolConfig``
(``toolSpec`` tools, ``toolChoice``). The model is in the URL, not the body. Bedrock
takes no tool use without a ``toolConfig``: a called tool without a definition gets a
minimal one, with a note."""

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

__all__ = ["SETTINGS", "BedrockSettings"]

_OBJECT: Final = {"type": "object", "properties": {}}
_CONFIG: Final = (("maxTokens", "max_tokens"), ("temperature", "temperature"), ("topP", "top_p"))
_CHOICES: Final = {"auto": "auto", "any": "required"}
_OWN: Final = {neutral: own for own, neutral in _CHOICES.items()}


def _with_minimal(tools: list[ToolSpec], called: list[str], notes: list[Note]) -> list[ToolSpec]:
    """``tools`` and a minimal definition of each called tool without one (a note each)."""
    out = list(tools)
    known = {tool.name for tool in tools}
    for name in dict.fromkeys(called):
        if name not in known:
            out.append(ToolSpec(name, None, None))
            notes.append(
                (
                    "",
                    f"tool {name!r} has no definition in the request: a minimal one"
                    " written (Bedrock takes no tool use without a toolConfig)",
                )
            )
    return out


def _tool_config(tools: list[ToolSpec]) -> dict[str, Any]:
    return {
        "tools": [
            {"toolSpec": described({"name": t.name}, t, "description") | {
                "inputSchema": {"json": sc}
            }}
            for t, sc in zip(tools, schemas(tools, _OBJECT), strict=True)
        ]
    }  # fmt: skip


class BedrockSettings(SettingsShape):
    conversation_keys = frozenset({"messages", "system"})

    @property
    def wire(self) -> str:
        return "bedrock"

    def read(self, body: dict[str, Any]) -> Settings:
        reader = SettingsReader(body)
        if isinstance(body.get("model"), str):
            reader.take("model", "model", body["model"])
        config = body.get("inferenceConfig")
        if isinstance(config, dict):
            for key, name in _CONFIG:
                if number(config.get(key)) is not None:
                    reader.take(f"inferenceConfig.{key}", name, config[key])
            stop = stops(config.get("stopSequences"))
            reader.take("inferenceConfig.stopSequences", "stop", stop)
            reader.taken.add("inferenceConfig")
        config = body.get("toolConfig")
        if isinstance(config, dict):
            for index, tool in enumerate(config.get("tools") or []):
                spec = tool.get("toolSpec") if isinstance(tool, dict) else None
                if isinstance(spec, dict) and isinstance(spec.get("name"), str):
                    schema = spec.get("inputSchema")
                    schema = schema.get("json") if isinstance(schema, dict) else None
                    made = ToolSpec(spec["name"], spec.get("description"), schema)
                    reader.settings.tools.append(made)
                else:
                    reader.lose(f"toolConfig.tools[{index}]", tool)
            if "toolChoice" in config:
                self._choice(reader, config["toolChoice"])
            reader.taken.add("toolConfig")
        return reader.done()

    @staticmethod
    def _choice(reader: SettingsReader, choice: Any) -> None:
        path = "toolConfig.toolChoice"
        if isinstance(choice, dict) and len(choice) == 1 and next(iter(choice)) in _CHOICES:
            reader.choice(_CHOICES[next(iter(choice))], path)
        elif isinstance(choice, dict) and isinstance(choice.get("tool"), dict):
            name = choice["tool"].get("name")
            if isinstance(name, str):
                reader.choice(name, path, named=True)
            else:
                reader.lose(path, choice)
        else:
            reader.lose(path, choice)

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
            losses.append(
                (s.paths["model"], "the model goes in bedrock's URL, not its body: dropped")
            )
        config = {
            key: value
            for key, value in (
                ("maxTokens", s.max_tokens),
                ("temperature", s.temperature),
                ("topP", s.top_p),
                ("stopSequences", s.stop),
            )
            if value is not None
        }
        if config:
            body["inferenceConfig"] = config
        tools = _with_minimal(s.tools, called, notes)
        if not tools:
            return
        body["toolConfig"] = _tool_config(tools)
        if s.tool_choice is None:
            return
        if s.choice_is_name:
            body["toolConfig"]["toolChoice"] = {"tool": {"name": s.tool_choice}}
        elif s.tool_choice in _OWN:
            body["toolConfig"]["toolChoice"] = {_OWN[s.tool_choice]: {}}
        else:
            losses.append(
                (
                    s.paths["tool_choice"],
                    f"tool_choice {s.tool_choice!r} has no form on bedrock: dropped",
                )
            )

    def complete(self, body: dict[str, Any], called: list[str], notes: list[Note]) -> None:
        if called and "toolConfig" not in body:
            tools = _with_minimal([], called, notes)
            body["toolConfig"] = _tool_config(tools)


SETTINGS: Final = BedrockSettings()
