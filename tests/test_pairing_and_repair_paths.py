"""The pairing ``lint`` finds and ``repair`` works from (``pairing.Pairing``, exact), pairing
in the shapes whose lookups must stay linear (results without ids, one id reused, many
parallel calls without ids), and ``repair``'s change paths: after several rounds, each
still points into the request as given (SPEC 8)."""

from __future__ import annotations

import copy
from typing import Any

from lint_fixtures import PNG

from toolresult_lab import Change, lint, repair
from toolresult_lab.requests.answers import Dropped
from toolresult_lab.requests.linting import checked, context
from toolresult_lab.requests.repairing import MISSING_RESULT
from toolresult_lab.requests.repairing.paths import Origins as _Origins
from toolresult_lab.requests.repairing.paths import given_path as _given_path
from toolresult_lab.wires import read_request


def _call(call_id: str | None, name: str = "f") -> dict[str, Any]:
    call: dict[str, Any] = {"type": "function", "function": {"name": name, "arguments": "{}"}}
    if call_id is not None:
        call["id"] = call_id
    return call


def _tool(call_id: str | None, content: Any = "ok") -> dict[str, Any]:
    message: dict[str, Any] = {"role": "tool", "content": content}
    if call_id is not None:
        message["tool_call_id"] = call_id
    return message


def test_the_pairing_lint_finds() -> None:
    req = [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [_call("c1"), _call("c2"), _call("c3"), _call(None, "g")],
        },
        _tool("c1"),
        _tool("c1", "again"),
        _tool("zz", "answers g by position"),
        _tool("x9", "stray"),
        _tool(None, "answers c3 by position"),
        _tool(None, "nobody's"),
        {"role": "user", "content": "later"},
        _tool("c2", "late"),
    ]
    found = checked(read_request("openai", req), context("openai"))
    pairing = found.pairing
    assert [(pos, call.path) for pos, call in pairing.calls] == [
        (1, "messages[1].tool_calls[0]"),
        (1, "messages[1].tool_calls[1]"),
        (1, "messages[1].tool_calls[2]"),
        (1, "messages[1].tool_calls[3]"),
    ]
    assert {k: (pos, r.path) for k, (pos, r) in pairing.misplaced.items()} == {
        1: (9, "messages[9]")
    }
    assert [(d.rule, d.position, d.result.path) for d in pairing.dropped] == [
        ("duplicate-result", 3, "messages[3]"),
        ("result-without-call", 5, "messages[5]"),
    ]
    assert all(isinstance(d, Dropped) for d in pairing.dropped)
    # SPEC 8: a result without id answers the open call of its place; its missing-call-id
    # is reported instead of that call's call-without-result (issue 29.3)
    assert pairing.unanswered == ()
    assert {k: r.path for k, r in pairing.claimed.items()} == {
        3: "messages[4]",
        2: "messages[6]",
    }
    assert [r.path for r in pairing.orphans] == ["messages[7]"]
    # the findings in the order the checks made them; lint sorts them into request order
    assert [(f.rule, f.path) for f in found.found] == [
        ("duplicate-result", "messages[3]"),
        ("result-without-call", "messages[5]"),
        ("missing-call-id", "messages[6]"),
        ("missing-call-id", "messages[7]"),
        ("results-not-next", "messages[1].tool_calls[1]"),
        ("missing-call-id", "messages[1].tool_calls[3]"),
    ]
    assert sorted(found.found, key=str) == sorted(lint("openai", req), key=str)


def test_results_without_ids_answer_calls_without_ids_in_order() -> None:
    # openai: each call's run of tool messages; the unknown ids claim the id-less calls
    # of their own assistant message, first come first served
    turn = [
        {"role": "assistant", "content": None, "tool_calls": [_call(None), _call(None)]},
        _tool("a"),
        _tool("b"),
        _tool("c"),
    ]
    req = [{"role": "user", "content": "hi"}, *turn, *turn]
    pairing = checked(read_request("openai", req), context("openai")).pairing
    assert {k: r.path for k, r in pairing.claimed.items()} == {
        0: "messages[2]",
        1: "messages[3]",
        2: "messages[6]",
        3: "messages[7]",
    }
    assert [(d.rule, d.result.path) for d in pairing.dropped] == [
        ("result-without-call", "messages[4]"),
        ("result-without-call", "messages[8]"),
    ]
    # responses: any earlier id-less call, the earliest first; none before it: dropped
    items = [
        {"type": "function_call_output", "call_id": "early", "output": "x"},
        {"type": "function_call", "name": "f", "arguments": "{}"},
        {"type": "function_call", "name": "f", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "y1", "output": "x"},
        {"type": "function_call_output", "call_id": "y2", "output": "x"},
    ]
    pairing = checked(read_request("responses", items), context("responses")).pairing
    assert {k: r.path for k, r in pairing.claimed.items()} == {0: "input[3]", 1: "input[4]"}
    assert [(d.rule, d.result.path) for d in pairing.dropped] == [
        ("result-without-call", "input[0]")
    ]


