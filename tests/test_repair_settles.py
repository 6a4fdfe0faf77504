"""Issue 36 (repair-settle): ``repair`` settles in one pass and never raises on content.

SPEC 8's guarantees: ``lint(wire, repair(wire, r).request)`` holds no error of a rule
repair fixes, and ``repair`` of a repaired request changes nothing. And content is never
an exception: a lone surrogate in an id that needs a new one is hashed as it stands.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lint_fixtures import answer, ask, request, user

from toolresult_lab import WIRES, lint, repair
from toolresult_lab.views.probes import SAMPLE_IMAGES

HALF = "a\ud800b"  # an id with half an emoji (a UTF-16 log cut in a pair)


def _changes(repaired: Any) -> list[tuple[str, str, str]]:
    return [(c.rule, c.path, c.action) for c in repaired.changes]


def test_an_anthropic_id_with_a_lone_surrogate_is_cleaned_like_any_bad_character() -> None:
    request = [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": HALF, "name": "f", "input": {}}],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": HALF, "content": "ok"}],
        },
    ]
    fixed = repair("anthropic", request)
    assert _changes(fixed) == [
        ("call-id-format", "messages[1].content[0]", "id 'a\\ud800b' -> 'a_b'"),
        ("call-id-format", "messages[2].content[0]", "id 'a\\ud800b' -> 'a_b'"),
    ]
    assert repair("anthropic", fixed.request).changes == ()


def _openai(*ids: str) -> list[Any]:
    out: list[Any] = [{"role": "user", "content": "hi"}]
    for call_id in ids:
        call = {"id": call_id, "type": "function", "function": {"name": "f", "arguments": "{}"}}
        out.append({"role": "assistant", "content": None, "tool_calls": [call]})
        out.append({"role": "tool", "tool_call_id": call_id, "content": "r"})
    return out


def test_a_hashed_id_made_from_a_lone_surrogate_is_deterministic() -> None:
    """Mistral's 9-character ids are a hash of the old id (it raised UnicodeEncodeError)."""
    fixed = repair("openai", _openai("x\udfff"), profile="mistral")
    assert _changes(fixed) == [
        ("call-id-format", "messages[1].tool_calls[0]", "id 'x\\udfff' -> 'sGQqyaWW8'"),
        ("call-id-format", "messages[2]", "id 'x\\udfff' -> 'sGQqyaWW8'"),
    ]
    assert repair("openai", fixed.request, profile="mistral").changes == ()


def test_a_reused_id_with_a_lone_surrogate_gets_a_new_one() -> None:
    """A call reusing an id nothing answers the second time: the new id is a hash."""
    request = _openai("x\udfff")
    request.append(_openai("x\udfff")[1])
    fixed = repair("openai", request)
    new = "call_a973acccecad7dfe878bc66b"
    assert _changes(fixed) == [
        ("duplicate-call-id", "messages[3].tool_calls[0]", f"call id 'x\\udfff' -> {new!r}"),
        ("call-without-result", "messages[3].tool_calls[0]", f"added an error result for {new}"),
    ]
    assert repair("openai", fixed.request).changes == ()


# -- a run of messages the wire combines into one turn ---------------------------------

ERROR = "No result was recorded for this call."


def _use(call_id: str) -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": "f", "input": {}}


def _result(call_id: str, text: str = ERROR, error: bool = True) -> dict[str, Any]:
    block: dict[str, Any] = {"type": "tool_result", "tool_use_id": call_id, "content": text}
    if error:
        block["is_error"] = True
    return block


def _run(*ids: str) -> list[dict[str, Any]]:
    return [{"role": "assistant", "content": [_use(i)]} for i in ids]


def _settled(wire: str, request: Any) -> Any:
    """The repaired request, checked to have settled: no error left, nothing to redo."""
    fixed = repair(wire, request)
    assert lint(wire, fixed.request).errors == ()
    assert repair(wire, fixed.request).changes == ()
    return fixed


def test_anthropic_results_go_after_the_run_of_assistant_messages_in_call_order() -> None:
    """Anthropic combines consecutive assistant messages into one turn: an added result
    inside the run split it (the first call's result no longer next)."""
    request = [
        {"role": "user", "content": "go"},
        *_run("toolu_A", "toolu_B", "toolu_C"),
        {"role": "user", "content": [_result("toolu_A", "rA", error=False)]},
    ]
    fixed = _settled("anthropic", request)
    assert fixed.request == [
        *request[:4],
        {
            "role": "user",
            "content": [
                _result("toolu_A", "rA", error=False),
                _result("toolu_B"),
                _result("toolu_C"),
            ],
        },
    ]
    assert _changes(fixed) == [
        ("call-without-result", "messages[2].content[0]", "added an error result for toolu_B"),
        ("call-without-result", "messages[3].content[0]", "added an error result for toolu_C"),
    ]


