"""repair keeps a bound prefix (issue 38): with previous= it changes nothing the earlier
request held (reported unfixed, with why); without it, on a model that binds thinking,
nothing before the last signed thinking block; max_tokens cuts only results sent now."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from test_prefix_changed import CONVERSATIONS, R, _anthropic

from toolresult_lab import lint, repair

MOVED = "[results-after-other-content] moved the tool result blocks first"


def _with_text_before_the_result() -> tuple[dict[str, Any], dict[str, Any]]:
    """A conversation whose sent part holds a repairable finding (a text block before the
    tool result), and the next request, which appends a turn."""
    sent, later = _anthropic()
    for body in (sent, later):
        body["messages"][2]["content"].insert(0, {"type": "text", "text": "note"})
    return sent, later


def test_without_previous_repair_fixes_the_finding() -> None:
    _, later = _with_text_before_the_result()
    fixed = repair("anthropic", later)
    assert [str(c) for c in fixed.changes] == [f"messages[2].content[1]: {MOVED}"]


def test_with_previous_the_sent_prefix_stays_byte_identical() -> None:
    sent, later = _with_text_before_the_result()
    given = copy.deepcopy(later)
    fixed = repair("anthropic", later, previous=sent)
    assert fixed.changes == ()
    assert [str(c) for c in fixed.unfixed] == [
        "messages[2].content[1]: [results-after-other-content] left as it is: moved the tool"
        " result blocks first (the previous request sent it: changing it would change the"
        " conversation's prefix)"
    ]
    assert json.dumps(fixed.request["messages"][:3]) == json.dumps(given["messages"][:3])
    assert later == given  # never mutates its input
    assert not [
        f for f in lint("anthropic", fixed.request, previous=sent) if f.rule == "prefix-changed"
    ]


def test_with_previous_what_was_appended_is_still_repaired() -> None:
    sent, later = _with_text_before_the_result()
    later["messages"].append(
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "toolu_2", "name": "f", "input": {}}],
        }
    )
    later["messages"].append({"role": "user", "content": "go on"})
    fixed = repair("anthropic", later, previous=sent)
    assert [str(c) for c in fixed.changes] == [
        "messages[5].content[0]: [call-without-result] added an error result for toolu_2"
    ]
    assert fixed.request["messages"][:3] == later["messages"][:3]


@pytest.mark.parametrize(
    ("model", "changed"),
    [("claude-fable-5-1", False), ("claude-opus-5-5", False), ("claude-opus-4-6", True)],
)
def test_without_previous_a_binding_model_keeps_what_precedes_the_last_signed_block(
    model: str, changed: bool
) -> None:
    _, later = _with_text_before_the_result()
    fixed = repair("anthropic", later, model=model)
    assert bool(fixed.changes) is changed
    if not changed:
        [held] = fixed.unfixed
        assert held.path == "messages[2].content[1]"
        assert held.action.endswith(
            f"(it comes before the signed thinking block at messages[3].content[0], which"
            f" {model} binds to everything before it; changing it is a 400, bound to a"
            " different conversation)"
        )


def test_max_tokens_cuts_only_the_results_sent_now() -> None:
    sent, later = _anthropic()
    later["messages"][3]["content"].append(
        {"type": "tool_use", "id": "toolu_2", "name": "f", "input": {}}
    )
    later["messages"][4] = {
        "role": "user",
        "content": [{"type": "tool_result", "tool_use_id": "toolu_2", "content": "S" * 4000}],
    }
    fixed = repair("anthropic", later, previous=sent, max_tokens=700)
    assert fixed.request["messages"][2] == later["messages"][2]  # the sent result, as sent
    assert [c.path for c in fixed.changes] == ["messages[4].content[0].content"]
    alone = repair("anthropic", later, max_tokens=700)
    assert "messages[4].content[0].content" in [c.path for c in alone.changes]


@pytest.mark.parametrize("wire", tuple(CONVERSATIONS))
def test_repair_with_previous_changes_nothing_on_an_append_only_pair(wire: str) -> None:
    sent, later = CONVERSATIONS[wire]()
    fixed = repair(wire, later, previous=sent)
    plain = repair(wire, later)
    assert (fixed.changes, fixed.request) == (plain.changes, plain.request)
    assert fixed.request[_key(wire)][: len(sent[_key(wire)])] == sent[_key(wire)]
    assert R in json.dumps(fixed.request)


def _key(wire: str) -> str:
    return {"responses": "input", "gemini": "contents"}.get(wire, "messages")


def test_translate_notes_that_carried_signed_thinking_may_not_be_read() -> None:
    from test_prefix_changed import _bedrock

    from toolresult_lab import translate
    from toolresult_lab.requests.translating import CARRIED_THINKING

    _, later = _anthropic()
    to_bedrock = translate("anthropic", "bedrock", later)
    assert [(n.path, n.what) for n in to_bedrock.notes] == [
        ("messages[1].content[0]", CARRIED_THINKING.format(dst="bedrock"))
    ]
    _, converse = _bedrock()
    back = translate("bedrock", "anthropic", converse)
    assert ("messages[1].content[0]", CARRIED_THINKING.format(dst="anthropic")) in [
        (n.path, n.what) for n in back.notes
    ]
    # where the destination holds no thinking, the loss already says so: no note
    to_openai = translate("anthropic", "openai", later)
    assert to_openai.notes == ()
    assert str(to_openai.losses[0]) == (
        "messages[1].content[0]: thinking has no form on openai: dropped"
    )


def test_max_tokens_never_cuts_a_result_before_the_last_signed_block() -> None:
    _, later = _anthropic()
    with pytest.raises(ValueError) as raised:
        repair("anthropic", later, model="claude-fable-5-1", max_tokens=50)
    assert "with every tool result's text from message 4 on (those before it were sent" in str(
        raised.value
    )
    cut = repair("anthropic", later, model="claude-opus-4-6", max_tokens=160)
    assert [c.path for c in cut.changes] == ["messages[2].content[0].content"]