def test_a_reused_id_is_answered_by_the_latest_call_before_the_result() -> None:
    def step(text: str) -> list[Any]:
        return [
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "same", "name": "f", "input": {}}],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "same", "content": text}],
            },
        ]

    req = [{"role": "user", "content": "hi"}, *step("1"), *step("2"), *step("3")]
    found = lint("anthropic", req)
    assert [(f.rule, f.path) for f in found] == [
        ("duplicate-call-id", "messages[3].content[0]"),
        ("duplicate-call-id", "messages[5].content[0]"),
    ]
    pairing = checked(read_request("anthropic", req), context("anthropic")).pairing
    assert (pairing.dropped, pairing.unanswered, dict(pairing.misplaced)) == ((), (), {})


def test_parallel_calls_without_ids_are_answered_by_name_in_the_next_content() -> None:
    def fc(name: str) -> dict[str, Any]:
        return {"functionCall": {"name": name, "args": {}}}

    def fr(name: str) -> dict[str, Any]:
        return {"functionResponse": {"name": name, "response": {"result": name}}}

    req = [
        {"role": "user", "parts": [{"text": "hi"}]},
        {"role": "model", "parts": [fc("a"), fc("b"), fc("a"), fc("c")]},
        {"role": "user", "parts": [fr("b"), fr("a"), fr("a"), fr("b")]},
    ]
    found = lint("gemini", req, profile="gemini-2.5")
    assert [(f.rule, f.path) for f in found] == [
        ("call-without-result", "contents[1].parts[3]"),
        ("result-without-call", "contents[2].parts[3]"),  # both calls to b are answered
    ]
    pairing = checked(read_request("gemini", req), context("gemini", "gemini-2.5")).pairing
    assert pairing.unanswered == (3,)


# -- repair: change paths in the request as given ----------------------------------------


def test_changes_of_later_rounds_point_into_the_given_request() -> None:
    # round 2 turns messages[3] (a result without id that answers no call) into a user
    # message after its run and adds a result, so round 3 reads a request whose messages
    # moved; its changes still point into the given one, where lint pointed (issue 25:
    # SPEC 8 removed that result; its output is kept now)
    req = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": None, "tool_calls": [_call("c1")]},
        _tool("c1"),
        _tool(None, "stray"),
        {"role": "user", "content": "next"},
        {"role": "assistant", "content": None, "tool_calls": [_call("c2"), _call("c3")]},
        _tool(
            "c2",
            [
                {"type": "text", "text": "a"},
                {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}},
            ],
        ),
    ]
    given = copy.deepcopy(req)
    fixed = repair("openai", req)
    assert req == given
    assert fixed.changes == (
        Change(
            "missing-call-id",
            "messages[3]",
            "kept its output as a user message after the results (it answers no call)",
        ),
        Change("call-without-result", "messages[5].tool_calls[1]", "added an error result for c3"),
        Change(
            "tool-result-content",
            "messages[6]",
            "hoisted its images into a user message after the tool messages",
        ),
        Change("tool-result-content", "messages[6].content[1]", "replaced by its placeholder text"),
    )
    assert [(f.rule, f.path) for f in lint("openai", req).errors] == [
        ("missing-call-id", "messages[3]"),
        ("call-without-result", "messages[5].tool_calls[1]"),
        ("tool-result-content", "messages[6].content[1]"),
    ]
    assert lint("openai", req).errors[2].message == (
        "A tool message holds an image part; it takes text only."
    )
    assert [m.get("role") for m in fixed.request] == [
        "user",
        "assistant",
        "tool",
        "user",
        "user",
        "assistant",
        "tool",
        "tool",
        "user",
    ]
    assert fixed.request[3] == {
        "role": "user",
        "content": "[output of a tool call that no call in this request made]\nstray",
    }
    assert fixed.request[7] == _tool("c3", MISSING_RESULT)