def test_anthropic_a_run_nothing_answers_gets_its_results_first_in_the_next_user_message() -> None:
    request = [
        {"role": "user", "content": "go"},
        *_run("toolu_A", "toolu_B"),
        {"role": "user", "content": "and?"},
    ]
    fixed = _settled("anthropic", request)
    assert fixed.request == [
        *request[:3],
        {
            "role": "user",
            "content": [_result("toolu_A"), _result("toolu_B"), {"type": "text", "text": "and?"}],
        },
    ]


def test_anthropic_a_misplaced_result_moves_after_the_run_before_added_ones() -> None:
    request = [
        {"role": "user", "content": "go"},
        *_run("toolu_A", "toolu_B"),
        {"role": "user", "content": "wait"},
        {"role": "assistant", "content": "ok"},
        {"role": "user", "content": [_result("toolu_B", "rB", error=False)]},
    ]
    fixed = _settled("anthropic", request)
    assert fixed.request[3] == {
        "role": "user",
        "content": [
            _result("toolu_A"),
            _result("toolu_B", "rB", error=False),
            {"type": "text", "text": "wait"},
        ],
    }
    assert [c[0] for c in _changes(fixed)] == ["call-without-result", "results-not-next"]


def _model_call(name: str) -> dict[str, Any]:
    return {"role": "model", "parts": [{"functionCall": {"name": name, "args": {}}}]}


def _response(name: str, response: Any) -> dict[str, Any]:
    return {"functionResponse": {"name": name, "response": response}}


def test_gemini_responses_go_after_the_run_of_model_contents_in_call_order() -> None:
    request = {
        "contents": [
            {"role": "user", "parts": [{"text": "go"}]},
            _model_call("a"),
            _model_call("b"),
            _model_call("c"),
            {"role": "user", "parts": [_response("a", {"r": 1})]},
        ]
    }
    fixed = _settled("gemini", request)
    assert fixed.request == {
        "contents": [
            *request["contents"][:4],
            {
                "role": "user",
                "parts": [
                    _response("a", {"r": 1}),
                    _response("b", {"error": ERROR}),
                    _response("c", {"error": ERROR}),
                ],
            },
        ]
    }
    assert _changes(fixed) == [
        ("call-without-result", "contents[2].parts[0]", "added an error result for b"),
        ("call-without-result", "contents[3].parts[0]", "added an error result for c"),
    ]


# -- a round's edit that leaves what a round fixes ---------------------------------------


def test_an_empty_final_user_message_removed_leaves_no_prefill_ending_in_whitespace() -> None:
    """Removing the empty message made the assistant's ``"Sure "`` final: the rounds run
    again on their own output, so the same repair trims it."""
    request = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "Sure "},
        {"role": "user", "content": ""},
    ]
    fixed = _settled("anthropic", request)
    assert fixed.request == [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "Sure"},
    ]
    assert _changes(fixed) == [
        ("final-assistant", "messages[1]", "removed the trailing whitespace"),
        ("empty-message", "messages[2]", "removed the empty message"),
    ]


def test_a_hoisted_image_is_declared_as_what_its_bytes_are() -> None:
    """A PNG a tool message declared ``image/jpeg``: hoisted as declared, it was a
    ``media-type`` error in the user message a second repair corrected."""
    png = SAMPLE_IMAGES["image/png"]
    call = {"id": "c1", "type": "function", "function": {"name": "shot", "arguments": "{}"}}
    request = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {
            "role": "tool",
            "tool_call_id": "c1",
            "content": [
                {"type": "text", "text": "screenshot"},
                {"type": "image_url", "image_url": {"url": "data:image/jpeg;base64," + png}},
            ],
        },
    ]
    fixed = _settled("openai", request)
    assert fixed.request[3] == {
        "role": "user",
        "content": [
            {"type": "text", "text": "Images from the tool results above: c1 content[1]"},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64," + png}},
        ],
    }


