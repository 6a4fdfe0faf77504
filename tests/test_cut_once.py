"""A budget cuts a result once, when it is first sent (issue 38): what the library writes
for a conversation's past does not change when a turn is appended, so a conversation kept
as it was sent stays append-only (``diff_requests``), and a tool turn cut to a budget is
the same bytes every time it is written."""

from __future__ import annotations

import pytest

from toolresult_lab import WIRES, ToolCall, ToolResult, Transcript, diff_requests, tool_turn
from toolresult_lab.requests.transcripts import AssistantTurn, Text, ToolResults, UserTurn

CALL = ToolCall(id="call_1", name="f", arguments={})
RESULT = ToolResult(content=[{"type": "text", "text": "R" * 5000}], id="call_1", name="f")
FIRST = [UserTurn((Text("q"),)), AssistantTurn(calls=(CALL,)), ToolResults((RESULT,))]


@pytest.mark.parametrize("wire", WIRES)
def test_a_transcript_with_a_turn_appended_repeats_what_was_written(wire: str) -> None:
    sent = Transcript("s", FIRST).to(wire)
    later = Transcript(
        "s", [*FIRST, AssistantTurn(parts=(Text("done"),)), UserTurn((Text("next"),))]
    ).to(wire)
    found = diff_requests(wire, sent, later)
    assert (found.append_only, found.appended) == (True, 2)


@pytest.mark.parametrize("wire", WIRES)
def test_a_user_turn_right_after_the_results(wire: str) -> None:
    """Bedrock takes roles in turn: the user's text joins the results' message, which the
    earlier request ended with (append the model's answer first to keep the prefix)."""
    sent = Transcript("s", FIRST).to(wire)
    later = Transcript("s", [*FIRST, UserTurn((Text("and"),))]).to(wire)
    change = diff_requests(wire, sent, later).change
    if wire == "bedrock":
        assert change is not None
        assert (change.kind, change.path) == ("block-inserted", "messages[2].content[1]")
    else:
        assert change is None


@pytest.mark.parametrize("wire", WIRES)
def test_a_tool_turn_cut_to_a_budget_is_the_same_bytes_every_time(wire: str) -> None:
    first = tool_turn(wire, [CALL], [RESULT], max_tokens=300)
    again = tool_turn(wire, [CALL], [RESULT], max_tokens=300)
    assert first == again
    history: list[object] = [{"role": "user", "content": "q"}]
    if wire == "gemini":
        history = [{"role": "user", "parts": [{"text": "q"}]}]
    sent = history + first
    later = sent + tool_turn(
        wire,
        [ToolCall(id="call_2", name="f", arguments={})],
        [ToolResult(content=[{"type": "text", "text": "S" * 5000}], id="call_2", name="f")],
        max_tokens=100,
    )
    assert diff_requests(wire, sent, later).append_only
    # the same result cut again to a smaller share on a later turn changes the prefix
    recut = history + tool_turn(wire, [CALL], [RESULT], max_tokens=100)
    change = diff_requests(wire, sent, recut).change
    assert change is not None and change.kind == "result-shortened"
