"""A wire gets its model facts from what it declares (issue 35): the toy wire of
``toy_wire.py``, declaring here that its ``model`` ids are the ``openai`` catalog
provider's (``WireChecks.models``), gets ``gpt-4o``'s facts, the model rules apply on it,
and ``lint`` reports a request over the model's window. No other file names it."""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

from toolresult_lab import lint
from toolresult_lab.budgets.model_lookup import ModelIds
from toolresult_lab.budgets.models import model_facts, named_in
from toolresult_lab.requests.rules import RULES
from toolresult_lab.wires import WireChecks, WireModule, registered

NAME = "toy"
MODEL_RULES = {"context-window", "model-unknown"}
#: About 130,000 tokens of text: over gpt-4o's window of 128,000.
OVER = {"turns": [{"role": "user", "body": "hello " * 130_000}]}


def _toy() -> Any:
    return importlib.import_module("toy_wire")


def _openai_models() -> WireModule:
    """The toy wire declaring OpenAI's catalog provider for its model ids."""
    checks = WireChecks(models=ModelIds(("openai",)))
    return dataclasses.replace(_toy().WIRE, checks=checks)


def test_the_toy_wire_declaring_the_openai_provider_gets_gpt_4o_facts() -> None:
    with registered(_openai_models()):
        assert named_in(NAME)
        facts = model_facts(NAME, "gpt-4o")
        assert facts is not None
        assert (facts.model, facts.context_window, facts.output_limit) == (
            "gpt-4o",
            128_000,
            16_384,
        )
        assert facts.source.startswith("models.dev openai/gpt-4o (")
        assert model_facts(NAME, "claude-3-5-haiku-20241022") is None  # not its provider's
        applicable = {rule.id for rule in RULES.values() if rule.applies(NAME, None)}
        assert applicable & MODEL_RULES == MODEL_RULES


def test_lint_reports_a_toy_request_over_the_declared_models_window() -> None:
    with registered(_openai_models()):
        found = [(f.rule, f.severity, f.path, f.message) for f in lint(NAME, OVER, model="gpt-4o")]
    assert [(rule, severity, path) for rule, severity, path, _ in found] == [
        ("context-window", "error", "")
    ]
    assert "over the input window of 128,000 tokens of the model 'gpt-4o'" in found[0][3]


def test_the_toy_wire_declaring_no_models_gets_no_facts() -> None:
    with registered(_toy().WIRE):
        assert not named_in(NAME)
        assert model_facts(NAME, "gpt-4o") is None
        applicable = {rule.id for rule in RULES.values() if rule.applies(NAME, None)}
        assert applicable & MODEL_RULES == set()
        assert list(lint(NAME, OVER, model="gpt-4o")) == []
