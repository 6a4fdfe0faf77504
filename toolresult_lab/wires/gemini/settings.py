"""The settings of a Gemini ``generateContent`` request (SPEC 9): ``generationConfig``
(``maxOutputTokens``, ``temperature``, ``topP``, ``stopSequences``), ``tools``
(``functionDeclarations``) and ``toolConfig.functionCallingConfig``. The model is in
the URL, not the body. Tool schemas go as ``parametersJsonSchema``, which takes JSON
Schema whole (the older ``parameters`` takes only an OpenAPI subset)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from .._settings import (
    Note,
    Settings,
    SettingSource,
    SettingsReader,
    SettingsShape,
    ToolNames,
    ToolSpec,
    described,
    schemas,
    thinking_lost,
    unread,
)
from .._tool_defs import ToolDefs
from .shapes import GeminiFunctionCallingConfig, GeminiGenerationConfig
from .spelling import field_of, spelled

__all__ = ["SETTINGS", "TOOL_DEFS", "GeminiSettings", "json_schema"]

_OBJECT: Final = {"type": "object", "properties": {}}
_CONFIG: Final = (
    ("maxOutputTokens", "max_tokens"),
    ("temperature", "temperature"),
    ("topP", "top_p"),
    ("topK", "top_k"),
    ("candidateCount", "candidates"),
)
_CALLING: Final = "functionCallingConfig"
_ALLOWED: Final = "allowedFunctionNames"
#: The fields of a function declaration the reader takes; any other (``behavior``,
#: ``response``, ...) is a loss on another wire.
_DECLARATION_KEYS: Final = frozenset(
    {"name", "description", "parameters", "parametersJsonSchema", "parameters_json_schema"}
)
_MODES: Final = {"AUTO": "auto", "NONE": "none", "ANY": "required"}
_OWN: Final = {neutral: mode for mode, neutral in _MODES.items()}
SOURCES: Final = (
    SettingSource(
        "table",
        "GenerationConfig (topK, candidateCount) and FunctionCallingConfig (mode AUTO|ANY|NONE|"
        "VALIDATED; allowedFunctionNames, set only with ANY or VALIDATED)",
        "https://ai.google.dev/api/generate-content#generationconfig",
        "2026-12-07",
    ),
    SettingSource(
        "thinking",
        "Thinking - Firebase AI Logic (Gemini Developer API): generationConfig.thinkingConfig"
        ".thinkingBudget, a token count (0 off and -1 dynamic are no budget)",
        "https://firebase.google.com/docs/ai-logic/thinking?api=dev",
        "2026-12-02",
    ),
    SettingSource(
        "tools",
        "FunctionDeclaration - Vertex AI REST reference: parametersJsonSchema takes JSON Schema"
        " (additionalProperties, $ref, ...), mutually exclusive with the OpenAPI-subset"
        " parameters",
        "https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration",
        "2026-12-02",
    ),
)
#: A function declaration's name: starts with a letter or ``_``; a-z, A-Z, 0-9, ``_``,
#: ``.``, ``:`` and ``-``; at most 128 characters. The pages disagree on the length (the
#: Vertex AI v1 reference and ai.google.dev/api/caching#FunctionDeclaration, read
#: 2026-12-07: 64): lint errs past 128, ``tools_for`` writes 64 at most.
TOOL_NAMES: Final = ToolNames(
    "a-zA-Z0-9_.:-",
    128,
    SettingSource(
        "tool names",
        'google-genai 3.6.1 FunctionDeclaration.name: "Must start with a letter or an'
        " underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes,"
        ' with a maximum length of 128."',
        "https://github.com/googleapis/python-genai/blob/main/google/genai/types.py",
        "2026-12-07",
    ),
    first="a-zA-Z_",
    written=64,
)


#: The OpenAPI ``Type`` names of Gemini's ``Schema`` (upper case; JSON Schema's are lower case):
#: https://ai.google.dev/api/caching#Type, read 2026-12-02.
_TYPES: Final = frozenset({"STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL"})


def json_schema(schema: Any) -> Any:
    """Gemini's OpenAPI-subset ``parameters`` as the JSON Schema every other wire takes:
    each ``type`` name lower-cased, at every level (the same schema; ``OBJECT`` is no
    JSON Schema type, and Ollama's client rejects it)."""
    if not isinstance(schema, dict):
        return schema
    out = dict(schema)
    kind = out.get("type")
    if isinstance(kind, str) and kind in _TYPES:
        out["type"] = kind.lower()
    if isinstance(out.get("properties"), dict):
        out["properties"] = {k: json_schema(v) for k, v in out["properties"].items()}
    if isinstance(out.get("items"), dict):
        out["items"] = json_schema(out["items"])
    if isinstance(out.get("anyOf"), list):
        out["anyOf"] = [json_schema(v) for v in out["anyOf"]]
    return out


#: The two spellings of a declaration's full JSON Schema (the API takes both).
_JSON_SCHEMA_KEYS: Final = ("parametersJsonSchema", "parameters_json_schema")


def _generation_config(s: Settings) -> GeminiGenerationConfig:
    """The settings ``generationConfig`` holds, in the order written (empty: none given)."""
    config: GeminiGenerationConfig = {}
    if s.max_tokens is not None:
        config["maxOutputTokens"] = s.max_tokens
    if s.temperature is not None:
        config["temperature"] = s.temperature
    if s.top_p is not None:
        config["topP"] = s.top_p
    if s.top_k is not None:
        config["topK"] = s.top_k
    if s.candidates is not None:
        config["candidateCount"] = s.candidates
    if s.stop_list is not None:
        config["stopSequences"] = s.stop_list
    if s.thinking_budget is not None:
        config["thinkingConfig"] = {"thinkingBudget": s.thinking_budget}
    return config


class GeminiSettings(SettingsShape):
    conversation_keys = frozenset({"contents", "systemInstruction"})
    model_in_body = False
    sources = SOURCES
    takes = frozenset({"allowed_tools", "top_k", "candidates"})
    tool_names = TOOL_NAMES
    object_schema = SettingSource(
        "tool schema root",
        "Vertex AI: '[400] Unable to submit request because terminal_last_command"
        " functionDeclaration parameters schema should be of type OBJECT' (user reports:"
        " diegosouzapw/OmniRoute#3360, 2026-06-07, a root without type;"
        " googleapis/python-genai#981 with function calling mode ANY); a type outside the"
        " Schema's Type enum is 'Invalid value at ...parameters.type"
        " (type.googleapis.com/google.ai.generativelanguage.v1beta.Type)'",
        "https://github.com/diegosouzapw/OmniRoute/pull/3360",
        "2026-12-07",
    )

    @property
    def wire(self) -> str:
        return "gemini"

    def read(self, body: dict[str, Any]) -> Settings:
        reader = SettingsReader(body)
        if isinstance(body.get("model"), str):
            reader.take("model", "model", body["model"])
        config = body.get("generationConfig")
        if isinstance(config, dict):
            thinking = frozenset({"thinkingConfig"})
            reader.config("generationConfig", config, _CONFIG, "stopSequences", thinking)
            self._thinking(reader, config.get("thinkingConfig"))
        tools = body.get("tools")
        for index, tool in enumerate(tools if isinstance(tools, list) else []):
            if isinstance(tool, dict) and isinstance(field_of(tool, "functionDeclarations"), list):
                self._declarations(reader, tool, f"tools[{index}]")
            else:
                reader.lose(f"tools[{index}]", tool)
        if isinstance(tools, list):  # else lost whole, at "tools"
            reader.taken.add("tools")
        self._tool_config(reader, body.get("toolConfig"))
        return reader.done()

    @staticmethod
    def _tool_config(reader: SettingsReader, config: Any) -> None:
        """``toolConfig.functionCallingConfig``: its mode as the choice, one allowed name
        with ``ANY`` as a named choice, more as ``allowed_tools``; every other key of
        either object a loss at its path. A mode of no neutral form leaves it whole."""
        calling = config.get(_CALLING) if isinstance(config, dict) else None
        mode = calling.get("mode") if isinstance(calling, dict) else None
        if not (isinstance(calling, dict) and isinstance(mode, str) and mode.upper() in _MODES):
            return
        path = f"toolConfig.{_CALLING}"
        allowed = calling.get(_ALLOWED)
        names = allowed if isinstance(allowed, list) and allowed else None
        if names is not None and not all(isinstance(name, str) for name in names):
            names = None
        neutral = _MODES[mode.upper()]
        if names is not None and len(names) == 1 and neutral == "required":
            reader.choice("tool_choice", names[0], path, named=True)
        else:
            reader.choice("tool_choice", neutral, path)
            if names is not None:
                reader.take(f"{path}.{_ALLOWED}", "allowed_tools", tuple(names))
        for key, value in calling.items():
            if key != "mode" and not (key == _ALLOWED and names is not None):
                reader.lose(f"{path}.{key}", value)
        for key in unread(config, frozenset({_CALLING})):
            reader.lose(f"toolConfig.{key}", config[key])
        reader.taken.add("toolConfig")

    @staticmethod
    def _declarations(reader: SettingsReader, tool: dict[str, Any], where: str) -> None:
        """The function declarations of one ``tools`` entry at ``where`` (its other keys,
        a hosted tool beside them, each a loss); a schema as ``parametersJsonSchema`` (or
        its snake_case spelling, which the API accepts too) or as ``parameters``."""
        key = spelled(tool, "functionDeclarations")
        for at, fn in enumerate(tool[key]):
            path = f"{where}.{key}[{at}]"
            if isinstance(fn, dict) and isinstance(fn.get("name"), str):
                schema = field_of(fn, "parametersJsonSchema")
                at_key = next((k for k in _JSON_SCHEMA_KEYS if k in fn), "parameters")
                if schema is None:
                    schema = json_schema(fn.get("parameters"))
                marks = unread(fn, _DECLARATION_KEYS)
                spec = ToolSpec(fn["name"], fn.get("description"), schema, path, marks)
                reader.tool(replace(spec, schema_at=at_key))
            else:
                reader.lose(path, fn)
        for other in unread(tool, frozenset({key})):
            reader.lose(f"{where}.{other}", tool[other])

    @staticmethod
    def _thinking(reader: SettingsReader, thinking: Any) -> None:
        """A positive ``thinkingBudget`` as a budget; its other keys (and 0, -1) its own."""
        if thinking is None:
            return
        path = "generationConfig.thinkingConfig"
        if not isinstance(thinking, dict):
            reader.lose(path, thinking)
            return
        for key, value in thinking.items():
            if key == "thinkingBudget" and isinstance(value, int) and value > 0:
                reader.take(f"{path}.{key}", "thinking_budget", value)
            else:
                reader.lose(f"{path}.{key}", value)

    def write(
        self,
        settings: Settings,
        body: dict[str, Any],
        called: list[str],
        losses: list[Note],
        notes: list[Note],
    ) -> None:
        s = settings
        config = _generation_config(s)
        losses.extend(thinking_lost(s, self.wire, budget=True, effort=False))
        if config:
            body["generationConfig"] = config
        if not s.tools:
            if s.allowed_tools is not None:
                losses.append((s.paths["allowed_tools"], "no tools are given: dropped"))
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
            calling: GeminiFunctionCallingConfig
            if s.choice_is_name:
                calling = {"mode": "ANY", _ALLOWED: [s.tool_choice]}
            else:
                calling = {"mode": _OWN.get(s.tool_choice, s.tool_choice.upper())}
            if s.allowed_tools is not None and calling["mode"] == "ANY":
                calling[_ALLOWED] = list(s.allowed_tools)
            elif s.allowed_tools is not None:  # the names go with ANY only
                losses.append(
                    (s.paths["allowed_tools"], "gemini limits the tools in mode ANY only: dropped")
                )
            body["toolConfig"] = {_CALLING: calling}


SETTINGS: Final = GeminiSettings()

#: What ``tools_for`` needs beside the settings shape: nothing more (its name rule is
#: ``TOOL_NAMES``).
TOOL_DEFS: Final = ToolDefs()
