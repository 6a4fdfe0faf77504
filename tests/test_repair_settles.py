"""Issue 36 (repair-settle): ``repair`` settles in one pass and never raises on content.

SPEC 8's guarantees: ``lint(wire, repair(wire, r).request)`` holds no error of a rule
repair fixes, and ``repair`` of a repaired request changes nothing. And content is never
an exception: a lone surrogate in an id that needs a new one is hashed as it stands.
"""

from __future__ import annotations

from typing import Any

from toolresult_lab import lint, repair

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
