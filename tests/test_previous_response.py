"""lint(previous=, previous_response=) and diff_requests(previous_response=) (issue 38): the
signed thinking and reasoning items the provider returned must come back as returned."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from test_prefix_changed import _anthropic, _bedrock, _responses

from toolresult_lab import diff_requests, lint


def _anthropic_answer(later: dict[str, Any]) -> dict[str, Any]:
    """The Message the API returned to the earlier request: the turn ``later`` appends."""
    returned = later["messages"][3]["content"]
    return {"id": "msg_1", "type": "message", "role": "assistant", "content": returned,
            "stop_reason": "end_turn"}  # fmt: skip


def _prefix(wire: str, later: Any, sent: Any, answer: Any, model: str) -> list[tuple[str, str]]:
    found = lint(wire, later, previous=sent, previous_response=answer, model=model)
    return [(f.severity, f.path) for f in found if f.rule == "prefix-changed"]


def test_the_returned_turn_replayed_as_returned_is_no_finding() -> None:
    sent, later = _anthropic()
    answer = _anthropic_answer(later)
    assert _prefix("anthropic", later, sent, answer, "claude-fable-5-1") == []
    assert diff_requests("anthropic", sent, later, previous_response=answer).append_only


def test_a_returned_thinking_block_left_out() -> None:
    sent, later = _anthropic()
    answer = _anthropic_answer(copy.deepcopy(later))
    del later["messages"][3]["content"][0]
    change = diff_requests("anthropic", sent, later, previous_response=answer).change
    assert change is not None
    assert (change.kind, change.path, change.what) == (
        "thinking-removed",
        "messages[3].content[0]",
        "The thinking block returned at content[0] is left out of messages[3]",
    )
    # without the answer, nothing says the block was returned
    assert diff_requests("anthropic", sent, later).append_only


def test_a_returned_thinking_block_altered_is_an_error_on_a_binding_model() -> None:
    sent, later = _anthropic()
    answer = _anthropic_answer(copy.deepcopy(later))
    later["messages"][3]["content"][0]["thinking"] = "t2, summarised"
    assert _prefix("anthropic", later, sent, answer, "claude-fable-5-1") == [
        ("error", "messages[3].content[0]")
    ]
    assert _prefix("anthropic", later, sent, answer, "claude-opus-4-6") == [
        ("warning", "messages[3].content[0]")
    ]


def test_bedrock_reasoning_content_left_out() -> None:
    sent, later = _bedrock()
    answer = {"output": {"message": copy.deepcopy(later["messages"][3])}, "stopReason": "end_turn"}
    assert _prefix("bedrock", later, sent, answer, "anthropic.claude-haiku-5-5") == []
    later["messages"][3]["content"].reverse()
    change = diff_requests("bedrock", sent, later, previous_response=answer).change
    assert change is not None and (change.kind, change.path) == (
        "thinking-moved",
        "messages[3].content[1]",
    )


def test_a_responses_reasoning_item_left_out() -> None:
    sent, later = _responses()
    answer = {"id": "resp_1", "output": [copy.deepcopy(later["input"][4]), later["input"][5]]}
    assert _prefix("responses", later, sent, answer, "gpt-5") == []
    del later["input"][4]
    assert _prefix("responses", later, sent, answer, "gpt-5") == [("warning", "input[4]")]
    change = diff_requests("responses", sent, later, previous_response=answer).change
    assert change is not None
    assert change.what == "The reasoning item 'rs_2' the previous response returned is left out"


def test_an_sdk_answer_is_read() -> None:
    pydantic = pytest.importorskip("pydantic")

    class Message(pydantic.BaseModel):
        role: str
        content: list[dict[str, Any]]

    sent, later = _anthropic()
    answer = Message(role="assistant", content=copy.deepcopy(later["messages"][3]["content"]))
    later["messages"][3]["content"][0]["signature"] = "forged"
    assert _prefix("anthropic", later, sent, answer, "claude-fable-5-1") == [
        ("error", "messages[3].content[0]")
    ]


def test_previous_response_needs_previous_and_a_response() -> None:
    _, later = _anthropic()
    with pytest.raises(ValueError) as raised:
        lint("anthropic", later, previous_response={"content": []})
    assert str(raised.value) == "previous_response is the answer to previous: give previous too"
    with pytest.raises(TypeError) as wrong:
        lint("anthropic", later, previous=[], previous_response="answer")
    assert str(wrong.value) == (
        "previous_response must be the provider's answer to previous (a dict or an SDK object)"
        " or None, not str"
    )
