"""generateContent's checks read from the model's facts: a last content with role
``model`` on a model that refuses it, and where the request sets its sampling parameters
(for the generic check).

``MODELS``: whose model ids the wire's ``model`` is (``WireChecks.models``), so the
facts are looked up by this declaration, never by the wire's name."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from ...budgets.model_lookup import ModelIds
from .._check import Add, Scope, items
from .._read import ReadRequest

__all__ = ["MODELS", "SAMPLING", "final_model_turn"]

#: Gemini's model ids are Google's, on AI Studio and Vertex AI.
MODELS: Final = ModelIds(
    ("google", "google-vertex"),
    makers=("Google",),
)


#: The REST API's camelCase names, and the SDK dump's snake_case ones.
SAMPLING: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "temperature": ("generationConfig.temperature", "generation_config.temperature"),
        "top-p": ("generationConfig.topP", "generation_config.top_p"),
        "top-k": ("generationConfig.topK", "generation_config.top_k"),
        "frequency-penalty": (
            "generationConfig.frequencyPenalty",
            "generation_config.frequency_penalty",
        ),
        "presence-penalty": (
            "generationConfig.presencePenalty",
            "generation_config.presence_penalty",
        ),
    }
)


def final_model_turn(read: ReadRequest, scope: Scope, add: Add) -> None:
    """The last content has role ``model`` on a model that refuses it (Gemini 3.6 Flash
    and later)."""
    facts = scope.model
    if facts is None or facts.final_model_turn is not False:
        return
    listed = items(read)
    last = listed[-1] if listed else None
    if isinstance(last, dict) and last.get("role") == "model":
        add(
            "final-model-turn",
            f"{read.key}[{len(listed) - 1}]",
            f"The last content has role 'model', which {facts.model!r} refuses: end with a"
            f" user turn ({facts.source}).",
            "" if facts.documented("final_model_turn") else "reported",
        )