def test_a_result_behind_an_entry_that_is_no_message_moves_in_the_same_repair() -> None:
    """Bedrock, a string between a call message and its results: the added error result
    came first, and only a second repair moved the real one after its call."""
    uses = [{"toolUse": {"toolUseId": i, "name": "f", "input": {}}} for i in ("a", "b")]
    result = {"toolResult": {"toolUseId": "a", "content": [{"text": "R1"}]}}
    request = [
        {"role": "user", "content": [{"text": "hi"}]},
        {"role": "assistant", "content": uses},
        "junk",
        {"role": "user", "content": [result]},
    ]
    fixed = repair("bedrock", request)
    added = {"toolResult": {"toolUseId": "b", "content": [{"text": ERROR}], "status": "error"}}
    assert fixed.request == [
        request[0],
        request[1],
        {"role": "user", "content": [added, result]},
        "junk",
    ]
    assert _changes(fixed) == [
        ("call-without-result", "messages[1].content[1]", "added an error result for b"),
        ("results-not-next", "messages[3].content[0]", "moved the result for a after its call"),
    ]
    assert repair("bedrock", fixed.request).changes == ()


def test_results_move_first_in_the_run_lint_reads_past_an_entry_that_is_no_message() -> None:
    """Lint reads a string between two user messages past (a shape finding), so the two
    are one run; repair looked at the list itself, moved nothing and said it had, three
    times."""
    use = {"type": "tool_use", "id": "c1", "name": "f", "input": {}}
    result = {"type": "tool_result", "tool_use_id": "c1", "content": "ok"}
    request_ = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [use]},
        {"role": "user", "content": "hi"},
        "junk",
        {"role": "user", "content": [result]},
    ]
    fixed = repair("anthropic", request_)
    assert fixed.request == [
        request_[0],
        request_[1],
        {"role": "user", "content": [result, {"type": "text", "text": "hi"}]},
        "junk",
    ]
    assert _changes(fixed) == [
        (
            "results-after-other-content",
            "messages[4].content[0]",
            "moved the tool result blocks first",
        )
    ]
    assert [f.rule for f in lint("anthropic", fixed.request)] == ["shape"]
    assert repair("anthropic", fixed.request).changes == ()


def test_a_malformed_block_shaped_like_a_result_is_other_content_as_lint_reads_it() -> None:
    """Bedrock with a Claude model wants the results first; a ``toolResult`` that is no
    object is other content to lint, but repair took it for a result: it moved it first
    with the real one (nothing changed) and reported the move on every pass."""
    use = {"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}
    result = {"toolResult": {"toolUseId": "t1", "content": [{"text": "R"}]}}
    request_ = [
        {"role": "user", "content": [{"text": "hi"}]},
        {"role": "assistant", "content": [use]},
        {"role": "user", "content": [{"toolResult": ["a"]}, result]},
    ]
    fixed = repair("bedrock", request_, profile="bedrock-claude")
    assert fixed.request[2] == {"role": "user", "content": [result, {"toolResult": ["a"]}]}
    assert _changes(fixed) == [
        (
            "results-after-other-content",
            "messages[2].content[1]",
            "moved the tool result blocks first",
        )
    ]
    assert repair("bedrock", fixed.request, profile="bedrock-claude").changes == ()


# -- a call under the user role ------------------------------------------------------------

MOVED = "moved the call {} out of the user message, into an assistant message after it"
CALLS_IN_USER = {
    "anthropic": (
        "messages",
        {"type": "text", "text": "hi"},
        {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}},
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": ERROR, "is_error": True},
        "toolu_1",
    ),
    "bedrock": (
        "messages",
        {"text": "hi"},
        {"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}},
        {"toolResult": {"toolUseId": "t1", "content": [{"text": ERROR}], "status": "error"}},
        "t1",
    ),
    "gemini": (
        "contents",
        {"text": "hi"},
        {"functionCall": {"name": "f", "args": {}}},
        {"functionResponse": {"name": "f", "response": {"error": ERROR}}},
        "f",
    ),
}


@pytest.mark.parametrize("wire", CALLS_IN_USER)
def test_a_call_in_a_user_message_moves_whole_into_an_assistant_message(wire: str) -> None:
    """Issue 36: an added result went after the user message, joined its turn, was moved
    first (before its call), and each repair added one more block."""
    key, text, call, result, name = CALLS_IN_USER[wire]
    body = "parts" if wire == "gemini" else "content"
    assistant = "model" if wire == "gemini" else "assistant"
    request = [{"role": "user", body: [text, call]}]
    fixed = repair(wire, request)
    assert fixed.request == [
        {"role": "user", body: [text]},
        {"role": assistant, body: [call]},
        {"role": "user", body: [result]},
    ]
    assert _changes(fixed) == [
        ("call-without-result", f"{key}[0].{body}[1]", f"added an error result for {name}"),
        ("call-without-result", f"{key}[0].{body}[1]", MOVED.format(name)),
    ]
    assert lint(wire, fixed.request).errors == ()
    assert repair(wire, fixed.request).changes == ()


def test_a_user_message_holding_only_calls_gives_way_to_the_assistant_message() -> None:
    call = CALLS_IN_USER["anthropic"][2]
    request = [
        {"role": "user", "content": "hi"},
        {"role": "user", "content": [call]},
        {"role": "user", "content": "more"},
    ]
    fixed = _settled("anthropic", request)
    assert fixed.request == [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [call]},
        {"role": "user", "content": [CALLS_IN_USER["anthropic"][3]]},
        {"role": "user", "content": "more"},
    ]


