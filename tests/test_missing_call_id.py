"""SPEC 8 ``missing-call-id``: a call or result without its id is paired by position, and
its finding stands instead of ``call-without-result`` / ``result-without-call``; repair
gives both one valid id and never replaces the tool's output (issues 29.3 and 25.6)."""

from __future__ import annotations

from typing import Any

import pytest

from toolresult_lab import lint, repair

INVENTED = "No result was recorded for this call."


def _openai_two_calls(second_answer_id: str | None) -> list[Any]:
    answer: dict[str, Any] = {"role": "tool", "content": "second"}
    if second_answer_id is not None:
        answer["tool_call_id"] = second_answer_id
    calls = [
        {"id": i, "type": "function", "function": {"name": "f", "arguments": "{}"}}
        for i in ("c1", "c2")
    ]
    return [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": None, "tool_calls": calls},
        {"role": "tool", "tool_call_id": "c1", "content": "first"},
        answer,
    ]


@pytest.mark.parametrize("empty", ["", None])
def test_openai_a_result_without_id_answering_the_second_call_is_one_finding(
    empty: str | None,
) -> None:
    request = _openai_two_calls(empty)
    found = [(f.rule, f.severity, f.path) for f in lint("openai", request)]
    assert found == [("missing-call-id", "error", "messages[3]")]
    fixed = repair("openai", request)
    assert [(c.rule, c.path, c.action) for c in fixed.changes] == [
        (
            "missing-call-id",
            "messages[3]",
            "gave the result the id 'c2' of messages[1].tool_calls[1]",
        )
    ]
    assert fixed.request[3] == {"role": "tool", "tool_call_id": "c2", "content": "second"}
    assert list(lint("openai", fixed.request)) == []


def test_anthropic_a_tool_result_without_tool_use_id_is_one_finding() -> None:
    request = [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "t1", "name": "f", "input": {}},
                {"type": "tool_use", "id": "t2", "name": "f", "input": {}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "t1", "content": "first"},
                {"type": "tool_result", "content": "second"},
            ],
        },
    ]
    found = [(f.rule, f.path) for f in lint("anthropic", request)]
    assert found == [("missing-call-id", "messages[2].content[1]")]
    fixed = repair("anthropic", request)
    assert fixed.request[2]["content"][1] == {
        "type": "tool_result",
        "content": "second",
        "tool_use_id": "t2",
    }
    assert list(lint("anthropic", fixed.request)) == []
    assert repair("anthropic", fixed.request).changes == ()


def test_results_with_ids_are_paired_first_whatever_their_order() -> None:
    """The result without id comes first in the run: it still answers the call no id
    answers (c2), not the first call."""
    request = _openai_two_calls("c1")
    request[2], request[3] = (
        {"role": "tool", "content": "second"},
        {"role": "tool", "tool_call_id": "c1", "content": "first"},
    )
    assert [(f.rule, f.path) for f in lint("openai", request)] == [
        ("missing-call-id", "messages[2]")
    ]
    fixed = repair("openai", request)
    assert fixed.request[2] == {"role": "tool", "content": "second", "tool_call_id": "c2"}


# issue 25.6: a call without id, its result's id malformed: repair deleted the output and
# invented an error result
_MALFORMED = {
    "anthropic": (
        None,
        [
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": [{"type": "tool_use", "name": "f", "input": {}}]},
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "bad|id", "content": "REAL"}],
            },
        ],
        "bad_id",
    ),
    "openai": (
        None,
        [
            {"role": "user", "content": "hi"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [{"type": "function", "function": {"name": "f", "arguments": "{}"}}],
            },
            {"role": "tool", "tool_call_id": "x" * 80, "content": "REAL"},
        ],
        "call_201b2793ccf92dbd7bcbd55c",
    ),
    "responses": (
        None,
        [
            {"type": "message", "role": "user", "content": "hi"},
            {"type": "function_call", "name": "f", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "x" * 80, "output": "REAL"},
        ],
        "call_201b2793ccf92dbd7bcbd55c",
    ),
    "mistral": (
        "mistral",
        [
            {"role": "user", "content": "hi"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [{"type": "function", "function": {"name": "f", "arguments": "{}"}}],
            },
            {"role": "tool", "tool_call_id": "abcdefghijk", "content": "REAL"},
        ],
        "aJRg27EJh",
    ),
}


@pytest.mark.parametrize("case", sorted(_MALFORMED))
def test_repair_keeps_the_output_of_a_call_without_id_whose_result_id_is_malformed(
    case: str,
) -> None:
    profile, request, new_id = _MALFORMED[case]
    wire = "openai" if case == "mistral" else case
    fixed = repair(wire, request, profile=profile)
    text = str(fixed.request)
    assert "REAL" in text and INVENTED not in text
    assert [c.rule for c in fixed.changes] == ["missing-call-id"]
    assert text.count(repr(new_id)) == 2  # the call and its result, one id
    assert [f for f in lint(wire, fixed.request, profile=profile) if f.severity == "error"] == []
    again = repair(wire, fixed.request, profile=profile)
    assert again.changes == () and again.request == fixed.request
