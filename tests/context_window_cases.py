"""``context-window``'s cases for ``check_cases``: on each wire it is checked on, a request
at 80 % of a catalogued model's input window (no finding) and one just over it (an error).
The sizes come from the catalog's own figure, so a new catalog release moves both."""

from __future__ import annotations

from typing import Any

from lint_fixtures import answer, ask, request, user

from toolresult_lab.budgets.models import model_facts

Case = tuple[str, str, dict[str, Any], Any, Any, list[tuple[str, str, str]]]

#: A catalogued model per wire (its window is read from the catalog).
MODELS = {
    "openai": "gpt-4o",
    "responses": "gpt-5-mini",
    "anthropic": "claude-3-5-haiku-20241022",
    "gemini": "gemini-2.5-flash-image",
    "bedrock": "us.amazon.nova-2-lite-v1:0",
}


def window(wire: str) -> int:
    facts = model_facts(wire, MODELS[wire])
    assert facts is not None and facts.input_window is not None, wire
    return facts.input_window


def sized(wire: str, tokens: int) -> list[Any]:
    """A tool turn whose one result holds ``tokens`` × 4 characters of text."""
    return request(user(wire), ask(wire, "c1"), answer(wire, "c1", content="x" * (4 * tokens)))


def cases() -> list[Case]:
    return [
        (
            "context-window",
            wire,
            {"model": model},
            sized(wire, window(wire) * 8 // 10),
            sized(wire, window(wire) + 1),
            [("context-window", "error", "")],
        )
        for wire, model in MODELS.items()
    ]