# -- the property, on shapes of this file's own -----------------------------------------

#: The rules SPEC 8 lists as repaired: none of their errors may be left.
REPAIRED = frozenset(
    {
        "call-without-result",
        "result-without-call",
        "results-not-next",
        "results-after-other-content",
        "duplicate-call-id",
        "duplicate-result",
        "missing-call-id",
        "tool-result-content",
        "error-result-not-text",
        "images-unsupported",
        "empty-text",
        "empty-message",
        "missing-thought-signature",
        "function-response-parts",
        "final-assistant",
    }
)
_IDS = st.sampled_from(["c1", "c2", "c3"])


def _piece(wire: str) -> st.SearchStrategy[Any]:
    """One message (or a run of result messages) of ``wire``: text, calls, results,
    an empty message, text ending in whitespace, an entry that is no message."""
    return st.one_of(
        st.sampled_from(["hi", "", "note ", "  "]).map(lambda text: user(wire, text)),
        st.lists(_IDS, min_size=1, max_size=3).map(lambda ids: ask(wire, *ids)),
        st.lists(_IDS, min_size=1, max_size=3).map(lambda ids: answer(wire, *ids)),
        st.lists(_IDS, min_size=1, max_size=2).map(lambda ids: _as_user(ask(wire, *ids))),
        st.just("junk"),
    )


def _as_user(message: Any) -> Any:
    """A call message put under the user role (a client's mistake)."""
    if isinstance(message, dict) and "role" in message:
        return {**message, "role": "user"}
    return message


@pytest.mark.parametrize("wire", WIRES)
@settings(max_examples=50, deadline=None, derandomize=True)
@given(data=st.data())
def test_repair_settles_in_one_pass_and_a_second_changes_nothing(wire: str, data: Any) -> None:
    pieces = data.draw(st.lists(_piece(wire), min_size=1, max_size=6))
    messages = request(user(wire), *pieces)
    given_copy = copy.deepcopy(messages)
    fixed = repair(wire, messages)
    assert messages == given_copy  # the input is never mutated
    left = [(f.rule, f.path) for f in lint(wire, fixed.request).errors if f.rule in REPAIRED]
    assert left == []
    again = repair(wire, fixed.request)
    assert again.changes == ()
    assert again.request == fixed.request


_NULL_ENTRY = [
    (
        "openai",
        [
            {"role": "user", "content": "q"},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "c1",
             "content": [None, {"type": "text", "text": "sunny"}]},
        ],
        "messages[2].content[0]",
        {"role": "tool", "tool_call_id": "c1", "content": [{"type": "text", "text": "sunny"}]},
    ),
    (
        "anthropic",
        [
            {"role": "user", "content": "q"},
            {"role": "assistant", "content": [{"type": "tool_use", "id": "c1", "name": "f",
                                               "input": {}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "c1",
                                          "content": [{"type": "text", "text": "x"}, None]}]},
        ],
        "messages[2].content[0].content[1]",
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "c1",
                                      "content": [{"type": "text", "text": "x"}]}]},
    ),
]  # fmt: skip


@pytest.mark.parametrize(("wire", "given", "path", "answer"), _NULL_ENTRY)
def test_a_null_entry_of_a_result_is_removed_it_holds_no_output(
    wire: str, given: list[Any], path: str, answer: dict[str, Any]
) -> None:
    """Found by the long property run: a ``null`` in a result's content was left with its
    error, silently (neither fixed nor reported unfixed)."""
    fixed = repair(wire, given)
    assert [(c.rule, c.path, c.action) for c in fixed.changes] == [
        ("tool-result-content", path, "removed the null entry")
    ]
    assert fixed.request[2] == answer
    assert lint(wire, fixed.request).errors == ()
    assert repair(wire, fixed.request).changes == ()
