"""The settings of a Gemini ``generateContent`` request (SPEC 9): ``generationConfig``
(``maxOutputTokens``, ``temperature``, ``topP``, ``stopSequences``), ``tools``
(``functionDeclarations``) and ``toolConfig.functionCallingConfig``. The model is in
the URL, not the body. Tool schemas go as ``parametersJsonSchema``, which takes JSON
Schema whole (the older ``parameters`` takes only an OpenAPI subset)."""

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

__all__ = ["SETTINGS", "GeminiSettings"]

_OBJECT: Final = {"type": "object", "properties": {}}
_CONFIG: Final = (
    ("maxOutputTokens", "max_tokens"),
    ("temperature", "temperature"),
    ("topP", "top_p"),
)
_MODES: Final = {"AUTO": "auto", "NONE": "none", "ANY": "required"}
_OWN: Final = {neutral: mode for mode, neutral in _MODES.items()}


class GeminiSettings(SettingsShape):
    conversation_keys = frozenset({"contents", "systemInstruction"})

    @property
    def wire(self) -> str:
        return "gemini"

    def read(self, body: dict[str, Any]) -> Settings:
        reader = SettingsReader(body)
        if isinstance(body.get("model"), str):
            reader.take("model", "model", body["model"])
        config = body.get("generationConfig")
        if isinstance(config, dict):
            for key, name in _CONFIG:
                if number(config.get(key)) is not None:
                    reader.take(f"generationConfig.{key}", name, config[key])
            stop = stops(config.get("stopSequences"))
            reader.take("generationConfig.stopSequences", "stop", stop)
            known = {key for key, _ in _CONFIG} | {"stopSequences"}
            for key in config:
                if key not in known:
                    reader.lose(f"generationConfig.{key}", config[key])
            reader.taken.add("generationConfig")
        tools = body.get("tools")
        for index, tool in enumerate(tools if isinstance(tools, list) else []):
            declarations = tool.get("functionDeclarations") if isinstance(tool, dict) else None
            if isinstance(declarations, list):
                for fn in declarations:
                    if isinstance(fn, dict) and isinstance(fn.get("name"), str):
                        schema = fn.get("parametersJsonSchema", fn.get("parameters"))
                        spec = ToolSpec(fn["name"], fn.get("description"), schema)
                        reader.settings.tools.append(spec)
            else:
                reader.lose(f"tools[{index}]", tool)
        if "tools" in body:
            reader.taken.add("tools")
        config = body.get("toolConfig")
        calling = config.get("functionCallingConfig") if isinstance(config, dict) else None
        mode = calling.get("mode") if isinstance(calling, dict) else None
        if isinstance(calling, dict) and isinstance(mode, str) and mode.upper() in _MODES:
            path = "toolConfig.functionCallingConfig"
            allowed = calling.get("allowedFunctionNames")
            neutral = _MODES[mode.upper()]
            if isinstance(allowed, list) and len(allowed) == 1 and neutral == "required":
                reader.choice(allowed[0], path, named=True)
            else:
                reader.choice(neutral, path)
            reader.taken.add("toolConfig")
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
            losses.append(
                (s.paths["model"], "the model goes in gemini's URL, not its body: dropped")
            )
        config = {
            key: value
            for key, value in (
                ("maxOutputTokens", s.max_tokens),
                ("temperature", s.temperature),
                ("topP", s.top_p),
                ("stopSequences", s.stop),
            )
            if value is not None
        }
        if config:
            body["generationConfig"] = config
        if not s.tools:
            return
        body["tools"] = [
            {
                "functionDeclarations": [
                    described({"name": t.name}, t, "description") | {"parametersJsonSchema": sc}
                    for t, sc in zip(s.tools, schemas(s.tools, _OBJECT), strict=True)
                ]
            }
        ]
        if s.tool_choice is not None:
            if s.choice_is_name:
                calling = {"mode": "ANY", "allowedFunctionNames": [s.tool_choice]}
            else:
                calling = {"mode": _OWN.get(s.tool_choice, s.tool_choice.upper())}
            body["toolConfig"] = {"functionCallingConfig": calling}


SETTINGS: Final = GeminiSettings()
