"""The settings of an Ollama chat request (SPEC 9): read as OpenAI's compatible body
reads; written in Ollama's own ``options`` (``num_predict``, ``temperature``, ``top_p``,
``stop``) and function tools as OpenAI's. Ollama has no ``tool_choice``
(https://docs.ollama.com/api/chat, read 2026-12-02): a choice other than ``auto``, what
Ollama does with tools, is a loss."""

from __future__ import annotations

from typing import Any, Final

from .._chat_settings import ChatKeys, ChatSettings
from .._settings import Note, Settings, SettingSource
from .._tool_defs import ToolDefs
from .shapes import OllamaOptions

__all__ = ["KEYS", "SETTINGS", "TOOL_DEFS", "OllamaSettings"]

#: The keys of its Chat Completions body (:class:`ChatKeys`).
KEYS: Final = ChatKeys(
    limits=("max_tokens", "max_completion_tokens"),
    numbers=(("temperature", "temperature"), ("top_p", "top_p")),
    choice=("tool_choice", "tool_choice"),
    effort=("reasoning_effort", "reasoning_effort"),
)


class OllamaSettings(ChatSettings):
    def write_limits(self, s: Settings, body: dict[str, Any], losses: list[Note]) -> None:
        options: OllamaOptions = {}
        if s.max_tokens is not None:
            options["num_predict"] = s.max_tokens
        if s.temperature is not None:
            options["temperature"] = s.temperature
        if s.top_p is not None:
            options["top_p"] = s.top_p
        if s.stop_list is not None:
            options["stop"] = s.stop_list
        if options:
            body["options"] = options

    def write(
        self,
        settings: Settings,
        body: dict[str, Any],
        called: list[str],
        losses: list[Note],
        notes: list[Note],
    ) -> None:
        super().write(settings, body, called, losses, notes)
        choice = body.pop("tool_choice", None)
        if choice is not None and choice != "auto":
            losses.append((settings.paths["tool_choice"], "ollama has no tool_choice: dropped"))


SETTINGS: Final = OllamaSettings(
    "ollama",
    KEYS,
    effort=False,
    object_schema=SettingSource(
        "tool schema root",
        "ollama-python Tool.Function.Parameters.type: Optional[Literal['object']] (default"
        " 'object'): the client refuses another root type before sending; the REST API"
        " takes it",
        "https://github.com/ollama/ollama-python/blob/main/ollama/_types.py",
        "2026-12-07",
    ),
)

#: The schema keys the ollama Python client sends (ollama-python 0.6.3,
#: ``_types.Tool.Function.Parameters`` and its ``Property``, read 2026-12-07): at the top,
#: and in each property. Every other key is left out by the client when it sends (a
#: property's ``$ref``, ``anyOf``, nested ``properties``, ...); the REST body keeps them.
_CLIENT_TOP: Final = frozenset({"type", "$defs", "items", "required", "properties"})
_CLIENT_PROPERTY: Final = frozenset({"type", "items", "description", "enum"})


def client_drops(schema: Any) -> list[str]:
    """The paths under ``schema`` (``.key``, ``.properties.x.key``) that the ollama Python
    client leaves out when it sends the tool."""
    if not isinstance(schema, dict):
        return []
    dropped = [f".{key}" for key in schema if key not in _CLIENT_TOP]
    properties = schema.get("properties")
    for name, value in (properties if isinstance(properties, dict) else {}).items():
        if isinstance(value, dict):
            dropped += [f".properties.{name}.{key}" for key in value if key not in _CLIENT_PROPERTY]
    return dropped


#: What ``tools_for`` needs beside the settings shape: Ollama documents no rule for a
#: tool's name (https://docs.ollama.com/api/chat, read 2026-12-07): names are sent as given;
#: what its Python client leaves out of a schema.
TOOL_DEFS: Final = ToolDefs(client_drops=client_drops)
