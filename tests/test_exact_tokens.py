"""Exact OpenAI token counts through the optional ``exact`` extra (issue 27, "Counting").

The reference ids below are tiktoken 0.14.0's (``encode_ordinary``) with OpenAI's own
o200k_base and cl100k_base files (their sha256 checked against tiktoken's), 2026-12-02. The
test extra installs toktok-rs on Python 3.11 and later; on 3.10 it has no wheel, and these
tests then check that every figure says it is estimated. Nothing here is skipped.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import sys

import pytest

from toolresult_lab import ToolResult, lint
from toolresult_lab.budgets import tokenizer as tk
from toolresult_lab.budgets.costs import estimate_tokens
from toolresult_lab.budgets.request_tokens import request_tokens
from toolresult_lab.budgets.tokens import text_encoding, text_tokens

pytestmark = pytest.mark.exact

INSTALLED = importlib.util.find_spec("toktok") is not None

#: text -> (o200k_base ids, cl100k_base ids), from tiktoken's reference (module docstring)
REFERENCE = {
    "hello world": ([24912, 2375], [15339, 1917]),
    "tiktoken is great!": ([83, 8251, 2488, 382, 2212, 0], [83, 1609, 5963, 374, 2294, 0]),
    "Köln — 東京 🙂": (
        [42, 573, 2943, 2733, 185244, 26192],
        [42, 3029, 2312, 2001, 61696, 109, 47653, 28584],
    ),
    "<|endoftext|>": ([27, 91, 419, 1440, 919, 91, 29], [27, 91, 8862, 728, 428, 91, 29]),
    "  leading spaces\n\n\ttabs": (
        [220, 8117, 18608, 279, 6264, 6071],
        [220, 6522, 12908, 271, 3324, 3518],
    ),
    '{"id": 1, "title": "Result number 1"}': (
        [10848, 315, 1243, 220, 16, 11, 392, 4576, 1243, 392, 2769, 2086, 220, 16, 18583],
        [5018, 307, 794, 220, 16, 11, 330, 2150, 794, 330, 2122, 1396, 220, 16, 9388],
    ),
}


def test_the_extra_is_installed_where_ci_installs_it():
    if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
        assert (sys.version_info >= (3, 11)) == INSTALLED


@pytest.mark.parametrize("text", list(REFERENCE))
def test_counts_equal_tiktoken_reference(text):
    o200k, cl100k = REFERENCE[text]
    if INSTALLED:
        assert tk.count(text, "o200k_base") == len(o200k)
        assert tk.count(text, "cl100k_base") == len(cl100k)
    else:
        assert tk.count(text, "o200k_base") is None


def test_an_unknown_encoding_is_refused():
    with pytest.raises(ValueError, match="unknown encoding 'p50k_base'; known: o200k_base"):
        tk.count("x", "p50k_base")


@pytest.mark.parametrize(
    ("model", "encoding"),
    [
        ("gpt-4o", "o200k_base"),
        ("gpt-4o-mini-2024-07-18", "o200k_base"),
        ("gpt-4.1-nano", "o200k_base"),
        ("gpt-5", "o200k_base"),
        ("gpt-5.1-codex", "o200k_base"),
        ("o3", "o200k_base"),
        ("o4-mini-2025-04-16", "o200k_base"),
        ("gpt-4", "cl100k_base"),
        ("gpt-4-turbo", "cl100k_base"),
        ("gpt-3.5-turbo-0125", "cl100k_base"),
        ("claude-sonnet-4-5", None),
        ("deepseek-chat", None),
        ("gpt-oss-120b", None),  # o200k_harmony: not counted
    ],
)
def test_model_encodings(model, encoding):
    assert tk.model_encoding(model) == encoding


def test_which_wires_count():
    assert text_encoding("openai") == "o200k_base"
    assert text_encoding("responses") == "o200k_base"
    assert text_encoding("openai", "gpt-4") == "cl100k_base"
    assert text_encoding("openai", "mistral-large-latest") is None
    for wire in ("anthropic", "gemini", "bedrock", "ollama", "hermes"):
        assert text_encoding(wire) is None


def test_text_figures_say_whether_they_are_exact():
    text = "Köln — 東京 🙂"
    figure = text_tokens(text, "openai")
    old = text_tokens(text, "openai", model="gpt-4")
    other = text_tokens(text, "anthropic")
    assert (other.tokens, other.exact, other.name) == (3, False, "text: ≈ 4 characters per token")
    if INSTALLED:
        assert (figure.tokens, figure.exact, figure.name) == (6, True, "text: o200k_base count")
        assert figure.rule.startswith("exact count in o200k_base (toktok-rs 0.")
        assert "tiktoken 0.14.0, tiktoken/model.py" in figure.source
        assert (old.tokens, old.exact, old.name) == (8, True, "text: cl100k_base count")
    else:
        assert (figure.tokens, figure.exact) == (3, False)
        assert (old.tokens, old.exact) == (3, False)


def _absent(monkeypatch):
    """The extra not installed: ``toktok`` cannot be imported, the cache forgotten."""
    monkeypatch.setitem(sys.modules, "toktok", None)
    monkeypatch.setattr(tk, "_BACKEND", [])


def test_without_the_package_every_figure_says_estimated(monkeypatch):
    _absent(monkeypatch)
    figure = text_tokens("hello world", "openai")
    assert (figure.tokens, figure.exact) == (3, False)
    assert figure.rule == "≈ 4 characters per token (approximation; no offline tokenizer)"
    result = ToolResult(id="c", content=[{"type": "text", "text": "Sunny"}])
    estimate = estimate_tokens(result, "openai")
    assert (estimate.label(), estimate.exact) == ("~14 tokens", False)
    assert [e.exact for e in estimate.entries] == [False, False]
    assert "exact" not in estimate.describe()


def test_the_switch_turns_counting_off(monkeypatch):
    monkeypatch.setenv("TOOLRESULT_LAB_EXACT", "0")
    assert tk.count("hello world", "o200k_base") is None
    assert not text_tokens("hello world", "openai").exact


def test_a_block_estimate_counts_its_text_and_estimates_the_rest():
    result = ToolResult(id="c", content=[{"type": "text", "text": "Sunny"}])
    estimate = estimate_tokens(result, "openai")
    text, rest = estimate.entries
    assert (rest.tokens, rest.exact) == (12, False)  # ids, keys: always the estimate
    assert estimate.label() == f"~{12 + text.tokens} tokens"  # not every figure is a count
    if INSTALLED:
        assert (text.tokens, text.exact) == (1, True)
        assert estimate.describe().splitlines()[0] == (
            f"#0 text: 1 (exact; exact count in o200k_base ({tk.counter_name()}, offline))"
        )
    else:
        assert (text.tokens, text.exact) == (2, False)


def _hits(count: int, seed: int) -> str:
    rng = random.Random(seed)
    return json.dumps(
        [
            {"id": i, "sha": f"{rng.getrandbits(128):032x}", "title": f"Result {i} Köln 東京"}
            for i in range(count)
        ]
    )


@pytest.mark.parametrize("wire", ["openai", "responses"])
@pytest.mark.parametrize("budget", [300, 1000, 4000])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_fitted_block_is_within_the_budget_by_exact_count(wire, budget, seed):
    text = _hits(400, seed)
    result = ToolResult(id="call_1", name="search", content=[{"type": "text", "text": text}])
    fitted = estimate_tokens(result, wire, max_tokens=budget)
    assert fitted.total <= budget
    assert fitted.entries[0].exact == INSTALLED
    block = result.to(wire, max_tokens=budget)
    kept = block["content"] if wire == "openai" else block["output"]
    json.loads(kept)  # still JSON
    reason = result.explain(wire, max_tokens=budget)[0].reason
    if INSTALLED:
        assert "a figure without ≈ is an exact count" in reason
    else:
        assert "a figure without ≈" not in reason


def test_context_window_uses_the_count():
    # random hex: about 1.8 characters per token, where the estimate assumes 4
    rng = random.Random(3)
    text = "".join(rng.choice("0123456789abcdef") for _ in range(300_000))
    body = {"model": "gpt-4o", "messages": [{"role": "user", "content": text}]}
    figures = request_tokens("openai", body)
    found = [f for f in lint("openai", body) if f.rule == "context-window"]
    assert not figures.exact  # the JSON's count, not the model's framing: never "exact"
    if INSTALLED:
        compact = json.dumps(body, separators=(",", ":"))
        assert figures.total == tk.count(compact, "o200k_base") == 171_086
        assert "a count of the JSON text" in figures.figures[0].rule
        assert [f.severity for f in found] == ["error"]
        assert "~171,086 tokens (estimated), over the input window of 128,000" in found[0].message
    else:
        assert figures.total == 75_015  # (300,000 + 60 characters of JSON) / 4
        assert found == []


def test_lint_counts_no_small_request():
    body = {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}
    assert [f for f in lint("openai", body) if f.rule == "context-window"] == []


def test_a_request_to_another_model_is_estimated():
    body = {"model": "deepseek-chat", "messages": [{"role": "user", "content": "hello world"}]}
    figure = request_tokens("openai", body).figures[0]
    assert figure.rule.startswith("≈ 4 characters per token")
    assert (
        request_tokens("openai", body, model="gpt-4o")
        .figures[0]
        .rule.startswith("exact count in o200k_base" if INSTALLED else "≈ 4 characters")
    )


def test_a_lone_surrogate_is_counted_as_its_replacement():
    """No UTF-8 body carries a lone surrogate; a Python request may: it is counted as the
    U+FFFD that replaces it, never a ``UnicodeEncodeError`` out of lint."""
    if INSTALLED:
        assert tk.count("a\ud800b", "o200k_base") == tk.count("a\ufffdb", "o200k_base")
    rng = random.Random(3)
    text = "".join(rng.choice("0123456789abcdef") for _ in range(300_000)) + "\ud800"
    body = {"model": "gpt-4o", "messages": [{"role": "user", "content": text}]}
    found = [f for f in lint("openai", body) if f.rule == "context-window"]
    assert [f.severity for f in found] == (["error"] if INSTALLED else [])