def test_changes_are_in_request_order_whichever_round_made_them() -> None:
    # round 1 renames the long id of the later turn; round 2 answers the earlier call
    long_id = "x" * 70
    req = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": None, "tool_calls": [_call("c1")]},
        {"role": "user", "content": "more"},
        {"role": "assistant", "content": None, "tool_calls": [_call(long_id)]},
        _tool(long_id),
    ]
    fixed = repair("openai", req)
    new = fixed.request[4]["tool_calls"][0]["id"]
    assert [(c.rule, c.path, c.action) for c in fixed.changes] == [
        ("call-without-result", "messages[1].tool_calls[0]", "added an error result for c1"),
        ("call-id-format", "messages[3].tool_calls[0]", f"id {long_id!r} -> {new!r}"),
        ("call-id-format", "messages[4]", f"id {long_id!r} -> {new!r}"),
    ]
    assert fixed.request[2] == _tool("c1", MISSING_RESULT)
    assert fixed.request[5]["tool_call_id"] == new


def test_a_moved_result_is_named_where_it_was_given() -> None:
    # anthropic: round 2 moves c2's tool_result from messages[4] to messages[2]; round 3
    # removes an empty text inside it: both at the place the user wrote it
    req = [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "c1", "name": "f", "input": {}},
                {"type": "tool_use", "id": "c2", "name": "f", "input": {}},
            ],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "c1", "content": "ok"}],
        },
        {"role": "assistant", "content": "x"},
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "c2",
                    "content": [{"type": "text", "text": ""}, {"type": "text", "text": "ok"}],
                }
            ],
        },
    ]
    fixed = repair("anthropic", {"model": "claude", "messages": req})
    assert [(c.rule, c.path) for c in fixed.changes] == [
        ("results-not-next", "messages[4].content[0]"),
        ("empty-text", "messages[4].content[0].content[0]"),
    ]
    assert fixed.request["messages"][2]["content"][1] == {
        "type": "tool_result",
        "tool_use_id": "c2",
        "content": [{"type": "text", "text": "ok"}],
    }
    assert len(fixed.request["messages"]) == 4
    # gemini 2.5: the response moves into a content repair creates before the user's
    # text; its parts are then hoisted: both changes name contents[3].parts[0]
    contents = [
        {"role": "user", "parts": [{"text": "hi"}]},
        {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {}, "id": "c1"}}]},
        {"role": "user", "parts": [{"text": "hmm"}]},
        {
            "role": "user",
            "parts": [
                {
                    "functionResponse": {
                        "name": "f",
                        "id": "c1",
                        "response": {"result": "ok"},
                        "parts": [{"inlineData": {"mimeType": "image/png", "data": PNG}}],
                    }
                }
            ],
        },
    ]
    fixed = repair("gemini", contents, profile="gemini-2.5")
    assert [(c.rule, c.path) for c in fixed.changes] == [
        ("results-not-next", "contents[3].parts[0]"),
        ("function-response-parts", "contents[3].parts[0]"),
    ]
    assert [c["role"] for c in fixed.request] == ["user", "model", "user", "user", "user"]
    assert fixed.request[4] == {"role": "user", "parts": [{"text": "hmm"}]}


def test_an_inserted_element_is_named_by_where_it_went_in_the_given_request() -> None:
    given: list[Any] = [{"role": "user"}, {"role": "assistant", "content": [{"a": 1}]}, {"x": 1}]
    work, origins = _Origins.copy(given, "messages")
    moved = work.pop(0)
    work.insert(1, {"role": "new"})  # before the given messages[2]
    work.append(moved)  # the given messages[0], now last
    work.append({"role": "new at the end"})  # after all three given messages
    work[0]["content"].insert(0, {"b": 2})  # before the given messages[1].content[0]
    paths = origins.paths(work)
    assert [_given_path(paths, f"messages[{n}]") for n in range(5)] == [
        "messages[1]",
        "messages[2]",
        "messages[2]",
        "messages[0]",
        "messages[3]",
    ]
    assert _given_path(paths, "messages[0].content[0]") == "messages[1].content[0]"
    assert _given_path(paths, "messages[0].content[1].a") == "messages[1].content[0].a"
    assert _given_path(paths, "messages[3].role") == "messages[0].role"
